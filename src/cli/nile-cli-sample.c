/* nile-cli-sample.c: nile-ledger sample FILE
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes the sample campaign to a new file, to try the commands on a
 * game already under way.
 */
#define G_LOG_DOMAIN "nile-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-sample.h"
#include "nile-cli.h"
#include "nile-cli-commands.h"

int
nile_cli_sample (int    argc,
                 char **argv)
{
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  if (!nile_cli_parse_options (&argc, &argv, "FILE",
                               _("Write the sample campaign, a Game II six turns in, to a new file."),
                               NULL, 1, FALSE, &error))
    return nile_cli_fail (error);

  campaign = nile_campaign_create_sample (argv[1], &error);
  if (campaign == NULL)
    return nile_cli_fail (error);

  g_print (_("Wrote the sample campaign to %s\n"), argv[1]);
  return NILE_CLI_EXIT_OK;
}
