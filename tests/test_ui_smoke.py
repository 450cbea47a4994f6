#!/usr/bin/python3
# AT-SPI smoke test: the built app starts, shows its main window and the
# empty state that explains what it is for.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with h.App(exe):
        app = h.find_app(pyatspi)
        assert app is not None, "nile-ledger never appeared on the accessibility bus"

        frame = h.find(pyatspi, app, "frame", name="Nile Ledger")
        assert frame is not None, "no main window named Nile Ledger"

        title = h.find(pyatspi, frame, "label", name="No Campaign Open")
        assert title is not None, "the empty state is missing"

        description = h.find(pyatspi, frame, "label", contains="keeps the books")
        assert description is not None, "the empty state does not say what the app is for"

        menu = h.find(pyatspi, frame, "push button", contains="Main Menu")
        assert menu is not None, "no primary menu button"

    print("ok - main window and empty state found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
