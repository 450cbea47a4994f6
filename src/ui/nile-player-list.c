/* nile-player-list.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-player-list"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-explorer.h"
#include "nile-player-list.h"
#include "nile-player-row.h"
#include "nile-player.h"
#include "nile-ui-util.h"

/* The players in turn order, each with his current explorer. The rows
 * are the book's list of players, in which a change replaces only the
 * players it touched; the selection and the keyboard's place follow a
 * replaced player by his id. Explorers and the game's winner are set on
 * the rows there are once the book has read the change (it listens to
 * the campaign before we do). */
struct _NilePlayerList
{
  AdwBin            parent_instance;

  NileCampaignBook *book;
  char             *selected_player;
  gboolean          rebuilding;
  gint64            keep_id;    /* while rebuilding: the player selected */
  gint64            focus_id;   /* and the one with the keyboard's place */
  GListModel       *players;

  GtkListBox       *list_box;
  GMenu            *row_menu;
  GtkWidget        *row_popover;
};

G_DEFINE_FINAL_TYPE (NilePlayerList, nile_player_list, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  PROP_SELECTED_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_selected_player (NilePlayerList *self,
                     const char     *player)
{
  if (g_strcmp0 (self->selected_player, player) == 0)
    return;

  g_free (self->selected_player);
  self->selected_player = g_strdup (player);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_PLAYER]);
}

static void
select_row_of (NilePlayerList *self,
               const char     *player)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      NilePlayerRow *row;

      if (!NILE_IS_PLAYER_ROW (child))
        continue;

      row = NILE_PLAYER_ROW (child);
      if (g_strcmp0 (nile_player_get_name (nile_player_row_get_player (row)), player) == 0)
        {
          gtk_list_box_select_row (self->list_box, GTK_LIST_BOX_ROW (row));
          return;
        }
    }

  gtk_list_box_unselect_all (self->list_box);
}

/* The id of the player whose row has the keyboard focus, or 0. */
static gint64
focused_player_id (NilePlayerList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (; focus != NULL && focus != GTK_WIDGET (self->list_box); focus = gtk_widget_get_parent (focus))
    if (NILE_IS_PLAYER_ROW (focus))
      return nile_player_get_id (nile_player_row_get_player (NILE_PLAYER_ROW (focus)));
  return 0;
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  NilePlayerList *self = NILE_PLAYER_LIST (user_data);
  NilePlayer *player = NILE_PLAYER (item);
  g_autoptr(NileExplorer) explorer =
    nile_campaign_book_dup_current_explorer (self->book, nile_player_get_name (player));

  return nile_player_row_new (player, explorer, nile_campaign_book_get_winner (self->book));
}

static void
show_list_or_empty (NilePlayerList *self)
{
  GtkWidget *stack = adw_bin_get_child (ADW_BIN (self));
  guint n_players = self->players != NULL ? g_list_model_get_n_items (self->players) : 0;

  gtk_stack_set_visible_child_name (GTK_STACK (stack), n_players > 0 ? "list" : "empty");
}

/* Before the list box takes the change: who is selected and focused. */
static void
players_changing (NilePlayerList *self)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list_box);

  /* Followed by his id: a change (or its undo) may have renamed him. */
  self->keep_id = selected != NULL && NILE_IS_PLAYER_ROW (selected)
                    ? nile_player_get_id (nile_player_row_get_player (NILE_PLAYER_ROW (selected)))
                    : 0;
  self->focus_id = focused_player_id (self);
  self->rebuilding = TRUE;
}

/* After it: the same players selected and focused, in their new rows. */
static void
players_changed (NilePlayerList *self)
{
  g_autofree char *keep = g_strdup (self->selected_player);
  GtkWidget *focus_row = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      NilePlayer *player;

      if (!NILE_IS_PLAYER_ROW (child))
        continue;
      player = nile_player_row_get_player (NILE_PLAYER_ROW (child));
      if (self->focus_id != 0 && nile_player_get_id (player) == self->focus_id)
        focus_row = child;
      if (self->keep_id != 0 && nile_player_get_id (player) == self->keep_id)
        {
          g_free (keep);
          keep = g_strdup (nile_player_get_name (player));
        }
    }

  show_list_or_empty (self);
  select_row_of (self, keep);
  /* The keyboard's place, and a screen reader's, stay on him. */
  if (focus_row != NULL && !gtk_widget_has_focus (focus_row))
    gtk_widget_grab_focus (focus_row);
  self->rebuilding = FALSE;

  /* A player who was removed can't stay selected. */
  set_selected_player (self, gtk_list_box_get_selected_row (self->list_box) != NULL ? keep : NULL);
}

/* Each row's explorer and the winner, on the rows there are. */
static void
update_rows (NilePlayerList *self)
{
  const char *winner;

  if (self->book == NULL)
    return;
  winner = nile_campaign_book_get_winner (self->book);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      NilePlayerRow *row;
      g_autoptr(NileExplorer) explorer = NULL;

      if (!NILE_IS_PLAYER_ROW (child))
        continue;
      row = NILE_PLAYER_ROW (child);
      explorer = nile_campaign_book_dup_current_explorer (self->book,
                                                          nile_player_get_name (nile_player_row_get_player (row)));
      nile_player_row_set_explorer (row, explorer);
      nile_player_row_set_winner (row, winner);
    }
}

static void
disconnect_book (NilePlayerList *self)
{
  if (self->book == NULL)
    return;
  g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  g_signal_handlers_disconnect_by_data (nile_campaign_book_get_explorers (self->book), self);
  g_signal_handlers_disconnect_by_data (self->players, self);
  gtk_list_box_bind_model (self->list_box, NULL, NULL, NULL, NULL);
  self->players = NULL;
}

static void
on_row_selected (NilePlayerList *self,
                 GtkListBoxRow  *row)
{
  if (self->rebuilding)
    return;

  if (row == NULL)
    set_selected_player (self, NULL);
  else
    set_selected_player (self, nile_player_get_name (nile_player_row_get_player (NILE_PLAYER_ROW (row))));
}

/* Opens @row's menu pointing at @x, @y of the list box. */
static void
popup_row_menu (NilePlayerList *self,
                GtkListBoxRow  *row,
                double          x,
                double          y)
{
  GdkRectangle target = { 0, 0, 1, 1 };
  double list_x, list_y;

  if (!NILE_IS_PLAYER_ROW (row))
    return;

  /* Made the first time it is wanted, not with every window. */
  if (self->row_popover == NULL)
    {
      self->row_menu = g_menu_new ();
      self->row_popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (self->row_menu));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->row_popover), FALSE);
      gtk_widget_set_halign (self->row_popover, GTK_ALIGN_START);
      gtk_widget_set_parent (self->row_popover, GTK_WIDGET (self));
    }

  nile_ui_fill_player_menu (self->row_menu, self->book, nile_player_row_get_player (NILE_PLAYER_ROW (row)));
  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self->list_box), GTK_WIDGET (self), x, y, &list_x, &list_y))
    return;

  target.x = (int) list_x;
  target.y = (int) list_y;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_popover), &target);
  gtk_popover_popup (GTK_POPOVER (self->row_popover));
}

/* The menu of the row pressed at @x, @y, if any: claimed, the press
 * selects nothing. */
static void
popup_pressed_row_menu (NilePlayerList *self,
                        double          x,
                        double          y,
                        GtkGesture     *gesture)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list_box, (int) y);

  if (row == NULL)
    return;

  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  popup_row_menu (self, row, x, y);
}

static void
on_secondary_pressed (NilePlayerList *self,
                      int             n_press,
                      double          x,
                      double          y,
                      GtkGesture     *gesture)
{
  popup_pressed_row_menu (self, x, y, gesture);
}

/* On a touch screen the same menu comes with a long press, which
 * leaves the selection (and, on a phone, the page) where it was. */
static void
on_long_pressed (NilePlayerList *self,
                 double          x,
                 double          y,
                 GtkGesture     *gesture)
{
  popup_pressed_row_menu (self, x, y, gesture);
}

/* Shift+F10 or the Menu key: the focused row's menu, at the row. */
static gboolean
popup_focused_row_menu (GtkWidget *widget,
                        GVariant  *args,
                        gpointer   user_data)
{
  NilePlayerList *self = NILE_PLAYER_LIST (widget);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));
  GtkWidget *row = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW) : NULL;
  double x, y;

  if (row == NULL || !gtk_widget_is_ancestor (row, GTK_WIDGET (self->list_box)) ||
      !gtk_widget_translate_coordinates (row, GTK_WIDGET (self->list_box),
                                         gtk_widget_get_width (row) / 2.0, gtk_widget_get_height (row) / 2.0,
                                         &x, &y))
    return FALSE;

  popup_row_menu (self, GTK_LIST_BOX_ROW (row), x, y);
  return TRUE;
}

/* A popover is placed by the widget it belongs to. */
static void
nile_player_list_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  NilePlayerList *self = NILE_PLAYER_LIST (widget);

  GTK_WIDGET_CLASS (nile_player_list_parent_class)->size_allocate (widget, width, height, baseline);

  if (self->row_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->row_popover));
}

static void
nile_player_list_dispose (GObject *object)
{
  NilePlayerList *self = NILE_PLAYER_LIST (object);

  g_clear_pointer (&self->row_popover, gtk_widget_unparent);
  g_clear_object (&self->row_menu);

  disconnect_book (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_PLAYER_LIST);
  g_clear_object (&self->book);

  G_OBJECT_CLASS (nile_player_list_parent_class)->dispose (object);
}

static void
nile_player_list_finalize (GObject *object)
{
  NilePlayerList *self = NILE_PLAYER_LIST (object);

  g_clear_pointer (&self->selected_player, g_free);

  G_OBJECT_CLASS (nile_player_list_parent_class)->finalize (object);
}

static void
nile_player_list_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NilePlayerList *self = NILE_PLAYER_LIST (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    case PROP_SELECTED_PLAYER:
      g_value_set_string (value, self->selected_player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_list_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NilePlayerList *self = NILE_PLAYER_LIST (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_player_list_set_book (self, g_value_get_object (value));
      break;

    case PROP_SELECTED_PLAYER:
      nile_player_list_set_selected_player (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_list_class_init (NilePlayerListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_player_list_dispose;
  object_class->finalize = nile_player_list_finalize;
  object_class->get_property = nile_player_list_get_property;
  object_class->set_property = nile_player_list_set_property;
  widget_class->size_allocate = nile_player_list_size_allocate;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * NilePlayerList:selected-player:
   *
   * The name of the player whose expedition is shown, or %NULL.
   */
  properties[PROP_SELECTED_PLAYER] =
    g_param_spec_string ("selected-player", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-player-list.ui");
  gtk_widget_class_bind_template_child (widget_class, NilePlayerList, list_box);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_secondary_pressed);
  gtk_widget_class_bind_template_callback (widget_class, on_long_pressed);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, popup_focused_row_menu, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Menu, 0, popup_focused_row_menu, NULL);
}

static void
nile_player_list_init (NilePlayerList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

NileCampaignBook *
nile_player_list_get_book (NilePlayerList *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_LIST (self), NULL);

  return self->book;
}

void
nile_player_list_set_book (NilePlayerList   *self,
                           NileCampaignBook *book)
{
  g_return_if_fail (NILE_IS_PLAYER_LIST (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  disconnect_book (self);
  g_set_object (&self->book, book);

  if (book != NULL)
    {
      self->players = nile_campaign_book_get_players (book);
      /* Around the list box's own handler: before it, and after it. */
      g_signal_connect_object (self->players, "items-changed",
                               G_CALLBACK (players_changing), self, G_CONNECT_SWAPPED);
      gtk_list_box_bind_model (self->list_box, self->players, create_row, self, NULL);
      g_signal_connect_object (self->players, "items-changed",
                               G_CALLBACK (players_changed), self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                               G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (nile_campaign_book_get_explorers (book), "items-changed",
                               G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
    }

  show_list_or_empty (self);
  select_row_of (self, self->selected_player);
  set_selected_player (self, gtk_list_box_get_selected_row (self->list_box) != NULL ? self->selected_player : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}

const char *
nile_player_list_get_selected_player (NilePlayerList *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_LIST (self), NULL);

  return self->selected_player;
}

void
nile_player_list_set_selected_player (NilePlayerList *self,
                                      const char     *player)
{
  g_return_if_fail (NILE_IS_PLAYER_LIST (self));

  select_row_of (self, player);
  set_selected_player (self, player);
}
