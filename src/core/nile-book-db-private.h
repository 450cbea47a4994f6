/* nile-book-db-private.h: how the campaign book reads and writes its rows
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the book's operations and its read side. Values are bound
 * from a GVariant tuple ("(xs)" …): x binds an integer, s a text, b 0 or
 * 1, d a real and a maybe that holds nothing binds NULL.
 */
#pragma once

#include "nile-campaign-private.h"
#include "nile-expedition.h"
#include "nile-roll-result.h"
#include "nile-victory.h"

G_BEGIN_DECLS

/* One explorer's row, make-up included, as the operations edit it. */
typedef struct {
  gint64  id;
  gint64  player_id;
  char   *player_name;
  char   *name;
  char   *specialty;
  char   *port;
  char   *status;
  char   *hex;
  gint64  distance_from_port;
  gint64  farthest_from_port;
  gint64  started_turn;
  gint64  starving_turns;
  gint64  money;
  NileExpedition makeup;
} NileBookExplorer;

void      _nile_book_explorer_free (NileBookExplorer *explorer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileBookExplorer, _nile_book_explorer_free)

/* Reads explorer @id (NILE_ERROR_NOT_FOUND for none); every explorer of
 * the campaign, oldest first, with _nile_book_explorer_load_all(). */
NileBookExplorer *_nile_book_explorer_load     (NileCampaign      *campaign,
                                                gint64             id,
                                                GError           **error);
GPtrArray        *_nile_book_explorer_load_all (NileCampaign      *campaign,
                                                GError           **error);
gboolean          _nile_book_explorer_save     (NileCampaign      *campaign,
                                                NileBookExplorer  *explorer,
                                                GError           **error);
/* Runs @stmt, from _nile_campaign_prepare() and bound in place, to its
 * end and resets it, reporting errors as _nile_book_exec() does: for the
 * statements every change runs, where building a GVariant tuple of the
 * values would cost more than the statement. */
/* Steps @stmt: *@row is whether it gave a row. At its end the statement
 * is reset; a failure of sqlite (an I/O error, a full disk) resets it,
 * sets @error and returns FALSE, so it is never taken for the end. */
gboolean          _nile_book_step_row          (sqlite3_stmt      *stmt,
                                                gboolean          *row,
                                                GError           **error);
gboolean          _nile_book_step_to_end       (sqlite3_stmt      *stmt,
                                                GError           **error);

/* Saves only where @explorer is: his hex and distances from port. */
gboolean          _nile_book_explorer_save_position (NileCampaign      *campaign,
                                                     NileBookExplorer  *explorer,
                                                     GError           **error);

/* Runs @sql with @args (a tuple, floating references are sunk) to the
 * end; a broken CHECK or UNIQUE becomes NILE_ERROR_INVALID_INPUT. */
gboolean      _nile_book_exec      (NileCampaign  *campaign,
                                    const char    *sql,
                                    GVariant      *args,
                                    GError       **error);
/* Prepares @sql bound to @args; step it yourself. The statement belongs
 * to the campaign (see _nile_campaign_prepare()). */
sqlite3_stmt *_nile_book_query     (NileCampaign  *campaign,
                                    const char    *sql,
                                    GVariant      *args,
                                    GError       **error);
/* The first column of the first row, or @fallback when there is no row
 * or it is NULL. */
gboolean      _nile_book_get_int   (NileCampaign  *campaign,
                                    const char    *sql,
                                    GVariant      *args,
                                    gint64         fallback,
                                    gint64        *out,
                                    GError       **error);
/* Same for text; %NULL when there is no row. */
gboolean      _nile_book_get_text  (NileCampaign  *campaign,
                                    const char    *sql,
                                    GVariant      *args,
                                    char         **out,
                                    GError       **error);
/* Reads the text of column @col, never %NULL. */
char         *_nile_book_column_text (sqlite3_stmt *stmt,
                                      int           col);

/* ---- Finding things by the names players use ---------------------- */

gboolean          _nile_book_get_turn      (NileCampaign  *campaign,
                                            gint64        *turn,
                                            GError       **error);
gboolean          _nile_book_drew_this_turn (NileCampaign *campaign,
                                             gint64        player_id,
                                             gboolean     *drew,
                                             GError      **error);
/* Notes that explorer @explorer_id leaves status @from in this turn. */
gboolean          _nile_book_note_status_change (NileCampaign  *campaign,
                                                 gint64         explorer_id,
                                                 const char    *from,
                                                 GError       **error);
/* The status explorer @explorer_id left in this turn, in @out_from;
 * %NULL when his status has not changed in it. An explorer whose status
 * has not changed since he was sent out, or since before the campaign
 * noted changes, changed it in an earlier turn. */
gboolean          _nile_book_status_changed_this_turn (NileCampaign  *campaign,
                                                       gint64         explorer_id,
                                                       char         **out_from,
                                                       GError       **error);
/* Fails unless @player_id, spelt @written, is the player on turn: the
 * others do nothing meanwhile (R 8.3). */
gboolean          _nile_book_require_on_turn (NileCampaign  *campaign,
                                              gint64         player_id,
                                              const char    *written,
                                              GError       **error);
/* Whether @player_id's last explorer died or retired in this turn: his
 * successor starts, and draws, only from the next (R 21.33). */
gboolean          _nile_book_explorer_ended_this_turn (NileCampaign  *campaign,
                                                       gint64         player_id,
                                                       gboolean      *ended,
                                                       GError       **error);
gboolean          _nile_book_get_edition   (NileCampaign  *campaign,
                                            NileEdition   *edition,
                                            GError       **error);
/* @name as the book keeps it: without blanks of any alphabet, nor
 * zero-width characters, at either end. %NULL and NILE_ERROR_INVALID_INPUT
 * when nothing in it shows, or it holds a character that breaks the
 * log's line or turns its direction; @what names it ("The hex"). */
char             *_nile_book_clean_name    (const char    *name,
                                            const char    *what,
                                            GError       **error);
/* The same for a text that may be left empty: "" when nothing is left. */
char             *_nile_book_clean_optional (const char   *text,
                                             const char   *what,
                                             GError      **error);
/* @name as players compare names, whatever its case or width. */
char             *_nile_book_fold_name     (const char    *name);
/* The player besides @except_id whose name is @name as players compare
 * names: @out_id 0 when there is none. */
gboolean          _nile_book_find_player_like (NileCampaign  *campaign,
                                               const char    *name,
                                               gint64         except_id,
                                               gint64        *out_id,
                                               char         **out_name,
                                               GError       **error);
/* NILE_ERROR_NOT_FOUND naming @name when no player is called that. */
gboolean          _nile_book_find_player   (NileCampaign  *campaign,
                                            const char    *name,
                                            gint64        *id,
                                            GError       **error);
/* The same, and his name as the book writes it, for the log to name
 * him so however he was typed. */
gboolean          _nile_book_find_player_written (NileCampaign  *campaign,
                                                  const char    *name,
                                                  gint64        *id,
                                                  char         **out_written,
                                                  GError       **error);
/* @player's explorer in play (neither dead nor retired). */
NileBookExplorer *_nile_book_find_explorer (NileCampaign  *campaign,
                                            const char    *player,
                                            GError       **error);
/* Sets @out_id to the row of the tribe with native counter @counter;
 * FALSE with the error of _nile_book_set_no_tribe_error() when none is
 * recorded. */
gboolean          _nile_book_find_tribe_id (NileCampaign  *campaign,
                                            gint64         counter,
                                            gint64        *out_id,
                                            GError       **error);
/* NILE_ERROR_NOT_FOUND: no tribe has native counter @counter, and how
 * to record one. */
void              _nile_book_set_no_tribe_error (GError **error,
                                                 gint64   counter);
/* The same without his make-up (left empty, and never to be saved with
 * _nile_book_explorer_save()): for operations that leave it alone, so
 * the expedition's row is not read at all. */
NileBookExplorer *_nile_book_find_explorer_without_makeup (NileCampaign  *campaign,
                                                           const char    *player,
                                                           GError       **error);

/* ---- Victory points (R 22) ---------------------------------------- */

/* @player_id's published VP and, when @explorer_id is not 0, that
 * explorer's unpublished VP. */
gboolean _nile_book_get_vp  (NileCampaign       *campaign,
                             gint64              player_id,
                             gint64              explorer_id,
                             NileVictoryPoints  *points,
                             GError            **error);
/* Records @amount (≥ 0) unpublished VP for @explorer. */
gboolean _nile_book_add_vp  (NileCampaign       *campaign,
                             NileBookExplorer   *explorer,
                             gint64              amount,
                             gint64              hex_id,
                             const char         *reason,
                             GError            **error);
/* Takes @loss VP, first from @explorer's unpublished VP, then from the
 * published total, never below 0 (R 22.5); @explorer may be %NULL. */
gboolean _nile_book_lose_vp (NileCampaign       *campaign,
                             gint64              player_id,
                             NileBookExplorer   *explorer,
                             int                 loss,
                             const char         *reason,
                             int                *taken,
                             GError            **error);
/* The explorer dies or retires (R 21.3): his unpublished VP and the
 * unpublished hexes he alone mapped are wiped, and he leaves play. */
gboolean _nile_book_end_explorer (NileCampaign      *campaign,
                                  NileBookExplorer  *explorer,
                                  NileExplorerStatus status,
                                  GString           *summary,
                                  GError           **error);

/* ---- Parameters --------------------------------------------------- */

gint64      _nile_book_param_int   (GVariantDict  *params,
                                    const char    *key,
                                    gint64         fallback);
gboolean    _nile_book_param_bool  (GVariantDict  *params,
                                    const char    *key,
                                    gboolean       fallback);
/* Borrowed from @params; %NULL when absent. */
const char *_nile_book_param_str   (GVariantDict  *params,
                                    const char    *key);
/* The roll result given as @params' "roll", as the log keeps it; one
 * that cannot be read is the caller's bad input
 * (NILE_ERROR_INVALID_INPUT), not a damaged file. */
NileRollResult *_nile_book_param_roll (GVariantDict  *params,
                                       GVariant     **out_variant,
                                       GError       **error);
/* NILE_ERROR_INVALID_INPUT unless @value lies in [@min, @max]; @what
 * names the value for the player ("the poison die"). */
gboolean    _nile_book_check_range (gint64         value,
                                    gint64         min,
                                    gint64         max,
                                    const char    *what,
                                    GError       **error);
/* Says so when a change leaves an expedition that rode still marked
 * mounted but with someone who has no ride mount: it is on foot now
 * (R 5.423). As a clause ("; not everyone …") or, with @sentence, a
 * sentence of its own (". Not everyone …"). */
void        _nile_book_note_dismounted  (GString              *summary,
                                         const NileExpedition *before,
                                         const NileExpedition *after,
                                         gboolean              sentence);
/* "rations 85 → 67, gifts 47 → 37": the fields that differ, and a word
 * when the change puts a mounted expedition on foot. */
void        _nile_book_describe_changes (GString              *summary,
                                         const NileExpedition *before,
                                         const NileExpedition *after);
/* "; 3 items over what it can carry …" when the make-up is overloaded,
 * nothing otherwise. */
void        _nile_book_append_excess    (GString              *summary,
                                         const NileExpedition *makeup);

G_END_DECLS
