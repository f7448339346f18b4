# Hatua na mashimo kwa maneno: jinsi ya kuandika hatua, vichwa vya hatua, maelezo ya hatua.

holes-and = { $first } na { $last }
north-orientation-kiswahili = Unacheza Kaskazini, juu ya ubao: kulia kwako ni kushoto kwa skrini, kwa hiyo a6> inapanda kuelekea kushoto kwenye skrini na a6< kuelekea kulia.
north-orientation-kingulu = Unacheza Kaskazini, juu ya ubao: kulia kwako ni kushoto kwa skrini, kwa hiyo mashimo yako a1-a6 yanaanzia kulia kwenda kushoto kwenye skrini.
move-help-kiswahili = Hatua: shimo na mwelekeo, kama unavyouona ubao kutoka kiti chako.
move-help-direction = { $f }6> inapanda kutoka { $f }6 kuelekea kulia kwako, { $f }6< kuelekea kushoto kwako.
move-help-north-1 = Umeketi juu, kwa hiyo kulia kwako ni kushoto kwa skrini: a6> inapanda kuelekea
move-help-north-2 = kushoto kwenye skrini na a6< kulia; mashimo yako yanaanzia kulia kwenda kushoto.
move-help-namua-1 = Unapokula katika namua, mwelekeo unachagua kichwa cha kupandia kete ulizokula:
move-help-namua-2 = > kutoka { $f }1 (mwisho wako wa kushoto), < kutoka { $f }8 (mwisho wako wa kulia).
move-help-safari = Ongeza + kwenda safari mzunguko wa kula ukiishia kwenye nyumba yako hai: { $f }4>+.
move-help-holes = Mashimo yako ni { $f }1-{ $f }8 (safu ya mbele) na { $b }1-{ $b }8 (safu ya nyuma); herufi kubwa ni za Kusini.
move-help-kingulu = Hatua: shimo unalopandia, { $f }1 hadi { $f }6, ukihesabu kutoka kushoto kwako; herufi kubwa ni za Kusini.
move-help-kingulu-north = Mashimo yako yanahesabiwa kutoka kushoto kwako, yaani kulia kwenda kushoto kwenye skrini.
move-heading = Hatua { $name } ({ $side }, zamu { $ply })
plies = { $n ->
    [one] zamu { $n }
   *[other] zamu { $n }
}
explain-heading = { $heading }, { $laps }.
explained = Hatua { $name } imeelezwa ({ $laps }).
explain-end = Mwisho wa hatua { $name }.
