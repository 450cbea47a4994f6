/* nile-test-utils.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "nile-test-utils.h"

/* Removes a temporary folder and everything in it. Folders a test made
 * read-only are opened up first so they can be emptied. */
void
nile_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      g_chmod (path, 0700);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          nile_test_remove_tree (child);
        }
    }

  g_remove (path);
}
