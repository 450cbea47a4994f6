/* nile-test-utils.h: helpers every test shares
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void      nile_test_remove_tree       (const char *path);

gboolean  nile_test_become_reader     (void);
void      nile_test_stop_being_reader (void);
void      nile_test_give_to_reader    (const char *path);
char     *nile_test_describe_folder   (const char *path);

G_END_DECLS
