/* nile-tribes-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-tribes-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-tribe.h"
#include "nile-tribes-page.h"

/* The tribes met, by native counter, each opening onto how it stands
 * toward every explorer who met it. */
struct _NileTribesPage
{
  AdwBin            parent_instance;

  NileCampaignBook *book;

  GtkStack         *stack;
  GtkBox           *content;
  GtkListBox       *list_box;
};

G_DEFINE_FINAL_TYPE (NileTribesPage, nile_tribes_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
    g_ptr_array_add (parts, g_strdup_printf (_("%d gifts traded"), value));
  if (g_variant_dict_lookup (relation, "gifts-left", "i", &gifts_left))
    g_ptr_array_add (parts, g_strdup_printf (_("%d more gifts welcome"), gifts_left));
  if ((value = lookup_int (relation, "battles-won")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("battles won %d"), value));
  if ((value = lookup_int (relation, "battles-lost")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("battles lost %d"), value));
  if ((value = lookup_int (relation, "prisoners-released")) != 0)
    g_ptr_array_add (parts, g_strdup_printf (_("prisoners released %d"), value));

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

static guint
fill_rows (NileTribesPage *self)
{
  GListModel *tribes = nile_campaign_book_get_tribes (self->book);
  guint n_tribes = g_list_model_get_n_items (tribes);

  for (guint i = 0; i < n_tribes; i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);
      GVariant *relations = nile_tribe_get_relations (tribe);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *kind = describe_tribe (tribe);
      GtkWidget *row = adw_expander_row_new ();
      gsize n_relations = relations != NULL ? g_variant_n_children (relations) : 0;

      /* Translators: the native counter's number */
      title = g_strdup_printf (_("Tribe %d"), nile_tribe_get_counter (tribe));
      /* Translators: the hex, then what kind of tribe */
      subtitle = g_strdup_printf (_("Hex %s · %s"), nile_tribe_get_hex (tribe), kind);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
      adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (row), n_relations > 0);

      for (gsize j = 0; j < n_relations; j++)
        {
          g_autoptr(GVariant) item = g_variant_get_child_value (relations, j);
          g_autoptr(GVariantDict) relation = g_variant_dict_new (item);
          g_autofree char *explorer = NULL;
          g_autofree char *player = NULL;
          g_autofree char *who = NULL;
          g_autofree char *standing = describe_relation (relation);
          GtkWidget *relation_row = adw_action_row_new ();

          g_variant_dict_lookup (relation, "explorer", "s", &explorer);
          g_variant_dict_lookup (relation, "player", "s", &player);
          /* Translators: explorer (player) */
          who = g_strdup_printf (_("%s (%s)"), explorer, player);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (relation_row), who);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (relation_row), FALSE);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (relation_row), standing);
          adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (relation_row), 0);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (row), relation_row);
        }

      gtk_list_box_append (self->list_box, row);
    }

  return n_tribes;
}

static void
nile_tribes_page_rebuild (NileTribesPage *self)
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
nile_tribes_page_dispose (GObject *object)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (object);

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_TRIBES_PAGE);
  g_clear_object (&self->book);

  G_OBJECT_CLASS (nile_tribes_page_parent_class)->dispose (object);
}

static void
nile_tribes_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (object);

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
nile_tribes_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NileTribesPage *self = NILE_TRIBES_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_tribes_page_set_book (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_tribes_page_class_init (NileTribesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_tribes_page_dispose;
  object_class->get_property = nile_tribes_page_get_property;
  object_class->set_property = nile_tribes_page_set_property;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-tribes-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileTribesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, NileTribesPage, content);
  gtk_widget_class_bind_template_child (widget_class, NileTribesPage, list_box);
}

static void
nile_tribes_page_init (NileTribesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  nile_tribes_page_rebuild (self);
}

NileCampaignBook *
nile_tribes_page_get_book (NileTribesPage *self)
{
  g_return_val_if_fail (NILE_IS_TRIBES_PAGE (self), NULL);

  return self->book;
}

void
nile_tribes_page_set_book (NileTribesPage   *self,
                           NileCampaignBook *book)
{
  g_return_if_fail (NILE_IS_TRIBES_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
  g_set_object (&self->book, book);

  /* The book rereads the campaign on the same signal, connected first. */
  if (book != NULL)
    g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                             G_CALLBACK (nile_tribes_page_rebuild), self,
                             G_CONNECT_SWAPPED);

  nile_tribes_page_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}
