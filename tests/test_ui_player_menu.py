#!/usr/bin/python3
# A player's menu from the keyboard: Shift+F10 on his row in the sidebar
# offers Edit Player, which opens on his name, and a new name given there
# reaches the campaign file. Real key events, as a keyboard user's.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
import test_ui_e2e as e2e  # noqa: E402
import test_ui_keyboard_undo as keys  # noqa: E402

SHIFT = 50  # the X server's default key code for the left Shift key
F10 = 0xffc7
RETURN = 0xff0d
NEW_NAME = "Amelia Edwards"


def player_names(exe, path):
    return [player["name"] for player in e2e.campaign_in(exe, path)["players"]]


def press_shift_f10(pyatspi):
    pyatspi.Registry.generateKeyboardEvent(SHIFT, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(F10, None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(SHIFT, None, pyatspi.KEY_RELEASE)


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        sample = os.path.join(env["XDG_DATA_HOME"], e2e.APP_ID, "Sample.nile")

        with h.App(exe, env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            frame = e2e.open_sample(pyatspi, app)
            assert h.wait_for(lambda: os.path.exists(sample)), "the sample was not written"

            # The second player: his row is tapped, which focuses it.
            second = player_names(exe, sample)[1]
            players = h.find(pyatspi, frame, "list", name="Players")
            assert players is not None, "no list of players in the sidebar"
            row = h.find(pyatspi, players, "list item", contains=second)
            assert row is not None, f"{second} is not in the sidebar"
            keys.tap(pyatspi, row)
            assert h.wait_for(lambda: row.getState().contains(pyatspi.STATE_FOCUSED)), \
                f"{second}'s row did not take the focus"

            press_shift_f10(pyatspi)
            edit = h.find(pyatspi, app, "menu item", name="Edit Player…")
            assert edit is not None, "Shift+F10 on a player's row offered no Edit Player"
            # The menu is his: the first player can move up no further, he can.
            assert h.find(pyatspi, app, "menu item", name="Move Up in Turn Order", timeout=2) is not None, \
                f"{second}'s menu does not offer to move him up"
            pyatspi.Registry.generateKeyboardEvent(RETURN, None, pyatspi.KEY_SYM)

            dialog = h.find(pyatspi, app, "dialog", contains="Edit Player")
            assert dialog is not None, "Edit Player did not open its dialog"
            entry = h.find(pyatspi, dialog, "text", name="Name")
            assert entry is not None, "the Edit Player dialog has no name entry"
            assert h.wait_for(lambda: h.text_of(entry) == second), \
                f"the dialog shows “{h.text_of(entry)}”, not {second}"
            entry.queryEditableText().setTextContents(NEW_NAME)
            save = e2e.sensitive_button(pyatspi, dialog, "Save")
            assert save is not None, "the Edit Player dialog never allowed Save"
            e2e.press(save)

            assert h.wait_for(lambda: player_names(exe, sample)[1] == NEW_NAME), \
                f"the campaign names its second player {player_names(exe, sample)[1]}, not {NEW_NAME}"
            assert h.find(pyatspi, players, "list item", contains=NEW_NAME) is not None, \
                "the sidebar does not show the new name"

    print("ok - Shift+F10 on a player's row edits him")
    return 0


if __name__ == "__main__":
    sys.exit(main())
