# bao report: a recorded game's moves valued and classed (docs/analysis.md).

report-title = Report: { $game } — South { $south }, North { $north }
report-legend-kingulu = Values for the player who moved: win 29/loss 20 = a proven win/loss in 29/20
    plies; (S 26–22) = the final score under perfect play, South–North (G-R14);
    +1.25 = seeds ahead, the search's estimate where the solver proved no value.
report-legend-kiswahili = Values for the player who moved: the search's evaluation, +1.25 = seeds ahead
    (on the board and in store); win 7/loss 6 = a win/loss it proved, in 7/6 plies.
report-best = best { $mv }: { $value }
report-accuracy = Accuracy: South { $south }, North { $north }
report-mistakes = Mistakes: { $list }
report-no-mistakes = Mistakes: none
report-mistake = { $move }{ $mark } ({ $class }, best { $best })
report-win = win { $n }
report-loss = loss { $n }
report-draw = draw
report-margin = { $exact } (S { $south }–{ $north })
report-graph = Graph: { $file }
report-analysing = Analysing
class-forced = forced
class-best = best
class-good = good
class-inaccuracy = inaccuracy
class-mistake = mistake
class-blunder = blunder
