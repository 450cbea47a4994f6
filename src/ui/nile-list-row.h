/* nile-list-row.h: one row of a long list of the campaign book
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NILE_TYPE_LIST_ROW (nile_list_row_get_type ())

G_DECLARE_FINAL_TYPE (NileListRow, nile_list_row, NILE, LIST_ROW, GtkWidget)

GtkWidget *nile_list_row_new             (void);

/* A section's heading above the row (the first of its section), or NULL
 * for none; @description may be NULL. */
void       nile_list_row_set_heading     (NileListRow *self,
                                          const char  *heading,
                                          const char  *description);
void       nile_list_row_set_title       (NileListRow *self,
                                          const char  *title);
void       nile_list_row_set_subtitle    (NileListRow *self,
                                          const char  *subtitle);
/* The figure at the row's end and a line under it; NULL hides either.
 * A @dim value is one that no longer counts (a cache dug up). */
void       nile_list_row_set_value       (NileListRow *self,
                                          const char  *value,
                                          gboolean     dim);
void       nile_list_row_set_caption     (NileListRow *self,
                                          const char  *caption);
/* Adds a control at the row's end, once, when the row is set up. */
void       nile_list_row_set_suffix      (NileListRow *self,
                                          GtkWidget   *suffix);
/* A widget under the row's text (a tribe's explorers), or NULL. */
void       nile_list_row_set_extra       (NileListRow *self,
                                          GtkWidget   *extra);
GtkWidget *nile_list_row_get_extra       (NileListRow *self);

G_END_DECLS
