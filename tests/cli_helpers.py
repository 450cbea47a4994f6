# Shared helpers for the tests that drive nile-ledger's command line
# with random input: run it, tell a GLib warning in what it printed,
# and start from the sample campaign.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import filecmp
import os
import subprocess

# What GLib prints for a warning, a critical or a failed assertion.
GLIB_TROUBLE = ('CRITICAL', 'WARNING', '-ERROR', 'assertion')


def run(exe, *args, text=True):
    """Runs `nile-ledger ARGS…`, any GLib warning fatal, as under meson.
    With @text False, what it printed is left as bytes, to be checked."""
    return subprocess.run([exe, *args], capture_output=True, text=text,
                          env=dict(os.environ, G_DEBUG='fatal-warnings'))


def troubled(stderr):
    return any(t in stderr for t in GLIB_TROUBLE)


def make_sample(exe, folder):
    """The sample campaign, written into @folder; its path."""
    path = os.path.join(folder, 'sample.nile')
    if run(exe, 'sample', path).returncode != 0:
        raise AssertionError('nile-ledger sample failed')
    return path


def remove_campaign(path):
    """The campaign file at @path, and its log and index beside it."""
    for suffix in ('', '-wal', '-shm'):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def left_as_it_was(path, copy):
    """Whether the campaign at @path is byte for byte @copy, taken
    before a command, with no log left beside it."""
    return filecmp.cmp(path, copy, shallow=False) and not os.path.exists(path + '-wal')
