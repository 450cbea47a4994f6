/* nile-column-ranges.c: the range each whole number a campaign keeps is
 * held to
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The operations check every number they are given, and the campaign
 * reads its numbers into ints. A file or an export changed by hand may
 * hold any number sqlite takes: 2,147,483,647 for the turn showed as
 * −2,147,483,648 three turns later, and money past an int was refused
 * with a warning on every read. An import refuses a number outside its
 * column's range here, and `check` reports one, both in the words the
 * operations use.
 */
#define G_LOG_DOMAIN "nile-campaign"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-column-ranges-private.h"
#include "nile-display-names.h"
#include "nile-expedition.h"
#include "nile-victory.h"

/* For what only grows as the campaign is played (the turn, battles won,
 * VP) and no operation limits: far more than any campaign reaches, and
 * far enough inside an int that playing on can't carry it over. */
#define BEYOND_PLAY 1000000

/* sqlite numbers rows from 1, and the campaign takes 0 for no row: a
 * player numbered 0 would be no one to hand the turn to. */
#define ROW_NUMBER(table) { table, "id", N_("A row’s number"), 1, G_MAXINT64 }

/* By table and column, the range each number is held to and the words
 * the operations say it in; those an operation takes from the player
 * have the range it checks. A NULL column is every count of the
 * make-up (nile_expedition_fields()) the table has, in its words. */
static const struct {
  const char *table;
  const char *column;
  const char *what;
  gint64      min;
  gint64      max;
} column_ranges[] = {
  ROW_NUMBER ("game"),
  { "game", "vp_goal", N_("The VP goal"), 1, 1000 },
  { "game", "turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("player"),
  { "player", "turn_order", N_("The position in the turn order"), 1, BEYOND_PLAY },
  ROW_NUMBER ("explorer"),
  { "explorer", "distance_from_port", N_("The distance from port"), 0, 1000 },
  { "explorer", "farthest_from_port", N_("The farthest distance from port"), 0, 1000 },
  { "explorer", "started_turn", N_("The turn"), 1, BEYOND_PLAY },
  { "explorer", "ended_turn", N_("The turn"), 1, BEYOND_PLAY },
  { "explorer", "starving_turns", N_("The turns in a row without food"), 0, BEYOND_PLAY },
  /* Only ever what donations gave, less what he spent; read as an int. */
  { "explorer", "money", N_("The money"), 0, G_MAXINT },
  { "expedition", NULL, NULL, 0, NILE_EXPEDITION_MAX_COUNT },
  ROW_NUMBER ("donation"),
  { "donation", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "donation", "amount", N_("A donation"), 0, NILE_VICTORY_MAX_DONATION },
  ROW_NUMBER ("cache"),
  { "cache", "number", N_("The cache number"), 1, 1000 },
  { "cache", "turn", N_("The turn"), 1, BEYOND_PLAY },
  /* What was hidden came out of an expedition, so it counts as one. */
  { "cache", NULL, NULL, 0, NILE_EXPEDITION_MAX_COUNT },
  ROW_NUMBER ("tribe"),
  { "tribe", "counter", N_("A native counter"), 1, 50 },
  { "tribe", "natives", N_("The natives"), 1, 6 * 6 * 6 },
  ROW_NUMBER ("relation"),
  { "relation", "attitude", N_("The attitude"), -BEYOND_PLAY, BEYOND_PLAY },
  { "relation", "gifts_traded", N_("The gifts traded"), 0, BEYOND_PLAY },
  { "relation", "battles_won", N_("The battles won"), 0, BEYOND_PLAY },
  { "relation", "battles_lost", N_("The battles lost"), 0, BEYOND_PLAY },
  { "relation", "prisoners_released", N_("The prisoners released"), 0, BEYOND_PLAY },
  ROW_NUMBER ("trade"),
  { "trade", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "trade", "given", N_("What he hands over"), 1, NILE_EXPEDITION_MAX_COUNT },
  { "trade", "received", N_("What he gets"), 1, NILE_EXPEDITION_MAX_COUNT },
  ROW_NUMBER ("hex_discovery"),
  { "hex_discovery", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "hex_discovery", "mountain_ft", N_("The mountain’s height in feet"), 1, 100000 },
  { "hex_discovery", "waterfall_ft", N_("The waterfall’s height in feet"), 1, 100000 },
  { "hex_discovery", "lake_sq_mi", N_("The lake’s area in square miles"), 1, 100000 },
  { "hex_discovery", "special_counter", N_("A special discovery counter"), 1, 8 },
  { "hex_discovery", "vp", N_("The VP"), 0, 1000 },
  { "hex_discovery", "published_turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("bonus_discovery"),
  { "bonus_discovery", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "bonus_discovery", "vp", N_("The VP"), 0, 1000 },
  ROW_NUMBER ("interview"),
  { "interview", "turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("epic_journey"),
  { "epic_journey", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "epic_journey", "vp", N_("The VP"), 0, BEYOND_PLAY },
  { "epic_journey_kind", "hexes", N_("The hexes published along the route"), 0, BEYOND_PLAY },
  /* Gains and losses: a loss is written as a negative amount. */
  ROW_NUMBER ("vp_entry"),
  { "vp_entry", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "vp_entry", "amount", N_("The VP"), -BEYOND_PLAY, BEYOND_PLAY },
  { "vp_entry", "published_turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("turn_step"),
  { "turn_step", "turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("spectacular_ranking"),
  { "spectacular_ranking", "turn", N_("The turn"), 1, BEYOND_PLAY },
  ROW_NUMBER ("spectacular_award"),
  { "spectacular_award", "rank", N_("The rank"), 1, 20 },
  { "spectacular_award", "vp", N_("The VP"), 0, 1000 },
  { "lake_extent", "hexes", N_("A lake’s size in hexes"), 1, 3 },
  { "status_change", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "battle", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "respect_won", "turn", N_("The turn"), 1, BEYOND_PLAY },
  { "journal", "seq", N_("A log line’s number"), 1, G_MAXINT64 },
};

#undef ROW_NUMBER

gboolean
_nile_column_range_find (const char      *table,
                         const char      *column,
                         NileColumnRange *out_range)
{
  const NileExpeditionField *field = nile_expedition_find_field (column);
  int any_count = -1;
  int found = -1;

  for (guint i = 0; i < G_N_ELEMENTS (column_ranges) && found < 0; i++)
    {
      if (!g_str_equal (column_ranges[i].table, table))
        continue;
      if (column_ranges[i].column == NULL)
        any_count = (int) i;
      else if (g_str_equal (column_ranges[i].column, column))
        found = (int) i;
    }

  if (found >= 0)
    out_range->what = column_ranges[found].what;
  else if (any_count >= 0 && field != NULL && field->kind == NILE_EXPEDITION_FIELD_COUNT)
    {
      found = any_count;
      out_range->what = field->description;
    }
  else
    return FALSE;

  out_range->min = column_ranges[found].min;
  out_range->max = column_ranges[found].max;
  return TRUE;
}

/* Said as the operations say a number out of range, the range in full
 * even when it is as wide as an int; only one that has no end but
 * sqlite's is said as "at least". */
static char *
say_refusal (const NileColumnRange *range,
             const char            *given)
{
  g_autofree char *low = nile_format_number (range->min);
  g_autofree char *high = nile_format_number (range->max);

  if (range->max == G_MAXINT64)
    return g_strdup_printf (_("%s must be at least %s, not %s"), _(range->what), low, given);
  return g_strdup_printf (_("%s must be from %s to %s, not %s"), _(range->what), low, high, given);
}

char *
_nile_column_range_refusal (const NileColumnRange *range,
                            gint64                 value)
{
  g_autofree char *given = NULL;

  if (value >= range->min && value <= range->max)
    return NULL;

  given = nile_format_number (value);
  return say_refusal (range, given);
}

char *
_nile_column_range_refuse_value (const NileColumnRange *range,
                                 sqlite3_value         *value)
{
  const char *text;
  g_autofree char *given = NULL;

  switch (sqlite3_value_type (value))
    {
    case SQLITE_NULL:
      return NULL;
    case SQLITE_INTEGER:
      return _nile_column_range_refusal (range, sqlite3_value_int64 (value));
    default:
      /* Bytes are not always UTF-8; text may be NULL only when memory ran out. */
      text = (const char *) sqlite3_value_text (value);
      given = g_utf8_make_valid (text != NULL ? text : "", text != NULL ? sqlite3_value_bytes (value) : 0);
      return say_refusal (range, given);
    }
}

/* The first value of @column in @table outside @range, as its refusal,
 * in @out_refusal; NULL when there is none. Text or a real where a
 * whole number belongs is outside it too. */
static gboolean
check_column (sqlite3                *db,
              const char             *table,
              const char             *column,
              const NileColumnRange  *range,
              char                  **out_refusal,
              GError                **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  char *sql;
  int rc;

  sql = sqlite3_mprintf ("SELECT \"%w\" FROM \"%w\" WHERE \"%w\" IS NOT NULL"
                         " AND NOT (typeof (\"%w\") = 'integer' AND \"%w\" BETWEEN ?1 AND ?2) LIMIT 1",
                         column, table, column, column, column);
  rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  sqlite3_free (sql);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);

  sqlite3_bind_int64 (stmt, 1, range->min);
  sqlite3_bind_int64 (stmt, 2, range->max);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      g_autofree char *given = NULL;

      if (sqlite3_column_type (stmt, 0) == SQLITE_INTEGER)
        given = nile_format_number (sqlite3_column_int64 (stmt, 0));
      else
        given = g_strdup (_nile_sqlite_column_text (stmt, 0));
      *out_refusal = say_refusal (range, given);
      return TRUE;
    }
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  return TRUE;
}

gboolean
_nile_column_ranges_check (sqlite3  *db,
                           char    **out_table,
                           char    **out_refusal,
                           GError  **error)
{
  g_autoptr(sqlite3_stmt) columns = NULL;
  int rc;

  *out_table = NULL;
  *out_refusal = NULL;

  rc = sqlite3_prepare_v2 (db, "SELECT name FROM pragma_table_info (?1) ORDER BY cid", -1, &columns, NULL);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);

  /* Table by table, as the list groups them, every column of the file
   * that has a range. */
  for (guint i = 0; i < G_N_ELEMENTS (column_ranges); i++)
    {
      const char *table = column_ranges[i].table;

      if (i > 0 && g_str_equal (column_ranges[i - 1].table, table))
        continue;

      sqlite3_reset (columns);
      sqlite3_bind_text (columns, 1, table, -1, SQLITE_STATIC);
      while ((rc = sqlite3_step (columns)) == SQLITE_ROW)
        {
          const char *column = (const char *) sqlite3_column_text (columns, 0);
          NileColumnRange range;

          if (!_nile_column_range_find (table, column, &range))
            continue;
          if (!check_column (db, table, column, &range, out_refusal, error))
            return FALSE;
          if (*out_refusal != NULL)
            {
              *out_table = g_strdup (table);
              return TRUE;
            }
        }
      if (rc != SQLITE_DONE)
        return _nile_sqlite_set_error (error, db, rc);
    }

  return TRUE;
}
