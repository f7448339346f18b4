# Hatua mzunguko kwa mzunguko: maelezo ya kila picha.

lap-caption = Mzunguko { $k } kati ya { $total }: { $what }.
lap-caption-bare = Mzunguko { $k } kati ya { $total }.
lap-then = { $caption }; { $what }.
laps-skipped = Mizunguko { $first }-{ $last } (haionyeshwi mmoja mmoja).
laps-skipped-notable = Mizunguko { $first }-{ $last } (haionyeshwi mmoja mmoja): { $what }.
laps-skipped-captures = kula mara { $n } (kete { $seeds })
lap-any-key = (mzunguko { $k } kati ya { $total }: bonyeza kitufe chochote kuruka)
explain-keys = [Enter/Space] mzunguko unaofuata, b nyuma, q toka ({ $k } kati ya { $total })
