/* nile-log-text.c: journal lines in the words the log shows them
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Log page and the exported text use the same words, so the file
 * holds exactly the lines the player saw.
 */
#define G_LOG_DOMAIN "nile-log-text"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-log-entry-private.h"
#include "nile-log-text.h"

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
  /* Numbers go in as text: a format macro in a message cuts it short
   * for translators. */
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, sequence);

  if (undone)
    return g_strdup_printf (_("No. %s · %s · %s (undone)"), number, when, summary);

  return g_strdup_printf (_("No. %s · %s · %s"), number, when, summary);
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
