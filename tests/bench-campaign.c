/* bench-campaign.c: how fast a long campaign opens, commits, undoes and
 * exports, against a bare sqlite insert
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a large Game II campaign through the operations a table would
 * use (8 players, 40 explorers, 50 tribes each related to every
 * explorer, 500 mapped hexes, 200 caches), pads its journal to 100,000
 * lines with moves, then times:
 *   - opening the file (all the checks included),
 *   - one operation's commit and one undo (median and 99th percentile),
 *     then the commits of two more common operations, set-relation and
 *     record-hex, after the undos,
 *     from the call to its return: checks, transaction, the operation,
 *     the journal line, COMMIT and the "changed" signal;
 *   - moves, then their undos, each followed by a bare insert (below),
 *     so that each ratio is measured under one load: on a shared
 *     machine the load drifts between one block of samples and the next;
 *   - the JSON export, and its import into a new file;
 *   - two floors, each a prepared BEGIN IMMEDIATE, one INSERT and COMMIT
 *     with the campaign's pragmas, on a connection opened as the
 *     campaign's are (_nile_sqlite_open()):
 *       bare: one small row into an empty table of a new file;
 *       journal line: the campaign's own last "move" line again, into a
 *       table with the journal's schema, index and number of rows, which
 *       every journaled change has to write whatever else it does;
 *       row + journal line: the same, after an UPDATE of one small row
 *       of another table in the same transaction: the least any
 *       journaled change of the campaign's state costs;
 *       a move's statements: the UPDATE of the explorer's hex and
 *       distance and the move's journal line, raw, on a copy of the
 *       campaign's own file: what sqlite alone spends on a move there;
 *   - the pages each floor, a move and an undo write on average (the
 *     frames of the write-ahead log), which is most of what separates
 *     them: every journaled change writes at least two, the bare insert
 *     one.
 *
 * Between two timed calls the main context runs what it has pending, as
 * the window's main loop would between two taps: work a campaign leaves
 * for idle time (folding the write-ahead log into the file) is timed on
 * its own, not inside the commit that scheduled it.
 *
 *   bench-campaign [--entries N] [--samples N] [--keep DIR] [--build-only] [--reuse]
 *
 * --keep DIR --build-only writes DIR/bench.nile and times nothing: the
 * large campaign tests/bench-startup.py opens in the window. --keep DIR
 * --reuse times the DIR/bench.nile already there (a profiler then sees
 * only the timed part); it grows by the lines the timing adds.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <time.h>

#include "nile-campaign-book.h"
#include "nile-campaign-private.h"
#include "nile-error.h"
#include "nile-operation.h"
#include "nile-sqlite-private.h"

#define N_PLAYERS 8
#define N_GENERATIONS 5          /* explorers per player: 8 × 5 = 40 */
#define N_TRIBES 50
#define N_HEXES 500
#define CACHES_PER_EXPLORER 5    /* 40 × 5 = 200 */

static int n_entries = 100000;
static int n_samples = 1000;
static char *keep_dir;
static gboolean build_only;
static gboolean reuse;

/* Time spent running what the campaign left for idle time. */
static gint64 idle_ns;
static guint idle_runs;

static const char * const specialties[] = {
  "botanist", "doctor", "ethnologist", "explorer",
  "geologist", "journalist", "missionary", "zoologist",
};

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* Applies @operation with "key=value" pairs separated by '|'. */
G_GNUC_PRINTF (3, 4)
static void
run (NileCampaign *campaign,
     const char   *operation,
     const char   *format,
     ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) params = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) pairs = NULL;
  const NileOperation *op = nile_operation_lookup (operation);
  va_list args;

  if (op == NULL)
    g_error ("This build has no “%s” operation", operation);

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  pairs = g_strsplit (text, "|", -1);

  if (!nile_operation_parse_params (op, (const char * const *) pairs, &params, &error) ||
      !nile_campaign_apply (campaign, operation, params, &error))
    g_error ("%s %s: %s", operation, text, error->message);
}

static gint64
count_rows (NileCampaign *campaign,
            const char   *table)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  char *sql = sqlite3_mprintf ("SELECT count(*) FROM \"%w\"", table);
  gint64 count = -1;

  if (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign), sql, -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    count = sqlite3_column_int64 (stmt, 0);
  sqlite3_free (sql);
  return count;
}

/* The donation cards player @p draws this turn. */
static int
cards_due (NileCampaign *campaign,
           int           p)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (campaign);
  g_autofree char *name = g_strdup_printf ("Player %d", p);

  return nile_player_get_cards_due (nile_campaign_book_find_player (book, name));
}

/* Every player ends his turn, in turn order: Player 1 plays next. */
static void
end_round (NileCampaign *campaign)
{
  for (int p = 1; p <= N_PLAYERS; p++)
    run (campaign, "end-turn", "player=Player %d", p);
}

static void
build_campaign (NileCampaign *campaign)
{
  int hex = 0;
  int explorer_index = 0;
  gint64 start = now_ns ();
  gint64 lines;

  for (int p = 1; p <= N_PLAYERS; p++)
    run (campaign, "add-player", "name=Player %d", p);
  for (int t = 1; t <= N_TRIBES; t++)
    run (campaign, "add-tribe", "counter=%d|hex=T%02d|size=%s", t, t,
         t % 3 == 0 ? "large" : t % 3 == 1 ? "small" : "medium");

  for (int g = 0; g < N_GENERATIONS; g++)
    {
      /* The donations drawn last turn pay for the new expeditions. */
      if (g > 0)
        end_round (campaign);

      for (int p = 1; p <= N_PLAYERS; p++)
        {
          run (campaign, "new-explorer", "player=Player %d|name=Explorer %d.%d|specialty=%s|port=Zanzibar",
               p, p, g + 1, specialties[(p + g) % G_N_ELEMENTS (specialties)]);
          run (campaign, "outfit", "player=Player %d|kind=bearers|count=4|cost=40", p);
          run (campaign, "outfit", "player=Player %d|kind=rations|count=%d|cost=%d",
               p, CACHES_PER_EXPLORER, CACHES_PER_EXPLORER);
        }

      /* A successor out from Europe spends the turn he lands outfitting
       * (R 26.2); the first explorers outfit before play starts. */
      if (g > 0)
        end_round (campaign);

      for (int p = 1; p <= N_PLAYERS; p++, explorer_index++)
        {
          /* 500 hexes over 40 explorers: 12 or 13 each. */
          int hexes = N_HEXES * (explorer_index + 1) / (N_PLAYERS * N_GENERATIONS) -
                      N_HEXES * explorer_index / (N_PLAYERS * N_GENERATIONS);

          run (campaign, "set-out", "player=Player %d|hex=A%d", p, hex);

          for (int h = 0; h < hexes; h++, hex++)
            run (campaign, "record-hex", "player=Player %d|hex=H%03d|terrain=%s|river=%s|vp=%d", p, hex,
                 h % 2 == 0 ? "veldt" : "jungle", h % 5 == 0 ? "true" : "false", 1 + h % 3);
          for (int c = 0; c < CACHES_PER_EXPLORER; c++)
            run (campaign, "cache", "player=Player %d|rations=1", p);
          for (int t = 1; t <= N_TRIBES; t++)
            run (campaign, "set-relation", "player=Player %d|tribe=%d|friendly=%s",
                 p, t, (t + p) % 2 == 0 ? "true" : "false");
        }

      if (g + 1 == N_GENERATIONS)
        break;

      /* Home to publish, so the maps outlive their makers: into port, a
       * turn later to sea, a turn at sea (R 21.4). */
      for (int p = 1; p <= N_PLAYERS; p++)
        run (campaign, "move", "player=Player %d|status=in-port", p);
      end_round (campaign);
      for (int p = 1; p <= N_PLAYERS; p++)
        run (campaign, "move", "player=Player %d|status=at-sea", p);
      end_round (campaign);
      for (int p = 1; p <= N_PLAYERS; p++)
        {
          g_autoptr(GString) cards = g_string_new ("1000");
          int n_cards;

          run (campaign, "publish", "player=Player %d", p);
          /* One card with the money for the passage and more, blanks for
           * the rest; drawn while he is in Europe, as his successor
           * starts only next turn (R 21.33). */
          n_cards = cards_due (campaign, p);
          for (int c = 1; c < n_cards; c++)
            g_string_append (cards, " none");
          run (campaign, "europe-turn", "player=Player %d|cards=%s", p, cards->str);
          run (campaign, "explorer-dies", "player=Player %d|cause=fever", p);
        }
    }

  /* Pad the journal with the most common change of a long game. */
  for (gint64 i = count_rows (campaign, "journal"); i < n_entries; i++)
    run (campaign, "move", "player=Player %d|hex=M%" G_GINT64_FORMAT "|distance=%d",
         (int) (i % N_PLAYERS) + 1, i, (int) (i % 7) + 1);

  lines = count_rows (campaign, "journal");
  g_print ("Built through operations in %.1f s: %" G_GINT64_FORMAT " players, %" G_GINT64_FORMAT
           " explorers, %" G_GINT64_FORMAT " tribes, %" G_GINT64_FORMAT " relations, %" G_GINT64_FORMAT
           " hexes, %" G_GINT64_FORMAT " caches, %" G_GINT64_FORMAT " journal lines\n",
           (now_ns () - start) / 1e9,
           count_rows (campaign, "player"), count_rows (campaign, "explorer"),
           count_rows (campaign, "tribe"), count_rows (campaign, "relation"),
           count_rows (campaign, "hex_discovery"), count_rows (campaign, "cache"), lines);
}

/* What the main loop would run between two taps; not part of a sample. */
static void
run_idle_work (void)
{
  gint64 start = now_ns ();
  gboolean ran = FALSE;

  while (g_main_context_iteration (NULL, FALSE))
    ran = TRUE;
  if (ran)
    {
      idle_ns += now_ns () - start;
      idle_runs++;
    }
}

/* Player 3's explorer moves to @hex, @distance boxes from port: the
 * nanoseconds nile_campaign_apply() took, after the idle work before it. */
static gint64
time_move (NileCampaign *campaign,
           const char   *hex,
           int           distance)
{
  g_autofree char *hex_pair = g_strdup_printf ("hex=%s", hex);
  g_autofree char *distance_pair = g_strdup_printf ("distance=%d", distance);
  const char *pairs[] = { "player=Player 3", hex_pair, distance_pair, NULL };
  g_autoptr(GVariant) params = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  if (!nile_operation_parse_params (nile_operation_lookup ("move"), pairs, &params, &error))
    g_error ("%s", error->message);

  run_idle_work ();
  start = now_ns ();
  if (!nile_campaign_apply (campaign, "move", params, &error))
    g_error ("%s", error->message);
  return now_ns () - start;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

typedef struct {
  double median_us;
  double p99_us;
  double pages;      /* pages one transaction writes, on average */
} Timing;

/* Transactions counted for the pages they write: few enough that sqlite
 * folds none of their log into the file before they are counted. */
#define PAGE_SAMPLES 100

/* The frames (pages) @db's write-ahead log holds; folded into the file
 * and so emptied when @empty is set. */
static int
wal_frames (sqlite3  *db,
            gboolean  empty)
{
  int frames = 0;

  if (sqlite3_wal_checkpoint_v2 (db, NULL, empty ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE,
                                 &frames, NULL) != SQLITE_OK)
    g_error ("checkpoint: %s", sqlite3_errmsg (db));
  return frames;
}

static Timing
summarise (GArray *samples)
{
  Timing timing = { 0 };

  g_array_sort (samples, compare_int64);
  timing.median_us = g_array_index (samples, gint64, samples->len / 2) / 1e3;
  timing.p99_us = g_array_index (samples, gint64, MIN (samples->len - 1, samples->len * 99 / 100)) / 1e3;
  return timing;
}

typedef void (*BindRow) (sqlite3_stmt *insert,
                         int           sample,
                         gpointer      user_data);

static void
bind_small_row (sqlite3_stmt *insert,
                int           sample,
                gpointer      user_data)
{
  char hex[32];

  g_snprintf (hex, sizeof hex, "B%d", sample);
  sqlite3_bind_text (insert, 1, hex, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (insert, 2, sample % 7);
}

typedef struct {
  sqlite3      *db;
  sqlite3_stmt *begin;
  sqlite3_stmt *update;
  sqlite3_stmt *insert;
  sqlite3_stmt *commit;
  BindRow       bind_row;
  gpointer      user_data;
} Floor;

static void
run_floor_step (Floor        *floor,
                sqlite3_stmt *stmt,
                int           expected)
{
  if (sqlite3_step (stmt) != expected)
    g_error ("floor: %s", sqlite3_errmsg (floor->db));
  sqlite3_reset (stmt);
}

static void
run_floor_transaction (Floor *floor,
                       int    sample)
{
  run_floor_step (floor, floor->begin, SQLITE_DONE);
  if (floor->update != NULL)
    {
      bind_small_row (floor->update, sample, NULL);
      run_floor_step (floor, floor->update, SQLITE_DONE);
    }
  floor->bind_row (floor->insert, sample, floor->user_data);
  run_floor_step (floor, floor->insert, SQLITE_DONE);
  run_floor_step (floor, floor->commit, SQLITE_DONE);
}

/* A floor ready to run: its BEGIN IMMEDIATE and COMMIT prepared. */
static void
floor_init (Floor        *floor,
            sqlite3      *db,
            sqlite3_stmt *update,
            sqlite3_stmt *insert,
            BindRow       bind_row,
            gpointer      user_data)
{
  *floor = (Floor) { db, NULL, update, insert, NULL, bind_row, user_data };
  if (sqlite3_prepare_v3 (db, "BEGIN IMMEDIATE", -1, SQLITE_PREPARE_PERSISTENT, &floor->begin, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (db, "COMMIT", -1, SQLITE_PREPARE_PERSISTENT, &floor->commit, NULL) != SQLITE_OK)
    g_error ("floor: %s", sqlite3_errmsg (db));
}

/* Its own statements only: the connection and the others are the
 * caller's. */
static void
floor_clear (Floor *floor)
{
  g_clear_pointer (&floor->begin, sqlite3_finalize);
  g_clear_pointer (&floor->commit, sqlite3_finalize);
}

/* A floor: @insert in its own transaction, after @update when it is not
 * NULL, each prepared once, @n_samples times; then the pages
 * PAGE_SAMPLES more of them write. */
static Timing
time_insert_transactions (sqlite3      *db,
                          sqlite3_stmt *update,
                          sqlite3_stmt *insert,
                          BindRow       bind_row,
                          gpointer      user_data)
{
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  Floor floor;
  Timing timing;

  floor_init (&floor, db, update, insert, bind_row, user_data);
  for (int i = 0; i < n_samples; i++)
    {
      gint64 start = now_ns ();

      run_floor_transaction (&floor, i);
      g_array_append_val (samples, (gint64) { now_ns () - start });
    }
  timing = summarise (samples);

  wal_frames (db, TRUE);
  for (int i = 0; i < PAGE_SAMPLES; i++)
    run_floor_transaction (&floor, n_samples + i);
  timing.pages = wal_frames (db, FALSE) / (double) PAGE_SAMPLES;
  floor_clear (&floor);

  return timing;
}

/* A file with the campaign's pragmas and @schema. */
static sqlite3 *
open_floor (const char *dir,
            const char *name,
            const char *schema)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  sqlite3 *db = NULL;

  g_remove (path);
  if (_nile_sqlite_open (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db) != SQLITE_OK ||
      sqlite3_exec (db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                    NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (db, schema, NULL, NULL, NULL) != SQLITE_OK)
    g_error ("floor %s: %s", name, sqlite3_errmsg (db));

  return db;
}

/* A new file @name for the bare insert, and that insert in *@insert. */
static sqlite3 *
open_bare (const char    *dir,
           const char    *name,
           sqlite3_stmt **insert)
{
  sqlite3 *db = open_floor (dir, name,
                            "CREATE TABLE t (id INTEGER PRIMARY KEY, hex TEXT NOT NULL, distance INTEGER NOT NULL);");

  if (sqlite3_prepare_v3 (db, "INSERT INTO t (hex, distance) VALUES (?1, ?2)", -1,
                          SQLITE_PREPARE_PERSISTENT, insert, NULL) != SQLITE_OK)
    g_error ("bare sqlite: %s", sqlite3_errmsg (db));
  return db;
}

/* The lowest a commit can cost: one small row, nothing else. */
static Timing
time_bare_insert (const char *dir)
{
  g_autoptr(sqlite3_stmt) insert = NULL;
  sqlite3 *db = open_bare (dir, "bare.sqlite", &insert);
  Timing timing;

  timing = time_insert_transactions (db, NULL, insert, bind_small_row, NULL);
  g_clear_pointer (&insert, sqlite3_finalize);
  sqlite3_close (db);
  return timing;
}

/* A change's samples and those of the bare inserts that followed them. */
typedef struct {
  Timing change;
  Timing bare;
} InTurn;

/* @n_samples moves, each followed by a bare insert, then their undos,
 * each followed by a bare insert too: each change then meets the same
 * load on the machine as the bare inserts it is set against, so their
 * ratio holds where the load drifts from one block of samples to the
 * next, as it does on a shared machine. */
static void
time_in_turn (NileCampaign *campaign,
              const char   *dir,
              InTurn       *move,
              InTurn       *undo)
{
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) bare_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(sqlite3_stmt) insert = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = open_bare (dir, "in-turn.sqlite", &insert);
  Floor floor;
  gint64 start;

  floor_init (&floor, db, NULL, insert, bind_small_row, NULL);
  for (int i = 0; i < n_samples; i++)
    {
      g_autofree char *hex = g_strdup_printf ("T%d", i);

      g_array_append_val (samples, (gint64) { time_move (campaign, hex, 2) });

      start = now_ns ();
      run_floor_transaction (&floor, i);
      g_array_append_val (bare_samples, (gint64) { now_ns () - start });
    }
  move->change = summarise (samples);
  move->bare = summarise (bare_samples);

  g_array_set_size (samples, 0);
  g_array_set_size (bare_samples, 0);
  for (int i = 0; i < n_samples; i++)
    {
      run_idle_work ();
      start = now_ns ();
      if (!nile_campaign_undo (campaign, &error))
        g_error ("%s", error->message);
      g_array_append_val (samples, (gint64) { now_ns () - start });

      start = now_ns ();
      run_floor_transaction (&floor, n_samples + i);
      g_array_append_val (bare_samples, (gint64) { now_ns () - start });
    }
  undo->change = summarise (samples);
  undo->bare = summarise (bare_samples);

  floor_clear (&floor);
  g_clear_pointer (&insert, sqlite3_finalize);
  sqlite3_close (db);
}

/* The values of one journal line, as the campaign wrote them. */
typedef struct {
  char   *schema;
  gint64  n_lines;
  char   *text[4];      /* time, operation, params, summary */
  GBytes *changeset;
} JournalLine;

static void
journal_line_clear (JournalLine *line)
{
  g_free (line->schema);
  for (guint i = 0; i < G_N_ELEMENTS (line->text); i++)
    g_free (line->text[i]);
  g_clear_pointer (&line->changeset, g_bytes_unref);
}

static void
read_journal_line (NileCampaign *campaign,
                   JournalLine  *line)
{
  sqlite3 *db = _nile_campaign_get_db (campaign);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) schema = g_string_new (NULL);

  /* The table first, then its index. */
  if (sqlite3_prepare_v2 (db, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'journal' AND sql NOT NULL "
                              "ORDER BY type DESC", -1, &stmt, NULL) != SQLITE_OK)
    g_error ("journal schema: %s", sqlite3_errmsg (db));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (schema, "%s;\n", (const char *) sqlite3_column_text (stmt, 0));
  g_clear_pointer (&stmt, sqlite3_finalize);
  line->schema = g_string_free (g_steal_pointer (&schema), FALSE);
  line->n_lines = count_rows (campaign, "journal");

  /* The newest first, not through the index: the last lines are moves. */
  if (sqlite3_prepare_v2 (db, "SELECT time, operation, params, summary, changeset FROM journal "
                              "WHERE +operation = 'move' AND +kind = 'do' ORDER BY seq DESC LIMIT 1",
                          -1, &stmt, NULL) != SQLITE_OK ||
      sqlite3_step (stmt) != SQLITE_ROW)
    g_error ("journal line: %s", sqlite3_errmsg (db));
  for (int i = 0; i < 4; i++)
    line->text[i] = g_strdup ((const char *) sqlite3_column_text (stmt, i));
  line->changeset = g_bytes_new (sqlite3_column_blob (stmt, 4), sqlite3_column_bytes (stmt, 4));
}

static void
bind_journal_line (sqlite3_stmt *insert,
                   int           sample,
                   gpointer      user_data)
{
  JournalLine *line = user_data;
  gsize size;
  const void *blob = g_bytes_get_data (line->changeset, &size);

  for (int i = 0; i < 4; i++)
    sqlite3_bind_text (insert, i + 1, line->text[i], -1, SQLITE_STATIC);
  sqlite3_bind_blob (insert, 5, blob, (int) size, SQLITE_STATIC);
}

/* What every journaled change writes at least: its journal line, into a
 * journal as long as the campaign's; with @with_row, after an UPDATE of
 * one row of a small table, in the same transaction. */
static Timing
time_journal_line (const char  *dir,
                   JournalLine *line,
                   gboolean     with_row)
{
  g_autoptr(sqlite3_stmt) fill = NULL;
  g_autoptr(sqlite3_stmt) insert = NULL;
  g_autoptr(sqlite3_stmt) update = NULL;
  g_autofree char *schema = g_strconcat (line->schema,
                                         "CREATE TABLE t (id INTEGER PRIMARY KEY, hex TEXT NOT NULL, "
                                         "distance INTEGER NOT NULL);"
                                         "INSERT INTO t (hex, distance) VALUES ('A1', 1);",
                                         NULL);
  sqlite3 *db = open_floor (dir, with_row ? "journal-row.sqlite" : "journal.sqlite", schema);
  Timing timing;

  if (sqlite3_prepare_v2 (db,
                          "WITH RECURSIVE n (i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM n WHERE i < ?6) "
                          "INSERT INTO journal (time, operation, params, summary, changeset) "
                          "SELECT ?1, ?2, ?3, ?4, ?5 FROM n",
                          -1, &fill, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (db, "INSERT INTO journal (time, operation, params, summary, changeset) "
                              "VALUES (?1, ?2, ?3, ?4, ?5)",
                          -1, SQLITE_PREPARE_PERSISTENT, &insert, NULL) != SQLITE_OK)
    g_error ("journal floor: %s", sqlite3_errmsg (db));

  bind_journal_line (fill, 0, line);
  sqlite3_bind_int64 (fill, 6, line->n_lines);
  if (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_step (fill) != SQLITE_DONE ||
      sqlite3_exec (db, "COMMIT; PRAGMA wal_checkpoint (TRUNCATE);", NULL, NULL, NULL) != SQLITE_OK)
    g_error ("journal floor: %s", sqlite3_errmsg (db));

  if (with_row &&
      sqlite3_prepare_v3 (db, "UPDATE t SET hex = ?1, distance = ?2 WHERE id = 1",
                          -1, SQLITE_PREPARE_PERSISTENT, &update, NULL) != SQLITE_OK)
    g_error ("journal floor: %s", sqlite3_errmsg (db));

  timing = time_insert_transactions (db, update, insert, bind_journal_line, line);
  g_clear_pointer (&fill, sqlite3_finalize);
  g_clear_pointer (&insert, sqlite3_finalize);
  g_clear_pointer (&update, sqlite3_finalize);
  sqlite3_close (db);
  return timing;
}

/* A move's own two statements, raw, on a copy of the campaign's file:
 * Player 3's explorer's hex and distance, and the move's journal line.
 * No check, no changeset, nothing but sqlite: on this file, no way of
 * journaling a move through sqlite costs less. */
static Timing
time_move_statements (const char  *dir,
                      const char  *campaign_path,
                      JournalLine *line)
{
  g_autofree char *path = g_build_filename (dir, "move.sqlite", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (campaign_path);
  g_autoptr(GFile) copy = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(sqlite3_stmt) update = NULL;
  g_autoptr(sqlite3_stmt) insert = NULL;
  g_autofree char *update_sql = NULL;
  sqlite3 *db = NULL;
  gint64 explorer_id;
  Timing timing;

  /* The campaign is closed: its log is folded into the file. */
  if (!g_file_copy (source, copy, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
    g_error ("copy of the campaign: %s", error->message);

  if (_nile_sqlite_open (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db) != SQLITE_OK ||
      sqlite3_exec (db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                    NULL, NULL, NULL) != SQLITE_OK)
    g_error ("move floor: %s", sqlite3_errmsg (db));

  {
    g_autoptr(sqlite3_stmt) find = NULL;

    if (sqlite3_prepare_v2 (db, "SELECT e.id FROM explorer e JOIN player p ON p.id = e.player_id"
                                " WHERE p.name = 'Player 3' ORDER BY e.id DESC LIMIT 1",
                            -1, &find, NULL) != SQLITE_OK ||
        sqlite3_step (find) != SQLITE_ROW)
      g_error ("move floor: %s", sqlite3_errmsg (db));
    explorer_id = sqlite3_column_int64 (find, 0);
  }

  update_sql = g_strdup_printf ("UPDATE explorer SET hex = ?1, distance_from_port = ?2 WHERE id = %" G_GINT64_FORMAT,
                                explorer_id);
  if (sqlite3_prepare_v3 (db, update_sql, -1, SQLITE_PREPARE_PERSISTENT, &update, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (db, "INSERT INTO journal (time, operation, params, summary, changeset) "
                              "VALUES (?1, ?2, ?3, ?4, ?5)",
                          -1, SQLITE_PREPARE_PERSISTENT, &insert, NULL) != SQLITE_OK)
    g_error ("move floor: %s", sqlite3_errmsg (db));

  timing = time_insert_transactions (db, update, insert, bind_journal_line, line);
  g_clear_pointer (&update, sqlite3_finalize);
  g_clear_pointer (&insert, sqlite3_finalize);
  sqlite3_close (db);
  return timing;
}

/* The pages a move, or an undo, writes on average, counted as the
 * floors' are. Nothing runs from the main loop meanwhile, so the
 * campaign folds none of its log into the file before they are counted. */
static double
pages_per_change (NileCampaign *campaign,
                  gboolean      undo)
{
  sqlite3 *db = _nile_campaign_get_db (campaign);
  const NileOperation *move = nile_operation_lookup ("move");
  g_autoptr(GError) error = NULL;

  wal_frames (db, TRUE);
  for (int i = 0; i < PAGE_SAMPLES; i++)
    {
      g_autofree char *hex = g_strdup_printf ("hex=P%d", i);
      const char *pairs[] = { "player=Player 3", hex, "distance=1", NULL };
      g_autoptr(GVariant) params = NULL;
      gboolean ok;

      if (undo)
        ok = nile_campaign_undo (campaign, &error);
      else
        ok = nile_operation_parse_params (move, pairs, &params, &error) &&
             nile_campaign_apply (campaign, "move", g_steal_pointer (&params), &error);
      if (!ok)
        g_error ("%s", error->message);
    }

  return wal_frames (db, FALSE) / (double) PAGE_SAMPLES;
}

static const GOptionEntry options[] = {
  { "entries", 0, 0, G_OPTION_ARG_INT, &n_entries, "Journal lines to build (default 100000)", "N" },
  { "samples", 0, 0, G_OPTION_ARG_INT, &n_samples, "Commits and undos to time (default 1000)", "N" },
  { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep_dir, "Build in DIR and keep the files", "DIR" },
  { "build-only", 0, 0, G_OPTION_ARG_NONE, &build_only, "Only build the campaign (with --keep: DIR/bench.nile)", NULL },
  { "reuse", 0, 0, G_OPTION_ARG_NONE, &reuse, "Time the DIR/bench.nile --keep DIR already holds", NULL },
  { NULL }
};

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— time a large campaign");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) open_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) commit_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) undo_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) rename_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) relation_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) hex_samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *json = NULL;
  Timing open_time, commit, rename, undo, relation, record_hex, bare, journal_line, row_and_line, move_statements;
  InTurn move_in_turn, undo_in_turn;
  JournalLine line = { NULL, };
  double export_ms, import_ms, move_pages, undo_pages;
  GStatBuf st;

  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  n_samples = MAX (n_samples, 10);
  if (reuse && keep_dir == NULL)
    {
      g_printerr ("--reuse needs --keep DIR\n");
      return 2;
    }

  dir = keep_dir != NULL ? g_strdup (keep_dir) : g_dir_make_tmp ("nile-bench-XXXXXX", &error);
  g_assert_no_error (error);
  g_mkdir_with_parents (dir, 0700);
  path = g_build_filename (dir, "bench.nile", NULL);
  if (reuse && !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_printerr ("There is no %s to reuse: build one with --keep DIR --build-only\n", path);
      return 2;
    }
  if (!reuse)
    {
      g_autoptr(NileCampaign) campaign = NULL;

      g_remove (path);
      campaign = nile_campaign_create (path, &error);
      g_assert_no_error (error);
      build_campaign (campaign);
    }

  g_stat (path, &st);
  g_print ("File: %.1f MB\n", st.st_size / 1048576.0);
  if (build_only)
    {
      g_print ("%s\n", path);
      return 0;
    }

  /* Open: every check on the way in, then close, twenty times. */
  for (int i = 0; i < 20; i++)
    {
      g_autoptr(NileCampaign) campaign = NULL;
      gint64 start = now_ns ();

      campaign = nile_campaign_open (path, &error);
      g_assert_no_error (error);
      g_array_append_val (open_samples, (gint64) { now_ns () - start });
    }
  open_time = summarise (open_samples);

  {
    g_autoptr(NileCampaign) campaign = nile_campaign_open (path, &error);
    gint64 start;

    g_assert_no_error (error);

    for (int i = 0; i < n_samples; i++)
      {
        g_autofree char *hex = g_strdup_printf ("C%d", i);

        g_array_append_val (commit_samples, (gint64) { time_move (campaign, hex, i % 7 + 1) });
      }
    read_journal_line (campaign, &line);

    for (int i = 0; i < n_samples; i++)
      {
        g_autofree char *name = g_strdup_printf ("{'name': <'Campaign %d'>}", i);
        g_autoptr(GVariant) params = g_variant_ref_sink (g_variant_new_parsed (name));

        run_idle_work ();
        start = now_ns ();
        if (!nile_campaign_apply (campaign, "rename-campaign", params, &error))
          g_error ("%s", error->message);
        g_array_append_val (rename_samples, (gint64) { now_ns () - start });
      }

    for (int i = 0; i < 2 * n_samples; i++)
      {
        run_idle_work ();
        start = now_ns ();
        if (!nile_campaign_undo (campaign, &error))
          g_error ("%s", error->message);
        g_array_append_val (undo_samples, (gint64) { now_ns () - start });
      }

    /* Player 3's explorer is still in Africa: he meets tribes and maps
     * new hexes. Each relation turns from what the last round (or the
     * build) left, as a change that changes nothing is refused. */
    for (int i = 0; i < n_samples; i++)
      {
        int tribe = i % N_TRIBES + 1;
        gboolean friendly = ((tribe + 3) % 2 == 0) == ((i / N_TRIBES) % 2 == 1);
        g_autofree char *text = g_strdup_printf ("{'player': <'Player 3'>, 'tribe': <int64 %d>, 'friendly': <%s>}",
                                                 tribe, friendly ? "true" : "false");
        g_autoptr(GVariant) params = g_variant_ref_sink (g_variant_new_parsed (text));

        run_idle_work ();
        start = now_ns ();
        if (!nile_campaign_apply (campaign, "set-relation", params, &error))
          g_error ("%s", error->message);
        g_array_append_val (relation_samples, (gint64) { now_ns () - start });
      }

    for (int i = 0; i < n_samples; i++)
      {
        g_autofree char *text = g_strdup_printf ("{'player': <'Player 3'>, 'hex': <'R%d'>, 'terrain': <'veldt'>,"
                                                 " 'river': <false>, 'vp': <int64 1>}", i);
        g_autoptr(GVariant) params = g_variant_ref_sink (g_variant_new_parsed (text));

        run_idle_work ();
        start = now_ns ();
        if (!nile_campaign_apply (campaign, "record-hex", params, &error))
          g_error ("%s", error->message);
        g_array_append_val (hex_samples, (gint64) { now_ns () - start });
      }

    /* The log as a view first shows it: its length, then the newest page. */
    {
      GListModel *log;
      g_autoptr(GObject) first = NULL;
      g_autoptr(GObject) last = NULL;
      double count_ms, last_ms, first_ms;
      guint n;

      start = now_ns ();
      log = nile_campaign_get_log (campaign);
      n = g_list_model_get_n_items (log);
      count_ms = (now_ns () - start) / 1e6;
      start = now_ns ();
      last = g_list_model_get_item (log, n - 1);
      last_ms = (now_ns () - start) / 1e6;
      start = now_ns ();
      first = g_list_model_get_item (log, 0);
      first_ms = (now_ns () - start) / 1e6;
      g_print ("Log: %u lines counted in %.2f ms; newest page read in %.2f ms, oldest in %.2f ms\n",
               n, count_ms, last_ms, first_ms);
    }

    run_idle_work ();
    start = now_ns ();
    json = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
    export_ms = (now_ns () - start) / 1e6;

    move_pages = pages_per_change (campaign, FALSE);
    undo_pages = pages_per_change (campaign, TRUE);

    /* Last: the undos leave their moves to redo, which the next change
     * would drop, pages and all, inside whatever was being measured. */
    time_in_turn (campaign, dir, &move_in_turn, &undo_in_turn);
  }
  commit = summarise (commit_samples);
  rename = summarise (rename_samples);
  undo = summarise (undo_samples);
  relation = summarise (relation_samples);
  record_hex = summarise (hex_samples);
  bare = time_bare_insert (dir);
  journal_line = time_journal_line (dir, &line, FALSE);
  row_and_line = time_journal_line (dir, &line, TRUE);
  move_statements = time_move_statements (dir, path, &line);

  /* The export read back into a new file, as Import does. */
  {
    g_autofree char *imported = g_build_filename (dir, "imported.nile", NULL);
    g_autoptr(NileCampaign) copy = NULL;
    gint64 start;

    g_remove (imported);
    start = now_ns ();
    copy = nile_campaign_import_json (json, imported, &error);
    g_assert_no_error (error);
    import_ms = (now_ns () - start) / 1e6;
    g_clear_object (&copy);
    if (keep_dir == NULL)
      {
        static const char * const suffixes[] = { "", "-wal", "-shm" };

        for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
          {
            g_autofree char *name = g_strconcat (imported, suffixes[i], NULL);

            g_remove (name);
          }
      }
  }

  g_print ("Open (all checks):        median %8.2f ms   max %8.2f ms   (target ≤ 50 ms)\n",
           open_time.median_us / 1e3,
           g_array_index (open_samples, gint64, open_samples->len - 1) / 1e6);
  g_print ("Commit of one “move”:     median %8.1f µs   p99 %8.1f µs\n", commit.median_us, commit.p99_us);
  g_print ("Commit of “rename-campaign”: median %5.1f µs   p99 %8.1f µs   (one upsert: the journal's own cost)\n",
           rename.median_us, rename.p99_us);
  g_print ("Undo:                     median %8.1f µs   p99 %8.1f µs\n", undo.median_us, undo.p99_us);
  g_print ("Commit of “set-relation”:  median %8.1f µs   p99 %8.1f µs\n", relation.median_us, relation.p99_us);
  g_print ("Commit of “record-hex”:    median %8.1f µs   p99 %8.1f µs\n", record_hex.median_us, record_hex.p99_us);
  g_print ("Idle work between calls:  %u runs, %.1f ms in all (folding the log into the file; not in the times above)\n",
           idle_runs, idle_ns / 1e6);
  g_print ("Floor, bare one-row INSERT txn:  median %6.1f µs   p99 %8.1f µs   (small row, empty table)\n",
           bare.median_us, bare.p99_us);
  g_print ("Floor, the journal line alone:   median %6.1f µs   p99 %8.1f µs   "
           "(a move's line, %" G_GINT64_FORMAT " lines before it)\n",
           journal_line.median_us, journal_line.p99_us, line.n_lines);
  g_print ("Floor, UPDATE one row + journal line: median %6.1f µs   p99 %8.1f µs   (%.2f× bare: any journaled change)\n",
           row_and_line.median_us, row_and_line.p99_us, row_and_line.median_us / bare.median_us);
  g_print ("Floor, a move's UPDATE + journal line on this campaign's file: median %6.1f µs   p99 %8.1f µs   "
           "(%.2f× bare: sqlite alone)\n",
           move_statements.median_us, move_statements.p99_us, move_statements.median_us / bare.median_us);
  g_print ("Ratio commit / bare:      median %5.2f×   p99 %5.2f×   (target ≤ 2×)\n",
           commit.median_us / bare.median_us, commit.p99_us / bare.p99_us);
  g_print ("Ratio rename / bare:      median %5.2f×   p99 %5.2f×   (target ≤ 2×)\n",
           rename.median_us / bare.median_us, rename.p99_us / bare.p99_us);
  g_print ("Ratio undo / bare:        median %5.2f×   p99 %5.2f×   (target ≤ 2×)\n",
           undo.median_us / bare.median_us, undo.p99_us / bare.p99_us);
  g_print ("In turn, a move then a bare insert:  medians %6.1f and %5.1f µs: ratio %.2f× (target ≤ 2×)\n",
           move_in_turn.change.median_us, move_in_turn.bare.median_us,
           move_in_turn.change.median_us / move_in_turn.bare.median_us);
  g_print ("In turn, an undo then a bare insert: medians %6.1f and %5.1f µs: ratio %.2f× (target ≤ 2×)\n",
           undo_in_turn.change.median_us, undo_in_turn.bare.median_us,
           undo_in_turn.change.median_us / undo_in_turn.bare.median_us);
  g_print ("Ratio commit / journal line: median %5.2f×   p99 %5.2f×\n",
           commit.median_us / journal_line.median_us, commit.p99_us / journal_line.p99_us);
  g_print ("Ratio undo / journal line:   median %5.2f×   p99 %5.2f×\n",
           undo.median_us / journal_line.median_us, undo.p99_us / journal_line.p99_us);
  g_print ("Pages written per transaction (log frames, mean of %d): bare insert %.2f, journal line %.2f, "
           "UPDATE + journal line %.2f, move %.2f, undo %.2f\n",
           PAGE_SAMPLES, bare.pages, journal_line.pages, row_and_line.pages, move_pages, undo_pages);
  g_print ("Export: %.0f ms, %.1f MB of JSON\n", export_ms, strlen (json) / 1048576.0);
  g_print ("Import of that export into a new file: %.0f ms\n", import_ms);

  if (keep_dir == NULL)
    {
      static const char * const names[] = { "bench.nile", "bench.nile-wal", "bench.nile-shm",
                                            "bare.sqlite", "bare.sqlite-wal", "bare.sqlite-shm",
                                            "in-turn.sqlite", "in-turn.sqlite-wal", "in-turn.sqlite-shm",
                                            "journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm",
                                            "journal-row.sqlite", "journal-row.sqlite-wal",
                                            "journal-row.sqlite-shm",
                                            "move.sqlite", "move.sqlite-wal", "move.sqlite-shm" };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *name = g_build_filename (dir, names[i], NULL);

          g_remove (name);
        }
      g_rmdir (dir);
    }
  journal_line_clear (&line);

  return 0;
}
