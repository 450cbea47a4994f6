#!/usr/bin/python3
# Exports of the sample campaign damaged at random, imported through the
# command line, as a campaign file passed on by a friend might be:
#
# - `import` exits 0 (taken) or 2 (refused, with a message), and never
#   with a GLib warning or critical;
# - a refused export makes no file;
# - a taken one makes a file that passes `check`, shows, exports to an
#   export that a second import and export give back exactly, and can
#   still be undone, redone and changed.
#
# The damage is what a hand or a program gets wrong: a value of the
# wrong kind or out of range, a row repeated or lost, a column or a
# table too many or too few, and, half the time, the journal's undo
# history (its kinds, targets, flags and stored changes). Most exports
# are refused; those taken are the ones whose damage the campaign can
# hold. The seed is fixed: a failure keeps the export that caused it.
#
#   test_cli_damaged_imports.py NILE_LEDGER_EXE
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import copy
import json
import os
import random
import sys
import tempfile

from cli_helpers import make_sample, remove_campaign, run, troubled

ROUNDS = 150
SEED = 1871
ODD = [None, -1, 0, 2 ** 31, 2 ** 63 - 1, -2 ** 63, 1.5, '', 'x' * 1000, '%s%n', [], {}, True,
       'Ünïcode', "'; DROP TABLE player; --", '1e9']
# The journal's columns that undo and redo read, and values to put there.
JOURNAL_ODD = {
    'undone': [0, 1, 2, -1],
    'kind': ['do', 'undo', 'redo', 'x', None],
    'target': [None, 1, 87, 88, 200, -1],
    'discarded': [0, 1, 5],
    'below': [None, 0, 1, 86, 87, 88, 89, 1000],
    'player_id': [None, 1, 2, 3, 9],
    'changeset': [{'base64': ''}, {'base64': 'AAAA'}, None, {'base64': []}],
    'params': ['{}', "{'player': <'Nobody'>}", 'x', None, '[1]'],
    'operation': ['move', 'batch', 'nope', None],
}


def damage_journal(rng, exported):
    journal = next((t for t in exported['tables'] if t['name'] == 'journal'), None)
    # An earlier damage may have taken the journal away, or renamed it.
    if journal is None or not journal['rows'] or 'changeset' not in journal['columns']:
        return
    row = rng.choice(journal['rows'])
    column = rng.choice(list(JOURNAL_ODD) + ['seq'])
    if column not in journal['columns'] or len(row) != len(journal['columns']):
        return
    if column == 'seq':
        value = rng.choice([0, -5, 1000, 89])
    elif column == 'changeset' and rng.random() < 0.5:
        # Another line's change: bytes that read, but undo the wrong thing.
        value = rng.choice(journal['rows'])[journal['columns'].index('changeset')]
    else:
        value = rng.choice(JOURNAL_ODD[column])
    row[journal['columns'].index(column)] = value


def damage(rng, exported):
    """One to three kinds of damage to a copy of @exported."""
    exported = copy.deepcopy(exported)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            damage_journal(rng, exported)
            continue
        table = rng.choice(exported['tables'])
        rows = table['rows']
        what = rng.random()
        if what < 0.5 and rows:
            row = rng.choice(rows)
            i = rng.randrange(len(row))
            if isinstance(row[i], int) and not isinstance(row[i], bool) and rng.random() < 0.5:
                row[i] += rng.choice([-1, 1, 1000, -1000])
            else:
                row[i] = rng.choice(ODD)
        elif what < 0.6 and rows:
            rows.append(copy.deepcopy(rng.choice(rows)))
        elif what < 0.7 and rows:
            rows.remove(rng.choice(rows))
        elif what < 0.75:
            table['columns'].append('extra')
        elif what < 0.8 and table['columns']:
            table['columns'].pop(rng.randrange(len(table['columns'])))
        elif what < 0.85:
            table['name'] = rng.choice(['x', 'player', 'sqlite_schema', table['name'] + 's', [], {}])
        elif what < 0.9:
            exported['tables'].remove(table)
        elif what < 0.95:
            exported[rng.choice(['format', 'application'])] = rng.choice(ODD)
        else:
            exported['tables'].append(copy.deepcopy(table))
    return exported


def taken_is_usable(exe, folder, path):
    """What is wrong with the campaign an import made at @path, if anything."""
    check = run(exe, 'check', path)
    if check.returncode != 0:
        return f'the file fails its check: {check.stdout.strip()} {check.stderr.strip()}'
    for command in (['show', path], ['show', path, '--json'], ['log', path]):
        result = run(exe, *command)
        if result.returncode != 0 or troubled(result.stderr):
            return f'{command[0]} exits {result.returncode}: {result.stderr.strip()}'

    # An import may tidy what it takes (a row number left out, the undo
    # flags the history implies); what it then holds must come back
    # exactly from a second round.
    first = run(exe, 'export', path)
    again = os.path.join(folder, 'again.nile')
    remove_campaign(again)
    with open(os.path.join(folder, 'first.json'), 'w') as first_file:
        first_file.write(first.stdout)
    taken = run(exe, 'import', first_file.name, again)
    if taken.returncode != 0:
        return f'its own export is refused: {taken.stderr.strip()}'
    if json.loads(run(exe, 'export', again).stdout) != json.loads(first.stdout):
        return 'a second import and export do not give back the first export'

    for command in ('undo', 'undo', 'redo'):
        result = run(exe, command, path)
        if result.returncode not in (0, 2) or troubled(result.stderr):
            return f'{command} exits {result.returncode}: {result.stderr.strip()}'
    changed = run(exe, 'do', path, 'rename-campaign', 'name=Renamed')
    undone = run(exe, 'undo', path)
    if changed.returncode != 0 or undone.returncode != 0 or \
       troubled(changed.stderr) or troubled(undone.stderr):
        return f'a rename and its undo exit {changed.returncode} and {undone.returncode}: ' \
               f'{changed.stderr.strip()} {undone.stderr.strip()}'
    check = run(exe, 'check', path)
    if check.returncode != 0:
        return f'after undo and redo, the file fails its check: {check.stderr.strip()}'
    return None


def main():
    exe = sys.argv[1]
    rng = random.Random(SEED)
    print('1..1')
    wrong = []
    taken = 0
    with tempfile.TemporaryDirectory() as folder:
        os.environ['XDG_DATA_HOME'] = folder
        exported = json.loads(run(exe, 'export', make_sample(exe, folder)).stdout)
        damaged = os.path.join(folder, 'damaged.json')
        path = os.path.join(folder, 'imported.nile')

        for round_ in range(ROUNDS):
            with open(damaged, 'w') as damaged_file:
                json.dump(damage(rng, exported), damaged_file)
            remove_campaign(path)
            result = run(exe, 'import', damaged, path)
            problem = None
            if result.returncode not in (0, 2) or troubled(result.stderr):
                problem = f'import exits {result.returncode}: {result.stderr.strip()!r}'
            elif result.returncode == 2:
                if not result.stderr.startswith('nile-ledger: '):
                    problem = f'refused without a message: {result.stderr!r}'
                elif os.path.exists(path):
                    problem = f'refused ({result.stderr.strip()}), but a file was made'
            else:
                taken += 1
                problem = taken_is_usable(exe, folder, path)
            if problem:
                kept = os.path.join(os.getcwd(), f'damaged-import-{round_}.json')
                with open(damaged) as source, open(kept, 'w') as copy_file:
                    copy_file.write(source.read())
                wrong.append(f'round {round_} ({kept}): {problem}')

    # Too few taken would say the damage no longer leaves anything usable.
    if taken < ROUNDS // 20:
        wrong.append(f'only {taken} of {ROUNDS} damaged exports were taken')
    for line in wrong:
        print(f'# {line}')
    print(f'{"not ok" if wrong else "ok"} 1 - {ROUNDS} damaged exports: {taken} taken and usable, '
          f'the others refused with a message and no file')
    return 1 if wrong else 0


if __name__ == '__main__':
    sys.exit(main())
