#!/bin/sh
# Quick start for a fresh Debian 12 machine, run as root.
#
#   build-aux/quickstart.sh run    install what is missing, build, start the app
#   build-aux/quickstart.sh test   install what is missing, build, run every test
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

cd "$(dirname "$0")/.."

BUILD_DIR=_build
SANITIZE_DIR=_build-sanitize
FUZZ_DIR=_build-fuzz

PACKAGES="meson ninja-build gcc clang pkg-config gettext libglib2.0-bin
  libgtk-4-dev libadwaita-1-dev libsqlite3-dev libjson-glib-dev
  desktop-file-utils appstream flatpak-builder
  xvfb xauth dbus at-spi2-core python3-pyatspi imagemagick
  libclang-rt-14-dev"

install_missing () {
  missing=""
  for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
      missing="$missing $package"
    fi
  done
  if [ -n "$missing" ]; then
    echo "Installing:$missing"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
  fi
}

# setup DIR [meson options…]: configure once, reconfigure after that.
setup () {
  dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
  meson compile -C "$dir"
}

# A headless session: a virtual X display and a private D-Bus. The
# display never resets: by default Xvfb resets whenever its last client
# leaves, and a test starting at that moment fails with "cannot open
# display" (seen in CI between two in-process widget tests).
headless () {
  xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- "$@"
}

run_app () {
  setup "$BUILD_DIR"
  GSETTINGS_SCHEMA_DIR="$BUILD_DIR/data" exec "$BUILD_DIR/src/nile-ledger"
}

run_tests () {
  status=0

  setup "$BUILD_DIR" --werror
  headless meson test -C "$BUILD_DIR" --print-errorlogs || status=1

  # The whole suite again under AddressSanitizer and UBSan. Sanitized,
  # unoptimized code runs several times slower: on a busy two-core
  # machine the crash and window tests outran their 30 s limit.
  setup "$SANITIZE_DIR" --werror -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
  ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    headless meson test -C "$SANITIZE_DIR" --timeout-multiplier 4 --print-errorlogs || status=1

  # Thirty seconds of libFuzzer on each reader of what players send each
  # other (sheet packs, campaign exports), when clang is here; a crash
  # fails the run and the summary counts it.
  summary_dirs="$BUILD_DIR $SANITIZE_DIR"
  if command -v clang >/dev/null 2>&1; then
    CC=clang setup "$FUZZ_DIR" --werror -Dfuzzing=true
    meson test -C "$FUZZ_DIR" --suite fuzz --print-errorlogs || status=1
    summary_dirs="$summary_dirs $FUZZ_DIR"
  fi

  # shellcheck disable=SC2086 # the folder names hold no spaces
  /usr/bin/python3 build-aux/test-summary.py $summary_dirs || status=1
  return $status
}

case "${1:-}" in
  run)
    install_missing
    run_app
    ;;
  test)
    install_missing
    run_tests
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
