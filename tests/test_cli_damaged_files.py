#!/usr/bin/python3
# Campaign files with random bytes changed, as a failing disk or a
# program that is not Nile Ledger may leave them, used through the
# command line:
#
# - show, log, check, a change, its undo and export each exit 0, 2 (the
#   change refused) or 4 (the file can't be used), never with a GLib
#   warning or critical, and print only UTF-8;
# - a command that can't use the file (exit 4) says why and leaves it
#   byte for byte as it was.
#
# Most changed bytes land where sqlite or the opening checks notice them;
# the rest, in a name or a number, make a campaign that still works.
# The seed is fixed: a failure keeps the file that caused it.
#
#   test_cli_damaged_files.py NILE_LEDGER_EXE
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import random
import shutil
import sys
import tempfile

from cli_helpers import left_as_it_was, make_sample, remove_campaign, run, troubled

ROUNDS = 120
SEED = 1866


def damage(rng, data):
    """@data with one to four bytes changed: a new byte, or one bit."""
    changed = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(changed))
        if rng.random() < 0.7:
            changed[i] = rng.randrange(256)
        else:
            changed[i] ^= 1 << rng.randrange(8)
    return bytes(changed)


def what_is_wrong(exe, path, kept):
    """What the commands did wrong with the damaged file at @path."""
    commands = [['show', path], ['log', path], ['check', path],
                ['do', path, 'rename-campaign', 'name=Renamed'], ['undo', path], ['export', path]]
    for command in commands:
        shutil.copy(path, kept)
        result = run(exe, *command, text=False)
        try:
            stdout = result.stdout.decode()
            stderr = result.stderr.decode()
        except UnicodeDecodeError as error:
            return f'{command[0]} printed what is not UTF-8: {error}'
        said = f'{command[0]} exits {result.returncode}'
        if result.returncode not in (0, 2, 4) or troubled(stderr):
            return f'{said}: {stderr.strip()!r}'
        if result.returncode in (2, 4) and not stderr.startswith('nile-ledger: '):
            return f'{said} without a message: {stderr!r} {stdout[:200]!r}'
        if result.returncode == 4 and not left_as_it_was(path, kept):
            return f'{said} ({stderr.strip()}), but the file changed'
    return None


def main():
    exe = sys.argv[1]
    rng = random.Random(SEED)
    print('1..1')
    wrong = []
    usable = 0
    with tempfile.TemporaryDirectory() as folder:
        os.environ['XDG_DATA_HOME'] = folder
        with open(make_sample(exe, folder), 'rb') as sample_file:
            data = sample_file.read()
        path = os.path.join(folder, 'damaged.nile')
        kept = os.path.join(folder, 'kept.nile')

        for round_ in range(ROUNDS):
            damaged = damage(rng, data)
            remove_campaign(path)
            with open(path, 'wb') as damaged_file:
                damaged_file.write(damaged)
            problem = what_is_wrong(exe, path, kept)
            if problem:
                failed = os.path.join(os.getcwd(), f'damaged-file-{round_}.nile')
                with open(failed, 'wb') as failed_file:
                    failed_file.write(damaged)
                wrong.append(f'round {round_} ({failed}): {problem}')
            elif run(exe, 'show', path).returncode == 0:
                usable += 1

    for line in wrong:
        print(f'# {line}')
    print(f'{"not ok" if wrong else "ok"} 1 - {ROUNDS} damaged files: {usable} still open, '
          f'the others refused with a message and left as they were')
    return 1 if wrong else 0


if __name__ == '__main__':
    sys.exit(main())
