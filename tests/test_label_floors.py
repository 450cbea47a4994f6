#!/usr/bin/python3
# Every label that wraps at any character has a width-chars floor.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Without one, GTK 4.8 measures such a label's minimum width by laying
# it out at width 0: a line, and a shaping, per character. The window
# measures its minimum whenever a page grows, and the Party page paid
# for it on every section it added (nile-sheet-row.c). This reads the
# UI files and the C sources, so a new label can't bring that back.
#
#   test_label_floors.py SRC_UI_DIR

import glob
import os
import re
import sys
import xml.etree.ElementTree as ElementTree


def label_problems(path):
    """The ids (or positions) of word-char labels in @path without a floor."""
    problems = []
    tree = ElementTree.parse(path)
    for number, node in enumerate(tree.iter('object')):
        if node.get('class') != 'GtkLabel':
            continue
        properties = {p.get('name'): (p.text or '').strip() for p in node.findall('property')}
        if properties.get('wrap-mode') not in ('word-char', 'PANGO_WRAP_WORD_CHAR'):
            continue
        try:
            floor = int(properties.get('width-chars', '-1'))
        except ValueError:
            floor = -1
        if floor <= 0:
            problems.append(node.get('id') or f'label {number}')
    return problems


def source_problems(path):
    """Lines of @path that make a label wrap at any character with no
    gtk_label_set_width_chars() for it within the next few lines."""
    problems = []
    with open(path, encoding='utf-8') as source:
        lines = source.readlines()
    for index, line in enumerate(lines):
        match = re.search(r'gtk_label_set_wrap_mode\s*\(\s*([^,]+),\s*PANGO_WRAP_WORD_CHAR', line)
        if not match:
            continue
        label = match.group(1).strip()
        nearby = ''.join(lines[index:index + 6])
        if not re.search(r'gtk_label_set_width_chars\s*\(\s*' + re.escape(label) + r'\s*,\s*[1-9]', nearby):
            problems.append(f'line {index + 1}')
    return problems


def main():
    ui_dir = sys.argv[1]
    files = sorted(glob.glob(os.path.join(ui_dir, '*.ui')) + glob.glob(os.path.join(ui_dir, '*.c')))
    if not files:
        print(f'Bail out! no UI files in {ui_dir}')
        return 1

    failed = False
    print(f'1..{len(files)}')
    for number, path in enumerate(files, start=1):
        problems = label_problems(path) if path.endswith('.ui') else source_problems(path)
        name = os.path.basename(path)
        if problems:
            failed = True
            print(f'not ok {number} - {name}: no width-chars floor for {", ".join(problems)}')
        else:
            print(f'ok {number} - {name}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
