#!/usr/bin/python3
# AT-SPI test of a campaign as a player meets it: the app opens a
# campaign file, a player is added through the Add Player dialog, and
# the change is in the file at once, with no Save.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402


def players_in(exe, path):
    out = subprocess.run([exe, "show", path, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return [p["name"] for p in json.loads(out).get("players", [])]


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "Sunday Game.nile")
        subprocess.run([exe, "new", path, "--name", "Sunday Game"], check=True,
                       capture_output=True)

        with h.App(exe, [path]):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"

            frame = h.find(pyatspi, app, "frame", name="Sunday Game")
            assert frame is not None, "the window is not titled with the campaign's name"

            undo = h.find(pyatspi, frame, "push button", contains="Undo")
            assert undo is not None, "no Undo button in the header"

            add = h.find(pyatspi, frame, "push button", contains="Add Player")
            assert add is not None, "no Add Player button"
            add.queryAction().doAction(0)

            dialog = h.find(pyatspi, app, "dialog", contains="Add a Player")
            assert dialog is not None, "the Add Player dialog did not open"
            entry = h.find(pyatspi, dialog, "text", name="Name")
            assert entry is not None, "the dialog has no name entry"
            entry.queryEditableText().setTextContents("Anna")

            # Buttons read "_Add Add" (mnemonic, then label); the dialog
            # keeps a second row of them for narrow screens, and either
            # gives the same response.
            confirm = h.wait_for(lambda: next(
                (b for b in h.all_of(pyatspi, dialog, "push button")
                 if b.name.split()[-1:] == ["Add"]
                 and b.getState().contains(pyatspi.STATE_SENSITIVE)), None))
            assert confirm is not None, "the dialog's Add button never became available"
            confirm.queryAction().doAction(0)

            players = h.find(pyatspi, frame, "list", name="Players")
            assert players is not None, "no list of players in the sidebar"
            anna = h.find(pyatspi, players, "list item", contains="Anna")
            assert anna is not None, "Anna is not listed after being added"

            # Saved as it happened: the command line reads her from the file
            # while the window is still open.
            assert h.wait_for(lambda: "Anna" in players_in(exe, path)), \
                "the new player is not in the campaign file"

            send = h.find(pyatspi, frame, "push button", contains="Send an Explorer")
            assert send is not None, "a player without an explorer is not offered one"

    print("ok - campaign opened, player added through the dialog and saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
