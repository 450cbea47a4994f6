/* nile-check-constraints-private.h: the CHECK constraints of a table,
 * checked against the rows a campaign holds
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-sqlite-private.h"

G_BEGIN_DECLS

/* The expressions of the CHECK constraints in @create_sql, a CREATE
 * TABLE statement, in the order they are written, each as it is written
 * between its parentheses. */
GPtrArray *_nile_check_constraints_parse       (const char  *create_sql);

/* Looks through every row of @table in @db for one that fails one of
 * @rules, expressions as _nile_check_constraints_parse() gives them.
 * TRUE with @out_rule set to the first rule a row fails, on one line, or
 * to NULL when every row keeps them all; FALSE with @error set when
 * sqlite can't say. */
gboolean   _nile_check_constraints_find_broken (sqlite3     *db,
                                                const char  *table,
                                                GPtrArray   *rules,
                                                char       **out_rule,
                                                GError     **error);

G_END_DECLS
