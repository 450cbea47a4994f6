/* nile-explorer-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-explorer-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-explorer-dialog.h"
#include "nile-ui-util.h"

/* Asks for a new explorer's name, specialty and port. An Avalon Hill
 * explorer has one of eight specialties; a Discovery Games explorer any
 * of four. The window sends him through the core on "send". */
struct _NileExplorerDialog
{
  AdwMessageDialog  parent_instance;

  char             *player;
  gboolean          discovery_games;

  AdwEntryRow      *name_row;
  AdwComboRow      *specialty_row;
  GtkWidget        *evangelism_row;
  GtkWidget        *medicine_row;
  GtkWidget        *zoology_row;
  GtkWidget        *geology_row;
  GtkCheckButton   *evangelism_check;
  GtkCheckButton   *medicine_check;
  GtkCheckButton   *zoology_check;
  GtkCheckButton   *geology_check;
  AdwEntryRow      *port_row;
};

G_DEFINE_FINAL_TYPE (NileExplorerDialog, nile_explorer_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The AH specialties in the order of the combo row (NileSpecialty nicks). */
static const char * const ah_specialties[] = {
  "botanist", "doctor", "ethnologist", "explorer",
  "geologist", "journalist", "missionary", "zoologist",
};

static char *
row_text (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static void
nile_explorer_dialog_update (NileExplorerDialog *self)
{
  g_autofree char *name = row_text (self->name_row);
  g_autofree char *port = row_text (self->port_row);

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "send",
                                           name[0] != '\0' && port[0] != '\0');
}

static void
nile_explorer_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), NILE_TYPE_EXPLORER_DIALOG);

  G_OBJECT_CLASS (nile_explorer_dialog_parent_class)->dispose (object);
}

static void
nile_explorer_dialog_finalize (GObject *object)
{
  NileExplorerDialog *self = NILE_EXPLORER_DIALOG (object);

  g_clear_pointer (&self->player, g_free);

  G_OBJECT_CLASS (nile_explorer_dialog_parent_class)->finalize (object);
}

static void
nile_explorer_dialog_class_init (NileExplorerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_explorer_dialog_dispose;
  object_class->finalize = nile_explorer_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-explorer-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, specialty_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, evangelism_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, medicine_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, zoology_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, geology_row);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, evangelism_check);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, medicine_check);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, zoology_check);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, geology_check);
  gtk_widget_class_bind_template_child (widget_class, NileExplorerDialog, port_row);
  gtk_widget_class_bind_template_callback (widget_class, nile_explorer_dialog_update);
}

static void
nile_explorer_dialog_init (NileExplorerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (self));
  nile_ui_list_choices_whole (self->specialty_row);
}

/**
 * nile_explorer_dialog_new:
 * @parent: the window
 * @player: whose explorer he is
 * @edition: the campaign's edition nick, "ah" or "dg"
 */
GtkWidget *
nile_explorer_dialog_new (GtkWindow  *parent,
                          const char *player,
                          const char *edition)
{
  NileExplorerDialog *self;
  g_autofree char *body = NULL;

  g_return_val_if_fail (player != NULL, NULL);

  self = g_object_new (NILE_TYPE_EXPLORER_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->player = g_strdup (player);
  self->discovery_games = g_strcmp0 (edition, "dg") == 0;

  body = g_strdup_printf (_("%s’s new explorer outfits an expedition in port."), player);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  gtk_widget_set_visible (GTK_WIDGET (self->specialty_row), !self->discovery_games);
  gtk_widget_set_visible (self->evangelism_row, self->discovery_games);
  gtk_widget_set_visible (self->medicine_row, self->discovery_games);
  gtk_widget_set_visible (self->zoology_row, self->discovery_games);
  gtk_widget_set_visible (self->geology_row, self->discovery_games);

  return GTK_WIDGET (self);
}

const char *
nile_explorer_dialog_get_player (NileExplorerDialog *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER_DIALOG (self), NULL);

  return self->player;
}

char *
nile_explorer_dialog_get_name (NileExplorerDialog *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER_DIALOG (self), NULL);

  return row_text (self->name_row);
}

/* Returns: (transfer full): the specialty as the core spells it: an AH
 * nick, or the DG specialties comma-separated ("none" for none) */
char *
nile_explorer_dialog_get_specialty (NileExplorerDialog *self)
{
  const struct {
    GtkCheckButton *check;
    const char     *nick;
  } dg[] = {
    { self->evangelism_check, "evangelism" },
    { self->medicine_check, "medicine" },
    { self->zoology_check, "zoology" },
    { self->geology_check, "geology" },
  };
  g_autoptr(GStrvBuilder) chosen = NULL;
  g_auto(GStrv) nicks = NULL;
  guint selected;

  g_return_val_if_fail (NILE_IS_EXPLORER_DIALOG (self), NULL);

  if (!self->discovery_games)
    {
      selected = adw_combo_row_get_selected (self->specialty_row);
      return g_strdup (ah_specialties[MIN (selected, G_N_ELEMENTS (ah_specialties) - 1)]);
    }

  chosen = g_strv_builder_new ();
  for (guint i = 0; i < G_N_ELEMENTS (dg); i++)
    {
      if (gtk_check_button_get_active (dg[i].check))
        g_strv_builder_add (chosen, dg[i].nick);
    }

  nicks = g_strv_builder_end (chosen);
  return nicks[0] != NULL ? g_strjoinv (",", nicks) : g_strdup ("none");
}

char *
nile_explorer_dialog_get_port (NileExplorerDialog *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER_DIALOG (self), NULL);

  return row_text (self->port_row);
}

/* For a second try after the core refused, and for tests: fills the form
 * as a player would, @specialty spelled as get_specialty() returns it. */
void
nile_explorer_dialog_fill (NileExplorerDialog *self,
                           const char         *name,
                           const char         *specialty,
                           const char         *port)
{
  g_auto(GStrv) nicks = NULL;

  g_return_if_fail (NILE_IS_EXPLORER_DIALOG (self));
  g_return_if_fail (specialty != NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  gtk_editable_set_text (GTK_EDITABLE (self->port_row), port);

  for (guint i = 0; i < G_N_ELEMENTS (ah_specialties); i++)
    {
      if (g_str_equal (specialty, ah_specialties[i]))
        adw_combo_row_set_selected (self->specialty_row, i);
    }

  nicks = g_strsplit (specialty, ",", -1);
  gtk_check_button_set_active (self->evangelism_check, g_strv_contains ((const char * const *) nicks, "evangelism"));
  gtk_check_button_set_active (self->medicine_check, g_strv_contains ((const char * const *) nicks, "medicine"));
  gtk_check_button_set_active (self->zoology_check, g_strv_contains ((const char * const *) nicks, "zoology"));
  gtk_check_button_set_active (self->geology_check, g_strv_contains ((const char * const *) nicks, "geology"));
}
