/* nile-display-names.h: the core's nicks as a player reads them
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nicks ("in-africa", "sick_bearers") stay the spelling of the command
 * line, JSON and the campaign file; everything a person reads (the log,
 * `show`, error messages, the window) goes through these words instead.
 * Every table lives here, so there is one place to translate.
 */
#pragma once

#include <glib-object.h>

#include "nile-expedition.h"

G_BEGIN_DECLS

/* A label on its own, capitalised: "in-africa" → "In Africa". @type is a
 * GEnum or GFlags type of nile-enums.h. An unknown nick is returned as it
 * is rather than hidden. */
const char *nile_display_name       (GType       type,
                                     const char *nick);
/* The same words inside a sentence: "in-africa" → "in Africa". */
const char *nile_display_phrase     (GType       type,
                                     const char *nick);
/* Whether @nick of @type has words of its own. */
gboolean    nile_display_has_words  (GType       type,
                                     const char *nick);

/* "botanist" → "Botanist", "medicine,zoology" → "Medicine, Zoology". */
char       *nile_display_specialty  (const char *nicks);
/* "in-africa" → "In Africa". */
const char *nile_display_status     (const char *nick);
/* "canoe" → "By Canoe". */
const char *nile_display_mode       (const char *nick);
/* "jungle-swamp" → "Jungle and Swamp". */
const char *nile_display_terrain    (const char *nick);
/* "medium" → "Medium Tribe". */
const char *nile_display_tribe_size (const char *nick);
/* "ah" → "Avalon Hill". */
const char *nile_display_edition    (const char *nick);

/* A cache's state inside a sentence: "hidden", "recovered", "gone". */
const char *nile_display_cache_state (const char *state);

/* A make-up field inside a sentence: "sick_bearers" → "sick bearers".
 * Also the kinds apply-effects takes beyond the make-up ("vp",
 * "explorer_dies"). Unknown names are returned as they are. */
/* The title of an operation, or of one of its parameters, where a form
 * asks for it: translated, or NULL for a name the program does not know. */
const char *nile_display_operation_title (const char *operation);
const char *nile_display_parameter_title (const char *parameter);
/* The state of victory points ("unpublished", "published", "lost") in
 * words; NULL when there are none on the books. */
const char *nile_display_vp_state (const char *state);

/* The title of a choice a parameter offers that has no type of its own
 * ("west-coast", "won"), or NULL. */
const char *nile_display_choice_title (const char *choice);

/* A roll's outcome, step, sheet effect, or a sheet's axis in our words ("explorer-dies" → "Explorer dies"); NULL for a printed
 * sheet's own code, shown as the board has it. */
const char *nile_display_roll_word  (const char *nick);

const char *nile_display_field      (const char *name);
gboolean    nile_display_field_has_words (const char *name);

/* "bearers 18 → 15, the explorer falls sick, on foot → by canoe": a
 * nile_expedition_diff() in our words. */
void        nile_display_append_changes (GString *text,
                                         GArray  *changes);

/* 14000 → "14,000": feet, square miles and dollars read better grouped. */
char       *nile_format_number      (gint64      value);
/* 1000 → "$1,000". */
char       *nile_format_money       (gint64      dollars);

G_END_DECLS
