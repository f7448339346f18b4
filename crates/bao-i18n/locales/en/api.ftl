# The web API's error sentences (crates/bao-web: ApiError's `error`, beside its `code`).
# A sentence per status, for errors without one of their own (the English detail follows
# in `detail`).
api-bad-request = The request could not be read.
api-sign-in-required = Sign in first.
api-forbidden = This is not allowed from here.
api-not-found = There is no such page or thing.
api-method-not-allowed = This address does not take that kind of request.
api-timeout = The request took too long.
api-conflict = That cannot be done now.
api-too-large = The request is too large.
api-uri-too-long = The address is too long.
api-unsupported-media-type = The request must be sent as JSON.
api-invalid = That is not accepted.
api-too-many-requests = Too many tries: wait a little and try again.
api-headers-too-large = The request's headers are too large.
api-unavailable = The server is busy: try again soon.
api-internal = Something went wrong on the server.

api-unknown-game = There is no game { $id }.
api-unknown-language = Unknown language { $lang } (known: { $known }).
api-not-your-side = You do not play { $side } in this game.
api-move-shape = that is not a move here
api-game-over = The game is over.
api-engine-thinking = The computer is thinking: wait for its move.
ev-skipped = … { $laps ->
    [one] { $laps } more lap
   *[other] { $laps } more laps
} …
end-not-rated = { $sentence } (not rated: a side had not moved)
end-aborted = the game was aborted before both sides made their first move
end-agreed = draw by agreement
api-seat-sign-in = Sign in to play: this game's seats belong to its two players' accounts.
api-seat-not-a-player = You are not a player of this game (you can watch it).
api-seat-link = This needs your seat in the game: open the game's link.
api-seat-foreign = That link's seat is not one of this game's.
