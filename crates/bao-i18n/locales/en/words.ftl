# A move in one clause, for hints and under an animated move (crates/bao-cli/src/play/words.rs).

does-captures = captures { $count } (from { $from })
does-more-holes = and { $n } more
does-safari = takes safari
does-nyumba-stop = stops in the nyumba
does-takasia = takasias { $hole }
does-sows = sows { $laps }
does-nothing = sows { $laps } and captures nothing
does-and = { $first } and { $last }
does-in-laps = { $what }, in { $laps }
