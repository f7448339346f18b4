# bao --help (bao_cli::help): used for every language but English, whose help is clap's
# own (the commands' doc comments). The words in <> and the option names stay as typed.

cli-about = The `bao` command: play, replay, analyse, solve and verify, match, perft, engine protocol, web server
cli-usage = Usage:
cli-usage-command = <COMMAND>
cli-usage-options = [OPTIONS]
cli-commands = Commands
cli-arguments = Arguments
cli-options = Options
cli-help-flag = Print help
cli-version-flag = Print version
cli-engine = Speak the engine protocol (notation.md §5) on stdin/stdout
cli-perft = Count the leaves of the move tree (perft)
cli-analyze = Search a position and print the best move, score and principal variation
cli-match = Play a match between two engines and report the score and Elo difference
cli-tune = Bao la Kiswahili: tune the evaluation's weights from self-play
cli-openings = Make a balanced opening set for matches
cli-solve = Solve a position exactly: win/loss/draw, the exact final score, a certificate
cli-verify = Check a proof certificate written by `bao solve --certificate`
cli-book = Bao Kingulu: the opening book of solved positions
cli-reach = Bao Kingulu: count the positions reachable from a position
cli-serve = Serve the web app on http://127.0.0.1:PORT/
cli-admin = Administer a `bao serve` database
cli-swiss = Swiss tournaments on FIDE TRF-16 files: pair, check, standings
cli-tournament = Play a tournament between engines: Swiss or round robin
cli-train = Bao la Kiswahili: a learned evaluation's training
cli-play = Play against the computer in the terminal (Bao la Kiswahili by default)
cli-play-game = The game: kiswahili or kingulu (default kiswahili, or the game of --load)
cli-play-rules = The rules profile (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default)
cli-play-set = A rule option NAME=VALUE (repeatable)
cli-play-level = The computer's strength, 1 (weakest) to 10 (strongest) [default: 5, or the level of --load's record]; each game has its own levels (docs/levels.md). Measured Elo (level 1 = 0): { $table }
cli-play-side = Your side: south (moves first, bottom of the board) or north [default: south, or your side in --load's record]
cli-play-plain = Plain text: no colours, no spinner (automatic when not on a terminal)
cli-play-load = Continue a saved game (a record written by `save FILE`)
cli-play-seed = The engine's random seed (for reproducible games)
cli-play-position = Start from this position text instead of the start position
cli-play-lap-delay = On a terminal, the pause after each lap of an animated move, in milliseconds (0 = no animation; any key skips to the end of a move) [default: 300]
cli-play-values = Bao Kingulu: a value database (`bao reach --position TEXT --values FILE`) that the oracle, hints and the tutor read beside the opening book
cli-lang = The language: sw (Kiswahili) or en (English); en-XA is the pseudo-locale for testing [default: from LC_ALL, LC_MESSAGES or LANG (sw_TZ.UTF-8, sw_KE.UTF-8, sw: Kiswahili), else English]
cli-number = Which game of a file holding several (1 = the first)
cli-file = The record file
cli-replay = Step through a saved game move by move and lap by lap (Enter = next move, l = next lap, b = back, N = move N, q = quit)
cli-replay-plain = Plain text: no colours or animation (automatic when not on a terminal). When the input ends, the rest of the game is printed
cli-replay-lap-delay = On a terminal, the pause after each lap of a move, in milliseconds (0 = none) [default: 300]
cli-report = Value every move of a recorded game: the best move, a class (best … blunder) and each side's accuracy (docs/analysis.md)
cli-report-json = Print the report as JSON (the format of docs/analysis.md)
cli-report-svg = Write the evaluation graph to FILE (SVG)
cli-report-time = Value by the clock instead of a fixed depth: MS milliseconds per position for the solver, as much again for the search (two runs can differ)
cli-report-depth = The search's depth in plies [default: 15]; two runs print the same report
cli-report-lang = The language of the text report: sw (Kiswahili) or en (English) [default: from LC_ALL, LC_MESSAGES or LANG, else English]; the JSON report is the same in all
cli-puzzle = Puzzles from real positions: solve one, list, verify, build
cli-puzzle-game = The game: kiswahili or kingulu [default: kiswahili]
cli-puzzle-number = The puzzle's number in the shipped set (default: one picked at random)
cli-puzzle-difficulty = Pick at random among the puzzles of this difficulty (1 easiest to 5)
cli-puzzle-plain = Plain text: no colours (automatic when not on a terminal)
cli-puzzle-list = List the shipped puzzles of a game (one line each, or a JSON array)
cli-puzzle-verify = Re-prove every puzzle with the solver; exits non-zero naming each flawed puzzle
cli-puzzle-build = Make a puzzle set from self-play games (docs/puzzles.md)
cli-help-command = Print this message or the help of the given subcommand(s)
# The command line's parse errors (clap's own English is shown in English; these are the
# other languages' words, bao_cli::help::parse_error).
cli-err-unknown-argument = error: unknown option '{ $arg }'
cli-err-unknown-command = error: unknown command '{ $command }'
cli-err-invalid-value = error: '{ $value }' is not a value '{ $arg }' takes
cli-err-missing = error: this must be given: { $args }
cli-err-value-shape = error: '{ $arg }' takes one value
cli-err-conflict = error: '{ $arg }' cannot be given with '{ $other }'
cli-err-valid-values = [the values it takes: { $values }]
cli-err-did-you-mean = did you mean { $suggestion }?
cli-or = or
cli-err-twice = error: '{ $arg }' is given more than once
cli-err-more = For more, try '--help'.
cli-takes-level = a level from 1 to 10
cli-takes-side = south or north
cli-takes-game = kiswahili or kingulu
cli-takes-lang = sw (Kiswahili) or en (English)
cli-takes-lap-delay = milliseconds from 0 to 10000
cli-takes-difficulty = 1 (easiest) to 5
