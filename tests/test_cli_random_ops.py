#!/usr/bin/python3
# Operations with random parameters, through the command line, on an
# Avalon Hill campaign (the sample), a Discovery Games one and a Game I
# one whose explorers are back in Europe with discoveries to publish;
# and, among them, rolls with random inputs written into the campaign
# (`roll NAME --apply`), which is how the operations that take a
# finished roll record get real ones:
#
# - every `do` exits 0 (applied) or 2 (refused, with a message), and
#   never with a GLib warning or critical; a roll may also exit 3, when
#   a cell it reads is blank;
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
# quarter get through. The sheets the owner fills from his board are
# filled with random cells first, so that those rolls read a cell. The
# seeds are fixed: a failure names the operation or roll, and its
# parameters, to run again by hand.
#
#   test_cli_random_ops.py NILE_LEDGER_EXE
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import itertools
import json
import os
import random
import shutil
import sys
import tempfile

from cli_helpers import left_as_it_was, remove_campaign, run, troubled

ROUNDS = 200
CHAIN = 30

# Operations that take a finished roll record are drawn through `roll
# --apply` instead, which makes a real record and hands it to them.
NEEDS_A_ROLL = {'apply-roll', 'recovery-roll', 'escape-roll', 'turn-roll'}
ROLL_SHARE = 0.3
# What `roll --apply` asks besides the roll's own inputs: the campaign's
# side of it. One of them, drawn without regard to the roll, is given in
# APPLY_OPTION_SHARE of the rolls: a roll refuses the ones it does not
# read, so more would leave too few rolls applied.
APPLY_OPTION_SHARE = 0.4
APPLY_OPTIONS = {
    '--tribe': ['7', '14', '22', '31'],
    '--cache': ['1', '2'],
    '--prisoners': ['keep', 'release', 'held'],
    '--recovering': ['explorer', 'bearers', 'guides', 'askaris'],
    '--escapes-with': ['bearers:2', 'bearers:1 guides:1', 'askaris:3 canoes:1'],
}
# These end the game or take someone out of it: drawn as often as the
# rest, they would leave most later operations nobody to act on.
ENDINGS = {'remove-player', 'game-two-end', 'explorer-dies', 'retire', 'game-one-win-check'}
ENDING_SHARE = 0.15
# A campaign made for some operations draws them this often, so that
# they are reached whatever else the chain has done.
FAVOURED_SHARE = 0.4
EUROPE = {'publish', 'europe-turn', 'rank-spectacular', 'sail', 'new-explorer'}

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
    'hexes': ['', 'G22', 'G22,H10', 'G22,H11,H12', 'H10,G9'],
    'publish': ['all', 'G22', 'G22,H11', 'H10,G9'],
    'cards': ['250', 'none', 'ticket:Zanzibar', '250 500', '250 ticket:Khartoum', '100 100 100 100 100 100'],
    'awards': ['none', 'mountain:G22:1:5', 'river:H11:1', 'lake:H11:1:4', 'waterfall:H12:1:3',
               'mountain:G22:1:5,river:H11:2', 'mountain:G22:2:5'],
    'status': ['at-sea', 'in-europe', 'in-port', 'in-africa', 'captive'],
}


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


def draw_operation(rng, operations, players, favoured):
    choices = operations
    if favoured and rng.random() < FAVOURED_SHARE:
        choices = [o for o in operations if o['name'] in favoured]
    while True:
        operation = rng.choice(choices)
        if operation['name'] not in ENDINGS or rng.random() < ENDING_SHARE:
            break
    args = [f"{p['name']}={draw_value(rng, p, players)}"
            for p in operation['params']
            if not p['optional'] or rng.random() < 0.4]
    return operation['name'], args


def draw_roll(rng, rolls, edition, players, path):
    """A roll of @edition with its inputs drawn as the operations'
    parameters are, written into the campaign at @path."""
    roll = rng.choice([r for r in rolls if edition in r['editions']])
    args = [roll['name'], '--edition', edition, '--seed', str(rng.randrange(1 << 31)),
            '--apply', path, '--player', rng.choice(players)]
    for put in roll['inputs'].get(edition, []):
        if not put['required'] and rng.random() >= 0.4:
            continue
        if put['kind'] == 'bool':
            args.append(f"--{put['name']}")
        elif rng.random() < WRONG_SHARE:
            args.append(f"--{put['name']}={rng.choice(WRONG)}")
        elif put['kind'] == 'choice':
            args.append(f"--{put['name']}={rng.choice(put['choices'])}")
        else:
            # Small counts are the ones the tables are about.
            top = min(put['max'], put['min'] + 12)
            args.append(f"--{put['name']}={rng.randint(put['min'], top)}")
    if rng.random() < APPLY_OPTION_SHARE:
        option = rng.choice(list(APPLY_OPTIONS))
        args.append(f'{option}={rng.choice(APPLY_OPTIONS[option])}')
    return args


def exercise(exe, base, edition, seed, favoured=()):
    """Runs ROUNDS operations and rolls on copies of @base, CHAIN at a
    time. Returns: (changes applied, the kinds applied, a list of what
    went wrong)."""
    rng = random.Random(seed)
    operations = [o for o in json.loads(run(exe, 'ops', '--json').stdout) if o['name'] not in NEEDS_A_ROLL]
    rolls = json.loads(run(exe, 'roll', '--list', '--json').stdout)
    first_players = player_names(export(exe, base))
    folder = os.path.dirname(base)
    path = os.path.join(folder, 'played.nile')
    snapshot = os.path.join(folder, 'before.nile')
    applied = 0
    kinds = set()
    wrong = []

    for round_ in range(ROUNDS + 1):
        if round_ % CHAIN == 0:
            if round_ > 0 and run(exe, 'check', path).returncode != 0:
                wrong.append(f'seed {seed}, round {round_}: the file fails its check')
            if round_ == ROUNDS:
                break
            remove_campaign(path)
            shutil.copy(base, path)
            players = first_players

        if rng.random() < ROLL_SHARE:
            args = draw_roll(rng, rolls, edition, players, path)
            kind = f'roll {args[0]}'
            said = f'roll {" ".join(args)}'
            command = ['roll', *args]
        else:
            name, args = draw_operation(rng, operations, players, favoured)
            kind = name
            said = f'do {name} {" ".join(args)}'
            command = ['do', path, name, *args]
        shutil.copy(path, snapshot)
        result = run(exe, *command)
        if result.returncode not in ((0, 2, 3) if command[0] == 'roll' else (0, 2)) or \
           troubled(result.stderr):
            wrong.append(f'{said}: exit {result.returncode}, {result.stderr.strip()!r}')
            continue
        if result.returncode == 2:
            if not result.stderr.strip():
                wrong.append(f'{said}: refused without a message')
            if not left_as_it_was(path, snapshot):
                wrong.append(f'{said}: refused ({result.stderr.strip()}) but the file changed')
            continue

        if command[0] == 'roll' and result.returncode == 3:
            # A blank cell: the roll says which, and waits for it.
            if 'Needs a cell' not in result.stdout:
                wrong.append(f'{said}: exit 3 without naming the cell it needs')
            if not left_as_it_was(path, snapshot):
                wrong.append(f'{said}: needs a cell, but the file changed')
            continue
        if command[0] == 'roll' and 'Nothing to apply' in result.stdout:
            # A result that changes nothing in the books (an order of
            # play, a hunt that brings nothing in) writes no change.
            if not left_as_it_was(path, snapshot):
                wrong.append(f'{said}: nothing to apply, but the file changed')
            continue

        before = export(exe, snapshot)
        after = export(exe, path)
        applied += 1
        kinds.add(kind)
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

    return applied, kinds, wrong


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


def make_europe_campaign(exe, path):
    """A Game I campaign to a low goal, two explorers back in Europe with
    unpublished discoveries: spectacular ones for Burton, plain ones for
    Grant."""
    steps = [
        ['new', path, '--name', 'Random Europe', '--game', '1', '--edition', 'ah', '--goal', '12'],
        ['do', path, 'add-player', 'name=Ann'],
        ['do', path, 'add-player', 'name=Bob'],
        ['do', path, 'new-explorer', 'player=Ann', 'name=Burton', 'specialty=geologist', 'port=Zanzibar'],
        ['do', path, 'new-explorer', 'player=Bob', 'name=Grant', 'specialty=explorer', 'port=Zanzibar'],
        ['do', path, 'set-makeup', 'player=Ann', 'bearers=8', 'rations=20'],
        ['do', path, 'set-makeup', 'player=Bob', 'bearers=8', 'rations=20'],
        ['do', path, 'set-out', 'player=Ann', 'hex=G22'],
        ['do', path, 'set-out', 'player=Bob', 'hex=H10'],
        ['do', path, 'record-hex', 'player=Ann', 'hex=G22', 'terrain=mountains', 'mountain=17000', 'vp=5'],
        ['do', path, 'record-hex', 'player=Ann', 'hex=H11', 'terrain=lake', 'river=yes', 'lake=900',
         'lake-hexes=2', 'vp=3'],
        ['do', path, 'record-hex', 'player=Ann', 'hex=H12', 'terrain=veldt', 'river=yes', 'cataract=yes',
         'waterfall=300', 'vp=2'],
        ['do', path, 'record-hex', 'player=Bob', 'hex=H10', 'terrain=jungle', 'river=yes', 'vp=2'],
        ['do', path, 'record-hex', 'player=Bob', 'hex=G9', 'terrain=desert', 'oasis=yes', 'vp=1'],
    ]
    # Into port, to sea the next turn, and to Europe at the end of the one after.
    for status in ('in-port', 'at-sea'):
        steps += [['do', path, 'move', f'player={p}', f'status={status}'] for p in ('Ann', 'Bob')]
        steps += [['do', path, 'end-turn', f'player={p}'] for p in ('Ann', 'Bob')]
    for step in steps:
        result = run(exe, *step)
        if result.returncode != 0:
            raise AssertionError(f'{" ".join(step[:1] + step[2:])}: {result.stderr}')


def fill_owner_sheets(exe, folder):
    """Every sheet the owner fills (the Avalon Hill tables, and Hunting
    and Recovery for both editions), filled with random cells of the
    right kind, so that their rolls read a result. The sheets the app
    ships filled are left as they are."""
    rng = random.Random(1979)
    sheets = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'core', 'sheets')
    cells = []
    for name in sorted(glob.glob(os.path.join(sheets, '*.json'))):
        with open(name) as sheet_file:
            sheet = json.load(sheet_file)
        if sheet['cells']:
            continue
        axes = []
        for axis in sheet['axes']:
            if axis['kind'] == 'dice-total':
                axes.append([str(v) for v in range(axis['min'], axis['max'] + 1)])
            elif 'ranges' in axis:
                axes.append(axis['ranges'])
            else:
                axes.append([v['value'] if isinstance(v, dict) else v for v in axis['values']])
        result = sheet['result']
        for at in itertools.product(*axes):
            if result['type'] == 'code':
                value = rng.choice([code['code'] for code in result['codes']])
            else:
                value = str(rng.randint(result['min'], min(result['max'], result['min'] + 12)))
            cells.append({'sheet': sheet['id'], 'at': dict(zip((a['name'] for a in sheet['axes']), at)),
                          'value': value})
    pack = os.path.join(folder, 'filled.json')
    with open(pack, 'w') as pack_file:
        json.dump({'format': 'nile-ledger-sheet-pack', 'version': 1, 'cells': cells}, pack_file)
    result = run(exe, 'sheet', 'import', pack)
    if result.returncode != 0:
        raise AssertionError(f'sheet import: {result.stderr}')


def main():
    exe = sys.argv[1]
    print('1..3')
    with tempfile.TemporaryDirectory() as folder:
        # The owner's own table sheets: a folder of the test's, filled.
        os.environ['XDG_DATA_HOME'] = folder
        fill_owner_sheets(exe, folder)
        cases = []
        ah = os.path.join(folder, 'ah', 'base.nile')
        os.makedirs(os.path.dirname(ah))
        if run(exe, 'sample', ah).returncode != 0:
            raise AssertionError('nile-ledger sample failed')
        cases.append(('the Avalon Hill sample', ah, 'ah', 1858, ()))

        dg = os.path.join(folder, 'dg', 'base.nile')
        os.makedirs(os.path.dirname(dg))
        make_dg_campaign(exe, dg)
        cases.append(('a Discovery Games campaign', dg, 'dg', 1977, ()))

        europe = os.path.join(folder, 'europe', 'base.nile')
        os.makedirs(os.path.dirname(europe))
        make_europe_campaign(exe, europe)
        cases.append(('explorers back in Europe, Game I', europe, 'ah', 1862, EUROPE))

        failed = False
        for number, (what, base, edition, seed, favoured) in enumerate(cases, start=1):
            applied, kinds, wrong = exercise(exe, base, edition, seed, favoured)
            # Too few applied would say the values drawn no longer fit.
            if applied < ROUNDS // 10:
                wrong.append(f'only {applied} of {ROUNDS} changes were applied')
            for line in wrong:
                print(f'# {line}')
            print(f'# {len(kinds)} kinds applied: {", ".join(sorted(kinds))}')
            print(f'{"not ok" if wrong else "ok"} {number} - {what}: {ROUNDS} random operations and rolls, '
                  f'{applied} applied, each undone and redone exactly; the refused changed nothing')
            failed = failed or bool(wrong)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
