/* nile-cli-campaign.c: the campaign commands of the command line
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * new, ops, do, undo, redo, log, check, show, export and import: a game
 * master running a game by email scripts the whole campaign with these.
 * Output for people goes to stdout; errors to stderr as
 * "nile-ledger: …" with the exit status of nile_cli_fail(). The commands
 * that only read (log, check, show, export) open the file for reading
 * alone, so they work on a read-only file and never update its format.
 */
#define G_LOG_DOMAIN "nile-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "nile-apply-roll.h"
#include "nile-cache.h"
#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-cli.h"
#include "nile-cli-commands.h"
#include "nile-display-names.h"
#include "nile-encounter.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-bonus-discovery.h"
#include "nile-hex-discovery.h"
#include "nile-vp-entry.h"
#include "nile-log-entry.h"
#include "nile-log-model.h"
#include "nile-movement.h"
#include "nile-operation.h"
#include "nile-player.h"
#include "nile-sheet-store.h"
#include "nile-tribe.h"
#include "nile-victory.h"

/* The summary of the newest journal line. */
static void
print_last_summary (NileCampaign *campaign)
{
  GListModel *log = nile_campaign_get_log (campaign);
  guint n = g_list_model_get_n_items (log);
  g_autoptr(NileLogEntry) entry = NULL;

  if (n == 0)
    return;

  entry = g_list_model_get_item (log, n - 1);
  g_print ("%s\n", nile_log_entry_get_summary (entry));
}

/* ---- new ------------------------------------------------------------ */

int
nile_cli_new (int    argc,
              char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autofree char *name = NULL;
  g_autofree char *edition = NULL;
  g_autofree char *game_text = NULL;
  g_autofree char *goal_text = NULL;
  gint64 game = 2;
  gint64 goal = NILE_VICTORY_DEFAULT_GOAL;
  int value;
  GOptionEntry entries[] = {
    { "name", 'n', 0, G_OPTION_ARG_FILENAME, &name, N_("The campaign's name"), N_("NAME") },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game_text, N_("1 for a single race, 2 for the campaign game (default)"),
      "1|2" },
    { "edition", 'e', 0, G_OPTION_ARG_STRING, &edition, N_("ah (default) or dg"), "ah|dg" },
    { "goal", 0, 0, G_OPTION_ARG_STRING, &goal_text, N_("Published VP that win (default 75)"), "N" },
    { NULL }
  };
  GVariantDict dict;

  if (!nile_cli_parse_options (&argc, &argv, "FILE", _("Start a new campaign file."),
                               entries, 1, FALSE, &error) ||
      !nile_cli_check_text ("--name", name, &error))
    return nile_cli_fail (error);

  /* Check everything before the file exists, so a bad option leaves none. */
  if (name == NULL || *g_strstrip (name) == '\0')
    {
      g_set_error_literal (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("Give the campaign a --name"));
      return nile_cli_fail (error);
    }
  if (edition == NULL)
    edition = g_strdup ("ah");
  if (!nile_cli_parse_int ("--game", game_text, 1, 2, &game, &error) ||
      !nile_cli_parse_int ("--goal", goal_text, 1, G_MAXINT, &goal, &error))
    return nile_cli_fail (error);
  if (!nile_enum_from_nick (NILE_TYPE_EDITION, edition, &value))
    {
      g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("--edition “%s” is not one of: ah, dg"), edition);
      return nile_cli_fail (error);
    }

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "name", "s", name);
  g_variant_dict_insert (&dict, "game", "x", game);
  g_variant_dict_insert (&dict, "goal", "x", goal);
  g_variant_dict_insert (&dict, "edition", "s", edition);
  campaign = nile_campaign_create_with_settings (argv[1], g_variant_dict_end (&dict), &error);
  if (campaign == NULL)
    return nile_cli_fail (error);

  print_last_summary (campaign);
  return NILE_CLI_EXIT_OK;
}

/* ---- ops ------------------------------------------------------------ */

int
nile_cli_ops (int    argc,
              char **argv)
{
  g_autoptr(GError) error = NULL;
  gboolean as_json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print JSON"), NULL },
    { NULL }
  };
  const NileOperation *all;
  guint n;

  if (!nile_cli_parse_options (&argc, &argv, "", _("List every operation and its parameters."),
                               entries, 0, FALSE, &error))
    return nile_cli_fail (error);

  all = nile_operation_get_all (&n);

  if (as_json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, all[i].name);
          json_builder_set_member_name (builder, "description");
          json_builder_add_string_value (builder, _(all[i].description));
          json_builder_set_member_name (builder, "params");
          json_builder_begin_array (builder);
          for (const NileOperationParam *p = all[i].params; p->name != NULL; p++)
            {
              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "name");
              json_builder_add_string_value (builder, p->name);
              json_builder_set_member_name (builder, "type");
              json_builder_add_string_value (builder, p->type);
              json_builder_set_member_name (builder, "optional");
              json_builder_add_boolean_value (builder, p->optional);
              json_builder_set_member_name (builder, "description");
              json_builder_add_string_value (builder, _(p->description));
              if (p->choices != NULL)
                {
                  json_builder_set_member_name (builder, "choices");
                  json_builder_begin_array (builder);
                  for (guint c = 0; p->choices[c] != NULL; c++)
                    json_builder_add_string_value (builder, p->choices[c]);
                  json_builder_end_array (builder);
                }
              if (p->names_player)
                {
                  json_builder_set_member_name (builder, "names-player");
                  json_builder_add_boolean_value (builder, TRUE);
                }
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);

      root = json_builder_get_root (builder);
      text = json_to_string (root, TRUE);
      g_print ("%s\n", text);
      return NILE_CLI_EXIT_OK;
    }

  for (guint i = 0; i < n; i++)
    {
      g_print ("%s — %s\n", all[i].name, _(all[i].description));
      for (const NileOperationParam *p = all[i].params; p->name != NULL; p++)
        g_print ("    %s%s=%s  %s\n", p->optional ? "[" : "", p->name,
                 p->optional ? "…]" : "…", _(p->description));
    }

  return NILE_CLI_EXIT_OK;
}

/* ---- do, undo, redo ------------------------------------------------- */

/* apply-roll's choices, as `do` gives every parameter and `ops` lists it. */
static char *
ask_parameter (const char *key,
               gpointer    user_data)
{
  return g_strdup_printf ("%s=…", key);
}

int
nile_cli_do (int    argc,
             char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GVariant) params = NULL;
  const NileOperation *op;
  gboolean applied;

  if (!nile_cli_parse_options (&argc, &argv, _("FILE OPERATION [KEY=VALUE…]"),
                               _("Apply one operation to a campaign; “nile-ledger ops” lists them."),
                               NULL, 2, TRUE, &error))
    return nile_cli_fail (error);

  op = nile_operation_lookup (argv[2]);
  /* "do FILE undo" reads naturally, but undo takes the file itself. */
  if (op == NULL && nile_cli_is_command (argv[2]))
    {
      g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is a command of its own, not an operation: run “nile-ledger %s --help”"),
                   argv[2], argv[2]);
      return nile_cli_fail (error);
    }
  if (op == NULL)
    {
      g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not an operation; run “nile-ledger ops” for the list"), argv[2]);
      return nile_cli_fail (error);
    }

  /* Parameters are checked before the file is opened. */
  if (!nile_operation_parse_params (op, (const char * const *) argv + 3, &params, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_open (argv[1], &error);
  if (campaign == NULL)
    return nile_cli_fail (error);

  nile_apply_roll_set_ask_func (ask_parameter, NULL);
  applied = nile_campaign_apply (campaign, op->name, params, &error);
  nile_apply_roll_set_ask_func (NULL, NULL);
  if (!applied)
    return nile_cli_fail (error);

  print_last_summary (campaign);
  return NILE_CLI_EXIT_OK;
}

static int
undo_or_redo (int       argc,
              char    **argv,
              gboolean  undo)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;

  if (!nile_cli_parse_options (&argc, &argv, "FILE",
                               undo ? _("Undo the last change.") : _("Redo the last change undone."),
                               NULL, 1, FALSE, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_open (argv[1], &error);
  if (campaign == NULL ||
      !(undo ? nile_campaign_undo (campaign, &error) : nile_campaign_redo (campaign, &error)))
    return nile_cli_fail (error);

  print_last_summary (campaign);
  return NILE_CLI_EXIT_OK;
}

int
nile_cli_undo (int    argc,
               char **argv)
{
  return undo_or_redo (argc, argv, TRUE);
}

int
nile_cli_redo (int    argc,
               char **argv)
{
  return undo_or_redo (argc, argv, FALSE);
}

/* ---- log, check ----------------------------------------------------- */

/* The id of the player called @name. */
static gboolean
find_player_id (NileCampaign  *campaign,
                const char    *name,
                gint64        *out_id,
                GError       **error)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (campaign);
  NilePlayer *player;

  if (!nile_campaign_book_refresh (book, error))
    return FALSE;

  player = nile_cli_find_player (book, name, error);
  if (player == NULL)
    return FALSE;

  *out_id = nile_player_get_id (player);
  return TRUE;
}

int
nile_cli_log (int    argc,
              char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileLogModel) log = NULL;
  g_autofree char *player = NULL;
  g_autofree char *kind_nick = NULL;
  gint64 player_id = 0;
  int kind = NILE_LOG_FILTER_ALL;
  guint n;
  GOptionEntry entries[] = {
    { "player", 'p', 0, G_OPTION_ARG_FILENAME, &player, N_("Only the lines about this player"), N_("NAME") },
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &kind_nick,
      N_("all (default), changes, or undo for the undo and redo lines"), "all|changes|undo" },
    { NULL }
  };

  if (!nile_cli_parse_options (&argc, &argv, "FILE", _("Print the campaign's journal, oldest first."),
                               entries, 1, FALSE, &error) ||
      !nile_cli_check_text ("--player", player, &error))
    return nile_cli_fail (error);

  if (kind_nick != NULL && !nile_enum_from_nick (NILE_TYPE_LOG_FILTER_KIND, kind_nick, &kind))
    {
      g_set_error_literal (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("--kind is all, changes or undo"));
      return nile_cli_fail (error);
    }

  campaign = nile_campaign_open_read_only (argv[1], &error);
  if (campaign == NULL ||
      (player != NULL && !find_player_id (campaign, player, &player_id, &error)))
    return nile_cli_fail (error);

  log = nile_campaign_get_log_filtered (campaign, player_id, kind, &error);
  if (log == NULL)
    return nile_cli_fail (error);

  n = g_list_model_get_n_items (G_LIST_MODEL (log));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (log), i);
      GDateTime *utc = nile_log_entry_get_time (entry);
      g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;
      /* The players' clock to the minute; `export` keeps the exact time.
       * A time another program wrote that is none is left blank. */
      g_autofree char *time = local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : NULL;

      g_print ("%4" G_GINT64_FORMAT "  %-16s  %s%s\n", nile_log_entry_get_sequence (entry),
               time != NULL ? time : "",
               nile_log_entry_get_summary (entry),
               nile_log_entry_get_undone (entry) ? _(" (undone)") : "");
    }

  return NILE_CLI_EXIT_OK;
}

int
nile_cli_check (int    argc,
                char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;

  if (!nile_cli_parse_options (&argc, &argv, "FILE", _("Check that a campaign file is whole."),
                               NULL, 1, FALSE, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_open_read_only (argv[1], &error);
  if (campaign == NULL || !nile_campaign_check (campaign, &error))
    return nile_cli_fail (error);

  g_print ("%s\n", _("The campaign file is whole."));
  return NILE_CLI_EXIT_OK;
}

/* ---- show ----------------------------------------------------------- */

/* "in Africa at H23, 4 boxes from port", "at sea", "in Europe": only a
 * hex means something outside Europe and the sea, and the distance from
 * port only in the interior. A dead or retired explorer is placed where
 * he ended: "retired in Europe", "dead at H23". */
static void
print_whereabouts (NileExplorer *explorer)
{
  const char *status = nile_explorer_get_status (explorer);
  const char *hex = nile_explorer_get_hex (explorer);
  int distance = nile_explorer_get_distance_from_port (explorer);
  const char *place = status;

  /* The status he left; unknown for one who ended before the book kept
   * it, who is placed at his hex as before. */
  if ((g_str_equal (status, "dead") || g_str_equal (status, "retired")) &&
      nile_explorer_get_previous_status (explorer) != NULL)
    place = nile_explorer_get_previous_status (explorer);

  g_print ("%s", nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, status));
  if (place != status && (g_str_equal (place, "at-sea") || g_str_equal (place, "in-europe")))
    g_print (" %s", nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, place));
  else if (hex != NULL && *hex != '\0' && !g_str_equal (place, "at-sea") && !g_str_equal (place, "in-europe"))
    g_print (_(" at %s"), hex);
  if (g_str_equal (status, "in-africa") || g_str_equal (status, "captive"))
    g_print (ngettext (", %d box from port", ", %d boxes from port", distance), distance);
}

/* @suggested: the owner's chart holds a suggestion there, not yet
 * checked against his board */
static void
print_movement (const char *activity,
                int         mp,
                gboolean    suggested,
                gboolean    last)
{
  g_print ("%s ", nile_display_phrase (NILE_TYPE_ACTIVITY, activity));
  if (mp < 0)
    g_print ("?");
  else
    g_print ("%d%s", mp, suggested ? "*" : "");
  g_print ("%s", last ? "" : ", ");
}

/* Whether the owner's chart suggests the cell @explorer's allowance at
 * @activity comes from, rather than having it from his board. */
static gboolean
movement_suggested (NileCampaignBook *book,
                    NileExplorer     *explorer,
                    NileActivity      activity)
{
  int edition = NILE_EDITION_AH;
  NileMovement movement;

  nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (book), &edition);
  return nile_movement_allowance (edition, nile_campaign_book_get_activity_chart (book), activity,
                                  nile_explorer_get_expedition (explorer), &movement, NULL) &&
         movement.suggested;
}

/* A canoe expedition that drifts (R 9.26) or has no canoes does so at
 * every activity level: one line says why, instead of points that look
 * like a blank or a zero cell of the chart. */
static gboolean
print_no_paddling (NileExplorer *explorer)
{
  const char *note = nile_explorer_get_movement_note (explorer);

  if (note == NULL)
    return FALSE;

  g_print ("    %s %s\n", _("Movement:"), note);
  return TRUE;
}

static void
print_makeup (NileExplorer *explorer)
{
  const NileExpedition *makeup = nile_explorer_get_expedition (explorer);
  const NileExpeditionField *fields;
  guint n_fields;
  int excess = nile_explorer_get_excess (explorer);

  /* The counts in the order of the Player Aid sheet, then how it travels;
   * the explorer's own state gets a line each. */
  fields = nile_expedition_fields (&n_fields);
  g_print ("    %s ", _("Make-up:"));
  for (guint i = 0; i < n_fields; i++)
    {
      int value = nile_expedition_get_value (makeup, &fields[i]);

      if (fields[i].kind == NILE_EXPEDITION_FIELD_COUNT && value > 0)
        {
          g_autofree char *count = nile_format_number (value);

          g_print ("%s %s, ", nile_display_field (fields[i].name), count);
        }
    }
  g_print ("%s", nile_display_phrase (NILE_TYPE_TRAVEL_MODE,
                                      nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, makeup->mode)));
  /* Marked mounted with someone who has no ride mount: the load and the
   * movement below are those of an expedition on foot (R 5.423). */
  if (nile_expedition_travel_mode (makeup) != makeup->mode)
    g_print (_(", but on foot until everyone rides (R 5.423)"));
  g_print ("\n");
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].kind == NILE_EXPEDITION_FIELD_FLAG && nile_expedition_get_value (makeup, &fields[i]))
      g_print ("    %s\n", _(fields[i].description));

  g_print (_("    Load %d, can carry %d"), nile_explorer_get_portage (explorer),
           nile_explorer_get_capability (explorer));
  if (excess > 0)
    g_print (_(", %d over"), excess);
  if (nile_explorer_get_money (explorer) > 0)
    {
      g_autofree char *money = nile_format_money (nile_explorer_get_money (explorer));

      g_print (_(", %s to spend"), money);
    }
  g_print ("\n");

}

static void
print_explorer (NileCampaignBook *book,
                NileExplorer     *explorer)
{
  const char *status = nile_explorer_get_status (explorer);
  g_autofree char *specialty = nile_display_specialty (nile_explorer_get_specialty (explorer));

  g_print ("  %s (%s), %s — ", nile_explorer_get_name (explorer), nile_explorer_get_player (explorer),
           specialty);
  print_whereabouts (explorer);
  g_print ("\n");

  /* In Europe, and once his game is over, an explorer has no expedition. */
  if (!g_str_equal (status, "in-europe") && !g_str_equal (status, "dead") &&
      !g_str_equal (status, "retired"))
    print_makeup (explorer);

  /* Movement points matter only to an expedition on the map. */
  if (g_str_equal (status, "in-africa") && !print_no_paddling (explorer))
    {
      int mp[] = {
        nile_explorer_get_movement_cautious (explorer),
        nile_explorer_get_movement_normal (explorer),
        nile_explorer_get_movement_reckless (explorer),
      };

      gboolean suggested[] = {
        movement_suggested (book, explorer, NILE_ACTIVITY_CAUTIOUS),
        movement_suggested (book, explorer, NILE_ACTIVITY_NORMAL),
        movement_suggested (book, explorer, NILE_ACTIVITY_RECKLESS),
      };

      g_print ("    %s ", _("Movement:"));
      print_movement ("cautious", mp[0], suggested[0], FALSE);
      print_movement ("normal", mp[1], suggested[1], FALSE);
      print_movement ("reckless", mp[2], suggested[2], TRUE);
      g_print (" %s", _("MP"));
      if (mp[0] < 0 || mp[1] < 0 || mp[2] < 0)
        g_print (" %s", _("(? = read the cell off your board)"));
      if (suggested[0] || suggested[1] || suggested[2])
        g_print (" %s", _("(* = suggested: check it against your board)"));
      g_print ("\n");
    }
  g_print (_("    VP: %d unpublished, %d published\n"), nile_explorer_get_vp_unpublished (explorer),
           nile_explorer_get_vp_published (explorer));
}

/* "rations 20, gifts 10": what the cache holds, leaving out what it does not. */
static char *
describe_cache (NileCache *cache)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (NileCacheItem i = 0; i < NILE_CACHE_N_ITEMS; i++)
    if (nile_cache_get_count (cache, i) > 0)
      g_string_append_printf (text, "%s%s %d", text->len > 0 ? ", " : "",
                              nile_display_field (nile_cache_item_get_name (i)), nile_cache_get_count (cache, i));
  if (text->len == 0)
    g_string_append (text, _("empty"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "jungle and swamp, river, mountain 14,000 ft": the Discovery Games
 * measurements only where the hex has them. */
static char *
describe_hex (NileHexDiscovery *hex)
{
  g_autoptr(GString) text = g_string_new (nile_display_phrase (NILE_TYPE_TERRAIN,
                                                               nile_hex_discovery_get_terrain (hex)));

  if (nile_hex_discovery_get_river (hex))
    g_string_append (text, _(", river"));
  if (nile_hex_discovery_get_oasis (hex))
    g_string_append (text, _(", oasis"));
  if (nile_hex_discovery_get_cataract (hex))
    g_string_append (text, _(", cataract"));
  if (nile_hex_discovery_get_mountain (hex) > 0)
    {
      g_autofree char *feet = nile_format_number (nile_hex_discovery_get_mountain (hex));

      g_string_append_printf (text, _(", %s ft high"), feet);
    }
  if (nile_hex_discovery_get_waterfall (hex) > 0)
    {
      g_autofree char *feet = nile_format_number (nile_hex_discovery_get_waterfall (hex));

      g_string_append_printf (text, _(", waterfall %s ft"), feet);
    }
  if (nile_hex_discovery_get_lake (hex) > 0)
    {
      g_autofree char *area = nile_format_number (nile_hex_discovery_get_lake (hex));

      g_string_append_printf (text, _(", %s sq mi"), area);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The encounters stopped halfway, and where each takes up again. */
static void
print_kept_encounters (NileCampaignBook *book)
{
  GListModel *players = nile_campaign_book_get_players (book);
  gboolean any = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);
      const char *name = nile_player_get_name (player);
      g_autoptr(NileEncounter) encounter = NULL;
      g_autoptr(GError) error = NULL;

      encounter = nile_encounter_load (nile_campaign_book_get_campaign (book), name, &error);
      if (encounter == NULL && error == NULL)
        continue;
      if (!any)
        g_print ("\n%s\n", _("Encounters in Progress"));
      any = TRUE;
      if (encounter != NULL)
        /* Translators: player, native counter, the step taken up next */
        g_print (_("  %s with tribe %d: %s next\n"), name, nile_encounter_get_tribe (encounter),
                 nile_encounter_get_step_title (encounter));
      else
        g_print ("  %s: %s\n", name, error->message);
    }
}

static void
show_text (NileCampaignBook *book)
{
  GListModel *players = nile_campaign_book_get_players (book);
  GListModel *explorers = nile_campaign_book_get_explorers (book);
  GListModel *tribes = nile_campaign_book_get_tribes (book);
  GListModel *caches = nile_campaign_book_get_caches (book);
  GListModel *discoveries = nile_campaign_book_get_discoveries (book);
  GListModel *bonuses = nile_campaign_book_get_bonus_discoveries (book);
  GListModel *other_vp = nile_campaign_book_get_other_vp (book);
  const char *edition = nile_campaign_book_get_edition (book);
  gboolean dg = g_strcmp0 (edition, "dg") == 0;

  /* Game II has no goal to reach (R 2.3). */
  if (nile_campaign_book_get_game (book) == 1)
    g_print (_("%s — Game I to %d VP, %s edition; turn %d"), nile_campaign_book_get_name (book),
             nile_campaign_book_get_goal (book), nile_display_edition (edition), nile_campaign_book_get_turn (book));
  else
    g_print (_("%s — Game II, %s edition; turn %d"), nile_campaign_book_get_name (book),
             nile_display_edition (edition), nile_campaign_book_get_turn (book));
  if (nile_campaign_book_get_current_player (book) != NULL)
    g_print (_(", %s to play"), nile_campaign_book_get_current_player (book));
  if (nile_campaign_book_get_winner (book) != NULL)
    g_print (_("; %s has won"), nile_campaign_book_get_winner (book));
  g_print ("\n\n%s\n", _("Players"));
  /* A new campaign's headings are not left over nothing. */
  if (g_list_model_get_n_items (players) == 0)
    g_print ("%s\n", _("  none yet"));

  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);
      const char * const *tickets = nile_player_get_tickets (player);
      g_autofree char *donations = nile_format_money (nile_player_get_donations (player));

      g_print (_("  %d. %s: %d VP published, %s in donations"), nile_player_get_turn_order (player),
               nile_player_get_name (player), nile_player_get_vp_published (player), donations);
      if (tickets != NULL && tickets[0] != NULL)
        {
          g_autofree char *ports = g_strjoinv (", ", (char **) tickets);

          g_print (ngettext (", a free ticket to %s", ", free tickets to %s", g_strv_length ((char **) tickets)),
                   ports);
        }
      g_print ("\n");
    }

  g_print ("\n%s\n", _("Explorers"));
  if (g_list_model_get_n_items (explorers) == 0)
    g_print ("%s\n", _("  none yet"));
  for (guint i = 0; i < g_list_model_get_n_items (explorers); i++)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i);

      print_explorer (book, explorer);
    }

  if (g_list_model_get_n_items (caches) > 0)
    g_print ("\n%s\n", _("Caches"));
  for (guint i = 0; i < g_list_model_get_n_items (caches); i++)
    {
      g_autoptr(NileCache) cache = g_list_model_get_item (caches, i);
      g_autofree char *contents = describe_cache (cache);

      g_print (_("  %s’s cache %d at %s, %s: %s\n"),
               nile_cache_get_explorer (cache), nile_cache_get_number (cache), nile_cache_get_hex (cache),
               nile_display_cache_state (nile_cache_get_state (cache)), contents);
    }

  if (g_list_model_get_n_items (tribes) > 0)
    g_print ("\n%s\n", _("Tribes"));
  for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);
      GVariant *relations = nile_tribe_get_relations (tribe);
      GVariantIter iter;
      GVariant *relation;

      if (nile_tribe_get_size (tribe) != NULL)
        g_print (_("  Tribe %d at %s, %s"), nile_tribe_get_counter (tribe), nile_tribe_get_hex (tribe),
                 nile_display_phrase (NILE_TYPE_TRIBE_SIZE, nile_tribe_get_size (tribe)));
      else
        g_print (ngettext ("  Tribe %d at %s, %d native", "  Tribe %d at %s, %d natives",
                           nile_tribe_get_natives (tribe)),
                 nile_tribe_get_counter (tribe), nile_tribe_get_hex (tribe), nile_tribe_get_natives (tribe));
      g_print ("%s\n", nile_tribe_get_desert (tribe) ? _(", desert") : "");

      g_variant_iter_init (&iter, relations);
      while ((relation = g_variant_iter_next_value (&iter)) != NULL)
        {
          g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (relation);
          const char *explorer = NULL;
          gboolean friendly = FALSE;
          gint32 attitude = 0, gifts = 0, won = 0, lost = 0, gifts_left = -1;

          g_variant_dict_lookup (&dict, "explorer", "&s", &explorer);
          g_variant_dict_lookup (&dict, "friendly", "b", &friendly);
          g_variant_dict_lookup (&dict, "attitude", "i", &attitude);
          g_variant_dict_lookup (&dict, "gifts-traded", "i", &gifts);
          g_variant_dict_lookup (&dict, "gifts-left", "i", &gifts_left);
          g_variant_dict_lookup (&dict, "battles-won", "i", &won);
          g_variant_dict_lookup (&dict, "battles-lost", "i", &lost);
          g_print ("    %s: %s", explorer, friendly ? _("friendly") : _("not friendly"));
          /* Attitude is a Discovery Games number; Avalon Hill tribes have none. */
          if (dg)
            g_print (_(", attitude %d"), attitude);
          g_print (ngettext (", %d gift traded", ", %d gifts traded", gifts), gifts);
          if (gifts_left == 0)
            g_print (_(", no more trade (R 14.95)"));
          g_print (_(", battles won %d, lost %d\n"), won, lost);
          g_variant_unref (relation);
        }
    }

  print_kept_encounters (book);

  if (g_list_model_get_n_items (discoveries) > 0)
    g_print ("\n%s\n", _("Discoveries"));
  for (guint i = 0; i < g_list_model_get_n_items (discoveries); i++)
    {
      g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (discoveries, i);
      g_autofree char *description = describe_hex (hex);
      const char *first_by = nile_hex_discovery_get_published_first_by (hex);
      g_autofree char *state = NULL;

      /* Another's publication first leaves its VP nothing to wait for (R 22.3). */
      if (first_by != NULL)
        state = g_strdup_printf (_("lost: published first by %s"), first_by);
      else
        state = g_strdup (nile_display_vp_state (nile_hex_discovery_get_published (hex) ? "published" : "unpublished"));
      g_print (_("  %s by %s, turn %d: %s, %d VP, %s\n"),
               nile_hex_discovery_get_label (hex), nile_hex_discovery_get_explorer (hex),
               nile_hex_discovery_get_turn (hex), description, nile_hex_discovery_get_vp (hex), state);
    }

  if (g_list_model_get_n_items (bonuses) > 0)
    g_print ("\n%s\n", _("Bonus discoveries"));
  for (guint i = 0; i < g_list_model_get_n_items (bonuses); i++)
    {
      g_autoptr(NileBonusDiscovery) bonus = g_list_model_get_item (bonuses, i);
      g_autofree char *about = nile_bonus_discovery_dup_details (bonus);

      g_print (_("  %s by %s, turn %d: %s\n"), nile_bonus_discovery_get_description (bonus),
               nile_bonus_discovery_get_explorer (bonus), nile_bonus_discovery_get_turn (bonus), about);
    }

  if (g_list_model_get_n_items (other_vp) > 0)
    g_print ("\n%s\n", _("Other points"));
  for (guint i = 0; i < g_list_model_get_n_items (other_vp); i++)
    {
      g_autoptr(NileVpEntry) entry = g_list_model_get_item (other_vp, i);
      const char *explorer = nile_vp_entry_get_explorer (entry);

      /* Translators: the points' reason, whose they are, the turn, the signed points, their state */
      g_print (_("  %s (%s), turn %d: %+d VP, %s\n"), nile_vp_entry_get_reason (entry),
               explorer != NULL ? explorer : nile_vp_entry_get_player (entry), nile_vp_entry_get_turn (entry),
               nile_vp_entry_get_amount (entry), nile_display_vp_state (nile_vp_entry_get_state (entry)));
    }
}

/* A book that reads the owner's Activity Level Chart, as the window's
 * does: the movement allowances shown are those of his board, not only
 * the three cells the rulebook prints. A chart that can't be read is
 * said, and the rulebook's cells stand. */
static NileCampaignBook *
book_with_owners_chart (NileCampaign *campaign)
{
  g_autoptr(NileSheetStore) sheets = NULL;
  g_autoptr(GError) error = NULL;
  NileActivityChart chart;
  NileSheet *sheet;

  sheets = nile_sheet_store_new_default (&error);
  if (sheets != NULL &&
      (sheet = nile_sheet_store_lookup (sheets, "activity-level")) != NULL &&
      nile_activity_chart_read_sheet (&chart, sheet, &error))
    return nile_campaign_book_new_with_activity_chart (campaign, &chart);

  if (error != NULL)
    g_printerr (_("nile-ledger: your Activity Level Chart can’t be read, so movement follows the rulebook’s "
                  "cells only: %s\n"), error->message);
  return nile_campaign_book_new (campaign);
}

int
nile_cli_show (int    argc,
               char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  gboolean as_json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print JSON"), NULL },
    { NULL }
  };

  if (!nile_cli_parse_options (&argc, &argv, "FILE", _("Show the campaign book: players, expeditions, caches,"
                                                       " tribes and discoveries."),
                               entries, 1, FALSE, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_open_read_only (argv[1], &error);
  if (campaign == NULL)
    return nile_cli_fail (error);

  book = book_with_owners_chart (campaign);
  if (!nile_campaign_book_refresh (book, &error))
    return nile_cli_fail (error);

  if (as_json)
    {
      g_autoptr(JsonNode) node = nile_campaign_book_to_json (book);
      g_autofree char *text = json_to_string (node, TRUE);

      g_print ("%s\n", text);
    }
  else
    show_text (book);

  return NILE_CLI_EXIT_OK;
}

/* ---- export, import ------------------------------------------------- */

int
nile_cli_export (int    argc,
                 char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autofree char *json = NULL;

  if (!nile_cli_parse_options (&argc, &argv, "FILE", _("Write the whole campaign as JSON to standard output."),
                               NULL, 1, FALSE, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_open_read_only (argv[1], &error);
  if (campaign == NULL || (json = nile_campaign_export_json (campaign, &error)) == NULL)
    return nile_cli_fail (error);

  g_print ("%s\n", json);
  return NILE_CLI_EXIT_OK;
}

int
nile_cli_import (int    argc,
                 char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GFile) export = NULL;

  if (!nile_cli_parse_options (&argc, &argv, "JSON NEWFILE", _("Make a new campaign file from an export."),
                               NULL, 2, FALSE, &error))
    return nile_cli_fail (error);

  export = g_file_new_for_commandline_arg (argv[1]);
  campaign = nile_campaign_import_file (export, argv[2], NULL, &error);
  if (campaign == NULL)
    return nile_cli_fail (error);

  g_print (_("Imported into %s\n"), argv[2]);
  return NILE_CLI_EXIT_OK;
}
