#!/usr/bin/python3
# A message dialog's buttons are said as they read. libadwaita 1.2 named
# each by its label as written and GTK 4.8 said the label's text after
# it: "_Cancel Cancel". The sample is tried, the campaign closed and the
# sample tried again, which asks whether to start it afresh; each of
# that dialog's buttons must have a name of its own, said once, without
# the mnemonic's underscore (the checks of test_ui_names.py).
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
import test_ui_names as names  # noqa: E402

EXPECTED = {"Cancel", "Open Your Copy", "Start Afresh"}


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        with h.App(exe, env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            frame = e2e.open_sample(pyatspi, app)
            keys.press_ctrl(pyatspi, "w")
            assert h.wait_for(lambda: h.find(pyatspi, frame, "list item", name="Try the Sample Campaign",
                                             timeout=1)), "closing the campaign did not show the start page"
            e2e.press_mnemonic(pyatspi, "t")
            dialog = h.find(pyatspi, app, "dialog", contains="Afresh")
            assert dialog is not None, "trying the sample again did not ask whether to start afresh"

            buttons = [b for b in h.all_of(pyatspi, dialog, "push button")
                       if b.getState().contains(pyatspi.STATE_VISIBLE)]
            found = set()
            for button in buttons:
                problem = names.problem_with(pyatspi, button)
                assert problem is None, f"the button “{button.name}” has {problem}"
                found.add(button.name)
            assert found == EXPECTED, f"the dialog's buttons are {sorted(found)}, not {sorted(EXPECTED)}"

    print("ok - a message dialog's buttons are named by their words, once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
