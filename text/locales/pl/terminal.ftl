# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia: ty kontra { $level }
terminal-setup = { $deck } · { $location } · poziom trudności: { $difficulty } · ziarno { $seed }
terminal-player = Gracz
terminal-round = Runda { $round }
terminal-thinking = { $name } myśli…
terminal-ask_one = Twój wybór (1–{ $n }; h podpowiedź; ? pomoc; q kończy grę):
terminal-ask_many =
    { $count ->
        [one] Wybierz jedną liczbę od 1 do { $n } (h podpowiedź; ? pomoc; q kończy grę):
        [few] Wybierz { $count } różne liczby od 1 do { $n }, oddzielone spacjami (h podpowiedź; ? pomoc; q kończy grę):
       *[other] Wybierz { $count } różnych liczb od 1 do { $n }, oddzielonych spacjami (h podpowiedź; ? pomoc; q kończy grę):
    }
terminal-not_a_number =
    { $n ->
        [one] Wpisz 1.
       *[other] Wpisz jedną z liczb od 1 do { $n }.
    }
terminal-need_count =
    { $count ->
        [one] Wybierz dokładnie jedną liczbę.
        [few] Wybierz dokładnie { $count } różne liczby.
       *[other] Wybierz dokładnie { $count } różnych liczb.
    }
terminal-stopped = Gra przerwana. Dotychczasowy zapis jest w pliku { $file }.
terminal-summary = { $rounds }, { $decisions } — ty 💍 { $a }, komputer 💍 { $b }.
terminal-saved = Zapis jest w pliku { $file }. Krok po kroku odtwarza go polecenie: { $replay }
terminal-reviewing = Analiza gry…
terminal-review_decision = { $number }. Runda { $round }: { $chosen } ({ $after })
terminal-review_better = { " " }— lepiej: { $best } ({ $before })
terminal-chart_saved = Wykres twoich szans jest w pliku { $file }.
terminal-hint = Podpowiedź: { $answer } — twoja szansa na wygraną po tym wyborze: { $chance }.
terminal-review_offer = Naciśnij Enter, aby zobaczyć analizę swoich decyzji, albo q, aby zakończyć:
terminal-cannot_save = Nie można zapisać gry w pliku { $file }: { $reason }.
terminal-cannot_chart = Nie można zapisać wykresu w pliku { $file }: { $reason }. Inne miejsce wskaż opcją --chart.
terminal-reason_folder = to jest folder
terminal-reason_no_folder = nie ma folderu { $folder }
terminal-reason_not_allowed = brak uprawnień do zapisu w tym miejscu
# ? during the game: what the board's symbols and the keys mean
terminal-legend-title = Co znaczą symbole i klawisze
terminal-legend-factions = Frakcja karty: { $factions }
terminal-legend-influence = **11** (8+3): wpływ karty – jej wartość 8 zmieniona przez modyfikatory o +3
terminal-legend-row = ┃ oddziela karty obu graczy w starciu · → wynik starcia: ✅ zwycięzca, ⚖️ remis, … jeszcze nie porównano
terminal-legend-face_down = 🂠 karta zakryta · 👁️ zakryta karta pokazana tobie
terminal-legend-tokens = 🔘 żeton stałej zdolności · 💍 sygnet: kto pierwszy zdobędzie 5, wygrywa grę
terminal-legend-zones = ✋ karty na ręce · 📚 karty w talii · 🗑️ karty odrzucone
terminal-legend-waiting = Na następną kartę gracza czeka: ⏭️ modyfikator · 📖 { $librarian } · ⚙️ { $engineer } · 🗝️ { $blackmailer } · 🔮 { $fortune_teller }
terminal-legend-other = 📍 lokacja · ❗ twoja decyzja · ⏳ na kogo czeka gra · 🏁 wynik
terminal-legend-keys = Klawisze: numer wybranej opcji (kilka oddzielonych spacjami), potem Enter · **h** podpowiedź · **?** ta pomoc · **r** zasady · **q** kończy grę (zapis zostaje)
terminal-rules-title = Zasady
# cardia replay RECORD.json --step: a game stepped through, one decision at a time
terminal-seat_name = Gracz { $number }
terminal-replay_title = Odtwarzanie pliku { $file } – { $view }
terminal-replay_public = to, co widzą wszyscy
terminal-replay_seat = to, co widzi { $name }
terminal-replay_step = Krok { $step } z { $total }
terminal-replay_keys = Enter lub n: dalej · b: wstecz · numer: przejście do tego kroku · ? pomoc · q: koniec
terminal-replay_first = To jest pierwszy krok.
terminal-replay_last = To jest ostatni krok.
terminal-replay_no_step = Nie ma kroku { $step }: wpisz liczbę od 0 do { $total }.
