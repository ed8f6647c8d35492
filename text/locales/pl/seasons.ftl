## Sezony rankingu serwera oraz wyniki turniejów i sezonów.

slash-settings-season_weeks = tygodnie_sezonu
slash-settings-new_season = nowy_sezon
slash-settings-new_season-description = Dla zarządców serwera: zakończ teraz sezon rankingu i zacznij następny
slash-leaderboard-season = sezon
slash-leaderboard-season-description = Końcowy ranking minionego sezonu (domyślnie: bieżący sezon)
setting-season_weeks = Ile tygodni trwa sezon rankingu; 0: nowy tylko na prośbę zarządcy
settings-seasons = Sezony
settings-seasons_value =
    nowy sezon rankingu co { $weeks ->
        [one] tydzień
        [few] { $weeks } tygodnie
        [many] { $weeks } tygodni
       *[other] { $weeks } tygodnia
    }: punkty rankingowe przesuwają się w pół drogi do 1000, a końcowy ranking sezonu zostaje zachowany (`/cardia ranking sezon:`)
settings-seasons_off = nowy sezon tylko wtedy, gdy zacznie go zarządca serwera (`/cardia ustawienia nowy_sezon:True`)

season-begun = ✅ Zaczął się sezon { $season }: końcowy ranking poprzedniego zostaje zachowany, a punkty rankingowe każdego gracza przesunęły się w pół drogi do 1000.
season-raced = Sezon zmienił się przed chwilą: nic więcej nie zrobiono.
season-over = 🏁 **Sezon { $season }** rankingu Cardii na tym serwerze dobiegł końca!
season-podium_line = { $medal } { $who }: { $rating }
season-nobody = Nikt nie rozegrał w nim gry rankingowej.
season-begins = Zaczyna się **sezon { $season }**: punkty rankingowe każdego gracza przesunęły się w pół drogi do 1000. Końcowy ranking minionego sezonu: `/cardia ranking sezon:`.

leaderboard-empty_season = W sezonie { $season } nikt jeszcze nie rozegrał gry rankingowej: wyzwij kogoś poleceniem `/cardia wyzwanie`!
leaderboard-season_now = Sezon { $season }
leaderboard-title-season = 🏆 Ranking Cardii: sezon { $season }, wyniki końcowe
leaderboard-season_empty = Nikt nie rozegrał w tym sezonie gry rankingowej.
leaderboard-season_footer = Graczy: { $players } · punkty rankingowe i gry na koniec sezonu
leaderboard-no_season = Sezon { $season } nie ma na tym serwerze rankingu końcowego: bieżący sezon to { $current }.

stats-rating_unplayed = Punkty rankingowe: **{ $rating }** (w tym sezonie jeszcze bez gry rankingowej)
stats-competitions = Turnieje i sezony
stats-tournaments = **Turnieje**: rozegrane { $played }, wygrane { $won }, najlepsze miejsce { $best }
stats-seasons = **Minione sezony** w rankingu: { $seasons }, najlepsze miejsce { $best } (sezon { $season })
stats-season_now = Trwa **sezon { $season }**
history-tournament = 🏆 { $name }, runda { $round }
history-choice_tournament = 🏆 { $name }, runda { $round }
