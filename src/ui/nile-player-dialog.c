/* nile-player-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-player-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-player-dialog.h"

#include "nile-player.h"

/* Asks for a new player's name and the colour of his counters; the
 * window adds him through the core on the "add" response. */
struct _NilePlayerDialog
{
  AdwMessageDialog  parent_instance;

  AdwEntryRow      *name_row;
  AdwComboRow      *colour_row;
};

G_DEFINE_FINAL_TYPE (NilePlayerDialog, nile_player_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The colours in the order of the combo row, as stored in the campaign:
 * names any colour parser (and the sidebar's swatch) understands. */
static const char * const colours[] = {
  "red", "blue", "green", "yellow", "black", "white",
};

static void
on_name_changed (NilePlayerDialog *self)
{
  g_autofree char *name = nile_player_dialog_get_name (self);

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "add", name[0] != '\0');
}

static void
nile_player_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), NILE_TYPE_PLAYER_DIALOG);

  G_OBJECT_CLASS (nile_player_dialog_parent_class)->dispose (object);
}

static void
nile_player_dialog_class_init (NilePlayerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_player_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-player-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NilePlayerDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerDialog, colour_row);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
}

static void
nile_player_dialog_init (NilePlayerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
nile_player_dialog_new (GtkWindow *parent)
{
  return g_object_new (NILE_TYPE_PLAYER_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
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

const char *
nile_player_dialog_get_colour (NilePlayerDialog *self)
{
  guint selected;

  g_return_val_if_fail (NILE_IS_PLAYER_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->colour_row);
  return selected < G_N_ELEMENTS (colours) ? colours[selected] : colours[0];
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
