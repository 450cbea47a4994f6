/* nile-sheet-editor.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The owner copies a printed table off his board into the app: a grid
 * laid out as on the board, one small entry per cell. Typing a value
 * that can be nothing else stores it and moves on, so a row of codes is
 * typed in one go. Every change goes straight to the sheet store, which
 * says what it refuses; the editor only shows it.
 */
#define G_LOG_DOMAIN "nile-sheet-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-sheet-editor.h"
#include "nile-tables-util.h"
#include "nile-ui-util.h"

/* Narrow enough for eleven dice columns, wide enough for a finger. */
#define MIN_CELL_CHARS 2
/* From this window width the cell's details sit beside the grid, so a
 * tall section (Hunting's fifteen rows) keeps them in view. */
#define SIDE_BY_SIDE_WIDTH 1000
#define DETAILS_WIDTH 300
/* Between the cells of the grid, and between the grid and the details. */
#define CELL_SPACING 4
#define BODY_SPACING 18
#define NO_CELL G_MAXUINT

struct _NileSheetEditor
{
  AdwWindow            parent_instance;

  NileSheetStore      *store;
  NileSheet           *sheet;
  char                *sheet_id;

  gboolean             sectioned;
  guint                n_sections;
  guint                section;
  guint                first_row_axis;
  guint                n_row_axes;
  guint                n_columns;
  /* Columns shown side by side: all of them, or fewer in bands one
   * under the other when the window is too narrow for a whole row. */
  guint                band_columns;  /* 0: all */
  gboolean             side_by_side;
  guint                fit_source;
  int                  fitted_width;
  guint                cells_per_section;
  int                  cell_chars;
  char                *layout_key;

  GPtrArray           *entries;   /* GtkEntry *, owned by the grid */
  GPtrArray           *coords;    /* GStrv, parallel to entries */
  guint                current;
  /* The cell holding what the owner is typing and has not stored yet
   * ("E" on its way to "E2"), or NO_CELL. */
  guint                typed_cell;
  guint                refocus_cell;  /* to get the keyboard from the main loop */
  guint                refocus_source;
  gboolean             refreshing;
  gboolean             batch;
  gboolean             closing;
  guint                next_section_source;
  char                *message;

  AdwWindowTitle      *window_title;
  GtkLabel            *description;
  GtkWidget           *section_group;
  AdwComboRow         *section_row;
  GtkStringList       *section_names;
  AdwEntryRow         *policy_row;
  AdwPreferencesGroup *ranges_group;
  GPtrArray           *range_rows;  /* AdwEntryRow *, one per axis of guessed ranges */
  GtkBox              *body;
  GtkWidget           *details;
  GtkScrolledWindow   *grid_scroller;
  GtkLabel            *cell_place;
  GtkLabel            *cell_state;
  GtkLabel            *message_label;
  GtkFlowBox          *code_pad;
  GtkWidget           *confirm_all_button;
  GtkWidget           *legend_group;
  AdwExpanderRow      *legend_row;
};

G_DEFINE_FINAL_TYPE (NileSheetEditor, nile_sheet_editor, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  PROP_SHEET_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Enum nicks read as the core's display names ("jungle-swamp" → "Jungle
 * and Swamp"); ranges, dice totals, item and policy names are shown as
 * they are. */
static char *
axis_value_label (NileSheet *sheet,
                  guint      axis,
                  guint      index)
{
  const char *label = nile_sheet_get_axis_label (sheet, axis, index);

  switch (nile_sheet_get_axis_kind (sheet, axis))
    {
    case NILE_AXIS_ACTIVITY:
      return g_strdup (nile_display_name (NILE_TYPE_ACTIVITY, label));
    case NILE_AXIS_TERRAIN:
      return g_strdup (nile_display_name (NILE_TYPE_TERRAIN, label));
    case NILE_AXIS_TRIBE_SIZE:
      return g_strdup (nile_display_name (NILE_TYPE_TRIBE_SIZE, label));
    case NILE_AXIS_TRAVEL_MODE:
      return g_strdup (nile_display_name (NILE_TYPE_TRAVEL_MODE, label));
    case NILE_AXIS_SPECIALTY:
      return nile_display_specialty (label);
    case NILE_AXIS_POLICY:
    case NILE_AXIS_COUNT:
    case NILE_AXIS_DICE_TOTAL:
    case NILE_AXIS_CHOICE:
    default:
      return g_strdup (label);
    }
}

static guint
axis_index_of (NileSheet  *sheet,
               guint       axis,
               const char *value)
{
  for (guint i = 0; i < nile_sheet_get_axis_n_values (sheet, axis); i++)
    if (g_str_equal (nile_sheet_get_axis_value (sheet, axis, i), value))
      return i;
  g_return_val_if_reached (0);
}

static guint
entry_index (GtkWidget *entry)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "nile-cell-index"));
}

static const char * const *
cell_coords (NileSheetEditor *self,
             guint            index)
{
  return (const char * const *) g_ptr_array_index (self->coords, index);
}

static NileSheetCell *
lookup_cell (NileSheetEditor *self,
             guint            index)
{
  return nile_sheet_lookup (self->sheet, cell_coords (self, index));
}

/* The rules' own cells are not the owner's to change. */
static gboolean
is_fixed (NileSheetEditor *self,
          guint            index)
{
  g_autoptr(NileSheetCell) cell = lookup_cell (self, index);

  return cell->state == NILE_CELL_KNOWN && !cell->owner;
}

static void
set_message (NileSheetEditor *self,
             const char      *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* Typed in lower case, a code is still the code. */
static char *
normalize (NileSheetEditor *self,
           const char      *text)
{
  g_autofree char *value = g_strstrip (g_strdup (text));
  g_autofree char *upper = NULL;

  if (!nile_sheet_has_codes (self->sheet) || nile_sheet_check_value (self->sheet, value, NULL))
    return g_steal_pointer (&value);
  upper = g_utf8_strup (value, -1);
  if (nile_sheet_check_value (self->sheet, upper, NULL))
    return g_steal_pointer (&upper);
  return g_steal_pointer (&value);
}

/* Whether more typing could still make @value another valid entry: "E"
 * while "E1" is a code, "1" while the sheet goes up to 12. Until then
 * the cell waits for Enter. */
static gboolean
could_grow (NileSheetEditor *self,
            const char      *value)
{
  int min, max;
  gint64 number;

  if (nile_sheet_has_codes (self->sheet))
    {
      for (guint i = 0; i < nile_sheet_get_n_codes (self->sheet); i++)
        {
          const char *code = nile_sheet_get_code (self->sheet, i);

          if (strlen (code) > strlen (value) && g_ascii_strncasecmp (code, value, strlen (value)) == 0)
            return TRUE;
        }
      return FALSE;
    }

  nile_sheet_get_value_range (self->sheet, &min, &max);
  if (g_str_equal (value, "-"))
    return min < 0;
  if (!g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &number, NULL) || number == 0)
    return FALSE;
  return number * 10 >= min && number * 10 <= max;
}

static void
update_details (NileSheetEditor *self)
{
  g_autoptr(NileSheetCell) cell = NULL;
  g_autofree char *place = NULL;
  g_autofree char *state = NULL;
  gboolean fixed;

  if (self->entries->len == 0)
    return;

  cell = lookup_cell (self, self->current);
  place = nile_sheet_describe_coords (self->sheet, cell_coords (self, self->current));
  fixed = cell->state == NILE_CELL_KNOWN && !cell->owner;

  switch (cell->state)
    {
    case NILE_CELL_BLANK:
      state = g_strdup (_("Blank: read it off your board."));
      break;
    case NILE_CELL_SUGGESTED:
      state = g_strdup_printf (_("%s, suggested by a %s: check it against your board."),
                               cell->value, cell->source);
      break;
    case NILE_CELL_KNOWN:
    default:
      if (cell->owner)
        state = g_strdup_printf (_("%s, from your board."), cell->value);
      else
        state = g_strdup_printf (_("%s, fixed by the rules (%s)."), cell->value, cell->source);
      break;
    }

  if (cell->value != NULL && nile_sheet_has_codes (self->sheet))
    {
      g_autofree char *with_meaning = g_strdup_printf ("%s %s", state,
                                                       nile_sheet_get_code_meaning (self->sheet, cell->value));
      g_free (state);
      state = g_steal_pointer (&with_meaning);
    }

  gtk_label_set_text (self->cell_place, place);
  gtk_label_set_text (self->cell_state, state);
  gtk_widget_set_sensitive (GTK_WIDGET (self->code_pad), !fixed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.clear", cell->owner);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.confirm", cell->state == NILE_CELL_SUGGESTED);
}

/* Shows the cell as the store has it. With @keep_typed, what the owner
 * is typing there stays: the store changed under him (another program
 * saved, say), and his text is stored or dropped as usual once he is
 * done. Otherwise the editor means to put the stored value back. */
static void
show_cell (NileSheetEditor *self,
           guint            index,
           gboolean         keep_typed)
{
  GtkWidget *entry;
  g_autoptr(NileSheetCell) cell = NULL;
  const char *value;
  gboolean fixed;
  const char *tooltip;

  /* Rows another program gave this sheet, read by the store as the cell
   * was saved, may have rebuilt the grid with fewer cells. */
  if (index >= self->entries->len)
    return;
  entry = g_ptr_array_index (self->entries, index);
  cell = lookup_cell (self, index);
  value = cell->value != NULL ? cell->value : "";
  fixed = cell->state == NILE_CELL_KNOWN && !cell->owner;

  if (index == self->typed_cell && !keep_typed)
    self->typed_cell = NO_CELL;
  if (index != self->typed_cell && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), value) != 0)
    {
      self->refreshing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (entry), value);
      self->refreshing = FALSE;
    }

  gtk_editable_set_editable (GTK_EDITABLE (entry), !fixed);
  if (fixed)
    gtk_widget_add_css_class (entry, "fixed");
  else
    gtk_widget_remove_css_class (entry, "fixed");
  if (cell->state == NILE_CELL_SUGGESTED)
    gtk_widget_add_css_class (entry, "suggested");
  else
    gtk_widget_remove_css_class (entry, "suggested");
  if (cell->owner)
    gtk_widget_add_css_class (entry, "owner");
  else
    gtk_widget_remove_css_class (entry, "owner");

  switch (cell->state)
    {
    case NILE_CELL_SUGGESTED:
      tooltip = _("Suggested: check against your board");
      break;
    case NILE_CELL_KNOWN:
      tooltip = fixed ? _("Fixed by the rules") : _("From your board");
      break;
    case NILE_CELL_BLANK:
    default:
      tooltip = NULL;
      break;
    }
  gtk_widget_set_tooltip_text (entry, tooltip);
}

static void
refresh_cell (NileSheetEditor *self,
              guint            index)
{
  show_cell (self, index, FALSE);
}

static guint
count_suggested_shown (NileSheetEditor *self)
{
  guint n = 0;

  for (guint i = 0; i < self->entries->len; i++)
    {
      g_autoptr(NileSheetCell) cell = lookup_cell (self, i);

      n += cell->state == NILE_CELL_SUGGESTED;
    }
  return n;
}

static void
update_completion (NileSheetEditor *self)
{
  g_autofree char *subtitle = NULL;
  guint known, suggested, total;

  nile_sheet_count_cells (self->sheet, &known, &suggested, &total);
  subtitle = nile_sheet_describe_completion (known, suggested, total);
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_section_names (NileSheetEditor *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->section_names));

  if (!self->sectioned)
    return;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = axis_value_label (self->sheet, 0, i);
      const char *shown = gtk_string_list_get_string (self->section_names, i);

      /* Splicing the chosen row would move the choice; keep it. */
      if (g_strcmp0 (shown, label) != 0)
        {
          const char * const replacement[] = { label, NULL };
          guint selected = adw_combo_row_get_selected (self->section_row);

          self->refreshing = TRUE;
          gtk_string_list_splice (self->section_names, i, 1, replacement);
          adw_combo_row_set_selected (self->section_row, selected);
          self->refreshing = FALSE;
        }
    }
}

static void
refresh (NileSheetEditor *self)
{
  guint n_suggested;

  if (self->batch)
    return;

  for (guint i = 0; i < self->entries->len; i++)
    show_cell (self, i, TRUE);
  update_completion (self);
  update_section_names (self);
  update_details (self);
  n_suggested = count_suggested_shown (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.confirm-all", n_suggested > 0);
  gtk_widget_set_visible (self->confirm_all_button, n_suggested > 0);
}

/* The details follow the cell even while the window has no keyboard
 * focus to move. */
static void
focus_cell (NileSheetEditor *self,
            guint            index)
{
  if (index >= self->entries->len)
    return;
  self->current = index;
  gtk_widget_grab_focus (g_ptr_array_index (self->entries, index));
  update_details (self);
}

static guint
first_open_cell (NileSheetEditor *self,
                 guint            from)
{
  while (from < self->entries->len && is_fixed (self, from))
    from++;
  return from;
}

static gboolean
next_section_cb (gpointer data)
{
  NileSheetEditor *self = data;

  self->next_section_source = 0;
  nile_sheet_editor_show_section (self, self->section + 1);
  focus_cell (self, first_open_cell (self, 0));
  return G_SOURCE_REMOVE;
}

/* After a value is stored: the next cell the owner may fill, into the
 * next section at the end of this one. The grid is rebuilt from the
 * main loop, not under the entry whose signal got us here. */
static void
move_on (NileSheetEditor *self,
         guint            index)
{
  guint next = first_open_cell (self, index + 1);

  if (next < self->entries->len)
    focus_cell (self, next);
  else if (self->sectioned && self->section + 1 < self->n_sections && self->next_section_source == 0)
    self->next_section_source = g_idle_add (next_section_cb, self);
}

static gboolean
commit (NileSheetEditor *self,
        guint            index,
        const char      *text,
        gboolean         advance)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *value = normalize (self, text);

  if (!nile_sheet_store_set_cell (self->store, self->sheet_id, cell_coords (self, index), value, &error))
    {
      set_message (self, error->message);
      refresh_cell (self, index);
      return FALSE;
    }

  set_message (self, NULL);
  /* The store's changed signal has refreshed the grid; the typed text
   * may still differ in case from the stored code. */
  refresh_cell (self, index);
  if (advance)
    move_on (self, index);
  return TRUE;
}

static void
clear_cell (NileSheetEditor *self,
            guint            index)
{
  g_autoptr(GError) error = NULL;

  if (!nile_sheet_store_clear_cell (self->store, self->sheet_id, cell_coords (self, index), &error))
    set_message (self, error->message);
  else
    set_message (self, NULL);
  refresh_cell (self, index);
  update_details (self);
}

static void
entry_changed_cb (NileSheetEditor *self,
                  GtkEditable     *entry)
{
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;
  guint index = entry_index (GTK_WIDGET (entry));
  gboolean valid, grows;

  if (self->refreshing)
    return;
  if (gtk_editable_get_text (entry)[0] == '\0')
    {
      /* Nothing typed there any more: the cell may show the store's. */
      if (self->typed_cell == index)
        self->typed_cell = NO_CELL;
      return;
    }

  value = normalize (self, gtk_editable_get_text (entry));
  valid = nile_sheet_check_value (self->sheet, value, &error);
  grows = could_grow (self, value);

  if (valid && !grows)
    {
      commit (self, index, value, TRUE);
    }
  else if (!valid && !grows)
    {
      /* Nothing on this sheet starts like that: refuse it at once. */
      set_message (self, error->message);
      refresh_cell (self, index);
    }
  else
    {
      set_message (self, NULL);
      self->typed_cell = index;
    }
}

static void
entry_activate_cb (NileSheetEditor *self,
                   GtkEntry        *entry)
{
  guint index = entry_index (GTK_WIDGET (entry));
  g_autoptr(NileSheetCell) cell = lookup_cell (self, index);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  /* Enter on what is already there only moves on; a suggestion is
   * confirmed by typing it or with Confirm. */
  if (text[0] == '\0' || g_strcmp0 (text, cell->value) == 0)
    move_on (self, index);
  else
    commit (self, index, text, TRUE);
}

static gboolean
select_all_cb (gpointer data)
{
  GtkEditable *entry = data;

  if (gtk_widget_has_focus (GTK_WIDGET (gtk_editable_get_delegate (entry))))
    gtk_editable_select_region (entry, 0, -1);
  return G_SOURCE_REMOVE;
}

static void
focus_enter_cb (NileSheetEditor         *self,
                GtkEventControllerFocus *controller)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (self->closing)
    return;

  self->current = entry_index (entry);
  update_details (self);
  /* Back in a cell holding what the owner was typing (the grid was
   * rebuilt under him), he goes on after it. */
  if (self->current == self->typed_cell)
    return;
  /* A tap places the cursor after focus arrives; select afterwards so
   * typing replaces the cell. */
  g_idle_add_full (G_PRIORITY_DEFAULT, select_all_cb, g_object_ref (entry), g_object_unref);
}

/* Leaving a cell (Tab, an arrow, a tap elsewhere, closing the window)
 * keeps what was typed. */
static void
leave_cell (NileSheetEditor *self,
            GtkWidget       *entry)
{
  guint index = entry_index (entry);
  g_autoptr(NileSheetCell) cell = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (index >= self->entries->len || g_ptr_array_index (self->entries, index) != entry)
    return;

  cell = lookup_cell (self, index);
  if (text[0] != '\0' && g_strcmp0 (text, cell->value) != 0)
    commit (self, index, text, FALSE);
  else
    refresh_cell (self, index);
}

static void
focus_leave_cb (NileSheetEditor         *self,
                GtkEventControllerFocus *controller)
{
  if (!self->closing)
    leave_cell (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static gboolean
key_pressed_cb (NileSheetEditor       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  guint index = entry_index (entry);

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_BackSpace:
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
      /* A value half typed is dropped first; the stored one after. */
      {
        g_autoptr(NileSheetCell) cell = lookup_cell (self, index);

        if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), cell->value != NULL ? cell->value : "") != 0)
          refresh_cell (self, index);
        else
          clear_cell (self, index);
      }
      return GDK_EVENT_STOP;

    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (index >= self->n_columns)
        focus_cell (self, index - self->n_columns);
      return GDK_EVENT_STOP;

    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      focus_cell (self, index + self->n_columns);
      return GDK_EVENT_STOP;

    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (index > 0)
        focus_cell (self, index - 1);
      return GDK_EVENT_STOP;

    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      focus_cell (self, index + 1);
      return GDK_EVENT_STOP;

    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static GtkWidget *
make_cell (NileSheetEditor *self,
           guint            index)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *controller;
  g_autofree char *place = nile_sheet_describe_coords (self->sheet, cell_coords (self, index));

  g_object_set_data (G_OBJECT (entry), "nile-cell-index", GUINT_TO_POINTER (index));
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), self->cell_chars);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), self->cell_chars);
  gtk_editable_set_alignment (GTK_EDITABLE (entry), 0.5);
  gtk_entry_set_max_length (GTK_ENTRY (entry), self->cell_chars);
  if (nile_sheet_has_codes (self->sheet))
    gtk_entry_set_input_hints (GTK_ENTRY (entry), GTK_INPUT_HINT_UPPERCASE_CHARS | GTK_INPUT_HINT_NO_SPELLCHECK);
  else
    gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (entry, "sheet-cell");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, place,
                                  -1);

  g_signal_connect_object (entry, "changed", G_CALLBACK (entry_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "activate", G_CALLBACK (entry_activate_cb), self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (entry, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (focus_enter_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (focus_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (entry, controller);

  return entry;
}

static GtkWidget *
header_label (const char *text,
              float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "sheet-header");
  return label;
}

/* How many columns a band of the grid has. */
static guint
shown_columns (NileSheetEditor *self)
{
  return self->band_columns != 0 ? MIN (self->band_columns, self->n_columns) : self->n_columns;
}

/* The rows are every combination of the axes between the section and
 * the last; the last axis runs across, as on the board (usually the
 * dice). A sheet of one axis runs down with one column of results. */
static void
build_grid (NileSheetEditor *self)
{
  guint n_axes = nile_sheet_get_n_axes (self->sheet);
  guint column_axis = n_axes - 1;
  guint base = self->section * self->cells_per_section;
  GtkWidget *grid = gtk_grid_new ();
  guint band_columns = shown_columns (self);
  guint n_rows = self->cells_per_section / self->n_columns;

  gtk_grid_set_row_spacing (GTK_GRID (grid), CELL_SPACING);
  gtk_grid_set_column_spacing (GTK_GRID (grid), CELL_SPACING);
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (grid, "sheet-grid");

  g_ptr_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->coords, 0);
  self->typed_cell = NO_CELL;
  self->refocus_cell = NO_CELL;

  /* Each band has the headings of its own columns, and its rows their
   * own, so no cell is read without them. */
  for (guint band = 0; band * band_columns < self->n_columns; band++)
    {
      guint top = band * (n_rows + 1);

      for (guint a = 0; a < self->n_row_axes; a++)
        {
          g_autofree char *name = nile_tables_roll_word (nile_sheet_get_axis_name (self->sheet, self->first_row_axis + a));
          GtkWidget *label = header_label (name, 0);

          if (band > 0)
            gtk_widget_set_margin_top (label, BODY_SPACING);
          gtk_grid_attach (GTK_GRID (grid), label, a, top, 1, 1);
        }
      for (guint c = band * band_columns; n_axes > 1 && c < MIN ((band + 1) * band_columns, self->n_columns); c++)
        {
          g_autofree char *label = axis_value_label (self->sheet, column_axis, c);

          gtk_grid_attach (GTK_GRID (grid), header_label (label, 0.5), self->n_row_axes + c % band_columns, top, 1, 1);
        }
    }
  if (n_axes == 1)
    {
      g_autofree char *heading = nile_sheet_has_codes (self->sheet)
                                   ? g_strdup (_("Result"))
                                   : nile_tables_roll_word (nile_sheet_get_unit (self->sheet));

      gtk_grid_attach (GTK_GRID (grid), header_label (heading, 0.5), self->n_row_axes, 0, 1, 1);
    }

  for (guint i = 0; i < self->cells_per_section; i++)
    {
      guint column = i % self->n_columns;
      guint row = i / self->n_columns + 1 + column / band_columns * (n_rows + 1);
      GStrv coords = nile_sheet_coords_at (self->sheet, base + i);
      GtkWidget *entry;

      g_ptr_array_add (self->coords, coords);
      /* As on a printed table, an outer heading is written once for
       * the rows it spans. */
      if (column % band_columns == 0)
        for (guint a = 0; a < self->n_row_axes; a++)
          {
            guint axis = self->first_row_axis + a;
            g_autofree char *label = NULL;
            const char * const *above = i >= self->n_columns ? cell_coords (self, i - self->n_columns) : NULL;

            if (a + 1 < self->n_row_axes && above != NULL && g_str_equal (above[axis], coords[axis]))
              continue;
            label = axis_value_label (self->sheet, axis, axis_index_of (self->sheet, axis, coords[axis]));
            gtk_grid_attach (GTK_GRID (grid), header_label (label, 0), a, row, 1, 1);
          }

      entry = make_cell (self, i);
      g_ptr_array_add (self->entries, entry);
      gtk_grid_attach (GTK_GRID (grid), entry, self->n_row_axes + column % band_columns, row, 1, 1);
    }

  gtk_scrolled_window_set_child (self->grid_scroller, grid);
}

static void
update_policy_row (NileSheetEditor *self)
{
  const char *policy;
  g_autofree char *title = NULL;

  if (!self->sectioned || nile_sheet_get_axis_kind (self->sheet, 0) != NILE_AXIS_POLICY)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->policy_row), FALSE);
      return;
    }

  policy = nile_sheet_get_axis_value (self->sheet, 0, self->section);
  title = g_strdup_printf (_("Name of Policy %s on Your Board"), policy);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->policy_row), title);
  /* An unnamed policy shows an empty entry under its number. */
  gtk_editable_set_text (GTK_EDITABLE (self->policy_row),
                         nile_sheet_get_policy_name (self->sheet, policy) ?: "");
  gtk_widget_set_visible (GTK_WIDGET (self->policy_row), TRUE);
}

static void
section_selected_cb (NileSheetEditor *self)
{
  guint selected = adw_combo_row_get_selected (self->section_row);

  if (self->refreshing || selected == GTK_INVALID_LIST_POSITION || selected == self->section)
    return;
  nile_sheet_editor_show_section (self, selected);
}

static void
policy_row_apply_cb (NileSheetEditor *self,
                     AdwEntryRow     *row)
{
  g_autoptr(GError) error = NULL;
  const char *policy = nile_sheet_get_axis_value (self->sheet, 0, self->section);

  if (!nile_sheet_store_rename_policy (self->store, self->sheet_id, policy,
                                       gtk_editable_get_text (GTK_EDITABLE (row)), &error))
    {
      set_message (self, error->message);
      update_policy_row (self);
      return;
    }
  set_message (self, NULL);
}

static void
code_clicked_cb (NileSheetEditor *self,
                 GtkButton       *button)
{
  if (self->entries->len > 0)
    commit (self, self->current, gtk_button_get_label (button), TRUE);
}

static void
build_codes (NileSheetEditor *self)
{
  guint n_codes = nile_sheet_get_n_codes (self->sheet);

  gtk_widget_set_visible (GTK_WIDGET (self->code_pad), n_codes > 0);
  gtk_widget_set_visible (self->legend_group, n_codes > 0);

  for (guint i = 0; i < n_codes; i++)
    {
      const char *code = nile_sheet_get_code (self->sheet, i);
      const char *meaning = nile_sheet_get_code_meaning (self->sheet, code);
      GtkWidget *button = gtk_button_new_with_label (code);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *name = g_strdup_printf (_("Enter %s: %s"), code, meaning);

      /* The cell keeps the focus, so a finger can fill a row of cells
       * by tapping codes. */
      gtk_widget_set_focus_on_click (button, FALSE);
      gtk_widget_add_css_class (button, "sheet-code");
      gtk_widget_set_tooltip_text (button, meaning);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
      g_signal_connect_object (button, "clicked", G_CALLBACK (code_clicked_cb), self, G_CONNECT_SWAPPED);
      /* The flow box's own child, which would take the focus before the
       * button, is unfocusable from the start: made so once in the
       * window, while the window is still being built, GTK 4.8 told the
       * accessibility bus the window was a plain widget ("filler"). */
      gtk_flow_box_append (self->code_pad, g_object_new (GTK_TYPE_FLOW_BOX_CHILD,
                                                         "focusable", FALSE,
                                                         "child", button,
                                                         NULL));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), code);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), meaning);
      nile_ui_name_code_row (ADW_ACTION_ROW (row), code, meaning);
      adw_expander_row_add_row (self->legend_row, row);
    }
}

static void
clear_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (widget);

  if (self->entries->len > 0)
    clear_cell (self, self->current);
}

static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (widget);
  g_autoptr(GError) error = NULL;
  guint index = self->current;

  if (self->entries->len == 0)
    return;
  if (!nile_sheet_store_confirm_cell (self->store, self->sheet_id, cell_coords (self, index), &error))
    {
      set_message (self, error->message);
      return;
    }
  set_message (self, NULL);
  move_on (self, index);
}

static void
confirm_all_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  /* One refresh at the end, not one per cell. */
  self->batch = TRUE;
  for (guint i = 0; i < self->entries->len && error == NULL; i++)
    {
      g_autoptr(NileSheetCell) cell = lookup_cell (self, i);

      if (cell->state == NILE_CELL_SUGGESTED)
        nile_sheet_store_confirm_cell (self->store, self->sheet_id, cell_coords (self, i), &error);
    }
  self->batch = FALSE;

  set_message (self, error != NULL ? error->message : NULL);
  refresh (self);
}

/* Every axis value in order: it changes when the owner gives his
 * board's ranges, here or through a pack, and the grid must follow. */
static char *
make_layout_key (NileSheet *sheet)
{
  GString *key = g_string_new (NULL);

  for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
    {
      for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, a); v++)
        g_string_append_printf (key, "%s,", nile_sheet_get_axis_value (sheet, a, v));
      g_string_append_c (key, ';');
    }
  return g_string_free (key, FALSE);
}

static char *
join_axis_values (NileSheet *sheet,
                  guint      axis)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) values = NULL;

  for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, axis); v++)
    g_strv_builder_add (builder, nile_sheet_get_axis_value (sheet, axis, v));
  values = g_strv_builder_end (builder);
  return g_strjoinv (", ", values);
}

static void
compute_layout (NileSheetEditor *self)
{
  guint n_axes = nile_sheet_get_n_axes (self->sheet);
  guint total;

  nile_sheet_count_cells (self->sheet, NULL, NULL, &total);
  g_free (self->layout_key);
  self->layout_key = make_layout_key (self->sheet);

  self->sectioned = n_axes >= 3;
  self->n_sections = self->sectioned ? nile_sheet_get_axis_n_values (self->sheet, 0) : 1;
  self->first_row_axis = self->sectioned ? 1 : 0;
  self->n_row_axes = n_axes > 1 ? n_axes - 1 - self->first_row_axis : 1;
  self->n_columns = n_axes > 1 ? nile_sheet_get_axis_n_values (self->sheet, n_axes - 1) : 1;
  self->cells_per_section = total / self->n_sections;

  self->refreshing = TRUE;
  gtk_string_list_splice (self->section_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->section_names)), NULL);
  for (guint i = 0; self->sectioned && i < self->n_sections; i++)
    {
      g_autofree char *label = axis_value_label (self->sheet, 0, i);

      gtk_string_list_append (self->section_names, label);
    }
  self->refreshing = FALSE;

  for (guint i = 0; i < self->range_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->range_rows, i);
      g_autofree char *text = join_axis_values (self->sheet, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "nile-axis")));

      gtk_editable_set_text (GTK_EDITABLE (row), text);
    }
}

static void
range_row_apply_cb (NileSheetEditor *self,
                    AdwEntryRow     *row)
{
  guint axis = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "nile-axis"));
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ranges = NULL;

  /* An empty entry goes back to the rows we ship. */
  if (text[0] != '\0')
    {
      ranges = g_strsplit (text, ",", -1);
      for (guint i = 0; ranges[i] != NULL; i++)
        g_strstrip (ranges[i]);
    }

  if (!nile_sheet_store_set_ranges (self->store, self->sheet_id, nile_sheet_get_axis_name (self->sheet, axis),
                                    (const char * const *) ranges, &error))
    {
      g_autofree char *previous = join_axis_values (self->sheet, axis);

      set_message (self, error->message);
      gtk_editable_set_text (GTK_EDITABLE (row), previous);
      return;
    }
  set_message (self, NULL);
}

static void
build_range_rows (NileSheetEditor *self)
{
  for (guint a = 0; a < nile_sheet_get_n_axes (self->sheet); a++)
    {
      g_autofree char *name = NULL;
      g_autofree char *title = NULL;
      GtkWidget *row;

      if (nile_sheet_get_axis_kind (self->sheet, a) != NILE_AXIS_COUNT ||
          (nile_sheet_axis_is_printed (self->sheet, a) && !nile_sheet_axis_has_own_ranges (self->sheet, a)))
        continue;

      name = nile_tables_roll_word (nile_sheet_get_axis_name (self->sheet, a));
      title = g_strdup_printf (_("Rows of %s"), name);
      row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "nile-axis", GUINT_TO_POINTER (a));
      g_signal_connect_object (row, "apply", G_CALLBACK (range_row_apply_cb), self, G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->ranges_group, row);
      g_ptr_array_add (self->range_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->ranges_group), self->range_rows->len > 0);
}

/* The cell the owner is in, and what he is typing there, taken from a
 * grid about to be rebuilt … */
static void
take_place (NileSheetEditor  *self,
            GStrv            *coords,
            char            **typed)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *entry = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) : NULL;
  guint index = self->typed_cell;

  if (index >= self->entries->len && entry != NULL)
    {
      index = entry_index (entry);
      if (index >= self->entries->len || g_ptr_array_index (self->entries, index) != entry)
        return;
    }
  if (index >= self->entries->len)
    return;

  *coords = g_strdupv (g_ptr_array_index (self->coords, index));
  if (index == self->typed_cell)
    *typed = g_strdup (gtk_editable_get_text (g_ptr_array_index (self->entries, index)));
}

static gboolean
refocus_cb (gpointer data)
{
  NileSheetEditor *self = data;

  self->refocus_source = 0;
  if (self->refocus_cell >= self->entries->len)
    return G_SOURCE_REMOVE;
  focus_cell (self, self->refocus_cell);
  if (self->refocus_cell == self->typed_cell)
    gtk_editable_set_position (g_ptr_array_index (self->entries, self->refocus_cell), -1);
  return G_SOURCE_REMOVE;
}

/* … and put back at the same place, if the new grid has it: the cell
 * has the keyboard again, and typed text the cursor after it. The
 * keyboard moves from the main loop: the rows may come in while GTK is
 * still taking it from the old cell (leaving a cell stores it, and the
 * store reads the new rows first). */
static void
put_back_place (NileSheetEditor    *self,
                const char * const *coords,
                const char         *typed)
{
  if (coords == NULL)
    return;

  for (guint i = 0; i < self->coords->len; i++)
    if (g_strv_equal (coords, cell_coords (self, i)))
      {
        if (typed != NULL)
          {
            self->refreshing = TRUE;
            gtk_editable_set_text (g_ptr_array_index (self->entries, i), typed);
            self->refreshing = FALSE;
            self->typed_cell = i;
          }
        self->current = i;
        update_details (self);
        self->refocus_cell = i;
        if (self->refocus_source == 0)
          self->refocus_source = g_idle_add (refocus_cb, self);
        return;
      }
}

static void
sheet_changed_cb (NileSheetEditor *self)
{
  g_autofree char *key = make_layout_key (self->sheet);

  if (g_strcmp0 (key, self->layout_key) != 0)
    {
      g_auto(GStrv) place = NULL;
      g_autofree char *typed = NULL;

      /* New rows for this sheet, from another program say: the grid is
       * made again, and the owner stays in his cell, typing and all. */
      take_place (self, &place, &typed);
      compute_layout (self);
      nile_sheet_editor_show_section (self, MIN (self->section, self->n_sections - 1));
      put_back_place (self, (const char * const *) place, typed);
      return;
    }
  refresh (self);
}

/* How many columns fit across @width, from the grid as it is now: its
 * row headings and one cell's width (every cell is as wide). */
static guint
columns_that_fit (NileSheetEditor *self,
                  int              width)
{
  GtkWidget *grid = gtk_scrolled_window_get_child (self->grid_scroller);
  guint shown = shown_columns (self);
  int grid_width, cell_width, headings_width;

  if (grid == NULL || self->entries->len == 0 || self->n_columns <= 1)
    return 0;
  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &grid_width, NULL, NULL);
  gtk_widget_measure (g_ptr_array_index (self->entries, 0), GTK_ORIENTATION_HORIZONTAL, -1,
                      NULL, &cell_width, NULL, NULL);
  headings_width = grid_width - (int) shown * (cell_width + CELL_SPACING);
  if (headings_width + (int) self->n_columns * (cell_width + CELL_SPACING) <= width)
    return 0;
  return MAX (1, (width - headings_width) / (cell_width + CELL_SPACING));
}

static gboolean
fit_layout_cb (gpointer data)
{
  NileSheetEditor *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self->body));
  gboolean side_by_side = gtk_widget_get_width (GTK_WIDGET (self)) >= SIDE_BY_SIDE_WIDTH;
  guint band_columns;

  self->fit_source = 0;
  if (side_by_side != self->side_by_side)
    {
      self->side_by_side = side_by_side;
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->body),
                                      side_by_side ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
      gtk_widget_set_size_request (self->details, side_by_side ? DETAILS_WIDTH : -1, -1);
      gtk_widget_set_hexpand (self->details, side_by_side);
      /* Beside the details the grid keeps the width its bands need;
       * the details, not the grid, give way. */
      gtk_scrolled_window_set_policy (self->grid_scroller,
                                      side_by_side ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC,
                                      GTK_POLICY_NEVER);
    }

  band_columns = columns_that_fit (self, side_by_side ? width - DETAILS_WIDTH - BODY_SPACING : width);
  if (band_columns != self->band_columns)
    {
      g_auto(GStrv) place = NULL;
      g_autofree char *typed = NULL;
      guint current = self->current;

      /* The grid is made again for the new width: the owner keeps his
       * cell, and what he is typing there. */
      take_place (self, &place, &typed);
      self->band_columns = band_columns;
      build_grid (self);
      refresh (self);
      if (place != NULL)
        put_back_place (self, (const char * const *) place, typed);
      else
        self->current = current;
    }
  return G_SOURCE_REMOVE;
}

/* The layout follows the width the window has, resized or maximised
 * alike; it changes from the main loop, never inside an allocation. */
static void
nile_sheet_editor_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (widget);

  GTK_WIDGET_CLASS (nile_sheet_editor_parent_class)->size_allocate (widget, width, height, baseline);

  if (self->fit_source == 0 &&
      ((width >= SIDE_BY_SIDE_WIDTH) != self->side_by_side || gtk_widget_get_width (GTK_WIDGET (self->body)) != self->fitted_width))
    {
      self->fitted_width = gtk_widget_get_width (GTK_WIDGET (self->body));
      self->fit_source = g_idle_add (fit_layout_cb, self);
    }
}

static void
nile_sheet_editor_constructed (GObject *object)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (object);
  g_autofree char *about = NULL;

  G_OBJECT_CLASS (nile_sheet_editor_parent_class)->constructed (object);

  self->sheet = g_object_ref (nile_sheet_store_lookup (self->store, self->sheet_id));

  if (nile_sheet_has_codes (self->sheet))
    {
      for (guint i = 0; i < nile_sheet_get_n_codes (self->sheet); i++)
        self->cell_chars = MAX (self->cell_chars, (int) g_utf8_strlen (nile_sheet_get_code (self->sheet, i), -1));
    }
  else
    {
      int min, max;
      g_autofree char *low = NULL;
      g_autofree char *high = NULL;

      nile_sheet_get_value_range (self->sheet, &min, &max);
      low = g_strdup_printf ("%d", min);
      high = g_strdup_printf ("%d", max);
      self->cell_chars = MAX (strlen (low), strlen (high));
    }
  self->cell_chars = MAX (self->cell_chars, MIN_CELL_CHARS);

  gtk_window_set_title (GTK_WINDOW (self), nile_sheet_get_title (self->sheet));
  adw_window_title_set_title (self->window_title, nile_sheet_get_title (self->sheet));
  if (g_str_equal (nile_sheet_get_dice (self->sheet), "none"))
    about = g_strdup_printf (_("%s (R %s)"), nile_sheet_get_description (self->sheet),
                             nile_sheet_get_rule (self->sheet));
  else
    about = g_strdup_printf (_("%s (R %s, %s)"), nile_sheet_get_description (self->sheet),
                             nile_sheet_get_rule (self->sheet), nile_sheet_get_dice (self->sheet));
  gtk_label_set_text (self->description, about);

  build_range_rows (self);
  compute_layout (self);

  gtk_widget_set_visible (self->section_group, self->sectioned);
  if (self->sectioned)
    {
      g_autofree char *axis_title = nile_tables_roll_word (nile_sheet_get_axis_name (self->sheet, 0));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->section_row), axis_title);
      g_signal_connect_object (self->section_row, "notify::selected",
                               G_CALLBACK (section_selected_cb), self, G_CONNECT_SWAPPED);
    }

  build_codes (self);
  nile_sheet_editor_show_section (self, 0);

  /* The owner's cells may change elsewhere too: an import, a roll's
   * prompt, another editor. */
  g_signal_connect_object (self->sheet, "changed", G_CALLBACK (sheet_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
nile_sheet_editor_dispose (GObject *object)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (object);

  g_clear_handle_id (&self->next_section_source, g_source_remove);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  g_clear_handle_id (&self->refocus_source, g_source_remove);

  /* Closing keeps what was typed in the cell, as leaving it does: kept
   * here, while the grid is whole, for GTK takes the keyboard from the
   * cell only once it is taking the window apart. From then on the
   * window follows neither the keyboard nor the sheet. */
  if (!self->closing)
    {
      if (self->entries != NULL && self->current < self->entries->len)
        leave_cell (self, g_ptr_array_index (self->entries, self->current));
      self->closing = TRUE;
      if (self->sheet != NULL)
        g_signal_handlers_disconnect_by_data (self->sheet, self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_SHEET_EDITOR);

  G_OBJECT_CLASS (nile_sheet_editor_parent_class)->dispose (object);
}

static void
nile_sheet_editor_finalize (GObject *object)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (object);

  g_clear_object (&self->store);
  g_clear_object (&self->sheet);
  g_clear_pointer (&self->sheet_id, g_free);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->coords, g_ptr_array_unref);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->layout_key, g_free);
  g_clear_pointer (&self->range_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_sheet_editor_parent_class)->finalize (object);
}

static void
nile_sheet_editor_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_SHEET_ID:
      g_value_set_string (value, self->sheet_id);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_editor_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  NileSheetEditor *self = NILE_SHEET_EDITOR (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    case PROP_SHEET_ID:
      self->sheet_id = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_editor_class_init (NileSheetEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_sheet_editor_constructed;
  object_class->dispose = nile_sheet_editor_dispose;
  object_class->finalize = nile_sheet_editor_finalize;
  object_class->get_property = nile_sheet_editor_get_property;
  object_class->set_property = nile_sheet_editor_set_property;

  widget_class->size_allocate = nile_sheet_editor_size_allocate;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, NILE_TYPE_SHEET_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHEET_ID] =
    g_param_spec_string ("sheet-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nileledger/NileLedger/nile-sheet-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, description);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, section_group);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, section_row);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, section_names);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, policy_row);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, ranges_group);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, body);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, details);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, grid_scroller);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, cell_place);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, cell_state);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, code_pad);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, confirm_all_button);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, legend_group);
  gtk_widget_class_bind_template_child (widget_class, NileSheetEditor, legend_row);
  gtk_widget_class_bind_template_callback (widget_class, policy_row_apply_cb);

  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, clear_action);
  gtk_widget_class_install_action (widget_class, "editor.confirm", NULL, confirm_action);
  gtk_widget_class_install_action (widget_class, "editor.confirm-all", NULL, confirm_all_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "editor.confirm", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.confirm-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nile_sheet_editor_init (NileSheetEditor *self)
{
  self->entries = g_ptr_array_new ();
  self->typed_cell = NO_CELL;
  self->range_rows = g_ptr_array_new ();
  self->coords = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_list_choices_whole (self->section_row);
}

/**
 * nile_sheet_editor_new:
 * @sheet_id: a sheet @store has
 *
 * Returns: (transfer full): a new editor window for the sheet
 */
GtkWidget *
nile_sheet_editor_new (GtkWindow      *parent,
                       NileSheetStore *store,
                       const char     *sheet_id)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NILE_IS_SHEET_STORE (store), NULL);
  g_return_val_if_fail (nile_sheet_store_lookup (store, sheet_id) != NULL, NULL);

  return g_object_new (NILE_TYPE_SHEET_EDITOR,
                       "transient-for", parent,
                       "store", store,
                       "sheet-id", sheet_id,
                       NULL);
}

NileSheetStore *
nile_sheet_editor_get_store (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), NULL);
  return self->store;
}

NileSheet *
nile_sheet_editor_get_sheet (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), NULL);
  return self->sheet;
}

guint
nile_sheet_editor_get_n_sections (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), 0);
  return self->n_sections;
}

void
nile_sheet_editor_show_section (NileSheetEditor *self,
                                guint            section)
{
  g_return_if_fail (NILE_IS_SHEET_EDITOR (self));
  g_return_if_fail (section < self->n_sections);

  self->section = section;
  self->current = 0;
  if (self->sectioned && adw_combo_row_get_selected (self->section_row) != section)
    {
      self->refreshing = TRUE;
      adw_combo_row_set_selected (self->section_row, section);
      self->refreshing = FALSE;
    }
  update_policy_row (self);
  build_grid (self);
  refresh (self);
}

guint
nile_sheet_editor_get_section (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), 0);
  return self->section;
}

guint
nile_sheet_editor_get_n_cells (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), 0);
  return self->entries->len;
}

GtkWidget *
nile_sheet_editor_get_cell (NileSheetEditor *self,
                            guint            index)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, index);
}

GStrv
nile_sheet_editor_dup_coords (NileSheetEditor *self,
                              guint            index)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), NULL);
  g_return_val_if_fail (index < self->coords->len, NULL);
  return g_strdupv (g_ptr_array_index (self->coords, index));
}

guint
nile_sheet_editor_get_current (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), 0);
  return self->current;
}

void
nile_sheet_editor_set_current (NileSheetEditor *self,
                               guint            index)
{
  g_return_if_fail (NILE_IS_SHEET_EDITOR (self));
  g_return_if_fail (index < self->entries->len);

  focus_cell (self, index);
}

const char *
nile_sheet_editor_get_message (NileSheetEditor *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_EDITOR (self), NULL);
  return self->message;
}
