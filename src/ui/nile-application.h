/* nile-application.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_APPLICATION (nile_application_get_type ())

G_DECLARE_FINAL_TYPE (NileApplication, nile_application, NILE, APPLICATION, AdwApplication)

NileApplication *nile_application_new (void);

G_END_DECLS
