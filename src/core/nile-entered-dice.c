/* nile-entered-dice.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-entered-dice"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-entered-dice.h"
#include "nile-error.h"

struct _NileEnteredDice
{
  GObject  parent_instance;

  GArray  *values;   /* guint8, each 1–6 */
  gsize    n_rolled;
};

static void nile_entered_dice_source_init (NileDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NileEnteredDice, nile_entered_dice, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (NILE_TYPE_DICE_SOURCE,
                                                      nile_entered_dice_source_init))

static guint
nile_entered_dice_roll (NileDiceSource *source)
{
  NileEnteredDice *self = NILE_ENTERED_DICE (source);
  gsize index = self->n_rolled++;

  if (index < self->values->len)
    return g_array_index (self->values, guint8, index);

  /* Out of dice: answer with stand-ins that cycle through the faces, so
   * the procedure still ends (rerolls of ties break) and the caller can
   * count how many dice it needed. The result is thrown away. */
  return 1 + (guint) (index % 6);
}

static gsize
nile_entered_dice_get_n_rolled (NileDiceSource *source)
{
  return NILE_ENTERED_DICE (source)->n_rolled;
}

static gsize
nile_entered_dice_get_n_given (NileDiceSource *source)
{
  return NILE_ENTERED_DICE (source)->values->len;
}

static void
nile_entered_dice_source_init (NileDiceSourceInterface *iface)
{
  iface->roll = nile_entered_dice_roll;
  iface->get_n_rolled = nile_entered_dice_get_n_rolled;
  iface->get_n_given = nile_entered_dice_get_n_given;
}

static void
nile_entered_dice_finalize (GObject *object)
{
  NileEnteredDice *self = NILE_ENTERED_DICE (object);

  g_clear_pointer (&self->values, g_array_unref);

  G_OBJECT_CLASS (nile_entered_dice_parent_class)->finalize (object);
}

static void
nile_entered_dice_class_init (NileEnteredDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_entered_dice_finalize;
}

static void
nile_entered_dice_init (NileEnteredDice *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (guint8));
}

NileDiceSource *
nile_entered_dice_new (const guint *values,
                       gsize        n_values)
{
  NileEnteredDice *self;

  g_return_val_if_fail (values != NULL || n_values == 0, NULL);

  for (gsize i = 0; i < n_values; i++)
    g_return_val_if_fail (values[i] >= 1 && values[i] <= 6, NULL);

  self = g_object_new (NILE_TYPE_ENTERED_DICE, NULL);
  for (gsize i = 0; i < n_values; i++)
    {
      guint8 value = (guint8) values[i];

      g_array_append_val (self->values, value);
    }

  return NILE_DICE_SOURCE (self);
}

/* Reads dice as a person types them: "3,4,5", "3 4 5" or "3, 4, 5".
 * A comma with no die on one side ("3,,4", "3,4,") is refused rather
 * than passed over: a die left out of a throw typed by hand would
 * shift every die after it to another step. */
NileDiceSource *
nile_entered_dice_new_from_string (const char  *text,
                                   GError     **error)
{
  g_auto(GStrv) pieces = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *blank = NULL;
  guint position = 0;

  g_return_val_if_fail (text != NULL, NULL);

  /* Only blanks and commas: said as no dice at all, below. */
  blank = g_strdelimit (g_strdup (text), ",", ' ');
  if (*g_strstrip (blank) == '\0')
    pieces = g_new0 (char *, 1);
  else
    pieces = g_strsplit (text, ",", -1);

  for (guint p = 0; pieces[p] != NULL; p++)
    {
      g_auto(GStrv) words = g_strsplit_set (pieces[p], " \t", -1);
      gboolean any = FALSE;

      for (guint i = 0; words[i] != NULL; i++)
        {
          guint64 value;
          guint die;

          if (words[i][0] == '\0')
            continue;

          any = TRUE;
          position++;
          if (!g_ascii_string_to_unsigned (words[i], 10, 1, 6, &value, NULL))
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Die %u is “%s”: a die shows 1 to 6"),
                           position, words[i]);
              return NULL;
            }

          die = (guint) value;
          g_array_append_val (values, die);
        }

      if (!any)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("Die %u is missing from “%s”: each comma goes between two dice"),
                       position + 1, text);
          return NULL;
        }
    }

  if (values->len == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("No dice given: type them in the order thrown, e.g. “3,4,5”"));
      return NULL;
    }

  return nile_entered_dice_new ((const guint *) values->data, values->len);
}
