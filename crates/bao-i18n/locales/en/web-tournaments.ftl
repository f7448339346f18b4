# The tournaments pages (tournaments.html, tournament.html, tournaments.js, tournament.js,
# tformat.js), the tournament routes' errors, the notices' banners (notices.js) and the
# live games (live.html, live.js).

## The list and the form (tournaments.html, tournaments.js).
tn-page-title = Bao · Tournaments
tn-h1 = Tournaments
tn-guest-1 = Sign in to organise a tournament or to join one:
tn-guest-2 = . Anyone can follow a tournament's standings and watch its games.
tn-running = Running
tn-upcoming = Upcoming
tn-finished = Finished
tn-col-tournament = Tournament
tn-col-format = Format
tn-col-round = Round
tn-col-rounds = Rounds
tn-col-starts = Starts
tn-col-finished = Finished
tn-col-players = Players
tn-none-running = No tournament is being played now.
tn-none-upcoming = No tournament is open for players: organise one below.
tn-none-finished = No tournament has finished yet.
tn-organise = Organise a tournament
tn-name = Name
tn-name-example = Friday club Swiss
tn-format = Format
tn-swiss-dutch = Swiss (FIDE Dutch)
tn-round-robin = Round robin
tn-double-round-robin = Double round robin
tn-rounds = Rounds
tn-games-per-pairing = Games per pairing
tn-two-games = 2 (sides swapped)
tn-starts-at = Starts at (optional)
tn-organise-note = You start the tournament yourself (or it starts at the time given). Players join on its page; you can enter the engine accounts bao-1 … bao-10 there too.
tn-round-of = { $round } of { $total }
tn-starts-by-organiser = when the organiser starts it
tn-soon = { $when } ({ $left })

## Words both pages share (tformat.js).
tn-format-swiss = Swiss
tn-format-swiss-rounds = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tn-format-two-games = { $format } · 2 games per pairing
tn-in-minutes = { $n ->
    [one] in { $n } min
   *[other] in { $n } min
}
tn-in-hours = { $n ->
    [one] in { $n } hour
   *[other] in { $n } hours
}

## A tournament's page (tournament.html, tournament.js).
tn-one-page-title = Bao · Tournament
tn-doc-title = Bao · { $name }
tn-one-h1 = Tournament
tn-no-such = No such tournament
tn-join = Join
tn-leave = Leave
tn-withdraw-me = Withdraw from the tournament
tn-start = Start now
tn-engine-account = Engine account
tn-enter-engine = Enter engine
tn-withdraw-who = Player to withdraw
tn-withdraw = Withdraw player
tn-trf = Download TRF
tn-next-h = Your next game
tn-standings = Standings
tn-pairings = Pairings
tn-col-board = Board
tn-col-result = Result
tn-col-games = Games
tn-col-no = No.
tn-col-points = Points
tn-organised-by = organised by { $name }
tn-state-open-at = Open: it starts { $when }.
tn-state-open = Open: it starts when the organiser starts it.
tn-state-running = Round { $round } of { $total } is being played.
tn-state-finished = { $rounds ->
    [one] Finished after { $rounds } round.
   *[other] Finished after { $rounds } rounds.
}
tn-next-open = You are in. Round 1 is paired when the tournament starts.
tn-next-over-rank = { $n ->
    [one] The tournament is over: you finished { $rank }. with { $points } point.
   *[other] The tournament is over: you finished { $rank }. with { $points } points.
}
tn-next-over = The tournament is over.
tn-next-withdrawn = You have withdrawn: you are paired in no later round.
tn-next-after = Round { $next } is paired when every game of round { $round } is over.
tn-next-unpaired = You are not paired in round { $round }.
tn-next-bye-point = You have the bye in round { $round } (a point).
tn-next-bye = You have the bye in round { $round }.
tn-next-pairing-over = Your round { $round } pairing is over ({ $result }).
tn-next-game = Round { $round }, board { $board }: you play { $side } against { $opponent }.
tn-next-game-n = Round { $round }, board { $board }, game { $game }: you play { $side } against { $opponent }.
tn-play-your-game = Play your game
# A tie-break's name (its key as the API gives it), and its short name for the table's head.
tn-tb-name = { $tb ->
    [bh-c1] Buchholz Cut 1
    [bh] Buchholz
    [sb] Sonneborn-Berger
    [de] Direct encounter
    [wins] Wins
   *[other] { $tb }
}
tn-tb-short = { $tb ->
    [bh-c1] BH-C1
    [bh] BH
    [sb] SB
    [de] DE
    [wins] Wins
   *[other] { $tb }
}
tn-ties = Ties are broken by { $list }.
tn-ties-then = { $first }, then { $next }
tn-ties-running = During a round the standings count the games finished so far.
tn-round-n = Round { $round }
tn-bye = bye
tn-playing = playing
tn-game-n = Game { $n }
tn-play = Play
tn-watch = Watch
tn-withdrawn = (withdrawn)
tn-confirm-withdraw = Withdraw from the tournament? You will be paired in no later round.

## A tournament's note: why it ended early (notes.rs).
tn-note-too-few = { $n ->
    [one] cancelled at its start time: a tournament needs at least 2 players; { $n } joined
   *[other] cancelled at its start time: a tournament needs at least 2 players; { $n } joined
}
tn-note-too-many-rounds = cancelled at its start time: { $n } players cannot play { $rounds } Swiss rounds without meeting twice (at most { $most }): wait for more players
tn-note-no-pairing = ended after round { $round }: round { $next } has no legal pairing (every pairing would repeat an opponent or give a second bye)
tn-note-too-few-left = ended after round { $round }: fewer than two players are left
tn-note-ended = ended after round { $round }: { $why }

## The tournament routes' errors (crates/bao-web/src/tournaments), beside their `code`.
api-sign-in-tournaments = Sign in first: tournaments are for players with an account.
api-sign-in-lobby = Sign in first: the lobby is for players with an account.
api-t-unknown = There is no tournament { $id }.
api-t-engine-organise = Engine accounts do not organise tournaments.
api-t-name-length = A tournament's name has 1 to { $max } characters.
api-t-rounds-range = A Swiss tournament has 1 to { $max } rounds.
api-t-starts-passed = The start time { $when } has passed: give a later time, or leave it out and start the tournament yourself.
api-t-starts-far = The start time { $when } is more than 60 days ahead.
api-t-own-limit = You have { $max } tournaments open or running: wait until one finishes.
api-t-server-limit = The server has { $max } tournaments open or running: try again later.
api-t-organiser-acts = Only the organiser ({ $name }) acts for other players.
api-t-no-player = There is no player named { $name }.
api-t-engines-only = { $name } joins by himself: the organiser enters engine accounts (bao-1 … bao-10) only.
api-t-join-closed = The tournament has started or finished: players join before the start.
api-t-already-in = { $name } is already in the tournament.
api-t-full = The tournament is full ({ $max } players).
api-t-not-in = { $name } is not in the tournament.
api-t-started = The tournament has started or finished.
api-t-not-playing = { $name } is not playing in the tournament (not in it, or already withdrawn).
api-t-not-running = The tournament is not running: before the start a player leaves.
api-t-start-organiser = Only the organiser ({ $name }) can start this tournament.
api-t-already-started = The tournament has already started.
api-t-already-finished = The tournament has already finished.
api-t-too-few = { $n ->
    [one] A tournament needs at least 2 players; { $n } joined.
   *[other] A tournament needs at least 2 players; { $n } joined.
}
api-t-too-many-rounds = { $n } players cannot play { $rounds } Swiss rounds without meeting twice (at most { $most }): wait for more players.
api-t-busy = The tournament kept changing while it was being started: try again.
api-t-no-report = The tournament has not started: its report has no players ranked yet.

## The notices' banners (crates/bao-web/src/notices, static/js/notices.js).
notice-your-move = your move against { $opponent } ({ $game })
notice-your-move-anyone = your move ({ $game })
notice-accepted = { $name } accepted your challenge: { $game } { $clock }
notice-challenge = { $name } challenges you to { $game } { $clock }
notice-challenge-rated = { $name } challenges you to { $game } { $clock }, rated
notice-tournament = tournament game: you play { $side } against { $opponent }
notice-rematch = { $name } offers a rematch: { $what }
notice-rematch-accepted = rematch: { $what }, you play { $side } against { $opponent }
notice-rematch-withdrawn = { $name } withdrew the rematch offer
notice-rematch-declined = { $name } declined the rematch
notice-closed = a moderator closed your account
notice-game-clock = { $game } { $clock }

## The live games (live.html, live.js).
live-page-title = Bao · Live games
live-h1 = Live games
live-intro = The games being played in the lobby now, the newest first. Click one to watch it.
live-col-plies = Plies
live-col-to-move = To move
live-rated = { $game } · rated
live-no-clock = no clock
live-watch-label = Watch { $south } against { $north }
live-cannot-read = The list cannot be read: { $error }
live-count = { $n ->
    [one] { $n } game in progress.
   *[other] { $n } games in progress.
}
live-none = No game is being played in the lobby now.
