/* nile-tables-util.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-tables-util"

#include "config.h"

#include "nile-tables-util.h"

char *
nile_tables_nick_label (const char *nick)
{
  g_autofree char *words = NULL;
  g_autofree char *first = NULL;
  g_autofree char *upper = NULL;

  g_return_val_if_fail (nick != NULL, NULL);

  words = g_strdelimit (g_strdup (nick), "-_", ' ');
  first = g_utf8_substring (words, 0, 1);
  upper = g_utf8_strup (first, -1);
  return g_strconcat (upper, g_utf8_offset_to_pointer (words, MIN (1, g_utf8_strlen (words, -1))), NULL);
}
