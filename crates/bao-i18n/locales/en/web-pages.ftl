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
