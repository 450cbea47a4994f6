/* nile-discoveries-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-discoveries-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-bonus-discovery.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-explorer.h"
#include "nile-hex-discovery.h"
#include "nile-list-row.h"
#include "nile-player.h"
#include "nile-ui-util.h"
#include "nile-vp-entry.h"
#include "nile-discoveries-page.h"

/* The victory points of every player and the hexes the explorers
 * mapped, the bonus discoveries and the other points won or lost, with
 * what each is worth and whether it is published: one list, players
 * first, each part under its heading. */
struct _NileDiscoveriesPage
{
  NileBookPage  parent_instance;
};

G_DEFINE_FINAL_TYPE (NileDiscoveriesPage, nile_discoveries_page, NILE_TYPE_BOOK_PAGE)

/* Game I is a race to a goal (R 7); Game II has none. */
static char *
describe_goal (NileCampaignBook *book)
{
  const char *winner = nile_campaign_book_get_winner (book);

  if (nile_campaign_book_get_game (book) != 1)
    return winner != NULL ? g_strdup_printf (_("Game II: %s has won"), winner)
                          : g_strdup (_("Game II: the most points when the table stops wins"));
  if (winner != NULL)
    return g_strdup_printf (_("Game I: %s has won"), winner);
  return g_strdup_printf (_("Game I: the first to publish %d VP wins"), nile_campaign_book_get_goal (book));
}

/* Each player's points: published, and what his current explorer has
 * found but not yet published (lost if he dies first, R 21.3). */
static void
bind_player (NileListRow      *row,
             NilePlayer       *player,
             NileCampaignBook *book,
             gboolean          first)
{
  g_autoptr(NileExplorer) explorer = nile_campaign_book_dup_current_explorer (book, nile_player_get_name (player));
  int unpublished = explorer != NULL ? nile_explorer_get_vp_unpublished (explorer) : 0;
  g_autofree char *subtitle = g_strdup_printf (_("%d not yet published"), unpublished);
  g_autofree char *total = g_strdup_printf (_("%d VP"), nile_player_get_vp_published (player));
  g_autofree char *goal = first ? describe_goal (book) : NULL;

  /* Victory points first: the figure every player looks for. */
  nile_list_row_set_heading (row, first ? _("Victory Points") : NULL, goal);
  nile_list_row_set_title (row, nile_player_get_name (player));
  nile_list_row_set_subtitle (row, subtitle);
  nile_list_row_set_value (row, total, FALSE);
  nile_list_row_set_caption (row, NULL);
}

static void
bind_hex (NileListRow      *row,
          NileHexDiscovery *hex,
          gboolean          first)
{
  g_autofree char *title = NULL;
  g_autofree char *features = nile_ui_describe_hex (hex);
  g_autofree char *subtitle = NULL;
  g_autofree char *vp = NULL;

  /* Translators: the hex's label on the board */
  title = g_strdup_printf (_("Hex %s"), nile_hex_discovery_get_label (hex));
  /* Translators: what the hex holds, then who mapped it: explorer (player), turn */
  subtitle = g_strdup_printf (_("%s\nMapped by %s (%s), turn %d"), features,
                              nile_hex_discovery_get_explorer (hex),
                              nile_hex_discovery_get_player (hex),
                              nile_hex_discovery_get_turn (hex));
  vp = g_strdup_printf (_("%d VP"), nile_hex_discovery_get_vp (hex));

  nile_list_row_set_heading (row, first ? _("Hexes Mapped") : NULL, NULL);
  nile_list_row_set_title (row, title);
  nile_list_row_set_subtitle (row, subtitle);
  nile_list_row_set_value (row, vp, FALSE);
  nile_list_row_set_caption (row, nile_hex_discovery_get_published (hex) ? _("Published") : _("Not published"));
}

/* A bonus discovery as the Player Aid sheet keeps it (R 20.6): the
 * player's words, who made it and when, the animal, plant or tribe it
 * names and the item its VP wait for. */
static void
bind_bonus (NileListRow        *row,
            NileBonusDiscovery *bonus,
            gboolean            first)
{
  const char *name = nile_bonus_discovery_get_name (bonus);
  const char *item = nile_bonus_discovery_get_item (bonus);
  const char *state = nile_bonus_discovery_get_state (bonus);
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *vp = g_strdup_printf (_("%d VP"), nile_bonus_discovery_get_vp (bonus));
  const char *caption;

  if (name != NULL)
    g_string_append_printf (subtitle, "%s\n", name);
  /* Translators: who made a bonus discovery: explorer (player), turn */
  g_string_append_printf (subtitle, _("Found by %s (%s), turn %d"),
                          nile_bonus_discovery_get_explorer (bonus),
                          nile_bonus_discovery_get_player (bonus),
                          nile_bonus_discovery_get_turn (bonus));
  if (item != NULL)
    /* Translators: the item (“Pelt”, “Tusk”) that must reach Europe */
    g_string_append_printf (subtitle, _("\n%s to bring to Europe"), nile_display_name (NILE_TYPE_BONUS_ITEM, item));

  if (g_strcmp0 (state, "published") == 0)
    caption = _("Published");
  else if (g_strcmp0 (state, "unpublished") == 0)
    caption = _("Not published");
  else
    caption = _("Lost");

  nile_list_row_set_heading (row, first ? _("Bonus Discoveries") : NULL, NULL);
  nile_list_row_set_title (row, nile_bonus_discovery_get_description (bonus));
  nile_list_row_set_subtitle (row, subtitle->str);
  nile_list_row_set_value (row, vp, FALSE);
  nile_list_row_set_caption (row, nile_bonus_discovery_get_vp (bonus) > 0 ? caption : NULL);
}

/* Points neither a hex nor a bonus gave: an epic journey, an interview,
 * a battle, a village spared, a ranking, or a loss. */
static void
bind_other_vp (NileListRow *row,
               NileVpEntry *entry,
               gboolean     first)
{
  const char *explorer = nile_vp_entry_get_explorer (entry);
  const char *state = nile_vp_entry_get_state (entry);
  g_autofree char *subtitle = NULL;
  g_autofree char *vp = g_strdup_printf (_("%+d VP"), nile_vp_entry_get_amount (entry));

  if (explorer != NULL)
    /* Translators: whose points: explorer (player), turn */
    subtitle = g_strdup_printf (_("%s (%s), turn %d"), explorer, nile_vp_entry_get_player (entry),
                                nile_vp_entry_get_turn (entry));
  else
    /* Translators: whose points: the player, turn */
    subtitle = g_strdup_printf (_("%s, turn %d"), nile_vp_entry_get_player (entry), nile_vp_entry_get_turn (entry));

  nile_list_row_set_heading (row, first ? _("Other Points") : NULL, NULL);
  nile_list_row_set_title (row, nile_vp_entry_get_reason (entry));
  nile_list_row_set_subtitle (row, subtitle);
  nile_list_row_set_value (row, vp, FALSE);
  nile_list_row_set_caption (row, g_strcmp0 (state, "published") == 0 ? _("Published")
                                  : g_strcmp0 (state, "lost") == 0 ? _("Lost")
                                  : _("Not published"));
}

static void
nile_discoveries_page_bind_row (NileBookPage *page,
                                NileListRow  *row,
                                GtkListItem  *item)
{
  NileCampaignBook *book = nile_book_page_get_book (page);
  gpointer shown = gtk_list_item_get_item (item);

  if (NILE_IS_PLAYER (shown))
    {
      bind_player (row, shown, book, gtk_list_item_get_position (item) == 0);
    }
  else if (NILE_IS_VP_ENTRY (shown))
    {
      g_autoptr(GObject) first = g_list_model_get_item (nile_campaign_book_get_other_vp (book), 0);

      bind_other_vp (row, shown, first == shown);
    }
  else if (NILE_IS_BONUS_DISCOVERY (shown))
    {
      g_autoptr(GObject) first = g_list_model_get_item (nile_campaign_book_get_bonus_discoveries (book), 0);

      bind_bonus (row, shown, first == shown);
    }
  else
    {
      g_autoptr(GObject) first = g_list_model_get_item (nile_campaign_book_get_discoveries (book), 0);

      bind_hex (row, shown, first == shown);
    }
}

/* A player's row also shows his explorer's points and the game's goal,
 * which change without the player changing: putting the players back in
 * their place shows their rows anew (a handful). A GtkMapListModel given
 * a new map function would too, but GTK 4.8's moves a row it has mapped
 * to the top when the players before it change. */
static void
refresh_points (GListStore *parts)
{
  g_autoptr(GListModel) players = g_list_model_get_item (G_LIST_MODEL (parts), 0);

  g_list_store_splice (parts, 0, 1, (gpointer *) &players, 1);
}

static GListModel *
nile_discoveries_page_create_model (NileBookPage     *page,
                                    NileCampaignBook *book)
{
  GListStore *parts = g_list_store_new (G_TYPE_LIST_MODEL);

  g_list_store_append (parts, nile_campaign_book_get_players (book));
  g_list_store_append (parts, nile_campaign_book_get_discoveries (book));
  g_list_store_append (parts, nile_campaign_book_get_bonus_discoveries (book));
  g_list_store_append (parts, nile_campaign_book_get_other_vp (book));

  g_signal_connect_object (nile_campaign_book_get_explorers (book), "items-changed",
                           G_CALLBACK (refresh_points), parts, G_CONNECT_SWAPPED);
  g_signal_connect_object (book, "notify",
                           G_CALLBACK (refresh_points), parts, G_CONNECT_SWAPPED);

  return G_LIST_MODEL (gtk_flatten_list_model_new (G_LIST_MODEL (parts)));
}

static void
nile_discoveries_page_class_init (NileDiscoveriesPageClass *klass)
{
  NileBookPageClass *page_class = NILE_BOOK_PAGE_CLASS (klass);

  page_class->create_model = nile_discoveries_page_create_model;
  page_class->bind_row = nile_discoveries_page_bind_row;

  nile_book_page_class_set_template (page_class, RESOURCE_BASE "/nile-discoveries-page.ui");
}

static void
nile_discoveries_page_init (NileDiscoveriesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
