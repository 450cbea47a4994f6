#!/usr/bin/python3
# Every key the app answers to is in the Keyboard Shortcuts window, and
# the window lists no key the app does not answer to.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# This reads the C sources and UI files of src/ui for the keys they set
# (class key bindings, the application's accelerators, shortcut
# controllers and triggers, the keys a key handler takes, the primary
# menu button's F10) and gtk/help-overlay.ui for the keys it lists, so
# a new key can't go unlisted. A keypad key goes with the key it copies.
#
#   test_shortcuts_listed.py SRC_UI_DIR

import glob
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

OVERLAY = os.path.join('gtk', 'help-overlay.ui')
MODIFIERS = {
    'ctrl': 'ctrl', 'control': 'ctrl', 'primary': 'ctrl', 'shift': 'shift',
    'alt': 'alt', 'super': 'super',
}
MASKS = {
    'GDK_CONTROL_MASK': 'ctrl', 'GDK_SHIFT_MASK': 'shift',
    'GDK_ALT_MASK': 'alt', 'GDK_SUPER_MASK': 'super',
}
# A key plus a die's face, in a loop over the faces.
FACES = range(1, 7)
# Keys the app has from GTK's own widgets, not by setting them.
GIVEN = {
    (frozenset(), 'return'): 'a sheet cell’s entry is activated (nile-sheet-editor.c)',
}


def key(name):
    name = name[3:] if name.startswith('KP_') else name
    return name.lower()


def parse_accelerator(text):
    """(modifiers, key) of an accelerator as GTK writes it: "<ctrl>z"."""
    modifiers = set()
    rest = text.strip()
    while rest.startswith('<'):
        end = rest.index('>')
        modifiers.add(MODIFIERS[rest[1:end].lower()])
        rest = rest[end + 1:]
    if not rest:
        raise ValueError(f'no key in “{text}”')
    return (frozenset(modifiers), key(rest))


def parse_masks(text):
    text = text.strip()
    if text == '0':
        return frozenset()
    return frozenset(MASKS[mask.strip()] for mask in text.split('|'))


def bound_keys(name, offset):
    """The keys of GDK_KEY_@name, or of GDK_KEY_@name + @offset for each
    face of a die."""
    if offset is None:
        return [key(name)]
    match = re.fullmatch(r'(KP_)?(\d)', name)
    if not match or not re.fullmatch(r'[\w\s+-]+', offset):
        raise ValueError(f'cannot read the key GDK_KEY_{name} + {offset}')
    keys = []
    for face in FACES:
        digit = int(match.group(2)) + eval(offset, {'__builtins__': {}}, {'face': face, 'N_FACES': 6})
        keys.append(key((match.group(1) or '') + str(digit)))
    return keys


def c_keys(path):
    """(modifiers, key) → where, for the keys the C file at @path sets."""
    with open(path, encoding='utf-8') as source:
        text = source.read()
    where = os.path.basename(path)
    found = {}

    bindings = re.findall(r'gtk_widget_class_add_binding(?:_action|_signal)?\s*\(\s*\w+\s*,'
                          r'\s*GDK_KEY_(\w+)\s*(?:\+\s*([^,]+?))?\s*,\s*([^,]+?)\s*,', text)
    if len(bindings) != len(re.findall(r'gtk_widget_class_add_binding\w*\s*\(', text)):
        raise ValueError(f'{where}: a key binding this test cannot read')
    for name, offset, masks in bindings:
        for bound in bound_keys(name, offset or None):
            found[(parse_masks(masks), bound)] = where

    for accels in re.findall(r'gtk_application_set_accels_for_action\s*\(.*?\{(.*?)\}', text, re.S):
        for accel in re.findall(r'"([^"]+)"', accels):
            found[parse_accelerator(accel)] = where

    for trigger in re.findall(r'gtk_shortcut_trigger_parse_string\s*\(\s*"([^"]+)"', text):
        found[parse_accelerator(trigger)] = where

    if re.search(r'gtk_keyval_trigger_new|gtk_widget_class_add_shortcut', text):
        raise ValueError(f'{where}: a shortcut this test cannot read')

    # A key handler takes these keys as they are, with no modifier.
    for name in re.findall(r'case\s+GDK_KEY_(\w+)\s*:', text):
        found[(frozenset(), key(name))] = where

    return found


def ui_keys(path):
    """(modifiers, key) → where, for the keys the UI file at @path sets."""
    found = {}
    where = os.path.basename(path)
    for node in ElementTree.parse(path).iter('object'):
        properties = {p.get('name'): (p.text or '').strip() for p in node.findall('property')}
        if node.get('class') == 'GtkShortcut' and 'trigger' in properties:
            found[parse_accelerator(properties['trigger'])] = where
        # GtkMenuButton:primary opens the menu on F10.
        if node.get('class') == 'GtkMenuButton' and properties.get('primary', '').lower() in ('true', '1', 'yes'):
            found[(frozenset(), key('F10'))] = where
    return found


def listed_keys(path):
    """(modifiers, key) → title, for the keys the shortcuts window lists."""
    listed = {}
    for node in ElementTree.parse(path).iter('object'):
        if node.get('class') != 'GtkShortcutsShortcut':
            continue
        properties = {p.get('name'): (p.text or '').strip() for p in node.findall('property')}
        title = properties.get('title', '?')
        for accelerator in properties.get('accelerator', '').split():
            if '+' in accelerator[1:] or '&' in accelerator:
                raise ValueError(f'“{title}”: a sequence of keys this test cannot read')
            first, _, last = accelerator.partition('...')
            modifiers, start = parse_accelerator(first)
            if not last:
                listed[(modifiers, start)] = title
                continue
            _, end = parse_accelerator(last)
            for code in range(ord(start), ord(end) + 1):
                listed[(modifiers, chr(code))] = title
    return listed


def describe(shortcut):
    modifiers, name = shortcut
    return ''.join(f'<{m}>' for m in sorted(modifiers)) + name


def main():
    ui_dir = sys.argv[1]
    overlay = os.path.join(ui_dir, OVERLAY)
    installed = {}
    for path in sorted(glob.glob(os.path.join(ui_dir, '*.c'))):
        installed.update(c_keys(path))
    for path in sorted(glob.glob(os.path.join(ui_dir, '*.ui'))):
        installed.update(ui_keys(path))
    listed = listed_keys(overlay)

    print('1..2')
    missing = sorted(f'{describe(s)} (set in {where})' for s, where in installed.items() if s not in listed)
    for line in missing:
        print(f'# not listed: {line}')
    print(('not ok' if missing else 'ok') + f' 1 - the {len(installed)} keys set are listed')

    idle = sorted(f'{describe(s)} (“{title}”)' for s, title in listed.items()
                  if s not in installed and s not in GIVEN)
    for line in idle:
        print(f'# listed, set nowhere: {line}')
    print(('not ok' if idle else 'ok') + f' 2 - the {len(listed)} keys listed are set')
    return 1 if missing or idle else 0


if __name__ == '__main__':
    sys.exit(main())
