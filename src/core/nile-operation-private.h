/* nile-operation-private.h: checking an operation's parameters into the
 * dictionary it then reads
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-operation.h"

G_BEGIN_DECLS

/* As nile_operation_check_params(), and adds every checked value to
 * @dict (initialised empty), so the operation reads what the check
 * already took apart instead of the dictionary parsing @params again. */
gboolean _nile_operation_check_params_into (const NileOperation  *op,
                                            GVariant             *params,
                                            GVariantDict         *dict,
                                            GError              **error);

/* Whether @op may change @campaign as it now stands: once the game has
 * a winner, only what is marked after_the_end may. */
gboolean _nile_operation_check_allowed     (NileCampaign         *campaign,
                                            const NileOperation  *op,
                                            GError              **error);

/* How the front end names @operation in advice (see
 * nile_operation_set_name_func()), or NULL when it names none: the
 * refusal then advises in a player's words alone. */
char    *_nile_operation_name_for_advice   (const char           *operation);

/* How the front end names @param of @operation set to @value (nullable)
 * in advice (see nile_operation_set_setting_func()), or NULL when it
 * names none: the refusal then says what to set in a player's words. */
char    *_nile_operation_name_setting_for_advice (const char     *operation,
                                                  const char     *param,
                                                  const char     *value);

G_END_DECLS
