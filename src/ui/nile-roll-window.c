/* nile-roll-window.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Tables page's roll panel, opened by the Turn page for one step of
 * the turn. It keeps what the page needs once it closes: the step, and
 * for a roll written with its step, the operation that writes it. What
 * the result card's Apply changed is said here, as the page behind,
 * which shows it, is out of sight.
 */
#define G_LOG_DOMAIN "nile-roll-window"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-log-entry.h"
#include "nile-roll-window.h"
#include "nile-ui-util.h"

struct _NileRollWindow
{
  AdwWindow        parent_instance;

  NileCampaign    *campaign;
  NileExplorer    *explorer;
  char            *step;
  const char      *operation;
  GVariant        *context;
  /* How long the log was when the window opened: what is added after
   * is the window's doing. */
  guint            log_length;
  /* Said once however many changes a roll took, until dismissed. */
  AdwToast        *toast;

  AdwToastOverlay *toast_overlay;
  NileQuickRoll   *roll;
};

G_DEFINE_FINAL_TYPE (NileRollWindow, nile_roll_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  PROP_EXPLORER,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The quick roll reports a refusal through win.show-error: passed on to
 * the main window's toasts. */
static void
show_error_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent != NULL)
    gtk_widget_activate_action_variant (GTK_WIDGET (parent), "win.show-error", parameter);
}

static void
on_toast_dismissed (NileRollWindow *self)
{
  self->toast = NULL;
}

static void
on_campaign_changed (NileRollWindow *self)
{
  GListModel *log = nile_campaign_get_log (self->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  g_autoptr(NileLogEntry) last = NULL;
  g_autofree char *text = NULL;

  /* Only a change made while the window is open, and not an undo. */
  if (n_entries <= self->log_length)
    return;
  last = g_list_model_get_item (log, n_entries - 1);
  if (nile_log_entry_get_kind (last) != NILE_LOG_KIND_DO)
    return;

  /* A roll of the turn is made once (recovery, escape): not again here. */
  if (self->operation != NULL)
    gtk_widget_set_sensitive (GTK_WIDGET (self->roll), FALSE);

  if (self->toast != NULL)
    return;
  /* Translators: %s is the explorer's name, as on the result card's Apply button */
  text = g_markup_printf_escaped (_("Applied to %s’s expedition"), nile_explorer_get_name (self->explorer));
  self->toast = adw_toast_new (text);
  g_signal_connect_object (self->toast, "dismissed", G_CALLBACK (on_toast_dismissed), self, G_CONNECT_SWAPPED);
  nile_ui_add_toast (self->toast_overlay, self->toast);
}

static void
nile_roll_window_constructed (GObject *object)
{
  NileRollWindow *self = NILE_ROLL_WINDOW (object);

  G_OBJECT_CLASS (nile_roll_window_parent_class)->constructed (object);

  nile_quick_roll_set_explorer (self->roll, self->campaign, self->explorer);
  self->log_length = g_list_model_get_n_items (nile_campaign_get_log (self->campaign));
  g_signal_connect_object (self->campaign, "changed", G_CALLBACK (on_campaign_changed), self, G_CONNECT_SWAPPED);
}

static void
nile_roll_window_dispose (GObject *object)
{
  NileRollWindow *self = NILE_ROLL_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_ROLL_WINDOW);
  g_clear_object (&self->campaign);
  g_clear_object (&self->explorer);

  G_OBJECT_CLASS (nile_roll_window_parent_class)->dispose (object);
}

static void
nile_roll_window_finalize (GObject *object)
{
  NileRollWindow *self = NILE_ROLL_WINDOW (object);

  g_clear_pointer (&self->step, g_free);
  g_clear_pointer (&self->context, g_variant_unref);

  G_OBJECT_CLASS (nile_roll_window_parent_class)->finalize (object);
}

static void
nile_roll_window_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileRollWindow *self = NILE_ROLL_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_EXPLORER:
      g_value_set_object (value, self->explorer);
      break;

    case PROP_STEP:
      g_value_set_string (value, self->step);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_roll_window_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NileRollWindow *self = NILE_ROLL_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;

    case PROP_EXPLORER:
      self->explorer = g_value_dup_object (value);
      break;

    case PROP_STEP:
      self->step = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_roll_window_class_init (NileRollWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_roll_window_constructed;
  object_class->dispose = nile_roll_window_dispose;
  object_class->finalize = nile_roll_window_finalize;
  object_class->get_property = nile_roll_window_get_property;
  object_class->set_property = nile_roll_window_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, NILE_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXPLORER] =
    g_param_spec_object ("explorer", NULL, NULL, NILE_TYPE_EXPLORER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_string ("step", NULL, "the step of the turn the roll is made for, if any", NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NILE_TYPE_QUICK_ROLL);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-roll-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NileRollWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NileRollWindow, roll);

  gtk_widget_class_install_action (widget_class, "win.show-error", "s", show_error_action);
  /* Escape closes the roll, as the encounter's does; closing is what
   * records it. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nile_roll_window_init (NileRollWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* @step: (nullable): the step of the turn the roll is made for */
NileRollWindow *
nile_roll_window_new (GtkWindow    *parent,
                      NileCampaign *campaign,
                      NileExplorer *explorer,
                      const char   *step)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (NILE_IS_EXPLORER (explorer), NULL);

  return g_object_new (NILE_TYPE_ROLL_WINDOW,
                       "transient-for", parent,
                       "campaign", campaign,
                       "explorer", explorer,
                       "step", step,
                       NULL);
}

NileQuickRoll *
nile_roll_window_get_roll (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->roll;
}

NileCampaign *
nile_roll_window_get_campaign (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->campaign;
}

NileExplorer *
nile_roll_window_get_explorer (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->explorer;
}

const char *
nile_roll_window_get_step (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->step;
}

/* @operation: static, as nile_turn_roll_operation() gives it */
void
nile_roll_window_set_turn_roll (NileRollWindow *self,
                                const char     *operation,
                                GVariant       *context)
{
  g_return_if_fail (NILE_IS_ROLL_WINDOW (self));
  g_return_if_fail (operation != NULL);

  self->operation = operation;
  g_clear_pointer (&self->context, g_variant_unref);
  self->context = context != NULL ? g_variant_ref_sink (context) : NULL;
  nile_quick_roll_set_apply_operation (self->roll, operation, self->context);
}

const char *
nile_roll_window_get_operation (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->operation;
}

GVariant *
nile_roll_window_get_context (NileRollWindow *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);
  return self->context;
}

NileRollResult *
nile_roll_window_get_finished_result (NileRollWindow *self)
{
  NileRollResult *result;

  g_return_val_if_fail (NILE_IS_ROLL_WINDOW (self), NULL);

  result = nile_quick_roll_get_result (self->roll);
  if (result == NULL || nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
    return NULL;
  return result;
}
