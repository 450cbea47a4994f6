/* nile-column-ranges-private.h: the range each whole number a campaign
 * keeps is held to
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-sqlite-private.h"

G_BEGIN_DECLS

/* The range a whole number in a column is held to, and the words the
 * operations say it in, untranslated. */
typedef struct {
  const char *what;
  gint64      min;
  gint64      max;
} NileColumnRange;

/* Sets @out_range to the range of @table's @column; FALSE when the
 * column has none. */
gboolean  _nile_column_range_find    (const char             *table,
                                      const char             *column,
                                      NileColumnRange        *out_range);

/* Why @value is outside @range, in the words the operations refuse it
 * in ("Healthy bearers must be from 0 to 10,000, not 10,001"), or NULL
 * when it is inside. */
char     *_nile_column_range_refusal (const NileColumnRange  *range,
                                      gint64                  value);

/* As _nile_column_range_refusal() for a value as sqlite holds it: text,
 * a real or bytes where a whole number belongs are refused as `check`
 * refuses them; NULL is left to the column's own constraint. */
char     *_nile_column_range_refuse_value (const NileColumnRange *range,
                                           sqlite3_value         *value);

/* Looks through @db for a number outside its column's range. TRUE with
 * @out_table and @out_refusal set to the first one's table and why it
 * is refused, or both NULL when there is none; FALSE with @error set
 * when sqlite can't say. */
gboolean  _nile_column_ranges_check  (sqlite3                *db,
                                      char                  **out_table,
                                      char                  **out_refusal,
                                      GError                **error);

G_END_DECLS
