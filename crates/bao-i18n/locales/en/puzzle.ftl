# bao puzzle: solving one of the shipped puzzles in the terminal. The commands one types
# (hint, solution, quit) stay as they are written.

puzzle-title = { $game } puzzle { $n } of { $total } (difficulty { $difficulty } of 5)
puzzle-task-only-win = { $side } to move: find the only move that wins (a win in { $n } plies).
puzzle-task-win-within = { $side } to move: find the only move that wins within { $n } plies.
puzzle-task-best-score = { $side } to move: find the move that ends the game with the most seeds for { $side }.
puzzle-prompt = Your move (hint, solution, quit):{" "}
puzzle-hint = Hint: the theme is { $theme }.
puzzle-wrong = Wrong: { $mv } { $why }.
puzzle-why-only-win = does not win: with best play it draws or loses
puzzle-why-win-within = does not force a win within { $n } plies
puzzle-why-best-score = leaves { $side } at least 2 seeds fewer at the end of the game
puzzle-try-again = { $reason }: try again.
puzzle-right = Right! { $solution }: { $answer }.
puzzle-solution-is = The solution is { $solution }: { $answer }.
puzzle-answer-only-win = it is the only winning move: a win in { $n } plies
puzzle-answer-win-within = it is the only move that wins within { $n } plies: a win in { $n }
puzzle-answer-best-score = with best play the game ends { $mine }-{ $theirs } for { $side }, at least 2 seeds more than after any other move
puzzle-next = Next: { $side } { $mv }. Enter explains it lap by lap, q lists the rest:{" "}
puzzle-then = Then:
puzzle-line-move = { $n }. { $side } { $mv }: { $does }.
puzzle-line-stops = The line stops here after { $n } plies (best play goes on).
puzzle-end = { $sentence }.
puzzle-theme-bao-hamna = bao hamna
puzzle-theme-blockade = blockade
puzzle-theme-safari = safari
puzzle-theme-takasia = takasia
puzzle-theme-kuweka-mtoto = kuweka mtoto
puzzle-theme-relay = relay
puzzle-theme-quiet-move = quiet move
puzzle-theme-capture = capture
puzzle-theme-multiple-capture = multiple capture
puzzle-number-range = --number { $n }: the set has puzzles 1 to { $max }
