/* nile-cli.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

/* Exit statuses a game master's script can rely on. */
typedef enum {
  NILE_CLI_EXIT_OK = 0,
  NILE_CLI_EXIT_FAILURE = 1,
  NILE_CLI_EXIT_BAD_INPUT = 2,
  NILE_CLI_EXIT_NEEDS_CELL = 3,
  NILE_CLI_EXIT_BAD_FILE = 4,
} NileCliExit;

gboolean nile_cli_is_command            (const char   *name);
gboolean nile_cli_claims                (int           argc,
                                         char        **argv);
char    *nile_cli_describe_commands     (void);
int      nile_cli_main                  (int           argc,
                                         char        **argv);
int      nile_cli_run                   (int           argc,
                                         char        **argv);
int      nile_cli_exit_status_for_error (const GError *error);
int      nile_cli_fail                  (const GError *error);
NilePlayer *nile_cli_find_player        (NileCampaignBook  *book,
                                         const char        *name,
                                         GError           **error);
void     nile_cli_explain_option_error  (GError      **error,
                                         int           argc,
                                         char        **argv);
gboolean nile_cli_check_text            (const char   *option,
                                         const char   *value,
                                         GError      **error);
gboolean nile_cli_parse_int             (const char   *option,
                                         const char   *text,
                                         gint64        min,
                                         gint64        max,
                                         gint64       *out,
                                         GError      **error);
/* How the command line names a setting a refusal advises: as typed
 * after `do` ("prisoners=keep"); a NileOperationSettingFunc. */
char    *nile_cli_name_setting          (const char   *operation,
                                         const char   *param,
                                         const char   *value,
                                         gpointer      user_data);
gboolean nile_cli_parse_options         (int           *argc,
                                         char        ***argv,
                                         const char    *arguments,
                                         const char    *summary,
                                         GOptionEntry  *entries,
                                         int            n_args,
                                         gboolean       at_least,
                                         GError       **error);

G_END_DECLS
