#!/usr/bin/python3
# Every message meant for translation reaches translators whole.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# 1. Every source file that marks a message (_(), N_(), ngettext,
#    translatable="yes") is listed in po/POTFILES.in, so the message is
#    in the template at all.
# 2. No marked message splices in a format macro such as
#    G_GINT64_FORMAT: xgettext stops the message at the macro, so the
#    translator gets half of it and the program looks up a string no
#    catalogue holds.
# 3. A word and its plural kept for g_dngettext() are marked as one
#    message with NP_(one, many), not as two N_() that ngettext never
#    finds: N_("guide"), N_("guides") side by side is refused.
#
#   test_translatable.py SOURCE_ROOT

import glob
import os
import re
import sys

MARKED_C = re.compile(r'\b(?:_|N_|NP_|C_|g_dngettext|ngettext)\s*\(')
MARKED_UI = re.compile(r'translatable="yes"')
# A marked literal followed by a macro: _("… %" G_GINT64_FORMAT …
SPLIT_PLURAL = re.compile(r'\bN_\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)\s*,\s*N_\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)')
SPLICED = re.compile(r'\b(?:_|N_)\s*\(\s*"(?:[^"\\]|\\.)*"\s*G_[A-Z0-9_]*FORMAT')


def main():
    root = sys.argv[1]
    with open(os.path.join(root, 'po', 'POTFILES.in'), encoding='utf-8') as f:
        listed = {line.strip() for line in f if line.strip() and not line.startswith('#')}

    sources = sorted(glob.glob(os.path.join(root, 'src', '*', '*.c')) +
                     glob.glob(os.path.join(root, 'src', '*', '*.ui')))
    unlisted = []
    spliced = []
    split = []
    n_marked = 0
    for path in sources:
        relative = os.path.relpath(path, root)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        marked = MARKED_UI if path.endswith('.ui') else MARKED_C
        if marked.search(text):
            n_marked += 1
            if relative not in listed:
                unlisted.append(relative)
        for match in SPLICED.finditer(text):
            line = text.count('\n', 0, match.start()) + 1
            spliced.append(f'{relative}:{line}')
        for match in SPLIT_PLURAL.finditer(text):
            one, many = match.group(1), match.group(2)
            if many in (one + 's', one + 'es'):
                line = text.count('\n', 0, match.start()) + 1
                split.append(f'{relative}:{line} ({one} / {many})')

    print('1..3')
    for name in unlisted:
        print(f'# not in po/POTFILES.in: {name}')
    print(('not ok' if unlisted else 'ok') + f' 1 - the {n_marked} sources with messages are listed')
    for place in spliced:
        print(f'# a format macro inside a message: {place}')
    print(('not ok' if spliced else 'ok') + ' 2 - no message splices in a format macro')
    for place in split:
        print(f'# a word and its plural marked as two messages: {place}')
    print(('not ok' if split else 'ok') + ' 3 - plurals are marked as one message')
    return 1 if unlisted or spliced or split else 0


if __name__ == '__main__':
    sys.exit(main())
