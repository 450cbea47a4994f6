/* nile-lazy-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-lazy-page"

#include "config.h"

#include "nile-lazy-page.h"

/* Holds the place of a page in a view stack and makes the page itself
 * only when it is first shown (or asked for), so the pages a player
 * never opens cost neither time nor memory when the window opens. Who
 * fills the page in listens to notify::page. */
struct _NileLazyPage
{
  AdwBin     parent_instance;

  GType      page_type;
};

G_DEFINE_FINAL_TYPE (NileLazyPage, nile_lazy_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_PAGE_TYPE,
  PROP_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_lazy_page_map (GtkWidget *widget)
{
  /* Before chaining up, so that the new page is mapped with its place. */
  nile_lazy_page_ensure_page (NILE_LAZY_PAGE (widget));

  GTK_WIDGET_CLASS (nile_lazy_page_parent_class)->map (widget);
}

static void
nile_lazy_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileLazyPage *self = NILE_LAZY_PAGE (object);

  switch (prop_id)
    {
    case PROP_PAGE_TYPE:
      g_value_set_gtype (value, self->page_type);
      break;

    case PROP_PAGE:
      g_value_set_object (value, nile_lazy_page_get_page (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_lazy_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileLazyPage *self = NILE_LAZY_PAGE (object);

  switch (prop_id)
    {
    case PROP_PAGE_TYPE:
      self->page_type = g_value_get_gtype (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_lazy_page_class_init (NileLazyPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = nile_lazy_page_get_property;
  object_class->set_property = nile_lazy_page_set_property;
  widget_class->map = nile_lazy_page_map;

  properties[PROP_PAGE_TYPE] =
    g_param_spec_gtype ("page-type", NULL, NULL,
                        GTK_TYPE_WIDGET,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAGE] =
    g_param_spec_object ("page", NULL, NULL,
                         GTK_TYPE_WIDGET,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_lazy_page_init (NileLazyPage *self)
{
  self->page_type = G_TYPE_NONE;
}

GType
nile_lazy_page_get_page_type (NileLazyPage *self)
{
  g_return_val_if_fail (NILE_IS_LAZY_PAGE (self), G_TYPE_NONE);

  return self->page_type;
}

/**
 * nile_lazy_page_get_page:
 * @self: a lazy page
 *
 * Returns: (transfer none) (nullable): the page, or %NULL until it is made
 */
GtkWidget *
nile_lazy_page_get_page (NileLazyPage *self)
{
  g_return_val_if_fail (NILE_IS_LAZY_PAGE (self), NULL);

  return adw_bin_get_child (ADW_BIN (self));
}

/**
 * nile_lazy_page_ensure_page:
 * @self: a lazy page
 *
 * Makes the page now if it isn't there yet.
 *
 * Returns: (transfer none): the page
 */
GtkWidget *
nile_lazy_page_ensure_page (NileLazyPage *self)
{
  GtkWidget *page;

  g_return_val_if_fail (NILE_IS_LAZY_PAGE (self), NULL);
  g_return_val_if_fail (g_type_is_a (self->page_type, GTK_TYPE_WIDGET), NULL);

  page = adw_bin_get_child (ADW_BIN (self));
  if (page != NULL)
    return page;

  page = g_object_new (self->page_type, NULL);
  adw_bin_set_child (ADW_BIN (self), page);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);

  return page;
}
