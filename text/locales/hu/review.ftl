review-percent = { $n }%
review-chances = Győzelmi esélyed azzal { $best } lett volna, a te választásoddal { $chosen }.
review-placed_won = kijátszott kártyád, { ARTICLE($placed) } { $placed } ({ $influence }), megnyerte a találkozást { ARTICLE($against) } { $against } ({ $against_influence }) ellen
review-placed_lost = kijátszott kártyád, { ARTICLE($placed) } { $placed } ({ $influence }), elvesztette a találkozást { ARTICLE($against) } { $against } ({ $against_influence }) ellen
review-placed_tie = kijátszott kártyád, { ARTICLE($placed) } { $placed } ({ $influence }), döntetlent ért el { ARTICLE($against) } { $against } ({ $against_influence }) ellen
review-instead_won = helyette { ARTICLE($card) } { $card } megnyerte volna
review-instead_lost = helyette { ARTICLE($card) } { $card } elvesztette volna, de aktiválódott volna a képessége
review-instead_tie = helyette { ARTICLE($card) } { $card } döntetlent ért volna el
review-instead_answer = jobb lett volna: { $answer }
review-chose = { ARTICLE($question) } „{ $question }” döntésnél ezt választottad: { $answer }
review-turning_point = { $round }. kör: { $told }; { $better }. { $chances }
review-summary = Győzelmi esélyed az első döntésednél: { $first }. Elemzett döntések: { $count }.
review-turning_points =
    { $n ->
        [one] A fordulópont:
        [2] A két legnagyobb fordulópont:
        [3] A három legnagyobb fordulópont:
       *[other] { ARTICLE($n) ->
            [az] Az
           *[a] A
        } { $n } legnagyobb fordulópont:
    }
review-no_turning_points = Egyik döntésed sem csökkentette legalább 10 százalékponttal a győzelmi esélyedet.
review-no_turning_points_won = Egyik döntésed sem csökkentette legalább 10 százalékponttal a győzelmi esélyedet: jól játszottál.
review-unfinished = A játszma még nem ért véget: ezek az eddigi döntéseid, és a grafikon az utolsónál ér véget.
review-swings = Így változott az esélyed:
review-swing_fell = { $round }. kör, a döntésed után: az esélyed { $start }-ról { $end }-ra csökkent.
review-swing_rose = { $round }. kör, a döntésed után: az esélyed { $start }-ról { $end }-ra nőtt.
review-swing_lost = Az utolsó döntésed után ({ $round }. kör, { $start }) elvesztetted a játszmát.
review-swing_won = Az utolsó döntésed után ({ $round }. kör, { $start }) megnyerted a játszmát.
review-swing_drawn = Az utolsó döntésed után ({ $round }. kör, { $start }) a játszma döntetlenül végződött.
review-swing_revealed = { $name } felfedte: { $cards }.
review-swing_drew = Húztál: { $cards }.
review-no_decisions = Ebben a játszmában nem hoztál döntést.
review-title = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma: { $name } döntéseinek elemzése
review-shared = { $who } megosztja { ARTICLE($id) } #{ $id } játszmáról készült elemzését.
review-not_found = Ezen a szerveren nincs #{ $id } számú játszma.
review-not_over = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma még tart: csak a vége után lehet elemezni.
review-aborted = { ARTICLE($id) ->
        [az] Az
       *[a] A
    } #{ $id } játszma eredmény nélkül ért véget: nincs mit elemezni.
review-players_only = Ezt a játszmát csak { $first } és { $second } elemezheti (amíg egyikük meg nem osztja az elemzését).
review-share_own = Az elemzést csak az a játékos oszthatja meg, akié.
review-shared_already = Ezt az elemzést már megosztották a csatornán.
hint-given = 💡 Tipp: { $answer }. Győzelmi esélyed ezzel: { $chance }.
hint-not_allowed = Tippet a számítógép elleni párbajokban kérhetsz, és azokban, amelyeknek a kihívása megengedte.
hint-stale = Ez a „Tipp” gomb már elavult: a mostani döntésedhez nyomd meg újra a „Mutasd a kezemet” gombot.
hint-used = 💡 Felhasznált tippek: { $players }.
hint-used_by = { $name }: { $n }
review-not_yours = Nem vettél részt { ARTICLE($id) } #{ $id } játszmában: itt csak a saját játszmáidat elemezheted.
review-share_nowhere = Itt senki más nem látná: az elemzést azon a szerveren lehet megosztani, ahol a játszma zajlott.
