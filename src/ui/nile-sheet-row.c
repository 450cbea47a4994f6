/* nile-sheet-row.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-sheet-row"

#include "config.h"

#include "nile-sheet-row.h"

/* A row of the expedition sheet: what AdwActionRow shows (a title, an
 * optional subtitle and widgets at either end, the same style classes)
 * laid out in a GtkGrid.
 *
 * Why not AdwActionRow: its title box is centred in a row box, and GTK
 * 4.8 sizes a centred box of wrapping labels, and a row box holding
 * one, by binary searches that lay each label out again at every step.
 * The Party page holds some forty rows, and their labels were laid out
 * thousands of times before its first settled frame. A grid asks each
 * label for its height at the width it gives it, once.
 *
 * Its labels, like every word-char label of the app, also have a
 * width-chars: without one, GTK 4.8 takes such a label's minimum width
 * from a layout at width 0, which breaks the text after every character
 * and shapes each piece on its own. The window asks for its minimum
 * width whenever a page grows, so that cost came back with every
 * section added: the Party page's settled frame took twice as long. A
 * floor of eight characters leaves the layout as it was at every width
 * the window can take. */
struct _NileSheetRow
{
  AdwPreferencesRow  parent_instance;

  GtkGrid           *grid;
  GtkLabel          *title_label;
  GtkLabel          *subtitle_label;
  GtkWidget         *last_suffix;

  GtkWidget         *activatable_widget;
  GtkWidget         *list_box;      /* the parent whose activations we follow */
};

static void nile_sheet_row_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NileSheetRow, nile_sheet_row, ADW_TYPE_PREFERENCES_ROW,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, nile_sheet_row_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

enum {
  PROP_0,
  PROP_SUBTITLE,
  PROP_ACTIVATABLE_WIDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_row_activated (NileSheetRow  *self,
                  GtkListBoxRow *row)
{
  if (row == GTK_LIST_BOX_ROW (self) && self->activatable_widget != NULL)
    gtk_widget_mnemonic_activate (self->activatable_widget, FALSE);
}

/* A list box tells its own signal, not the row, which row was activated. */
static void
follow_list_box (NileSheetRow *self,
                 GtkWidget    *parent)
{
  if (self->list_box != NULL)
    g_signal_handlers_disconnect_by_func (self->list_box, on_row_activated, self);

  self->list_box = GTK_IS_LIST_BOX (parent) ? parent : NULL;
  if (self->list_box != NULL)
    g_signal_connect_object (self->list_box, "row-activated",
                             G_CALLBACK (on_row_activated), self,
                             G_CONNECT_SWAPPED);
}

static void
on_parent_changed (NileSheetRow *self)
{
  follow_list_box (self, gtk_widget_get_parent (GTK_WIDGET (self)));
}

static void
nile_sheet_row_dispose (GObject *object)
{
  NileSheetRow *self = NILE_SHEET_ROW (object);

  follow_list_box (self, NULL);
  self->activatable_widget = NULL;
  self->last_suffix = NULL;
  /* The grid is the row's child: the row lets go of it, not the template. */
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_SHEET_ROW);

  G_OBJECT_CLASS (nile_sheet_row_parent_class)->dispose (object);
}

static void
nile_sheet_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileSheetRow *self = NILE_SHEET_ROW (object);

  switch (prop_id)
    {
    case PROP_SUBTITLE:
      g_value_set_string (value, nile_sheet_row_get_subtitle (self));
      break;

    case PROP_ACTIVATABLE_WIDGET:
      g_value_set_object (value, self->activatable_widget);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileSheetRow *self = NILE_SHEET_ROW (object);

  switch (prop_id)
    {
    case PROP_SUBTITLE:
      nile_sheet_row_set_subtitle (self, g_value_get_string (value));
      break;

    case PROP_ACTIVATABLE_WIDGET:
      nile_sheet_row_set_activatable_widget (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_row_class_init (NileSheetRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_sheet_row_dispose;
  object_class->get_property = nile_sheet_row_get_property;
  object_class->set_property = nile_sheet_row_set_property;

  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL,
                         "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVATABLE_WIDGET] =
    g_param_spec_object ("activatable-widget", NULL, NULL,
                         GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-sheet-row.ui");
  gtk_widget_class_bind_template_child (widget_class, NileSheetRow, grid);
  gtk_widget_class_bind_template_child (widget_class, NileSheetRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, NileSheetRow, subtitle_label);
}

static void
nile_sheet_row_init (NileSheetRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_object_bind_property (self, "title", self->title_label, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "use-markup", self->title_label, "use-markup", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "use-underline", self->title_label, "use-underline", G_BINDING_SYNC_CREATE);
  g_signal_connect (self, "notify::parent", G_CALLBACK (on_parent_changed), NULL);
}

/* <child type="prefix"> and <child type="suffix">, as in AdwActionRow. */
static void
nile_sheet_row_buildable_add_child (GtkBuildable *buildable,
                                    GtkBuilder   *builder,
                                    GObject      *child,
                                    const char   *type)
{
  NileSheetRow *self = NILE_SHEET_ROW (buildable);

  if (g_strcmp0 (type, "prefix") == 0)
    nile_sheet_row_add_prefix (self, GTK_WIDGET (child));
  else if (g_strcmp0 (type, "suffix") == 0)
    nile_sheet_row_add_suffix (self, GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
nile_sheet_row_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = nile_sheet_row_buildable_add_child;
}

GtkWidget *
nile_sheet_row_new (void)
{
  return g_object_new (NILE_TYPE_SHEET_ROW, NULL);
}

const char *
nile_sheet_row_get_subtitle (NileSheetRow *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_ROW (self), NULL);

  return gtk_label_get_label (self->subtitle_label);
}

void
nile_sheet_row_set_subtitle (NileSheetRow *self,
                             const char   *subtitle)
{
  gboolean shown;

  g_return_if_fail (NILE_IS_SHEET_ROW (self));

  if (subtitle == NULL)
    subtitle = "";
  if (g_str_equal (subtitle, gtk_label_get_label (self->subtitle_label)))
    return;

  shown = subtitle[0] != '\0';
  gtk_label_set_label (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), shown);

  /* The title and subtitle share the height the row gives them, so the
   * pair sits in the middle as one. */
  gtk_label_set_yalign (self->title_label, shown ? 1.0 : 0.5);
  if (shown)
    gtk_widget_add_css_class (GTK_WIDGET (self), "has-subtitle");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "has-subtitle");

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
}

void
nile_sheet_row_add_prefix (NileSheetRow *self,
                           GtkWidget    *widget)
{
  g_return_if_fail (NILE_IS_SHEET_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  /* A new column just before the title keeps the prefixes in order;
   * the last one is set off from the title as in AdwActionRow. */
  gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_end (widget, 6);
  gtk_grid_insert_next_to (self->grid, GTK_WIDGET (self->title_label), GTK_POS_LEFT);
  gtk_grid_attach_next_to (self->grid, widget, GTK_WIDGET (self->title_label), GTK_POS_LEFT, 1, 2);
}

void
nile_sheet_row_add_suffix (NileSheetRow *self,
                           GtkWidget    *widget)
{
  GtkWidget *before;

  g_return_if_fail (NILE_IS_SHEET_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  before = self->last_suffix != NULL ? self->last_suffix : GTK_WIDGET (self->title_label);
  gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
  gtk_grid_attach_next_to (self->grid, widget, before, GTK_POS_RIGHT, 1, 2);
  self->last_suffix = widget;
}

GtkWidget *
nile_sheet_row_get_activatable_widget (NileSheetRow *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_ROW (self), NULL);

  return self->activatable_widget;
}

void
nile_sheet_row_set_activatable_widget (NileSheetRow *self,
                                       GtkWidget    *widget)
{
  g_return_if_fail (NILE_IS_SHEET_ROW (self));
  g_return_if_fail (widget == NULL || gtk_widget_is_ancestor (widget, GTK_WIDGET (self)));

  if (self->activatable_widget == widget)
    return;

  self->activatable_widget = widget;
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), widget != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVATABLE_WIDGET]);
}
