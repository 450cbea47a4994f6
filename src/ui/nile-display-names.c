/* nile-display-names.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-display-names"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"

typedef struct {
  const char *nick;
  const char *label;
} DisplayName;

/* The eight Avalon Hill specialties and the four Discovery Games ones. */
static const DisplayName specialties[] = {
  { "botanist", N_("Botanist") },
  { "doctor", N_("Doctor") },
  { "ethnologist", N_("Ethnologist") },
  { "explorer", N_("Explorer") },
  { "geologist", N_("Geologist") },
  { "journalist", N_("Journalist") },
  { "missionary", N_("Missionary") },
  { "zoologist", N_("Zoologist") },
  { "evangelism", N_("Evangelism") },
  { "medicine", N_("Medicine") },
  { "zoology", N_("Zoology") },
  { "geology", N_("Geology") },
  { "none", N_("No Specialty") },
};

static const DisplayName statuses[] = {
  { "in-europe", N_("In Europe") },
  { "at-sea", N_("At Sea") },
  { "in-port", N_("In Port") },
  { "in-africa", N_("In Africa") },
  { "captive", N_("Captive") },
  { "dead", N_("Dead") },
  { "retired", N_("Retired") },
};

static const DisplayName modes[] = {
  { "foot", N_("On Foot") },
  { "canoe", N_("By Canoe") },
  { "mounted", N_("Mounted") },
};

static const DisplayName terrains[] = {
  { "desert", N_("Desert") },
  { "veldt", N_("Veldt") },
  { "lake", N_("Lake") },
  { "swamp", N_("Swamp") },
  { "jungle", N_("Jungle") },
  { "mountains", N_("Mountains") },
  { "jungle-swamp", N_("Jungle and Swamp") },
  { "jungle-mountain", N_("Jungle and Mountain") },
};

static const DisplayName tribe_sizes[] = {
  { "small", N_("Small Tribe") },
  { "medium", N_("Medium Tribe") },
  { "large", N_("Large Tribe") },
};

/* An unknown nick is shown as it is rather than hidden. */
static const char *
lookup (const DisplayName *names,
        gsize              n_names,
        const char        *nick)
{
  for (gsize i = 0; i < n_names; i++)
    {
      if (g_strcmp0 (names[i].nick, nick) == 0)
        return _(names[i].label);
    }

  return nick != NULL ? nick : "";
}

char *
nile_display_specialty (const char *nicks)
{
  g_auto(GStrv) parts = g_strsplit (nicks != NULL ? nicks : "", ",", -1);
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_auto(GStrv) joined = NULL;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] != '\0')
        g_strv_builder_add (labels, lookup (specialties, G_N_ELEMENTS (specialties), parts[i]));
    }

  joined = g_strv_builder_end (labels);
  /* Translators: the separator between an explorer's specialties. */
  return g_strjoinv (_(", "), joined);
}

const char *
nile_display_status (const char *nick)
{
  return lookup (statuses, G_N_ELEMENTS (statuses), nick);
}

const char *
nile_display_mode (const char *nick)
{
  return lookup (modes, G_N_ELEMENTS (modes), nick);
}

const char *
nile_display_terrain (const char *nick)
{
  return lookup (terrains, G_N_ELEMENTS (terrains), nick);
}

const char *
nile_display_tribe_size (const char *nick)
{
  return lookup (tribe_sizes, G_N_ELEMENTS (tribe_sizes), nick);
}
