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

/* Every cache hidden in the campaign: where, by whom, what is in it,
 * and whether it is still there. */
struct _NileCachesPage
{
  AdwBin            parent_instance;

  NileCampaignBook *book;

  GtkStack         *stack;
  GtkBox           *content;
  GtkListBox       *list_box;
};

G_DEFINE_FINAL_TYPE (NileCachesPage, nile_caches_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What a cache may hold, in the order of the Player Aid sheet. */
static const struct {
  const char *label;
  int       (*get) (NileCache *cache);
} contents[] = {
  { N_("Rations"), nile_cache_get_rations },
  { N_("Water"), nile_cache_get_water },
  { N_("Gifts"), nile_cache_get_gifts },
  { N_("Muskets"), nile_cache_get_muskets },
  { N_("Tusks"), nile_cache_get_tusks },
  { N_("Specimens"), nile_cache_get_specimens },
  { N_("Pelts"), nile_cache_get_pelts },
};

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

  for (guint i = 0; i < G_N_ELEMENTS (contents); i++)
    {
      int count = contents[i].get (cache);

      if (count == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: an item and how many, e.g. "Rations 20" */
      g_string_append_printf (text, _("%s %d"), _(contents[i].label), count);
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

static guint
fill_rows (NileCachesPage *self)
{
  GListModel *caches = nile_campaign_book_get_caches (self->book);
  guint n_caches = g_list_model_get_n_items (caches);

  for (guint i = 0; i < n_caches; i++)
    {
      g_autoptr(NileCache) cache = g_list_model_get_item (caches, i);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *held = describe_contents (cache);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *state = gtk_label_new (describe_state (cache));

      /* Translators: cache number and the hex it is hidden in */
      title = g_strdup_printf (_("Cache %d, Hex %s"), nile_cache_get_number (cache), nile_cache_get_hex (cache));
      /* Translators: what is in the cache, then who hid it: explorer (player) */
      subtitle = g_strdup_printf (_("%s\nHidden by %s (%s)"), held,
                                  nile_cache_get_explorer (cache), nile_cache_get_player (cache));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      if (g_strcmp0 (nile_cache_get_state (cache), "hidden") != 0)
        gtk_widget_add_css_class (state, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), state);
      gtk_list_box_append (self->list_box, row);
    }

  return n_caches;
}

static void
nile_caches_page_rebuild (NileCachesPage *self)
{
  GtkWidget *child;
  guint n_rows = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);

  if (self->book != NULL)
    n_rows = fill_rows (self);

  gtk_stack_set_visible_child_name (self->stack, n_rows > 0 ? "list" : "empty");
}

static void
nile_caches_page_dispose (GObject *object)
{
  NileCachesPage *self = NILE_CACHES_PAGE (object);

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_CACHES_PAGE);
  g_clear_object (&self->book);

  G_OBJECT_CLASS (nile_caches_page_parent_class)->dispose (object);
}

static void
nile_caches_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileCachesPage *self = NILE_CACHES_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_caches_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NileCachesPage *self = NILE_CACHES_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_caches_page_set_book (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_caches_page_class_init (NileCachesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_caches_page_dispose;
  object_class->get_property = nile_caches_page_get_property;
  object_class->set_property = nile_caches_page_set_property;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-caches-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileCachesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, NileCachesPage, content);
  gtk_widget_class_bind_template_child (widget_class, NileCachesPage, list_box);
}

static void
nile_caches_page_init (NileCachesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  nile_caches_page_rebuild (self);
}

NileCampaignBook *
nile_caches_page_get_book (NileCachesPage *self)
{
  g_return_val_if_fail (NILE_IS_CACHES_PAGE (self), NULL);

  return self->book;
}

void
nile_caches_page_set_book (NileCachesPage   *self,
                           NileCampaignBook *book)
{
  g_return_if_fail (NILE_IS_CACHES_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  g_set_object (&self->book, book);

  /* The book rereads the campaign on the same signal, connected first. */
  if (book != NULL)
    g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                             G_CALLBACK (nile_caches_page_rebuild), self,
                             G_CONNECT_SWAPPED);

  nile_caches_page_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}
