/* nile-expedition-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-expedition-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-expedition-page.h"
#include "nile-expedition.h"
#include "nile-explorer.h"
#include "nile-error.h"
#include "nile-movement.h"
#include "nile-sheet-row.h"
#include "nile-turn.h"
#include "nile-ui-util.h"

/* The Player Aid sheet of one player's current expedition: what it is
 * made of, what it carries against what it can carry, what the rules
 * forbid about it, and how far it may move. Every tap on a stepper or a
 * switch is one set-makeup operation, saved at once and undoable; the
 * numbers shown always come back from the core. */
struct _NileExpeditionPage
{
  AdwBin               parent_instance;

  NileCampaignBook    *book;
  char                *player;
  NileExplorer        *explorer;
  GPtrArray           *controls;
  GPtrArray           *action_rows;
  const char * const  *shown_operations;
  GtkWidget           *shoot_row;   /* in action_rows, when offered */
  GPtrArray           *questions;   /* about the expedition shown: Bearers Lost, End Turn */
  gboolean             updating;
  guint                below_idle;
  gint64               shown_explorer_id;  /* whose sheet is up, 0 for none */

  GtkScrolledWindow   *sheet_scroll;
  GtkBox              *makeup_box;
  GtkBox              *below_box;
  GtkBox              *more_makeup_box;
  AdwStatusPage       *no_player_page;
  GtkWidget           *add_player_button;
  AdwStatusPage       *no_explorer_page;
  GtkWidget           *send_an_explorer_button;
  AdwPreferencesGroup *explorer_group;
  GtkWidget           *outfit_button;
  AdwComboRow         *mode_row;
  GtkLabel            *load_summary;
  GtkLevelBar         *capability_meter;
  GtkLabel            *load_details;
  AdwPreferencesGroup *warnings_group;
  AdwPreferencesGroup *load_group;
  AdwPreferencesGroup *movement_group;
  GtkListBox          *warnings_list;
  GtkLabel            *cautious_label;
  GtkLabel            *normal_label;
  GtkLabel            *reckless_label;
  AdwPreferencesGroup *actions_group;
};

G_DEFINE_FINAL_TYPE (NileExpeditionPage, nile_expedition_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* How the sheet groups the make-up; titles and the meaning of each field
 * come from the core's field table. */
static const struct {
  const char *title;
  const char *fields[8];
} sections[] = {
  { N_("People"),
    { "bearers", "sick_bearers", "guides", "sick_guides", "askaris", "sick_askaris", NULL } },
  { N_("Animals and Canoes"),
    { "ride_horses", "pack_horses", "ride_camels", "pack_camels", "canoes", NULL } },
  { N_("Items"),
    { "rations", "fresh_rations", "water", "gifts", "muskets", NULL } },
  { N_("Bonus Discoveries Carried"),
    { "tusks", "specimens", "pelts", NULL } },
  { N_("The Explorer"),
    { "explorer_sick", "explorer_armed", "explorer_debased", "explorer_is_bearer", NULL } },
};

#define FIELD_KEY "nile-expedition-field"

/* How the page offers each operation the core allows for the explorer's
 * status (nile_explorer_get_operations()); the page's own actions ask
 * one more question first, "win.turn-form" opens the Turn page's form
 * for the player, the rest open the window's operation form. */
static const struct {
  const char *operation;
  const char *title;
  const char *subtitle;
  const char *action;
} operation_rows[] = {
  { "outfit", N_("Outfit in Port…"), N_("Buy people, animals, canoes and items at the prices on your sheet"), NULL },
  { "set-out", N_("Set Out…"), N_("Leave port for the interior; money not spent is lost"), NULL },
  { "lose-carriers", N_("Lose Carriers…"), N_("Bearers on foot, canoes by canoe, each with its share of the load"),
    "expedition.lose-carriers" },
  { "move", N_("Move…"), N_("Where the expedition is now"), NULL },
  { "trade", N_("Trade…"), N_("With a friendly tribe, and the witch doctor’s die"), NULL },
  { "shoot-animals", N_("Shoot Animals for Food…"), N_("Horses or camels, 10 fresh rations each"), NULL },
  { "discharge-sick", N_("Discharge the Sick…"), N_("Send sick bearers, guides or askaris home, 1 VP each"), NULL },
  { "end-turn", N_("End Turn"), N_("Eat, drink, spoil and desert; then the next player plays"), "expedition.end-turn" },
  { "publish", N_("Publish…"), N_("The discoveries become victory points"), "win.turn-form" },
  { "europe-turn", N_("Europe Turn…"), N_("Discard tickets, cut the hand to five, record the donations drawn"),
    "win.turn-form" },
  { "sail", N_("Sail for Africa…"), N_("A new expedition, with the money raised"), NULL },
};

static void nile_expedition_page_update (NileExpeditionPage *self);

/* Returns: whether the campaign took the change */
static gboolean
apply_change (NileExpeditionPage *self,
              const char         *operation,
              GVariantDict       *dict)
{
  g_variant_dict_insert (dict, "player", "s", self->player);

  if (!nile_ui_apply (GTK_WIDGET (self),
                      nile_campaign_book_get_campaign (self->book),
                      operation,
                      g_variant_dict_end (dict)))
    {
      /* Refused: show the campaign as it still is. */
      nile_expedition_page_update (self);
      return FALSE;
    }

  return TRUE;
}

static void
on_count_changed (NileExpeditionPage *self,
                  GtkSpinButton      *spin)
{
  const NileExpeditionField *field = g_object_get_data (G_OBJECT (spin), FIELD_KEY);
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  int value = gtk_spin_button_get_value_as_int (spin);
  gboolean fewer;

  if (self->updating)
    return;

  fewer = value < nile_expedition_get_value (nile_explorer_get_expedition (self->explorer), field);
  g_variant_dict_insert (&dict, field->name, "x", (gint64) value);
  /* Fewer bearers or rations is something lost: one tap puts it back. */
  if (apply_change (self, "set-makeup", &dict) && fewer)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.offer-undo", NULL);
}

static void
on_flag_changed (NileExpeditionPage *self,
                 GParamSpec         *pspec,
                 GtkSwitch          *toggle)
{
  const NileExpeditionField *field = g_object_get_data (G_OBJECT (toggle), FIELD_KEY);
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (self->updating)
    return;

  g_variant_dict_insert (&dict, field->name, "b", gtk_switch_get_active (toggle));
  apply_change (self, "set-makeup", &dict);
}

static void
on_mode_selected (NileExpeditionPage *self)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  /* The combo lists the modes in NileTravelMode order. */
  NileTravelMode mode = adw_combo_row_get_selected (self->mode_row);

  if (self->updating)
    return;

  g_variant_dict_insert (&dict, "mode", "s", nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, mode));
  apply_change (self, "set-mode", &dict);
}

static void
on_lose_carriers_response (NileExpeditionPage *self,
                           const char         *response,
                           AdwMessageDialog   *dialog)
{
  GtkSpinButton *count = GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog));
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (g_strcmp0 (response, "lose") != 0 || self->player == NULL)
    return;

  g_variant_dict_insert (&dict, "count", "x", (gint64) gtk_spin_button_get_value_as_int (count));
  apply_change (self, "lose-carriers", &dict);
}

/* How many carriers went is all the page asks; the core shares out what
 * they carried (R 11.3) and the log line says what was lost. */
static void
nile_expedition_page_lose_carriers (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (widget);
  const NileExpedition *expedition;
  GtkWidget *dialog;
  GtkWidget *count;
  int carriers;

  if (self->explorer == NULL)
    return;

  expedition = nile_explorer_get_expedition (self->explorer);
  carriers = expedition->mode == NILE_TRAVEL_MODE_CANOE ? expedition->canoes : expedition->bearers;

  count = gtk_spin_button_new_with_range (1, MAX (carriers, 1), 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (count), TRUE);
  nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (count));
  gtk_accessible_update_property (GTK_ACCESSIBLE (count),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  expedition->mode == NILE_TRAVEL_MODE_CANOE ? _("Canoes lost") : _("Bearers lost"),
                                  -1);

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   expedition->mode == NILE_TRAVEL_MODE_CANOE ? _("Canoes Lost") : _("Bearers Lost"),
                                   _("Each carrier lost takes his share of every kind of item with him."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), count);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "lose", _("_Lose Them"),
                                    NULL);
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "lose", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "lose", carriers > 0);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "lose");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response",
                           G_CALLBACK (on_lose_carriers_response), self,
                           G_CONNECT_SWAPPED);
  nile_ui_keep_dialog (self->questions, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The upkeep of the turn is the core's; the window offers to undo it. */
static void
end_turn (NileExpeditionPage *self)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (self->explorer != NULL)
    apply_change (self, "end-turn", &dict);
}

/* As the Turn page does: the sick in Africa not yet rolled for this
 * turn are asked about first (R 19.2). */
static void
nile_expedition_page_end_turn (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (widget);
  g_autoptr(GHashTable) steps = NULL;
  int due;

  if (self->explorer == NULL)
    return;

  /* Unreadable, the steps count as none done: the question errs on the
   * side of asking. */
  steps = nile_turn_get_steps (nile_campaign_book_get_campaign (self->book), self->player, NULL);
  due = nile_turn_count_explorer_recovery_due (steps, self->explorer);
  if (due == 0)
    end_turn (self);
  else
    nile_ui_keep_dialog (self->questions, nile_ui_ask_end_turn (widget, due, G_CALLBACK (end_turn), self));
}

static GtkWidget *
make_count_control (NileExpeditionPage        *self,
                    const NileExpeditionField *field,
                    const char                *title)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 9999, 1);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
  nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (spin));
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 4);
  /* Each value is saved as it is entered, so Ctrl+Z here must reach the
   * campaign's undo: the field's own would bring back text the campaign
   * no longer holds. */
  gtk_editable_set_enable_undo (GTK_EDITABLE (spin), FALSE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  g_signal_connect_object (spin, "value-changed",
                           G_CALLBACK (on_count_changed), self,
                           G_CONNECT_SWAPPED);
  return spin;
}

static GtkWidget *
make_flag_control (NileExpeditionPage        *self,
                   const NileExpeditionField *field,
                   const char                *title)
{
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  g_signal_connect_object (toggle, "notify::active",
                           G_CALLBACK (on_flag_changed), self,
                           G_CONNECT_SWAPPED);
  return toggle;
}

/* Sections from @first up to @last (excluded) of the make-up, into @box. */
static void
build_sections (NileExpeditionPage *self,
                GtkBox             *box,
                guint               first,
                guint               last)
{
  for (guint i = first; i < last; i++)
    {
      GtkWidget *group = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _(sections[i].title));

      for (guint j = 0; sections[i].fields[j] != NULL; j++)
        {
          const NileExpeditionField *field = nile_expedition_find_field (sections[i].fields[j]);
          const char *title;
          GtkWidget *row;
          GtkWidget *control;

          g_assert (field != NULL);
          title = _(field->description);

          if (field->kind == NILE_EXPEDITION_FIELD_FLAG)
            control = make_flag_control (self, field, title);
          else
            control = make_count_control (self, field, title);

          g_object_set_data (G_OBJECT (control), FIELD_KEY, (gpointer) field);
          g_ptr_array_add (self->controls, control);

          row = nile_sheet_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), control);
          if (field->kind == NILE_EXPEDITION_FIELD_FLAG)
            nile_sheet_row_set_activatable_widget (NILE_SHEET_ROW (row), control);
          if (g_str_has_prefix (field->name, "sick_"))
            gtk_widget_add_css_class (row, "sick-count");
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }

      gtk_box_append (box, group);
    }
}

static void
set_movement (NileExpeditionPage *self,
              GtkLabel           *label,
              NileActivity        activity)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (self->explorer);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  NileMovement movement;
  int edition = NILE_EDITION_AH;

  nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (self->book), &edition);

  if (!nile_movement_allowance (edition, nile_campaign_book_get_activity_chart (self->book),
                                activity, expedition, &movement, &error))
    {
      /* A blank cell is for the owner to copy from the board; anything
       * else is why this expedition cannot move that way. */
      gtk_label_set_label (label, g_error_matches (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL)
                                  ? _("Not on your chart yet") : error->message);
      gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
      return;
    }

  if (movement.drift)
    text = g_strdup (_("Drifts one hex"));
  else if (movement.suggested)
    /* Translators: a value from a secondary source, to be checked */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d MP — check your board", "%d MP — check your board",
                                         movement.points),
                            movement.points);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d MP", "%d MP", movement.points), movement.points);

  gtk_label_set_label (label, text);
  if (movement.suggested)
    gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
}

/* One row per operation the explorer's status allows, in the core's
 * order. */
static void
build_action_rows (NileExpeditionPage *self,
                   const char * const *operations)
{
  self->shown_operations = operations;

  for (guint i = 0; i < self->action_rows->len; i++)
    adw_preferences_group_remove (self->actions_group, g_ptr_array_index (self->action_rows, i));
  g_ptr_array_set_size (self->action_rows, 0);
  self->shoot_row = NULL;

  for (guint i = 0; operations[i] != NULL; i++)
    for (guint j = 0; j < G_N_ELEMENTS (operation_rows); j++)
      {
        GtkWidget *row;

        if (!g_str_equal (operations[i], operation_rows[j].operation))
          continue;

        row = nile_sheet_row_new ();
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(operation_rows[j].title));
        nile_sheet_row_set_subtitle (NILE_SHEET_ROW (row), _(operation_rows[j].subtitle));
        gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
        if (g_strcmp0 (operation_rows[j].action, "win.turn-form") == 0)
          {
            gtk_actionable_set_action_name (GTK_ACTIONABLE (row), operation_rows[j].action);
            gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", operation_rows[j].operation);
          }
        else if (operation_rows[j].action != NULL)
          {
            gtk_actionable_set_action_name (GTK_ACTIONABLE (row), operation_rows[j].action);
          }
        else
          {
            gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.operation");
            gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", operation_rows[j].operation);
          }
        nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
        adw_preferences_group_add (self->actions_group, row);
        g_ptr_array_add (self->action_rows, row);
        if (g_str_equal (operations[i], "shoot-animals"))
          self->shoot_row = row;
      }

  gtk_widget_set_visible (GTK_WIDGET (self->actions_group), self->action_rows->len > 0);
}

/* The rows are rebuilt only when the status's list changes, so focus
 * stays put; a row that needs something the expedition lacks hides. */
static void
update_actions (NileExpeditionPage *self)
{
  const char * const *operations = nile_explorer_get_operations (self->explorer);

  gtk_widget_set_visible (self->outfit_button, g_strv_contains (operations, "outfit"));

  if (operations != self->shown_operations)
    build_action_rows (self, operations);

  /* An expedition without horses or camels has nothing to shoot. */
  if (self->shoot_row != NULL)
    gtk_widget_set_visible (self->shoot_row,
                            nile_expedition_horses (nile_explorer_get_expedition (self->explorer)) +
                            nile_expedition_camels (nile_explorer_get_expedition (self->explorer)) > 0);
}

static void
update_warnings (NileExpeditionPage   *self,
                 const NileExpedition *expedition)
{
  g_autoptr(GPtrArray) warnings = nile_expedition_warnings (expedition, NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->warnings_list))) != NULL)
    gtk_list_box_remove (self->warnings_list, child);

  for (guint i = 0; i < warnings->len; i++)
    {
      NileExpeditionWarning *warning = g_ptr_array_index (warnings, i);
      GtkWidget *row = nile_sheet_row_new ();
      GtkWidget *icon;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), warning->text);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      gtk_widget_add_css_class (icon, "warning");
      nile_sheet_row_add_prefix (NILE_SHEET_ROW (row), icon);
      gtk_list_box_append (self->warnings_list, row);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->warnings_group), warnings->len > 0);
}

static void
update_load (NileExpeditionPage *self)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (self->explorer);
  int portage = nile_explorer_get_portage (self->explorer);
  int capability = nile_explorer_get_capability (self->explorer);
  int excess = nile_explorer_get_excess (self->explorer);
  g_autofree char *summary = NULL;
  g_autofree char *details = nile_expedition_describe_load (expedition);

  /* Short enough for one line on a phone in either state, and the
   * details always two lines: the counters below stay where the finger
   * is while a tap turns the load over. */
  if (excess > 0)
    summary = g_strdup_printf (_("Overloaded by %d"), excess);
  else
    summary = g_strdup_printf (_("Carrying %d of %d"), portage, capability);

  gtk_label_set_label (self->load_summary, summary);
  gtk_label_set_label (self->load_details, details);

  gtk_level_bar_set_max_value (self->capability_meter, MAX (MAX (portage, capability), 1));
  gtk_level_bar_set_value (self->capability_meter, portage);

  if (excess > 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->load_summary), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->capability_meter), "overloaded");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->load_summary), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->capability_meter), "overloaded");
    }

  update_warnings (self, expedition);
}

static void
update_explorer (NileExpeditionPage *self)
{
  int money = nile_explorer_get_money (self->explorer);
  g_autofree char *specialty = nile_display_specialty (nile_explorer_get_specialty (self->explorer));
  g_autofree char *place = nile_ui_describe_place (self->explorer);
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;

  /* Translators: whose explorer, specialty · where he is, e.g.
   * "Anna’s Botanist · In Africa, H23" */
  g_string_printf (description, _("%s’s %s · %s"), nile_explorer_get_player (self->explorer), specialty, place);
  if (money > 0)
    {
      g_autofree char *to_spend = nile_format_money (money);

      /* Translators: the money an expedition has left to outfit with */
      g_string_append_printf (description, _(" · %s to spend"), to_spend);
    }
  /* Said once, where the make-up would be. */
  if (g_strcmp0 (nile_explorer_get_status (self->explorer), "in-europe") == 0)
    g_string_append (description, _(". His expedition was disbanded on reaching Europe (R 21.5)."));
  if (nile_campaign_book_get_winner (self->book) != NULL)
    {
      g_string_append_c (description, '\n');
      /* Translators: the winner's name */
      g_string_append_printf (description, _("%s has won: the books are closed. Undo the last change to play on."),
                              nile_campaign_book_get_winner (self->book));
    }

  /* A group's title and description are markup; names are text. */
  title = g_markup_escape_text (nile_explorer_get_name (self->explorer), -1);
  escaped = g_markup_escape_text (description->str, -1);
  adw_preferences_group_set_title (self->explorer_group, title);
  adw_preferences_group_set_description (self->explorer_group, escaped);
}

/* At a status page's size the theme has its icon only as an SVG, and
 * even a page out of sight looks its icon up, which loads the SVG
 * library: several MiB that the sheet, shown on most opens, never
 * needs. So the icon is given when the status page is first shown. */
static void
give_icon (AdwStatusPage *page)
{
  adw_status_page_set_icon_name (page, "system-users-symbolic");
}

/* Before anyone plays, the way forward is to add a player: the list
 * to choose from is out of sight on a phone. */
static void
show_no_player (NileExpeditionPage *self,
                GtkStack           *stack)
{
  gboolean no_players = self->book == NULL ||
                        g_list_model_get_n_items (nile_campaign_book_get_players (self->book)) == 0;

  if (no_players)
    {
      adw_status_page_set_title (self->no_player_page, _("No Players Yet"));
      adw_status_page_set_description (self->no_player_page,
                                       _("Add the players in turn order; the first one plays first."));
    }
  else
    {
      adw_status_page_set_title (self->no_player_page, _("No Player Chosen"));
      adw_status_page_set_description (self->no_player_page, _("Choose a player to see the expedition sheet."));
    }
  gtk_widget_set_visible (self->add_player_button, no_players);
  gtk_stack_set_visible_child_name (stack, "no-player");
}

/* Once the game is won the core refuses every change to the expedition
 * (R 8.1): the sheet is shown as it ended, its controls off, rather
 * than each tap answered with a refusal. */
static void
show_closed (NileExpeditionPage *self,
             gboolean            closed)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->mode_row), !closed);
  gtk_widget_set_sensitive (GTK_WIDGET (self->makeup_box), !closed);
  gtk_widget_set_sensitive (GTK_WIDGET (self->more_makeup_box), !closed);
  gtk_widget_set_sensitive (self->outfit_button, !closed);
  gtk_widget_set_visible (GTK_WIDGET (self->actions_group), !closed && self->action_rows->len > 0);
}

/* In Europe there is no expedition (R 21.5): a sheet of zeros would
 * only push what the turn there is about, publishing, donations and
 * sailing, to the bottom of the page. */
static void
show_expedition (NileExpeditionPage *self,
                 gboolean            shown)
{
  gtk_widget_set_visible (GTK_WIDGET (self->mode_row), shown);
  /* The group's list would be an empty frame without its one row
   * (libadwaita 1.2 keeps it shown). */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->mode_row)), shown);
  gtk_widget_set_visible (GTK_WIDGET (self->load_group), shown);
  gtk_widget_set_visible (GTK_WIDGET (self->makeup_box), shown);
  gtk_widget_set_visible (GTK_WIDGET (self->more_makeup_box), shown);
  gtk_widget_set_visible (GTK_WIDGET (self->movement_group), shown);
  if (!shown)
    gtk_widget_set_visible (GTK_WIDGET (self->warnings_group), FALSE);
}

static void
nile_expedition_page_update (NileExpeditionPage *self)
{
  GtkStack *stack = GTK_STACK (adw_bin_get_child (ADW_BIN (self)));
  gint64 shown_before = self->shown_explorer_id;
  const NileExpedition *expedition;
  const char *status;

  g_clear_object (&self->explorer);
  self->shown_explorer_id = 0;

  if (self->book == NULL || self->player == NULL)
    {
      show_no_player (self, stack);
      return;
    }

  self->explorer = nile_campaign_book_dup_current_explorer (self->book, self->player);
  status = self->explorer != NULL ? nile_explorer_get_status (self->explorer) : NULL;

  if (self->explorer == NULL || g_strcmp0 (status, "dead") == 0 || g_strcmp0 (status, "retired") == 0)
    {
      g_autofree char *title = g_strdup_printf (_("%s Has No Explorer"), self->player);
      g_autofree char *description = NULL;
      /* His successor starts the turn after (R 21.33): the core would
       * refuse him in this one. */
      gboolean left_this_turn = self->explorer != NULL &&
                                nile_explorer_get_status_turn (self->explorer) ==
                                nile_campaign_book_get_turn (self->book);

      if (left_this_turn)
        description = g_strdup_printf (g_str_equal (status, "dead")
                                       ? _("%s died this turn. A new explorer can be sent from next turn (R 21.33).")
                                       : _("%s retired this turn. A new explorer can be sent from next turn (R 21.33)."),
                                       nile_explorer_get_name (self->explorer));
      adw_status_page_set_title (self->no_explorer_page, title);
      adw_status_page_set_description (self->no_explorer_page,
                                       description != NULL ? description
                                                           : _("Send an explorer to a port to outfit an expedition."));
      gtk_widget_set_visible (self->send_an_explorer_button, !left_this_turn);
      gtk_stack_set_visible_child_name (stack, "no-explorer");
      return;
    }

  /* Another explorer's sheet starts at its top, with his name, not
   * wherever the last one was left. */
  self->shown_explorer_id = nile_explorer_get_id (self->explorer);
  if (self->shown_explorer_id != shown_before)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->sheet_scroll), 0);

  expedition = nile_explorer_get_expedition (self->explorer);
  self->updating = TRUE;

  update_explorer (self);
  adw_combo_row_set_selected (self->mode_row, expedition->mode);

  for (guint i = 0; i < self->controls->len; i++)
    {
      GtkWidget *control = g_ptr_array_index (self->controls, i);
      const NileExpeditionField *field = g_object_get_data (G_OBJECT (control), FIELD_KEY);
      int value = nile_expedition_get_value (expedition, field);

      if (GTK_IS_SWITCH (control))
        gtk_switch_set_active (GTK_SWITCH (control), value != 0);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), value);
    }

  update_load (self);
  set_movement (self, self->cautious_label, NILE_ACTIVITY_CAUTIOUS);
  set_movement (self, self->normal_label, NILE_ACTIVITY_NORMAL);
  set_movement (self, self->reckless_label, NILE_ACTIVITY_RECKLESS);
  update_actions (self);
  show_expedition (self, g_strcmp0 (status, "in-europe") != 0);
  show_closed (self, nile_campaign_book_get_winner (self->book) != NULL);

  self->updating = FALSE;
  gtk_stack_set_visible_child_name (stack, "sheet");
}

static void
on_book_notify (NileExpeditionPage *self,
                GParamSpec         *pspec,
                NileCampaignBook   *book)
{
  nile_expedition_page_update (self);
}

static void
on_explorers_changed (NileExpeditionPage *self,
                      guint               position,
                      guint               removed,
                      guint               added)
{
  nile_expedition_page_update (self);
}

static gboolean
show_below (gpointer user_data)
{
  NileExpeditionPage *self = user_data;

  self->below_idle = 0;
  build_sections (self, self->more_makeup_box, 1, G_N_ELEMENTS (sections));
  nile_expedition_page_update (self);
  gtk_widget_set_visible (GTK_WIDGET (self->below_box), TRUE);

  return G_SOURCE_REMOVE;
}

/* Once the first frame is on screen: what follows waits for the main
 * loop to be idle, so the frame's own end is not held up. */
static void
on_first_paint (GdkFrameClock      *clock,
                NileExpeditionPage *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_paint, self);

  /* Disposed since it was shown: nothing left to build. */
  if (self->controls == NULL || self->below_idle != 0)
    return;

  self->below_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, show_below, self, NULL);
}

/* The make-up is built when the page is first shown, not with it, so a
 * window that shows the start page never builds it; and only its first
 * section, the one on the first screen, is built before the first
 * frame. What lies below (the other sections, the warnings, the
 * movement allowance and the turn's actions) is built and shown once
 * that frame is drawn: the window that opens a campaign then builds,
 * styles and measures only what its first frame shows, and the rest
 * follows a frame later, before anyone can scroll to it. */
static void
nile_expedition_page_map (GtkWidget *widget)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (widget);

  if (self->controls->len == 0)
    {
      build_sections (self, self->makeup_box, 0, 1);
      nile_expedition_page_update (self);
      g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                               G_CALLBACK (on_first_paint), self, 0);
    }

  GTK_WIDGET_CLASS (nile_expedition_page_parent_class)->map (widget);
}

static void
nile_expedition_page_dispose (GObject *object)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (object);

  g_clear_handle_id (&self->below_idle, g_source_remove);
  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_explorers (self->book), self);
  nile_ui_close_dialogs (self->questions);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_EXPEDITION_PAGE);
  g_clear_object (&self->book);
  g_clear_object (&self->explorer);
  g_clear_pointer (&self->controls, g_ptr_array_unref);
  g_clear_pointer (&self->action_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_expedition_page_parent_class)->dispose (object);
}

static void
nile_expedition_page_finalize (GObject *object)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (object);

  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->questions, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_expedition_page_parent_class)->finalize (object);
}

static void
nile_expedition_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_expedition_page_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  NileExpeditionPage *self = NILE_EXPEDITION_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_expedition_page_set_book (self, g_value_get_object (value));
      break;

    case PROP_PLAYER:
      nile_expedition_page_set_player (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_expedition_page_class_init (NileExpeditionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_expedition_page_dispose;
  object_class->finalize = nile_expedition_page_finalize;
  object_class->get_property = nile_expedition_page_get_property;
  object_class->set_property = nile_expedition_page_set_property;
  widget_class->map = nile_expedition_page_map;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * NileExpeditionPage:player:
   *
   * The name of the player whose current expedition is shown.
   */
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NILE_TYPE_SHEET_ROW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-expedition-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, sheet_scroll);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, makeup_box);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, below_box);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, more_makeup_box);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, no_player_page);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, add_player_button);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, no_explorer_page);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, send_an_explorer_button);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, explorer_group);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, outfit_button);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, mode_row);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, load_summary);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, capability_meter);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, load_details);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, warnings_group);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, load_group);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, movement_group);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, warnings_list);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, cautious_label);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, normal_label);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, reckless_label);
  gtk_widget_class_bind_template_child (widget_class, NileExpeditionPage, actions_group);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);

  gtk_widget_class_install_action (widget_class, "expedition.lose-carriers", NULL,
                                   nile_expedition_page_lose_carriers);
  gtk_widget_class_install_action (widget_class, "expedition.end-turn", NULL,
                                   nile_expedition_page_end_turn);
}

static void
nile_expedition_page_init (NileExpeditionPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_list_choices_whole (self->mode_row);
  /* Named by its label as shown, without the mnemonic mark (GTK 4.8
   * names a button by its label as written). */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->outfit_button), GTK_ACCESSIBLE_PROPERTY_LABEL);

  /* Load is good up to capability and bad beyond it, unlike the default
   * battery-style colours, so the meter is coloured by CSS instead. */
  gtk_level_bar_remove_offset_value (self->capability_meter, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (self->capability_meter, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (self->capability_meter, GTK_LEVEL_BAR_OFFSET_FULL);

  self->controls = g_ptr_array_new ();
  self->action_rows = g_ptr_array_new ();
  self->questions = g_ptr_array_new ();
  g_signal_connect (self->no_player_page, "map", G_CALLBACK (give_icon), NULL);
  g_signal_connect (self->no_explorer_page, "map", G_CALLBACK (give_icon), NULL);
  nile_expedition_page_update (self);
}

NileCampaignBook *
nile_expedition_page_get_book (NileExpeditionPage *self)
{
  g_return_val_if_fail (NILE_IS_EXPEDITION_PAGE (self), NULL);

  return self->book;
}

void
nile_expedition_page_set_book (NileExpeditionPage *self,
                               NileCampaignBook   *book)
{
  g_return_if_fail (NILE_IS_EXPEDITION_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    {
      g_signal_handlers_disconnect_by_data (nile_campaign_book_get_explorers (self->book), self);
      g_signal_handlers_disconnect_by_data (self->book, self);
    }
  nile_ui_close_dialogs (self->questions);
  g_set_object (&self->book, book);

  /* The book refills its explorers after every change to the campaign
   * and after a new activity chart, so the page follows both. A win
   * closes the sheet, and a new turn may let a successor be sent, with
   * no explorer changed. */
  if (book != NULL)
    {
      g_signal_connect_object (nile_campaign_book_get_explorers (book), "items-changed",
                               G_CALLBACK (on_explorers_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (book, "notify::winner", G_CALLBACK (on_book_notify), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (book, "notify::turn", G_CALLBACK (on_book_notify), self,
                               G_CONNECT_SWAPPED);
    }

  nile_expedition_page_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}

const char *
nile_expedition_page_get_player (NileExpeditionPage *self)
{
  g_return_val_if_fail (NILE_IS_EXPEDITION_PAGE (self), NULL);

  return self->player;
}

void
nile_expedition_page_set_player (NileExpeditionPage *self,
                                 const char         *player)
{
  g_return_if_fail (NILE_IS_EXPEDITION_PAGE (self));

  if (g_strcmp0 (self->player, player) == 0)
    return;

  nile_ui_close_dialogs (self->questions);
  g_free (self->player);
  self->player = g_strdup (player);

  nile_expedition_page_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}
