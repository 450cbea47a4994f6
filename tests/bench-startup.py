#!/usr/bin/python3
# bench-startup.py: how long nile-ledger takes to show a large campaign,
# against a bare libadwaita window, and how much memory each holds then
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench-startup.py [BUILD_DIR] [--runs N] [--size WxH]
#
# Not a test: a measurement to read. It builds the benchmark campaign
# (bench-campaign --build-only: 8 players, 40 explorers, 500 hexes,
# 100,000 journal lines), then starts, in turn and N times each,
#   - nile-ledger FILE.nile,
#   - bench-bare-window (a libadwaita window with a header bar), and,
#     not judged, nile-ledger with no campaign (its start page) and
#     bench-bare-window --skeleton (the campaign window's leaflet,
#     headers, view switchers and seven pages, all empty: what the frame
#     the issue asks for costs before anything is in it),
# all under one Xvfb and one D-Bus session, with GSK_RENDERER=cairo and
# the same window size. "Visible" is the first frame clock after-paint:
# both programs print the monotonic time then (nile-ledger when
# NILE_LEDGER_REPORT_FIRST_FRAME is set), the window mapped and its
# first frame drawn, the campaign already open in it. "Settled" is the
# frame both draw next, once their main loop has run all it was left
# for idle time: for nile-ledger, the Party page's lower sections, built
# after the first frame. The times counted are from just before exec to
# each line; the memory is the process's resident set (VmRSS) read from
# /proc the moment the line arrives. Prints the median of each, the
# ratios of both marks, and the targets (time ≤ 1.3×, memory ≤ 1.15× the
# bare window's); the settled frame is the one judged against them.

import argparse
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TIME_TARGET = 1.3
MEMORY_TARGET = 1.15
TIMEOUT_S = 60


def parse_args():
    parser = argparse.ArgumentParser(description='Time nile-ledger showing a large campaign against a bare libadwaita window.')
    parser.add_argument('build_dir', nargs='?', default='_build')
    parser.add_argument('--runs', type=int, default=7, help='runs of each program (default 7)')
    parser.add_argument('--size', default='1280x800', help='window size (default 1280x800)')
    parser.add_argument('--campaign', help='an existing .nile file instead of building one')
    return parser.parse_args()


def rerun_headless():
    """Runs this script again inside Xvfb and a private D-Bus session."""
    args = parse_args()
    width, height = args.size.split('x')
    command = ['xvfb-run', '-a', '-s', f'-screen 0 {width}x{height}x24',
               'dbus-run-session', '--', sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    env = dict(os.environ, NILE_BENCH_HEADLESS='1')
    os.execvpe(command[0], command, env)


def rss_kib(pid):
    with open(f'/proc/{pid}/status') as status:
        for line in status:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    raise RuntimeError(f'no VmRSS for {pid}')


# The marks the programs print, in order, and what happens before each.
# The first frame and the settled one are the marks judged; the others
# tell where the time goes. A program without a step (the bare window
# opens no campaign) leaves it out, and its next step counts from the
# mark before.
STEPS = [
    ('started', 'exec to GTK and libadwaita ready'),
    ('window-built', 'the window built'),
    ('campaign-shown', 'the opened campaign given to the window'),
    ('presented', 'the window realised, mapped and sized'),
    ('first-frame', 'the first frame laid out and drawn'),
    ('settled', 'idle work, then the next frame'),
]


def read_marks(process, command):
    """The monotonic time, in µs, of each line `name USEC` the program
    prints up to "settled", and the RSS in KiB as the first frame's and
    the settled frame's lines arrive."""
    marks, rss = {}, {}
    while 'settled' not in marks:
        ready, _, _ = select.select([process.stdout], [], [], TIMEOUT_S)
        line = process.stdout.readline() if ready else ''
        name, _, value = line.partition(' ')
        if name not in dict(STEPS):
            raise RuntimeError(f'{command[0]} printed no settled line in {TIMEOUT_S} s: {line!r}')
        marks[name] = int(value)
        if name in ('first-frame', 'settled'):
            rss[name] = rss_kib(process.pid)
    if 'first-frame' not in marks:
        raise RuntimeError(f'{command[0]} printed no first-frame line')
    return marks, rss


def time_once(command, env):
    """Seconds from exec to the first frame and to the settled one, with
    the RSS in KiB at each, and the seconds each step took."""
    start_us = time.monotonic_ns() // 1000
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        marks, rss = read_marks(process, command)
        steps, previous = {}, start_us
        for name, _ in STEPS:
            if name in marks:
                steps[name] = (marks[name] - previous) / 1e6
                previous = marks[name]
        return {'first frame': ((marks['first-frame'] - start_us) / 1e6, rss['first-frame']),
                'settled': ((marks['settled'] - start_us) / 1e6, rss['settled']),
                'steps': steps}
    finally:
        process.terminate()
        process.wait()


def print_steps(samples):
    """The median time of each step, per program."""
    print('Where the time goes, median ms of each step:')
    print(f'  {"":40}' + ''.join(f'{name:>13}' for name in samples))
    for step, description in STEPS:
        cells = ''
        for runs in samples.values():
            times = [run['steps'][step] for run in runs if step in run['steps']]
            cells += f'{statistics.median(times) * 1000:13.1f}' if times else f'{"—":>13}'
        print(f'  {description:40}' + cells)


def main():
    args = parse_args()
    if os.environ.get('NILE_BENCH_HEADLESS') != '1':
        rerun_headless()

    build_dir = os.path.abspath(args.build_dir)
    width, height = args.size.split('x')
    app = os.path.join(build_dir, 'src', 'nile-ledger')
    bare = os.path.join(build_dir, 'tests', 'bench-bare-window')
    home = tempfile.mkdtemp(prefix='nile-bench-startup-')

    try:
        if args.campaign:
            campaign = os.path.abspath(args.campaign)
        else:
            print('Building the benchmark campaign…', flush=True)
            subprocess.run([os.path.join(build_dir, 'tests', 'bench-campaign'),
                            '--keep', home, '--build-only'], check=True, stdout=subprocess.DEVNULL)
            campaign = os.path.join(home, 'bench.nile')

        # The window's size through the keyfile backend, as the screenshots do;
        # fresh data and config folders so no earlier state is read.
        settings = os.path.join(home, 'config', 'glib-2.0', 'settings')
        os.makedirs(settings)
        with open(os.path.join(settings, 'keyfile'), 'w') as keyfile:
            keyfile.write(f'[io/github/nileledger/NileLedger]\nwindow-width={width}\nwindow-height={height}\n')
        env = dict(os.environ,
                   XDG_CONFIG_HOME=os.path.join(home, 'config'),
                   XDG_DATA_HOME=os.path.join(home, 'data'),
                   GSETTINGS_BACKEND='keyfile',
                   GSETTINGS_SCHEMA_DIR=os.path.join(build_dir, 'data'),
                   GSK_RENDERER='cairo',
                   GDK_BACKEND='x11',
                   NILE_LEDGER_REPORT_FIRST_FRAME='1')

        commands = {
            'nile-ledger': [app, campaign],
            'bare window': [bare, width, height],
            # Not judged: what the app costs before any campaign is open,
            # and what the window's frame costs with nothing in it.
            'start page': [app],
            'skeleton': [bare, '--skeleton', width, height],
        }
        samples = {name: [] for name in commands}
        # One warm-up run each fills the page cache, then they alternate.
        for name, command in commands.items():
            time_once(command, env)
        for _ in range(args.runs):
            for name, command in commands.items():
                samples[name].append(time_once(command, env))

        print(f'{args.runs} runs each at {args.size}, GSK_RENDERER=cairo, '
              f'campaign {os.path.getsize(campaign) / 1048576:.1f} MB')
        medians = {}
        for name, runs in samples.items():
            for mark in ('first frame', 'settled'):
                seconds = statistics.median(run[mark][0] for run in runs)
                rss = statistics.median(run[mark][1] for run in runs)
                medians[name, mark] = (seconds, rss)
                times = ' '.join(f'{run[mark][0] * 1000:.0f}' for run in runs)
                print(f'  {name:12}  {mark:11} {seconds * 1000:7.1f} ms  RSS {rss / 1024:6.1f} MiB'
                      f'   (runs: {times} ms)')

        print_steps(samples)
        for mark in ('first frame', 'settled'):
            app, bare = medians['nile-ledger', mark], medians['bare window', mark]
            frame = medians['skeleton', mark]
            print(f'{mark:11}  time {app[0] / bare[0]:.2f}×, memory {app[1] / bare[1]:.2f}× the bare window'
                  f'   (the empty skeleton: {frame[0] / bare[0]:.2f}×, {frame[1] / bare[1]:.2f}×)')
        time_ratio = medians['nile-ledger', 'settled'][0] / medians['bare window', 'settled'][0]
        rss_ratio = medians['nile-ledger', 'settled'][1] / medians['bare window', 'settled'][1]
        print(f'Time ratio   {time_ratio:.2f}× (settled; target ≤ {TIME_TARGET}×): '
              f'{"met" if time_ratio <= TIME_TARGET else "NOT met"}')
        print(f'Memory ratio {rss_ratio:.2f}× (settled; target ≤ {MEMORY_TARGET}×): '
              f'{"met" if rss_ratio <= MEMORY_TARGET else "NOT met"}')
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    main()
