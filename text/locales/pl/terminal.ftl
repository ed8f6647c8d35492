# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia — ty kontra { $level }
terminal-setup = { $deck } · { $location } · trudność: { $difficulty } · ziarno { $seed }
terminal-player = Gracz
terminal-round = Runda { $round }
terminal-thinking = { $name } myśli…
terminal-ask_one = Twój wybór (1–{ $n }; q kończy grę):
terminal-ask_many = Wybierz { $count } różne liczby od 1 do { $n }, oddzielone spacjami (q kończy grę):
terminal-not_a_number = Wpisz jedną z liczb od 1 do { $n }.
terminal-need_count = Wybierz dokładnie { $count } różne liczby.
terminal-stopped = Gra przerwana. Dotychczasowy zapis jest w { $file }.
terminal-summary = { $rounds }, { $decisions } — ty 💍 { $a }, komputer 💍 { $b }.
terminal-saved = Zapis jest w { $file } (odtwarza go polecenie python -m engine replay { $file }).
