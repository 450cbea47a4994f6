/* nile-form-fields.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-form-fields"

#include "config.h"

#include "nile-form-fields.h"
#include "nile-ui-util.h"

/* The fields of a small form shown under a message, as a boxed list:
 * each field a row, its control found again by the key it was added
 * with. A form the core refuses is asked again in a new dialog around
 * the same fields, as the player left them: they keep what that dialog
 * is made of (its heading, its response and the handler of it), and
 * whatever else the form's handler needs to read the fields. */
struct _NileFormFields
{
  GtkWidget       parent_instance;

  GtkWidget      *list;
  /* Key → the control holding the field's value; the list owns them. */
  GHashTable     *controls;

  char           *heading;
  char           *response;
  char           *response_label;
  GCallback       on_response;

  gpointer        user_data;
  GDestroyNotify  destroy;
};

G_DEFINE_FINAL_TYPE (NileFormFields, nile_form_fields, GTK_TYPE_WIDGET)

static void
clear_user_data (NileFormFields *self)
{
  gpointer user_data = g_steal_pointer (&self->user_data);
  GDestroyNotify destroy = g_steal_pointer (&self->destroy);

  if (destroy != NULL)
    destroy (user_data);
}

/* The fields stand in for their list in the dialog: what expands, and
 * where focus goes, is the list's to say. */
static void
nile_form_fields_compute_expand (GtkWidget *widget,
                                 gboolean  *hexpand,
                                 gboolean  *vexpand)
{
  NileFormFields *self = NILE_FORM_FIELDS (widget);

  *hexpand = self->list != NULL && gtk_widget_compute_expand (self->list, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->list != NULL && gtk_widget_compute_expand (self->list, GTK_ORIENTATION_VERTICAL);
}

static gboolean
nile_form_fields_focus (GtkWidget        *widget,
                        GtkDirectionType  direction)
{
  NileFormFields *self = NILE_FORM_FIELDS (widget);

  return self->list != NULL && gtk_widget_child_focus (self->list, direction);
}

static gboolean
nile_form_fields_grab_focus (GtkWidget *widget)
{
  NileFormFields *self = NILE_FORM_FIELDS (widget);

  return self->list != NULL && gtk_widget_grab_focus (self->list);
}

static void
nile_form_fields_dispose (GObject *object)
{
  NileFormFields *self = NILE_FORM_FIELDS (object);

  g_clear_pointer (&self->list, gtk_widget_unparent);
  g_hash_table_remove_all (self->controls);
  clear_user_data (self);

  G_OBJECT_CLASS (nile_form_fields_parent_class)->dispose (object);
}

static void
nile_form_fields_finalize (GObject *object)
{
  NileFormFields *self = NILE_FORM_FIELDS (object);

  g_hash_table_unref (self->controls);
  g_free (self->heading);
  g_free (self->response);
  g_free (self->response_label);

  G_OBJECT_CLASS (nile_form_fields_parent_class)->finalize (object);
}

static void
nile_form_fields_class_init (NileFormFieldsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_form_fields_dispose;
  object_class->finalize = nile_form_fields_finalize;
  widget_class->compute_expand = nile_form_fields_compute_expand;
  widget_class->focus = nile_form_fields_focus;
  widget_class->grab_focus = nile_form_fields_grab_focus;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
nile_form_fields_init (NileFormFields *self)
{
  self->controls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_widget_set_parent (self->list, GTK_WIDGET (self));
}

/**
 * nile_form_fields_new:
 * @heading: the heading of the form's dialog, which names the fields too
 * @response: the id of the response that records the form
 * @response_label: that response's label, with its mnemonic
 * @on_response: the handler of the dialog's response signal
 *
 * Returns: (transfer floating): fields with none added yet
 */
NileFormFields *
nile_form_fields_new (const char *heading,
                      const char *response,
                      const char *response_label,
                      GCallback   on_response)
{
  NileFormFields *self;

  g_return_val_if_fail (heading != NULL, NULL);
  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (response_label != NULL, NULL);
  g_return_val_if_fail (on_response != NULL, NULL);

  self = g_object_new (NILE_TYPE_FORM_FIELDS, NULL);
  self->heading = g_strdup (heading);
  self->response = g_strdup (response);
  self->response_label = g_strdup (response_label);
  self->on_response = on_response;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);

  return self;
}

const char *
nile_form_fields_get_heading (NileFormFields *self)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);

  return self->heading;
}

const char *
nile_form_fields_get_response (NileFormFields *self)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);

  return self->response;
}

const char *
nile_form_fields_get_response_label (NileFormFields *self)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);

  return self->response_label;
}

GCallback
nile_form_fields_get_on_response (NileFormFields *self)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);

  return self->on_response;
}

static GtkWidget *
add_field (NileFormFields *self,
           const char     *key,
           GtkWidget      *row,
           GtkWidget      *control)
{
  gtk_list_box_append (GTK_LIST_BOX (self->list), row);
  g_hash_table_insert (self->controls, g_strdup (key), control);
  return control;
}

static gboolean
is_new_key (NileFormFields *self,
            const char     *key)
{
  return key != NULL && !g_hash_table_contains (self->controls, key);
}

/**
 * nile_form_fields_add_entry:
 * @self: the fields
 * @key: the field's key, new to them
 * @title: what the field is
 * @text: (nullable): the text it starts with
 *
 * Adds a line of text.
 *
 * Returns: (transfer none): its entry row, the control
 */
GtkWidget *
nile_form_fields_add_entry (NileFormFields *self,
                            const char     *key,
                            const char     *title,
                            const char     *text)
{
  GtkWidget *row;

  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (is_new_key (self, key), NULL);

  row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  /* Enter answers the form with its suggested response. */
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
  return add_field (self, key, row, row);
}

/**
 * nile_form_fields_add_spin:
 * @self: the fields
 * @key: the field's key, new to them
 * @title: what the field counts
 * @min: the least it takes
 * @max: the most it takes
 * @value: the count it starts with
 *
 * Adds a whole number, between @min and @max.
 *
 * Returns: (transfer none): its spin button, the control
 */
GtkWidget *
nile_form_fields_add_spin (NileFormFields *self,
                           const char     *key,
                           const char     *title,
                           int             min,
                           int             max,
                           int             value)
{
  GtkWidget *row;
  GtkWidget *spin;

  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (is_new_key (self, key), NULL);
  g_return_val_if_fail (min <= max, NULL);

  row = adw_action_row_new ();
  spin = gtk_spin_button_new_with_range (min, max, 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (spin));
  /* Enter answers the form, as in an entry row. */
  nile_ui_spin_activates_default (GTK_SPIN_BUTTON (spin));
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  return add_field (self, key, row, spin);
}

/**
 * nile_form_fields_add_switch:
 * @self: the fields
 * @key: the field's key, new to them
 * @title: what the field is
 * @active: whether it starts on
 *
 * Adds a yes or no, as a switch.
 *
 * Returns: (transfer none): its switch, the control
 */
GtkWidget *
nile_form_fields_add_switch (NileFormFields *self,
                             const char     *key,
                             const char     *title,
                             gboolean        active)
{
  GtkWidget *row;
  GtkWidget *toggle;

  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (is_new_key (self, key), NULL);

  row = adw_action_row_new ();
  toggle = gtk_switch_new ();
  gtk_switch_set_active (GTK_SWITCH (toggle), active);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  /* Named by the row's title, as its activatable widget. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  return add_field (self, key, row, toggle);
}

/**
 * nile_form_fields_add_check:
 * @self: the fields
 * @key: the field's key, new to them
 * @title: what ticking it chooses
 * @subtitle: (nullable): more about it
 * @active: whether it starts ticked
 *
 * Adds a choice of many, to tick or leave.
 *
 * Returns: (transfer none): its check button, the control
 */
GtkWidget *
nile_form_fields_add_check (NileFormFields *self,
                            const char     *key,
                            const char     *title,
                            const char     *subtitle,
                            gboolean        active)
{
  GtkWidget *row;
  GtkWidget *check;

  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (is_new_key (self, key), NULL);

  row = adw_action_row_new ();
  check = gtk_check_button_new ();
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  return add_field (self, key, row, check);
}

/**
 * nile_form_fields_add_choice:
 * @self: the fields
 * @key: the field's key, new to them
 * @title: what is chosen
 * @labels: (array zero-terminated=1): the choices
 * @selected: the position of the one it starts with
 *
 * Adds one choice of @labels, as a combo row.
 *
 * Returns: (transfer none): its combo row, the control
 */
GtkWidget *
nile_form_fields_add_choice (NileFormFields     *self,
                             const char         *key,
                             const char         *title,
                             const char * const *labels,
                             guint               selected)
{
  GtkWidget *row;

  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (is_new_key (self, key), NULL);
  g_return_val_if_fail (labels != NULL, NULL);

  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (gtk_string_list_new (labels)));
  nile_ui_list_choices_whole (ADW_COMBO_ROW (row));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  return add_field (self, key, row, row);
}

/**
 * nile_form_fields_get_control:
 * @self: the fields
 * @key: a field's key
 *
 * Returns: (transfer none) (nullable): the control of the field added
 *   with @key, or %NULL when there is none
 */
GtkWidget *
nile_form_fields_get_control (NileFormFields *self,
                              const char     *key)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return g_hash_table_lookup (self->controls, key);
}

/**
 * nile_form_fields_get_row:
 * @self: the fields
 * @key: a field's key
 *
 * The row to show or hide a field by.
 *
 * Returns: (transfer none) (nullable): the row of the field added with
 *   @key (its control, when the control is the row), or %NULL
 */
GtkWidget *
nile_form_fields_get_row (NileFormFields *self,
                          const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  return control != NULL ? gtk_widget_get_ancestor (control, GTK_TYPE_LIST_BOX_ROW) : NULL;
}

/* The text of an entry field. */
const char *
nile_form_fields_get_text (NileFormFields *self,
                           const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  g_return_val_if_fail (GTK_IS_EDITABLE (control), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (control));
}

/* The count of a spin field. */
gint64
nile_form_fields_get_int (NileFormFields *self,
                          const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  g_return_val_if_fail (GTK_IS_SPIN_BUTTON (control), 0);

  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control));
}

/* Whether a switch field is on. */
gboolean
nile_form_fields_get_bool (NileFormFields *self,
                           const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  g_return_val_if_fail (GTK_IS_SWITCH (control), FALSE);

  return gtk_switch_get_active (GTK_SWITCH (control));
}

/* Whether a check field is ticked. */
gboolean
nile_form_fields_get_checked (NileFormFields *self,
                              const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  g_return_val_if_fail (GTK_IS_CHECK_BUTTON (control), FALSE);

  return gtk_check_button_get_active (GTK_CHECK_BUTTON (control));
}

/* The position of the choice made in a choice field. */
guint
nile_form_fields_get_selected (NileFormFields *self,
                               const char     *key)
{
  GtkWidget *control = nile_form_fields_get_control (self, key);

  g_return_val_if_fail (ADW_IS_COMBO_ROW (control), GTK_INVALID_LIST_POSITION);

  return adw_combo_row_get_selected (ADW_COMBO_ROW (control));
}

/**
 * nile_form_fields_set_user_data:
 * @self: the fields
 * @user_data: (nullable): what the form's handler reads the fields with
 * @destroy: (nullable): frees @user_data when it is replaced or the
 *   fields go
 *
 * Keeps @user_data with the fields, so it goes with them when the form
 * is asked again.
 */
void
nile_form_fields_set_user_data (NileFormFields *self,
                                gpointer        user_data,
                                GDestroyNotify  destroy)
{
  gpointer old_user_data;
  GDestroyNotify old_destroy;

  g_return_if_fail (NILE_IS_FORM_FIELDS (self));

  /* The old data is freed once the new is in place, as with object data. */
  old_user_data = g_steal_pointer (&self->user_data);
  old_destroy = g_steal_pointer (&self->destroy);
  self->user_data = user_data;
  self->destroy = destroy;
  if (old_destroy != NULL)
    old_destroy (old_user_data);
}

/**
 * nile_form_fields_get_user_data:
 * @self: the fields
 *
 * Returns: (transfer none) (nullable): what nile_form_fields_set_user_data()
 *   kept
 */
gpointer
nile_form_fields_get_user_data (NileFormFields *self)
{
  g_return_val_if_fail (NILE_IS_FORM_FIELDS (self), NULL);

  return self->user_data;
}
