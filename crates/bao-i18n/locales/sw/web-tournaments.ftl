# Kurasa za mashindano (tournaments.html, tournament.html, tournaments.js, tournament.js,
# tformat.js), makosa ya njia za mashindano, matangazo (notices.js) na michezo hai
# (live.html, live.js).

## Orodha na fomu (tournaments.html, tournaments.js).
tn-page-title = Bao · Mashindano
tn-h1 = Mashindano
tn-guest-1 = Ingia ili uandae mashindano au ujiunge nayo:
tn-guest-2 = . Yeyote anaweza kufuatilia msimamo wa mashindano na kutazama michezo yake.
tn-running = Yanayoendelea
tn-upcoming = Yanayokuja
tn-finished = Yaliyokwisha
tn-col-tournament = Mashindano
tn-col-format = Mfumo
tn-col-round = Raundi
tn-col-rounds = Raundi
tn-col-starts = Yanaanza
tn-col-finished = Yalikwisha
tn-col-players = Wachezaji
tn-none-running = Hakuna mashindano yanayochezwa sasa.
tn-none-upcoming = Hakuna mashindano yaliyo wazi kwa wachezaji: andaa mashindano hapa chini.
tn-none-finished = Hakuna mashindano yaliyokwisha bado.
tn-organise = Andaa mashindano
tn-name = Jina
tn-name-example = Swiss ya klabu, Ijumaa
tn-format = Mfumo
tn-swiss-dutch = Swiss (FIDE Dutch)
tn-round-robin = Ligi (kila mmoja dhidi ya wote)
tn-double-round-robin = Ligi ya mizunguko miwili
tn-rounds = Raundi
tn-games-per-pairing = Michezo kwa kila jozi
tn-two-games = 2 (pande zikibadilishana)
tn-starts-at = Yanaanza (si lazima)
tn-organise-note = Unayaanzisha mashindano wewe mwenyewe (au yanaanza wakati uliotaja). Wachezaji hujiunga kwenye ukurasa wake; huko unaweza pia kuingiza akaunti za injini bao-1 … bao-10.
tn-round-of = { $round } kati ya { $total }
tn-starts-by-organiser = mratibu atakapoyaanzisha
tn-soon = { $when } ({ $left })

## Maneno ya kurasa zote mbili (tformat.js).
tn-format-swiss = Swiss
tn-format-swiss-rounds = { $rounds ->
    [one] Swiss, raundi { $rounds }
   *[other] Swiss, raundi { $rounds }
}
tn-format-two-games = { $format } · michezo 2 kwa kila jozi
tn-in-minutes = { $n ->
    [one] baada ya dakika { $n }
   *[other] baada ya dakika { $n }
}
tn-in-hours = { $n ->
    [one] baada ya saa { $n }
   *[other] baada ya saa { $n }
}

## Ukurasa wa mashindano (tournament.html, tournament.js).
tn-one-page-title = Bao · Mashindano
tn-doc-title = Bao · { $name }
tn-one-h1 = Mashindano
tn-no-such = Hakuna mashindano kama hayo
tn-join = Jiunge
tn-leave = Ondoka
tn-withdraw-me = Jitoe kwenye mashindano
tn-start = Anza sasa
tn-engine-account = Akaunti ya injini
tn-enter-engine = Ingiza injini
tn-withdraw-who = Mchezaji wa kutolewa
tn-withdraw = Mtoe mchezaji
tn-trf = Pakua TRF
tn-next-h = Mchezo wako unaofuata
tn-standings = Msimamo
tn-pairings = Jozi
tn-col-board = Meza
tn-col-result = Matokeo
tn-col-games = Michezo
tn-col-no = Na.
tn-col-points = Pointi
tn-organised-by = mratibu: { $name }
tn-state-open-at = Wazi kwa wachezaji: yanaanza { $when }.
tn-state-open = Wazi kwa wachezaji: yanaanza mratibu atakapoyaanzisha.
tn-state-running = Raundi { $round } kati ya { $total } inachezwa.
tn-state-finished = Yalikwisha baada ya raundi { $rounds }.
tn-next-open = Umejiunga. Raundi 1 itapangwa mashindano yakianza.
tn-next-over-rank = { $n ->
    [one] Mashindano yamekwisha: umeshika nafasi ya { $rank } ukiwa na pointi { $points }.
   *[other] Mashindano yamekwisha: umeshika nafasi ya { $rank } ukiwa na pointi { $points }.
}
tn-next-over = Mashindano yamekwisha.
tn-next-withdrawn = Umejitoa: hutapangwa katika raundi yoyote inayofuata.
tn-next-after = Raundi { $next } itapangwa michezo yote ya raundi { $round } ikiisha.
tn-next-unpaired = Hujapangwa katika raundi { $round }.
tn-next-bye-point = Umepumzishwa katika raundi { $round } (unapata pointi moja).
tn-next-bye = Umepumzishwa katika raundi { $round }.
tn-next-pairing-over = Jozi yako ya raundi { $round } imekwisha ({ $result }).
tn-next-game = Raundi { $round }, meza { $board }: unacheza { $side } dhidi ya { $opponent }.
tn-next-game-n = Raundi { $round }, meza { $board }, mchezo { $game }: unacheza { $side } dhidi ya { $opponent }.
tn-play-your-game = Cheza mchezo wako
# Jina la kigezo cha kutenganisha walio sawa (ufunguo wake kama API inavyoutoa), na jina lake fupi.
tn-tb-name = { $tb ->
    [bh-c1] Buchholz Cut 1
    [bh] Buchholz (jumla ya pointi za wapinzani)
    [sb] Sonneborn-Berger
    [de] Matokeo ya ana kwa ana
    [wins] Idadi ya ushindi
   *[other] { $tb }
}
tn-tb-short = { $tb ->
    [bh-c1] BH-C1
    [bh] BH
    [sb] SB
    [de] AkA
    [wins] Ushindi
   *[other] { $tb }
}
tn-ties = Walio sawa kwa pointi wanatenganishwa kwa { $list }.
tn-ties-then = { $first }, kisha { $next }
tn-ties-running = Raundi ikiendelea, msimamo unahesabu michezo iliyokwisha tu.
tn-round-n = Raundi { $round }
tn-bye = mapumziko
tn-playing = unachezwa
tn-game-n = Mchezo { $n }
tn-play = Cheza
tn-watch = Tazama
tn-withdrawn = (amejitoa)
tn-confirm-withdraw = Ujitoe kwenye mashindano? Hutapangwa katika raundi yoyote inayofuata.

## Maelezo ya mashindano: kwa nini yalikwisha mapema (notes.rs).
tn-note-too-few = { $n ->
    [one] yalifutwa wakati wa kuanza: mashindano yanahitaji angalau wachezaji 2; amejiunga { $n }
   *[other] yalifutwa wakati wa kuanza: mashindano yanahitaji angalau wachezaji 2; wamejiunga { $n }
}
tn-note-too-many-rounds = yalifutwa wakati wa kuanza: wachezaji { $n } hawawezi kucheza raundi { $rounds } za Swiss bila kukutana mara mbili (zisizidi { $most }): subiri wachezaji zaidi
tn-note-no-pairing = yalikwisha baada ya raundi { $round }: raundi { $next } haina jozi halali (kila jozi ingerudia mpinzani au kutoa mapumziko ya pili)
tn-note-too-few-left = yalikwisha baada ya raundi { $round }: wamebaki chini ya wachezaji wawili
tn-note-ended = yalikwisha baada ya raundi { $round }: { $why }

## Makosa ya njia za mashindano (crates/bao-web/src/tournaments), kando ya `code` yao.
api-sign-in-tournaments = Ingia kwanza: mashindano ni ya wachezaji wenye akaunti.
api-sign-in-lobby = Ingia kwanza: ukumbi ni wa wachezaji wenye akaunti.
api-t-unknown = Hakuna mashindano { $id }.
api-t-engine-organise = Akaunti za injini haziandai mashindano.
api-t-name-length = Jina la mashindano lina herufi 1 hadi { $max }.
api-t-rounds-range = Mashindano ya Swiss yana raundi 1 hadi { $max }.
api-t-starts-passed = Wakati wa kuanza { $when } umepita: taja wakati wa baadaye, au uuache na uyaanzishe mashindano wewe mwenyewe.
api-t-starts-far = Wakati wa kuanza { $when } uko zaidi ya siku 60 mbele.
api-t-own-limit = Una mashindano { $max } yaliyo wazi au yanayoendelea: subiri mojawapo yaishe.
api-t-server-limit = Seva ina mashindano { $max } yaliyo wazi au yanayoendelea: jaribu tena baadaye.
api-t-organiser-acts = Mratibu ({ $name }) peke yake ndiye anayetenda kwa niaba ya wachezaji wengine.
api-t-no-player = Hakuna mchezaji anayeitwa { $name }.
api-t-engines-only = { $name } anajiunga mwenyewe: mratibu anaingiza akaunti za injini (bao-1 … bao-10) tu.
api-t-join-closed = Mashindano yameshaanza au yamekwisha: wachezaji hujiunga kabla ya kuanza.
api-t-already-in = { $name } tayari yumo kwenye mashindano.
api-t-full = Mashindano yamejaa (wachezaji { $max }).
api-t-not-in = { $name } hayumo kwenye mashindano.
api-t-started = Mashindano yameshaanza au yamekwisha.
api-t-not-playing = { $name } hachezi katika mashindano (hayumo, au ameshajitoa).
api-t-not-running = Mashindano hayaendelei: kabla ya kuanza mchezaji huondoka tu.
api-t-start-organiser = Mratibu ({ $name }) peke yake ndiye anayeweza kuyaanzisha mashindano haya.
api-t-already-started = Mashindano yameshaanza.
api-t-already-finished = Mashindano yameshakwisha.
api-t-too-few = { $n ->
    [one] Mashindano yanahitaji angalau wachezaji 2; amejiunga { $n }.
   *[other] Mashindano yanahitaji angalau wachezaji 2; wamejiunga { $n }.
}
api-t-too-many-rounds = Wachezaji { $n } hawawezi kucheza raundi { $rounds } za Swiss bila kukutana mara mbili (zisizidi { $most }): subiri wachezaji zaidi.
api-t-busy = Mashindano yalikuwa yakibadilika yalipokuwa yakianzishwa: jaribu tena.
api-t-no-report = Mashindano hayajaanza: ripoti yake haina wachezaji waliopangwa kwa nafasi bado.

## Matangazo (crates/bao-web/src/notices, static/js/notices.js).
notice-your-move = zamu yako dhidi ya { $opponent } ({ $game })
notice-your-move-anyone = zamu yako ({ $game })
notice-accepted = { $name } amekubali changamoto yako: { $game } { $clock }
notice-challenge = { $name } anakupa changamoto ya { $game } { $clock }
notice-challenge-rated = { $name } anakupa changamoto ya { $game } { $clock }, kwa viwango
notice-tournament = mchezo wa mashindano: unacheza { $side } dhidi ya { $opponent }
notice-rematch = { $name } anapendekeza mchezo wa marudiano: { $what }
notice-rematch-accepted = mchezo wa marudiano: { $what }, unacheza { $side } dhidi ya { $opponent }
notice-rematch-withdrawn = { $name } ameondoa pendekezo la mchezo wa marudiano
notice-rematch-declined = { $name } amekataa mchezo wa marudiano
notice-closed = msimamizi amefunga akaunti yako
notice-game-clock = { $game } { $clock }

## Michezo hai (live.html, live.js).
live-page-title = Bao · Michezo hai
live-h1 = Michezo hai
live-intro = Michezo inayochezwa ukumbini sasa, mipya kwanza. Bofya mmoja uutazame.
live-col-plies = Zamu
live-col-to-move = Mwenye zamu
live-rated = { $game } · kwa viwango
live-no-clock = bila saa
live-watch-label = Tazama { $south } dhidi ya { $north }
live-cannot-read = Orodha haiwezi kusomwa: { $error }
live-count = { $n ->
    [one] Mchezo { $n } unaendelea.
   *[other] Michezo { $n } inaendelea.
}
live-none = Hakuna mchezo unaochezwa ukumbini sasa.
