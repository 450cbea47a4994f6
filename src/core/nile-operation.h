/* nile-operation.h: every change to a campaign, described as data
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An operation is a name plus typed parameters (an a{sv} GVariant).
 * nile_campaign_apply() checks the parameters against the operation's
 * spec, runs its apply function inside one transaction and journals it,
 * so it can be undone and redone, even after a restart.
 */
#pragma once

#include <gio/gio.h>

#include "nile-campaign.h"
#include "nile-sqlite-private.h"

G_BEGIN_DECLS

typedef struct {
  const char *name;         /* "player"; also the key on the command line */
  const char *type;         /* GVariant type string: "s", "x", "b" or "d"
                             * ("x" for every integer, which must fit
                             * an int all the same) */
  gboolean    optional;
  const char *description;
  const char * const *choices;  /* the only values taken, or NULL for any;
                                 * a form offers them to choose from */
  gboolean    names_player; /* the value is a player's name: a form
                             * offers the campaign's players */
  GType     (*choice_type) (void); /* the enum whose nicks @choices are,
                                    * for a form to show their names */
  gboolean    names_tribe;  /* the value is a tribe's native counter: a
                             * form offers the campaign's tribes */
  gboolean    default_on;   /* a "b" left out means yes */
  gboolean    left_as_is;   /* left out, what it sets stays as it is:
                             * a form offers to leave it */
} NileOperationParam;

/* Changes the campaign through @db, inside the transaction the campaign
 * opened (never BEGIN/COMMIT here), and writes the log line into
 * @summary, in our words ("Renamed the campaign to …"). @params holds
 * only checked keys of the declared types. On error, everything the
 * function did is rolled back. */
typedef gboolean (*NileOperationApplyFunc) (NileCampaign  *campaign,
                                            sqlite3       *db,
                                            GVariantDict  *params,
                                            GString       *summary,
                                            GError       **error);

typedef struct {
  const char               *name;         /* "add-player" */
  const char               *description;
  const NileOperationParam *params;       /* terminated by { NULL } */
  NileOperationApplyFunc    apply;
  gboolean                  after_the_end; /* may be applied once the game
                                            * has a winner: names and
                                            * colours only (R 8.1) */
  const char               *unchanged;    /* for an operation that only
                                           * sets values: the refusal
                                           * when they are set already,
                                           * so no empty step is undone */
} NileOperation;

const NileOperation *nile_operation_lookup       (const char           *name);
const NileOperation *nile_operation_get_all      (guint                *n);
gboolean             nile_operation_check_params (const NileOperation  *op,
                                                  GVariant             *params,
                                                  GError              **error);
gboolean             nile_operation_parse_params (const NileOperation  *op,
                                                  const char * const   *key_values,
                                                  GVariant            **out_params,
                                                  GError              **error);

/* How a front end names @operation where a refusal advises it: the
 * command line by the word typed ("add-tribe"); returns a new string, or
 * NULL to leave it unnamed, as the window does, whose forms have names
 * of their own. */
typedef char *(*NileOperationNameFunc) (const char *operation,
                                        gpointer    user_data);

void                 nile_operation_set_name_func (NileOperationNameFunc  func,
                                                   gpointer               user_data);

/* How a front end names a setting a refusal advises, @param of
 * @operation set to @value: the command line as typed ("village=true";
 * "prisoners=" for a %NULL @value, a number still to be given). Returns
 * a new string, or NULL to leave it unnamed, as the window does, whose
 * forms name their fields in their own words. */
typedef char *(*NileOperationSettingFunc) (const char *operation,
                                           const char *param,
                                           const char *value,
                                           gpointer    user_data);

void                 nile_operation_set_setting_func (NileOperationSettingFunc func,
                                                      gpointer                 user_data);

G_END_DECLS
