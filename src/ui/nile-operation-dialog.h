/* nile-operation-dialog.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"
#include "nile-campaign.h"

G_BEGIN_DECLS

#define NILE_TYPE_OPERATION_DIALOG (nile_operation_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NileOperationDialog, nile_operation_dialog, NILE, OPERATION_DIALOG, AdwWindow)

GtkWidget *nile_operation_dialog_new             (GtkWindow           *parent,
                                                  NileCampaign        *campaign,
                                                  const char          *operation,
                                                  GVariant            *fixed,
                                                  NileCampaignBook    *book);
void       nile_operation_dialog_set_destructive (NileOperationDialog *self,
                                                  gboolean             destructive);
void       nile_operation_dialog_set_value       (NileOperationDialog *self,
                                                  const char          *param,
                                                  GVariant            *value);
gboolean   nile_operation_dialog_apply           (NileOperationDialog *self,
                                                  GError             **error);

G_END_DECLS
