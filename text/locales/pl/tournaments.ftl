## Turnieje (/cardia turniej): polecenia, strona turnieju, rundy, tabela.

slash-tournament = turniej
slash-tournament-description = Turnieje prowadzone przez bota na tym serwerze, od zapisów do tabeli końcowej
slash-tournament-create = utwórz
slash-tournament-create-description = Dla zarządców serwera: utwórz turniej na tym kanale, ze stroną zapisów
slash-tournament-create-name = nazwa
slash-tournament-create-name-description = Nazwa turnieju
slash-tournament-create-format = format
slash-tournament-create-format-description = Sposób dobierania par w kolejnych rundach
slash-tournament-create-rounds = rundy
slash-tournament-create-rounds-description = Liczba rund turnieju szwajcarskiego (domyślnie 3)
slash-tournament-create-deck = talia
slash-tournament-create-deck-description = Talia pojedynków (domyślnie: Talia I)
slash-tournament-create-location = lokacja
slash-tournament-create-location-description = Lokacja pojedynków (domyślnie: brak)
slash-tournament-create-match = mecz
slash-tournament-create-match-description = Każdy pojedynek to mecz do 2 wygranych gier (domyślnie) albo jedna gra
slash-tournament-create-decision_hours = godziny_na_decyzję
slash-tournament-create-decision_hours-description = Ile godzin gracz ma na każdą decyzję (domyślnie: tyle, ile na serwerze)
slash-tournament-create-rated = rankingowy
slash-tournament-create-rated-description = Czy jego pojedynki liczą się do rankingu serwera? (domyślnie: tak)
slash-tournament-create-signup_hours = godziny_zapisów
slash-tournament-create-signup_hours-description = Za ile godzin zapisy się zamkną i turniej się zacznie (domyślnie: gdy rozpocznie go zarządca)
slash-tournament-create-limit = limit_graczy
slash-tournament-create-limit-description = Największa liczba graczy (domyślnie: 64)
slash-tournament-start = rozpocznij
slash-tournament-start-description = Dla zarządców serwera: zamknij zapisy i zacznij pierwszą rundę
slash-tournament-start-tournament = turniej
slash-tournament-start-tournament-description = Który turniej (domyślnie: jedyny turniej serwera w trakcie zapisów)
slash-tournament-withdraw = wycofaj_się
slash-tournament-withdraw-description = Opuść turniej: trwający pojedynek i późniejsze gry przegrywasz
slash-tournament-withdraw-tournament = turniej
slash-tournament-withdraw-tournament-description = Który turniej (domyślnie: jedyny otwarty turniej serwera)
slash-tournament-standings = tabela
slash-tournament-standings-description = Strona i tabela turnieju, tylko dla ciebie
slash-tournament-standings-tournament = turniej
slash-tournament-standings-tournament-description = Który turniej (domyślnie: jedyny turniej serwera)
slash-tournament-award = rozstrzygnij
slash-tournament-award-description = Dla zarządców serwera: rozstrzygnij utknięty pojedynek turnieju
slash-tournament-award-duel = pojedynek
slash-tournament-award-duel-description = Który pojedynek
slash-tournament-award-result = wynik
slash-tournament-award-result-description = Kto wygrywa, albo remis
slash-tournament-replay = powtórz
slash-tournament-replay-description = Dla zarządców serwera: rozegraj utknięty pojedynek turnieju od nowa
slash-tournament-replay-duel = pojedynek
slash-tournament-replay-duel-description = Który pojedynek
slash-tournament-cancel = odwołaj
slash-tournament-cancel-description = Dla zarządców serwera: odwołaj turniej (trwające pojedynki zostają przerwane)
slash-tournament-cancel-tournament = turniej
slash-tournament-cancel-tournament-description = Który turniej (domyślnie: jedyny otwarty turniej serwera)
slash-choice-swiss = System szwajcarski
slash-choice-round_robin = Każdy z każdym
slash-choice-double_round_robin = Każdy z każdym dwa razy
slash-choice-knockout = Pucharowy
slash-choice-award_first = Wygrywa gracz wymieniony jako pierwszy
slash-choice-award_second = Wygrywa gracz wymieniony jako drugi
slash-choice-award_draw = Remis

button-tournament_join = Zapisz mnie
button-tournament_leave = Wypisz mnie

tournament-format_swiss =
    System szwajcarski, { $rounds ->
        [one] 1 runda
        [few] { $rounds } rundy
        [many] { $rounds } rund
       *[other] { $rounds } rundy
    }: w każdej rundzie grają ze sobą gracze z tą samą liczbą punktów, a żadna para nie gra dwa razy
tournament-format_round_robin = Każdy z każdym: każdy gracz gra z każdym dokładnie raz
tournament-format_double_round_robin = Każdy z każdym dwa razy: wszyscy grają ze wszystkimi dwukrotnie, w rewanżu w odwrotnej kolejności
tournament-format_knockout = Pucharowy: przegrana w pojedynku oznacza odpadnięcie z turnieju
tournament-single = jedna gra
tournament-first_to = do { $wins } wygranych gier
tournament-page_format = **Format:** { $format }
tournament-page_setup = **Pojedynki:** { $setup }
tournament-page_time = **Czas na decyzję:** { $time }
tournament-page_rated = **Rankingowy:** tak, jego pojedynki liczą się do rankingu serwera
tournament-page_unrated = **Rankingowy:** nie
tournament-signup_manual = 📝 **Zapisy są otwarte:** naciśnij Zapisz mnie. Zarządca serwera rozpoczyna turniej poleceniem `/cardia turniej rozpocznij`.
tournament-signup_until = 📝 **Zapisy są otwarte** do { $when }: naciśnij Zapisz mnie.
tournament-state_running_of = ⚔️ Trwa **runda { $round } z { $rounds }**.
tournament-state_won = 🏆 **Zakończony.** Turniej wygrywa { $champion }
tournament-state_cancelled = 🛑 **Odwołany.**
tournament-short_signup = zapisy
tournament-short_running = runda { $round }
tournament-short_finished = zakończony
tournament-short_cancelled = odwołany
tournament-players = Gracze ({ $count })
tournament-players_of = Gracze ({ $count }/{ $limit })
tournament-nobody_yet = Jeszcze nikt się nie zapisał: naciśnij Zapisz mnie.
tournament-footer = Turniej nr { $id }
tournament-choice = { $name } (nr { $id }, { $state })
tournament-duel_choice = { $name }, runda { $round }: { $first } kontra { $second }
tournament-points = { $n ->
        [one] 1 punkt
        [few] { $n } punkty
        [many] { $n } punktów
       *[other] { $n } punktu
    }
tournament-line_swiss = **{ $place }.** { $name }: { $points } (siła rywali: { $buchholz }, siła pokonanych: { $sb })
tournament-line_round_robin = **{ $place }.** { $name }: { $points } (siła pokonanych: { $sb })
tournament-line_knockout = **{ $place }.** { $name }: { $reached }
tournament-withdrew = (rezygnacja)
tournament-reached_champion = zwycięstwo w turnieju
tournament-reached_final = porażka w finale
tournament-reached_semi_final = porażka w półfinale
tournament-reached_round = porażka w rundzie { $round }
tournament-round_title = 🏆 { $name }: runda { $round } z { $rounds }
tournament-round_pairings = **Pary** (każdy pojedynek pojawi się poniżej, ze wzmianką o graczach; powodzenia!)
tournament-pairing = { $first } kontra { $second }
tournament-bye = { $player } pauzuje: wygrana bez pojedynku
tournament-forfeit_pairing = { $first } kontra { $second }: walkower (rezygnacja z turnieju)
tournament-standings_after = **Tabela po rundzie { $round }**
tournament-final_title = 🏆 { $name }: tabela końcowa
tournament-final_champion = 🏆 Turniej **{ $name }** zakończony. Wygrywa { $champion } – gratulacje!
tournament-final_standings = **Tabela końcowa**

tournament-created = 🏆 Turniej **{ $name }** (nr { $id }) gotowy: jego strona jest na tym kanale, tam gracze się zapisują. Rozpocznij go poleceniem `/cardia turniej rozpocznij`.
tournament-created_until = 🏆 Turniej **{ $name }** (nr { $id }) gotowy: jego strona jest na tym kanale, tam gracze się zapisują. Zacznie się sam, gdy zapisy się zamkną (albo wcześniej: `/cardia turniej rozpocznij`).
tournament-joined_now = ✅ Zapisano cię do turnieju **{ $name }**. Na początku każdej rundy twój pojedynek pojawi się na jego kanale, ze wzmianką o tobie.
tournament-left_now = Wypisano cię z turnieju **{ $name }**.
tournament-withdrew_now = Rezygnujesz z turnieju **{ $name }**: nie dostaniesz już pary, a trwający pojedynek (jeśli jest) przegrywasz.
tournament-started_now = Turniej **{ $name }** się zaczął: pierwsza runda ma pary, a jej pojedynki właśnie się pojawiają.
tournament-too_few = Do turnieju **{ $name }** zapisało się mniej niż 2 graczy: zostaje odwołany.
tournament-cancelled_now = Turniej **{ $name }** odwołany; trwające pojedynki przerwano.
tournament-awarded = Gotowe: pojedynek rozstrzygnięty, turniej trwa dalej.
tournament-replayed = Gotowe: pojedynek zostanie rozegrany od nowa, jako nowy pojedynek.

tournament-unknown = Na tym serwerze nie ma takiego turnieju.
tournament-already = Masz już zapis na ten turniej.
tournament-full = Brak miejsc: najwyżej { $limit }.
tournament-closed = Zapisy są zamknięte.
tournament-not_in = Nie bierzesz w nim udziału.
tournament-started = Już się zaczął.
tournament-over = Już się zakończył.
tournament-no_such_duel = Ten pojedynek nie należy do turniejów tego serwera.
tournament-duel_over = Ten pojedynek już się zakończył.
tournament-bad_name = Turniej potrzebuje nazwy.
tournament-unknown_format = Nie ma takiego formatu turnieju: wybierz jeden z tych, które podaje polecenie.
tournament-bad_rounds = Turniej szwajcarski ma od 1 do { $most } rund.
tournament-bad_limit = Limit graczy wynosi od 2 do { $most }.
tournament-in_server = Turnieje odbywają się na kanale serwera.
tournament-managers_only = Turnieje mogą tworzyć i prowadzić tylko osoby z uprawnieniem Zarządzanie serwerem.
tournament-none_open = Ten serwer nie ma takiego turnieju: zarządca serwera tworzy go poleceniem `/cardia turniej utwórz`.
tournament-which = Ten serwer ma kilka takich turniejów: wybierz jeden w opcji `turniej`.

challenge-tournament = 🏆 **{ $name }**, runda { $round }: { $first } kontra { $second }. Powodzenia!

match-withdrawn = 🏆 Mecz wygrywa { $winner }: { $loser } rezygnuje z turnieju.
match-awarded = 🏆 Zarządca serwera przyznaje zwycięstwo w meczu graczowi { $winner } (przeciwnik: { $loser }).
match-draw_awarded = 🤝 Zarządca serwera uznaje pojedynek { $first } kontra { $second } za remis.
match-replayed = 🔁 Zarządca serwera zarządza powtórkę pojedynku { $first } kontra { $second }: zaczyna się nowy pojedynek.
result-withdrawn = Wygrywa { $winner }: { $loser } rezygnuje z turnieju.
result-awarded = Wygrywa { $winner }: tak rozstrzyga zarządca serwera.
result-draw_awarded = Zarządca serwera uznaje pojedynek za remis.
result-replayed = Zarządca serwera zarządza rozegranie pojedynku od nowa.

picture-standings_after = { $name }: tabela po rundzie { $round }
picture-standings_final = { $name }: tabela końcowa
picture-standings_player = Gracz
picture-standings_points = Punkty
picture-standings_reached = Wynik
picture-standings_record = Z–R–P
picture-standings_withdrawn = (rezygnacja)
players = { $n ->
        [one] 1 gracz
        [few] { $n } gracze
        [many] { $n } graczy
       *[other] { $n } gracza
    }
