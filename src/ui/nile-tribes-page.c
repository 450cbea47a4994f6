/* nile-tribes-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-tribes-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-list-row.h"
#include "nile-tribe.h"
#include "nile-tribes-page.h"

/* The tribes met, by native counter, each opening onto how it stands
 * toward every explorer who met it. A big campaign has thousands of such
 * standings, so they are only made for a tribe the player opens, while
 * it is in sight. */
struct _NileTribesPage
{
  NileBookPage  parent_instance;

  /* Counters of the tribes the player opened, kept while rows are
   * recycled and the book is reread. */
  GHashTable   *opened;
};

G_DEFINE_FINAL_TYPE (NileTribesPage, nile_tribes_page, NILE_TYPE_BOOK_PAGE)

static char *
describe_tribe (NileTribe *tribe)
{
  const char *size = nile_tribe_get_size (tribe);
  g_autoptr(GString) text = g_string_new (NULL);

  /* AH tribes have a size, DG tribes a head count. */
  if (size != NULL && size[0] != '\0')
    g_string_append (text, nile_display_tribe_size (size));
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d native", "%d natives",
                                               nile_tribe_get_natives (tribe)),
                            nile_tribe_get_natives (tribe));

  if (nile_tribe_get_desert (tribe))
    g_string_append (text, _(", of the desert"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static int
lookup_int (GVariantDict *dict,
            const char   *key)
{
  int value = 0;

  g_variant_dict_lookup (dict, key, "i", &value);
  return value;
}

static gboolean
lookup_flag (GVariantDict *dict,
             const char   *key)
{
  gboolean value = FALSE;

  g_variant_dict_lookup (dict, key, "b", &value);
  return value;
}

/* One explorer's standing with the tribe, in a line. */
static char *
describe_relation (GVariantDict *relation)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  int gifts_left = -1;
  int value;

  g_ptr_array_add (parts, g_strdup (lookup_flag (relation, "friendly") ? _("Friendly") : _("Not friendly")));
  if (lookup_flag (relation, "negotiated"))
    g_ptr_array_add (parts, g_strdup (_("negotiated")));
  if ((value = lookup_int (relation, "attitude")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("attitude %d"), value));
  if ((value = lookup_int (relation, "gifts-traded")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d gift traded", "%d gifts traded", value),
                                             value));
  /* At the limit the tribe no longer trades with him at all (R 14.95). */
  if (g_variant_dict_lookup (relation, "gifts-left", "i", &gifts_left))
    {
      if (gifts_left > 0)
        g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d more gift welcome",
                                                              "%d more gifts welcome", gifts_left),
                                                 gifts_left));
      else
        g_ptr_array_add (parts, g_strdup (_("gift limit reached: no more trade")));
    }
  if ((value = lookup_int (relation, "battles-won")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("battles won %d"), value));
  if ((value = lookup_int (relation, "battles-lost")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("battles lost %d"), value));
  if ((value = lookup_int (relation, "prisoners-released")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("prisoners released %d"), value));

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

/* One row per explorer who met the tribe. */
static GtkWidget *
build_relations (GVariant *relations)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gsize n_relations = g_variant_n_children (relations);

  gtk_widget_add_css_class (box, "relations");
  for (gsize j = 0; j < n_relations; j++)
    {
      g_autoptr(GVariant) item = g_variant_get_child_value (relations, j);
      g_autoptr(GVariantDict) relation = g_variant_dict_new (item);
      g_autofree char *explorer = NULL;
      g_autofree char *player = NULL;
      g_autofree char *who = NULL;
      g_autofree char *standing = describe_relation (relation);
      GtkWidget *row = nile_list_row_new ();

      g_variant_dict_lookup (relation, "explorer", "s", &explorer);
      g_variant_dict_lookup (relation, "player", "s", &player);
      /* Translators: explorer (player) */
      who = g_strdup_printf (_("%s (%s)"), explorer, player);
      nile_list_row_set_title (NILE_LIST_ROW (row), who);
      nile_list_row_set_subtitle (NILE_LIST_ROW (row), standing);
      gtk_box_append (GTK_BOX (box), row);
    }

  return box;
}

/* Shows the standings under an opened tribe's row, or drops them. */
static void
update_relations (GtkListItem *item)
{
  NileListRow *row = NILE_LIST_ROW (gtk_list_item_get_child (item));
  GtkExpander *expander = GTK_EXPANDER (g_object_get_data (G_OBJECT (row), "expander"));
  NileTribe *tribe = gtk_list_item_get_item (item);
  GVariant *relations = tribe != NULL ? nile_tribe_get_relations (tribe) : NULL;

  if (relations != NULL && gtk_expander_get_expanded (expander))
    nile_list_row_set_extra (row, build_relations (relations));
  else
    nile_list_row_set_extra (row, NULL);
}

static void
on_expanded (GtkExpander *expander,
             GParamSpec  *pspec,
             GtkListItem *item)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (expander), NILE_TYPE_TRIBES_PAGE));
  NileTribe *tribe = gtk_list_item_get_item (item);
  gpointer counter;

  if (tribe == NULL)
    return;

  counter = GINT_TO_POINTER (nile_tribe_get_counter (tribe));
  if (gtk_expander_get_expanded (expander))
    g_hash_table_add (self->opened, counter);
  else
    g_hash_table_remove (self->opened, counter);

  update_relations (item);
}

static void
nile_tribes_page_setup_row (NileBookPage *page,
                            NileListRow  *row,
                            GtkListItem  *item)
{
  GtkWidget *expander = gtk_expander_new (NULL);

  g_object_set_data (G_OBJECT (row), "expander", expander);
  nile_list_row_set_suffix (row, expander);
  g_signal_connect_object (expander, "notify::expanded", G_CALLBACK (on_expanded), item, 0);
}

static void
nile_tribes_page_bind_row (NileBookPage *page,
                           NileListRow  *row,
                           GtkListItem  *item)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (page);
  NileTribe *tribe = gtk_list_item_get_item (item);
  GtkExpander *expander = GTK_EXPANDER (g_object_get_data (G_OBJECT (row), "expander"));
  GVariant *relations = nile_tribe_get_relations (tribe);
  gsize n_relations = relations != NULL ? g_variant_n_children (relations) : 0;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *kind = describe_tribe (tribe);
  g_autofree char *label = NULL;
  g_autofree char *accessible = NULL;
  gboolean opened = g_hash_table_contains (self->opened, GINT_TO_POINTER (nile_tribe_get_counter (tribe)));

  /* Translators: the native counter's number */
  title = g_strdup_printf (_("Tribe %d"), nile_tribe_get_counter (tribe));
  /* Translators: the hex, then what kind of tribe */
  subtitle = g_strdup_printf (_("Hex %s · %s"), nile_tribe_get_hex (tribe), kind);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d explorer", "%d explorers", n_relations),
                           (int) n_relations);
  /* Translators: how the expander of a tribe's row is read out */
  accessible = g_strdup_printf (_("Explorers who met tribe %d"), nile_tribe_get_counter (tribe));
  nile_list_row_set_title (row, title);
  nile_list_row_set_subtitle (row, subtitle);

  gtk_expander_set_label (expander, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (expander),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
  gtk_widget_set_visible (GTK_WIDGET (expander), n_relations > 0);

  /* A recycled row may have been open for another tribe. */
  g_signal_handlers_block_by_func (expander, on_expanded, item);
  gtk_expander_set_expanded (expander, opened && n_relations > 0);
  g_signal_handlers_unblock_by_func (expander, on_expanded, item);
  update_relations (item);
}

static GListModel *
nile_tribes_page_create_model (NileBookPage     *page,
                               NileCampaignBook *book)
{
  return g_object_ref (nile_campaign_book_get_tribes (book));
}

static void
nile_tribes_page_finalize (GObject *object)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (object);

  g_hash_table_unref (self->opened);

  G_OBJECT_CLASS (nile_tribes_page_parent_class)->finalize (object);
}

static void
nile_tribes_page_class_init (NileTribesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  NileBookPageClass *page_class = NILE_BOOK_PAGE_CLASS (klass);

  object_class->finalize = nile_tribes_page_finalize;
  page_class->create_model = nile_tribes_page_create_model;
  page_class->setup_row = nile_tribes_page_setup_row;
  page_class->bind_row = nile_tribes_page_bind_row;

  nile_book_page_class_set_template (page_class, RESOURCE_BASE "/nile-tribes-page.ui");
}

static void
nile_tribes_page_init (NileTribesPage *self)
{
  self->opened = g_hash_table_new (NULL, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
}
