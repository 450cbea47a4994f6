/* nile-changeset-private.h: recording a change as a sqlite changeset,
 * and applying one to undo or redo it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-sqlite-private.h"

G_BEGIN_DECLS

typedef struct _NileChangesets NileChangesets;

NileChangesets *_nile_changesets_new           (sqlite3         *db,
                                                const char      *untracked);
void            _nile_changesets_free          (NileChangesets  *self);

gboolean        _nile_changesets_record_start  (NileChangesets  *self,
                                                GError         **error);
gboolean        _nile_changesets_record_finish (NileChangesets  *self,
                                                void           **out_changeset,
                                                int             *out_size,
                                                GError         **error);
void            _nile_changesets_record_cancel (NileChangesets  *self);

gboolean        _nile_changesets_apply         (NileChangesets  *self,
                                                const void      *changeset,
                                                int              size,
                                                gboolean         invert,
                                                GError         **error);

GHashTable     *_nile_changeset_table_columns  (sqlite3         *db,
                                                const char      *untracked);
gboolean        _nile_changeset_check          (GHashTable      *tables,
                                                const void      *changeset,
                                                int              size,
                                                GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileChangesets, _nile_changesets_free)

G_END_DECLS
