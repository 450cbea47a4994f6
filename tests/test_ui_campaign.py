#!/usr/bin/python3
# AT-SPI test of a campaign as a player meets it: a campaign is created
# through the New Campaign dialog and the file chooser, a player is added
# through the Add Player dialog, and each change is in the file at once,
# with no Save.
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


def campaign_in(exe, path):
    out = subprocess.run([exe, "show", path, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def button(pyatspi, root, label):
    # Buttons read "_Add Add" (mnemonic, then label); a message dialog
    # keeps a second row of them for narrow screens, and either gives
    # the same response.
    return h.wait_for(lambda: next(
        (b for b in h.all_of(pyatspi, root, "push button")
         if b.name.split()[-1:] == [label]
         and b.getState().contains(pyatspi.STATE_SENSITIVE)), None))


def create_through_dialog(pyatspi, app, path):
    frame = h.find(pyatspi, app, "frame", name="Nile Ledger")
    assert frame is not None, "no main window"
    new = h.find(pyatspi, frame, "push button", contains="New Campaign")
    assert new is not None, "the start page offers no New Campaign"
    new.queryAction().doAction(0)

    dialog = h.find(pyatspi, app, "frame", name="New Campaign")
    assert dialog is not None, "the New Campaign dialog did not open"
    name = h.find(pyatspi, dialog, "text", name="Campaign Name")
    assert name is not None, "the dialog asks for no name"
    name.queryEditableText().setTextContents("Sunday Game")
    create = button(pyatspi, dialog, "Create…")
    assert create is not None, "Create… never became available"
    create.queryAction().doAction(0)

    # The file chooser (GTK's own, without a portal) offers the name.
    chooser = h.find(pyatspi, app, "filler", name="Save the Campaign As")
    assert chooser is not None, "no file chooser to save the campaign"
    file_name = h.find(pyatspi, chooser, "text", name="Name:")
    assert file_name is not None, "the file chooser has no name entry"
    assert h.text_of(file_name) == "Sunday Game.nile", h.text_of(file_name)
    file_name.queryEditableText().setTextContents(path)
    save = button(pyatspi, chooser, "Create")
    assert save is not None, "the file chooser has no Create button"
    save.queryAction().doAction(0)


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "Sunday Game.nile")

        with h.App(exe):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"

            create_through_dialog(pyatspi, app, path)
            frame = h.find(pyatspi, app, "frame", name="Sunday Game")
            assert frame is not None, "the window is not titled with the campaign's name"
            assert h.wait_for(lambda: os.path.exists(path)), "no campaign file was made"
            assert campaign_in(exe, path)["name"] == "Sunday Game"

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

            confirm = button(pyatspi, dialog, "Add")
            assert confirm is not None, "the dialog's Add button never became available"
            confirm.queryAction().doAction(0)

            players = h.find(pyatspi, frame, "list", name="Players")
            assert players is not None, "no list of players in the sidebar"
            anna = h.find(pyatspi, players, "list item", contains="Anna")
            assert anna is not None, "Anna is not listed after being added"

            # Saved as it happened: the command line reads her from the file
            # while the window is still open.
            assert h.wait_for(lambda: "Anna" in [p["name"] for p in campaign_in(exe, path)["players"]]), \
                "the new player is not in the campaign file"

            send = h.find(pyatspi, frame, "push button", contains="Send an Explorer")
            assert send is not None, "a player without an explorer is not offered one"

    print("ok - campaign created and a player added through the dialogs, both saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
