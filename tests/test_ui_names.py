#!/usr/bin/python3
# Every control of every page of the main window has a name a screen
# reader can say: not empty, said once ("River", not "River River"),
# and without the underscore that marks a mnemonic. The rows of the
# lists count as controls: GTK 4.8 names a list view's rows by nothing,
# so each row says itself what it shows.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

CONTROLS = {
    "push button", "toggle button", "check box", "radio button", "spin button",
    "combo box", "page tab", "switch", "link", "text", "slider",
}


def name_of(node):
    name = node.name or ""
    # A list view's row: GTK 4.8 leaves the item itself unnamed, and a
    # screen reader reads on into its child, which names the row.
    if not name and node.getRoleName() == "list item" and node.childCount > 0:
        child = node.getChildAtIndex(0)
        name = (child.name or "") if child is not None else ""
    return name


def inside_combo_box(node):
    # A combo box shows its choice in a list view of its own, which the
    # combo box's name covers.
    parent = node.parent
    while parent is not None:
        if parent.getRoleName() == "combo box":
            return True
        parent = parent.parent
    return False


def problems_with(name):
    words = name.split()
    if not words:
        return "no name"
    if any(word.startswith("_") for word in words):
        return "a mnemonic's underscore in its name"
    half = len(words) // 2
    if len(words) % 2 == 0 and words[:half] == words[half:]:
        return "its name said twice"
    return None


def visible_controls(pyatspi, root):
    def wanted(node):
        if node is None:
            return False
        role = node.getRoleName()
        if role not in CONTROLS and role != "list item":
            return False
        if role == "list item" and inside_combo_box(node):
            return False
        # GTK 4.8 reports no "showing" state: visible will do.
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    return pyatspi.findAllDescendants(root, wanted)


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    found = []
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        sample = os.path.join(home, "Sample.nile")
        subprocess.run([exe, "sample", sample], env=env, check=True, stdout=subprocess.DEVNULL)

        with h.App(exe, args=[sample], env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            tabs = h.wait_for(lambda: h.all_of(pyatspi, app, "page tab"))
            assert tabs, "no page tabs: the sample did not open"
            names = []
            for tab in tabs:
                if tab.name not in names:
                    names.append(tab.name)
            # Each page is built the first time it is shown: visit them
            # all, then look at everything they hold.
            for page in names:
                tab = next(t for t in h.all_of(pyatspi, app, "page tab") if t.name == page)
                tab.queryAction().doAction(0)
                time.sleep(1.0)
            for node in visible_controls(pyatspi, app):
                name = name_of(node)
                problem = problems_with(name)
                if problem is not None:
                    found.append(f"{node.getRoleName()} “{name}”: {problem}")

    for line in sorted(set(found)):
        print("# " + line)
    assert not found, f"{len(set(found))} controls are badly named"
    print("ok - every control on every page has a name, said once, without mnemonic marks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
