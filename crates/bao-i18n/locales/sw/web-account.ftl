# Kurasa za akaunti: kuingia na kufungua akaunti (signin.html, signin.js), mipangilio
# (settings.html, settings.js), na makosa ya njia za akaunti (crates/bao-web/src/accounts,
# src/mail: `error` kando ya `code` yake).

si-page-title = Bao · Ingia
si-h2 = Ingia
si-name = Jina
si-password = Nenosiri
si-go = Ingia
si-forgot = Umesahau nenosiri lako?
su-h2 = Mchezaji mpya
su-name-rules = Herufi 3 hadi 20: herufi, tarakimu, _ au -.
su-password-rules = Angalau herufi 8. Linahifadhiwa kama hashi ya argon2id; kipindi chako ni kidakuzi ambacho hati za ukurasa huu haziwezi kukisoma.
su-go = Fungua akaunti

# Yale ambayo fomu hukagua kabla ya kutuma.
acct-name-missing = Andika jina lako.
acct-password-missing = Andika nenosiri lako.
acct-name-length = Jina lina herufi 3 hadi 20; hili lina { $n }.
acct-name-chars = Jina linaundwa na herufi A-Z na a-z, tarakimu 0-9, _ na - tu.
acct-password-short = Nenosiri linahitaji angalau herufi 8; hili lina { $n }.

set-page-title = Bao · Mipangilio
set-h1 = Mipangilio
set-reset-h = Weka nenosiri jipya
set-new-password = Nenosiri jipya
set-reset-go = Liweke
set-reset-note = Kiungo kinafanya kazi mara moja tu, ndani ya saa moja. Kila kipindi cha akaunti kinakoma: ingia tena kwa nenosiri jipya.
set-reset-done = Nenosiri la { $name } limewekwa: ingia nalo.
set-lang-h = Lugha
set-lang-label = Lugha ya kurasa
set-lang-note = Inahifadhiwa kwenye kivinjari hiki, na kwenye akaunti yako ukiwa umeingia: kurasa zitaitumia kwenye kila kifaa utakachoingia nacho.
set-email-h = Barua pepe
set-address = Anwani
set-email-go = Hifadhi na utume kiungo
set-email-note = Si lazima. Barua yenye kiungo inaithibitisha; kisha inakuwezesha kuweka nenosiri jipya ukilisahau. Iache tupu na uhifadhi ili kuiondoa.
set-turn-mails = Nitumie barua pepe ikiwa ni zamu yangu katika mchezo wa mawasiliano (barua moja tu kwa kila mchezo kwa saa)
set-email-confirmed = { $email }: imethibitishwa
set-email-waiting = { $email }: inasubiri ufungue kiungo tulichokutumia
set-email-none = Hakuna anwani.
set-verified = { $email } imethibitishwa.
set-link-sent = Kiungo kinatumwa kwa { $email }: kifungue ili kuthibitisha anwani.
set-saved = Imehifadhiwa.
set-forgot-address = Anwani ya barua pepe iliyothibitishwa ya akaunti
set-forgot-go = Nitumie kiungo
set-forgot-missing = Andika anwani.
set-forgot-sent = Ikiwa akaunti ya seva hii ina anwani hii iliyothibitishwa, barua yenye kiungo cha kuweka nenosiri jipya inatumwa (kiungo kinafanya kazi mara moja tu, ndani ya saa moja).

# Makosa ya njia za akaunti.
api-wrong-credentials = Jina au nenosiri si sahihi.
api-account-closed = Akaunti hii imefungwa na msimamizi.
api-name-taken = Jina { $name } limeshachukuliwa (majina hayarudiwi, herufi kubwa au ndogo): chagua jingine.
api-name-engine = Jina { $name } limetengwa kwa akaunti za injini: hakuna jina linaloweza kuwa "bao" likifuatwa na tarakimu: chagua jingine.
api-name-length = Jina { $name } lina herufi { $n }: jina lina herufi { $min } hadi { $max }.
api-name-char = Jina { $name } lina herufi { $character }: jina linaundwa na A-Z, a-z, 0-9, _ na - tu.
api-password-short = Nenosiri lina herufi { $n }: linahitaji angalau { $min }.
api-password-long = Nenosiri lina herufi { $n }: zisizidi { $max }.
api-too-many-sign-ups = Akaunti nyingi mno zimefunguliwa kutoka anwani yako: jaribu tena baada ya { $wait }.
api-too-many-sign-ins = Majaribio mengi mno ya kuingia yameshindikana: jaribu tena baada ya { $wait }.
wait-seconds = sekunde { $n }
wait-minutes = dakika { $n }
api-no-mail = Seva hii haitumi barua pepe (ilianzishwa bila --smtp): anwani, kuweka nenosiri jipya kwa barua pepe na barua za zamu vimezimwa.
api-mail-failed = Anwani imehifadhiwa, lakini barua haikuweza kutumwa: jaribu tena baadaye.
api-bad-link = Kiungo hiki hakifanyi kazi (kimeshatumika, muda wake umekwisha, au kimeandikwa vibaya): omba kingine.
api-email-taken = Akaunti nyingine imethibitisha anwani hii kwanza: tumia nyingine.
api-email-invalid = { $email } si anwani ya barua pepe: { $why }.
api-email-too-long = ina herufi zaidi ya { $max }
api-email-no-at = haina @
api-email-parts = inahitaji jina, @ moja na kikoa
api-email-no-dot = kikoa chake hakina nukta
api-email-bad-char = ina nafasi au herufi ambayo anwani hazikubali
