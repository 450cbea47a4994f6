/* nile-log-text.c: which journal lines a reader asked for, as plain text
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Log page filters with the same test it exports with, so the file
 * holds exactly the lines the player saw.
 */
#define G_LOG_DOMAIN "nile-log-text"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-log-entry-private.h"
#include "nile-log-text.h"

/* Operations that name their player under another key than "player":
 * adding a player names the newcomer. */
static const struct {
  const char *operation;
  const char *key;
} player_keys[] = {
  { "add-player", "name" },
};

static const char *
player_key (const char *operation)
{
  for (gsize i = 0; i < G_N_ELEMENTS (player_keys); i++)
    if (g_strcmp0 (operation, player_keys[i].operation) == 0)
      return player_keys[i].key;

  return "player";
}

/* Whether @entry is one of @show's kind and, when @player is not NULL,
 * whether its operation names that player (its "player" parameter, or
 * the newcomer's name for add-player). Undo and redo lines name no one:
 * they stand under "Everyone". */
gboolean
nile_log_entry_matches (NileLogEntry *entry,
                        const char   *player,
                        NileLogShow   show)
{
  NileLogKind kind;

  g_return_val_if_fail (NILE_IS_LOG_ENTRY (entry), FALSE);

  kind = nile_log_entry_get_kind (entry);
  if (show == NILE_LOG_SHOW_CHANGES && kind != NILE_LOG_KIND_DO)
    return FALSE;
  if (show == NILE_LOG_SHOW_UNDO_REDO && kind == NILE_LOG_KIND_DO)
    return FALSE;

  if (player != NULL)
    {
      GVariant *params = nile_log_entry_get_params (entry);
      const char *named = NULL;

      if (params == NULL
          || !g_variant_is_of_type (params, G_VARIANT_TYPE_VARDICT)
          || !g_variant_lookup (params, player_key (nile_log_entry_get_operation (entry)), "&s", &named)
          || g_strcmp0 (named, player) != 0)
        return FALSE;
    }

  return TRUE;
}

/* @time in local time as the log shows it: "22 Nov 2026 00:54"; "" for
 * a line whose time could not be read. */
static char *
format_local_time (GDateTime *time)
{
  g_autoptr(GDateTime) local = NULL;

  if (time == NULL)
    return g_strdup ("");

  local = g_date_time_to_local (time);
  return g_date_time_format (local, "%-d %b %Y %H:%M");
}

/* When @entry was written, in local time: "22 Nov 2026 00:54". The Log
 * page shows the same words as the exported text. */
char *
nile_log_entry_format_time (NileLogEntry *entry)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (entry), NULL);

  return format_local_time (nile_log_entry_get_time (entry));
}

char *
_nile_log_line_to_text (gint64      sequence,
                        GDateTime  *time,
                        const char *summary,
                        gboolean    undone)
{
  g_autofree char *when = format_local_time (time);

  if (undone)
    return g_strdup_printf (_("No. %" G_GINT64_FORMAT " · %s · %s (undone)"), sequence, when, summary);

  return g_strdup_printf (_("No. %" G_GINT64_FORMAT " · %s · %s"), sequence, when, summary);
}

/* One line: "No. 12 · 22 Nov 2026 00:54 · summary", in local time,
 * with " (undone)" after a change that is currently undone. */
char *
nile_log_entry_to_text (NileLogEntry *entry)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (entry), NULL);

  return _nile_log_line_to_text (nile_log_entry_get_sequence (entry),
                                 nile_log_entry_get_time (entry),
                                 nile_log_entry_get_summary (entry),
                                 nile_log_entry_get_undone (entry));
}

/* Writes the lines of @entries (NileLogEntry items) that match @player
 * and @show to @out, one a line, in UTF-8. @out is not closed. */
gboolean
nile_log_write_text (GListModel    *entries,
                     const char    *player,
                     NileLogShow    show,
                     GOutputStream *out,
                     GCancellable  *cancellable,
                     GError       **error)
{
  guint n_entries;

  g_return_val_if_fail (G_IS_LIST_MODEL (entries), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n_entries = g_list_model_get_n_items (entries);
  for (guint i = 0; i < n_entries; i++)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (entries, i);
      g_autofree char *line = NULL;

      if (!nile_log_entry_matches (entry, player, show))
        continue;

      line = nile_log_entry_to_text (entry);
      if (!g_output_stream_write_all (out, line, strlen (line), NULL, cancellable, error)
          || !g_output_stream_write_all (out, "\n", 1, NULL, cancellable, error))
        return FALSE;
    }

  return TRUE;
}

/* Replaces @file with the text nile_log_write_text() writes. The old
 * file stays as it was if anything fails, and the error is GIO's own. */
gboolean
nile_log_export_text (GListModel    *entries,
                      const char    *player,
                      NileLogShow    show,
                      GFile         *file,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GFileOutputStream) out = NULL;

  g_return_val_if_fail (G_IS_LIST_MODEL (entries), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (out == NULL)
    return FALSE;

  if (!nile_log_write_text (entries, player, show, G_OUTPUT_STREAM (out), cancellable, error))
    {
      /* Closing after a cancel leaves the old file in place. */
      g_autoptr(GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (G_OUTPUT_STREAM (out), abandon, NULL);
      return FALSE;
    }

  return g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, error);
}
