/* nile-player-row.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-player-row"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-player-row.h"
#include "nile-ui-util.h"

/* One player in the sidebar: the colour of his counters, his name, whose
 * turn it is (or, once the game is won, who won it), his current explorer and where that explorer stands, and
 * his victory points, published and not yet published. */
struct _NilePlayerRow
{
  GtkListBoxRow    parent_instance;

  NilePlayer      *player;
  NileExplorer    *explorer;
  char            *winner;

  GtkDrawingArea  *swatch;
  GtkLabel        *name_label;
  GtkLabel        *turn_label;
  GtkLabel        *won_label;
  GtkLabel        *explorer_label;
  GtkLabel        *vp_label;
};

G_DEFINE_FINAL_TYPE (NilePlayerRow, nile_player_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_PLAYER,
  PROP_EXPLORER,
  PROP_WINNER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A filled disc in the player's colour; an outline when the colour is
 * not one GDK knows by name. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (user_data);
  double radius = MIN (width, height) / 2.0 - 1.0;
  GdkRGBA colour;

  cairo_arc (cr, width / 2.0, height / 2.0, radius, 0, 2 * G_PI);

  if (gdk_rgba_parse (&colour, nile_player_get_colour (self->player)))
    {
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_fill_preserve (cr);
    }

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  colour.alpha *= 0.5;
  gdk_cairo_set_source_rgba (cr, &colour);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

/* Three short lines that fit a 280 px sidebar: the player, where his
 * explorer is, and his victory points; the specialty is on his sheet
 * and in what a screen reader says. */
static void
nile_player_row_update (NilePlayerRow *self)
{
  const char *name = nile_player_get_name (self->player);
  g_autofree char *explorer_text = NULL;
  g_autofree char *vp_text = NULL;
  g_autoptr(GString) spoken = g_string_new (nile_player_get_name (self->player));
  int published = nile_player_get_vp_published (self->player);
  int unpublished = 0;
  /* The game is over once it has a winner (R 8.1, 2.3): the turn it
   * ended in is not played on, so no one is shown playing it. */
  gboolean won = self->winner != NULL && g_strcmp0 (self->winner, name) == 0;
  gboolean playing = self->winner == NULL && nile_player_get_current (self->player);

  gtk_label_set_label (self->name_label, name);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_label), playing);
  gtk_widget_set_visible (GTK_WIDGET (self->won_label), won);
  /* The badges are not in the row's name: say them there. */
  if (won)
    /* Translators: said after a player's name by a screen reader */
    g_string_append_printf (spoken, ", %s", _("won the game"));
  else if (playing)
    /* Translators: said after a player's name by a screen reader */
    g_string_append_printf (spoken, ", %s", _("playing"));

  if (self->explorer != NULL)
    {
      g_autofree char *specialty = nile_display_specialty (nile_explorer_get_specialty (self->explorer));
      g_autofree char *place = nile_ui_describe_place (self->explorer);

      /* Translators: explorer name · where he is, e.g. "Livingstone · In Africa, H23" */
      explorer_text = g_strdup_printf (_("%s · %s"), nile_explorer_get_name (self->explorer), place);

      unpublished = nile_explorer_get_vp_unpublished (self->explorer);
      g_string_append_printf (spoken, ", %s, %s, %s", nile_explorer_get_name (self->explorer), specialty, place);
    }
  else
    {
      explorer_text = g_strdup (_("No explorer yet"));
      g_string_append_printf (spoken, ", %s", explorer_text);
    }

  /* Said as on the Finds page: the points that count, then those his
   * explorer still has to publish (lost if he dies first). */
  /* Translators: a player's published victory points, then those not yet published */
  vp_text = g_strdup_printf (_("%d VP · %d not yet published"), published, unpublished);

  gtk_label_set_label (self->explorer_label, explorer_text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->explorer_label), explorer_text);
  gtk_label_set_label (self->vp_label, vp_text);
  gtk_widget_queue_draw (GTK_WIDGET (self->swatch));

  g_string_append_printf (spoken, ", %s", vp_text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str,
                                  -1);
}

static void
nile_player_row_constructed (GObject *object)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (object);

  G_OBJECT_CLASS (nile_player_row_parent_class)->constructed (object);

  gtk_drawing_area_set_draw_func (self->swatch, draw_swatch, self, NULL);
  nile_player_row_update (self);
}

static void
nile_player_row_dispose (GObject *object)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_PLAYER_ROW);
  g_clear_object (&self->player);
  g_clear_object (&self->explorer);

  G_OBJECT_CLASS (nile_player_row_parent_class)->dispose (object);
}

static void
nile_player_row_finalize (GObject *object)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (object);

  g_free (self->winner);

  G_OBJECT_CLASS (nile_player_row_parent_class)->finalize (object);
}

static void
nile_player_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      g_value_set_object (value, self->player);
      break;

    case PROP_EXPLORER:
      g_value_set_object (value, self->explorer);
      break;

    case PROP_WINNER:
      g_value_set_string (value, self->winner);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  NilePlayerRow *self = NILE_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      self->player = g_value_dup_object (value);
      break;

    case PROP_EXPLORER:
      nile_player_row_set_explorer (self, g_value_get_object (value));
      break;

    case PROP_WINNER:
      nile_player_row_set_winner (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_row_class_init (NilePlayerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_player_row_constructed;
  object_class->dispose = nile_player_row_dispose;
  object_class->finalize = nile_player_row_finalize;
  object_class->get_property = nile_player_row_get_property;
  object_class->set_property = nile_player_row_set_property;

  properties[PROP_PLAYER] =
    g_param_spec_object ("player", NULL, NULL,
                         NILE_TYPE_PLAYER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXPLORER] =
    g_param_spec_object ("explorer", NULL, NULL,
                         NILE_TYPE_EXPLORER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINNER] =
    g_param_spec_string ("winner", NULL, "who won the game, if anyone",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-player-row.ui");
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, swatch);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, won_label);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, explorer_label);
  gtk_widget_class_bind_template_child (widget_class, NilePlayerRow, vp_label);
}

static void
nile_player_row_init (NilePlayerRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* @winner: (nullable): who won the campaign's game, if anyone */
GtkWidget *
nile_player_row_new (NilePlayer   *player,
                     NileExplorer *explorer,
                     const char   *winner)
{
  g_return_val_if_fail (NILE_IS_PLAYER (player), NULL);
  g_return_val_if_fail (explorer == NULL || NILE_IS_EXPLORER (explorer), NULL);

  return g_object_new (NILE_TYPE_PLAYER_ROW,
                       "player", player,
                       "explorer", explorer,
                       "winner", winner,
                       NULL);
}

NilePlayer *
nile_player_row_get_player (NilePlayerRow *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_ROW (self), NULL);

  return self->player;
}

NileExplorer *
nile_player_row_get_explorer (NilePlayerRow *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_ROW (self), NULL);

  return self->explorer;
}

/* The row stays when only his explorer or the game's end changes, so
 * the keyboard's place and the selection stay on it. */
void
nile_player_row_set_explorer (NilePlayerRow *self,
                              NileExplorer  *explorer)
{
  g_return_if_fail (NILE_IS_PLAYER_ROW (self));
  g_return_if_fail (explorer == NULL || NILE_IS_EXPLORER (explorer));

  if (!g_set_object (&self->explorer, explorer))
    return;
  if (self->player != NULL)
    nile_player_row_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPLORER]);
}

const char *
nile_player_row_get_winner (NilePlayerRow *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER_ROW (self), NULL);

  return self->winner;
}

/* @winner: (nullable): who won the campaign's game, if anyone */
void
nile_player_row_set_winner (NilePlayerRow *self,
                            const char    *winner)
{
  g_return_if_fail (NILE_IS_PLAYER_ROW (self));

  if (g_strcmp0 (self->winner, winner) == 0)
    return;
  g_free (self->winner);
  self->winner = g_strdup (winner);
  if (self->player != NULL)
    nile_player_row_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
}
