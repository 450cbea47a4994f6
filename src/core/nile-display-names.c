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

/* Titles: a name the program uses, and its title for the player. */
typedef struct {
  const char *name;
  const char *title;
} NamedTitle;

/* Each operation's title, heading its form. */
static const NamedTitle operation_titles[] = {
  { "rename-campaign", NC_("operation", "Rename Campaign") },
  { "set-campaign", NC_("operation", "Campaign Rules") },
  { "add-player", NC_("operation", "Add Player") },
  { "rename-player", NC_("operation", "Rename Player") },
  { "recolour-player", NC_("operation", "Player Colour") },
  { "reorder-player", NC_("operation", "Turn Order") },
  { "remove-player", NC_("operation", "Remove Player") },
  { "new-explorer", NC_("operation", "New Explorer") },
  { "outfit", NC_("operation", "Outfit") },
  { "set-out", NC_("operation", "Set Out") },
  { "move", NC_("operation", "Move") },
  { "set-makeup", NC_("operation", "Expedition Make-Up") },
  { "set-mode", NC_("operation", "Travel Mode") },
  { "apply-effects", NC_("operation", "Apply Effects") },
  { "lose-carriers", NC_("operation", "Lose Carriers") },
  { "shoot-animals", NC_("operation", "Shoot Animals") },
  { "end-turn", NC_("operation", "End Turn") },
  { "discharge-sick", NC_("operation", "Discharge the Sick") },
  { "explorer-dies", NC_("operation", "An Explorer Dies") },
  { "retire", NC_("operation", "Retire an Explorer") },
  { "sail", NC_("operation", "Sail for Africa") },
  { "cache", NC_("operation", "Hide a Cache") },
  { "recover-cache", NC_("operation", "Dig Up a Cache") },
  { "add-tribe", NC_("operation", "Add a Tribe") },
  { "set-relation", NC_("operation", "Tribe Relation") },
  { "trade", NC_("operation", "Trade") },
  { "record-hex", NC_("operation", "Record a Hex") },
  { "bonus-discovery", NC_("operation", "Bonus Discovery") },
  { "publish", NC_("operation", "Publish") },
  { "europe-turn", NC_("operation", "Turn in Europe") },
  { "epic-journey", NC_("operation", "Epic Journey") },
  { "journalist-battle", NC_("operation", "Journalist’s Battle") },
  { "interview", NC_("operation", "Journalist’s Interview") },
  { "game-one-win-check", NC_("operation", "Game I Win Check") },
  { "turn-step", NC_("operation", "Turn Step") },
  { "apply-roll", NC_("operation", "Apply a Roll") },
  { "recovery-roll", NC_("operation", "Recovery Roll") },
  { "escape-roll", NC_("operation", "Escape Roll") },
  { "turn-roll", NC_("operation", "Lost or Hunting Roll") },
  { "game-two-end", NC_("operation", "End of Game II") },
  { "after-victory", NC_("operation", "After a Won Fight") },
  { "rank-spectacular", NC_("operation", "Spectacular Discoveries") },
  { "complete-lake", NC_("operation", "Lake Completed") },
  { "keep-encounter", NC_("operation", "Encounter Kept") },
  { "end-encounter", NC_("operation", "Encounter Over") },
};

/* Each operation parameter's title where a form asks for it. */
static const NamedTitle parameter_titles[] = {
  { "animal", NC_("form field", "Animal") },
  { "askaris", NC_("form field", "Askaris") },
  { "attitude", NC_("form field", "Attitude") },
  { "awards", NC_("form field", "Awards") },
  { "bearers", NC_("form field", "Bearers") },
  { "cache", NC_("form field", "Cache") },
  { "canoes", NC_("form field", "Canoes") },
  { "cape-colony", NC_("form field", "Cape Colony") },
  { "cards", NC_("form field", "Donation cards") },
  { "cataract", NC_("form field", "Cataract") },
  { "cause", NC_("form field", "Cause") },
  { "coast", NC_("form field", "Coast") },
  { "colour", NC_("form field", "Colour") },
  { "cost", NC_("form field", "Cost") },
  { "count", NC_("form field", "Count") },
  { "counter", NC_("form field", "Counter") },
  { "defeated", NC_("form field", "Natives defeated") },
  { "description", NC_("form field", "Description") },
  { "desert", NC_("form field", "Desert tribe") },
  { "desert_turns", NC_("form field", "Turns in dry desert") },
  { "die", NC_("form field", "Die") },
  { "distance", NC_("form field", "Distance") },
  { "done", NC_("form field", "Done") },
  { "edition", NC_("form field", "Edition") },
  { "effects", NC_("form field", "Effects") },
  { "escapes-with", NC_("form field", "Escapes with") },
  { "explorer_armed", NC_("form field", "Explorer’s own musket") },
  { "explorer_debased", NC_("form field", "Askaris’ respect lost") },
  { "explorer_is_bearer", NC_("form field", "Explorer does bearer work") },
  { "explorer_sick", NC_("form field", "Explorer sick") },
  { "forced", NC_("form field", "Looting forced") },
  { "fresh_rations", NC_("form field", "Fresh rations") },
  { "friendly", NC_("form field", "Friendly") },
  { "friendly-tribe", NC_("form field", "Friendly tribe") },
  { "from", NC_("form field", "From") },
  { "from-group", NC_("form field", "From coast") },
  { "game", NC_("form field", "Game") },
  { "gifts", NC_("form field", "Gifts") },
  { "give", NC_("form field", "Gives") },
  { "given", NC_("form field", "Given") },
  { "goal", NC_("form field", "VP goal") },
  { "guides", NC_("form field", "Guides") },
  { "hex", NC_("form field", "Hex") },
  { "hexes", NC_("form field", "Hexes") },
  { "hunted", NC_("form field", "Hunted") },
  { "item", NC_("form field", "Item") },
  { "keep", NC_("form field", "Keep prisoners") },
  { "kind", NC_("form field", "Kind") },
  { "lake", NC_("form field", "Lake") },
  { "lake-hexes", NC_("form field", "Lake hexes") },
  { "loot", NC_("form field", "Loot") },
  { "mode", NC_("form field", "Travel mode") },
  { "mountain", NC_("form field", "Mountain") },
  { "muskets", NC_("form field", "Spare muskets") },
  { "name", NC_("form field", "Name") },
  { "natives", NC_("form field", "Natives") },
  { "negotiated", NC_("form field", "Negotiated") },
  { "number", NC_("form field", "Number") },
  { "oasis", NC_("form field", "Oasis") },
  { "owner", NC_("form field", "Owner") },
  { "pack_camels", NC_("form field", "Pack camels") },
  { "pack_horses", NC_("form field", "Pack horses") },
  { "partial", NC_("form field", "Partly known") },
  { "pelts", NC_("form field", "Pelts") },
  { "player", NC_("form field", "Player") },
  { "poison", NC_("form field", "Poison die") },
  { "poison-one-in-36", NC_("form field", "Poison 1 in 36") },
  { "poison2", NC_("form field", "Second poison die") },
  { "port", NC_("form field", "Port") },
  { "position", NC_("form field", "Position") },
  { "prisoners", NC_("form field", "Prisoners") },
  { "prisoners-released", NC_("form field", "Prisoners released") },
  { "publish", NC_("form field", "Publish") },
  { "rations", NC_("form field", "Rations") },
  { "reason", NC_("form field", "Reason") },
  { "received", NC_("form field", "Received") },
  { "result", NC_("form field", "Result") },
  { "ride_camels", NC_("form field", "Camels ridden") },
  { "ride_horses", NC_("form field", "Horses ridden") },
  { "river", NC_("form field", "River") },
  { "roll", NC_("form field", "Roll") },
  { "sick", NC_("form field", "Sick") },
  { "sick_askaris", NC_("form field", "Sick askaris") },
  { "sick_bearers", NC_("form field", "Sick bearers") },
  { "sick_guides", NC_("form field", "Sick guides") },
  { "size", NC_("form field", "Size") },
  { "special", NC_("form field", "Special discovery") },
  { "specialty", NC_("form field", "Specialty") },
  { "specimens", NC_("form field", "Live specimens") },
  { "state", NC_("form field", "State") },
  { "status", NC_("form field", "Status") },
  { "step", NC_("form field", "Step") },
  { "subject", NC_("form field", "Subject") },
  { "terrain", NC_("form field", "Terrain") },
  { "ticket", NC_("form field", "Free ticket") },
  { "to", NC_("form field", "To") },
  { "to-group", NC_("form field", "To coast") },
  { "tribe", NC_("form field", "Tribe") },
  { "tusks", NC_("form field", "Tusks") },
  { "value", NC_("form field", "Value") },
  { "village", NC_("form field", "Village found") },
  { "vp", NC_("form field", "VP") },
  { "water", NC_("form field", "Water") },
  { "waterfall", NC_("form field", "Waterfall") },
};

/* The choices parameters offer that have no type of their own, nor a
 * make-up field's name. */
static const NamedTitle choice_titles[] = {
  { "camels", NC_("choice", "Camels") },
  { "cape-colony", NC_("choice", "Cape Colony") },
  { "east-coast", NC_("choice", "East coast") },
  { "explorer", NC_("choice", "The explorer") },
  { "held", NC_("choice", "Held, settled later") },
  { "horses", NC_("choice", "Horses") },
  { "keep", NC_("choice", "Kept as bearers") },
  { "khartoum", NC_("choice", "Khartoum") },
  { "lost", NC_("choice", "Lost") },
  { "release", NC_("choice", "Released") },
  { "west-coast", NC_("choice", "West coast") },
  { "won", NC_("choice", "Won") },
};

/* The words a roll is shown in: its outcomes, the steps it takes, what a
 * sheet says happens beyond the make-up, and a sheet's axes. A printed
 * sheet's own codes ("F", "A") are shown as the board has them; its
 * texts are translated as the sheet is read (nile-sheet.c). */
static const NamedTitle roll_words[] = {
  /* Outcomes */
  { "ambush", NC_("roll", "Ambush") },
  { "as-drawn", NC_("roll", "As drawn") },
  { "canoes-lost", NC_("roll", "Canoes lost") },
  { "cataract", NC_("roll", "Cataract") },
  { "charge", NC_("roll", "Charge") },
  { "defeat", NC_("roll", "Defeat") },
  { "drift", NC_("roll", "Drift") },
  { "explorer-captive", NC_("roll", "Explorer taken captive") },
  { "explorer-dies", NC_("roll", "Explorer dies") },
  { "explorer-escapes", NC_("roll", "Explorer escapes") },
  { "explorer-recovers", NC_("roll", "Explorer recovers") },
  { "friendly", NC_("roll", "Friendly") },
  { "gone", NC_("roll", "Gone") },
  { "hide", NC_("roll", "They hide") },
  { "hostile", NC_("roll", "Hostile") },
  { "hunted", NC_("roll", "Hunted") },
  { "killed", NC_("roll", "Killed") },
  { "looted", NC_("roll", "Looted") },
  { "lost", NC_("roll", "Lost") },
  { "missed", NC_("roll", "Missed") },
  { "mountain", NC_("roll", "Mountain") },
  { "movement-allowance", NC_("roll", "Movement allowance") },
  { "natives", NC_("roll", "Natives") },
  { "needs-cell", NC_("roll", "Read off the board") },
  { "neutral", NC_("roll", "Neutral") },
  { "no-hunters", NC_("roll", "No hunters") },
  { "none", NC_("roll", "None") },
  { "not-lost", NC_("roll", "Not lost") },
  { "oasis", NC_("roll", "Oasis") },
  { "ordered", NC_("roll", "Ordered") },
  { "poison-fails", NC_("roll", "Poison fails") },
  { "recovered", NC_("roll", "Recovered") },
  { "safe", NC_("roll", "Safe") },
  { "scores", NC_("roll", "High enough to score") },
  { "several", NC_("roll", "Several") },
  { "spectacular", NC_("roll", "Spectacular") },
  { "too-low", NC_("roll", "Too low to score") },
  { "victory", NC_("roll", "Victory") },
  { "village-found", NC_("roll", "Village found") },
  { "village-not-found", NC_("roll", "No village") },
  /* Steps */
  { "counter-attack", NC_("roll", "Counter-attack") },
  { "first-fire", NC_("roll", "First fire") },
  { "hostile-action", NC_("roll", "Hostile action") },
  { "looting", NC_("roll", "Looting") },
  { "looting-dice", NC_("roll", "Looting dice") },
  { "natives-attack", NC_("roll", "Natives attack") },
  { "offer", NC_("roll", "Offer") },
  { "person", NC_("roll", "Person") },
  { "player", NC_("roll", "Player") },
  { "poison", NC_("roll", "Poison") },
  { "prisoners", NC_("roll", "Prisoners") },
  { "table-a", NC_("roll", "Table A") },
  { "village", NC_("roll", "Village") },
  /* What a sheet says happens beyond the make-up */
  { "battle-lost", NC_("roll", "Battle lost") },
  { "battle-won", NC_("roll", "Battle won") },
  { "dies", NC_("roll", "Dies") },
  { "held-off", NC_("roll", "Natives held off") },
  { "price", NC_("roll", "Price") },
  { "recovers", NC_("roll", "Recovers") },
  { "stays-sick", NC_("roll", "Stays sick") },
  { "trade-rate", NC_("roll", "Rate of exchange") },
  { "tribe-friendly", NC_("roll", "Tribe turns friendly") },
  { "tribe-hostile", NC_("roll", "Tribe turns hostile") },
  { "tribe-neutral", NC_("roll", "Tribe turns neutral") },
  { "tribe-size", NC_("roll", "Tribe size") },
  { "victory-points", NC_("roll", "Victory points") },
  /* A sheet's axes */
  { "activity", NC_("roll", "Activity") },
  { "discovery", NC_("roll", "Discovery") },
  { "distance", NC_("roll", "Distance") },
  { "fighters", NC_("roll", "Fighters") },
  { "gifts", NC_("roll", "Gifts") },
  { "hunters", NC_("roll", "Hunters") },
  { "item", NC_("roll", "Item") },
  { "mode", NC_("roll", "Travel") },
  { "policy", NC_("roll", "Policy") },
  { "roll", NC_("roll", "Roll") },
  { "size", NC_("roll", "Size") },
  { "specialty", NC_("roll", "Specialty") },
  { "terrain", NC_("roll", "Terrain") },
};

static const char *
find_title (const NamedTitle *titles,
            gsize             n_titles,
            const char       *context,
            const char       *name)
{
  for (gsize i = 0; name != NULL && i < n_titles; i++)
    if (g_str_equal (titles[i].name, name))
      return g_dpgettext2 (GETTEXT_PACKAGE, context, titles[i].title);

  return NULL;
}

const char *
nile_display_operation_title (const char *operation)
{
  return find_title (operation_titles, G_N_ELEMENTS (operation_titles), "operation", operation);
}

const char *
nile_display_parameter_title (const char *parameter)
{
  return find_title (parameter_titles, G_N_ELEMENTS (parameter_titles), "form field", parameter);
}

const char *
nile_display_roll_word (const char *nick)
{
  return find_title (roll_words, G_N_ELEMENTS (roll_words), "roll", nick);
}

const char *
nile_display_vp_state (const char *state)
{
  if (g_strcmp0 (state, "published") == 0)
    return _("published");
  if (g_strcmp0 (state, "unpublished") == 0)
    return _("unpublished");
  if (g_strcmp0 (state, "lost") == 0)
    return _("lost");
  return _("none on the books");
}

const char *
nile_display_choice_title (const char *choice)
{
  return find_title (choice_titles, G_N_ELEMENTS (choice_titles), "choice", choice);
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
