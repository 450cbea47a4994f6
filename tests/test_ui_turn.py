#!/usr/bin/python3
# AT-SPI test of one whole turn on the Turn page, with the players' own
# dice: the activity level, a Discovery Games encounter fought to
# victory (closed halfway with Escape, and taken up again from the
# Natives step), a hunt whose table cell is taught through the needs-cell
# prompt, then the end of the turn applied. The campaign file and the
# owner's sheets are then read back through the command line.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

# Key symbols, as X names them.
DOWN = 0xff54
RETURN = 0xff0d
ESCAPE = 0xff1b


def cli(exe, *args, env=None):
    return subprocess.run([exe] + list(args), check=True, capture_output=True,
                          text=True, env=env).stdout


def usable(pyatspi, node):
    states = node.getState()
    return states.contains(pyatspi.STATE_VISIBLE) and states.contains(pyatspi.STATE_SENSITIVE)


def find_shown(pyatspi, root, role, contains, timeout=10.0):
    """A showing @role whose name contains @contains."""
    def lookup():
        return next((n for n in h.all_of(pyatspi, root, role)
                     if contains in (n.name or "")
                     and n.getState().contains(pyatspi.STATE_VISIBLE)), None)
    return h.wait_for(lookup, timeout)


def find_usable(pyatspi, root, role, contains, timeout=10.0):
    """A showing, sensitive @role whose name contains @contains."""
    def lookup():
        return next((n for n in h.all_of(pyatspi, root, role)
                     if contains in (n.name or "") and usable(pyatspi, n)), None)
    return h.wait_for(lookup, timeout)


def click(pyatspi, root, role, contains):
    node = find_usable(pyatspi, root, role, contains)
    assert node is not None, f"no {role} “{contains}” to press"
    node.queryAction().doAction(0)
    return node


def click_if_offered(pyatspi, root, role, contains):
    """Presses @contains if the window offers it: a roll that has all
    its dice may run before being told so."""
    node = find_usable(pyatspi, root, role, contains, timeout=2.0)
    if node is not None:
        node.queryAction().doAction(0)


def find_window(pyatspi, app, title):
    def lookup():
        return next((app.getChildAtIndex(i) for i in range(app.childCount)
                     if app.getChildAtIndex(i) is not None
                     and app.getChildAtIndex(i).name == title), None)
    window = h.wait_for(lookup)
    assert window is not None, f"no window “{title}” opened"
    return window


def enter_dice(pyatspi, window, label, faces):
    for face in faces:
        click(pyatspi, window, "push button", f"{label}{face}")
        # Each die redraws the pad; a press during that can be lost.
        time.sleep(0.3)


def wait_for_label(pyatspi, root, text, what):
    """The accessibility tree has no showing state to tell the shown page:
    wait for a label to read @text instead."""
    label = find_shown(pyatspi, root, "label", text)
    assert label is not None, what
    return label


def choose_policy_1(pyatspi, encounter):
    """The policy is declared, never preselected: Alt+P opens its list
    on "Not chosen", and the next one down is Policy 1."""
    assert find_shown(pyatspi, encounter, "label", "Not chosen") is not None, \
        "the native policy starts on a value the player never chose"
    h.press_mnemonic(pyatspi, "p")
    time.sleep(0.5)
    pyatspi.Registry.generateKeyboardEvent(DOWN, None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(RETURN, None, pyatspi.KEY_SYM)
    wait_for_label(pyatspi, encounter, "Policy 1", "Alt+P and Down did not choose Policy 1")


def wait_for_log(exe, path, env, words):
    """The window saves every change at once: wait until the log says it."""
    assert h.wait_for(lambda: words in cli(exe, "log", path, env=env), timeout=10.0), \
        f"the campaign's log never mentions “{words}”"


def set_up(exe, folder, env):
    path = os.path.join(folder, "Sunday Game.nile")
    cli(exe, "new", path, "--name", "Sunday Game", env=env)
    steps = [
        ["set-campaign", "edition=dg"],
        ["add-player", "name=Anna"],
        ["add-player", "name=Ben"],
        ["new-explorer", "player=Anna", "name=Stanley", "specialty=geology", "port=Zanzibar"],
        ["outfit", "player=Anna", "kind=bearers", "count=6", "cost=60"],
        ["outfit", "player=Anna", "kind=askaris", "count=2", "cost=40"],
        ["outfit", "player=Anna", "kind=rations", "count=20", "cost=20"],
        ["set-out", "player=Anna", "hex=K10"],
        ["move", "player=Anna", "distance=2"],
        ["record-hex", "player=Anna", "hex=K10", "terrain=veldt", "river=yes"],
        ["add-tribe", "counter=7", "hex=K10", "natives=10"],
    ]
    for step in steps:
        cli(exe, "do", path, *step, env=env)
    return path


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        # The owner's sheets live here, not in the home of whoever runs the tests.
        env = h.private_env(folder)
        path = set_up(exe, folder, env)

        with h.App(exe, [path], env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            frame = h.find(pyatspi, app, "frame", name="Sunday Game")
            assert frame is not None, "the campaign's window did not open"

            # The view switcher's tabs carry no sensitive state: any
            # tab named Turn, in the header or in the bottom bar.
            tab = h.find(pyatspi, frame, "page tab", name="Turn")
            assert tab is not None, "no Turn page in the view switcher"
            tab.queryAction().doAction(0)
            assert find_shown(pyatspi, frame, "label", "Anna’s Turn 1") is not None, \
                "the Turn page does not show Anna's turn"

            # The turn's activity level.
            click(pyatspi, frame, "push button", "Normal")
            wait_for_log(exe, path, env, "activity level done (normal)")

            # Natives: hostile on 6,6,6; they charge on 3,1; a 6 wins the
            # fight at once; 2,1,1 finds the village. The window is closed
            # before the fight, and the fight taken up again from the
            # Natives step.
            click(pyatspi, frame, "push button", "Meet")
            encounter = find_window(pyatspi, app, "Native Encounter")
            choose_policy_1(pyatspi, encounter)
            click(pyatspi, encounter, "push button", "Meet the Tribe")
            wait_for_label(pyatspi, encounter, "policy 1 · askaris 2",
                           "the encounter did not start with the expedition's numbers")
            for faces, outcome in (([6, 6, 6], "Native Attitude: hostile"),
                                   ([3, 1], "Hostile Action: charge"),
                                   ([6], "Combat: victory"),
                                   ([2, 1, 1], "Victory: village-found")):
                if outcome.startswith("Combat"):
                    wait_for_log(exe, path, env, "encounter with tribe 7 goes on: Combat next")
                    pyatspi.Registry.generateKeyboardEvent(ESCAPE, None, pyatspi.KEY_SYM)
                    assert find_shown(pyatspi, frame, "label", "The encounter with tribe 7 is under way: Combat next") \
                        is not None, "the Natives step does not say the encounter is under way"
                    click(pyatspi, frame, "push button", "Meet")
                    encounter = find_window(pyatspi, app, "Native Encounter")
                    wait_for_label(pyatspi, encounter, "Tribe 7, taken up again",
                                   "the encounter was not taken up again where it stopped")
                enter_dice(pyatspi, encounter, "Die showing ", faces)
                click_if_offered(pyatspi, encounter, "push button", "Use Dice")
                wait_for_label(pyatspi, encounter, outcome, f"the dice {faces} did not give “{outcome}”")
                click(pyatspi, encounter, "push button", "Next Step")
                time.sleep(0.3)
            wait_for_log(exe, path, env, "Tribe 7 toward Stanley: not friendly")
            click(pyatspi, encounter, "push button", "Close")
            wait_for_log(exe, path, env, "natives done")

            # Hunting: two hunters roll 4 each, +2 for the river; the
            # board's cell for 6 is taught through the prompt.
            click(pyatspi, frame, "push button", "Hunt")
            hunting = find_window(pyatspi, app, "Hunting")
            enter_dice(pyatspi, hunting, "Die showing ", [4, 4])
            click_if_offered(pyatspi, hunting, "push button", "Done")
            # A number cell is a spin button.
            cell = find_usable(pyatspi, hunting, "spin button", "What the board shows")
            assert cell is not None, "no prompt for the blank cell of the hunting sheet"
            cell.queryValue().currentValue = 5.0
            click(pyatspi, hunting, "push button", "Use")
            click(pyatspi, hunting, "push button", "Apply")
            wait_for_log(exe, path, env, "fresh rations 0 → 10")
            click(pyatspi, hunting, "push button", "Close")
            wait_for_log(exe, path, env, "hunting done")

            # The end of the turn as previewed, then the next player.
            click(pyatspi, frame, "push button", "Apply End of Turn")
            wait_for_log(exe, path, env, "End of Anna’s turn 1")
            assert find_usable(pyatspi, frame, "push button", "Ben Plays Next") is not None, \
                "the page does not offer the next player"

            book = json.loads(cli(exe, "show", path, "--json", env=env))
            log = cli(exe, "log", path, env=env)

        assert book["current-player"] == "Ben", book["current-player"]
        stanley = book["explorers"][0]["expedition"]
        # Ten fresh rations fed the nine; the leftover spoiled.
        assert stanley["fresh_rations"] == 0, stanley
        assert stanley["rations"] == 20, stanley
        assert stanley["askaris"] == 2, stanley
        tribe = book["tribes"][0]
        assert [r["explorer"] for r in tribe["relations"]] == ["Stanley"], tribe
        assert not tribe["relations"][0]["friendly"], tribe
        for words in ("activity level done (normal)", "natives done", "hunting done",
                      "fresh rations", "End of Anna’s turn 1"):
            assert words in log, f"the log does not mention “{words}”:\n{log}"

        sheet = cli(exe, "sheet", "show", "dg-hunting", env=env)
        assert "1 of 13 cells filled" in sheet, sheet

    print("ok - a whole turn played on the Turn page and kept in the campaign")
    return 0


if __name__ == "__main__":
    sys.exit(main())
