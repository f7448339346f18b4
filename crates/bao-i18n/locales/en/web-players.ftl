# A player's pages: the profile (profile.html, profile.js, ratinggraph.js), the games
# history (games.html, games.js), a game's result in their lists (results.js), and the
# leaderboard (leaderboard.html, leaderboard.js).

prof-page-title = Bao · Player
prof-h1 = Player
prof-challenge = Challenge
prof-challenge-name = Challenge { $name }
prof-settings = Settings: e-mail
prof-ratings = Ratings
prof-deviation = Deviation
prof-rated-games = Rated games
prof-glicko = Glicko-2; a new player starts at 1500 ± 350. Bao la Kiswahili's profiles share one rating, Bao Kingulu has its own.
prof-history = Rating history
prof-recent = Recent games
prof-all-games = all games, filters, records
prof-engine-name = { $name } (the computer, level { $level })
prof-no-rated = No rated games yet
prof-point = { $game }, { $day }: { $rating } after the game
prof-result = { $result } { $words }
prof-result-change = { $result } { $words } ({ $change })

gh-page-title = Bao · Games
gh-h1 = Games
gh-profile = profile
gh-doc-title = Bao · { $name }'s games
gh-of = { $name }'s games
gh-profile-of = { $name }'s profile
gh-all = all
gh-result = Result
gh-won = won
gh-lost = lost
gh-drawn = drawn
gh-ongoing = being played
gh-aborted = aborted
gh-rated = Rated
gh-rated-only = rated
gh-casual = casual
gh-download = Download these games (.bao)
gh-download-note = one record file; *bao replay FILE --number N* and *bao report* read it.
gh-date = Date
gh-record = Record
gh-review = Review
gh-watch = Watch
gh-more = More games
gh-shown = { $n ->
    [one] { $n } game shown
   *[other] { $n } games shown
}
gh-shown-all = { $n ->
    [one] { $n } game shown (all)
   *[other] { $n } games shown (all)
}
gh-none = No games.

# A game's result for the player whose list it is.
res-won = won
res-won-time = won on time
res-won-resigned = won by resignation
res-lost = lost
res-lost-time = lost on time
res-lost-resigned = resigned
res-drawn = drawn
res-aborted = aborted
res-playing = playing

lb-page-title = Bao · Leaderboard
lb-h1 = Leaderboard
lb-games = Games
lb-none = No rated games yet.
