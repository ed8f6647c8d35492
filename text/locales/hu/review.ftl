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
review-no_turning_points = Egyik döntésed sem került 10 százalékpontnyi esélybe vagy többe: szép játék volt.
review-no_decisions = Ebben a játékban nem hoztál döntést.
review-title = A(z) #{ $id } játszma: { $name } döntéseinek átnézése
review-shared = { $who } megosztja a(z) #{ $id } játszma átnézését.
review-not_found = Ezen a szerveren nincs #{ $id } számú játszma.
review-not_over = A(z) #{ $id } játszma még tart: ha véget ért, át lehet nézni.
review-aborted = A(z) #{ $id } játszma eredmény nélkül ért véget: nincs mit átnézni.
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
