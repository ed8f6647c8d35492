records-in_server = Wyniki są prowadzone osobno dla każdego serwera: użyj tego polecenia na serwerze.
records-other_server = Ten ranking należy do innego serwera.
records-deck-mixed = Talie mieszane
records-no_location = Bez lokacji
records-tally = { $wins } Z · { $draws } R · { $losses } P ({ $rate })
records-rate = { $percent }%
records-no_rate = —
stats-title = 📊 { $name } — wyniki w Cardii
stats-rating = Punkty rankingowe: **{ $rating }** · miejsce { $rank } z { $players } na tym serwerze
stats-rating_new = Punkty rankingowe: **{ $rating }** (jeszcze bez gry rankingowej)
stats-games = **Gry**: wygrane { $wins } · przegrane { $losses } · remisy { $draws } — rozegrane { $played }, odsetek wygranych { $rate }
stats-matches = **Mecze**: wygrane { $wins } · przegrane { $losses } · remisy { $draws } — zakończone { $played }
stats-streak = **Obecna seria**: { $streak }
stats-streak-win =
    { $n ->
        [one] 1 wygrana
        [few] { $n } wygrane 🔥
       *[other] { $n } wygranych 🔥
    }
stats-streak-loss =
    { $n ->
        [one] 1 przegrana
        [few] { $n } przegrane
       *[other] { $n } przegranych
    }
stats-streak-draw =
    { $n ->
        [one] 1 remis
        [few] { $n } remisy
       *[other] { $n } remisów
    }
stats-last = **Ostatnia gra**: { $when }
stats-none = { $name } nie ma jeszcze zakończonej gry na tym serwerze.
stats-by_deck = Według talii
stats-by_location = Według lokacji
stats-line = { $label }: { $tally }
stats-footer = Odsetek wygranych: wygrane gry spośród rozegranych. Poddane pojedynki i przekroczony czas liczą się jako przegrane; przerwane pojedynki się nie liczą. Z: zwycięstwa, R: remisy, P: porażki.
stats-bot = Boty nie mają wyników: gry z komputerem liczą się osobno w wynikach gracza.
leaderboard-title-rating = 🏆 Ranking Cardii — według punktów rankingowych
leaderboard-title-wins = 🏆 Ranking Cardii — według wygranych
leaderboard-line-rating = `{ $rank }.` **{ $name }** — **{ $rating }** · { $wins } Z · { $draws } R · { $losses } P
leaderboard-line-wins = `{ $rank }.` **{ $name }** — **{ $wins } Z** · { $draws } R · { $losses } P ({ $rate }) · { $rating } pkt
leaderboard-empty = Na tym serwerze nie ma jeszcze zakończonej gry: wyzwij kogoś poleceniem `/cardia wyzwanie`!
leaderboard-footer = Strona { $page } z { $pages } · graczy: { $players } · punkty rankingowe: OpenSkill (Plackett–Luce), 1000 na start · Z: zwycięstwa, R: remisy, P: porażki
leaderboard-previous = Poprzednia
leaderboard-next = Następna
leaderboard-sort-rating = Sortuj według punktów rankingowych
leaderboard-sort-wins = Sortuj według wygranych
history-title = 📜 Gra #{ $id }: { $first } kontra { $second }
history-round = **Runda { $round }**
history-round_plain = Runda { $round }
history-entry = `{ $number }` { $text }
history-entry_plain = { $number }. { $text }
history-decided = { $who } — { $what }.
history-decided_then = { $who } — { $what }: { $told }
history-chance = Los
history-ended = 🏁 { $result }
history-result = 🏁 Wynik
history-setup = Ustawienia
history-setup_value = { $deck } · { $location } · gra { $number } meczu #{ $match } ({ $kind })
history-first_to = do { $wins } wygranych gier
history-single = jedna gra
history-length = Długość
history-decisions =
    { $n ->
        [one] 1 decyzja
        [few] { $n } decyzje
       *[other] { $n } decyzji
    }
history-rounds =
    { $n ->
        [one] 1 runda
        [few] { $n } rundy
       *[other] { $n } rund
    }
history-played = Rozegrano
history-played_value = { $start } → { $end }
history-ratings = Punkty rankingowe
history-rating_change = { $name } { $before } → { $after } ({ $delta })
history-cut = … dalsze wiersze ({ $n }) w pliku { $file }
history-footer = { $file }: pełny zapis, z ukrytymi kartami. Polecenie `cardia replay { $file } --step` z tego projektu odtwarza go krok po kroku.
history-not_found = Na tym serwerze nie ma gry #{ $id }.
history-not_over = Gra #{ $id } jeszcze się nie skończyła: jej historia będzie widoczna po zakończeniu.
history-aborted = Gra #{ $id } została przerwana bez wyniku: nie ma historii.
history-bad_id = Podaj numer gry, np. 12, albo wybierz jedną ze swoich gier z listy.
history-choice = #{ $id }, przeciwnik: { $opponent } — { $outcome }, { $deck }, { $date }
history-outcome-win = wygrana
history-outcome-loss = przegrana
history-outcome-draw = remis
about-title = ℹ️ Bot Cardii
about-description = Pojedynki w Cardię, grę karcianą wydawnictwa Hans im Glück, z dokładnym silnikiem zasad. `/cardia zasady` objaśnia grę, `/cardia wyzwanie` rozpoczyna pojedynek.
about-version = Wersja
about-library = discord.py
about-uptime = Czas działania
about-running = Trwające gry
about-finished = Zakończone gry
about-servers = Serwery
duration-days = { $d } d { $h } godz.
duration-hours = { $h } godz. { $m } min
duration-minutes = { $m } min { $s } s
duration-seconds = { $s } s
stats-computer = Z komputerem (bez rankingu)
history-not_yours = Wśród twoich gier nie ma gry #{ $id }: tutaj pokazuję tylko twoje własne gry.
