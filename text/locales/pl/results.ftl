result-signets = Wygrywa { $winner }: { $signets }.
result-signets_plain = Wygrywa { $winner } dzięki sygnetom.
result-ability = Wygrywa { $winner }: zdolność Dżinna wygrywa grę.
result-mechanical_djinn = Wygrywa { $winner }: po starciu z Mechanicznym dżinnem wygrał następne starcie.
result-cannot_play = Wygrywa { $winner }: { $loser } nie ma już karty do zagrania.
result-founders_day = Wygrywa { $winner }: 3 starcia z rzędu podczas Festiwalu założyciela.
result-haunted_catacombs = Wygrywa { $winner }: karta gracza { $loser } odkryta w Nawiedzonych katakumbach jest tej samej frakcji co jego poprzednia.
result-both_cannot_play = Żaden gracz nie może zagrać karty; { $winner } ma więcej sygnetów i wygrywa.
result-both_cannot_play_draw = Żaden gracz nie może zagrać karty, a liczba sygnetów jest równa: gra kończy się remisem.
result-haunted_catacombs_draw = Obaj gracze odkryli w Nawiedzonych katakumbach kartę tej samej frakcji co poprzednia: gra kończy się remisem.
result-simultaneous_draw = Obaj gracze w tej samej chwili spełnili warunek końca gry: gra kończy się remisem.
result-draw = Gra kończy się remisem.
result-win = Wygrywa { $winner }.
signets =
    { $n ->
        [one] 1 sygnet
        [few] { $n } sygnety
       *[other] { $n } sygnetów
    }
signets-score = { $a } do { $b }
result-conceded = Wygrywa { $winner }: { $loser } poddaje się.
result-timeout = Wygrywa { $winner }: czas gracza { $loser } minął i { $winner } ogłasza zwycięstwo.
result-forfeit = Wygrywa { $winner }: { $loser } nie podjął decyzji w czasie i przegrywa walkowerem.
result-aborted = Pojedynek przerwał zarządca serwera: wynik nie zostaje zapisany.
result-abandoned = Żaden gracz nie podjął decyzji w czasie: pojedynek zostaje anulowany, wynik nie zostaje zapisany.
match-conceded = 🏆 { $winner } wygrywa mecz z graczem { $loser }, który się poddał.
match-timeout = 🏆 { $winner } wygrywa mecz z graczem { $loser }, któremu skończył się czas.
match-forfeit = 🏆 { $winner } wygrywa mecz walkowerem z graczem { $loser }, który nie podjął decyzji w czasie.
match-aborted = 🛑 Pojedynek { $first } – { $second } przerwał zarządca serwera: wynik nie zostaje zapisany.
match-abandoned = ⌛ Ani { $first }, ani { $second } nie podjęli decyzji w czasie: pojedynek zostaje anulowany, wynik nie zostaje zapisany.
match-won = 🏆 { $winner } wygrywa mecz { $a }–{ $b } z graczem { $loser }!
