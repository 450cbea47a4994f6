/* nile-list-row.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-list-row"

#include "config.h"

#include "nile-list-row.h"

/* What the Caches, Tribes and Discoveries lists show per item: a title,
 * a wrapping subtitle and a figure at the end. It is far lighter than an
 * AdwActionRow, which matters when a list view recycles it as the player
 * scrolls, and its optional heading lets a flat list read as sections. */
struct _NileListRow
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *heading_box;
  GtkWidget *row_box;
  GtkLabel  *heading;
  GtkLabel  *description;
  GtkLabel  *title;
  GtkLabel  *subtitle;
  GtkLabel  *value;
  GtkLabel  *caption;
  GtkWidget *extra;
};

G_DEFINE_FINAL_TYPE (NileListRow, nile_list_row, GTK_TYPE_WIDGET)

/* A list view's rows are named by nothing in GTK 4.8: the row says
 * itself what it shows, in the order shown. */
static void
update_accessible_label (NileListRow *self)
{
  GtkLabel *parts[] = { self->title, self->subtitle, self->value, self->caption };
  g_autoptr(GString) name = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      const char *text = gtk_label_get_text (parts[i]);

      if (!gtk_widget_get_visible (GTK_WIDGET (parts[i])) || text[0] == '\0')
        continue;
      if (name->len > 0)
        g_string_append (name, ", ");
      g_string_append (name, text);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name->str, -1);
}

/* Shows @label with @text, or hides it when there is none. */
static void
set_optional (GtkLabel   *label,
              const char *text)
{
  gtk_label_set_label (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && text[0] != '\0');
}

static void
nile_list_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), NILE_TYPE_LIST_ROW);

  G_OBJECT_CLASS (nile_list_row_parent_class)->dispose (object);
}

static void
nile_list_row_class_init (NileListRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_list_row_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "nilelistrow");
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-list-row.ui");
  gtk_widget_class_bind_template_child (widget_class, NileListRow, box);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, heading_box);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, row_box);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, heading);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, description);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, title);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, subtitle);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, value);
  gtk_widget_class_bind_template_child (widget_class, NileListRow, caption);
}

static void
nile_list_row_init (NileListRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
nile_list_row_new (void)
{
  return g_object_new (NILE_TYPE_LIST_ROW, NULL);
}

void
nile_list_row_set_heading (NileListRow *self,
                           const char  *heading,
                           const char  *description)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));

  set_optional (self->heading, heading);
  set_optional (self->description, heading != NULL ? description : NULL);
  gtk_widget_set_visible (self->heading_box, heading != NULL);
}

void
nile_list_row_set_title (NileListRow *self,
                         const char  *title)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));

  gtk_label_set_label (self->title, title);
  update_accessible_label (self);
}

void
nile_list_row_set_subtitle (NileListRow *self,
                            const char  *subtitle)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));

  set_optional (self->subtitle, subtitle);
  /* The two lines share the row's height and sit in its middle as one. */
  gtk_label_set_yalign (self->title, gtk_widget_get_visible (GTK_WIDGET (self->subtitle)) ? 1.0 : 0.5);
  update_accessible_label (self);
}

void
nile_list_row_set_value (NileListRow *self,
                         const char  *value,
                         gboolean     dim)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));

  set_optional (self->value, value);
  if (dim)
    gtk_widget_add_css_class (GTK_WIDGET (self->value), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->value), "dim-label");
  update_accessible_label (self);
}

void
nile_list_row_set_caption (NileListRow *self,
                           const char  *caption)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));

  set_optional (self->caption, caption);
  update_accessible_label (self);
}

void
nile_list_row_set_suffix (NileListRow *self,
                          GtkWidget   *suffix)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (suffix));

  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  gtk_grid_attach (GTK_GRID (self->row_box), suffix, 2, 0, 1, 2);
}

void
nile_list_row_set_extra (NileListRow *self,
                         GtkWidget   *extra)
{
  g_return_if_fail (NILE_IS_LIST_ROW (self));
  g_return_if_fail (extra == NULL || GTK_IS_WIDGET (extra));

  if (self->extra == extra)
    return;

  if (self->extra != NULL)
    gtk_box_remove (GTK_BOX (self->box), self->extra);
  self->extra = extra;
  if (extra != NULL)
    gtk_box_append (GTK_BOX (self->box), extra);
}

GtkWidget *
nile_list_row_get_extra (NileListRow *self)
{
  g_return_val_if_fail (NILE_IS_LIST_ROW (self), NULL);

  return self->extra;
}
