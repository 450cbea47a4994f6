/* nile-operations.c: the table of every operation on a campaign
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each operation changes the campaign through sqlite inside the one
 * transaction nile_campaign_apply() opened; the campaign records the row
 * changes for undo, so an operation never has to write its own inverse.
 * To add one: write its apply function and its parameter list here and
 * append an entry to operations[].
 */
#define G_LOG_DOMAIN "nile-operations"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-private.h"
#include "nile-error.h"
#include "nile-operation.h"

static gboolean
rename_campaign (NileCampaign  *campaign,
                 sqlite3       *db,
                 GVariantDict  *params,
                 GString       *summary,
                 GError       **error)
{
  g_autofree char *name = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_variant_dict_lookup (params, "name", "s", &name);
  g_strstrip (name);
  if (*name == '\0')
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A campaign needs a name that is not blank"));
      return FALSE;
    }

  stmt = _nile_campaign_prepare (campaign,
                                 "INSERT INTO meta (key, value) VALUES ('name', ?1) "
                                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  g_string_append_printf (summary, _("Renamed the campaign to “%s”"), name);
  return TRUE;
}

static const NileOperationParam rename_campaign_params[] = {
  { "name", "s", FALSE, N_("the new name of the campaign") },
  { NULL }
};

static const NileOperation operations[] = {
  { "rename-campaign", N_("Give the campaign a new name"),
    rename_campaign_params, rename_campaign },
};

const NileOperation *
nile_operation_get_all (guint *n)
{
  g_return_val_if_fail (n != NULL, NULL);

  *n = G_N_ELEMENTS (operations);
  return operations;
}
