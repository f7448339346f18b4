# Barua pepe zinazotumwa na seva, kwa lugha ya mchezaji.
mail-hello = Habari { $name },
mail-verify-subject = Bao: thibitisha anwani yako ya barua pepe
mail-verify-text = ili kuthibitisha anwani hii kwa akaunti yako ya Bao, fungua kiungo hiki ndani ya siku moja:
mail-verify-ignore = Kama hukuomba hili, puuza barua hii.
mail-reset-subject = Bao: weka nenosiri jipya
mail-reset-text = mtu fulani (tunatumaini ni wewe) ameomba kuweka nenosiri jipya kwa akaunti yako ya Bao. Kiungo hiki kinafanya kazi mara moja, ndani ya saa moja:
mail-reset-ignore = Kama hukuomba hili, puuza barua hii: nenosiri lako linabaki lilivyo.
mail-turn-subject = Bao: { $what }
mail-turn-text = { $what }:
mail-turn-note = (Barua moja tu kama hii kwa kila mchezo kwa saa; unaweza kuzizima kwenye ukurasa wa mipangilio.)
