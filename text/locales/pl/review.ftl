review-percent = { $n }%
review-chances = twoja szansa na wygraną: { $best } po lepszym wyborze, { $chosen } po twoim.
review-placed_won = twoja karta { $placed } ({ $influence }) wygrała starcie z kartą { $against } ({ $against_influence })
review-placed_lost = twoja karta { $placed } ({ $influence }) przegrała starcie z kartą { $against } ({ $against_influence })
review-placed_tie = twoja karta { $placed } ({ $influence }) zremisowała starcie z kartą { $against } ({ $against_influence })
review-instead_won = karta { $card } wygrałaby je
review-instead_lost = karta { $card } przegrałaby je i użyła swojej zdolności
review-instead_tie = karta { $card } zremisowałaby je
review-instead_answer = lepiej: { $answer }
review-chose = twoja odpowiedź na „{ $question }”: { $answer }
review-turning_point = Runda { $round }: { $told }; { $better } — { $chances }
review-summary =
    { $count ->
        [one] Twoja szansa na wygraną przy pierwszej decyzji: { $first }. Przeanalizowano 1 decyzję.
        [few] Twoja szansa na wygraną przy pierwszej decyzji: { $first }. Przeanalizowano { $count } decyzje.
       *[many] Twoja szansa na wygraną przy pierwszej decyzji: { $first }. Przeanalizowano { $count } decyzji.
    }
review-turning_points =
    { $n ->
        [one] Punkt zwrotny:
        [few] { $n } największe punkty zwrotne:
       *[many] { $n } największych punktów zwrotnych:
    }
review-no_turning_points = Żadna z twoich decyzji nie kosztowała cię 10 lub więcej punktów procentowych szansy.
review-no_turning_points_won = Żadna z twoich decyzji nie kosztowała cię 10 lub więcej punktów procentowych szansy: dobra gra.
review-unfinished = Gra jeszcze trwa: to twoje dotychczasowe decyzje, a wykres kończy się na ostatniej z nich.
review-swings = Jak zmieniała się twoja szansa:
review-swing_fell = Runda { $round }, po twojej decyzji: twoja szansa spada z { $start } do { $end }.
review-swing_rose = Runda { $round }, po twojej decyzji: twoja szansa rośnie z { $start } do { $end }.
review-swing_lost = Po twojej ostatniej decyzji (runda { $round }, szansa { $start }) gra kończy się twoją porażką.
review-swing_won = Po twojej ostatniej decyzji (runda { $round }, szansa { $start }) gra kończy się twoim zwycięstwem.
review-swing_drawn = Po twojej ostatniej decyzji (runda { $round }, szansa { $start }) gra kończy się remisem.
review-swing_revealed = { $name } odkrywa: { $cards }.
review-swing_drew = Dobierasz: { $cards }.
review-no_decisions = W tej grze nie było twoich decyzji.
review-title = Gra #{ $id }: analiza decyzji gracza { $name }
review-shared = { $who } udostępnia analizę gry #{ $id }.
review-not_found = Na tym serwerze nie ma gry #{ $id }.
review-not_over = Gra #{ $id } wciąż trwa: można ją przeanalizować po jej zakończeniu.
review-aborted = Gra #{ $id } zakończyła się bez wyniku: nie ma czego analizować.
review-players_only = Tę grę mogą przeanalizować tylko { $first } i { $second } (chyba że któreś z nich udostępni swoją analizę).
review-share_own = Analizę może udostępnić tylko gracz, którego dotyczy.
review-shared_already = Ta analiza jest już udostępniona na kanale.
hint-given = 💡 Podpowiedź: { $answer } — twoja szansa na wygraną po tym wyborze: { $chance }.
hint-not_allowed = Podpowiedzi są dostępne w pojedynkach z komputerem i w tych, których wyzwanie na nie pozwoliło.
hint-stale = Ten przycisk podpowiedzi jest nieaktualny: otwórz ponownie swoją rękę przy obecnej decyzji.
hint-used = 💡 Wykorzystane podpowiedzi: { $players }.
hint-used_by = { $name } – { $n }
review-not_yours = Wśród twoich gier nie ma gry #{ $id }: tutaj możesz analizować tylko własne gry.
review-share_nowhere = Tutaj nikt inny nie zobaczyłby tej analizy: można ją udostępnić tylko na serwerze, na którym rozegrano grę.
