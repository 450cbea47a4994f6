#!/bin/sh
# make-fixture-v10.sh: build tests/fixtures/campaign-v10.json, an export
# as format 10 wrote it, to test that a campaign updated to format 11 is
# held back by no change of status made before the update
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run once from the top source folder with a nile-ledger of format 10
# (the release before format 11), and commit the result:
#
#   tests/make-fixture-v10.sh PATH/TO/format-10/nile-ledger
#
# In turn 1 Stanley has just entered port, and Speke entered port and set
# sail at once, as format 10 allowed.

set -eu

ledger=${1:?usage: $0 PATH/TO/format-10/nile-ledger}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book=$work/voyage.nile

do_op () {
  "$ledger" do "$book" "$@" >/dev/null
}

"$ledger" new "$book" --name "Before format 11" --game 2 --edition ah >/dev/null
do_op add-player name=Anna
do_op add-player name=Burton
do_op new-explorer player=Anna name=Stanley specialty=journalist port=Zanzibar
do_op set-out player=Anna hex=B12
do_op move player=Anna hex=Zanzibar distance=0 status=in-port
do_op new-explorer player=Burton name=Speke specialty=geologist port=Mombasa
do_op set-out player=Burton hex=C5
do_op move player=Burton hex=Mombasa distance=0 status=in-port
do_op move player=Burton status=at-sea
"$ledger" export "$book" >tests/fixtures/campaign-v10.json
