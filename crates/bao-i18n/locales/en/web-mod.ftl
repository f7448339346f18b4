# The moderators' page (mod.html, mod.js).
mod-page-title = Bao · Moderation
mod-h1 = Moderation
mod-reports = Reported chat lines
mod-col-line = Line
mod-col-author = Author
mod-col-reporter = Reported by
mod-about = Mute: the account writes in no chat until unmuted. Close: it cannot sign in again and its sessions end at once. Moderators are made with
mod-about-command = on the server's database.
mod-open = open
mod-resolve = Resolve
mod-mute = Mute author
mod-close = Close author
mod-line = { $text } ({ $room ->
    [players] players
   *[spectators] spectators
})
mod-count = { $n ->
    [one] { $n } open report
   *[other] { $n } open reports
}
