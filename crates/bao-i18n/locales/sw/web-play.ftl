# Ukurasa wa bao wa wavuti (crates/bao-web/static/index.html na hati zake).
nav-play = Cheza
nav-lobby = Ukumbi
nav-live = Michezo hai
nav-tournaments = Mashindano
nav-puzzles = Mafumbo
nav-learn = Jifunze
nav-leaderboard = Msimamo
nav-site = Tovuti
nav-language = Lugha
nav-profile-title = Wasifu wako: kiwango, michezo
nav-sign-out = Toka
nav-sign-in = Ingia

play-title = Bao
play-menu-title = Vidhibiti vya mchezo
play-menu = Menyu
play-tools-label = Mchezo
play-new-title = Anza mchezo mpya
play-new = Mchezo mpya…
play-undo-title = Rudisha hatua yako ya mwisho
play-undo = Rudisha
play-hint-title = Iombe kompyuta ikupendekezee hatua
play-hint = Dokezo
play-oracle-title = Paka rangi kila shimo linalochezeka kwa matokeo yake kamili (kitatuzi, sekunde 2 zaidi)
play-oracle = Mtabiri
play-resign-title = Kubali kushindwa katika mchezo huu
play-resign = Jisalimishe
play-draw-title = Mpe mpinzani wako pendekezo la sare
play-draw = Pendekeza sare
play-invite-title = Mpe rafiki kiungo acheze upande mwingine
play-invite = Alika
play-invite-long = rafiki
play-download-title = Pakua kumbukumbu ya mchezo (.bao)
play-download = Pakua
play-load-title = Fungua kumbukumbu ya mchezo (.bao au .txt)
play-load = Fungua
play-load-long = kumbukumbu
play-board-label = Ubao
play-loading = Inapakia…
play-turn-title = Geuza ubao
play-turn = Geuza ubao
play-prev-move-title = Hatua iliyotangulia (Shift+← au PageUp)
play-prev-move = Hatua iliyotangulia
play-prev-title = Rudi nyuma kidogo (←)
play-prev = Rudi nyuma kidogo
play-next-title = Songa mbele kidogo (→)
play-next = Songa mbele kidogo
play-next-move-title = Hatua inayofuata (Shift+→ au PageDown)
play-next-move = Hatua inayofuata
play-replay-title = Onyesha hatua hii tena (R)
play-replay = Rudia
play-live-title = Rudi kwenye mchezo (Escape)
play-live = Rudi kwenye mchezo
play-svg-label = Ubao wa bao
play-explain-label = Maelezo ya hatua
play-moves = Hatua
play-moves-help = Bofya hatua uitazame tena; ← → mzunguko kwa mzunguko, Shift+← → hatua kwa hatua.
play-animation = Mwendo wa picha
play-speed = Kasi
play-skip = Ruka uhuishaji
play-full-replies-title = Katika mchezo wenye saa, hatua ya mpinzani huonyeshwa kwa sekunde moja zaidi, na ubao unachezeka wakati huo (saa yako inaendelea).
play-full-replies = Onyesha hatua za mpinzani kwa urefu wake wote katika michezo yenye saa
play-saved = Michezo iliyohifadhiwa
play-how = Jinsi ya kucheza
play-learn-link = Jifunze sheria
play-learn-after = kwenye mabao madogo yanayocheza mifano ya sheria.

chat-title = Gumzo
chat-rematch = Mchezo wa marudiano
chat-withdraw = Ondoa
chat-input-label = Ujumbe wa gumzo (herufi 140 zaidi)
chat-placeholder = Sema kitu (herufi 140)
chat-send = Tuma
chat-mute = Nyamazisha

ng-title = Mchezo mpya
ng-game = Mchezo
ng-rules = Aina ya sheria
ng-players = Wachezaji
ng-south = Ninacheza Kusini (chini, ninaanza)
ng-north = Ninacheza Kaskazini (chini: ubao unachorwa kutoka upande wa Kaskazini)
ng-friend = Rafiki yangu na mimi (ninacheza Kusini; yeye anapata kiungo)
ng-humans = Watu wawili kwenye skrini hii
ng-computers = Kompyuta dhidi ya kompyuta
ng-level = Kiwango cha kompyuta
ng-cancel = Ghairi
ng-start = Anza

inv-title = Alika rafiki
inv-text-1 = Tuma kiungo hiki kwa rafiki yako. Atakayekifungua atacheza
inv-text-2 = ; wewe utabaki na upande mwingine. Mabao yote mawili yanafuata kila hatua.
inv-link-label = Kiungo cha mwaliko
inv-copy = Nakili kiungo
inv-close = Funga

# Sehemu za hatua halali kwenye kitufe chake (baada ya "A6>: "), zikiunganishwa kwa ", ".
mv-captures-in-all = { $n ->
    [one] mara { $n } ya kula kwa jumla
   *[other] mara { $n } za kula kwa jumla
}
mv-takata = takata
mv-no-capture = hakuna kula
mv-from-kichwa = inapandwa kuanzia kichwa { $hole }
mv-safari = safari
mv-stops-nyumba = inasimama kwenye nyumba
mv-ends-game = inamaliza mchezo

# Hati ya ukurasa wa bao (render.js, state.js).
kichwa-right-end = { $hole }, upande wako wa kulia
kichwa-left-end = { $hole }, upande wako wa kushoto
board-label = { $side } — { $who }
turn-south-bottom = Geuza ubao: Kusini chini
turn-north-bottom = Geuza ubao: Kaskazini chini
undo-lobby = Hakuna kurudisha: hatua haziwezi kurudishwa katika mchezo wa ukumbini
no-hints = Hakuna madokezo
no-oracle = Hakuna mtabiri
no-tutor = Hakuna mwalimu
tutor-title = Kabla ya hatua yako iliyo kosa au kosa kubwa, sema inagharimu nini na taja hatua bora zaidi
sow-from-kichwa = panda kete ulizokula kuanzia kichwa { $where }
stores-both = { $south } { $s } · { $north } { $n }
stores-shown = { $stores } (kwenye ubao unaoonyeshwa)
review-text = Hatua { $name } ({ $side }), sehemu { $k } kati ya { $steps } · zamu { $ply } kati ya { $total }.
caption-start = Mpangilio wa mwanzo: bado hakuna hatua iliyochezwa.
caption-reviewing = Unatazama hatua iliyopita — bonyeza Escape (au "Rudi kwenye mchezo") ili kucheza.
review-start = Mpangilio wa mwanzo.
caption-before-first = Mpangilio wa mwanzo, kabla ya hatua ya kwanza.
review-from-start = Pitia tangu mwanzo
play-the-hint = Cheza dokezo { $move }
hint-score = Alama ya kompyuta: { $score }
the-number = Namba
choose-kichwa = { $hole } inakula: bofya kichwa cha kuanzia kupanda (kinang'aa ubaoni), au:
moves-from = Hatua kutoka { $hole }:
move-from-kichwa = { $move }: panda kuanzia kichwa { $where } ({ $rest })
play-label = Cheza { $label }
who-named-computer = { $name }, kompyuta ya kiwango { $level }
who-computer = kompyuta, kiwango { $level }
who-you-named = wewe, { $name }
who-you = wewe
who-friend = rafiki yako
who-player = mchezaji
side-who = { $side } ({ $who })
barred = { $what } katika mchezo wa ukumbini unapochezwa ({ $kind })
lobby-kind-engine = mchezo dhidi ya injini ya ukumbini
lobby-kind-people = mchezo kati ya watu

# Mstari wa hali, kadi ya mchezo, orodha ya hatua, ufunguo na msaada (panels.js).
web-legend-kiswahili = Shimo la mraba = nyumba (ukingo wa dhahabu: hai, wa vistari: umiliki umepotea). ✕ nyekundu = takasia: shimo hilo haliwezi kuchezwa zamu hii. A1/A8 na a1/a8 ni vichwa. Akiba inashika kete ambazo bado hazijaingizwa katika awamu ya namua. Pembetatu ndogo nyeupe inaonyesha shimo ambalo hatua ya mwisho ilianzia.
web-legend-kujifunza = Bao la Kujifunza: kete 2 katika kila shimo, hakuna akiba wala nyumba; mchezo unaanza katika awamu ya mtaji. A1/A8 na a1/a8 ni vichwa. Pembetatu ndogo nyeupe inaonyesha shimo ambalo hatua ya mwisho ilianzia.
web-legend-kingulu = Shimo lenye pete ya rangi na beji limewekwa (kuweka mtoto): S = na Kusini, N = na Kaskazini. Kete zake zinahesabiwa kwa aliyeliweka, na kila kete inayopandwa ndani yake inakwenda kwenye akiba yake. Alama = akiba + mashimo yako yasiyowekwa + mashimo uliyoweka.
web-help-kiswahili = Mashimo unayoweza kuchezea yana pete ya kijani. Bofya moja (au Tab hadi ubaoni, songa kwa vitufe vya mishale na ubonyeze Enter); ikiwa hatua inaweza kwenda njia zaidi ya moja, bofya mshale (njia kete zinakokwenda kwanza); kwa kula ambako kete zake zinaweza kupandwa kuanzia upande wowote, bofya kichwa kinachong'aa cha kuanzia kupanda; kitufe chini ya ubao kinatoa kila chaguo kwa maneno (safari pia). Kompyuta inajibu yenyewe. ⟲ Geuza ubao inaonyesha ubao kutoka upande mwingine.
web-help-kingulu = Mashimo unayoweza kuchezea yana pete ya kijani. Bofya moja (au Tab hadi ubaoni, songa kwa vitufe vya mishale na ubonyeze Enter): kete zake zinapandwa kinyume cha mwendo wa saa, kuendelea baada ya kuendelea, hadi mzunguko uishie kwenye shimo tupu (kula shimo la mkabala likiwa lako), kwenye shimo la mpinzani lililokuwa na kete 3 (kuweka mtoto: linakuwa lako) au kwenye shimo lililowekwa. Kompyuta inajibu yenyewe.
web-help-common = Dokezo linaiomba kompyuta hatua (pete ya waridi), Rudisha inarudisha hatua yako ya mwisho, na kubofya hatua kwenye orodha kunairudia pamoja na maelezo yake.
stage-name = { $stage ->
    [namua] awamu ya namua
    [mtaji] awamu ya mtaji
   *[other] awamu ya { $stage }
}
status-deleted = { $why }: anza mwingine kwa Mchezo mpya.
status-over = Mchezo umekwisha — { $outcome }.
looking-move = hatua { $name } (kati ya { $moves })
looking-start = mwanzo
looking-at = Unatazama { $what } — Rudi kwenye mchezo (Escape)
looking-at-play = Unatazama { $what } — Rudi kwenye mchezo (Escape) ili uendelee kucheza
status-thinking = { $side } (kompyuta) inafikiri
status-computer-to-move = Zamu ya { $side } (kompyuta)
status-waiting = Tunamsubiri { $side } ({ $who })
status-watching = Zamu ya { $side } (unatazama)
status-your-move = Zamu yako ({ $side }): chagua shimo lenye pete ya kijani
status-side-to-move = Zamu ya { $side }: chagua shimo lenye pete ya kijani
your-rating = Kiwango chako: { $before } → { $after } ({ $change })
rating-change = { $before } → { $after } ({ $change })
info-game = Mchezo
info-rules = Sheria
info-to-move = Zamu ya
info-stage = Awamu
info-stores = Akiba
info-score = Alama
info-result = Matokeo
info-rating-of = Kiwango cha { $side }
info-help = Msaada
info-help-none = hakuna wakati unachezwa ({ $kind }): hakuna dokezo, mtabiri, mwalimu wala uchambuzi; hakuna kurudisha
info-live = Moja kwa moja
info-live-deleted = mchezo umefutwa
info-live-following = inafuata ubao mwingine
info-live-connecting = inaunganisha…
info-tournament = Mashindano
info-standings = msimamo na mipangilio ya michezo
info-draft = Mchezo mpya (utahifadhiwa kwenye hatua yake ya kwanza)
info-game-id = Mchezo { $id }
list-start = mwanzo
list-start-title = mpangilio wa mwanzo
list-move-title = Hatua ya { $side } { $name }: bofya uitazame tena

# Maelezo ya hatua (trace.js, review.js).
step-before = ubao kabla ya hatua
cap-whose = { $what } ya { $side }
cap-whose-move = hatua { $name } ya { $side }
cap-whose-case = { $what } ya { $side } (hatua { $n } ya mfano)
cap-before = Kabla ya { $who }.
cap-step = { $who }, sehemu { $k } kati ya { $steps }: { $text }.
cap-step-last = { $who }, sehemu { $k } kati ya { $steps }: { $text } — hatua imekamilika.
no-trace = seva haikutuma maelezo ya hatua { $ply }
explain-title = Maelezo
explain-empty = Cheza hatua, au bofya moja kwenye orodha ya hatua, uone ilichofanya mzunguko kwa mzunguko.
explain-head = { $name } ({ $side }) · { $laps ->
    [one] mzunguko { $laps }
   *[other] mizunguko { $laps }
}

# Vitendo vya mchezo (controller.js), michezo iliyohifadhiwa (saved.js), Mchezo mpya (dialog.js).
status-plays = { $who } anacheza { $move }
undo-one = Hatua ya mwisho imerudishwa.
undo-two = Hatua yako ya mwisho na jibu lake zimerudishwa.
undo-plies = Zamu { $plies } za mwisho zimerudishwa.
hint-caption = Dokezo: { $label } — { $words }
resign-confirm = Ujisalimishe katika mchezo huu kama { $side }?
invite-local = Anwani hii inafanya kazi kwenye kompyuta hii. Kwa rafiki aliye kwenye mtandao wako, anzisha seva kwa --host na umpe anwani hiyo badala ya 127.0.0.1.
inv-copied = Imenakiliwa
web-loaded = { $file } imefunguliwa: { $moves ->
    [one] hatua { $moves }
   *[other] hatua { $moves }
} (zamu { $plies }).
offline = Seva haipatikani; inajaribu tena…
online = Seva imerudi.
saved-none = Bado hakuna michezo iliyohifadhiwa.
saved-computer = kompyuta (kiwango { $level })
saved-line = { $game }, { $south } dhidi ya { $north }, hatua { $moves }
saved-on-board = Iko ubaoni
saved-playing = Inachezwa
saved-review = Pitia
saved-continue = Endelea
saved-delete = Futa
saved-delete-label = Futa mchezo { $id }
saved-delete-confirm = Ufute mchezo huu uliohifadhiwa?
profile-mancala-world = Sheria za kawaida: namua yenye kete 22 katika kila akiba, kisha mtaji; nyumba na takasia kama wachezaji wengi wanavyozicheza.
profile-de-voogt = Kama A. de Voogt anavyozieleza: shimo lenye kete moja halitakasiwi kamwe, na mzunguko wa kwanza kutoka nyumba haupati msamaha wa takasia.
profile-kiba = Sheria za KIBA: kama za kawaida, lakini mzunguko wa kwanza kutoka nyumba haupati msamaha wa takasia.
profile-kujifunza = Bao la Kujifunza, mchezo wa wanaojifunza: kete 2 katika kila shimo, hakuna akiba, nyumba wala takasia — unaanza katika mtaji.
profile-default = Sheria za kawaida za Bao Kingulu (2×6, kupanda kwa kuendelea, kuweka mtoto, alama mwishoni).
level-random = inacheza hatua halali za nasibu
level-greedy = inachukua hatua inayoonekana bora sasa hivi (zamu 1)
level-depth = inaangalia zamu { $depth } mbele
level-nodes = inapima hadi mipangilio { $nodes } kwa hatua
level-nodes-more = mipangilio { $nodes } zaidi kwa hatua
level-time = inatafuta sekunde { $secs } kwa hatua
level-time-more = sekunde { $secs } zaidi kwa hatua
level-misses = inakosa { $percent }% ya kula
level-baseline = kipimo cha msingi
level-elo = Elo { $elo } juu ya kiwango 1
date = { $day } { $month } { $year }
month = { $m ->
    [1] Januari
    [2] Februari
    [3] Machi
    [4] Aprili
    [5] Mei
    [6] Juni
    [7] Julai
    [8] Agosti
    [9] Septemba
    [10] Oktoba
    [11] Novemba
   *[12] Desemba
}
