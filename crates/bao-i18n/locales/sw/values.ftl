# Thamani, alama na madokezo.

margin = { $south_name } { $south }–{ $north }
not-proven = haijathibitishwa
value-win = ushindi katika { $plies }
value-loss = kushindwa katika { $plies }
value-draw = sare
unproven-kiswahili = Haijathibitishwa: katika mwanzo na katikati ya Bao la Kiswahili kitatuzi hakiwezi kuthibitisha thamani ndani ya sekunde { $secs } (ni karibu na mwisho tu). Andika hint upate hatua bora ya utafutaji, makisio bora ya injini.
unproven-kingulu = Haijathibitishwa ndani ya sekunde { $secs }: oracle S inampa kitatuzi sekunde S (zisizozidi { $max }). Andika hint upate hatua bora ya utafutaji, makisio bora ya injini.
oracle-bad = oracle: { $got } si idadi ya sekunde kati ya 1 na { $max } (oracle peke yake: sekunde { $default }).
