/* nile-book-ops-world.c: operations on caches, tribes and discoveries
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-book-ops"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-cache.h"
#include "nile-display-names.h"
#include "nile-encounter.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-operation-private.h"
#include "nile-rolls-dg.h"
#include "nile-trade.h"

/* The cache table's columns of what it holds, in NileCacheItem's order:
 * items, muskets and bonus items, never people or animals (R 17.2,
 * 17.4). Fresh food would spoil. */
#define CACHE_ITEMS_SQL "rations, water, gifts, muskets, tusks, specimens, pelts"

static gboolean
require_in_africa (NileBookExplorer  *explorer,
                   const char        *what,
                   GError           **error)
{
  if (g_str_equal (explorer->status, "in-africa"))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s is %s: %s only in Africa"), explorer->name,
               nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status), what);
  return FALSE;
}

/* ---- Caches (R 17) -------------------------------------------------- */

/* @count of an item traded or cached, the noun agreeing with the number;
 * each needs its own plural forms for translators. */
static char *
item_count (const char *what,
            int         count)
{
  const char *format;

  if (g_str_equal (what, "rations"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d ration", "%d rations", count);
  else if (g_str_equal (what, "gifts"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d gift", "%d gifts", count);
  else if (g_str_equal (what, "muskets"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d musket", "%d muskets", count);
  else if (g_str_equal (what, "guides"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d guide", "%d guides", count);
  else if (g_str_equal (what, "bearers"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d bearer", "%d bearers", count);
  else if (g_str_equal (what, "askaris"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d askari", "%d askaris", count);
  else if (g_str_equal (what, "camels"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d camel", "%d camels", count);
  else if (g_str_equal (what, "canoes"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d canoe", "%d canoes", count);
  else if (g_str_equal (what, "tusks"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d tusk", "%d tusks", count);
  else if (g_str_equal (what, "specimens"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d specimen", "%d specimens", count);
  else if (g_str_equal (what, "pelts"))
    format = g_dngettext (GETTEXT_PACKAGE, "%d pelt", "%d pelts", count);
  else
    return g_strdup_printf ("%d %s", count, nile_display_field (what));
  return g_strdup_printf (format, count);
}

const NileOperationParam _nile_book_cache_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition hides the cache"), .names_player = TRUE },
  { "number", "x", TRUE, N_("the cache's number (default: the next free one)") },
  { "rations", "x", TRUE, N_("rations to hide") },
  { "water", "x", TRUE, N_("water to hide") },
  { "gifts", "x", TRUE, N_("gifts to hide") },
  { "muskets", "x", TRUE, N_("muskets to hide") },
  { "tusks", "x", TRUE, N_("tusks to hide") },
  { "specimens", "x", TRUE, N_("specimens to hide") },
  { "pelts", "x", TRUE, N_("pelts to hide") },
  { NULL }
};

/* The caches of player ?1 hidden on the board, as "c". */
#define HIDDEN_CACHES \
  "cache c JOIN explorer e ON e.id = c.explorer_id WHERE e.player_id = ?1 AND c.state = 'hidden'"

gboolean
_nile_book_cache (NileCampaign  *campaign,
                  sqlite3       *db,
                  GVariantDict  *params,
                  GString       *summary,
                  GError       **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) contents = g_string_new (NULL);
  gint64 amounts[NILE_CACHE_N_ITEMS];
  gint64 number, taken, turn;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_africa (explorer, _("caches are hidden"), error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      /* The numbers are the player's cache markers (R 17.3): those on
       * the board, his earlier explorers' too, are taken, so that each
       * can be found by its number; a marker whose cache was dug up or
       * is gone is free again (R 17.7). Left out, the lowest free one. */
      !_nile_book_get_int (campaign,
                           "SELECT min (n) FROM (SELECT 1 AS n UNION ALL SELECT c.number + 1 FROM " HIDDEN_CACHES ")"
                           " WHERE n NOT IN (SELECT c.number FROM " HIDDEN_CACHES ")",
                           g_variant_new ("(x)", explorer->player_id), 1, &number, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT count (*) FROM " HIDDEN_CACHES " AND c.number = ?2",
                           g_variant_new ("(xx)", explorer->player_id, _nile_book_param_int (params, "number", 0)),
                           0, &taken, error))
    return FALSE;

  number = _nile_book_param_int (params, "number", number);
  if (!_nile_book_check_range (number, 1, 1000, _("The cache number"), error))
    return FALSE;
  if (taken > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("%s already has a cache number %d on the board"), explorer->player_name, (int) number);
      return FALSE;
    }

  for (NileCacheItem i = 0; i < NILE_CACHE_N_ITEMS; i++)
    {
      const char *item = nile_cache_item_get_name (i);
      const NileExpeditionField *field = nile_expedition_find_field (item);
      int held = nile_expedition_get_value (&explorer->makeup, field);

      amounts[i] = _nile_book_param_int (params, item, 0);
      if (!_nile_book_check_range (amounts[i], 0, G_MAXINT, _(field->description), error))
        return FALSE;
      if (amounts[i] > held)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s has %d %s and cannot hide %d"),
                       explorer->name, held, nile_display_field (item), (int) amounts[i]);
          return FALSE;
        }
      nile_expedition_set_value (&explorer->makeup, field, held - (int) amounts[i], NULL);
      if (amounts[i] > 0)
        {
          g_autofree char *counted = item_count (item, (int) amounts[i]);

          g_string_append_printf (contents, "%s%s", contents->len > 0 ? ", " : "", counted);
        }
    }

  if (contents->len == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A cache needs something in it: rations, water, gifts, muskets, tusks,"
                             " specimens or pelts"));
      return FALSE;
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO cache (explorer_id, number, hex, turn, " CACHE_ITEMS_SQL ")"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                        g_variant_new ("(xxsxxxxxxxx)", explorer->id, number, explorer->hex, turn,
                                       amounts[0], amounts[1], amounts[2], amounts[3],
                                       amounts[4], amounts[5], amounts[6]),
                        error) ||
      !_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  g_string_append_printf (summary, _("%s hides cache %d at %s: %s"),
                          explorer->name, (int) number, explorer->hex, contents->str);
  return TRUE;
}

const NileOperationParam _nile_book_recover_cache_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition digs the cache up"), .names_player = TRUE },
  { "number", "x", FALSE, N_("the cache's number") },
  { "die", "x", FALSE, N_("the die rolled for it: 1 and the cache is gone (R 17.6)") },
  { "owner", "s", TRUE, N_("the player whose explorer hid it, if not this one (only in published hexes, R 17.8)"),
    .names_player = TRUE },
  { NULL }
};

gboolean
_nile_book_recover_cache (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *owner = _nile_book_param_str (params, "owner");
  gint64 number = _nile_book_param_int (params, "number", 0);
  gint64 die = _nile_book_param_int (params, "die", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autofree char *hex = NULL;
  gint64 owner_id, cache_id = 0, hider_id = 0, published;
  sqlite3_stmt *stmt;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_africa (explorer, _("caches are dug up"), error) ||
      !_nile_book_check_range (die, 1, 6, _("The die"), error))
    return FALSE;

  if (owner == NULL)
    owner_id = explorer->player_id;
  else if (!_nile_book_find_player (campaign, owner, &owner_id, error))
    return FALSE;

  /* The newest explorer of the owner with a hidden cache of that number. */
  if (!_nile_book_get_int (campaign,
                           "SELECT c.id FROM cache c JOIN explorer e ON e.id = c.explorer_id"
                           " WHERE e.player_id = ?1 AND c.number = ?2 AND c.state = 'hidden'"
                           " ORDER BY c.id DESC LIMIT 1",
                           g_variant_new ("(xx)", owner_id, number), 0, &cache_id, error) ||
      !_nile_book_get_text (campaign, "SELECT hex FROM cache WHERE id = ?1",
                            g_variant_new ("(x)", cache_id), &hex, error) ||
      !_nile_book_get_int (campaign, "SELECT explorer_id FROM cache WHERE id = ?1",
                           g_variant_new ("(x)", cache_id), 0, &hider_id, error))
    return FALSE;

  if (cache_id == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("There is no hidden cache number %d of %s"), (int) number,
                   owner != NULL ? owner : explorer->player_name);
      return FALSE;
    }

  if (g_strcmp0 (explorer->hex, hex) != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is at %s and cache %d is at %s"), explorer->name, explorer->hex, (int) number, hex);
      return FALSE;
    }

  /* Only the explorer who hid it knows where to dig: anyone else, his
   * own player's next explorer too, looks only in a published hex
   * (R 17.8). */
  if (hider_id != explorer->id)
    {
      if (!_nile_book_get_int (campaign,
                               "SELECT count (*) FROM hex_discovery WHERE label = ?1"
                               " AND published_turn IS NOT NULL",
                               g_variant_new ("(s)", hex), 0, &published, error))
        return FALSE;
      if (published == 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("Another explorer’s cache can be searched for only in a published hex,"
                         " and %s is not (R 17.8)"), hex);
          return FALSE;
        }
    }

  if (die == 1)
    {
      if (!_nile_book_exec (campaign, "UPDATE cache SET state = 'gone' WHERE id = ?1",
                            g_variant_new ("(x)", cache_id), error))
        return FALSE;
      g_string_append_printf (summary, _("%s finds cache %d at %s gone (rolled 1, R 17.6)"),
                              explorer->name, (int) number, hex);
      return TRUE;
    }

  stmt = _nile_book_query (campaign, "SELECT " CACHE_ITEMS_SQL " FROM cache WHERE id = ?1",
                           g_variant_new ("(x)", cache_id), error);
  if (stmt == NULL)
    return FALSE;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      return _nile_sqlite_set_error (error, db, SQLITE_CORRUPT);
    }

  {
    NileExpedition before = explorer->makeup;

    for (NileCacheItem i = 0; i < NILE_CACHE_N_ITEMS; i++)
      {
        const NileExpeditionField *field = nile_expedition_find_field (nile_cache_item_get_name (i));

        if (!nile_expedition_set_value (&explorer->makeup, field,
                                        nile_expedition_get_value (&explorer->makeup, field) +
                                        sqlite3_column_int (stmt, (int) i), error))
          {
            sqlite3_reset (stmt);
            return FALSE;
          }
      }
    sqlite3_reset (stmt);

    if (!_nile_book_exec (campaign, "UPDATE cache SET state = 'recovered' WHERE id = ?1",
                          g_variant_new ("(x)", cache_id), error) ||
        !_nile_book_explorer_save (campaign, explorer, error))
      return FALSE;

    g_string_append_printf (summary, _("%s recovers cache %d at %s: "), explorer->name, (int) number, hex);
    _nile_book_describe_changes (summary, &before, &explorer->makeup);
  }

  return TRUE;
}

/* ---- Tribes (R 13, 14) ---------------------------------------------- */

static const char * const tribe_size_choices[] = { "small", "medium", "large", NULL };

const NileOperationParam _nile_book_add_tribe_params[] = {
  { "counter", "x", FALSE, N_("the native counter's number, 1 to 50") },
  { "hex", "s", FALSE, N_("the hex the tribe lives in") },
  { "size", "s", TRUE, N_("AH: small, medium or large"), tribe_size_choices,
    .choice_type = nile_tribe_size_get_type },
  { "natives", "x", TRUE, N_("DG: how many natives") },
  { "desert", "b", TRUE, N_("a desert tribe that can trade camels (R 5.427, 14.84)") },
  { NULL }
};

gboolean
_nile_book_add_tribe (NileCampaign  *campaign,
                      sqlite3       *db,
                      GVariantDict  *params,
                      GString       *summary,
                      GError       **error)
{
  gint64 counter = _nile_book_param_int (params, "counter", 0);
  const char *size = _nile_book_param_str (params, "size");
  gint64 natives = _nile_book_param_int (params, "natives", 0);
  gboolean desert = _nile_book_param_bool (params, "desert", FALSE);
  g_autofree char *stripped = NULL;
  NileEdition edition;
  gint64 existing;
  int value;

  if (!_nile_book_check_range (counter, 1, 50, _("A native counter"), error) ||
      !_nile_book_get_edition (campaign, &edition, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM tribe WHERE counter = ?1",
                           g_variant_new ("(x)", counter), 0, &existing, error))
    return FALSE;

  stripped = _nile_book_clean_name (_nile_book_param_str (params, "hex"), _("The hex"), error);
  if (stripped == NULL)
    return FALSE;
  if (existing > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("Native counter %d is already on the board"), (int) counter);
      return FALSE;
    }

  if (edition == NILE_EDITION_AH)
    {
      if (g_variant_dict_contains (params, "natives"))
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("Natives are counted in Discovery Games campaigns; this one is "
                                 "Avalon Hill, where a tribe has a size: small, medium or large"));
          return FALSE;
        }
      if (size == NULL || !nile_enum_from_nick (NILE_TYPE_TRIBE_SIZE, size, &value))
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("An Avalon Hill tribe has a size: small, medium or large"));
          return FALSE;
        }
    }
  else if (size != NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A Discovery Games tribe is counted in natives, not given a size"));
      return FALSE;
    }
  else if (!g_variant_dict_contains (params, "natives"))
    {
      /* Not "must be from 1 to 216, not 0": no 0 was given. */
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("A Discovery Games tribe is counted in natives: say how many, from 1 to %d"), 6 * 6 * 6);
      return FALSE;
    }
  else if (!_nile_book_check_range (natives, 1, 6 * 6 * 6, _("The natives"), error))
    return FALSE;

  if (!_nile_book_exec (campaign,
                        "INSERT INTO tribe (counter, hex, size, natives, desert) VALUES (?1, ?2, ?3, ?4, ?5)",
                        g_variant_new ("(xsmsmxb)", counter, stripped, size,
                                       edition == NILE_EDITION_DG, natives, desert),
                        error))
    return FALSE;

  if (edition == NILE_EDITION_AH)
    g_string_append_printf (summary, _("Tribe %d (%s) lives at %s"), (int) counter,
                            nile_display_phrase (NILE_TYPE_TRIBE_SIZE, size), stripped);
  else
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "Tribe %d (%d native) lives at %s",
                                         "Tribe %d (%d natives) lives at %s", natives),
                            (int) counter, (int) natives, stripped);
  return TRUE;
}

typedef struct {
  gint64   id;
  gint64   relation_id;
  char    *hex;
  char    *size;
  gint64   natives;
  gboolean desert;
} Tribe;

static void
tribe_clear (Tribe *tribe)
{
  g_clear_pointer (&tribe->hex, g_free);
  g_clear_pointer (&tribe->size, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tribe, tribe_clear)

/* Finds tribe @counter and makes sure @explorer has a relation row with it. */
static gboolean
find_tribe (NileCampaign      *campaign,
            NileBookExplorer  *explorer,
            gint64             counter,
            Tribe             *tribe,
            GError           **error)
{
  sqlite3_stmt *stmt;
  int rc;

  /* Bound in place, as every meeting with a tribe runs these. */
  stmt = _nile_campaign_prepare (campaign, "SELECT id, hex, size, natives, desert FROM tribe WHERE counter = ?1",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, counter);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      _nile_book_set_no_tribe_error (error, counter);
      return FALSE;
    }

  tribe->id = sqlite3_column_int64 (stmt, 0);
  tribe->hex = _nile_book_column_text (stmt, 1);
  tribe->size = _nile_book_column_text (stmt, 2);
  tribe->natives = sqlite3_column_int64 (stmt, 3);
  tribe->desert = sqlite3_column_int (stmt, 4) != 0;
  sqlite3_reset (stmt);

  stmt = _nile_campaign_prepare (campaign,
                                 "INSERT INTO relation (tribe_id, explorer_id) VALUES (?1, ?2)"
                                 " ON CONFLICT (tribe_id, explorer_id) DO NOTHING",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tribe->id);
  sqlite3_bind_int64 (stmt, 2, explorer->id);
  if (!_nile_book_step_to_end (stmt, error))
    return FALSE;

  stmt = _nile_campaign_prepare (campaign, "SELECT id FROM relation WHERE tribe_id = ?1 AND explorer_id = ?2",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tribe->id);
  sqlite3_bind_int64 (stmt, 2, explorer->id);
  rc = sqlite3_step (stmt);
  tribe->relation_id = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc == SQLITE_DONE ? SQLITE_CORRUPT : rc);

  return TRUE;
}

const NileOperationParam _nile_book_set_relation_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer met the tribe"), .names_player = TRUE },
  { "tribe", "x", FALSE, N_("the tribe's native counter"), .names_tribe = TRUE },
  { "friendly", "b", TRUE, N_("the tribe is friendly to him (R 14.4)"), .left_as_is = TRUE },
  { "attitude", "x", TRUE, N_("DG: the tribe's attitude number toward him") },
  { "negotiated", "b", TRUE, N_("he has negotiated with them"), .left_as_is = TRUE },
  { "prisoners-released", "x", TRUE, N_("prisoners he released (R 16.422)") },
  { NULL }
};

gboolean
_nile_book_set_relation (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_auto(Tribe) tribe = { 0 };
  gint64 friendly, attitude, negotiated, released;
  NileEdition edition;
  sqlite3_stmt *stmt;
  int rc;

  explorer = _nile_book_find_explorer_without_makeup (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !find_tribe (campaign, explorer, counter, &tribe, error) ||
      !_nile_book_get_edition (campaign, &edition, error))
    return FALSE;

  /* The relation as it stands, in one read: a parameter left out keeps
   * its value. */
  stmt = _nile_campaign_prepare (campaign,
                                 "SELECT friendly, attitude, negotiated, prisoners_released FROM relation WHERE id = ?1",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tribe.relation_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      return _nile_sqlite_set_error (error, db, rc == SQLITE_DONE ? SQLITE_CORRUPT : rc);
    }
  friendly = sqlite3_column_int64 (stmt, 0);
  attitude = sqlite3_column_int64 (stmt, 1);
  negotiated = sqlite3_column_int64 (stmt, 2);
  released = sqlite3_column_int64 (stmt, 3);
  sqlite3_reset (stmt);

  friendly = _nile_book_param_bool (params, "friendly", friendly != 0);
  attitude = _nile_book_param_int (params, "attitude", attitude);
  negotiated = _nile_book_param_bool (params, "negotiated", negotiated != 0);
  released = _nile_book_param_int (params, "prisoners-released", released);
  if (!_nile_book_check_range (attitude, -100, 100, _("The attitude"), error) ||
      !_nile_book_check_range (released, 0, 10000, _("The prisoners released"), error))
    return FALSE;

  if (!_nile_book_exec (campaign,
                        "UPDATE relation SET friendly = ?2, attitude = ?3, negotiated = ?4,"
                        " prisoners_released = ?5 WHERE id = ?1",
                        g_variant_new ("(xxxxx)", tribe.relation_id, friendly, attitude,
                                       negotiated, released),
                        error))
    return FALSE;

  g_string_append_printf (summary, _("Tribe %d toward %s: %s"), (int) counter, explorer->name,
                          friendly ? _("friendly") : _("not friendly"));
  /* Attitude is a Discovery Games number; Avalon Hill tribes have none. */
  if (edition == NILE_EDITION_DG)
    g_string_append_printf (summary, _(", attitude %d"), (int) attitude);
  if (negotiated)
    g_string_append (summary, _(", negotiated"));
  if (released > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, ", %d prisoner released", ", %d prisoners released",
                                         released),
                            (int) released);
  return TRUE;
}

/* DG: a victory over the natives of the hex the explorer stands in earns
 * its +1 VP of the publishing schedule ("Defeat the Natives"), once:
 * when he has mapped the hex whole and it is still his to publish, and
 * neither an earlier victory there nor record-hex's defeated has paid
 * it. The VP go with the hex, published or lost with it; a victory
 * elsewhere stands and earns nothing. AH victories earn their own VP. */
gboolean
_nile_book_defeat_natives (NileCampaign      *campaign,
                           NileBookExplorer  *explorer,
                           GString           *summary,
                           GError           **error)
{
  g_autofree char *reason = NULL;
  NileEdition edition;
  gint64 hex_id;

  if (!_nile_book_get_edition (campaign, &edition, error))
    return FALSE;
  if (edition != NILE_EDITION_DG || !g_str_equal (explorer->status, "in-africa") || explorer->hex[0] == '\0')
    return TRUE;

  if (!_nile_book_get_int (campaign,
                           "SELECT h.id FROM hex_discovery h WHERE h.label = ?1 AND h.explorer_id = ?2"
                           " AND h.partial = 0 AND h.published_turn IS NULL"
                           " AND h.id NOT IN (SELECT hex_id FROM natives_defeated)"
                           " AND NOT EXISTS (SELECT 1 FROM hex_discovery o"
                           "  WHERE o.label = h.label AND o.published_turn IS NOT NULL)",
                           g_variant_new ("(sx)", explorer->hex, explorer->id), 0, &hex_id, error))
    return FALSE;
  if (hex_id == 0)
    return TRUE;

  reason = g_strdup_printf (_("defeated the natives of %s"), explorer->hex);
  if (!_nile_book_exec (campaign, "INSERT INTO natives_defeated (hex_id) VALUES (?1)",
                        g_variant_new ("(x)", hex_id), error) ||
      !_nile_book_add_vp (campaign, explorer, NILE_VICTORY_DG_NATIVES_DEFEATED_VP, hex_id, reason, error))
    return FALSE;

  if (summary->len > 0)
    g_string_append (summary, "; ");
  g_string_append_printf (summary, _("+%d VP unpublished: the natives of %s defeated"),
                          NILE_VICTORY_DG_NATIVES_DEFEATED_VP, explorer->hex);
  return TRUE;
}

/* A village spared earns this on return to Europe (R 16.422). */
#define VILLAGE_SPARED_VP 1

gboolean
_nile_book_spare_village (NileCampaign      *campaign,
                          NileBookExplorer  *explorer,
                          gint64             counter,
                          GString           *summary,
                          GError           **error)
{
  g_autofree char *reason = g_strdup_printf (_("spared the village of tribe %d"), (int) counter);

  if (!_nile_book_add_vp (campaign, explorer, VILLAGE_SPARED_VP, 0, reason, error))
    return FALSE;
  if (summary->len > 0)
    g_string_append (summary, "; ");
  g_string_append_printf (summary, _("he spares the village: +%d VP unpublished, published in Europe (R 16.422)"),
                          VILLAGE_SPARED_VP);
  return TRUE;
}

/* AH: prisoners are taken and the village found by the askaris left
 * after the fight; with none left there is no table B (R 16.4). */
gboolean
_nile_book_check_table_b (NileCampaign      *campaign,
                          NileBookExplorer  *explorer,
                          GError           **error)
{
  NileEdition edition;

  if (!_nile_book_get_edition (campaign, &edition, error))
    return FALSE;
  if (edition != NILE_EDITION_AH || explorer->makeup.askaris > 0)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s has no askari left after the fight to take prisoners or find the village: there is no"
                 " table B (R 16.4)"),
               explorer->name);
  return FALSE;
}

const NileOperationParam _nile_book_after_victory_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer won the fight"), .names_player = TRUE },
  { "tribe", "x", FALSE, N_("the beaten tribe's native counter"), .names_tribe = TRUE },
  { "prisoners", "x", TRUE, N_("natives taken prisoner (Table B)") },
  { "keep", "b", TRUE, N_("keep the prisoners as bearers instead of releasing them") },
  { "village", "b", TRUE, N_("the village was found") },
  { "loot", "b", TRUE, N_("he loots the village (roll the looting table for what he finds)") },
  { "forced", "b", TRUE, N_("DG: the askaris loot it whatever he says (a 6 with the village found)") },
  { NULL }
};

gboolean
_nile_book_after_victory (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  gint64 prisoners = _nile_book_param_int (params, "prisoners", 0);
  gboolean keep = _nile_book_param_bool (params, "keep", FALSE);
  gboolean village = _nile_book_param_bool (params, "village", FALSE);
  gboolean loot = _nile_book_param_bool (params, "loot", FALSE);
  gboolean forced = _nile_book_param_bool (params, "forced", FALSE);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_auto(Tribe) tribe = { 0 };
  NileEdition edition;
  gboolean must_release;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !require_in_africa (explorer, _("a fight is won"), error) ||
      !_nile_book_get_edition (campaign, &edition, error) ||
      !find_tribe (campaign, explorer, counter, &tribe, error) ||
      !_nile_book_check_range (prisoners, 0, 10000, _("The prisoners"), error))
    return FALSE;

  if ((prisoners > 0 || village) && !_nile_book_check_table_b (campaign, explorer, error))
    return FALSE;

  must_release = nile_specialty_must_release (explorer->specialty);
  if (keep && prisoners == 0)
    {
      g_autofree char *setting = _nile_operation_name_setting_for_advice ("after-victory", "prisoners", NULL);

      if (setting != NULL)
        /* Translators: %s is the setting that gives how many, "prisoners=" */
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("There are no prisoners to keep: give %s"),
                     setting);
      else
        g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                             _("There are no prisoners to keep: say how many were taken"));
      return FALSE;
    }
  if ((loot || forced) && !village)
    {
      g_autofree char *setting = _nile_operation_name_setting_for_advice ("after-victory", "village", "true");

      if (setting != NULL)
        /* Translators: %s is the setting that says so, "village=true" */
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("Only a village that was found can be looted: give %s"), setting);
      else
        g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                             _("Only a village that was found can be looted: say the village was found"));
      return FALSE;
    }
  if (forced && edition != NILE_EDITION_DG)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Only Discovery Games askaris loot against their explorer’s word"));
      return FALSE;
    }
  /* The askaris loot only on a 6, and a 6 takes no prisoners (DG
   * Victory). */
  if (forced && prisoners > 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("The askaris loot only on a 6, which takes no prisoners: there can be no prisoners"
                             " to keep or release"));
      return FALSE;
    }
  loot = loot || forced;
  if (must_release && (keep || (loot && !forced)))
    {
      g_autofree char *calling = nile_display_specialty (explorer->specialty);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   keep ? _("%s (%s) must release every prisoner (R 16.41)")
                        : _("%s (%s) may not loot a village (R 16.421)"),
                   explorer->name, calling);
      return FALSE;
    }

  g_string_append_printf (summary, _("%s beat tribe %d: "), explorer->name, (int) counter);
  if (keep)
    {
      NileExpedition before = explorer->makeup;

      if (!nile_expedition_set_value (&explorer->makeup, nile_expedition_find_field ("bearers"),
                                      explorer->makeup.bearers + (int) prisoners, error) ||
          !_nile_book_explorer_save (campaign, explorer, error))
        return FALSE;
      _nile_book_describe_changes (summary, &before, &explorer->makeup);
      g_string_append (summary, _(" (prisoners kept as bearers)"));
    }
  else if (prisoners > 0)
    {
      if (!_nile_book_exec (campaign,
                            "UPDATE relation SET prisoners_released = prisoners_released + ?2 WHERE id = ?1",
                            g_variant_new ("(xx)", tribe.relation_id, prisoners), error))
        return FALSE;
      g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "%d prisoner released",
                                                    "%d prisoners released", prisoners),
                              (int) prisoners);

      if (edition == NILE_EDITION_DG)
        {
          if (!_nile_book_exec (campaign, "UPDATE relation SET attitude = attitude + ?2 WHERE id = ?1",
                                g_variant_new ("(xx)", tribe.relation_id, (gint64) NILE_DG_RELEASE_ATTITUDE), error))
            return FALSE;
          g_string_append_printf (summary, _(", the tribe’s attitude +%d"), NILE_DG_RELEASE_ATTITUDE);
        }
    }
  else
    g_string_append (summary, _("no prisoners"));

  if (!village)
    g_string_append (summary, _("; the village was not found"));
  else if (loot)
    g_string_append (summary, forced ? _("; the askaris loot the village regardless") : _("; he loots the village"));
  else if (!keep && edition == NILE_EDITION_AH)
    {
      /* Option two of R 16.422: nothing kept, nothing taken. */
      if (!_nile_book_spare_village (campaign, explorer, counter, summary, error))
        return FALSE;
    }
  else
    g_string_append (summary, _("; the village is left alone"));

  if (edition == NILE_EDITION_DG)
    return _nile_book_defeat_natives (campaign, explorer, summary, error);
  return TRUE;
}

/* What a friendly tribe can give, the choices of trade's "item"; and
 * where each goes in the make-up, in the same order. */
static const char * const trade_items[] = {
  "rations", "gifts", "muskets", "guides", "bearers", "askaris", "camels", "canoes", NULL
};
static const char * const trade_item_fields[] = {
  "rations", "gifts", "muskets", "guides", "bearers", "askaris", "pack_camels", "canoes"
};
G_STATIC_ASSERT (G_N_ELEMENTS (trade_item_fields) + 1 == G_N_ELEMENTS (trade_items));

/* What an explorer may hand over: gifts, or food and muskets to get
 * gifts (R 14.8). */
static const char * const trade_payments[] = { "gifts", "rations", "muskets", NULL };

/* DG: a tribe gives at most as many items as it has natives, ten gifts
 * counting as one (DG "Negotiate"). */
#define DG_GIFTS_PER_ITEM 10

const NileOperationParam _nile_book_trade_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer trades"), .names_player = TRUE },
  { "tribe", "x", FALSE, N_("the friendly tribe's native counter"), .names_tribe = TRUE },
  { "give", "s", FALSE, N_("what he hands over: gifts, or rations or muskets for gifts (R 14.8)"),
    .choices = trade_payments },
  { "given", "x", FALSE, N_("how many he hands over") },
  { "item", "s", FALSE, N_("what he gets: rations, gifts, guides, bearers, askaris, camels or canoes (DG: muskets too)"),
    .choices = trade_items },
  { "received", "x", FALSE, N_("how many he gets, from the Native Trade table") },
  { "poison", "x", FALSE, N_("the witch doctor's die: 1 and the explorer dies (R 14.83)") },
  { "poison2", "x", TRUE, N_("the second die under the 1-in-36 house rule") },
  { NULL }
};

gboolean
_nile_book_trade (NileCampaign  *campaign,
                  sqlite3       *db,
                  GVariantDict  *params,
                  GString       *summary,
                  GError       **error)
{
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  const char *give = _nile_book_param_str (params, "give");
  const char *item = _nile_book_param_str (params, "item");
  gint64 given = _nile_book_param_int (params, "given", 0);
  gint64 received = _nile_book_param_int (params, "received", 0);
  gint64 poison = _nile_book_param_int (params, "poison", 0);
  gint64 poison2 = _nile_book_param_int (params, "poison2", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_auto(Tribe) tribe = { 0 };
  g_autoptr(GPtrArray) traded = g_ptr_array_new_with_free_func (g_free);
  const NileExpeditionField *give_field, *get_field = NULL;
  NileExpedition before;
  gint64 friendly, gifts_given, turn, one_in_36;
  NileEdition edition;
  gboolean dies, ok, row;
  sqlite3_stmt *stmt;
  int held;
  int size = 0;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !find_tribe (campaign, explorer, counter, &tribe, error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_int (campaign, "SELECT friendly FROM relation WHERE id = ?1",
                           g_variant_new ("(x)", tribe.relation_id), 0, &friendly, error) ||
      !_nile_book_get_int (campaign, "SELECT gifts_traded FROM relation WHERE id = ?1",
                           g_variant_new ("(x)", tribe.relation_id), 0, &gifts_given, error) ||
      !_nile_book_get_int (campaign, "SELECT poison_one_in_36 FROM game WHERE id = 1", NULL, 0,
                           &one_in_36, error) ||
      !_nile_book_get_edition (campaign, &edition, error))
    return FALSE;

  /* "give" and "item" are among their choices: the parameters are checked. */
  for (guint i = 0; trade_items[i] != NULL; i++)
    if (g_str_equal (trade_items[i], item))
      get_field = nile_expedition_find_field (trade_item_fields[i]);
  g_assert (get_field != NULL);

  if (!_nile_book_check_range (given, 1, NILE_EXPEDITION_MAX_COUNT, _("What he hands over"), error) ||
      !_nile_book_check_range (received, 1, NILE_EXPEDITION_MAX_COUNT, _("What he gets"), error) ||
      !_nile_book_check_range (poison, 1, 6, _("The poison die"), error) ||
      (one_in_36 && !_nile_book_check_range (poison2, 1, 6, _("The second poison die (house rule)"), error)))
    return FALSE;

  if (!friendly)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Tribe %d is not friendly to %s; only a friendly tribe trades (R 14.6)"),
                   (int) counter, explorer->name);
      return FALSE;
    }
  if (g_strcmp0 (explorer->hex, tribe.hex) != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is at %s and tribe %d lives at %s; he trades in their hex (R 14.6)"),
                   explorer->name, explorer->hex, (int) counter, tribe.hex);
      return FALSE;
    }
  /* Said first, with the tribe's name: once it has had its allotment of
   * gifts, nothing else about the trade matters (R 14.95). */
  if (*tribe.size != '\0' && nile_enum_from_nick (NILE_TYPE_TRIBE_SIZE, tribe.size, &size) &&
      nile_trade_gifts_left (size, (int) gifts_given) == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Tribe %d, a %s tribe, has had %d gifts from %s, the most it accepts from one"
                     " explorer, and trades with him no more (R 14.95)"),
                   (int) counter,
                   nile_display_phrase (NILE_TYPE_TRIBE_SIZE, tribe.size),
                   nile_trade_gift_limit (size), explorer->name);
      return FALSE;
    }
  if (!g_str_equal (give, "gifts") && !g_str_equal (item, "gifts"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("Gifts must be part of every trade: trade rations or muskets for gifts"
                             " first (R 14.8)"));
      return FALSE;
    }
  /* Gifts for gifts changes nothing but the tribe's count toward its limit. */
  if (g_str_equal (give, "gifts") && g_str_equal (item, "gifts"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Gifts are traded for something else: people, animals, canoes or supplies (R 14.8)"));
      return FALSE;
    }
  /* In AH a tribe hires out people and sells food, camels and canoes;
   * muskets only ever go to it, for gifts (R 5.4432, 14.8). */
  if (g_str_equal (item, "muskets") && edition == NILE_EDITION_AH)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Tribe %d takes muskets for gifts but does not sell them (R 5.4432, 14.8)"),
                   (int) counter);
      return FALSE;
    }
  if (g_str_equal (item, "camels") && !tribe.desert)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Only desert tribes trade camels, and tribe %d is not one (R 5.427)"), (int) counter);
      return FALSE;
    }

  give_field = nile_expedition_find_field (give);
  held = nile_expedition_get_value (&explorer->makeup, give_field);
  if (given > held)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s has %d %s and cannot hand over %d"), explorer->name, held, give, (int) given);
      return FALSE;
    }

  /* The kinds already traded with this tribe this turn. */
  stmt = _nile_book_query (campaign, "SELECT item FROM trade WHERE tribe_id = ?1 AND explorer_id = ?2 AND turn = ?3",
                           g_variant_new ("(xxx)", tribe.id, explorer->id, turn), error);
  if (stmt == NULL)
    return FALSE;
  while ((ok = _nile_book_step_row (stmt, &row, error)) && row)
    g_ptr_array_add (traded, _nile_book_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (!ok)
    return FALSE;
  g_ptr_array_add (traded, NULL);

  if (*tribe.size != '\0')
    {
      if (!nile_trade_check (size, (int) gifts_given, g_str_equal (give, "gifts") ? (int) given : 0,
                             item, (const char * const *) traded->pdata, error))
        return FALSE;
    }
  else
    {
      gint64 items = g_str_equal (item, "gifts") ? (received + DG_GIFTS_PER_ITEM - 1) / DG_GIFTS_PER_ITEM
                                                 : received;

      if (g_strv_contains ((const char * const *) traded->pdata, item))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("%s already traded for %s with this tribe this turn (R 14.82)"),
                       explorer->name, item);
          return FALSE;
        }
      if (items > tribe.natives)
        {
          g_autofree char *tribe_of = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A tribe of %d native",
                                                                    "A tribe of %d natives", tribe.natives),
                                                       (int) tribe.natives);

          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       /* Translators: %s is the tribe, e.g. "A tribe of 3 natives" */
                       g_dngettext (GETTEXT_PACKAGE, "%s cannot give %d item", "%s cannot give %d items", items),
                       tribe_of, (int) items);
          return FALSE;
        }
    }

  before = explorer->makeup;
  nile_expedition_set_value (&explorer->makeup, give_field, held - (int) given, NULL);
  if (!nile_expedition_set_value (&explorer->makeup, get_field,
                                  nile_expedition_get_value (&explorer->makeup, get_field) + (int) received, error))
    return FALSE;

  /* A friendly native hired as an askari needs a musket (R 5.4451). */
  if (g_str_equal (item, "askaris"))
    {
      if (explorer->makeup.muskets < received)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Each askari hired from a tribe needs a musket: %s has %d for %d askari"
                                    " (R 5.4451)",
                                    "Each askari hired from a tribe needs a musket: %s has %d for %d askaris"
                                    " (R 5.4451)",
                                    received),
                       explorer->name, explorer->makeup.muskets, (int) received);
          return FALSE;
        }
      explorer->makeup.muskets -= (int) received;
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO trade (tribe_id, explorer_id, turn, give, given, item, received)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                        g_variant_new ("(xxxsxsx)", tribe.id, explorer->id, turn, give, given, item, received),
                        error) ||
      !_nile_book_exec (campaign,
                        "UPDATE relation SET gifts_traded = gifts_traded + ?2 WHERE id = ?1",
                        g_variant_new ("(xx)", tribe.relation_id, g_str_equal (give, "gifts") ? given : 0),
                        error) ||
      !_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  {
    g_autofree char *handed = item_count (give, (int) given);
    g_autofree char *got = item_count (item, (int) received);

    /* Translators: the second and last %s are counts, "1 canoe", "30 gifts" */
    g_string_append_printf (summary, _("%s trades %s to tribe %d for %s: "),
                            explorer->name, handed, (int) counter, got);
  }
  _nile_book_describe_changes (summary, &before, &explorer->makeup);

  /* A jealous witch doctor tries poison at every trade (R 14.83). */
  dies = poison == 1 && (!one_in_36 || poison2 == 1);
  if (dies)
    {
      g_string_append_printf (summary, _("; the witch doctor poisons %s (R 14.83)"), explorer->name);
      return _nile_book_end_explorer (campaign, explorer, NILE_EXPLORER_STATUS_DEAD, summary, error);
    }

  return TRUE;
}

/* ---- Discoveries (R 10, 20, 22) ------------------------------------- */

/* A hex mapped before keeps the spelling it was first mapped with when
 * it is typed all in small or all in capital letters: "q5" is Q5, which
 * would otherwise be mapped, scored and published a second time. Those
 * two spellings rather than any case, so the label's index finds them. */
static gboolean
spell_as_mapped (NileCampaign  *campaign,
                 char         **label,
                 GError       **error)
{
  g_autofree char *mapped = NULL;

  if (!_nile_book_get_text (campaign,
                            "SELECT label FROM hex_discovery WHERE label IN (?1, upper (?1), lower (?1))"
                            " ORDER BY label = ?1 DESC, id LIMIT 1",
                            g_variant_new ("(s)", *label), &mapped, error))
    return FALSE;

  if (mapped != NULL)
    {
      g_free (*label);
      *label = g_steal_pointer (&mapped);
    }
  return TRUE;
}

const NileOperationParam _nile_book_record_hex_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer mapped the hex"), .names_player = TRUE },
  { "hex", "s", FALSE, N_("the hex's label") },
  { "terrain", "s", FALSE, N_("desert, veldt, lake, swamp, jungle, mountains, jungle-swamp or jungle-mountain"),
    _nile_book_terrain_choices, .choice_type = nile_terrain_get_type },
  { "river", "b", TRUE, N_("a river runs through it") },
  { "oasis", "b", TRUE, N_("it has an oasis") },
  { "cataract", "b", TRUE, N_("the river has a cataract here") },
  { "natives", "b", TRUE, N_("natives live here") },
  { "defeated", "b", TRUE, N_("DG: he defeated the natives here (+1 VP)") },
  { "mountain", "x", TRUE, N_("the mountain's height in feet") },
  { "waterfall", "x", TRUE, N_("the waterfall's height in feet") },
  { "lake", "x", TRUE, N_("the lake's extra square miles") },
  { "lake-hexes", "x", TRUE, N_("when this hex completes a lake: its size in hexes, 1 to 3; only then can the"
                                " lake rank as a spectacular discovery (R 22.8, 22.9)") },
  { "special", "x", TRUE, N_("the special discovery counter found here, 1 to 8") },
  { "partial", "b", TRUE, N_("only part of the hex is known") },
  { "vp", "x", TRUE, N_("VP it is worth when published (AH: from your Victory Point Chart; DG: worked out)") },
  { NULL }
};

gboolean
_nile_book_record_hex (NileCampaign  *campaign,
                       sqlite3       *db,
                       GVariantDict  *params,
                       GString       *summary,
                       GError       **error)
{
  const char *terrain = _nile_book_param_str (params, "terrain");
  g_autofree char *label = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autofree char *publisher = NULL;
  NileEdition edition;
  gint64 vp, turn, mine, hex_id;
  int terrain_value;
  sqlite3_stmt *stmt;
  static const char * const optional_sizes[] = { "mountain", "waterfall", "lake", NULL };
  static const char * const size_names[] = {
    N_("The mountain’s height in feet"), N_("The waterfall’s height in feet"), N_("The lake’s area in square miles"),
  };
  gint64 sizes[3];
  gint64 special = _nile_book_param_int (params, "special", 0);
  gboolean completes_lake = g_variant_dict_contains (params, "lake-hexes");
  gint64 lake_hexes = _nile_book_param_int (params, "lake-hexes", 0);
  gboolean partial = _nile_book_param_bool (params, "partial", FALSE);
  gint64 partial_id;

  explorer = _nile_book_find_explorer_without_makeup (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_africa (explorer, _("hexes are mapped"), error) ||
      !_nile_book_get_edition (campaign, &edition, error) ||
      !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  label = _nile_book_clean_name (_nile_book_param_str (params, "hex"), _("The hex"), error);
  if (label == NULL || !spell_as_mapped (campaign, &label, error))
    return FALSE;
  if (!nile_enum_from_nick (NILE_TYPE_TERRAIN, terrain, &terrain_value))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not a terrain: desert, veldt, lake, swamp, jungle, mountains,"
                     " jungle-swamp or jungle-mountain"), terrain);
      return FALSE;
    }
  /* Both score in DG, so neither may be recorded where it cannot be. */
  if (!nile_terrain_check_oasis (terrain_value, _nile_book_param_bool (params, "river", FALSE),
                                 _nile_book_param_bool (params, "oasis", FALSE), error))
    return FALSE;
  if (_nile_book_param_bool (params, "defeated", FALSE) && !_nile_book_param_bool (params, "natives", FALSE))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Natives can be defeated only where natives live: record them too"));
      return FALSE;
    }
  for (guint i = 0; optional_sizes[i] != NULL; i++)
    {
      sizes[i] = _nile_book_param_int (params, optional_sizes[i], 0);
      if (g_variant_dict_contains (params, optional_sizes[i]) &&
          !_nile_book_check_range (sizes[i], 1, 100000, _(size_names[i]), error))
        return FALSE;
    }
  if (g_variant_dict_contains (params, "special") &&
      !_nile_book_check_range (special, 1, 8, _("A special discovery counter"), error))
    return FALSE;
  if (completes_lake && !_nile_book_check_range (lake_hexes, 1, 3, _("A lake’s size in hexes"), error))
    return FALSE;
  if (completes_lake && terrain_value != NILE_TERRAIN_LAKE)
    {
      g_autofree char *setting = _nile_operation_name_setting_for_advice ("record-hex", "terrain", "lake");

      if (setting != NULL)
        /* Translators: %s is the setting for a lake, "terrain=lake"; lake-hexes is typed as is */
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("Only a lake hex completes a lake: give %s with lake-hexes"), setting);
      else
        g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                             _("Only a lake hex completes a lake: choose the terrain Lake, or give no size in "
                               "hexes"));
      return FALSE;
    }

  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM hex_discovery WHERE label = ?1 AND explorer_id = ?2"
                           " AND partial = 0",
                           g_variant_new ("(sx)", label, explorer->id), 0, &mine, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT ifnull (max (id), 0) FROM hex_discovery WHERE label = ?1 AND explorer_id = ?2"
                           " AND partial = 1",
                           g_variant_new ("(sx)", label, explorer->id), 0, &partial_id, error) ||
      !_nile_book_get_text (campaign,
                            "SELECT p.name FROM hex_discovery h JOIN explorer e ON e.id = h.explorer_id"
                            " JOIN player p ON p.id = e.player_id"
                            " WHERE h.label = ?1 AND h.published_turn IS NOT NULL",
                            g_variant_new ("(s)", label), &publisher, error))
    return FALSE;

  /* What he knows of a hex partly explored, he may complete (R 10.294). */
  if (mine > 0 || (partial && partial_id != 0))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("%s has already mapped %s"), explorer->name, label);
      return FALSE;
    }
  if (publisher != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is already published by %s and scores nothing more (R 22.4)"), label, publisher);
      return FALSE;
    }

  /* A partial exploration earns nothing (R 10.293). */
  if (partial && _nile_book_param_int (params, "vp", 0) > 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A hex only partly explored earns no VP until the rest is explored (R 10.293)"));
      return FALSE;
    }

  if (partial)
    vp = 0;
  else if (edition == NILE_EDITION_DG && !g_variant_dict_contains (params, "vp"))
    {
      NileDgHex hex = {
        .terrain = terrain_value,
        .river = _nile_book_param_bool (params, "river", FALSE),
        .oasis = _nile_book_param_bool (params, "oasis", FALSE),
        .natives = _nile_book_param_bool (params, "natives", FALSE),
        .natives_defeated = _nile_book_param_bool (params, "defeated", FALSE),
      };

      vp = nile_victory_dg_hex_value (&hex);
    }
  else if (!g_variant_dict_contains (params, "vp"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("The hex needs its VP, from the Victory Point Chart on your Player Aid sheet"));
      return FALSE;
    }
  else
    vp = _nile_book_param_int (params, "vp", 0);

  if (!_nile_book_check_range (vp, 0, 1000, _("The VP"), error))
    return FALSE;

  /* The whole hex takes the place of the part he knew; a part recorded
   * before it earned nothing may still carry VP, which go with it. */
  if (partial_id != 0 &&
      (!_nile_book_exec (campaign, "DELETE FROM vp_entry WHERE hex_id = ?1",
                         g_variant_new ("(x)", partial_id), error) ||
       !_nile_book_exec (campaign, "DELETE FROM hex_discovery WHERE id = ?1",
                         g_variant_new ("(x)", partial_id), error)))
    return FALSE;

  /* Bound in place: every hex mapped writes one, and a tuple of
   * fourteen values cost more than the insert. Sizes and the special
   * counter stay NULL when not given. */
  stmt = _nile_campaign_prepare (campaign,
                                 "INSERT INTO hex_discovery (label, explorer_id, turn, terrain, river, oasis,"
                                 " cataract, natives, mountain_ft, waterfall_ft, lake_sq_mi, special_counter,"
                                 " partial, vp)"
                                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, label, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, explorer->id);
  sqlite3_bind_int64 (stmt, 3, turn);
  sqlite3_bind_text (stmt, 4, terrain, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 5, _nile_book_param_bool (params, "river", FALSE));
  sqlite3_bind_int (stmt, 6, _nile_book_param_bool (params, "oasis", FALSE));
  sqlite3_bind_int (stmt, 7, _nile_book_param_bool (params, "cataract", FALSE));
  sqlite3_bind_int (stmt, 8, _nile_book_param_bool (params, "natives", FALSE));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (sizes[i] > 0)
      sqlite3_bind_int64 (stmt, 9 + (int) i, sizes[i]);
  if (special > 0)
    sqlite3_bind_int64 (stmt, 12, special);
  sqlite3_bind_int (stmt, 13, partial);
  sqlite3_bind_int64 (stmt, 14, vp);
  if (!_nile_book_step_to_end (stmt, error))
    return FALSE;

  hex_id = sqlite3_last_insert_rowid (db);
  /* The defeat recorded with the hex is paid once, as a victory there
   * would pay it (_nile_book_defeat_natives()). */
  if (edition == NILE_EDITION_DG && !partial && _nile_book_param_bool (params, "defeated", FALSE) &&
      !_nile_book_exec (campaign, "INSERT INTO natives_defeated (hex_id) VALUES (?1)",
                        g_variant_new ("(x)", hex_id), error))
    return FALSE;
  if (completes_lake &&
      !_nile_book_exec (campaign, "INSERT INTO lake_extent (hex_id, hexes) VALUES (?1, ?2)",
                        g_variant_new ("(xx)", hex_id, lake_hexes), error))
    return FALSE;
  if (vp > 0)
    {
      g_autofree char *reason = g_strdup_printf (_("mapped %s"), label);

      if (!_nile_book_add_vp (campaign, explorer, vp, hex_id, reason, error))
        return FALSE;
    }

  /* Every feature that scores is named, so a DG hex's VP can be checked
   * against the schedule; the defeat counts only where DG works it out. */
  g_string_append_printf (summary, _("%s maps %s: %s%s%s%s%s, %d VP unpublished"),
                          explorer->name, label, nile_display_phrase (NILE_TYPE_TERRAIN, terrain),
                          _nile_book_param_bool (params, "river", FALSE) ? _(", river") : "",
                          _nile_book_param_bool (params, "oasis", FALSE) ? _(", oasis") : "",
                          _nile_book_param_bool (params, "natives", FALSE) ? _(", natives") : "",
                          edition == NILE_EDITION_DG && !g_variant_dict_contains (params, "vp") &&
                          _nile_book_param_bool (params, "defeated", FALSE) ? _(", natives defeated") : "",
                          (int) vp);
  if (completes_lake)
    g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "; it completes a lake of %d hex",
                                                  "; it completes a lake of %d hexes", lake_hexes),
                            (int) lake_hexes);
  return TRUE;
}

const NileOperationParam _nile_book_complete_lake_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer mapped the lake's last hex"), .names_player = TRUE },
  { "hex", "s", FALSE, N_("the lake's last hex, as it was recorded") },
  { "lake-hexes", "x", FALSE, N_("the lake's size in hexes, 1 to 3 (R 22.8)") },
  { NULL }
};

/* What record-hex's lake-hexes records, for a hex recorded without it
 * (or before the book kept it), so the lake can still be ranked. */
gboolean
_nile_book_complete_lake (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autofree char *label = _nile_book_clean_name (_nile_book_param_str (params, "hex"), _("The hex"), error);
  gint64 hexes = _nile_book_param_int (params, "lake-hexes", 0);
  gint64 player_id, hex_id, recorded;

  if (label == NULL ||
      !_nile_book_find_player (campaign, player, &player_id, error) ||
      !_nile_book_check_range (hexes, 1, 3, _("A lake’s size in hexes"), error) ||
      !_nile_book_get_int (campaign,
                           "SELECT max (h.id) FROM hex_discovery h JOIN explorer e ON e.id = h.explorer_id"
                           " WHERE e.player_id = ?1 AND h.label = ?2 AND h.terrain = 'lake'",
                           g_variant_new ("(xs)", player_id, label), 0, &hex_id, error))
    return FALSE;

  if (hex_id == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("No explorer of %s has mapped a lake at %s"), player, label);
      return FALSE;
    }

  if (!_nile_book_get_int (campaign, "SELECT count (*) FROM lake_extent WHERE hex_id = ?1",
                           g_variant_new ("(x)", hex_id), 0, &recorded, error))
    return FALSE;
  if (recorded > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("The lake completed at %s already has its size in hexes"), label);
      return FALSE;
    }

  if (!_nile_book_exec (campaign, "INSERT INTO lake_extent (hex_id, hexes) VALUES (?1, ?2)",
                        g_variant_new ("(xx)", hex_id, hexes), error))
    return FALSE;

  g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "%s completes a lake of %d hex at %s",
                                                "%s completes a lake of %d hexes at %s", hexes),
                          player, (int) hexes, label);
  return TRUE;
}

/* The nicks of NileBonusItem. */
static const char * const bonus_item_choices[] = { "tusk", "specimen", "pelt", "plant", NULL };

const NileOperationParam _nile_book_bonus_discovery_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer made the discovery"), .names_player = TRUE },
  { "description", "s", FALSE, N_("the bonus, in words") },
  { "vp", "x", TRUE, N_("VP the bonus card names") },
  { "die", "x", TRUE, N_("the die rolled when the card names no VP (R 20.5)") },
  { "item", "s", TRUE,
    N_("what must reach Europe for its VP: a tusk, a live animal (specimen), an animal’s pelt, or a plant"
       " alive or as seed (R 20.71, 20.72)"),
    .choices = bonus_item_choices, .choice_type = nile_bonus_item_get_type },
  { "name", "s", TRUE, N_("the animal, plant or tribe the card names, if it names one: each is published once"
                          " (R 20.74)") },
  { NULL }
};

/* The make-up field that carries @item, one of bonus_item_choices. */
static const char *
bonus_item_field (const char *item)
{
  if (g_str_equal (item, "tusk"))
    return "tusks";
  if (g_str_equal (item, "pelt"))
    return "pelts";
  return "specimens";
}

/* An animal bonus needs a musket in the expedition (R 20.75): a spare
 * one carried, the explorer's own, or an askari's, healthy or sick,
 * since every askari has one (R 5.4451, 5.4452). A plant needs none. */
static gboolean
check_musket_for_animal (NileBookExplorer  *explorer,
                         const char        *item,
                         GError           **error)
{
  const NileExpedition *m = &explorer->makeup;

  if (g_str_equal (item, "plant") ||
      m->muskets > 0 || m->explorer_armed || m->askaris > 0 || m->sick_askaris > 0)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s’s expedition has no musket, not even an askari’s: no animal bonus can be collected"
                 " (R 20.75)"),
               explorer->name);
  return FALSE;
}

/* Refuses a bonus naming what was published already, which is ignored,
 * or what @explorer carries already: each animal, plant or tribe is
 * published once (R 20.74). Names compare as players compare them. */
static gboolean
check_bonus_name (NileCampaign      *campaign,
                  NileBookExplorer  *explorer,
                  const char        *name,
                  GError           **error)
{
  g_autofree char *wanted = _nile_book_fold_name (name);
  g_autofree char *publisher = NULL;
  gboolean carried = FALSE;
  sqlite3_stmt *stmt;
  int rc = SQLITE_DONE;

  stmt = _nile_book_query (campaign,
                           "SELECT n.name, v.state = 'published', v.explorer_id, e.name FROM bonus_name n"
                           " JOIN vp_entry v ON v.id = n.vp_entry_id JOIN explorer e ON e.id = v.explorer_id"
                           " WHERE v.state IN ('published', 'unpublished')",
                           NULL, error);
  if (stmt == NULL)
    return FALSE;

  while (publisher == NULL && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *folded = _nile_book_fold_name (_nile_sqlite_column_text (stmt, 0));

      if (!g_str_equal (folded, wanted))
        continue;
      if (sqlite3_column_int (stmt, 1) != 0)
        publisher = _nile_book_column_text (stmt, 3);
      else if (sqlite3_column_int64 (stmt, 2) == explorer->id)
        carried = TRUE;
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);

  if (publisher != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("“%s” was published already, by %s: the same animal, plant or tribe is published once,"
                     " so this bonus is ignored (R 20.74)"),
                   name, publisher);
      return FALSE;
    }
  if (carried)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has a bonus for “%s” already, still to be published: the same animal, plant or"
                     " tribe is published once (R 20.74)"),
                   explorer->name, name);
      return FALSE;
    }
  return TRUE;
}

gboolean
_nile_book_bonus_discovery (NileCampaign  *campaign,
                            sqlite3       *db,
                            GVariantDict  *params,
                            GString       *summary,
                            GError       **error)
{
  g_autofree char *description = NULL;
  g_autofree char *name = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  const char *item = _nile_book_param_str (params, "item");
  gboolean has_vp = g_variant_dict_contains (params, "vp");
  gboolean has_die = g_variant_dict_contains (params, "die");
  NileExpedition before;
  gint64 vp, turn, made, bonus_id, vp_entry_id = 0;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  /* The bonus card is drawn at the end of a turn spent in a hex just
   * mapped or with a tribe new to him: never at sea, in Europe or in
   * port (R 20.1, 20.2). A captive taken this turn is with such a tribe. */
  if (!g_str_equal (explorer->status, "in-africa") && !g_str_equal (explorer->status, "captive"))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is %s: bonus discoveries are made in the interior of Africa, in a hex mapped this turn"
                     " or with a tribe met for the first time (R 20.2)"),
                   explorer->name, nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status));
      return FALSE;
    }

  description = _nile_book_clean_optional (_nile_book_param_str (params, "description"), _("The bonus"), error);
  if (description == NULL)
    return FALSE;
  if (*description == '\0' || has_vp == has_die)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Describe the bonus and give either the VP on the card or the die rolled (R 20.5)"));
      return FALSE;
    }

  vp = has_vp ? _nile_book_param_int (params, "vp", 0) : _nile_book_param_int (params, "die", 0);
  if ((has_vp && !_nile_book_check_range (vp, 0, 1000, _("The VP"), error)) ||
      (has_die && !_nile_book_check_range (vp, 1, 6, _("The die"), error)))
    return FALSE;

  /* One Event card is drawn for it at the end of the turn (R 20.1, 20.3). */
  if (!_nile_book_get_int (campaign, "SELECT count (*) FROM bonus_discovery WHERE explorer_id = ?1 AND turn = ?2",
                           g_variant_new ("(xx)", explorer->id, turn), 0, &made, error))
    return FALSE;
  if (made > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has made this turn’s bonus discovery already: one bonus card a turn (R 20.1, 20.3)"),
                   explorer->name);
      return FALSE;
    }

  if (item != NULL && !check_musket_for_animal (explorer, item, error))
    return FALSE;

  if (g_variant_dict_contains (params, "name"))
    {
      name = _nile_book_clean_name (_nile_book_param_str (params, "name"), _("The bonus’s name"), error);
      if (name == NULL || !check_bonus_name (campaign, explorer, name, error))
        return FALSE;
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO bonus_discovery (explorer_id, turn, description, vp) VALUES (?1, ?2, ?3, ?4)",
                        g_variant_new ("(xxsx)", explorer->id, turn, description, vp), error) ||
      !_nile_book_get_int (campaign, "SELECT last_insert_rowid ()", NULL, 0, &bonus_id, error) ||
      (vp > 0 && !_nile_book_add_vp (campaign, explorer, vp, 0, description, error)) ||
      (vp > 0 && !_nile_book_get_int (campaign, "SELECT last_insert_rowid ()", NULL, 0, &vp_entry_id, error)))
    return FALSE;

  if (name != NULL &&
      !_nile_book_exec (campaign, "INSERT INTO bonus_name (bonus_id, name, vp_entry_id) VALUES (?1, ?2, nullif (?3, 0))",
                        g_variant_new ("(xsx)", bonus_id, name, vp_entry_id), error))
    return FALSE;

  /* The player's own words for the bonus lead, as a roll's reason does. */
  if (name != NULL)
    /* Translators: the bonus in the player's words, the animal, plant or tribe it names, the explorer */
    g_string_append_printf (summary, _("%s (%s, bonus discovery by %s): %d VP unpublished"),
                            description, name, explorer->name, (int) vp);
  else
    g_string_append_printf (summary, _("%s (bonus discovery by %s): %d VP unpublished"),
                            description, explorer->name, (int) vp);

  if (item == NULL)
    return TRUE;

  /* The item is carried from now on, and weighs with the rest; reaching
   * Europe without it loses the VP (R 20.71, 20.72). */
  before = explorer->makeup;
  {
    const NileExpeditionField *field = nile_expedition_find_field (bonus_item_field (item));

    if (!nile_expedition_set_value (&explorer->makeup, field,
                                    nile_expedition_get_value (&explorer->makeup, field) + 1, error))
      return FALSE;
  }
  if (!_nile_book_exec (campaign,
                        "INSERT INTO bonus_item (bonus_id, item, vp_entry_id) VALUES (?1, ?2, nullif (?3, 0))",
                        g_variant_new ("(xsx)", bonus_id, item, vp_entry_id), error) ||
      !_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  g_string_append (summary, _(", to be carried to Europe: "));
  _nile_book_describe_changes (summary, &before, &explorer->makeup);
  _nile_book_append_excess (summary, &explorer->makeup);
  return TRUE;
}
