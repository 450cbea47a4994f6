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

#include <glib/gstdio.h>
#include <stdlib.h>

#include "nile-campaign.h"
#include "nile-error.h"

/* Enough to walk a seed's undo stack down and back up. */
#define MAX_STEPS 8

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static char *work_dir;
static char *campaign_path;

/* The campaign file and what sqlite keeps beside it. */
static void
remove_campaign (void)
{
  static const char * const suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (campaign_path, suffixes[i], NULL);

      g_unlink (path);
    }
}

static void
fuzz_clean_up (void)
{
  remove_campaign ();
  g_rmdir (work_dir);
  g_clear_pointer (&campaign_path, g_free);
  g_clear_pointer (&work_dir, g_free);
}

static void
fuzz_init (void)
{
  g_autoptr(GError) error = NULL;

  /* A warning or a critical is a finding too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  work_dir = g_dir_make_tmp ("nile-fuzz-import-XXXXXX", &error);
  g_assert_no_error (error);
  campaign_path = g_build_filename (work_dir, "imported.nile", NULL);
  atexit (fuzz_clean_up);
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

  if (campaign_path == NULL)
    fuzz_init ();
  remove_campaign ();

  campaign = nile_campaign_import_json (json, campaign_path, &error);
  if (campaign == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == NILE_ERROR);
      g_assert_nonnull (error->message);
      /* A refused export leaves nothing behind. */
      g_assert_false (g_file_test (campaign_path, G_FILE_TEST_EXISTS));
      return 0;
    }

  g_assert_no_error (error);
  nile_campaign_check (campaign, &error);
  g_assert_no_error (error);

  walk (campaign, nile_campaign_undo);
  walk (campaign, nile_campaign_redo);

  exported = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_nonnull (exported);

  g_clear_object (&campaign);
  remove_campaign ();
  return 0;
}
