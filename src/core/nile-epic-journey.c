/* nile-epic-journey.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-epic-journey"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-book-db-private.h"
#include "nile-epic-journey.h"

const char * const nile_epic_journey_group_nicks[] = {
  "khartoum", "cape-colony", "east-coast", "west-coast", NULL,
};

/* In the order of nile_epic_journey_group_nicks[]. */
static const char * const group_words[] = {
  N_("Khartoum"), N_("Cape Colony"), N_("the east coast"), N_("the west coast"),
};

/* Only the ports the rulebook names; the others on the board are given
 * with their coast by the players, who can see the map. */
static const struct {
  const char *port;
  const char *group;
  const char *same_as;   /* another spelling of that port */
} named_ports[] = {
  { "Khartoum", "khartoum" },
  { "Capetown", "cape-colony" },       /* R 25.331 */
  { "Cape Town", "cape-colony", "Capetown" },
  { "Port Elizabeth", "cape-colony" },
  { "Durban", "cape-colony" },
  { "Zanzibar", "east-coast" },        /* R 3.2, off the east coast */
};

/* R 25.331–25.334; DG names the same four transits. The coasts start
 * north of the Cape Colony ports, which are a group of their own. */
static const NileEpicJourney journeys[] = {
  { "khartoum-cape", { "khartoum", "cape-colony" }, N_("Khartoum and Cape Colony"), "R 25.331" },
  { "khartoum-east", { "khartoum", "east-coast" }, N_("Khartoum and the east coast"), "R 25.332" },
  { "khartoum-west", { "khartoum", "west-coast" }, N_("Khartoum and the west coast"), "R 25.333" },
  { "west-east", { "west-coast", "east-coast" }, N_("the west and the east coasts"), "R 25.334" },
};

/* DG: a hex is worth 1, ½, ¼, ⅛ VP on a player's first to fourth
 * transit; the divisors. */
static const int dg_transit_divisor[] = { 1, 2, 4, 8 };

const char * const *
nile_epic_journey_groups (void)
{
  return nile_epic_journey_group_nicks;
}

const char *
nile_epic_journey_group_words (const char *group)
{
  g_return_val_if_fail (group != NULL, NULL);

  for (guint i = 0; nile_epic_journey_group_nicks[i] != NULL; i++)
    if (g_str_equal (nile_epic_journey_group_nicks[i], group))
      return _(group_words[i]);
  return group;
}

const char *
nile_epic_journey_port_group (const char *port)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (port != NULL, NULL);

  stripped = g_strstrip (g_strdup (port));
  for (guint i = 0; i < G_N_ELEMENTS (named_ports); i++)
    if (g_ascii_strcasecmp (named_ports[i].port, stripped) == 0)
      return named_ports[i].group;
  return NULL;
}

const char *
nile_epic_journey_port_name (const char *port)
{
  g_autofree char *wanted = NULL;

  g_return_val_if_fail (port != NULL, NULL);

  wanted = _nile_book_fold_name (port);
  for (guint i = 0; i < G_N_ELEMENTS (named_ports); i++)
    {
      g_autofree char *folded = _nile_book_fold_name (named_ports[i].port);

      if (g_str_equal (folded, wanted))
        return named_ports[i].port;
    }
  return NULL;
}

const char * const *
nile_epic_journey_port_names (void)
{
  static const char *names[G_N_ELEMENTS (named_ports) + 1];

  if (names[0] == NULL)
    {
      guint n = 0;

      /* Another spelling of a port is the same port, not one more. */
      for (guint i = 0; i < G_N_ELEMENTS (named_ports); i++)
        if (named_ports[i].same_as == NULL)
          names[n++] = named_ports[i].port;
    }
  return names;
}

/* The one spelling of @port the comparison uses: the rulebook's for a
 * port it names, else @port as given, stripped. */
static char *
canonical_port (const char *port)
{
  g_autofree char *stripped = g_strstrip (g_strdup (port));

  for (guint i = 0; i < G_N_ELEMENTS (named_ports); i++)
    if (g_ascii_strcasecmp (named_ports[i].port, stripped) == 0)
      return g_strdup (named_ports[i].same_as != NULL ? named_ports[i].same_as : named_ports[i].port);
  return g_steal_pointer (&stripped);
}

gboolean
nile_epic_journey_same_port (const char *a,
                             const char *b)
{
  g_autofree char *canonical_a = NULL;
  g_autofree char *canonical_b = NULL;
  g_autofree char *folded_a = NULL;
  g_autofree char *folded_b = NULL;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  canonical_a = canonical_port (a);
  canonical_b = canonical_port (b);
  /* Then as players compare names: any case, any accents' spelling. */
  folded_a = _nile_book_fold_name (canonical_a);
  folded_b = _nile_book_fold_name (canonical_b);
  return g_str_equal (folded_a, folded_b);
}

const NileEpicJourney *
nile_epic_journey_find (const char *from_group,
                        const char *to_group)
{
  g_return_val_if_fail (from_group != NULL && to_group != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (journeys); i++)
    if ((g_str_equal (journeys[i].ends[0], from_group) && g_str_equal (journeys[i].ends[1], to_group)) ||
        (g_str_equal (journeys[i].ends[1], from_group) && g_str_equal (journeys[i].ends[0], to_group)))
      return &journeys[i];
  return NULL;
}

int
nile_epic_journey_dg_vp (int   hexes,
                         guint nth)
{
  if (hexes <= 0 || nth >= G_N_ELEMENTS (dg_transit_divisor))
    return 0;
  return hexes / dg_transit_divisor[nth];
}
