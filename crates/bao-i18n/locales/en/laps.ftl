# A move lap by lap: the captions of its frames (crates/bao-cli/src/play/laps.rs, render.rs).

lap-caption = Lap { $k } of { $total }: { $what }.
lap-caption-bare = Lap { $k } of { $total }.
lap-then = { $caption }; { $what }.
laps-skipped = Laps { $first }-{ $last } (not drawn one by one).
laps-skipped-notable = Laps { $first }-{ $last } (not drawn one by one): { $what }.
laps-skipped-captures = { $n ->
    [one] { $n } capture
   *[other] { $n } captures
} ({ $seeds } seeds)
lap-any-key = (lap { $k } of { $total }: any key skips)
explain-keys = [Enter/Space] next lap, b back, q leave ({ $k } of { $total })
