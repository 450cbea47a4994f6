#!/usr/bin/python3
# The dialogs and windows the main window opens say what they are and
# what each of their controls is, as test_ui_names.py hears the pages:
# a name of its own, said once, without the mnemonic's underscore.
#
# - A message dialog's buttons are said as they read. libadwaita 1.2
#   named each by its label as written and GTK 4.8 said the label's text
#   after it: "_Cancel Cancel". The sample is tried, the campaign closed
#   and the sample tried again, which asks whether to start it afresh;
#   then a player is added and an explorer sent for him.
# - The New Campaign dialog's goal, a number field its row names.
# - The sheet editor is a window, not a "filler", on a sheet of codes.
# - In a native encounter whose table cell is blank, each code the board
#   may show is named by what it means, not by its letter alone.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
import test_ui_e2e as e2e  # noqa: E402
import test_ui_keyboard_undo as keys  # noqa: E402
import test_ui_names as names  # noqa: E402
import test_ui_turn as turn  # noqa: E402

ESCAPE = 0xff1b
AFRESH = {"Cancel", "Open Your Copy", "Start Afresh"}


def shown_buttons(pyatspi, root):
    return [b for b in h.all_of(pyatspi, root, "push button")
            if b.getState().contains(pyatspi.STATE_VISIBLE)]


def check_dialog(pyatspi, dialog, where, found, buttons=None):
    """Every control of @dialog has a name of its own, said once; its
    buttons are @buttons, if given."""
    names.check(pyatspi, dialog, where, found)
    if buttons is not None:
        said = {b.name for b in shown_buttons(pyatspi, dialog)}
        if said != buttons:
            found.add(f"{where}: the buttons are {sorted(said)}, not {sorted(buttons)}")


def check_message_dialogs(pyatspi, app, found):
    frame = e2e.open_sample(pyatspi, app)
    keys.press_ctrl(pyatspi, "w")
    assert h.wait_for(lambda: h.find(pyatspi, frame, "list item", name="Try the Sample Campaign",
                                     timeout=1)), "closing the campaign did not show the start page"
    h.press_mnemonic(pyatspi, "t")
    dialog = h.find(pyatspi, app, "dialog", contains="Afresh")
    assert dialog is not None, "trying the sample again did not ask whether to start afresh"
    check_dialog(pyatspi, dialog, "Start Afresh", found, AFRESH)
    e2e.press(e2e.sensitive_button(pyatspi, dialog, "Afresh"))
    frame = h.find(pyatspi, app, "frame", contains="Nile", timeout=20)
    assert h.wait_for(lambda: h.find(pyatspi, frame, "list", name="Players", timeout=1)), \
        "the sample campaign did not open afresh"

    e2e.press(h.find(pyatspi, frame, "push button", name="Add Player"))
    dialog = h.find(pyatspi, app, "dialog", contains="Add a Player")
    assert dialog is not None, "the Add Player dialog did not open"
    h.find(pyatspi, dialog, "text", name="Name").queryEditableText().setTextContents(e2e.PLAYER)
    assert e2e.sensitive_button(pyatspi, dialog, "Add") is not None, "Add never became available"
    check_dialog(pyatspi, dialog, "Add a Player", found, {"Cancel", "Add"})
    e2e.press(e2e.sensitive_button(pyatspi, dialog, "Add"))

    send = h.find(pyatspi, frame, "push button", name="Send an Explorer…")
    assert send is not None, "the new player is not offered an explorer"
    e2e.press(send)
    dialog = h.find(pyatspi, app, "dialog", contains="Send an Explorer")
    assert dialog is not None, "the Send an Explorer dialog did not open"
    check_dialog(pyatspi, dialog, "Send an Explorer", found, {"Cancel", "Send"})
    pyatspi.Registry.generateKeyboardEvent(ESCAPE, None, pyatspi.KEY_SYM)
    assert h.wait_for(lambda: h.find(pyatspi, app, "dialog", contains="Send an Explorer", timeout=0.5) is None), \
        "Escape did not close the Send an Explorer dialog"
    return frame


def check_new_campaign(pyatspi, app, frame, found):
    keys.press_ctrl(pyatspi, "n")
    dialog = h.find(pyatspi, app, "frame", name="New Campaign")
    assert dialog is not None, "Ctrl+N did not open the New Campaign dialog"
    goal = h.find(pyatspi, dialog, "spin button", contains="Victory Point Goal")
    assert goal is not None, "the New Campaign dialog has no goal to set"
    check_dialog(pyatspi, dialog, "New Campaign", found)
    pyatspi.Registry.generateKeyboardEvent(ESCAPE, None, pyatspi.KEY_SYM)
    assert h.wait_for(lambda: h.find(pyatspi, app, "frame", name="New Campaign", timeout=0.5) is None), \
        "Escape did not close the New Campaign dialog"


def check_sheet_editor(pyatspi, app, frame, found):
    menu = next(b for b in h.all_of(pyatspi, frame, "push button")
                if b.name == "Main Menu" and b.getState().contains(pyatspi.STATE_VISIBLE))
    keys.tap(pyatspi, menu, 0.5)
    turn.click(pyatspi, frame, "menu item", "Table Sheets")
    sheets = turn.find_window(pyatspi, app, "Table Sheets")
    # A sheet of codes: its pad of code buttons is built with the window.
    row = h.find(pyatspi, sheets, "list item", name="Native Attitude")
    assert row is not None, "the Table Sheets window does not list Native Attitude"
    keys.tap(pyatspi, row)
    editor = turn.find_window(pyatspi, app, "Native Attitude")
    time.sleep(1.0)
    if editor.getRoleName() not in ("frame", "dialog"):
        found.add(f"the sheet editor is a “{editor.getRoleName()}”, not a window")
    check_dialog(pyatspi, editor, "sheet editor", found)


def make_encounter_campaign(exe, folder, env):
    """An Avalon Hill campaign, whose Native Attitude cells are blank
    until the owner fills them, with a tribe in the explorer's hex."""
    path = os.path.join(folder, "Blank Cell.nile")
    turn.cli(exe, "new", path, "--name", "Blank Cell", "--edition", "ah", env=env)
    for step in (["add-player", "name=Anna"],
                 ["new-explorer", "player=Anna", "name=Baker", "specialty=journalist", "port=Zanzibar"],
                 ["outfit", "player=Anna", "kind=bearers", "count=4", "cost=40"],
                 ["set-out", "player=Anna", "hex=C5"],
                 ["add-tribe", "counter=4", "hex=C5", "size=medium"],
                 ["turn-step", "player=Anna", "step=activity", "value=normal"]):
        turn.cli(exe, "do", path, *step, env=env)
    return path


def check_blank_cell_codes(pyatspi, app, found):
    frame = h.find(pyatspi, app, "frame", name="Blank Cell")
    assert frame is not None, "the campaign's window did not open"
    tab = h.find(pyatspi, frame, "page tab", name="Turn")
    assert tab is not None, "no Turn page in the view switcher"
    tab.queryAction().doAction(0)
    turn.click(pyatspi, frame, "push button", "Meet")
    encounter = turn.find_window(pyatspi, app, "Native Encounter")
    turn.choose_policy_1(pyatspi, encounter)
    turn.click(pyatspi, encounter, "push button", "Meet the Tribe")
    turn.enter_dice(pyatspi, encounter, "Die showing ", [5, 3])
    turn.click_if_offered(pyatspi, encounter, "push button", "Use Dice")
    turn.wait_for_label(pyatspi, encounter, "This cell is blank", "an 8 on the attitude roll did not stop on its blank cell")
    board = h.find(pyatspi, encounter, "list", name="What the board shows")
    assert board is not None, "no list of what the board may show"
    codes = h.wait_for(lambda: h.all_of(pyatspi, board, "list item"))
    assert len(codes) == 4, [c.name for c in codes]
    names.check(pyatspi, board, "blank cell", found)


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    found = set()
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        with h.App(exe, env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            frame = check_message_dialogs(pyatspi, app, found)
            check_new_campaign(pyatspi, app, frame, found)
            check_sheet_editor(pyatspi, app, frame, found)

    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        path = make_encounter_campaign(exe, home, env)
        with h.App(exe, [path], env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            check_blank_cell_codes(pyatspi, app, found)

    for line in sorted(found):
        print("# " + line)
    assert not found, f"{len(found)} dialog controls are badly named"
    print("ok - the dialogs' controls are named by their words, once, and the sheet editor is a window")
    return 0


if __name__ == "__main__":
    sys.exit(main())
