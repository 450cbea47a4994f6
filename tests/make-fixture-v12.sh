#!/bin/sh
# make-fixture-v12.sh: build tests/fixtures/campaign-v12.json, an export
# as format 12 wrote it, to test that a Discovery Games campaign updated
# to format 13 knows which hexes already earned their natives' defeat
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run once from the top source folder with a nile-ledger of format 12
# (the release before format 13), and commit the result:
#
#   tests/make-fixture-v12.sh PATH/TO/format-12/nile-ledger
#
# Stanley stands in B12, recorded with its natives defeated (jungle 2,
# natives +1, defeated +1); Speke stands in C5, recorded with natives
# not yet fought (veldt 1, natives +1).

set -eu

ledger=${1:?usage: $0 PATH/TO/format-12/nile-ledger}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book=$work/natives.nile

do_op () {
  "$ledger" do "$book" "$@" >/dev/null
}

"$ledger" new "$book" --name "Before format 13" --game 2 --edition dg >/dev/null
do_op add-player name=Anna
do_op add-player name=Burton
do_op new-explorer player=Anna name=Stanley specialty=zoology port=Zanzibar
do_op set-out player=Anna hex=B12
do_op new-explorer player=Burton name=Speke specialty=zoology port=Mombasa
do_op set-out player=Burton hex=C5
do_op add-tribe counter=3 hex=B12 natives=12
do_op add-tribe counter=4 hex=C5 natives=8
do_op record-hex player=Anna hex=B12 terrain=jungle natives=true defeated=true
do_op record-hex player=Burton hex=C5 terrain=veldt natives=true
"$ledger" export "$book" >tests/fixtures/campaign-v12.json
