/* nile-tables-util.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-tables-util"

#include "config.h"

#include "nile-display-names.h"
#include "nile-tables-util.h"

/* Our words for what a roll or sheet names; a name we have no words
 * for (from a sheet pack made elsewhere) is written out as words. */
char *
nile_tables_roll_word (const char *nick)
{
  const char *word = nile_display_roll_word (nick);
  g_autofree char *words = NULL;
  g_autofree char *first = NULL;
  g_autofree char *upper = NULL;

  g_return_val_if_fail (nick != NULL, NULL);

  if (word != NULL)
    return g_strdup (word);

  words = g_strdelimit (g_strdup (nick), "-_", ' ');
  first = g_utf8_substring (words, 0, 1);
  upper = g_utf8_strup (first, -1);
  return g_strconcat (upper, g_utf8_offset_to_pointer (words, MIN (1, g_utf8_strlen (words, -1))), NULL);
}
