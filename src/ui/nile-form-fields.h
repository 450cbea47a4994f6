/* nile-form-fields.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_FORM_FIELDS (nile_form_fields_get_type ())

G_DECLARE_FINAL_TYPE (NileFormFields, nile_form_fields, NILE, FORM_FIELDS, GtkWidget)

NileFormFields *nile_form_fields_new               (const char          *heading,
                                                    const char          *response,
                                                    const char          *response_label,
                                                    GCallback            on_response);

const char     *nile_form_fields_get_heading       (NileFormFields      *self);
const char     *nile_form_fields_get_response      (NileFormFields      *self);
const char     *nile_form_fields_get_response_label (NileFormFields     *self);
GCallback       nile_form_fields_get_on_response   (NileFormFields      *self);

GtkWidget      *nile_form_fields_add_entry         (NileFormFields      *self,
                                                    const char          *key,
                                                    const char          *title,
                                                    const char          *text);
GtkWidget      *nile_form_fields_add_spin          (NileFormFields      *self,
                                                    const char          *key,
                                                    const char          *title,
                                                    int                  min,
                                                    int                  max,
                                                    int                  value);
GtkWidget      *nile_form_fields_add_switch        (NileFormFields      *self,
                                                    const char          *key,
                                                    const char          *title,
                                                    gboolean             active);
GtkWidget      *nile_form_fields_add_check         (NileFormFields      *self,
                                                    const char          *key,
                                                    const char          *title,
                                                    const char          *subtitle,
                                                    gboolean             active);
GtkWidget      *nile_form_fields_add_choice        (NileFormFields      *self,
                                                    const char          *key,
                                                    const char          *title,
                                                    const char * const  *labels,
                                                    guint                selected);

GtkWidget      *nile_form_fields_get_control       (NileFormFields      *self,
                                                    const char          *key);
GtkWidget      *nile_form_fields_get_row           (NileFormFields      *self,
                                                    const char          *key);
const char     *nile_form_fields_get_text          (NileFormFields      *self,
                                                    const char          *key);
gint64          nile_form_fields_get_int           (NileFormFields      *self,
                                                    const char          *key);
gboolean        nile_form_fields_get_bool          (NileFormFields      *self,
                                                    const char          *key);
gboolean        nile_form_fields_get_checked       (NileFormFields      *self,
                                                    const char          *key);
guint           nile_form_fields_get_selected      (NileFormFields      *self,
                                                    const char          *key);

void            nile_form_fields_set_user_data     (NileFormFields      *self,
                                                    gpointer             user_data,
                                                    GDestroyNotify       destroy);
gpointer        nile_form_fields_get_user_data     (NileFormFields      *self);

G_END_DECLS
