/* test-sheet-editor.c: the sheet editor and sheet packs, in process
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "nile-error.h"
#include "nile-lazy-page.h"
#include "nile-sheet-editor.h"
#include "nile-sheets-window.h"
#include "nile-tables-page.h"
#include "nile-window.h"
#include "nile-ui-test-utils.h"

static NileApplication *app;

typedef struct {
  char            *dir;
  NileSheetStore  *store;
  GtkWidget       *editor;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = nile_test_make_dir ();
  fixture->store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->editor != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->editor));
  nile_test_flush_events ();
  g_assert_finalize_object (fixture->store);
  nile_test_remove_dir (g_steal_pointer (&fixture->dir));
}

static NileSheetEditor *
open_editor (Fixture    *fixture,
             const char *sheet_id)
{
  fixture->editor = nile_sheet_editor_new (NULL, fixture->store, sheet_id);
  gtk_window_present (GTK_WINDOW (fixture->editor));
  nile_test_flush_events ();
  return NILE_SHEET_EDITOR (fixture->editor);
}

/* The cell's value as the store has it now, or NULL when blank. */
static char *
stored_value (Fixture         *fixture,
              NileSheetEditor *editor,
              guint            index)
{
  g_auto(GStrv) coords = nile_sheet_editor_dup_coords (editor, index);
  g_autoptr(NileSheetCell) cell = nile_sheet_lookup (nile_sheet_editor_get_sheet (editor),
                                                     (const char * const *) coords);

  return g_strdup (cell->value);
}

static NileCellState
stored_state (NileSheetEditor *editor,
              guint            index)
{
  g_auto(GStrv) coords = nile_sheet_editor_dup_coords (editor, index);
  g_autoptr(NileSheetCell) cell = nile_sheet_lookup (nile_sheet_editor_get_sheet (editor),
                                                     (const char * const *) coords);

  return cell->state;
}

static void
type_into (NileSheetEditor *editor,
           guint            index,
           const char      *text)
{
  nile_sheet_editor_set_current (editor, index);
  gtk_editable_set_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, index)), text);
}

static guint
find_cell (NileSheetEditor *editor,
           guint            axis,
           const char      *value)
{
  for (guint i = 0; i < nile_sheet_editor_get_n_cells (editor); i++)
    {
      g_auto(GStrv) coords = nile_sheet_editor_dup_coords (editor, i);

      if (g_str_equal (coords[axis], value))
        return i;
    }
  g_assert_not_reached ();
}

static guint
filled (Fixture    *fixture,
        const char *sheet_id)
{
  guint n, total;

  g_assert_true (nile_sheet_store_get_completion (fixture->store, sheet_id, &n, &total));
  return n;
}

/* A row of codes typed in one go: each one is stored and the cursor
 * moves on, across the end of a row and into the next section. */
static void
test_typing_moves_on (Fixture       *fixture,
                      gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "native-attitude");
  const char *codes[] = { "f", "N", "c", "A" };
  guint last;

  g_assert_cmpuint (nile_sheet_editor_get_n_sections (editor), ==, 6);
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 3 * 11);

  nile_sheet_editor_set_current (editor, 0);
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      guint current = nile_sheet_editor_get_current (editor);
      g_autofree char *value = NULL;
      g_autofree char *upper = g_ascii_strup (codes[i], -1);

      g_assert_cmpuint (current, ==, i);
      gtk_editable_set_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, current)), codes[i]);
      value = stored_value (fixture, editor, i);
      g_assert_cmpstr (value, ==, upper);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, i))), ==, upper);
    }
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 4);
  g_assert_cmpuint (filled (fixture, "native-attitude"), ==, 4);
  g_assert_null (nile_sheet_editor_get_message (editor));

  /* The end of a row goes on to the next row. */
  type_into (editor, 10, "N");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 11);

  /* The last cell of policy 1 goes on to policy 2's first. */
  last = nile_sheet_editor_get_n_cells (editor) - 1;
  type_into (editor, last, "F");
  nile_test_flush_events ();
  g_assert_cmpuint (nile_sheet_editor_get_section (editor), ==, 1);
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 0);
  g_assert_cmpuint (filled (fixture, "native-attitude"), ==, 6);

  /* Every change is in the owner's file at once. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileSheetStore) again = nile_sheet_store_new_for_dir (fixture->dir, &error);
    guint n, total;

    g_assert_no_error (error);
    g_assert_true (nile_sheet_store_get_completion (again, "native-attitude", &n, &total));
    g_assert_cmpuint (n, ==, 6);
    g_assert_cmpuint (total, ==, 198);
  }
}

/* A code another code starts with, or a number that may have more
 * digits, waits for Enter. */
static void
test_waits_for_enter (Fixture       *fixture,
                      gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "defeat");
  g_autofree char *value = NULL;

  type_into (editor, 2, "E");
  value = stored_value (fixture, editor, 2);
  g_assert_null (value);
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 2);
  g_signal_emit_by_name (nile_sheet_editor_get_cell (editor, 2), "activate");
  value = stored_value (fixture, editor, 2);
  g_assert_cmpstr (value, ==, "E");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 3);
  g_free (value);

  type_into (editor, 3, "E2");
  value = stored_value (fixture, editor, 3);
  g_assert_cmpstr (value, ==, "E2");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 4);

  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
  editor = open_editor (fixture, "hunting");
  g_assert_cmpuint (nile_sheet_editor_get_n_sections (editor), ==, 6);
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 720 / 6);
  type_into (editor, 0, "12");
  g_clear_pointer (&value, g_free);
  value = stored_value (fixture, editor, 0);
  g_assert_null (value);
  g_signal_emit_by_name (nile_sheet_editor_get_cell (editor, 0), "activate");
  value = stored_value (fixture, editor, 0);
  g_assert_cmpstr (value, ==, "12");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 1);
}

/* A value typed and not yet confirmed is kept when the editor is
 * closed, as when the owner leaves the cell: closing takes the
 * keyboard from it while the window is being taken apart. */
static void
test_typing_kept_on_close (Fixture       *fixture,
                           gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "hunting");
  g_auto(GStrv) coords = nile_sheet_editor_dup_coords (editor, 0);
  NileSheet *sheet = nile_sheet_store_lookup (fixture->store, "hunting");
  g_autoptr(NileSheetCell) cell = NULL;

  type_into (editor, 0, "12");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (editor)),
                                         nile_sheet_editor_get_cell (editor, 0)));
  cell = nile_sheet_lookup (sheet, (const char * const *) coords);
  g_assert_null (cell->value);
  g_clear_pointer (&cell, nile_sheet_cell_free);

  gtk_window_close (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
  nile_test_flush_events ();

  cell = nile_sheet_lookup (sheet, (const char * const *) coords);
  g_assert_cmpstr (cell->value, ==, "12");
}

/* Anything that is not on the sheet is refused where it was typed and
 * the store does not change. */
static void
test_wrong_value_refused (Fixture       *fixture,
                          gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "native-attitude");
  g_autofree char *owner_path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autofree char *value = NULL;
  guint fixed;

  type_into (editor, 5, "Z");
  g_assert_nonnull (nile_sheet_editor_get_message (editor));
  g_assert_nonnull (strstr (nile_sheet_editor_get_message (editor), "F, N, C, A"));
  value = stored_value (fixture, editor, 5);
  g_assert_null (value);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, 5))), ==, "");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 5);
  g_assert_cmpuint (filled (fixture, "native-attitude"), ==, 0);
  g_assert_false (g_file_test (owner_path, G_FILE_TEST_EXISTS));

  /* The next good code clears the message. */
  type_into (editor, 5, "C");
  g_assert_null (nile_sheet_editor_get_message (editor));

  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
  editor = open_editor (fixture, "lost-numbers");
  type_into (editor, 0, "9");
  g_assert_nonnull (strstr (nile_sheet_editor_get_message (editor), "0 to 6"));
  g_clear_pointer (&value, g_free);
  value = stored_value (fixture, editor, 0);
  g_assert_cmpstr (value, ==, "1");
  g_assert_cmpint (stored_state (editor, 0), ==, NILE_CELL_SUGGESTED);

  /* What the rules fix cannot be typed over. */
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
  editor = open_editor (fixture, "activity-level");
  fixed = find_cell (editor, 1, "reckless");
  g_assert_cmpint (stored_state (editor, fixed), ==, NILE_CELL_KNOWN);
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, fixed))));
  type_into (editor, fixed, "5");
  g_assert_nonnull (nile_sheet_editor_get_message (editor));
  g_clear_pointer (&value, g_free);
  value = stored_value (fixture, editor, fixed);
  g_assert_cmpstr (value, ==, "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, fixed))), ==, "4");
}

static void
test_confirm_and_clear (Fixture       *fixture,
                        gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "lost-numbers");
  guint jungle = find_cell (editor, 0, "jungle");
  g_autofree char *value = NULL;

  g_assert_true (gtk_widget_has_css_class (nile_sheet_editor_get_cell (editor, jungle), "suggested"));
  nile_sheet_editor_set_current (editor, jungle);
  gtk_widget_activate_action (fixture->editor, "editor.confirm", NULL);
  g_assert_cmpint (stored_state (editor, jungle), ==, NILE_CELL_KNOWN);
  g_assert_false (gtk_widget_has_css_class (nile_sheet_editor_get_cell (editor, jungle), "suggested"));
  g_assert_true (gtk_widget_has_css_class (nile_sheet_editor_get_cell (editor, jungle), "owner"));
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, jungle + 1);

  /* Typing another value over a suggestion keeps the owner's. */
  type_into (editor, 0, "2");
  value = stored_value (fixture, editor, 0);
  g_assert_cmpstr (value, ==, "2");

  /* Clear takes the owner's value back: the suggestion shows again. */
  nile_sheet_editor_set_current (editor, 0);
  gtk_widget_activate_action (fixture->editor, "editor.clear", NULL);
  g_clear_pointer (&value, g_free);
  value = stored_value (fixture, editor, 0);
  g_assert_cmpstr (value, ==, "1");
  g_assert_cmpint (stored_state (editor, 0), ==, NILE_CELL_SUGGESTED);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, 0))), ==, "1");

  /* Confirm All Shown: every suggestion on the screen at once. */
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
  editor = open_editor (fixture, "activity-level");
  gtk_widget_activate_action (fixture->editor, "editor.confirm-all", NULL);
  for (guint i = 0; i < nile_sheet_editor_get_n_cells (editor); i++)
    g_assert_cmpint (stored_state (editor, i), ==, NILE_CELL_KNOWN);
  {
    guint known, suggested, total;

    nile_sheet_count_cells (nile_sheet_editor_get_sheet (editor), &known, &suggested, &total);
    g_assert_cmpuint (suggested, ==, 0);
    g_assert_cmpuint (known, ==, 9);
  }
}

static gboolean
is_entry_row (GtkWidget *widget,
              gpointer   data)
{
  return ADW_IS_ENTRY_ROW (widget) && gtk_widget_get_visible (widget);
}

/* Each policy section names its policy as the owner's board does. */
static void
test_policy_names (Fixture       *fixture,
                   gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "native-attitude");
  NileSheet *sheet = nile_sheet_editor_get_sheet (editor);
  GtkWidget *row;

  nile_sheet_editor_show_section (editor, 2);
  row = nile_test_find_widget (fixture->editor, is_entry_row, NULL);
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  gtk_editable_set_text (GTK_EDITABLE (row), "Gifts first");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (nile_sheet_get_policy_name (sheet, "3"), ==, "Gifts first");
  g_assert_cmpstr (nile_sheet_get_axis_label (sheet, 0, 2), ==, "Gifts first");
  g_assert_cmpuint (nile_sheet_editor_get_section (editor), ==, 2);

  nile_sheet_editor_show_section (editor, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  nile_sheet_editor_show_section (editor, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Gifts first");
}

static gboolean
is_ranges_row (GtkWidget *widget,
               gpointer   data)
{
  return ADW_IS_ENTRY_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "Rows of Gifts") == 0;
}

/* Where the board's rows are not known, the owner gives his; the grid
 * follows, and rows that are no ranges are refused. */
static void
test_board_ranges (Fixture       *fixture,
                   gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "negotiation");
  NileSheet *sheet = nile_sheet_editor_get_sheet (editor);
  GtkWidget *row = nile_test_find_widget (fixture->editor, is_ranges_row, NULL);
  g_auto(GStrv) coords = NULL;

  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "0, 1-5, 6-10, 11-15, 16-20, 21-30, 31-40, 41+");
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 8 * 11);

  gtk_editable_set_text (GTK_EDITABLE (row), "0, 1-10, 11+");
  g_signal_emit_by_name (row, "apply");
  g_assert_null (nile_sheet_editor_get_message (editor));
  g_assert_true (nile_sheet_axis_has_own_ranges (sheet, 0));
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 3 * 11);
  coords = nile_sheet_editor_dup_coords (editor, 11);
  g_assert_cmpstr (coords[0], ==, "1-10");

  type_into (editor, 11, "F");
  g_assert_cmpuint (filled (fixture, "negotiation"), ==, 1);

  gtk_editable_set_text (GTK_EDITABLE (row), "0, 5-3, 4+");
  g_signal_emit_by_name (row, "apply");
  g_assert_nonnull (nile_sheet_editor_get_message (editor));
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 3 * 11);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "0, 1-10, 11+");

  /* Empty: back to the rows we ship. */
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  g_signal_emit_by_name (row, "apply");
  g_assert_false (nile_sheet_axis_has_own_ranges (sheet, 0));
  g_assert_cmpuint (nile_sheet_editor_get_n_cells (editor), ==, 8 * 11);
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return window;
    }
  return NULL;
}

/* The main window opens the sheets with the Tables page's own store, so
 * what the editor stores is there for the next roll. */
static void
test_window_actions (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (nile_window_new (app));
  NileTablesPage *tables;
  GtkWindow *editor, *sheets;
  guint n, total;

  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();
  /* Made now, as if the player had turned to it. */
  tables = NILE_TABLES_PAGE (nile_lazy_page_ensure_page (NILE_LAZY_PAGE (
    gtk_widget_get_template_child (window, NILE_TYPE_WINDOW, "tables_slot"))));

  g_assert_true (gtk_widget_activate_action (window, "win.edit-sheet", "s", "recovery"));
  nile_test_flush_events ();
  editor = find_toplevel (NILE_TYPE_SHEET_EDITOR);
  g_assert_nonnull (editor);
  g_assert_cmpstr (nile_sheet_get_id (nile_sheet_editor_get_sheet (NILE_SHEET_EDITOR (editor))), ==, "recovery");
  g_assert_nonnull (nile_tables_page_get_sheets (tables));
  g_assert_true (nile_sheet_editor_get_store (NILE_SHEET_EDITOR (editor)) == nile_tables_page_get_sheets (tables));
  g_assert_true (gtk_window_get_transient_for (editor) == GTK_WINDOW (window));

  type_into (NILE_SHEET_EDITOR (editor), 6, "R");
  g_assert_true (nile_sheet_store_get_completion (nile_tables_page_get_sheets (tables), "recovery", &n, &total));
  g_assert_cmpuint (n, ==, 1);
  gtk_window_destroy (editor);

  g_assert_true (gtk_widget_activate_action (window, "win.table-sheets", NULL));
  nile_test_flush_events ();
  sheets = find_toplevel (NILE_TYPE_SHEETS_WINDOW);
  g_assert_nonnull (sheets);
  g_assert_true (nile_sheets_window_get_store (NILE_SHEETS_WINDOW (sheets)) == nile_tables_page_get_sheets (tables));
  g_assert_true (nile_test_has_label (GTK_WIDGET (sheets), "Avalon Hill, R 19.2 · 1/7 cells"));
  gtk_window_destroy (sheets);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done says so; the reads and writes of a pack
 * are asynchronous, as in the app. */
static void
wait_until (gboolean (*done) (gpointer data),
            gpointer  data)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out_cb, &timed_out);

  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  nile_test_flush_events ();
}

static AdwMessageDialog *
find_alert (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
alert_shown (gpointer data)
{
  return find_alert () != NULL;
}

static void
close_alert (void)
{
  gtk_window_destroy (GTK_WINDOW (find_alert ()));
  nile_test_flush_events ();
}

typedef struct {
  Fixture    *fixture;
  const char *sheet_id;
  guint       filled;
} Filled;

static gboolean
has_filled (gpointer data)
{
  Filled *want = data;

  return filled (want->fixture, want->sheet_id) == want->filled;
}

static gboolean
has_label (gpointer data)
{
  Fixture *fixture = ((gpointer *) data)[0];

  return nile_test_has_label (fixture->editor, ((gpointer *) data)[1]);
}

static GFile *
write_pack (Fixture    *fixture,
            const char *name,
            const char *text)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return g_file_new_for_path (path);
}

static NileSheetsWindow *
open_sheets_window (Fixture *fixture)
{
  fixture->editor = nile_sheets_window_new (NULL, fixture->store);
  gtk_window_present (GTK_WINDOW (fixture->editor));
  nile_test_flush_events ();
  return NILE_SHEETS_WINDOW (fixture->editor);
}

#define VALID_PACK \
  "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": [" \
  "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": \"8\"}, \"value\": \"F\"}," \
  "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": \"9\"}, \"value\": \"N\"}," \
  "{\"sheet\": \"negotiation\", \"at\": {\"gifts\": \"0\", \"roll\": \"12\"}, \"value\": \"F\"}]}"

/* A good pack merges and says how many cells it brought. */
static void
test_import_valid (Fixture       *fixture,
                   gconstpointer  data)
{
  NileSheetsWindow *window = open_sheets_window (fixture);
  g_autoptr(GFile) file = write_pack (fixture, "friend.json", VALID_PACK);
  Filled want = { fixture, "native-attitude", 2 };
  gpointer toast[] = { fixture, "3 cells merged from “friend.json”" };

  nile_sheets_window_import_file (window, file);
  wait_until (has_filled, &want);
  g_assert_cmpuint (filled (fixture, "negotiation"), ==, 1);
  wait_until (has_label, toast);
  g_assert_null (find_alert ());

  /* The list shows the new counts. */
  g_assert_true (nile_test_has_label (fixture->editor, "Avalon Hill, R 13.3 · 2/198 cells"));

  /* The same pack again brings nothing new. */
  nile_sheets_window_import_file (window, file);
  toast[1] = "Nothing new in “friend.json”: you have all of it already";
  wait_until (has_label, toast);
}

/* A broken pack is refused whole, in the core's words naming the place;
 * a pack that contradicts the owner's own cells lists where. */
static void
test_import_refused (Fixture       *fixture,
                     gconstpointer  data)
{
  NileSheetsWindow *window = open_sheets_window (fixture);
  g_autoptr(GFile) broken = write_pack (fixture, "broken.json",
    "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": ["
    "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": \"8\"}, \"value\": \"F\"},"
    "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"sleepy\", \"roll\": \"8\"}, \"value\": \"F\"}]}");
  g_autoptr(GFile) friend = write_pack (fixture, "friend.json", VALID_PACK);
  g_autoptr(GFile) missing = g_file_get_child (broken, "nowhere.json");
  g_autoptr(GError) error = NULL;
  const char * const mine[] = { "3", "normal", "9", NULL };
  AdwMessageDialog *alert;

  nile_sheets_window_import_file (window, broken);
  wait_until (alert_shown, NULL);
  alert = find_alert ();
  g_assert_cmpstr (adw_message_dialog_get_heading (alert), ==, "Can’t Import the Sheet Pack");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (alert), "cells[1]"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (alert), "sleepy"));
  g_assert_cmpuint (filled (fixture, "native-attitude"), ==, 0);
  close_alert ();

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude", mine, "C", &error));
  g_assert_no_error (error);
  nile_sheets_window_import_file (window, friend);
  wait_until (alert_shown, NULL);
  alert = find_alert ();
  g_assert_cmpstr (adw_message_dialog_get_heading (alert), ==, "The Pack Disagrees With Your Sheets");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (alert), "yours C, the pack’s N"));
  g_assert_cmpuint (filled (fixture, "native-attitude"), ==, 1);
  g_assert_cmpuint (filled (fixture, "negotiation"), ==, 0);
  close_alert ();

  nile_sheets_window_import_file (window, missing);
  wait_until (alert_shown, NULL);
  g_assert_cmpstr (adw_message_dialog_get_heading (find_alert ()), ==, "Can’t Read the Sheet Pack");
  close_alert ();
}

static gboolean
file_exists (gpointer data)
{
  return g_file_query_exists (data, NULL);
}

/* What one owner exports, another imports: the same cells. */
static void
test_export_round_trip (Fixture       *fixture,
                        gconstpointer  data)
{
  NileSheetsWindow *window = open_sheets_window (fixture);
  g_autofree char *path = g_build_filename (fixture->dir, "mine.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *other_dir = nile_test_make_dir ();
  g_autoptr(NileSheetStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char * const cell[] = { "small", "4", NULL };
  gpointer toast[] = { fixture, "Your sheets are saved in “mine.json”" };
  guint n, total;

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "victory-b", cell, "PV", &error));
  g_assert_no_error (error);
  nile_sheets_window_export_file (window, file);
  wait_until (file_exists, file);
  wait_until (has_label, toast);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  other = nile_sheet_store_new_for_dir (other_dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_import_pack (other, text, -1, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_get_completion (other, "victory-b", &n, &total));
  g_assert_cmpuint (n, ==, 1);

  g_clear_object (&other);
  nile_test_remove_dir (g_steal_pointer (&other_dir));
}

static gboolean
is_editor (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (NILE_IS_SHEET_EDITOR (window) &&
          g_str_equal (nile_sheet_get_id (nile_sheet_editor_get_sheet (NILE_SHEET_EDITOR (window))), data))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_sheet_row (GtkWidget *widget,
              gpointer   data)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* Every sheet is listed with its completion, and a tap opens it. */
static void
test_sheet_list (Fixture       *fixture,
                 gconstpointer  data)
{
  open_sheets_window (fixture);
  GtkWidget *row = nile_test_find_widget (fixture->editor, is_sheet_row, (gpointer) "Hunting");
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *editor = NULL;

  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Avalon Hill, R 18.3 · 0/720 cells");
  g_assert_true (nile_test_has_label (fixture->editor, "Avalon Hill, R 9.12 · 9/9 cells, 6 to check"));

  g_signal_emit_by_name (row, "activate");
  nile_test_flush_events ();
  g_assert_true (is_editor ((gpointer) "hunting"));

  /* What the editor stores, the list counts. */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (NILE_IS_SHEET_EDITOR (window))
        editor = GTK_WIDGET (window);
    }
  type_into (NILE_SHEET_EDITOR (editor), 0, "40");
  g_signal_emit_by_name (nile_sheet_editor_get_cell (NILE_SHEET_EDITOR (editor), 0), "activate");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Avalon Hill, R 18.3 · 1/720 cells");
  gtk_window_destroy (GTK_WINDOW (editor));
}

/* An sRGB colour's relative luminance, as WCAG 2 reckons it, from a
 * pixel as GdkTexture downloads it (B, G, R, A in memory). */
static double
luminance (const guchar *pixel)
{
  const double weights[] = { 0.0722, 0.7152, 0.2126 };
  double sum = 0;

  for (guint i = 0; i < 3; i++)
    {
      double c = pixel[i] / 255.0;

      sum += weights[i] * (c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4));
    }

  return sum;
}

static double
contrast (const guchar *a,
          const guchar *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The contrast of the text @cell shows against its own background, as
 * the window draws it: the background is the colour most of the inside
 * of the cell has, the text the colour that stands out from it most. */
static double
text_contrast (GtkWidget *window,
               GtkWidget *cell)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autofree guchar *pixels = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  gsize stride = width * 4;
  graphene_rect_t bounds;
  guint32 background = 0;
  guint most = 0;
  double best = 1;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  /* The middle of the cell, where its text is, well inside the dashed
   * border. */
  g_assert_true (gtk_widget_compute_bounds (cell, window, &bounds));
  graphene_rect_inset (&bounds, bounds.size.width / 4, bounds.size.height / 4);
  for (int y = bounds.origin.y; y < bounds.origin.y + bounds.size.height; y++)
    for (int x = bounds.origin.x; x < bounds.origin.x + bounds.size.width; x++)
      {
        guint32 pixel;
        guint count;

        memcpy (&pixel, pixels + y * stride + x * 4, 4);
        count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (pixel))) + 1;
        g_hash_table_insert (counts, GUINT_TO_POINTER (pixel), GUINT_TO_POINTER (count));
        if (count > most)
          {
            most = count;
            background = pixel;
          }
      }

  for (int y = bounds.origin.y; y < bounds.origin.y + bounds.size.height; y++)
    for (int x = bounds.origin.x; x < bounds.origin.x + bounds.size.width; x++)
      best = MAX (best, contrast (pixels + y * stride + x * 4, (const guchar *) &background));

  return best;
}

/* A cell to check against the board is readable in either style: its
 * text has at least WCAG AA's 4.5:1 against the tint that marks it. */
static void
test_cells_to_check_readable (Fixture       *fixture,
                              gconstpointer  data)
{
  const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  AdwStyleManager *style = adw_style_manager_get_default ();
  const char * const sheets[] = { "lost-numbers", "activity-level" };

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sheets); j++)
      {
        NileSheetEditor *editor;
        GtkWidget *cell;
        guint last;
        double ratio;

        adw_style_manager_set_color_scheme (style, schemes[i]);
        editor = open_editor (fixture, sheets[j]);
        /* Not the cell with the cursor, whose text is selected. */
        last = nile_sheet_editor_get_n_cells (editor) - 1;
        cell = nile_sheet_editor_get_cell (editor, last);
        g_assert_true (gtk_widget_has_css_class (cell, "suggested"));
        gtk_test_widget_wait_for_draw (fixture->editor);

        ratio = text_contrast (fixture->editor, cell);
        g_test_message ("%s, %s: %.1f:1", sheets[j], adw_style_manager_get_dark (style) ? "dark" : "light", ratio);
        g_assert_cmpfloat (ratio, >=, 4.5);
        gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
      }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static gboolean
is_scrolled_window (GtkWidget *widget,
                    gpointer   data)
{
  return GTK_IS_SCROLLED_WINDOW (widget) && gtk_widget_is_ancestor (GTK_WIDGET (data), widget);
}

/* Where @index's cell is drawn in its scroller, and whether all of it
 * is inside the scroller's width. */
static gboolean
cell_in_view (NileSheetEditor *editor,
              GtkWidget       *scroller,
              guint            index,
              double          *y)
{
  GtkWidget *cell = nile_sheet_editor_get_cell (editor, index);
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (cell, scroller, &bounds));
  *y = bounds.origin.y;
  return bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (scroller);
}

static gboolean
has_new_width (gpointer data)
{
  GtkWidget *editor = ((gpointer *) data)[0];
  int width = gtk_widget_get_width (editor);

  return width != GPOINTER_TO_INT (((gpointer *) data)[1]) && width <= GPOINTER_TO_INT (((gpointer *) data)[2]);
}

/* The X server resizes the window from the main loop, and the editor
 * fits its grid to the new width from there too: the wait is for the
 * new width (the screen may hold the window a little narrower than
 * asked), then for what it set going. */
static void
resize_and_settle (NileSheetEditor *editor,
                   int              width,
                   int              height)
{
  int old_width = gtk_widget_get_width (GTK_WIDGET (editor));

  gtk_window_set_default_size (GTK_WINDOW (editor), width, height);
  if (old_width != width)
    wait_until (has_new_width, (gpointer[]) { editor, GINT_TO_POINTER (old_width), GINT_TO_POINTER (width) });
}

/* Whether the grid is laid out for @width (in one line when wider than
 * a phone) with cell @current holding the keyboard. */
static gboolean
laid_out_for (NileSheetEditor *editor,
              GtkWidget       *scroller,
              int              width,
              guint            current)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (editor));
  gboolean one_line = TRUE;
  double first_y, y;

  if (gtk_widget_get_width (GTK_WIDGET (editor)) > width ||
      nile_sheet_editor_get_current (editor) != current ||
      focus == NULL || !gtk_widget_is_ancestor (focus, nile_sheet_editor_get_cell (editor, current)))
    return FALSE;

  cell_in_view (editor, scroller, 0, &first_y);
  for (guint c = 1; c < 11; c++)
    {
      cell_in_view (editor, scroller, c, &y);
      one_line = one_line && y == first_y;
    }
  return one_line == (width > 360);
}

/* On a phone the eleven dice columns of a row don't fit across: they
 * go in bands one under the other, each with its headings, and every
 * cell can be reached without scrolling sideways. Wide again, a row is
 * one line, and a tablet turned back (or a window narrowed) goes back to
 * bands: the wide layout is not the window's least width. The cell
 * being typed in keeps the keyboard throughout. */
static void
test_narrow_window_bands (Fixture       *fixture,
                          gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "native-attitude");
  GtkWidget *first = nile_sheet_editor_get_cell (editor, 0);
  GtkWidget *scroller = nile_test_find_widget (GTK_WIDGET (editor), is_scrolled_window, first);
  const int widths[] = { 360, 800, 1280, 800, 360 };
  guint n_columns = 11;
  double first_y, y;

  g_assert_nonnull (scroller);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      gboolean one_line = TRUE;

      nile_sheet_editor_set_current (editor, 5);
      resize_and_settle (editor, widths[w], 700);
      /* The X server resizes the window, then the grid is made again for
       * the width and the keyboard given back, each from the main loop:
       * on a slow machine that can take longer than the settling above. */
      for (guint tries = 0; tries < 30 && !laid_out_for (editor, scroller, widths[w], 5); tries++)
        nile_test_wait_ms (100);
      g_test_message ("%d px wide", widths[w]);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (editor)), <=, widths[w]);

      for (guint i = 0; i < nile_sheet_editor_get_n_cells (editor); i++)
        g_assert_true (cell_in_view (editor, scroller, i, &y));
      g_assert_true (cell_in_view (editor, scroller, 0, &first_y));
      for (guint c = 1; c < n_columns; c++)
        {
          g_assert_true (cell_in_view (editor, scroller, c, &y));
          one_line = one_line && y == first_y;
        }
      g_assert_true (one_line == (widths[w] > 360));

      g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 5);
      g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (editor)),
                                             nile_sheet_editor_get_cell (editor, 5)));
    }
}

static const char *
cell_text (NileSheetEditor *editor,
           guint            index)
{
  return gtk_editable_get_text (GTK_EDITABLE (nile_sheet_editor_get_cell (editor, index)));
}

typedef struct {
  NileSheetEditor *editor;
  guint            index;
  const char      *text;
} CellShows;

static gboolean
cell_shows (gpointer data)
{
  CellShows *want = data;

  return g_str_equal (cell_text (want->editor, want->index), want->text);
}

/* The owner's file saved by another program while the owner types in a
 * cell of the same sheet: the other cells show what it saved, the cell
 * being typed in keeps his text, and Enter stores it as ever. */
static void
test_typing_kept_on_outside_change (Fixture       *fixture,
                                    gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "defeat");
  const char * const three[] = { "3", NULL };
  const char * const five[] = { "5", NULL };
  g_autoptr(NileSheetStore) other = NULL;
  g_autoptr(NileSheetStore) later = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  CellShows want = { editor, 4, "C" };

  /* "E" may yet be "E2": the cell waits for more. */
  type_into (editor, 2, "E");
  value = stored_value (fixture, editor, 2);
  g_assert_null (value);

  other = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (other, "defeat", five, "C", &error));
  g_assert_no_error (error);
  wait_until (cell_shows, &want);

  /* Not asked whether "E" is stored yet: the window losing the
   * keyboard to another program's (as tests run side by side) leaves
   * the cell, which stores it. */
  g_assert_cmpstr (cell_text (editor, 2), ==, "E");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 2);

  g_signal_emit_by_name (nile_sheet_editor_get_cell (editor, 2), "activate");
  value = stored_value (fixture, editor, 2);
  g_assert_cmpstr (value, ==, "E");
  g_assert_cmpstr (cell_text (editor, 2), ==, "E");
  g_assert_cmpstr (cell_text (editor, 4), ==, "C");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, 3);

  /* Both are in the owner's file. */
  later = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (later, "defeat"), three);
  g_assert_cmpstr (cell->value, ==, "E");
  g_clear_pointer (&cell, nile_sheet_cell_free);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (later, "defeat"), five);
  g_assert_cmpstr (cell->value, ==, "C");
}

static gboolean
path_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* The owner's file deleted under an open editor: the cells stay on the
 * screen and the file comes back with them. */
static void
test_file_removed_kept (Fixture       *fixture,
                        gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "defeat");
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autoptr(NileSheetStore) later = NULL;
  g_autoptr(GError) error = NULL;
  guint n, total;

  type_into (editor, 0, "K");
  type_into (editor, 1, "C");
  g_assert_cmpuint (filled (fixture, "defeat"), ==, 2);

  g_assert_cmpint (g_remove (path), ==, 0);
  wait_until (path_exists, path);
  g_assert_cmpstr (cell_text (editor, 0), ==, "K");
  g_assert_cmpstr (cell_text (editor, 1), ==, "C");
  g_assert_cmpuint (filled (fixture, "defeat"), ==, 2);

  later = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_get_completion (later, "defeat", &n, &total));
  g_assert_cmpuint (n, ==, 2);
}

static guint
find_place (NileSheetEditor    *editor,
            const char * const *at)
{
  for (guint i = 0; i < nile_sheet_editor_get_n_cells (editor); i++)
    {
      g_auto(GStrv) coords = nile_sheet_editor_dup_coords (editor, i);

      if (g_strv_equal ((const char * const *) coords, at))
        return i;
    }
  g_assert_not_reached ();
}

static gboolean
has_n_cells (gpointer data)
{
  Fixture *fixture = ((gpointer *) data)[0];

  return nile_sheet_editor_get_n_cells (NILE_SHEET_EDITOR (fixture->editor)) == GPOINTER_TO_UINT (((gpointer *) data)[1]);
}

/* The "1" typed at @at before the grid was made again is still there,
 * in the cell that has the keyboard, and Enter stores it. */
static void
assert_typed_one_kept (Fixture            *fixture,
                       NileSheetEditor    *editor,
                       const char * const *at)
{
  guint index = find_place (editor, at);
  g_autofree char *value = NULL;

  g_assert_cmpstr (cell_text (editor, index), ==, "1");
  g_assert_cmpuint (nile_sheet_editor_get_current (editor), ==, index);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (editor)),
                                         nile_sheet_editor_get_cell (editor, index)));

  g_signal_emit_by_name (nile_sheet_editor_get_cell (editor, index), "activate");
  value = stored_value (fixture, editor, index);
  g_assert_cmpstr (value, ==, "1");
}

/* Rows another program gives the sheet while the owner types make the
 * grid again; his text goes along with its cell, which keeps the
 * keyboard. */
static void
test_typing_kept_on_outside_rows (Fixture       *fixture,
                                  gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "hunting");
  const char * const at[] = { "desert", "normal", "1", "2", NULL };
  const char * const rows[] = { "1", "2-5", "6+", NULL };
  gpointer want[] = { fixture, GUINT_TO_POINTER (3 * 3 * 8) };
  g_autoptr(NileSheetStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  guint index = find_place (editor, at);

  /* "1" may yet be "12". */
  type_into (editor, index, "1");
  value = stored_value (fixture, editor, index);
  g_assert_null (value);

  other = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_ranges (other, "hunting", "hunters", rows, &error));
  g_assert_no_error (error);
  wait_until (has_n_cells, want);

  assert_typed_one_kept (fixture, editor, at);
}

/* Whether the grid has been made again since @before was one of its
 * cells, and the cell at @at has the keyboard once more. */
static gboolean
back_in_new_grid (gpointer data)
{
  NileSheetEditor *editor = ((gpointer *) data)[0];
  const char * const *at = ((gpointer *) data)[1];
  GtkWidget *before = ((gpointer *) data)[2];
  guint index = find_place (editor, at);
  GtkWidget *cell = nile_sheet_editor_get_cell (editor, index);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (editor));

  return cell != before && nile_sheet_editor_get_current (editor) == index &&
         focus != NULL && gtk_widget_is_ancestor (focus, cell);
}

/* A phone turned, or a window narrowed, while the owner types: the cells
 * go into bands of another width, and his text goes along with its
 * cell, which keeps the keyboard. */
static void
test_typing_kept_on_resize (Fixture       *fixture,
                            gconstpointer  data)
{
  NileSheetEditor *editor = open_editor (fixture, "hunting");
  const char * const at[] = { "desert", "normal", "1", "2", NULL };
  g_autofree char *value = NULL;
  /* Held, so that no cell of the new grid can take its address. */
  g_autoptr(GtkWidget) before = NULL;
  guint index;

  resize_and_settle (editor, 1280, 700);
  index = find_place (editor, at);
  /* "1" may yet be "12". */
  type_into (editor, index, "1");
  value = stored_value (fixture, editor, index);
  g_assert_null (value);
  before = g_object_ref (nile_sheet_editor_get_cell (editor, index));

  resize_and_settle (editor, 360, 700);
  /* The grid is made again, and the keyboard given back to the cell,
   * from the main loop. */
  wait_until (back_in_new_grid, (gpointer[]) { editor, (gpointer) at, before });
  assert_typed_one_kept (fixture, editor, at);
}

/* Screenshots, only when asked for (NILE_SCREENSHOT_DIR): each window
 * drawn by its own renderer at the size a phone and a laptop give it. */
static void
save_png (GtkWidget  *window,
          const char *name,
          int         width,
          int         height)
{
  const char *dir = g_getenv ("NILE_SCREENSHOT_DIR");
  g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", name, width, height);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (window);
  int h = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s (%dx%d)", path, w, h);
}

static void
test_screenshots (Fixture       *fixture,
                  gconstpointer  data)
{
  static const int sizes[][2] = { { 360, 640 }, { 1280, 800 } };
  g_autoptr(GFile) broken = write_pack (fixture, "broken.json",
    "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": ["
    "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"sleepy\", \"roll\": \"8\"}, \"value\": \"F\"}]}");

  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "2", "Show of force", NULL));

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      int width = sizes[s][0], height = sizes[s][1];
      NileSheetEditor *editor;
      NileSheetsWindow *window;
      const char *codes = "FFNNCAFNNCA";

      editor = open_editor (fixture, "native-attitude");
      gtk_window_set_default_size (GTK_WINDOW (editor), width, height);
      nile_sheet_editor_show_section (editor, 1);
      for (guint i = 0; i < 14 && s == 0; i++)
        {
          char code[2] = { codes[i % 11], '\0' };

          type_into (editor, i, code);
        }
      type_into (editor, 14, "X");
      nile_test_wait_ms (300);
      save_png (fixture->editor, "sheet-editor", width, height);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));

      editor = open_editor (fixture, "hunting");
      gtk_window_set_default_size (GTK_WINDOW (editor), width, height);
      nile_sheet_editor_show_section (editor, 3);
      type_into (editor, 0, "2");
      nile_sheet_editor_set_current (editor, 1);
      nile_test_wait_ms (300);
      save_png (fixture->editor, "sheet-editor-hunting", width, height);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));

      editor = open_editor (fixture, "activity-level");
      gtk_window_set_default_size (GTK_WINDOW (editor), width, height);
      nile_sheet_editor_set_current (editor, 0);
      nile_test_wait_ms (300);
      save_png (fixture->editor, "sheet-editor-activity", width, height);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));

      editor = open_editor (fixture, "lost-numbers");
      gtk_window_set_default_size (GTK_WINDOW (editor), width, height);
      nile_test_wait_ms (300);
      save_png (fixture->editor, "sheet-editor-lost", width, height);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));

      window = open_sheets_window (fixture);
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      nile_test_wait_ms (300);
      save_png (fixture->editor, "sheets-window", width, height);
      nile_sheets_window_import_file (window, broken);
      wait_until (alert_shown, NULL);
      nile_test_wait_ms (300);
      save_png (GTK_WIDGET (find_alert ()), "sheet-pack-refused", width, height);
      close_alert ();
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->editor)));
    }
}

int
main (int   argc,
      char *argv[])
{
  char *data_home;
  g_autoptr(GtkCssProvider) css = NULL;
  int status;

  /* The default sheet store must never read the developer's own file. */
  data_home = g_dir_make_tmp ("nile-sheet-editor-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The app's own style, as AdwApplication would load it. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/sheet-editor/typing-moves-on", test_typing_moves_on);
  ADD ("/sheet-editor/waits-for-enter", test_waits_for_enter);
  ADD ("/sheet-editor/wrong-value-refused", test_wrong_value_refused);
  ADD ("/sheet-editor/confirm-and-clear", test_confirm_and_clear);
  ADD ("/sheet-editor/cells-to-check-readable", test_cells_to_check_readable);
  ADD ("/sheet-editor/policy-names", test_policy_names);
  ADD ("/sheet-editor/board-ranges", test_board_ranges);
  ADD ("/sheet-packs/import-valid", test_import_valid);
  ADD ("/sheet-packs/import-refused", test_import_refused);
  ADD ("/sheet-packs/export-round-trip", test_export_round_trip);
  ADD ("/sheet-packs/sheet-list", test_sheet_list);
  ADD ("/sheet-editor/window-actions", test_window_actions);
  ADD ("/sheet-editor/narrow-window-bands", test_narrow_window_bands);
  ADD ("/sheet-editor/typing-kept-on-outside-change", test_typing_kept_on_outside_change);
  ADD ("/sheet-editor/typing-kept-on-outside-rows", test_typing_kept_on_outside_rows);
  ADD ("/sheet-editor/typing-kept-on-resize", test_typing_kept_on_resize);
  ADD ("/sheet-editor/file-removed-kept", test_file_removed_kept);
  ADD ("/sheet-editor/typing-kept-on-close", test_typing_kept_on_close);
  if (g_getenv ("NILE_SCREENSHOT_DIR") != NULL)
    ADD ("/sheet-editor/screenshots", test_screenshots);

  app = nile_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  status = g_test_run ();
  g_clear_object (&app);
  nile_test_remove_dir (g_steal_pointer (&data_home));
  return status;
}
