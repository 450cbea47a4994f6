/* nile-operation-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-operation-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-explorer.h"
#include "nile-operation-dialog.h"
#include "nile-operation.h"
#include "nile-player.h"
#include "nile-tribe.h"
#include "nile-ui-util.h"

/* A form for any operation of the core, built from its parameter list:
 * text for "s", a stepper for "x" and "d", a switch for "b", a list
 * where the values are known (a player, a tribe, a terrain), each row
 * titled with the parameter's name and subtitled with the core's own
 * description. Parameters the window already knows (the player whose
 * sheet is shown) are fixed and not asked; the form says whose it is.
 * An optional parameter is sent only once the player has set it, so the
 * core's default stands otherwise, and the control shows that default:
 * a switch is on where the core's is yes, and what the operation leaves
 * as it is when not given is offered as "As It Is". When the core
 * refuses, its reason is shown and the form stays as typed. */
struct _NileOperationDialog
{
  AdwWindow            parent_instance;

  NileCampaign        *campaign;
  NileCampaignBook    *book;
  const NileOperation *operation;
  GVariant            *fixed;
  GPtrArray           *fields;   /* Field, one for each parameter asked */

  GtkLabel            *title_label;
  GtkButton           *apply_button;
  GtkLabel            *subject_label;
  GtkLabel            *error_label;
  AdwPreferencesGroup *group;
};

G_DEFINE_FINAL_TYPE (NileOperationDialog, nile_operation_dialog, ADW_TYPE_WINDOW)

/* One parameter asked, and what reading its control takes. */
typedef struct
{
  const NileOperationParam *param;
  GtkWidget                *control;
  /* A drop-down's values, in the order of its choices after "Not
   * Given"; NULL for any other control. */
  GStrv                     values;
  /* Set by the player, so an optional number or switch is sent. */
  gboolean                  touched;
} Field;

static void
field_free (Field *field)
{
  /* Whoever else holds the control may change it later: that must not
   * reach a freed field. */
  g_signal_handlers_disconnect_by_data (field->control, field);
  g_object_unref (field->control);
  g_strfreev (field->values);
  g_free (field);
}

/* "prisoners-released" → "Prisoners released", "poison2" → "Poison 2" */
static char *
title_from_name (const char *name)
{
  GString *title = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '-' || *p == '_')
        g_string_append_c (title, ' ');
      else if (g_ascii_isdigit (*p) && p > name && g_ascii_isalpha (p[-1]))
        g_string_append_printf (title, " %c", *p);
      else
        g_string_append_c (title, p == name ? g_ascii_toupper (*p) : *p);
    }

  return g_string_free (title, FALSE);
}

/* The title the program has for @name, else one made from it. */
static char *
dup_title (const char *known,
           const char *name)
{
  return known != NULL ? g_strdup (known) : title_from_name (name);
}

/* Connected swapped, so it serves any signal of a control. */
static void
mark_touched (Field *field)
{
  field->touched = TRUE;
}

/* What a yes-or-no the operation leaves as it is offers, in this order. */
enum {
  AS_IT_IS,
  YES,
  NO,
};

/* The values @param may take, for a drop-down, or %NULL for any: those
 * the core lists, or the campaign's players or tribes when it names one
 * (a tribe by its native counter). @labels gets what the list shows. */
static GStrv
param_values (NileOperationDialog       *self,
              const NileOperationParam  *param,
              GStrv                     *labels)
{
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) shown = g_strv_builder_new ();

  if (param->choices != NULL)
    {
      for (guint i = 0; param->choices[i] != NULL; i++)
        {
          /* A terrain or a status by its name ("Jungle and Swamp", "In
           * Africa"), a make-up field as the sheet says it ("Horses
           * ridden"). */
          g_autofree char *label = NULL;

          if (param->choice_type != NULL)
            label = g_strdup (nile_display_name (param->choice_type (), param->choices[i]));
          else if (nile_display_field_has_words (param->choices[i]))
            label = title_from_name (nile_display_field (param->choices[i]));
          else
            label = dup_title (nile_display_choice_title (param->choices[i]), param->choices[i]);

          g_strv_builder_add (values, param->choices[i]);
          g_strv_builder_add (shown, label);
        }
    }
  else if (param->names_player && self->book != NULL)
    {
      GListModel *players = nile_campaign_book_get_players (self->book);

      for (guint i = 0; i < g_list_model_get_n_items (players); i++)
        {
          g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);

          g_strv_builder_add (values, nile_player_get_name (player));
          g_strv_builder_add (shown, nile_player_get_name (player));
        }
    }
  else if (param->names_tribe && self->book != NULL)
    {
      GListModel *tribes = nile_campaign_book_get_tribes (self->book);

      for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
        {
          g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);
          g_autofree char *counter = g_strdup_printf ("%d", nile_tribe_get_counter (tribe));
          g_autofree char *label = nile_ui_describe_tribe (tribe);

          g_strv_builder_add (values, counter);
          g_strv_builder_add (shown, label);
        }
    }
  *labels = g_strv_builder_end (shown);
  /* Nothing to choose from yet (no tribe met): the value is typed. */
  if (*labels == NULL || (*labels)[0] == NULL)
    {
      g_clear_pointer (labels, g_strfreev);
      return NULL;
    }
  return g_strv_builder_end (values);
}

static Field *
make_field (NileOperationDialog      *self,
            const NileOperationParam *param)
{
  g_auto(GStrv) labels = NULL;
  g_auto(GStrv) values = param_values (self, param, &labels);
  Field *field = g_new0 (Field, 1);
  GtkWidget *control;

  field->param = param;

  if (g_str_equal (param->type, "b") && param->optional && param->left_as_is)
    {
      const char * const answers[] = { [AS_IT_IS] = _("As It Is"), [YES] = _("Yes"), [NO] = _("No"), NULL };

      control = gtk_drop_down_new_from_strings (answers);
    }
  else if (g_str_equal (param->type, "b"))
    {
      control = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (control), param->default_on);
      g_signal_connect_swapped (control, "notify::active", G_CALLBACK (mark_touched), field);
    }
  else if (values != NULL)
    {
      g_autoptr(GStrvBuilder) shown = g_strv_builder_new ();
      g_auto(GStrv) strings = NULL;

      /* An optional one may be left to the core, as an empty entry is. */
      if (param->optional)
        g_strv_builder_add (shown, _("Not Given"));
      g_strv_builder_addv (shown, (const char **) labels);
      strings = g_strv_builder_end (shown);
      control = gtk_drop_down_new_from_strings ((const char * const *) strings);
      field->values = g_steal_pointer (&values);
    }
  else if (g_str_equal (param->type, "x") || g_str_equal (param->type, "d"))
    {
      gboolean decimal = g_str_equal (param->type, "d");

      control = gtk_spin_button_new_with_range (-100000, 100000, decimal ? 0.5 : 1);
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (control), decimal ? 2 : 0);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), 0);
      nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (control));
      nile_ui_spin_activates_default (GTK_SPIN_BUTTON (control));
      gtk_editable_set_width_chars (GTK_EDITABLE (control), 5);
      g_signal_connect_swapped (control, "value-changed", G_CALLBACK (mark_touched), field);
    }
  else
    {
      control = gtk_entry_new ();
      gtk_editable_set_width_chars (GTK_EDITABLE (control), 10);
      gtk_entry_set_activates_default (GTK_ENTRY (control), TRUE);
    }

  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  field->control = g_object_ref_sink (control);
  return field;
}

/* The value to send, or NULL to leave an optional parameter to the core. */
static GVariant *
field_value (const Field *field)
{
  const NileOperationParam *param = field->param;
  GtkWidget *control = field->control;
  gboolean touched = field->touched;

  if (GTK_IS_SWITCH (control))
    return touched || !param->optional ? g_variant_new_boolean (gtk_switch_get_active (GTK_SWITCH (control))) : NULL;

  if (GTK_IS_DROP_DOWN (control) && g_str_equal (param->type, "b"))
    {
      guint answer = gtk_drop_down_get_selected (GTK_DROP_DOWN (control));

      return answer == AS_IT_IS ? NULL : g_variant_new_boolean (answer == YES);
    }

  if (GTK_IS_DROP_DOWN (control))
    {
      const char * const *values = (const char * const *) field->values;
      guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (control));
      const char *value;

      if (selected == GTK_INVALID_LIST_POSITION || (param->optional && selected == 0))
        return NULL;
      value = values[param->optional ? selected - 1 : selected];
      /* A tribe is listed by its counter, and taken as a number. */
      if (g_str_equal (param->type, "x"))
        return g_variant_new_int64 (g_ascii_strtoll (value, NULL, 10));
      return g_variant_new_string (value);
    }

  if (GTK_IS_SPIN_BUTTON (control))
    {
      if (param->optional && !touched)
        return NULL;
      if (g_str_equal (param->type, "d"))
        return g_variant_new_double (gtk_spin_button_get_value (GTK_SPIN_BUTTON (control)));
      return g_variant_new_int64 (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control)));
    }

  {
    g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (control))));

    return text[0] != '\0' || !param->optional ? g_variant_new_string (text) : NULL;
  }
}

static void
nile_operation_dialog_apply_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NileOperationDialog *self = NILE_OPERATION_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (nile_operation_dialog_apply (self, &error))
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }

  /* The form stays as the player filled it, the reason above it. */
  gtk_label_set_label (self->error_label, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static void
build_form (NileOperationDialog *self)
{
  g_autoptr(GVariantDict) fixed = g_variant_dict_new (self->fixed);
  g_autofree char *window_title = dup_title (nile_display_operation_title (self->operation->name),
                                             self->operation->name);
  const char *player;

  /* The name heads the dialog, the description the form, and whose
   * expedition it changes heads the fields: a form fixed to the shown
   * player must not be mistaken for another's. */
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  gtk_label_set_label (self->title_label, window_title);
  adw_preferences_group_set_description (self->group, _(self->operation->description));
  if (g_variant_dict_lookup (fixed, "player", "&s", &player))
    {
      g_autoptr(NileExplorer) explorer = self->book != NULL
        ? nile_campaign_book_dup_current_explorer (self->book, player)
        : NULL;
      g_autofree char *subject = explorer != NULL
        /* Translators: the player, then his explorer: "Amelia’s Livingstone" */
        ? g_strdup_printf (_("%s’s %s"), player, nile_explorer_get_name (explorer))
        : g_strdup (player);

      gtk_label_set_label (self->subject_label, subject);
      gtk_widget_set_visible (GTK_WIDGET (self->subject_label), TRUE);
    }

  for (const NileOperationParam *param = self->operation->params; param->name != NULL; param++)
    {
      g_autofree char *title = NULL;
      Field *field;
      GtkWidget *control;
      GtkWidget *row;

      if (g_variant_dict_contains (fixed, param->name))
        continue;

      title = dup_title (nile_display_parameter_title (param->name), param->name);
      field = make_field (self, param);
      control = field->control;
      gtk_accessible_update_property (GTK_ACCESSIBLE (control),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(param->description),
                                      -1);
      /* A switch is its row's activatable widget, which names it. */
      if (GTK_IS_DROP_DOWN (control))
        nile_ui_name_drop_down (GTK_DROP_DOWN (control), title);
      else if (!GTK_IS_SWITCH (control))
        gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(param->description));
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
      if (GTK_IS_SWITCH (control))
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
      adw_preferences_group_add (self->group, row);

      g_ptr_array_add (self->fields, field);
    }
}

static void
nile_operation_dialog_dispose (GObject *object)
{
  NileOperationDialog *self = NILE_OPERATION_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_OPERATION_DIALOG);
  g_clear_object (&self->campaign);
  g_clear_object (&self->book);
  g_clear_pointer (&self->fixed, g_variant_unref);
  g_clear_pointer (&self->fields, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_operation_dialog_parent_class)->dispose (object);
}

static void
nile_operation_dialog_class_init (NileOperationDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_operation_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-operation-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NileOperationDialog, title_label);
  gtk_widget_class_bind_template_child (widget_class, NileOperationDialog, apply_button);
  gtk_widget_class_bind_template_child (widget_class, NileOperationDialog, subject_label);
  gtk_widget_class_bind_template_child (widget_class, NileOperationDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, NileOperationDialog, group);

  gtk_widget_class_install_action (widget_class, "dialog.apply", NULL, nile_operation_dialog_apply_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nile_operation_dialog_init (NileOperationDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
}

/**
 * nile_operation_dialog_new:
 * @parent: the window
 * @campaign: the campaign to change
 * @operation: the operation's name, one of nile_operation_get_all()
 * @fixed: (nullable): an a{sv} of parameters already known, not asked
 * @book: (nullable): the campaign's book: its players and tribes are
 *   offered where a parameter names one, and the fixed player's explorer
 *   heads the form; %NULL to have them typed
 *
 * Returns: (transfer floating): the dialog, or %NULL if there is no such
 *   operation
 */
GtkWidget *
nile_operation_dialog_new (GtkWindow        *parent,
                           NileCampaign     *campaign,
                           const char       *operation,
                           GVariant         *fixed,
                           NileCampaignBook *book)
{
  const NileOperation *op;
  NileOperationDialog *self;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (fixed == NULL || g_variant_is_of_type (fixed, G_VARIANT_TYPE_VARDICT), NULL);
  g_return_val_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book), NULL);

  op = nile_operation_lookup (operation);
  g_return_val_if_fail (op != NULL, NULL);

  self = g_object_new (NILE_TYPE_OPERATION_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->campaign = g_object_ref (campaign);
  self->book = book != NULL ? g_object_ref (book) : NULL;
  self->operation = op;
  self->fixed = fixed != NULL ? g_variant_ref_sink (fixed) : g_variant_ref_sink (g_variant_new ("a{sv}", NULL));

  build_form (self);
  return GTK_WIDGET (self);
}

/**
 * nile_operation_dialog_set_destructive:
 * @self: the dialog
 * @destructive: whether recording it takes something from the books
 *
 * Marks Record as a loss the player chooses (an explorer's death, his
 * retirement), so it is not tapped as lightly as an ordinary change.
 */
void
nile_operation_dialog_set_destructive (NileOperationDialog *self,
                                       gboolean             destructive)
{
  g_return_if_fail (NILE_IS_OPERATION_DIALOG (self));

  /* A loss is recorded by a tap on its button, never by Enter in a
   * field on the way. */
  if (destructive)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "destructive-action");
      gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->apply_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
      gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->apply_button));
    }
}

/* Fills one field as a player would; for tests and for a second try. */
void
nile_operation_dialog_set_value (NileOperationDialog *self,
                                 const char          *param,
                                 GVariant            *value)
{
  g_autoptr(GVariant) owned = g_variant_ref_sink (value);

  g_return_if_fail (NILE_IS_OPERATION_DIALOG (self));

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      const NileOperationParam *spec = field->param;
      GtkWidget *control = field->control;

      if (!g_str_equal (spec->name, param))
        continue;

      if (GTK_IS_SWITCH (control) && g_variant_is_of_type (owned, G_VARIANT_TYPE_BOOLEAN))
        gtk_switch_set_active (GTK_SWITCH (control), g_variant_get_boolean (owned));
      else if (GTK_IS_DROP_DOWN (control) && g_variant_is_of_type (owned, G_VARIANT_TYPE_BOOLEAN))
        gtk_drop_down_set_selected (GTK_DROP_DOWN (control), g_variant_get_boolean (owned) ? YES : NO);
      else if (GTK_IS_SPIN_BUTTON (control) && g_variant_is_of_type (owned, G_VARIANT_TYPE_INT64))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), g_variant_get_int64 (owned));
      else if (GTK_IS_SPIN_BUTTON (control) && g_variant_is_of_type (owned, G_VARIANT_TYPE_DOUBLE))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), g_variant_get_double (owned));
      else if (GTK_IS_ENTRY (control) && g_variant_is_of_type (owned, G_VARIANT_TYPE_STRING))
        gtk_editable_set_text (GTK_EDITABLE (control), g_variant_get_string (owned, NULL));
      else if (GTK_IS_DROP_DOWN (control) &&
               (g_variant_is_of_type (owned, G_VARIANT_TYPE_STRING) ||
                g_variant_is_of_type (owned, G_VARIANT_TYPE_INT64)))
        {
          const char * const *values = (const char * const *) field->values;
          g_autofree char *choice = g_variant_is_of_type (owned, G_VARIANT_TYPE_STRING)
            ? g_variant_dup_string (owned, NULL)
            : g_strdup_printf ("%" G_GINT64_FORMAT, g_variant_get_int64 (owned));
          guint at;

          for (at = 0; values[at] != NULL && !g_str_equal (values[at], choice); at++)
            ;
          g_return_if_fail (values[at] != NULL);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (control), spec->optional ? at + 1 : at);
        }
      else
        g_return_if_reached ();

      mark_touched (field);
      return;
    }

  g_return_if_reached ();
}

/**
 * nile_operation_dialog_apply:
 * @self: the dialog
 * @error: the core's reason when it refuses
 *
 * Applies the operation with the fixed parameters and the ones filled
 * in. On error nothing changed, in the campaign or in the form.
 */
gboolean
nile_operation_dialog_apply (NileOperationDialog  *self,
                             GError              **error)
{
  g_autoptr(GVariantDict) params = NULL;
  g_autoptr(GVariant) value = NULL;

  g_return_val_if_fail (NILE_IS_OPERATION_DIALOG (self), FALSE);

  params = g_variant_dict_new (self->fixed);
  for (guint i = 0; i < self->fields->len; i++)
    {
      const Field *field = g_ptr_array_index (self->fields, i);
      GVariant *param_value = field_value (field);

      if (param_value != NULL)
        g_variant_dict_insert_value (params, field->param->name, param_value);
    }

  value = g_variant_ref_sink (g_variant_dict_end (params));
  return nile_campaign_apply (self->campaign, self->operation->name, value, error);
}
