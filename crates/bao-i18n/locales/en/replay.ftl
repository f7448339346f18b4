# bao replay: a record step by step (crates/bao-cli/src/play/replay.rs).

replay-header = { $game } game: { $south } ({ $south_side }) vs { $north } ({ $north_side }), { $moves }.
replay-header-dated = { $game } game: { $south } ({ $south_side }) vs { $north } ({ $north_side }), { $date }, { $moves }.
replay-lap-heading = { $heading }, { $laps }:
replay-at-start = At the start.
replay-result = Result: { $sentence }.
replay-unfinished = Result: unfinished.
replay-prompt = [Enter] next move, l lap, b back, N ply N, q quit ({ $step }/{ $plies })
replay-unknown = Unknown command { $got }: Enter = next move, l = next lap, b = back, N = the position after ply N (0 to { $plies }), q = quit.
