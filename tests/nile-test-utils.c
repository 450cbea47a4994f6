/* nile-test-utils.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "nile-test-utils.h"

/* Whom the read-only tests read as when they run as root: nobody. */
#define READER_ID 65534

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

/* Permissions do not stop root, so as root the tests that need them to
 * read as nobody, for as long as it takes: only the effective ids
 * change, and the real ones bring root back. */
gboolean
nile_test_become_reader (void)
{
  if (geteuid () != 0)
    return TRUE;

  if (setegid (READER_ID) != 0)
    return FALSE;
  if (seteuid (READER_ID) != 0)
    {
      g_assert_cmpint (setegid (getgid ()), ==, 0);
      return FALSE;
    }

  return TRUE;
}

void
nile_test_stop_being_reader (void)
{
  if (getuid () != 0 || geteuid () == 0)
    return;

  g_assert_cmpint (seteuid (0), ==, 0);
  g_assert_cmpint (setegid (getgid ()), ==, 0);
}

/* Lets the reader of nile_test_become_reader() write to @path, which is
 * already his unless the tests run as root. */
void
nile_test_give_to_reader (const char *path)
{
  if (geteuid () == 0)
    g_assert_cmpint (chown (path, READER_ID, READER_ID), ==, 0);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Every file in the folder @path: its name, its permissions and a
 * checksum of its bytes, so that two descriptions are equal only when
 * nothing in the folder was made, removed or changed. */
char *
nile_test_describe_folder (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) description = g_string_new (NULL);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_autofree char *contents = NULL;
      g_autofree char *checksum = NULL;
      gsize size = 0;
      GStatBuf st;

      g_assert_cmpint (g_stat (child, &st), ==, 0);
      if (g_file_get_contents (child, &contents, &size, NULL))
        checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, size);
      g_ptr_array_add (lines, g_strdup_printf ("%s %o %s", name, (unsigned) st.st_mode,
                                               checksum != NULL ? checksum : "-"));
    }

  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (description, "%s\n", (const char *) g_ptr_array_index (lines, i));

  return g_string_free (g_steal_pointer (&description), FALSE);
}
