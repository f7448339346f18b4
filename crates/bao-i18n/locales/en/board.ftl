# The board and the status lines under it (crates/bao-cli/src/board.rs).

board-store = store { $n }
legend-kiswahili = [ n] = nyumba (A5/a5) still owned by its player; n! = takasia'd hole
legend-kingulu = n* = reserved pit (kuweka mtoto): seeds sown into it go to the reserver's store
seeds-line = Seeds: { $south }, { $north }
seeds-side = { $side } { $seeds }
seeds-side-store = { $side } { $seeds } ({ $store } in store)
stage-namua = namua
stage-mtaji = mtaji
stage-play = play
status-to-move = Stage: { $stage }. { $who } to move.
status-won = Stage: { $stage }. Game over: { $who } won.
status-draw = Stage: { $stage }. Game over: a draw.
status-last-move = Last move: { $text } by { $side }.
status-scores = Scores: { $south_name } { $south }, { $north_name } { $north }.
status-takasia = { $hole } is takasia'd for { $side }'s next move: no move may start there, and a lap ending there stops.
laps-in-all = { $n } laps in all
more-events = ... ({ $n } more events)
position-label = Position
