/* nile-campaign-book.c: the campaign book, read as objects and lists
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The book wraps a NileCampaign and rereads it after every change (the
 * campaign's "changed" signal), so a window can bind its lists and the
 * command line can print them. Reading a book is cheap next to a player
 * typing, so it rereads every row; but a list only takes in the items
 * that differ from what it holds, so a window's lists redraw just the
 * rows a change touched.
 */
#define G_LOG_DOMAIN "nile-campaign-book"

#include "config.h"

#include <string.h>

#include "nile-book-db-private.h"
#include "nile-cache.h"
#include "nile-campaign-book.h"
#include "nile-encounter.h"
#include "nile-enum-types.h"
#include "nile-explorer.h"
#include "nile-bonus-discovery.h"
#include "nile-hex-discovery.h"
#include "nile-vp-entry.h"
#include "nile-player.h"
#include "nile-trade.h"
#include "nile-tribe.h"
#include "nile-turn.h"
#include "nile-victory.h"

struct _NileCampaignBook
{
  GObject parent_instance;

  NileCampaign *campaign;
  NileActivityChart chart;
  gboolean          chart_changed;

  char *name;
  int game;
  int goal;
  char *edition;
  gboolean poison_one_in_36;
  int turn;
  char *current_player;
  char *winner;

  GListStore *players;
  GListStore *explorers;
  GListStore *tribes;
  /* The tribes, with every explorer's relations to them, are read only
   * once someone asks for them: most of a long campaign's book, and
   * nothing a window shows when it opens. */
  gboolean    tribes_wanted;
  GListStore *caches;
  GListStore *discoveries;
  GListStore *bonuses;
  GListStore *other_vp;
};

G_DEFINE_FINAL_TYPE (NileCampaignBook, nile_campaign_book, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  PROP_NAME,
  PROP_GAME,
  PROP_GOAL,
  PROP_EDITION,
  PROP_POISON_ONE_IN_36,
  PROP_TURN,
  PROP_CURRENT_PLAYER,
  PROP_WINNER,
  PROP_ACTIVITY_CHART,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The cells the rulebook's own examples fix (R 9.12, 9.51; rulings.md). */
static const NileActivityChart known_chart = {
  .mp = {
    [NILE_TRAVEL_MODE_FOOT] = { NILE_ACTIVITY_CHART_BLANK, NILE_ACTIVITY_CHART_BLANK, 4 },
    [NILE_TRAVEL_MODE_CANOE] = { 2, NILE_ACTIVITY_CHART_BLANK, NILE_ACTIVITY_CHART_BLANK },
    [NILE_TRAVEL_MODE_MOUNTED] = { NILE_ACTIVITY_CHART_BLANK, NILE_ACTIVITY_CHART_BLANK, 6 },
  },
};

static void
on_campaign_changed (NileCampaignBook *self)
{
  g_autoptr(GError) error = NULL;

  /* A failed read leaves the last good lists in place. */
  if (!nile_campaign_book_refresh (self, &error))
    g_warning ("Could not reread the campaign book: %s", error->message);
}

static void
nile_campaign_book_constructed (GObject *object)
{
  NileCampaignBook *self = NILE_CAMPAIGN_BOOK (object);
  g_autoptr(GError) error = NULL;

  G_OBJECT_CLASS (nile_campaign_book_parent_class)->constructed (object);

  g_signal_connect_object (self->campaign, "changed",
                           G_CALLBACK (on_campaign_changed), self, G_CONNECT_SWAPPED);

  if (!nile_campaign_book_refresh (self, &error))
    g_warning ("Could not read the campaign book: %s", error->message);
}

static void
nile_campaign_book_dispose (GObject *object)
{
  NileCampaignBook *self = NILE_CAMPAIGN_BOOK (object);

  g_clear_object (&self->campaign);
  g_clear_object (&self->players);
  g_clear_object (&self->explorers);
  g_clear_object (&self->tribes);
  g_clear_object (&self->caches);
  g_clear_object (&self->discoveries);
  g_clear_object (&self->bonuses);
  g_clear_object (&self->other_vp);

  G_OBJECT_CLASS (nile_campaign_book_parent_class)->dispose (object);
}

static void
nile_campaign_book_finalize (GObject *object)
{
  NileCampaignBook *self = NILE_CAMPAIGN_BOOK (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->edition, g_free);
  g_clear_pointer (&self->current_player, g_free);
  g_clear_pointer (&self->winner, g_free);

  G_OBJECT_CLASS (nile_campaign_book_parent_class)->finalize (object);
}

static void
nile_campaign_book_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  NileCampaignBook *self = NILE_CAMPAIGN_BOOK (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_GAME:
      g_value_set_int (value, self->game);
      break;

    case PROP_GOAL:
      g_value_set_int (value, self->goal);
      break;

    case PROP_EDITION:
      g_value_set_string (value, self->edition);
      break;

    case PROP_POISON_ONE_IN_36:
      g_value_set_boolean (value, self->poison_one_in_36);
      break;

    case PROP_TURN:
      g_value_set_int (value, self->turn);
      break;

    case PROP_CURRENT_PLAYER:
      g_value_set_string (value, self->current_player);
      break;

    case PROP_WINNER:
      g_value_set_string (value, self->winner);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_book_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  NileCampaignBook *self = NILE_CAMPAIGN_BOOK (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;

    case PROP_ACTIVITY_CHART:
      if (g_value_get_pointer (value) != NULL)
        self->chart = *(const NileActivityChart *) g_value_get_pointer (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_book_class_init (NileCampaignBookClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = nile_campaign_book_constructed;
  object_class->dispose = nile_campaign_book_dispose;
  object_class->finalize = nile_campaign_book_finalize;
  object_class->get_property = nile_campaign_book_get_property;
  object_class->set_property = nile_campaign_book_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, "the campaign the book reads",
                         NILE_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, "the campaign's name", NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_int ("game", NULL, "1 or 2", 1, 2, 2,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GOAL] =
    g_param_spec_int ("goal", NULL, "published VP that win Game I", 1, G_MAXINT, NILE_VICTORY_DEFAULT_GOAL,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITION] =
    g_param_spec_string ("edition", NULL, "ah or dg", NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POISON_ONE_IN_36] =
    g_param_spec_boolean ("poison-one-in-36", NULL, "house rule: poison on two ones", FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, "the turn number", 1, G_MAXINT, 1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_string ("current-player", NULL, "whose turn it is", NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINNER] =
    g_param_spec_string ("winner", NULL, "who won the game, if anyone: the game is over", NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Given before the first read, so that a window opening a campaign
   * with the owner's chart reads it once rather than twice. */
  properties[PROP_ACTIVITY_CHART] =
    g_param_spec_pointer ("activity-chart", NULL, "the NileActivityChart to start with (copied), or NULL",
                          G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_campaign_book_init (NileCampaignBook *self)
{
  self->chart = known_chart;
  self->game = 2;
  self->goal = NILE_VICTORY_DEFAULT_GOAL;
  self->turn = 1;
  self->players = g_list_store_new (NILE_TYPE_PLAYER);
  self->explorers = g_list_store_new (NILE_TYPE_EXPLORER);
  self->tribes = g_list_store_new (NILE_TYPE_TRIBE);
  self->caches = g_list_store_new (NILE_TYPE_CACHE);
  self->discoveries = g_list_store_new (NILE_TYPE_HEX_DISCOVERY);
  self->bonuses = g_list_store_new (NILE_TYPE_BONUS_DISCOVERY);
  self->other_vp = g_list_store_new (NILE_TYPE_VP_ENTRY);
}

NileCampaignBook *
nile_campaign_book_new (NileCampaign *campaign)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);

  return g_object_new (NILE_TYPE_CAMPAIGN_BOOK, "campaign", campaign, NULL);
}

/**
 * nile_campaign_book_new_with_activity_chart:
 * @campaign: the campaign to read
 * @chart: the owner's Activity Level Chart, copied
 *
 * As nile_campaign_book_new() followed by
 * nile_campaign_book_set_activity_chart() and a refresh, but reading
 * the campaign only once.
 */
NileCampaignBook *
nile_campaign_book_new_with_activity_chart (NileCampaign            *campaign,
                                            const NileActivityChart *chart)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (chart != NULL, NULL);

  return g_object_new (NILE_TYPE_CAMPAIGN_BOOK, "campaign", campaign, "activity-chart", chart, NULL);
}

NileCampaign *
nile_campaign_book_get_campaign (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  return self->campaign;
}

/* ---- Reading -------------------------------------------------------- */

static void
set_string (NileCampaignBook *self,
            char            **field,
            char             *value,
            int               prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }

  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_int (NileCampaignBook *self,
         int              *field,
         int               value,
         int               prop)
{
  if (*field == value)
    return;

  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static gboolean
read_rules (NileCampaignBook  *self,
            GError           **error)
{
  g_autofree char *name = NULL;
  g_autofree char *edition = NULL;
  g_autofree char *current = NULL;
  g_autofree char *winner = NULL;
  gint64 game, goal, poison, turn;

  if (!_nile_book_get_text (self->campaign, "SELECT value FROM meta WHERE key = 'name'", NULL, &name, error) ||
      !_nile_book_get_text (self->campaign, "SELECT edition FROM game WHERE id = 1", NULL, &edition, error) ||
      !_nile_book_get_text (self->campaign,
                            "SELECT p.name FROM game g JOIN player p ON p.id = g.current_player",
                            NULL, &current, error) ||
      !_nile_book_get_text (self->campaign,
                            "SELECT p.name FROM game g JOIN player p ON p.id = g.winner",
                            NULL, &winner, error) ||
      !_nile_book_get_int (self->campaign, "SELECT game FROM game WHERE id = 1", NULL, 2, &game, error) ||
      !_nile_book_get_int (self->campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL,
                           NILE_VICTORY_DEFAULT_GOAL, &goal, error) ||
      !_nile_book_get_int (self->campaign, "SELECT poison_one_in_36 FROM game WHERE id = 1", NULL, 0,
                           &poison, error) ||
      !_nile_book_get_int (self->campaign, "SELECT turn FROM game WHERE id = 1", NULL, 1, &turn, error))
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  set_string (self, &self->name, g_steal_pointer (&name), PROP_NAME);
  set_string (self, &self->edition, g_steal_pointer (&edition), PROP_EDITION);
  set_string (self, &self->current_player, g_steal_pointer (&current), PROP_CURRENT_PLAYER);
  set_string (self, &self->winner, g_steal_pointer (&winner), PROP_WINNER);
  set_int (self, &self->game, (int) game, PROP_GAME);
  set_int (self, &self->goal, (int) goal, PROP_GOAL);
  set_int (self, &self->poison_one_in_36, poison != 0, PROP_POISON_ONE_IN_36);
  set_int (self, &self->turn, (int) turn, PROP_TURN);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

static GPtrArray *
read_players (NileCampaignBook  *self,
              GError           **error)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT p.id, p.name, p.colour, p.turn_order,"
                           " p.id = (SELECT current_player FROM game WHERE id = 1),"
                           " (SELECT total (amount) FROM vp_entry v WHERE v.player_id = p.id"
                           "   AND v.state = 'published'),"
                           " (SELECT total (amount) FROM donation d WHERE d.player_id = p.id"
                           "   AND d.state = 'held' AND d.kind = 'money'),"
                           " (SELECT group_concat (port, char (10)) FROM donation d WHERE d.player_id = p.id"
                           "   AND d.state = 'held' AND d.kind = 'ticket'),"
                           " (SELECT total (amount) FROM vp_entry v WHERE v.player_id = p.id"
                           "   AND v.state = 'published'"
                           "   AND v.published_turn = (SELECT turn FROM game WHERE id = 1)),"
                           " EXISTS (SELECT 1 FROM donation d WHERE d.player_id = p.id"
                           "   AND d.turn = (SELECT turn FROM game WHERE id = 1))"
                           " FROM player p ORDER BY p.turn_order, p.id",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *tickets = _nile_sqlite_column_text (stmt, 7);
      g_auto(GStrv) ports = tickets != NULL ? g_strsplit (tickets, "\n", -1) : g_new0 (char *, 1);

      g_ptr_array_add (players,
                       g_object_new (NILE_TYPE_PLAYER,
                                     "id", sqlite3_column_int64 (stmt, 0),
                                     "name", _nile_sqlite_column_text (stmt, 1),
                                     "colour", _nile_sqlite_column_text (stmt, 2),
                                     "turn-order", sqlite3_column_int (stmt, 3),
                                     "current", sqlite3_column_int (stmt, 4) != 0,
                                     "vp-published", sqlite3_column_int (stmt, 5),
                                     "donations", sqlite3_column_int (stmt, 6),
                                     "tickets", ports,
                                     "cards-due", sqlite3_column_int (stmt, 9) != 0
                                                  ? 0 : 1 + nile_victory_donations_earned (sqlite3_column_int (stmt, 8)),
                                     NULL));
    }

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&players);
}

static int
movement_points (NileCampaignBook     *self,
                 NileEdition           edition,
                 NileActivity          activity,
                 const NileExpedition *expedition)
{
  NileMovement movement;

  /* A blank cell or an expedition that cannot move that way shows as
   * unknown (-1); the window prompts for the cell. */
  if (!nile_movement_allowance (edition, &self->chart, activity, expedition, &movement, NULL))
    return -1;

  return movement.points;
}

static GPtrArray *
read_explorers (NileCampaignBook  *self,
                GError           **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) explorers = g_ptr_array_new_with_free_func (g_object_unref);
  NileEdition edition;

  rows = _nile_book_explorer_load_all (self->campaign, error);
  if (rows == NULL || !_nile_book_get_edition (self->campaign, &edition, error))
    return NULL;

  for (guint i = 0; i < rows->len; i++)
    {
      NileBookExplorer *row = g_ptr_array_index (rows, i);
      NileVictoryPoints points;
      g_autofree char *previous_status = NULL;
      gint64 status_turn = 0;
      sqlite3_stmt *stmt;
      int rc;

      if (!_nile_book_get_vp (self->campaign, row->player_id, row->id, &points, error))
        return NULL;

      stmt = _nile_book_query (self->campaign,
                               "SELECT turn, from_status FROM status_change WHERE explorer_id = ?1",
                               g_variant_new ("(x)", row->id), error);
      if (stmt == NULL)
        return NULL;
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          status_turn = sqlite3_column_int64 (stmt, 0);
          previous_status = _nile_book_column_text (stmt, 1);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        {
          _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
          return NULL;
        }

      g_ptr_array_add (explorers,
                       g_object_new (NILE_TYPE_EXPLORER,
                                     "id", row->id,
                                     "player", row->player_name,
                                     "name", row->name,
                                     "specialty", row->specialty,
                                     "port", row->port,
                                     "status", row->status,
                                     "status-turn", (int) status_turn,
                                     "previous-status", previous_status,
                                     "hex", row->hex,
                                     "distance-from-port", (int) row->distance_from_port,
                                     "farthest-from-port", (int) row->farthest_from_port,
                                     "starving-turns", (int) row->starving_turns,
                                     "money", (int) row->money,
                                     "vp-unpublished", points.unpublished,
                                     "vp-published", points.published,
                                     "expedition", &row->makeup,
                                     "movement-cautious",
                                     movement_points (self, edition, NILE_ACTIVITY_CAUTIOUS, &row->makeup),
                                     "movement-normal",
                                     movement_points (self, edition, NILE_ACTIVITY_NORMAL, &row->makeup),
                                     "movement-reckless",
                                     movement_points (self, edition, NILE_ACTIVITY_RECKLESS, &row->makeup),
                                     NULL));
    }

  return g_steal_pointer (&explorers);
}

static GVariant *
read_relations (NileCampaignBook  *self,
                gint64             tribe_id,
                const char        *size,
                GError           **error)
{
  GVariantBuilder builder;
  GVariant *relations;
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT e.name, p.name, r.friendly, r.attitude, r.negotiated, r.gifts_traded,"
                           " r.battles_won, r.battles_lost, r.journalist_credited, r.prisoners_released"
                           " FROM relation r JOIN explorer e ON e.id = r.explorer_id"
                           " JOIN player p ON p.id = e.player_id WHERE r.tribe_id = ?1 ORDER BY r.id",
                           g_variant_new ("(x)", tribe_id), error);
  if (stmt == NULL)
    return NULL;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int size_value;

      g_variant_builder_open (&builder, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&builder, "{sv}", "explorer",
                             g_variant_new_string (_nile_sqlite_column_text (stmt, 0)));
      g_variant_builder_add (&builder, "{sv}", "player",
                             g_variant_new_string (_nile_sqlite_column_text (stmt, 1)));
      g_variant_builder_add (&builder, "{sv}", "friendly", g_variant_new_boolean (sqlite3_column_int (stmt, 2)));
      g_variant_builder_add (&builder, "{sv}", "attitude", g_variant_new_int32 (sqlite3_column_int (stmt, 3)));
      g_variant_builder_add (&builder, "{sv}", "negotiated", g_variant_new_boolean (sqlite3_column_int (stmt, 4)));
      g_variant_builder_add (&builder, "{sv}", "gifts-traded", g_variant_new_int32 (sqlite3_column_int (stmt, 5)));
      if (size != NULL && nile_enum_from_nick (NILE_TYPE_TRIBE_SIZE, size, &size_value))
        g_variant_builder_add (&builder, "{sv}", "gifts-left",
                               g_variant_new_int32 (nile_trade_gifts_left (size_value,
                                                                           sqlite3_column_int (stmt, 5))));
      g_variant_builder_add (&builder, "{sv}", "battles-won", g_variant_new_int32 (sqlite3_column_int (stmt, 6)));
      g_variant_builder_add (&builder, "{sv}", "battles-lost", g_variant_new_int32 (sqlite3_column_int (stmt, 7)));
      g_variant_builder_add (&builder, "{sv}", "journalist-credited",
                             g_variant_new_boolean (sqlite3_column_int (stmt, 8)));
      g_variant_builder_add (&builder, "{sv}", "prisoners-released",
                             g_variant_new_int32 (sqlite3_column_int (stmt, 9)));
      g_variant_builder_close (&builder);
    }

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      g_variant_builder_clear (&builder);
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  relations = g_variant_builder_end (&builder);
  /* Flattened at once into one buffer: as a tree of a dozen small
   * values a relation, a campaign's thousands took megabytes. */
  g_variant_get_data (relations);

  return relations;
}

typedef struct {
  gint64   id;
  int      counter;
  char    *hex;
  char    *size;
  int      natives;
  gboolean desert;
} TribeRow;

static void
tribe_row_clear (gpointer data)
{
  TribeRow *row = data;

  g_free (row->hex);
  g_free (row->size);
}

static GPtrArray *
read_tribes (NileCampaignBook  *self,
             GError           **error)
{
  g_autoptr(GPtrArray) tribes = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (TribeRow));
  sqlite3_stmt *stmt;
  int rc;

  g_array_set_clear_func (rows, tribe_row_clear);

  /* Relations are read with another statement, so collect the tribes first. */
  stmt = _nile_book_query (self->campaign,
                           "SELECT id, counter, hex, size, natives, desert FROM tribe ORDER BY counter",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TribeRow row = {
        .id = sqlite3_column_int64 (stmt, 0),
        .counter = sqlite3_column_int (stmt, 1),
        .hex = g_strdup (_nile_sqlite_column_text (stmt, 2)),
        .size = g_strdup (_nile_sqlite_column_text (stmt, 3)),
        .natives = sqlite3_column_int (stmt, 4),
        .desert = sqlite3_column_int (stmt, 5) != 0,
      };

      g_array_append_val (rows, row);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  for (guint i = 0; i < rows->len; i++)
    {
      TribeRow *row = &g_array_index (rows, TribeRow, i);
      GVariant *relations = read_relations (self, row->id, row->size, error);

      if (relations == NULL)
        return NULL;

      g_ptr_array_add (tribes,
                       g_object_new (NILE_TYPE_TRIBE,
                                     "counter", row->counter,
                                     "hex", row->hex,
                                     "size", row->size,
                                     "natives", row->natives,
                                     "desert", row->desert,
                                     "relations", relations,
                                     NULL));
    }

  return g_steal_pointer (&tribes);
}

static GPtrArray *
read_caches (NileCampaignBook  *self,
             GError           **error)
{
  g_autoptr(GPtrArray) caches = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT c.number, e.name, p.name, c.hex, c.state, c.rations, c.water, c.gifts,"
                           " c.muskets, c.tusks, c.specimens, c.pelts"
                           " FROM cache c JOIN explorer e ON e.id = c.explorer_id"
                           " JOIN player p ON p.id = e.player_id ORDER BY c.id",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (caches,
                     g_object_new (NILE_TYPE_CACHE,
                                   "number", sqlite3_column_int (stmt, 0),
                                   "explorer", _nile_sqlite_column_text (stmt, 1),
                                   "player", _nile_sqlite_column_text (stmt, 2),
                                   "hex", _nile_sqlite_column_text (stmt, 3),
                                   "state", _nile_sqlite_column_text (stmt, 4),
                                   "rations", sqlite3_column_int (stmt, 5),
                                   "water", sqlite3_column_int (stmt, 6),
                                   "gifts", sqlite3_column_int (stmt, 7),
                                   "muskets", sqlite3_column_int (stmt, 8),
                                   "tusks", sqlite3_column_int (stmt, 9),
                                   "specimens", sqlite3_column_int (stmt, 10),
                                   "pelts", sqlite3_column_int (stmt, 11),
                                   NULL));

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&caches);
}

static GPtrArray *
read_discoveries (NileCampaignBook  *self,
                  GError           **error)
{
  g_autoptr(GPtrArray) discoveries = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT h.label, e.name, p.name, h.turn, h.terrain, h.river, h.oasis, h.cataract,"
                           " h.natives, ifnull (h.mountain_ft, 0), ifnull (h.waterfall_ft, 0),"
                           " ifnull (h.lake_sq_mi, 0), ifnull (h.special_counter, 0), h.partial, h.vp,"
                           " h.published_turn IS NOT NULL, ifnull (l.hexes, 0),"
                           " (SELECT oe.name FROM hex_discovery o JOIN explorer oe ON oe.id = o.explorer_id"
                           "  WHERE o.label = h.label AND o.id <> h.id AND o.published_turn IS NOT NULL"
                           "  AND h.published_turn IS NULL)"
                           " FROM hex_discovery h JOIN explorer e ON e.id = h.explorer_id"
                           " JOIN player p ON p.id = e.player_id"
                           " LEFT JOIN lake_extent l ON l.hex_id = h.id ORDER BY h.id",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (discoveries,
                     g_object_new (NILE_TYPE_HEX_DISCOVERY,
                                   "label", _nile_sqlite_column_text (stmt, 0),
                                   "explorer", _nile_sqlite_column_text (stmt, 1),
                                   "player", _nile_sqlite_column_text (stmt, 2),
                                   "turn", sqlite3_column_int (stmt, 3),
                                   "terrain", _nile_sqlite_column_text (stmt, 4),
                                   "river", sqlite3_column_int (stmt, 5) != 0,
                                   "oasis", sqlite3_column_int (stmt, 6) != 0,
                                   "cataract", sqlite3_column_int (stmt, 7) != 0,
                                   "natives", sqlite3_column_int (stmt, 8) != 0,
                                   "mountain", sqlite3_column_int (stmt, 9),
                                   "waterfall", sqlite3_column_int (stmt, 10),
                                   "lake", sqlite3_column_int (stmt, 11),
                                   "special", sqlite3_column_int (stmt, 12),
                                   "partial", sqlite3_column_int (stmt, 13) != 0,
                                   "vp", sqlite3_column_int (stmt, 14),
                                   "published", sqlite3_column_int (stmt, 15) != 0,
                                   "lake-hexes", sqlite3_column_int (stmt, 16),
                                   "published-first-by", _nile_sqlite_column_text (stmt, 17),
                                   NULL));

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&discoveries);
}

/* The line of the VP ledger @v that bonus discovery @b wrote (SQL
 * aliases): its explorer's, in its turn, with its words and its VP. One
 * bonus card is drawn a turn (R 20.1), so there is one. */
#define BONUS_VP_LINE(b, v) \
  v ".explorer_id = " b ".explorer_id AND " v ".turn = " b ".turn AND " v ".hex_id IS NULL" \
  " AND " v ".amount = " b ".vp AND " v ".reason = " b ".description"

/* Every bonus discovery, with its name and item where it has them and
 * the state of its VP (R 20.6). A bonus with neither names its VP line
 * nowhere, and it is found as BONUS_VP_LINE says. */
static GPtrArray *
read_bonuses (NileCampaignBook  *self,
              GError           **error)
{
  g_autoptr(GPtrArray) bonuses = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT b.description, n.name, e.name, p.name, b.turn, b.vp, i.item,"
                           " (SELECT v.state FROM vp_entry v WHERE v.id = coalesce (i.vp_entry_id, n.vp_entry_id,"
                           "  (SELECT w.id FROM vp_entry w WHERE " BONUS_VP_LINE ("b", "w") " ORDER BY w.id LIMIT 1)))"
                           " FROM bonus_discovery b JOIN explorer e ON e.id = b.explorer_id"
                           " JOIN player p ON p.id = e.player_id"
                           " LEFT JOIN bonus_name n ON n.bonus_id = b.id"
                           " LEFT JOIN bonus_item i ON i.bonus_id = b.id ORDER BY b.id",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (bonuses,
                     g_object_new (NILE_TYPE_BONUS_DISCOVERY,
                                   "description", _nile_sqlite_column_text (stmt, 0),
                                   "name", _nile_sqlite_column_text (stmt, 1),
                                   "explorer", _nile_sqlite_column_text (stmt, 2),
                                   "player", _nile_sqlite_column_text (stmt, 3),
                                   "turn", sqlite3_column_int (stmt, 4),
                                   "vp", sqlite3_column_int (stmt, 5),
                                   "item", _nile_sqlite_column_text (stmt, 6),
                                   "state", _nile_sqlite_column_text (stmt, 7),
                                   NULL));

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&bonuses);
}

/* The lines of the VP ledger that are neither a hex mapped nor a bonus
 * discovery, which the book lists on their own: epic journeys,
 * interviews, battles, villages spared, spectacular discoveries ranked,
 * and the losses. */
static GPtrArray *
read_other_vp (NileCampaignBook  *self,
               GError           **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_book_query (self->campaign,
                           "SELECT v.reason, e.name, p.name, v.turn, v.amount, v.state"
                           " FROM vp_entry v JOIN player p ON p.id = v.player_id"
                           " LEFT JOIN explorer e ON e.id = v.explorer_id"
                           " WHERE v.hex_id IS NULL AND NOT EXISTS (SELECT 1 FROM bonus_discovery b"
                           "  WHERE " BONUS_VP_LINE ("b", "v") ")"
                           " ORDER BY v.id",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (entries,
                     g_object_new (NILE_TYPE_VP_ENTRY,
                                   "reason", _nile_sqlite_column_text (stmt, 0),
                                   "explorer", _nile_sqlite_column_text (stmt, 1),
                                   "player", _nile_sqlite_column_text (stmt, 2),
                                   "turn", sqlite3_column_int (stmt, 3),
                                   "amount", sqlite3_column_int (stmt, 4),
                                   "state", _nile_sqlite_column_text (stmt, 5),
                                   NULL));

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&entries);
}

static gboolean
values_equal (GParamSpec   *pspec,
              const GValue *a,
              const GValue *b)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  /* GLib compares boxed values and variants by address; the book's
   * items are read afresh, so compare what they hold. */
  if (G_IS_PARAM_SPEC_VARIANT (pspec))
    {
      GVariant *va = g_value_get_variant (a), *vb = g_value_get_variant (b);

      return va == vb || (va != NULL && vb != NULL && g_variant_equal (va, vb));
    }
  if (type == G_TYPE_STRV)
    {
      const char * const *va = g_value_get_boxed (a), * const *vb = g_value_get_boxed (b);

      return va == vb || (va != NULL && vb != NULL && g_strv_equal (va, vb));
    }
  if (type == NILE_TYPE_EXPEDITION)
    {
      const NileExpedition *va = g_value_get_boxed (a), *vb = g_value_get_boxed (b);

      return va == vb || (va != NULL && vb != NULL && nile_expedition_equal (va, vb));
    }

  /* Any other boxed or object value differs unless it is the same one,
   * which at worst makes an unchanged item look changed. */
  return g_param_values_cmp (pspec, a, b) == 0;
}

/* Whether two items of a list say the same, property by property. */
static gboolean
items_equal (GObject *a,
             GObject *b)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs;

  if (G_OBJECT_TYPE (a) != G_OBJECT_TYPE (b))
    return FALSE;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (a), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto(GValue) value_a = G_VALUE_INIT;
      g_auto(GValue) value_b = G_VALUE_INIT;

      if (!(pspecs[i]->flags & G_PARAM_READABLE))
        continue;

      g_value_init (&value_a, G_PARAM_SPEC_VALUE_TYPE (pspecs[i]));
      g_value_init (&value_b, G_PARAM_SPEC_VALUE_TYPE (pspecs[i]));
      g_object_get_property (a, pspecs[i]->name, &value_a);
      g_object_get_property (b, pspecs[i]->name, &value_b);
      if (!values_equal (pspecs[i], &value_a, &value_b))
        return FALSE;
    }

  return TRUE;
}

static gboolean
holds_equal (GListModel *model,
             guint       position,
             gpointer    item)
{
  g_autoptr(GObject) held = g_list_model_get_item (model, position);

  return items_equal (held, item);
}

/* Takes in @items, keeping the objects of the unchanged run at either
 * end: a change touches a row or two, so one small "items-changed" (or
 * none) tells a list view what to redraw. */
static void
update_store (GListStore *store,
              GPtrArray  *items)
{
  GListModel *model = G_LIST_MODEL (store);
  guint start = 0;
  guint old_end = g_list_model_get_n_items (model);
  guint new_end = items->len;

  while (start < old_end && start < new_end && holds_equal (model, start, items->pdata[start]))
    start++;
  while (old_end > start && new_end > start && holds_equal (model, old_end - 1, items->pdata[new_end - 1]))
    {
      old_end--;
      new_end--;
    }

  if (start == old_end && start == new_end)
    return;

  g_list_store_splice (store, start, old_end - start, items->pdata + start, new_end - start);
}

/**
 * nile_campaign_book_refresh:
 *
 * Rereads everything. The book does this by itself after every change;
 * call it only after setting a new activity chart. On error, the lists
 * keep what they held.
 */
gboolean
nile_campaign_book_refresh (NileCampaignBook  *self,
                            GError           **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) explorers = NULL;
  g_autoptr(GPtrArray) tribes = NULL;
  g_autoptr(GPtrArray) caches = NULL;
  g_autoptr(GPtrArray) discoveries = NULL;
  g_autoptr(GPtrArray) bonuses = NULL;
  g_autoptr(GPtrArray) other_vp = NULL;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), FALSE);

  if (!(players = read_players (self, error)) ||
      !(explorers = read_explorers (self, error)) ||
      (self->tribes_wanted && !(tribes = read_tribes (self, error))) ||
      !(caches = read_caches (self, error)) ||
      !(discoveries = read_discoveries (self, error)) ||
      !(bonuses = read_bonuses (self, error)) ||
      !(other_vp = read_other_vp (self, error)) ||
      !read_rules (self, error))
    return FALSE;

  update_store (self->players, players);
  /* A new chart may change only whether an allowance is to be checked,
   * which no explorer property holds: every explorer is new to the view. */
  if (self->chart_changed)
    g_list_store_splice (self->explorers, 0, g_list_model_get_n_items (G_LIST_MODEL (self->explorers)),
                         explorers->pdata, explorers->len);
  else
    update_store (self->explorers, explorers);
  self->chart_changed = FALSE;
  if (tribes != NULL)
    update_store (self->tribes, tribes);
  update_store (self->caches, caches);
  update_store (self->discoveries, discoveries);
  update_store (self->bonuses, bonuses);
  update_store (self->other_vp, other_vp);
  return TRUE;
}

/* ---- Accessors ------------------------------------------------------ */

const char *
nile_campaign_book_get_name (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return self->name;
}

int
nile_campaign_book_get_game (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), 0);
  return self->game;
}

int
nile_campaign_book_get_goal (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), 0);
  return self->goal;
}

const char *
nile_campaign_book_get_edition (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return self->edition;
}

gboolean
nile_campaign_book_get_poison_one_in_36 (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), FALSE);
  return self->poison_one_in_36;
}

/**
 * nile_campaign_book_get_roll_inputs:
 * @self: the book
 * @player: (nullable): the player who rolls
 *
 * The inputs the campaign itself answers for @player's rolls: its house
 * rules, the activity level @player chose this turn, and the terrain,
 * river and oasis of the hex his explorer is in when it is mapped (the
 * hex a Lost roll leaves, the one a hunt is in). What his expedition
 * answers comes from nile_explorer_get_roll_inputs().
 *
 * Returns: (transfer floating): an a{sv}
 */
GVariant *
nile_campaign_book_get_roll_inputs (NileCampaignBook *self,
                                    const char       *player)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(NileExplorer) explorer = NULL;
  NileHexDiscovery *hex = NULL;
  const char *activity = NULL;
  GVariantDict inputs;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  g_variant_dict_init (&inputs, NULL);
  g_variant_dict_insert (&inputs, "house-poison-36", "b", self->poison_one_in_36);

  /* A player the book can't find has chosen nothing. */
  if (player != NULL)
    steps = nile_turn_get_steps (self->campaign, player, NULL);
  if (steps != NULL)
    activity = g_hash_table_lookup (steps, "activity");
  if (activity != NULL)
    g_variant_dict_insert (&inputs, "activity", "s", activity);

  explorer = nile_campaign_book_dup_current_explorer (self, player);
  if (explorer != NULL)
    hex = nile_campaign_book_find_discovery (self, nile_explorer_get_hex (explorer));
  if (hex != NULL)
    {
      g_variant_dict_insert (&inputs, "terrain", "s", nile_hex_discovery_get_terrain (hex));
      g_variant_dict_insert (&inputs, "river", "b", nile_hex_discovery_get_river (hex));
      g_variant_dict_insert (&inputs, "oasis", "b", nile_hex_discovery_get_oasis (hex));
    }

  return g_variant_dict_end (&inputs);
}

int
nile_campaign_book_get_turn (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), 0);
  return self->turn;
}

const char *
nile_campaign_book_get_current_player (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return self->current_player;
}

const char *
nile_campaign_book_get_winner (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return self->winner;
}

GListModel *
nile_campaign_book_get_players (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return G_LIST_MODEL (self->players);
}

/**
 * nile_campaign_book_dup_current_explorer:
 * @self: the book
 * @player: (nullable): a player's name, as the book spells it
 *
 * Returns: (transfer full) (nullable): the newest explorer @player has
 *   sent, whatever became of him, or %NULL when he has sent none
 */
NileExplorer *
nile_campaign_book_dup_current_explorer (NileCampaignBook *self,
                                         const char       *player)
{
  GListModel *explorers;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  if (player == NULL)
    return NULL;

  explorers = G_LIST_MODEL (self->explorers);
  for (guint i = g_list_model_get_n_items (explorers); i > 0; i--)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i - 1);

      if (g_strcmp0 (nile_explorer_get_player (explorer), player) == 0)
        return g_steal_pointer (&explorer);
    }

  return NULL;
}

/**
 * nile_campaign_book_find_player:
 * @self: the book
 * @name: a player's name, in any case
 *
 * Returns: (transfer none) (nullable): the player called @name as the
 *   campaign compares names, whatever their case in any alphabet
 */
NilePlayer *
nile_campaign_book_find_player (NileCampaignBook *self,
                                const char       *name)
{
  g_autofree char *wanted = NULL;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  wanted = _nile_book_fold_name (name);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->players)); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (G_LIST_MODEL (self->players), i);
      g_autofree char *folded = _nile_book_fold_name (nile_player_get_name (player));

      /* The list keeps him: handed out without a reference. */
      if (g_str_equal (folded, wanted))
        return player;
    }

  return NULL;
}

GListModel *
nile_campaign_book_get_explorers (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return G_LIST_MODEL (self->explorers);
}

GListModel *
nile_campaign_book_get_tribes (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  if (!self->tribes_wanted)
    {
      g_autoptr(GPtrArray) tribes = NULL;
      g_autoptr(GError) error = NULL;

      self->tribes_wanted = TRUE;
      tribes = read_tribes (self, &error);
      if (tribes == NULL)
        g_warning ("Could not read the tribes: %s", error->message);
      else
        update_store (self->tribes, tribes);
    }

  return G_LIST_MODEL (self->tribes);
}

GListModel *
nile_campaign_book_get_caches (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return G_LIST_MODEL (self->caches);
}

GListModel *
nile_campaign_book_get_discoveries (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);
  return G_LIST_MODEL (self->discoveries);
}

/**
 * nile_campaign_book_get_bonus_discoveries:
 * @self: the book
 *
 * Returns: (transfer none): every bonus discovery (R 20.6), a list of
 *   #NileBonusDiscovery in the order they were made
 */
GListModel *
nile_campaign_book_get_bonus_discoveries (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  return G_LIST_MODEL (self->bonuses);
}

/**
 * nile_campaign_book_get_other_vp:
 * @self: the book
 *
 * The VP ledger's lines that are not a hex mapped nor a bonus discovery
 * (each listed with its own): epic journeys, interviews, battles,
 * villages spared, spectacular discoveries ranked, and losses.
 *
 * Returns: (transfer none): a list of #NileVpEntry, in the order they
 *   were written
 */
GListModel *
nile_campaign_book_get_other_vp (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  return G_LIST_MODEL (self->other_vp);
}

/**
 * nile_campaign_book_find_discovery:
 * @self: the book
 * @label: a hex's label on the board
 *
 * Returns: (transfer none) (nullable): what was recorded of hex @label
 *   when it was first mapped: its terrain, river and the rest
 */
NileHexDiscovery *
nile_campaign_book_find_discovery (NileCampaignBook *self,
                                   const char       *label)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  for (guint i = 0; label != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->discoveries)); i++)
    {
      g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (G_LIST_MODEL (self->discoveries), i);

      /* The list keeps it: handed out without a reference. */
      if (g_strcmp0 (nile_hex_discovery_get_label (hex), label) == 0)
        return hex;
    }

  return NULL;
}

void
nile_campaign_book_set_activity_chart (NileCampaignBook        *self,
                                       const NileActivityChart *chart)
{
  g_return_if_fail (NILE_IS_CAMPAIGN_BOOK (self));
  g_return_if_fail (chart != NULL);

  if (memcmp (&self->chart, chart, sizeof *chart) != 0)
    self->chart_changed = TRUE;
  self->chart = *chart;
}

const NileActivityChart *
nile_campaign_book_get_activity_chart (NileCampaignBook *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  return &self->chart;
}

/* ---- JSON ----------------------------------------------------------- */

/* Every readable property by its name: the JSON shows exactly what the
 * window binds to. */
static JsonNode *
object_to_json (GObject *object)
{
  g_autoptr(JsonObject) json = json_object_new ();
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      const char *name = pspecs[i]->name;
      g_auto(GValue) value = G_VALUE_INIT;
      GType type = G_PARAM_SPEC_VALUE_TYPE (pspecs[i]);

      if (!(pspecs[i]->flags & G_PARAM_READABLE) || g_type_is_a (type, G_TYPE_OBJECT))
        continue;

      g_value_init (&value, type);
      g_object_get_property (object, name, &value);

      if (type == G_TYPE_INT)
        json_object_set_int_member (json, name, g_value_get_int (&value));
      else if (type == G_TYPE_INT64)
        json_object_set_int_member (json, name, g_value_get_int64 (&value));
      else if (type == G_TYPE_BOOLEAN)
        json_object_set_boolean_member (json, name, g_value_get_boolean (&value));
      else if (type == G_TYPE_STRING)
        {
          if (g_value_get_string (&value) != NULL)
            json_object_set_string_member (json, name, g_value_get_string (&value));
          else
            json_object_set_null_member (json, name);
        }
      else if (type == G_TYPE_STRV)
        {
          g_autoptr(JsonArray) array = json_array_new ();
          const char * const *strv = g_value_get_boxed (&value);

          for (guint j = 0; strv != NULL && strv[j] != NULL; j++)
            json_array_add_string_element (array, strv[j]);
          json_object_set_array_member (json, name, g_steal_pointer (&array));
        }
      else if (type == NILE_TYPE_EXPEDITION)
        json_object_set_object_member (json, name, nile_expedition_to_json (g_value_get_boxed (&value)));
      else if (type == G_TYPE_VARIANT)
        {
          GVariant *variant = g_value_get_variant (&value);

          if (variant != NULL)
            json_object_set_member (json, name, json_gvariant_serialize (variant));
          else
            json_object_set_null_member (json, name);
        }
    }

  return json_node_init_object (json_node_alloc (), json);
}

static JsonArray *
list_to_json (GListModel *model)
{
  JsonArray *array = json_array_new ();
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      json_array_add_element (array, object_to_json (item));
    }

  return array;
}

/* The encounters players stopped halfway: whose, with which tribe, and
 * the step each takes up again at, or why it can't be. */
static JsonArray *
kept_encounters_to_json (NileCampaignBook *self)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->players)); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (G_LIST_MODEL (self->players), i);
      g_autoptr(NileEncounter) encounter = NULL;
      g_autoptr(GError) error = NULL;
      JsonObject *kept;

      encounter = nile_encounter_load (self->campaign, nile_player_get_name (player), &error);
      if (encounter == NULL && error == NULL)
        continue;

      kept = json_object_new ();
      json_object_set_string_member (kept, "player", nile_player_get_name (player));
      if (encounter != NULL)
        {
          json_object_set_int_member (kept, "tribe", nile_encounter_get_tribe (encounter));
          json_object_set_string_member (kept, "step", nile_encounter_get_step (encounter));
        }
      else
        json_object_set_string_member (kept, "unreadable", error->message);
      json_array_add_object_element (array, kept);
    }

  return array;
}

JsonNode *
nile_campaign_book_to_json (NileCampaignBook *self)
{
  JsonNode *node;
  JsonObject *json;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (self), NULL);

  node = object_to_json (G_OBJECT (self));
  json = json_node_get_object (node);
  json_object_set_array_member (json, "players", list_to_json (G_LIST_MODEL (self->players)));
  json_object_set_array_member (json, "explorers", list_to_json (G_LIST_MODEL (self->explorers)));
  json_object_set_array_member (json, "tribes", list_to_json (nile_campaign_book_get_tribes (self)));
  json_object_set_array_member (json, "caches", list_to_json (G_LIST_MODEL (self->caches)));
  json_object_set_array_member (json, "discoveries", list_to_json (G_LIST_MODEL (self->discoveries)));
  json_object_set_array_member (json, "bonuses", list_to_json (G_LIST_MODEL (self->bonuses)));
  json_object_set_array_member (json, "other_vp", list_to_json (G_LIST_MODEL (self->other_vp)));
  json_object_set_array_member (json, "encounters", kept_encounters_to_json (self));
  return node;
}
