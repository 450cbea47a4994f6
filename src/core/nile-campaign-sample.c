/* nile-campaign-sample.c: the sample campaign a newcomer opens first
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sample is an ordinary export, shipped in the core's resources:
 * a Game II campaign six turns in (turn 7 begins), written by
 * data/sample/make-sample-campaign.sh through the command line. Its
 * journal comes with it, so a newcomer can undo what the sample did.
 */
#define G_LOG_DOMAIN "nile-campaign-sample"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-sample.h"
#include "nile-error.h"

#define SAMPLE_RESOURCE "/io/github/nileledger/NileLedger/core/sample-campaign.json"

/**
 * nile_campaign_create_sample:
 * @path: where to write the new campaign file; nothing may be there yet
 * @error: return location for a #GError
 *
 * Writes the sample campaign to a new file at @path and opens it. Like
 * every new campaign it never replaces a file (%NILE_ERROR_CONFLICT).
 *
 * Returns: (transfer full): the open sample campaign, or %NULL
 */
NileCampaign *
nile_campaign_create_sample (const char  *path,
                             GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *json = NULL;
  const char *data;
  gsize size;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = g_resources_lookup_data (SAMPLE_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
  if (bytes == NULL)
    {
      /* Only a broken build lacks it, but say so rather than crash. */
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("The sample campaign is missing from this installation: %s"),
                   local_error->message);
      return NULL;
    }

  /* The importer wants a string, the resource is bytes. */
  data = g_bytes_get_data (bytes, &size);
  json = g_strndup (data, size);

  return nile_campaign_import_json (json, path, error);
}
