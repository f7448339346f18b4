# Hatua kwa kifungu kimoja (madokezo, na chini ya hatua inayoonyeshwa).

does-captures = anakula { $count } ({ $n ->
    [one] ya
   *[other] za
} { $from })
does-more-holes = na mengine { $n }
does-safari = anakwenda safari
does-nyumba-stop = anasimama kwenye nyumba
does-takasia = anatakasia { $hole }
does-sows = anapanda { $laps }
does-nothing = anapanda { $laps } bila kula chochote
does-and = { $first } na { $last }
does-in-laps = { $what }, kwa { $laps }
