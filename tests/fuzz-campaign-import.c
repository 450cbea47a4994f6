/* fuzz-campaign-import.c: libFuzzer target for importing a campaign
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An export travels between players like a campaign file does, so its
 * reader gets arbitrary bytes. Whatever it accepts must then be a
 * campaign like any other: one that passes its check, whose changes
 * undo and redo or refuse with a message, and that exports again. Any
 * crash, leak, undefined behaviour, warning or critical is a finding.
 * Built with -Dfuzzing=true and clang.
 */
#include "config.h"

#include "nile-campaign.h"
#include "nile-fuzz-campaign-file.h"

/* Enough to walk a seed's undo stack down and back up. */
#define MAX_STEPS 8

int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const guint8  *data,
                            size_t         size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* A warning or a critical is a finding too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

/* Undo or redo until there is nothing left or a step is refused; a
 * refusal must say why. */
static void
walk (NileCampaign *campaign,
      gboolean (*step) (NileCampaign *, GError **))
{
  for (int i = 0; i < MAX_STEPS; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!step (campaign, &error))
        {
          g_assert_nonnull (error);
          g_assert_nonnull (error->message);
          return;
        }
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autofree char *exported = NULL;
  /* The reader takes text up to its first NUL. */
  g_autofree char *json = g_strndup ((const char *) data, size);

  campaign = nile_fuzz_import (json);
  if (campaign == NULL)
    return 0;

  nile_campaign_check (campaign, &error);
  g_assert_no_error (error);

  walk (campaign, nile_campaign_undo);
  walk (campaign, nile_campaign_redo);

  exported = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_nonnull (exported);

  g_clear_object (&campaign);
  nile_fuzz_remove_campaign ();
  return 0;
}
