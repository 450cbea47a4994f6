/* nile-discoveries-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-discoveries-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-explorer.h"
#include "nile-hex-discovery.h"
#include "nile-player.h"
#include "nile-ui-util.h"
#include "nile-discoveries-page.h"

/* The victory points of every player and the hexes the explorers
 * mapped, with what each is worth and whether it is published. */
struct _NileDiscoveriesPage
{
  AdwBin            parent_instance;

  NileCampaignBook *book;
  GtkWidget        *points_group;
  GtkListBox       *points_list;

  GtkStack         *stack;
  GtkBox           *content;
  GtkListBox       *list_box;
};

G_DEFINE_FINAL_TYPE (NileDiscoveriesPage, nile_discoveries_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What a hex holds besides its terrain, in words. */
static char *
describe_features (NileHexDiscovery *hex)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  int value;

  g_ptr_array_add (parts, g_strdup (nile_display_terrain (nile_hex_discovery_get_terrain (hex))));
  if (nile_hex_discovery_get_river (hex))
    g_ptr_array_add (parts, g_strdup (_("river")));
  if (nile_hex_discovery_get_cataract (hex))
    g_ptr_array_add (parts, g_strdup (_("cataract")));
  if (nile_hex_discovery_get_oasis (hex))
    g_ptr_array_add (parts, g_strdup (_("oasis")));
  if (nile_hex_discovery_get_natives (hex))
    g_ptr_array_add (parts, g_strdup (_("natives")));
  if ((value = nile_hex_discovery_get_mountain (hex)) > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("mountain %d ft"), value));
  if ((value = nile_hex_discovery_get_waterfall (hex)) > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("waterfall %d ft"), value));
  if ((value = nile_hex_discovery_get_lake (hex)) > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("lake %d sq mi"), value));
  if ((value = nile_hex_discovery_get_special (hex)) > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("special discovery %d"), value));
  if (nile_hex_discovery_get_partial (hex))
    g_ptr_array_add (parts, g_strdup (_("partly mapped")));

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

/* Game I is a race to a goal (R 7); Game II has none. */
static void
describe_goal (NileDiscoveriesPage *self)
{
  const char *winner = nile_campaign_book_get_winner (self->book);
  g_autofree char *goal = NULL;

  if (nile_campaign_book_get_game (self->book) != 1)
    goal = g_strdup (_("Game II: the most points when the table stops wins"));
  else if (winner != NULL)
    goal = g_strdup_printf (_("Game I: %s has won"), winner);
  else
    goal = g_strdup_printf (_("Game I: the first to publish %d VP wins"), nile_campaign_book_get_goal (self->book));

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->points_group), goal);
}

/* Each player's points: published, and what his current explorer has
 * found but not yet published (lost if he dies first, R 21.3). */
static void
fill_points (NileDiscoveriesPage *self)
{
  GListModel *players = nile_campaign_book_get_players (self->book);
  GListModel *explorers = nile_campaign_book_get_explorers (self->book);
  guint n_players = g_list_model_get_n_items (players);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->points_list))) != NULL)
    gtk_list_box_remove (self->points_list, child);

  for (guint i = 0; i < n_players; i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);
      g_autoptr(NileExplorer) explorer = nile_ui_current_explorer (explorers, nile_player_get_name (player));
      int unpublished = explorer != NULL ? nile_explorer_get_vp_unpublished (explorer) : 0;
      g_autofree char *subtitle = NULL;
      g_autofree char *total = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *points;

      subtitle = g_strdup_printf (_("%d not yet published"), unpublished);
      total = g_strdup_printf (_("%d VP"), nile_player_get_vp_published (player));
      points = gtk_label_new (total);
      gtk_widget_add_css_class (points, "heading");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), nile_player_get_name (player));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), points);
      gtk_list_box_append (self->points_list, row);
    }

  gtk_widget_set_visible (self->points_group, n_players > 0);
  describe_goal (self);
}

static guint
fill_rows (NileDiscoveriesPage *self)
{
  GListModel *discoveries = nile_campaign_book_get_discoveries (self->book);
  guint n_discoveries = g_list_model_get_n_items (discoveries);

  fill_points (self);

  for (guint i = 0; i < n_discoveries; i++)
    {
      g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (discoveries, i);
      g_autofree char *title = NULL;
      g_autofree char *features = describe_features (hex);
      g_autofree char *subtitle = NULL;
      g_autofree char *vp = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *points;
      GtkWidget *state;

      /* Translators: the hex's label on the board */
      title = g_strdup_printf (_("Hex %s"), nile_hex_discovery_get_label (hex));
      /* Translators: what the hex holds, then who mapped it: explorer (player), turn */
      subtitle = g_strdup_printf (_("%s\nMapped by %s (%s), turn %d"), features,
                                  nile_hex_discovery_get_explorer (hex),
                                  nile_hex_discovery_get_player (hex),
                                  nile_hex_discovery_get_turn (hex));
      vp = g_strdup_printf (_("%d VP"), nile_hex_discovery_get_vp (hex));

      points = gtk_label_new (vp);
      gtk_widget_add_css_class (points, "heading");
      state = gtk_label_new (nile_hex_discovery_get_published (hex) ? _("Published") : _("Not published"));
      gtk_widget_add_css_class (state, "caption");
      gtk_widget_add_css_class (state, "dim-label");
      gtk_box_append (GTK_BOX (box), points);
      gtk_box_append (GTK_BOX (box), state);
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
      gtk_list_box_append (self->list_box, row);
    }

  /* The points table is worth showing before the first discovery. */
  return n_discoveries + g_list_model_get_n_items (nile_campaign_book_get_players (self->book));
}

static void
nile_discoveries_page_rebuild (NileDiscoveriesPage *self)
{
  GtkWidget *child;
  guint n_rows = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);

  if (self->book != NULL)
    n_rows = fill_rows (self);

  gtk_stack_set_visible_child_name (self->stack, n_rows > 0 ? "list" : "empty");
}

static void
nile_discoveries_page_dispose (GObject *object)
{
  NileDiscoveriesPage *self = NILE_DISCOVERIES_PAGE (object);

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_DISCOVERIES_PAGE);
  g_clear_object (&self->book);

  G_OBJECT_CLASS (nile_discoveries_page_parent_class)->dispose (object);
}

static void
nile_discoveries_page_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  NileDiscoveriesPage *self = NILE_DISCOVERIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_discoveries_page_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  NileDiscoveriesPage *self = NILE_DISCOVERIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_discoveries_page_set_book (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_discoveries_page_class_init (NileDiscoveriesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_discoveries_page_dispose;
  object_class->get_property = nile_discoveries_page_get_property;
  object_class->set_property = nile_discoveries_page_set_property;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-discoveries-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileDiscoveriesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, NileDiscoveriesPage, content);
  gtk_widget_class_bind_template_child (widget_class, NileDiscoveriesPage, list_box);
}

static void
nile_discoveries_page_init (NileDiscoveriesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Victory points first: the figure every player looks for. */
  self->points_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->points_list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->points_list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->points_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Victory Points"),
                                  -1);
  self->points_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->points_group), _("Victory Points"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->points_group), GTK_WIDGET (self->points_list));
  gtk_box_prepend (self->content, self->points_group);

  nile_discoveries_page_rebuild (self);
}

NileCampaignBook *
nile_discoveries_page_get_book (NileDiscoveriesPage *self)
{
  g_return_val_if_fail (NILE_IS_DISCOVERIES_PAGE (self), NULL);

  return self->book;
}

void
nile_discoveries_page_set_book (NileDiscoveriesPage *self,
                                NileCampaignBook    *book)
{
  g_return_if_fail (NILE_IS_DISCOVERIES_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  g_set_object (&self->book, book);

  /* The book rereads the campaign on the same signal, connected first. */
  if (book != NULL)
    g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                             G_CALLBACK (nile_discoveries_page_rebuild), self,
                             G_CONNECT_SWAPPED);

  nile_discoveries_page_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}
