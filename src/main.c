/* main.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#ifdef HAVE_MALLOPT
#include <malloc.h>
#endif

#include "nile-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(NileApplication) app = NULL;

#ifdef HAVE_MALLOPT
  /* Blocks of a quarter MiB and more get mappings of their own, given
   * back to the system when freed. Left to itself glibc raises that
   * threshold to the largest block freed so far: after the first frame
   * GTK's software renderer draws (4 MiB at 1280x800, freed once shown),
   * the frames that follow come from the heap, which keeps them. That
   * held some 4 MiB for nothing once the window had settled. */
  mallopt (M_MMAP_THRESHOLD, 256 * 1024);
#endif

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = nile_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
