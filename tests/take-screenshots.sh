#!/bin/sh
# Saves screenshots of the running app at several window sizes, headless.
#
#   tests/take-screenshots.sh [BUILD_DIR] [OUT_DIR] [WIDTHxHEIGHT…]
#
# Defaults: _build, BUILD_DIR/screenshots, 1280x800 800x1280 360x640.
# The README's picture is data/screenshots/main-window.png, copied from
# the 1280x800 shot.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build_dir=$(realpath "${1:-_build}")
out_dir=${2:-$build_dir/screenshots}
shift 2 2>/dev/null || shift $#
sizes=${*:-1280x800 800x1280 360x640}

mkdir -p "$out_dir"
out_dir=$(realpath "$out_dir")

for size in $sizes; do
  width=${size%x*}
  height=${size#*x}
  config=$(mktemp -d)
  # The keyfile backend lets us hand the window its size before it starts.
  mkdir -p "$config/glib-2.0/settings"
  cat > "$config/glib-2.0/settings/keyfile" <<KEYFILE
[io/github/nileledger/NileLedger]
window-width=$width
window-height=$height
KEYFILE
  XDG_CONFIG_HOME=$config XDG_DATA_HOME=$config \
  GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR="$build_dir/data" \
  GSK_RENDERER=cairo \
    xvfb-run -a -s "-screen 0 ${width}x${height}x24" dbus-run-session -- sh -c "
      '$build_dir/src/nile-ledger' & app=\$!
      sleep 3
      import -window root '$out_dir/main-window-$size.png'
      kill \$app" 2>/dev/null
  rm -rf "$config"
  echo "$out_dir/main-window-$size.png"
done
