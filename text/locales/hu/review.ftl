review-percent = { $n }%
review-chances = győzelmi esélyed: { $best } azzal, { $chosen } a te választásoddal.
review-placed_won = kijátszott kártyád, { $placed } ({ $influence }), megnyerte a találkozást ez ellen: { $against } ({ $against_influence })
review-placed_lost = kijátszott kártyád, { $placed } ({ $influence }), elvesztette a találkozást ez ellen: { $against } ({ $against_influence })
review-placed_tie = kijátszott kártyád, { $placed } ({ $influence }), döntetlent ért el ez ellen: { $against } ({ $against_influence })
review-instead_won = { $card } megnyerte volna
review-instead_lost = { $card } elvesztette volna, és használta volna a képességét
review-instead_tie = { $card } döntetlent hozott volna
review-instead_answer = jobb lett volna: { $answer }
review-chose = erre: „{ $question }” ezt válaszoltad: { $answer }
review-turning_point = { $round }. kör: { $told }; { $better } — { $chances }
review-summary = Győzelmi esélyed az első döntésednél: { $first }. Átnézett döntések: { $count }.
review-turning_points =
    { $n ->
        [one] A fordulópont:
       *[other] A { $n } legnagyobb fordulópont:
    }
review-no_turning_points = Egyik döntésed sem került 10 százalékpontnyi esélybe vagy többe.
review-no_turning_points_won = Egyik döntésed sem került 10 százalékpontnyi esélybe vagy többe: jól játszottál.
review-unfinished = A játszma még nem ért véget: ezek az eddigi döntéseid, a grafikon az utolsónál véget ér.
review-swings = Így változott az esélyed:
review-swing_fell = { $round }. kör, a döntésed után: az esélyed { $start }-ról { $end }-ra csökkent.
review-swing_rose = { $round }. kör, a döntésed után: az esélyed { $start }-ról { $end }-ra nőtt.
review-swing_lost = Az utolsó döntésed után ({ $round }. kör, { $start }) elvesztetted a játszmát.
review-swing_won = Az utolsó döntésed után ({ $round }. kör, { $start }) megnyerted a játszmát.
review-swing_drawn = Az utolsó döntésed után ({ $round }. kör, { $start }) a játszma döntetlenül végződött.
review-swing_revealed = { $name } felfordított kártyája: { $cards }.
review-swing_drew = Húzott kártyád: { $cards }.
review-no_decisions = Ebben a játszmában nem hoztál döntést.
review-title = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma: { $name } döntéseinek átnézése
review-shared = { $who } megosztja { ARTICLE($id) } #{ $id } játszma átnézését.
review-not_found = Ezen a szerveren nincs #{ $id } számú játszma.
review-not_over = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma még tart: ha véget ér, át lehet nézni.
review-aborted = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma eredmény nélkül ért véget: nincs mit átnézni.
review-players_only = Ezt a játszmát csak { $first } és { $second } nézheti át (amíg egyikük meg nem osztja az átnézését).
review-share_own = Az átnézést csak az a játékos oszthatja meg, akié.
review-shared_already = Ez az átnézés már meg van osztva a csatornán.
hint-given = 💡 Tipp: { $answer } — győzelmi esélyed vele: { $chance }.
hint-not_allowed = Tippet a számítógép elleni párbajokban és azokban lehet kérni, amelyek kihívása megengedte.
hint-stale = Ez a tipp gomb elavult: nyisd meg újra a kezed a mostani döntésedhez.
hint-used = 💡 Felhasznált tippek: { $players }.
hint-used_by = { $name }: { $n }
review-not_yours = Nem játszottál #{ $id } számú játszmát: itt csak a saját játszmáidat nézheted át.
review-share_nowhere = Itt senki más nem látná: az átnézést azon a szerveren lehet megosztani, ahol a játszma folyt.
