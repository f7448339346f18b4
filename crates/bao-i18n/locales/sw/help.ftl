# bao --help kwa Kiswahili (bao_cli::help). Maneno ndani ya <> na majina ya chaguo
# (--level, --game, ...) yanabaki kama yanavyoandikwa.

cli-about = Amri ya `bao`: kucheza, kurudia mchezo, kuchambua, kutatua na kuthibitisha, mashindano ya injini, perft, itifaki ya injini, seva ya wavuti
cli-usage = Matumizi:
cli-usage-command = <AMRI>
cli-usage-options = [CHAGUO]
cli-commands = Amri
cli-arguments = Hoja
cli-options = Chaguo
cli-help-flag = Onyesha msaada
cli-version-flag = Onyesha toleo
cli-engine = Zungumza itifaki ya injini (notation.md §5) kupitia stdin/stdout
cli-perft = Hesabu majani ya mti wa hatua (perft)
cli-analyze = Tafuta katika mpangilio na uonyeshe hatua bora, alama na mfululizo mkuu
cli-match = Shindanisha injini mbili na uonyeshe matokeo na tofauti ya Elo
cli-tune = Bao la Kiswahili: rekebisha uzito wa tathmini kwa michezo ya injini dhidi yake yenyewe
cli-openings = Tengeneza seti ya mianzo iliyosawazishwa kwa mashindano
cli-solve = Tatua mpangilio kikamilifu: ushindi/kushindwa/sare, alama kamili za mwisho, cheti
cli-verify = Kagua cheti cha uthibitisho kilichoandikwa na `bao solve --certificate`
cli-book = Bao Kingulu: kitabu cha mianzo cha mipangilio iliyotatuliwa
cli-reach = Bao Kingulu: hesabu mipangilio inayofikika kutoka mpangilio fulani
cli-serve = Endesha programu ya wavuti kwenye http://127.0.0.1:PORT/
cli-admin = Simamia hifadhidata ya `bao serve`
cli-swiss = Mashindano ya Swiss kwenye faili za FIDE TRF-16: kupanga, kukagua, msimamo
cli-tournament = Mashindano kati ya injini: Swiss au kila mmoja dhidi ya wote
cli-train = Bao la Kiswahili: kufunza tathmini inayojifunza
cli-play = Cheza dhidi ya kompyuta kwenye terminali (Bao la Kiswahili kama hukuchagua)
cli-play-game = Mchezo: kiswahili au kingulu (kiswahili kama hukuchagua, au mchezo wa --load)
cli-play-rules = Kanuni zipi (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default)
cli-play-set = Chaguo la kanuni JINA=THAMANI (linaweza kurudiwa)
cli-play-level = Nguvu ya kompyuta, 1 (dhaifu kabisa) hadi 10 (yenye nguvu kabisa) [kama hukuchagua: 5, au kiwango cha rekodi ya --load]; kila mchezo una viwango vyake (docs/levels.md). Elo zilizopimwa (kiwango 1 = 0): { $table }
cli-play-side = Upande wako: south (Kusini: anaanza, chini ya ubao) au north (Kaskazini) [kama hukuchagua: south, au upande wako katika rekodi ya --load]
cli-play-plain = Maandishi matupu: bila rangi wala kiashiria cha kusubiri (yenyewe pasipo terminali)
cli-play-load = Endelea na mchezo uliohifadhiwa (rekodi iliyoandikwa na `save FILE`)
cli-play-seed = Mbegu ya nasibu ya injini (kwa michezo inayojirudia sawasawa)
cli-play-position = Anza kutoka mpangilio huu badala ya mpangilio wa mwanzo
cli-play-lap-delay = Kwenye terminali, kusubiri baada ya kila mzunguko wa hatua, kwa milisekunde (0 = bila mwendo; kitufe chochote kinarukia mwisho wa hatua) [kama hukuchagua: 300]
cli-play-values = Bao Kingulu: hifadhidata ya thamani (`bao reach --position TEXT --values FILE`) ambayo oracle, madokezo na mwalimu husoma pamoja na kitabu cha mianzo
cli-lang = Lugha: sw (Kiswahili) au en (Kiingereza); en-XA ni lugha-bandia ya majaribio [kama hukuchagua: kutoka LC_ALL, LC_MESSAGES au LANG (sw_TZ.UTF-8, sw_KE.UTF-8, sw: Kiswahili), vinginevyo Kiingereza]
cli-number = Mchezo upi katika faili yenye michezo kadhaa (1 = wa kwanza)
cli-file = Faili ya rekodi
cli-replay = Pitia mchezo uliohifadhiwa hatua kwa hatua na mzunguko kwa mzunguko (Enter = hatua inayofuata, l = mzunguko unaofuata, b = nyuma, N = hatua N, q = toka)
cli-replay-plain = Maandishi matupu: bila rangi wala mwendo (yenyewe pasipo terminali). Maandishi ya kuingiza yakiisha, sehemu iliyobaki ya mchezo inaonyeshwa
cli-replay-lap-delay = Kwenye terminali, kusubiri baada ya kila mzunguko wa hatua, kwa milisekunde (0 = bila kusubiri) [kama hukuchagua: 300]
cli-report = Pima kila hatua ya mchezo uliorekodiwa: hatua bora, daraja (bora … kosa kubwa) na usahihi wa kila upande (docs/analysis.md)
cli-report-json = Onyesha ripoti kama JSON (muundo wa docs/analysis.md)
cli-report-svg = Andika grafu ya tathmini katika FILE (SVG)
cli-report-time = Pima kwa saa badala ya kina kilichowekwa: milisekunde MS kwa kila mpangilio kwa kitatuzi, na kiasi hicho tena kwa utafutaji (mara mbili zinaweza kutofautiana)
cli-report-depth = Kina cha utafutaji kwa zamu [kama hukuchagua: 15]; mara mbili zinaonyesha ripoti ileile
cli-report-lang = Lugha ya ripoti ya maandishi: sw (Kiswahili) au en (Kiingereza) [kama hukuchagua: kutoka LC_ALL, LC_MESSAGES au LANG, vinginevyo Kiingereza]; ripoti ya JSON ni ileile kwa lugha zote
cli-puzzle = Mafumbo kutoka mipangilio halisi: tatua moja, orodhesha, kagua, tengeneza
cli-puzzle-game = Mchezo: kiswahili au kingulu [kama hukuchagua: kiswahili]
cli-puzzle-number = Namba ya fumbo katika seti iliyomo (kama hukuchagua: moja kwa nasibu)
cli-puzzle-difficulty = Chagua kwa nasibu kati ya mafumbo ya ugumu huu (1 rahisi kabisa hadi 5)
cli-puzzle-plain = Maandishi matupu: bila rangi (yenyewe pasipo terminali)
cli-puzzle-list = Orodhesha mafumbo yaliyomo ya mchezo (mstari mmoja kila moja, au safu ya JSON)
cli-puzzle-verify = Thibitisha upya kila fumbo kwa kitatuzi; inatoka na hitilafu ikitaja kila fumbo lenye kasoro
cli-puzzle-build = Tengeneza seti ya mafumbo kutoka michezo ya injini dhidi yake yenyewe (docs/puzzles.md)
cli-help-command = Onyesha ujumbe huu au msaada wa amri ndogo ulizotaja
# Hitilafu za mstari wa amri (za clap kwa Kiingereza; hizi ni za lugha nyingine).
cli-err-unknown-argument = hitilafu: chaguo '{ $arg }' halijulikani
cli-err-unknown-command = hitilafu: amri '{ $command }' haijulikani
cli-err-invalid-value = hitilafu: '{ $value }' si thamani ambayo '{ $arg }' inakubali
cli-err-missing = hitilafu: hiki lazima kitolewe: { $args }
cli-err-value-shape = hitilafu: '{ $arg }' inachukua thamani moja
cli-err-conflict = hitilafu: '{ $arg }' haiwezi kutolewa pamoja na '{ $other }'
cli-err-valid-values = [thamani inazokubali: { $values }]
cli-err-did-you-mean = ulikusudia { $suggestion }?
cli-or = au
cli-err-twice = hitilafu: '{ $arg }' imetolewa zaidi ya mara moja
cli-err-more = Kwa zaidi, jaribu '--help'.
cli-takes-level = kiwango kutoka 1 hadi 10
cli-takes-side = south (Kusini) au north (Kaskazini)
cli-takes-game = kiswahili au kingulu
cli-takes-lang = sw (Kiswahili) au en (Kiingereza)
cli-takes-lap-delay = milisekunde kutoka 0 hadi 10000
cli-takes-difficulty = 1 (rahisi kabisa) hadi 5
