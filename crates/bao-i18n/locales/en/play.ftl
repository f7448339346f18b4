seeds = { $n ->
    [one] { $n } seed
   *[other] { $n } seeds
}
laps = { $n ->
    [one] { $n } lap
   *[other] { $n } laps
}
