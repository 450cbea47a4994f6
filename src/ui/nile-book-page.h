/* nile-book-page.h: a page listing one of the campaign book's lists
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"
#include "nile-list-row.h"

G_BEGIN_DECLS

#define NILE_TYPE_BOOK_PAGE (nile_book_page_get_type ())

G_DECLARE_DERIVABLE_TYPE (NileBookPage, nile_book_page, NILE, BOOK_PAGE, AdwBin)

struct _NileBookPageClass
{
  AdwBinClass parent_class;

  /* The items the page lists for @book, as a new reference. Called the
   * first time the page is shown with that book, never before. */
  GListModel *(*create_model) (NileBookPage     *self,
                               NileCampaignBook *book);
  /* Optional: adds the page's own controls to a new @row. */
  void        (*setup_row)    (NileBookPage     *self,
                               NileListRow      *row,
                               GtkListItem      *item);
  /* Shows @item's item in @row, a row set up for any item before. */
  void        (*bind_row)     (NileBookPage     *self,
                               NileListRow      *row,
                               GtkListItem      *item);

  gpointer padding[4];
};

NileCampaignBook *nile_book_page_get_book  (NileBookPage     *self);
void              nile_book_page_set_book  (NileBookPage     *self,
                                            NileCampaignBook *book);

/* For subclasses' class_init: their template, which has a GtkStack
 * "stack" with an "empty" page and a "list" page holding the GtkListView
 * "list_view" that gets the model and a NileListRow per item in sight.
 * The page disposes of the template. */
void              nile_book_page_class_set_template (NileBookPageClass *klass,
                                                     const char        *resource_name);

G_END_DECLS
