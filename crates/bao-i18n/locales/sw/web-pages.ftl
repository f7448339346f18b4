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
