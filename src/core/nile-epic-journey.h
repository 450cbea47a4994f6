/* nile-epic-journey.h: the ports of the epic journeys and what they earn
 * (R 25.3; DG "Epic Transits")
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NileEpicJourney:
 * @kind: the journey's name in the book: khartoum-cape, khartoum-east,
 *   khartoum-west or west-east
 * @ends: the two port groups it joins, in either direction
 * @words: the journey in a sentence, translatable: "Khartoum and Cape Colony"
 * @rule: where the rulebook lists it
 */
typedef struct {
  const char *kind;
  const char *ends[2];
  const char *words;
  const char *rule;
} NileEpicJourney;

/* The port groups: khartoum, cape-colony, east-coast, west-coast; also
 * as an array, for a parameter's choices. */
extern const char * const nile_epic_journey_group_nicks[];
const char * const    *nile_epic_journey_groups        (void);

/* A port group in a sentence: "cape-colony" → "Cape Colony". */
const char            *nile_epic_journey_group_words   (const char *group);

/* The group of a port the rulebook names (Khartoum, the Cape Colony
 * ports, Zanzibar), or NULL for a port it does not name. */
const char            *nile_epic_journey_port_group    (const char *port);

/* The rulebook's spelling of @port, as players compare names (any case,
 * however accents were typed), or NULL for a port it does not name. */
const char            *nile_epic_journey_port_name     (const char *port);

/* The ports the rulebook names, one spelling each, NULL-terminated. */
const char * const    *nile_epic_journey_port_names    (void);

/* Whether @a and @b name one port: case aside, and a port's other
 * spellings ("Cape Town", "Capetown") are the same port (R 25.31). */
gboolean               nile_epic_journey_same_port     (const char *a,
                                                        const char *b);

/* The epic journey from a port of @from_group to one of @to_group, or
 * NULL when that pair earns nothing. */
const NileEpicJourney *nile_epic_journey_find          (const char *from_group,
                                                        const char *to_group);

/* DG: the VP for @hexes published on a player's @nth transit (0 for his
 * first): 1, ½, ¼ and ⅛ VP a hex, rounded down; nothing after the fourth. */
int                    nile_epic_journey_dg_vp         (int         hexes,
                                                        guint       nth);

G_END_DECLS
