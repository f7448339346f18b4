# Ukurasa wa wasimamizi (mod.html, mod.js).
mod-page-title = Bao · Usimamizi
mod-h1 = Usimamizi
mod-reports = Mistari ya gumzo iliyoripotiwa
mod-col-line = Mstari
mod-col-author = Mwandishi
mod-col-reporter = Aliyeripoti
mod-about = Nyamazisha: akaunti haiandiki katika gumzo lolote hadi iruhusiwe tena. Funga: haiwezi kuingia tena na vikao vyake vinaisha mara moja. Wasimamizi huteuliwa kwa
mod-about-command = kwenye hifadhidata ya seva.
mod-open = fungua
mod-resolve = Maliza
mod-mute = Mnyamazishe mwandishi
mod-close = Funga akaunti ya mwandishi
mod-line = { $text } ({ $room ->
    [players] wachezaji
   *[spectators] watazamaji
})
mod-count = { $n ->
    [one] Ripoti { $n } iliyo wazi
   *[other] Ripoti { $n } zilizo wazi
}
