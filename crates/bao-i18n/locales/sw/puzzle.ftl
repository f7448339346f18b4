# bao puzzle: kutatua fumbo mojawapo kati ya yaliyomo kwenye programu, kwenye terminali.
# Amri za kuandika (hint, solution, quit) zinabaki kama zinavyoandikwa.

puzzle-title = Fumbo la { $game } namba { $n } kati ya { $total } (ugumu { $difficulty } kati ya 5)
puzzle-task-only-win = Zamu ya { $side }: tafuta hatua pekee inayoshinda (ushindi baada ya zamu { $n }).
puzzle-task-win-within = Zamu ya { $side }: tafuta hatua pekee inayoshinda ndani ya zamu { $n }.
puzzle-task-best-score = Zamu ya { $side }: tafuta hatua inayomaliza mchezo { $side } akiwa na kete nyingi zaidi.
puzzle-prompt = Hatua yako (hint, solution, quit):{" "}
puzzle-hint = Dokezo: mada ni { $theme }.
puzzle-wrong = Sivyo: { $mv } { $why }.
puzzle-why-only-win = haishindi: kwa uchezaji bora ni sare au kushindwa
puzzle-why-win-within = hailazimishi ushindi ndani ya zamu { $n }
puzzle-why-best-score = inamwachia { $side } kete angalau 2 pungufu mwishoni mwa mchezo
puzzle-try-again = { $reason }: jaribu tena.
puzzle-right = Sawa kabisa! { $solution }: { $answer }.
puzzle-solution-is = Jibu ni { $solution }: { $answer }.
puzzle-answer-only-win = ndiyo hatua pekee inayoshinda: ushindi baada ya zamu { $n }
puzzle-answer-win-within = ndiyo hatua pekee inayoshinda ndani ya zamu { $n }: ushindi baada ya zamu { $n }
puzzle-answer-best-score = kwa uchezaji bora mchezo unaisha { $mine }-{ $theirs } kwa { $side }, kete angalau 2 zaidi kuliko baada ya hatua nyingine yoyote
puzzle-next = Inayofuata: { $side } { $mv }. Enter inaieleza mzunguko kwa mzunguko, q inaorodhesha zilizobaki:{" "}
puzzle-then = Kisha:
puzzle-line-move = { $n }. { $side } { $mv }: { $does }.
puzzle-line-stops = Mfululizo unaishia hapa baada ya zamu { $n } (uchezaji bora unaendelea).
puzzle-end = { $sentence }.
puzzle-theme-bao-hamna = bao hamna
puzzle-theme-blockade = kuzuiwa
puzzle-theme-safari = safari
puzzle-theme-takasia = takasia
puzzle-theme-kuweka-mtoto = kuweka mtoto
puzzle-theme-relay = kuendelea
puzzle-theme-quiet-move = hatua tulivu
puzzle-theme-capture = kula
puzzle-theme-multiple-capture = kula mara nyingi
puzzle-number-range = --number { $n }: seti ina mafumbo 1 hadi { $max }
