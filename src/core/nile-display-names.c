/* nile-display-names.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-display-names"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"

/* @name stands alone (a heading, a row title); @phrase sits inside a
 * sentence of the log or an error message. */
typedef struct {
  const char *nick;
  const char *name;
  const char *phrase;
} DisplayName;

static const DisplayName editions[] = {
  { "ah", N_("Avalon Hill"), N_("Avalon Hill") },
  { "dg", N_("Discovery Games"), N_("Discovery Games") },
};

static const DisplayName activities[] = {
  { "cautious", N_("Cautious"), N_("cautious") },
  { "normal", N_("Normal"), N_("normal") },
  { "reckless", N_("Reckless"), N_("reckless") },
};

static const DisplayName terrains[] = {
  { "desert", N_("Desert"), N_("desert") },
  { "veldt", N_("Veldt"), N_("veldt") },
  { "lake", N_("Lake"), N_("lake") },
  { "swamp", N_("Swamp"), N_("swamp") },
  { "jungle", N_("Jungle"), N_("jungle") },
  { "mountains", N_("Mountains"), N_("mountains") },
  { "jungle-swamp", N_("Jungle and Swamp"), N_("jungle and swamp") },
  { "jungle-mountain", N_("Jungle and Mountain"), N_("jungle and mountain") },
};

static const DisplayName tribe_sizes[] = {
  { "small", N_("Small Tribe"), N_("small") },
  { "medium", N_("Medium Tribe"), N_("medium") },
  { "large", N_("Large Tribe"), N_("large") },
};

static const DisplayName modes[] = {
  { "foot", N_("On Foot"), N_("on foot") },
  { "canoe", N_("By Canoe"), N_("by canoe") },
  { "mounted", N_("Mounted"), N_("mounted") },
};

static const DisplayName specialties[] = {
  { "botanist", N_("Botanist"), N_("botanist") },
  { "doctor", N_("Doctor"), N_("doctor") },
  { "ethnologist", N_("Ethnologist"), N_("ethnologist") },
  { "explorer", N_("Explorer"), N_("explorer") },
  { "geologist", N_("Geologist"), N_("geologist") },
  { "journalist", N_("Journalist"), N_("journalist") },
  { "missionary", N_("Missionary"), N_("missionary") },
  { "zoologist", N_("Zoologist"), N_("zoologist") },
};

static const DisplayName dg_specialties[] = {
  { "none", N_("No Specialty"), N_("no specialty") },
  { "evangelism", N_("Evangelism"), N_("evangelism") },
  { "medicine", N_("Medicine"), N_("medicine") },
  { "zoology", N_("Zoology"), N_("zoology") },
  { "geology", N_("Geology"), N_("geology") },
};

static const DisplayName statuses[] = {
  { "in-europe", N_("In Europe"), N_("in Europe") },
  { "at-sea", N_("At Sea"), N_("at sea") },
  { "in-port", N_("In Port"), N_("in port") },
  { "in-africa", N_("In Africa"), N_("in Africa") },
  { "captive", N_("Captive"), N_("captive") },
  { "dead", N_("Dead"), N_("dead") },
  { "retired", N_("Retired"), N_("retired") },
};

static const DisplayName bonus_items[] = {
  { "tusk", N_("Tusk"), N_("tusk") },
  { "specimen", N_("Live Animal"), N_("live specimen") },
  { "pelt", N_("Pelt"), N_("pelt") },
  { "plant", N_("Plant or Seed"), N_("plant or seed") },
};

/* Cache states are the campaign file's words, not an enum. */
static const DisplayName cache_states[] = {
  { "hidden", N_("Hidden"), N_("hidden") },
  { "recovered", N_("Recovered"), N_("recovered") },
  { "gone", N_("Gone"), N_("gone") },
};

typedef struct {
  GType            (*type_func) (void);
  const DisplayName *names;
  gsize              n_names;
} DisplayTable;

#define TABLE(type_func, names) { type_func, names, G_N_ELEMENTS (names) }

static const DisplayTable tables[] = {
  TABLE (nile_edition_get_type, editions),
  TABLE (nile_activity_get_type, activities),
  TABLE (nile_terrain_get_type, terrains),
  TABLE (nile_tribe_size_get_type, tribe_sizes),
  TABLE (nile_travel_mode_get_type, modes),
  TABLE (nile_specialty_get_type, specialties),
  TABLE (nile_dg_specialty_get_type, dg_specialties),
  TABLE (nile_explorer_status_get_type, statuses),
  TABLE (nile_bonus_item_get_type, bonus_items),
};

#undef TABLE

/* The make-up as the log names it: @name in a sentence ("sick bearers");
 * a flag has no number to show, so it reads as what happened to the
 * explorer, @on when it is set and @off when it is cleared. */
typedef struct {
  const char *nick;
  const char *name;
  const char *on;
  const char *off;
} FieldName;

static const FieldName fields[] = {
  { "explorer_sick", N_("explorer’s sickness"), N_("the explorer falls sick"), N_("the explorer recovers") },
  { "explorer_armed", N_("explorer’s own musket"), N_("the explorer takes up a musket"),
    N_("the explorer has no musket") },
  { "explorer_debased", N_("askaris’ lost respect"), N_("the askaris lose respect for the explorer"),
    N_("the askaris respect the explorer again") },
  { "explorer_is_bearer", N_("explorer’s bearer work"), N_("the explorer does bearer work"),
    N_("the explorer stops doing bearer work") },
  { "bearers", N_("bearers"), NULL, NULL },
  { "sick_bearers", N_("sick bearers"), NULL, NULL },
  { "guides", N_("guides"), NULL, NULL },
  { "sick_guides", N_("sick guides"), NULL, NULL },
  { "askaris", N_("askaris"), NULL, NULL },
  { "sick_askaris", N_("sick askaris"), NULL, NULL },
  { "ride_horses", N_("horses ridden"), NULL, NULL },
  { "pack_horses", N_("pack horses"), NULL, NULL },
  { "ride_camels", N_("camels ridden"), NULL, NULL },
  { "pack_camels", N_("pack camels"), NULL, NULL },
  { "canoes", N_("canoes"), NULL, NULL },
  { "rations", N_("rations"), NULL, NULL },
  { "fresh_rations", N_("fresh rations"), NULL, NULL },
  { "water", N_("water"), NULL, NULL },
  { "gifts", N_("gifts"), NULL, NULL },
  { "muskets", N_("muskets"), NULL, NULL },
  { "tusks", N_("tusks"), NULL, NULL },
  { "specimens", N_("specimens"), NULL, NULL },
  { "pelts", N_("pelts"), NULL, NULL },
  { "mode", N_("travel"), NULL, NULL },
  { "desert_turns", N_("turns in a dry desert"), NULL, NULL },
  /* What a roll changes beyond the make-up (apply-effects). */
  { "vp", N_("victory points"), NULL, NULL },
  { "explorer_dies", N_("the explorer’s death"), NULL, NULL },
};

static const DisplayName *
find_name (GType       type,
           const char *nick)
{
  if (nick == NULL)
    return NULL;

  for (gsize t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      if (tables[t].type_func () != type)
        continue;

      for (gsize i = 0; i < tables[t].n_names; i++)
        if (g_str_equal (tables[t].names[i].nick, nick))
          return &tables[t].names[i];
      return NULL;
    }

  return NULL;
}

const char *
nile_display_name (GType       type,
                   const char *nick)
{
  const DisplayName *found = find_name (type, nick);

  if (found != NULL)
    return _(found->name);
  return nick != NULL ? nick : "";
}

const char *
nile_display_phrase (GType       type,
                     const char *nick)
{
  const DisplayName *found = find_name (type, nick);

  if (found != NULL)
    return _(found->phrase);
  return nick != NULL ? nick : "";
}

gboolean
nile_display_has_words (GType       type,
                        const char *nick)
{
  return find_name (type, nick) != NULL;
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
      if (parts[i][0] == '\0')
        continue;

      /* The two editions' nicks never overlap, so either table answers. */
      if (nile_display_has_words (NILE_TYPE_SPECIALTY, parts[i]))
        g_strv_builder_add (labels, nile_display_name (NILE_TYPE_SPECIALTY, parts[i]));
      else
        g_strv_builder_add (labels, nile_display_name (NILE_TYPE_DG_SPECIALTY, parts[i]));
    }

  joined = g_strv_builder_end (labels);
  /* Translators: the separator between an explorer's specialties. */
  return g_strjoinv (_(", "), joined);
}

const char *
nile_display_status (const char *nick)
{
  return nile_display_name (NILE_TYPE_EXPLORER_STATUS, nick);
}

const char *
nile_display_mode (const char *nick)
{
  return nile_display_name (NILE_TYPE_TRAVEL_MODE, nick);
}

const char *
nile_display_terrain (const char *nick)
{
  return nile_display_name (NILE_TYPE_TERRAIN, nick);
}

const char *
nile_display_tribe_size (const char *nick)
{
  return nile_display_name (NILE_TYPE_TRIBE_SIZE, nick);
}

const char *
nile_display_edition (const char *nick)
{
  return nile_display_name (NILE_TYPE_EDITION, nick);
}

const char *
nile_display_cache_state (const char *state)
{
  for (gsize i = 0; state != NULL && i < G_N_ELEMENTS (cache_states); i++)
    if (g_str_equal (cache_states[i].nick, state))
      return _(cache_states[i].phrase);

  return state != NULL ? state : "";
}

static const FieldName *
find_field (const char *name)
{
  if (name == NULL)
    return NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].nick, name))
      return &fields[i];

  return NULL;
}

const char *
nile_display_field (const char *name)
{
  const FieldName *found = find_field (name);

  if (found != NULL)
    return _(found->name);
  return name != NULL ? name : "";
}

gboolean
nile_display_field_has_words (const char *name)
{
  return find_field (name) != NULL;
}

void
nile_display_append_changes (GString *text,
                             GArray  *changes)
{
  g_return_if_fail (text != NULL);
  g_return_if_fail (changes != NULL);

  for (guint i = 0; i < changes->len; i++)
    {
      const NileExpeditionChange *change = &g_array_index (changes, NileExpeditionChange, i);
      const FieldName *words = find_field (change->field->name);

      if (i > 0)
        g_string_append (text, ", ");

      switch (change->field->kind)
        {
        case NILE_EXPEDITION_FIELD_MODE:
          g_string_append_printf (text, "%s → %s",
                                  nile_display_phrase (NILE_TYPE_TRAVEL_MODE,
                                                       nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, change->before)),
                                  nile_display_phrase (NILE_TYPE_TRAVEL_MODE,
                                                       nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, change->after)));
          break;

        case NILE_EXPEDITION_FIELD_FLAG:
          if (words != NULL && words->on != NULL)
            g_string_append (text, change->after ? _(words->on) : _(words->off));
          else
            g_string_append_printf (text, "%s %s", nile_display_field (change->field->name),
                                    change->after ? _("yes") : _("no"));
          break;

        case NILE_EXPEDITION_FIELD_COUNT:
        default:
          {
            g_autofree char *before = nile_format_number (change->before);
            g_autofree char *after = nile_format_number (change->after);

            g_string_append_printf (text, "%s %s → %s", nile_display_field (change->field->name),
                                    before, after);
          }
          break;
        }
    }
}

char *
nile_format_number (gint64 value)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                             value < 0 ? -(guint64) value : (guint64) value);
  gsize n_digits = strlen (digits);
  GString *text = g_string_sized_new (n_digits + n_digits / 3 + 2);

  if (value < 0)
    g_string_append (text, "−");

  /* Four-digit numbers are grouped too, so that $1,000 and $12,000 line up
   * in one column. */
  for (gsize i = 0; i < n_digits; i++)
    {
      if (i > 0 && (n_digits - i) % 3 == 0)
        /* Translators: the thousands separator in 14,000 ft and $1,000. */
        g_string_append (text, C_("thousands", ","));
      g_string_append_c (text, digits[i]);
    }

  return g_string_free (text, FALSE);
}

char *
nile_format_money (gint64 dollars)
{
  g_autofree char *number = nile_format_number (ABS (dollars));

  /* Translators: an amount of money, e.g. $1,000. */
  return dollars < 0 ? g_strdup_printf (_("−$%s"), number) : g_strdup_printf (_("$%s"), number);
}
