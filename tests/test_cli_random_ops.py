#!/usr/bin/python3
# Operations with random parameters, through the command line, on an
# Avalon Hill campaign (the sample) and a Discovery Games one:
#
# - every `do` exits 0 (applied) or 2 (refused, with a message), and
#   never with a GLib warning or critical;
# - a refused operation leaves the file byte for byte as it was;
# - an applied one is undone to exactly the campaign before it, and
#   redone to exactly the campaign after it (the journal aside, which
#   says that it was undone and redone);
# - the file passes `check` after every chain of operations.
#
# The values are drawn from what each parameter means (a player, a hex
# of the board, a count, an item), with a few wrong ones among them. Most
# operations are still refused, for the state the campaign is in (a
# publication outside Europe, a trade with a tribe elsewhere); about a
# quarter get through. The seeds are fixed: a failure names the
# operation and its parameters to run again by hand.
#
#   test_cli_random_ops.py NILE_LEDGER_EXE
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import filecmp
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROUNDS = 150
CHAIN = 30
GLIB_TROUBLE = ('CRITICAL', 'WARNING', '-ERROR', 'assertion')

# Operations that take a finished roll record are left out: the roll
# tests give them real ones.
NEEDS_A_ROLL = {'apply-roll', 'recovery-roll', 'escape-roll', 'turn-roll'}
# These end the game or take someone out of it: drawn as often as the
# rest, they would leave most later operations nobody to act on.
ENDINGS = {'remove-player', 'game-two-end', 'explorer-dies', 'retire', 'game-one-win-check'}
ENDING_SHARE = 0.15

# One value in twelve is wrong for any parameter: the rest are drawn
# from what the parameter means, so that operations with several
# parameters still get through often enough to be undone.
WRONG_SHARE = 1 / 12
WRONG = ['Nobody', 'perhaps', '-1', '0', '10000', '2147483648', '', 'x' * 300, '%s%n',
         "'; DROP TABLE player; --", 'Ünïcode “quoted”', 'Z99']
HEXES = ['G22', 'H10', 'J22', 'H11', 'G9', 'I23', 'H12', 'G23', 'K5']
COUNTS = ['0', '1', '2', '3', '5', '12', '40']
VALUES = {
    'tribe': ['7', '14', '22', '31', '40'],
    'counter': ['7', '14', '22', '31', '40'],
    'hex': HEXES,
    'number': ['1', '2', '3'], 'cache': ['1', '2', '3'],
    'die': ['1', '2', '3', '4', '5', '6'],
    'kind': ['bearers', 'guides', 'askaris', 'horses', 'camels', 'canoes', 'rations', 'gifts', 'muskets'],
    'item': ['rations', 'gifts', 'muskets', 'bearers', 'guides', 'tusks', 'specimens', 'pelts', 'water'],
    'give': ['gifts', 'rations', 'muskets'],
    'animal': ['ride_horses', 'pack_horses', 'ride_camels', 'pack_camels'],
    'sick': ['explorer', 'bearers', 'guides', 'askaris'],
    'mode': ['foot', 'canoe', 'mounted'],
    'terrain': ['jungle', 'veldt', 'desert', 'lake', 'swamp', 'mountains', 'jungle-swamp', 'jungle-mountain'],
    'specialty': ['missionary', 'explorer', 'zoologist', 'geologist', 'doctor', 'botanist', 'ethnologist',
                  'journalist', 'evangelism', 'medicine', 'zoology', 'geology'],
    'port': ['Zanzibar', 'Khartoum', 'Durban', 'Capetown', 'Port Elizabeth', 'Mombasa'],
    'name': ['Stanley', 'Burton', 'Nile 1862', 'Ünïcode “quoted”'],
    'colour': ['red', 'blue', '#00ff00'],
    'size': ['small', 'medium', 'large'],
    'result': ['won', 'lost'],
    'from-group': ['khartoum', 'cape-colony', 'east-coast', 'west-coast'],
    'to-group': ['khartoum', 'cape-colony', 'east-coast', 'west-coast'],
    'step': ['activity', 'disaster', 'movement', 'new-hex', 'natives', 'hunting', 'outfit', 'publish'],
    'value': ['cautious', 'normal', 'reckless'],
    'edition': ['ah', 'dg'], 'game': ['1', '2'], 'goal': ['50', '75'],
    'vp': ['0', '1', '2', '5'], 'cost': ['0', '10', '100', '500'],
    'distance': ['0', '1', '2', '5'], 'position': ['1', '2', '3'],
    'attitude': ['1', '5', '9', '12'], 'given': ['5', '10', '35'], 'received': ['1', '5'],
    'lake-hexes': ['1', '2', '3'], 'special': ['1', '4', '8'],
    'effects': ['bearers:-2', 'rations:+10 vp:-1', 'explorer_sick:1', 'gifts:-3 muskets:-1', 'explorer_dies:1'],
    'reason': ['a roll', 'Ünïcode “quoted”'],
    'from': ['Zanzibar', 'Khartoum', 'Capetown', 'Luanda'], 'to': ['Zanzibar', 'Khartoum', 'Capetown', 'Luanda'],
    'hexes': ['', 'G22', 'G22 H10'],
    'status': ['at-sea', 'in-europe', 'in-port', 'in-africa', 'captive'],
}


def run(exe, *args):
    return subprocess.run([exe, *args], capture_output=True, text=True)


def export(exe, path):
    result = run(exe, 'export', path)
    if result.returncode != 0:
        raise AssertionError(f'export failed: {result.stderr}')
    return json.loads(result.stdout)


def player_names(exported):
    player = next(t for t in exported['tables'] if t['name'] == 'player')
    column = player['columns'].index('name')
    return [row[column] for row in player['rows']] or ['Nobody']


def without_journal(exported):
    return {table['name']: table['rows'] for table in exported['tables'] if table['name'] != 'journal'}


def draw_value(rng, param, players):
    name, kind = param['name'], param['type']
    if rng.random() < WRONG_SHARE:
        return rng.choice(WRONG)
    if name in ('player', 'owner', 'subject'):
        return rng.choice(players)
    if kind == 'b':
        return rng.choice(['yes', 'no'])
    if name in VALUES:
        return rng.choice(VALUES[name])
    if kind == 'x':
        return rng.choice(COUNTS)
    return rng.choice(HEXES + players)


def draw_operation(rng, operations, players):
    while True:
        operation = rng.choice(operations)
        if operation['name'] not in ENDINGS or rng.random() < ENDING_SHARE:
            break
    args = [f"{p['name']}={draw_value(rng, p, players)}"
            for p in operation['params']
            if not p['optional'] or rng.random() < 0.4]
    return operation['name'], args


def exercise(exe, base, seed):
    """Runs ROUNDS operations on copies of @base, CHAIN at a time.
    Returns: (operations applied, a list of what went wrong)."""
    rng = random.Random(seed)
    operations = [o for o in json.loads(run(exe, 'ops', '--json').stdout) if o['name'] not in NEEDS_A_ROLL]
    first_players = player_names(export(exe, base))
    folder = os.path.dirname(base)
    path = os.path.join(folder, 'played.nile')
    snapshot = os.path.join(folder, 'before.nile')
    applied = 0
    wrong = []

    for round_ in range(ROUNDS + 1):
        if round_ % CHAIN == 0:
            if round_ > 0 and run(exe, 'check', path).returncode != 0:
                wrong.append(f'seed {seed}, round {round_}: the file fails its check')
            if round_ == ROUNDS:
                break
            for suffix in ('', '-wal', '-shm'):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)
            shutil.copy(base, path)
            players = first_players

        name, args = draw_operation(rng, operations, players)
        said = f'do {name} {" ".join(args)}'
        shutil.copy(path, snapshot)
        result = run(exe, 'do', path, name, *args)
        if result.returncode not in (0, 2) or any(t in result.stderr for t in GLIB_TROUBLE):
            wrong.append(f'{said}: exit {result.returncode}, {result.stderr.strip()!r}')
            continue
        if result.returncode == 2:
            if not result.stderr.strip():
                wrong.append(f'{said}: refused without a message')
            if not filecmp.cmp(path, snapshot, shallow=False) or os.path.exists(path + '-wal'):
                wrong.append(f'{said}: refused ({result.stderr.strip()}) but the file changed')
            continue

        applied += 1
        before = export(exe, snapshot)
        after = export(exe, path)
        if run(exe, 'undo', path).returncode != 0:
            wrong.append(f'{said}: could not be undone')
            continue
        if without_journal(export(exe, path)) != without_journal(before):
            wrong.append(f'{said}: undone, the campaign is not as it was before')
        if run(exe, 'redo', path).returncode != 0:
            wrong.append(f'{said}: could not be redone')
            continue
        if without_journal(export(exe, path)) != without_journal(after):
            wrong.append(f'{said}: redone, the campaign is not as it was after')
        # Players are added, renamed and removed as it goes.
        players = player_names(after)

    return applied, wrong


def make_dg_campaign(exe, path):
    """Three players in a Discovery Games campaign, two of them in Africa
    beside tribes, one in port."""
    steps = [
        ['new', path, '--name', 'Random DG', '--game', '2', '--edition', 'dg'],
        ['do', path, 'add-player', 'name=Ann'],
        ['do', path, 'add-player', 'name=Bob'],
        ['do', path, 'add-player', 'name=Cy'],
        ['do', path, 'new-explorer', 'player=Ann', 'name=Stanley', 'specialty=evangelism', 'port=Zanzibar'],
        ['do', path, 'new-explorer', 'player=Bob', 'name=Speke', 'specialty=medicine', 'port=Khartoum'],
        ['do', path, 'new-explorer', 'player=Cy', 'name=Baker', 'specialty=zoology', 'port=Zanzibar'],
        ['do', path, 'set-makeup', 'player=Ann', 'bearers=12', 'rations=30', 'gifts=20', 'guides=1', 'askaris=2'],
        ['do', path, 'set-makeup', 'player=Bob', 'bearers=10', 'rations=30', 'gifts=20', 'sick_bearers=2'],
        ['do', path, 'set-out', 'player=Ann', 'hex=G22'],
        ['do', path, 'set-out', 'player=Bob', 'hex=H10'],
        ['do', path, 'add-tribe', 'counter=7', 'hex=H10', 'natives=3'],
        ['do', path, 'add-tribe', 'counter=14', 'hex=G22', 'natives=5'],
        ['do', path, 'record-hex', 'player=Ann', 'hex=G22', 'terrain=jungle', 'river=yes', 'natives=yes'],
    ]
    for step in steps:
        result = run(exe, *step)
        if result.returncode != 0:
            raise AssertionError(f'{" ".join(step[:1] + step[2:])}: {result.stderr}')


def main():
    exe = sys.argv[1]
    print('1..2')
    with tempfile.TemporaryDirectory() as folder:
        # The owner's own table sheets stay out of it.
        os.environ['XDG_DATA_HOME'] = folder
        cases = []
        ah = os.path.join(folder, 'ah', 'base.nile')
        os.makedirs(os.path.dirname(ah))
        if run(exe, 'sample', ah).returncode != 0:
            raise AssertionError('nile-ledger sample failed')
        cases.append(('the Avalon Hill sample', ah, 1858))

        dg = os.path.join(folder, 'dg', 'base.nile')
        os.makedirs(os.path.dirname(dg))
        make_dg_campaign(exe, dg)
        cases.append(('a Discovery Games campaign', dg, 1977))

        failed = False
        for number, (what, base, seed) in enumerate(cases, start=1):
            applied, wrong = exercise(exe, base, seed)
            # Too few applied would say the values drawn no longer fit.
            if applied < ROUNDS // 10:
                wrong.append(f'only {applied} of {ROUNDS} operations were applied')
            for line in wrong:
                print(f'# {line}')
            print(f'{"not ok" if wrong else "ok"} {number} - {what}: {ROUNDS} random operations, '
                  f'{applied} applied, each undone and redone exactly; the refused changed nothing')
            failed = failed or bool(wrong)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
