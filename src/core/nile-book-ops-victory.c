/* nile-book-ops-victory.c: operations on victory points, Europe and the
 * end of the game
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-book-ops"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"

/* A hand of donations is cut to this many when not sailing (R 26.3). */
#define HAND_SIZE 5

/* VP of the journalist's news (R 24.2, 24.3, 24.6). */
#define JOURNALIST_VICTORY_VP 1
#define JOURNALIST_DEFEAT_VP 2
#define INTERVIEW_VP 3
/* Boxes from port an interviewed explorer must have reached (R 24.6). */
#define INTERVIEW_DISTANCE 4

static gboolean
require_in_europe (NileBookExplorer  *explorer,
                   const char        *what,
                   GError           **error)
{
  if (g_str_equal (explorer->status, "in-europe"))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s is %s: %s only in Europe"), explorer->name,
               nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, explorer->status), what);
  return FALSE;
}

/* ---- Publishing (R 22) ---------------------------------------------- */

const NileOperationParam _nile_book_publish_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer publishes in Europe") },
  { "hexes", "s", TRUE, N_("the mapped hexes to publish, comma-separated (default: all; R 22.2 lets him keep some back)") },
  { NULL }
};

gboolean
_nile_book_publish (NileCampaign  *campaign,
                    sqlite3       *db,
                    GVariantDict  *params,
                    GString       *summary,
                    GError       **error)
{
  const char *hexes = _nile_book_param_str (params, "hexes");
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_auto(GStrv) labels = NULL;
  NileVictoryPoints before, after;
  gint64 turn, n_hexes = 0, n_lost = 0, net;
  sqlite3_stmt *stmt;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_europe (explorer, _("discoveries are published"), error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_vp (campaign, explorer->player_id, explorer->id, &before, error))
    return FALSE;

  /* A temporary mark on the hexes chosen, cleared before returning. */
  if (hexes != NULL)
    {
      labels = g_strsplit (hexes, ",", -1);
      for (guint i = 0; labels[i] != NULL; i++)
        {
          gint64 found;

          g_strstrip (labels[i]);
          if (!_nile_book_get_int (campaign,
                                   "SELECT count (*) FROM hex_discovery WHERE label = ?1"
                                   " AND explorer_id = ?2 AND published_turn IS NULL",
                                   g_variant_new ("(sx)", labels[i], explorer->id), 0, &found, error))
            return FALSE;
          if (found == 0)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                           _("%s has no unpublished map of %s"), explorer->name, labels[i]);
              return FALSE;
            }
        }
    }

  /* Hexes someone else published first score nothing (R 22.3). */
  stmt = _nile_book_query (campaign,
                           "SELECT h.id, h.label, EXISTS (SELECT 1 FROM hex_discovery o"
                           "  WHERE o.label = h.label AND o.published_turn IS NOT NULL)"
                           " FROM hex_discovery h WHERE h.explorer_id = ?1 AND h.published_turn IS NULL"
                           " ORDER BY h.id",
                           g_variant_new ("(x)", explorer->id), error);
  if (stmt == NULL)
    return FALSE;

  {
    g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (gboolean));

    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        const char *label = (const char *) sqlite3_column_text (stmt, 1);
        gint64 id = sqlite3_column_int64 (stmt, 0);
        gboolean already = sqlite3_column_int (stmt, 2) != 0;

        if (labels != NULL && !g_strv_contains ((const char * const *) labels, label))
          continue;
        g_array_append_val (ids, id);
        g_array_append_val (taken, already);
      }
    sqlite3_reset (stmt);

    for (guint i = 0; i < ids->len; i++)
      {
        gint64 id = g_array_index (ids, gint64, i);

        if (g_array_index (taken, gboolean, i))
          {
            n_lost++;
            if (!_nile_book_exec (campaign, "UPDATE vp_entry SET state = 'lost' WHERE hex_id = ?1",
                                  g_variant_new ("(x)", id), error))
              return FALSE;
            continue;
          }

        n_hexes++;
        if (!_nile_book_exec (campaign, "UPDATE hex_discovery SET published_turn = ?2 WHERE id = ?1",
                              g_variant_new ("(xx)", id, turn), error) ||
            !_nile_book_exec (campaign,
                              "UPDATE vp_entry SET state = 'published', published_turn = ?2"
                              " WHERE hex_id = ?1 AND state = 'unpublished'",
                              g_variant_new ("(xx)", id, turn), error))
          return FALSE;
      }
  }

  /* Every other award is published freely (R 22.4), and the losses the
   * expedition took come off with them (R 22.5). */
  if (!_nile_book_exec (campaign,
                        "UPDATE vp_entry SET state = 'published', published_turn = ?2"
                        " WHERE explorer_id = ?1 AND state = 'unpublished' AND hex_id IS NULL",
                        g_variant_new ("(xx)", explorer->id, turn), error) ||
      !_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM vp_entry WHERE explorer_id = ?1"
                           " AND state = 'published' AND published_turn = ?2",
                           g_variant_new ("(xx)", explorer->id, turn), 0, &net, error) ||
      !_nile_book_get_vp (campaign, explorer->player_id, explorer->id, &after, error))
    return FALSE;

  if (after.published < before.published)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("The expedition’s VP losses outweigh what would be published; publish more"
                     " hexes (R 22.5)"));
      return FALSE;
    }

  g_string_append_printf (summary,
                          g_dngettext (GETTEXT_PACKAGE, "%s publishes %d hex: %d → %d VP published",
                                       "%s publishes %d hexes: %d → %d VP published", n_hexes),
                          explorer->name, (int) n_hexes, before.published, after.published);
  if (n_lost > 0)
    g_string_append_printf (summary, _("; %d hexes were published first by others (R 22.3)"), (int) n_lost);
  if (after.unpublished > 0)
    g_string_append_printf (summary, _("; %d VP kept back"), after.unpublished);
  return TRUE;
}

/* ---- Europe (R 21, 26) ---------------------------------------------- */

typedef struct {
  const char *kind;
  gint64      amount;
  const char *port;
} Card;

/* "250", "ticket:Zanzibar" or "none". */
static gboolean
parse_card (char     *text,
            Card     *card,
            GError  **error)
{
  card->amount = 0;
  card->port = "";

  if (g_ascii_strcasecmp (text, "none") == 0)
    {
      card->kind = "none";
      return TRUE;
    }
  if (g_ascii_strncasecmp (text, "ticket:", 7) == 0 && text[7] != '\0')
    {
      card->kind = "ticket";
      card->port = g_strstrip (text + 7);
      return TRUE;
    }
  if (g_ascii_string_to_signed (text[0] == '$' ? text + 1 : text, 10, 1, 100000, &card->amount, NULL))
    {
      card->kind = "money";
      return TRUE;
    }

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” is not a donation card: write an amount (250), ticket:PORT or none"), text);
  return FALSE;
}

const NileOperationParam _nile_book_europe_turn_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer stays in Europe this turn") },
  { "cards", "s", FALSE, N_("the donation cards drawn, space-separated: 250, ticket:Zanzibar or none") },
  { "publish", "s", TRUE, N_("publish first: “all”, or the hexes to publish, comma-separated") },
  { NULL }
};

gboolean
_nile_book_europe_turn (NileCampaign  *campaign,
                        sqlite3       *db,
                        GVariantDict  *params,
                        GString       *summary,
                        GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  const char *publish = _nile_book_param_str (params, "publish");
  g_auto(GStrv) cards = g_strsplit_set (_nile_book_param_str (params, "cards"), " ,", -1);
  gint64 player_id, explorer_id, turn, published, tickets, held, discarded = 0, n_cards = 0;
  guint n_drawn = 0;
  g_autofree char *status = NULL;
  int expected;

  if (!_nile_book_find_player (campaign, player, &player_id, error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT id FROM explorer WHERE player_id = ?1 AND status NOT IN ('dead', 'retired')",
                           g_variant_new ("(x)", player_id), 0, &explorer_id, error) ||
      !_nile_book_get_text (campaign, "SELECT status FROM explorer WHERE id = ?1",
                            g_variant_new ("(x)", explorer_id), &status, error))
    return FALSE;

  /* A player without an explorer in play draws for the next (R 21.33). */
  if (status != NULL && !g_str_equal (status, "in-europe"))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s’s explorer is %s: donations are drawn in Europe (R 26.2)"), player,
                   nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, status));
      return FALSE;
    }

  /* Publishing comes first: its VP earn the extra draws (R 26.5). */
  if (publish != NULL)
    {
      g_auto(GVariantDict) publish_params = G_VARIANT_DICT_INIT (NULL);

      g_variant_dict_insert (&publish_params, "player", "s", player);
      if (!g_str_equal (publish, "all"))
        g_variant_dict_insert (&publish_params, "hexes", "s", publish);
      if (!_nile_book_publish (campaign, db, &publish_params, summary, error))
        return FALSE;
      g_string_append (summary, "; ");
    }

  if (!_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM vp_entry WHERE player_id = ?1"
                           " AND state = 'published' AND published_turn = ?2 AND amount > 0",
                           g_variant_new ("(xx)", player_id, turn), 0, &published, error))
    return FALSE;

  for (guint i = 0; cards[i] != NULL; i++)
    if (*cards[i] != '\0')
      n_cards++;

  /* One draw, plus one per 4 VP published this turn (R 26.4, 26.5). */
  expected = 1 + nile_victory_donations_earned ((int) published);
  if (n_cards != expected)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s draws %d donation card this turn (%d VP published), not %d",
                                "%s draws %d donation cards this turn (%d VP published), not %d",
                                expected),
                   player, expected, (int) published, (int) n_cards);
      return FALSE;
    }

  /* Not sailing: free tickets go, the hand is cut to five, keeping the
   * richest cards (R 26.3). */
  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM donation WHERE player_id = ?1 AND state = 'held' AND kind = 'ticket'",
                           g_variant_new ("(x)", player_id), 0, &tickets, error) ||
      !_nile_book_exec (campaign,
                        "UPDATE donation SET state = 'discarded'"
                        " WHERE player_id = ?1 AND state = 'held' AND kind = 'ticket'",
                        g_variant_new ("(x)", player_id), error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM donation WHERE player_id = ?1 AND state = 'held'",
                           g_variant_new ("(x)", player_id), 0, &held, error))
    return FALSE;

  if (held > HAND_SIZE)
    {
      discarded = held - HAND_SIZE;
      if (!_nile_book_exec (campaign,
                            "UPDATE donation SET state = 'discarded' WHERE id IN (SELECT id FROM donation"
                            " WHERE player_id = ?1 AND state = 'held' ORDER BY amount, id LIMIT ?2)",
                            g_variant_new ("(xx)", player_id, discarded), error))
        return FALSE;
    }

  g_string_append_printf (summary, _("%s in Europe draws"), player);
  for (guint i = 0; cards[i] != NULL; i++)
    {
      Card card;

      if (*cards[i] == '\0')
        continue;
      if (!parse_card (cards[i], &card, error) ||
          !_nile_book_exec (campaign,
                            "INSERT INTO donation (player_id, turn, kind, amount, port, state)"
                            " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                            g_variant_new ("(xxsxss)", player_id, turn, card.kind, card.amount, card.port,
                                           g_str_equal (card.kind, "none") ? "discarded" : "held"),
                            error))
        return FALSE;

      /* Translators: between the donation cards a player draws. */
      g_string_append (summary, n_drawn++ > 0 ? _(", ") : " ");
      if (g_str_equal (card.kind, "money"))
        {
          g_autofree char *amount = nile_format_money (card.amount);

          g_string_append (summary, amount);
        }
      else if (g_str_equal (card.kind, "ticket"))
        g_string_append_printf (summary, _("a free ticket to %s"), card.port);
      else
        g_string_append (summary, _("no donation"));
    }

  if (tickets > 0 || discarded > 0)
    g_string_append_printf (summary, _("; %d free tickets and %d cards over five discarded (R 26.3)"),
                            (int) tickets, (int) discarded);
  return TRUE;
}

/* ---- Awards --------------------------------------------------------- */

const NileOperationParam _nile_book_epic_journey_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer made the journey") },
  { "from", "s", FALSE, N_("the port he set out from") },
  { "to", "s", FALSE, N_("the port he reached without entering another") },
  { "vp", "x", FALSE, N_("hexes published at once along the shortest route travelled (R 25.32)") },
  { NULL }
};

gboolean
_nile_book_epic_journey (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  g_autofree char *from = g_strstrip (g_strdup (_nile_book_param_str (params, "from")));
  g_autofree char *to = g_strstrip (g_strdup (_nile_book_param_str (params, "to")));
  gint64 vp = _nile_book_param_int (params, "vp", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autofree char *first = NULL;
  gint64 turn;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_check_range (vp, 0, 1000, _("The VP"), error) ||
      !_nile_book_get_text (campaign,
                            "SELECT e.name FROM epic_journey j JOIN explorer e ON e.id = j.explorer_id"
                            " WHERE j.from_port = ?1 COLLATE NOCASE AND j.to_port = ?2 COLLATE NOCASE",
                            g_variant_new ("(ss)", from, to), &first, error))
    return FALSE;

  if (*from == '\0' || *to == '\0' || g_ascii_strcasecmp (from, to) == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("An epic journey runs between two different ports"));
      return FALSE;
    }
  if (first != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s already made the journey from %s to %s; only the first earns it (R 25.31)"),
                   first, from, to);
      return FALSE;
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO epic_journey (explorer_id, from_port, to_port, turn, vp)"
                        " VALUES (?1, ?2, ?3, ?4, ?5)",
                        g_variant_new ("(xssxx)", explorer->id, from, to, turn, vp), error))
    return FALSE;

  {
    g_autofree char *reason = g_strdup_printf (_("epic journey %s → %s"), from, to);

    if (vp > 0 && !_nile_book_add_vp (campaign, explorer, vp, 0, reason, error))
      return FALSE;
  }

  g_string_append_printf (summary, _("%s: epic journey from %s to %s, %d VP unpublished"),
                          explorer->name, from, to, (int) vp);
  return TRUE;
}

const NileOperationParam _nile_book_journalist_battle_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer fought") },
  { "tribe", "x", FALSE, N_("the tribe's native counter") },
  { "result", "s", FALSE, N_("won or lost") },
  { NULL }
};

gboolean
_nile_book_journalist_battle (NileCampaign  *campaign,
                              sqlite3       *db,
                              GVariantDict  *params,
                              GString       *summary,
                              GError       **error)
{
  const char *result = _nile_book_param_str (params, "result");
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  gint64 tribe_id, relation_id, credited;
  gboolean won;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  if (g_strcmp0 (result, "won") != 0 && g_strcmp0 (result, "lost") != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("A battle is won or lost, not “%s”"), result);
      return FALSE;
    }
  won = g_str_equal (result, "won");

  if (!_nile_book_get_int (campaign, "SELECT id FROM tribe WHERE counter = ?1",
                           g_variant_new ("(x)", counter), 0, &tribe_id, error))
    return FALSE;
  if (tribe_id == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("No tribe with native counter %d is recorded; add it with add-tribe"), (int) counter);
      return FALSE;
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO relation (tribe_id, explorer_id) VALUES (?1, ?2)"
                        " ON CONFLICT (tribe_id, explorer_id) DO NOTHING",
                        g_variant_new ("(xx)", tribe_id, explorer->id), error) ||
      !_nile_book_get_int (campaign, "SELECT id FROM relation WHERE tribe_id = ?1 AND explorer_id = ?2",
                           g_variant_new ("(xx)", tribe_id, explorer->id), 0, &relation_id, error) ||
      !_nile_book_get_int (campaign, "SELECT journalist_credited FROM relation WHERE id = ?1",
                           g_variant_new ("(x)", relation_id), 0, &credited, error) ||
      !_nile_book_exec (campaign,
                        won ? "UPDATE relation SET battles_won = battles_won + 1 WHERE id = ?1"
                            : "UPDATE relation SET battles_lost = battles_lost + 1 WHERE id = ?1",
                        g_variant_new ("(x)", relation_id), error))
    return FALSE;

  g_string_append_printf (summary, _("%s %s a battle with tribe %d"),
                          explorer->name, won ? _("wins") : _("loses"), (int) counter);

  /* A victory wins back the askaris' respect (R 5.52). */
  if (won && explorer->makeup.explorer_debased)
    {
      explorer->makeup.explorer_debased = FALSE;
      if (!_nile_book_explorer_save (campaign, explorer, error))
        return FALSE;
      g_string_append (summary, _("; the askaris stop deserting (R 5.52)"));
    }

  /* News for a journalist in Africa, once per tribe (R 24.2–24.4). */
  if (g_str_equal (explorer->specialty, "journalist") && g_str_equal (explorer->status, "in-africa") &&
      !credited)
    {
      int vp = won ? JOURNALIST_VICTORY_VP : JOURNALIST_DEFEAT_VP;
      g_autofree char *reason = g_strdup_printf (_("news of a battle with tribe %d"), (int) counter);

      if (!_nile_book_exec (campaign, "UPDATE relation SET journalist_credited = 1 WHERE id = ?1",
                            g_variant_new ("(x)", relation_id), error) ||
          !_nile_book_add_vp (campaign, explorer, vp, 0, reason, error))
        return FALSE;
      g_string_append_printf (summary, _("; +%d VP unpublished for the news (R 24)"), vp);
    }

  return TRUE;
}

const NileOperationParam _nile_book_interview_params[] = {
  { "player", "s", FALSE, N_("the player whose journalist interviews") },
  { "subject", "s", FALSE, N_("the player whose explorer is interviewed") },
  { NULL }
};

gboolean
_nile_book_interview (NileCampaign  *campaign,
                      sqlite3       *db,
                      GVariantDict  *params,
                      GString       *summary,
                      GError       **error)
{
  g_autoptr(NileBookExplorer) journalist = NULL;
  g_autoptr(NileBookExplorer) subject = NULL;
  gint64 turn, done;

  journalist = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (journalist == NULL)
    return FALSE;
  subject = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "subject"), error);
  if (subject == NULL || !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT count (*) FROM interview WHERE journalist_id = ?1 AND subject_id = ?2",
                           g_variant_new ("(xx)", journalist->id, subject->id), 0, &done, error))
    return FALSE;

  if (!g_str_equal (journalist->specialty, "journalist"))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is a %s; only a journalist interviews (R 24.6)"),
                   journalist->name, journalist->specialty);
      return FALSE;
    }
  if (journalist->id == subject->id)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("A journalist cannot interview himself (R 24.63)"));
      return FALSE;
    }
  if (!g_str_equal (journalist->status, "in-africa") || !g_str_equal (subject->status, "in-africa") ||
      g_strcmp0 (journalist->hex, subject->hex) != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s and %s must be in the same hex in Africa (R 24.61)"),
                   journalist->name, subject->name);
      return FALSE;
    }
  if (subject->farthest_from_port < INTERVIEW_DISTANCE)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has been only %d boxes from port; an interview needs %d (R 24.6)"),
                   subject->name, (int) subject->farthest_from_port, INTERVIEW_DISTANCE);
      return FALSE;
    }
  if (done > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has already interviewed %s (R 24.62)"), journalist->name, subject->name);
      return FALSE;
    }

  {
    g_autofree char *reason = g_strdup_printf (_("interview with %s"), subject->name);

    if (!_nile_book_exec (campaign, "INSERT INTO interview (journalist_id, subject_id, turn) VALUES (?1, ?2, ?3)",
                          g_variant_new ("(xxx)", journalist->id, subject->id, turn), error) ||
        !_nile_book_add_vp (campaign, journalist, INTERVIEW_VP, 0, reason, error))
      return FALSE;
  }

  g_string_append_printf (summary, _("%s interviews %s: +%d VP unpublished (R 24.6)"),
                          journalist->name, subject->name, INTERVIEW_VP);
  return TRUE;
}

/* ---- The end of Game I (R 7) ---------------------------------------- */

const NileOperationParam _nile_book_game_one_win_check_params[] = {
  { NULL }
};

gboolean
_nile_book_game_one_win_check (NileCampaign  *campaign,
                               sqlite3       *db,
                               GVariantDict  *params,
                               GString       *summary,
                               GError       **error)
{
  gint64 game, goal, winner, best_id = 0;
  g_autofree char *best_name = NULL;
  int best = -1;
  sqlite3_stmt *stmt;

  if (!_nile_book_get_int (campaign, "SELECT game FROM game WHERE id = 1", NULL, 2, &game, error) ||
      !_nile_book_get_int (campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL, 0, &goal, error) ||
      !_nile_book_get_int (campaign, "SELECT winner FROM game WHERE id = 1", NULL, 0, &winner, error))
    return FALSE;

  if (game != 1)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("This campaign plays Game II, which has no race to a goal"));
      return FALSE;
    }
  if (winner != 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN, _("The game is already won"));
      return FALSE;
    }

  stmt = _nile_book_query (campaign,
                           "SELECT p.id, p.name, (SELECT total (amount) FROM vp_entry v"
                           "  WHERE v.player_id = p.id AND v.state = 'published')"
                           " FROM player p ORDER BY p.turn_order",
                           NULL, error);
  if (stmt == NULL)
    return FALSE;
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      int published = sqlite3_column_int (stmt, 2);

      if (published > best)
        {
          best = published;
          best_id = sqlite3_column_int64 (stmt, 0);
          g_free (best_name);
          best_name = _nile_book_column_text (stmt, 1);
        }
    }
  sqlite3_reset (stmt);

  if (best_name == NULL || !nile_victory_has_won (best, (int) goal))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("No one has published %d VP yet (the best: %s, %d)"), (int) goal,
                   best_name != NULL ? best_name : "—", MAX (best, 0));
      return FALSE;
    }

  if (!_nile_book_exec (campaign, "UPDATE game SET winner = ?1 WHERE id = 1",
                        g_variant_new ("(x)", best_id), error))
    return FALSE;

  g_string_append_printf (summary, _("%s wins Game I with %d published VP (R 7)"), best_name, best);
  return TRUE;
}
