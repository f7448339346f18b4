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
