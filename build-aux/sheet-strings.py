#!/usr/bin/python3
# The words of the shipped table sheets, where translators see them.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The sheets are JSON, which xgettext can't read; their loader
# (nile-sheet.c) translates each text a player reads as it reads it, in
# the "sheet" context. This writes those texts, in the order the sheets
# hold them, as NC_() calls in src/core/sheets/nile-sheet-strings.c,
# which po/POTFILES.in lists and nothing compiles.
#
#   build-aux/sheet-strings.py SOURCE_ROOT           write the file
#   build-aux/sheet-strings.py --check SOURCE_ROOT   a TAP test: is it up to date?

import glob
import json
import os
import re
import sys

OUTPUT = os.path.join('src', 'core', 'sheets', 'nile-sheet-strings.c')
HEADER = '''/* nile-sheet-strings.c: the words of the shipped table sheets
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Written by build-aux/sheet-strings.py from src/core/sheets/*.json, for
 * translators only: nothing compiles it. Run that script again after
 * changing a sheet's words (the po-sheet-strings test says when).
 */
'''
# A rule reference ("R 9.51") or a range ("1-2") is no words to translate.
WORDS = re.compile(r'[a-z]{2}')


def texts_of(sheet):
    yield sheet['title']
    yield sheet['description']
    for axis in sheet.get('axes', []):
        for value in axis.get('values', []):
            if isinstance(value, dict):
                yield value['label']
    result = sheet.get('result', {})
    for code in result.get('codes', []):
        yield code['meaning']
    if 'unit' in result:
        yield result['unit']
    for modifier in sheet.get('modifiers', []):
        yield modifier['reason']
    for cell in sheet.get('cells', []):
        yield cell['source']


def c_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def generate(root):
    seen = []
    for path in sorted(glob.glob(os.path.join(root, 'src', 'core', 'sheets', '*.json'))):
        with open(path, encoding='utf-8') as f:
            sheet = json.load(f)
        for text in texts_of(sheet):
            if WORDS.search(text) and text not in seen:
                seen.append(text)
    lines = [HEADER]
    lines += ['NC_("sheet", %s)' % c_string(text) for text in seen]
    return '\n'.join(lines) + '\n'


def main():
    check = sys.argv[1] == '--check'
    root = sys.argv[2] if check else sys.argv[1]
    wanted = generate(root)
    path = os.path.join(root, OUTPUT)
    if not check:
        with open(path, 'w', encoding='utf-8') as f:
            f.write(wanted)
        return 0

    print('1..1')
    try:
        with open(path, encoding='utf-8') as f:
            current = f.read()
    except FileNotFoundError:
        current = None
    if current == wanted:
        print('ok 1 - %s holds every sheet text' % OUTPUT)
        return 0
    print('not ok 1 - %s is out of date: run build-aux/sheet-strings.py' % OUTPUT)
    return 1


if __name__ == '__main__':
    sys.exit(main())
