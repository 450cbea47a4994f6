/* nile-log-entry.c: one line of a campaign's journal
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Entries are snapshots made by the log model; only "undone" changes
 * afterwards, when the change is undone or redone. The parameters are
 * kept as the journal's text and parsed when first asked for: a list
 * shows summaries, and parsing is the dearest part of reading a line.
 */
#define G_LOG_DOMAIN "nile-log-entry"

#include "config.h"

#include "nile-log-entry-private.h"

struct _NileLogEntry
{
  GObject      parent_instance;

  gint64       sequence;
  GDateTime   *time;
  char        *operation;
  char        *params_text;
  GVariant    *params;
  char        *summary;
  NileLogKind  kind;
  gint64       target;
  gint64       player_id;
  gboolean     undone;
};

G_DEFINE_FINAL_TYPE (NileLogEntry, nile_log_entry, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (NileLogKind, nile_log_kind,
  G_DEFINE_ENUM_VALUE (NILE_LOG_KIND_DO, "do"),
  G_DEFINE_ENUM_VALUE (NILE_LOG_KIND_UNDO, "undo"),
  G_DEFINE_ENUM_VALUE (NILE_LOG_KIND_REDO, "redo"))

enum {
  PROP_0,
  PROP_SEQUENCE,
  PROP_TIME,
  PROP_OPERATION,
  PROP_PARAMS,
  PROP_SUMMARY,
  PROP_KIND,
  PROP_TARGET,
  PROP_PLAYER_ID,
  PROP_UNDONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_log_entry_finalize (GObject *object)
{
  NileLogEntry *self = (NileLogEntry *) object;

  g_clear_pointer (&self->time, g_date_time_unref);
  g_clear_pointer (&self->operation, g_free);
  g_clear_pointer (&self->params_text, g_free);
  g_clear_pointer (&self->params, g_variant_unref);
  g_clear_pointer (&self->summary, g_free);

  G_OBJECT_CLASS (nile_log_entry_parent_class)->finalize (object);
}

static void
nile_log_entry_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileLogEntry *self = NILE_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_SEQUENCE:
      g_value_set_int64 (value, self->sequence);
      break;

    case PROP_TIME:
      g_value_set_boxed (value, self->time);
      break;

    case PROP_OPERATION:
      g_value_set_string (value, self->operation);
      break;

    case PROP_PARAMS:
      g_value_set_variant (value, nile_log_entry_get_params (self));
      break;

    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;

    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_TARGET:
      g_value_set_int64 (value, self->target);
      break;

    case PROP_PLAYER_ID:
      g_value_set_int64 (value, self->player_id);
      break;

    case PROP_UNDONE:
      g_value_set_boolean (value, self->undone);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_log_entry_class_init (NileLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_log_entry_finalize;
  object_class->get_property = nile_log_entry_get_property;

  properties[PROP_SEQUENCE] =
    g_param_spec_int64 ("sequence", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME] =
    g_param_spec_boxed ("time", NULL, NULL, G_TYPE_DATE_TIME,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPERATION] =
    g_param_spec_string ("operation", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PARAMS] =
    g_param_spec_variant ("params", NULL, NULL, G_VARIANT_TYPE_VARDICT, NULL,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, NILE_TYPE_LOG_KIND, NILE_LOG_KIND_DO,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TARGET] =
    g_param_spec_int64 ("target", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER_ID] =
    g_param_spec_int64 ("player-id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDONE] =
    g_param_spec_boolean ("undone", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_log_entry_init (NileLogEntry *self)
{
}

NileLogEntry *
_nile_log_entry_new (gint64       sequence,
                     GDateTime   *time,
                     const char  *operation,
                     const char  *params_text,
                     const char  *summary,
                     NileLogKind  kind,
                     gint64       target,
                     gint64       player_id,
                     gboolean     undone)
{
  NileLogEntry *self = g_object_new (NILE_TYPE_LOG_ENTRY, NULL);

  self->sequence = sequence;
  self->time = time != NULL ? g_date_time_ref (time) : NULL;
  self->operation = g_strdup (operation);
  self->params_text = g_strdup (params_text);
  self->summary = g_strdup (summary);
  self->kind = kind;
  self->target = target;
  self->player_id = player_id;
  self->undone = !!undone;

  return self;
}

void
_nile_log_entry_set_undone (NileLogEntry *self,
                            gboolean      undone)
{
  g_return_if_fail (NILE_IS_LOG_ENTRY (self));

  undone = !!undone;
  if (self->undone == undone)
    return;

  self->undone = undone;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDONE]);
}

/* The number of the line, from 1, in the order things happened. */
gint64
nile_log_entry_get_sequence (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), 0);

  return self->sequence;
}

/* When it happened, in UTC; %NULL if the file held no readable time. */
GDateTime *
nile_log_entry_get_time (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), NULL);

  return self->time;
}

/* The operation's name, or "undo"/"redo" for those lines. */
const char *
nile_log_entry_get_operation (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), NULL);

  return self->operation;
}

/* The a{sv} parameters the operation was given; %NULL if unreadable. */
GVariant *
nile_log_entry_get_params (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), NULL);

  /* The journal is ours, but a file may come from anywhere: a line
   * whose parameters do not parse still shows, without them. */
  if (self->params == NULL && self->params_text != NULL)
    {
      /* A full reference already: parsed values are never floating. */
      self->params = g_variant_parse (G_VARIANT_TYPE_VARDICT, self->params_text, NULL, NULL, NULL);
      g_clear_pointer (&self->params_text, g_free);
    }

  return self->params;
}

const char *
nile_log_entry_get_summary (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), NULL);

  return self->summary;
}

NileLogKind
nile_log_entry_get_kind (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), NILE_LOG_KIND_DO);

  return self->kind;
}

/* For undo and redo lines, the sequence of the change acted on; else 0. */
gint64
nile_log_entry_get_target (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), 0);

  return self->target;
}

/* The player the line is about (nile_player_get_id()); undo and redo
 * lines are about their change's player. 0 when it is about no one. */
gint64
nile_log_entry_get_player_id (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), 0);

  return self->player_id;
}

/* Whether this change is currently undone. */
gboolean
nile_log_entry_get_undone (NileLogEntry *self)
{
  g_return_val_if_fail (NILE_IS_LOG_ENTRY (self), FALSE);

  return self->undone;
}
