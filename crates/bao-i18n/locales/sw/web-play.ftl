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
load-too-large = Faili { $file } ni kubwa mno kuwa kumbukumbu ya mchezo (isizidi KiB { $kib }).
load-not-text = Faili { $file } si faili ya maandishi, kwa hiyo si kumbukumbu ya mchezo.
offline = Seva haipatikani; inajaribu tena…
online = Seva imerudi.
saved-human = mtu
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
level-network = kwa tathmini ya mtandao
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

# Saa (clock.js).
clock-days = { $days ->
    [one] siku { $days } kwa hatua
   *[other] siku { $days } kwa hatua
}
clock-rated = kwa viwango
clock-casual = kirafiki
clock-stale = si moja kwa moja: saa zinazoonyeshwa zimesimama hadi seva ijibu
clock-watching = unatazama
clock-spectators = { $n ->
    [one] mtazamaji { $n }
   *[other] watazamaji { $n }
}
clock-first-move = hatua ya kwanza ndani ya sekunde { $secs }
clock-abort = Sitisha

# Mtabiri (oracle.js), mwalimu (tutor.js), ubao (board.js).
oracle-win = ushindi katika zamu { $plies }
oracle-loss = kushindwa katika zamu { $plies }
oracle-short-win = U{ $plies }
oracle-short-loss = K{ $plies }
oracle-short-draw = S
oracle-head = Mtabiri:
oracle-barred = haupatikani katika mchezo wa ukumbini unapochezwa ({ $kind }); unarudi mchezo ukiisha.
oracle-deleted = mchezo umefutwa.
web-oracle-over = mchezo umekwisha.
oracle-reviewing = unaonyesha mpangilio wa sasa wa mchezo tu: rudi kwenye mchezo (Escape) uone thamani.
oracle-not-your-move = unaonyeshwa ikiwa ni zamu yako.
web-oracle-solving = unatatua (sekunde 2 zaidi)…
oracle-error = haupatikani: { $error }
oracle-none-kiswahili = "?" = haijathibitishwa ndani ya sekunde 2. Kitatuzi kinathibitisha mipangilio ya Bao la Kiswahili karibu na mwisho wa mchezo, kete chache zikibaki ubaoni; kabla ya hapo hakuna hatua inayoweza kuthibitishwa.
oracle-none-kingulu = "?" = haijathibitishwa ndani ya sekunde 2. Kitatuzi kinathibitisha mipangilio yenye kete chache karibu na mwisho wa mchezo (na baadhi ya mapema kutoka kitabu chake).
oracle-exact = thamani kamili kwa mwenye zamu, kwa zamu za mchezo kamilifu ("?" = haijathibitishwa ndani ya sekunde 2).
oracle-key-win = ushindi katika n
oracle-key-loss = kushindwa katika n
tutor-name = Mwalimu
web-tutor-again = Chagua tena
tutor-play = Icheze hivyo hivyo
tutor-blunder = kosa kubwa
tutor-mistake = kosa
web-tutor-warning = { $move } ni { $kind }: baada yake, { $played }. Baada ya { $best }, { $better }.
tutor-arrow = Mshale ubaoni unaonyesha { $best }.
tutor-ring = Pete ya vistari ubaoni inaonyesha { $best }.
tutor-numbers = Namba
mark-nyumba = nyumba
mark-dormant = nyumba, imelala
mark-former = nyumba ya zamani
mark-reserved = limewekwa na { $side }
hole-takasia = limetakasiwa
hole-selected = limechaguliwa
hole-playable = linachezeka
hole-hint = dokezo
hole-oracle = mtabiri: { $text }
hole-last-from = hatua ya mwisho ilianzia hapa
hole-click-play = bofya kucheza { $label }
hole-click-choose = bofya kuchagua: { $moves }
store-title = Akiba ya { $side }: { $seeds } nje ya ubao
# Kisanduku ni chembamba: "Akiba ya Kaskazini" haitoshi; kiko kando ya nusu ya mwenyewe.
store-name = Akiba
board-score = alama { $n }
board-store-short = akiba { $n }
bot-badge = BOTI
board-stage = awamu: { $stage }
arrow-left = panda kuelekea kushoto
arrow-right = panda kuelekea kulia
arrow-up = panda juu kwenye safu inayofuata
arrow-down = panda chini kwenye safu inayofuata

# Sare (draw.js), muunganisho (api.js, stream.js), taarifa, kasi.
draw-accept = Kubali sare
draw-accept-title = { $side } anapendekeza sare: ikubali (au ikatae kwa kucheza)
draw-offered = Sare imependekezwa
draw-waiting = tunasubiri jibu la { $side }
draw-offer-title = mpendekezee { $side } sare
draw-you-offered = Umependekeza sare.
draw-note-player = { $name } anapendekeza sare: ikubali, au cheza ili kuikataa.
draw-note = { $name } anapendekeza sare.
game-gone = mchezo { $id } haupo tena kwenye seva hii
game-deleted = mchezo { $id } umefutwa na aliyeuanzisha
api-offline = seva haipatikani; inajaribu tena
api-players-only = wachezaji tu wanaweza kuomba hili wakati mchezo unachezwa
notice-go-game = Nenda kwenye mchezo
notice-open-lobby = Fungua ukumbi
speed-name = { $speed ->
    [instant] papo hapo
    [fast] haraka
    [normal] kawaida
    [slow] polepole
   *[other] polepole sana
}

# Namba za kompyuta kwa maneno ya mchezaji (words.js).
words-seeds = kete { $n }
words-about-seeds = takriban kete { $n }
words-even = Mchezo uko sawa hivi.
words-small-edge = { $side } yuko mbele kidogo.
words-ahead = { $side } yuko mbele kwa { $seeds }.
words-wins = { $side } atashinda kwa mchezo bora.
words-draw = Sare kwa mchezo bora.
value-wins = { $side } atashinda kwa mchezo bora
value-wins-by = { $side } atashinda kwa { $seeds } kwa mchezo bora
value-draw-best = sare kwa mchezo bora
value-even = mchezo uko sawa hivi
value-small-edge = { $side } yuko mbele kidogo
value-ahead = { $side } yuko mbele kwa { $seeds }
details = Maelezo zaidi

# Uchambuzi wa mchezo uliokwisha (analysis.js).
an-ready = Kila hatua inapimwa, makosa yanawekwa alama, hatua bora inaonyeshwa.
an-button-title = Pima kila hatua: hatua bora, makosa, usahihi (docs/analysis.md)
an-forced = ya lazima
an-best = bora
an-good = nzuri
an-inaccuracy = dosari
an-mistake = kosa
an-blunder = kosa kubwa
an-no-game = Hakuna mchezo ubaoni.
an-deleted = Mchezo umefutwa.
an-draft = Bado hakuna cha kuchambua: mchezo mpya unahifadhiwa kwenye hatua yake ya kwanza.
an-lobby = Haupatikani katika mchezo wa ukumbini unapochezwa ({ $kind }): uchambue ukiisha.
an-players-only = Wachezaji tu wanaweza kuomba hili wakati mchezo unachezwa; yeyote anaweza ukiisha.
an-win = ushindi { $plies }
an-loss = kushindwa { $plies }
an-south-short = K
an-title = Uchambuzi
an-button = Chambua mchezo huu
an-play-best = Cheza hatua bora
an-play-best-title = Cheza hatua bora mzunguko kwa mzunguko ubaoni (Rudia inaonyesha tena hatua iliyochezwa)
an-analysing = Inachambua…
an-error = Uchambuzi: { $error }
an-progress = Inachambua: mipangilio { $done } kati ya { $total }…
an-graph-label = Nafasi ya Kusini kushinda baada ya kila hatua; bofya nukta uipitie hatua hiyo
an-best-move = bora { $move }
an-accuracy = Usahihi: { $south } { $sa }, { $north } { $na } · { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ?? · bofya grafu upitie hatua
an-line-best = { $name }: { $kind } ({ $value }).
an-line = { $name } ({ $kind }, { $value }); bora ilikuwa { $best } ({ $bestValue }), inaonyeshwa na mshale.
an-instead = { $best } (hatua bora badala ya { $move })

# Gumzo la mchezo na marudiano (chat.js).
chat-report = Ripoti
chat-report-title = Ripoti mstari huu kwa wasimamizi
chat-reported = Imeripotiwa
chat-players = Ongea na mpinzani wako
chat-spectators = Gumzo la watazamaji
chat-sign-in = Ingia ili uongee.
chat-unmute = Ruhusu { $name } aonekane
chat-mute-name = Nyamazisha { $name }
rematch-started = Mchezo wa marudiano umeanza.
rematch-go = Nenda kwenye marudiano
rematch-waiting = Marudiano yamependekezwa: tunamsubiri { $name }.
rematch-offered = { $name } anapendekeza marudiano.
rematch-accept = Kubali marudiano
rematch-decline = Kataa
