/* nile-error.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define NILE_ERROR (nile_error_quark ())

/**
 * NileError:
 * @NILE_ERROR_INVALID_INPUT: the caller gave a value the rules or the
 *   format do not allow (command line exit status 2)
 * @NILE_ERROR_NEEDS_CELL: a roll landed on a cell the owner has not filled
 *   yet (exit status 3)
 * @NILE_ERROR_NOT_FOUND: a named thing (roll, sheet, player…) does not exist
 * @NILE_ERROR_CONFLICT: data would overwrite the owner's own data
 * @NILE_ERROR_FORBIDDEN: the rules forbid the change
 * @NILE_ERROR_FILE: a campaign file cannot be used (exit status 4)
 * @NILE_ERROR_NEWER_FORMAT: a file written by a newer Nile Ledger
 * @NILE_ERROR_CORRUPT: a damaged file
 * @NILE_ERROR_READ_ONLY: the file or its folder cannot be written
 * @NILE_ERROR_DISK_FULL: no room left on the disk
 * @NILE_ERROR_NOTHING_TO_UNDO: undo or redo has nothing to act on
 */
typedef enum {
  NILE_ERROR_INVALID_INPUT,
  NILE_ERROR_NEEDS_CELL,
  NILE_ERROR_NOT_FOUND,
  NILE_ERROR_CONFLICT,
  NILE_ERROR_FORBIDDEN,
  NILE_ERROR_FILE,
  NILE_ERROR_NEWER_FORMAT,
  NILE_ERROR_CORRUPT,
  NILE_ERROR_READ_ONLY,
  NILE_ERROR_DISK_FULL,
  NILE_ERROR_NOTHING_TO_UNDO,
} NileError;

GQuark nile_error_quark (void);

G_END_DECLS
