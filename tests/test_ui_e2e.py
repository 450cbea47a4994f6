#!/usr/bin/python3
# End-to-end AT-SPI test of a campaign as a player keeps it: the sample
# campaign opened from the start page, a player and an explorer added
# through their dialogs, bearers, rations and gifts set on the Player Aid
# sheet with the load meter following, bearers lost and taken back with
# Undo; then the app is quit and started again on the same file, which
# shows the same expedition, as the command line reads it too.
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

APP_ID = "io.github.nileledger.NileLedger"
PLAYER = "Zora"
EXPLORER = "Tinne"


def campaign_in(exe, path):
    out = subprocess.run([exe, "show", path, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def expedition_in(exe, path):
    for explorer in campaign_in(exe, path)["explorers"]:
        if explorer["player"] == PLAYER and explorer["name"] == EXPLORER:
            return explorer["expedition"]
    return None


def sensitive_button(pyatspi, root, label):
    # Message dialogs keep a second row of responses for narrow screens;
    # either gives the same response, so the first sensitive one will do.
    return h.wait_for(lambda: next(
        (b for b in h.all_of(pyatspi, root, "push button")
         if b.name.split()[-1:] == [label]
         and b.getState().contains(pyatspi.STATE_SENSITIVE)), None))


def press(node):
    node.queryAction().doAction(0)


def select_player(pyatspi, frame, name):
    players = h.find(pyatspi, frame, "list", name="Players")
    assert players is not None, "no list of players in the sidebar"
    row = h.find(pyatspi, players, "list item", contains=name)
    assert row is not None, f"{name} is not in the sidebar"
    players.querySelection().selectChild(row.getIndexInParent())
    assert h.wait_for(lambda: row.getState().contains(pyatspi.STATE_SELECTED)), \
        f"{name} could not be chosen in the sidebar"


def counter(pyatspi, frame, title):
    spin = h.find(pyatspi, frame, "spin button", name=title)
    assert spin is not None, f"the sheet has no “{title}” counter"
    return spin


def count_of(spin):
    return int(round(spin.queryValue().currentValue))


def set_count(pyatspi, frame, title, value):
    spin = counter(pyatspi, frame, title)
    spin.queryValue().currentValue = value
    assert h.wait_for(lambda: count_of(spin) == value), \
        f"“{title}” shows {count_of(spin)}, not {value}"


class LoadMeter:
    """The capability meter and the line above it, as read aloud."""

    def __init__(self, pyatspi, frame):
        self.bar = h.find(pyatspi, frame, "level bar",
                          name="Load against what the expedition can carry")
        assert self.bar is not None, "the sheet has no load meter"
        self.summary = h.find(pyatspi, frame, "label", contains="Carrying")
        assert self.summary is not None, "the load meter has no summary"

    def read(self):
        value = self.bar.queryValue()
        return value.currentValue, value.maximumValue, h.text_of(self.summary)


def open_sample(pyatspi, app):
    frame = h.find(pyatspi, app, "frame", name="Nile Ledger")
    assert frame is not None, "no main window"
    sample = h.find(pyatspi, frame, "list item", name="Try the Sample Campaign")
    assert sample is not None, "the start page does not offer the sample"
    h.press_mnemonic(pyatspi, "t")
    frame = h.find(pyatspi, app, "frame", contains="Nile", timeout=20)
    assert h.wait_for(lambda: h.find(pyatspi, frame, "list", name="Players", timeout=1)), \
        "the sample campaign did not open"
    return frame


def add_player(pyatspi, app, frame):
    add = h.find(pyatspi, frame, "push button", name="Add Player")
    assert add is not None, "no Add Player button"
    press(add)
    dialog = h.find(pyatspi, app, "dialog", contains="Add a Player")
    assert dialog is not None, "the Add Player dialog did not open"
    entry = h.find(pyatspi, dialog, "text", name="Name")
    assert entry is not None, "the Add Player dialog has no name entry"
    entry.queryEditableText().setTextContents(PLAYER)
    confirm = sensitive_button(pyatspi, dialog, "Add")
    assert confirm is not None, "the Add Player dialog never allowed Add"
    press(confirm)


def send_explorer(pyatspi, app, frame):
    send = h.find(pyatspi, frame, "push button", name="Send an Explorer…")
    assert send is not None, "a player without an explorer is not offered one"
    press(send)
    dialog = h.find(pyatspi, app, "dialog", contains="Send an Explorer")
    assert dialog is not None, "the Send an Explorer dialog did not open"
    for title, text in (("Name", EXPLORER), ("Port", "Zanzibar")):
        entry = h.find(pyatspi, dialog, "text", name=title)
        assert entry is not None, f"the Send an Explorer dialog has no {title} entry"
        entry.queryEditableText().setTextContents(text)
    confirm = sensitive_button(pyatspi, dialog, "Send")
    assert confirm is not None, "the Send an Explorer dialog never allowed Send"
    press(confirm)


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        sample = os.path.join(env["XDG_DATA_HOME"], APP_ID, "Sample.nile")

        with h.App(exe, env=env) as first_run:
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"

            frame = open_sample(pyatspi, app)
            assert h.wait_for(lambda: os.path.exists(sample)), "the sample was not written to the data folder"
            players_before = len(campaign_in(exe, sample)["players"])

            add_player(pyatspi, app, frame)
            assert h.wait_for(lambda: len(campaign_in(exe, sample)["players"]) == players_before + 1), \
                "the new player is not in the campaign file"
            select_player(pyatspi, frame, PLAYER)
            send_explorer(pyatspi, app, frame)
            assert h.wait_for(lambda: expedition_in(exe, sample) is not None), \
                "the new explorer is not in the campaign file"

            meter = LoadMeter(pyatspi, frame)
            set_count(pyatspi, frame, "Healthy bearers", 10)
            after_bearers = meter.read()
            set_count(pyatspi, frame, "Non-perishable rations", 60)
            set_count(pyatspi, frame, "Gifts", 40)
            loaded = h.wait_for(lambda: meter.read() if meter.read() != after_bearers else None)
            assert loaded is not None, f"the load meter stayed at {after_bearers} as rations and gifts went on"
            assert loaded[0] > after_bearers[0], f"the load went from {after_bearers} to {loaded}"
            assert loaded[2].startswith("Carrying"), loaded

            # Bearers carry: losing some shrinks what can be carried, and
            # the meter's scale with it.
            set_count(pyatspi, frame, "Healthy bearers", 4)
            assert h.wait_for(lambda: meter.read()[2].startswith("Overloaded")), \
                f"the load meter did not change when bearers left: {meter.read()}"
            assert h.wait_for(lambda: expedition_in(exe, sample)["bearers"] == 4)

            undo = h.find(pyatspi, frame, "push button", name="Undo")
            assert undo is not None, "no Undo button in the header"
            press(undo)
            bearers = counter(pyatspi, frame, "Healthy bearers")
            assert h.wait_for(lambda: count_of(bearers) == 10), \
                f"Undo left {count_of(bearers)} bearers on the sheet"
            assert h.wait_for(lambda: meter.read() == loaded), \
                f"after Undo the meter reads {meter.read()}, not {loaded}"
            assert h.wait_for(lambda: expedition_in(exe, sample)["bearers"] == 10), \
                "Undo did not reach the campaign file"

            close = h.find(pyatspi, frame, "push button", name="Close")
            assert close is not None, "the window has no Close button"
            press(close)
            try:
                first_run.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                raise AssertionError("closing the window did not quit the app")

        # Every change was saved as it was made; the command line and a
        # second start of the app both find it.
        saved = expedition_in(exe, sample)
        assert saved is not None, "the explorer is gone from the file"
        assert (saved["bearers"], saved["rations"], saved["gifts"]) == (10, 60, 40), saved

        with h.App(exe, args=[sample], env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger did not start again"
            frame = h.find(pyatspi, app, "frame", contains="Nile", timeout=20)
            assert frame is not None, "the sample did not open again"
            select_player(pyatspi, frame, PLAYER)
            for title, value in (("Healthy bearers", 10), ("Non-perishable rations", 60), ("Gifts", 40)):
                spin = counter(pyatspi, frame, title)
                assert h.wait_for(lambda: count_of(spin) == value), \
                    f"after a restart “{title}” shows {count_of(spin)}, not {value}"
            meter = LoadMeter(pyatspi, frame)
            assert h.wait_for(lambda: meter.read() == loaded), \
                f"after a restart the meter reads {meter.read()}, not {loaded}"

    print("ok - sample opened, player and explorer added, expedition set, undone, and the same after a restart")
    return 0


if __name__ == "__main__":
    sys.exit(main())
