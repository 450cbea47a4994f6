#!/usr/bin/python3
# Ctrl+Z from a counter of the Player Aid sheet undoes the campaign's
# last change. A counter saves each value as it is entered, so the text
# field's own undo would only bring back text the campaign no longer
# holds, which the next Tab would then save as a new change.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
import test_ui_e2e as e2e  # noqa: E402

RETURN = 0xff0d
CONTROL = 37  # the X server's default key code for the left Control key


def explorer_bearers(exe, path, player):
    for explorer in e2e.campaign_in(exe, path)["explorers"]:
        if explorer["player"] == player:
            return explorer["expedition"]["bearers"]
    return None


def tap(pyatspi, node, x_fraction=0.2):
    """Taps @node where a finger would: a real pointer click, as GTK
    takes no focus requests over AT-SPI."""
    extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x = extents.x + int(extents.width * x_fraction)
    y = extents.y + extents.height // 2
    pyatspi.Registry.generateMouseEvent(x, y, "b1c")


def type_text(pyatspi, text):
    pyatspi.Registry.generateKeyboardEvent(0, text, pyatspi.KEY_STRING)


def press_ctrl(pyatspi, letter):
    pyatspi.Registry.generateKeyboardEvent(CONTROL, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(ord(letter), None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(CONTROL, None, pyatspi.KEY_RELEASE)


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

            # The sample opens on its first player's sheet.
            player = e2e.campaign_in(exe, sample)["players"][0]["name"]
            before = explorer_bearers(exe, sample, player)
            assert before is not None, f"{player} has no explorer in the sample"
            bearers = e2e.counter(pyatspi, frame, "Healthy bearers")
            assert h.wait_for(lambda: e2e.count_of(bearers) == before)

            # Entered by keyboard: the field keeps the focus afterwards.
            tap(pyatspi, bearers)
            press_ctrl(pyatspi, "a")
            type_text(pyatspi, str(before + 7))
            pyatspi.Registry.generateKeyboardEvent(RETURN, None, pyatspi.KEY_SYM)
            assert h.wait_for(lambda: explorer_bearers(exe, sample, player) == before + 7), \
                f"typing {before + 7} into the counter saved {explorer_bearers(exe, sample, player)}"

            press_ctrl(pyatspi, "z")
            assert h.wait_for(lambda: explorer_bearers(exe, sample, player) == before, timeout=5), \
                f"Ctrl+Z in the counter left {explorer_bearers(exe, sample, player)} bearers in the campaign, " \
                f"not {before}; the counter shows {e2e.count_of(bearers)}"
            assert h.wait_for(lambda: e2e.count_of(bearers) == before), \
                f"after Ctrl+Z the counter shows {e2e.count_of(bearers)}, not {before}"

            # A second Ctrl+Z goes on down the campaign's history, never
            # to text the field held once.
            press_ctrl(pyatspi, "z")
            assert h.wait_for(lambda: e2e.count_of(bearers) == explorer_bearers(exe, sample, player)), \
                f"the counter shows {e2e.count_of(bearers)} while the campaign holds " \
                f"{explorer_bearers(exe, sample, player)}"

    print("ok - Ctrl+Z from a sheet counter undoes the campaign's change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
