# Hatua za mchezo kama sheria zinavyozifuatilia (bao-rules Phrase).
# Kete: nomino ya ngeli ya N (kete moja imeanguka, kete mbili zimeanguka).
# Hatua zisizo na mtenda (chini ya "Wewe (Kusini) unacheza A6<" au "Kompyuta (Kaskazini)
# inacheza a3") ziko katika kitenzi-jina (kuweka, kuchukua, kupanda, kula): hazifuati nafsi
# ya mchezaji, ambayo ingekuwa "u-" kwa wewe, "i-" kwa kompyuta, "a-" kwa mtu mwingine.

seeds = kete { $n }
laps = { $n ->
    [one] mzunguko { $n }
   *[other] mizunguko { $n }
}
side-south = Kusini
side-north = Kaskazini

ev-enter = kuweka kete moja kutoka akiba katika { $hole }
ev-lift = kuchukua { $count } kutoka { $hole }
ev-relay = kuendelea: kuchukua { $count } kutoka { $hole }
ev-nyumba-lifted = { $side } amepoteza nyumba { $hole }
ev-nyumba-captured = { $side } amepoteza nyumba (imeliwa)
ev-sow = kupanda { $count } { $dir ->
    [cw] kwa mwendo wa saa
   *[acw] kinyume cha mwendo wa saa
}, hadi { $hole }
ev-capture = kula kete { $n } { $n ->
    [one] ya
   *[other] za
} { $hole }
ev-bao-hamna = safu ya mbele ya { $loser } iko tupu: { $winner } ameshinda (bao hamna)
ev-kichwa = kupanda kete zilizoliwa kuanzia kichwa { $hole }
ev-tax = kutoza nyumba: kupanda { $count }
ev-own-front-empty = safu ya mbele ya { $loser } mwenyewe iko tupu: { $winner } ameshinda
ev-empty-hole = kete ya mwisho imeangukia shimo tupu { $hole }: hatua imekwisha
ev-nyumba-end = mzunguko umeishia kwenye nyumba hai: hatua imekwisha
ev-nyumba-stop = kusimama kwenye nyumba hai
ev-safari = kwenda safari: kuendelea kupanda kutoka nyumba
ev-takasia-stop = mzunguko umeishia kwenye shimo lililotakasiwa { $hole }: hatua imekwisha
ev-never-ends = hatua haiishi (K-R13): { $loser } ameshindwa
ev-takasia = kutakasia { $hole }: { $side } hawezi kuanzia hapo katika hatua ijayo
ev-no-legal-move = { $side } hana hatua halali: { $winner } ameshinda
ev-no-legal-move-nobody = { $side } hana hatua halali: hakuna aliyeshinda
ev-pit-lift = { $side } anachukua { $count } kutoka { $hole }
ev-sow-into = kupanda { $count } katika { $holes }
ev-bank = { $count } { $n ->
    [one] imeangukia
   *[other] zimeangukia
} { $hole }, shimo lililowekwa na { $owner }, { $n ->
    [one] ikaenda
   *[other] zikaenda
} akibani kwa { $owner }
ev-pit-capture = { $side } anakula kete { $n } { $n ->
    [one] ya
   *[other] za
} { $from } pamoja na kete ya { $with } (jumla { $total })
ev-seed-only = shimo la mkabala { $opposite } limewekwa: { $side } anachukua kete ya { $hole } tu
ev-reserve = kuweka mtoto: { $hole } sasa lina kete 4 na limewekwa na { $side }
ev-transfer = kete ya pili kutoka mwisho inahamia kutoka { $from } kwenda { $to }
ev-end-reserved = kete ya mwisho imeangukia { $hole }, lililowekwa na { $owner }: hatua imekwisha baada ya { $laps }
ev-end-empty-own = kete ya mwisho imeangukia { $hole } lililo tupu: hatua imekwisha baada ya { $laps }
ev-end-empty-opponent = kete ya mwisho imeangukia { $hole } lililo tupu katika safu ya { $row }: hatua imekwisha baada ya { $laps }
ev-end-kuweka = { $hole } limewekwa: hatua imekwisha baada ya { $laps }
ev-end-lap-cap = kikomo cha mizunguko kimefikiwa kwenye { $hole }: hatua imekwisha baada ya { $laps }
ev-score-end-win = { $side } hana hatua halali: mchezo umekwisha, { $winner } ameshinda { $high }–{ $low } ({ $south_name } { $south }, { $north_name } { $north })
ev-score-end-draw = { $side } hana hatua halali: mchezo umekwisha, sare 24–24 ({ $south_name } { $south }, { $north_name } { $north })
