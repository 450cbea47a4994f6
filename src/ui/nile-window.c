/* nile-window.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-window"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-caches-page.h"
#include "nile-campaign-book.h"
#include "nile-error.h"
#include "nile-discoveries-page.h"
#include "nile-encounter-dialog.h"
#include "nile-expedition-page.h"
#include "nile-explorer-dialog.h"
#include "nile-lazy-page.h"
#include "nile-log-entry.h"
#include "nile-log-page.h"
#include "nile-campaign-dialog.h"
#include "nile-operation-dialog.h"
#include "nile-operation.h"
#include "nile-tables-page.h"
#include "nile-turn-page.h"
#include "nile-player-dialog.h"
#include "nile-player-list.h"
#include "nile-player.h"
#include "nile-sheet-editor.h"
#include "nile-sheets-window.h"
#include "nile-start-page.h"
#include "nile-tribes-page.h"
#include "nile-turn.h"
#include "nile-ui-util.h"
#include "nile-window.h"

/* How many campaigns the start page remembers. */
#define MAX_RECENT_CAMPAIGNS 10

/* Operations after which something is gone from the books: each one
 * gets a toast offering to undo it, so a slip of the finger costs one
 * tap to put right. Where the player chooses the loss itself in the
 * operation's form, its Record button says so too. */
static const struct {
  const char *name;
  gboolean    chosen;
} operations_that_lose[] = {
  { "lose-carriers", TRUE },
  { "apply-effects", FALSE },
  { "shoot-animals", TRUE },
  { "discharge-sick", TRUE },
  { "explorer-dies", TRUE },
  { "retire", TRUE },
  { "end-turn", FALSE },
  { "recover-cache", FALSE },
  { "remove-player", TRUE },
};

struct _NileWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  NileCampaign         *campaign;
  NileCampaignBook     *book;
  GtkFileChooserNative *chooser;
  GFile                *import_export;  /* chosen, while its new file is asked for */
  /* Cancelled when a campaign still being checked is superseded. */
  GCancellable         *opening;
  GtkWindow            *shortcuts_window;
  NileSheetStore       *sheets;
  NileSheet            *activity_sheet;

  AdwToastOverlay      *toast_overlay;
  AdwToastOverlay      *pages_toast_overlay;
  AdwToast             *undo_toast;  /* the toast offering undo, while it shows */
  AdwLeaflet           *leaflet;
  GtkWidget            *sidebar;
  GtkWidget            *separator;
  GtkWidget            *back_button;
  GtkWidget            *history_buttons;
  GtkWidget            *redo_button;
  GtkMenuButton        *menu_button;
  GMenuModel           *primary_menu;
  gboolean              shows_player_items;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar   *switcher_bar;
  /* The bar is to be given the pages once the next frame is drawn. */
  gboolean              switcher_bar_pending;
  /* Animations are held off until the first frame is drawn. */
  gboolean              animations_held;
  AdwViewStack         *view_stack;
  GtkStack             *main_stack;
  NileLazyPage         *start_slot;
  NilePlayerList       *player_list;
  NileExpeditionPage   *expedition_page;
  /* The other pages are made when first shown (nile_window_init). */
  NileLazyPage         *turn_slot;
  NileLazyPage         *tables_slot;
  NileLazyPage         *caches_slot;
  NileLazyPage         *tribes_slot;
  NileLazyPage         *discoveries_slot;
  NileLazyPage         *log_slot;
};

G_DEFINE_FINAL_TYPE (NileWindow, nile_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  PROP_OPENING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
remember_recent (NileWindow *self,
                 const char *path)
{
  g_auto(GStrv) paths = g_settings_get_strv (self->settings, "recent-campaigns");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) result = NULL;
  guint kept = 1;

  g_strv_builder_add (builder, path);
  for (guint i = 0; paths[i] != NULL && kept < MAX_RECENT_CAMPAIGNS; i++)
    {
      if (g_strcmp0 (paths[i], path) == 0)
        continue;
      g_strv_builder_add (builder, paths[i]);
      kept++;
    }

  result = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-campaigns", (const char * const *) result);
}

/* The campaign's own name, or its file's while it has none. */
static char *
campaign_title (NileCampaignBook *book)
{
  const char *name = nile_campaign_book_get_name (book);
  g_autofree char *basename = NULL;

  if (name != NULL && name[0] != '\0')
    return g_strdup (name);

  basename = g_path_get_basename (nile_campaign_get_path (nile_campaign_book_get_campaign (book)));

  if (g_str_has_suffix (basename, NILE_CAMPAIGN_SUFFIX))
    basename[strlen (basename) - strlen (NILE_CAMPAIGN_SUFFIX)] = '\0';

  return g_steal_pointer (&basename);
}

static void
update_title (NileWindow *self)
{
  g_autofree char *title = NULL;

  if (self->book != NULL)
    title = campaign_title (self->book);

  adw_view_switcher_title_set_title (self->switcher_title, title != NULL ? title : "");
  gtk_window_set_title (GTK_WINDOW (self), title != NULL ? title : _("Nile Ledger"));
}

static void
update_history_actions (NileWindow *self)
{
  gboolean open = self->campaign != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 open && nile_campaign_get_can_undo (self->campaign));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 open && nile_campaign_get_can_redo (self->campaign));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-campaign", open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.campaign-settings", open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-player", open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-player", open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-player", open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.operation", open);
}

/* What is done for a player is offered once the campaign has one: a
 * new campaign has none, and its buttons could only say "Choose a
 * player first" with no player to choose. */
static void
update_player_actions (NileWindow *self)
{
  gboolean any = self->book != NULL &&
                 g_list_model_get_n_items (nile_campaign_book_get_players (self->book)) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.player-operation", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-explorer", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.encounter", any);
}

/* Operations of one game only, each offered by the menu in a campaign
 * of that game: Game I ends when someone has published the goal and then
 * ranks the spectacular discoveries, Game II when the players stop (R 7,
 * R 22.8). */
static const struct {
  const char *action;
  const char *operation;
  int         game;
} game_operations[] = {
  { "win.declare-winner", "game-one-win-check", 1 },
  { "win.rank-spectacular", "rank-spectacular", 1 },
  { "win.end-campaign", "game-two-end", 2 },
};

static void
update_game_actions (NileWindow *self)
{
  int game = self->book != NULL ? nile_campaign_book_get_game (self->book) : 0;

  for (guint i = 0; i < G_N_ELEMENTS (game_operations); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), game_operations[i].action, game == game_operations[i].game);
}

/* Whose turn it is, or else the first player. */
static void
select_first_player (NileWindow *self)
{
  GListModel *players = nile_campaign_book_get_players (self->book);
  const char *current = nile_campaign_book_get_current_player (self->book);
  g_autoptr(NilePlayer) first = NULL;

  if (current != NULL)
    {
      nile_player_list_set_selected_player (self->player_list, current);
      return;
    }

  first = g_list_model_get_item (players, 0);
  if (first != NULL)
    nile_player_list_set_selected_player (self->player_list, nile_player_get_name (first));
}

/* The header shows the pages but has no room for their switcher, and
 * the bar below has not been given them yet. */
static gboolean
switcher_bar_wanted (NileWindow *self)
{
  return adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL &&
         adw_view_switcher_title_get_stack (self->switcher_title) != NULL &&
         adw_view_switcher_title_get_title_visible (self->switcher_title);
}

static void
on_switcher_title_placed (GdkFrameClock *clock,
                          NileWindow    *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_switcher_title_placed, self);
  self->switcher_bar_pending = FALSE;

  if (!switcher_bar_wanted (self))
    return;

  /* Hidden while it is given the pages, so that it comes in revealed
   * rather than sliding in: a bar that slides in as the window opens
   * reads as a flicker, and relays out the page under it on every frame
   * of the slide. Later changes of width still slide it in and out. */
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), FALSE);
  adw_view_switcher_bar_set_stack (self->switcher_bar, self->view_stack);
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), TRUE);
}

/* The bottom bar's switcher, a third of the switchers' widgets, is only
 * of use once the header has no room for its own and the bar is
 * revealed in its place: on a wide screen it never is. Whether the
 * header's switcher fits is known once a frame has placed it (before,
 * the title says it shows the window's title), so the bar is given the
 * pages after that frame, and keeps them. */
static void
update_switcher_bar (NileWindow *self)
{
  GdkFrameClock *clock;

  if (self->switcher_bar_pending || !switcher_bar_wanted (self))
    return;

  /* Not shown yet: looked at again when the title is mapped. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->switcher_title));
  if (clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self->switcher_title)))
    return;

  self->switcher_bar_pending = TRUE;
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_switcher_title_placed), self, 0);
}

/* The view switchers make over three hundred widgets between them, of
 * no use to the start page: they are given the pages only once a
 * campaign is shown, and keep them. */
static void
update_switchers (NileWindow *self)
{
  if (self->campaign == NULL || adw_view_switcher_title_get_stack (self->switcher_title) != NULL)
    return;

  adw_view_switcher_title_set_stack (self->switcher_title, self->view_stack);
  update_switcher_bar (self);
}

/* The players' list only means something once a campaign is open. On a
 * phone the header keeps undo, which a slip of the finger needs at once,
 * and leaves the rest of its width to the campaign's name: redo moves
 * to the main menu. */
static void
update_sidebar (NileWindow *self)
{
  gboolean open = self->campaign != NULL;
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  gtk_widget_set_visible (self->sidebar, open);
  gtk_widget_set_visible (self->separator, open);
  gtk_widget_set_visible (self->back_button, open && folded);
  gtk_widget_set_visible (self->history_buttons, open);
  gtk_widget_set_visible (self->redo_button, !folded);
  /* Linked, a lone Undo would look held down beside the flat buttons. */
  if (folded)
    gtk_widget_remove_css_class (self->history_buttons, "linked");
  else
    gtk_widget_add_css_class (self->history_buttons, "linked");
  if (!open)
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
}

static gboolean
loses_something (const char *operation,
                 gboolean    chosen)
{
  for (guint i = 0; i < G_N_ELEMENTS (operations_that_lose); i++)
    {
      if (g_strcmp0 (operation, operations_that_lose[i].name) == 0)
        return !chosen || operations_that_lose[i].chosen;
    }

  return FALSE;
}

/* Several operations applied as one change (nile_campaign_apply_all()). */
static gboolean
batch_loses_something (NileLogEntry *entry)
{
  GVariant *params = nile_log_entry_get_params (entry);
  g_autoptr(GVariant) operations = NULL;
  GVariantIter iter;
  const char *operation;

  if (g_strcmp0 (nile_log_entry_get_operation (entry), "batch") != 0 || params == NULL)
    return FALSE;

  operations = g_variant_lookup_value (params, "operations", G_VARIANT_TYPE ("a(sa{sv})"));
  if (operations == NULL)
    return FALSE;

  g_variant_iter_init (&iter, operations);
  while (g_variant_iter_loop (&iter, "(&s@a{sv})", &operation, NULL))
    if (loses_something (operation, FALSE))
      return TRUE;

  return FALSE;
}

/* Toasts about the campaign show over its pages, above the page
 * switcher at the bottom rather than over it; on the start page, or
 * over the players alone on a phone, over the whole window. */
static void
add_toast (NileWindow *self,
           AdwToast   *toast)
{
  gboolean players_only = adw_leaflet_get_folded (self->leaflet) &&
                          g_strcmp0 (adw_leaflet_get_visible_child_name (self->leaflet), "sidebar") == 0;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "campaign") == 0 && !players_only)
    nile_ui_add_toast (self->pages_toast_overlay, toast);
  else
    nile_ui_add_toast (self->toast_overlay, toast);
}

static void
on_undo_toast_dismissed (NileWindow *self,
                         AdwToast   *toast)
{
  if (self->undo_toast == toast)
    self->undo_toast = NULL;
}

/* The newest change of the log, if it is one (not an undo or redo). */
static NileLogEntry *
newest_change (NileWindow *self)
{
  GListModel *log = nile_campaign_get_log (self->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  g_autoptr(NileLogEntry) last = NULL;

  if (n_entries == 0)
    return NULL;

  last = g_list_model_get_item (log, n_entries - 1);
  return nile_log_entry_get_kind (last) == NILE_LOG_KIND_DO ? g_steal_pointer (&last) : NULL;
}

/* Offers to undo @change. While such a toast shows, it takes the newer
 * change's words instead: quick taps on − queue no line of toasts. */
static void
show_undo_toast (NileWindow   *self,
                 NileLogEntry *change)
{
  const char *summary = nile_log_entry_get_summary (change);

  if (self->undo_toast != NULL)
    {
      nile_ui_toast_set_text (self->undo_toast, summary);
      return;
    }

  /* What went, whole: the player decides from it whether to undo. */
  self->undo_toast = nile_ui_toast_new (summary);
  adw_toast_set_button_label (self->undo_toast, _("_Undo"));
  adw_toast_set_action_name (self->undo_toast, "win.undo");
  adw_toast_set_priority (self->undo_toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (self->undo_toast, "dismissed", G_CALLBACK (on_undo_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  add_toast (self, self->undo_toast);
}

static void
offer_undo_if_lost (NileWindow *self)
{
  g_autoptr(NileLogEntry) change = newest_change (self);

  if (change != NULL &&
      (loses_something (nile_log_entry_get_operation (change), FALSE) || batch_loses_something (change)))
    show_undo_toast (self, change);
}

/* For a page that knows its change took something away, where the
 * operation's name alone does not say so (a count set lower). */
static void
nile_window_offer_undo (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(NileLogEntry) change = NULL;

  if (self->campaign != NULL && (change = newest_change (self)) != NULL)
    show_undo_toast (self, change);
}

static NilePlayer *
find_player (NileWindow *self,
             const char *name)
{
  GListModel *players;

  if (self->book == NULL)
    return NULL;

  players = nile_campaign_book_get_players (self->book);
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);

      if (g_strcmp0 (nile_player_get_name (player), name) == 0)
        return g_steal_pointer (&player);
    }

  return NULL;
}

/* The main menu's player items act on the player shown, whose name
 * heads them, in a section after the campaign's own items. */
#define PLAYER_SECTION_POSITION 1

static void
update_player_menu (NileWindow *self)
{
  g_autoptr(NilePlayer) player = find_player (self, nile_player_list_get_selected_player (self->player_list));
  GMenu *menu = G_MENU (self->primary_menu);
  g_autoptr(GMenu) items = NULL;

  /* Moves in the turn order wait while the rules keep it: once someone
   * has ended his turn in this turn (R 8.1). */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reorder-player",
                                 self->campaign != NULL &&
                                 nile_turn_check_reorder (self->campaign, NULL, 0, NULL));

  if (self->shows_player_items)
    g_menu_remove (menu, PLAYER_SECTION_POSITION);
  self->shows_player_items = player != NULL;
  if (player == NULL)
    return;

  items = g_menu_new ();
  nile_ui_fill_player_menu (items, self->book, player);
  g_menu_insert_section (menu, PLAYER_SECTION_POSITION, nile_player_get_name (player), G_MENU_MODEL (items));
}

static void
on_campaign_changed (NileWindow   *self,
                     NileCampaign *campaign)
{
  update_title (self);
  update_player_menu (self);
  offer_undo_if_lost (self);
}

static void
show_error (NileWindow   *self,
            const char   *heading,
            const GError *error)
{
  /* A campaign is opened before the window is first shown: the window
   * comes first, so the alert stands over it. */
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    gtk_window_present (GTK_WINDOW (self));

  nile_ui_show_error (GTK_WIDGET (self), heading, error);
}

/* While a campaign is checked the window stays as it was and answers
 * as ever; only the pointer says it is busy. */
static void
set_opening (NileWindow   *self,
             GCancellable *opening)
{
  if (self->opening == opening)
    return;

  g_set_object (&self->opening, opening);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), opening != NULL ? "progress" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING]);
}

static void
stop_opening (NileWindow *self)
{
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  set_opening (self, NULL);
}

/* A window closed leaves its application: the campaign it was still
 * checking has nowhere to be shown. */
static void
on_window_removed (NileWindow     *self,
                   GtkWindow      *window,
                   GtkApplication *application)
{
  if (window == GTK_WINDOW (self))
    stop_opening (self);
}

/* Set once, by nile_window_new(). */
static void
on_application_changed (NileWindow *self,
                        GParamSpec *pspec,
                        gpointer    user_data)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (application != NULL)
    g_signal_connect_object (application, "window-removed",
                             G_CALLBACK (on_window_removed), self,
                             G_CONNECT_SWAPPED);
}

static void
on_campaign_created (NileWindow   *self,
                     NileCampaign *campaign)
{
  nile_window_set_campaign (self, campaign);
}

static void
nile_window_new_campaign (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  GtkWidget *dialog = nile_campaign_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "created",
                           G_CALLBACK (on_campaign_created), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_import_destination_response (NileWindow           *self,
                                int                   response,
                                GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) export = g_steal_pointer (&self->import_export);
  g_autoptr(GFile) destination = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    destination = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  g_clear_object (&self->chooser);

  if (export != NULL && destination != NULL)
    nile_window_import_file (self, export, destination, NULL, NULL);
}

/* The export chosen, the new campaign's file is asked for: beside the
 * export, named after it. */
static void
on_import_export_response (NileWindow           *self,
                           int                   response,
                           GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) export = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    export = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  g_clear_object (&self->chooser);

  if (export == NULL)
    return;

  name = g_file_get_basename (export);
  if (g_str_has_suffix (name, ".json"))
    name[strlen (name) - strlen (".json")] = '\0';
  g_set_object (&self->import_export, export);

  self->chooser = nile_ui_file_chooser_new (GTK_WINDOW (self), _("Save the Imported Campaign"),
                                            GTK_FILE_CHOOSER_ACTION_SAVE, _("_Import"), NULL,
                                            G_CALLBACK (on_import_destination_response), self);
  folder = g_file_get_parent (export);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  {
    g_autofree char *suggested = g_strconcat (name, NILE_CAMPAIGN_SUFFIX, NULL);

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), suggested);
  }
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* A campaign another player exported (nile-ledger export): first the
 * export, then where its new campaign file goes. */
static void
nile_window_import_campaign (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;

  gtk_file_filter_set_name (filter, _("Campaign Exports"));
  gtk_file_filter_add_suffix (filter, "json");

  self->chooser = nile_ui_file_chooser_new (GTK_WINDOW (self), _("Import a Campaign"),
                                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), filter,
                                            G_CALLBACK (on_import_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_open_response (NileWindow           *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  g_clear_object (&self->chooser);

  if (file != NULL)
    nile_window_open_file (self, file, NULL, NULL);
}

static void
nile_window_open_campaign (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;

  gtk_file_filter_set_name (filter, _("Campaigns"));
  gtk_file_filter_add_suffix (filter, &NILE_CAMPAIGN_SUFFIX[1]);

  self->chooser = nile_ui_file_chooser_new (GTK_WINDOW (self), _("Open a Campaign"),
                                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), filter,
                                            G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
nile_window_open_recent (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  nile_window_open_file (NILE_WINDOW (widget), file, NULL, NULL);
}

static void
nile_window_close_campaign (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  nile_window_set_campaign (NILE_WINDOW (widget), NULL);
}

static void
nile_window_undo (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->campaign != NULL && !nile_campaign_undo (self->campaign, &error))
    add_toast (self, nile_ui_toast_new (error->message));
}

static void
nile_window_redo (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->campaign != NULL && !nile_campaign_redo (self->campaign, &error))
    add_toast (self, nile_ui_toast_new (error->message));
}

static void
on_player_response (NileWindow       *self,
                    const char       *response,
                    NilePlayerDialog *dialog)
{
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *again;

  if (g_strcmp0 (response, "apply") != 0 || self->campaign == NULL)
    return;

  name = nile_player_dialog_get_name (dialog);
  g_variant_dict_insert (&params, "name", "s", name);
  g_variant_dict_insert (&params, "colour", "s", nile_player_dialog_get_colour (dialog));

  if (nile_campaign_apply (self->campaign, "add-player", g_variant_dict_end (&params), &error))
    {
      nile_player_list_set_selected_player (self->player_list, name);
      return;
    }

  /* Refused (a name already taken …): the form again as it was filled,
   * the reason as its text. A toast would show behind the dialog. */
  again = nile_player_dialog_new (GTK_WINDOW (self));
  nile_ui_set_refusal (ADW_MESSAGE_DIALOG (again), error->message);
  nile_player_dialog_set_name (NILE_PLAYER_DIALOG (again), name);
  nile_player_dialog_set_colour (NILE_PLAYER_DIALOG (again), nile_player_dialog_get_colour (dialog));
  g_signal_connect_object (again, "response", G_CALLBACK (on_player_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (again));
}

static void present_edit_player (NileWindow *self,
                                 NilePlayer *player,
                                 const char *name,
                                 const char *colour,
                                 const char *reason);

/* A new name and a new colour are one change: one Undo puts both back. */
static void
on_edit_player_response (NileWindow       *self,
                         const char       *response,
                         NilePlayerDialog *dialog)
{
  NilePlayer *player = nile_player_dialog_get_player (dialog);
  const char *old_name = nile_player_get_name (player);
  const char *colour = nile_player_dialog_get_colour (dialog);
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  GVariantBuilder operations;
  gboolean renamed, recoloured;

  if (g_strcmp0 (response, "apply") != 0 || self->campaign == NULL)
    return;

  name = nile_player_dialog_get_name (dialog);
  renamed = g_strcmp0 (name, old_name) != 0;
  recoloured = g_ascii_strcasecmp (colour, nile_player_get_colour (player)) != 0;
  if (!renamed && !recoloured)
    return;

  g_variant_builder_init (&operations, G_VARIANT_TYPE ("a(sa{sv})"));
  if (recoloured)
    g_variant_builder_add_parsed (&operations, "('recolour-player', {'player': <%s>, 'colour': <%s>})",
                                  old_name, colour);
  if (renamed)
    g_variant_builder_add_parsed (&operations, "('rename-player', {'player': <%s>, 'name': <%s>})",
                                  old_name, name);

  if (nile_campaign_apply_all (self->campaign, g_variant_builder_end (&operations), NULL, &error))
    return;

  /* Refused (a name or colour someone else has): ask again as typed. */
  present_edit_player (self, player, name, colour, error->message);
}

/* @reason: (nullable): why the core refused the dialog's last answer */
static void
present_edit_player (NileWindow *self,
                     NilePlayer *player,
                     const char *name,
                     const char *colour,
                     const char *reason)
{
  GtkWidget *dialog = nile_player_dialog_new_for_player (GTK_WINDOW (self), player);

  nile_ui_set_refusal (ADW_MESSAGE_DIALOG (dialog), reason);
  if (name != NULL)
    nile_player_dialog_set_name (NILE_PLAYER_DIALOG (dialog), name);
  if (colour != NULL)
    nile_player_dialog_set_colour (NILE_PLAYER_DIALOG (dialog), colour);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_edit_player_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_window_edit_player (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_autoptr(NilePlayer) player = find_player (self, g_variant_get_string (parameter, NULL));

  if (player != NULL)
    present_edit_player (self, player, NULL, NULL, NULL);
}

static void
nile_window_reorder_player (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  const char *player;
  gint32 position;

  if (self->campaign == NULL)
    return;

  g_variant_get (parameter, "(&si)", &player, &position);
  g_variant_dict_insert (&params, "player", "s", player);
  g_variant_dict_insert (&params, "position", "x", (gint64) position);
  nile_ui_apply (widget, self->campaign, "reorder-player", g_variant_dict_end (&params));
}

/* No dialog first: the toast that follows offers Undo, which puts back
 * the player and all that was his. */
static void
nile_window_remove_player (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  const char *player = g_variant_get_string (parameter, NULL);
  gboolean shown;

  if (self->campaign == NULL)
    return;

  shown = g_strcmp0 (player, nile_player_list_get_selected_player (self->player_list)) == 0;
  g_variant_dict_insert (&params, "player", "s", player);
  if (!nile_ui_apply (widget, self->campaign, "remove-player", g_variant_dict_end (&params)))
    return;

  /* His pages are gone: show whose turn it is now rather than nothing,
   * unless the players alone are in sight on a phone. */
  if (shown && nile_player_list_get_selected_player (self->player_list) == NULL &&
      !(adw_leaflet_get_folded (self->leaflet) &&
        g_strcmp0 (adw_leaflet_get_visible_child_name (self->leaflet), "sidebar") == 0))
    select_first_player (self);
}

static void
nile_window_campaign_settings (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);

  if (self->book != NULL)
    gtk_window_present (GTK_WINDOW (nile_campaign_dialog_new_for_book (GTK_WINDOW (self), self->book)));
}

static void
nile_window_add_player (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  GtkWidget *dialog = nile_player_dialog_new (GTK_WINDOW (self));

  if (self->book != NULL)
    nile_player_dialog_choose_free_colour (NILE_PLAYER_DIALOG (dialog), nile_campaign_book_get_players (self->book));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_player_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_explorer_response (NileWindow         *self,
                      const char         *response,
                      NileExplorerDialog *dialog)
{
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  g_autofree char *name = NULL;
  g_autofree char *specialty = NULL;
  g_autofree char *port = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "send") != 0 || self->campaign == NULL)
    return;

  name = nile_explorer_dialog_get_name (dialog);
  specialty = nile_explorer_dialog_get_specialty (dialog);
  port = nile_explorer_dialog_get_port (dialog);
  g_variant_dict_insert (&params, "player", "s", nile_explorer_dialog_get_player (dialog));
  g_variant_dict_insert (&params, "name", "s", name);
  g_variant_dict_insert (&params, "specialty", "s", specialty);
  g_variant_dict_insert (&params, "port", "s", port);

  if (!nile_campaign_apply (self->campaign, "new-explorer", g_variant_dict_end (&params), &error))
    {
      /* Refused (no money for the passage …): ask again with what was
       * typed, the reason as the form's text. */
      GtkWidget *again = nile_explorer_dialog_new (GTK_WINDOW (self),
                                                   nile_explorer_dialog_get_player (dialog),
                                                   nile_campaign_book_get_edition (self->book));

      nile_ui_set_refusal (ADW_MESSAGE_DIALOG (again), error->message);
      nile_explorer_dialog_fill (NILE_EXPLORER_DIALOG (again), name, specialty, port);
      g_signal_connect_object (again, "response", G_CALLBACK (on_explorer_response), self, G_CONNECT_SWAPPED);
      gtk_window_present (GTK_WINDOW (again));
    }
}

static void
nile_window_new_explorer (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  const char *player = nile_player_list_get_selected_player (self->player_list);
  GtkWidget *dialog;

  if (self->book == NULL || player == NULL)
    return;

  dialog = nile_explorer_dialog_new (GTK_WINDOW (self), player, nile_campaign_book_get_edition (self->book));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_explorer_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
operation_takes_player (const NileOperation *operation)
{
  for (const NileOperationParam *param = operation->params; param->name != NULL; param++)
    {
      if (g_str_equal (param->name, "player"))
        return TRUE;
    }

  return FALSE;
}

/* Any operation of the core, asked for in a form built from its
 * parameters; the chosen player is filled in when it takes one. */
static void
nile_window_operation (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  const char *player = nile_player_list_get_selected_player (self->player_list);
  const NileOperation *operation = nile_operation_lookup (name);
  g_auto(GVariantDict) fixed = G_VARIANT_DICT_INIT (NULL);
  GtkWidget *dialog;

  if (self->campaign == NULL || operation == NULL)
    return;

  if (operation_takes_player (operation))
    {
      if (player == NULL)
        {
          gtk_widget_activate_action (widget, "win.show-error", "s", _("Choose a player first"));
          return;
        }
      g_variant_dict_insert (&fixed, "player", "s", player);
    }

  dialog = nile_operation_dialog_new (GTK_WINDOW (self), self->campaign, name, g_variant_dict_end (&fixed),
                                      self->book);
  nile_operation_dialog_set_destructive (NILE_OPERATION_DIALOG (dialog), loses_something (name, TRUE));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_window_game_operation (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_operations); i++)
    if (g_str_equal (game_operations[i].action, action_name))
      gtk_widget_activate_action (widget, "win.operation", "s", game_operations[i].operation);
}

/* Operations the Turn page has a form of its own for. */
static const struct {
  const char *operation;
  void      (*open) (NileTurnPage *page,
                     const char   *player);
} turn_forms[] = {
  { "publish", nile_turn_page_publish_for },
  { "europe-turn", nile_turn_page_donations_for },
};

/* The Turn page's form for @parameter (the hexes ticked, the cards drawn
 * one by one) for the shown player. On his turn the Turn page comes
 * forward, as the form ticks a step of it; out of his turn the form
 * only records the operation, over the page he is shown on. */
static void
nile_window_turn_form (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  const char *player = nile_player_list_get_selected_player (self->player_list);
  NileTurnPage *page;

  if (self->book == NULL || player == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (turn_forms); i++)
    if (g_str_equal (turn_forms[i].operation, name))
      {
        page = NILE_TURN_PAGE (nile_lazy_page_ensure_page (self->turn_slot));
        if (g_strcmp0 (player, nile_campaign_book_get_current_player (self->book)) == 0)
          adw_view_stack_set_visible_child_name (self->view_stack, "turn");
        turn_forms[i].open (page, player);
        return;
      }

  gtk_widget_activate_action (widget, "win.operation", "s", name);
}

/* What the core said when it refused a change, for a moment. */
static void
nile_window_show_error (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  AdwToast *toast = nile_ui_toast_new (g_variant_get_string (parameter, NULL));

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, MAX (8, adw_toast_get_timeout (toast)));
  add_toast (self, toast);
}

/* The owner's sheets: the program's one store, shared with every page
 * and roll window, so a cell filled anywhere is there for the next roll
 * and no other store saves over it. */
static NileSheetStore *
get_sheets (NileWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->sheets != NULL)
    return self->sheets;

  self->sheets = nile_sheet_store_dup_default (&error);
  if (self->sheets == NULL)
    show_error (self, _("Can’t Read Your Table Sheets"), error);

  return self->sheets;
}

static void update_activity_chart (NileWindow *self);

/* The book's movement allowances read the owner's Activity Level Chart:
 * given when a campaign opens, and again whenever a cell of it changes.
 * Fills @chart from the owner's sheet, following that sheet's changes. */
static gboolean
read_activity_chart (NileWindow        *self,
                     NileActivityChart *chart)
{
  NileSheetStore *sheets;
  NileSheet *sheet;
  g_autoptr(GError) error = NULL;

  if ((sheets = get_sheets (self)) == NULL)
    return FALSE;

  sheet = nile_sheet_store_lookup (sheets, "activity-level");
  if (sheet != self->activity_sheet)
    {
      if (self->activity_sheet != NULL)
        g_signal_handlers_disconnect_by_data (self->activity_sheet, self);
      g_set_object (&self->activity_sheet, sheet);
      if (sheet != NULL)
        g_signal_connect_object (sheet, "changed", G_CALLBACK (update_activity_chart), self,
                                 G_CONNECT_SWAPPED);
    }

  if (sheet == NULL)
    return FALSE;

  if (!nile_activity_chart_read_sheet (chart, sheet, &error))
    {
      show_error (self, _("Can’t Read Your Activity Level Chart"), error);
      return FALSE;
    }

  return TRUE;
}

static void
update_activity_chart (NileWindow *self)
{
  NileActivityChart chart;
  g_autoptr(GError) error = NULL;

  if (self->book == NULL || !read_activity_chart (self, &chart))
    return;

  nile_campaign_book_set_activity_chart (self->book, &chart);
  if (!nile_campaign_book_refresh (self->book, &error))
    show_error (self, _("Can’t Read the Campaign"), error);
}

/* A native encounter of the chosen player's explorer. */
static void
nile_window_encounter (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  const char *player = nile_player_list_get_selected_player (self->player_list);

  if (self->book == NULL)
    return;
  if (player == NULL)
    {
      gtk_widget_activate_action (widget, "win.show-error", "s", _("Choose the player whose explorer meets the tribe"));
      return;
    }
  gtk_window_present (GTK_WINDOW (nile_encounter_dialog_new (GTK_WINDOW (self), self->book, get_sheets (self), player)));
}

static void
nile_window_table_sheets (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  NileSheetStore *sheets = get_sheets (self);

  if (sheets != NULL)
    gtk_window_present (GTK_WINDOW (nile_sheets_window_new (GTK_WINDOW (self), sheets)));
}

static void
nile_window_edit_sheet (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);
  NileSheetStore *sheets = get_sheets (self);
  const char *sheet_id = g_variant_get_string (parameter, NULL);

  if (sheets == NULL)
    return;
  if (nile_sheet_store_lookup (sheets, sheet_id) == NULL)
    {
      g_warning ("No sheet “%s” to edit", sheet_id);
      return;
    }
  gtk_window_present (GTK_WINDOW (nile_sheet_editor_new (GTK_WINDOW (self), sheets, sheet_id)));
}

/* On a phone, choosing a player shows his sheet. */
static void
on_selected_player (NileWindow *self)
{
  update_player_menu (self);
  if (nile_player_list_get_selected_player (self->player_list) != NULL &&
      adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
}

/* GTK 4.8's shortcuts window asks for room for 40 characters in its
 * search entry, more than a phone's width: a dozen will do. */
static void
narrow_search_entry (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    {
      gtk_editable_set_width_chars (GTK_EDITABLE (widget), 12);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    narrow_search_entry (child);
}

/* The keyboard shortcuts, built the first time they are asked for. */
static void
nile_window_show_help_overlay (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);

  if (self->shortcuts_window == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE "/nile-shortcuts-window.ui");

      self->shortcuts_window = g_object_ref (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
      gtk_window_set_transient_for (self->shortcuts_window, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (self->shortcuts_window, TRUE);
      narrow_search_entry (GTK_WIDGET (self->shortcuts_window));
    }

  gtk_window_present (self->shortcuts_window);
}

static void
nile_window_show_sidebar (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);

  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

/* The Log page, once made, shows the campaign open. */
static void
update_log_page (NileWindow *self)
{
  GtkWidget *page = nile_lazy_page_get_page (self->log_slot);

  if (page == NULL)
    return;

  nile_log_page_set_campaign (NILE_LOG_PAGE (page), self->campaign);
  nile_log_page_set_players (NILE_LOG_PAGE (page), self->book != NULL ? nile_campaign_book_get_players (self->book) : NULL);
}

/* The pages made when first shown (see NileLazyPage). */
static const gsize slots[] = {
  G_STRUCT_OFFSET (NileWindow, turn_slot),
  G_STRUCT_OFFSET (NileWindow, tables_slot),
  G_STRUCT_OFFSET (NileWindow, caches_slot),
  G_STRUCT_OFFSET (NileWindow, tribes_slot),
  G_STRUCT_OFFSET (NileWindow, discoveries_slot),
  G_STRUCT_OFFSET (NileWindow, log_slot),
};

/* A page just made reads the same book and player as the sheet. */
static void
setup_page (NileWindow   *self,
            GParamSpec   *pspec,
            NileLazyPage *slot)
{
  GtkWidget *page = nile_lazy_page_get_page (slot);

  if (NILE_IS_LOG_PAGE (page))
    {
      update_log_page (self);
      return;
    }

  g_object_bind_property (self->expedition_page, "book", page, "book", G_BINDING_SYNC_CREATE);
  if (NILE_IS_TABLES_PAGE (page))
    {
      g_object_bind_property (self->expedition_page, "player", page, "player", G_BINDING_SYNC_CREATE);
      nile_tables_page_set_sheets (NILE_TABLES_PAGE (page), get_sheets (self));
    }
}

static void
nile_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  NileWindow *self = NILE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_OPENING:
      g_value_set_boolean (value, nile_window_get_opening (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  NileWindow *self = NILE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      nile_window_set_campaign (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The player's own setting comes back once the first frame is drawn. */
static void
release_animations (NileWindow *self)
{
  if (!self->animations_held)
    return;

  self->animations_held = FALSE;
  gtk_settings_reset_property (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations");
}

static void
on_first_frame_drawn (GdkFrameClock *clock,
                      NileWindow    *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame_drawn, self);
  release_animations (self);
}

/* The window appears as it is, without animating into place. The
 * header's switcher title (libadwaita 1.2) starts out on its wide
 * switcher and only finds in the first frame's layout whether that, the
 * narrow one or the title fits: it then crossfaded to it over the first
 * dozen frames, a flicker in the header and a repaint of it each frame.
 * So animations are off until the first frame is drawn, as they are for
 * a player who turned them off. */
static void
nile_window_map (GtkWidget *widget)
{
  NileWindow *self = NILE_WINDOW (widget);
  GtkSettings *settings = gtk_widget_get_settings (widget);
  gboolean enabled = FALSE;
  gboolean hold;

  g_object_get (settings, "gtk-enable-animations", &enabled, NULL);
  hold = enabled && !self->animations_held;
  if (hold)
    {
      self->animations_held = TRUE;
      g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
    }

  GTK_WIDGET_CLASS (nile_window_parent_class)->map (widget);

  if (hold)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (on_first_frame_drawn), self, 0);
}

static void
nile_window_dispose (GObject *object)
{
  NileWindow *self = NILE_WINDOW (object);

  /* A campaign still being checked has no window left to show it. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->import_export);
  if (self->shortcuts_window != NULL)
    gtk_window_destroy (self->shortcuts_window);
  g_clear_object (&self->shortcuts_window);

  if (self->activity_sheet != NULL)
    g_signal_handlers_disconnect_by_data (self->activity_sheet, self);
  g_clear_object (&self->activity_sheet);
  release_animations (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_WINDOW);
  g_clear_object (&self->sheets);
  g_clear_object (&self->book);
  g_clear_object (&self->campaign);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (nile_window_parent_class)->dispose (object);
}

static void
nile_window_class_init (NileWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_window_dispose;
  object_class->get_property = nile_window_get_property;
  object_class->set_property = nile_window_set_property;

  widget_class->map = nile_window_map;

  /**
   * NileWindow:campaign:
   *
   * The campaign shown, or %NULL for the start page.
   */
  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL,
                         NILE_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * NileWindow:opening:
   *
   * Whether a campaign asked for is still being checked and opened.
   */
  properties[PROP_OPENING] =
    g_param_spec_boolean ("opening", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NILE_TYPE_START_PAGE);
  g_type_ensure (NILE_TYPE_LAZY_PAGE);
  g_type_ensure (NILE_TYPE_LOG_PAGE);
  g_type_ensure (NILE_TYPE_PLAYER_LIST);
  g_type_ensure (NILE_TYPE_EXPEDITION_PAGE);
  g_type_ensure (NILE_TYPE_TABLES_PAGE);
  g_type_ensure (NILE_TYPE_CACHES_PAGE);
  g_type_ensure (NILE_TYPE_TRIBES_PAGE);
  g_type_ensure (NILE_TYPE_DISCOVERIES_PAGE);
  g_type_ensure (NILE_TYPE_TURN_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NileWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, pages_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, separator);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, history_buttons);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, start_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, player_list);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, expedition_page);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, turn_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, tables_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, caches_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, tribes_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, discoveries_slot);
  gtk_widget_class_bind_template_child (widget_class, NileWindow, log_slot);
  /* Named for tests and accessibility tools only. */
  gtk_widget_class_bind_template_child_full (widget_class, "undo_button", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "win.show-sidebar", NULL, nile_window_show_sidebar);
  gtk_widget_class_install_action (widget_class, "win.new-campaign", NULL, nile_window_new_campaign);
  gtk_widget_class_install_action (widget_class, "win.open-campaign", NULL, nile_window_open_campaign);
  gtk_widget_class_install_action (widget_class, "win.import-campaign", NULL, nile_window_import_campaign);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", nile_window_open_recent);
  gtk_widget_class_install_action (widget_class, "win.close-campaign", NULL, nile_window_close_campaign);
  gtk_widget_class_install_action (widget_class, "win.campaign-settings", NULL, nile_window_campaign_settings);
  gtk_widget_class_install_action (widget_class, "win.add-player", NULL, nile_window_add_player);
  gtk_widget_class_install_action (widget_class, "win.edit-player", "s", nile_window_edit_player);
  gtk_widget_class_install_action (widget_class, "win.reorder-player", "(si)", nile_window_reorder_player);
  /* Never enabled: a move the rules refuse now, shown insensitive in the
   * player menus (nile_ui_fill_player_menu()). */
  gtk_widget_class_install_action (widget_class, "win.reorder-refused", "(si)", nile_window_reorder_player);
  gtk_widget_class_install_action (widget_class, "win.remove-player", "s", nile_window_remove_player);
  gtk_widget_class_install_action (widget_class, "win.new-explorer", NULL, nile_window_new_explorer);
  gtk_widget_class_install_action (widget_class, "win.show-error", "s", nile_window_show_error);
  gtk_widget_class_install_action (widget_class, "win.operation", "s", nile_window_operation);
  /* The same, for an operation done for a player: offered only once the
   * campaign has one (update_player_actions()). */
  gtk_widget_class_install_action (widget_class, "win.player-operation", "s", nile_window_operation);
  gtk_widget_class_install_action (widget_class, "win.turn-form", "s", nile_window_turn_form);
  for (guint i = 0; i < G_N_ELEMENTS (game_operations); i++)
    gtk_widget_class_install_action (widget_class, game_operations[i].action, NULL, nile_window_game_operation);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, nile_window_undo);
  gtk_widget_class_install_action (widget_class, "win.offer-undo", NULL, nile_window_offer_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, nile_window_redo);
  gtk_widget_class_install_action (widget_class, "win.encounter", NULL, nile_window_encounter);
  gtk_widget_class_install_action (widget_class, "win.table-sheets", NULL, nile_window_table_sheets);
  gtk_widget_class_install_action (widget_class, "win.edit-sheet", "s", nile_window_edit_sheet);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, nile_window_show_help_overlay);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-campaign", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open-campaign", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close-campaign", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-help-overlay", NULL);
}

/* The main menu's sixty-odd widgets are built when it first opens, not
 * with the window, and kept. */
static void
build_primary_menu (GtkMenuButton *button,
                    gpointer       user_data)
{
  NileWindow *self = user_data;

  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
  gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
nile_window_init (NileWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reorder-refused", FALSE);

  gtk_menu_button_set_create_popup_func (self->menu_button, build_primary_menu, self, NULL);
  g_signal_connect (self, "notify::application", G_CALLBACK (on_application_changed), NULL);
  g_signal_connect_object (self->leaflet, "notify::folded",
                           G_CALLBACK (update_sidebar), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->switcher_title, "notify::title-visible",
                           G_CALLBACK (update_switcher_bar), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->switcher_title, "map",
                           G_CALLBACK (update_switcher_bar), self,
                           G_CONNECT_SWAPPED);
  g_object_bind_property (self->player_list, "selected-player",
                          self->expedition_page, "player",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->player_list, "notify::selected-player",
                           G_CALLBACK (on_selected_player), self,
                           G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    g_signal_connect_object (G_STRUCT_MEMBER (NileLazyPage *, self, slots[i]), "notify::page",
                             G_CALLBACK (setup_page), self,
                             G_CONNECT_SWAPPED);

  /* Size and maximized state are remembered between runs. */
  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  nile_window_set_campaign (self, NULL);
}

NileWindow *
nile_window_new (NileApplication *application)
{
  return g_object_new (NILE_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * nile_window_get_campaign:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the campaign shown
 */
NileCampaign *
nile_window_get_campaign (NileWindow *self)
{
  g_return_val_if_fail (NILE_IS_WINDOW (self), NULL);

  return self->campaign;
}

/**
 * nile_window_set_campaign:
 * @self: a window
 * @campaign: (nullable): the campaign to show, or %NULL for the start page
 *
 * Shows @campaign and remembers it among the recent campaigns. Nothing
 * needs saving first: every change was saved as it was made.
 */
void
nile_window_set_campaign (NileWindow   *self,
                          NileCampaign *campaign)
{
  g_return_if_fail (NILE_IS_WINDOW (self));
  g_return_if_fail (campaign == NULL || NILE_IS_CAMPAIGN (campaign));

  /* Whatever was asked for last is what the window shows. */
  stop_opening (self);

  if (self->campaign == campaign && campaign != NULL)
    return;

  if (self->campaign != NULL)
    g_signal_handlers_disconnect_by_data (self->campaign, self);
  g_set_object (&self->campaign, campaign);
  g_clear_object (&self->book);

  /* The book listens to the campaign before the window and its pages do,
   * so they always read it after it has caught up with a change. */
  if (campaign != NULL)
    {
      NileActivityChart chart;

      /* The command line may change the file while it is shown here. */
      nile_campaign_follow_other_writers (campaign);

      /* The chart first, so the book reads the campaign only once. */
      if (read_activity_chart (self, &chart))
        self->book = nile_campaign_book_new_with_activity_chart (campaign, &chart);
      else
        self->book = nile_campaign_book_new (campaign);
    }

  update_log_page (self);
  nile_player_list_set_selected_player (self->player_list, NULL);
  nile_player_list_set_book (self->player_list, self->book);
  /* The other pages follow the expedition page's book (setup_page). */
  nile_expedition_page_set_book (self->expedition_page, self->book);

  if (campaign != NULL)
    {
      g_signal_connect_object (campaign, "changed",
                               G_CALLBACK (on_campaign_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (campaign, "notify::can-undo",
                               G_CALLBACK (update_history_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (campaign, "notify::can-redo",
                               G_CALLBACK (update_history_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->book, "notify::game",
                               G_CALLBACK (update_game_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (nile_campaign_book_get_players (self->book), "items-changed",
                               G_CALLBACK (update_player_actions), self,
                               G_CONNECT_SWAPPED);
      remember_recent (self, nile_campaign_get_path (campaign));
      select_first_player (self);
    }

  gtk_stack_set_visible_child_name (self->main_stack, campaign != NULL ? "campaign" : "start");
  update_sidebar (self);
  update_switchers (self);
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, campaign != NULL);
  update_title (self);
  update_player_menu (self);
  update_player_actions (self);
  update_history_actions (self);
  update_game_actions (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

/* A task for a campaign a worker makes (opened or imported), which
 * the window shows once it is made; asking for another campaign
 * meanwhile cancels it. The window looks busy until then. */
static GTask *
start_making (NileWindow          *self,
              gpointer             source_tag,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  stop_opening (self);
  return task;
}

/* Returns: (transfer none): what cancels the worker; @task holds it */
static GCancellable *
wait_for_worker (NileWindow *self,
                 GTask      *task)
{
  g_autoptr(GCancellable) opening = g_cancellable_new ();

  g_task_set_task_data (task, g_object_ref (opening), g_object_unref);
  set_opening (self, opening);
  return opening;
}

/* Whether another campaign was asked for, or the window closed, while
 * the worker made this one: it is then left unseen and unchanged, and
 * the task says so. Else the window stops looking busy. */
static gboolean
overtaken (GTask *task)
{
  GCancellable *opening = g_task_get_task_data (task);

  if (g_cancellable_is_cancelled (opening))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("Another campaign was opened meanwhile"));
      return TRUE;
    }

  set_opening (g_task_get_source_object (task), NULL);
  return FALSE;
}

static gboolean
making_finish (NileWindow    *self,
               GAsyncResult  *result,
               gpointer       source_tag,
               GError       **error)
{
  g_return_val_if_fail (NILE_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_file_opened (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  NileWindow *self = g_task_get_source_object (task);
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  campaign = nile_campaign_open_finish (result, &error);
  if (overtaken (task))
    return;

  if (!nile_window_show_opened (self, campaign, error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/**
 * nile_window_open_file:
 * @self: a window
 * @file: a campaign file
 * @callback: (nullable): called once it is shown, or could not be
 * @user_data: data for @callback
 *
 * Opens @file in place of the campaign shown. Its checks (the integrity
 * check above all) run in a worker thread, and the window answers as
 * ever meanwhile; it shows the campaign once it has passed them, so
 * nothing can change the campaign before. A file that can't be used is
 * explained in a dialog, left as it was, and the window stays as it
 * was. Asking for another campaign before this one is open cancels it.
 */
void
nile_window_open_file (NileWindow          *self,
                       GFile               *file,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  GCancellable *opening;

  g_return_if_fail (NILE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = start_making (self, nile_window_open_file, callback, user_data);
  path = g_file_get_path (file);

  if (self->campaign != NULL && g_strcmp0 (path, nile_campaign_get_path (self->campaign)) == 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (path == NULL)
    {
      g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Campaigns can only be opened from a folder on this device."));
      nile_window_show_opened (self, NULL, error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  opening = wait_for_worker (self, task);
  nile_campaign_open_async (path, opening, on_file_opened, g_steal_pointer (&task));
}

/**
 * nile_window_open_file_finish:
 * @self: a window
 * @result: the result given to the callback
 * @error: return location for why the campaign isn't shown
 *
 * Returns: %TRUE if the campaign is now shown; %FALSE with
 *   %G_IO_ERROR_CANCELLED if another was asked for before it was open
 */
gboolean
nile_window_open_file_finish (NileWindow    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return making_finish (self, result, nile_window_open_file, error);
}

static void
on_file_imported (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  NileWindow *self = g_task_get_source_object (task);
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  /* Overtaken, it is made all the same: the new file stays. */
  campaign = nile_campaign_import_file_finish (result, &error);
  if (overtaken (task))
    return;

  if (campaign == NULL)
    {
      show_error (self, _("Can’t Import the Campaign"), error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  nile_window_set_campaign (self, campaign);
  g_task_return_boolean (task, TRUE);
}

/**
 * nile_window_import_file:
 * @self: a window
 * @export: a campaign's export (`nile-ledger export`)
 * @destination: the new campaign's file; ".nile" is added when missing,
 *   and nothing may be there yet
 * @callback: (nullable): called once it is shown, or could not be made
 * @user_data: data for @callback
 *
 * Builds a new campaign from @export in a worker thread, then shows it
 * and remembers it among the recent campaigns. An export that can't be
 * used, or a destination already taken, is explained in a dialog; no
 * file is changed and the window stays as it was.
 */
void
nile_window_import_file (NileWindow          *self,
                         GFile               *export,
                         GFile               *destination,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  GCancellable *opening;

  g_return_if_fail (NILE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (export));
  g_return_if_fail (G_IS_FILE (destination));

  task = start_making (self, nile_window_import_file, callback, user_data);

  path = nile_ui_new_campaign_path (destination, &error);
  if (path == NULL)
    {
      show_error (self, _("Can’t Import the Campaign"), error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  opening = wait_for_worker (self, task);
  nile_campaign_import_file_async (export, path, opening, on_file_imported, g_steal_pointer (&task));
}

/**
 * nile_window_import_file_finish:
 * @self: a window
 * @result: the result given to the callback
 * @error: return location for why no campaign was made
 *
 * Returns: %TRUE if the new campaign is now shown
 */
gboolean
nile_window_import_file_finish (NileWindow    *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return making_finish (self, result, nile_window_import_file, error);
}

/**
 * nile_window_get_opening:
 * @self: a window
 *
 * Returns: whether a campaign asked for is still being checked and opened
 */
gboolean
nile_window_get_opening (NileWindow *self)
{
  g_return_val_if_fail (NILE_IS_WINDOW (self), FALSE);

  return self->opening != NULL;
}

/**
 * nile_window_follow_opening:
 * @self: a window
 * @opening: (nullable): cancels a campaign being opened for the window
 *   with nile_campaign_open_async(), or %NULL once it is open
 *
 * A campaign opened for the window before it was built (at startup) is
 * the window's own opening: the window looks busy, and asking it for
 * another campaign, or closing it, cancels this one.
 */
void
nile_window_follow_opening (NileWindow   *self,
                            GCancellable *opening)
{
  g_return_if_fail (NILE_IS_WINDOW (self));
  g_return_if_fail (opening == NULL || G_IS_CANCELLABLE (opening));

  if (opening != NULL)
    stop_opening (self);
  set_opening (self, opening);
}

/**
 * nile_window_show_opened:
 * @self: a window
 * @campaign: (nullable): a campaign just opened
 * @error: (nullable): why it could not be, when @campaign is %NULL
 *
 * Shows @campaign in place of the one shown, or explains @error in a
 * dialog and leaves the window as it was; for campaigns opened with
 * nile_campaign_open_async().
 *
 * Returns: %TRUE if the campaign is now shown
 */
gboolean
nile_window_show_opened (NileWindow   *self,
                         NileCampaign *campaign,
                         const GError *error)
{
  g_return_val_if_fail (NILE_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (campaign == NULL || NILE_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (campaign != NULL || error != NULL, FALSE);

  if (campaign == NULL)
    {
      show_error (self, _("Can’t Open the Campaign"), error);
      return FALSE;
    }

  nile_window_set_campaign (self, campaign);
  return TRUE;
}
