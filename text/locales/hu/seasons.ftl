## A szerver ranglistájának idényei, és a tornák és idények eredményei.

slash-settings-season_weeks = idény_hetek
slash-settings-new_season = új_idény
slash-settings-new_season-description = Szerverkezelőknek: a ranglista idényének lezárása most, és a következő kezdete
slash-leaderboard-season = idény
slash-leaderboard-season-description = Egy korábbi idény végső ranglistája (alapértelmezés: a mostani idény)
setting-season_weeks = A ranglista egy idényének hossza hetekben; 0: csak ha egy kezelő kéri
settings-seasons = Idények
settings-seasons_value = { $weeks ->
        [one] hetente
       *[other] { $weeks } hetente
    } új idény: az értékszámok és az 1000 különbsége a felére csökken, a régi ranglista megmarad (`/cardia ranglista idény:`)
settings-seasons_off = új idény csak akkor, ha egy szerverkezelő elindítja (`/cardia beállítások új_idény:True`)

season-begun = ✅ Elkezdődött { ARTICLE($season) } { $season }. idény: az előző idény ranglistája megmaradt, és minden értékszám közelebb került az 1000-hez (a különbség a felére csökkent).
season-raced = Az idény épp az imént váltott: más nem történt.
season-over = 🏁 A szerver Cardia-ranglistájának **{ $season }. idénye** véget ért!
season-podium_line = { $medal } { $who }: { $rating }
season-nobody = Senki sem játszott benne értékelt játszmát.
season-begins = Kezdődik { ARTICLE($season) } **{ $season }. idény**: minden értékszám közelebb került az 1000-hez (a különbség a felére csökkent). Egy korábbi idény végső ranglistája: `/cardia ranglista idény:`.

leaderboard-empty_season = { ARTICLE($season) ->
        [az] Az
       *[a] A
    } { $season }. idényben még senki sem játszott értékelt játszmát: hívj ki valakit a `/cardia kihívás` paranccsal!
leaderboard-season_now = { $season }. idény
leaderboard-title-season = 🏆 Cardia-ranglista: { ARTICLE($season) } { $season }. idény végeredménye
leaderboard-season_empty = Abban az idényben senki sem játszott értékelt játszmát.
leaderboard-season_footer = { $players } játékos · értékszámok és játszmák az idény végén
leaderboard-no_season = { ARTICLE($season) ->
        [az] Az
       *[a] A
    } { $season }. idénynek nincs végső ranglistája ezen a szerveren. A mostani idény sorszáma: { $current }.

stats-rating_unplayed = Értékszám: **{ $rating }** (ebben az idényben még nincs értékelt játszma)
stats-competitions = Tornák és idények
stats-tournaments = **Tornák**: { $played } lejátszott, { $won } megnyert, legjobb helyezés: { $best }.
stats-seasons = **Korábbi idények**: { $seasons } rangsorolt, legjobb helyezés: { $best }. ({ $season }. idény)
stats-season_now = Zajlik { ARTICLE($season) } **{ $season }. idény**
history-tournament = 🏆 { $name }, { $round }. forduló
history-choice_tournament = 🏆 { $name }, { $round }. forduló
