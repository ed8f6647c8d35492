result-signets = Wygrywa { $winner }: { $signets }.
result-signets_plain = Wygrywa { $winner } dzięki sygnetom.
result-ability = Wygrywa { $winner }: zdolność Dżinna daje zwycięstwo w grze.
result-mechanical_djinn = Wygrywa { $winner }: Mechaniczny dżinn i wygrane starcie tuż po nim.
result-cannot_play = Wygrywa { $winner }: { $loser } nie ma już karty do zagrania.
result-founders_day = Wygrywa { $winner }: 3 wygrane starcia z rzędu na Festiwalu założyciela.
result-haunted_catacombs = Wygrywa { $winner }: w Nawiedzonych katakumbach { $loser } odkrywa kartę tej samej frakcji co poprzednia.
result-both_cannot_play = Żaden gracz nie może zagrać karty; { $winner } ma więcej sygnetów i wygrywa.
result-both_cannot_play_draw = Żaden gracz nie może zagrać karty, a liczba sygnetów jest równa: gra kończy się remisem.
result-haunted_catacombs_draw = W Nawiedzonych katakumbach obie strony odkrywają kartę tej samej frakcji co poprzednia: gra kończy się remisem.
result-simultaneous_draw = Obie strony w tej samej chwili spełniają warunek końca gry: gra kończy się remisem.
result-draw = Gra kończy się remisem.
result-win = Wygrywa { $winner }.
signets =
    { $n ->
        [one] 1 sygnet
        [few] { $n } sygnety
       *[other] { $n } sygnetów
    }
signets-score = { $a } wobec { $b }
result-conceded = Wygrywa { $winner }: { $loser } poddaje się.
result-timeout = Wygrywa { $winner }: minął czas gracza { $loser }, a { $winner } ogłasza zwycięstwo.
result-forfeit = Wygrywa { $winner } walkowerem: minął czas na decyzję gracza { $loser }.
result-aborted = Pojedynek przerwany przez zarządcę serwera: wynik nie zostaje zapisany.
result-abandoned = Nikt nie zdecydował w wyznaczonym czasie: pojedynek zostaje anulowany, a wynik nie zostaje zapisany.
match-conceded = 🏆 Mecz wygrywa { $winner }: { $loser } się poddaje.
match-timeout = 🏆 Mecz wygrywa { $winner }: minął czas gracza { $loser }.
match-forfeit = 🏆 Mecz wygrywa walkowerem { $winner }: minął czas na decyzję gracza { $loser }.
match-aborted = 🛑 Pojedynek { $first } kontra { $second } przerwany przez zarządcę serwera: wynik nie zostaje zapisany.
match-abandoned = ⌛ Pojedynek { $first } kontra { $second }: nikt nie zdecydował w wyznaczonym czasie, więc pojedynek zostaje anulowany, a wynik nie zostaje zapisany.
match-won = 🏆 { $winner } wygrywa mecz { $a }–{ $b } z graczem { $loser }!
