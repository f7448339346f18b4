# Ubao na mistari ya hali chini yake.

board-store = akiba { $n }
legend-kiswahili = [ n] = nyumba (A5/a5) ambayo mwenyewe bado anaimiliki; n! = shimo lililotakasiwa
legend-kingulu = n* = shimo lililowekwa (kuweka mtoto): kete zinazopandwa humo huenda akibani kwa aliyeliweka
seeds-line = Kete: { $south }, { $north }
seeds-side = { $side } { $seeds }
seeds-side-store = { $side } { $seeds } ({ $store } akibani)
stage-namua = namua
stage-mtaji = mtaji
stage-play = mchezo
status-to-move = Awamu: { $stage }. Zamu ya { $who }.
status-won = Awamu: { $stage }. Mchezo umekwisha: { $who } ameshinda.
status-draw = Awamu: { $stage }. Mchezo umekwisha: sare.
status-last-move = Hatua ya mwisho: { $text } ya { $side }.
status-scores = Alama: { $south_name } { $south }, { $north_name } { $north }.
status-takasia = { $hole } limetakasiwa kwa hatua ijayo ya { $side }: hakuna hatua inayoweza kuanzia hapo, na mzunguko ukiishia hapo unasimama.
laps-in-all = mizunguko { $n } kwa jumla
more-events = ... (matukio mengine { $n })
position-label = Mpangilio
