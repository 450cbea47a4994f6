/* nile-ui-util.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-ui-util"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-error.h"
#include "nile-turn.h"
#include "nile-ui-util.h"

gboolean
nile_ui_apply (GtkWidget    *widget,
               NileCampaign *campaign,
               const char   *operation,
               GVariant     *params)
{
  g_autoptr(GVariant) owned = g_variant_ref_sink (params);
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);

  if (nile_campaign_apply (campaign, operation, owned, &error))
    return TRUE;

  gtk_widget_activate_action (widget, "win.show-error", "s", error->message);
  return FALSE;
}

/* libadwaita 1.2 shows a toast's title on one line, cut short whatever
 * the room ("1 items over what it can carry: discard, c…": the advice
 * lost). The toasts here have a title of their own that wraps. The
 * overlay gives a toast the height it asks for at its natural width, so
 * the title's natural width is no more than the overlay leaves it:
 * every line it then needs is given. */

/* Around a toast's title, in libadwaita 1.2's style: the toast's margins
 * (12 px each side), its padding (12 px before, 6 px after) and the
 * title's own margins (6 px each side). */
#define TOAST_FRAME 54
/* Between the title and each button beside it. */
#define TOAST_SPACING 6
/* Lines any longer are hard to follow across a wide window. */
#define TOAST_MAX_WIDTH 600
#define TOAST_ASKED_KEY "nile-toast-asked"

/* How wide the title may be: the overlay's width less all the toast
 * shows beside it, its buttons however wide their words. */
static int
toast_title_room (GtkWidget *title)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (title, ADW_TYPE_TOAST_OVERLAY);
  int room;

  if (overlay == NULL || gtk_widget_get_width (overlay) <= 0)
    return TOAST_MAX_WIDTH;

  room = gtk_widget_get_width (overlay) - TOAST_FRAME;
  for (GtkWidget *inner = title, *outer = gtk_widget_get_parent (title);
       outer != NULL && outer != overlay;
       inner = outer, outer = gtk_widget_get_parent (outer))
    {
      for (GtkWidget *sibling = gtk_widget_get_first_child (outer);
           sibling != NULL;
           sibling = gtk_widget_get_next_sibling (sibling))
        {
          int natural;

          if (sibling == inner || !gtk_widget_should_layout (sibling))
            continue;
          gtk_widget_measure (sibling, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
          room -= natural + TOAST_SPACING;
        }
    }

  return MIN (room, TOAST_MAX_WIDTH);
}

static GtkSizeRequestMode
toast_title_request_mode (GtkWidget *title)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
measure_toast_title (GtkWidget      *title,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  GtkWidget *label = adw_bin_get_child (ADW_BIN (title));
  int min_width, nat_width;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &nat_width, NULL, NULL);
  nat_width = MAX (min_width, MIN (nat_width, toast_title_room (title)));

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min_width;
      *natural = nat_width;
      return;
    }

  /* Asked without a width, as the overlay asks: at the natural one. */
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, for_size >= 0 ? for_size : nat_width,
                      minimum, natural, NULL, NULL);
}

static gboolean
ask_again (gpointer title)
{
  gtk_widget_queue_resize (title);
  return G_SOURCE_REMOVE;
}

static void
allocate_toast_title (GtkWidget *title,
                      int        width,
                      int        height,
                      int        baseline)
{
  GtkWidget *label = adw_bin_get_child (ADW_BIN (title));
  int room = toast_title_room (title);
  int natural, needed;

  gtk_widget_size_allocate (label, &(GtkAllocation) { 0, 0, width, height }, -1);

  /* Resized under a toast, the overlay gives it the size it asked for
   * before: too short for the lines it now takes, or narrower than there
   * is room for. Have it ask again, once for each room it has. */
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, &needed, NULL, NULL, NULL);
  if ((needed > height || width < MIN (natural, room)) &&
      GPOINTER_TO_INT (g_object_get_data (G_OBJECT (title), TOAST_ASKED_KEY)) != room)
    {
      g_object_set_data (G_OBJECT (title), TOAST_ASKED_KEY, GINT_TO_POINTER (room));
      /* Not from here: GTK 4.8 drops a resize queued while allocating. */
      g_idle_add_full (G_PRIORITY_DEFAULT, ask_again, g_object_ref (title), g_object_unref);
    }
}

AdwToast *
nile_ui_toast_new (const char *text)
{
  AdwToast *toast;
  GtkWidget *title;
  GtkWidget *label;

  g_return_val_if_fail (text != NULL, NULL);

  toast = adw_toast_new ("");
  title = adw_bin_new ();
  label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* A floor for the minimum width: see nile-sheet-row.c. */
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_layout_manager (title, gtk_custom_layout_new (toast_title_request_mode,
                                                               measure_toast_title,
                                                               allocate_toast_title));
  adw_bin_set_child (ADW_BIN (title), label);
  adw_toast_set_custom_title (toast, title);
  nile_ui_toast_set_text (toast, text);

  return toast;
}

/* @object leaves @kept, a page's dialogs, and its handlers go too: it
 * may outlive @kept. */
static void
forget_kept (GObject   *object,
             GPtrArray *kept)
{
  g_ptr_array_remove_fast (kept, object);
  g_signal_handlers_disconnect_by_data (object, kept);
}

/* An overlay's toasts, handed to it one at a time.
 *
 * libadwaita 1.2 frees what it keeps of a toast when the toast's fade
 * out ends, and its animation in, still running, then writes to it:
 * the program may crash (fixed in libadwaita 1.3). That happens when a
 * toast is closed before it has fully come in, its close button tapped
 * at once, and always when it comes while another still fades out, as
 * it then comes in more slowly than it fades. So the overlay gets the
 * next toast only once the last one has faded out, never queues one
 * itself, and a toast closed while it comes in goes once it is in. */
typedef struct
{
  AdwToastOverlay *overlay;
  GQueue           waiting;         /* AdwToast, owned */
  AdwToast        *shown;           /* handed to the overlay, not yet dismissed; owned */
  gint64           coming_in_until; /* frame time, µs; 0 once it is in */
  gboolean         in_at_last_frame;
  gboolean         dismiss_when_in;
  guint            tick_id;
} ToastLine;

#define TOAST_LINE_KEY "nile-ui-toast-line"
/* A toast of libadwaita 1.2 comes in over 300 ms, or 500 ms over another. */
#define TOAST_COMING_IN_US (500 * G_TIME_SPAN_MILLISECOND)

/* Whether a toast is still in @line's overlay, shown or fading out: the
 * children besides its content are the toasts' widgets. */
static gboolean
toast_line_busy (ToastLine *line)
{
  GtkWidget *content = adw_toast_overlay_get_child (line->overlay);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (line->overlay));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != content)
      return TRUE;

  return FALSE;
}

/* What the line waits for, frame by frame: a toast coming in, or the
 * last one fading out before the next. */
static gboolean
toast_line_needs_ticks (ToastLine *line)
{
  if (line->shown != NULL)
    return line->coming_in_until != 0;

  return !g_queue_is_empty (&line->waiting) && toast_line_busy (line);
}

static gboolean on_toast_line_tick (GtkWidget     *overlay,
                                    GdkFrameClock *frame_clock,
                                    gpointer       user_data);

static void
toast_line_watch_frames (ToastLine *line)
{
  if (line->tick_id == 0 && toast_line_needs_ticks (line))
    line->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (line->overlay), on_toast_line_tick,
                                                  line, NULL);
}

/* Before libadwaita's own handler: a toast still coming in stays until
 * it is in, and "dismissed" comes again then. Handlers connected before
 * this one hear it twice. */
static void
on_shown_toast_dismissing (AdwToast  *toast,
                           ToastLine *line)
{
  /* A hidden overlay has ended its animations. */
  if (line->coming_in_until == 0 || !gtk_widget_get_mapped (GTK_WIDGET (line->overlay)))
    return;

  line->dismiss_when_in = TRUE;
  g_signal_stop_emission_by_name (toast, "dismissed");
}

static void show_next_toast (ToastLine *line);

/* After libadwaita's own handler, which starts the fade. */
static void
on_shown_toast_dismissed (AdwToast  *toast,
                          ToastLine *line)
{
  g_signal_handlers_disconnect_by_data (toast, line);
  g_clear_object (&line->shown);
  line->coming_in_until = 0;
  line->dismiss_when_in = FALSE;
  show_next_toast (line);
}

/* Hands @line's next toast to its overlay once the last one has gone. */
static void
show_next_toast (ToastLine *line)
{
  GtkWidget *overlay = GTK_WIDGET (line->overlay);
  GdkFrameClock *frame_clock;
  gboolean animated;
  AdwToast *toast;

  if (line->shown != NULL || g_queue_is_empty (&line->waiting) || toast_line_busy (line))
    {
      toast_line_watch_frames (line);
      return;
    }

  toast = g_queue_pop_head (&line->waiting);
  /* libadwaita drops its own reference when it frees the toast, which it
   * may do without a word: in its dispose, a toast to go once it is in. */
  line->shown = g_object_ref (toast);
  /* libadwaita starts the animation at the frame clock's time, and
   * skips it in a hidden overlay or with animations turned off. */
  frame_clock = gtk_widget_get_frame_clock (overlay);
  g_object_get (gtk_widget_get_settings (overlay), "gtk-enable-animations", &animated, NULL);
  line->coming_in_until = 0;
  if (animated && gtk_widget_get_mapped (overlay) && frame_clock != NULL)
    line->coming_in_until = gdk_frame_clock_get_frame_time (frame_clock) + TOAST_COMING_IN_US;
  line->in_at_last_frame = FALSE;
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_shown_toast_dismissing), line);
  g_signal_connect_after (toast, "dismissed", G_CALLBACK (on_shown_toast_dismissed), line);
  adw_toast_overlay_add_toast (line->overlay, toast);
  toast_line_watch_frames (line);
}

static gboolean
on_toast_line_tick (GtkWidget     *overlay,
                    GdkFrameClock *frame_clock,
                    gpointer       user_data)
{
  ToastLine *line = user_data;

  /* libadwaita ends the animation at the first frame past its time,
   * maybe after this callback: the toast is surely in at the next. */
  if (line->shown != NULL && line->coming_in_until != 0)
    {
      if (line->in_at_last_frame)
        {
          line->coming_in_until = 0;
          /* The toast forgot its overlay at the first "dismissed", and
           * adw_toast_dismiss() would do nothing. */
          if (line->dismiss_when_in)
            g_signal_emit_by_name (line->shown, "dismissed");
        }
      else if (gdk_frame_clock_get_frame_time (frame_clock) >= line->coming_in_until)
        {
          line->in_at_last_frame = TRUE;
        }
    }

  show_next_toast (line);
  if (toast_line_needs_ticks (line))
    return G_SOURCE_CONTINUE;

  line->tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* A toast that never reached the overlay goes as a shown one would:
 * whoever keeps it hears "dismissed". */
static void
drop_waiting_toast (AdwToast *toast)
{
  g_signal_emit_by_name (toast, "dismissed");
  g_object_unref (toast);
}

/* The overlay goes, with the toasts that wait for it: libadwaita
 * dismisses the shown one in its dispose, before this. */
static void
on_toast_overlay_destroy (GtkWidget *overlay,
                          ToastLine *line)
{
  if (line->tick_id != 0)
    gtk_widget_remove_tick_callback (overlay, line->tick_id);
  if (line->shown != NULL)
    g_signal_handlers_disconnect_by_data (line->shown, line);
  g_clear_object (&line->shown);
  g_queue_clear_full (&line->waiting, g_object_unref);
  g_signal_handlers_disconnect_by_data (overlay, line);
  g_object_set_data (G_OBJECT (overlay), TOAST_LINE_KEY, NULL);
}

void
nile_ui_add_toast (AdwToastOverlay *overlay,
                   AdwToast        *toast)
{
  ToastLine *line;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  line = g_object_get_data (G_OBJECT (overlay), TOAST_LINE_KEY);
  if (line == NULL)
    {
      line = g_new0 (ToastLine, 1);
      line->overlay = overlay;
      g_object_set_data_full (G_OBJECT (overlay), TOAST_LINE_KEY, line, g_free);
      g_signal_connect (overlay, "destroy", G_CALLBACK (on_toast_overlay_destroy), line);
    }

  /* Shown already: libadwaita starts its time again, unless it is to
   * go as soon as it is in. */
  if (toast == line->shown)
    {
      if (line->dismiss_when_in)
        g_object_unref (toast);
      else
        adw_toast_overlay_add_toast (overlay, toast);
      return;
    }
  if (g_queue_find (&line->waiting, toast) != NULL)
    {
      g_object_unref (toast);
      return;
    }

  /* The newest toast of high priority says what matters now: the older
   * ones go, where libadwaita would show them again after it. */
  if (adw_toast_get_priority (toast) == ADW_TOAST_PRIORITY_HIGH)
    {
      AdwToast *older;

      while ((older = g_queue_pop_head (&line->waiting)) != NULL)
        drop_waiting_toast (older);
      if (line->shown != NULL)
        adw_toast_dismiss (line->shown);
    }

  g_queue_push_tail (&line->waiting, toast);
  show_next_toast (line);
}

void
nile_ui_toast_set_text (AdwToast   *toast,
                        const char *text)
{
  GtkWidget *title;

  g_return_if_fail (ADW_IS_TOAST (toast));
  g_return_if_fail (text != NULL);

  title = adw_toast_get_custom_title (toast);
  g_return_if_fail (ADW_IS_BIN (title));

  gtk_label_set_text (GTK_LABEL (adw_bin_get_child (ADW_BIN (title))), text);
  /* libadwaita's five seconds, or more for more words: a second for
   * every fifteen characters or so, as one reads at a glance. */
  adw_toast_set_timeout (toast, MAX (5, (g_utf8_strlen (text, -1) + 14) / 15));
}

const char *
nile_ui_toast_get_text (AdwToast *toast)
{
  GtkWidget *title;

  g_return_val_if_fail (ADW_IS_TOAST (toast), NULL);

  title = adw_toast_get_custom_title (toast);
  g_return_val_if_fail (ADW_IS_BIN (title), NULL);

  return gtk_label_get_text (GTK_LABEL (adw_bin_get_child (ADW_BIN (title))));
}

char *
nile_ui_new_campaign_path (GFile   *file,
                           GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FILE,
                           _("Campaigns can only be kept in a folder on this device."));
      return NULL;
    }

  if (g_str_has_suffix (path, NILE_CAMPAIGN_SUFFIX))
    return g_steal_pointer (&path);
  return g_strconcat (path, NILE_CAMPAIGN_SUFFIX, NULL);
}

void
nile_ui_label_list_item (GtkListItem *item,
                         GtkWidget   *labeller)
{
  GtkWidget *row;

  g_return_if_fail (GTK_IS_LIST_ITEM (item));
  g_return_if_fail (GTK_IS_WIDGET (labeller));

  /* GTK 4.8 names a list view's rows by nothing, and has no call to name
   * one (4.12's gtk_list_item_set_accessible_label): the row is the
   * widget that holds the item's child, and a screen reader says its
   * name, not the child's. */
  row = gtk_widget_get_parent (gtk_list_item_get_child (item));
  if (row == NULL)
    return;

  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, labeller, NULL,
                                  -1);
}

#define DROP_DOWN_NAME_KEY "nile-drop-down-name"

/* GTK 4.8's drop-down takes the focus in a toggle button of its own,
 * which it leaves unnamed. */
static void
update_drop_down_button (GtkDropDown *drop_down)
{
  const char *name = g_object_get_data (G_OBJECT (drop_down), DROP_DOWN_NAME_KEY);
  gpointer chosen = gtk_drop_down_get_selected_item (drop_down);
  g_autofree char *label = NULL;

  if (GTK_IS_STRING_OBJECT (chosen))
    /* Translators: a drop-down as a screen reader says it: its name and the choice shown */
    label = g_strdup_printf (_("%s: %s"), name, gtk_string_object_get_string (chosen));
  else
    label = g_strdup (name);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_TOGGLE_BUTTON (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

static void
setup_choice (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  /* Whole names, with a check on the chosen one, a finger's height;
   * a long one on more lines, so the list fits a phone. */
  gtk_widget_set_size_request (box, -1, 44);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  /* A floor for the minimum width: see nile-sheet-row.c. */
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_widget_set_hexpand (label, TRUE);
  g_object_bind_property (item, "selected", check, "visible", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
bind_choice (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkStringObject *choice = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (choice));
  nile_ui_label_list_item (item, label);
}

/* Each choice whole and named by its words. */
static GtkListItemFactory *
choice_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice), NULL);
  return factory;
}

void
nile_ui_name_drop_down (GtkDropDown *drop_down,
                        const char  *name)
{
  g_autoptr(GtkListItemFactory) factory = NULL;
  gboolean first;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));
  g_return_if_fail (name != NULL);

  first = g_object_get_data (G_OBJECT (drop_down), DROP_DOWN_NAME_KEY) == NULL;
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (drop_down), DROP_DOWN_NAME_KEY, g_strdup (name), g_free);
  update_drop_down_button (drop_down);
  if (!first)
    return;

  g_signal_connect (drop_down, "notify::selected-item", G_CALLBACK (update_drop_down_button), NULL);
  /* GTK's own list of choices leaves each unnamed. */
  factory = choice_factory_new ();
  gtk_drop_down_set_list_factory (drop_down, factory);
}

void
nile_ui_list_choices_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = NULL;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  /* libadwaita 1.2 cuts each choice in the list at 20 characters ("Tribe
   * 22 in C12, Medium T…"), whatever the room, and leaves it unnamed. */
  factory = choice_factory_new ();
  adw_combo_row_set_list_factory (row, factory);
}

static void
append_item (GMenu      *menu,
             const char *label,
             const char *action,
             GVariant   *target)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, target);
  g_menu_append_item (menu, item);
}

void
nile_ui_fill_player_menu (GMenu            *menu,
                          NileCampaignBook *book,
                          NilePlayer       *player)
{
  NileCampaign *campaign;
  g_autoptr(GMenu) moves = NULL;
  gboolean any_refused = FALSE;
  const char *name;
  guint n_players;
  int position;
  /* The sidebar lists the players in turn order: up plays earlier. */
  const struct {
    const char *label;
    int         step;
  } directions[] = {
    { N_("Move _Up in Turn Order"), -1 },
    { N_("Move _Down in Turn Order"), 1 },
  };

  g_return_if_fail (G_IS_MENU (menu));
  g_return_if_fail (NILE_IS_CAMPAIGN_BOOK (book));
  g_return_if_fail (player == NULL || NILE_IS_PLAYER (player));

  g_menu_remove_all (menu);
  if (player == NULL)
    return;

  campaign = nile_campaign_book_get_campaign (book);
  n_players = g_list_model_get_n_items (nile_campaign_book_get_players (book));
  name = nile_player_get_name (player);
  position = nile_player_get_turn_order (player);

  append_item (menu, _("_Edit Player…"), "win.edit-player", g_variant_new_string (name));

  /* A move the core would refuse is shown all the same, insensitive:
   * its action is one never enabled. */
  moves = g_menu_new ();
  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    {
      int to = position + directions[i].step;
      gboolean allowed;

      if (to < 1 || to > (int) n_players)
        continue;
      allowed = nile_turn_check_reorder (campaign, name, to, NULL);
      any_refused |= !allowed;
      append_item (moves, _(directions[i].label), allowed ? "win.reorder-player" : "win.reorder-refused",
                   g_variant_new ("(si)", name, to));
    }

  if (any_refused)
    {
      /* Either way, what keeps the order is the turn under way (R 8.1).
       * Translators: a heading over the moves in the turn order refused
       * now, e.g. "Turn order can change in turn 4" */
      g_autofree char *heading = g_strdup_printf (_("Turn order can change in turn %d"),
                                                  nile_campaign_book_get_turn (book) + 1);

      g_menu_append_section (menu, heading, G_MENU_MODEL (moves));
    }
  else
    {
      for (int i = 0; i < g_menu_model_get_n_items (G_MENU_MODEL (moves)); i++)
        {
          g_autoptr(GMenuItem) item = g_menu_item_new_from_model (G_MENU_MODEL (moves), i);

          g_menu_append_item (menu, item);
        }
    }

  /* At once, with a toast to undo it; a campaign keeps its last player. */
  if (n_players > 1)
    append_item (menu, _("_Remove Player"), "win.remove-player", g_variant_new_string (name));
}

void
nile_ui_show_error (GtkWidget    *widget,
                    const char   *heading,
                    const GError *error)
{
  GtkRoot *root;
  GtkWidget *alert;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (error != NULL);

  root = gtk_widget_get_root (widget);
  alert = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), "close", _("_Close"));
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (alert));
  gtk_window_present (GTK_WINDOW (alert));
}

char *
nile_ui_describe_hex (NileHexDiscovery *hex)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *terrain = nile_hex_discovery_get_terrain (hex);
  int value;

  g_ptr_array_add (parts, g_strdup (nile_display_terrain (terrain)));
  if (nile_hex_discovery_get_river (hex))
    g_ptr_array_add (parts, g_strdup (_("river")));
  if (nile_hex_discovery_get_cataract (hex))
    g_ptr_array_add (parts, g_strdup (_("cataract")));
  if (nile_hex_discovery_get_oasis (hex))
    g_ptr_array_add (parts, g_strdup (_("oasis")));
  if (nile_hex_discovery_get_natives (hex))
    g_ptr_array_add (parts, g_strdup (_("natives")));
  /* A height or an area, after the terrain that already names it
   * ("Mountains, 14,000 ft", not "Mountains, mountain 14000 ft"). */
  if ((value = nile_hex_discovery_get_mountain (hex)) > 0)
    {
      g_autofree char *feet = nile_format_number (value);

      g_ptr_array_add (parts, g_str_equal (terrain, "mountains") ? g_strdup_printf (_("%s ft"), feet)
                                                                 : g_strdup_printf (_("mountain %s ft"), feet));
    }
  if ((value = nile_hex_discovery_get_waterfall (hex)) > 0)
    {
      g_autofree char *feet = nile_format_number (value);

      g_ptr_array_add (parts, g_strdup_printf (_("waterfall %s ft"), feet));
    }
  if ((value = nile_hex_discovery_get_lake (hex)) > 0)
    {
      g_autofree char *area = nile_format_number (value);

      g_ptr_array_add (parts, g_str_equal (terrain, "lake") ? g_strdup_printf (_("%s sq mi"), area)
                                                            : g_strdup_printf (_("lake %s sq mi"), area));
    }
  if ((value = nile_hex_discovery_get_special (hex)) > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("special discovery %d"), value));
  if (nile_hex_discovery_get_partial (hex))
    g_ptr_array_add (parts, g_strdup (_("partly mapped")));

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

static void
name_buttons_by_text (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = GTK_IS_BUTTON (child) ? gtk_button_get_child (GTK_BUTTON (child)) : NULL;

      if (GTK_IS_LABEL (label))
        gtk_accessible_reset_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL);
      name_buttons_by_text (child);
    }
}

void
nile_ui_fit_spin_to_touch (GtkSpinButton *spin)
{
  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  for (GtkWidget *part = gtk_widget_get_first_child (GTK_WIDGET (spin));
       part != NULL;
       part = gtk_widget_get_next_sibling (part))
    if (GTK_IS_BUTTON (part))
      gtk_widget_set_size_request (part, 44, 44);
}

void
nile_ui_name_code_row (AdwActionRow *row,
                       const char   *code,
                       const char   *meaning)
{
  g_autofree char *name = NULL;

  g_return_if_fail (ADW_IS_ACTION_ROW (row));
  g_return_if_fail (code != NULL && meaning != NULL);

  /* Translators: a code a table's cell may hold, and what it means:
   * "F: The tribe becomes friendly to this explorer." */
  name = g_strdup_printf (_("%s: %s"), code, meaning);
  /* A letter alone tells a listener nothing. The name replaces the
   * title and subtitle libadwaita labels and describes the row by, which
   * GTK 4.8 would say after it. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
leave_out_controllers (GtkWidget *widget,
                       GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_NONE);
    }
}

void
nile_ui_leave_scrolling_to_page (GtkSpinButton *spin)
{
  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  /* GTK's spin button spins by the wheel, and by a finger swiped over
   * its text, and keeps the event: scrolling a page of counts changed
   * the one under the pointer or the finger, and every step was saved
   * to the ledger. Those controllers (the spin button's own, and its
   * text's) are left out of event handling, so the scrolled window
   * around it scrolls. */
  leave_out_controllers (GTK_WIDGET (spin), GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (spin));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    leave_out_controllers (child, GTK_TYPE_GESTURE_SWIPE);
}

GtkWindow *
nile_ui_ask_end_turn (GtkWidget *widget,
                      int        n_due,
                      GCallback  end_turn,
                      gpointer   instance)
{
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (end_turn != NULL && G_IS_OBJECT (instance), NULL);

  /* The sick roll once a turn (R 19.2), and the end of the turn is when
   * a roll forgotten is missed for good: asked, not passed over. */
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%d sick person has not had this turn’s recovery roll (R 19.2). Roll for "
                                       "him under End of Turn first, or end the turn as if he stayed sick.",
                                       "%d sick people have not had this turn’s recovery roll (R 19.2). Roll for "
                                       "them under End of Turn first, or end the turn as if they stayed sick.",
                                       n_due),
                          n_due);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                                       _("Recovery Rolls Not Made"), body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "end", _("_End Turn Anyway"),
                                    NULL);
  nile_ui_name_responses (dialog);
  adw_message_dialog_set_response_appearance (dialog, "end", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  /* Only the answer that ends the turn calls back. */
  g_signal_connect_object (dialog, "response::end", end_turn, instance, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

void
nile_ui_spin_activates_default (GtkSpinButton *spin)
{
  GtkEditable *text;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  /* GTK 4.8's spin button has no activates-default of its own (4.14
   * adds one): its text field takes it, and Enter still sets the value
   * typed first, its own handler running before the text's default. */
  text = gtk_editable_get_delegate (GTK_EDITABLE (spin));
  if (GTK_IS_TEXT (text))
    gtk_text_set_activates_default (GTK_TEXT (text), TRUE);
}

void
nile_ui_name_responses (AdwMessageDialog *dialog)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  /* libadwaita 1.2 names each response's button by its label as written,
   * mnemonic mark and all ("_Cancel"), and GTK 4.8 says the text the
   * button shows after that name: "_Cancel Cancel". Without a name of
   * its own, a button is named by the text it shows. */
  name_buttons_by_text (GTK_WIDGET (dialog));
}

void
nile_ui_keep_dialog (GPtrArray *dialogs,
                     GtkWindow *dialog)
{
  g_return_if_fail (dialogs != NULL);
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  g_ptr_array_add (dialogs, dialog);
  /* Destroying a window unrealizes it at once; its "destroy" waits for
   * the last reference, which may be held elsewhere (an answer under
   * way). */
  g_signal_connect (dialog, "unrealize", G_CALLBACK (forget_kept), dialogs);
  g_signal_connect (dialog, "destroy", G_CALLBACK (forget_kept), dialogs);
}

void
nile_ui_close_dialogs (GPtrArray *dialogs)
{
  g_autoptr(GPtrArray) open = NULL;

  g_return_if_fail (dialogs != NULL);

  /* Each leaves @dialogs as it goes. */
  open = g_ptr_array_copy (dialogs, NULL, NULL);
  for (guint i = 0; i < open->len; i++)
    gtk_window_destroy (g_ptr_array_index (open, i));
}

#define REFUSAL_KEY "nile-ui-refusal"
#define BODY_KEY "nile-ui-body-before-refusal"
#define BODY_LABEL_KEY "nile-ui-body-label"

/* The label under @widget that shows @text: not the heading, and not
 * in @skip (a form's fields). */
static GtkWidget *
find_body_label (GtkWidget  *widget,
                 GtkWidget  *skip,
                 const char *text)
{
  if (widget == skip)
    return NULL;
  if (GTK_IS_LABEL (widget) && !gtk_widget_has_css_class (widget, "title-2") &&
      g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_body_label (child, skip, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The error style follows the text: a body the dialog is given later
 * (the publish form words its own) is no refusal. */
static void
sync_refusal_style (AdwMessageDialog *dialog)
{
  const char *refusal = g_object_get_data (G_OBJECT (dialog), REFUSAL_KEY);
  GtkWidget *label = g_object_get_data (G_OBJECT (dialog), BODY_LABEL_KEY);

  if (label == NULL)
    return;

  if (refusal != NULL && g_strcmp0 (refusal, adw_message_dialog_get_body (dialog)) == 0)
    gtk_widget_add_css_class (label, "error");
  else
    gtk_widget_remove_css_class (label, "error");
}

void
nile_ui_set_refusal (AdwMessageDialog *dialog,
                     const char       *reason)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  if (g_object_get_data (G_OBJECT (dialog), BODY_LABEL_KEY) == NULL)
    {
      GtkWidget *label;

      if (reason == NULL)
        return;

      g_object_set_data_full (G_OBJECT (dialog), BODY_KEY,
                              g_strdup (adw_message_dialog_get_body (dialog)), g_free);
      /* libadwaita 1.2 has no way to style the body: its label is found
       * once by the text it shows, and it lives as long as the dialog. */
      adw_message_dialog_set_body (dialog, reason);
      label = find_body_label (GTK_WIDGET (dialog), adw_message_dialog_get_extra_child (dialog), reason);
      if (label == NULL)
        return;
      g_object_set_data (G_OBJECT (dialog), BODY_LABEL_KEY, label);
      g_signal_connect (dialog, "notify::body", G_CALLBACK (sync_refusal_style), NULL);
    }

  g_object_set_data_full (G_OBJECT (dialog), REFUSAL_KEY, g_strdup (reason), g_free);
  adw_message_dialog_set_body (dialog, reason != NULL ? reason : g_object_get_data (G_OBJECT (dialog), BODY_KEY));
  sync_refusal_style (dialog);
}

char *
nile_ui_describe_tribe (NileTribe *tribe)
{
  const char *size;

  g_return_val_if_fail (NILE_IS_TRIBE (tribe), NULL);

  /* AH tribes have a size, DG tribes a head count. */
  size = nile_tribe_get_size (tribe);
  if (size != NULL && size[0] != '\0')
    /* Translators: native counter, hex, size */
    return g_strdup_printf (_("Tribe %d in %s, %s"), nile_tribe_get_counter (tribe),
                            nile_tribe_get_hex (tribe), nile_display_tribe_size (size));
  /* Translators: native counter, hex, head count */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tribe %d in %s, %d native", "Tribe %d in %s, %d natives",
                                       nile_tribe_get_natives (tribe)),
                          nile_tribe_get_counter (tribe), nile_tribe_get_hex (tribe), nile_tribe_get_natives (tribe));
}

char *
nile_ui_describe_place (NileExplorer *explorer)
{
  const char *status;
  const char *hex;

  g_return_val_if_fail (NILE_IS_EXPLORER (explorer), NULL);

  status = nile_explorer_get_status (explorer);
  hex = nile_explorer_get_hex (explorer);

  /* At sea and in Europe the hex is only the port he left. */
  if (hex == NULL || hex[0] == '\0' ||
      g_str_equal (status, "at-sea") || g_str_equal (status, "in-europe") ||
      g_str_equal (status, "dead") || g_str_equal (status, "retired"))
    return g_strdup (nile_display_status (status));

  /* Translators: where an explorer is, then his hex: "In Africa, H23" */
  return g_strdup_printf (_("%s, %s"), nile_display_status (status), hex);
}

GtkFileChooserNative *
nile_ui_file_chooser_new (GtkWindow            *parent,
                          const char           *title,
                          GtkFileChooserAction  action,
                          const char           *accept_label,
                          GtkFileFilter        *filter,
                          GCallback             on_response,
                          gpointer              instance)
{
  GtkFileChooserNative *chooser;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (filter == NULL || GTK_IS_FILE_FILTER (filter), NULL);

  chooser = gtk_file_chooser_native_new (title, parent, action, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (filter != NULL)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect_object (chooser, "response", on_response, instance, G_CONNECT_SWAPPED);
  return chooser;
}
