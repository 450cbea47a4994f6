/* nile-lazy-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_LAZY_PAGE (nile_lazy_page_get_type ())

G_DECLARE_FINAL_TYPE (NileLazyPage, nile_lazy_page, NILE, LAZY_PAGE, AdwBin)

GType      nile_lazy_page_get_page_type (NileLazyPage *self);
GtkWidget *nile_lazy_page_get_page      (NileLazyPage *self);
GtkWidget *nile_lazy_page_ensure_page   (NileLazyPage *self);

G_END_DECLS
