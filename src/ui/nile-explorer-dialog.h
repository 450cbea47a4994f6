/* nile-explorer-dialog.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_EXPLORER_DIALOG (nile_explorer_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NileExplorerDialog, nile_explorer_dialog, NILE, EXPLORER_DIALOG, AdwMessageDialog)

GtkWidget *nile_explorer_dialog_new           (GtkWindow          *parent,
                                               const char         *player,
                                               const char         *edition);
const char *nile_explorer_dialog_get_player   (NileExplorerDialog *self);
char      *nile_explorer_dialog_get_name      (NileExplorerDialog *self);
char      *nile_explorer_dialog_get_specialty (NileExplorerDialog *self);
char      *nile_explorer_dialog_get_port      (NileExplorerDialog *self);
void       nile_explorer_dialog_fill          (NileExplorerDialog *self,
                                               const char         *name,
                                               const char         *specialty,
                                               const char         *port);

G_END_DECLS
