/* nile-encounter-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-encounter-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "nile-dice-keys.h"
#include "nile-display-names.h"
#include "nile-encounter-dialog.h"
#include "nile-entered-dice.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-escape-chooser.h"
#include "nile-expedition.h"
#include "nile-explorer.h"
#include "nile-hex-discovery.h"
#include "nile-log-entry.h"
#include "nile-random-dice.h"
#include "nile-roll-card.h"
#include "nile-tribe.h"
#include "nile-turn.h"
#include "nile-ui-util.h"

/* More dice than any encounter roll takes at once, even a long fight. */
#define MAX_ENTERED_DICE 64
#define N_FACES 6
#define DISTANCE_MAX 40

/* The roll inputs shown on a step, with their words. */
static const struct {
  const char *name;
  const char *label;
} shown_inputs[] = {
  { "policy", N_("policy") },
  { "askaris", N_("askaris") },
  { "natives", N_("natives") },
  { "distance", N_("hexes from port") },
  { "gifts", N_("gifts") },
  { "attitude", N_("attitude") },
};

struct _NileEncounterDialog
{
  AdwWindow          parent_instance;

  NileCampaignBook  *book;
  NileSheetStore    *sheets;
  NileDiceSource    *random_dice;
  NileEncounter     *encounter;
  NileExplorer      *explorer;
  char              *player;
  char              *turn_step;  /* written with each change, or NULL */
  GPtrArray         *tribes;
  /* The turn has no activity level yet: the row offers "Not chosen" first. */
  gboolean           activity_unchosen;
  GArray            *entered;
  /* The dice of a roll that stopped on a blank cell, thrown again once
   * the owner gives the cell. */
  GArray            *pending_dice;
  /* One line per step, shown when the encounter is over. */
  GtkStringList     *history;
  /* What a roll did that the campaign refused, to be written again. */
  GVariant          *unwritten;
  /* The players said to stop mid-encounter: the window closes. */
  gboolean           stop_confirmed;
  /* "Close Without the Last Roll?", while it is asked (a weak pointer). */
  GtkWidget         *stop_question;

  AdwWindowTitle    *window_title;
  GtkStack          *stack;
  AdwComboRow       *tribe_row;
  AdwEntryRow       *counter_row;
  AdwEntryRow       *hex_row;
  AdwComboRow       *size_row;
  AdwEntryRow       *natives_row;
  GtkWidget         *roll_natives_button;
  AdwComboRow       *policy_row;
  AdwComboRow       *activity_row;
  GtkSwitch         *desert_switch;
  GtkSwitch         *river_switch;
  GtkWidget         *guide_row;
  GtkSwitch         *guide_switch;
  GtkLabel          *tribe_error_label;
  GtkLabel          *step_title_label;
  GtkLabel          *step_summary_label;
  GtkLabel          *step_inputs_label;
  GtkWidget         *gifts_group;
  GtkAdjustment     *gifts_adjustment;
  GtkSpinButton     *gifts_spin;
  GtkLabel          *entered_label;
  GtkLabel          *error_label;
  GtkButton         *decline_button;
  GtkLabel          *outcome_label;
  GtkLabel          *outcome_text_label;
  NileRollCard      *roll_card;
  GtkLabel          *changes_heading;
  GtkListBox        *changes_list;
  GtkWidget         *next_button;
  GtkWidget         *write_again_button;
  GtkLabel          *prisoners_label;
  GtkLabel          *prisoners_hint_label;
  GtkLabel          *escape_label;
  GtkLabel          *escape_hint_label;
  NileEscapeChooser *escape_chooser;
  /* One stepper per kind of member he has, named by its make-up field. */
  AdwStatusPage     *done_page;
  GtkWidget         *end_button;
  GtkListBox        *history_list;
};

G_DEFINE_FINAL_TYPE (NileEncounterDialog, nile_encounter_dialog, ADW_TYPE_WINDOW)

static NileEdition
edition (NileEncounterDialog *self)
{
  int value = NILE_EDITION_AH;

  nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (self->book), &value);
  return (NileEdition) value;
}

static NileSheetStore *
sheets (NileEncounterDialog *self)
{
  if (self->sheets == NULL)
    {
      g_autoptr(GError) error = NULL;

      self->sheets = nile_sheet_store_dup_default (&error);
      if (self->sheets == NULL)
        g_message ("Your table sheets could not be read: %s", error->message);
      else
        nile_roll_card_set_sheets (self->roll_card, self->sheets);
    }
  return self->sheets;
}

static void
show_error (GtkLabel   *label,
            const char *message)
{
  gtk_label_set_text (label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
}

/* The tribe picked, or NULL for a new one. */
static NileTribe *
selected_tribe (NileEncounterDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->tribe_row);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION || selected > self->tribes->len)
    return NULL;
  return g_ptr_array_index (self->tribes, selected - 1);
}

static void
update_tribe_rows (NileEncounterDialog *self)
{
  gboolean is_new = selected_tribe (self) == NULL;
  gboolean ah = edition (self) == NILE_EDITION_AH;

  gtk_widget_set_visible (GTK_WIDGET (self->counter_row), is_new);
  gtk_widget_set_visible (GTK_WIDGET (self->hex_row), is_new);
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), is_new && ah);
  gtk_widget_set_visible (GTK_WIDGET (self->natives_row), is_new && !ah);
  gtk_widget_set_visible (GTK_WIDGET (self->activity_row), ah);
  /* Only the DG attitude sum asks it, and nothing in the books says it. */
  gtk_widget_set_visible (self->guide_row, !ah);
}

/* The activity level picked (a NileActivity), or -1 for none. */
static int
chosen_activity (NileEncounterDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->activity_row);

  if (selected == GTK_INVALID_LIST_POSITION || (self->activity_unchosen && selected == 0))
    return -1;
  return (int) selected - (self->activity_unchosen ? 1 : 0);
}

/* The pick of a row whose first entry is "Not chosen": its index among
 * the real choices, or -1 for none. */
static int
chosen_index (AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);

  if (selected == GTK_INVALID_LIST_POSITION || selected == 0)
    return -1;
  return (int) selected - 1;
}

/* The new tribe's size picked (a NileTribeSize), or -1 for none. */
static int
chosen_size (NileEncounterDialog *self)
{
  return chosen_index (self->size_row);
}

/* The native policy picked, from 1, or 0 for none. */
static int
chosen_policy (NileEncounterDialog *self)
{
  return chosen_index (self->policy_row) + 1;
}

/* What the turn already knows, from where the other rolls of the turn
 * read it: the activity level the player chose (turn-step) and the hex
 * as it was recorded. Nothing is guessed: a level not chosen yet is
 * asked for before the attitude roll, which reads it (R 13.3). */
static void
fill_from_turn (NileEncounterDialog *self,
                GtkStringList       *activities,
                NileTribe           *tribe_in_hex)
{
  g_autoptr(GHashTable) steps = NULL;
  NileHexDiscovery *mapped = NULL;
  const char *chosen = NULL;
  int activity = -1;

  steps = nile_turn_get_steps (nile_campaign_book_get_campaign (self->book), self->player, NULL);
  if (steps != NULL)
    chosen = g_hash_table_lookup (steps, "activity");
  if (chosen == NULL || !nile_enum_from_nick (NILE_TYPE_ACTIVITY, chosen, &activity))
    activity = -1;

  self->activity_unchosen = activity < 0;
  if (self->activity_unchosen)
    gtk_string_list_append (activities, C_("activity", "Not chosen"));
  gtk_string_list_append (activities, _("Cautious"));
  gtk_string_list_append (activities, _("Normal"));
  gtk_string_list_append (activities, _("Reckless"));
  adw_combo_row_set_model (self->activity_row, G_LIST_MODEL (activities));
  adw_combo_row_set_selected (self->activity_row, self->activity_unchosen ? 0 : (guint) activity);

  if (self->explorer != NULL)
    mapped = nile_campaign_book_find_discovery (self->book, nile_explorer_get_hex (self->explorer));
  gtk_switch_set_active (self->river_switch, mapped != NULL && nile_hex_discovery_get_river (mapped));
  gtk_switch_set_active (self->desert_switch,
                         (mapped != NULL && g_strcmp0 (nile_hex_discovery_get_terrain (mapped), "desert") == 0) ||
                         (tribe_in_hex != NULL && nile_tribe_get_desert (tribe_in_hex)));
}

static void
fill_tribe_page (NileEncounterDialog *self)
{
  g_autoptr(GtkStringList) tribes = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sizes = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) policies = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) activities = gtk_string_list_new (NULL);
  GListModel *book_tribes = nile_campaign_book_get_tribes (self->book);
  const char *hex = self->explorer != NULL ? nile_explorer_get_hex (self->explorer) : NULL;
  guint in_hex = 0;
  int n_policies = edition (self) == NILE_EDITION_AH ? 6 : 5;

  gtk_string_list_append (tribes, _("A new tribe"));
  for (guint i = 0; i < g_list_model_get_n_items (book_tribes); i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (book_tribes, i);
      g_autofree char *text = nile_ui_describe_tribe (tribe);

      gtk_string_list_append (tribes, text);
      /* The tribe of the explorer's own hex is the likely one. */
      if (in_hex == 0 && g_strcmp0 (nile_tribe_get_hex (tribe), hex) == 0)
        in_hex = self->tribes->len + 1;
      g_ptr_array_add (self->tribes, g_steal_pointer (&tribe));
    }
  adw_combo_row_set_model (self->tribe_row, G_LIST_MODEL (tribes));
  adw_combo_row_set_selected (self->tribe_row, in_hex);
  if (hex != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->hex_row), hex);

  /* The size is on the tribe's counter and the policy is the player's
   * to declare: neither is taken to be the first on the list. */
  gtk_string_list_append (sizes, C_("choice", "Not chosen"));
  for (int i = NILE_TRIBE_SIZE_SMALL; i <= NILE_TRIBE_SIZE_LARGE; i++)
    gtk_string_list_append (sizes, nile_display_tribe_size (nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, i)));
  adw_combo_row_set_model (self->size_row, G_LIST_MODEL (sizes));

  gtk_string_list_append (policies, C_("choice", "Not chosen"));
  for (int i = 1; i <= n_policies; i++)
    {
      g_autofree char *text = g_strdup_printf (_("Policy %d"), i);

      gtk_string_list_append (policies, text);
    }
  adw_combo_row_set_model (self->policy_row, G_LIST_MODEL (policies));

  fill_from_turn (self, activities, in_hex > 0 ? g_ptr_array_index (self->tribes, in_hex - 1) : NULL);

  gtk_widget_set_visible (self->roll_natives_button, edition (self) == NILE_EDITION_DG);
  update_tribe_rows (self);
}

/* A whole number typed in a row, within its bounds. */
static gboolean
parse_count (AdwEntryRow  *row,
             int           min,
             int           max,
             const char   *what,
             int          *value,
             GError      **error)
{
  gint64 number;

  if (!g_ascii_string_to_signed (gtk_editable_get_text (GTK_EDITABLE (row)), 10, min, max, &number, NULL))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s must be a whole number from %d to %d"), what, min, max);
      return FALSE;
    }
  *value = (int) number;
  return TRUE;
}

static int
distance_from_port (NileEncounterDialog *self)
{
  int distance = self->explorer != NULL ? nile_explorer_get_distance_from_port (self->explorer) : 1;

  return CLAMP (distance, 1, DISTANCE_MAX);
}

/* The new tribe goes into the campaign before it is met, so the rest of
 * the encounter can record how it stands. Returns its counter, or 0. */
static int
add_new_tribe (NileEncounterDialog  *self,
               GError              **error)
{
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  const char *hex = gtk_editable_get_text (GTK_EDITABLE (self->hex_row));
  int counter, natives;

  if (!parse_count (self->counter_row, 1, 50, _("The native counter"), &counter, error))
    return 0;
  g_variant_dict_insert (&params, "counter", "x", (gint64) counter);
  g_variant_dict_insert (&params, "hex", "s", hex);
  g_variant_dict_insert (&params, "desert", "b", gtk_switch_get_active (self->desert_switch));
  if (edition (self) == NILE_EDITION_AH)
    g_variant_dict_insert (&params, "size", "s",
                           nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, chosen_size (self)));
  else
    {
      if (!parse_count (self->natives_row, 1, 999, _("The natives"), &natives, error))
        return 0;
      g_variant_dict_insert (&params, "natives", "x", (gint64) natives);
    }

  if (!nile_campaign_apply (nile_campaign_book_get_campaign (self->book), "add-tribe",
                            g_variant_dict_end (&params), error))
    return 0;
  return counter;
}

/* How tribe @counter stands toward the player's explorer, read back. */
static void
read_relation (NileEncounterDialog *self,
               int                  counter,
               int                 *attitude,
               gboolean            *negotiated,
               gboolean            *friendly)
{
  GListModel *tribes = nile_campaign_book_get_tribes (self->book);

  for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);
      GVariant *relations = nile_tribe_get_relations (tribe);

      if (nile_tribe_get_counter (tribe) != counter)
        continue;
      for (gsize j = 0; j < g_variant_n_children (relations); j++)
        {
          g_autoptr(GVariant) relation = g_variant_get_child_value (relations, j);
          const char *player = NULL;

          if (g_variant_lookup (relation, "player", "&s", &player) && g_strcmp0 (player, self->player) == 0)
            {
              g_variant_lookup (relation, "attitude", "i", attitude);
              g_variant_lookup (relation, "negotiated", "b", negotiated);
              g_variant_lookup (relation, "friendly", "b", friendly);
            }
        }
    }
}

/* Whether hex @label is published, by anyone: DG's attitude sum counts
 * it (DG, Encounter the Natives). */
static gboolean
hex_published (NileEncounterDialog *self,
               const char          *label)
{
  GListModel *discoveries = nile_campaign_book_get_discoveries (self->book);

  for (guint i = 0; label != NULL && i < g_list_model_get_n_items (discoveries); i++)
    {
      g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (discoveries, i);

      if (nile_hex_discovery_get_published (hex) && g_strcmp0 (nile_hex_discovery_get_label (hex), label) == 0)
        return TRUE;
    }
  return FALSE;
}

static void show_step (NileEncounterDialog *self);
static void show_history (NileEncounterDialog *self);

static void
begin_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  NileTribe *tribe = selected_tribe (self);
  const NileExpedition *makeup;
  g_autoptr(GError) error = NULL;
  int counter, natives, attitude = 0;
  int activity = chosen_activity (self);
  gboolean negotiated = FALSE;
  gboolean friendly = FALSE;
  const char *size, *hex;

  if (self->explorer == NULL)
    {
      show_error (self->tribe_error_label, _("This player has no explorer in Africa to meet a tribe"));
      return;
    }
  /* Asked before anything is written, a new tribe included. */
  if (activity < 0 && edition (self) == NILE_EDITION_AH)
    {
      show_error (self->tribe_error_label, _("Choose this turn’s activity level: the attitude roll reads it"));
      return;
    }

  if (tribe != NULL)
    {
      /* AH: a friendly tribe is met with no policy and no roll (R 13.2,
       * 14.4); the books would refuse the roll at its end. */
      read_relation (self, nile_tribe_get_counter (tribe), &attitude, &negotiated, &friendly);
      if (friendly && edition (self) == NILE_EDITION_AH)
        {
          g_autofree char *message =
            g_strdup_printf (_("Tribe %d is friendly to %s: he passes or trades, with no policy and no attitude roll"
                               " (R 13.2, 14.4)"),
                             nile_tribe_get_counter (tribe), nile_explorer_get_name (self->explorer));

          show_error (self->tribe_error_label, message);
          return;
        }
      counter = nile_tribe_get_counter (tribe);
      natives = nile_tribe_get_natives (tribe);
      size = nile_tribe_get_size (tribe);
      hex = nile_tribe_get_hex (tribe);
    }
  if (chosen_policy (self) == 0)
    {
      show_error (self->tribe_error_label, _("Choose the native policy: the attitude roll reads it"));
      return;
    }
  if (tribe == NULL && edition (self) == NILE_EDITION_AH && chosen_size (self) < 0)
    {
      show_error (self->tribe_error_label, _("Choose the tribe’s size, as its counter shows it"));
      return;
    }
  if (tribe == NULL)
    {
      counter = add_new_tribe (self, &error);
      if (counter == 0)
        {
          show_error (self->tribe_error_label, error->message);
          return;
        }
      natives = atoi (gtk_editable_get_text (GTK_EDITABLE (self->natives_row)));
      size = nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, chosen_size (self));
      hex = gtk_editable_get_text (GTK_EDITABLE (self->hex_row));
    }
  show_error (self->tribe_error_label, NULL);
  read_relation (self, counter, &attitude, &negotiated, &friendly);

  makeup = nile_explorer_get_expedition (self->explorer);
  g_clear_object (&self->encounter);
  self->encounter = nile_encounter_new (edition (self), self->player, counter);

#define SET(name, variant) nile_encounter_set_input (self->encounter, (name), (variant))
  SET ("policy", g_variant_new_int32 (chosen_policy (self)));
  if (activity >= 0)
    SET ("activity", g_variant_new_string (nile_enum_to_nick (NILE_TYPE_ACTIVITY, activity)));
  SET ("askaris", g_variant_new_int32 (makeup->askaris));
  SET ("armed", g_variant_new_boolean (makeup->explorer_armed));
  SET ("no-muskets", g_variant_new_boolean (makeup->muskets == 0 && !makeup->explorer_armed));
  /* Short of ride mounts, a mounted expedition is on foot (R 5.423). */
  SET ("mounted", g_variant_new_boolean (nile_expedition_travel_mode (makeup) == NILE_TRAVEL_MODE_MOUNTED));
  SET ("desert", g_variant_new_boolean (gtk_switch_get_active (self->desert_switch)));
  SET ("river", g_variant_new_boolean (gtk_switch_get_active (self->river_switch)));
  SET ("distance", g_variant_new_int32 (distance_from_port (self)));
  SET ("attitude", g_variant_new_int32 (attitude));
  SET ("negotiated-before", g_variant_new_boolean (negotiated));
  SET ("published", g_variant_new_boolean (hex_published (self, hex)));
  SET ("guide-adjacent", g_variant_new_boolean (gtk_switch_get_active (self->guide_switch)));
  SET ("specialty", g_variant_new_string (nile_explorer_get_specialty (self->explorer)));
  if (natives > 0)
    SET ("natives", g_variant_new_int32 (natives));
  if (size != NULL && size[0] != '\0')
    SET ("size", g_variant_new_string (size));
#undef SET

  gtk_adjustment_set_upper (self->gifts_adjustment, makeup->gifts);
  gtk_adjustment_set_value (self->gifts_adjustment, MIN (makeup->gifts, 10));
  show_history (self);
  show_step (self);
}

static void
roll_natives_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GVariantDict inputs;

  g_variant_dict_init (&inputs, NULL);
  g_variant_dict_insert (&inputs, "distance", "i", distance_from_port (self));
  result = nile_roll_run (nile_roll_lookup ("native-strength"), edition (self),
                          g_variant_dict_end (&inputs), self->random_dice, sheets (self), &error);
  if (result == NULL)
    {
      show_error (self->tribe_error_label, error->message);
      return;
    }
  text = g_strdup_printf ("%d", nile_roll_result_get_extra_int (result, "natives", 0));
  gtk_editable_set_text (GTK_EDITABLE (self->natives_row), text);
  show_error (self->tribe_error_label, nile_roll_result_get_text (result));
}

/* "6 1 2 2" */
static char *
describe_dice (GArray *dice)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < dice->len; i++)
    g_string_append_printf (text, i == 0 ? "%u" : " %u", g_array_index (dice, guint, i));
  return g_string_free (text, FALSE);
}

static void
update_entered (NileEncounterDialog *self)
{
  g_autofree char *text = describe_dice (self->entered);

  gtk_label_set_text (self->entered_label, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.use-dice", self->entered->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.clear-dice", self->entered->len > 0);
}

/* The state a roll reads, in a line the players can check. */
static char *
describe_inputs (NileEncounterDialog *self)
{
  g_autoptr(GVariant) inputs = g_variant_ref_sink (nile_encounter_get_roll_inputs (self->encounter));
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (shown_inputs); i++)
    {
      gint32 value;

      if (g_str_equal (shown_inputs[i].name, "gifts"))
        continue;
      if (!g_variant_lookup (inputs, shown_inputs[i].name, "i", &value))
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, "%s %d", _(shown_inputs[i].label), value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkWidget *
create_history_row (gpointer item,
                    gpointer user_data)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), gtk_string_object_get_string (item));
  return row;
}

/* The list shows the encounter's own history: it is kept with the
 * encounter, and goes back with it when a choice is taken back. */
static void
show_history (NileEncounterDialog *self)
{
  g_auto(GStrv) lines = nile_encounter_dup_history (self->encounter);

  gtk_string_list_splice (self->history, 0, g_list_model_get_n_items (G_LIST_MODEL (self->history)),
                          (const char * const *) lines);
}

/* One line of the encounter's summary: the step, then what it decided.
 * A roll read off a sheet names its table first already ("Native
 * Attitude: policy 3, …"), and the step is not said twice. Added before
 * the step is written, so that the encounter kept with it has it. */
static void
add_history (NileEncounterDialog *self,
             const char          *step,
             const char          *text)
{
  g_autofree char *line = NULL;
  gsize step_length = strlen (step);

  if (text == NULL)
    text = "";
  if (strncmp (text, step, step_length) == 0 && text[step_length] == ':')
    line = g_strdup (text);
  else
    /* Translators: a step of the encounter, then what it decided */
    line = g_strdup_printf (_("%s: %s"), step, text);
  nile_encounter_add_history (self->encounter, line);
  show_history (self);
}

/* The encounter can be ended early while it is under way. */
static void
update_end_button (NileEncounterDialog *self)
{
  gtk_widget_set_visible (self->end_button,
                          self->encounter != NULL &&
                          !g_str_equal (nile_encounter_get_step (self->encounter), NILE_ENCOUNTER_DONE));
}

static void
show_done (NileEncounterDialog *self)
{
  adw_window_title_set_subtitle (self->window_title, NULL);
  update_end_button (self);
  gtk_stack_set_visible_child_name (self->stack, "done");
}

static void
on_escape_complete (NileEncounterDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.escape",
                                 nile_escape_chooser_get_complete (self->escape_chooser));
}

/* Whom he takes: with no more members than he may take, all of them
 * are chosen already. */
static void
fill_escape_page (NileEncounterDialog *self)
{
  g_autoptr(NileExplorer) explorer = nile_campaign_book_dup_current_explorer (self->book, self->player);
  int amount = nile_encounter_get_int (self->encounter, "escapes", 0);
  NileExpedition none;
  g_autofree char *title = NULL;
  g_autofree char *hint = NULL;

  nile_expedition_init (&none);
  nile_escape_chooser_set_expedition (self->escape_chooser,
                                      explorer != NULL ? nile_explorer_get_expedition (explorer) : &none, amount);
  on_escape_complete (self);

  title = nile_escape_chooser_dup_heading (self->escape_chooser);
  gtk_label_set_text (self->escape_label, title);
  /* The defeat result, then what choosing means. */
  hint = g_strdup_printf ("%s\n%s", nile_encounter_get_summary (self->encounter), nile_escape_chooser_get_rule ());
  gtk_label_set_text (self->escape_hint_label, hint);
  adw_window_title_set_subtitle (self->window_title, _("Escape"));
  gtk_stack_set_visible_child_name (self->stack, "escape");
}

static void
show_step (NileEncounterDialog *self)
{
  const char *step = nile_encounter_get_step (self->encounter);
  const NileRollSpec *spec = nile_encounter_get_roll (self->encounter);
  g_autofree char *inputs = NULL;
  gboolean forbidden;

  g_array_set_size (self->entered, 0);
  update_entered (self);
  show_error (self->error_label, NULL);
  update_end_button (self);

  if (g_str_equal (step, NILE_ENCOUNTER_DONE))
    {
      show_done (self);
      return;
    }

  if (g_str_equal (step, NILE_ENCOUNTER_PRISONERS))
    {
      int prisoners = nile_encounter_get_int (self->encounter, "prisoners", 0);
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Prisoner Taken",
                                                             "%d Prisoners Taken", prisoners),
                                                prisoners);
      gboolean must_release = nile_encounter_get_must_release (self->encounter);

      gtk_label_set_text (self->prisoners_label, title);
      gtk_label_set_text (self->prisoners_hint_label,
                          must_release
                            ? _("A missionary, doctor or ethnologist must release them.")
                            : _("Keep them to carry like bearers, or set them free."));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.keep-prisoners", !must_release);
      adw_window_title_set_subtitle (self->window_title, _("Prisoners"));
      gtk_stack_set_visible_child_name (self->stack, "prisoners");
      return;
    }

  if (g_str_equal (step, NILE_ENCOUNTER_ESCAPE))
    {
      fill_escape_page (self);
      return;
    }

  g_return_if_fail (spec != NULL);
  /* A missionary, doctor or ethnologist can only leave the village be. */
  forbidden = g_str_equal (step, "looting") && nile_encounter_get_must_release (self->encounter);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.roll", !forbidden);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "encounter.enter-die", !forbidden);
  if (forbidden)
    show_error (self->error_label, _("His calling forbids looting: leave the village alone"));
  gtk_label_set_text (self->step_title_label, _(spec->title));
  gtk_label_set_text (self->step_summary_label, _(spec->summary));
  inputs = describe_inputs (self);
  gtk_label_set_text (self->step_inputs_label, inputs);
  gtk_widget_set_visible (GTK_WIDGET (self->step_inputs_label), inputs[0] != '\0');
  gtk_widget_set_visible (self->gifts_group, g_str_equal (step, "negotiation"));
  gtk_widget_set_visible (GTK_WIDGET (self->decline_button), nile_encounter_get_can_decline (self->encounter));
  gtk_button_set_label (self->decline_button, g_str_equal (step, "negotiation")
                                                ? _("_Offer No Gifts") : _("_Leave the Village"));
  /* The name is the label as shown, without its mnemonic mark. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->decline_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  adw_window_title_set_subtitle (self->window_title, _(spec->title));
  gtk_stack_set_visible_child_name (self->stack, "roll");
}

static void
add_change (NileEncounterDialog *self,
            const char          *text,
            gboolean             failed)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (failed)
    gtk_widget_add_css_class (row, "error");
  gtk_list_box_append (self->changes_list, row);
}

static void
clear_changes (NileEncounterDialog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->changes_list))) != NULL)
    gtk_list_box_remove (self->changes_list, child);
}

/* @operations (a(sa{sv})) and, after them, the turn step ticked in the
 * words of the encounter so far. */
static GVariant *
with_turn_step (NileEncounterDialog *self,
                GVariant            *operations)
{
  const char *summary = nile_encounter_get_summary (self->encounter);
  g_autofree char *note = g_utf8_substring (summary, 0, MIN (g_utf8_strlen (summary, -1), NILE_TURN_NOTE_MAX));
  g_auto(GVariantBuilder) all = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sa{sv})"));
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  GVariantIter iter;
  GVariant *operation;

  g_variant_iter_init (&iter, operations);
  while ((operation = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_variant_builder_add_value (&all, operation);
      g_variant_unref (operation);
    }
  g_variant_dict_insert (&params, "player", "s", nile_encounter_get_player (self->encounter));
  g_variant_dict_insert (&params, "step", "s", self->turn_step);
  g_variant_dict_insert (&params, "value", "s", note);
  g_variant_builder_add (&all, "(s@a{sv})", "turn-step", g_variant_dict_end (&params));
  return g_variant_ref_sink (g_variant_builder_end (&all));
}

/* The step's operations go through the campaign as one change, one
 * undo step, with the turn step when the dialog writes one and the
 * encounter as it now stands, kept to be taken up again (or ended). Its
 * log line is shown, or the refusal, with nothing applied and @error
 * set. */
static gboolean
apply_operations (NileEncounterDialog  *self,
                  GVariant             *operations,
                  GError              **error)
{
  NileCampaign *campaign = nile_campaign_book_get_campaign (self->book);
  GListModel *log = nile_campaign_get_log (campaign);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(NileLogEntry) entry = NULL;
  g_autoptr(GVariant) batch = NULL;
  gboolean books_change = g_variant_n_children (operations) > 0;

  clear_changes (self);
  gtk_label_set_text (self->changes_heading, _("Recorded in the campaign"));

  if (books_change && self->turn_step != NULL && nile_encounter_get_summary (self->encounter) != NULL)
    batch = with_turn_step (self, operations);
  else
    batch = g_variant_ref (operations);

  if (!nile_encounter_apply_step (self->encounter, campaign, g_steal_pointer (&batch), &local_error))
    {
      gtk_label_set_text (self->changes_heading, _("Not recorded in the campaign"));
      add_change (self, local_error->message, TRUE);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!books_change)
    {
      add_change (self, _("Nothing in the books changes"), FALSE);
      return TRUE;
    }
  entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  add_change (self, nile_log_entry_get_summary (entry), FALSE);
  return TRUE;
}

/* The campaign refused what a choice gave: the choice is shown again,
 * as the campaign holds things now, with the reason in @label. */
static void
choose_again (NileEncounterDialog *self,
              GtkLabel            *label,
              const GError        *refusal)
{
  nile_encounter_take_back_choice (self->encounter);
  show_history (self);
  show_step (self);
  show_error (label, refusal->message);
}

static void
show_result (NileEncounterDialog *self,
             const char          *outcome,
             const char          *text,
             NileRollResult      *needs_cell)
{
  gtk_label_set_text (self->outcome_label, outcome);
  gtk_label_set_text (self->outcome_text_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->outcome_label), needs_cell == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->outcome_text_label), needs_cell == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->changes_list), needs_cell == NULL);
  gtk_widget_set_visible (self->next_button, needs_cell == NULL);
  gtk_widget_set_visible (self->write_again_button, needs_cell == NULL && self->unwritten != NULL);
  nile_roll_card_set_result (self->roll_card, needs_cell);
  update_end_button (self);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_card), needs_cell != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.roll", needs_cell != NULL);
  /* Nothing selected on arrival: the next tap is the player's choice.
   * The focus is let go before the page changes, or the stack would
   * hand it to the first widget there that takes it: the selectable
   * label naming the blank cell, which selects all its text so. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  gtk_stack_set_visible_child_name (self->stack, "result");
  if (needs_cell == NULL)
    gtk_window_set_focus (GTK_WINDOW (self), self->next_button);
}

static void
roll_with (NileEncounterDialog *self,
           NileDiceSource      *dice)
{
  const NileRollSpec *spec = nile_encounter_get_roll (self->encounter);
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_with_dice = NULL;
  const guint8 *dice_used;
  guint n_dice;

  if (spec == NULL)
    return;
  if (g_str_equal (nile_encounter_get_step (self->encounter), "negotiation"))
    nile_encounter_set_input (self->encounter, "gifts",
                              g_variant_new_int32 ((int) gtk_adjustment_get_value (self->gifts_adjustment)));

  result = nile_encounter_roll (self->encounter, dice, sheets (self), &operations, &error);
  if (result == NULL)
    {
      show_error (self->error_label, error->message);
      gtk_stack_set_visible_child_name (self->stack, "roll");
      return;
    }

  dice_used = nile_roll_result_get_dice (result, &n_dice);
  g_array_set_size (self->pending_dice, 0);
  for (guint i = 0; i < n_dice; i++)
    {
      guint value = dice_used[i];

      g_array_append_val (self->pending_dice, value);
    }

  if (nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL)
    {
      show_result (self, NULL, NULL, result);
      return;
    }

  add_history (self, _(spec->title), nile_roll_result_get_text (result));

  /* The dice are thrown: a refusal keeps what they did, to be written
   * once whatever stopped it is put right. */
  g_clear_pointer (&self->unwritten, g_variant_unref);
  if (!apply_operations (self, operations, NULL))
    self->unwritten = g_variant_ref (operations);

  /* An escape is written once he has said whom he takes; the roll is
   * kept with the encounter meanwhile. */
  if (g_str_equal (nile_encounter_get_step (self->encounter), NILE_ENCOUNTER_ESCAPE))
    {
      show_step (self);
      return;
    }

  /* Translators: the roll's title, then what it decided */
  outcome = g_strdup_printf (_("%s: %s"), _(spec->title), nile_roll_result_get_outcome (result));
  text = describe_dice (self->pending_dice);
  /* Translators: what the roll decided, then the dice it used */
  text_with_dice = g_strdup_printf (_("%s\nDice: %s"), nile_roll_result_get_text (result), text);
  show_result (self, outcome, text_with_dice, NULL);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);

  roll_with (self, self->random_dice);
}

static void
enter_die_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  guint value = (guint) g_variant_get_int32 (parameter);

  if (value < 1 || value > N_FACES || self->entered->len >= MAX_ENTERED_DICE)
    return;
  g_array_append_val (self->entered, value);
  show_error (self->error_label, NULL);
  update_entered (self);
}

static void
clear_dice_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);

  g_array_set_size (self->entered, 0);
  show_error (self->error_label, NULL);
  update_entered (self);
}

static void
use_dice_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  g_autoptr(NileDiceSource) dice = NULL;

  if (self->entered->len == 0)
    return;
  dice = nile_entered_dice_new ((const guint *) (gpointer) self->entered->data, self->entered->len);
  roll_with (self, dice);
}

/* The owner gave the blank cell: the same dice are thrown again. */
static void
roll_again (NileEncounterDialog *self)
{
  g_autoptr(NileDiceSource) dice = NULL;

  if (self->pending_dice->len == 0)
    return;
  dice = nile_entered_dice_new ((const guint *) (gpointer) self->pending_dice->data, self->pending_dice->len);
  roll_with (self, dice);
}

static void
roll_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  roll_again (NILE_ENCOUNTER_DIALOG (widget));
}

static void
enter_dice_again_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  show_step (NILE_ENCOUNTER_DIALOG (widget));
}

static void
decline_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  const NileRollSpec *passed = nile_encounter_get_roll (self->encounter);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  if (passed == NULL || !nile_encounter_decline (self->encounter, &operations, &error))
    {
      if (error != NULL)
        show_error (self->error_label, error->message);
      return;
    }
  if (!apply_operations (self, operations, &error))
    {
      choose_again (self, self->error_label, error);
      return;
    }
  add_history (self, _(passed->title), nile_encounter_get_summary (self->encounter));
  show_step (self);
}

static void
settle_prisoners (NileEncounterDialog *self,
                  gboolean             keep)
{
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  if (!nile_encounter_settle_prisoners (self->encounter, keep, &operations, &error))
    {
      gtk_label_set_text (self->prisoners_hint_label, error->message);
      return;
    }
  add_history (self, _("Prisoners"), nile_encounter_get_summary (self->encounter));
  if (!apply_operations (self, operations, &error))
    {
      choose_again (self, self->prisoners_hint_label, error);
      return;
    }
  show_result (self, _("Prisoners"), nile_encounter_get_summary (self->encounter), NULL);
}

static void
keep_prisoners_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  settle_prisoners (NILE_ENCOUNTER_DIALOG (widget), TRUE);
}

static void
release_prisoners_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  settle_prisoners (NILE_ENCOUNTER_DIALOG (widget), FALSE);
}

static void
escape_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  g_autofree char *chosen = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *log = nile_campaign_get_log (nile_campaign_book_get_campaign (self->book));
  guint n_log = g_list_model_get_n_items (log);

  if (!nile_escape_chooser_get_complete (self->escape_chooser))
    return;
  chosen = nile_escape_chooser_dup_chosen (self->escape_chooser);

  if (!nile_encounter_settle_escape (self->encounter, chosen, &operations, &error))
    {
      gtk_label_set_text (self->escape_hint_label, error->message);
      return;
    }
  if (!apply_operations (self, operations, &error))
    {
      choose_again (self, self->escape_hint_label, error);
      return;
    }
  /* All that could wait was the encounter kept with the roll: this
   * change writes the roll itself. */
  g_clear_pointer (&self->unwritten, g_variant_unref);
  if (g_list_model_get_n_items (log) > n_log)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

      add_history (self, _("Escape"), nile_log_entry_get_summary (entry));
    }
  show_result (self, _("Escape"), nile_encounter_get_summary (self->encounter), NULL);
}

static void
write_again_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  g_autoptr(GVariant) operations = g_steal_pointer (&self->unwritten);

  if (operations != NULL && !apply_operations (self, operations, NULL))
    self->unwritten = g_steal_pointer (&operations);
  gtk_widget_set_visible (self->write_again_button, self->unwritten != NULL);
  gtk_window_set_focus (GTK_WINDOW (self), self->next_button);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);

  /* Moving on leaves a refused roll unwritten, as the list says. */
  g_clear_pointer (&self->unwritten, g_variant_unref);
  show_step (self);
}

/* Where the page of the encounter's step says what went wrong. */
static GtkLabel *
step_error_label (NileEncounterDialog *self)
{
  const char *step = nile_encounter_get_step (self->encounter);

  if (g_str_equal (step, NILE_ENCOUNTER_PRISONERS))
    return self->prisoners_hint_label;
  if (g_str_equal (step, NILE_ENCOUNTER_ESCAPE))
    return self->escape_hint_label;
  return self->error_label;
}

/* Ended where it stands (what is left is settled at the table, or the
 * players went on without it): one change, which Undo takes back; a
 * roll still waiting to be written is given up with it. */
static void
end_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (widget);
  g_autoptr(GVariant) nothing = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("(sa{sv})"), NULL, 0));
  g_autoptr(GError) error = NULL;
  GtkLabel *error_label;

  if (self->encounter == NULL || g_str_equal (nile_encounter_get_step (self->encounter), NILE_ENCOUNTER_DONE))
    return;

  error_label = step_error_label (self);
  nile_encounter_end (self->encounter);
  nile_encounter_add_history (self->encounter, _("Ended here, before its last step"));
  show_history (self);
  if (!apply_operations (self, nothing, &error))
    {
      choose_again (self, error_label, error);
      return;
    }
  g_clear_pointer (&self->unwritten, g_variant_unref);
  show_done (self);
}

/* A roll the campaign refused waits to be written: closing throws it
 * away. Everything else is kept with the encounter, step by step. */
static gboolean
has_work_to_lose (NileEncounterDialog *self)
{
  return self->unwritten != NULL;
}

static gboolean
close_stopped (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
on_stop_response (NileEncounterDialog *self,
                  const char          *response)
{
  if (!g_str_equal (response, "stop"))
    return;
  self->stop_confirmed = TRUE;
  /* Once the question has done answering: a window it is transient for
   * must outlive it. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_stopped, g_object_ref (self), g_object_unref);
}

/* Escape, the close button or the window manager while a roll waits to
 * be written: the players are asked before it is dropped. An encounter
 * closed otherwise is taken up again where it was. Connected as the window is
 * made, before anyone else's handler, so that a close taken back is
 * heard by no one (the Turn page ticks the natives as the window closes). */
static gboolean
on_close_request (NileEncounterDialog *self)
{
  AdwMessageDialog *question;

  if (self->stop_confirmed || !has_work_to_lose (self))
    return FALSE;

  if (self->stop_question != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->stop_question));
      return TRUE;
    }

  question = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Close Without the Last Roll?"),
                                                         _("The last roll is not in the campaign yet, and "
                                                           "closing now loses it. The encounter is taken up "
                                                           "again from before that roll.")));
  adw_message_dialog_add_responses (question,
                                    "continue", _("_Keep Playing"),
                                    "stop", _("_Close Anyway"),
                                    NULL);
  nile_ui_name_responses (question);
  adw_message_dialog_set_response_appearance (question, "stop", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (question, "continue");
  adw_message_dialog_set_close_response (question, "continue");
  g_signal_connect_object (question, "response", G_CALLBACK (on_stop_response), self, G_CONNECT_SWAPPED);
  self->stop_question = GTK_WIDGET (question);
  g_object_add_weak_pointer (G_OBJECT (question), (gpointer *) &self->stop_question);
  gtk_window_present (GTK_WINDOW (question));
  return TRUE;
}

static void
nile_encounter_dialog_dispose (GObject *object)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_ENCOUNTER_DIALOG);
  g_clear_object (&self->encounter);
  /* Its answer would close a window that is gone. */
  if (self->stop_question != NULL)
    {
      GtkWidget *question = g_steal_pointer (&self->stop_question);

      g_object_remove_weak_pointer (G_OBJECT (question), (gpointer *) &self->stop_question);
      gtk_window_destroy (GTK_WINDOW (question));
    }

  G_OBJECT_CLASS (nile_encounter_dialog_parent_class)->dispose (object);
}

static void
nile_encounter_dialog_finalize (GObject *object)
{
  NileEncounterDialog *self = NILE_ENCOUNTER_DIALOG (object);

  g_clear_object (&self->book);
  g_clear_object (&self->sheets);
  g_clear_object (&self->random_dice);
  g_clear_object (&self->explorer);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->turn_step, g_free);
  g_clear_pointer (&self->tribes, g_ptr_array_unref);
  g_clear_pointer (&self->entered, g_array_unref);
  g_clear_pointer (&self->pending_dice, g_array_unref);
  g_clear_object (&self->history);
  g_clear_pointer (&self->unwritten, g_variant_unref);

  G_OBJECT_CLASS (nile_encounter_dialog_parent_class)->finalize (object);
}

static void
nile_encounter_dialog_class_init (NileEncounterDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_encounter_dialog_dispose;
  object_class->finalize = nile_encounter_dialog_finalize;

  g_type_ensure (NILE_TYPE_DICE_KEYS);
  g_type_ensure (NILE_TYPE_ROLL_CARD);
  g_type_ensure (NILE_TYPE_ESCAPE_CHOOSER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-encounter-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, tribe_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, counter_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, hex_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, natives_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, roll_natives_button);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, policy_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, activity_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, desert_switch);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, river_switch);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, guide_row);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, guide_switch);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, tribe_error_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, step_title_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, step_summary_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, step_inputs_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, gifts_group);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, gifts_adjustment);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, gifts_spin);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, entered_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, decline_button);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, outcome_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, outcome_text_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, roll_card);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, changes_heading);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, changes_list);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, next_button);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, write_again_button);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, prisoners_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, prisoners_hint_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, escape_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, escape_hint_label);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, escape_chooser);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, done_page);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, end_button);
  gtk_widget_class_bind_template_child (widget_class, NileEncounterDialog, history_list);
  gtk_widget_class_bind_template_callback (widget_class, update_tribe_rows);
  gtk_widget_class_bind_template_callback (widget_class, on_escape_complete);

  gtk_widget_class_install_action (widget_class, "encounter.begin", NULL, begin_action);
  gtk_widget_class_install_action (widget_class, "encounter.roll-natives", NULL, roll_natives_action);
  gtk_widget_class_install_action (widget_class, "encounter.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "encounter.enter-die", "i", enter_die_action);
  gtk_widget_class_install_action (widget_class, "encounter.clear-dice", NULL, clear_dice_action);
  gtk_widget_class_install_action (widget_class, "encounter.use-dice", NULL, use_dice_action);
  gtk_widget_class_install_action (widget_class, "encounter.decline", NULL, decline_action);
  gtk_widget_class_install_action (widget_class, "encounter.keep-prisoners", NULL, keep_prisoners_action);
  gtk_widget_class_install_action (widget_class, "encounter.release-prisoners", NULL, release_prisoners_action);
  gtk_widget_class_install_action (widget_class, "encounter.escape", NULL, escape_action);
  gtk_widget_class_install_action (widget_class, "encounter.write-again", NULL, write_again_action);
  gtk_widget_class_install_action (widget_class, "encounter.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "encounter.end", NULL, end_action);
  /* The result card's own buttons, while it asks for a blank cell. */
  gtk_widget_class_install_action (widget_class, "quick-roll.roll", NULL, roll_again_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.enter-dice", NULL, enter_dice_again_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  for (int face = 1; face <= N_FACES; face++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + face - 1, 0,
                                         "encounter.enter-die", "i", face);
}

static void
nile_encounter_dialog_init (NileEncounterDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_list_choices_whole (self->tribe_row);
  nile_ui_list_choices_whole (self->size_row);
  nile_ui_list_choices_whole (self->policy_row);
  nile_ui_list_choices_whole (self->activity_row);

  self->tribes = g_ptr_array_new_with_free_func (g_object_unref);
  self->entered = g_array_new (FALSE, FALSE, sizeof (guint));
  self->pending_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  self->random_dice = nile_random_dice_new ();
  self->history = gtk_string_list_new (NULL);
  gtk_list_box_bind_model (self->history_list, G_LIST_MODEL (self->history), create_history_row, NULL, NULL);
  nile_ui_fit_spin_to_touch (self->gifts_spin);
  nile_ui_leave_scrolling_to_page (self->gifts_spin);
  update_entered (self);
  g_signal_connect_object (self->roll_card, "cell-learned", G_CALLBACK (roll_again), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
}

/* The encounter the player stopped halfway, taken up at the step it had
 * reached. One that can't be read is said so over the tribe page, where
 * meeting a tribe starts another in its place. */
static void
take_up_kept (NileEncounterDialog *self)
{
  g_autoptr(GError) error = NULL;
  const NileExpedition *makeup;

  if (self->explorer == NULL)
    return;

  self->encounter = nile_encounter_load (nile_campaign_book_get_campaign (self->book), self->player, &error);
  if (self->encounter == NULL)
    {
      if (error != NULL)
        show_error (self->tribe_error_label, error->message);
      return;
    }

  makeup = nile_explorer_get_expedition (self->explorer);
  gtk_adjustment_set_upper (self->gifts_adjustment, makeup->gifts);
  gtk_adjustment_set_value (self->gifts_adjustment, MIN (makeup->gifts, 10));
  show_history (self);
  show_step (self);
  if (!g_str_equal (nile_encounter_get_step (self->encounter), NILE_ENCOUNTER_DONE))
    {
      /* Translators: the window's subtitle over an encounter stopped
       * halfway and opened again; %d is the tribe's native counter */
      g_autofree char *subtitle = g_strdup_printf (_("Tribe %d, taken up again"),
                                                   nile_encounter_get_tribe (self->encounter));

      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
}

GtkWidget *
nile_encounter_dialog_new (GtkWindow        *parent,
                           NileCampaignBook *book,
                           NileSheetStore   *sheets,
                           const char       *player)
{
  NileEncounterDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (book), NULL);
  g_return_val_if_fail (sheets == NULL || NILE_IS_SHEET_STORE (sheets), NULL);
  g_return_val_if_fail (player != NULL, NULL);

  self = g_object_new (NILE_TYPE_ENCOUNTER_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->book = g_object_ref (book);
  g_set_object (&self->sheets, sheets);
  nile_roll_card_set_sheets (self->roll_card, sheets);
  self->player = g_strdup (player);
  self->explorer = nile_campaign_book_dup_current_explorer (book, player);
  fill_tribe_page (self);
  take_up_kept (self);
  return GTK_WIDGET (self);
}

void
nile_encounter_dialog_set_turn_step (NileEncounterDialog *self,
                                     const char          *step)
{
  g_return_if_fail (NILE_IS_ENCOUNTER_DIALOG (self));

  g_free (self->turn_step);
  self->turn_step = g_strdup (step);
}

NileEncounter *
nile_encounter_dialog_get_encounter (NileEncounterDialog *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER_DIALOG (self), NULL);
  return self->encounter;
}
