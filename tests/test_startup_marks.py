#!/usr/bin/python3
# The marks tests/bench-startup.py reads: with
# NILE_LEDGER_REPORT_FIRST_FRAME set, nile-ledger opening a campaign
# prints each step of its startup once, in order, on the monotonic clock,
# and nothing after "settled"; without it, nothing at all.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import select
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

STEPS = ['started', 'window-built', 'campaign-shown', 'presented', 'first-frame', 'settled']
TIMEOUT_S = 30


def read_lines(process, until, timeout, linger=1.0):
    """The lines the process prints until one starts with @until (or the
    time runs out), and in the @linger seconds after it."""
    lines = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if not ready:
            continue
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if until is not None and line.startswith(until + ' '):
            deadline = min(deadline, time.monotonic() + linger)
            until = None
    return lines


def run(exe, campaign, env, until, timeout):
    process = subprocess.Popen([exe, campaign], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        lines = read_lines(process, until, timeout)
        # Still running at the end, as it should be: None.
        return lines, process.poll()
    finally:
        process.terminate()
        process.wait(timeout=10)


def main():
    h.require_session()
    exe = sys.argv[1]

    with tempfile.TemporaryDirectory() as folder:
        campaign = os.path.join(folder, 'sample.nile')
        subprocess.run([exe, 'sample', campaign], check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, NILE_LEDGER_REPORT_FIRST_FRAME='1')
        env.pop('G_DEBUG', None)

        before = time.monotonic_ns() // 1000
        # Read for a second after "settled": later frames print nothing.
        lines, status = run(exe, campaign, env, 'settled', TIMEOUT_S)
        names = [line.split()[0] for line in lines]
        assert status is None, f'nile-ledger exited with {status} after printing {names}'
        assert names == STEPS, f'marks {names}, expected {STEPS}'
        times = [int(line.split()[1]) for line in lines]
        assert times == sorted(times), f'marks out of order in time: {lines}'
        assert before <= times[0], 'the marks are not on the monotonic clock'
        print('ok 1 - each step of startup marked once, in order')

        env.pop('NILE_LEDGER_REPORT_FIRST_FRAME')
        quiet, status = run(exe, campaign, env, None, 3)
        assert status is None, f'nile-ledger exited with {status}'
        assert quiet == [], f'printed without being asked: {quiet}'
        print('ok 2 - nothing printed unless asked')

    print('1..2')
    return 0


if __name__ == '__main__':
    sys.exit(main())
