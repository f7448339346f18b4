# Hatua kwa kifungu kimoja (madokezo, na chini ya hatua inayoonyeshwa). Mtenda ni hatua
# yenyewe (ngeli ya N: "hatua hii inakula"), si mchezaji: hivyo inafaa kwa wewe na kompyuta.

does-captures = inakula { $count } ({ $n ->
    [one] ya
   *[other] za
} { $from })
does-more-holes = na mengine { $n }
does-safari = inakwenda safari
does-nyumba-stop = inasimama kwenye nyumba
does-takasia = inatakasia { $hole }
does-sows = inapanda { $laps }
does-nothing = inapanda { $laps } bila kula chochote
does-and = { $first } na { $last }
does-in-laps = { $what }, kwa { $laps }
