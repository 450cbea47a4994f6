#!/bin/sh
# make-sample-campaign.sh: build the sample campaign the app ships
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Plays the first turns of a Game II campaign through `nile-ledger new`
# and `nile-ledger do`, exactly as a game master would, and writes the
# export to src/core/sample-campaign.json. Run it again after a change
# to the operations or the export format:
#
#   data/sample/make-sample-campaign.sh _build/src/nile-ledger
#
# The campaign stops mid-game: two explorers deep in the interior, one
# home in Europe with his discoveries published, so that every page of
# the app has something real to show a newcomer.

set -eu

ledger=${1:?usage: $0 PATH/TO/nile-ledger}
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here/../../src/core/sample-campaign.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book=$work/sample.nile

do_op () {
  "$ledger" do "$book" "$@" >/dev/null
}

"$ledger" new "$book" --name "Nile 1858" --game 2 --edition ah >/dev/null

do_op add-player name=Amelia colour=red
do_op add-player name=Bartholomew colour=blue
do_op add-player name=Clara colour=yellow

# ---- Turn 1: three expeditions outfit in three ports ----------------

do_op new-explorer player=Amelia name=Livingstone specialty=missionary port=Zanzibar
do_op outfit player=Amelia kind=bearers count=18 cost=180
do_op outfit player=Amelia kind=guides count=2 cost=60
do_op outfit player=Amelia kind=askaris count=4 cost=120
do_op outfit player=Amelia kind=rations count=110 cost=110
do_op outfit player=Amelia kind=gifts count=60 cost=120
do_op outfit player=Amelia kind=muskets count=3 cost=90
do_op outfit player=Amelia kind=canoes count=2 cost=60

do_op new-explorer player=Bartholomew name=Speke specialty=explorer port=Khartoum
do_op outfit player=Bartholomew kind=bearers count=12 cost=120
do_op outfit player=Bartholomew kind=guides count=1 cost=30
do_op outfit player=Bartholomew kind=askaris count=6 cost=180
do_op outfit player=Bartholomew kind=camels count=4 cost=200
do_op outfit player=Bartholomew kind=rations count=100 cost=100
do_op outfit player=Bartholomew kind=gifts count=40 cost=80
do_op outfit player=Bartholomew kind=muskets count=2 cost=60

do_op new-explorer player=Clara name=Baker specialty=zoologist port=Mombasa
do_op outfit player=Clara kind=bearers count=14 cost=140
do_op outfit player=Clara kind=guides count=2 cost=60
do_op outfit player=Clara kind=askaris count=3 cost=90
do_op outfit player=Clara kind=rations count=90 cost=90
do_op outfit player=Clara kind=gifts count=40 cost=80
do_op outfit player=Clara kind=muskets count=2 cost=60

do_op set-out player=Amelia hex=K21
do_op end-turn player=Amelia terrain=veldt river=true
do_op set-out player=Bartholomew hex=F8
do_op end-turn player=Bartholomew terrain=desert river=true
do_op set-out player=Clara hex=J19
do_op end-turn player=Clara terrain=veldt

# ---- Turn 2: first hexes mapped, first tribes met ------------------

do_op move player=Amelia hex=J22 distance=2
do_op record-hex player=Amelia hex=J22 terrain=jungle river=true natives=true vp=2
do_op add-tribe counter=14 hex=J22 size=medium
do_op set-relation player=Amelia tribe=14 friendly=true negotiated=true
do_op trade player=Amelia tribe=14 give=gifts given=10 item=rations received=30 poison=4
do_op end-turn player=Amelia terrain=jungle river=true

do_op move player=Bartholomew hex=G9 distance=2
do_op record-hex player=Bartholomew hex=G9 terrain=desert oasis=true vp=1
do_op cache player=Bartholomew rations=20 gifts=10
do_op end-turn player=Bartholomew terrain=desert oasis=true

do_op move player=Clara hex=I18 distance=2
do_op record-hex player=Clara hex=I18 terrain=veldt vp=1
do_op add-tribe counter=31 hex=I18 size=large
do_op set-relation player=Clara tribe=31 friendly=false negotiated=true
do_op end-turn player=Clara terrain=veldt

# ---- Turn 3: fever, a mountain, and one explorer turns for the coast

do_op move player=Amelia hex=I23 distance=3
do_op record-hex player=Amelia hex=I23 terrain=jungle-swamp river=true vp=2
do_op apply-effects player=Amelia "effects=sick_bearers:+3 bearers:-3" "reason=Fever in the swamp: three bearers down"
do_op cache player=Amelia rations=30 gifts=10
do_op end-turn player=Amelia terrain=jungle-swamp river=true

do_op move player=Bartholomew hex=H10 distance=3
do_op record-hex player=Bartholomew hex=H10 terrain=mountains mountain=14000 vp=4
do_op add-tribe counter=7 hex=H10 size=small
do_op set-relation player=Bartholomew tribe=7 friendly=true
do_op end-turn player=Bartholomew terrain=mountains

do_op move player=Clara hex=H17 distance=3
do_op record-hex player=Clara hex=H17 terrain=lake river=true lake=800 vp=3
do_op bonus-discovery player=Clara "description=A new species of antelope" vp=2
do_op end-turn player=Clara terrain=lake river=true

# ---- Turn 4: Baker back to the coast -------------------------------

do_op move player=Amelia hex=H23 distance=4
do_op record-hex player=Amelia hex=H23 terrain=mountains mountain=11000 vp=3
do_op add-tribe counter=22 hex=H23 size=small
do_op set-relation player=Amelia tribe=22 friendly=true
do_op end-turn player=Amelia terrain=mountains

do_op move player=Bartholomew hex=H11 distance=4
do_op record-hex player=Bartholomew hex=H11 terrain=veldt river=true cataract=true vp=2
do_op apply-effects player=Bartholomew "effects=askaris:-1 sick_askaris:+1" "reason=An askari falls sick on the march"
do_op end-turn player=Bartholomew terrain=veldt river=true

do_op move player=Clara hex=Mombasa distance=0 status=in-port
do_op end-turn player=Clara

# ---- Turn 5: Baker sails for Europe the turn after reaching port ---

do_op move player=Amelia hex=G23 distance=5
do_op record-hex player=Amelia hex=G23 terrain=veldt river=true vp=1
do_op end-turn player=Amelia terrain=veldt river=true hunted=10

do_op move player=Bartholomew hex=H12 distance=5
do_op record-hex player=Bartholomew hex=H12 terrain=veldt river=true vp=1
do_op end-turn player=Bartholomew terrain=veldt river=true hunted=20

# A full turn at sea: the end of it brings him to Europe (R 21.4).
do_op move player=Clara status=at-sea
do_op end-turn player=Clara

# ---- Turn 6: Baker publishes in Europe -----------------------------

do_op move player=Amelia hex=G22 distance=5
do_op record-hex player=Amelia hex=G22 terrain=jungle river=true vp=2
do_op end-turn player=Amelia terrain=jungle river=true hunted=10

do_op move player=Bartholomew hex=H11 distance=4
do_op end-turn player=Bartholomew terrain=veldt river=true hunted=20

do_op europe-turn player=Clara "cards=250 ticket:Zanzibar" publish=all
do_op end-turn player=Clara

# Turn 7 opens on Amelia, whose expedition is the fullest to look at.

"$ledger" check "$book" >/dev/null
"$ledger" export "$book" >"$out"
echo "Wrote $out"
