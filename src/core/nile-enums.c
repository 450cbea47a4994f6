/* nile-enums.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-enums.h"

gboolean
nile_enum_from_nick (GType       type,
                     const char *nick,
                     int        *value)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *found;

  g_return_val_if_fail (G_TYPE_IS_ENUM (type), FALSE);

  if (nick == NULL)
    return FALSE;

  klass = g_type_class_ref (type);
  found = g_enum_get_value_by_nick (klass, nick);
  if (found == NULL)
    return FALSE;

  *value = found->value;
  return TRUE;
}

const char *
nile_enum_to_nick (GType type,
                   int   value)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *found;

  g_return_val_if_fail (G_TYPE_IS_ENUM (type), NULL);

  /* Enum classes are static once referenced, so the nick outlives klass. */
  klass = g_type_class_ref (type);
  found = g_enum_get_value (klass, value);
  return found != NULL ? found->value_nick : NULL;
}
