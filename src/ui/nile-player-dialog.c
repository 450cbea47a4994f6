/* nile-player-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-player-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-player-dialog.h"
#include "nile-ui-util.h"

/* Asks for a player's name and the colour of his counters: a new
 * player's, or, given #NilePlayerDialog:player, those an existing player
 * changes to. The window applies them through the core on the "apply"
 * response. */
struct _NilePlayerDialog
{
  AdwMessageDialog  parent_instance;

  NilePlayer       *player;

  AdwEntryRow      *name_row;
  AdwComboRow      *colour_row;
  GtkStringList    *colour_names;
};

G_DEFINE_FINAL_TYPE (NilePlayerDialog, nile_player_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  PROP_0,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The colours in the order of the combo row, as stored in the campaign:
 * names any colour parser (and the sidebar's swatch) understands. */
static const char * const colours[] = {
  "red", "blue", "green", "yellow", "black", "white",
};

static void
on_name_changed (NilePlayerDialog *self)
{
  g_autofree char *name = nile_player_dialog_get_name (self);

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "apply", name[0] != '\0');
}

/* Selects @colour in the list; one given outside the app (any name a
 * colour parser knows) is added after the six counter colours. */
static void
select_colour (NilePlayerDialog *self,
               const char       *colour)
{
  guint n_names;

  if (colour == NULL || *colour == '\0')
    return;

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    if (g_ascii_strcasecmp (colour, colours[i]) == 0)
      {
        adw_combo_row_set_selected (self->colour_row, i);
        return;
      }

  n_names = g_list_model_get_n_items (G_LIST_MODEL (self->colour_names));
  for (guint i = G_N_ELEMENTS (colours); i < n_names; i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->colour_names, i), colour) == 0)
      {
        adw_combo_row_set_selected (self->colour_row, i);
        return;
      }

  gtk_string_list_append (self->colour_names, colour);
  adw_combo_row_set_selected (self->colour_row, n_names);
}

static void
nile_player_dialog_constructed (GObject *object)
{
  NilePlayerDialog *self = NILE_PLAYER_DIALOG (object);

  G_OBJECT_CLASS (nile_player_dialog_parent_class)->constructed (object);

  if (self->player == NULL)
    return;

  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), _("Edit Player"));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               _("Everything already recorded stays his."));
  adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (self), "apply", _("_Save"));
  /* A new label names the button as written again. */
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (self));
  nile_player_dialog_set_name (self, nile_player_get_name (self->player));
  select_colour (self, nile_player_get_colour (self->player));
}

static void
nile_player_dialog_dispose (GObject *object)
{
  NilePlayerDialog *self = NILE_PLAYER_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), NILE_TYPE_PLAYER_DIALOG);
  g_clear_object (&self->player);

  G_OBJECT_CLASS (nile_player_dialog_parent_class)->dispose (object);
}

static void
nile_player_dialog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  NilePlayerDialog *self = NILE_PLAYER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      g_value_set_object (value, self->player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_dialog_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  NilePlayerDialog *self = NILE_PLAYER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      self->player = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_dialog_class_init (NilePlayerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_player_dialog_constructed;
  object_class->dispose = nile_player_dialog_dispose;
  object_class->get_property = nile_player_dialog_get_property;
  object_class->set_property = nile_player_dialog_set_property;

  /**
   * NilePlayerDialog:player: (nullable)
   *
   * The player whose name and colour are edited, or %NULL to add one.
   */
  properties[PROP_PLAYER] =
    g_param_spec_object ("player", NULL, NULL,
                         NILE_TYPE_PLAYER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-player-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NilePlayerDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerDialog, colour_row);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerDialog, colour_names);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
}

static void
nile_player_dialog_init (NilePlayerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (self));
  nile_ui_list_choices_whole (self->colour_row);
}

GtkWidget *
nile_player_dialog_new (GtkWindow *parent)
{
  return g_object_new (NILE_TYPE_PLAYER_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
}

/**
 * nile_player_dialog_new_for_player:
 * @parent: the window
 * @player: the player to edit
 *
 * Returns: (transfer floating): a dialog showing @player's name and colour
 */
GtkWidget *
nile_player_dialog_new_for_player (GtkWindow  *parent,
                                   NilePlayer *player)
{
  g_return_val_if_fail (NILE_IS_PLAYER (player), NULL);

  return g_object_new (NILE_TYPE_PLAYER_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "player", player,
                       NULL);
}

/* Returns: (nullable) (transfer none): the player edited, if any */
NilePlayer *
nile_player_dialog_get_player (NilePlayerDialog *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_DIALOG (self), NULL);

  return self->player;
}

void
nile_player_dialog_set_name (NilePlayerDialog *self,
                             const char       *name)
{
  g_return_if_fail (NILE_IS_PLAYER_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
}

/* Returns: (transfer full): the name as typed, without surrounding blanks */
char *
nile_player_dialog_get_name (NilePlayerDialog *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_DIALOG (self), NULL);

  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

/* @colour: as stored in the campaign, e.g. "red" */
void
nile_player_dialog_set_colour (NilePlayerDialog *self,
                               const char       *colour)
{
  g_return_if_fail (NILE_IS_PLAYER_DIALOG (self));

  select_colour (self, colour);
}

const char *
nile_player_dialog_get_colour (NilePlayerDialog *self)
{
  guint selected;

  g_return_val_if_fail (NILE_IS_PLAYER_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->colour_row);
  if (selected < G_N_ELEMENTS (colours))
    return colours[selected];
  if (selected < g_list_model_get_n_items (G_LIST_MODEL (self->colour_names)))
    return gtk_string_list_get_string (self->colour_names, selected);
  return colours[0];
}

/**
 * nile_player_dialog_choose_free_colour:
 * @self: the dialog
 * @players: the campaign's #NilePlayer list
 *
 * Chooses the first colour no player in @players has yet, so that
 * accepting the dialog as it opens never asks for a colour in use.
 */
void
nile_player_dialog_choose_free_colour (NilePlayerDialog *self,
                                       GListModel       *players)
{
  g_return_if_fail (NILE_IS_PLAYER_DIALOG (self));
  g_return_if_fail (G_IS_LIST_MODEL (players));

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    {
      gboolean taken = FALSE;

      for (guint j = 0; j < g_list_model_get_n_items (players) && !taken; j++)
        {
          g_autoptr(NilePlayer) player = g_list_model_get_item (players, j);

          taken = g_ascii_strcasecmp (nile_player_get_colour (player), colours[i]) == 0;
        }

      if (!taken)
        {
          adw_combo_row_set_selected (self->colour_row, i);
          return;
        }
    }
}
