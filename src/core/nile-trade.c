/* nile-trade.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-trade"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-trade.h"

/* R 14.91–14.93, by NileTribeSize. */
static const int gift_limits[] = {
  [NILE_TRIBE_SIZE_SMALL] = 35,
  [NILE_TRIBE_SIZE_MEDIUM] = 50,
  [NILE_TRIBE_SIZE_LARGE] = 65,
};

int
nile_trade_gift_limit (NileTribeSize size)
{
  g_return_val_if_fail ((guint) size < G_N_ELEMENTS (gift_limits), 0);

  return gift_limits[size];
}

int
nile_trade_gifts_left (NileTribeSize size,
                       int           gifts_given)
{
  return MAX (0, nile_trade_gift_limit (size) - MAX (0, gifts_given));
}

gboolean
nile_trade_check (NileTribeSize        size,
                  int                  gifts_given,
                  int                  gifts,
                  const char          *item,
                  const char * const  *traded_this_turn,
                  GError             **error)
{
  int left;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, size) == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%d is not a tribe size"), size);
      return FALSE;
    }

  if (gifts_given < 0 || gifts < 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A number of gifts cannot be negative"));
      return FALSE;
    }

  if (item == NULL || *item == '\0')
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Name what is traded for"));
      return FALSE;
    }

  /* Its allotment of gifts spent, the tribe no longer trades with the
   * explorer at all, even when he hands over no gifts (R 14.95). */
  left = nile_trade_gifts_left (size, gifts_given);
  if (left == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("This %s tribe has had all the %d gifts it accepts from the explorer"
                     " and trades with him no more (R 14.95)"),
                   nile_display_phrase (NILE_TYPE_TRIBE_SIZE, nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, size)),
                   nile_trade_gift_limit (size));
      return FALSE;
    }

  if (traded_this_turn != NULL && g_strv_contains (traded_this_turn, item))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("This tribe has already traded %s with the explorer this turn"),
                   nile_display_field (item));
      return FALSE;
    }

  if (gifts > left)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("This %s tribe accepts only %d more gifts from the explorer, not %d"),
                   nile_display_phrase (NILE_TYPE_TRIBE_SIZE, nile_enum_to_nick (NILE_TYPE_TRIBE_SIZE, size)), left, gifts);
      return FALSE;
    }

  return TRUE;
}
