/* fuzz-campaign-changeset.c: libFuzzer target for the changes an
 * imported campaign undoes and redoes
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each journal line of an export carries its change as bytes (a sqlite
 * changeset). Mutating a whole export seldom gets one of them past the
 * JSON around it, so this target builds a small campaign once and, for
 * each input, imports its export with the input in place of one line's
 * change: the last change kept (undone next) or the change after it,
 * already undone (redone next). What the import accepts must then undo
 * and redo, or refuse with a message and leave the campaign as it was.
 * Built with -Dfuzzing=true and clang.
 */
#include "config.h"

#include <json-glib/json-glib.h>

#include "nile-campaign.h"
#include "nile-error.h"
#include "nile-fuzz-campaign-file.h"

int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const guint8  *data,
                            size_t         size);

/* The small campaign's export, and its journal lines' change cells:
 * the last change kept, then the change undone after it. */
static JsonNode *template;
static JsonArray *kept_row, *undone_row;
static guint changeset_column;

static void
apply (NileCampaign *campaign,
       const char   *operation,
       const char   *params)
{
  g_autoptr(GError) error = NULL;

  nile_campaign_apply (campaign, operation, g_variant_new_parsed (params), &error);
  g_assert_no_error (error);
}

/* A player, his explorer and a tribe; then a make-up change, undone. */
static char *
export_small_campaign (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = nile_campaign_create (nile_fuzz_campaign_path (), &error);
  char *json;

  g_assert_no_error (error);
  apply (campaign, "add-player", "{'name': <'Ann'>}");
  apply (campaign, "new-explorer",
         "{'player': <'Ann'>, 'name': <'Burton'>, 'specialty': <'missionary'>, 'port': <'Zanzibar'>}");
  apply (campaign, "add-tribe", "{'counter': <int64 7>, 'hex': <'G9'>, 'size': <'small'>}");
  apply (campaign, "set-makeup", "{'player': <'Ann'>, 'bearers': <int64 5>, 'gifts': <int64 3>}");
  nile_campaign_undo (campaign, &error);
  g_assert_no_error (error);

  json = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_clear_object (&campaign);
  nile_fuzz_remove_campaign ();
  return json;
}

/* The row of @rows whose column @column holds @text, the last if several. */
static JsonArray *
find_last_row (JsonArray  *rows,
               guint       column,
               const char *text)
{
  JsonArray *found = NULL;

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonArray *row = json_array_get_array_element (rows, i);

      if (g_strcmp0 (json_array_get_string_element (row, column), text) == 0)
        found = row;
    }
  g_assert_nonnull (found);
  return found;
}

static guint
column_index (JsonArray  *columns,
              const char *name)
{
  for (guint i = 0; i < json_array_get_length (columns); i++)
    if (g_str_equal (json_array_get_string_element (columns, i), name))
      return i;
  g_assert_not_reached ();
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  JsonArray *tables, *columns = NULL, *rows = NULL;

  /* A warning or a critical is a finding too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  json = export_small_campaign ();
  template = json_from_string (json, &error);
  g_assert_no_error (error);

  tables = json_object_get_array_member (json_node_get_object (template), "tables");
  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *table = json_array_get_object_element (tables, i);

      if (g_str_equal (json_object_get_string_member (table, "name"), "journal"))
        {
          columns = json_object_get_array_member (table, "columns");
          rows = json_object_get_array_member (table, "rows");
        }
    }
  g_assert_nonnull (rows);

  changeset_column = column_index (columns, "changeset");
  kept_row = find_last_row (rows, column_index (columns, "operation"), "add-tribe");
  undone_row = find_last_row (rows, column_index (columns, "operation"), "set-makeup");
  return 0;
}

/* The export with @bytes as the change of @row, as exports write bytes. */
static char *
export_with_change (JsonArray    *row,
                    const guint8 *bytes,
                    gsize         size)
{
  g_autofree char *base64 = g_base64_encode (bytes, size);
  JsonNode *cell = json_array_get_element (row, changeset_column);
  /* The template stays as it was for the next input. */
  g_autoptr(JsonObject) kept = json_node_dup_object (cell);
  JsonObject *fuzzed = json_object_new ();
  char *json;

  json_object_set_string_member (fuzzed, "base64", base64);
  json_node_take_object (cell, fuzzed);
  json = json_to_string (template, FALSE);
  json_node_set_object (cell, kept);
  return json;
}

/* One step back or forward: done, or refused with a message and
 * nothing changed. */
static void
step (NileCampaign *campaign,
      gboolean (*move) (NileCampaign *, GError **))
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = nile_campaign_export_json (campaign, &error);
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  if (move (campaign, &error))
    {
      nile_campaign_check (campaign, &error);
      g_assert_no_error (error);
      return;
    }

  g_assert_nonnull (error);
  g_assert_true (error->domain == NILE_ERROR);
  g_clear_error (&error);
  after = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (before, ==, after);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(NileCampaign) campaign = NULL;
  g_autofree char *json = NULL;
  gboolean undone;

  if (size == 0)
    return 0;

  /* The first byte picks the line, the rest is its change. */
  undone = (data[0] & 1) != 0;
  json = export_with_change (undone ? undone_row : kept_row, data + 1, size - 1);

  campaign = nile_fuzz_import (json);
  if (campaign == NULL)
    return 0;

  if (undone)
    {
      step (campaign, nile_campaign_redo);
      step (campaign, nile_campaign_undo);
    }
  else
    {
      step (campaign, nile_campaign_undo);
      step (campaign, nile_campaign_redo);
    }

  g_clear_object (&campaign);
  nile_fuzz_remove_campaign ();
  return 0;
}
