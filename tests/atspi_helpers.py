# Shared helpers for the AT-SPI tests: start the built app in its own
# process group and find widgets by role and name.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import signal
import subprocess
import sys
import time

SKIP = 77


def require_session():
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("SKIP: no display")
        sys.exit(SKIP)
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("SKIP: no D-Bus session bus")
        sys.exit(SKIP)


def press_mnemonic(pyatspi, letter):
    """Alt and @letter. A list row or a combo row has no accessible
    action, and GTK takes no focus requests over AT-SPI: a keyboard user
    reaches it by its mnemonic. Alt is held by its key code (64 in the X
    server's default map)."""
    alt = 64
    pyatspi.Registry.generateKeyboardEvent(alt, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(ord(letter), None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(alt, None, pyatspi.KEY_RELEASE)


def private_env(home):
    """The environment with the app's settings and data kept under
    @home, so that a test neither reads nor leaves anything elsewhere."""
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = os.path.join(home, "data")
    env["XDG_CONFIG_HOME"] = os.path.join(home, "config")
    return env


def wait_for(predicate, timeout=20.0, interval=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except Exception:  # the tree changes under us while the app starts
            value = None
        if value:
            return value
        time.sleep(interval)
    return None


class App:
    """The app under test, started in its own session so that it and
    anything it spawns can be killed as a group."""

    def __init__(self, exe, args=(), env=None):
        self.exe = exe
        self.args = list(args)
        self.env = dict(os.environ if env is None else env)
        # Fatal warnings would turn libatspi's harmless cache warnings
        # into crashes, so they stay off for the app under AT-SPI.
        self.env.pop("G_DEBUG", None)
        self.env.setdefault("GSETTINGS_BACKEND", "memory")
        self.proc = None

    def start(self, attempts=3):
        # Xvfb resets when its last client disconnects; the accessibility
        # bus launcher is often that client, and an app connecting during
        # the reset fails with "cannot open display" and exits at once.
        # A GUI app that is still running after a second got its display.
        for _ in range(attempts):
            self.proc = subprocess.Popen([self.exe] + self.args, env=self.env,
                                         start_new_session=True)
            try:
                self.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                break
        return self

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def find_app(pyatspi, name="nile-ledger", timeout=20.0):
    def lookup():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            child = desktop.getChildAtIndex(i)
            if child is not None and child.name == name:
                return child
        return None
    return wait_for(lookup, timeout)


def find(pyatspi, root, role, name=None, contains=None, timeout=10.0):
    def match(node):
        if node is None or node.getRoleName() != role:
            return False
        if name is not None and node.name != name:
            return False
        if contains is not None and contains not in (node.name or ""):
            return False
        return True
    return wait_for(lambda: pyatspi.findDescendant(root, match), timeout)


def text_of(node):
    text = node.queryText()
    return text.getText(0, text.characterCount)



def all_of(pyatspi, root, role):
    return pyatspi.findAllDescendants(root, lambda n: n is not None and n.getRoleName() == role)
