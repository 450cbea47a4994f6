/* nile-dice-keys.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One key for each face of a die, each activating the same action with
 * its face as an int target: the quick roll and the Native Encounter
 * each read the dice the players threw through them, with the same
 * size, names and order.
 */
#define G_LOG_DOMAIN "nile-dice-keys"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-dice-keys.h"

#define N_FACES 6
#define KEY_SPACING 6
#define KEY_MIN_WIDTH 44
#define KEY_MIN_HEIGHT 56

struct _NileDiceKeys
{
  GtkWidget  parent_instance;

  char      *action_name;
  guint      columns;
  GtkWidget *keys[N_FACES];
};

G_DEFINE_FINAL_TYPE (NileDiceKeys, nile_dice_keys, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ACTION_NAME,
  PROP_COLUMNS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Row by row, @columns keys to a row. */
static void
place_keys (NileDiceKeys *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  for (guint i = 0; i < N_FACES; i++)
    {
      GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, self->keys[i]));

      gtk_grid_layout_child_set_column (child, (int) (i % self->columns));
      gtk_grid_layout_child_set_row (child, (int) (i / self->columns));
    }
}

/* The keys take the keyboard: the first that can. */
static gboolean
nile_dice_keys_grab_focus (GtkWidget *widget)
{
  NileDiceKeys *self = NILE_DICE_KEYS (widget);

  for (guint i = 0; i < N_FACES; i++)
    if (gtk_widget_grab_focus (self->keys[i]))
      return TRUE;
  return FALSE;
}

static void
nile_dice_keys_dispose (GObject *object)
{
  NileDiceKeys *self = NILE_DICE_KEYS (object);

  for (guint i = 0; i < N_FACES; i++)
    g_clear_pointer (&self->keys[i], gtk_widget_unparent);

  G_OBJECT_CLASS (nile_dice_keys_parent_class)->dispose (object);
}

static void
nile_dice_keys_finalize (GObject *object)
{
  NileDiceKeys *self = NILE_DICE_KEYS (object);

  g_clear_pointer (&self->action_name, g_free);

  G_OBJECT_CLASS (nile_dice_keys_parent_class)->finalize (object);
}

static void
nile_dice_keys_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileDiceKeys *self = NILE_DICE_KEYS (object);

  switch (prop_id)
    {
    case PROP_ACTION_NAME:
      g_value_set_string (value, self->action_name);
      break;

    case PROP_COLUMNS:
      g_value_set_uint (value, self->columns);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_dice_keys_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileDiceKeys *self = NILE_DICE_KEYS (object);

  switch (prop_id)
    {
    case PROP_ACTION_NAME:
      nile_dice_keys_set_action_name (self, g_value_get_string (value));
      break;

    case PROP_COLUMNS:
      nile_dice_keys_set_columns (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_dice_keys_class_init (NileDiceKeysClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_dice_keys_dispose;
  object_class->finalize = nile_dice_keys_finalize;
  object_class->get_property = nile_dice_keys_get_property;
  object_class->set_property = nile_dice_keys_set_property;

  properties[PROP_ACTION_NAME] =
    g_param_spec_string ("action-name", NULL, "the action each key activates, its face an int target", NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLUMNS] =
    g_param_spec_uint ("columns", NULL, "how many keys to a row", 1, N_FACES, N_FACES,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->grab_focus = nile_dice_keys_grab_focus;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_GRID_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dicekeys");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
nile_dice_keys_init (NileDiceKeys *self)
{
  GtkGridLayout *layout = GTK_GRID_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));

  gtk_grid_layout_set_row_spacing (layout, KEY_SPACING);
  gtk_grid_layout_set_column_spacing (layout, KEY_SPACING);
  gtk_grid_layout_set_row_homogeneous (layout, TRUE);
  gtk_grid_layout_set_column_homogeneous (layout, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Your Dice"), -1);

  for (guint i = 0; i < N_FACES; i++)
    {
      int face = (int) i + 1;
      g_autofree char *label = g_strdup_printf ("%d", face);
      /* Translators: the accessible name of the key for a die's face */
      g_autofree char *name = g_strdup_printf (_("Die showing %d"), face);

      self->keys[i] = gtk_button_new_with_label (label);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->keys[i]), "i", face);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->keys[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      /* Big enough to hit beside the board, however narrow the row. */
      gtk_widget_set_size_request (self->keys[i], KEY_MIN_WIDTH, KEY_MIN_HEIGHT);
      gtk_widget_add_css_class (self->keys[i], "die-button");
      gtk_widget_set_parent (self->keys[i], GTK_WIDGET (self));
    }
  self->columns = N_FACES;
  place_keys (self);
}

GtkWidget *
nile_dice_keys_new (void)
{
  return g_object_new (NILE_TYPE_DICE_KEYS, NULL);
}

const char *
nile_dice_keys_get_action_name (NileDiceKeys *self)
{
  g_return_val_if_fail (NILE_IS_DICE_KEYS (self), NULL);
  return self->action_name;
}

void
nile_dice_keys_set_action_name (NileDiceKeys *self,
                                const char   *action_name)
{
  g_return_if_fail (NILE_IS_DICE_KEYS (self));

  if (g_strcmp0 (self->action_name, action_name) == 0)
    return;
  g_free (self->action_name);
  self->action_name = g_strdup (action_name);
  for (guint i = 0; i < N_FACES; i++)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (self->keys[i]), action_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTION_NAME]);
}

guint
nile_dice_keys_get_columns (NileDiceKeys *self)
{
  g_return_val_if_fail (NILE_IS_DICE_KEYS (self), 0);
  return self->columns;
}

void
nile_dice_keys_set_columns (NileDiceKeys *self,
                            guint         columns)
{
  g_return_if_fail (NILE_IS_DICE_KEYS (self));
  g_return_if_fail (columns >= 1 && columns <= N_FACES);

  if (self->columns == columns)
    return;
  self->columns = columns;
  place_keys (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMNS]);
}
