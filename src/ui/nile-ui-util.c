/* nile-ui-util.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-ui-util"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-ui-util.h"

NileExplorer *
nile_ui_current_explorer (GListModel *explorers,
                          const char *player)
{
  guint n_items;

  g_return_val_if_fail (G_IS_LIST_MODEL (explorers), NULL);

  if (player == NULL)
    return NULL;

  n_items = g_list_model_get_n_items (explorers);
  for (guint i = n_items; i > 0; i--)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i - 1);

      if (g_strcmp0 (nile_explorer_get_player (explorer), player) == 0)
        return g_steal_pointer (&explorer);
    }

  return NULL;
}

gboolean
nile_ui_apply (GtkWidget    *widget,
               NileCampaign *campaign,
               const char   *operation,
               GVariant     *params)
{
  g_autoptr(GVariant) owned = g_variant_ref_sink (params);
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);

  if (nile_campaign_apply (campaign, operation, owned, &error))
    return TRUE;

  gtk_widget_activate_action (widget, "win.show-error", "s", error->message);
  return FALSE;
}

char *
nile_ui_new_campaign_path (GFile   *file,
                           GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FILE,
                           _("Campaigns can only be kept in a folder on this device."));
      return NULL;
    }

  if (g_str_has_suffix (path, NILE_CAMPAIGN_SUFFIX))
    return g_steal_pointer (&path);
  return g_strconcat (path, NILE_CAMPAIGN_SUFFIX, NULL);
}
