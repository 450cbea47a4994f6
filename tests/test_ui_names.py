#!/usr/bin/python3
# Every control of every page of the main window has a name a screen
# reader can say: its own (not GTK's stand-in, the widget's type name),
# more than a code ("F: The tribe becomes friendly…", not "F"), said
# once ("River", not "River River" nor "Disaster Card Done Disaster
# Card"), and without the underscore that marks a mnemonic. The rows of
# the lists count as controls, and so do the choices of a drop-down's
# list (the Log's filters, the combo rows of the pages), which the test
# opens.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import string
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
import test_ui_keyboard_undo as keys  # noqa: E402

ESCAPE = 0xff1b

# What a screen reader lands on: anything focusable or that acts.
CONTROLS = {
    "push button", "toggle button", "check box", "radio button", "spin button",
    "text", "combo box", "menu button", "list item", "table row", "link",
    "page tab", "switch", "slider",
}

# GTK 4.8 says the widget's type name for one that has no name.
TYPE_NAME = re.compile(r"^(Gtk|Adw|Nile)[A-Z]\w*$")
MNEMONIC = re.compile(r"_\w")


def words_of(name):
    words = (word.strip(string.punctuation + "…“”’").lower() for word in name.replace("_", "").split())
    return [word for word in words if word]


def said_twice(name):
    # GTK 4.8 joins a widget's label and the labels it is labelled by:
    # "River River", "Disaster Card Done Disaster Card". A single word at
    # both ends is often just English ("Tribe 7, … Small Tribe").
    words = words_of(name)
    half = len(words) // 2
    if len(words) % 2 == 0 and words and words[:half] == words[half:]:
        return True
    return any(words[-n:] == words[:n] for n in range(2, half + 1))


def own_label(pyatspi, node):
    if node.getRoleName() not in ("push button", "toggle button"):
        return None
    label = pyatspi.findDescendant(node, lambda n: n is not None and n.getRoleName() == "label")
    return label.name if label is not None and label.name else None


def problem_with(pyatspi, node):
    name = node.name or ""
    if not name.strip():
        return "no name"
    if TYPE_NAME.match(name):
        return "no name of its own"
    if len(name.strip(string.punctuation + " ")) <= 2:
        return "a code for a name, not what it means"
    if MNEMONIC.search(name):
        return "a mnemonic's underscore in its name"
    if said_twice(name):
        return "its name said twice"
    # A button given a name of its own is still labelled by the label it
    # shows, which GTK 4.8 says after the name ("Die showing 1" is a
    # name that ends in the figure shown, not a label said twice).
    label = own_label(pyatspi, node)
    if (label is not None and any(c.isalpha() for c in label)
            and name != label and name.endswith(" " + label)):
        return f"its name and then its label, “{label}”"
    return None


def ancestors(node):
    parent = node.parent
    while parent is not None and parent.getRoleName() != "application":
        yield parent
        parent = parent.parent


def shows_a_combo_box_choice(node):
    # libadwaita's combo row shows its choice in a list view that takes
    # neither focus nor taps, which the combo box's name covers; the
    # choices in a popover are controls.
    for parent in ancestors(node):
        if parent.name == "GtkPopover":
            return False
        if parent.getRoleName() == "combo box":
            return True
    return False


def controls(pyatspi, root):
    def wanted(node):
        if node is None or node.getRoleName() not in CONTROLS:
            return False
        # GTK 4.8 reports no "showing" state: visible will do.
        if not node.getState().contains(pyatspi.STATE_VISIBLE):
            return False
        return not (node.getRoleName() == "list item" and shows_a_combo_box_choice(node))
    return pyatspi.findAllDescendants(root, wanted)


def check(pyatspi, root, where, found):
    for node in controls(pyatspi, root):
        problem = problem_with(pyatspi, node)
        if problem is not None:
            found.add(f"{where}: {node.getRoleName()} “{node.name}”: {problem}")


def drop_down_buttons(pyatspi, root):
    # A drop-down is a combo box holding the button that opens its list;
    # a combo row is a combo box that opens its list itself.
    buttons = []
    for combo in h.all_of(pyatspi, root, "combo box"):
        if not combo.getState().contains(pyatspi.STATE_VISIBLE):
            continue
        opener = combo
        for i in range(combo.childCount):
            child = combo.getChildAtIndex(i)
            if child is not None and child.getRoleName() in ("push button", "toggle button"):
                opener = child
        buttons.append((combo, opener))
    return buttons


def main():
    h.require_session()
    import pyatspi

    exe = sys.argv[1]
    found = set()
    with tempfile.TemporaryDirectory() as home:
        env = h.private_env(home)
        sample = os.path.join(home, "Sample.nile")
        subprocess.run([exe, "sample", sample], env=env, check=True, stdout=subprocess.DEVNULL)

        with h.App(exe, args=[sample], env=env):
            app = h.find_app(pyatspi)
            assert app is not None, "nile-ledger never appeared on the accessibility bus"
            tabs = h.wait_for(lambda: h.all_of(pyatspi, app, "page tab"))
            assert tabs, "no page tabs: the sample did not open"
            pages = []
            for tab in tabs:
                if tab.name not in pages:
                    pages.append(tab.name)
            assert "Log" in pages, f"no Log page among {pages}"

            lists_opened = set()
            for page in pages:
                tab = next(t for t in h.all_of(pyatspi, app, "page tab") if t.name == page)
                tab.queryAction().doAction(0)
                # Each page is built the first time it is shown.
                time.sleep(1.0)
                check(pyatspi, app, page, found)

                for combo, opener in drop_down_buttons(pyatspi, app):
                    # GTK 4.8 says a hidden page's controls are visible:
                    # each list is opened on the page it was first seen on.
                    where_it_is = (combo.name, combo.getIndexInParent(),
                                   tuple(p.getIndexInParent() for p in ancestors(combo)))
                    if where_it_is in lists_opened:
                        continue
                    lists_opened.add(where_it_is)
                    # A combo row has no action to open it: it is tapped.
                    if opener == combo:
                        keys.tap(pyatspi, combo)
                    else:
                        opener.queryAction().doAction(0)
                    choices = h.wait_for(lambda: [n for n in h.all_of(pyatspi, combo, "list item")
                                                  if not shows_a_combo_box_choice(n)], timeout=5)
                    assert choices, f"{page}: the list of “{combo.name}” did not open"
                    check(pyatspi, combo, f"{page}, list of “{combo.name}”", found)
                    if opener == combo:
                        pyatspi.Registry.generateKeyboardEvent(ESCAPE, None, pyatspi.KEY_SYM)
                    else:
                        opener.queryAction().doAction(0)
                    time.sleep(0.5)

            # The Log's two filters and the Party page's travel mode at least.
            assert len(lists_opened) >= 3, f"only {len(lists_opened)} drop-down lists opened"

    for line in sorted(found):
        print("# " + line)
    assert not found, f"{len(found)} controls are badly named"
    print("ok - every control on every page has a name of its own, said once, without mnemonic marks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
