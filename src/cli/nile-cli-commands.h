/* nile-cli-commands.h: one entry point per sub-command
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each takes the arguments after the program name: argv[0] is the
 * sub-command itself. Returns a NileCliExit status. */
typedef int (*NileCliCommandFunc) (int argc, char **argv);

typedef struct {
  const char         *name;
  const char         *summary;
  NileCliCommandFunc  run;
} NileCliCommand;

const NileCliCommand *nile_cli_get_commands (guint *n_commands);

/* nile-cli-campaign.c */
int nile_cli_new    (int argc, char **argv);
int nile_cli_ops    (int argc, char **argv);
int nile_cli_do     (int argc, char **argv);
int nile_cli_undo   (int argc, char **argv);
int nile_cli_redo   (int argc, char **argv);
int nile_cli_log    (int argc, char **argv);
int nile_cli_check  (int argc, char **argv);
int nile_cli_show   (int argc, char **argv);
int nile_cli_export (int argc, char **argv);
int nile_cli_import (int argc, char **argv);

/* nile-cli-roll.c */
int nile_cli_roll   (int argc, char **argv);

/* nile-cli-sheet.c */
int nile_cli_sheet  (int argc, char **argv);

/* nile-cli-sample.c */
int nile_cli_sample (int argc, char **argv);

G_END_DECLS
