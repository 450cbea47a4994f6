/* nile-escape-chooser.h: whom a defeated explorer escapes with
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "nile-expedition.h"

G_BEGIN_DECLS

#define NILE_TYPE_ESCAPE_CHOOSER (nile_escape_chooser_get_type ())

G_DECLARE_FINAL_TYPE (NileEscapeChooser, nile_escape_chooser, NILE, ESCAPE_CHOOSER, GtkWidget)

GtkWidget *nile_escape_chooser_new             (void);

/* Offers the members of @makeup, for an escape with @amount of them
 * (R 15.21); with no more members than that, all are chosen already. */
void       nile_escape_chooser_set_expedition  (NileEscapeChooser    *self,
                                                const NileExpedition *makeup,
                                                int                   amount);
/* How many members he takes: @amount, or all he has when fewer. */
int        nile_escape_chooser_get_needed      (NileEscapeChooser    *self);
/* Whether exactly that many are chosen. */
gboolean   nile_escape_chooser_get_complete    (NileEscapeChooser    *self);
/* The choice as apply-roll's escapes-with takes it: "bearers:2 guides:1". */
char      *nile_escape_chooser_dup_chosen      (NileEscapeChooser    *self);
/* The question, "Escape With 2 Members", and what choosing means: the
 * words every place that asks it uses. */
char       *nile_escape_chooser_dup_heading    (NileEscapeChooser    *self);
const char *nile_escape_chooser_get_rule       (void);

G_END_DECLS
