/* nile-specialty.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-specialty"

#include "config.h"

#include "nile-specialty.h"

static const char * const sparing_specialties[] = {
  "missionary", "doctor", "ethnologist",  /* R 16.41 */
  "evangelism", "medicine",               /* DG "Natives" */
  NULL
};

gboolean
nile_specialty_spares_natives (const char *specialty)
{
  g_auto(GStrv) nicks = NULL;

  g_return_val_if_fail (specialty != NULL, FALSE);

  nicks = g_strsplit_set (specialty, ",|", -1);
  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strv_contains (sparing_specialties, g_strstrip (nicks[i])))
      return TRUE;
  return FALSE;
}
