/* nile-ui-test-utils.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include <stdio.h>

#include "nile-ui-test-utils.h"

char *
nile_test_make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("nile-ui-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
nile_test_remove_dir (char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }

  g_rmdir (dir);
  g_free (dir);
}

NileCampaign *
nile_test_create_campaign (const char *dir,
                           const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file_name = g_strconcat (name, NILE_CAMPAIGN_SUFFIX, NULL);
  g_autofree char *path = g_build_filename (dir, file_name, NULL);
  NileCampaign *campaign = nile_campaign_create (path, &error);

  g_assert_no_error (error);
  return campaign;
}

void
nile_test_apply (NileCampaign *campaign,
                 const char   *operation,
                 const char   *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) value = g_variant_ref_sink (g_variant_new_parsed (params));

  nile_campaign_apply (campaign, operation, value, &error);
  g_assert_no_error (error);
}

GtkWidget *
nile_test_find_widget (GtkWidget  *widget,
                       gboolean  (*match) (GtkWidget *widget,
                                           gpointer   data),
                       gpointer    data)
{
  if (match (widget, data))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = nile_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
label_contains (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_LABEL (widget) &&
         strstr (gtk_label_get_label (GTK_LABEL (widget)), data) != NULL;
}

gboolean
nile_test_has_label (GtkWidget  *widget,
                     const char *text)
{
  return nile_test_find_widget (widget, label_contains, (gpointer) text) != NULL;
}

static gboolean
shows_body (GtkWidget *widget,
            gpointer   data)
{
  AdwMessageDialog *dialog = data;
  GtkWidget *extra = adw_message_dialog_get_extra_child (dialog);

  return GTK_IS_LABEL (widget) && !gtk_widget_has_css_class (widget, "title-2") &&
         (extra == NULL || !gtk_widget_is_ancestor (widget, extra)) &&
         g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), adw_message_dialog_get_body (dialog)) == 0;
}

gboolean
nile_test_body_is_error (AdwMessageDialog *dialog)
{
  GtkWidget *label = nile_test_find_widget (GTK_WIDGET (dialog), shows_body, dialog);

  g_assert_nonnull (label);
  return gtk_widget_has_css_class (label, "error");
}

void
nile_test_count_notify (GObject    *object,
                        GParamSpec *pspec,
                        int        *count)
{
  (*count)++;
}

void
nile_test_flush_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
time_is_up_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
nile_test_wait_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, time_is_up_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

gboolean
nile_test_takes_scrolling (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      /* A wheel turned, or a finger dragged (GTK's spin button counts
       * a swipe over its text). */
      if ((GTK_IS_EVENT_CONTROLLER_SCROLL (controller) || GTK_IS_GESTURE_SWIPE (controller)) &&
          gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_NONE)
        return TRUE;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (nile_test_takes_scrolling (child))
        return TRUE;
    }

  return FALSE;
}

guint
nile_test_check_spins_leave_scrolling (GtkWidget *widget)
{
  guint n_spins = 0;

  if (GTK_IS_SPIN_BUTTON (widget))
    {
      g_assert_false (nile_test_takes_scrolling (widget));
      return 1;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n_spins += nile_test_check_spins_leave_scrolling (child);

  return n_spins;
}

guint
nile_test_check_buttons_named_by_words (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = GTK_IS_BUTTON (child) ? gtk_button_get_child (GTK_BUTTON (child)) : NULL;

      if (GTK_IS_LABEL (label))
        {
          if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL))
            g_error ("The “%s” button has a name of its own", gtk_label_get_text (GTK_LABEL (label)));
          n++;
        }
      n += nile_test_check_buttons_named_by_words (child);
    }
  return n;
}

gboolean
nile_test_named_once (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) !=
         gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

gboolean
nile_test_have_display (void)
{
  if (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL)
    return TRUE;

  printf ("1..0 # SKIP no display\n");
  return FALSE;
}

char *
nile_test_init_gui (int    *argc,
                    char ***argv)
{
  char *data_home;

  if (!nile_test_have_display ())
    return NULL;

  /* Before anything asks GLib for the folder: it reads it once. */
  data_home = nile_test_make_dir ();
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gtk_test_init (argc, argv, NULL);
  adw_init ();
  return data_home;
}
