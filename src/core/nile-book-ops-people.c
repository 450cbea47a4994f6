/* nile-book-ops-people.c: operations on the campaign, its players and
 * their expeditions
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every function here runs inside the transaction nile_campaign_apply()
 * opened; an error rolls back whatever it wrote, so checks may come late.
 * The arithmetic of carrying, eating and losing lives in
 * nile-expedition.c, nile-upkeep.c and nile-victory.c: these functions
 * only read the book, call it, and write the result back.
 */
#define G_LOG_DOMAIN "nile-book-ops"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-epic-journey.h"
#include "nile-error.h"
#include "nile-operation-private.h"
#include "nile-roll-result.h"
#include "nile-turn.h"
#include "nile-upkeep.h"

/* A word and its plural, for g_dngettext() to choose between later:
 * xgettext reads the pair as one message with its plural form
 * (po/meson.build gives it the keyword), where two N_() would make
 * two messages that ngettext never finds. */
#define NP_(one, many) one, many

/* What an expedition may buy in port, and where it goes in the make-up
 * (R 5.4: purchased rations are non-perishable, animals start as pack
 * mounts until set-mode rides them). */
static const struct {
  const char *kind;
  const char *field;
  const char *only_at[4];  /* ports that sell it, NULL-terminated; empty: every port */
  const char *rule;
  const char *one;         /* the log's words for one of them … */
  const char *many;        /* … and for several */
} purchases[] = {
  { "bearers", "bearers", { NULL }, NULL, NP_("bearer", "bearers") },
  { "guides", "guides", { NULL }, NULL, NP_("guide", "guides") },
  { "askaris", "askaris", { NULL }, NULL, NP_("askari", "askaris") },
  { "horses", "pack_horses", { "Durban", "Port Elizabeth", "Capetown", NULL }, "R 5.426",
    NP_("horse", "horses") },
  { "camels", "pack_camels", { "Khartoum", NULL }, "R 5.427", NP_("camel", "camels") },
  { "canoes", "canoes", { NULL }, NULL, NP_("canoe", "canoes") },
  { "rations", "rations", { NULL }, NULL, NP_("ration", "rations") },
  { "gifts", "gifts", { NULL }, NULL, NP_("gift", "gifts") },
  { "muskets", "muskets", { NULL }, NULL, NP_("musket", "muskets") },
};

/* Start money of a player's first expedition (R 5.1) and the passage
 * to Africa without a free ticket (R 26.6). */
#define START_MONEY 1000
#define PASSAGE_COST 500

/* ---- set-campaign -------------------------------------------------- */

const NileOperationParam _nile_book_set_campaign_params[] = {
  { "name", "s", TRUE, N_("the campaign's name") },
  { "game", "x", TRUE, N_("1 for a single expedition race, 2 for the campaign game") },
  { "goal", "x", TRUE, N_("published VP that win (75 unless agreed otherwise, R 7)") },
  { "edition", "s", TRUE, N_("ah (Avalon Hill) or dg (Discovery Games)") },
  { "poison-one-in-36", "b", TRUE, N_("house rule: a trade poisons only on two ones (1 in 36)"),
    .left_as_is = TRUE },
  { NULL }
};

gboolean
_nile_book_set_campaign (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  const char *name = _nile_book_param_str (params, "name");
  gint64 game, goal, tribes, poison_now;
  gboolean poison;
  const char *edition_nick;
  NileEdition edition;
  int value;

  if (!_nile_book_get_int (campaign, "SELECT game FROM game WHERE id = 1", NULL, 2, &game, error) ||
      !_nile_book_get_int (campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL,
                           NILE_VICTORY_DEFAULT_GOAL, &goal, error) ||
      !_nile_book_get_int (campaign, "SELECT poison_one_in_36 FROM game WHERE id = 1", NULL, 0,
                           &poison_now, error) ||
      !_nile_book_get_edition (campaign, &edition, error))
    return FALSE;

  {
    gboolean any = FALSE;

    for (const NileOperationParam *p = _nile_book_set_campaign_params; p->name != NULL; p++)
      any |= g_variant_dict_contains (params, p->name);
    if (!any)
      {
        g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                             _("Nothing to change: give a name, the game, the VP goal, the edition or the"
                               " poison house rule"));
        return FALSE;
      }
  }

  poison = _nile_book_param_bool (params, "poison-one-in-36", poison_now != 0);
  game = _nile_book_param_int (params, "game", game);
  goal = _nile_book_param_int (params, "goal", goal);
  if (!_nile_book_check_range (game, 1, 2, _("The game"), error) ||
      !_nile_book_check_range (goal, 1, 1000, _("The VP goal"), error))
    return FALSE;

  edition_nick = _nile_book_param_str (params, "edition");
  if (edition_nick != NULL)
    {
      if (!nile_enum_from_nick (NILE_TYPE_EDITION, edition_nick, &value))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is not an edition: use ah or dg"), edition_nick);
          return FALSE;
        }

      /* AH tribes have a size, DG tribes a head count: they do not convert. */
      if (!_nile_book_get_int (campaign, "SELECT count (*) FROM tribe", NULL, 0, &tribes, error))
        return FALSE;
      if ((NileEdition) value != edition && tribes > 0)
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                               _("The edition cannot change once tribes are recorded"));
          return FALSE;
        }
      edition = value;
    }

  if (name != NULL)
    {
      g_autofree char *stripped = _nile_book_clean_name (name, _("The campaign’s name"), error);

      if (stripped == NULL ||
          !_nile_book_exec (campaign,
                            "INSERT INTO meta (key, value) VALUES ('name', ?1)"
                            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                            g_variant_new ("(s)", stripped), error))
        return FALSE;
      g_string_append_printf (summary, _("Campaign “%s”. "), stripped);
    }

  if (!_nile_book_exec (campaign,
                        "UPDATE game SET game = ?1, vp_goal = ?2, edition = ?3, poison_one_in_36 = ?4"
                        " WHERE id = 1",
                        g_variant_new ("(xxsb)", game, goal,
                                       nile_enum_to_nick (NILE_TYPE_EDITION, edition), poison),
                        error))
    return FALSE;

  /* Game II has no goal: the most points when the table stops win (R 2.3). */
  if (game == 1)
    g_string_append_printf (summary, _("Rules: Game I to %d VP, %s edition, poison %s"), (int) goal,
                            nile_display_name (NILE_TYPE_EDITION, nile_enum_to_nick (NILE_TYPE_EDITION, edition)),
                            poison ? _("on two ones") : _("on a one"));
  else
    g_string_append_printf (summary, _("Rules: Game II, %s edition, poison %s"),
                            nile_display_name (NILE_TYPE_EDITION, nile_enum_to_nick (NILE_TYPE_EDITION, edition)),
                            poison ? _("on two ones") : _("on a one"));
  return TRUE;
}

/* ---- Players ------------------------------------------------------- */

/* Counters of one colour on the board belong to one player: @colour
 * may be taken by nobody but the player @except_id (0 for none). */
static gboolean
check_colour_free (NileCampaign  *campaign,
                   const char    *colour,
                   gint64         except_id,
                   GError       **error)
{
  g_autofree char *holder = NULL;

  if (colour == NULL || *colour == '\0')
    return TRUE;

  if (!_nile_book_get_text (campaign, "SELECT name FROM player WHERE colour = ?1 COLLATE NOCASE AND id <> ?2",
                            g_variant_new ("(sx)", colour, except_id), &holder, error))
    return FALSE;

  if (holder != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (colour, -1);

      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("%s already plays %s: choose another colour"), holder, lower);
      return FALSE;
    }

  return TRUE;
}

const NileOperationParam _nile_book_add_player_params[] = {
  { "name", "s", FALSE, N_("the player's name") },
  { "colour", "s", TRUE, N_("the colour of the player's counters") },
  { NULL }
};

gboolean
_nile_book_add_player (NileCampaign  *campaign,
                       sqlite3       *db,
                       GVariantDict  *params,
                       GString       *summary,
                       GError       **error)
{
  const char *colour_given = _nile_book_param_str (params, "colour");
  g_autofree char *stripped = NULL;
  g_autofree char *colour = NULL;
  g_autofree char *holder = NULL;
  gint64 existing, order, id;

  stripped = _nile_book_clean_name (_nile_book_param_str (params, "name"), _("A player’s name"), error);
  if (stripped == NULL)
    return FALSE;
  colour = _nile_book_clean_optional (colour_given != NULL ? colour_given : "", _("The colour"), error);
  if (colour == NULL)
    return FALSE;

  if (!_nile_book_find_player_like (campaign, stripped, 0, &existing, &holder, error) ||
      !_nile_book_get_int (campaign, "SELECT max (turn_order) FROM player", NULL, 0, &order, error))
    return FALSE;

  if (existing != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("There is already a player called “%s”"), holder);
      return FALSE;
    }

  if (!check_colour_free (campaign, colour, 0, error))
    return FALSE;

  /* A new id, never one the journal names: the lines of a player
   * removed (remove-player), or of one added and undone, stay his and
   * do not become the newcomer's. */
  if (!_nile_book_exec (campaign,
                        "INSERT INTO player (id, name, colour, turn_order) VALUES"
                        " (max (coalesce ((SELECT max (id) FROM player), 0),"
                        "  coalesce ((SELECT max (player_id) FROM journal), 0)) + 1, ?1, ?2, ?3)",
                        g_variant_new ("(ssx)", stripped, colour, order + 1),
                        error))
    return FALSE;

  /* The line of this change is about the newcomer. */
  id = sqlite3_last_insert_rowid (db);
  _nile_campaign_note_player (campaign, id);

  if (!_nile_book_exec (campaign, "UPDATE game SET current_player = ?1 WHERE id = 1 AND current_player IS NULL",
                        g_variant_new ("(x)", id), error))
    return FALSE;

  g_string_append_printf (summary, _("Added player %s, number %d in turn order"),
                          stripped, (int) order + 1);
  return TRUE;
}

const NileOperationParam _nile_book_rename_player_params[] = {
  { "player", "s", FALSE, N_("the player's current name"), .names_player = TRUE },
  { "name", "s", FALSE, N_("the new name") },
  { NULL }
};

gboolean
_nile_book_rename_player (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autofree char *name = NULL;
  g_autofree char *old_name = NULL;
  g_autofree char *holder = NULL;
  gint64 id, clash;

  if (!_nile_book_find_player_written (campaign, player, &id, &old_name, error))
    return FALSE;
  name = _nile_book_clean_name (_nile_book_param_str (params, "name"), _("A player’s name"), error);
  if (name == NULL ||
      !_nile_book_find_player_like (campaign, name, id, &clash, &holder, error))
    return FALSE;

  if (clash != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("There is already a player called “%s”"), holder);
      return FALSE;
    }

  if (!_nile_book_exec (campaign, "UPDATE player SET name = ?2 WHERE id = ?1",
                        g_variant_new ("(xs)", id, name), error))
    return FALSE;

  g_string_append_printf (summary, _("Renamed player %s to %s"), old_name, name);
  return TRUE;
}

const NileOperationParam _nile_book_recolour_player_params[] = {
  { "player", "s", FALSE, N_("the player whose counters change colour"), .names_player = TRUE },
  { "colour", "s", FALSE, N_("the colour of his counters from now on") },
  { NULL }
};

gboolean
_nile_book_recolour_player (NileCampaign  *campaign,
                            sqlite3       *db,
                            GVariantDict  *params,
                            GString       *summary,
                            GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autofree char *written = NULL;
  g_autofree char *colour = NULL;
  g_autofree char *lower = NULL;
  gint64 id;

  if (!_nile_book_find_player_written (campaign, player, &id, &written, error))
    return FALSE;

  colour = _nile_book_clean_optional (_nile_book_param_str (params, "colour"), _("The colour"), error);
  if (colour == NULL)
    return FALSE;
  if (*colour == '\0')
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Name the colour of the player’s counters"));
      return FALSE;
    }

  if (!check_colour_free (campaign, colour, id, error) ||
      !_nile_book_exec (campaign, "UPDATE player SET colour = ?2 WHERE id = ?1",
                        g_variant_new ("(xs)", id, colour), error))
    return FALSE;

  lower = g_ascii_strdown (colour, -1);
  g_string_append_printf (summary, _("%s now plays %s"), written, lower);
  return TRUE;
}

const NileOperationParam _nile_book_reorder_player_params[] = {
  { "player", "s", FALSE, N_("the player to move in the turn order"), .names_player = TRUE },
  { "position", "x", FALSE, N_("the new place in the turn order, 1 plays first") },
  { NULL }
};

gboolean
_nile_book_check_reorder (NileCampaign  *campaign,
                          gint64         id,
                          gint64         position,
                          gint64        *new_first,
                          GError       **error)
{
  g_autofree char *current_name = NULL;
  gint64 current, current_position = 0, turn, first_other, begun;

  if (!_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current, error) ||
      !_nile_book_get_int (campaign, "SELECT turn_order FROM player WHERE id = ?1",
                           g_variant_new ("(x)", current), 0, &current_position, error) ||
      !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  /* Those before the player on turn have played this turn and the rest
   * have not: end-turn goes on down the order, so a new order mid-turn
   * would give some a second turn and skip others (R 8.1). At the start
   * of a turn everyone is still to play it. */
  if (current_position > 1)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Turn %d is under way: the turn order can change once turn %d begins, before anyone ends"
                     " a turn in it (R 8.1)"),
                   (int) turn, (int) turn + 1);
      return FALSE;
    }

  /* Who plays first once the player is slotted in at @position: the
   * order is by place, then by joining. */
  if (!_nile_book_get_int (campaign, "SELECT id FROM player WHERE id <> ?1 ORDER BY turn_order, id LIMIT 1",
                           g_variant_new ("(x)", id), 0, &first_other, error))
    return FALSE;
  *new_first = position == 1 || first_other == 0 ? id : first_other;
  if (current == 0 || *new_first == current)
    return TRUE;

  /* The turn would go to the new first player; one who has begun his
   * turn keeps it, and his place with it. Outfitting and setting out
   * the first expeditions is done before play starts (R 5.3), in turn 1
   * here: that is no turn begun. */
  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM turn_step WHERE player_id = ?1 AND turn = ?2"
                           " AND NOT (?2 = 1 AND step IN ('outfit', 'set-out'))",
                           g_variant_new ("(xx)", current, turn), 0, &begun, error) ||
      !_nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                            g_variant_new ("(x)", current), &current_name, error))
    return FALSE;
  if (begun > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has begun turn %d as its first player: he stays first until turn %d begins (R 8.1)"),
                   current_name, (int) turn, (int) turn + 1);
      return FALSE;
    }
  return TRUE;
}

gboolean
_nile_book_reorder_player (NileCampaign  *campaign,
                           sqlite3       *db,
                           GVariantDict  *params,
                           GString       *summary,
                           GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  gint64 position = _nile_book_param_int (params, "position", 0);
  g_autofree char *written = NULL;
  g_autofree char *first_name = NULL;
  gint64 id, n_players, old_position, current, first;

  if (!_nile_book_find_player_written (campaign, player, &id, &written, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM player", NULL, 0, &n_players, error) ||
      !_nile_book_check_range (position, 1, n_players, _("The position in the turn order"), error) ||
      !_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current, error) ||
      !_nile_book_check_reorder (campaign, id, position, &first, error))
    return FALSE;

  /* Renumber 1…n with the player slotted in at @position. */
  if (!_nile_book_exec (campaign,
                        "UPDATE player SET turn_order = (SELECT 1 + count (*) FROM player q"
                        "  WHERE q.id <> ?1 AND (q.turn_order < player.turn_order"
                        "   OR (q.turn_order = player.turn_order AND q.id < player.id)))"
                        " WHERE id <> ?1",
                        g_variant_new ("(x)", id), error) ||
      !_nile_book_get_int (campaign, "SELECT turn_order FROM player WHERE id = ?1",
                           g_variant_new ("(x)", id), 0, &old_position, error) ||
      !_nile_book_exec (campaign,
                        "UPDATE player SET turn_order = turn_order + 1"
                        " WHERE id <> ?1 AND turn_order >= ?2",
                        g_variant_new ("(xx)", id, position), error) ||
      !_nile_book_exec (campaign, "UPDATE player SET turn_order = ?2 WHERE id = ?1",
                        g_variant_new ("(xx)", id, position), error))
    return FALSE;

  g_string_append_printf (summary, _("%s now plays number %d in turn order"), written, (int) position);
  if (current == 0 || first == current)
    return TRUE;

  /* The turn goes to the new first player, who has not begun it
   * (_nile_book_check_reorder()). */
  if (!_nile_book_exec (campaign, "UPDATE game SET current_player = ?1 WHERE id = 1",
                        g_variant_new ("(x)", first), error) ||
      !_nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                            g_variant_new ("(x)", first), &first_name, error))
    return FALSE;
  g_string_append_printf (summary, _("; it is %s’s turn"), first_name);
  return TRUE;
}

/* What is a player's, child rows before their parents: foreign keys
 * stay on, and each row deleted here rather than by a cascade is one
 * undo puts back in its place. ?1 is the player. */
#define MY_EXPLORERS "(SELECT id FROM explorer WHERE player_id = ?1)"
#define MY_HEXES "(SELECT id FROM hex_discovery WHERE explorer_id IN " MY_EXPLORERS ")"
static const char * const remove_player_sql[] = {
  "DELETE FROM respect_won WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM bonus_name WHERE bonus_id IN (SELECT id FROM bonus_discovery WHERE explorer_id IN "
    MY_EXPLORERS ")",
  "DELETE FROM bonus_item WHERE bonus_id IN (SELECT id FROM bonus_discovery WHERE explorer_id IN "
    MY_EXPLORERS ")",
  "DELETE FROM battle WHERE relation_id IN (SELECT id FROM relation WHERE explorer_id IN " MY_EXPLORERS ")",
  "DELETE FROM relation WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM trade WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM cache WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM expedition WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM status_change WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM epic_journey_kind WHERE journey_id IN (SELECT id FROM epic_journey WHERE explorer_id IN "
    MY_EXPLORERS ")",
  "DELETE FROM epic_journey WHERE explorer_id IN " MY_EXPLORERS,
  /* Interviews by his journalists, and of his explorers by others':
   * the points the others' journalists earned stay theirs. */
  "DELETE FROM interview WHERE journalist_id IN " MY_EXPLORERS " OR subject_id IN " MY_EXPLORERS,
  "DELETE FROM spectacular_award WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM spectacular_ranking WHERE player_id = ?1",
  "DELETE FROM vp_entry WHERE player_id = ?1 OR explorer_id IN " MY_EXPLORERS " OR hex_id IN " MY_HEXES,
  "DELETE FROM lake_extent WHERE hex_id IN " MY_HEXES,
  "DELETE FROM natives_defeated WHERE hex_id IN " MY_HEXES,
  /* Hexes others mapped too stay theirs: each explorer has his own row. */
  "DELETE FROM hex_discovery WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM bonus_discovery WHERE explorer_id IN " MY_EXPLORERS,
  "DELETE FROM donation WHERE player_id = ?1",
  "DELETE FROM turn_step WHERE player_id = ?1",
  "DELETE FROM explorer WHERE player_id = ?1",
};
#undef MY_HEXES
#undef MY_EXPLORERS

const NileOperationParam _nile_book_remove_player_params[] = {
  { "player", "s", FALSE, N_("the player who leaves, with his explorers and everything they did"),
    .names_player = TRUE },
  { NULL }
};

/* The journal keeps the player's lines, and his id on them: add-player
 * never gives that id to anyone else. */
gboolean
_nile_book_remove_player (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autofree char *written = NULL;
  g_autofree char *next_name = NULL;
  gint64 id, n_players, n_explorers, position, current, next = 0, turn;
  gboolean new_turn = FALSE;

  if (!_nile_book_find_player_written (campaign, player, &id, &written, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM player", NULL, 0, &n_players, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM explorer WHERE player_id = ?1",
                           g_variant_new ("(x)", id), 0, &n_explorers, error) ||
      !_nile_book_get_int (campaign, "SELECT turn_order FROM player WHERE id = ?1",
                           g_variant_new ("(x)", id), 0, &position, error) ||
      !_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current, error) ||
      !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  /* A campaign's turns, tribes and log are its players'; a name typed
   * wrong is renamed, and a table that starts over starts a new file. */
  if (n_players <= 1)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is the only player, and a campaign keeps at least one: rename the player, or start a"
                     " new campaign"), written);
      return FALSE;
    }

  /* Leaving in his own turn ends it, as ending it would, but he eats and
   * loses nothing more: his expedition leaves the board with him. */
  if (current == id)
    {
      if (!_nile_book_get_int (campaign,
                               "SELECT id FROM player WHERE id <> ?1 AND turn_order > ?2"
                               " ORDER BY turn_order LIMIT 1",
                               g_variant_new ("(xx)", id, position), 0, &next, error))
        return FALSE;
      if (next == 0)
        {
          if (!_nile_book_get_int (campaign, "SELECT id FROM player WHERE id <> ?1 ORDER BY turn_order LIMIT 1",
                                   g_variant_new ("(x)", id), 0, &next, error) ||
              !_nile_book_exec (campaign, "UPDATE game SET turn = turn + 1 WHERE id = 1", NULL, error))
            return FALSE;
          new_turn = TRUE;
        }
      if (!_nile_book_exec (campaign, "UPDATE game SET current_player = ?1 WHERE id = 1",
                            g_variant_new ("(x)", next), error) ||
          !_nile_book_get_text (campaign, "SELECT name FROM player WHERE id = ?1",
                                g_variant_new ("(x)", next), &next_name, error))
        return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (remove_player_sql); i++)
    if (!_nile_book_exec (campaign, remove_player_sql[i], g_variant_new ("(x)", id), error))
      return FALSE;

  /* The others close up the turn order: no place is left empty. */
  if (!_nile_book_exec (campaign, "DELETE FROM player WHERE id = ?1", g_variant_new ("(x)", id), error) ||
      !_nile_book_exec (campaign, "UPDATE player SET turn_order = turn_order - 1 WHERE turn_order > ?1",
                        g_variant_new ("(x)", position), error))
    return FALSE;

  if (n_explorers > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "Removed player %s with %d explorer",
                                         "Removed player %s with %d explorers", n_explorers),
                            written, (int) n_explorers);
  else
    g_string_append_printf (summary, _("Removed player %s"), written);

  if (new_turn)
    g_string_append_printf (summary, _("; turn %d begins with %s"), (int) turn + 1, next_name);
  else if (next_name != NULL)
    g_string_append_printf (summary, _("; it is %s’s turn"), next_name);
  return TRUE;
}

/* ---- Expeditions leave Europe ------------------------------------- */

/* Parses an AH specialty nick, or for DG a comma-separated list of flag
 * nicks, into the canonical spelling stored in the book. */
static char *
parse_specialty (NileEdition   edition,
                 const char   *text,
                 GError      **error)
{
  int value;

  if (edition == NILE_EDITION_AH)
    {
      if (nile_enum_from_nick (NILE_TYPE_SPECIALTY, text, &value))
        return g_strdup (text);

      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not a specialty: choose botanist, doctor, ethnologist, explorer,"
                     " geologist, journalist, missionary or zoologist"), text);
      return NULL;
    }
  else
    {
      g_autoptr(GFlagsClass) klass = g_type_class_ref (NILE_TYPE_DG_SPECIALTY);
      g_auto(GStrv) parts = g_strsplit_set (text, ",|+ ", -1);
      g_autoptr(GString) canonical = g_string_new (NULL);
      guint flags = 0;

      for (guint i = 0; parts[i] != NULL; i++)
        {
          GFlagsValue *flag;

          if (*parts[i] == '\0')
            continue;
          flag = g_flags_get_value_by_nick (klass, parts[i]);
          if (flag == NULL)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("“%s” is not a Discovery Games specialty: use evangelism, medicine,"
                             " zoology, geology (any of them, comma-separated) or none"), parts[i]);
              return NULL;
            }
          flags |= flag->value;
        }

      /* Table order, so the same set is always spelt the same. */
      for (guint i = 0; i < klass->n_values; i++)
        if (klass->values[i].value != 0 && (flags & klass->values[i].value) == klass->values[i].value)
          g_string_append_printf (canonical, "%s%s", canonical->len > 0 ? "," : "",
                                  klass->values[i].value_nick);

      return g_strdup (canonical->len > 0 ? canonical->str : "none");
    }
}

/* The first free ticket to @port the player holds, else 0 in @ticket.
 * Compared in C: a ticket to "Cape Town" takes him to Capetown. */
static gboolean
find_ticket (NileCampaign  *campaign,
             gint64         player_id,
             const char    *port,
             gint64        *ticket,
             GError       **error)
{
  sqlite3_stmt *stmt = _nile_book_query (campaign,
                                         "SELECT id, port FROM donation WHERE player_id = ?1"
                                         " AND state = 'held' AND kind = 'ticket' ORDER BY id",
                                         g_variant_new ("(x)", player_id), error);
  int rc = SQLITE_DONE;

  if (stmt == NULL)
    return FALSE;

  *ticket = 0;
  while (*ticket == 0 && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (nile_epic_journey_same_port (_nile_sqlite_column_text (stmt, 1), port))
      *ticket = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  if (*ticket == 0 && rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
  return TRUE;
}

/* Money for a new expedition: $1,000 for a player's first (R 5.1), else
 * the money donations in hand, less the passage unless a free ticket to
 * @port is used (R 26.6). Marks what it uses as spent. */
static gboolean
fund_expedition (NileCampaign  *campaign,
                 gint64         player_id,
                 gboolean       first,
                 const char    *port,
                 gboolean       use_ticket,
                 gint64        *money,
                 GString       *how,
                 GError       **error)
{
  gint64 donations, ticket = 0;
  gboolean drew;

  if (first)
    {
      *money = START_MONEY;
      g_string_append (how, _("the first expedition’s donations (R 5.1)"));
      return TRUE;
    }

  if (!_nile_book_drew_this_turn (campaign, player_id, &drew, error))
    return FALSE;
  if (drew)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("Donations were drawn this turn instead of sailing: the new expedition"
                             " sails next turn at the earliest (R 26.2–26.4)"));
      return FALSE;
    }

  if (!_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM donation WHERE player_id = ?1"
                           " AND state = 'held' AND kind = 'money'",
                           g_variant_new ("(x)", player_id), 0, &donations, error))
    return FALSE;

  if (use_ticket && !find_ticket (campaign, player_id, port, &ticket, error))
    return FALSE;

  if (ticket == 0 && donations < PASSAGE_COST)
    {
      g_autofree char *passage = nile_format_money (PASSAGE_COST);
      g_autofree char *in_hand = nile_format_money (donations);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("The passage to %s costs %s without a free ticket, and the donations in"
                     " hand come to %s (R 26.6)"), port, passage, in_hand);
      return FALSE;
    }

  if (!_nile_book_exec (campaign,
                        "UPDATE donation SET state = 'spent'"
                        " WHERE player_id = ?1 AND state = 'held' AND (kind = 'money' OR id = ?2)",
                        g_variant_new ("(xx)", player_id, ticket), error))
    return FALSE;

  *money = donations - (ticket != 0 ? 0 : PASSAGE_COST);
  {
    g_autofree char *in_hand = nile_format_money (donations);
    g_autofree char *passage = nile_format_money (PASSAGE_COST);

    if (ticket != 0)
      g_string_append_printf (how, _("%s in donations, passage on a free ticket"), in_hand);
    else
      g_string_append_printf (how, _("%s in donations less %s passage"), in_hand, passage);
  }
  return TRUE;
}

const NileOperationParam _nile_book_new_explorer_params[] = {
  { "player", "s", FALSE, N_("the player who sends him"), .names_player = TRUE },
  { "name", "s", FALSE, N_("the explorer's name") },
  { "specialty", "s", FALSE, N_("AH: one of the eight specialties; DG: any of evangelism, medicine, zoology, geology") },
  { "port", "s", FALSE, N_("the port where the expedition is outfitted") },
  { "ticket", "b", TRUE, N_("use a free ticket to that port if one is held (default yes)"),
    .default_on = TRUE },
  { NULL }
};

gboolean
_nile_book_new_explorer (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  g_autofree char *player = NULL;
  g_autofree char *specialty = NULL;
  g_autofree char *stripped_name = NULL;
  g_autofree char *stripped_port = NULL;
  g_autoptr(GString) how = g_string_new (NULL);
  NileEdition edition;
  gint64 player_id, in_play, earlier, turn, money, id;

  /* Named as the book writes him, in the log and in a refusal. */
  if (!_nile_book_find_player_written (campaign, _nile_book_param_str (params, "player"), &player_id, &player,
                                       error) ||
      !_nile_book_get_edition (campaign, &edition, error) ||
      !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  stripped_name = _nile_book_clean_name (_nile_book_param_str (params, "name"), _("An explorer’s name"), error);
  if (stripped_name == NULL)
    return FALSE;
  stripped_port = _nile_book_clean_name (_nile_book_param_str (params, "port"), _("The port"), error);
  if (stripped_port == NULL)
    return FALSE;
  specialty = parse_specialty (edition, _nile_book_param_str (params, "specialty"), error);
  if (specialty == NULL)
    return FALSE;

  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM explorer WHERE player_id = ?1"
                           " AND status NOT IN ('dead', 'retired')",
                           g_variant_new ("(x)", player_id), 0, &in_play, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM explorer WHERE player_id = ?1",
                           g_variant_new ("(x)", player_id), 0, &earlier, error))
    return FALSE;

  /* Every man for himself (R 5.53): one explorer per player at a time. */
  if (in_play > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s already has an explorer in play; he must die or retire first (R 21.2)"),
                   player);
      return FALSE;
    }

  if (earlier > 0)
    {
      gboolean ended;

      if (!_nile_book_explorer_ended_this_turn (campaign, player_id, &ended, error))
        return FALSE;
      if (ended)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("%s’s last explorer died or retired this turn: the next one starts"
                         " next turn (R 21.33)"), player);
          return FALSE;
        }
    }

  if (!fund_expedition (campaign, player_id, earlier == 0, stripped_port,
                        _nile_book_param_bool (params, "ticket", TRUE), &money, how, error))
    return FALSE;

  if (!_nile_book_exec (campaign,
                        "INSERT INTO explorer (player_id, name, specialty, port, status, hex,"
                        " started_turn, money) VALUES (?1, ?2, ?3, ?4, 'in-port', ?4, ?5, ?6)",
                        g_variant_new ("(xsssxx)", player_id, stripped_name, specialty,
                                       stripped_port, turn, money),
                        error))
    return FALSE;

  id = sqlite3_last_insert_rowid (db);
  if (!_nile_book_exec (campaign, "INSERT INTO expedition (explorer_id) VALUES (?1)",
                        g_variant_new ("(x)", id), error))
    return FALSE;

  /* A later explorer comes out from Europe on the donations and lands
   * as a returning one does: he spends this turn outfitting (R 26.1,
   * 26.2). The first ones outfit before play starts (R 5.3). */
  if (earlier > 0 && !_nile_book_note_status_change (campaign, id, "in-europe", error))
    return FALSE;

  {
    g_autofree char *specialty_words = nile_display_specialty (specialty);
    g_autofree char *to_spend = nile_format_money (money);

    g_string_append_printf (summary, _("%s sends %s (%s) to %s: %s, %s to spend"),
                            player, stripped_name, specialty_words, stripped_port, how->str, to_spend);
  }
  return TRUE;
}

/* ---- In port -------------------------------------------------------- */

static gboolean
require_status (NileBookExplorer  *explorer,
                const char        *status,
                const char        *what,
                GError           **error)
{
  if (g_strcmp0 (explorer->status, status) == 0)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s is %s, but %s"), explorer->name,
               nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status), what);
  return FALSE;
}

static gboolean
sold_at (const char * const *ports,
         const char         *port)
{
  if (ports[0] == NULL)
    return TRUE;

  for (guint i = 0; ports[i] != NULL; i++)
    if (nile_epic_journey_same_port (ports[i], port))
      return TRUE;

  return FALSE;
}

static const char * const outfit_kind_choices[] = {
  "bearers", "guides", "askaris", "horses", "camels", "canoes", "rations", "gifts", "muskets", NULL,
};

const NileOperationParam _nile_book_outfit_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition buys"), .names_player = TRUE },
  { "kind", "s", FALSE, N_("bearers, guides, askaris, horses, camels, canoes, rations, gifts or muskets"),
    outfit_kind_choices },
  { "count", "x", FALSE, N_("how many") },
  { "cost", "x", FALSE, N_("what they cost in dollars, from the Rates of Exchange on your Player Aid sheet") },
  { NULL }
};

gboolean
_nile_book_outfit (NileCampaign  *campaign,
                   sqlite3       *db,
                   GVariantDict  *params,
                   GString       *summary,
                   GError       **error)
{
  const char *kind = _nile_book_param_str (params, "kind");
  gint64 count = _nile_book_param_int (params, "count", 0);
  gint64 cost = _nile_book_param_int (params, "cost", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  const NileExpeditionField *field;
  NileExpedition before;
  guint i;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  for (i = 0; i < G_N_ELEMENTS (purchases); i++)
    if (g_strcmp0 (purchases[i].kind, kind) == 0)
      break;
  if (i == G_N_ELEMENTS (purchases))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not for sale in port: buy bearers, guides, askaris, horses, camels,"
                     " canoes, rations, gifts or muskets"), kind);
      return FALSE;
    }

  if (!_nile_book_check_range (count, 1, 10000, _("The number bought"), error) ||
      !_nile_book_check_range (cost, 0, G_MAXINT64, _("The cost"), error) ||
      !require_status (explorer, "in-port", _("an expedition is outfitted in port (R 5.3)"), error))
    return FALSE;

  /* An expedition is outfitted once, before it sets out; one that comes
   * back into port from the interior or the sea buys nothing more
   * (R 5.3). */
  {
    g_autofree char *came_from = NULL;

    if (!_nile_book_get_text (campaign, "SELECT from_status FROM status_change WHERE explorer_id = ?1",
                              g_variant_new ("(x)", explorer->id), &came_from, error))
      return FALSE;
    if (came_from != NULL && !g_str_equal (came_from, "in-europe"))
      {
        g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                     _("%s’s expedition was outfitted before it set out (R 5.3); back in port,"
                       " it buys nothing more"), explorer->name);
        return FALSE;
      }
  }

  if (!sold_at (purchases[i].only_at, explorer->port))
    {
      g_autofree char *ports = g_strjoinv (", ", (char **) purchases[i].only_at);
      g_autofree char *what = g_strdup (_(purchases[i].many));

      /* The sentence starts with it. */
      what[0] = g_ascii_toupper (what[0]);
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s are sold only at %s, not at %s (%s)"),
                   what, ports, explorer->port, purchases[i].rule);
      return FALSE;
    }

  if (cost > explorer->money)
    {
      g_autofree char *left = nile_format_money (explorer->money);
      g_autofree char *price = nile_format_money (cost);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has %s left and cannot pay %s"), explorer->name, left, price);
      return FALSE;
    }

  field = nile_expedition_find_field (purchases[i].field);
  before = explorer->makeup;
  if (!nile_expedition_set_value (&explorer->makeup, field,
                                  nile_expedition_get_value (&explorer->makeup, field) + (int) count,
                                  error))
    return FALSE;

  explorer->money -= cost;
  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  /* Buying is the Outfit step of the turn, whichever front end buys. */
  {
    /* Translators: what was bought, as the Outfit step notes it, e.g. "8 bearers" */
    g_autofree char *note = g_strdup_printf (_("%d %s"), (int) count,
                                             g_dngettext (GETTEXT_PACKAGE, purchases[i].one, purchases[i].many,
                                                          count));

    if (!_nile_book_tick_on_turn (campaign, explorer->player_id, "outfit", note, error))
      return FALSE;
  }

  {
    g_autofree char *price = nile_format_money (cost);
    g_autofree char *had = nile_format_money (explorer->money + cost);
    g_autofree char *left = nile_format_money (explorer->money);

    g_string_append_printf (summary, _("%s buys %d %s for %s at %s (%s → %s)"),
                            explorer->name, (int) count,
                            g_dngettext (GETTEXT_PACKAGE, purchases[i].one, purchases[i].many, count),
                            price, explorer->port, had, left);
  }
  /* People hired for a mounted expedition need mounts too (R 5.423). */
  _nile_book_note_dismounted (summary, &before, &explorer->makeup, FALSE);
  return TRUE;
}

/* A new expedition spends the turn it lands in outfitting, and leaves
 * port the next (R 26.2). One that walked into port from the interior
 * may walk out again. */
static gboolean
check_outfitting_over (NileCampaign      *campaign,
                       NileBookExplorer  *explorer,
                       GError           **error)
{
  g_autofree char *from = NULL;

  if (!_nile_book_status_changed_this_turn (campaign, explorer->id, &from, error))
    return FALSE;
  if (g_strcmp0 (from, "in-europe") != 0)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s’s new expedition landed at %s this turn and spends it outfitting;"
                 " it may leave port next turn (R 26.2)"),
               explorer->name, explorer->port);
  return FALSE;
}

const NileOperationParam _nile_book_set_out_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition leaves port"), .names_player = TRUE },
  { "hex", "s", FALSE, N_("the hex it moves into") },
  { NULL }
};

gboolean
_nile_book_set_out (NileCampaign  *campaign,
                    sqlite3       *db,
                    GVariantDict  *params,
                    GString       *summary,
                    GError       **error)
{
  g_autofree char *hex = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  int excess;
  gint64 lost;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_status (explorer, "in-port", _("only an expedition in port can set out"), error) ||
      !check_outfitting_over (campaign, explorer, error))
    return FALSE;
  hex = _nile_book_clean_name (_nile_book_param_str (params, "hex"), _("The hex"), error);
  if (hex == NULL)
    return FALSE;

  excess = nile_expedition_excess (&explorer->makeup);
  if (excess > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s carries %d item more than he can (R 6.55): discard, cache or hire"
                                " carriers before setting out",
                                "%s carries %d items more than he can (R 6.55): discard, cache or hire"
                                " carriers before setting out", excess),
                   explorer->name, excess);
      return FALSE;
    }

  if (!_nile_book_note_status_change (campaign, explorer->id, explorer->status, error))
    return FALSE;
  lost = explorer->money;
  explorer->money = 0;
  g_free (explorer->status);
  explorer->status = g_strdup ("in-africa");
  g_free (explorer->hex);
  explorer->hex = g_steal_pointer (&hex);
  explorer->distance_from_port = 1;
  explorer->farthest_from_port = MAX (explorer->farthest_from_port, 1);
  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  /* Setting out is the Set Out step of the turn, noted by the hex,
   * whichever front end sets out. */
  if (!_nile_book_tick_on_turn (campaign, explorer->player_id, "set-out", explorer->hex, error))
    return FALSE;

  g_string_append_printf (summary, _("%s leaves %s for %s"), explorer->name, explorer->port, explorer->hex);
  if (lost > 0)
    {
      g_autofree char *unspent = nile_format_money (lost);

      g_string_append_printf (summary, _("; the %s not spent is lost (R 5.3)"), unspent);
    }
  return TRUE;
}

/* Where an explorer can go from where he is; dying, retiring and sailing
 * from Europe have operations of their own. */
static const struct {
  const char *from;
  const char *to[3];
  const char *rule;
} moves[] = {
  { "in-port", { "in-africa", "at-sea", NULL }, "R 21.4" },
  { "in-africa", { "in-port", "captive", NULL }, "R 21.4" },
  { "captive", { "in-africa", NULL }, "R 15" },
  { "at-sea", { "in-europe", "in-port", NULL }, "R 21.4" },
  { "in-europe", { NULL }, "R 26.2" },
};

static gboolean
check_move (NileBookExplorer  *explorer,
            const char        *to,
            GError           **error)
{
  if (g_str_equal (explorer->status, to))
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (g_str_equal (moves[i].from, explorer->status))
      {
        if (g_strv_contains (moves[i].to, to))
          return TRUE;

        g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                     _("%s is %s and cannot be %s next (%s)"), explorer->name,
                     nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status),
                     nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, to), moves[i].rule);
        return FALSE;
      }

  g_return_val_if_reached (FALSE);
}

/* The moves a rule holds back to the turn after the change of status
 * that made them possible. */
static gboolean
check_move_turn (NileCampaign      *campaign,
                 NileBookExplorer  *explorer,
                 const char        *to,
                 GError           **error)
{
  g_autofree char *from = NULL;

  if (g_str_equal (explorer->status, to))
    return TRUE;
  if (!_nile_book_status_changed_this_turn (campaign, explorer->id, &from, error))
    return FALSE;
  if (from == NULL)
    return TRUE;

  /* The turn after he enters port he may leave for Europe, and the
   * voyage takes one full turn (R 21.4): ending the turn he sailed in
   * brings him there. */
  if (g_str_equal (explorer->status, "in-port") && g_str_equal (to, "at-sea"))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s entered port this turn; he may sail for Europe next turn (R 21.4)"),
                   explorer->name);
      return FALSE;
    }
  if (g_str_equal (explorer->status, "at-sea") && g_str_equal (to, "in-europe"))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s set sail this turn and the voyage takes a full turn:"
                     " he reaches Europe when his turn at sea ends (R 21.4)"),
                   explorer->name);
      return FALSE;
    }
  if (g_str_equal (explorer->status, "in-port") && g_str_equal (to, "in-africa"))
    return check_outfitting_over (campaign, explorer, error);

  return TRUE;
}

/* Whatever is left of the expedition is disbanded in Europe, and the
 * next one starts afresh (R 21.5): fed, whatever his last turns in
 * Africa were. */
static void
disband_in_europe (NileBookExplorer *explorer)
{
  gboolean sick = explorer->makeup.explorer_sick;

  nile_expedition_init (&explorer->makeup);
  explorer->makeup.explorer_sick = sick;
  explorer->distance_from_port = 0;
  explorer->starving_turns = 0;
}

typedef struct {
  gint64  vp_entry_id;
  gint64  amount;
  char   *description;
  char   *item;
} LostBonus;

static void
lost_bonus_clear (gpointer data)
{
  LostBonus *lost = data;

  g_free (lost->description);
  g_free (lost->item);
}

/* A tusk, a live specimen or a pelt earns its bonus's VP only when it is
 * brought to Europe (R 20.71, 20.72). On arrival, before the expedition
 * is disbanded, each kind's bonuses still waiting keep their VP as far as
 * the items carried go, those worth most first, as a player would choose;
 * the others lose theirs. The kept ones are marked arrived, so a later
 * voyage does not count them again. */
static gboolean
bring_bonus_items_home (NileCampaign      *campaign,
                        NileBookExplorer  *explorer,
                        GString           *summary,
                        GError           **error)
{
  static const char * const fields[] = { "tusks", "specimens", "pelts" };
  g_autoptr(GArray) lost = g_array_new (FALSE, TRUE, sizeof (LostBonus));

  g_array_set_clear_func (lost, lost_bonus_clear);

  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    {
      int carried = nile_expedition_get_value (&explorer->makeup, nile_expedition_find_field (fields[f]));
      sqlite3_stmt *stmt;
      int rc;

      stmt = _nile_book_query (campaign,
                               "SELECT v.id, v.amount, d.description, i.item FROM bonus_item i"
                               " JOIN bonus_discovery d ON d.id = i.bonus_id"
                               " JOIN vp_entry v ON v.id = i.vp_entry_id"
                               " WHERE d.explorer_id = ?1 AND v.state = 'unpublished' AND i.arrived = 0"
                               " AND (CASE i.item WHEN 'tusk' THEN 'tusks' WHEN 'pelt' THEN 'pelts'"
                               " ELSE 'specimens' END) = ?2"
                               " ORDER BY v.amount DESC, d.id LIMIT -1 OFFSET ?3",
                               g_variant_new ("(xsx)", explorer->id, fields[f], (gint64) carried), error);
      if (stmt == NULL)
        return FALSE;
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          LostBonus bonus = {
            .vp_entry_id = sqlite3_column_int64 (stmt, 0),
            .amount = sqlite3_column_int64 (stmt, 1),
            .description = g_strdup (_nile_sqlite_column_text (stmt, 2)),
            .item = g_strdup (_nile_sqlite_column_text (stmt, 3)),
          };

          g_array_append_val (lost, bonus);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
    }

  for (guint i = 0; i < lost->len; i++)
    {
      const LostBonus *bonus = &g_array_index (lost, LostBonus, i);

      if (!_nile_book_exec (campaign, "UPDATE vp_entry SET state = 'lost' WHERE id = ?1",
                            g_variant_new ("(x)", bonus->vp_entry_id), error))
        return FALSE;

      g_string_append_printf (summary, _("; %s (%d VP) is lost: its %s did not reach Europe (%s)"),
                              bonus->description, (int) bonus->amount,
                              nile_display_phrase (NILE_TYPE_BONUS_ITEM, bonus->item),
                              g_str_equal (bonus->item, "tusk") ? "R 20.71" : "R 20.72");
    }

  /* What is left waiting arrived: it is published in Europe from now on. */
  return _nile_book_exec (campaign,
                          "UPDATE bonus_item SET arrived = 1 WHERE arrived = 0 AND bonus_id IN"
                          " (SELECT id FROM bonus_discovery WHERE explorer_id = ?1)",
                          g_variant_new ("(x)", explorer->id), error);
}

/* Where "move" can put an explorer: death and retirement are operations
 * of their own. */
static const char * const move_status_choices[] = {
  "at-sea", "in-europe", "in-port", "in-africa", "captive", NULL
};
/* How an expedition travels: the nicks of NileTravelMode. */
static const char * const travel_mode_choices[] = { "foot", "canoe", "mounted", NULL };

const NileOperationParam _nile_book_move_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer moves"), .names_player = TRUE },
  { "hex", "s", TRUE, N_("where the expedition is now") },
  { "distance", "x", TRUE, N_("boxes from the nearest port (for interviews, R 24.6)") },
  { "status", "s", TRUE, N_("at-sea, in-europe, in-port, in-africa or captive"),
    .choices = move_status_choices, .choice_type = nile_explorer_status_get_type },
  { NULL }
};

/* R 5.4442: an expedition enters a desert hex only by following a river
 * or with the water all its men and animals drink there, even when the
 * hex is known to have an oasis. The book knows a hex's terrain once
 * someone mapped it (the first record, as the end of the turn reads
 * it); a hex nobody has mapped yet is the players' to judge, and one
 * with a river is taken to be entered along it. */
static gboolean
check_desert_water (NileCampaign      *campaign,
                    NileBookExplorer  *explorer,
                    gboolean           with_makeup,
                    const char        *hex,
                    GError           **error)
{
  g_autoptr(NileBookExplorer) whole = NULL;
  const NileExpedition *makeup = &explorer->makeup;
  gboolean desert = FALSE, river = FALSE;
  gint64 first_id = 0;
  sqlite3_stmt *stmt;
  int needed, rc;

  /* Read row by row rather than sorted by SQL: every move that enters
   * a hex asks, and almost every hex asked about is new to the book. */
  stmt = _nile_campaign_prepare (campaign, "SELECT id, terrain = 'desert', river FROM hex_discovery WHERE label = ?1",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, hex, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      if (first_id == 0 || sqlite3_column_int64 (stmt, 0) < first_id)
        {
          first_id = sqlite3_column_int64 (stmt, 0);
          desert = sqlite3_column_int (stmt, 1) != 0;
        }
      river |= sqlite3_column_int (stmt, 2) != 0;
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);

  if (!desert || river)
    return TRUE;

  /* Most moves read the explorer without his make-up. */
  if (!with_makeup)
    {
      whole = _nile_book_find_explorer (campaign, explorer->player_name, error);
      if (whole == NULL)
        return FALSE;
      makeup = &whole->makeup;
    }

  needed = nile_expedition_water_needed (makeup);
  if (makeup->water >= needed)
    return TRUE;

  if (makeup->water == 0)
    g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s is desert with no river to follow: entering it takes %d unit of water, "
                              "and the expedition carries none (R 5.4442)",
                              "%s is desert with no river to follow: entering it takes %d units of water, "
                              "and the expedition carries none (R 5.4442)",
                              needed),
                 hex, needed);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s is desert with no river to follow: entering it takes %d unit of water, "
                              "and the expedition carries %d (R 5.4442)",
                              "%s is desert with no river to follow: entering it takes %d units of water, "
                              "and the expedition carries %d (R 5.4442)",
                              needed),
                 hex, needed, makeup->water);
  return FALSE;
}

gboolean
_nile_book_move (NileCampaign  *campaign,
                 sqlite3       *db,
                 GVariantDict  *params,
                 GString       *summary,
                 GError       **error)
{
  const char *hex = _nile_book_param_str (params, "hex");
  const char *status = _nile_book_param_str (params, "status");
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) left_behind = g_string_new (NULL);
  gint64 distance, lost = 0;
  gboolean status_changes;
  int value;

  /* Most moves only change the hex and the distance: they neither read
   * nor write the make-up. */
  explorer = status != NULL
    ? _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error)
    : _nile_book_find_explorer_without_makeup (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  distance = _nile_book_param_int (params, "distance", explorer->distance_from_port);
  if (!_nile_book_check_range (distance, 0, 1000, _("The distance from port"), error))
    return FALSE;
  status_changes = status != NULL && !g_str_equal (status, explorer->status);

  if (status != NULL)
    {
      /* One of move_status_choices: the parameters are checked. */
      if (!nile_enum_from_nick (NILE_TYPE_EXPLORER_STATUS, status, &value))
        g_assert_not_reached ();
      if (!check_move (explorer, status, error) ||
          !check_move_turn (campaign, explorer, status, error))
        return FALSE;
      if (!g_str_equal (explorer->status, status) &&
          !_nile_book_note_status_change (campaign, explorer->id, explorer->status, error))
        return FALSE;
      /* Leaving port ends the outfitting, as setting out does (R 5.3). */
      if (g_str_equal (explorer->status, "in-port") && !g_str_equal (status, "in-port"))
        {
          lost = explorer->money;
          explorer->money = 0;
        }
      g_free (explorer->status);
      explorer->status = g_strdup (status);

      if (value == NILE_EXPLORER_STATUS_IN_EUROPE)
        {
          if (!bring_bonus_items_home (campaign, explorer, left_behind, error))
            return FALSE;
          disband_in_europe (explorer);
          distance = 0;
        }
    }

  if (hex != NULL)
    {
      g_autofree char *kept = _nile_book_clean_optional (hex, _("The hex"), error);

      if (kept == NULL)
        return FALSE;
      /* Only an expedition in Africa goes from hex to hex; in port, at
       * sea or held captive it stays where it came, until it changes
       * status (arriving in port names the port's hex). */
      if (!g_str_equal (kept, explorer->hex) && !status_changes && !g_str_equal (explorer->status, "in-africa"))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("%s is %s: only an expedition in Africa moves from hex to hex"), explorer->name,
                       nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status));
          return FALSE;
        }
      if (!g_str_equal (kept, explorer->hex) && g_str_equal (explorer->status, "in-africa") &&
          !check_desert_water (campaign, explorer, status != NULL, kept, error))
        return FALSE;
      g_free (explorer->hex);
      explorer->hex = g_steal_pointer (&kept);
    }
  explorer->distance_from_port = distance;
  explorer->farthest_from_port = MAX (explorer->farthest_from_port, distance);

  if (status == NULL)
    {
      if (!_nile_book_explorer_save_position (campaign, explorer, error))
        return FALSE;
    }
  else if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  /* At sea and in Europe there is no hex to name, and only in Africa does
   * the distance from port count (R 24.6). */
  g_string_append_printf (summary, _("%s is %s"), explorer->name,
                          nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status));
  if (*explorer->hex != '\0' && !g_str_equal (explorer->status, "at-sea") &&
      !g_str_equal (explorer->status, "in-europe"))
    g_string_append_printf (summary, _(" at %s"), explorer->hex);
  if (g_str_equal (explorer->status, "in-africa") || g_str_equal (explorer->status, "captive"))
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, ", %d box from port", ", %d boxes from port",
                                         distance),
                            (int) distance);
  if (lost > 0)
    {
      g_autofree char *unspent = nile_format_money (lost);

      g_string_append_printf (summary, _("; the %s not spent is lost (R 5.3)"), unspent);
    }
  g_string_append (summary, left_behind->str);
  return TRUE;
}

/* ---- The make-up ---------------------------------------------------- */

/* One parameter per NileExpedition field (test-book checks the two lists
 * agree), so set-makeup shows up in `nile-ledger ops` with every field. */
const NileOperationParam _nile_book_set_makeup_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition changes"), .names_player = TRUE },
  { "explorer_sick", "b", TRUE, N_("the explorer is sick"), .left_as_is = TRUE },
  { "explorer_armed", "b", TRUE, N_("the explorer carries a musket to fight and hunt"), .left_as_is = TRUE },
  { "explorer_debased", "b", TRUE, N_("the explorer did bearer work and askaris desert (R 5.52)"), .left_as_is = TRUE },
  { "explorer_is_bearer", "b", TRUE, N_("the explorer carries like a bearer (R 5.51)"), .left_as_is = TRUE },
  { "bearers", "x", TRUE, N_("healthy bearers") },
  { "sick_bearers", "x", TRUE, N_("sick bearers") },
  { "guides", "x", TRUE, N_("healthy guides") },
  { "sick_guides", "x", TRUE, N_("sick guides") },
  { "askaris", "x", TRUE, N_("healthy askaris") },
  { "sick_askaris", "x", TRUE, N_("sick askaris") },
  { "ride_horses", "x", TRUE, N_("horses ridden") },
  { "pack_horses", "x", TRUE, N_("horses packed") },
  { "ride_camels", "x", TRUE, N_("camels ridden") },
  { "pack_camels", "x", TRUE, N_("camels packed") },
  { "canoes", "x", TRUE, N_("canoes") },
  { "rations", "x", TRUE, N_("non-perishable rations") },
  { "fresh_rations", "x", TRUE, N_("fresh rations (spoil at the end of the turn)") },
  { "water", "x", TRUE, N_("units of water") },
  { "gifts", "x", TRUE, N_("gifts") },
  { "muskets", "x", TRUE, N_("muskets carried (not the askaris' own)") },
  { "tusks", "x", TRUE, N_("tusks, 7 items each") },
  { "specimens", "x", TRUE, N_("specimens, 2 items each") },
  { "pelts", "x", TRUE, N_("pelts, 2 items each") },
  { "mode", "s", TRUE, N_("foot, canoe or mounted"),
    .choices = travel_mode_choices, .choice_type = nile_travel_mode_get_type },
  { "desert_turns", "x", TRUE, N_("turns in a row ended in a dry desert") },
  { NULL }
};

gboolean
_nile_book_set_makeup (NileCampaign  *campaign,
                       sqlite3       *db,
                       GVariantDict  *params,
                       GString       *summary,
                       GError       **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;
  NileExpedition before;
  const NileExpeditionField *fields;
  guint n_fields;
  gboolean named = FALSE;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  before = explorer->makeup;
  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      g_autoptr(GVariant) value = g_variant_dict_lookup_value (params, fields[i].name, NULL);
      int number;

      if (value == NULL)
        continue;
      named = TRUE;

      if (fields[i].kind == NILE_EXPEDITION_FIELD_MODE)
        {
          if (!nile_enum_from_nick (NILE_TYPE_TRAVEL_MODE, g_variant_get_string (value, NULL), &number))
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("“%s” is not a way to travel: use foot, canoe or mounted"),
                           g_variant_get_string (value, NULL));
              return FALSE;
            }
        }
      else if (fields[i].kind == NILE_EXPEDITION_FIELD_FLAG)
        number = g_variant_get_boolean (value);
      else
        {
          gint64 count = g_variant_get_int64 (value);

          if (!_nile_book_check_range (count, 0, NILE_EXPEDITION_MAX_COUNT, _(fields[i].description), error))
            return FALSE;
          number = (int) count;
        }

      if (!nile_expedition_set_value (&explorer->makeup, &fields[i], number, error))
        return FALSE;
    }

  if (nile_expedition_equal (&before, &explorer->makeup))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           named ? _("Nothing to change: every field named already has that value")
                                 : _("Nothing to change: name at least one field with its new value"));
      return FALSE;
    }

  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  g_string_append_printf (summary, "%s: ", explorer->name);
  _nile_book_describe_changes (summary, &before, &explorer->makeup);
  _nile_book_append_excess (summary, &explorer->makeup);
  return TRUE;
}

/* Warnings that forbid a mode outright; the rest (overloaded, a short
 * canoe crew) are shown and left for the player to resolve. */
static const char * const forbidding_warnings[] = {
  "not-all-mounted", "pack-animals-unled", "no-canoes", "animals-in-canoes", NULL,
};

const NileOperationParam _nile_book_set_mode_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition changes how it travels"), .names_player = TRUE },
  { "mode", "s", FALSE, N_("foot, canoe or mounted"),
    .choices = travel_mode_choices, .choice_type = nile_travel_mode_get_type },
  { "ride_horses", "x", TRUE, N_("horses ridden (the rest are packed)") },
  { "ride_camels", "x", TRUE, N_("camels ridden (the rest are packed)") },
  { NULL }
};

gboolean
_nile_book_set_mode (NileCampaign  *campaign,
                     sqlite3       *db,
                     GVariantDict  *params,
                     GString       *summary,
                     GError       **error)
{
  const char *mode = _nile_book_param_str (params, "mode");
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  NileExpedition before;
  NileExpedition *m;
  gint64 ride_horses, ride_camels;
  int value;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  /* One of travel_mode_choices: the parameters are checked. */
  if (!nile_enum_from_nick (NILE_TYPE_TRAVEL_MODE, mode, &value))
    g_assert_not_reached ();

  m = &explorer->makeup;
  before = *m;

  /* Ride and pack mounts can be interchanged at any time (R 6.3). */
  ride_horses = _nile_book_param_int (params, "ride_horses", m->ride_horses);
  ride_camels = _nile_book_param_int (params, "ride_camels", m->ride_camels);
  /* More than he has is said in animals: "must be from 0 to 0" read as
   * a slip of the range, not as having no horses. */
  if (ride_horses > nile_expedition_horses (m))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   g_dngettext (GETTEXT_PACKAGE, "%s has %d horse, not %d to ride", "%s has %d horses, not %d to ride",
                                nile_expedition_horses (m)),
                   explorer->name, nile_expedition_horses (m), (int) MIN (ride_horses, G_MAXINT));
      return FALSE;
    }
  if (ride_camels > nile_expedition_camels (m))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   g_dngettext (GETTEXT_PACKAGE, "%s has %d camel, not %d to ride", "%s has %d camels, not %d to ride",
                                nile_expedition_camels (m)),
                   explorer->name, nile_expedition_camels (m), (int) MIN (ride_camels, G_MAXINT));
      return FALSE;
    }
  if (!_nile_book_check_range (ride_horses, 0, nile_expedition_horses (m), _("Horses ridden"), error) ||
      !_nile_book_check_range (ride_camels, 0, nile_expedition_camels (m), _("Camels ridden"), error))
    return FALSE;

  m->pack_horses = nile_expedition_horses (m) - (int) ride_horses;
  m->ride_horses = (int) ride_horses;
  m->pack_camels = nile_expedition_camels (m) - (int) ride_camels;
  m->ride_camels = (int) ride_camels;
  m->mode = value;

  warnings = nile_expedition_warnings (m, NULL);
  for (guint i = 0; i < warnings->len; i++)
    {
      NileExpeditionWarning *warning = g_ptr_array_index (warnings, i);

      if (g_strv_contains (forbidding_warnings, warning->code))
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN, warning->text);
          return FALSE;
        }
    }

  if (nile_expedition_equal (&before, m))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s already travels that way"), explorer->name);
      return FALSE;
    }

  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  g_string_append_printf (summary, "%s: ", explorer->name);
  _nile_book_describe_changes (summary, &before, m);
  _nile_book_append_excess (summary, m);
  return TRUE;
}

/* ---- Results of rolls ----------------------------------------------- */

const NileOperationParam _nile_book_apply_effects_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition the roll struck"), .names_player = TRUE },
  { "effects", "s", FALSE, N_("kind:amount pairs, e.g. “bearers:-2 rations:+10 vp:-1 explorer_sick:1”;"
                              " kinds are make-up fields (a flag such as explorer_sick takes 1 or 0), vp,"
                              " and explorer_dies:1") },
  { "reason", "s", FALSE, N_("the roll's result in words, for the log") },
  { NULL }
};

gboolean
_nile_book_apply_effects (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  g_autofree char *reason = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_auto(GStrv) effects = NULL;
  NileExpedition before;
  gint64 vp = 0;
  gboolean dies = FALSE;
  guint n_effects = 0;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;
  reason = _nile_book_clean_name (_nile_book_param_str (params, "reason"), _("The reason"), error);
  if (reason == NULL)
    return FALSE;

  before = explorer->makeup;
  effects = g_strsplit_set (_nile_book_param_str (params, "effects"), " ,;", -1);
  for (guint i = 0; effects[i] != NULL; i++)
    {
      const NileExpeditionField *field;
      g_auto(GStrv) pair = NULL;
      g_autofree char *what = NULL;
      gint64 amount;

      if (*effects[i] == '\0')
        continue;

      pair = g_strsplit (effects[i], ":", 2);
      if (pair[1] == NULL ||
          !g_ascii_string_to_signed (pair[1][0] == '+' ? pair[1] + 1 : pair[1], 10,
                                     G_MININT64, G_MAXINT64, &amount, NULL))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is not an effect: write kind:amount, e.g. bearers:-2"), effects[i]);
          return FALSE;
        }
      if (!_nile_book_check_range (amount, -NILE_EXPEDITION_MAX_COUNT, NILE_EXPEDITION_MAX_COUNT,
                                   effects[i], error))
        return FALSE;
      n_effects++;
      /* Translators: %s is a kind of effect as typed, e.g. explorer_dies */
      what = g_strdup_printf (_("The effect “%s”"), pair[0]);

      if (g_str_equal (pair[0], "vp"))
        {
          vp += amount;
          continue;
        }
      if (g_str_equal (pair[0], "explorer_dies"))
        {
          /* As a roll's explorer-dies: he dies once, and any other
           * amount is a slip of the hand, not a death. */
          if (!nile_effect_kind_check_amount (NILE_EFFECT_EXPLORER_DIES, amount, what, error))
            return FALSE;
          dies = TRUE;
          continue;
        }

      field = nile_expedition_find_field (pair[0]);
      if (field == NULL || field->kind == NILE_EXPEDITION_FIELD_MODE)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is not something a roll can change"), pair[0]);
          return FALSE;
        }

      if (field->kind == NILE_EXPEDITION_FIELD_FLAG)
        {
          /* 1 sets a flag and 0 clears it, as a recovery roll writes
           * explorer_sick:0; -1 or 2 said something else, and set it. */
          if (!_nile_book_check_range (amount, 0, 1, what, error))
            return FALSE;
          nile_expedition_set_value (&explorer->makeup, field, amount != 0, NULL);
        }
      else
        {
          /* A roll takes what is there: losing 3 of 2 bearers loses 2. */
          gint64 now = nile_expedition_get_value (&explorer->makeup, field) + amount;

          nile_expedition_set_value (&explorer->makeup, field, (int) CLAMP (now, 0, NILE_EXPEDITION_MAX_COUNT), NULL);
        }
    }

  if (n_effects == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("The roll lists no effects"));
      return FALSE;
    }

  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  /* The reason is the roll's own sentence, so it leads. */
  {
    g_autoptr(GString) changes = g_string_new (NULL);

    _nile_book_describe_changes (changes, &before, &explorer->makeup);
    if (changes->len > 0)
      g_string_append_printf (summary, _("%s (%s) — %s"), reason, explorer->name, changes->str);
    else
      g_string_append_printf (summary, _("%s (%s): the expedition is unchanged"), reason, explorer->name);
  }

  if (vp > 0)
    {
      if (!_nile_book_add_vp (campaign, explorer, vp, 0, reason, error))
        return FALSE;
      g_string_append_printf (summary, _("; +%d VP unpublished"), (int) vp);
    }
  else if (vp < 0)
    {
      int taken;

      if (!_nile_book_lose_vp (campaign, explorer->player_id, explorer, (int) -vp, reason, &taken, error))
        return FALSE;
      if (taken > 0)
        g_string_append_printf (summary, _("; −%d VP (R 22.5)"), taken);
      else
        g_string_append (summary, _("; no VP left to lose (R 22.5)"));
    }

  _nile_book_append_excess (summary, &explorer->makeup);

  if (dies)
    {
      g_string_append_printf (summary, _("; %s dies"), explorer->name);
      return _nile_book_end_explorer (campaign, explorer, NILE_EXPLORER_STATUS_DEAD, summary, error);
    }

  return TRUE;
}

const NileOperationParam _nile_book_lose_carriers_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition loses carriers"), .names_player = TRUE },
  { "count", "x", FALSE, N_("bearers lost on foot, canoes lost by canoe") },
  { NULL }
};

gboolean
_nile_book_lose_carriers (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;
  gint64 count = _nile_book_param_int (params, "count", 0);
  const NileExpeditionField *carriers;
  NileExpedition after;
  NileExpedition loads_only;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !_nile_book_check_range (count, 1, NILE_EXPEDITION_MAX_COUNT, _("The carriers lost"), error) ||
      !nile_expedition_lose_carriers (&explorer->makeup, (int) count, &after, error))
    return FALSE;

  /* "4 bearers lost (18 → 14); rations 85 → 67 …": the carriers first,
   * then what they carried (the diff with the carriers put back). */
  carriers = nile_expedition_find_field (explorer->makeup.mode == NILE_TRAVEL_MODE_CANOE ? "canoes" : "bearers");
  loads_only = after;
  nile_expedition_set_value (&loads_only, carriers, nile_expedition_get_value (&explorer->makeup, carriers), NULL);

  g_string_append_printf (summary, _("%s: %d %s lost (%d → %d); "), explorer->name, (int) count,
                          explorer->makeup.mode == NILE_TRAVEL_MODE_CANOE
                            ? ngettext ("canoe", "canoes", count) : ngettext ("bearer", "bearers", count),
                          nile_expedition_get_value (&explorer->makeup, carriers),
                          nile_expedition_get_value (&after, carriers));
  _nile_book_describe_changes (summary, &explorer->makeup, &loads_only);
  g_string_append (summary, " (R 11.3)");

  explorer->makeup = after;
  _nile_book_append_excess (summary, &explorer->makeup);
  return _nile_book_explorer_save (campaign, explorer, error);
}

/* ---- Shooting animals for food -------------------------------------- */

/* The make-up fields nile_expedition_shoot_animals() takes. */
static const char * const animal_choices[] = { "ride_horses", "pack_horses", "ride_camels", "pack_camels", NULL };

const NileOperationParam _nile_book_shoot_animals_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition shoots its animals"), .names_player = TRUE },
  { "animal", "s", FALSE, N_("ride_horses, pack_horses, ride_camels or pack_camels"), animal_choices },
  { "count", "x", FALSE, N_("how many are shot, 10 fresh rations each (R 5.4425)") },
  { NULL }
};

gboolean
_nile_book_shoot_animals (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  gint64 count = _nile_book_param_int (params, "count", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  NileExpedition before;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !_nile_book_check_range (count, 1, NILE_EXPEDITION_MAX_COUNT, _("The animals shot"), error))
    return FALSE;

  before = explorer->makeup;
  if (!nile_expedition_shoot_animals (&explorer->makeup, _nile_book_param_str (params, "animal"), (int) count,
                                      error))
    return FALSE;

  g_string_append_printf (summary,
                          g_dngettext (GETTEXT_PACKAGE, "%s shoots %d animal for food: ",
                                       "%s shoots %d animals for food: ", count),
                          explorer->name, (int) count);
  _nile_book_describe_changes (summary, &before, &explorer->makeup);
  g_string_append (summary, " (R 5.4425)");
  _nile_book_append_excess (summary, &explorer->makeup);
  return _nile_book_explorer_save (campaign, explorer, error);
}

/* ---- End of the turn ------------------------------------------------ */

const NileOperationParam _nile_book_end_turn_params[] = {
  { "player", "s", FALSE, N_("the player whose turn ends"), .names_player = TRUE },
  { "hunted", "x", TRUE, N_("fresh rations the hunt brought in this turn") },
  { "terrain", "s", TRUE, N_("terrain of the hex the expedition ends in (default: as mapped)"),
    _nile_book_terrain_choices, .choice_type = nile_terrain_get_type },
  { "river", "b", TRUE, N_("a river runs through the hex") },
  { "oasis", "b", TRUE, N_("the hex has an oasis") },
  { "coast", "b", TRUE, N_("the hex is on the coast") },
  { "cape-colony", "b", TRUE, N_("the hex is in Cape Colony") },
  { "port", "b", TRUE, N_("the hex is a port") },
  { "friendly-tribe", "b", TRUE, N_("a tribe friendly to the explorer lives here (default: as recorded)"),
    .left_as_is = TRUE },
  { NULL }
};

/* Where the expedition ends its turn: what the caller says, else what
 * the book knows of the hex. */
static gboolean
read_locale (NileCampaign      *campaign,
             NileBookExplorer  *explorer,
             GVariantDict      *params,
             NileLocale        *locale,
             GError           **error)
{
  const char *terrain = _nile_book_param_str (params, "terrain");
  g_autofree char *mapped = NULL;
  gint64 river = 0, oasis = 0, friendly = 0;
  int value;

  if (!_nile_book_get_text (campaign,
                            "SELECT terrain FROM hex_discovery WHERE label = ?1 ORDER BY id LIMIT 1",
                            g_variant_new ("(s)", explorer->hex), &mapped, error) ||
      !_nile_book_get_int (campaign, "SELECT max (river) FROM hex_discovery WHERE label = ?1",
                           g_variant_new ("(s)", explorer->hex), 0, &river, error) ||
      !_nile_book_get_int (campaign, "SELECT max (oasis) FROM hex_discovery WHERE label = ?1",
                           g_variant_new ("(s)", explorer->hex), 0, &oasis, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT count (*) FROM tribe t JOIN relation r ON r.tribe_id = t.id"
                           " WHERE t.hex = ?1 AND r.explorer_id = ?2 AND r.friendly",
                           g_variant_new ("(sx)", explorer->hex, explorer->id), 0, &friendly, error))
    return FALSE;

  if (terrain == NULL)
    terrain = mapped;
  if (terrain == NULL)
    {
      g_autofree char *setting = _nile_operation_name_setting_for_advice ("end-turn", "terrain", NULL);

      if (setting != NULL)
        /* Translators: the second %s is the setting to give, "terrain=" */
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("The terrain of %s is not recorded: give %s"), explorer->hex, setting);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("The terrain of %s is not recorded: say what it is"), explorer->hex);
      return FALSE;
    }
  if (!nile_enum_from_nick (NILE_TYPE_TERRAIN, terrain, &value))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("“%s” is not a terrain"), terrain);
      return FALSE;
    }

  locale->terrain = value;
  locale->river = _nile_book_param_bool (params, "river", river != 0);
  locale->oasis = _nile_book_param_bool (params, "oasis", oasis != 0);
  locale->coast = _nile_book_param_bool (params, "coast", FALSE);
  locale->cape_colony = _nile_book_param_bool (params, "cape-colony", FALSE);
  locale->port = _nile_book_param_bool (params, "port", FALSE);
  locale->friendly_tribe = _nile_book_param_bool (params, "friendly-tribe", friendly > 0);
  return TRUE;
}

NileUpkeepPlan *
_nile_book_plan_upkeep (NileCampaign      *campaign,
                        NileBookExplorer  *explorer,
                        GVariantDict      *params,
                        GError           **error)
{
  NileUpkeepContext context = { 0 };
  g_autoptr(GHashTable) steps = NULL;
  gint64 respect_won;

  context.hunted = (int) _nile_book_param_int (params, "hunted", 0);
  if (!_nile_book_check_range (context.hunted, 0, 10000, _("The rations hunted"), error) ||
      !read_locale (campaign, explorer, params, &context.locale, error) ||
      !_nile_book_get_edition (campaign, &context.edition, error))
    return NULL;

  /* The recovery rolls made this turn are not made again. */
  steps = nile_turn_get_steps (campaign, explorer->player_name, error);
  if (steps == NULL)
    return NULL;
  nile_expedition_init (&context.rolled);
  nile_turn_count_recovery_rolled (steps, &explorer->makeup, &context.rolled);

  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM respect_won r JOIN game g ON g.id = 1"
                           " WHERE r.explorer_id = ?1 AND r.turn = g.turn",
                           g_variant_new ("(x)", explorer->id), 0, &respect_won, error))
    return NULL;
  context.respect_won = respect_won > 0;

  return nile_upkeep_plan_new (&explorer->makeup, &context, error);
}

static gboolean
upkeep (NileCampaign      *campaign,
        NileBookExplorer  *explorer,
        GVariantDict      *params,
        GString           *summary,
        GError           **error)
{
  g_autoptr(NileUpkeepPlan) plan = NULL;
  guint n_steps;

  plan = _nile_book_plan_upkeep (campaign, explorer, params, error);
  if (plan == NULL)
    return FALSE;

  n_steps = nile_upkeep_plan_get_n_steps (plan);
  /* Each step is a sentence of its own, capital and all. */
  for (guint i = 0; i < n_steps; i++)
    g_string_append_printf (summary, ". %s", nile_upkeep_plan_get_step (plan, i)->text);

  /* Animals lost in the desert, or the sick back on their feet, can
   * leave someone without a ride mount (R 5.423). */
  _nile_book_note_dismounted (summary, &explorer->makeup, nile_upkeep_plan_get_result (plan), TRUE);
  explorer->makeup = *nile_upkeep_plan_get_result (plan);
  /* Turns in a row he himself went unfed (DG Lost: "starving"). */
  explorer->starving_turns = nile_upkeep_plan_explorer_starves (plan) ? explorer->starving_turns + 1 : 0;
  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  if (nile_upkeep_plan_explorer_dies (plan))
    {
      g_string_append_printf (summary, _(". %s dies of thirst (R 19.5)"), explorer->name);
      return _nile_book_end_explorer (campaign, explorer, NILE_EXPLORER_STATUS_DEAD, summary, error);
    }

  return TRUE;
}

gboolean
_nile_book_end_turn (NileCampaign  *campaign,
                     sqlite3       *db,
                     GVariantDict  *params,
                     GString       *summary,
                     GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autofree char *written = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  gint64 player_id, explorer_id, next, turn;

  if (!_nile_book_find_player_written (campaign, player, &player_id, &written, error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_require_on_turn (campaign, player_id, written, error))
    return FALSE;

  g_string_append_printf (summary, _("End of %s’s turn %d"), written, (int) turn);

  if (!_nile_book_get_int (campaign,
                           "SELECT id FROM explorer WHERE player_id = ?1"
                           " AND status NOT IN ('dead', 'retired')",
                           g_variant_new ("(x)", player_id), 0, &explorer_id, error))
    return FALSE;

  if (explorer_id != 0)
    {
      explorer = _nile_book_explorer_load (campaign, explorer_id, error);
      if (explorer == NULL)
        return FALSE;

      /* Only an expedition in Africa eats, drinks and deserts; a ship
       * reaches Europe after one full turn at sea (R 21.4). */
      if (g_str_equal (explorer->status, "in-africa"))
        {
          if (!upkeep (campaign, explorer, params, summary, error))
            return FALSE;
        }
      else if (g_str_equal (explorer->status, "at-sea"))
        {
          if (!_nile_book_note_status_change (campaign, explorer_id, explorer->status, error))
            return FALSE;
          g_free (explorer->status);
          explorer->status = g_strdup ("in-europe");
          g_string_append_printf (summary, _(". %s reaches Europe"), explorer->name);
          if (!bring_bonus_items_home (campaign, explorer, summary, error))
            return FALSE;
          disband_in_europe (explorer);
          if (!_nile_book_explorer_save (campaign, explorer, error))
            return FALSE;
        }
    }

  /* The next player in turn order; after the last, a new turn begins. */
  if (!_nile_book_get_int (campaign,
                           "SELECT id FROM player WHERE turn_order > (SELECT turn_order FROM player"
                           " WHERE id = ?1) ORDER BY turn_order LIMIT 1",
                           g_variant_new ("(x)", player_id), 0, &next, error))
    return FALSE;

  if (next == 0)
    {
      if (!_nile_book_get_int (campaign, "SELECT id FROM player ORDER BY turn_order LIMIT 1",
                               NULL, 0, &next, error) ||
          !_nile_book_exec (campaign, "UPDATE game SET turn = turn + 1 WHERE id = 1", NULL, error))
        return FALSE;
      g_string_append_printf (summary, _(". Turn %d begins"), (int) turn + 1);
    }

  return _nile_book_exec (campaign, "UPDATE game SET current_player = ?1 WHERE id = 1",
                          g_variant_new ("(x)", next), error);
}

/* ---- Sickness and the end of an explorer ---------------------------- */

/* The sick of each kind who can be sent home, and where they are kept. */
static const struct {
  const char *kind;
  const char *field;
  const char *one;   /* the log's words for one of them … */
  const char *many;  /* … and for several */
} sick_kinds[] = {
  { "bearers", "sick_bearers", NP_("sick bearer", "sick bearers") },
  { "guides", "sick_guides", NP_("sick guide", "sick guides") },
  { "askaris", "sick_askaris", NP_("sick askari", "sick askaris") },
};

static const char * const carrier_kind_choices[] = { "bearers", "guides", "askaris", NULL };

const NileOperationParam _nile_book_discharge_sick_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition discharges its sick"), .names_player = TRUE },
  { "kind", "s", FALSE, N_("bearers, guides or askaris"), carrier_kind_choices },
  { "count", "x", FALSE, N_("how many sick to discharge, 1 VP each (R 19.4)") },
  { NULL }
};

gboolean
_nile_book_discharge_sick (NileCampaign  *campaign,
                           sqlite3       *db,
                           GVariantDict  *params,
                           GString       *summary,
                           GError       **error)
{
  const char *kind = _nile_book_param_str (params, "kind");
  gint64 count = _nile_book_param_int (params, "count", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  const NileExpeditionField *field = NULL;
  guint i;
  int sick, taken;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  for (i = 0; i < G_N_ELEMENTS (sick_kinds); i++)
    if (g_strcmp0 (sick_kinds[i].kind, kind) == 0)
      {
        field = nile_expedition_find_field (sick_kinds[i].field);
        break;
      }
  if (field == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” cannot be discharged: use bearers, guides or askaris"), kind);
      return FALSE;
    }

  sick = nile_expedition_get_value (&explorer->makeup, field);
  if (sick == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has no %s to discharge"), explorer->name, nile_display_field (field->name));
      return FALSE;
    }
  if (!_nile_book_check_range (count, 1, sick, _("The number discharged"), error))
    return FALSE;

  nile_expedition_set_value (&explorer->makeup, field, sick - (int) count, NULL);
  if (!_nile_book_explorer_save (campaign, explorer, error) ||
      !_nile_book_lose_vp (campaign, explorer->player_id, explorer, (int) count,
                           _("discharged the sick"), &taken, error))
    return FALSE;

  g_string_append_printf (summary, _("%s discharges %d %s (%d → %d)"),
                          explorer->name, (int) count,
                          g_dngettext (GETTEXT_PACKAGE, sick_kinds[i].one, sick_kinds[i].many, count),
                          sick, sick - (int) count);
  if (taken > 0)
    g_string_append_printf (summary, _("; −%d VP (R 19.4, 22.5)"), taken);
  else
    g_string_append (summary, _("; no VP left to lose (R 19.4, 22.5)"));
  return TRUE;
}

const NileOperationParam _nile_book_explorer_dies_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer dies"), .names_player = TRUE },
  { "cause", "s", TRUE, N_("how he died, for the log") },
  { NULL }
};

gboolean
_nile_book_explorer_dies (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *cause_given = _nile_book_param_str (params, "cause");
  g_autofree char *cause = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;
  cause = _nile_book_clean_optional (cause_given != NULL ? cause_given : "", _("The cause of his death"), error);
  if (cause == NULL)
    return FALSE;

  if (*cause != '\0')
    /* The player's own words for the cause lead, as a roll's reason does. */
    g_string_append_printf (summary, _("%s: %s dies"), cause, explorer->name);
  else
    g_string_append_printf (summary, _("%s dies"), explorer->name);

  return _nile_book_end_explorer (campaign, explorer, NILE_EXPLORER_STATUS_DEAD, summary, error);
}

const NileOperationParam _nile_book_retire_params[] = {
  { "player", "s", FALSE, N_("the player who retires his explorer (R 21.2)"), .names_player = TRUE },
  { NULL }
};

gboolean
_nile_book_retire (NileCampaign  *campaign,
                   sqlite3       *db,
                   GVariantDict  *params,
                   GString       *summary,
                   GError       **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  g_string_append_printf (summary, _("%s retires"), explorer->name);
  return _nile_book_end_explorer (campaign, explorer, NILE_EXPLORER_STATUS_RETIRED, summary, error);
}

/* ---- Back to Africa (R 26.2) ---------------------------------------- */

const NileOperationParam _nile_book_sail_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer sails from Europe with a new expedition"),
    .names_player = TRUE },
  { "port", "s", FALSE, N_("the port where the new expedition is outfitted") },
  { "ticket", "b", TRUE, N_("use a free ticket to that port if one is held (default yes)"),
    .default_on = TRUE },
  { NULL }
};

/* The port @typed names, as the books spell it: one the rulebook names,
 * or one the campaign holds already, where an explorer was sent, a free
 * ticket drawn for or an epic journey made (the board's other ports are
 * the players' to name, nile-epic-journey.c). Any other is refused as it
 * is given, with the ports known, not once its passage is reckoned. */
static char *
known_port (NileCampaign  *campaign,
            const char    *typed,
            GError       **error)
{
  const char *named = nile_epic_journey_port_name (typed);
  g_autofree char *wanted = NULL;
  g_autoptr(GPtrArray) known = NULL;
  g_autofree char *list = NULL;
  sqlite3_stmt *stmt;
  int rc;

  if (named != NULL)
    return g_strdup (named);

  wanted = _nile_book_fold_name (typed);
  known = g_ptr_array_new_with_free_func (g_free);
  for (const char * const *port = nile_epic_journey_port_names (); *port != NULL; port++)
    g_ptr_array_add (known, g_strdup (*port));

  stmt = _nile_book_query (campaign,
                           "SELECT port FROM explorer"
                           " UNION SELECT port FROM donation WHERE kind = 'ticket'"
                           " UNION SELECT from_port FROM epic_journey"
                           " UNION SELECT to_port FROM epic_journey",
                           NULL, error);
  if (stmt == NULL)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *port = _nile_sqlite_column_text (stmt, 0);
      g_autofree char *folded = _nile_book_fold_name (port);
      gboolean listed = FALSE;

      if (g_str_equal (folded, wanted))
        {
          g_autofree char *found = g_strdup (port);

          sqlite3_reset (stmt);
          return g_steal_pointer (&found);
        }

      for (guint i = 0; i < known->len && !listed; i++)
        listed = nile_epic_journey_same_port (g_ptr_array_index (known, i), port);
      if (!listed)
        g_ptr_array_add (known, g_strdup (port));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  g_ptr_array_add (known, NULL);
  list = g_strjoinv (", ", (char **) known->pdata);
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” is not a port the campaign knows. The ports known: %s. Another port joins them once"
                 " a new explorer is sent there or a free ticket names it."),
               typed, list);
  return NULL;
}

gboolean
_nile_book_sail (NileCampaign  *campaign,
                 sqlite3       *db,
                 GVariantDict  *params,
                 GString       *summary,
                 GError       **error)
{
  g_autofree char *typed = NULL;
  g_autofree char *port = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) how = g_string_new (NULL);
  gint64 money;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_status (explorer, "in-europe", _("a new expedition sails from Europe (R 26.2)"), error))
    return FALSE;
  typed = _nile_book_clean_name (_nile_book_param_str (params, "port"), _("The port"), error);
  if (typed == NULL)
    return FALSE;
  port = known_port (campaign, typed, error);
  if (port == NULL)
    return FALSE;

  g_free (explorer->port);
  explorer->port = g_steal_pointer (&port);
  if (!fund_expedition (campaign, explorer->player_id, FALSE, explorer->port,
                        _nile_book_param_bool (params, "ticket", TRUE), &money, how, error))
    return FALSE;

  if (!_nile_book_note_status_change (campaign, explorer->id, explorer->status, error))
    return FALSE;
  explorer->money = money;
  g_free (explorer->status);
  explorer->status = g_strdup ("in-port");
  g_free (explorer->hex);
  explorer->hex = g_strdup (explorer->port);
  explorer->distance_from_port = 0;
  explorer->farthest_from_port = 0;
  if (!_nile_book_explorer_save (campaign, explorer, error))
    return FALSE;

  /* Sailing is the Sail step of the turn, noted by the port's name as
   * the books spell it, whichever front end sails. */
  if (!_nile_book_tick_on_turn (campaign, explorer->player_id, "sail", explorer->port, error))
    return FALSE;

  {
    g_autofree char *to_spend = nile_format_money (money);

    g_string_append_printf (summary, _("%s sails to %s: %s, %s to spend"),
                            explorer->name, explorer->port, how->str, to_spend);
  }
  return TRUE;
}
