# The web app's other pages: the lobby (lobby.html, lobby.js, account.js).
lobby-page-title = Bao · Lobby
lobby-h1 = Bao lobby
lobby-guest-1 = Sign in to make and accept challenges:
lobby-guest-link = sign in or create an account
lobby-guest-2 = . Anyone can watch a game: open it from a player's profile or the leaderboard.
lobby-new = New challenge
lobby-clock = Clock
lobby-d1 = 1 day per move
lobby-d3 = 3 days per move
lobby-custom = Custom…
lobby-min-sec = Minutes + seconds
lobby-minutes = Minutes each
lobby-increment = Increment in seconds
lobby-side = Side
lobby-random = Random
lobby-south = South (moves first)
lobby-rated = Rated
lobby-opponent = Opponent
lobby-anyone = anyone in the lobby
lobby-opponent-title = A player's name (only he may accept), a computer (bao-1 … bao-10), or empty for anyone
lobby-create = Create
lobby-open = Open challenges
lobby-player = Player
lobby-rating = Rating
lobby-mode = Mode
lobby-none = No open challenges: make one, or play one of the bao-1 … bao-10 engines.
lobby-yours = Your games
lobby-side-of = { $side ->
    [south] South
    [north] North
   *[random] random
}
lobby-accept = Accept
lobby-your-turn = Your turn
lobby-open-game = Open
lobby-live = live
lobby-reconnecting = reconnecting…
lobby-engine-option = bao-{ $level } (the computer, level { $level })
lobby-aborted = aborted
lobby-waiting = waiting
bot-title = An engine account: the computer plays it

# The puzzles (puzzles.html, puzzles.js); a puzzle's task, answer, theme and end are puzzle.ftl's (the server sends them as keys).
pz-h1 = Bao puzzles
pz-menu-title = The puzzles' controls
pz-next-title = Another puzzle
pz-next = Next puzzle
pz-hint-title = The puzzle's theme
pz-solution-title = Give up and watch the solution
pz-solution = Show the solution
pz-puzzle = Puzzle
pz-replay = Replay the solution
pz-streak-h = Streak
pz-streak-1 = solved in a row (best
pz-streak-2 = ),
pz-streak-3 = solved in all.
pz-kept = Kept in this browser only. One answer counts: a wrong move or the solution shown ends the streak.
pz-about-h = About the puzzles
pz-about = Every puzzle is a position from a game the engine played against itself in which exactly one move solves it, proven by the solver: in Bao Kingulu the only move that keeps a win (or the only move that ends the game with the most seeds, by two or more), in Bao la Kiswahili the only move that forces a win within a few plies. Click a hole to play its move; where several moves start there, choose one below the board.
pz-right = Right! { $move }: { $answer }.
pz-wrong = Wrong: { $move } { $why }. The solution is { $solution }: { $answer }.
pz-the-solution = The solution is { $solution }: { $answer }.
pz-goes-on = Best play goes on after this line.
pz-doc-title = Bao puzzles — { $game } { $n }
pz-heading = Puzzle { $n } of { $count } · difficulty { $difficulty } of 5
pz-click = Click the hole of your move.
pz-error = Error: { $error }
pz-hint = Hint: the theme is { $theme }.
pz-game-puzzles = { $game } puzzles
