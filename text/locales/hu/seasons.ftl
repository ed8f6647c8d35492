## A szerver ranglistájának idényei, és a tornák és idények eredményei.

slash-settings-season_weeks = idény_hetek
slash-settings-new_season = új_idény
slash-settings-new_season-description = Szerver-kezelőknek: a ranglista idényének lezárása most, és a következő kezdete
slash-leaderboard-season = idény
slash-leaderboard-season-description = Egy korábbi idény végső ranglistája (alapértelmezés: a mostani idény)
setting-season_weeks = A ranglista egy idényének hossza hetekben; 0: csak ha egy kezelő kéri
settings-seasons = Idények
settings-seasons_value = { $weeks } hetente új idény: a pontszámok félúton visszaállnak 1000 felé, a régi ranglista megmarad (`/cardia ranglista idény:`)
settings-seasons_off = új idény csak akkor, ha egy szerver-kezelő elindítja (`/cardia beállítások új_idény:True`)

season-begun = ✅ Elkezdődött a(z) { $season }. idény: az előző ranglistája megmaradt, és minden pontszám félúton visszaállt 1000 felé.
season-raced = Az idény épp most váltott: más nem történt.
season-over = 🏁 A szerver Cardia-ranglistájának **{ $season }. idénye** véget ért!
season-podium_line = { $medal } { $who }: { $rating }
season-nobody = Senki sem játszott benne pontozott játszmát.
season-begins = Kezdődik a(z) **{ $season }. idény**: minden pontszám félúton visszaállt 1000 felé. Egy korábbi idény végső ranglistája: `/cardia ranglista idény:`.

leaderboard-empty_season = A(z) { $season }. idényben még senki sem játszott pontozott játszmát: hívj ki valakit: `/cardia kihívás`!
leaderboard-season_now = { $season }. idény
leaderboard-title-season = 🏆 Cardia-ranglista: a(z) { $season }. idény végeredménye
leaderboard-season_empty = Abban az idényben senki sem játszott pontozott játszmát.
leaderboard-season_footer = { $players } játékos · pontszámok és játszmák az idény végén
leaderboard-no_season = A(z) { $season }. idénynek nincs végső ranglistája ezen a szerveren: a mostani idény a(z) { $current }.

stats-rating_unplayed = Pontszám: **{ $rating }** (ebben az idényben még nincs pontozott játszmája)
stats-competitions = Tornák és idények
stats-tournaments = **Tornák**: { $played } lejátszott, { $won } megnyert, legjobb helyezés: { $best }.
stats-seasons = **Korábbi idények**: { $seasons } rangsorolt, legjobb helyezés: { $best }. ({ $season }. idény)
stats-season_now = A(z) **{ $season }. idény** zajlik
history-tournament = 🏆 { $name }, { $round }. forduló
history-choice_tournament = 🏆 { $name }, { $round }. forduló
