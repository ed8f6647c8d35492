records-in_server = Az eredményeket szerverenként tartjuk nyilván: egy szerveren használd ezt a parancsot.
records-other_server = Ez a ranglista egy másik szerverhez tartozik.
records-deck-mixed = Vegyes paklik
records-no_location = Nincs helyszín
records-tally = { $wins } Gy · { $losses } V · { $draws } D ({ $rate })
records-rate = { $percent }%
records-no_rate = —
stats-title = 📊 { $name }: Cardia-eredmények
stats-rating = Értékszám: **{ $rating }** · { $rank }. hely { $players } játékos közül ezen a szerveren
stats-rating_new = Értékszám: **{ $rating }** (még nincs értékelt játszma)
stats-games = **Játszmák**: { $wins } győzelem · { $losses } vereség · { $draws } döntetlen – { $played } lejátszott, győzelmi arány: { $rate }
stats-matches = **Mérkőzések**: { $wins } győzelem · { $losses } vereség · { $draws } döntetlen – { $played } befejezett
stats-streak = **Jelenlegi sorozat**: { $streak }
stats-streak-win =
    { $n ->
        [one] 1 győzelem
       *[other] { $n } győzelem 🔥
    }
stats-streak-loss = { $n } vereség
stats-streak-draw = { $n } döntetlen
stats-last = **Utolsó játszma**: { $when }
stats-none = { $name } játékosnak még nincs befejezett játszmája ezen a szerveren.
stats-by_deck = Paklik szerint
stats-by_location = Helyszínek szerint
stats-line = { $label }: { $tally }
stats-footer = Győzelmi arány: a megnyert játszmák aránya a lejátszottakhoz. A feladás és az időtúllépés vereségnek számít; a félbeszakított párbajok nem számítanak.
stats-bot = A botoknak nincsenek eredményeik: a számítógép elleni játszmák a játékos eredményei között szerepelnek, külön.
leaderboard-title-rating = 🏆 Cardia-ranglista – értékszám szerint
leaderboard-title-wins = 🏆 Cardia-ranglista – győzelmek szerint
leaderboard-line-rating = `{ $rank }.` **{ $name }** – **{ $rating }** · { $wins } Gy · { $losses } V · { $draws } D
leaderboard-line-wins = `{ $rank }.` **{ $name }** – **{ $wins } Gy** · { $losses } V · { $draws } D ({ $rate }) · értékszám: { $rating }
leaderboard-empty = Ezen a szerveren még nincs befejezett játszma: hívj ki valakit a `/cardia kihívás` paranccsal!
leaderboard-footer = { $page }/{ $pages }. oldal · { $players } játékos · értékszám: openskill (Plackett–Luce), új játékosnak 1000
leaderboard-previous = Előző
leaderboard-next = Következő
leaderboard-sort-rating = Értékszám szerint
leaderboard-sort-wins = Győzelmek szerint
history-title = 📜 #{ $id } játszma: { $first } – { $second }
history-round = **{ $round }. kör**
history-round_plain = { $round }. kör
history-entry = `{ $number }` { $text }
history-entry_plain = { $number }. { $text }
history-decided = { $who }: { $what }.
history-decided_then = { $who } – { $what }: { $told }
history-chance = Véletlen
history-ended = 🏁 { $result }
history-result = 🏁 Eredmény
history-setup = Beállítás
history-setup_value = { $deck } · { $location } · { $number }. játszma, mérkőzés #{ $match } ({ $kind })
history-first_to = { $wins } nyert játszmáig
history-single = egyetlen játszma
history-length = Hossz
history-decisions = { $n } döntés
history-rounds = { $n } kör
history-played = Lejátszva
history-played_value = { $start } → { $end }
history-ratings = Értékszámok
history-rating_change = { $name } { $before } → { $after } ({ $delta })
history-cut = … további { $n } sor itt: { $file }
history-footer = { $file }: a teljes jegyzőkönyv, a rejtett kártyákkal együtt. A projekt `cardia` parancsával lépésenként visszajátszható: `cardia replay { $file } --step`.
history-not_found = Ezen a szerveren nincs #{ $id } számú játszma.
history-not_over = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma még nem ért véget: a története a befejezése után látható.
history-aborted = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszmát eredmény nélkül lefújták: nincs története.
history-bad_id = Adj meg egy játszmaszámot, például 12, vagy válassz egyet a játszmáid listájából.
history-choice = #{ $id } { $opponent } ellen – { $outcome }, { $deck }, { $date }
history-outcome-win = győzelem
history-outcome-loss = vereség
history-outcome-draw = döntetlen
about-title = ℹ️ Cardia bot
about-description = Párbajok a Cardiában, a Hans im Glück kártyajátékában, pontos szabálymotorral. A `/cardia szabályok` elmagyarázza a játékszabályokat, a `/cardia kihívás` párbajt indít.
about-version = Verzió
about-library = discord.py
about-uptime = Üzemidő
about-running = Folyamatban lévő játszmák
about-finished = Befejezett játszmák
about-servers = Szerverek
duration-days = { $d } nap { $h } óra
duration-hours = { $h } óra { $m } perc
duration-minutes = { $m } perc { $s } mp
duration-seconds = { $s } mp
stats-computer = A számítógép ellen (nem számít bele az értékszámba)
history-not_yours = Nem vettél részt { ARTICLE($id) } #{ $id } játszmában: itt csak a saját játszmáidat mutatom meg.
