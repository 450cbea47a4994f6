/* nile-fuzz-campaign-file.c: the campaign file a fuzz target works in
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One path in a folder of the run's own, emptied before each input and
 * removed with the folder when the fuzzer exits, and the import into it
 * both campaign targets start from.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "nile-error.h"
#include "nile-fuzz-campaign-file.h"

static char *work_dir;
static char *campaign_path;

/**
 * nile_fuzz_remove_campaign:
 *
 * Removes the campaign file and what sqlite keeps beside it.
 */
void
nile_fuzz_remove_campaign (void)
{
  static const char * const suffixes[] = { "", "-wal", "-shm" };

  if (campaign_path == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (campaign_path, suffixes[i], NULL);

      g_unlink (path);
    }
}

static void
clean_up (void)
{
  nile_fuzz_remove_campaign ();
  g_rmdir (work_dir);
  g_clear_pointer (&campaign_path, g_free);
  g_clear_pointer (&work_dir, g_free);
}

/**
 * nile_fuzz_campaign_path:
 *
 * Returns: where the target's campaign file goes; nothing is there yet
 */
const char *
nile_fuzz_campaign_path (void)
{
  g_autoptr(GError) error = NULL;

  if (campaign_path != NULL)
    return campaign_path;

  work_dir = g_dir_make_tmp ("nile-fuzz-XXXXXX", &error);
  g_assert_no_error (error);
  campaign_path = g_build_filename (work_dir, "fuzzed.nile", NULL);
  atexit (clean_up);
  return campaign_path;
}

/**
 * nile_fuzz_import:
 * @json: an export, as the fuzzer made it
 *
 * Imports @json into the campaign file, emptied first. A refusal must
 * be a NILE_ERROR with a message, and leave no file behind.
 *
 * Returns: (transfer full) (nullable): the campaign, or %NULL if refused
 */
NileCampaign *
nile_fuzz_import (const char *json)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign;

  nile_fuzz_remove_campaign ();
  campaign = nile_campaign_import_json (json, nile_fuzz_campaign_path (), &error);
  if (campaign != NULL)
    {
      g_assert_no_error (error);
      return campaign;
    }

  g_assert_nonnull (error);
  g_assert_true (error->domain == NILE_ERROR);
  g_assert_nonnull (error->message);
  g_assert_false (g_file_test (nile_fuzz_campaign_path (), G_FILE_TEST_EXISTS));
  return NULL;
}
