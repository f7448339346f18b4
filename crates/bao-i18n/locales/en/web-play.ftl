# The web app's board page (crates/bao-web/static/index.html and its scripts).
nav-play = Play
nav-lobby = Lobby
nav-live = Live games
nav-tournaments = Tournaments
nav-puzzles = Puzzles
nav-learn = Learn
nav-leaderboard = Leaderboard
nav-site = Site
nav-language = Language
nav-profile-title = Your profile: rating, games
nav-sign-out = Sign out
nav-sign-in = Sign in

play-title = Bao
play-menu-title = The game's controls
play-menu = Menu
play-tools-label = Game
play-new-title = Start a new game
play-new = New game…
play-undo-title = Take back your last move
play-undo = Undo
play-hint-title = Ask the computer for a move
play-hint = Hint
play-oracle-title = Colour each playable hole by its exact outcome (the solver, at most 2 s)
play-oracle = Oracle
play-resign-title = Give up this game
play-resign = Resign
play-draw-title = Offer your opponent a draw
play-draw = Offer draw
play-invite-title = Give a friend a link to play the other side
play-invite = Invite
play-invite-long = a friend
play-download-title = Download the game record (.bao)
play-download = Download
play-load-title = Load a game record (.bao or .txt)
play-load = Load
play-load-long = record
play-board-label = Board
play-loading = Loading…
play-turn-title = Turn the board
play-turn = Turn board
play-prev-move-title = Previous move (Shift+← or PageUp)
play-prev-move = Previous move
play-prev-title = One step back (←)
play-prev = One step back
play-next-title = One step forward (→)
play-next = One step forward
play-next-move-title = Next move (Shift+→ or PageDown)
play-next-move = Next move
play-replay-title = Animate this move again (R)
play-replay = Replay
play-live-title = Back to the game (Escape)
play-live = Back to the game
play-svg-label = Bao board
play-explain-label = Explanation of the move
play-moves = Moves
play-moves-help = Click a move to watch it again; ← → step lap by lap, Shift+← → move by move.
play-animation = Animation
play-speed = Speed
play-skip = Skip animation
play-full-replies-title = In a game with a clock the opponent's move takes at most a second to show, and the board is playable meanwhile (your clock runs).
play-full-replies = Show the opponent's moves at full length in clock games
play-saved = Saved games
play-how = How to play
play-learn-link = Learn the rules
play-learn-after = on small boards that play the spec's worked cases.

chat-title = Chat
chat-rematch = Rematch
chat-withdraw = Withdraw
chat-input-label = Chat message (at most 140 characters)
chat-placeholder = Say something (140 characters)
chat-send = Send
chat-mute = Mute

ng-title = New game
ng-game = Game
ng-rules = Rules profile
ng-players = Players
ng-south = I play South (at the bottom, moves first)
ng-north = I play North (at the bottom: the board is drawn from North's seat)
ng-friend = A friend and I (I play South; they get a link)
ng-humans = Two people on this screen
ng-computers = Computer against computer
ng-level = Computer level
ng-cancel = Cancel
ng-start = Start

inv-title = Invite a friend
inv-text-1 = Send this link to your friend. Whoever opens it plays
inv-text-2 = ; you keep the other side. Both boards follow every move.
inv-link-label = The invitation link
inv-copy = Copy link
inv-close = Close

# A legal move's parts on its button (after "A6>: "), joined by ", ".
mv-captures-in-all = { $n } captures in all
mv-takata = takata
mv-no-capture = no capture
mv-from-kichwa = sown from kichwa { $hole }
mv-safari = safari
mv-stops-nyumba = stops at the nyumba
mv-ends-game = ends the game

# The board page's script (render.js, state.js).
kichwa-right-end = { $hole }, your right end
kichwa-left-end = { $hole }, your left end
board-label = { $side } — { $who }
turn-south-bottom = Turn the board: South at the bottom
turn-north-bottom = Turn the board: North at the bottom
undo-lobby = No takebacks: moves cannot be taken back in a lobby game
no-hints = No hints
no-oracle = No oracle
no-tutor = No tutor
tutor-title = Before a move of yours that is a mistake or a blunder, say what it costs and name a better move
sow-from-kichwa = sow the captured seeds from the kichwa { $where }
stores-both = { $south } { $s } · { $north } { $n }
stores-shown = { $stores } (on the board shown)
review-text = Move { $name } ({ $side }), step { $k } of { $steps } · ply { $ply } of { $total }.
caption-start = The start position: no move has been played yet.
caption-reviewing = Reviewing a past move — press Escape (or "Back to the game") to play.
review-start = The start position.
caption-before-first = The start position, before the first move.
review-from-start = Review from the start
play-the-hint = Play the hint { $move }
hint-score = The computer's score: { $score }
the-number = The number
choose-kichwa = { $hole } captures: click the kichwa to sow from (lit on the board), or:
moves-from = Moves from { $hole }:
move-from-kichwa = { $move }: sow from the kichwa { $where } ({ $rest })
play-label = Play { $label }
who-named-computer = { $name }, the computer at level { $level }
who-computer = computer, level { $level }
who-you-named = you, { $name }
who-you = you
who-friend = your friend
who-player = player
side-who = { $side } ({ $who })
barred = { $what } in a lobby game while it is played ({ $kind })
lobby-kind-engine = a game against a lobby engine
lobby-kind-people = a game between people

# The status line, the game card, the move list, the legend and the help (panels.js).
web-legend-kiswahili = Square hole = nyumba (gold border: functional, dashed: ownership lost). Red ✕ = takasia: that hole may not be played this turn. A1/A8 and a1/a8 are the vichwa. Stores hold the seeds still to be entered in the namua stage. A small white triangle marks the hole the last move started from.
web-legend-kujifunza = Bao la Kujifunza: 2 seeds in every hole, no stores and no nyumba; the game starts in the mtaji stage. A1/A8 and a1/a8 are the vichwa. A small white triangle marks the hole the last move started from.
web-legend-kingulu = A pit with a coloured ring and a badge is reserved (kuweka mtoto): S = by South, N = by North. Its seeds count for the reserver, and every seed sown into it goes to the reserver's store. Score = store + own unreserved pits + pits reserved.
web-help-kiswahili = Holes you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys and press Enter); if the move can go more than one way, click an arrow (the way the seeds go first); for a capture whose seeds may be sown from either end, click the lit kichwa to sow them from; a button below the board offers every choice in words (safari too). The computer answers by itself. ⟲ Turn board shows the board from the other side.
web-help-kingulu = Pits you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys and press Enter): its seeds are sown anticlockwise, relay after relay, until a lap ends in an empty pit (a capture of the opposite pit when it is yours), in a pit of the opponent that held 3 (kuweka mtoto: it becomes yours) or in a reserved pit. The computer answers by itself.
web-help-common = Hint asks the computer for a move (pink ring), Undo takes back your last move, and a click on a move in the list replays it with its explanation.
stage-name = { $stage ->
    [namua] namua stage
    [mtaji] mtaji stage
   *[other] { $stage } stage
}
status-deleted = { $why }: start another with New game.
status-over = Game over — { $outcome }.
looking-move = move { $name } (of { $moves })
looking-start = the start
looking-at = Looking at { $what } — Back to the game (Escape)
looking-at-play = Looking at { $what } — Back to the game (Escape) to play on
status-thinking = { $side } (computer) is thinking
status-computer-to-move = { $side } (computer) to move
status-waiting = Waiting for { $side } ({ $who })
status-watching = { $side } to move (you are watching)
status-your-move = Your move ({ $side }): choose a hole with a green ring
status-side-to-move = { $side } to move: choose a hole with a green ring
your-rating = Your rating: { $before } → { $after } ({ $change })
rating-change = { $before } → { $after } ({ $change })
info-game = Game
info-rules = Rules
info-to-move = To move
info-stage = Stage
info-stores = Stores
info-score = Score
info-result = Result
info-rating-of = { $side }'s rating
info-help = Help
info-help-none = none while it is played ({ $kind }): no hint, oracle, tutor or analysis; no takebacks
info-live = Live
info-live-deleted = the game was deleted
info-live-following = following the other board
info-live-connecting = connecting…
info-tournament = Tournament
info-standings = standings and pairings
info-draft = New game (saved at its first move)
info-game-id = Game { $id }
list-start = start
list-start-title = the start position
list-move-title = { $side }'s move { $name }: click to watch it again

# A move's captions and explanation (trace.js, review.js).
step-before = the board before the move
cap-whose = { $side }'s { $what }
cap-whose-move = { $side }'s move { $name }
cap-whose-case = { $side }'s { $what } (move { $n } of the case)
cap-before = Before { $who }.
cap-step = { $who }, step { $k } of { $steps }: { $text }.
cap-step-last = { $who }, step { $k } of { $steps }: { $text } — the move is complete.
no-trace = the server sent no trace of move { $ply }
explain-title = Explanation
explain-empty = Play a move, or click one in the move list, to see what it did lap by lap.
explain-head = { $name } ({ $side }) · { $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
}

# The game's actions (controller.js), the saved games (saved.js), the New game dialog (dialog.js).
status-plays = { $who } plays { $move }
undo-one = Took back the last move.
undo-two = Took back your last move and the reply to it.
undo-plies = Took back the last { $plies } plies.
hint-caption = Hint: { $label } — { $words }
resign-confirm = Resign this game as { $side }?
invite-local = This address works on this computer. For a friend on your network, start the server with --host and share that address instead of 127.0.0.1.
inv-copied = Copied
web-loaded = Loaded { $file }: { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} ({ $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}).
load-too-large = { $file } is too large to be a game record (at most { $kib } KiB).
load-not-text = { $file } is not a text file, so it is not a game record.
offline = Cannot reach the server; retrying…
online = The server is back.
saved-human = human
saved-none = No saved games yet.
saved-computer = computer (level { $level })
saved-line = { $game }, { $south } v { $north }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
saved-on-board = On the board
saved-playing = Playing
saved-review = Review
saved-continue = Continue
saved-delete = Delete
saved-delete-label = Delete game { $id }
saved-delete-confirm = Delete this saved game?
profile-mancala-world = The usual rules: namua with 22 seeds in each store, then mtaji; nyumba and takasia as most players play them.
profile-de-voogt = As A. de Voogt describes them: a hole with a single seed is never takasia'd, and the first lap from the nyumba gets no takasia exception.
profile-kiba = The KIBA rules: as the usual ones, but the first lap from the nyumba gets no takasia exception.
profile-kujifunza = Bao la Kujifunza, the learners' game: 2 seeds in every hole, no stores, no nyumba, no takasia — it starts in mtaji.
profile-default = The standard Bao Kingulu rules (2×6, relay sowing, kuweka mtoto, scores at the end).
level-random = plays random legal moves
level-greedy = takes the move that looks best right now (1 ply)
level-depth = looks { $depth } { $depth ->
    [one] ply
   *[other] plies
} ahead
level-nodes = weighs up to { $nodes } positions a move
level-nodes-more = at most { $nodes } positions a move
level-time = searches { $secs } s a move
level-time-more = at most { $secs } s a move
level-network = with the learned network
level-misses = misses { $percent }% of captures
level-baseline = the baseline
level-elo = { $elo } Elo over level 1
date = { $day } { $month } { $year }
month = { $m ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
}

# The clock bar (clock.js).
clock-days = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
clock-rated = rated
clock-casual = casual
clock-stale = not live: the clocks shown stand still until the server answers
clock-watching = watching
clock-spectators = { $n ->
    [one] { $n } spectator
   *[other] { $n } spectators
}
clock-first-move = first move within { $secs } s
clock-abort = Abort

# The oracle (oracle.js), the tutor (tutor.js), the board (board.js).
oracle-win = win in { $plies }
oracle-loss = loss in { $plies }
oracle-short-win = W{ $plies }
oracle-short-loss = L{ $plies }
oracle-short-draw = D
oracle-head = Oracle:
oracle-barred = not available in a lobby game while it is played ({ $kind }); it is back once the game is over.
oracle-deleted = the game was deleted.
web-oracle-over = the game is over.
oracle-reviewing = it shows the game's current position only: back to the game (Escape) to see the values.
oracle-not-your-move = shown when it is your move.
web-oracle-solving = solving (at most 2 s)…
oracle-error = not available: { $error }
oracle-none-kiswahili = "?" = not proven in 2 s. The solver proves Bao la Kiswahili positions near the end of a game, when few seeds are left on the board; until then no move can be proven.
oracle-none-kingulu = "?" = not proven in 2 s. The solver proves positions with few seeds left near the end of the game (and some earlier ones from its book).
oracle-exact = exact values for the side to move, in plies of perfect play ("?" = not proven in 2 s).
oracle-key-win = win in n
oracle-key-loss = loss in n
tutor-name = Tutor
web-tutor-again = Choose again
tutor-play = Play it anyway
tutor-blunder = blunder
tutor-mistake = mistake
web-tutor-warning = { $move } is a { $kind }: after it, { $played }. After { $best }, { $better }.
tutor-arrow = The arrow on the board shows { $best }.
tutor-ring = The dashed ring on the board shows { $best }.
tutor-numbers = The numbers
mark-nyumba = nyumba
mark-dormant = nyumba, dormant
mark-former = former nyumba
mark-reserved = reserved by { $side }
hole-takasia = takasia'd
hole-selected = selected
hole-playable = playable
hole-hint = the hint
hole-oracle = oracle: { $text }
hole-last-from = the last move started here
hole-click-play = click to play { $label }
hole-click-choose = click to choose: { $moves }
store-title = { $side }'s store: { $seeds } off the board
store-name = { $side }'s store
board-score = score { $n }
board-store-short = store { $n }
bot-badge = BOT
board-stage = stage: { $stage }
arrow-left = sow towards the left
arrow-right = sow towards the right
arrow-up = sow up into the next row
arrow-down = sow down into the next row

# Draw offers (draw.js), the connection (api.js, stream.js), notices, the speed.
draw-accept = Accept draw
draw-accept-title = { $side } offers a draw: accept it (or decline by moving)
draw-offered = Draw offered
draw-waiting = waiting for { $side }'s answer
draw-offer-title = offer { $side } a draw
draw-you-offered = You offered a draw.
draw-note-player = { $name } offers a draw: accept it, or move to decline.
draw-note = { $name } offers a draw.
game-gone = game { $id } is not on this server any more
game-deleted = game { $id } was deleted by its creator
api-offline = cannot reach the server; retrying
api-players-only = only the players can ask for this while the game is played
notice-go-game = Go to the game
notice-open-lobby = Open the lobby
speed-name = { $speed ->
    [instant] instant
    [fast] fast
    [normal] normal
    [slow] slow
   *[other] very slow
}

# The computer's numbers in a player's words (words.js).
words-seeds = { $n ->
    [0] no seeds
    [1] one seed
    [2] two seeds
    [3] three seeds
    [4] four seeds
    [5] five seeds
    [6] six seeds
    [7] seven seeds
    [8] eight seeds
    [9] nine seeds
    [10] ten seeds
   *[other] { $n } seeds
}
words-about-seeds = about { $n ->
    [0] no seeds
    [1] one seed
    [2] two seeds
    [3] three seeds
    [4] four seeds
    [5] five seeds
    [6] six seeds
    [7] seven seeds
    [8] eight seeds
    [9] nine seeds
    [10] ten seeds
   *[other] { $n } seeds
}
words-even = The game is about even.
words-small-edge = A small edge for { $side }.
words-ahead = { $side } is ahead by { $seeds }.
words-wins = { $side } wins with best play.
words-draw = A draw with best play.
value-wins = { $side } wins with best play
value-wins-by = { $side } wins by { $seeds } with best play
value-draw-best = a draw with best play
value-even = the game is about even
value-small-edge = a small edge for { $side }
value-ahead = { $side } is ahead by { $seeds }
details = Details

# A finished game's analysis (analysis.js).
an-ready = Every move valued, mistakes marked, the best move shown.
an-button-title = Value every move: best move, mistakes, accuracy (docs/analysis.md)
an-forced = forced
an-best = best
an-good = good
an-inaccuracy = inaccuracy
an-mistake = mistake
an-blunder = blunder
an-no-game = No game on the board.
an-deleted = The game was deleted.
an-draft = Nothing to analyse yet: a new game is saved at its first move.
an-lobby = Not available in a lobby game while it is played ({ $kind }): analyse it once it is over.
an-players-only = Only the players can ask for this while the game is played; anyone can once it is over.
an-win = win { $plies }
an-loss = loss { $plies }
an-south-short = S
an-title = Analysis
an-button = Analyse this game
an-play-best = Play the best move
an-play-best-title = Play the best move out lap by lap on the board (Replay shows the move played again)
an-analysing = Analysing…
an-error = Analysis: { $error }
an-progress = Analysing: { $done } of { $total } positions…
an-graph-label = South's winning chances after each move; click a point to review that move
an-best-move = best { $move }
an-accuracy = Accuracy: { $south } { $sa }, { $north } { $na } · { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ?? · click the graph to review a move
an-line-best = { $name }: { $kind } ({ $value }).
an-line = { $name } ({ $kind }, { $value }); best was { $best } ({ $bestValue }), shown by the arrow.
an-instead = { $best } (the best move instead of { $move })

# The game's chat and rematch (chat.js).
chat-report = Report
chat-report-title = Report this line to the moderators
chat-reported = Reported
chat-players = Chat with your opponent
chat-spectators = Spectators’ chat
chat-sign-in = Sign in to chat.
chat-unmute = Unmute { $name }
chat-mute-name = Mute { $name }
rematch-started = The rematch has started.
rematch-go = Go to the rematch
rematch-waiting = Rematch offered: waiting for { $name }.
rematch-offered = { $name } offers a rematch.
rematch-accept = Accept rematch
rematch-decline = Decline
