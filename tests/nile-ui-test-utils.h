/* nile-ui-test-utils.h: what the widget tests share
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"

G_BEGIN_DECLS

/* A fresh folder, and its removal with every file in it. */
char         *nile_test_make_dir        (void);
void          nile_test_remove_dir      (char         *dir);

/* A new campaign file in @dir, named @name.nile. */
NileCampaign *nile_test_create_campaign (const char   *dir,
                                         const char   *name);
/* Applies an operation whose parameters are in GVariant text form, and
 * fails the test if the core refuses it. */
void          nile_test_apply           (NileCampaign *campaign,
                                         const char   *operation,
                                         const char   *params);

/* The first descendant of @widget (or @widget itself) for which @match
 * returns TRUE, or NULL. */
GtkWidget    *nile_test_find_widget     (GtkWidget    *widget,
                                         gboolean    (*match) (GtkWidget  *widget,
                                                               gpointer    data),
                                         gpointer      data);
/* Whether a label under @widget contains @text. */
gboolean      nile_test_has_label       (GtkWidget    *widget,
                                         const char   *text);
void          nile_test_flush_events    (void);
/* Runs the main loop for @ms milliseconds. */
void          nile_test_wait_ms         (guint         ms);
/* A "notify" handler that counts into the int at @count. */
void          nile_test_count_notify    (GObject    *object,
                                         GParamSpec *pspec,
                                         int        *count);

/* Whether @widget or a widget in it takes a mouse wheel turned or a
 * finger dragged over it, rather than leave them to the page around
 * (GTK 4.8 has no way to send either: its controllers are looked at). */
gboolean      nile_test_takes_scrolling     (GtkWidget    *widget);
/* Checks that every spin button under @widget leaves scrolling to the
 * page; returns how many there are. */
guint         nile_test_check_spins_leave_scrolling (GtkWidget *widget);

/* Whether the label that shows @dialog's body is styled as an error,
 * as a refusal is. */
gboolean      nile_test_body_is_error   (AdwMessageDialog *dialog);

/* Checks that every button under @widget that shows words has no name
 * of its own, so that it is named by them, once (libadwaita 1.2 names a
 * response's button "_Cancel", which GTK 4.8 says with the words after
 * it: "_Cancel Cancel"); returns how many there are. */
guint         nile_test_check_buttons_named_by_words (GtkWidget *widget);
/* Whether @widget is named once: by a name of its own or by the widgets
 * that label it, not both, which GTK 4.8 says one after the other. */
gboolean      nile_test_named_once      (GtkWidget    *widget);

/* Whether there is a display to test widgets on; if not, prints the TAP
 * plan that skips them all, and the test program ends with status 0. */
gboolean      nile_test_have_display    (void);
/* What a widget test program starts with: when there is a display, a
 * fresh folder as XDG_DATA_HOME, so that the owner's sheets are never
 * the real ones, then GTK and libadwaita. Returns that folder, or NULL
 * (and the plan that skips every test) when there is no display. */
char         *nile_test_init_gui        (int          *argc,
                                         char       ***argv);

G_END_DECLS
