# bao replay: rekodi hatua kwa hatua.

replay-header = Mchezo wa { $game }: { $south } ({ $south_side }) dhidi ya { $north } ({ $north_side }), { $moves }.
replay-header-dated = Mchezo wa { $game }: { $south } ({ $south_side }) dhidi ya { $north } ({ $north_side }), { $date }, { $moves }.
replay-lap-heading = { $heading }, { $laps }:
replay-at-start = Mwanzoni.
replay-result = Matokeo: { $sentence }.
replay-unfinished = Matokeo: mchezo haujaisha.
replay-prompt = [Enter] hatua inayofuata, l mzunguko, b nyuma, N zamu N, q toka ({ $step }/{ $plies })
replay-unknown = Amri { $got } haijulikani: Enter = hatua inayofuata, l = mzunguko unaofuata, b = nyuma, N = mpangilio baada ya zamu N (0 hadi { $plies }), q = toka.
