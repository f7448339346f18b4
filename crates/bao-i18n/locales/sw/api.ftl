# Sentensi za makosa za API ya wavuti (crates/bao-web: `error` ya ApiError, kando ya `code`).
api-bad-request = Ombi halikuweza kusomwa.
api-sign-in-required = Ingia kwanza.
api-forbidden = Hili haliruhusiwi kutoka hapa.
api-not-found = Hakuna ukurasa au kitu kama hicho.
api-method-not-allowed = Anwani hii haipokei ombi la aina hiyo.
api-timeout = Ombi limechukua muda mrefu mno.
api-conflict = Hilo haliwezekani sasa.
api-too-large = Ombi ni kubwa mno.
api-uri-too-long = Anwani ni ndefu mno.
api-unsupported-media-type = Ombi lazima litumwe kama JSON.
api-invalid = Hilo halikubaliki.
api-too-many-requests = Majaribio mengi mno: subiri kidogo ujaribu tena.
api-headers-too-large = Vichwa vya ombi ni vikubwa mno.
api-unavailable = Seva ina kazi nyingi: jaribu tena baadaye kidogo.
api-internal = Kuna hitilafu kwenye seva.

api-unknown-game = Hakuna mchezo { $id }.
api-unknown-language = Lugha { $lang } haijulikani (zinazojulikana: { $known }).
api-not-your-side = Wewe si { $side } katika mchezo huu.
api-move-shape = hiyo si hatua hapa
api-game-over = Mchezo umekwisha.
api-engine-thinking = Kompyuta inafikiri: subiri hatua yake.
ev-skipped = … { $laps ->
    [one] mzunguko { $laps } zaidi
   *[other] mizunguko { $laps } zaidi
} …
end-not-rated = { $sentence } (hauhesabiwi kwenye viwango: upande mmoja haukuwa umecheza)
end-aborted = mchezo ulisitishwa kabla pande zote mbili hazijacheza hatua yao ya kwanza
end-agreed = sare kwa makubaliano
api-seat-sign-in = Ingia ili ucheze: nafasi za mchezo huu ni za akaunti za wachezaji wake wawili.
api-seat-not-a-player = Wewe si mchezaji wa mchezo huu (unaweza kuutazama).
api-seat-link = Hili linahitaji nafasi yako katika mchezo: fungua kiungo cha mchezo.
api-seat-foreign = Nafasi ya kiungo hicho si mojawapo ya mchezo huu.
