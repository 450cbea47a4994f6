/* nile-tables-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-tables-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-enum-types.h"
#include "nile-roll.h"
#include "nile-tables-page.h"
#include "nile-ui-util.h"

/* Rolls in the order a turn meets them. A roll the registry has and no
 * group names lands in the last group, so none is ever hidden. */
typedef struct {
  const char *title;
  const char *rolls[16];
} RollGroup;

static const RollGroup roll_groups[] = {
  { N_("Movement"),
    { "lost", "activity" } },
  { N_("Natives"),
    { "native-attitude", "negotiation", "hostile-action", "native-attack", "combat",
      "victory", "victory-a", "victory-b", "defeat", "escape", "looting", "poison" } },
  { N_("Hunting & Health"),
    { "hunting", "recovery", "shoot-animal" } },
  { N_("Discoveries"),
    { "natives-present", "native-strength", "mountain", "cataract", "waterfall", "oasis" } },
  { N_("Other"),
    { "turn-order", "cache", "disaster-death", "cataract-canoes" } },
};

struct _NileTablesPage
{
  GtkWidget        parent_instance;

  NileEdition      edition;
  GPtrArray       *rows;         /* AdwActionRow, one per roll */
  NileCampaignBook *book;
  char            *player;

  AdwLeaflet      *leaflet;
  GtkBox          *groups_box;
  GtkToggleButton *ah_button;
  GtkToggleButton *dg_button;
  GtkScrolledWindow *roll_scroller;
  NileQuickRoll   *quick_roll;
};

G_DEFINE_FINAL_TYPE (NileTablesPage, nile_tables_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_EDITION,
  PROP_SHEETS,
  PROP_BOOK,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const NileRollSpec *
row_spec (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "spec");
}

static void
update_row (NileTablesPage *self,
            GtkWidget      *row)
{
  const NileRollSpec *spec = row_spec (row);
  NileSheetStore *sheets = nile_quick_roll_get_sheets (self->quick_roll);
  gboolean available = nile_roll_spec_has_edition (spec, self->edition);
  g_autofree char *subtitle = NULL;
  g_autofree char *completion = NULL;
  NileSheet *sheet;
  guint filled, total;

  /* How much of the owner's sheet is filled in, asked of the store the
   * page shows rather than of a process-wide hook; a sheet of the other
   * edition says nothing about this one's procedure. */
  if (spec->sheet_id != NULL && sheets != NULL &&
      (sheet = nile_sheet_store_lookup (sheets, spec->sheet_id)) != NULL &&
      nile_sheet_get_edition (sheet) == self->edition &&
      nile_sheet_store_get_completion (sheets, spec->sheet_id, &filled, &total))
    completion = nile_sheet_describe_completion (filled, 0, total);

  if (!available)
    subtitle = g_strdup_printf (_("%s only"),
                                nile_edition_get_display_name (nile_roll_spec_default_edition (spec)));
  else if (completion != NULL)
    subtitle = g_strdup_printf ("%s\n%s", _(spec->summary), completion);
  else
    subtitle = g_strdup (_(spec->summary));

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_sensitive (row, available);
}

static void
update_rows (NileTablesPage *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    update_row (self, g_ptr_array_index (self->rows, i));
}

/* The counts of filled cells follow the owner's sheets, whoever fills
 * them: the card's prompt, an imported pack, the sheet editor. */
static void
watch_sheets (NileTablesPage *self,
              NileSheetStore *sheets,
              gboolean        watch)
{
  GListModel *list = nile_sheet_store_get_sheets (sheets);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (list, i);

      if (watch)
        g_signal_connect_object (sheet, "changed", G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
      else
        g_signal_handlers_disconnect_by_data (sheet, self);
    }
}

static void
row_activated_cb (NileTablesPage *self,
                  AdwActionRow   *row)
{
  nile_tables_page_show_roll (self, row_spec (GTK_WIDGET (row))->name);
}

static GtkWidget *
create_row (NileTablesPage     *self,
            const NileRollSpec *spec)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "spec", (gpointer) spec);
  g_signal_connect_object (row, "activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);
  g_ptr_array_add (self->rows, row);
  update_row (self, row);
  return row;
}

static int
group_of (const NileRollSpec *spec)
{
  for (guint g = 0; g < G_N_ELEMENTS (roll_groups); g++)
    for (guint i = 0; i < G_N_ELEMENTS (roll_groups[g].rolls) && roll_groups[g].rolls[i] != NULL; i++)
      if (g_str_equal (roll_groups[g].rolls[i], spec->name) ||
          g_strcmp0 (roll_groups[g].rolls[i], spec->alias) == 0)
        return (int) g;
  return G_N_ELEMENTS (roll_groups) - 1;
}

/* Rows follow the group's order, not the registry's. */
static int
position_in_group (const NileRollSpec *spec,
                   guint               group)
{
  for (guint i = 0; i < G_N_ELEMENTS (roll_groups[group].rolls) && roll_groups[group].rolls[i] != NULL; i++)
    if (g_str_equal (roll_groups[group].rolls[i], spec->name) ||
        g_strcmp0 (roll_groups[group].rolls[i], spec->alias) == 0)
      return (int) i;
  return G_N_ELEMENTS (roll_groups[group].rolls);
}

static int
compare_specs (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const NileRollSpec *spec_a = *(const NileRollSpec * const *) a;
  const NileRollSpec *spec_b = *(const NileRollSpec * const *) b;
  int group_a = group_of (spec_a), group_b = group_of (spec_b);

  if (group_a != group_b)
    return group_a - group_b;
  return position_in_group (spec_a, group_a) - position_in_group (spec_b, group_b);
}

static void
build_groups (NileTablesPage *self)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  const NileRollSpec *all;
  AdwPreferencesGroup *group = NULL;
  int current = -1;
  guint n_specs;

  all = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    g_ptr_array_add (specs, (gpointer) &all[i]);
  /* Stable, so rolls outside every group keep the registry's order. */
  g_ptr_array_sort_with_data (specs, compare_specs, NULL);

  for (guint i = 0; i < specs->len; i++)
    {
      const NileRollSpec *spec = g_ptr_array_index (specs, i);
      int g = group_of (spec);

      if (g != current)
        {
          g_autofree char *title = g_markup_escape_text (_(roll_groups[g].title), -1);

          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, title);
          gtk_box_append (self->groups_box, GTK_WIDGET (group));
          current = g;
        }
      adw_preferences_group_add (group, create_row (self, spec));
    }
}

static void
edition_toggled_cb (NileTablesPage  *self,
                    GtkToggleButton *button)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  nile_tables_page_set_edition (self, button == self->ah_button ? NILE_EDITION_AH : NILE_EDITION_DG);
}

/* The campaign answers some of the rolls' inputs for them: its house
 * rules, the activity level the player chose this turn, and the hex his
 * explorer is in (nile_campaign_book_get_roll_inputs()). */
static void
update_campaign_inputs (NileTablesPage *self)
{
  nile_quick_roll_set_campaign_inputs (self->quick_roll,
                                       self->book != NULL ? nile_campaign_book_get_roll_inputs (self->book,
                                                                                                self->player)
                                                          : NULL);
}

static void
update_explorer (NileTablesPage *self)
{
  g_autoptr(NileExplorer) explorer = NULL;

  if (self->book != NULL)
    explorer = nile_campaign_book_dup_current_explorer (self->book, self->player);
  nile_quick_roll_set_explorer (self->quick_roll,
                                self->book != NULL ? nile_campaign_book_get_campaign (self->book) : NULL,
                                explorer);
  update_campaign_inputs (self);
}

/* The campaign says which rules it is played by; the switch stays free
 * for a look at the other edition. */
static void
book_edition_changed_cb (NileTablesPage *self)
{
  int edition;

  if (nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (self->book), &edition))
    nile_tables_page_set_edition (self, edition);
}

static void
show_list_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileTablesPage *self = NILE_TABLES_PAGE (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "list");
}

/* The owner's sheets are read when the page is first shown, unless the
 * page was handed a store: a window that never shows the Tables page
 * never touches them. */
static void
nile_tables_page_map (GtkWidget *widget)
{
  NileTablesPage *self = NILE_TABLES_PAGE (widget);

  /* The rows and the first roll's panel are built when the page is
   * first shown: most turns start on another page, and the window's
   * first frame should not wait for them. */
  if (self->rows->len == 0)
    {
      build_groups (self);
      /* Unfolded, the panel beside the list is never empty. */
      if (nile_quick_roll_get_roll (self->quick_roll) == NULL && self->rows->len > 0)
        nile_quick_roll_set_roll (self->quick_roll, row_spec (g_ptr_array_index (self->rows, 0))->name);
    }

  GTK_WIDGET_CLASS (nile_tables_page_parent_class)->map (widget);

  if (nile_quick_roll_get_sheets (self->quick_roll) == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileSheetStore) sheets = nile_sheet_store_dup_default (&error);

      /* Without them the fixed rules still work; sheet rolls say what
       * is missing in the core's words. */
      if (sheets == NULL)
        g_message ("Your table sheets could not be read: %s", error->message);
      else
        nile_tables_page_set_sheets (self, sheets);
    }
}

static void
nile_tables_page_dispose (GObject *object)
{
  NileTablesPage *self = NILE_TABLES_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_TABLES_PAGE);
  /* Template children without a field are still ours to unparent. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->book);

  G_OBJECT_CLASS (nile_tables_page_parent_class)->dispose (object);
}

static void
nile_tables_page_finalize (GObject *object)
{
  NileTablesPage *self = NILE_TABLES_PAGE (object);

  g_clear_pointer (&self->player, g_free);

  G_OBJECT_CLASS (nile_tables_page_parent_class)->finalize (object);
}

static void
nile_tables_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileTablesPage *self = NILE_TABLES_PAGE (object);

  switch (prop_id)
    {
    case PROP_EDITION:
      g_value_set_enum (value, self->edition);
      break;

    case PROP_SHEETS:
      g_value_set_object (value, nile_tables_page_get_sheets (self));
      break;

    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_tables_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NileTablesPage *self = NILE_TABLES_PAGE (object);

  switch (prop_id)
    {
    case PROP_EDITION:
      nile_tables_page_set_edition (self, g_value_get_enum (value));
      break;

    case PROP_SHEETS:
      nile_tables_page_set_sheets (self, g_value_get_object (value));
      break;

    case PROP_BOOK:
      nile_tables_page_set_book (self, g_value_get_object (value));
      break;

    case PROP_PLAYER:
      nile_tables_page_set_player (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_tables_page_class_init (NileTablesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_tables_page_dispose;
  object_class->finalize = nile_tables_page_finalize;

  widget_class->map = nile_tables_page_map;
  object_class->get_property = nile_tables_page_get_property;
  object_class->set_property = nile_tables_page_set_property;

  properties[PROP_EDITION] =
    g_param_spec_enum ("edition", NULL, NULL,
                       NILE_TYPE_EDITION, NILE_EDITION_AH,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHEETS] =
    g_param_spec_object ("sheets", NULL, NULL,
                         NILE_TYPE_SHEET_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NILE_TYPE_QUICK_ROLL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-tables-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, groups_box);
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, ah_button);
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, dg_button);
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, roll_scroller);
  gtk_widget_class_bind_template_child (widget_class, NileTablesPage, quick_roll);
  gtk_widget_class_bind_template_callback (widget_class, edition_toggled_cb);

  gtk_widget_class_install_action (widget_class, "tables.show-list", NULL, show_list_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
nile_tables_page_init (NileTablesPage *self)
{
  self->edition = NILE_EDITION_AH;
  self->rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "list");
}

GtkWidget *
nile_tables_page_new (void)
{
  return g_object_new (NILE_TYPE_TABLES_PAGE, NULL);
}

NileEdition
nile_tables_page_get_edition (NileTablesPage *self)
{
  g_return_val_if_fail (NILE_IS_TABLES_PAGE (self), NILE_EDITION_AH);
  return self->edition;
}

void
nile_tables_page_set_edition (NileTablesPage *self,
                              NileEdition     edition)
{
  g_return_if_fail (NILE_IS_TABLES_PAGE (self));
  g_return_if_fail (edition < NILE_N_EDITIONS);

  if (self->edition == edition)
    return;

  self->edition = edition;
  gtk_toggle_button_set_active (edition == NILE_EDITION_AH ? self->ah_button : self->dg_button, TRUE);
  nile_quick_roll_set_edition (self->quick_roll, edition);
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITION]);
}

NileSheetStore *
nile_tables_page_get_sheets (NileTablesPage *self)
{
  g_return_val_if_fail (NILE_IS_TABLES_PAGE (self), NULL);
  return nile_quick_roll_get_sheets (self->quick_roll);
}

void
nile_tables_page_set_sheets (NileTablesPage *self,
                             NileSheetStore *sheets)
{
  g_return_if_fail (NILE_IS_TABLES_PAGE (self));

  if (nile_quick_roll_get_sheets (self->quick_roll) == sheets)
    return;

  if (nile_quick_roll_get_sheets (self->quick_roll) != NULL)
    watch_sheets (self, nile_quick_roll_get_sheets (self->quick_roll), FALSE);
  nile_quick_roll_set_sheets (self->quick_roll, sheets);
  if (sheets != NULL)
    watch_sheets (self, sheets, TRUE);
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHEETS]);
}

NileQuickRoll *
nile_tables_page_get_quick_roll (NileTablesPage *self)
{
  g_return_val_if_fail (NILE_IS_TABLES_PAGE (self), NULL);
  return self->quick_roll;
}

void
nile_tables_page_show_roll (NileTablesPage *self,
                            const char     *roll)
{
  g_return_if_fail (NILE_IS_TABLES_PAGE (self));
  g_return_if_fail (nile_roll_lookup (roll) != NULL);

  nile_quick_roll_set_roll (self->quick_roll, roll);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->roll_scroller), 0);
  adw_leaflet_set_visible_child_name (self->leaflet, "roll");
}

NileCampaignBook *
nile_tables_page_get_book (NileTablesPage *self)
{
  g_return_val_if_fail (NILE_IS_TABLES_PAGE (self), NULL);
  return self->book;
}

void
nile_tables_page_set_book (NileTablesPage   *self,
                           NileCampaignBook *book)
{
  g_return_if_fail (NILE_IS_TABLES_PAGE (self));
  g_return_if_fail (book == NULL || NILE_IS_CAMPAIGN_BOOK (book));

  if (self->book == book)
    return;

  if (self->book != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->book, self);
      g_signal_handlers_disconnect_by_data (nile_campaign_book_get_explorers (self->book), self);
      g_signal_handlers_disconnect_by_data (nile_campaign_book_get_campaign (self->book), self);
    }
  g_set_object (&self->book, book);

  if (book != NULL)
    {
      /* Explorers are read afresh after every change to the campaign. */
      g_signal_connect_object (nile_campaign_book_get_explorers (book), "items-changed",
                               G_CALLBACK (update_explorer), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (book, "notify::edition",
                               G_CALLBACK (book_edition_changed_cb), self, G_CONNECT_SWAPPED);
      /* The activity level chosen this turn is a step of the turn, not
       * a change to the explorers. */
      g_signal_connect_object (nile_campaign_book_get_campaign (book), "changed",
                               G_CALLBACK (update_campaign_inputs), self, G_CONNECT_SWAPPED);
      book_edition_changed_cb (self);
    }
  update_explorer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOK]);
}

const char *
nile_tables_page_get_player (NileTablesPage *self)
{
  g_return_val_if_fail (NILE_IS_TABLES_PAGE (self), NULL);
  return self->player;
}

void
nile_tables_page_set_player (NileTablesPage *self,
                             const char     *player)
{
  g_return_if_fail (NILE_IS_TABLES_PAGE (self));

  if (g_strcmp0 (self->player, player) == 0)
    return;

  g_free (self->player);
  self->player = g_strdup (player);
  update_explorer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}
