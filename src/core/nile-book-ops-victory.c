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
#include "nile-epic-journey.h"
#include "nile-error.h"
#include "nile-operation-private.h"

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

static gboolean describe_ranking_due (NileCampaign      *campaign,
                                      NileBookExplorer  *explorer,
                                      int                published,
                                      GString           *summary,
                                      GError           **error);

const NileOperationParam _nile_book_publish_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer publishes in Europe"), .names_player = TRUE },
  { "hexes", "s", TRUE, N_("the mapped hexes to publish, comma-separated (default: all; R 22.2 lets him keep some back)") },
  { NULL }
};

/* Each player's published total after each turn he published in: the
 * running sum over turns, losses from the published total included
 * (R 22.5). */
#define RUNNING_TOTALS_SQL \
  "WITH per_turn AS (SELECT player_id, published_turn AS turn, total (amount) AS amount" \
  "  FROM vp_entry WHERE state = 'published' GROUP BY player_id, published_turn)," \
  " running AS (SELECT player_id, turn," \
  "  sum (amount) OVER (PARTITION BY player_id ORDER BY turn) AS published FROM per_turn)"

/* Whether explorer @explorer_id has a hex or an award left to publish;
 * his map of a hex another published first is settled (R 22.4), once
 * its VP are gone. */
static gboolean
has_unpublished (NileCampaign  *campaign,
                 gint64         explorer_id,
                 gboolean      *pending,
                 GError       **error)
{
  gint64 n;

  if (!_nile_book_get_int (campaign,
                           "SELECT EXISTS (SELECT 1 FROM hex_discovery h WHERE h.explorer_id = ?1"
                           "               AND h.published_turn IS NULL AND h.partial = 0"
                           "               AND NOT EXISTS (SELECT 1 FROM hex_discovery o"
                           "                 WHERE o.label = h.label AND o.published_turn IS NOT NULL))"
                           " OR EXISTS (SELECT 1 FROM vp_entry WHERE explorer_id = ?1 AND state = 'unpublished')",
                           g_variant_new ("(x)", explorer_id), 0, &n, error))
    return FALSE;

  *pending = n != 0;
  return TRUE;
}

/* A bonus of explorer @explorer_id naming an animal, plant or tribe
 * published since he found it scores nothing (R 20.74): its VP are
 * lost, counted in @out_lost. Names compare as players compare them. */
static gboolean
lose_bonuses_published_first (NileCampaign  *campaign,
                              gint64         explorer_id,
                              gint64        *out_lost,
                              GError       **error)
{
  g_autoptr(GHashTable) published = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) lost = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int rc;

  *out_lost = 0;
  stmt = _nile_book_query (campaign,
                           "SELECT n.name, n.vp_entry_id, v.state = 'published' FROM bonus_name n"
                           " JOIN vp_entry v ON v.id = n.vp_entry_id"
                           " WHERE v.state = 'published' OR (v.state = 'unpublished' AND v.explorer_id = ?1)"
                           " ORDER BY v.state = 'unpublished'",
                           g_variant_new ("(x)", explorer_id), error);
  if (stmt == NULL)
    return FALSE;

  /* The published come first, so each of his is looked up among them. */
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      char *folded = _nile_book_fold_name (_nile_sqlite_column_text (stmt, 0));
      gint64 entry = sqlite3_column_int64 (stmt, 1);

      if (sqlite3_column_int (stmt, 2) != 0)
        g_hash_table_add (published, folded);
      else
        {
          if (g_hash_table_contains (published, folded))
            g_array_append_val (lost, entry);
          g_free (folded);
        }
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);

  for (guint i = 0; i < lost->len; i++)
    if (!_nile_book_exec (campaign, "UPDATE vp_entry SET state = 'lost' WHERE id = ?1",
                          g_variant_new ("(x)", g_array_index (lost, gint64, i)), error))
      return FALSE;

  *out_lost = lost->len;
  return TRUE;
}

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
  gint64 turn, n_hexes = 0, n_lost = 0, n_bonuses_lost = 0, awards, losses;
  sqlite3_stmt *stmt;
  gboolean pending, drew, ok, row;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_europe (explorer, _("discoveries are published"), error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_vp (campaign, explorer->player_id, explorer->id, &before, error) ||
      !has_unpublished (campaign, explorer->id, &pending, error))
    return FALSE;

  /* This turn's draw counted what was published before it; more now
   * would earn cards that can no longer be drawn (R 26.5). */
  if (!_nile_book_drew_this_turn (campaign, explorer->player_id, &drew, error))
    return FALSE;
  if (drew)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has drawn this turn’s donations already: publish next turn, or undo that draw and"
                     " publish first, so the VP earn their cards (R 26.5)"),
                   explorer->player_name);
      return FALSE;
    }

  /* Publishing nothing would only add a line to the log. */
  if (!pending)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has nothing unpublished: no hex mapped, no award waiting"), explorer->name);
      return FALSE;
    }

  /* A temporary mark on the hexes chosen, cleared before returning. */
  if (hexes != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (hexes, ",", -1);
      g_autoptr(GStrvBuilder) named = g_strv_builder_new ();

      /* Blanks between commas name nothing. */
      for (guint i = 0; parts[i] != NULL; i++)
        if (*g_strstrip (parts[i]) != '\0')
          g_strv_builder_add (named, parts[i]);
      labels = g_strv_builder_end (named);
      if (labels[0] == NULL)
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("Name the hexes to publish, comma-separated, or leave them out to publish"
                                 " them all"));
          return FALSE;
        }

      for (guint i = 0; labels[i] != NULL; i++)
        {
          gint64 found, partial;

          if (!_nile_book_get_int (campaign,
                                   "SELECT count (*) FROM hex_discovery WHERE label = ?1"
                                   " AND explorer_id = ?2 AND published_turn IS NULL",
                                   g_variant_new ("(sx)", labels[i], explorer->id), 0, &found, error))
            return FALSE;
          if (!_nile_book_get_int (campaign,
                                   "SELECT count (*) FROM hex_discovery WHERE label = ?1"
                                   " AND explorer_id = ?2 AND published_turn IS NULL AND partial = 1",
                                   g_variant_new ("(sx)", labels[i], explorer->id), 0, &partial, error))
            return FALSE;
          if (partial > 0)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("%s knows only part of %s: a hex partly explored cannot be published (R 10.293)"),
                           explorer->name, labels[i]);
              return FALSE;
            }
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
                           " AND h.partial = 0 ORDER BY h.id",
                           g_variant_new ("(x)", explorer->id), error);
  if (stmt == NULL)
    return FALSE;

  {
    g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (gboolean));

    while ((ok = _nile_book_step_row (stmt, &row, error)) && row)
      {
        const char *label = _nile_sqlite_column_text (stmt, 1);
        gint64 id = sqlite3_column_int64 (stmt, 0);
        gboolean already = sqlite3_column_int (stmt, 2) != 0;

        if (labels != NULL && !g_strv_contains ((const char * const *) labels, label))
          continue;
        g_array_append_val (ids, id);
        g_array_append_val (taken, already);
      }
    sqlite3_reset (stmt);
    if (!ok)
      return FALSE;

    for (guint i = 0; i < ids->len; i++)
      {
        gint64 id = g_array_index (ids, gint64, i);

        if (g_array_index (taken, gboolean, i))
          {
            /* Said once, when its VP go. */
            if (!_nile_book_exec (campaign,
                                  "UPDATE vp_entry SET state = 'lost' WHERE hex_id = ?1 AND state = 'unpublished'",
                                  g_variant_new ("(x)", id), error))
              return FALSE;
            if (sqlite3_changes (db) > 0)
              n_lost++;
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

  if (!lose_bonuses_published_first (campaign, explorer->id, &n_bonuses_lost, error))
    return FALSE;

  /* Every other award is published freely (R 22.4), and the losses the
   * expedition took come off with them (R 22.5); the log line says how
   * much of each. */
  if (!_nile_book_get_int (campaign,
                           "SELECT total (amount) FROM vp_entry WHERE explorer_id = ?1"
                           " AND state = 'unpublished' AND hex_id IS NULL AND amount > 0",
                           g_variant_new ("(x)", explorer->id), 0, &awards, error) ||
      !_nile_book_get_int (campaign,
                           "SELECT -total (amount) FROM vp_entry WHERE explorer_id = ?1"
                           " AND state = 'unpublished' AND hex_id IS NULL AND amount < 0",
                           g_variant_new ("(x)", explorer->id), 0, &losses, error) ||
      !_nile_book_exec (campaign,
                        "UPDATE vp_entry SET state = 'published', published_turn = ?2"
                        " WHERE explorer_id = ?1 AND state = 'unpublished' AND hex_id IS NULL",
                        g_variant_new ("(xx)", explorer->id, turn), error) ||
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
  if (awards > 0)
    /* Translators: bonus discoveries, battles won, interviews… */
    g_string_append_printf (summary, _("; %d VP of other awards with them (R 22.4)"), (int) awards);
  if (losses > 0)
    g_string_append_printf (summary, _("; %d VP of losses taken off (R 22.5)"), (int) losses);
  if (n_lost > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "; %d hex was published first by others (R 22.3)",
                                         "; %d hexes were published first by others (R 22.3)", n_lost),
                            (int) n_lost);
  if (n_bonuses_lost > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "; %d bonus named what others published first (R 20.74)",
                                         "; %d bonuses named what others published first (R 20.74)",
                                         n_bonuses_lost),
                            (int) n_bonuses_lost);
  if (after.unpublished > 0)
    g_string_append_printf (summary, _("; %d VP kept back"), after.unpublished);
  return describe_ranking_due (campaign, explorer, after.published, summary, error);
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
  if (g_ascii_string_to_signed (text[0] == '$' ? text + 1 : text, 10, 1, NILE_VICTORY_MAX_DONATION,
                                &card->amount, NULL))
    {
      card->kind = "money";
      return TRUE;
    }

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” is not a donation card: write an amount (250), ticket:PORT or none"), text);
  return FALSE;
}

/* The cards in @text, separated by spaces or commas: a port's name of
 * more than one word ("ticket:Port Elizabeth") stays whole, as the word
 * after a ticket that is not a card of its own is the port's. */
static GStrv
split_cards (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " ,", -1);
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      const char *last = cards->len > 0 ? g_ptr_array_index (cards, cards->len - 1) : NULL;
      gboolean starts_card = g_ascii_strcasecmp (word, "none") == 0 ||
                             g_ascii_strncasecmp (word, "ticket:", 7) == 0 ||
                             g_ascii_isdigit (word[0]) || word[0] == '$';

      if (*word == '\0')
        continue;
      if (!starts_card && last != NULL && g_ascii_strncasecmp (last, "ticket:", 7) == 0)
        {
          /* "ticket:" alone takes the port without a space before it. */
          char *joined = g_strconcat (last, last[7] != '\0' ? " " : "", word, NULL);

          g_free (g_ptr_array_steal_index (cards, cards->len - 1));
          g_ptr_array_add (cards, joined);
          continue;
        }
      g_ptr_array_add (cards, g_strdup (word));
    }

  g_ptr_array_add (cards, NULL);
  return (GStrv) g_ptr_array_steal (cards, NULL);
}

const NileOperationParam _nile_book_europe_turn_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer stays in Europe this turn"), .names_player = TRUE },
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
  g_auto(GStrv) cards = split_cards (_nile_book_param_str (params, "cards"));
  gint64 player_id, explorer_id, turn, published, tickets, held, discarded = 0, n_cards = 0;
  gboolean drew, pending = TRUE;
  guint n_drawn = 0;
  g_autofree char *written = NULL;
  g_autofree char *status = NULL;
  int expected;

  if (!_nile_book_find_player_written (campaign, player, &player_id, &written, error) ||
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

  if (status == NULL)
    {
      gboolean ended;

      if (!_nile_book_explorer_ended_this_turn (campaign, player_id, &ended, error))
        return FALSE;
      if (ended)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("%s’s last explorer died or retired this turn: drawing for the next"
                         " one starts next turn (R 21.33)"), player);
          return FALSE;
        }
    }

  /* One draw a turn (R 26.4): a second would add cards never drawn. */
  if (!_nile_book_drew_this_turn (campaign, player_id, &drew, error))
    return FALSE;
  if (drew)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s has drawn this turn’s donations already (R 26.4); undo that draw to change it"),
                   written);
      return FALSE;
    }

  /* Publishing comes first: its VP earn the extra draws (R 26.5). With
   * nothing left to publish, "all" has nothing to add. */
  if (publish != NULL && g_str_equal (publish, "all") &&
      !has_unpublished (campaign, explorer_id, &pending, error))
    return FALSE;
  if (publish != NULL && (pending || !g_str_equal (publish, "all")))
    {
      g_auto(GVariantDict) publish_params = G_VARIANT_DICT_INIT (NULL);

      g_variant_dict_insert (&publish_params, "player", "s", player);
      if (!g_str_equal (publish, "all"))
        g_variant_dict_insert (&publish_params, "hexes", "s", publish);
      if (!_nile_book_publish (campaign, db, &publish_params, summary, error))
        return FALSE;
      g_string_append (summary, "; ");
    }

  /* What his published total rose by this turn: the losses that came off
   * with the awards count against them (R 22.5). */
  if (!_nile_book_get_int (campaign,
                           "SELECT max (0, total (amount)) FROM vp_entry WHERE player_id = ?1"
                           " AND state = 'published' AND published_turn = ?2",
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

  g_string_append_printf (summary, _("%s in Europe draws"), written);
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

  /* Not sailing, he lets his tickets go; a hand over five is cut (R 26.3). */
  if (tickets > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "; %d free ticket discarded", "; %d free tickets discarded",
                                         tickets),
                            (int) tickets);
  if (discarded > 0)
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "; %d card over five discarded",
                                         "; %d cards over five discarded", discarded),
                            (int) discarded);
  if (tickets > 0 || discarded > 0)
    g_string_append (summary, _(" (R 26.3)"));
  return TRUE;
}

/* ---- Awards --------------------------------------------------------- */

const NileOperationParam _nile_book_epic_journey_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer made the journey"), .names_player = TRUE },
  { "from", "s", FALSE, N_("the port he set out from") },
  { "to", "s", FALSE, N_("the port he reached without entering another") },
  { "from-group", "s", TRUE, N_("for a port the rulebook does not name: where it lies"),
    .choices = nile_epic_journey_group_nicks },
  { "to-group", "s", TRUE, N_("for a port the rulebook does not name: where it lies"),
    .choices = nile_epic_journey_group_nicks },
  { "hexes", "x", FALSE, N_("hexes he publishes at once along the shortest route travelled (R 25.32)") },
  { NULL }
};

/* The group of @port: the rulebook's, or the one the players give for a
 * port it does not name. */
static const char *
port_group (const char  *port,
            const char  *given,
            const char  *param,
            GError     **error)
{
  /* @given is one of the parameter's choices: the parameters are checked. */
  const char *named = nile_epic_journey_port_group (port);

  if (named != NULL && given != NULL && !g_str_equal (named, given))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s is in %s, not %s (R 25.33)"), port, nile_epic_journey_group_words (named),
                   nile_epic_journey_group_words (given));
      return NULL;
    }
  if (named == NULL && given == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("Say which coast %s is on: give %s=east-coast or %s=west-coast"), port, param, param);
      return NULL;
    }
  return named != NULL ? named : given;
}

gboolean
_nile_book_epic_journey (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  gint64 hexes = _nile_book_param_int (params, "hexes", 0);
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autofree char *first = NULL;
  const NileEpicJourney *journey;
  const char *from_group, *to_group;
  NileEdition edition;
  gint64 turn, mapped, done, nth;
  int vp;

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL || !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_edition (campaign, &edition, error))
    return FALSE;

  from = _nile_book_clean_name (_nile_book_param_str (params, "from"), _("The port"), error);
  if (from == NULL)
    return FALSE;
  to = _nile_book_clean_name (_nile_book_param_str (params, "to"), _("The port"), error);
  if (to == NULL)
    return FALSE;
  if (nile_epic_journey_same_port (from, to))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("An epic journey runs between two different ports"));
      return FALSE;
    }
  from_group = port_group (from, _nile_book_param_str (params, "from-group"), "from-group", error);
  if (from_group == NULL)
    return FALSE;
  to_group = port_group (to, _nile_book_param_str (params, "to-group"), "to-group", error);
  if (to_group == NULL)
    return FALSE;

  journey = nile_epic_journey_find (from_group, to_group);
  if (journey == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s (%s) to %s (%s) is not an epic journey: Khartoum to Cape Colony or either"
                     " coast, or one coast to the other (R 25.33)"),
                   from, nile_epic_journey_group_words (from_group), to, nile_epic_journey_group_words (to_group));
      return FALSE;
    }

  /* The hexes counted are his own maps, published with the journey
   * (R 25.32): whole ones, not published on an earlier turn, by him or
   * first by another. */
  if (!_nile_book_get_int (campaign,
                           "SELECT count (*) FROM hex_discovery h WHERE h.explorer_id = ?1 AND h.partial = 0"
                           " AND (h.published_turn IS NULL OR h.published_turn = ?2)"
                           " AND NOT EXISTS (SELECT 1 FROM hex_discovery o WHERE o.label = h.label"
                           "   AND o.id != h.id AND o.published_turn IS NOT NULL)",
                           g_variant_new ("(xx)", explorer->id, turn), 0, &mapped, error) ||
      !_nile_book_check_range (hexes, 0, mapped, _("The hexes published along the route"), error))
    return FALSE;

  /* Only the first explorer from one port to the other (R 25.31); the
   * book keeps DG transits by the same rule. */
  {
    /* Compared here, not in SQL: another spelling of a port is the same
     * port (Cape Town, Capetown). */
    sqlite3_stmt *stmt = _nile_book_query (campaign,
                                           "SELECT e.name, j.from_port, j.to_port FROM epic_journey j"
                                           " JOIN explorer e ON e.id = j.explorer_id ORDER BY j.id",
                                           NULL, error);
    int rc = SQLITE_DONE;

    if (stmt == NULL)
      return FALSE;
    while (first == NULL && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
      if (nile_epic_journey_same_port (_nile_sqlite_column_text (stmt, 1), from) &&
          nile_epic_journey_same_port (_nile_sqlite_column_text (stmt, 2), to))
        first = g_strdup (_nile_sqlite_column_text (stmt, 0));
    sqlite3_reset (stmt);
    if (first == NULL && rc != SQLITE_DONE)
      {
        _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
        return FALSE;
      }
  }
  if (first != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s already made the journey from %s to %s; only the first earns it (R 25.31)"),
                   first, from, to);
      return FALSE;
    }

  if (edition == NILE_EDITION_AH)
    vp = (int) hexes;
  else
    {
      /* DG: each player earns each transit once, his first at 1 VP a
       * hex, his second at ½, then ¼ and ⅛. */
      if (!_nile_book_get_int (campaign,
                               "SELECT count (*) FROM epic_journey j JOIN epic_journey_kind k ON k.journey_id = j.id"
                               " JOIN explorer e ON e.id = j.explorer_id WHERE e.player_id = ?1 AND k.kind = ?2",
                               g_variant_new ("(xs)", explorer->player_id, journey->kind), 0, &done, error) ||
          !_nile_book_get_int (campaign,
                               "SELECT count (*) FROM epic_journey j JOIN epic_journey_kind k ON k.journey_id = j.id"
                               " JOIN explorer e ON e.id = j.explorer_id WHERE e.player_id = ?1",
                               g_variant_new ("(x)", explorer->player_id), 0, &nth, error))
        return FALSE;
      if (done > 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       _("%s has already crossed between %s; each transit earns once (DG Epic Transits)"),
                       explorer->player_name, _(journey->words));
          return FALSE;
        }
      vp = nile_epic_journey_dg_vp ((int) hexes, (guint) nth);
    }

  if (!_nile_book_exec (campaign,
                        "INSERT INTO epic_journey (explorer_id, from_port, to_port, turn, vp)"
                        " VALUES (?1, ?2, ?3, ?4, ?5)",
                        g_variant_new ("(xssxx)", explorer->id, from, to, turn, (gint64) vp), error) ||
      !_nile_book_exec (campaign,
                        "INSERT INTO epic_journey_kind (journey_id, kind, hexes) VALUES (?1, ?2, ?3)",
                        g_variant_new ("(xsx)", sqlite3_last_insert_rowid (db), journey->kind, hexes),
                        error))
    return FALSE;

  {
    g_autofree char *reason = g_strdup_printf (_("epic journey %s → %s"), from, to);

    if (vp > 0 && !_nile_book_add_vp (campaign, explorer, vp, 0, reason, error))
      return FALSE;
  }

  g_string_append_printf (summary, _("%s: epic journey from %s to %s, %d hexes: %d VP unpublished (%s)"),
                          explorer->name, from, to, (int) hexes, vp,
                          edition == NILE_EDITION_AH ? journey->rule : _("DG Epic Transits"));
  return TRUE;
}

static const char * const battle_results[] = { "won", "lost", NULL };

const NileOperationParam _nile_book_journalist_battle_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer fought"), .names_player = TRUE },
  { "tribe", "x", FALSE, N_("the tribe's native counter"), .names_tribe = TRUE },
  { "result", "s", FALSE, N_("won or lost"), .choices = battle_results },
  { NULL }
};

/* Writes down @player's fight with tribe @counter, won or lost, and
 * what follows from it; unless @named, no battle is counted. (No
 * counter stands for "none": every one is a player's, and one not on
 * the board is refused.) A fight already in the books this turn is not
 * counted again: refused when @refuse_again (a second entry by hand),
 * passed over otherwise (a later roll of the same fight). */
gboolean
_nile_book_record_battle (NileCampaign  *campaign,
                          const char    *player,
                          gboolean       named,
                          gint64         counter,
                          gboolean       won,
                          gboolean       refuse_again,
                          GString       *summary,
                          GError       **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) part = g_string_new (NULL);
  const char *result = won ? "won" : "lost";
  gint64 tribe_id, relation_id = 0, credited = 0, turn = 0, recorded = 0;
  gboolean counts = named;

  explorer = _nile_book_find_explorer (campaign, player, error);
  if (explorer == NULL)
    return FALSE;

  if (counts)
    {
      if (!_nile_book_find_tribe_id (campaign, counter, &tribe_id, error))
        return FALSE;

      if (!_nile_book_get_turn (campaign, &turn, error) ||
          !_nile_book_exec (campaign,
                            "INSERT INTO relation (tribe_id, explorer_id) VALUES (?1, ?2)"
                            " ON CONFLICT (tribe_id, explorer_id) DO NOTHING",
                            g_variant_new ("(xx)", tribe_id, explorer->id), error) ||
          !_nile_book_get_int (campaign, "SELECT id FROM relation WHERE tribe_id = ?1 AND explorer_id = ?2",
                               g_variant_new ("(xx)", tribe_id, explorer->id), 0, &relation_id, error) ||
          !_nile_book_get_int (campaign, "SELECT journalist_credited FROM relation WHERE id = ?1",
                               g_variant_new ("(x)", relation_id), 0, &credited, error) ||
          !_nile_book_get_int (campaign,
                               "SELECT count (*) FROM battle WHERE relation_id = ?1 AND turn = ?2 AND result = ?3",
                               g_variant_new ("(xxs)", relation_id, turn, result), 0, &recorded, error))
        return FALSE;

      if (recorded > 0 && refuse_again)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                       won ? _("%s’s victory over tribe %d this turn is already in the books")
                           : _("%s’s defeat by tribe %d this turn is already in the books"),
                       explorer->name, (int) counter);
          return FALSE;
        }
      counts = recorded == 0;
    }

  if (counts)
    {
      if (!_nile_book_exec (campaign, "INSERT INTO battle (relation_id, turn, result) VALUES (?1, ?2, ?3)",
                            g_variant_new ("(xxs)", relation_id, turn, result), error) ||
          !_nile_book_exec (campaign,
                            won ? "UPDATE relation SET battles_won = battles_won + 1 WHERE id = ?1"
                                : "UPDATE relation SET battles_lost = battles_lost + 1 WHERE id = ?1",
                            g_variant_new ("(x)", relation_id), error))
        return FALSE;
      g_string_append_printf (part, _("%s %s a battle with tribe %d"),
                              explorer->name, won ? _("wins") : _("loses"), (int) counter);
    }

  /* A victory wins back the askaris' respect (R 5.52), and the turn is
   * kept: their desertions stop that same turn. */
  if (won && explorer->makeup.explorer_debased)
    {
      explorer->makeup.explorer_debased = FALSE;
      if (!_nile_book_explorer_save (campaign, explorer, error) ||
          (turn == 0 && !_nile_book_get_turn (campaign, &turn, error)) ||
          !_nile_book_exec (campaign,
                            "INSERT INTO respect_won (explorer_id, turn) VALUES (?1, ?2)"
                            " ON CONFLICT (explorer_id) DO UPDATE SET turn = excluded.turn",
                            g_variant_new ("(xx)", explorer->id, turn), error))
        return FALSE;
      if (part->len > 0)
        g_string_append (part, _("; the askaris stop deserting (R 5.52)"));
      else
        g_string_append_printf (part, _("%s has won back the askaris’ respect: they stop deserting (R 5.52)"),
                                explorer->name);
    }

  /* News for a journalist in Africa, once per tribe (R 24.2–24.4); one
   * taken captive in the defeat is still in Africa, and his defeat is
   * the better story (R 24.3). */
  if (counts && g_str_equal (explorer->specialty, "journalist") &&
      (g_str_equal (explorer->status, "in-africa") || g_str_equal (explorer->status, "captive")) &&
      !credited)
    {
      int vp = won ? JOURNALIST_VICTORY_VP : JOURNALIST_DEFEAT_VP;
      g_autofree char *reason = g_strdup_printf (_("news of a battle with tribe %d"), (int) counter);

      if (!_nile_book_exec (campaign, "UPDATE relation SET journalist_credited = 1 WHERE id = ?1",
                            g_variant_new ("(x)", relation_id), error) ||
          !_nile_book_add_vp (campaign, explorer, vp, 0, reason, error))
        return FALSE;
      g_string_append_printf (part, _("; +%d VP unpublished for the news (R 24)"), vp);
    }

  if (part->len > 0)
    g_string_append_printf (summary, "%s%s", summary->len > 0 ? "; " : "", part->str);
  return TRUE;
}

gboolean
_nile_book_journalist_battle (NileCampaign  *campaign,
                              sqlite3       *db,
                              GVariantDict  *params,
                              GString       *summary,
                              GError       **error)
{
  gboolean won = g_str_equal (_nile_book_param_str (params, "result"), "won");
  g_autoptr(NileBookExplorer) explorer = NULL;

  if (!_nile_book_record_battle (campaign, _nile_book_param_str (params, "player"), TRUE,
                                 _nile_book_param_int (params, "tribe", 0), won, TRUE, summary, error))
    return FALSE;
  if (!won)
    return TRUE;

  /* DG: a battle won is a victory over the natives, as the rolls'. */
  explorer = _nile_book_find_explorer_without_makeup (campaign, _nile_book_param_str (params, "player"), error);
  return explorer != NULL && _nile_book_defeat_natives (campaign, explorer, summary, error);
}

/* Where an interview can be given: in the interior or in a port, both
 * on the continent (R 24.61); a port's hex is the port. */
static gboolean
in_africa (const NileBookExplorer *explorer)
{
  return g_str_equal (explorer->status, "in-africa") || g_str_equal (explorer->status, "in-port");
}

const NileOperationParam _nile_book_interview_params[] = {
  { "player", "s", FALSE, N_("the player whose journalist interviews"), .names_player = TRUE },
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
  if (!in_africa (journalist) || !in_africa (subject) || g_strcmp0 (journalist->hex, subject->hex) != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s and %s must be in the same hex in Africa (R 24.61)"),
                   journalist->name, subject->name);
      return FALSE;
    }
  if (subject->farthest_from_port < INTERVIEW_DISTANCE)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s has been only %d box from port; an interview needs %d (R 24.6)",
                                "%s has been only %d boxes from port; an interview needs %d (R 24.6)",
                                subject->farthest_from_port),
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

/* A game already won refuses every operation that plays it
 * (_nile_operation_check_allowed()). */
static gboolean
require_game (NileCampaign  *campaign,
              gint64         want_game,
              GError       **error)
{
  gint64 game;

  if (!_nile_book_get_int (campaign, "SELECT game FROM game WHERE id = 1", NULL, 2, &game, error))
    return FALSE;

  if (game != want_game)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           game == 2 ? _("This campaign plays Game II, which has no race to a goal (R 2.3)")
                                     : _("This campaign plays Game I, which ends when someone reaches the goal (R 7)"));
      return FALSE;
    }
  return TRUE;
}

/* ---- Spectacular discoveries and longest rivers (R 22.7, 25.2) ----- */

/* What is ranked, and the columns of hex_discovery that show and rank
 * it. Heights and lakes rank themselves from what the book holds: a
 * lake by its hexes, then by the extra square miles of the hex that
 * completed it (R 22.8), and only from that hex (R 22.9). River systems
 * (by their size on the board) are ranked by the players. */
static const struct {
  const char *kind;
  const char *has;       /* SQL: the hex has it */
  const char *size;      /* SQL: its size, for the summary */
  const char *rank_by;   /* SQL: what orders them, larger first */
  const char *unit;
  gboolean    ranked_by_book;
  int         max_rank;
  int         dg_least;  /* DG: the least size that ranks, 0 for any */
} spectacular_kinds[] = {
  { "mountain", "h.mountain_ft IS NOT NULL", "h.mountain_ft", "h.mountain_ft", N_("ft"), TRUE, 20,
    NILE_VICTORY_DG_SPECTACULAR_MOUNTAIN_FT },
  { "waterfall", "h.waterfall_ft IS NOT NULL", "h.waterfall_ft", "h.waterfall_ft", N_("ft"), TRUE, 20,
    NILE_VICTORY_DG_WATERFALL_SCORES_ABOVE_FT + 1 },
  /* The square miles are at most 100,000 (record-hex checks), so hexes
   * weigh more than any of them. */
  { "lake", "h.id IN (SELECT hex_id FROM lake_extent)", "h.lake_sq_mi",
    "(SELECT l.hexes FROM lake_extent l WHERE l.hex_id = h.id) * 1000000 + coalesce (h.lake_sq_mi, 0)",
    N_("sq mi"), TRUE, 20, 0 },
  { "river", "h.river = 1", "NULL", "NULL", NULL, FALSE, 3, 0 },
};

/* SQL: the hex h has a @kind that can rank in @edition; a DG mountain or
 * waterfall too low is no spectacular discovery. */
static char *
spectacular_condition (guint       kind,
                       NileEdition edition)
{
  if (edition == NILE_EDITION_DG && spectacular_kinds[kind].dg_least > 0)
    return g_strdup_printf ("%s AND %s >= %d", spectacular_kinds[kind].has, spectacular_kinds[kind].size,
                            spectacular_kinds[kind].dg_least);
  return g_strdup (spectacular_kinds[kind].has);
}

/* The hex farthest up the largest, second and third river systems
 * (R 25.22–25.24). */
static const int longest_river_vp[] = { 16, 8, 4 };

static gboolean
spectacular_ranked (NileCampaign  *campaign,
                    gboolean      *ranked,
                    GError       **error)
{
  gint64 rows;

  if (!_nile_book_get_int (campaign, "SELECT count (*) FROM spectacular_ranking", NULL, 0, &rows, error))
    return FALSE;
  *ranked = rows > 0;
  return TRUE;
}

/* Appends to @list the player's published hexes that could rank, as
 * "mountain at B12 (13000 ft)"; sets @n to how many. */
static gboolean
list_spectacular_candidates (NileCampaign  *campaign,
                             gint64         player_id,
                             GString       *list,
                             guint         *n,
                             GError       **error)
{
  NileEdition edition;
  gboolean ok, row;

  *n = 0;
  if (!_nile_book_get_edition (campaign, &edition, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (spectacular_kinds); i++)
    {
      g_autofree char *condition = spectacular_condition (i, edition);
      g_autofree char *sql = g_strdup_printf ("SELECT h.label, %s FROM hex_discovery h"
                                              " JOIN explorer e ON e.id = h.explorer_id"
                                              " WHERE e.player_id = ?1 AND h.published_turn IS NOT NULL"
                                              " AND %s ORDER BY h.id",
                                              spectacular_kinds[i].size, condition);
      sqlite3_stmt *stmt = _nile_book_query (campaign, sql, g_variant_new ("(x)", player_id), error);

      if (stmt == NULL)
        return FALSE;
      while ((ok = _nile_book_step_row (stmt, &row, error)) && row)
        {
          g_string_append_printf (list, "%s%s at %s", *n > 0 ? ", " : "", spectacular_kinds[i].kind,
                                  _nile_sqlite_column_text (stmt, 0));
          if (sqlite3_column_type (stmt, 1) != SQLITE_NULL)
            {
              g_autofree char *size = nile_format_number (sqlite3_column_int64 (stmt, 1));

              g_string_append_printf (list, " (%s %s)", size, _(spectacular_kinds[i].unit));
            }
          (*n)++;
        }
      sqlite3_reset (stmt);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* After publishing in Game I: says when the ranking is due, and what
 * could be ranked (R 22.7, 25.21). */
static gboolean
describe_ranking_due (NileCampaign      *campaign,
                      NileBookExplorer  *explorer,
                      int                published,
                      GString           *summary,
                      GError           **error)
{
  g_autoptr(GString) candidates = g_string_new (NULL);
  gint64 game, goal, winner;
  gboolean ranked;
  guint n;

  if (!_nile_book_get_int (campaign, "SELECT game FROM game WHERE id = 1", NULL, 2, &game, error) ||
      !_nile_book_get_int (campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL,
                           NILE_VICTORY_DEFAULT_GOAL, &goal, error) ||
      !_nile_book_get_int (campaign, "SELECT winner FROM game WHERE id = 1", NULL, 0, &winner, error) ||
      !spectacular_ranked (campaign, &ranked, error))
    return FALSE;
  if (game != 1 || winner != 0 || ranked)
    return TRUE;

  if (!list_spectacular_candidates (campaign, explorer->player_id, candidates, &n, error))
    return FALSE;

  /* A log line is read in the window and on the command line alike,
   * long after: it names no command. */
  if (published >= goal && n > 0)
    g_string_append_printf (summary, _("; %s reaches the goal of %d VP: rank the spectacular discoveries"
                                       " and longest rivers now (R 22.7, 25.21): %s"),
                            explorer->player_name, (int) goal, candidates->str);
  else if (published >= goal)
    g_string_append_printf (summary, _("; %s reaches the goal of %d VP (R 7)"), explorer->player_name, (int) goal);
  else if (n > 0)
    g_string_append_printf (summary, _("; %d VP short of the goal: if ranking these wins the game, rank them"
                                       " now (R 22.7, 25.21): %s"),
                            (int) goal - published, candidates->str);
  return TRUE;
}

const NileOperationParam _nile_book_rank_spectacular_params[] = {
  { "player", "s", FALSE, N_("the player whose publication wins the game"), .names_player = TRUE },
  { "awards", "s", FALSE, N_("what ranks, comma-separated kind:hex:rank:vp (mountain, waterfall or lake, VP from"
                             " your Victory Point Chart), river:hex:rank (16, 8, 4 VP), or none") },
  { NULL }
};

typedef struct {
  guint  kind;
  char  *hex;
  gint64 rank;
  gint64 vp;
} Award;

static void
award_clear (Award *award)
{
  g_clear_pointer (&award->hex, g_free);
}

/* "mountain:B12:1:6" or "river:C4:2". */
static gboolean
parse_award (const char  *text,
             Award       *award,
             GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", -1);
  guint n_parts = g_strv_length (parts);
  gboolean found = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (spectacular_kinds) && n_parts > 0; i++)
    if (g_str_equal (g_strstrip (parts[0]), spectacular_kinds[i].kind))
      {
        award->kind = i;
        found = TRUE;
      }
  if (!found || n_parts != (g_str_equal (parts[0], "river") ? 3u : 4u) ||
      *g_strstrip (parts[1]) == '\0' ||
      !g_ascii_string_to_signed (g_strstrip (parts[2]), 10, 1, spectacular_kinds[award->kind].max_rank,
                                 &award->rank, NULL) ||
      (n_parts == 4 && !g_ascii_string_to_signed (g_strstrip (parts[3]), 10, 0, 1000, &award->vp, NULL)))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not an award: write mountain:HEX:RANK:VP (or waterfall, lake) or"
                     " river:HEX:RANK with a rank of 1 to 3"), text);
      return FALSE;
    }
  award->hex = g_strdup (parts[1]);
  if (n_parts == 3)
    award->vp = longest_river_vp[award->rank - 1];
  return TRUE;
}

/* Refuses when another player's published VP reached @goal before
 * @explorer's player could: in an earlier turn, or earlier in this one.
 * The game ended then (R 7, 8.1), whether or not anyone checked, and
 * nothing is ranked after it (R 22.7). */
static gboolean
check_no_earlier_win (NileCampaign      *campaign,
                      NileBookExplorer  *explorer,
                      gint64             goal,
                      gint64             turn,
                      GError           **error)
{
  g_autofree char *winner = NULL;
  gint64 reached = 0;
  sqlite3_stmt *stmt;
  gboolean row;

  stmt = _nile_book_query (campaign,
                           RUNNING_TOTALS_SQL
                           " SELECT p.name, min (r.turn) FROM running r JOIN player p ON p.id = r.player_id"
                           " WHERE r.published >= ?1 AND p.id <> ?2 AND (r.turn < ?3 OR (r.turn = ?3"
                           "  AND p.turn_order < (SELECT turn_order FROM player WHERE id = ?2)))"
                           " GROUP BY p.id ORDER BY min (r.turn), p.turn_order LIMIT 1",
                           g_variant_new ("(xxx)", goal, explorer->player_id, turn), error);
  if (stmt == NULL)
    return FALSE;
  if (!_nile_book_step_row (stmt, &row, error))
    return FALSE;
  if (row)
    {
      winner = _nile_book_column_text (stmt, 0);
      reached = sqlite3_column_int64 (stmt, 1);
    }
  sqlite3_reset (stmt);

  if (winner == NULL)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("%s reached the goal of %d VP in turn %d and won then: nothing is ranked after the game is"
                 " won (R 7, 22.7)"),
               winner, (int) goal, (int) reached);
  return FALSE;
}

gboolean
_nile_book_rank_spectacular (NileCampaign  *campaign,
                             sqlite3       *db,
                             GVariantDict  *params,
                             GString       *summary,
                             GError       **error)
{
  g_autofree char *awards_text = g_strstrip (g_strdup (_nile_book_param_str (params, "awards")));
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GArray) awards = g_array_new (FALSE, TRUE, sizeof (Award));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) entries = NULL;
  gint64 goal, turn, published, total = 0;
  gboolean ranked, row;
  NileEdition edition;

  g_array_set_clear_func (awards, (GDestroyNotify) award_clear);

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL ||
      !require_in_europe (explorer, _("discoveries are ranked"), error) ||
      !require_game (campaign, 1, error) ||
      !_nile_book_get_edition (campaign, &edition, error) ||
      !spectacular_ranked (campaign, &ranked, error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_get_int (campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL,
                           NILE_VICTORY_DEFAULT_GOAL, &goal, error) ||
      !_nile_book_get_int (campaign, "SELECT total (amount) FROM vp_entry WHERE player_id = ?1 AND state = 'published'",
                           g_variant_new ("(x)", explorer->player_id), 0, &published, error))
    return FALSE;
  if (ranked)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("The spectacular discoveries are already ranked; that happens once (R 22.7)"));
      return FALSE;
    }
  if (!check_no_earlier_win (campaign, explorer, goal, turn, error))
    return FALSE;

  if (g_ascii_strcasecmp (awards_text, "none") != 0)
    entries = g_strsplit (awards_text, ",", -1);

  for (guint i = 0; entries != NULL && entries[i] != NULL; i++)
    {
      Award award = { 0 };
      g_autofree char *size_sql = NULL;
      g_autofree char *condition = NULL;
      gint64 size = 0, rank_by = 0, higher = 0, has = 0;

      if (!parse_award (entries[i], &award, error))
        return FALSE;
      g_array_append_val (awards, award);

      if (!g_hash_table_add (seen, g_strdup_printf ("%s rank %d", spectacular_kinds[award.kind].kind,
                                                    (int) award.rank)) ||
          !g_hash_table_add (seen, g_strdup_printf ("%s at %s", spectacular_kinds[award.kind].kind, award.hex)))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” repeats a rank or a hex already given"), entries[i]);
          return FALSE;
        }

      /* His own published map of the hex, with the thing ranked in it. */
      condition = spectacular_condition (award.kind, edition);
      size_sql = g_strdup_printf ("SELECT count (*), max (%s), max (%s) FROM hex_discovery h JOIN explorer e"
                                  " ON e.id = h.explorer_id WHERE e.player_id = ?1 AND h.label = ?2"
                                  " AND h.published_turn IS NOT NULL AND %s",
                                  spectacular_kinds[award.kind].size, spectacular_kinds[award.kind].rank_by,
                                  condition);
      {
        sqlite3_stmt *stmt = _nile_book_query (campaign, size_sql,
                                               g_variant_new ("(xs)", explorer->player_id, award.hex), error);

        if (stmt == NULL || !_nile_book_step_row (stmt, &row, error))
          return FALSE;
        if (row)
          {
            has = sqlite3_column_int64 (stmt, 0);
            size = sqlite3_column_int64 (stmt, 1);
            rank_by = sqlite3_column_int64 (stmt, 2);
          }
        sqlite3_reset (stmt);
      }
      if (has == 0 && g_str_equal (spectacular_kinds[award.kind].kind, "lake"))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                       _("%s has published no lake at %s completed there: only the last hex of a lake,"
                         " recorded with its lake-hexes, claims it (R 22.9)"),
                       explorer->player_name, award.hex);
          return FALSE;
        }
      if (has == 0 && edition == NILE_EDITION_DG && spectacular_kinds[award.kind].dg_least > 0)
        {
          g_autofree char *least = nile_format_number (spectacular_kinds[award.kind].dg_least);

          g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                       _("%s has published no spectacular %s at %s: in DG one ranks from %s %s"),
                       explorer->player_name, spectacular_kinds[award.kind].kind, award.hex, least,
                       _(spectacular_kinds[award.kind].unit));
          return FALSE;
        }
      if (has == 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                       _("%s has published no %s at %s"), explorer->player_name,
                       spectacular_kinds[award.kind].kind, award.hex);
          return FALSE;
        }

      /* A height, or a lake, ranks behind every larger one published. */
      if (spectacular_kinds[award.kind].ranked_by_book)
        {
          g_autofree char *rank_sql = g_strdup_printf ("SELECT count (DISTINCT %s) FROM hex_discovery h"
                                                       " WHERE h.published_turn IS NOT NULL AND %s > ?1",
                                                       spectacular_kinds[award.kind].rank_by,
                                                       spectacular_kinds[award.kind].rank_by);

          if (!_nile_book_get_int (campaign, rank_sql, g_variant_new ("(x)", rank_by), 0, &higher, error))
            return FALSE;
          if (award.rank != higher + 1)
            {
              g_autofree char *size_words = nile_format_number (size);

              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("The %s at %s (%s %s) ranks %d among those published, not %d"),
                           spectacular_kinds[award.kind].kind, award.hex, size_words,
                           _(spectacular_kinds[award.kind].unit), (int) higher + 1, (int) award.rank);
              return FALSE;
            }
        }
      total += award.vp;
    }

  /* Ranked only when it gives the win (R 22.7, 25.21). */
  if (published + total < goal)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%d published VP and %d for these awards fall short of the goal of %d; they are ranked"
                     " only when publishing them wins the game (R 22.7, 25.21)"),
                   (int) published, (int) total, (int) goal);
      return FALSE;
    }

  if (!_nile_book_exec (campaign, "INSERT INTO spectacular_ranking (id, player_id, turn) VALUES (1, ?1, ?2)",
                        g_variant_new ("(xx)", explorer->player_id, turn), error))
    return FALSE;

  g_string_append_printf (summary, _("%s ranks the spectacular discoveries and longest rivers:"),
                          explorer->player_name);
  for (guint i = 0; i < awards->len; i++)
    {
      const Award *award = &g_array_index (awards, Award, i);
      const char *kind = spectacular_kinds[award->kind].kind;
      g_autofree char *reason = g_strdup_printf (_("%s at %s ranked %d"), kind, award->hex, (int) award->rank);

      if (!_nile_book_exec (campaign,
                            "INSERT INTO spectacular_award (explorer_id, kind, rank, hex, vp)"
                            " VALUES (?1, ?2, ?3, ?4, ?5)",
                            g_variant_new ("(xsxsx)", explorer->id, kind, award->rank, award->hex, award->vp),
                            error) ||
          !_nile_book_exec (campaign,
                            "INSERT INTO vp_entry (player_id, explorer_id, turn, amount, reason, state,"
                            " published_turn) VALUES (?1, ?2, ?3, ?4, ?5, 'published', ?3)",
                            g_variant_new ("(xxxxs)", explorer->player_id, explorer->id, turn, award->vp,
                                           reason),
                            error))
        return FALSE;
      g_string_append_printf (summary, _("%s %s, %d VP"), i > 0 ? ";" : "", reason, (int) award->vp);
    }
  if (awards->len == 0)
    g_string_append (summary, _(" none ranks"));
  g_string_append_printf (summary, _("; %d → %d VP published (R 22.7, 25.21)"),
                          (int) published, (int) (published + total));
  return TRUE;
}

/* ---- The end of the game (R 2.3, 7, 8.1) ----------------------------- */

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
  g_autofree char *winner_name = NULL;
  g_autoptr(GString) later = g_string_new (NULL);
  gint64 goal, winner_id = 0, reached_turn = 0, reached = 0;
  sqlite3_stmt *stmt;
  gboolean ok, row;

  if (!require_game (campaign, 1, error) ||
      !_nile_book_get_int (campaign, "SELECT vp_goal FROM game WHERE id = 1", NULL,
                           NILE_VICTORY_DEFAULT_GOAL, &goal, error))
    return FALSE;

  /* The game ends the moment a player's published VP reach the goal
   * (R 7, 8.1), so the first to get there wins, even if another has more
   * by the time anyone checks. Within one turn the players play in turn
   * order, so the one earlier in it got there first. */
  stmt = _nile_book_query (campaign,
                           RUNNING_TOTALS_SQL
                           " SELECT p.id, p.name, min (r.turn), p.turn_order FROM running r"
                           " JOIN player p ON p.id = r.player_id WHERE r.published >= ?1"
                           " GROUP BY p.id ORDER BY min (r.turn), p.turn_order",
                           g_variant_new ("(x)", goal), error);
  if (stmt == NULL)
    return FALSE;
  while ((ok = _nile_book_step_row (stmt, &row, error)) && row)
    {
      if (winner_id == 0)
        {
          winner_id = sqlite3_column_int64 (stmt, 0);
          winner_name = _nile_book_column_text (stmt, 1);
          reached_turn = sqlite3_column_int64 (stmt, 2);
        }
      else
        g_string_append_printf (later, "%s%s", later->len > 0 ? ", " : "",
                                _nile_sqlite_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);
  if (!ok)
    return FALSE;

  if (winner_id == 0)
    {
      g_autofree char *best_name = NULL;
      int best = 0;

      stmt = _nile_book_query (campaign,
                               "SELECT p.name, (SELECT total (amount) FROM vp_entry v"
                               "  WHERE v.player_id = p.id AND v.state = 'published') AS published"
                               " FROM player p ORDER BY published DESC, p.turn_order LIMIT 1",
                               NULL, error);
      if (stmt == NULL || !_nile_book_step_row (stmt, &row, error))
        return FALSE;
      if (row)
        {
          best_name = _nile_book_column_text (stmt, 0);
          best = sqlite3_column_int (stmt, 1);
        }
      sqlite3_reset (stmt);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("No one has published %d VP yet (the best: %s, %d)"), (int) goal,
                   best_name != NULL ? best_name : "—", MAX (best, 0));
      return FALSE;
    }

  /* The ranking belongs to the moment of the win (R 22.7, 25.21). */
  {
    g_autoptr(GString) candidates = g_string_new (NULL);
    gboolean ranked;
    guint n;

    if (!spectacular_ranked (campaign, &ranked, error) ||
        !list_spectacular_candidates (campaign, winner_id, candidates, &n, error))
      return FALSE;
    if (!ranked && n > 0)
      {
        g_autofree char *command = _nile_operation_name_for_advice ("rank-spectacular");

        if (command != NULL)
          g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                       /* Translators: the second %s is the command that ranks them */
                       _("%s wins once the spectacular discoveries and longest rivers are ranked: rank them"
                         " with %s (awards=none if none of them ranks): %s (R 22.7, 25.21)"),
                       winner_name, command, candidates->str);
        else
          g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                       _("%s wins once the spectacular discoveries and longest rivers are ranked, even if"
                         " none of them ranks; rank these first: %s (R 22.7, 25.21)"),
                       winner_name, candidates->str);
        return FALSE;
      }
  }

  if (!_nile_book_get_int (campaign, "SELECT total (amount) FROM vp_entry WHERE player_id = ?1 AND state = 'published'",
                           g_variant_new ("(x)", winner_id), 0, &reached, error) ||
      !_nile_book_exec (campaign, "UPDATE game SET winner = ?1 WHERE id = 1",
                        g_variant_new ("(x)", winner_id), error))
    return FALSE;

  g_string_append_printf (summary, _("%s wins Game I with %d published VP, the goal of %d reached on turn %d (R 7)"),
                          winner_name, (int) reached, (int) goal, (int) reached_turn);
  if (later->len > 0)
    g_string_append_printf (summary, _("; %s reached it later in the turn order or the game, too late (R 8.1)"),
                            later->str);
  return TRUE;
}

const NileOperationParam _nile_book_game_two_end_params[] = {
  { NULL }
};

gboolean
_nile_book_game_two_end (NileCampaign  *campaign,
                         sqlite3       *db,
                         GVariantDict  *params,
                         GString       *summary,
                         GError       **error)
{
  g_autoptr(GString) leaders = g_string_new (NULL);
  gint64 winner_id = 0, best = -1, n_leaders = 0;
  sqlite3_stmt *stmt;
  gboolean ok, row;

  if (!require_game (campaign, 2, error))
    return FALSE;

  /* At the time limit the most published VP win (R 2.3). */
  stmt = _nile_book_query (campaign,
                           "SELECT p.id, p.name, (SELECT total (amount) FROM vp_entry v"
                           "  WHERE v.player_id = p.id AND v.state = 'published') AS published"
                           " FROM player p ORDER BY published DESC, p.turn_order",
                           NULL, error);
  if (stmt == NULL)
    return FALSE;
  while ((ok = _nile_book_step_row (stmt, &row, error)) && row)
    {
      gint64 published = sqlite3_column_int64 (stmt, 2);

      if (best >= 0 && published < best)
        break;
      if (best < 0)
        {
          best = published;
          winner_id = sqlite3_column_int64 (stmt, 0);
        }
      n_leaders++;
      g_string_append_printf (leaders, "%s%s", leaders->len > 0 ? _(" and ") : "",
                              _nile_sqlite_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);
  if (!ok)
    return FALSE;

  if (n_leaders == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN, _("A game needs players before it can end"));
      return FALSE;
    }
  if (n_leaders > 1)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("%s are tied on %d published VP: no one has the most (R 2.3); play on or agree how to"
                     " settle it"), leaders->str, (int) best);
      return FALSE;
    }

  if (!_nile_book_exec (campaign, "UPDATE game SET winner = ?1 WHERE id = 1",
                        g_variant_new ("(x)", winner_id), error))
    return FALSE;

  g_string_append_printf (summary, _("Game II ends: %s wins with the most published VP, %d (R 2.3)"),
                          leaders->str, (int) best);
  return TRUE;
}
