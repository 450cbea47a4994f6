/* fuzz-sheet-pack.c: libFuzzer target for the sheet pack reader
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds arbitrary bytes to the pack validator and, when they pass, to an
 * import into a throwaway owner folder; also to the sheet parser. Any
 * crash, leak or undefined behaviour is a finding. Built with
 * -Dfuzzing=true and clang.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "nile-error.h"
#include "nile-sheet-store.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static NileSheetStore *store;
static char *owner_dir;

static void
fuzz_clean_up (void)
{
  g_autofree char *path = g_build_filename (owner_dir, "sheets.json", NULL);

  g_clear_object (&store);
  g_unlink (path);
  g_rmdir (owner_dir);
  g_clear_pointer (&owner_dir, g_free);
}

static void
fuzz_init (void)
{
  g_autoptr(GError) error = NULL;

  /* A warning or a critical is a finding too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  owner_dir = g_dir_make_tmp ("nile-fuzz-sheets-XXXXXX", &error);
  g_assert_no_error (error);
  store = nile_sheet_store_new_for_dir (owner_dir, &error);
  g_assert_no_error (error);
  atexit (fuzz_clean_up);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autoptr(NileSheet) sheet = NULL;
  /* The readers take a length; the copy has no terminating byte, so a
   * stray read past @size shows under AddressSanitizer… */
  g_autofree char *text = size > 0 ? g_memdup2 (data, size) : g_strdup ("");

  if (store == NULL)
    fuzz_init ();

  if (nile_sheet_store_check_pack (store, text, size, &error))
    {
      /* …and a valid pack must import, or conflict with an earlier one. */
      if (!nile_sheet_store_import_pack (store, text, size, &report, &error))
        g_assert_true (error->code == NILE_ERROR_CONFLICT);
    }
  else
    g_assert_nonnull (error->message);

  g_clear_error (&error);
  sheet = nile_sheet_new_from_data (text, size, &error);
  g_assert_true ((sheet == NULL) == (error != NULL));
  return 0;
}
