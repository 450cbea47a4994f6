/* nile-ui-util.h: small helpers shared by the pages
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"
#include "nile-campaign-book.h"
#include "nile-explorer.h"
#include "nile-hex-discovery.h"
#include "nile-tribe.h"
#include "nile-player.h"

G_BEGIN_DECLS

/* Applies @operation with @params (floating refs are sunk). When the core
 * refuses, its message is shown by the window (action win.show-error)
 * and nothing changed. */
gboolean      nile_ui_apply            (GtkWidget    *widget,
                                        NileCampaign *campaign,
                                        const char   *operation,
                                        GVariant     *params);

/* A toast that says @text (plain text, not markup) whole, on as many
 * lines as the window's width needs, shown long enough to read it. */
AdwToast     *nile_ui_toast_new        (const char   *text);
/* Shows @toast (transfer full) in @overlay, once the toast shown before
 * it there has gone and faded out. A toast of high priority dismisses
 * the older ones, shown or waiting, where libadwaita would show them
 * again after it. A toast dismissed while it still comes in goes once
 * it is in: handlers connected before this call hear "dismissed" at
 * each time. */
void          nile_ui_add_toast        (AdwToastOverlay *overlay,
                                        AdwToast        *toast);
/* What a toast made by nile_ui_toast_new() says from now on. */
void          nile_ui_toast_set_text   (AdwToast     *toast,
                                        const char   *text);
/* What it says. */
const char   *nile_ui_toast_get_text   (AdwToast     *toast);

/* Where a new campaign chosen as @file goes: its path with ".nile" added
 * when missing, or NULL with @error when it is not a folder here. */
char         *nile_ui_new_campaign_path (GFile       *file,
                                         GError     **error);

/* Names the row a list view shows @item in by @labeller, the widget in
 * it that says what the row shows. Call it when @item is bound. */
void          nile_ui_label_list_item  (GtkListItem  *item,
                                        GtkWidget    *labeller);

/* Names @drop_down, a choice of strings, and the parts of it a screen
 * reader lands on: its button by @name and the choice shown ("Player:
 * Everyone"), and each choice in its list by itself. */
void          nile_ui_name_drop_down   (GtkDropDown  *drop_down,
                                        const char   *name);

/* Lists the choices of @row, a combo row of strings, each whole, on
 * more lines when long, and named for a screen reader. */
void          nile_ui_list_choices_whole (AdwComboRow *row);

/* Fills @menu (emptied first) with what can be done to @player, one of
 * @book's players: edit his name and colour, and move him in the turn
 * order as far as his place allows. A move the rules refuse now (R 8.1)
 * is offered insensitive, under a heading that says when the order can
 * change (win.reorder-refused stands for it, never enabled). Nothing
 * for a %NULL @player. */
void          nile_ui_fill_player_menu (GMenu            *menu,
                                        NileCampaignBook *book,
                                        NilePlayer       *player);

/* Makes @spin's own − and + buttons 44 px each way: GTK's are too small
 * for a finger. */
void          nile_ui_fit_spin_to_touch (GtkSpinButton *spin);

/* Shows @error under @heading in an alert over @widget's window, with
 * a Close button. */
void          nile_ui_show_error       (GtkWidget        *widget,
                                        const char       *heading,
                                        const GError     *error);

/* Names @row, which shows @code, a code a table's cell may hold, over
 * its @meaning, by both ("F: The tribe becomes friendly…"), once. */
void          nile_ui_name_code_row    (AdwActionRow  *row,
                                        const char    *code,
                                        const char    *meaning);

/* Has a mouse wheel turned or a finger dragged over @spin scroll the
 * page it is on rather than change its value, which a tap on − or + or
 * typing still do. */
void          nile_ui_leave_scrolling_to_page (GtkSpinButton *spin);

/* Asks, over @widget's window, whether to end the turn with @n_due sick
 * people not yet rolled for (R 19.2); "Cancel" is the default. If the
 * players end it, @end_turn (@instance) is called. Returns: (transfer
 * none): the question, shown */
GtkWindow    *nile_ui_ask_end_turn       (GtkWidget     *widget,
                                          int            n_due,
                                          GCallback      end_turn,
                                          gpointer       instance);

/* Has Enter in @spin activate the default widget of its window, as an
 * entry with activates-default does: a form's suggested response. */
void          nile_ui_spin_activates_default (GtkSpinButton *spin);

/* Has the buttons of @dialog's responses named by the words they show,
 * without the mnemonic mark. Call it once the responses are added. */
void          nile_ui_name_responses   (AdwMessageDialog *dialog);

/* Keeps @dialog in @dialogs, the dialogs a page opened about what it
 * shows (a player's turn or expedition), until it is destroyed. */
void          nile_ui_keep_dialog      (GPtrArray        *dialogs,
                                        GtkWindow        *dialog);

/* Closes, unanswered, the dialogs kept in @dialogs: the page shows
 * something else now, and what they would record no longer stands. */
void          nile_ui_close_dialogs    (GPtrArray        *dialogs);

/* Shows @reason, why the core refused what @dialog asked for, as its
 * text, styled as an error. %NULL puts back the text the dialog had
 * before any refusal, in the plain style. */
void          nile_ui_set_refusal      (AdwMessageDialog *dialog,
                                        const char       *reason);

/* What @hex holds, its terrain first, in words: "Jungle, river, natives". */
char         *nile_ui_describe_hex     (NileHexDiscovery *hex);

/* Where @explorer is: "In Africa, H23", "In Port, Zanzibar", "In Europe". */
char         *nile_ui_describe_place   (NileExplorer     *explorer);

/* A tribe as it is picked from a list: "Tribe 22 in C12, Medium". */
char         *nile_ui_describe_tribe   (NileTribe        *tribe);

/* A modal file chooser over @parent with a "_Cancel" button, @filter
 * (if any) added, and its "response" sent to @on_response on @instance
 * (swapped) for as long as @instance lives; the caller shows it. */
GtkFileChooserNative *nile_ui_file_chooser_new (GtkWindow            *parent,
                                                const char           *title,
                                                GtkFileChooserAction  action,
                                                const char           *accept_label,
                                                GtkFileFilter        *filter,
                                                GCallback             on_response,
                                                gpointer              instance);

G_END_DECLS
