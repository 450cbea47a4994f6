#!/usr/bin/python3
# take-page-screenshots.py: every page of the sample campaign, at the
# sizes a phone, a tablet upright and a laptop show it, headless
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/take-page-screenshots.py [BUILD_DIR] [--out DIR] [--sizes WxH…] [--readme]
#
# For each size: a fresh Xvfb screen of that size and D-Bus session, the
# window's size handed over through the keyfile GSettings backend (and
# GNOME's close-only title buttons through GTK's settings.ini), the
# start page first, then `nile-ledger sample` opened and each page of
# the view switcher clicked through AT-SPI (so every page the window
# has is taken, with no switch in the app for this). Writes
# OUT/WxH/NN-page.png (default OUT: BUILD_DIR/screenshots/pages).
# --readme copies the 1280x800 first page (the expedition's, "Party")
# to data/screenshots/main-window.png.

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SETTLE_S = 1.0
ATTEMPTS = 3


def parse_args():
    parser = argparse.ArgumentParser(description='Screenshots of every page of the sample campaign.')
    parser.add_argument('build_dir', nargs='?', default='_build')
    parser.add_argument('--out', help='folder for the PNGs (default BUILD_DIR/screenshots/pages)')
    parser.add_argument('--sizes', nargs='+', default=['360x640', '800x1280', '1280x800'])
    parser.add_argument('--readme', action='store_true',
                        help='refresh data/screenshots/main-window.png from the 1280x800 first page')
    parser.add_argument('--inner', help=argparse.SUPPRESS)
    return parser.parse_args()


def slug(name):
    return ''.join(c if c.isalnum() else '-' for c in name.lower()).strip('-')


def shoot(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    subprocess.run(['import', '-window', 'root', path], check=True)
    print(path, flush=True)


def take_size(build_dir, out_dir, size):
    """Runs inside Xvfb and D-Bus: the start page, then every page."""
    sys.path.insert(0, HERE)
    import pyatspi
    from atspi_helpers import App, find_app, wait_for, all_of

    width, height = size.split('x')
    app_exe = os.path.join(build_dir, 'src', 'nile-ledger')
    home = tempfile.mkdtemp(prefix='nile-page-shots-')
    try:
        settings = os.path.join(home, 'config', 'glib-2.0', 'settings')
        os.makedirs(settings)
        with open(os.path.join(settings, 'keyfile'), 'w') as keyfile:
            keyfile.write(f'[io/github/nileledger/NileLedger]\nwindow-width={width}\nwindow-height={height}\n')
        # GNOME's and a phone's title buttons: close only (Xvfb has no
        # desktop to say so).
        gtk_settings = os.path.join(home, 'config', 'gtk-4.0')
        os.makedirs(gtk_settings)
        with open(os.path.join(gtk_settings, 'settings.ini'), 'w') as ini:
            ini.write('[Settings]\ngtk-decoration-layout=appmenu:close\n')
        env = dict(os.environ,
                   XDG_CONFIG_HOME=os.path.join(home, 'config'),
                   XDG_DATA_HOME=os.path.join(home, 'data'),
                   GSETTINGS_BACKEND='keyfile',
                   GSETTINGS_SCHEMA_DIR=os.path.join(build_dir, 'data'),
                   GSK_RENDERER='cairo')
        target = os.path.join(out_dir, size)

        with App(app_exe, [], env):
            if find_app(pyatspi) is None:
                raise RuntimeError('nile-ledger did not show up on the accessibility bus')
            time.sleep(SETTLE_S)
            shoot(os.path.join(target, '00-start-page.png'))

        sample = os.path.join(home, 'Sample.nile')
        subprocess.run([app_exe, 'sample', sample], env=env, check=True, stdout=subprocess.DEVNULL)
        with App(app_exe, [sample], env):
            app = find_app(pyatspi)
            tabs = wait_for(lambda: all_of(pyatspi, app, 'page tab'))
            if not tabs:
                raise RuntimeError('no page tabs: is the campaign open?')
            # The header's switcher and the bottom bar hold the same pages.
            names = []
            for tab in tabs:
                if tab.name not in names:
                    names.append(tab.name)
            for index, name in enumerate(names, start=1):
                tab = next(t for t in all_of(pyatspi, app, 'page tab') if t.name == name)
                tab.queryAction().doAction(0)
                time.sleep(SETTLE_S)
                shoot(os.path.join(target, f'{index:02d}-{slug(name)}.png'))
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    args = parse_args()
    build_dir = os.path.abspath(args.build_dir)
    out_dir = os.path.abspath(args.out or os.path.join(build_dir, 'screenshots', 'pages'))

    if args.inner:
        take_size(build_dir, out_dir, args.inner)
        return

    for size in args.sizes:
        width, height = size.split('x')
        command = ['xvfb-run', '-a', '-s', f'-screen 0 {width}x{height}x24',
                   'dbus-run-session', '--', sys.executable, os.path.abspath(__file__),
                   build_dir, '--out', out_dir, '--inner', size]
        # Parallel Xvfb servers can race for a display number: try again.
        for attempt in range(ATTEMPTS):
            result = subprocess.run(command, stderr=subprocess.PIPE, text=True)
            if result.returncode == 0:
                break
        else:
            sys.exit(f'{size}: {result.stderr.strip().splitlines()[-1:]}')

    if args.readme:
        source = os.path.join(out_dir, '1280x800', '01-party.png')
        readme_picture = os.path.join(HERE, '..', 'data', 'screenshots', 'main-window.png')
        shutil.copyfile(source, readme_picture)
        print(f'{os.path.normpath(readme_picture)} ← {source}')


if __name__ == '__main__':
    main()
