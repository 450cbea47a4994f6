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

/* Reads explorer @id; every explorer of the campaign, oldest first, when
 * @id is 0 (as a GPtrArray of NileBookExplorer). */
NileBookExplorer *_nile_book_explorer_load     (NileCampaign      *campaign,
                                                gint64             id,
                                                GError           **error);
GPtrArray        *_nile_book_explorer_load_all (NileCampaign      *campaign,
                                                GError           **error);
gboolean          _nile_book_explorer_save     (NileCampaign      *campaign,
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

G_END_DECLS
