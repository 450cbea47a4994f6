/* nile-cli-sheet.c: nile-ledger sheet — the table sheets and the owner's cells
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-cli-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-cli.h"
#include "nile-cli-commands.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-sheet-store.h"

#define BLANK_MARK "·"
#define SUGGESTED_MARK "?"

typedef int (*SheetAction) (NileSheetStore *store,
                            int             argc,
                            char          **argv);

static int
usage_error (const char *message)
{
  g_autoptr(GError) error = g_error_new_literal (NILE_ERROR, NILE_ERROR_INVALID_INPUT, message);

  return nile_cli_fail (error);
}

static NileSheet *
find_sheet (NileSheetStore  *store,
            const char      *id,
            GError         **error)
{
  NileSheet *sheet = nile_sheet_store_lookup (store, id);

  if (sheet == NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 _("There is no sheet “%s”; “nile-ledger sheet list” shows them"), id);
  return sheet;
}

static int
sheet_list (NileSheetStore  *store,
            int              argc,
            char           **argv)
{
  GListModel *sheets = nile_sheet_store_get_sheets (store);

  if (argc != 0)
    return usage_error (_("“sheet list” takes no arguments"));

  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);
      g_autofree char *completion = NULL;
      guint known, suggested, total;

      nile_sheet_count_cells (sheet, &known, &suggested, &total);
      completion = nile_sheet_describe_completion (known, suggested, total);
      g_print ("%-16s %-2s %-30s %s\n", nile_sheet_get_id (sheet),
               nile_enum_to_nick (NILE_TYPE_EDITION, nile_sheet_get_edition (sheet)),
               nile_sheet_get_title (sheet), completion);
    }
  return NILE_CLI_EXIT_OK;
}

/* Pads by characters, not bytes, so "·" lines up. */
static void
append_padded (GString    *line,
               const char *text,
               guint       width)
{
  glong len = g_utf8_strlen (text, -1);

  for (glong i = len; i < (glong) width; i++)
    g_string_append_c (line, ' ');
  g_string_append (line, text);
}

static char *
cell_text (NileSheet          *sheet,
           const char * const *coords)
{
  g_autoptr(NileSheetCell) cell = nile_sheet_lookup (sheet, coords);

  switch (cell->state)
    {
    case NILE_CELL_BLANK:
      return g_strdup (BLANK_MARK);
    case NILE_CELL_SUGGESTED:
      return g_strconcat (cell->value, SUGGESTED_MARK, NULL);
    case NILE_CELL_KNOWN:
    default:
      return g_strdup (cell->value);
    }
}

static void
append_left (GString    *line,
             const char *text,
             guint       width)
{
  g_string_append (line, text);
  for (glong i = g_utf8_strlen (text, -1); i < (glong) width; i++)
    g_string_append_c (line, ' ');
}

static const char *
label_of (NileSheet  *sheet,
          guint       axis,
          const char *value)
{
  for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, axis); v++)
    if (g_str_equal (nile_sheet_get_axis_value (sheet, axis, v), value))
      return nile_sheet_get_axis_label (sheet, axis, v);
  return value;
}

/* The last axis runs across (on the board that is usually the dice),
 * every combination of the others runs down, one column per axis. A
 * one-axis sheet runs down with its results beside it. */
static void
print_grid (NileSheet *sheet)
{
  guint n_axes = nile_sheet_get_n_axes (sheet);
  guint n_down = n_axes > 1 ? n_axes - 1 : 1;
  guint n_columns = n_axes > 1 ? nile_sheet_get_axis_n_values (sheet, n_axes - 1) : 1;
  const char *single_column = nile_sheet_has_codes (sheet) ? _("result") : nile_sheet_get_unit (sheet);
  g_autofree guint *widths = g_new0 (guint, n_down);
  g_autoptr(GString) header = g_string_new (NULL);
  guint cell_width = 3, total, n_rows;

  nile_sheet_count_cells (sheet, NULL, NULL, &total);
  n_rows = total / n_columns;

  for (guint a = 0; a < n_down; a++)
    {
      widths[a] = g_utf8_strlen (nile_sheet_get_axis_name (sheet, a), -1);
      for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, a); v++)
        widths[a] = MAX (widths[a], (guint) g_utf8_strlen (nile_sheet_get_axis_label (sheet, a, v), -1));
    }
  for (guint i = 0; i < total; i++)
    {
      g_auto(GStrv) coords = nile_sheet_coords_at (sheet, i);
      g_autofree char *text = cell_text (sheet, (const char * const *) coords);

      cell_width = MAX (cell_width, (guint) g_utf8_strlen (text, -1) + 1);
    }
  if (n_axes > 1)
    for (guint c = 0; c < n_columns; c++)
      cell_width = MAX (cell_width, (guint) g_utf8_strlen (nile_sheet_get_axis_label (sheet, n_axes - 1, c), -1) + 1);
  else
    cell_width = MAX (cell_width, (guint) g_utf8_strlen (single_column, -1) + 2);

  for (guint a = 0; a < n_down; a++)
    append_left (header, nile_sheet_get_axis_name (sheet, a), widths[a] + (a + 1 < n_down ? 2 : 0));
  if (n_axes > 1)
    for (guint c = 0; c < n_columns; c++)
      append_padded (header, nile_sheet_get_axis_label (sheet, n_axes - 1, c), cell_width);
  else
    append_padded (header, single_column, cell_width);
  g_print ("%s\n", header->str);

  for (guint r = 0; r < n_rows; r++)
    {
      g_auto(GStrv) first = nile_sheet_coords_at (sheet, r * n_columns);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint a = 0; a < n_down; a++)
        append_left (line, label_of (sheet, a, first[a]), widths[a] + (a + 1 < n_down ? 2 : 0));
      for (guint c = 0; c < n_columns; c++)
        {
          g_auto(GStrv) coords = nile_sheet_coords_at (sheet, r * n_columns + c);
          g_autofree char *text = cell_text (sheet, (const char * const *) coords);

          append_padded (line, text, cell_width);
        }
      g_print ("%s\n", line->str);
    }
}

static int
sheet_show (NileSheetStore  *store,
            int              argc,
            char           **argv)
{
  g_autoptr(GError) error = NULL;
  NileSheet *sheet;
  guint known, suggested, total;

  if (argc != 1)
    return usage_error (_("Usage: nile-ledger sheet show ID"));
  sheet = find_sheet (store, argv[0], &error);
  if (sheet == NULL)
    return nile_cli_fail (error);

  nile_sheet_count_cells (sheet, &known, &suggested, &total);
  g_print ("%s (%s, R %s, %s)\n", nile_sheet_get_title (sheet),
           nile_enum_to_nick (NILE_TYPE_EDITION, nile_sheet_get_edition (sheet)),
           nile_sheet_get_rule (sheet),
           g_str_equal (nile_sheet_get_dice (sheet), "none") ? _("no dice") : nile_sheet_get_dice (sheet));
  g_print ("%s\n\n", nile_sheet_get_description (sheet));
  print_grid (sheet);

  g_print ("\n");
  g_print (_("%u of %u cells filled, %u to check against your board. "
             "“%s” is blank, “%s” marks a suggestion.\n"),
           known + suggested, total, suggested, BLANK_MARK, SUGGESTED_MARK);
  for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
    if (nile_sheet_axis_has_own_ranges (sheet, a))
      g_print (_("The %s rows are yours.\n"), nile_sheet_get_axis_name (sheet, a));
    else if (!nile_sheet_axis_is_printed (sheet, a))
      g_print (_("The %s rows are ours, not the board’s: set yours with "
                 "“nile-ledger sheet ranges %s %s 0,1-5,6+”.\n"),
               nile_sheet_get_axis_name (sheet, a), nile_sheet_get_id (sheet),
               nile_sheet_get_axis_name (sheet, a));
  for (guint c = 0; c < nile_sheet_get_n_codes (sheet); c++)
    {
      const char *code = nile_sheet_get_code (sheet, c);

      g_print ("  %-3s %s\n", code, nile_sheet_get_code_meaning (sheet, code));
    }
  for (guint m = 0; m < nile_sheet_get_n_modifiers (sheet); m++)
    g_print ("  %+d  %s\n", nile_sheet_get_modifier_value (sheet, m),
             nile_sheet_get_modifier_reason (sheet, m));
  return NILE_CLI_EXIT_OK;
}

static int
sheet_set (NileSheetStore  *store,
           int              argc,
           char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) assignments = NULL;
  g_auto(GStrv) coords = NULL;
  g_autofree char *place = NULL;
  NileSheet *sheet;

  if (argc < 3)
    return usage_error (_("Usage: nile-ledger sheet set ID AXIS=VALUE… CELL-VALUE"));
  sheet = find_sheet (store, argv[0], &error);
  if (sheet == NULL)
    return nile_cli_fail (error);

  assignments = g_strdupv (argv + 1);
  g_clear_pointer (&assignments[argc - 2], g_free);
  coords = nile_sheet_parse_coords (sheet, (const char * const *) assignments, &error);
  if (coords == NULL ||
      !nile_sheet_store_set_cell (store, argv[0], (const char * const *) coords, argv[argc - 1], &error))
    return nile_cli_fail (error);

  place = nile_sheet_describe_coords (sheet, (const char * const *) coords);
  g_print (_("%s is now %s\n"), place, argv[argc - 1]);
  return NILE_CLI_EXIT_OK;
}

static int
sheet_confirm (NileSheetStore  *store,
               int              argc,
               char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) coords = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autofree char *place = NULL;
  NileSheet *sheet;

  if (argc < 2)
    return usage_error (_("Usage: nile-ledger sheet confirm ID AXIS=VALUE…"));
  sheet = find_sheet (store, argv[0], &error);
  if (sheet == NULL)
    return nile_cli_fail (error);

  coords = nile_sheet_parse_coords (sheet, (const char * const *) argv + 1, &error);
  if (coords == NULL ||
      !nile_sheet_store_confirm_cell (store, argv[0], (const char * const *) coords, &error))
    return nile_cli_fail (error);

  cell = nile_sheet_lookup (sheet, (const char * const *) coords);
  place = nile_sheet_describe_coords (sheet, (const char * const *) coords);
  g_print (_("%s is %s, checked on your board\n"), place, cell->value);
  return NILE_CLI_EXIT_OK;
}

static int
sheet_rename (NileSheetStore  *store,
              int              argc,
              char           **argv)
{
  g_autoptr(GError) error = NULL;

  if (argc != 3)
    return usage_error (_("Usage: nile-ledger sheet rename ID POLICY NAME"));
  if (!nile_sheet_store_rename_policy (store, argv[0], argv[1], argv[2], &error))
    return nile_cli_fail (error);
  return NILE_CLI_EXIT_OK;
}

static int
sheet_ranges (NileSheetStore  *store,
              int              argc,
              char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ranges = NULL;

  if (argc != 3)
    return usage_error (_("Usage: nile-ledger sheet ranges ID AXIS RANGE,RANGE,…|default"));
  if (!g_str_equal (argv[2], "default"))
    ranges = g_strsplit (argv[2], ",", -1);
  if (!nile_sheet_store_set_ranges (store, argv[0], argv[1], (const char * const *) ranges, &error))
    return nile_cli_fail (error);
  return NILE_CLI_EXIT_OK;
}

static int
sheet_export (NileSheetStore  *store,
              int              argc,
              char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *pack = NULL;

  if (argc < 1)
    return usage_error (_("Usage: nile-ledger sheet export FILE [ID…]"));

  pack = nile_sheet_store_export_pack (store, argc > 1 ? (const char * const *) argv + 1 : NULL, &error);
  if (pack == NULL)
    return nile_cli_fail (error);

  if (g_str_equal (argv[0], "-"))
    {
      g_print ("%s\n", pack);
      return NILE_CLI_EXIT_OK;
    }
  /* As the window saves one: g_file_set_contents() named its temporary
   * file ("x.JQP5Y3") when the folder was missing. */
  file = g_file_new_for_commandline_arg (argv[0]);
  if (!g_file_replace_contents (file, pack, strlen (pack), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                NULL, NULL, &error))
    {
      g_autoptr(GError) file_error =
        g_error_new (NILE_ERROR, NILE_ERROR_FILE, _("Cannot write the pack: %s"), error->message);

      return nile_cli_fail (file_error);
    }
  return NILE_CLI_EXIT_OK;
}

static int
sheet_import (NileSheetStore  *store,
              int              argc,
              char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autofree char *data = NULL;
  g_autofree char *ids = NULL;
  gsize length;

  if (argc != 1)
    return usage_error (_("Usage: nile-ledger sheet import FILE"));

  if (!g_file_get_contents (argv[0], &data, &length, &error))
    {
      g_autoptr(GError) file_error =
        g_error_new (NILE_ERROR, NILE_ERROR_FILE, _("Cannot read the pack: %s"), error->message);

      return nile_cli_fail (file_error);
    }
  if (!nile_sheet_store_import_pack (store, data, length, &report, &error))
    return nile_cli_fail (error);

  ids = g_strjoinv (", ", report->sheet_ids);
  g_print (_("Imported %u new cells (%u already there), %u policy names and %u range lists"),
           report->n_added, report->n_unchanged, report->n_names, report->n_ranges);
  g_print ("%s%s\n", *ids != '\0' ? _(" into: ") : "", ids);
  return NILE_CLI_EXIT_OK;
}

static const struct {
  const char  *name;
  SheetAction  run;
} actions[] = {
  { "list", sheet_list },
  { "show", sheet_show },
  { "set", sheet_set },
  { "confirm", sheet_confirm },
  { "rename", sheet_rename },
  { "ranges", sheet_ranges },
  { "export", sheet_export },
  { "import", sheet_import },
};

int
nile_cli_sheet (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(NileSheetStore) store = NULL;
  g_autoptr(GError) error = NULL;

  context = g_option_context_new (_("list | show ID | set ID AXIS=VALUE… CELL-VALUE | "
                                    "confirm ID AXIS=VALUE… | rename ID POLICY NAME | "
                                    "ranges ID AXIS RANGE,…|default | "
                                    "export FILE [ID…] | import FILE"));
  g_option_context_set_summary (context,
                                _("The printed tables as sheets: see how much of each you have filled in, "
                                  "enter the cells off your board, and share them as sheet packs."));
  /* Coordinates such as roll=-1 must reach us, not the option parser. */
  g_option_context_set_strict_posix (context, TRUE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      nile_cli_explain_option_error (&error, argc, argv);
      return nile_cli_fail (error);
    }

  /* "--" before the action too: "sheet -- import -p.json". GLib leaves
   * it in place when an argument starting with "-" follows. */
  if (argc > 1 && g_str_equal (argv[1], "--"))
    {
      argv++;
      argc--;
    }

  if (argc < 2)
    return usage_error (_("Say what to do: nile-ledger sheet list|show|set|confirm|rename|ranges|export|import"));

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      /* "--" after the action ends the options, as for every command:
       * "sheet import -- -p.json". */
      int first = argc > 2 && g_str_equal (argv[2], "--") ? 3 : 2;

      if (!g_str_equal (actions[i].name, argv[1]))
        continue;
      store = nile_sheet_store_new_default (&error);
      if (store == NULL)
        return nile_cli_fail (error);
      return actions[i].run (store, argc - first, argv + first);
    }

  g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” is not something “sheet” does; try list, show, set, confirm, rename, ranges, export or import"),
               argv[1]);
  return nile_cli_fail (error);
}
