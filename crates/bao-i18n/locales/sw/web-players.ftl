# Kurasa za mchezaji: wasifu (profile.html, profile.js, ratinggraph.js), historia ya
# michezo (games.html, games.js), matokeo ya mchezo kwenye orodha zake (results.js), na
# msimamo (leaderboard.html, leaderboard.js).

prof-page-title = Bao · Mchezaji
prof-h1 = Mchezaji
prof-challenge = Tuma changamoto
prof-challenge-name = Tuma changamoto kwa { $name }
prof-settings = Mipangilio: barua pepe
prof-ratings = Viwango
prof-deviation = Mkengeuko
prof-rated-games = Michezo ya viwango
prof-glicko = Glicko-2; mchezaji mpya anaanza na 1500 ± 350. Aina zote za sheria za Bao la Kiswahili zina kiwango kimoja, Bao Kingulu ina chake.
prof-history = Historia ya kiwango
prof-recent = Michezo ya karibuni
prof-all-games = michezo yote, vichujio, rekodi
prof-engine-name = { $name } (kompyuta, kiwango { $level })
prof-no-rated = Bado hakuna michezo ya viwango
prof-point = { $game }, { $day }: { $rating } baada ya mchezo
prof-result = { $result } { $words }
prof-result-change = { $result } { $words } ({ $change })

gh-page-title = Bao · Michezo
gh-h1 = Michezo
gh-profile = wasifu
gh-doc-title = Bao · michezo ya { $name }
gh-of = Michezo ya { $name }
gh-profile-of = wasifu wa { $name }
gh-all = yote
gh-result = Matokeo
gh-won = ushindi
gh-lost = kushindwa
gh-drawn = sare
gh-ongoing = inayoendelea
gh-aborted = iliyositishwa
gh-rated = Viwango
gh-rated-only = kwa viwango
gh-casual = kirafiki
gh-download = Pakua michezo hii (.bao)
gh-download-note = faili moja la rekodi; *bao replay FILE --number N* na *bao report* zinalisoma.
gh-date = Tarehe
gh-record = Rekodi
gh-review = Pitia
gh-watch = Tazama
gh-more = Michezo zaidi
gh-shown = { $n ->
    [one] mchezo { $n } umeonyeshwa
   *[other] michezo { $n } imeonyeshwa
}
gh-shown-all = { $n ->
    [one] mchezo { $n } umeonyeshwa (yote)
   *[other] michezo { $n } imeonyeshwa (yote)
}
gh-none = Hakuna michezo.

# Matokeo ya mchezo kwa mchezaji ambaye orodha ni yake.
res-won = ameshinda
res-won-time = ameshinda: muda wa mpinzani umekwisha
res-won-resigned = ameshinda: mpinzani amejisalimisha
res-lost = ameshindwa
res-lost-time = ameshindwa: muda wake umekwisha
res-lost-resigned = amejisalimisha
res-drawn = sare
res-aborted = ulisitishwa
res-playing = unachezwa

lb-page-title = Bao · Msimamo
lb-h1 = Msimamo
lb-games = Michezo
lb-none = Bado hakuna michezo ya viwango.
