# The steps of a move, as the rules trace them (bao-rules Phrase; crates/bao-cli/src/phrases.rs).
# $count is a number of seeds already in words (the `seeds` message), $laps likewise.

seeds = { $n ->
    [one] { $n } seed
   *[other] { $n } seeds
}
laps = { $n ->
    [one] { $n } lap
   *[other] { $n } laps
}
side-south = South
side-north = North

ev-enter = enters a seed from the store into { $hole }
ev-lift = lifts { $count } from { $hole }
ev-relay = relays { $count } from { $hole }
ev-nyumba-lifted = { $side } loses the nyumba { $hole }
ev-nyumba-captured = { $side } loses the nyumba (captured)
ev-sow = sows { $count } { $dir ->
    [cw] clockwise
   *[acw] anticlockwise
}, ending in { $hole }
ev-capture = captures { $n } from { $hole }
ev-bao-hamna = { $loser }'s front row is empty: { $winner } wins (bao hamna)
ev-kichwa = sows the captured seeds from the kichwa { $hole }
ev-tax = taxes the nyumba: sows { $count }
ev-own-front-empty = { $loser }'s own front row is empty: { $winner } wins
ev-empty-hole = the last seed fell into the empty hole { $hole }: the move ends
ev-nyumba-end = the lap ends in the functional nyumba: the move ends
ev-nyumba-stop = stops in the functional nyumba
ev-safari = takes safari: sows on from the nyumba
ev-takasia-stop = the lap ends in the takasia'd hole { $hole }: the move ends
ev-never-ends = the move never ends (K-R13): { $loser } loses
ev-takasia = takasias { $hole }: { $side } may not start there next move
ev-no-legal-move = { $side } has no legal move: { $winner } wins
ev-no-legal-move-nobody = { $side } has no legal move: nobody wins
ev-pit-lift = { $side } lifts { $count } from { $hole }
ev-sow-into = sows { $count } into { $holes }
ev-bank = { $count } fell into { $hole }, reserved by { $owner }, and went to { $owner }'s store
ev-pit-capture = { $side } captures { $n } from { $from } with the seed in { $with } ({ $total } in all)
ev-seed-only = the opposite pit { $opposite } is reserved: { $side } takes only the seed in { $hole }
ev-reserve = kuweka mtoto: { $hole } now holds 4 and is reserved by { $side }
ev-transfer = the last-but-one seed moves from { $from } into { $to }
ev-end-reserved = the last seed fell into { $hole }, reserved by { $owner }: the move ends after { $laps }
ev-end-empty-own = the last seed fell into empty { $hole }: the move ends after { $laps }
ev-end-empty-opponent = the last seed fell into empty { $hole } in { $row }'s row: the move ends after { $laps }
ev-end-kuweka = { $hole } is reserved: the move ends after { $laps }
ev-end-lap-cap = lap cap reached at { $hole }: the move ends after { $laps }
ev-score-end-win = { $side } has no legal move: the game ends, { $winner } wins { $high }–{ $low } ({ $south_name } { $south }, { $north_name } { $north })
ev-score-end-draw = { $side } has no legal move: the game ends, a draw, 24–24 ({ $south_name } { $south }, { $north_name } { $north })
