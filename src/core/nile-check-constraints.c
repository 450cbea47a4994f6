/* nile-check-constraints.c: the CHECK constraints of a table, checked
 * against the rows a campaign holds
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sqlite leaves a table's CHECK constraints out when it reads the schema
 * of a file opened read-only, since no row can be written through it,
 * and its integrity check then has none to check. `check` reads a
 * campaign so, and called a file whole whose explorer was "flying"
 * rather than in port or at sea. The constraints are therefore taken
 * from the CREATE TABLE statements the campaign's format is made of, and
 * each table is read once against all of its own.
 */
#define G_LOG_DOMAIN "nile-campaign"

#include "config.h"

#include <string.h>

#include "nile-check-constraints-private.h"

/* Where the quoted name or string starting at @p ends: past its closing
 * quote, a doubled quote being one inside it; or at the end of the text. */
static const char *
skip_quoted (const char *p)
{
  char close = *p == '[' ? ']' : *p;

  for (p++; *p != '\0'; p++)
    {
      if (*p != close)
        continue;
      if (close != ']' && p[1] == close)
        p++;
      else
        return p + 1;
    }
  return p;
}

/* Past the quoted text or comment at @p, if one starts there; else @p. */
static const char *
skip_unread (const char *p)
{
  if (*p == '\'' || *p == '"' || *p == '`' || *p == '[')
    return skip_quoted (p);

  if (p[0] == '-' && p[1] == '-')
    {
      const char *end = strchr (p, '\n');

      return end != NULL ? end + 1 : p + strlen (p);
    }

  if (p[0] == '/' && p[1] == '*')
    {
      const char *end = strstr (p + 2, "*/");

      return end != NULL ? end + 2 : p + strlen (p);
    }

  return p;
}

/* The parenthesis that closes the one at @open, or NULL. */
static const char *
find_closing (const char *open)
{
  int depth = 0;

  for (const char *p = open; *p != '\0';)
    {
      const char *after = skip_unread (p);

      if (after != p)
        {
          p = after;
          continue;
        }
      if (*p == '(')
        depth++;
      else if (*p == ')' && --depth == 0)
        return p;
      p++;
    }
  return NULL;
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$' || (guchar) c >= 0x80;
}

GPtrArray *
_nile_check_constraints_parse (const char *create_sql)
{
  GPtrArray *rules = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = create_sql; *p != '\0';)
    {
      const char *after = skip_unread (p);
      const char *open, *close;

      if (after != p)
        {
          p = after;
          continue;
        }

      if ((p > create_sql && is_name_char (p[-1])) ||
          g_ascii_strncasecmp (p, "CHECK", 5) != 0 || is_name_char (p[5]))
        {
          p++;
          continue;
        }

      for (open = p + 5; g_ascii_isspace (*open); open++)
        ;
      if (*open != '(' || (close = find_closing (open)) == NULL)
        {
          p += 5;
          continue;
        }

      g_ptr_array_add (rules, g_strndup (open + 1, close - open - 1));
      p = close + 1;
    }

  return rules;
}

/* @rule on one line, as a message can show it. */
static char *
one_line (const char *rule)
{
  g_auto(GStrv) words = g_strsplit_set (rule, " \t\r\n", -1);
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, words[i]);
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

gboolean
_nile_check_constraints_find_broken (sqlite3     *db,
                                     const char  *table,
                                     GPtrArray   *rules,
                                     char       **out_rule,
                                     GError     **error)
{
  g_autoptr(GString) sql = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  char *quoted;
  int rc;

  *out_rule = NULL;
  if (rules->len == 0)
    return TRUE;

  /* One scan: the number of the first rule a row fails, NULL for a row
   * that keeps them all. A rule that comes out NULL holds, as sqlite
   * holds a CHECK constraint then. */
  sql = g_string_new ("SELECT broken FROM (SELECT CASE");
  for (guint i = 0; i < rules->len; i++)
    g_string_append_printf (sql, " WHEN NOT (%s) THEN %u", (const char *) g_ptr_array_index (rules, i), i);
  quoted = sqlite3_mprintf ("\"%w\"", table);
  g_string_append_printf (sql, " END AS broken FROM %s) WHERE broken IS NOT NULL LIMIT 1", quoted);
  sqlite3_free (quoted);

  rc = sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      guint broken = (guint) sqlite3_column_int (stmt, 0);

      g_assert (broken < rules->len);
      *out_rule = one_line (g_ptr_array_index (rules, broken));
      return TRUE;
    }
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  return TRUE;
}
