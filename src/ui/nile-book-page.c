/* nile-book-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-book-page"

#include "config.h"

#include "nile-book-page.h"
#include "nile-ui-util.h"

/* What the Caches, Tribes and Discoveries pages share: the book they
 * show, and a list view fed by one of its list models. The model is only
 * made when the page is first shown, and the list view then creates rows
 * only for the items in sight, so a page the player never opens costs
 * nothing at startup however long the campaign. */
typedef struct
{
  NileCampaignBook *book;
  GListModel       *model;
  gboolean          bound;
} NileBookPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (NileBookPage, nile_book_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_BOOK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The subclass's template holds them (nile_book_page_class_set_template). */
static GtkStack *
get_stack (NileBookPage *self)
{
  return GTK_STACK (gtk_widget_get_template_child (GTK_WIDGET (self), G_OBJECT_TYPE (self), "stack"));
}

static GtkListView *
get_list_view (NileBookPage *self)
{
  return GTK_LIST_VIEW (gtk_widget_get_template_child (GTK_WIDGET (self), G_OBJECT_TYPE (self), "list_view"));
}

static void
update_stack (NileBookPage *self)
{
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);
  gboolean any = priv->model != NULL && g_list_model_get_n_items (priv->model) > 0;
  GtkStack *stack = get_stack (self);

  if (stack != NULL)
    gtk_stack_set_visible_child_name (stack, any ? "list" : "empty");
}

static void
clear_model (NileBookPage *self)
{
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);
  GtkListView *list_view = get_list_view (self);

  if (priv->model != NULL)
    g_signal_handlers_disconnect_by_data (priv->model, self);
  g_clear_object (&priv->model);
  /* Gone once the template is disposed of. */
  if (list_view != NULL)
    gtk_list_view_set_model (list_view, NULL);
  priv->bound = FALSE;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           NileBookPage             *self)
{
  GtkWidget *row = nile_list_row_new ();
  NileBookPageClass *klass = NILE_BOOK_PAGE_GET_CLASS (self);

  /* Rows are read, not activated; controls in them take the taps. */
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_child (item, row);
  if (klass->setup_row != NULL)
    klass->setup_row (self, NILE_LIST_ROW (row), item);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          NileBookPage             *self)
{
  GtkWidget *row = gtk_list_item_get_child (item);

  NILE_BOOK_PAGE_GET_CLASS (self)->bind_row (self, NILE_LIST_ROW (row), item);
  /* The row says itself what it shows. */
  nile_ui_label_list_item (item, row);
}

static void
bind_book (NileBookPage *self)
{
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);

  clear_model (self);
  priv->bound = TRUE;

  if (priv->book != NULL)
    {
      g_autoptr(GtkNoSelection) selection = NULL;

      if (gtk_list_view_get_factory (get_list_view (self)) == NULL)
        {
          g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

          g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
          g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
          gtk_list_view_set_factory (get_list_view (self), factory);
        }

      priv->model = NILE_BOOK_PAGE_GET_CLASS (self)->create_model (self, priv->book);
      selection = gtk_no_selection_new (g_object_ref (priv->model));
      g_signal_connect_object (priv->model, "items-changed",
                               G_CALLBACK (update_stack), self, G_CONNECT_SWAPPED);
      gtk_list_view_set_model (get_list_view (self), GTK_SELECTION_MODEL (selection));
    }

  update_stack (self);
}

static void
nile_book_page_map (GtkWidget *widget)
{
  NileBookPage *self = NILE_BOOK_PAGE (widget);
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);

  if (!priv->bound)
    bind_book (self);

  GTK_WIDGET_CLASS (nile_book_page_parent_class)->map (widget);
}

static void
nile_book_page_dispose (GObject *object)
{
  NileBookPage *self = NILE_BOOK_PAGE (object);
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);

  clear_model (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  g_clear_object (&priv->book);

  G_OBJECT_CLASS (nile_book_page_parent_class)->dispose (object);
}

static void
nile_book_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileBookPage *self = NILE_BOOK_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, nile_book_page_get_book (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_book_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileBookPage *self = NILE_BOOK_PAGE (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      nile_book_page_set_book (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_book_page_class_init (NileBookPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_book_page_dispose;
  object_class->get_property = nile_book_page_get_property;
  object_class->set_property = nile_book_page_set_property;

  widget_class->map = nile_book_page_map;

  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_book_page_init (NileBookPage *self)
{
}

NileCampaignBook *
nile_book_page_get_book (NileBookPage *self)
{
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);

  g_return_val_if_fail (NILE_IS_BOOK_PAGE (self), NULL);

  return priv->book;
}

void
nile_book_page_set_book (NileBookPage     *self,
                         NileCampaignBook *book)
{
  NileBookPagePrivate *priv = nile_book_page_get_instance_private (self);

  g_return_if_fail (NILE_IS_BOOK_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (!g_set_object (&priv->book, book))
    return;

  /* A page out of sight waits until it is shown. */
  clear_model (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    bind_book (self);
  else
    update_stack (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}

void
nile_book_page_class_set_template (NileBookPageClass *klass,
                                   const char        *resource_name)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_return_if_fail (NILE_IS_BOOK_PAGE_CLASS (klass));

  gtk_widget_class_set_template_from_resource (widget_class, resource_name);
  gtk_widget_class_bind_template_child_full (widget_class, "stack", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "list_view", FALSE, 0);
}
