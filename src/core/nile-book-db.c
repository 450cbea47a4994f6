/* nile-book-db.c: how the campaign book reads and writes its rows
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-book-db"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"

/* In NileTerrain's order (test-book checks they agree). */
const char * const _nile_book_terrain_choices[] = {
  "desert", "veldt", "lake", "swamp", "jungle", "mountains", "jungle-swamp", "jungle-mountain", NULL,
};
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-operation-private.h"

static gboolean
bind_args (sqlite3_stmt  *stmt,
           GVariant      *args,
           GError       **error)
{
  gsize n;

  if (args == NULL)
    return TRUE;

  n = g_variant_n_children (args);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) value = g_variant_get_child_value (args, i);
      int pos = (int) i + 1;
      int rc;

      if (g_variant_is_of_type (value, G_VARIANT_TYPE_MAYBE))
        {
          g_autoptr(GVariant) inner = g_variant_get_maybe (value);

          if (inner == NULL)
            {
              rc = sqlite3_bind_null (stmt, pos);
              if (rc != SQLITE_OK)
                return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
              continue;
            }
          g_clear_pointer (&value, g_variant_unref);
          value = g_steal_pointer (&inner);
        }

      if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
        rc = sqlite3_bind_int64 (stmt, pos, g_variant_get_int64 (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        rc = sqlite3_bind_int (stmt, pos, g_variant_get_boolean (value) ? 1 : 0);
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
        rc = sqlite3_bind_double (stmt, pos, g_variant_get_double (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        rc = sqlite3_bind_text (stmt, pos, g_variant_get_string (value, NULL), -1, SQLITE_TRANSIENT);
      else
        g_return_val_if_reached (FALSE);

      if (rc != SQLITE_OK)
        return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
    }

  return TRUE;
}

sqlite3_stmt *
_nile_book_query (NileCampaign  *campaign,
                  const char    *sql,
                  GVariant      *args,
                  GError       **error)
{
  g_autoptr(GVariant) owned = args != NULL ? g_variant_ref_sink (args) : NULL;
  sqlite3_stmt *stmt;

  stmt = _nile_campaign_prepare (campaign, sql, error);
  if (stmt == NULL)
    return NULL;

  if (!bind_args (stmt, owned, error))
    return NULL;

  return stmt;
}

static gboolean
step_error (sqlite3_stmt  *stmt,
            int            rc,
            GError       **error)
{
  sqlite3 *db = sqlite3_db_handle (stmt);

  /* The operations explain what they refuse before writing; a constraint
   * that still fires means input the book cannot hold. */
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("The campaign book cannot hold that: %s"), sqlite3_errmsg (db));
      sqlite3_reset (stmt);
      return FALSE;
    }

  _nile_sqlite_set_error (error, db, rc);
  sqlite3_reset (stmt);
  return FALSE;
}

gboolean
_nile_book_exec (NileCampaign  *campaign,
                 const char    *sql,
                 GVariant      *args,
                 GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (campaign, sql, args, error);
  if (stmt == NULL)
    return FALSE;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    ;

  if (rc != SQLITE_DONE)
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

gboolean
_nile_book_get_int (NileCampaign  *campaign,
                    const char    *sql,
                    GVariant      *args,
                    gint64         fallback,
                    gint64        *out,
                    GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (campaign, sql, args, error);
  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out = sqlite3_column_type (stmt, 0) == SQLITE_NULL ? fallback : sqlite3_column_int64 (stmt, 0);
  else if (rc == SQLITE_DONE)
    *out = fallback;
  else
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

gboolean
_nile_book_get_text (NileCampaign  *campaign,
                     const char    *sql,
                     GVariant      *args,
                     char         **out,
                     GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (campaign, sql, args, error);
  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out = _nile_book_column_text (stmt, 0);
  else if (rc == SQLITE_DONE)
    *out = NULL;
  else
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

char *
_nile_book_column_text (sqlite3_stmt *stmt,
                        int           col)
{
  const char *text = _nile_sqlite_column_text (stmt, col);

  return g_strdup (text != NULL ? text : "");
}

void
_nile_book_explorer_free (NileBookExplorer *explorer)
{
  if (explorer == NULL)
    return;

  g_free (explorer->player_name);
  g_free (explorer->name);
  g_free (explorer->specialty);
  g_free (explorer->port);
  g_free (explorer->status);
  g_free (explorer->hex);
  g_free (explorer);
}

/* The explorer's own columns, in the order read_explorer() reads them;
 * the make-up follows, one column per NileExpedition field. */
#define EXPLORER_COLUMNS \
  "e.id, e.player_id, p.name, e.name, e.specialty, e.port, e.status, e.hex," \
  " e.distance_from_port, e.farthest_from_port, e.started_turn," \
  " e.starving_turns, e.money"
#define N_EXPLORER_COLUMNS 13

/* Which explorers a select reads. */
typedef enum {
  SELECT_ALL,
  SELECT_BY_ID,
  SELECT_LIVING_BY_PLAYER,
  SELECT_LIVING_BY_PLAYER_WITHOUT_MAKEUP,
  N_SELECTS
} ExplorerSelect;

/* Only the whole list has an order to keep: the others find one row at
 * most, and an ORDER BY would still build a sorter for it every time. */
static const char * const explorer_select_where[N_SELECTS] = {
  [SELECT_ALL] = "ORDER BY e.id",
  [SELECT_BY_ID] = "WHERE e.id = ?1",
  /* Worded as explorer_one_living's WHERE, so that index finds him. */
  [SELECT_LIVING_BY_PLAYER] = "WHERE p.name = ?1 AND e.status NOT IN ('dead', 'retired')",
  [SELECT_LIVING_BY_PLAYER_WITHOUT_MAKEUP] = "WHERE p.name = ?1 AND e.status NOT IN ('dead', 'retired')",
};

/* The statements are built once, from the field table's names. */
static const char *
explorer_select_sql (ExplorerSelect which)
{
  static char *sql[N_SELECTS];

  if (g_once_init_enter (&sql[which]))
    {
      const NileExpeditionField *fields;
      guint n_fields;
      GString *s = g_string_new ("SELECT " EXPLORER_COLUMNS);

      if (which == SELECT_LIVING_BY_PLAYER_WITHOUT_MAKEUP)
        g_string_append (s, " FROM explorer e JOIN player p ON p.id = e.player_id ");
      else
        {
          fields = nile_expedition_fields (&n_fields);
          for (guint i = 0; i < n_fields; i++)
            g_string_append_printf (s, ", x.%s", fields[i].name);
          g_string_append (s, " FROM explorer e JOIN player p ON p.id = e.player_id"
                              " JOIN expedition x ON x.explorer_id = e.id ");
        }
      g_string_append (s, explorer_select_where[which]);
      g_once_init_leave (&sql[which], g_string_free (s, FALSE));
    }

  return sql[which];
}

static NileBookExplorer *
read_explorer (sqlite3_stmt *stmt)
{
  NileBookExplorer *e = g_new0 (NileBookExplorer, 1);
  const NileExpeditionField *fields;
  guint n_fields;

  e->id = sqlite3_column_int64 (stmt, 0);
  e->player_id = sqlite3_column_int64 (stmt, 1);
  e->player_name = _nile_book_column_text (stmt, 2);
  e->name = _nile_book_column_text (stmt, 3);
  e->specialty = _nile_book_column_text (stmt, 4);
  e->port = _nile_book_column_text (stmt, 5);
  e->status = _nile_book_column_text (stmt, 6);
  e->hex = _nile_book_column_text (stmt, 7);
  e->distance_from_port = sqlite3_column_int64 (stmt, 8);
  e->farthest_from_port = sqlite3_column_int64 (stmt, 9);
  e->started_turn = sqlite3_column_int64 (stmt, 10);
  e->starving_turns = sqlite3_column_int64 (stmt, 11);
  e->money = sqlite3_column_int64 (stmt, 12);

  nile_expedition_init (&e->makeup);
  if (sqlite3_column_count (stmt) == N_EXPLORER_COLUMNS)
    return e;

  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      int col = N_EXPLORER_COLUMNS + (int) i;
      int value;

      /* The mode is stored by its nick, like every enum in the file. */
      if (fields[i].kind == NILE_EXPEDITION_FIELD_MODE)
        {
          if (!nile_enum_from_nick (NILE_TYPE_TRAVEL_MODE,
                                    _nile_sqlite_column_text (stmt, col), &value))
            value = NILE_TRAVEL_MODE_FOOT;
        }
      else if (fields[i].kind == NILE_EXPEDITION_FIELD_COUNT)
        /* A count written before the limit held is read at the limit. */
        value = CLAMP (sqlite3_column_int64 (stmt, col), 0, NILE_EXPEDITION_MAX_COUNT);
      else
        value = sqlite3_column_int (stmt, col);

      /* The table's CHECKs keep the values in range. */
      nile_expedition_set_value (&e->makeup, &fields[i], value, NULL);
    }

  return e;
}

NileBookExplorer *
_nile_book_explorer_load (NileCampaign  *campaign,
                          gint64         id,
                          GError       **error)
{
  sqlite3_stmt *stmt;
  NileBookExplorer *e;
  int rc;

  stmt = _nile_book_query (campaign, explorer_select_sql (SELECT_BY_ID), g_variant_new ("(x)", id), error);
  if (stmt == NULL)
    return NULL;

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                           _("There is no such explorer in this campaign"));
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      step_error (stmt, rc, error);
      return NULL;
    }

  e = read_explorer (stmt);
  sqlite3_reset (stmt);
  return e;
}

GPtrArray *
_nile_book_explorer_load_all (NileCampaign  *campaign,
                              GError       **error)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) _nile_book_explorer_free);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (campaign, explorer_select_sql (SELECT_ALL), NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (all, read_explorer (stmt));

  if (rc != SQLITE_DONE)
    {
      step_error (stmt, rc, error);
      return NULL;
    }

  sqlite3_reset (stmt);
  return g_steal_pointer (&all);
}

/* Both updates leave a row alone when it already holds every value:
 * most operations change the explorer or his make-up, not both, and a
 * row left alone is neither written to the file nor recorded for undo. */
#define EXPLORER_UPDATE_SQL \
  "UPDATE explorer SET name = ?2, specialty = ?3, port = ?4, status = ?5," \
  " hex = ?6, distance_from_port = ?7, farthest_from_port = ?8," \
  " starving_turns = ?9, money = ?10 WHERE id = ?1 AND" \
  " (name, specialty, port, status, hex, distance_from_port, farthest_from_port," \
  "  starving_turns, money) IS NOT (?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"

static const char *
expedition_update_sql (void)
{
  static char *sql;

  if (g_once_init_enter (&sql))
    {
      const NileExpeditionField *fields;
      guint n_fields;
      GString *s = g_string_new ("UPDATE expedition SET ");
      GString *columns = g_string_new (NULL);
      GString *values = g_string_new (NULL);

      fields = nile_expedition_fields (&n_fields);
      for (guint i = 0; i < n_fields; i++)
        {
          const char *separator = i > 0 ? ", " : "";

          g_string_append_printf (s, "%s%s = ?%u", separator, fields[i].name, i + 2);
          g_string_append_printf (columns, "%s%s", separator, fields[i].name);
          g_string_append_printf (values, "%s?%u", separator, i + 2);
        }
      g_string_append_printf (s, " WHERE explorer_id = ?1 AND (%s) IS NOT (%s)", columns->str, values->str);
      g_string_free (columns, TRUE);
      g_string_free (values, TRUE);
      g_once_init_leave (&sql, g_string_free (s, FALSE));
    }

  return sql;
}

gboolean
_nile_book_step_row (sqlite3_stmt  *stmt,
                     gboolean      *row,
                     GError       **error)
{
  int rc = sqlite3_step (stmt);

  *row = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc != SQLITE_DONE)
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

gboolean
_nile_book_step_to_end (sqlite3_stmt  *stmt,
                        GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE)
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

/* Bound in place rather than through a GVariant: every move, outfit and
 * end of turn saves an explorer. */
gboolean
_nile_book_explorer_save (NileCampaign      *campaign,
                          NileBookExplorer  *e,
                          GError           **error)
{
  const NileExpeditionField *fields;
  guint n_fields;
  sqlite3_stmt *stmt;

  stmt = _nile_campaign_prepare (campaign, EXPLORER_UPDATE_SQL, error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, e->id);
  sqlite3_bind_text (stmt, 2, e->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, e->specialty, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, e->port, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, e->status, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 6, e->hex, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 7, e->distance_from_port);
  sqlite3_bind_int64 (stmt, 8, e->farthest_from_port);
  sqlite3_bind_int64 (stmt, 9, e->starving_turns);
  sqlite3_bind_int64 (stmt, 10, e->money);
  if (!_nile_book_step_to_end (stmt, error))
    return FALSE;

  stmt = _nile_campaign_prepare (campaign, expedition_update_sql (), error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, e->id);
  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      int value = nile_expedition_get_value (&e->makeup, &fields[i]);

      if (fields[i].kind == NILE_EXPEDITION_FIELD_MODE)
        sqlite3_bind_text (stmt, (int) i + 2, nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, value), -1, SQLITE_STATIC);
      else
        sqlite3_bind_int64 (stmt, (int) i + 2, value);
    }

  return _nile_book_step_to_end (stmt, error);
}

/* Bound in place too: most moves change nothing else, and leaving the
 * status column out spares sqlite its check. */
gboolean
_nile_book_explorer_save_position (NileCampaign      *campaign,
                                   NileBookExplorer  *e,
                                   GError           **error)
{
  sqlite3_stmt *stmt;

  stmt = _nile_campaign_prepare (campaign,
                                 "UPDATE explorer SET hex = ?2, distance_from_port = ?3, farthest_from_port = ?4"
                                 " WHERE id = ?1",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, e->id);
  sqlite3_bind_text (stmt, 2, e->hex, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, e->distance_from_port);
  sqlite3_bind_int64 (stmt, 4, e->farthest_from_port);
  return _nile_book_step_to_end (stmt, error);
}

gboolean
_nile_book_get_turn (NileCampaign  *campaign,
                     gint64        *turn,
                     GError       **error)
{
  return _nile_book_get_int (campaign, "SELECT turn FROM game WHERE id = 1", NULL, 1, turn, error);
}

/* A turn in Europe is spent either drawing donations or sailing with
 * them (R 26.2–26.4): whether @player_id has drawn in this one. */
gboolean
_nile_book_drew_this_turn (NileCampaign  *campaign,
                           gint64         player_id,
                           gboolean      *drew,
                           GError       **error)
{
  gint64 turn, n_cards;

  if (!_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM donation WHERE player_id = ?1 AND turn = ?2",
                           g_variant_new ("(xx)", player_id, turn), 0, &n_cards, error))
    return FALSE;

  *drew = n_cards > 0;
  return TRUE;
}

/* Some changes of status wait for the turn after the one that brought
 * the explorer where he is (R 21.4, 26.2): each change is noted with its
 * turn, replacing the last. */
gboolean
_nile_book_note_status_change (NileCampaign  *campaign,
                               gint64         explorer_id,
                               const char    *from,
                               GError       **error)
{
  gint64 turn;

  return _nile_book_get_turn (campaign, &turn, error) &&
         _nile_book_exec (campaign,
                          "INSERT INTO status_change (explorer_id, turn, from_status) VALUES (?1, ?2, ?3)"
                          " ON CONFLICT (explorer_id) DO UPDATE SET turn = excluded.turn,"
                          " from_status = excluded.from_status",
                          g_variant_new ("(xxs)", explorer_id, turn, from), error);
}

gboolean
_nile_book_status_changed_this_turn (NileCampaign  *campaign,
                                     gint64         explorer_id,
                                     char         **out_from,
                                     GError       **error)
{
  return _nile_book_get_text (campaign,
                              "SELECT from_status FROM status_change WHERE explorer_id = ?1"
                              " AND turn = (SELECT turn FROM game WHERE id = 1)",
                              g_variant_new ("(x)", explorer_id), out_from, error);
}

gboolean
_nile_book_require_on_turn (NileCampaign  *campaign,
                            gint64         player_id,
                            const char    *written,
                            GError       **error)
{
  g_autofree char *current = NULL;
  gint64 current_id;

  if (!_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current_id, error))
    return FALSE;

  /* The player found, not his name as typed: "zoË" is Zoë. */
  if (current_id == 0 || current_id == player_id)
    return TRUE;

  if (!_nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                            g_variant_new ("(x)", current_id), &current, error))
    return FALSE;
  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("It is %s’s turn, not %s’s (R 8.3)"), current, written);
  return FALSE;
}

gboolean
_nile_book_explorer_ended_this_turn (NileCampaign  *campaign,
                                     gint64         player_id,
                                     gboolean      *ended,
                                     GError       **error)
{
  gint64 n_ended;

  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM explorer WHERE player_id = ?1"
                           " AND ended_turn = (SELECT turn FROM game WHERE id = 1)",
                           g_variant_new ("(x)", player_id), 0, &n_ended, error))
    return FALSE;

  *ended = n_ended > 0;
  return TRUE;
}

gboolean
_nile_book_get_edition (NileCampaign  *campaign,
                        NileEdition   *edition,
                        GError       **error)
{
  g_autofree char *nick = NULL;
  int value = NILE_EDITION_AH;

  if (!_nile_book_get_text (campaign, "SELECT edition FROM game WHERE id = 1", NULL, &nick, error))
    return FALSE;

  nile_enum_from_nick (NILE_TYPE_EDITION, nick, &value);
  *edition = value;
  return TRUE;
}

/* ---- Names and words a player types -------------------------------- */

/* Hangul's fillers and the empty Braille cell are letters and a symbol
 * to Unicode, yet every font draws them blank. */
static gboolean
is_blank_letter (gunichar c)
{
  return c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0 || c == 0x2800;
}

/* A character that shows: not a space of any kind, nor one of the
 * characters that only shape others (zero-width spaces and joiners,
 * marks, direction marks), nor a blank letter. */
static gboolean
is_visible (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_SPACE_SEPARATOR:
      return FALSE;
    default:
      return !is_blank_letter (c);
    }
}

/* Breaks the line it is in (a control character, Unicode's own line
 * and paragraph separators), or turns the direction of all that follows
 * it in the log's line until closed (an embedding, override or isolate). */
static gboolean
breaks_line (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_CONTROL || type == G_UNICODE_LINE_SEPARATOR ||
         type == G_UNICODE_PARAGRAPH_SEPARATOR ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* What is not kept at either end of a name: spaces of any alphabet,
 * zero-width and direction characters and blank letters; not the tags
 * that end a flag, nor a mark, which belongs to the letter before it. */
static gboolean
is_trimmed (gunichar c)
{
  return g_unichar_isspace (c) || is_blank_letter (c) ||
         (g_unichar_type (c) == G_UNICODE_FORMAT && !(c >= 0xe0020 && c <= 0xe007f));
}

/* @text without what is_trimmed() takes at either end, newly allocated. */
static char *
trim (const char *text)
{
  const char *start = text;
  const char *end = text + strlen (text);

  while (*start != '\0' && is_trimmed (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *last = g_utf8_prev_char (end);

      if (!is_trimmed (g_utf8_get_char (last)))
        break;
      end = last;
    }

  return g_strndup (start, end - start);
}

/* The longest name or text kept: it is shown on one line of the log,
 * the book and the window, as a step's note is. */
#define TEXT_MAX_CHARS 200

static char *
clean_text (const char  *text,
            gboolean     may_be_empty,
            const char  *what,
            GError     **error)
{
  g_autofree char *kept = NULL;
  gboolean visible = FALSE;
  glong n_chars = 0;

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s cannot be blank"), what);
      return NULL;
    }

  kept = trim (text);
  for (const char *p = kept; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (breaks_line (c))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s cannot hold a line break, a tab or another control character"), what);
          return NULL;
        }
      visible = visible || is_visible (c);
      n_chars++;
    }

  if (n_chars > TEXT_MAX_CHARS)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s is at most %d characters"), what,
                   TEXT_MAX_CHARS);
      return NULL;
    }

  if (!visible && !(may_be_empty && *kept == '\0'))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s cannot be blank"), what);
      return NULL;
    }

  return g_steal_pointer (&kept);
}

/* A name is read aloud at the table and printed on one line: it has a
 * character that shows, and nothing (a line break, a tab, a bell, a
 * direction override) that breaks or turns the log's line. */
char *
_nile_book_clean_name (const char  *name,
                       const char  *what,
                       GError     **error)
{
  return clean_text (name, FALSE, what, error);
}

char *
_nile_book_clean_optional (const char  *text,
                           const char  *what,
                           GError     **error)
{
  return clean_text (text, TRUE, what, error);
}

/* A name as players compare names: the same letters whatever their case
 * ("ZOË" is "Zoë"), however they were typed (an accent composed or not,
 * letters full width or not, a no-break space or a plain one), and
 * without what is not kept at its ends. The file's NOCASE folds ASCII
 * letters only. */
char *
_nile_book_fold_name (const char *name)
{
  g_autofree char *kept = trim (name);
  g_autofree char *normal = g_utf8_normalize (kept, -1, G_NORMALIZE_ALL_COMPOSE);

  return g_utf8_casefold (normal != NULL ? normal : kept, -1);
}

/* The player other than @except_id (0 for none) whose name is @name as
 * players compare names: his id and his name as written, or 0. */
gboolean
_nile_book_find_player_like (NileCampaign  *campaign,
                             const char    *name,
                             gint64         except_id,
                             gint64        *out_id,
                             char         **out_name,
                             GError       **error)
{
  g_autofree char *wanted = _nile_book_fold_name (name);
  sqlite3_stmt *stmt;
  int rc;

  *out_id = 0;
  stmt = _nile_campaign_prepare (campaign, "SELECT id, name FROM player WHERE id <> ?1 ORDER BY turn_order", error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, except_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *folded = _nile_book_fold_name (_nile_sqlite_column_text (stmt, 1));

      if (g_str_equal (folded, wanted))
        {
          *out_id = sqlite3_column_int64 (stmt, 0);
          if (out_name != NULL)
            *out_name = g_strdup (_nile_sqlite_column_text (stmt, 1));
          sqlite3_reset (stmt);
          return TRUE;
        }
    }
  if (rc != SQLITE_DONE)
    return step_error (stmt, rc, error);

  sqlite3_reset (stmt);
  return TRUE;
}

gboolean
_nile_book_find_player (NileCampaign  *campaign,
                        const char    *name,
                        gint64        *id,
                        GError       **error)
{
  if (!_nile_book_get_int (campaign, "SELECT id FROM player WHERE name = ?1",
                           g_variant_new ("(s)", name), 0, id, error))
    return FALSE;

  /* Typed in another case than sqlite folds: "zoë" for "Zoë". */
  if (*id == 0 && !_nile_book_find_player_like (campaign, name, 0, id, NULL, error))
    return FALSE;

  if (*id == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("There is no player called “%s” in this campaign"), name);
      return FALSE;
    }

  _nile_campaign_note_player (campaign, *id);
  return TRUE;
}

gboolean
_nile_book_find_player_written (NileCampaign  *campaign,
                                const char    *name,
                                gint64        *id,
                                char         **out_written,
                                GError       **error)
{
  return _nile_book_find_player (campaign, name, id, error) &&
         _nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                              g_variant_new ("(x)", *id), out_written, error);
}

static NileBookExplorer *
find_explorer (NileCampaign    *campaign,
               const char      *player,
               ExplorerSelect   which,
               GError         **error)
{
  sqlite3_stmt *stmt;
  NileBookExplorer *e;
  gint64 player_id;
  int rc;

  /* One statement finds the player and reads his explorer. */
  stmt = _nile_campaign_prepare (campaign, explorer_select_sql (which), error);
  if (stmt == NULL)
    return NULL;

  sqlite3_bind_text (stmt, 1, player, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      e = read_explorer (stmt);
      sqlite3_reset (stmt);
      _nile_campaign_note_player (campaign, e->player_id);
      return e;
    }
  if (rc != SQLITE_DONE)
    {
      step_error (stmt, rc, error);
      return NULL;
    }
  sqlite3_reset (stmt);

  /* No such player, a player between explorers, or his name in another
   * case than sqlite folds: then read again under his name as written. */
  if (!_nile_book_find_player (campaign, player, &player_id, error))
    return NULL;

  {
    g_autofree char *written = NULL;

    if (!_nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                              g_variant_new ("(x)", player_id), &written, error))
      return NULL;
    if (written != NULL && !g_str_equal (written, player))
      return find_explorer (campaign, written, which, error);
  }

  {
    g_autofree char *command = _nile_operation_name_for_advice ("new-explorer");

    if (command != NULL)
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   /* Translators: the last %s is the command that sends one */
                   _("%s has no explorer in play; start one with %s"), player, command);
    else
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("%s has no explorer in play; send an explorer first"), player);
  }
  return NULL;
}

gboolean
_nile_book_find_tribe_id (NileCampaign  *campaign,
                          gint64         counter,
                          gint64        *out_id,
                          GError       **error)
{
  if (!_nile_book_get_int (campaign, "SELECT id FROM tribe WHERE counter = ?1",
                           g_variant_new ("(x)", counter), 0, out_id, error))
    return FALSE;
  if (*out_id != 0)
    return TRUE;

  _nile_book_set_no_tribe_error (error, counter);
  return FALSE;
}

void
_nile_book_set_no_tribe_error (GError **error,
                               gint64   counter)
{
  g_autofree char *command = _nile_operation_name_for_advice ("add-tribe");

  if (command != NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 /* Translators: %s is the command that records a tribe */
                 _("No tribe with native counter %d is recorded; add it with %s"), (int) counter, command);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 _("No tribe with native counter %d is recorded; record the tribe first"), (int) counter);
}

NileBookExplorer *
_nile_book_find_explorer (NileCampaign  *campaign,
                          const char    *player,
                          GError       **error)
{
  return find_explorer (campaign, player, SELECT_LIVING_BY_PLAYER, error);
}

NileBookExplorer *
_nile_book_find_explorer_without_makeup (NileCampaign  *campaign,
                                         const char    *player,
                                         GError       **error)
{
  return find_explorer (campaign, player, SELECT_LIVING_BY_PLAYER_WITHOUT_MAKEUP, error);
}

gboolean
_nile_book_get_vp (NileCampaign       *campaign,
                   gint64              player_id,
                   gint64              explorer_id,
                   NileVictoryPoints  *points,
                   GError            **error)
{
  gint64 published, unpublished = 0;

  if (!_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM vp_entry"
                           " WHERE player_id = ?1 AND state = 'published'",
                           g_variant_new ("(x)", player_id), 0, &published, error))
    return FALSE;

  if (explorer_id != 0 &&
      !_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM vp_entry"
                           " WHERE explorer_id = ?1 AND state = 'unpublished'",
                           g_variant_new ("(x)", explorer_id), 0, &unpublished, error))
    return FALSE;

  points->published = (int) published;
  points->unpublished = (int) unpublished;
  return TRUE;
}

gboolean
_nile_book_add_vp (NileCampaign       *campaign,
                   NileBookExplorer   *explorer,
                   gint64              amount,
                   gint64              hex_id,
                   const char         *reason,
                   GError            **error)
{
  sqlite3_stmt *stmt;
  gint64 turn;

  g_return_val_if_fail (amount >= 0, FALSE);

  if (!_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  /* Bound in place: every hex mapped earns some. */
  stmt = _nile_campaign_prepare (campaign,
                                 "INSERT INTO vp_entry (player_id, explorer_id, hex_id, turn, amount, reason)"
                                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, explorer->player_id);
  sqlite3_bind_int64 (stmt, 2, explorer->id);
  if (hex_id != 0)
    sqlite3_bind_int64 (stmt, 3, hex_id);
  sqlite3_bind_int64 (stmt, 4, turn);
  sqlite3_bind_int64 (stmt, 5, amount);
  sqlite3_bind_text (stmt, 6, reason, -1, SQLITE_STATIC);
  return _nile_book_step_to_end (stmt, error);
}

gboolean
_nile_book_lose_vp (NileCampaign       *campaign,
                    gint64              player_id,
                    NileBookExplorer   *explorer,
                    int                 loss,
                    const char         *reason,
                    int                *taken,
                    GError            **error)
{
  NileVictoryPoints points;
  int unpublished_before;
  int from_unpublished, from_published;
  gint64 turn;

  if (!_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_vp (campaign, player_id, explorer != NULL ? explorer->id : 0, &points, error))
    return FALSE;

  unpublished_before = points.unpublished;
  *taken = nile_victory_points_lose (&points, loss);
  from_unpublished = unpublished_before - points.unpublished;
  from_published = *taken - from_unpublished;

  if (from_unpublished > 0 &&
      !_nile_book_exec (campaign,
                        "INSERT INTO vp_entry (player_id, explorer_id, turn, amount, reason)"
                        " VALUES (?1, ?2, ?3, ?4, ?5)",
                        g_variant_new ("(xxxxs)", player_id, explorer->id, turn,
                                       (gint64) -from_unpublished, reason),
                        error))
    return FALSE;

  if (from_published > 0 &&
      !_nile_book_exec (campaign,
                        "INSERT INTO vp_entry (player_id, turn, amount, reason, state, published_turn)"
                        " VALUES (?1, ?2, ?3, ?4, 'published', ?2)",
                        g_variant_new ("(xxxs)", player_id, turn, (gint64) -from_published, reason),
                        error))
    return FALSE;

  return TRUE;
}

gboolean
_nile_book_end_explorer (NileCampaign      *campaign,
                         NileBookExplorer  *explorer,
                         NileExplorerStatus status,
                         GString           *summary,
                         GError           **error)
{
  NileVictoryPoints points;
  gint64 turn, erased;
  int forfeited;

  if (!_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_vp (campaign, explorer->player_id, explorer->id, &points, error))
    return FALSE;

  forfeited = nile_victory_points_forfeit (&points);

  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM hex_discovery"
                           " WHERE explorer_id = ?1 AND published_turn IS NULL",
                           g_variant_new ("(x)", explorer->id), 0, &erased, error))
    return FALSE;

  /* His rumours die with him (R 21.32); another explorer's record of the
   * same hex is his own row and stays. The VP stay in the ledger, lost. */
  if (!_nile_book_exec (campaign,
                        "UPDATE vp_entry SET state = 'lost', hex_id = NULL"
                        " WHERE explorer_id = ?1 AND state = 'unpublished'",
                        g_variant_new ("(x)", explorer->id), error) ||
      !_nile_book_exec (campaign,
                        "DELETE FROM hex_discovery WHERE explorer_id = ?1 AND published_turn IS NULL",
                        g_variant_new ("(x)", explorer->id), error))
    return FALSE;

  /* An encounter he stopped halfway ends with him: his successor meets
   * the tribes anew, with his own expedition. */
  if (!_nile_book_exec (campaign, "DELETE FROM encounter WHERE player_id = ?1",
                        g_variant_new ("(x)", explorer->player_id), error))
    return FALSE;

  if (!_nile_book_note_status_change (campaign, explorer->id, explorer->status, error))
    return FALSE;
  g_free (explorer->status);
  explorer->status = g_strdup (nile_enum_to_nick (NILE_TYPE_EXPLORER_STATUS, status));
  if (!_nile_book_exec (campaign,
                        "UPDATE explorer SET status = ?2, ended_turn = ?3 WHERE id = ?1",
                        g_variant_new ("(xsx)", explorer->id, explorer->status, turn),
                        error))
    return FALSE;

  /* Nothing lost is nothing to say. */
  if (forfeited > 0 || erased > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "; %d unpublished VP and %d unpublished hex lost (R 21.3)",
                                         "; %d unpublished VP and %d unpublished hexes lost (R 21.3)",
                                         erased),
                            forfeited, (int) erased);
  return TRUE;
}

/* By type rather than by format string: every operation reads its
 * parameters through these, and g_variant_dict_lookup() parses its
 * format each time. The dictionary keeps its own reference, so a
 * string stays valid after the one taken here is dropped. */
gint64
_nile_book_param_int (GVariantDict *params,
                      const char   *key,
                      gint64        fallback)
{
  g_autoptr(GVariant) value = g_variant_dict_lookup_value (params, key, G_VARIANT_TYPE_INT64);

  return value != NULL ? g_variant_get_int64 (value) : fallback;
}

gboolean
_nile_book_param_bool (GVariantDict *params,
                       const char   *key,
                       gboolean      fallback)
{
  g_autoptr(GVariant) value = g_variant_dict_lookup_value (params, key, G_VARIANT_TYPE_BOOLEAN);

  return value != NULL ? g_variant_get_boolean (value) : fallback;
}

const char *
_nile_book_param_str (GVariantDict *params,
                      const char   *key)
{
  g_autoptr(GVariant) value = g_variant_dict_lookup_value (params, key, G_VARIANT_TYPE_STRING);

  return value != NULL ? g_variant_get_string (value, NULL) : NULL;
}

NileRollResult *
_nile_book_param_roll (GVariantDict  *params,
                       GVariant     **out_variant,
                       GError       **error)
{
  g_autoptr(GVariant) variant = g_variant_dict_lookup_value (params, "roll", G_VARIANT_TYPE_VARDICT);
  g_autoptr(GError) local_error = NULL;
  NileRollResult *result;

  result = nile_roll_result_new_from_variant (variant, &local_error);
  if (result == NULL)
    {
      /* Typed by hand or made by another program: the file is whole. */
      if (g_error_matches (local_error, NILE_ERROR, NILE_ERROR_CORRUPT))
        g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                             _("“roll” is not a roll result Nile Ledger can read"));
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (out_variant != NULL)
    *out_variant = g_steal_pointer (&variant);
  return result;
}

gboolean
_nile_book_check_range (gint64       value,
                        gint64       min,
                        gint64       max,
                        const char  *what,
                        GError     **error)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;
  g_autofree char *given = NULL;

  if (value >= min && value <= max)
    return TRUE;

  low = nile_format_number (min);
  high = nile_format_number (max);
  given = nile_format_number (value);
  if (max >= G_MAXINT)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("%s must be at least %s, not %s"), what, low, given);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("%s must be from %s to %s, not %s"), what, low, high, given);
  return FALSE;
}

void
_nile_book_note_dismounted (GString              *summary,
                            const NileExpedition *before,
                            const NileExpedition *after,
                            gboolean              sentence)
{
  /* The mode stays as the player chose it: the numbers follow
   * nile_expedition_travel_mode(), and riding resumes once all can. */
  if (after->mode != NILE_TRAVEL_MODE_MOUNTED ||
      nile_expedition_travel_mode (before) != NILE_TRAVEL_MODE_MOUNTED ||
      nile_expedition_travel_mode (after) != NILE_TRAVEL_MODE_FOOT)
    return;

  if (sentence)
    g_string_append (summary, _(". Not everyone can ride now, so the expedition moves and carries on foot"
                                " (R 5.423)"));
  else
    g_string_append (summary, _("; not everyone can ride now, so the expedition moves and carries on foot"
                                " (R 5.423)"));
}

void
_nile_book_describe_changes (GString              *summary,
                             const NileExpedition *before,
                             const NileExpedition *after)
{
  g_autoptr(GArray) changes = nile_expedition_diff (before, after);

  nile_display_append_changes (summary, changes);
  _nile_book_note_dismounted (summary, before, after, FALSE);
}

void
_nile_book_append_excess (GString              *summary,
                          const NileExpedition *makeup)
{
  int excess = nile_expedition_excess (makeup);

  if (excess > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "; %d item over what it can carry: discard, cache or discharge (R 6.55)",
                                         "; %d items over what it can carry: discard, cache or discharge (R 6.55)",
                                         excess),
                            excess);
}
