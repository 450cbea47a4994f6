/* nile-escape-chooser.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-escape-chooser"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "nile-escape-chooser.h"
#include "nile-ui-util.h"

/* A stepper per kind of member the expedition has (R 15.22: one person,
 * healthy or sick, animal or canoe each), and how many are chosen of
 * those he takes. The encounter window and a defeat rolled on the
 * Tables page both ask with it. */
struct _NileEscapeChooser
{
  GtkWidget            parent_instance;

  GtkWidget           *box;
  AdwPreferencesGroup *group;
  GtkLabel            *count_label;

  GPtrArray           *rows;
  GPtrArray           *spins;    /* each named after its make-up field */
  int                  amount;   /* as the result says */
  int                  needed;
  gboolean             complete;
};

G_DEFINE_FINAL_TYPE (NileEscapeChooser, nile_escape_chooser, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NEEDED,
  PROP_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
count_chosen (NileEscapeChooser *self)
{
  int total = 0;

  for (guint i = 0; i < self->spins->len; i++)
    total += gtk_spin_button_get_value_as_int (g_ptr_array_index (self->spins, i));
  return total;
}

static void
update_count (NileEscapeChooser *self)
{
  int total = count_chosen (self);
  g_autofree char *text =
    /* Translators: members chosen so far, of those he escapes with */
    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d member chosen", "%d of %d members chosen",
                                  self->needed),
                     total, self->needed);

  gtk_label_set_text (self->count_label, text);
  if (self->complete != (total == self->needed))
    {
      self->complete = total == self->needed;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
    }
}

static GtkWidget *
new_spin (NileEscapeChooser         *self,
          const NileExpeditionField *field,
          int                        count)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, MIN (count, self->needed), 1);

  gtk_widget_set_name (spin, field->name);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (spin, -1, 44);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  nile_ui_fit_spin_to_touch (GTK_SPIN_BUTTON (spin));
  nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (spin));
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);

  return spin;
}

void
nile_escape_chooser_set_expedition (NileEscapeChooser    *self,
                                    const NileExpedition *makeup,
                                    int                   amount)
{
  const char * const *members = nile_expedition_member_names ();
  NileTravelMode mode = nile_expedition_travel_mode (makeup);
  int have = nile_expedition_count_members (makeup);

  g_return_if_fail (NILE_IS_ESCAPE_CHOOSER (self));
  g_return_if_fail (makeup != NULL);

  g_object_freeze_notify (G_OBJECT (self));

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->spins, 0);
  self->amount = MAX (amount, 0);
  if (self->needed != MIN (self->amount, have))
    {
      self->needed = MIN (self->amount, have);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEEDED]);
    }

  for (guint i = 0; members[i] != NULL; i++)
    {
      const NileExpeditionField *field = nile_expedition_find_field (members[i]);
      int count = nile_expedition_get_value (makeup, field);
      g_autofree char *subtitle = NULL;
      GtkWidget *row, *spin;

      if (count == 0)
        continue;

      /* Bearers on foot and canoes by canoe bring their loads (R 15.23).
       * Short, to stay beside the stepper on a phone. */
      if ((mode == NILE_TRAVEL_MODE_FOOT && g_str_equal (members[i], "bearers")) ||
          (mode == NILE_TRAVEL_MODE_CANOE && g_str_equal (members[i], "canoes")))
        /* Translators: under a kind of member, beside the stepper choosing how many he
         * takes: of how many he has; each brings a share of the loads */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "of %d, with loads", "of %d, with loads", count),
                                    count);
      else
        /* Translators: under a kind of member, beside the stepper choosing how many he
         * takes: of how many he has */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "of %d", "of %d", count), count);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(field->description));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      spin = new_spin (self, field, count);
      if (self->needed == have)
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), count);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      /* The row names the spin button it activates: a name of its own
       * as well would be said twice. */
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->group, row);
      g_ptr_array_add (self->rows, row);
      g_ptr_array_add (self->spins, spin);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->group), self->spins->len > 0);
  update_count (self);
  g_object_thaw_notify (G_OBJECT (self));
}

int
nile_escape_chooser_get_needed (NileEscapeChooser *self)
{
  g_return_val_if_fail (NILE_IS_ESCAPE_CHOOSER (self), 0);

  return self->needed;
}

gboolean
nile_escape_chooser_get_complete (NileEscapeChooser *self)
{
  g_return_val_if_fail (NILE_IS_ESCAPE_CHOOSER (self), FALSE);

  return self->complete;
}

char *
nile_escape_chooser_dup_chosen (NileEscapeChooser *self)
{
  GString *chosen = g_string_new (NULL);

  g_return_val_if_fail (NILE_IS_ESCAPE_CHOOSER (self), NULL);

  for (guint i = 0; i < self->spins->len; i++)
    {
      GtkWidget *spin = g_ptr_array_index (self->spins, i);
      int n = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));

      if (n > 0)
        g_string_append_printf (chosen, "%s%s:%d", chosen->len > 0 ? " " : "", gtk_widget_get_name (spin), n);
    }

  return g_string_free (chosen, FALSE);
}

char *
nile_escape_chooser_dup_heading (NileEscapeChooser *self)
{
  g_return_val_if_fail (NILE_IS_ESCAPE_CHOOSER (self), NULL);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Escape With %d Member", "Escape With %d Members",
                                       self->amount),
                          self->amount);
}

const char *
nile_escape_chooser_get_rule (void)
{
  return _("Choose whom he takes: a bearer on foot or a canoe by canoe brings its share of the loads; everyone"
           " and everything else is lost (R 15.21–15.23).");
}

static void
nile_escape_chooser_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  NileEscapeChooser *self = NILE_ESCAPE_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_NEEDED:
      g_value_set_int (value, self->needed);
      break;

    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_escape_chooser_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), NILE_TYPE_ESCAPE_CHOOSER);

  G_OBJECT_CLASS (nile_escape_chooser_parent_class)->dispose (object);
}

static void
nile_escape_chooser_finalize (GObject *object)
{
  NileEscapeChooser *self = NILE_ESCAPE_CHOOSER (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->spins, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_escape_chooser_parent_class)->finalize (object);
}

static void
nile_escape_chooser_class_init (NileEscapeChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = nile_escape_chooser_get_property;
  object_class->dispose = nile_escape_chooser_dispose;
  object_class->finalize = nile_escape_chooser_finalize;

  properties[PROP_NEEDED] =
    g_param_spec_int ("needed", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-escape-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, NileEscapeChooser, box);
  gtk_widget_class_bind_template_child (widget_class, NileEscapeChooser, group);
  gtk_widget_class_bind_template_child (widget_class, NileEscapeChooser, count_label);
}

static void
nile_escape_chooser_init (NileEscapeChooser *self)
{
  self->rows = g_ptr_array_new ();
  self->spins = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
nile_escape_chooser_new (void)
{
  return g_object_new (NILE_TYPE_ESCAPE_CHOOSER, NULL);
}
