/* nile-campaign-dialog.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-campaign-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-book.h"
#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-error.h"
#include "nile-campaign-dialog.h"
#include "nile-operation.h"
#include "nile-ui-util.h"

/* The operation that records a campaign's game, goal, edition and house
 * rules. Its boolean parameters are the house rules, so a house rule the
 * core adds shows up here without touching the dialog. */
#define SETUP_OPERATION "set-campaign"

/* Our wording for the house rules we know; any other is shown with the
 * core's own description of its parameter. */
static const struct {
  const char *param;
  const char *title;
  const char *subtitle;
} house_rule_wording[] = {
  { "poison-one-in-36",
    N_("Poison on a trade is 1 in 36"),
    N_("The witch doctor strikes only on two ones, not on any one") },
};

/* A campaign's name, game, goal, edition and house rules: chosen for a
 * new campaign, or, given #NileCampaignDialog:book, changed in an open
 * one as a single change the log records and Undo puts back. */
struct _NileCampaignDialog
{
  AdwWindow             parent_instance;

  NileCampaignBook     *book;
  GtkFileChooserNative *chooser;

  AdwWindowTitle       *window_title;
  GtkWidget            *create_button;
  GtkLabel             *create_label;
  AdwPreferencesGroup  *settings_group;

  AdwEntryRow          *name_row;
  AdwComboRow          *game_row;
  AdwActionRow         *goal_row;
  GtkSpinButton        *goal_spin;
  AdwComboRow          *edition_row;
  AdwPreferencesGroup  *house_rules_group;
  GPtrArray            *house_rule_switches;
};

G_DEFINE_FINAL_TYPE (NileCampaignDialog, nile_campaign_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_BOOK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The game combo lists Game I then Game II. */
static gint64
selected_game (NileCampaignDialog *self)
{
  return adw_combo_row_get_selected (self->game_row) == 0 ? 1 : 2;
}

static char *
trimmed_name (NileCampaignDialog *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

static void
nile_campaign_dialog_update (NileCampaignDialog *self)
{
  g_autofree char *name = trimmed_name (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.choose-file", name[0] != '\0');
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", name[0] != '\0');

  /* Game II has no goal: it runs until the table stops (R 2.3). */
  gtk_widget_set_visible (GTK_WIDGET (self->goal_row), selected_game (self) == 1);
}

/* A house rule's setting is the book's property of the same name. */
static gboolean
book_house_rule (NileCampaignBook *book,
                 const char       *name)
{
  gboolean active = FALSE;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (book), name) != NULL)
    g_object_get (book, name, &active, NULL);
  return active;
}

static GVariant *
build_setup_params (NileCampaignDialog *self)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  /* The edition combo lists the editions in NileEdition order. */
  NileEdition edition = adw_combo_row_get_selected (self->edition_row);

  g_autofree char *name = trimmed_name (self);

  g_variant_dict_insert (&dict, "name", "s", name);
  g_variant_dict_insert (&dict, "game", "x", selected_game (self));
  g_variant_dict_insert (&dict, "goal", "x", (gint64) gtk_spin_button_get_value_as_int (self->goal_spin));
  g_variant_dict_insert (&dict, "edition", "s", nile_enum_to_nick (NILE_TYPE_EDITION, edition));

  for (guint i = 0; i < self->house_rule_switches->len; i++)
    {
      GtkSwitch *toggle = g_ptr_array_index (self->house_rule_switches, i);
      const char *key = g_object_get_data (G_OBJECT (toggle), "nile-param");

      g_variant_dict_insert (&dict, key, "b", gtk_switch_get_active (toggle));
    }

  return g_variant_dict_end (&dict);
}

static void
show_error (NileCampaignDialog *self,
            const GError          *error)
{
  nile_ui_show_error (GTK_WIDGET (self),
                      self->book != NULL ? _("Can’t Change the Settings") : _("Can’t Create the Campaign"), error);
}

static void
on_chooser_response (NileCampaignDialog *self,
                     int                    response,
                     GtkFileChooserNative  *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  g_clear_object (&self->chooser);

  if (file == NULL)
    return;

  campaign = nile_campaign_dialog_create_at (self, file, &error);
  if (campaign == NULL)
    {
      show_error (self, error);
      return;
    }

  g_signal_emit (self, signals[CREATED], 0, campaign);
  gtk_window_close (GTK_WINDOW (self));
}

static void
nile_campaign_dialog_choose_file (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = trimmed_name (self);
  g_autofree char *file_name = g_strconcat (name, NILE_CAMPAIGN_SUFFIX, NULL);

  if (self->chooser != NULL || name[0] == '\0')
    return;

  gtk_file_filter_set_name (filter, _("Campaigns"));
  gtk_file_filter_add_suffix (filter, &NILE_CAMPAIGN_SUFFIX[1]);

  self->chooser = nile_ui_file_chooser_new (GTK_WINDOW (self), _("Save the Campaign As"),
                                            GTK_FILE_CHOOSER_ACTION_SAVE, _("_Create"), filter,
                                            G_CALLBACK (on_chooser_response), self);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), file_name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Only what the player changed goes into the change, so its log line
 * says just that. */
static GVariant *
build_changed_params (NileCampaignDialog *self)
{
  g_autoptr(GVariant) chosen = g_variant_ref_sink (build_setup_params (self));
  g_auto(GVariantDict) changed = G_VARIANT_DICT_INIT (NULL);
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, chosen);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    {
      gboolean same;

      if (g_str_equal (key, "name"))
        same = g_strcmp0 (g_variant_get_string (value, NULL), nile_campaign_book_get_name (self->book)) == 0;
      else if (g_str_equal (key, "game"))
        same = g_variant_get_int64 (value) == nile_campaign_book_get_game (self->book);
      else if (g_str_equal (key, "goal"))
        same = g_variant_get_int64 (value) == nile_campaign_book_get_goal (self->book);
      else if (g_str_equal (key, "edition"))
        same = g_strcmp0 (g_variant_get_string (value, NULL), nile_campaign_book_get_edition (self->book)) == 0;
      else
        same = g_variant_get_boolean (value) == book_house_rule (self->book, key);

      if (!same)
        g_variant_dict_insert_value (&changed, key, value);
    }

  return g_variant_dict_end (&changed);
}

static void
nile_campaign_dialog_save (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (widget);
  g_autoptr(GVariant) changed = NULL;
  g_autoptr(GError) error = NULL;

  if (self->book == NULL)
    return;

  changed = g_variant_ref_sink (build_changed_params (self));
  if (g_variant_n_children (changed) > 0 &&
      !nile_campaign_apply (nile_campaign_book_get_campaign (self->book), SETUP_OPERATION,
                            g_steal_pointer (&changed), &error))
    {
      show_error (self, error);
      return;
    }

  gtk_window_close (GTK_WINDOW (self));
}

/* Shows the campaign's settings as they are now. */
static void
fill_from_book (NileCampaignDialog *self)
{
  int value = NILE_EDITION_AH;

  gtk_window_set_title (GTK_WINDOW (self), _("Campaign Settings"));
  /* The header says it shorter, with the campaign's name under it:
   * "Campaign Settings" is cut between Cancel and Save on a phone. */
  adw_window_title_set_title (self->window_title, _("Settings"));
  adw_window_title_set_subtitle (self->window_title, nile_campaign_book_get_name (self->book));
  gtk_label_set_label (self->create_label, _("_Save"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->create_button), "dialog.save");
  adw_preferences_group_set_description (self->settings_group,
                                         _("Changes count from now on. Undo puts them back."));

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), nile_campaign_book_get_name (self->book));
  adw_combo_row_set_selected (self->game_row, nile_campaign_book_get_game (self->book) == 1 ? 0 : 1);
  gtk_spin_button_set_value (self->goal_spin, nile_campaign_book_get_goal (self->book));
  nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (self->book), &value);
  adw_combo_row_set_selected (self->edition_row, (guint) value);

  for (guint i = 0; i < self->house_rule_switches->len; i++)
    {
      GtkSwitch *toggle = g_ptr_array_index (self->house_rule_switches, i);
      const char *key = g_object_get_data (G_OBJECT (toggle), "nile-param");

      gtk_switch_set_active (toggle, book_house_rule (self->book, key));
    }

  nile_campaign_dialog_update (self);
}

static void
add_house_rules (NileCampaignDialog *self)
{
  const NileOperation *setup = nile_operation_lookup (SETUP_OPERATION);

  for (const NileOperationParam *param = setup->params; param->name != NULL; param++)
    {
      const char *title = _(param->description);
      const char *subtitle = NULL;
      GtkWidget *row;
      GtkWidget *toggle;

      if (!g_str_equal (param->type, "b"))
        continue;

      for (guint i = 0; i < G_N_ELEMENTS (house_rule_wording); i++)
        {
          if (g_str_equal (param->name, house_rule_wording[i].param))
            {
              title = _(house_rule_wording[i].title);
              subtitle = _(house_rule_wording[i].subtitle);
            }
        }

      toggle = gtk_switch_new ();
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (toggle), "nile-param", (gpointer) param->name);
      /* Named by its row's title, as the row's activatable widget. */
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      adw_preferences_group_add (self->house_rules_group, row);

      g_ptr_array_add (self->house_rule_switches, toggle);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->house_rules_group), self->house_rule_switches->len > 0);
}

static void
nile_campaign_dialog_dispose (GObject *object)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->house_rule_switches, g_ptr_array_unref);
  g_clear_object (&self->book);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_CAMPAIGN_DIALOG);

  G_OBJECT_CLASS (nile_campaign_dialog_parent_class)->dispose (object);
}

static void
nile_campaign_dialog_constructed (GObject *object)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (object);

  G_OBJECT_CLASS (nile_campaign_dialog_parent_class)->constructed (object);

  if (self->book != NULL)
    fill_from_book (self);
}

static void
nile_campaign_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      g_value_set_object (value, self->book);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_dialog_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  NileCampaignDialog *self = NILE_CAMPAIGN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BOOK:
      self->book = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_dialog_class_init (NileCampaignDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_campaign_dialog_constructed;
  object_class->dispose = nile_campaign_dialog_dispose;
  object_class->get_property = nile_campaign_dialog_get_property;
  object_class->set_property = nile_campaign_dialog_set_property;

  /**
   * NileCampaignDialog:book: (nullable)
   *
   * The open campaign whose settings are changed, or %NULL to create one.
   */
  properties[PROP_BOOK] =
    g_param_spec_object ("book", NULL, NULL,
                         NILE_TYPE_CAMPAIGN_BOOK,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * NileCampaignDialog::created:
   * @campaign: the new campaign, already saved
   *
   * Emitted once the campaign file exists with the chosen settings.
   */
  signals[CREATED] = g_signal_new ("created",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, NILE_TYPE_CAMPAIGN);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-campaign-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, goal_row);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, goal_spin);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, edition_row);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, house_rules_group);
  gtk_widget_class_bind_template_callback (widget_class, nile_campaign_dialog_update);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, create_button);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, create_label);
  gtk_widget_class_bind_template_child (widget_class, NileCampaignDialog, settings_group);

  gtk_widget_class_install_action (widget_class, "dialog.choose-file", NULL,
                                   nile_campaign_dialog_choose_file);
  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, nile_campaign_dialog_save);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nile_campaign_dialog_init (NileCampaignDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_leave_scrolling_to_page (self->goal_spin);
  nile_ui_list_choices_whole (self->game_row);
  nile_ui_list_choices_whole (self->edition_row);

  self->house_rule_switches = g_ptr_array_new ();
  add_house_rules (self);
  nile_campaign_dialog_update (self);
}

GtkWidget *
nile_campaign_dialog_new (GtkWindow *parent)
{
  return g_object_new (NILE_TYPE_CAMPAIGN_DIALOG,
                       "transient-for", parent,
                       NULL);
}

/**
 * nile_campaign_dialog_new_for_book:
 * @parent: the window
 * @book: the open campaign
 *
 * Returns: (transfer floating): a dialog that changes @book's settings
 */
GtkWidget *
nile_campaign_dialog_new_for_book (GtkWindow        *parent,
                                   NileCampaignBook *book)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN_BOOK (book), NULL);

  return g_object_new (NILE_TYPE_CAMPAIGN_DIALOG,
                       "transient-for", parent,
                       "book", book,
                       NULL);
}

/**
 * nile_campaign_dialog_create_at:
 * @self: the dialog
 * @file: where to keep the campaign; ".nile" is added when missing
 * @error: the core's reason when the file can't be made
 *
 * Creates the campaign file with the settings in the dialog. When the
 * settings can't be recorded, the half-made file is removed again, so a
 * failed attempt leaves nothing behind.
 *
 * Returns: (transfer full) (nullable): the new campaign
 */
NileCampaign *
nile_campaign_dialog_create_at (NileCampaignDialog  *self,
                                    GFile                  *file,
                                    GError                **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (NILE_IS_CAMPAIGN_DIALOG (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = nile_ui_new_campaign_path (file, error);
  if (path == NULL)
    return NULL;

  return nile_campaign_create_with_settings (path, build_setup_params (self), error);
}
