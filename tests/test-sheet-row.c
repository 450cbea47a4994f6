/* test-sheet-row.c: a row of the expedition sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "nile-sheet-row.h"
#include "nile-ui-test-utils.h"

static GtkGrid *
grid_of (GtkWidget *row)
{
  return GTK_GRID (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
}

static GtkWidget *
label_with_class (GtkWidget  *row,
                  const char *css_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid_of (row)));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, css_class))
      return child;

  g_assert_not_reached ();
}

static int
column_of (GtkWidget *row,
           GtkWidget *child)
{
  int column;

  gtk_grid_query_child (grid_of (row), child, &column, NULL, NULL, NULL);
  return column;
}

static void
test_sheet_row_title_and_subtitle (void)
{
  GtkWidget *row = g_object_ref_sink (nile_sheet_row_new ());
  GtkWidget *title = label_with_class (row, "title");
  GtkWidget *subtitle = label_with_class (row, "subtitle");

  /* The preferences row's title, as plain text when asked. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Bearers & guides");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Bearers & guides");

  /* No subtitle, no line for it. */
  g_assert_cmpstr (nile_sheet_row_get_subtitle (NILE_SHEET_ROW (row)), ==, "");
  g_assert_false (gtk_widget_get_visible (subtitle));
  g_assert_false (gtk_widget_has_css_class (row, "has-subtitle"));

  g_object_set (row, "subtitle", "Each with his share of the load", NULL);
  g_assert_cmpstr (nile_sheet_row_get_subtitle (NILE_SHEET_ROW (row)), ==, "Each with his share of the load");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (subtitle)), ==, "Each with his share of the load");
  g_assert_true (gtk_widget_get_visible (subtitle));
  g_assert_true (gtk_widget_has_css_class (row, "has-subtitle"));

  nile_sheet_row_set_subtitle (NILE_SHEET_ROW (row), NULL);
  g_assert_false (gtk_widget_get_visible (subtitle));
  g_assert_false (gtk_widget_has_css_class (row, "has-subtitle"));

  g_object_unref (row);
}

static void
test_sheet_row_ends (void)
{
  GtkWidget *row = g_object_ref_sink (nile_sheet_row_new ());
  GtkWidget *title = label_with_class (row, "title");
  GtkWidget *first_prefix = gtk_image_new ();
  GtkWidget *second_prefix = gtk_image_new ();
  GtkWidget *first_suffix = gtk_button_new ();
  GtkWidget *second_suffix = gtk_button_new ();

  nile_sheet_row_add_prefix (NILE_SHEET_ROW (row), first_prefix);
  nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), first_suffix);
  nile_sheet_row_add_prefix (NILE_SHEET_ROW (row), second_prefix);
  nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), second_suffix);

  /* Left to right in the order they were added, the title between. */
  g_assert_cmpint (column_of (row, first_prefix), <, column_of (row, second_prefix));
  g_assert_cmpint (column_of (row, second_prefix), <, column_of (row, title));
  g_assert_cmpint (column_of (row, title), <, column_of (row, first_suffix));
  g_assert_cmpint (column_of (row, first_suffix), <, column_of (row, second_suffix));
  g_assert_cmpint (gtk_widget_get_valign (first_suffix), ==, GTK_ALIGN_CENTER);

  g_object_unref (row);
}

/* Activating the row, by a tap or a key, toggles its switch. */
static void
test_sheet_row_activatable_widget (void)
{
  GtkWidget *list = g_object_ref_sink (gtk_list_box_new ());
  GtkWidget *row = nile_sheet_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));

  nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), toggle);
  nile_sheet_row_set_activatable_widget (NILE_SHEET_ROW (row), toggle);
  g_assert_true (nile_sheet_row_get_activatable_widget (NILE_SHEET_ROW (row)) == toggle);
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  gtk_list_box_append (GTK_LIST_BOX (list), row);

  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));

  /* Moved to another list, it follows that one's activations. */
  g_object_ref (row);
  gtk_list_box_remove (GTK_LIST_BOX (list), row);
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  {
    GtkWidget *other = g_object_ref_sink (gtk_list_box_new ());

    gtk_list_box_append (GTK_LIST_BOX (other), row);
    g_object_unref (row);
    g_signal_emit_by_name (other, "row-activated", row);
    g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
    g_object_unref (other);
  }

  g_object_unref (list);
}

static void
test_sheet_row_in_builder (void)
{
  const char *ui =
    "<interface>"
    "  <object class='NileSheetRow' id='row'>"
    "    <property name='title'>Cautious</property>"
    "    <property name='subtitle'>At each activity level</property>"
    "    <child type='prefix'><object class='GtkImage' id='icon'/></child>"
    "    <child type='suffix'><object class='GtkLabel' id='value'><property name='label'>4 MP</property></object></child>"
    "  </object>"
    "</interface>";
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *row;

  g_type_ensure (NILE_TYPE_SHEET_ROW);
  builder = gtk_builder_new_from_string (ui, -1);
  row = GTK_WIDGET (gtk_builder_get_object (builder, "row"));
  g_object_ref_sink (row);

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label_with_class (row, "title"))), ==, "Cautious");
  g_assert_cmpstr (nile_sheet_row_get_subtitle (NILE_SHEET_ROW (row)), ==, "At each activity level");
  g_assert_cmpint (column_of (row, GTK_WIDGET (gtk_builder_get_object (builder, "icon"))), <,
                   column_of (row, label_with_class (row, "title")));
  g_assert_cmpint (column_of (row, GTK_WIDGET (gtk_builder_get_object (builder, "value"))), >,
                   column_of (row, label_with_class (row, "title")));

  g_object_unref (row);
}

/* On a narrow screen the title wraps and the control keeps its size. */
static void
test_sheet_row_narrow (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *row = nile_sheet_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 9999, 1);
  GtkWidget *title = label_with_class (row, "title");
  int spin_width, line_height;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Non-perishable rations carried by the bearers");
  nile_sheet_row_add_suffix (NILE_SHEET_ROW (row), spin);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  gtk_widget_measure (spin, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &spin_width, NULL, NULL);
  gtk_widget_measure (title, GTK_ORIENTATION_VERTICAL, -1, &line_height, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (spin), ==, spin_width);
  g_assert_cmpint (gtk_widget_get_height (title), >, line_height);
  g_assert_cmpint (gtk_widget_get_width (row), <=, 300);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!nile_test_have_display ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* A switch toggled with animations on changes only at the end of them. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/sheet-row/title-and-subtitle", test_sheet_row_title_and_subtitle);
  g_test_add_func ("/sheet-row/ends", test_sheet_row_ends);
  g_test_add_func ("/sheet-row/activatable-widget", test_sheet_row_activatable_widget);
  g_test_add_func ("/sheet-row/in-builder", test_sheet_row_in_builder);
  g_test_add_func ("/sheet-row/narrow", test_sheet_row_narrow);

  return g_test_run ();
}
