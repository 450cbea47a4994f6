/* nile-turn-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-turn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-apply-roll.h"
#include "nile-display-names.h"
#include "nile-encounter-dialog.h"
#include "nile-encounter.h"
#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-form-fields.h"
#include "nile-hex-discovery.h"
#include "nile-log-entry.h"
#include "nile-quick-roll.h"
#include "nile-roll.h"
#include "nile-roll-window.h"
#include "nile-sheet-store.h"
#include "nile-turn.h"
#include "nile-turn-page.h"
#include "nile-ui-util.h"

/* The turn of whoever is to play, as a checklist in the order of play
 * (R 8; the DG sequence of play): the activity level, then a row per
 * step to tick off or act on, then the end of the turn as the core
 * works it out, applied in one undoable change. Everything ticked is
 * kept in the campaign (turn-step), so a half-played turn survives a
 * restart; the page holds nothing of its own but whose turn it shows,
 * and where that turn ends (Cape Colony, a port), which end-turn is
 * told as it is applied. */
struct _NileTurnPage
{
  AdwBin               parent_instance;

  NileCampaignBook    *book;
  char                *player;
  char                *activity;
  NileExplorer        *explorer;
  GHashTable          *done;
  NileSheetStore      *sheets;
  GPtrArray           *rows;
  /* The forms, rolls and encounter open for the turn shown: closed
   * when another turn is shown (another program ended this one) or
   * another campaign. */
  GPtrArray           *turn_windows;
  /* This page ended the shown player's turn: it says so until Next Player. */
  gboolean             ended;
  gboolean             updating;
  /* The turn the Cape Colony and port switches were set in; 0 after
   * another player is shown. */
  int                  where_turn;

  AdwStatusPage       *over_page;
  AdwStatusPage       *won_page;
  GtkButton           *next_button;
  GtkLabel            *title_label;
  GtkLabel            *where_label;
  AdwPreferencesGroup *activity_group;
  AdwPreferencesGroup *steps_group;
  GtkListBox          *steps_list;
  AdwPreferencesGroup *upkeep_group;
  AdwActionRow        *cape_colony_row;
  GtkSwitch           *cape_colony_switch;
  GtkWidget           *port_row;
  GtkSwitch           *port_switch;
  GtkListBox          *upkeep_list;
  GtkButton           *end_button;
};

G_DEFINE_FINAL_TYPE (NileTurnPage, nile_turn_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  PROP_PLAYER,
  PROP_ACTIVITY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Where a step is played: the interior, Europe and the port a new
 * expedition sails to, or a native village for a captive. */
typedef enum {
  PLACE_AFRICA,
  PLACE_EUROPE,
  PLACE_CAPTIVE,
} Place;

/* The rows of the checklist after the activity level. @status is where
 * the explorer must be for the step's button to work. A step with
 * @drawn_subtitle is over once the turn's donations are drawn: a turn in
 * Europe draws once, or sails, and publishes before it draws (R 26.2–26.5).
 * A step with @roll waits for the activity level where that roll reads it. */
static const struct {
  const char *step;
  Place       place;
  const char *status;
  const char *title;
  const char *subtitle;
  const char *button;
  const char *action;
  const char *drawn_subtitle;
  const char *roll;
} steps[] = {
  { "disaster", PLACE_AFRICA, "in-africa", N_("Disaster Card"),
    N_("What the card did: carriers and anything else lost"), N_("_Enter…"), "turn.disaster" },
  { "movement", PLACE_AFRICA, "in-africa", N_("Movement"),
    N_("Each hex left: a lost check where the rules call for one"), N_("_Lost Check…"), "turn.lost-check",
    NULL, "lost" },
  { "new-hex", PLACE_AFRICA, "in-africa", N_("New Hex"),
    N_("Terrain, river, natives and discoveries of the hex entered"), N_("_Record…"), "turn.record-hex" },
  { "natives", PLACE_AFRICA, "in-africa", N_("Natives"),
    N_("Meet the tribe of the hex: attitude, gifts, a fight"), N_("_Meet…"), "turn.natives",
    NULL, "native-attitude" },
  { "hunting", PLACE_AFRICA, "in-africa", N_("Hunting"),
    N_("The hunters’ roll; fresh rations spoil at the end of the turn"), N_("_Hunt…"), "turn.hunt",
    NULL, "hunting" },
  { "publish", PLACE_EUROPE, "in-europe", N_("Publish"),
    N_("Discoveries published become VP for good"), N_("_Publish…"), "turn.publish",
    N_("Donations were drawn this turn: publish next turn") },
  { "donations", PLACE_EUROPE, "in-europe", N_("Donations"),
    N_("The donation cards drawn: money and free tickets"), N_("_Enter…"), "turn.donations",
    N_("This turn’s cards are drawn") },
  { "sail", PLACE_EUROPE, "in-europe", N_("Sail"),
    N_("Sail for a port with a new expedition"), N_("_Sail…"), "turn.sail",
    N_("Donations were drawn this turn: sail next turn") },
  { "outfit", PLACE_EUROPE, "in-port", N_("Outfit"),
    N_("Hire and buy in port at the Rates of Exchange"), N_("_Buy…"), "turn.outfit" },
  { "set-out", PLACE_EUROPE, "in-port", N_("Set Out"),
    N_("Leave port for the interior; money not spent is lost"), N_("_Set Out…"), "turn.set-out" },
  { "escape", PLACE_CAPTIVE, "captive", N_("Escape Attempt"),
    N_("Each turn after the capture: killed, still held, or away"), N_("_Roll…"), "turn.escape" },
};

/* Row titles of the sick, by nile_turn_sick_kinds(). */
static const struct {
  const char *who;
  const char *title;
} sick_titles[] = {
  { "explorer", N_("The Explorer Is Sick") },
  { "bearers", N_("Sick Bearers") },
  { "guides", N_("Sick Guides") },
  { "askaris", N_("Sick Askaris") },
};

/* Headings of the upkeep steps, in NileUpkeepStepKind order; a loss of
 * people or animals is marked so it is not missed. */
static const struct {
  const char *title;
  gboolean    loss;
} upkeep_steps[] = {
  { N_("Hunting"), FALSE },
  { N_("Eating"), FALSE },
  { N_("Hunger"), TRUE },
  { N_("Horses in the Desert"), TRUE },
  { N_("Spoiling"), FALSE },
  { N_("Water"), FALSE },
  { N_("Thirst"), TRUE },
  { N_("Recovery"), FALSE },
  { N_("Desertion"), TRUE },
};

/* What the Outfit dialog buys, as the outfit operation names it. */
static const struct {
  const char *kind;
  const char *label;
} outfit_kinds[] = {
  { "bearers", N_("Bearers") },
  { "guides", N_("Guides") },
  { "askaris", N_("Askaris") },
  { "horses", N_("Horses") },
  { "camels", N_("Camels") },
  { "canoes", N_("Canoes") },
  { "rations", N_("Rations") },
  { "gifts", N_("Gifts") },
  { "muskets", N_("Muskets") },
};

#define STEP_KEY "nile-turn-step"

static void nile_turn_page_update (NileTurnPage *self);

static gboolean
is_done (NileTurnPage *self,
         const char   *step)
{
  return self->done != NULL && g_hash_table_contains (self->done, step);
}

static const char *
explorer_status (NileTurnPage *self)
{
  return self->explorer != NULL ? nile_explorer_get_status (self->explorer) : NULL;
}

static NileEdition
book_edition (NileTurnPage *self)
{
  int edition = NILE_EDITION_AH;

  nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (self->book), &edition);
  return edition;
}

/* The step at @index reads the turn's activity level, and none is chosen
 * yet. No form guesses one: the level is announced before moving
 * (R 9.12), and the lost check, hunting and the natives' attitude each
 * read it (R 12.6, 18.33, 13.3). */
static gboolean
waits_for_activity (NileTurnPage *self,
                    guint         index)
{
  const NileRollSpec *spec = steps[index].roll != NULL ? nile_roll_lookup (steps[index].roll) : NULL;
  NileEdition edition = book_edition (self);

  return spec != NULL && self->activity[0] == '\0' && nile_roll_spec_has_edition (spec, edition) &&
         nile_roll_spec_find_input (spec, edition, "activity") != NULL;
}

/* Applies @operation for the shown player; the core's refusal is shown
 * by the window and the page reads the campaign as it still is. */
static gboolean
apply (NileTurnPage *self,
       const char   *operation,
       GVariantDict *dict)
{
  g_variant_dict_insert (dict, "player", "s", self->player);

  if (nile_ui_apply (GTK_WIDGET (self), nile_campaign_book_get_campaign (self->book),
                     operation, g_variant_dict_end (dict)))
    return TRUE;

  nile_turn_page_update (self);
  return FALSE;
}

/* Where the expedition ends its turn, as end-turn's parameters: only
 * what is switched on, so a turn ended inland is written as before. */
static void
add_where (NileTurnPage *self,
           GVariantDict *dict)
{
  if (gtk_switch_get_active (self->cape_colony_switch))
    g_variant_dict_insert (dict, "cape-colony", "b", TRUE);
  if (gtk_switch_get_active (self->port_switch))
    g_variant_dict_insert (dict, "port", "b", TRUE);
}

/* The end of the shown player's turn as end-turn will apply it. */
static NileUpkeepPlan *
plan_upkeep (NileTurnPage  *self,
             GError       **error)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  add_where (self, &dict);
  return nile_turn_plan_upkeep_full (nile_campaign_book_get_campaign (self->book), self->player,
                                     g_variant_dict_end (&dict), error);
}

/* The turn-step parameters that tick @step off, with @value as its note. */
static void
tick_params (GVariantDict *dict,
             const char   *step,
             const char   *value)
{
  g_variant_dict_insert (dict, "step", "s", step);
  if (value != NULL && value[0] != '\0')
    {
      /* A note is a few words; a long roll text is cut, not refused. */
      g_autofree char *note = g_utf8_substring (value, 0, MIN (g_utf8_strlen (value, -1), NILE_TURN_NOTE_MAX));

      g_variant_dict_insert (dict, "value", "s", note);
    }
}

static void
tick (NileTurnPage *self,
      const char   *step,
      const char   *value)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  tick_params (&dict, step, value);
  apply (self, "turn-step", &dict);
}

/* One player action that takes several operations: they are gathered
 * here and applied as one change, so one undo takes the action back and
 * a refusal leaves nothing half done. */
static void
batch_add (NileTurnPage    *self,
           GVariantBuilder *batch,
           const char      *operation,
           GVariantDict    *dict)
{
  g_variant_dict_insert (dict, "player", "s", self->player);
  g_variant_builder_add (batch, "(s@a{sv})", operation, g_variant_dict_end (dict));
}

static void
batch_add_tick (NileTurnPage    *self,
                GVariantBuilder *batch,
                const char      *step,
                const char      *value)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  tick_params (&dict, step, value);
  batch_add (self, batch, "turn-step", &dict);
}

/* ---- Dialogs: a boxed list of fields under a message ----------------- */

static NileFormFields *
form_fields (AdwMessageDialog *dialog)
{
  return NILE_FORM_FIELDS (adw_message_dialog_get_extra_child (dialog));
}

/* The dialog of @fields' form, with @body as its text: asked the first
 * time, or again around the same fields. */
static AdwMessageDialog *
form_dialog_new (NileTurnPage   *self,
                 NileFormFields *fields,
                 const char     *body)
{
  const char *response = nile_form_fields_get_response (fields);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                              nile_form_fields_get_heading (fields), body);

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (fields));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, nile_form_fields_get_response_label (fields),
                                    NULL);
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", nile_form_fields_get_on_response (fields), self,
                           G_CONNECT_SWAPPED);
  nile_ui_keep_dialog (self->turn_windows, GTK_WINDOW (dialog));
  return ADW_MESSAGE_DIALOG (dialog);
}

static AdwMessageDialog *
form_new (NileTurnPage *self,
          const char   *heading,
          const char   *body,
          const char   *response,
          const char   *response_label,
          GCallback     on_response)
{
  return form_dialog_new (self, nile_form_fields_new (heading, response, response_label, on_response), body);
}

/* The core refused what the form asked for: the same form again, its
 * fields as the player left them, with the reason in full as its text
 * (a toast would cut it short, and closing would lose what was typed). */
static void
form_ask_again (NileTurnPage     *self,
                AdwMessageDialog *dialog,
                const char       *reason)
{
  g_autoptr(NileFormFields) fields = NULL;
  AdwMessageDialog *again;

  /* The refusal may come with another program's change, read just before
   * writing, that moved the turn on: the page then closed the form and
   * said why. Asked again, it would answer for the next player's turn. */
  if (!g_ptr_array_find (self->turn_windows, dialog, NULL))
    return;

  fields = g_object_ref (form_fields (dialog));
  adw_message_dialog_set_extra_child (dialog, NULL);
  again = form_dialog_new (self, fields, NULL);
  nile_ui_set_refusal (again, reason);
  gtk_window_present (GTK_WINDOW (again));
}

static gboolean
batch_apply (NileTurnPage     *self,
             GVariantBuilder  *batch,
             const char       *summary,
             AdwMessageDialog *form)
{
  g_autoptr(GError) error = NULL;

  if (nile_campaign_apply_all (nile_campaign_book_get_campaign (self->book),
                               g_variant_builder_end (batch), summary, &error))
    return TRUE;

  if (form != NULL)
    form_ask_again (self, form, error->message);
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "s", error->message);
  nile_turn_page_update (self);
  return FALSE;
}

/* @operation for @player, from @form: asked again with the reason when
 * the core refuses it. */
static gboolean
apply_in_form (NileTurnPage     *self,
               const char       *player,
               const char       *operation,
               GVariantDict     *dict,
               AdwMessageDialog *form)
{
  g_autoptr(GError) error = NULL;

  g_variant_dict_insert (dict, "player", "s", player);
  if (nile_campaign_apply (nile_campaign_book_get_campaign (self->book), operation,
                           g_variant_dict_end (dict), &error))
    return TRUE;

  form_ask_again (self, form, error->message);
  nile_turn_page_update (self);
  return FALSE;
}

/* @operation and the tick of @step it stands for, as one change. */
static gboolean
apply_and_tick (NileTurnPage     *self,
                const char       *operation,
                GVariantDict     *dict,
                const char       *step,
                const char       *note,
                AdwMessageDialog *form)
{
  g_auto(GVariantBuilder) batch = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sa{sv})"));

  batch_add (self, &batch, operation, dict);
  batch_add_tick (self, &batch, step, note);
  return batch_apply (self, &batch, NULL, form);
}

/* ---- The disaster card ----------------------------------------------- */

static void
on_disaster_response (NileTurnPage     *self,
                      const char       *response,
                      AdwMessageDialog *dialog)
{
  NileFormFields *fields = form_fields (dialog);
  g_autofree char *what = g_strstrip (g_strdup (nile_form_fields_get_text (fields, "what")));
  g_autofree char *losses = g_strstrip (g_strdup (nile_form_fields_get_text (fields, "losses")));
  gint64 carriers = nile_form_fields_get_int (fields, "carriers");
  g_auto(GVariantBuilder) batch = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sa{sv})"));

  if (!g_str_equal (response, "record") || self->explorer == NULL)
    return;

  if (carriers > 0)
    {
      g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

      g_variant_dict_insert (&dict, "count", "x", carriers);
      batch_add (self, &batch, "lose-carriers", &dict);
    }

  if (losses[0] != '\0')
    {
      g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

      g_variant_dict_insert (&dict, "effects", "s", losses);
      g_variant_dict_insert (&dict, "reason", "s", what[0] != '\0' ? what : _("Disaster card"));
      batch_add (self, &batch, "apply-effects", &dict);
    }

  batch_add_tick (self, &batch, "disaster", what);
  batch_apply (self, &batch, _("Disaster card"), dialog);
}

static void
nile_turn_page_disaster (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  const NileExpedition *expedition;
  AdwMessageDialog *dialog;
  NileFormFields *fields;
  gboolean by_canoe;

  if (self->explorer == NULL)
    return;

  expedition = nile_explorer_get_expedition (self->explorer);
  by_canoe = expedition->mode == NILE_TRAVEL_MODE_CANOE;
  dialog = form_new (self, _("Disaster Card"),
                     _("Carriers lost take their share of every load with them. Other losses are a kind "
                       "and an amount each, such as “askaris:-1 rations:-5”."),
                     "record", _("_Record"), G_CALLBACK (on_disaster_response));
  fields = form_fields (dialog);
  nile_form_fields_add_entry (fields, "what", _("What the Card Did"), NULL);
  nile_form_fields_add_spin (fields, "carriers", by_canoe ? _("Canoes Lost") : _("Bearers Lost"),
                             0, by_canoe ? expedition->canoes : expedition->bearers, 0);
  nile_form_fields_add_entry (fields, "losses", _("Other Losses"), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- The new hex ----------------------------------------------------- */

static void
on_record_hex_response (NileTurnPage     *self,
                        const char       *response,
                        AdwMessageDialog *dialog)
{
  NileFormFields *fields = form_fields (dialog);
  g_autofree char *hex = g_strstrip (g_strdup (nile_form_fields_get_text (fields, "hex")));
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  g_auto(GVariantBuilder) batch = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sa{sv})"));

  if (!g_str_equal (response, "record") || self->explorer == NULL)
    return;

  /* The expedition is where the hex is: end-turn reads its terrain. */
  if (g_strcmp0 (hex, nile_explorer_get_hex (self->explorer)) != 0)
    {
      g_auto(GVariantDict) move = G_VARIANT_DICT_INIT (NULL);

      g_variant_dict_insert (&move, "hex", "s", hex);
      batch_add (self, &batch, "move", &move);
    }

  g_variant_dict_insert (&dict, "hex", "s", hex);
  g_variant_dict_insert (&dict, "terrain", "s",
                         nile_enum_to_nick (NILE_TYPE_TERRAIN, nile_form_fields_get_selected (fields, "terrain")));
  g_variant_dict_insert (&dict, "river", "b", nile_form_fields_get_bool (fields, "river"));
  g_variant_dict_insert (&dict, "natives", "b", nile_form_fields_get_bool (fields, "natives"));
  /* DG works a hex's VP out; AH reads them off the owner's chart. */
  if (nile_form_fields_get_control (fields, "vp") != NULL)
    g_variant_dict_insert (&dict, "vp", "x", nile_form_fields_get_int (fields, "vp"));
  batch_add (self, &batch, "record-hex", &dict);

  batch_add_tick (self, &batch, "new-hex", hex);
  batch_apply (self, &batch, _("New hex"), dialog);
}

static void
nile_turn_page_record_hex (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  g_autoptr(GEnumClass) terrains = g_type_class_ref (NILE_TYPE_TERRAIN);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  AdwMessageDialog *dialog;
  NileFormFields *fields;

  if (self->explorer == NULL)
    return;

  for (guint i = 0; i < terrains->n_values; i++)
    g_ptr_array_add (labels, (gpointer) nile_display_terrain (terrains->values[i].value_nick));
  g_ptr_array_add (labels, NULL);

  /* The chart's name goes in the text: as a field's title, it left the
   * field a word's width on a phone. */
  dialog = form_new (self, _("New Hex"),
                     book_edition (self) == NILE_EDITION_AH
                       ? _("What the expedition found in the hex it entered, and its VP from your Victory Point Chart.")
                       : _("What the expedition found in the hex it entered."),
                     "record", _("_Record"), G_CALLBACK (on_record_hex_response));
  fields = form_fields (dialog);
  nile_form_fields_add_entry (fields, "hex", _("Hex"), nile_explorer_get_hex (self->explorer));
  nile_form_fields_add_choice (fields, "terrain", _("Terrain"), (const char * const *) labels->pdata,
                               NILE_TERRAIN_VELDT);
  nile_form_fields_add_switch (fields, "river", _("River"), FALSE);
  nile_form_fields_add_switch (fields, "natives", _("Natives Live Here"), FALSE);
  if (book_edition (self) == NILE_EDITION_AH)
    nile_form_fields_add_spin (fields, "vp", _("Victory Points"), 0, 100, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Rolls of the turn: written down with their step ---------------- */

/* Opens the roll panel for a roll made as a step of the turn (@step).
 * The result card's Apply runs the operation that writes the roll's
 * effects and the step in one change, one undo step (a floating
 * @context is added to its parameters); @on_closed (a close-request
 * handler of the page) says what closing the window without it writes.
 * The roll is made once: applied, it is not rolled again here. */
static NileQuickRoll *
open_turn_roll (NileTurnPage *self,
                const char   *roll_name,
                const char   *step,
                const char   *title,
                GVariant     *context,
                GCallback     on_closed)
{
  g_autoptr(GVariant) owned = context != NULL ? g_variant_ref_sink (context) : NULL;
  g_autoptr(GVariant) known = NULL;
  g_autoptr(GError) error = NULL;
  NileRollWindow *window;
  NileQuickRoll *roll;
  GVariantIter iter;
  const char *name;
  GVariant *value;

  if (self->explorer == NULL)
    return NULL;

  if (self->sheets == NULL)
    {
      self->sheets = nile_sheet_store_dup_default (&error);
      if (self->sheets == NULL)
        {
          gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "s", error->message);
          return NULL;
        }
    }

  window = nile_roll_window_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                 nile_campaign_book_get_campaign (self->book), self->explorer, step);
  gtk_window_set_title (GTK_WINDOW (window), title);
  roll = nile_roll_window_get_roll (window);
  nile_quick_roll_set_edition (roll, book_edition (self));
  nile_quick_roll_set_sheets (roll, self->sheets);
  nile_quick_roll_set_roll (roll, roll_name);
  nile_roll_window_set_turn_roll (window, nile_turn_roll_operation (roll_name), owned);

  /* What the turn already knows (the activity level chosen, the hex he
   * is in); a roll without such an input ignores it. */
  known = g_variant_ref_sink (nile_campaign_book_get_roll_inputs (self->book, self->player));
  g_variant_iter_init (&iter, known);
  while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
    nile_quick_roll_set_input (roll, name, value);

  g_signal_connect_object (window, "close-request", on_closed, self, G_CONNECT_SWAPPED);
  nile_ui_keep_dialog (self->turn_windows, GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  return roll;
}

/* A roll made and not applied in the window is written down as it
 * closes, with its step; applied, the one change holds it all already. */
static void
write_turn_roll (NileTurnPage   *self,
                 NileRollWindow *window)
{
  NileRollResult *result = nile_roll_window_get_finished_result (window);

  if (result == NULL || self->player == NULL ||
      nile_quick_roll_get_result_applied (nile_roll_window_get_roll (window)))
    return;

  nile_ui_apply (GTK_WIDGET (self), nile_campaign_book_get_campaign (self->book),
                 nile_roll_window_get_operation (window),
                 nile_apply_roll_params (self->player, result, nile_roll_window_get_context (window)));
}

/* A Lost check or a hunt made and read counts as the step done, and
 * closing records it as the Keyboard Shortcuts window says: what the
 * roll brought (a hunt's rations) with its step, in one change, as a
 * recovery roll's window does. Applied, the one change holds it all. */
static gboolean
on_noted_roll_closed (NileTurnPage   *self,
                      NileRollWindow *window)
{
  if (!is_done (self, nile_roll_window_get_step (window)))
    write_turn_roll (self, window);
  return FALSE;
}

static void
nile_turn_page_lost_check (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  open_turn_roll (NILE_TURN_PAGE (widget), "lost", "movement", _("Lost Check"), NULL,
                  G_CALLBACK (on_noted_roll_closed));
}

static void
nile_turn_page_hunt (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  open_turn_roll (NILE_TURN_PAGE (widget), "hunting", "hunting", _("Hunting"), NULL,
                  G_CALLBACK (on_noted_roll_closed));
}

/* The recovered back to their duties, the dead gone, and the roll made
 * this turn, even when everyone stays sick, so no one is rolled for
 * twice (R 19.2): recovery-roll writes all of it. */
static gboolean
on_recovery_closed (NileTurnPage   *self,
                    NileRollWindow *window)
{
  write_turn_roll (self, window);
  return FALSE;
}

static void
nile_turn_page_recovery (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  const char *who = g_variant_get_string (parameter, NULL);
  g_autofree char *title = NULL;
  g_autoptr(NileUpkeepPlan) plan = NULL;
  NileQuickRoll *roll;
  int n_sick;

  if (self->explorer == NULL)
    return;

  /* Each sick person has one roll a turn: those rolled for are not
   * offered again. */
  n_sick = nile_turn_count_recovery_due (self->done, nile_explorer_get_expedition (self->explorer), who);
  if (n_sick == 0)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (sick_titles); i++)
    if (g_str_equal (sick_titles[i].who, who))
      /* Translators: the Recovery roll window's title, e.g. "Recovery: Sick Bearers" */
      title = g_strdup_printf (_("Recovery: %s"), _(sick_titles[i].title));

  roll = open_turn_roll (self, "recovery", NULL, title != NULL ? title : _("Recovery"),
                         g_variant_new_parsed ("{'sick': <%s>}", who), G_CALLBACK (on_recovery_closed));
  if (roll == NULL)
    return;
  nile_quick_roll_set_input (roll, "sick", g_variant_new_int32 (n_sick));

  /* The doctor of Cape Colony or a port, where the end of the turn
   * counts one (R 19.6); a doctor explorer is read by the roll itself. */
  plan = plan_upkeep (self, NULL);
  if (plan != NULL && nile_upkeep_plan_doctor_in_hex (plan))
    nile_quick_roll_set_input (roll, "doctor", g_variant_new_boolean (TRUE));
}

/* The captive's fate and the attempt made: escape-roll writes both. One
 * attempt a turn is written down (R 15.3). */
static gboolean
on_escape_closed (NileTurnPage   *self,
                  NileRollWindow *window)
{
  if (!is_done (self, "escape"))
    write_turn_roll (self, window);
  return FALSE;
}

static void
nile_turn_page_escape (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  open_turn_roll (NILE_TURN_PAGE (widget), "escape", "escape", _("Escape Attempt"), NULL,
                  G_CALLBACK (on_escape_closed));
}

/* ---- Natives: the encounter flow, for the player whose turn it is ---- */

/* An encounter that got past meeting the tribe is the step done, in the
 * words of its last decision. A step that changed the books wrote it
 * already, with its change; one that did not leaves it to closing. */
static gboolean
on_encounter_closed (NileTurnPage        *self,
                     NileEncounterDialog *dialog)
{
  NileEncounter *encounter = nile_encounter_dialog_get_encounter (dialog);
  const char *summary = encounter != NULL ? nile_encounter_get_summary (encounter) : NULL;

  if (summary != NULL && self->player != NULL && !is_done (self, "natives"))
    tick (self, "natives", summary);

  return FALSE;
}

/* Steps answered with one line of text, each recorded as one operation
 * with its tick by on_text_step_response(). */
typedef struct {
  const char *response;   /* the dialog's answer that records it */
  const char *operation;
  const char *key;        /* the operation's parameter, and the form's field */
  gboolean    optional;   /* left out of the operation when blank */
  const char *step;       /* the turn step it ticks, NULL when the operation does */
} TextStep;

/* Sail and Set Out tick their own steps, with the port as the books
 * spell it or the hex. */
static const TextStep sail_step = { "sail", "sail", "port", FALSE, NULL };
static const TextStep set_out_step = { "set-out", "set-out", "hex", FALSE, NULL };

static void
on_text_step_response (NileTurnPage     *self,
                       const char       *response,
                       AdwMessageDialog *dialog)
{
  NileFormFields *fields = form_fields (dialog);
  const TextStep *step = nile_form_fields_get_user_data (fields);
  g_autofree char *text = g_strstrip (g_strdup (nile_form_fields_get_text (fields, step->key)));
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (!g_str_equal (response, step->response))
    return;

  if (text[0] != '\0' || !step->optional)
    g_variant_dict_insert (&dict, step->key, "s", text);
  if (step->step == NULL)
    apply_in_form (self, self->player, step->operation, &dict, dialog);
  else
    apply_and_tick (self, step->operation, &dict, step->step, text, dialog);
}

static AdwMessageDialog *
text_step_new (NileTurnPage   *self,
               const TextStep *step,
               const char     *heading,
               const char     *body,
               const char     *label,
               const char     *field_title)
{
  AdwMessageDialog *dialog;

  dialog = form_new (self, heading, body, step->response, label, G_CALLBACK (on_text_step_response));
  nile_form_fields_set_user_data (form_fields (dialog), (gpointer) step, NULL);
  nile_form_fields_add_entry (form_fields (dialog), step->key, field_title, NULL);
  return dialog;
}

static void
nile_turn_page_natives (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  GtkWidget *dialog;

  if (self->explorer == NULL)
    return;

  dialog = nile_encounter_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->book, self->sheets,
                                      self->player);
  /* Each step of the encounter that changes the books ticks the natives
   * in the same change: one undo step, as any roll of the turn. */
  if (!is_done (self, "natives"))
    nile_encounter_dialog_set_turn_step (NILE_ENCOUNTER_DIALOG (dialog), "natives");
  g_signal_connect_object (dialog, "close-request", G_CALLBACK (on_encounter_closed), self, G_CONNECT_SWAPPED);
  nile_ui_keep_dialog (self->turn_windows, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Europe and the port --------------------------------------------- */

/* The Publish and Donations forms serve any player. For the one whose
 * turn is shown they are steps of it, ticked as they are recorded; for
 * anyone else (a step forgotten on his turn) only the operation is
 * applied, his turn's checklist being the page's only while it is his.
 * What else their fields are read with is kept with them, as it must
 * go along when a form is asked again. */
typedef struct {
  char      *player;
  GPtrArray *hexes;    /* Publish: the labels of the hexes offered, their fields' keys */
  guint      n_cards;  /* Donations: the cards drawn, each a choice and its two fields */
} EuropeForm;

static void
europe_form_free (EuropeForm *form)
{
  g_free (form->player);
  g_clear_pointer (&form->hexes, g_ptr_array_unref);
  g_free (form);
}

static EuropeForm *
europe_form_new (AdwMessageDialog *dialog,
                 const char       *player)
{
  EuropeForm *form = g_new0 (EuropeForm, 1);

  form->player = g_strdup (player);
  nile_form_fields_set_user_data (form_fields (dialog), form, (GDestroyNotify) europe_form_free);
  return form;
}

static EuropeForm *
europe_form_get (AdwMessageDialog *dialog)
{
  return nile_form_fields_get_user_data (form_fields (dialog));
}

static gboolean
europe_form_apply (NileTurnPage     *self,
                   AdwMessageDialog *dialog,
                   const char       *operation,
                   GVariantDict     *dict,
                   const char       *step,
                   const char       *note)
{
  const char *player = europe_form_get (dialog)->player;

  if (!self->ended && g_strcmp0 (player, self->player) == 0)
    return apply_and_tick (self, operation, dict, step, note, dialog);
  return apply_in_form (self, player, operation, dict, dialog);
}

/* The hexes ticked in the Publish form, as the operation takes them:
 * none for all of them. @note, if not NULL, gets them all as the step's
 * note says them. */
static char *
publish_form_choice (AdwMessageDialog  *dialog,
                     guint             *n_chosen,
                     char             **note)
{
  GPtrArray *hexes = europe_form_get (dialog)->hexes;
  g_autoptr(GStrvBuilder) chosen = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;

  *n_chosen = 0;
  for (guint i = 0; i < hexes->len; i++)
    if (nile_form_fields_get_checked (form_fields (dialog), g_ptr_array_index (hexes, i)))
      {
        g_strv_builder_add (chosen, g_ptr_array_index (hexes, i));
        (*n_chosen)++;
      }

  labels = g_strv_builder_end (chosen);
  if (note != NULL)
    *note = g_strjoinv (", ", labels);
  if (*n_chosen == hexes->len)
    return NULL;
  return g_strjoinv (",", labels);
}

/* Keeping every hex back is Cancel's to say. */
static void
on_publish_toggled (GtkCheckButton *check)
{
  GtkRoot *dialog = gtk_widget_get_root (GTK_WIDGET (check));
  g_autofree char *hexes = NULL;
  guint n_chosen;

  if (!ADW_IS_MESSAGE_DIALOG (dialog))
    return;
  hexes = publish_form_choice (ADW_MESSAGE_DIALOG (dialog), &n_chosen, NULL);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "publish", n_chosen > 0);
}

static void
on_publish_response (NileTurnPage     *self,
                     const char       *response,
                     AdwMessageDialog *dialog)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  g_autofree char *hexes = NULL;
  g_autofree char *note = NULL;
  guint n_chosen;

  if (!g_str_equal (response, "publish"))
    return;

  /* The note names the hexes even when all of them go: a second
   * publication this turn is noted after the first (turn-step). */
  hexes = publish_form_choice (dialog, &n_chosen, &note);
  if (hexes != NULL)
    g_variant_dict_insert (&dict, "hexes", "s", hexes);
  europe_form_apply (self, dialog, "publish", &dict, "publish", note);
}

/**
 * nile_turn_page_publish_for:
 * @self: the page
 * @player: whose explorer publishes
 *
 * Opens the Publish form: each hex @player's explorer mapped and has not
 * published, ticked; one unticked is kept back (R 22.2).
 */
void
nile_turn_page_publish_for (NileTurnPage *self,
                            const char   *player)
{
  g_autoptr(NileExplorer) current = NULL;
  GListModel *discoveries;
  AdwMessageDialog *dialog;
  EuropeForm *form;
  const char *explorer;

  g_return_if_fail (NILE_IS_TURN_PAGE (self));

  if (self->book == NULL || player == NULL)
    return;
  current = nile_campaign_book_dup_current_explorer (self->book, player);
  if (current == NULL)
    return;

  explorer = nile_explorer_get_name (current);
  discoveries = nile_campaign_book_get_discoveries (self->book);
  dialog = form_new (self, _("Publish"), NULL, "publish", _("_Publish"), G_CALLBACK (on_publish_response));
  form = europe_form_new (dialog, player);
  form->hexes = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (discoveries); i++)
    {
      g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (discoveries, i);
      g_autofree char *title = NULL;
      g_autofree char *features = NULL;
      g_autofree char *subtitle = NULL;
      const char *label = nile_hex_discovery_get_label (hex);
      GtkWidget *check;

      if (nile_hex_discovery_get_published (hex) ||
          g_strcmp0 (nile_hex_discovery_get_player (hex), player) != 0 ||
          g_strcmp0 (nile_hex_discovery_get_explorer (hex), explorer) != 0)
        continue;

      /* Translators: the hex's label on the board */
      title = g_strdup_printf (_("Hex %s"), label);
      features = nile_ui_describe_hex (hex);
      /* Translators: what the hex holds, then its victory points */
      subtitle = g_strdup_printf (_("%s · %d VP"), features, nile_hex_discovery_get_vp (hex));
      check = nile_form_fields_add_check (form_fields (dialog), label, title, subtitle, TRUE);
      g_signal_connect (check, "toggled", G_CALLBACK (on_publish_toggled), NULL);
      g_ptr_array_add (form->hexes, g_strdup (label));
    }

  if (form->hexes->len > 0)
    {
      adw_message_dialog_set_body (dialog, _("Each hex ticked is published for its victory points; one left "
                                             "unticked is kept back for a later journey."));
    }
  else if (nile_explorer_get_vp_unpublished (current) > 0)
    {
      g_autofree char *awards = g_strdup_printf (_("No hex is waiting; the other awards, %d VP, are published."),
                                                 nile_explorer_get_vp_unpublished (current));

      adw_message_dialog_set_body (dialog, awards);
    }
  else
    {
      adw_message_dialog_set_body (dialog, _("Nothing is waiting to be published: no hex mapped, no award."));
      adw_message_dialog_set_response_enabled (dialog, "publish", FALSE);
    }
  gtk_widget_set_visible (adw_message_dialog_get_extra_child (dialog), form->hexes->len > 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_turn_page_publish (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);

  if (self->explorer != NULL)
    nile_turn_page_publish_for (self, self->player);
}

/* A donation card (R 26.8): money, a free ticket to a port (R 26.6),
 * or none; in the order of the form's choice. */
enum {
  CARD_MONEY,
  CARD_TICKET,
  CARD_NONE,
};

/* Each card shows only the field its kind needs: the dollars of money,
 * the port of a ticket. */
static void
donation_form_show_fields (NileFormFields *fields)
{
  EuropeForm *form = nile_form_fields_get_user_data (fields);

  for (guint i = 1; i <= form->n_cards; i++)
    {
      g_autofree char *kind_key = g_strdup_printf ("card-%u", i);
      g_autofree char *amount_key = g_strdup_printf ("card-%u-amount", i);
      g_autofree char *port_key = g_strdup_printf ("card-%u-port", i);
      guint kind = nile_form_fields_get_selected (fields, kind_key);

      gtk_widget_set_visible (nile_form_fields_get_row (fields, amount_key), kind == CARD_MONEY);
      gtk_widget_set_visible (nile_form_fields_get_row (fields, port_key), kind == CARD_TICKET);
    }
}

/* The cards as the operation takes them ("250 ticket:Zanzibar none"),
 * or NULL when a ticket names no port. */
static char *
donation_form_cards (AdwMessageDialog *dialog)
{
  NileFormFields *fields = form_fields (dialog);
  guint n_cards = europe_form_get (dialog)->n_cards;
  g_autoptr(GStrvBuilder) cards = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  for (guint i = 1; i <= n_cards; i++)
    {
      g_autofree char *kind_key = g_strdup_printf ("card-%u", i);
      g_autofree char *amount_key = g_strdup_printf ("card-%u-amount", i);
      g_autofree char *port_key = g_strdup_printf ("card-%u-port", i);
      g_autofree char *port = NULL;
      g_autofree char *card = NULL;

      switch (nile_form_fields_get_selected (fields, kind_key))
        {
        case CARD_MONEY:
          card = g_strdup_printf ("%" G_GINT64_FORMAT, nile_form_fields_get_int (fields, amount_key));
          break;

        case CARD_TICKET:
          port = g_strstrip (g_strdup (nile_form_fields_get_text (fields, port_key)));
          if (*port == '\0')
            return NULL;
          card = g_strconcat ("ticket:", port, NULL);
          break;

        default:
          card = g_strdup ("none");
          break;
        }
      g_strv_builder_add (cards, card);
    }

  list = g_strv_builder_end (cards);
  return g_strjoinv (" ", list);
}

static void
on_donations_response (NileTurnPage     *self,
                       const char       *response,
                       AdwMessageDialog *dialog)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  g_autofree char *cards = NULL;

  if (!g_str_equal (response, "record"))
    return;

  cards = donation_form_cards (dialog);
  if (cards == NULL)
    {
      form_ask_again (self, dialog, _("A free ticket is to a port: name it."));
      return;
    }
  g_variant_dict_insert (&dict, "cards", "s", cards);
  europe_form_apply (self, dialog, "europe-turn", &dict, "donations", cards);
}

/**
 * nile_turn_page_donations_for:
 * @self: the page
 * @player: who draws the cards
 *
 * Opens the Donations form: one card, and one for each 4 VP published
 * this turn (R 26.4, 26.5), each money, a free ticket or nothing, as
 * drawn.
 */
void
nile_turn_page_donations_for (NileTurnPage *self,
                              const char   *player)
{
  const char *kinds[] = { _("Money"), _("Free Ticket"), _("No Donation"), NULL };
  NilePlayer *drawing;
  AdwMessageDialog *dialog;
  NileFormFields *fields;
  EuropeForm *form;
  g_autofree char *body = NULL;
  guint n_cards;

  g_return_if_fail (NILE_IS_TURN_PAGE (self));

  drawing = self->book != NULL && player != NULL ? nile_campaign_book_find_player (self->book, player) : NULL;
  if (drawing == NULL)
    return;

  n_cards = nile_player_get_cards_due (drawing);
  if (n_cards == 0)
    {
      g_autofree char *drawn = g_strdup_printf (_("%s has drawn this turn’s donations already"), player);

      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "s", drawn);
      return;
    }

  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s draws %u card: one, and one more for each 4 VP published this turn.",
                                       "%s draws %u cards: one, and one more for each 4 VP published this turn.",
                                       n_cards),
                          player, n_cards);
  dialog = form_new (self, _("Donations"), body, "record", _("_Record"), G_CALLBACK (on_donations_response));
  fields = form_fields (dialog);
  form = europe_form_new (dialog, player);
  form->n_cards = n_cards;

  for (guint i = 1; i <= n_cards; i++)
    {
      g_autofree char *kind_key = g_strdup_printf ("card-%u", i);
      g_autofree char *amount_key = g_strdup_printf ("card-%u-amount", i);
      g_autofree char *port_key = g_strdup_printf ("card-%u-port", i);
      g_autofree char *title = g_strdup_printf (_("Card %u"), i);
      GtkWidget *kind_row = nile_form_fields_add_choice (fields, kind_key, title, kinds, CARD_MONEY);

      nile_form_fields_add_spin (fields, amount_key, _("Dollars"), 1, 100000, 100);
      nile_form_fields_add_entry (fields, port_key, _("Port of the Ticket"), NULL);
      g_signal_connect_swapped (kind_row, "notify::selected", G_CALLBACK (donation_form_show_fields), fields);
    }
  donation_form_show_fields (fields);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_turn_page_donations (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);

  nile_turn_page_donations_for (self, self->player);
}

static void
nile_turn_page_sail (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  AdwMessageDialog *dialog;

  dialog = text_step_new (self, &sail_step, _("Sail for Africa"),
                          _("The new expedition is outfitted in this port, with a free ticket if one is held."),
                          _("_Sail"), _("Port"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_outfit_response (NileTurnPage     *self,
                    const char       *response,
                    AdwMessageDialog *dialog)
{
  NileFormFields *fields = form_fields (dialog);
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (!g_str_equal (response, "buy"))
    return;

  g_variant_dict_insert (&dict, "kind", "s", outfit_kinds[nile_form_fields_get_selected (fields, "kind")].kind);
  g_variant_dict_insert (&dict, "count", "x", nile_form_fields_get_int (fields, "count"));
  g_variant_dict_insert (&dict, "cost", "x", nile_form_fields_get_int (fields, "cost"));
  /* The core ticks the step off with what was bought, as it does for a
   * purchase from the Party page or the command line. */
  apply_in_form (self, self->player, "outfit", &dict, dialog);
}

static void
nile_turn_page_outfit (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  const char *labels[G_N_ELEMENTS (outfit_kinds) + 1] = { NULL };
  AdwMessageDialog *dialog;
  NileFormFields *fields;
  g_autofree char *body = NULL;

  if (self->explorer == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (outfit_kinds); i++)
    labels[i] = _(outfit_kinds[i].label);

  body = g_strdup_printf (_("$%d to spend. The cost comes from the Rates of Exchange on your Player Aid sheet."),
                          nile_explorer_get_money (self->explorer));
  dialog = form_new (self, _("Outfit"), body, "buy", _("_Buy"), G_CALLBACK (on_outfit_response));
  fields = form_fields (dialog);
  nile_form_fields_add_choice (fields, "kind", _("What"), labels, 0);
  nile_form_fields_add_spin (fields, "count", _("How Many"), 0, 9999, 1);
  nile_form_fields_add_spin (fields, "cost", _("Cost in Dollars"), 0, 99999, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_turn_page_set_out (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;

  if (self->explorer == NULL)
    return;

  body = g_strdup_printf (_("The expedition moves into its first hex of the interior. The $%d not spent "
                            "stays behind in port."),
                          nile_explorer_get_money (self->explorer));
  dialog = text_step_new (self, &set_out_step, _("Set Out"), body, _("_Set Out"), _("First Hex"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- The end of the turn --------------------------------------------- */

static void
end_turn (NileTurnPage *self)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (self->book == NULL || self->player == NULL)
    return;

  /* Set first: the campaign's changed signal updates the page inside
   * apply, and must find the turn over. */
  self->ended = TRUE;
  add_where (self, &dict);
  if (!apply (self, "end-turn", &dict))
    {
      self->ended = FALSE;
      nile_turn_page_update (self);
    }
}

/* The sick in Africa who have not had this turn's recovery roll: the
 * Roll… buttons of the End of Turn list. */
static int
count_recovery_due (NileTurnPage *self)
{
  return self->explorer != NULL ? nile_turn_count_explorer_recovery_due (self->done, self->explorer) : 0;
}

static void
nile_turn_page_end_turn (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);
  int due = count_recovery_due (self);

  if (due == 0)
    end_turn (self);
  else
    nile_ui_keep_dialog (self->turn_windows, nile_ui_ask_end_turn (widget, due, G_CALLBACK (end_turn), self));
}

static void
nile_turn_page_next_player (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  NileTurnPage *self = NILE_TURN_PAGE (widget);

  self->ended = FALSE;
  nile_turn_page_update (self);
}

/* Where the turn ends changes the preview at once; nothing is written
 * until the end of the turn is applied. */
static void
on_where_toggled (NileTurnPage *self)
{
  if (self->updating)
    return;

  nile_turn_page_update (self);
}

static void
on_step_toggled (NileTurnPage   *self,
                 GtkCheckButton *check)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  if (self->updating)
    return;

  g_variant_dict_insert (&dict, "step", "s", g_object_get_data (G_OBJECT (check), STEP_KEY));
  g_variant_dict_insert (&dict, "done", "b", gtk_check_button_get_active (check));
  apply (self, "turn-step", &dict);
}

/* ---- Showing the campaign -------------------------------------------- */

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
upkeep_row (const char *title,
            const char *subtitle,
            const char *icon_name,
            const char *css_class)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  if (icon_name != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

      if (css_class != NULL)
        gtk_widget_add_css_class (icon, css_class);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
    }
  return row;
}

/* A row for each kind of sick person: Roll… for those who have not had
 * this turn's recovery roll, and what came of the rolls made. */
static void
add_recovery_rows (NileTurnPage *self)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (self->explorer);

  for (guint i = 0; i < G_N_ELEMENTS (sick_titles); i++)
    {
      int n_due = nile_turn_count_recovery_due (self->done, expedition, sick_titles[i].who);
      g_autofree char *rolled = nile_turn_describe_recovery (self->done, sick_titles[i].who);
      g_autofree char *due = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *button_name = NULL;
      GtkWidget *row, *button;

      if (n_due == 0 && rolled == NULL)
        continue;

      if (n_due > 0)
        due = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d to roll for on the Recovery table",
                                            "%d to roll for on the Recovery table", n_due), n_due);
      if (due != NULL && rolled != NULL)
        /* Translators: who is still to roll for, then what this turn's rolls came to,
         * e.g. "1 to roll for on the Recovery table; rolled this turn: 1 recovered" */
        subtitle = g_strdup_printf (_("%s; rolled this turn: %s"), due, rolled);
      else if (rolled != NULL)
        /* Translators: what this turn's recovery rolls came to, e.g. "2 recovered, 1 still sick" */
        subtitle = g_strdup_printf (_("Rolled this turn: %s"), rolled);
      else
        subtitle = g_steal_pointer (&due);

      row = upkeep_row (_(sick_titles[i].title), subtitle, NULL, NULL);
      gtk_list_box_append (self->upkeep_list, row);
      if (n_due == 0)
        continue;

      button = gtk_button_new_with_mnemonic (_("_Roll…"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      /* Translators: the accessible name of a Recovery roll button, e.g. "Roll Recovery: Sick Bearers" */
      button_name = g_strdup_printf (_("Roll Recovery: %s"), _(sick_titles[i].title));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, button_name, -1);
      /* Not "Roll…" said again after it: the name says it all. */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "turn.recovery");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", sick_titles[i].who);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
}

/* Recovery rolls were made this turn. */
static gboolean
recovery_rolled (NileTurnPage *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (sick_titles); i++)
    {
      g_autofree char *rolled = nile_turn_describe_recovery (self->done, sick_titles[i].who);

      if (rolled != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Rolls made this turn for sick people the plan has none of now (all
 * well again, or dead): what came of them, under a heading of their own. */
static void
add_recovery_made (NileTurnPage *self)
{
  gtk_list_box_append (self->upkeep_list,
                       upkeep_row (_(upkeep_steps[NILE_UPKEEP_STEP_RECOVERY].title),
                                   _("This turn’s recovery rolls are made"), NULL, NULL));
  add_recovery_rows (self);
}

/* The end of the turn as the core's plan has it, step by step. */
static gboolean
update_upkeep (NileTurnPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = NULL;
  gboolean recovery_shown = FALSE;
  guint n_steps;

  clear_list (self->upkeep_list);

  plan = plan_upkeep (self, &error);
  if (plan == NULL)
    {
      gtk_list_box_append (self->upkeep_list,
                           upkeep_row (_("Record the Hex First"), error->message,
                                       "dialog-warning-symbolic", "warning"));
      return FALSE;
    }

  n_steps = nile_upkeep_plan_get_n_steps (plan);
  for (guint i = 0; i < n_steps; i++)
    {
      const NileUpkeepStep *step = nile_upkeep_plan_get_step (plan, i);
      gboolean loss = upkeep_steps[step->kind].loss;
      GtkWidget *row;

      /* Where recovery comes in the order of the end of the turn. */
      if (!recovery_shown && step->kind > NILE_UPKEEP_STEP_RECOVERY && recovery_rolled (self))
        {
          add_recovery_made (self);
          recovery_shown = TRUE;
        }

      row = upkeep_row (_(upkeep_steps[step->kind].title), step->text,
                        loss ? "dialog-warning-symbolic" : NULL, loss ? "warning" : NULL);
      gtk_list_box_append (self->upkeep_list, row);
      /* The rolls the end of the turn leaves to the player: one for
       * each kind of sick person, and those already made. */
      if (step->kind == NILE_UPKEEP_STEP_RECOVERY)
        {
          add_recovery_rows (self);
          recovery_shown = TRUE;
        }
    }

  if (!recovery_shown && recovery_rolled (self))
    add_recovery_made (self);
  else if (n_steps == 0)
    gtk_list_box_append (self->upkeep_list,
                         upkeep_row (_("Nothing Changes"), _("Everyone is fed and watered, and no one deserts."),
                                     NULL, NULL));

  if (nile_upkeep_plan_explorer_dies (plan))
    gtk_list_box_append (self->upkeep_list,
                         upkeep_row (_("The Explorer Dies"), _("Without water he dies of thirst."),
                                     "dialog-warning-symbolic", "error"));
  return TRUE;
}

static void
update_activity (NileTurnPage *self)
{
  /* The mode the points are for: on foot when not everyone can ride (R 5.423). */
  const char *mode = nile_display_mode (nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE,
                                                           nile_explorer_get_travel_mode (self->explorer)));
  const char *note = nile_explorer_get_movement_note (self->explorer);
  g_autofree char *description = NULL;
  int points = -1;

  /* A canoe expedition that drifts (R 9.26) or has no canoes, whatever
   * the activity: not a chart cell to fill, nor a plain 0 MP. */
  if (note != NULL)
    {
      /* Translators: the travel mode and why it has no movement points */
      description = g_strdup_printf (_("%s: %s"), mode, note);
      adw_preferences_group_set_description (self->activity_group, description);
      return;
    }

  if (g_str_equal (self->activity, "cautious"))
    points = nile_explorer_get_movement_cautious (self->explorer);
  else if (g_str_equal (self->activity, "normal"))
    points = nile_explorer_get_movement_normal (self->explorer);
  else if (g_str_equal (self->activity, "reckless"))
    points = nile_explorer_get_movement_reckless (self->explorer);

  if (self->activity[0] == '\0')
    description = g_strdup (_("Choose it before moving: it sets the movement allowance for the whole turn."));
  else if (points < 0)
    /* Translators: the travel mode, e.g. "On Foot: not on your Activity Level Chart yet" */
    description = g_strdup_printf (_("%s: not on your Activity Level Chart yet"), mode);
  else
    /* Translators: the travel mode and movement points, e.g. "On Foot: 9 MP this turn" */
    description = g_strdup_printf (_("%s: %d MP this turn"), mode, points);

  adw_preferences_group_set_description (self->activity_group, description);
}

/* An encounter the player stopped halfway, which Meet… takes up again,
 * in words; NULL when there is none. */
static char *
kept_encounter_subtitle (NileTurnPage *self)
{
  g_autoptr(NileEncounter) kept = NULL;
  g_autoptr(GError) error = NULL;

  if (self->player == NULL)
    return NULL;
  kept = nile_encounter_load (nile_campaign_book_get_campaign (self->book), self->player, &error);
  if (kept == NULL)
    return NULL;
  /* Translators: %d is the tribe's native counter, %s the step the
   * encounter goes on with, e.g. "Negotiation" */
  return g_strdup_printf (_("The encounter with tribe %d is under way: %s next"),
                          nile_encounter_get_tribe (kept), nile_encounter_get_step_title (kept));
}

static void
update_rows (NileTurnPage *self,
             Place         place,
             gboolean      shown)
{
  const char *status = explorer_status (self);
  NilePlayer *player = self->player != NULL ? nile_campaign_book_find_player (self->book, self->player) : NULL;
  gboolean drawn = player != NULL && nile_player_get_cards_due (player) == 0;
  /* A new expedition spends the turn it lands in outfitting (R 26.2). */
  gboolean landed = g_strcmp0 (status, "in-port") == 0 &&
                    g_strcmp0 (nile_explorer_get_previous_status (self->explorer), "in-europe") == 0 &&
                    nile_explorer_get_status_turn (self->explorer) == nile_campaign_book_get_turn (self->book);
  /* The first escape attempt is at the end of the turn after the capture (R 15.3). */
  gboolean captured = g_strcmp0 (status, "captive") == 0 &&
                      nile_explorer_get_status_turn (self->explorer) == nile_campaign_book_get_turn (self->book);
  /* An expedition that walked back into port was outfitted before it
   * set out: the explorer's own operations say whether it may buy (R 5.3). */
  gboolean outfitted = g_strcmp0 (status, "in-port") == 0 &&
                       !g_strv_contains (nile_explorer_get_operations (self->explorer), "outfit");
  g_autofree char *kept = kept_encounter_subtitle (self);

  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), STEP_KEY));
      GtkWidget *check = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
      GtkWidget *button = g_object_get_data (G_OBJECT (row), "button");
      const char *value = self->done != NULL ? g_hash_table_lookup (self->done, steps[index].step) : NULL;
      gboolean over = drawn && steps[index].drawn_subtitle != NULL;
      gboolean waits = waits_for_activity (self, index);
      const char *subtitle = over ? _(steps[index].drawn_subtitle) : _(steps[index].subtitle);

      if (waits)
        subtitle = _("Choose the activity level first: this roll reads it");
      /* Disabled, the action keeps its button insensitive from the start,
       * and cannot be activated otherwise either. */
      gtk_widget_action_set_enabled (GTK_WIDGET (self), steps[index].action, !waits);
      if (landed && g_str_equal (steps[index].step, "set-out"))
        {
          subtitle = _("Landed this turn to outfit: leave port next turn");
          over = TRUE;
        }
      if (outfitted && g_str_equal (steps[index].step, "outfit"))
        {
          subtitle = _("Outfitted before setting out: nothing more is bought (R 5.3)");
          over = TRUE;
        }
      if (captured && g_str_equal (steps[index].step, "escape"))
        {
          subtitle = _("Taken captive this turn: the first attempt is next turn");
          over = TRUE;
        }
      /* Said over the note of the steps taken so far. */
      if (kept != NULL && !waits && g_str_equal (steps[index].step, "natives"))
        {
          subtitle = kept;
          value = NULL;
        }

      gtk_widget_set_visible (row, shown && steps[index].place == place);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), is_done (self, steps[index].step));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value != NULL && value[0] != '\0' ? value : subtitle);
      gtk_widget_set_sensitive (button, g_strcmp0 (status, steps[index].status) == 0 && !over && !waits);
    }
}

static void
update_turn (NileTurnPage *self)
{
  const char *status = explorer_status (self);
  gboolean africa = g_strcmp0 (status, "in-africa") == 0;
  gboolean europe = g_strcmp0 (status, "in-europe") == 0 || g_strcmp0 (status, "in-port") == 0;
  gboolean captive = g_strcmp0 (status, "captive") == 0;
  Place place = europe ? PLACE_EUROPE : captive ? PLACE_CAPTIVE : PLACE_AFRICA;
  g_autofree char *title = NULL;
  g_autoptr(GString) where = g_string_new (NULL);
  gboolean can_end = TRUE;

  /* Translators: player and turn number, e.g. "Anna’s Turn 3" */
  title = g_strdup_printf (_("%s’s Turn %d"), self->player, nile_campaign_book_get_turn (self->book));
  gtk_label_set_label (self->title_label, title);

  if (self->explorer != NULL)
    {
      g_autofree char *place = nile_ui_describe_place (self->explorer);

      /* Translators: explorer · where he is, e.g. "Stanley · In Africa, H23" */
      g_string_printf (where, _("%s · %s"), nile_explorer_get_name (self->explorer), place);
    }
  else
    g_string_assign (where, _("No explorer in play: ending the turn passes play on."));
  gtk_label_set_label (self->where_label, where->str);

  gtk_widget_set_visible (GTK_WIDGET (self->activity_group), africa);
  if (africa)
    update_activity (self);

  gtk_widget_set_visible (GTK_WIDGET (self->steps_group), africa || europe || captive);
  adw_preferences_group_set_title (self->steps_group,
                                   europe ? _("In Europe and in Port") :
                                   captive ? _("Held Captive") : _("Sequence of Play"));
  update_rows (self, place, africa || europe || captive);

  gtk_widget_set_visible (GTK_WIDGET (self->upkeep_group), africa);
  if (africa)
    {
      gboolean doctors = book_edition (self) == NILE_EDITION_AH;

      /* The DG Recovery Table takes no doctor (R 19.6 is AH's), so a
       * port changes nothing there and Cape Colony only feeds. */
      adw_action_row_set_subtitle (self->cape_colony_row,
                                   doctors ? _("Food is provided and a doctor sees the sick (R 18.8, 19.6)")
                                           : _("Food is provided (R 18.8)"));
      gtk_widget_set_visible (self->port_row, doctors);
      adw_preferences_group_set_description (self->upkeep_group,
                                             _("Feeding and water, recovery and desertion, as the rules work "
                                               "them out for the expedition as it stands."));
      can_end = update_upkeep (self);
    }

  gtk_button_set_label (self->end_button, africa ? _("_Apply End of Turn") : _("_End Turn"));
  /* The name is the label as shown, without its mnemonic mark. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->end_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "turn.end-turn", can_end);
}

static void
update_over (NileTurnPage *self,
             const char   *current)
{
  GListModel *log = nile_campaign_get_log (nile_campaign_book_get_campaign (self->book));
  guint n_entries = g_list_model_get_n_items (log);
  g_autoptr(NileLogEntry) last = n_entries > 0 ? g_list_model_get_item (log, n_entries - 1) : NULL;
  g_autofree char *title = g_strdup_printf (_("%s’s Turn Is Over"), self->player);
  g_autofree char *label = g_strdup_printf (_("_%s Plays Next"), current);

  adw_status_page_set_title (self->over_page, title);
  adw_status_page_set_description (self->over_page, last != NULL ? nile_log_entry_get_summary (last) : NULL);
  gtk_button_set_label (self->next_button, label);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
set_player (NileTurnPage *self,
            const char   *player)
{
  if (g_strcmp0 (self->player, player) == 0)
    return;

  /* They are modal: only another program moves the turn on while one
   * is open, and their going is said, not left a surprise. */
  if (self->turn_windows->len > 0 && self->player != NULL)
    {
      /* Translators: a player's name */
      g_autofree char *message = g_strdup_printf (_("%s’s turn was changed by another program: the forms and rolls"
                                                    " open for it were closed"),
                                                  self->player);

      nile_ui_close_dialogs (self->turn_windows);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "s", message);
    }
  g_free (self->player);
  self->player = g_strdup (player);
  self->where_turn = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}

static void
set_activity_shown (NileTurnPage *self,
                    const char   *activity)
{
  if (g_strcmp0 (self->activity, activity) == 0)
    return;

  g_free (self->activity);
  self->activity = g_strdup (activity);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVITY]);
}

static void
nile_turn_page_update (NileTurnPage *self)
{
  g_autoptr(GError) error = NULL;
  const char *winner;
  const char *current;
  const char *status;

  g_clear_object (&self->explorer);
  g_clear_pointer (&self->done, g_hash_table_unref);

  /* Nothing is played once the game is won (R 8.1). */
  winner = self->book != NULL ? nile_campaign_book_get_winner (self->book) : NULL;
  if (winner != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("%s Has Won"), winner);

      self->ended = FALSE;
      adw_status_page_set_title (self->won_page, title);
      gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))), "won");
      return;
    }

  current = self->book != NULL ? nile_campaign_book_get_current_player (self->book) : NULL;
  if (current == NULL)
    {
      self->ended = FALSE;
      set_player (self, NULL);
      gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))), "empty");
      return;
    }

  /* Undo brought the ended turn back, or someone else moved play on. */
  if (g_strcmp0 (self->player, current) == 0)
    self->ended = FALSE;
  if (!self->ended)
    set_player (self, current);

  if (self->ended)
    {
      update_over (self, current);
      gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))), "over");
      return;
    }

  self->updating = TRUE;

  /* The switches say where this turn ends: the next turn, or another
   * player's, starts with them off. Undone before play moves on, the
   * turn comes back with them as they were. */
  if (self->where_turn != nile_campaign_book_get_turn (self->book))
    {
      gtk_switch_set_active (self->cape_colony_switch, FALSE);
      gtk_switch_set_active (self->port_switch, FALSE);
      self->where_turn = nile_campaign_book_get_turn (self->book);
    }

  self->explorer = nile_campaign_book_dup_current_explorer (self->book, self->player);
  status = explorer_status (self);
  if (g_strcmp0 (status, "dead") == 0 || g_strcmp0 (status, "retired") == 0)
    g_clear_object (&self->explorer);

  self->done = nile_turn_get_steps (nile_campaign_book_get_campaign (self->book), self->player, &error);
  if (self->done == NULL)
    g_warning ("Could not read the steps of %s’s turn: %s", self->player, error->message);
  set_activity_shown (self, self->done != NULL && g_hash_table_contains (self->done, "activity")
                            ? g_hash_table_lookup (self->done, "activity") : "");

  update_turn (self);

  self->updating = FALSE;
  gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))), "turn");
}

static void
build_rows (NileTurnPage *self)
{
  /* One width for every step's button: they line up in one column
   * however long their labels are. */
  g_autoptr(GtkSizeGroup) buttons = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_(steps[i].button));
      g_autofree char *check_name = g_strdup_printf (_("%s Done"), _(steps[i].title));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(steps[i].title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, check_name, -1);
      g_object_set_data (G_OBJECT (check), STEP_KEY, (gpointer) steps[i].step);
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_step_toggled), self, G_CONNECT_SWAPPED);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      /* "… Done" says it all: not the row's title a second time. */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_RELATION_LABELLED_BY);

      /* The name is the label as shown, without its mnemonic mark. */
      gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), steps[i].action);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_size_group_add_widget (buttons, button);

      g_object_set_data (G_OBJECT (row), STEP_KEY, GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (row), "button", button);
      gtk_list_box_append (self->steps_list, row);
      g_ptr_array_add (self->rows, row);
    }
}

static void
nile_turn_page_dispose (GObject *object)
{
  NileTurnPage *self = NILE_TURN_PAGE (object);

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  nile_ui_close_dialogs (self->turn_windows);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_TURN_PAGE);
  g_clear_object (&self->book);
  g_clear_object (&self->explorer);
  g_clear_object (&self->sheets);
  g_clear_pointer (&self->done, g_hash_table_unref);

  G_OBJECT_CLASS (nile_turn_page_parent_class)->dispose (object);
}

static void
nile_turn_page_finalize (GObject *object)
{
  NileTurnPage *self = NILE_TURN_PAGE (object);

  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->activity, g_free);
  g_clear_pointer (&self->turn_windows, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_turn_page_parent_class)->finalize (object);
}

static void
nile_turn_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileTurnPage *self = NILE_TURN_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    case PROP_ACTIVITY:
      g_value_set_string (value, self->activity);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_turn_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileTurnPage *self = NILE_TURN_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_turn_page_set_book (self, g_value_get_object (value));
      break;

    case PROP_ACTIVITY:
      nile_turn_page_set_activity (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_turn_page_class_init (NileTurnPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_turn_page_dispose;
  object_class->finalize = nile_turn_page_finalize;
  object_class->get_property = nile_turn_page_get_property;
  object_class->set_property = nile_turn_page_set_property;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * NileTurnPage:activity:
   *
   * The turn's activity level: cautious, normal, reckless, or "" until
   * chosen. Setting it records the choice in the campaign.
   */
  properties[PROP_ACTIVITY] =
    g_param_spec_string ("activity", NULL, NULL,
                         "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-turn-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, over_page);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, won_page);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, where_label);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, activity_group);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, steps_group);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, steps_list);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, upkeep_group);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, cape_colony_row);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, cape_colony_switch);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, port_row);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, port_switch);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, upkeep_list);
  gtk_widget_class_bind_template_child (widget_class, NileTurnPage, end_button);
  gtk_widget_class_bind_template_callback (widget_class, on_where_toggled);

  gtk_widget_class_install_property_action (widget_class, "turn.activity", "activity");
  gtk_widget_class_install_action (widget_class, "turn.disaster", NULL, nile_turn_page_disaster);
  gtk_widget_class_install_action (widget_class, "turn.lost-check", NULL, nile_turn_page_lost_check);
  gtk_widget_class_install_action (widget_class, "turn.record-hex", NULL, nile_turn_page_record_hex);
  gtk_widget_class_install_action (widget_class, "turn.natives", NULL, nile_turn_page_natives);
  gtk_widget_class_install_action (widget_class, "turn.hunt", NULL, nile_turn_page_hunt);
  gtk_widget_class_install_action (widget_class, "turn.publish", NULL, nile_turn_page_publish);
  gtk_widget_class_install_action (widget_class, "turn.donations", NULL, nile_turn_page_donations);
  gtk_widget_class_install_action (widget_class, "turn.sail", NULL, nile_turn_page_sail);
  gtk_widget_class_install_action (widget_class, "turn.outfit", NULL, nile_turn_page_outfit);
  gtk_widget_class_install_action (widget_class, "turn.set-out", NULL, nile_turn_page_set_out);
  gtk_widget_class_install_action (widget_class, "turn.recovery", "s", nile_turn_page_recovery);
  gtk_widget_class_install_action (widget_class, "turn.escape", NULL, nile_turn_page_escape);
  gtk_widget_class_install_action (widget_class, "turn.end-turn", NULL, nile_turn_page_end_turn);
  gtk_widget_class_install_action (widget_class, "turn.next-player", NULL, nile_turn_page_next_player);
}

static void
nile_turn_page_init (NileTurnPage *self)
{
  self->activity = g_strdup ("");
  self->rows = g_ptr_array_new ();
  self->turn_windows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The names are the labels as shown, without their mnemonic marks
   * (GTK 4.8 names a button by its label as written). */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->end_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  /* The switches are named in the template: not by their row's title
   * a second time, which GTK 4.8 would say after the name. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->cape_colony_switch), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->port_switch), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  build_rows (self);
  nile_turn_page_update (self);
}

NileCampaignBook *
nile_turn_page_get_book (NileTurnPage *self)
{
  g_return_val_if_fail (NILE_IS_TURN_PAGE (self), NULL);

  return self->book;
}

void
nile_turn_page_set_book (NileTurnPage     *self,
                         NileCampaignBook *book)
{
  g_return_if_fail (NILE_IS_TURN_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  nile_ui_close_dialogs (self->turn_windows);
  g_set_object (&self->book, book);
  self->ended = FALSE;
  self->where_turn = 0;

  /* The book rereads the campaign on the same signal, and was connected
   * first, so it is up to date when the page updates. */
  if (book != NULL)
    g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                             G_CALLBACK (nile_turn_page_update), self,
                             G_CONNECT_SWAPPED);

  nile_turn_page_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}

const char *
nile_turn_page_get_player (NileTurnPage *self)
{
  g_return_val_if_fail (NILE_IS_TURN_PAGE (self), NULL);

  return self->player;
}

const char *
nile_turn_page_get_activity (NileTurnPage *self)
{
  g_return_val_if_fail (NILE_IS_TURN_PAGE (self), NULL);

  return self->activity;
}

void
nile_turn_page_set_activity (NileTurnPage *self,
                             const char   *activity)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  g_return_if_fail (NILE_IS_TURN_PAGE (self));
  g_return_if_fail (activity != NULL);

  if (g_str_equal (self->activity, activity))
    return;

  /* The shown value comes back from the campaign once it is recorded. */
  if (self->book == NULL || self->player == NULL || self->updating)
    {
      set_activity_shown (self, activity);
      return;
    }

  g_variant_dict_insert (&dict, "step", "s", "activity");
  if (activity[0] == '\0')
    g_variant_dict_insert (&dict, "done", "b", FALSE);
  else
    g_variant_dict_insert (&dict, "value", "s", activity);
  apply (self, "turn-step", &dict);
}
