/* nile-enums.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "nile-enums.h"
#include "nile-error.h"

/* The class of enum @type, referenced once and kept: the enums are
 * static types whose classes live as long as the program, and every
 * change reads or writes a few nicks, where g_type_class_ref() and its
 * unref take the type system's locks each time. */
static GEnumClass *
enum_class (GType type)
{
  GEnumClass *klass = g_type_class_peek_static (type);

  return klass != NULL ? klass : g_type_class_ref (type);
}

gboolean
nile_enum_from_nick (GType       type,
                     const char *nick,
                     int        *value)
{
  GEnumValue *found;

  g_return_val_if_fail (G_TYPE_IS_ENUM (type), FALSE);

  if (nick == NULL)
    return FALSE;

  found = g_enum_get_value_by_nick (enum_class (type), nick);
  if (found == NULL)
    return FALSE;

  *value = found->value;
  return TRUE;
}

char *
nile_enum_list_nicks (GType type)
{
  GEnumClass *klass;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (G_TYPE_IS_ENUM (type), NULL);

  klass = enum_class (type);
  for (guint i = 0; i < klass->n_values; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, klass->values[i].value_nick);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
nile_enum_to_nick (GType type,
                   int   value)
{
  GEnumValue *found;

  g_return_val_if_fail (G_TYPE_IS_ENUM (type), NULL);

  found = g_enum_get_value (enum_class (type), value);
  return found != NULL ? found->value_nick : NULL;
}

gboolean
nile_terrain_check_oasis (int        terrain,
                          gboolean   river,
                          gboolean   oasis,
                          GError   **error)
{
  if (oasis && (river || (terrain >= 0 && terrain != NILE_TERRAIN_DESERT)))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("An oasis is found only in a desert hex without a river (R 10.51)"));
      return FALSE;
    }
  return TRUE;
}
