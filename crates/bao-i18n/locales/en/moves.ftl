# Moves and holes in words: how to type a move, move headings, a move explained
# (crates/bao-cli/src/play/flow/describe.rs).

holes-and = { $first } and { $last }
north-orientation-kiswahili = You play North, at the top of the board: your right is the screen's left, so a6> sows leftwards on the screen and a6< rightwards.
north-orientation-kingulu = You play North, at the top of the board: your right is the screen's left, so your pits a1-a6 run from right to left on the screen.
move-help-kiswahili = Moves: a hole and a direction, as you see the board from your seat.
move-help-direction = { $f }6> sows from { $f }6 towards your right, { $f }6< towards your left.
move-help-north-1 = You sit at the top, so your right is the screen's left: a6> sows leftwards on
move-help-north-2 = the screen and a6< rightwards; your holes run right to left on the screen.
move-help-namua-1 = For a namua capture the direction picks the kichwa the captured seeds are sown
move-help-namua-2 = from: > from { $f }1 (your left end), < from { $f }8 (your right end).
move-help-safari = Add + to take safari when a capture lap ends in your functional nyumba: { $f }4>+.
move-help-holes = Your holes are { $f }1-{ $f }8 (front row) and { $b }1-{ $b }8 (back row); capitals are South's.
move-help-kingulu = Moves: the pit you sow from, { $f }1 to { $f }6, counted from your left; capital letters are South's.
move-help-kingulu-north = Your pits are numbered from your left, i.e. right to left on the screen.
move-heading = Move { $name } ({ $side }, ply { $ply })
plies = { $n ->
    [one] { $n } ply
   *[other] { $n } plies
}
explain-heading = { $heading }, { $laps }.
explained = Explained move { $name } ({ $laps }).
explain-end = End of move { $name }.
