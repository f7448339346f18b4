# bao report: hatua za mchezo uliorekodiwa zikipimwa na kupangwa (docs/analysis.md).

report-title = Ripoti: { $game } — Kusini { $south }, Kaskazini { $north }
report-legend-kingulu = Thamani kwa mchezaji aliyecheza: ushindi 29/kushindwa 20 = ushindi/kushindwa
    uliothibitishwa katika zamu 29/20; (Ks 26–22) = alama za mwisho kwa uchezaji
    kamili, Kusini–Kaskazini (G-R14); +1.25 = kete zaidi, makisio ya utafutaji
    pale kitatuzi hakikuthibitisha thamani.
report-legend-kiswahili = Thamani kwa mchezaji aliyecheza: makisio ya utafutaji, +1.25 = kete zaidi
    (ubaoni na akibani); ushindi 7/kushindwa 6 = ushindi/kushindwa uliothibitishwa,
    katika zamu 7/6.
report-best = bora { $mv }: { $value }
report-accuracy = Usahihi: Kusini { $south }, Kaskazini { $north }
report-mistakes = Makosa: { $list }
report-no-mistakes = Makosa: hakuna
report-mistake = { $move }{ $mark } ({ $class }, bora { $best })
report-win = ushindi { $n }
report-loss = kushindwa { $n }
report-draw = sare
report-margin = { $exact } (Ks { $south }–{ $north })
report-graph = Grafu: { $file }
report-analysing = Inachambua
class-forced = ya lazima
class-best = bora
class-good = nzuri
class-inaccuracy = si sahihi
class-mistake = kosa
class-blunder = kosa kubwa
