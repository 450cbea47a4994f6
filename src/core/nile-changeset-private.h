/* nile-changeset-private.h: applying a recorded change to undo or redo it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-sqlite-private.h"

G_BEGIN_DECLS

typedef struct _NileChangesetApplier NileChangesetApplier;

NileChangesetApplier *_nile_changeset_applier_new  (sqlite3               *db);
void                  _nile_changeset_applier_free (NileChangesetApplier  *self);
gboolean              _nile_changeset_apply        (NileChangesetApplier  *self,
                                                    const void            *changeset,
                                                    int                    size,
                                                    gboolean               invert,
                                                    GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileChangesetApplier, _nile_changeset_applier_free)

G_END_DECLS
