/* nile-cli.c: the command-line face of Nile Ledger
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-cli"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "nile-cli.h"
#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-cli-commands.h"
#include "nile-error.h"
#include "nile-operation.h"

static int cli_help    (int argc, char **argv);
static int cli_version (int argc, char **argv);

static const NileCliCommand commands[] = {
  { "help", N_("Show the commands and what they do"), cli_help },
  { "version", N_("Print the version"), cli_version },
  { "new", N_("Start a new campaign file"), nile_cli_new },
  { "ops", N_("List every operation and its parameters"), nile_cli_ops },
  { "do", N_("Apply an operation to a campaign"), nile_cli_do },
  { "undo", N_("Undo the last change to a campaign"), nile_cli_undo },
  { "redo", N_("Redo the last change undone"), nile_cli_redo },
  { "log", N_("Print a campaign's journal"), nile_cli_log },
  { "check", N_("Check that a campaign file is whole"), nile_cli_check },
  { "show", N_("Show the campaign book"), nile_cli_show },
  { "export", N_("Write a campaign as JSON"), nile_cli_export },
  { "import", N_("Make a campaign file from JSON"), nile_cli_import },
  { "roll", N_("Roll for one step of a turn, or read your own dice"), nile_cli_roll },
  { "sheet", N_("Table sheets: list, show, fill in, share as packs"), nile_cli_sheet },
  { "sample", N_("Write the sample campaign to a new file"), nile_cli_sample },
};

const NileCliCommand *
nile_cli_get_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (commands);
  return commands;
}

static const NileCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

gboolean
nile_cli_is_command (const char *name)
{
  return name != NULL && find_command (name) != NULL;
}

/**
 * nile_cli_claims:
 * @argc: the number of arguments
 * @argv: the program's arguments, its name first
 *
 * Whether the command line, not the window, handles @argv: it names a
 * command, or has a word in a command's place that is no file and no
 * campaign's name, with more after it. That is a command mistyped, which
 * the command line reports where it was typed; a window would open on
 * the rest instead.
 *
 * Returns: %TRUE when nile_cli_main() should run with @argv
 */
gboolean
nile_cli_claims (int    argc,
                 char **argv)
{
  const char *first;

  if (argc < 2)
    return FALSE;

  first = argv[1];
  if (nile_cli_is_command (first))
    return TRUE;

  return argc > 2 &&
         first[0] != '-' &&
         strchr (first, G_DIR_SEPARATOR) == NULL &&
         !g_str_has_suffix (first, NILE_CAMPAIGN_SUFFIX) &&
         !g_file_test (first, G_FILE_TEST_EXISTS);
}

/**
 * nile_cli_describe_commands:
 *
 * The commands, a line each with what it does, and where to read more:
 * for `nile-ledger help` and the window's own `--help`.
 *
 * Returns: (transfer full): the text, ending in a newline
 */
char *
nile_cli_describe_commands (void)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%s\n", _("Without a command, the window opens. Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  g_string_append_printf (text, "\n%s\n", _("Run “nile-ledger COMMAND --help” for a command’s options."));
  return g_string_free (text, FALSE);
}

static int
cli_help (int    argc,
          char **argv)
{
  g_autofree char *commands_text = nile_cli_describe_commands ();

  g_print ("%s\n\n%s", _("Usage: nile-ledger [COMMAND] [ARGUMENTS…]"), commands_text);
  return NILE_CLI_EXIT_OK;
}

static int
cli_version (int    argc,
             char **argv)
{
  g_print ("nile-ledger %s\n", PACKAGE_VERSION);
  return NILE_CLI_EXIT_OK;
}

int
nile_cli_exit_status_for_error (const GError *error)
{
  if (error == NULL)
    return NILE_CLI_EXIT_OK;

  if (error->domain == NILE_ERROR)
    {
      switch ((NileError) error->code)
        {
        case NILE_ERROR_NEEDS_CELL:
          return NILE_CLI_EXIT_NEEDS_CELL;

        case NILE_ERROR_FILE:
        case NILE_ERROR_NEWER_FORMAT:
        case NILE_ERROR_CORRUPT:
        case NILE_ERROR_READ_ONLY:
        case NILE_ERROR_DISK_FULL:
          return NILE_CLI_EXIT_BAD_FILE;

        case NILE_ERROR_INVALID_INPUT:
        case NILE_ERROR_NOT_FOUND:
        case NILE_ERROR_CONFLICT:
        case NILE_ERROR_FORBIDDEN:
        case NILE_ERROR_NOTHING_TO_UNDO:
        default:
          return NILE_CLI_EXIT_BAD_INPUT;
        }
    }

  /* An option GLib could not read as text in the locale's encoding. */
  if (error->domain == G_OPTION_ERROR || error->domain == G_CONVERT_ERROR)
    return NILE_CLI_EXIT_BAD_INPUT;

  return NILE_CLI_EXIT_FAILURE;
}

/**
 * nile_cli_check_text:
 * @option: the option's name, with its dashes
 * @value: (nullable): what it was given, as the bytes typed
 *
 * The names an option takes (a campaign's, a player's) are read as the
 * bytes typed, as `do`'s key=value pairs are, not through the locale's
 * encoding: under LANG=C, where scripts often run, GLib refused "Zoë".
 * They must be UTF-8.
 */
gboolean
nile_cli_check_text (const char  *option,
                     const char  *value,
                     GError     **error)
{
  if (value == NULL || g_utf8_validate (value, -1, NULL))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s takes text in UTF-8"), option);
  return FALSE;
}

/**
 * nile_cli_find_player:
 * @book: the campaign's book
 * @name: a player's name, as typed
 * @error: return location for a NILE_ERROR_NOT_FOUND
 *
 * The player called @name, as the campaign compares names (without
 * regard to case, in any alphabet), for the options that name one.
 *
 * Returns: (transfer none) (nullable): the player, or %NULL with @error set
 */
NilePlayer *
nile_cli_find_player (NileCampaignBook  *book,
                      const char        *name,
                      GError           **error)
{
  NilePlayer *player = nile_campaign_book_find_player (book, name);

  if (player == NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 _("There is no player called “%s” in this campaign"), name);
  return player;
}

/**
 * nile_cli_explain_option_error:
 * @error: (inout): the error GOption parsing set
 * @argc: the number of arguments parsed
 * @argv: the arguments, as they were before parsing
 *
 * GOption refuses an option's value that is not UTF-8 in iconv's words
 * ("Invalid byte sequence in conversion input"), which name neither the
 * option nor what it wants. Such an error is replaced by one naming the
 * option as typed; any other is left as it is.
 */
void
nile_cli_explain_option_error (GError **error,
                               int      argc,
                               char   **argv)
{
  g_return_if_fail (error != NULL && *error != NULL);

  if ((*error)->domain != G_CONVERT_ERROR)
    return;

  for (int i = 1; i < argc; i++)
    {
      const char *equals = strchr (argv[i], '=');
      g_autofree char *option = NULL;

      if (g_utf8_validate (argv[i], -1, NULL))
        continue;

      /* "--kind=…", or "--kind …" */
      if (g_str_has_prefix (argv[i], "--") && equals != NULL)
        option = g_strndup (argv[i], equals - argv[i]);
      else if (argv[i - 1][0] == '-')
        option = g_strdup (argv[i - 1]);
      if (option == NULL || !g_utf8_validate (option, -1, NULL))
        return;

      g_clear_error (error);
      nile_cli_check_text (option, argv[i], error);
      return;
    }
}

/**
 * nile_cli_parse_int:
 * @option: the option, as typed ("--tribe")
 * @text: (nullable): its value as given, %NULL when it was not
 * @min: the least it may be
 * @max: the most it may be
 * @out: (inout): the number; left as it is when @text is %NULL
 * @error: return location for a NILE_ERROR_INVALID_INPUT
 *
 * Reads a number option in base ten, as `do`'s key=value pairs are read.
 * GLib's own integer options take "010" for 8 and "0x10" for 16, and a
 * native counter typed with a leading zero named another tribe.
 */
gboolean
nile_cli_parse_int (const char  *option,
                    const char  *text,
                    gint64       min,
                    gint64       max,
                    gint64      *out,
                    GError     **error)
{
  g_autofree char *shown = NULL;

  if (text == NULL || g_ascii_string_to_signed (text, 10, min, max, out, NULL))
    return TRUE;

  shown = g_utf8_make_valid (text, -1);
  /* The limits options take are ints. */
  if (max >= G_MAXINT)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("%s takes a whole number of %d or more, not “%s”"), option, (int) min, shown);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("%s takes a whole number from %d to %d, not “%s”"), option, (int) min, (int) max, shown);
  return FALSE;
}

/* The option of @entries that @arg gives ("--name", "--name=X", "-n"),
 * or NULL. */
static const GOptionEntry *
find_option (const GOptionEntry *entries,
             const char         *arg)
{
  for (const GOptionEntry *entry = entries; entry != NULL && entry->long_name != NULL; entry++)
    {
      const char *after = g_str_has_prefix (arg, "--") ? arg + 2 : NULL;

      if (after != NULL && g_str_has_prefix (after, entry->long_name) &&
          (after[strlen (entry->long_name)] == '\0' || after[strlen (entry->long_name)] == '='))
        return entry;
      if (entry->short_name != 0 && arg[0] == '-' && arg[1] == entry->short_name && arg[2] == '\0')
        return entry;
    }
  return NULL;
}

/**
 * nile_cli_parse_options:
 * @argc: (inout): the command's arguments, the command's name first
 * @argv: (inout): their vector; what the options took is dropped from it
 * @arguments: the positional arguments, for the usage line ("FILE")
 * @summary: what the command does, for --help
 * @entries: (nullable): the command's options
 * @n_args: how many positional arguments it takes
 * @at_least: whether it takes more than @n_args too
 * @error: return location for the usage error
 *
 * Parses @entries out of @argv and expects exactly @n_args positional
 * arguments (or at least that many when @at_least). "--" ends the
 * options, so a file may be named "-x.nile".
 */
gboolean
nile_cli_parse_options (int            *argc,
                        char         ***argv,
                        const char     *arguments,
                        const char     *summary,
                        GOptionEntry   *entries,
                        int             n_args,
                        gboolean        at_least,
                        GError        **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (arguments);
  gboolean separated = FALSE;
  int given;

  g_option_context_set_summary (context, summary);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* A command without options (do) takes its key=value arguments as
   * they come, whatever they look like after the first. */
  g_option_context_set_strict_posix (context, entries == NULL);

  if (!g_option_context_parse (context, argc, argv, error))
    {
      nile_cli_explain_option_error (error, *argc, *argv);
      return FALSE;
    }

  /* GLib leaves "--" in place when a name starting with "-" follows it. */
  if (*argc > 1 && g_str_equal ((*argv)[1], "--"))
    {
      memmove (*argv + 1, *argv + 2, (gsize) (*argc - 1) * sizeof (char *));
      (*argc)--;
      separated = TRUE;
    }

  given = *argc - 1;
  if (given == n_args || (at_least && given > n_args))
    return TRUE;

  /* "new -- x.nile --name X": after "--" even an option is a file name,
   * and a bare usage line would not say why it did not count. */
  for (int i = 1; separated && i < *argc; i++)
    if (find_option (entries, (*argv)[i]) != NULL)
      {
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("Options go before “--”, which ends them; “%s” came after it"), (*argv)[i]);
        return FALSE;
      }

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Usage: nile-ledger %s %s"), (*argv)[0], arguments);
  return FALSE;
}

/* Prints the error for a person and returns the matching exit status. */
int
nile_cli_fail (const GError *error)
{
  /* Many refusals quote what was typed, and a script may type bytes
   * that are not text: the message printed stays UTF-8. */
  g_autofree char *message = g_utf8_make_valid (error->message, -1);

  g_printerr ("nile-ledger: %s\n", message);
  return nile_cli_exit_status_for_error (error);
}

/* The first error met writing standard output: an export kept as a
 * backup on a full disk must not end as a success. */
static int output_errno;

/* Out as UTF-8, whatever the locale. GLib's own handlers convert to the
 * locale's encoding, and under LANG=C, where scripts often run, that
 * made "Zoë" "Zo?": an export kept as a backup lost letters. */
static void
print_utf8 (const char *text)
{
  if ((fputs (text, stdout) == EOF || fflush (stdout) == EOF) && output_errno == 0)
    output_errno = errno != 0 ? errno : EIO;
}

static void
printerr_utf8 (const char *text)
{
  fputs (text, stderr);
}

/**
 * nile_cli_main:
 * @argc: the number of arguments
 * @argv: the arguments, the program's name first
 *
 * Runs a command as the program does: as nile_cli_run(), with what it
 * prints written as UTF-8.
 *
 * Returns: the exit status
 */
int
nile_cli_main (int    argc,
               char **argv)
{
  GPrintFunc old_print = g_set_print_handler (print_utf8);
  GPrintFunc old_printerr = g_set_printerr_handler (printerr_utf8);
  int status;

  output_errno = 0;
  status = nile_cli_run (argc, argv);
  if (output_errno != 0)
    {
      g_printerr ("nile-ledger: ");
      g_printerr (_("What was to be printed could not be written (%s); the output is incomplete"),
                  g_strerror (output_errno));
      g_printerr ("\n");
      if (status == NILE_CLI_EXIT_OK)
        status = NILE_CLI_EXIT_BAD_FILE;
    }

  g_set_print_handler (old_print);
  g_set_printerr_handler (old_printerr);
  return status;
}

static char *
name_operation (const char *operation,
                gpointer    user_data)
{
  return g_strdup (operation);
}

/* As the setting is typed after `do OPERATION`. */
char *
nile_cli_name_setting (const char *operation,
                       const char *param,
                       const char *value,
                       gpointer    user_data)
{
  return g_strdup_printf ("%s=%s", param, value != NULL ? value : "");
}

int
nile_cli_run (int    argc,
              char **argv)
{
  const NileCliCommand *command;

  if (argc < 2)
    return cli_help (0, NULL);

  command = find_command (argv[1]);
  if (command == NULL)
    {
      g_autoptr(GError) error =
        g_error_new (NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("“%s” is not a command; run “nile-ledger help” for the list"),
                     argv[1]);
      return nile_cli_fail (error);
    }

  /* Commands parse options out of their arguments with GOptionContext,
   * which drops the pointers it consumes from the array; hand them a
   * copy of the array so the caller still frees every string. */
  {
    g_autofree char **arguments = g_memdup2 (argv + 1, sizeof (char *) * argc);
    int status;

    /* A refusal names the operation to run next, and the setting to
     * give, as they are typed. */
    nile_operation_set_name_func (name_operation, NULL);
    nile_operation_set_setting_func (nile_cli_name_setting, NULL);
    status = command->run (argc - 1, arguments);
    nile_operation_set_name_func (NULL, NULL);
    nile_operation_set_setting_func (NULL, NULL);
    return status;
  }
}
