/* nile-caches-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-caches-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-cache.h"
#include "nile-caches-page.h"
#include "nile-display-names.h"
#include "nile-list-row.h"

/* Every cache hidden in the campaign: where, by whom, what is in it,
 * and whether it is still there. */
struct _NileCachesPage
{
  NileBookPage  parent_instance;
};

G_DEFINE_FINAL_TYPE (NileCachesPage, nile_caches_page, NILE_TYPE_BOOK_PAGE)

static const struct {
  const char *state;
  const char *label;
} states[] = {
  { "hidden", N_("Hidden") },
  { "recovered", N_("Recovered") },
  { "gone", N_("Gone") },
};

static char *
describe_contents (NileCache *cache)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* In the order of the Player Aid sheet. */
  for (NileCacheItem i = 0; i < NILE_CACHE_N_ITEMS; i++)
    {
      int count = nile_cache_get_count (cache, i);

      if (count == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: an item and how many, e.g. "Rations 20" */
      g_string_append_printf (text, _("%s %d"), nile_display_parameter_title (nile_cache_item_get_name (i)), count);
    }

  if (text->len == 0)
    g_string_append (text, _("Empty"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
describe_state (NileCache *cache)
{
  const char *state = nile_cache_get_state (cache);

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      if (g_strcmp0 (states[i].state, state) == 0)
        return _(states[i].label);
    }

  return state;
}

static void
nile_caches_page_bind_row (NileBookPage *page,
                           NileListRow  *row,
                           GtkListItem  *item)
{
  NileCache *cache = gtk_list_item_get_item (item);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *held = describe_contents (cache);

  /* Translators: cache number and the hex it is hidden in */
  title = g_strdup_printf (_("Cache %d, Hex %s"), nile_cache_get_number (cache), nile_cache_get_hex (cache));
  /* Translators: what is in the cache, then who hid it: explorer (player) */
  subtitle = g_strdup_printf (_("%s\nHidden by %s (%s)"), held,
                              nile_cache_get_explorer (cache), nile_cache_get_player (cache));

  nile_list_row_set_title (row, title);
  nile_list_row_set_subtitle (row, subtitle);
  nile_list_row_set_value (row, describe_state (cache),
                           g_strcmp0 (nile_cache_get_state (cache), "hidden") != 0);
}

static GListModel *
nile_caches_page_create_model (NileBookPage     *page,
                               NileCampaignBook *book)
{
  return g_object_ref (nile_campaign_book_get_caches (book));
}

static void
nile_caches_page_class_init (NileCachesPageClass *klass)
{
  NileBookPageClass *page_class = NILE_BOOK_PAGE_CLASS (klass);

  page_class->create_model = nile_caches_page_create_model;
  page_class->bind_row = nile_caches_page_bind_row;

  nile_book_page_class_set_template (page_class, RESOURCE_BASE "/nile-caches-page.ui");
}

static void
nile_caches_page_init (NileCachesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
