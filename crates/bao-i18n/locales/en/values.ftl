# Values, scores and hints (crates/bao-cli/src/play/oracle.rs, flow/commands.rs).

margin = { $south_name } { $south }–{ $north }
not-proven = not proven
value-win = win in { $plies }
value-loss = loss in { $plies }
value-draw = draw
unproven-kiswahili = Not proven: in Bao la Kiswahili's opening and middle game the solver cannot prove values within { $secs } s (only near the end). Type hint for the search's best move, the engine's best guess.
unproven-kingulu = Not proven within { $secs } s: oracle S gives the solver S seconds (at most { $max }). Type hint for the search's best move, the engine's best guess.
oracle-bad = oracle: { $got } is not a number of seconds from 1 to { $max } (oracle alone: { $default } s).
