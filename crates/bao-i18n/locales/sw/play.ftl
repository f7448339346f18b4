seeds = kete { $n }
laps = { $n ->
    [one] mzunguko { $n }
   *[other] mizunguko { $n }
}
