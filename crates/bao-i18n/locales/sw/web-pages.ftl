# Kurasa nyingine za wavuti: ukumbi (lobby.html, lobby.js, account.js).
lobby-page-title = Bao · Ukumbi
lobby-h1 = Ukumbi wa Bao
lobby-guest-1 = Ingia ili utoe na ukubali changamoto:
lobby-guest-link = ingia au fungua akaunti
lobby-guest-2 = . Yeyote anaweza kutazama mchezo: ufungue kutoka wasifu wa mchezaji au msimamo.
lobby-new = Changamoto mpya
lobby-clock = Saa
lobby-d1 = siku 1 kwa hatua
lobby-d3 = siku 3 kwa hatua
lobby-custom = Chagua mwenyewe…
lobby-min-sec = Dakika + sekunde
lobby-minutes = Dakika kwa kila mmoja
lobby-increment = Nyongeza kwa sekunde
lobby-side = Upande
lobby-random = Nasibu
lobby-south = Kusini (anaanza)
lobby-rated = Kwa viwango
lobby-opponent = Mpinzani
lobby-anyone = yeyote ukumbini
lobby-opponent-title = Jina la mchezaji (yeye tu anaweza kukubali), kompyuta (bao-1 … bao-10), au acha tupu kwa yeyote
lobby-create = Unda
lobby-open = Changamoto zilizo wazi
lobby-player = Mchezaji
lobby-rating = Kiwango
lobby-mode = Aina
lobby-none = Hakuna changamoto zilizo wazi: unda moja, au cheza na mojawapo ya injini bao-1 … bao-10.
lobby-yours = Michezo yako
lobby-side-of = { $side ->
    [south] Kusini
    [north] Kaskazini
   *[random] nasibu
}
lobby-accept = Kubali
lobby-your-turn = Zamu yako
lobby-open-game = Fungua
lobby-live = moja kwa moja
lobby-reconnecting = inaunganisha tena…
lobby-engine-option = bao-{ $level } (kompyuta, kiwango { $level })
lobby-aborted = ulisitishwa
lobby-waiting = inasubiri
bot-title = Akaunti ya injini: kompyuta inaicheza

# Mafumbo (puzzles.html, puzzles.js); kazi, jibu, mada na mwisho wa fumbo ni za puzzle.ftl (seva inazituma kama funguo).
pz-h1 = Mafumbo ya Bao
pz-menu-title = Vidhibiti vya mafumbo
pz-next-title = Fumbo jingine
pz-next = Fumbo linalofuata
pz-hint-title = Mada ya fumbo
pz-solution-title = Kata tamaa utazame jibu
pz-solution = Onyesha jibu
pz-puzzle = Fumbo
pz-replay = Rudia jibu
pz-streak-h = Mfululizo
pz-streak-1 = yaliyoteguliwa mfululizo (bora
pz-streak-2 = ),
pz-streak-3 = yaliyoteguliwa kwa jumla.
pz-kept = Yanahifadhiwa kwenye kivinjari hiki tu. Jibu moja linahesabiwa: hatua mbaya au kuonyesha jibu kunamaliza mfululizo.
pz-about-h = Kuhusu mafumbo
pz-about = Kila fumbo ni mpangilio kutoka mchezo ambao injini ilicheza dhidi yake yenyewe ambapo hatua moja tu inalitegua, imethibitishwa na kitatuzi: katika Bao Kingulu hatua pekee inayobaki na ushindi (au hatua pekee inayomaliza mchezo na kete nyingi zaidi, kwa mbili au zaidi), katika Bao la Kiswahili hatua pekee inayolazimisha ushindi ndani ya zamu chache. Bofya shimo kucheza hatua yake; hatua kadhaa zikianzia hapo, chagua moja chini ya ubao.
pz-right = Sawa! { $move }: { $answer }.
pz-wrong = Si sahihi: { $move } { $why }. Jibu ni { $solution }: { $answer }.
pz-the-solution = Jibu ni { $solution }: { $answer }.
pz-goes-on = Mchezo bora unaendelea baada ya mstari huu.
pz-doc-title = Mafumbo ya Bao — { $game } { $n }
pz-heading = Fumbo { $n } kati ya { $count } · ugumu { $difficulty } kati ya 5
pz-click = Bofya shimo la hatua yako.
pz-error = Hitilafu: { $error }
pz-hint = Dokezo: mada ni { $theme }.
pz-game-puzzles = Mafumbo ya { $game }
