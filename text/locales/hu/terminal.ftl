# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia – ellenfeled: { $level }
terminal-setup = { $deck } · { $location } · nehézség: { $difficulty } · kezdőérték: { $seed }
terminal-player = Játékos
terminal-round = { $round }. kör
terminal-thinking = { $name } gondolkodik…
terminal-ask_one = Választásod (1–{ $n }; h: tipp; ?: súgó; q: a játszma befejezése):
terminal-ask_many =
    { $count ->
        [one] Válassz egy számot 1 és { $n } között (h: tipp; ?: súgó; q: a játszma befejezése):
       *[other] Válassz { $count } különböző számot 1 és { $n } között, szóközzel elválasztva (h: tipp; ?: súgó; q: a játszma befejezése):
    }
terminal-not_a_number =
    { $n ->
        [one] Írd be: 1.
       *[other] Írd be az 1 és { $n } közötti számok egyikét.
    }
terminal-need_count =
    { $count ->
        [one] Pontosan egy számot válassz.
       *[other] Pontosan { $count } különböző számot válassz.
    }
terminal-stopped = A játszma megszakadt. Az eddigi lépések jegyzőkönyve itt van: { $file }
terminal-summary = { $rounds }, { $decisions } – te 💍 { $a }, a számítógép 💍 { $b }.
terminal-saved = A jegyzőkönyv itt van: { $file }. Lépésenként így játszhatod vissza: { $replay }
terminal-reviewing = A játszma elemzése…
terminal-review_decision = { $number }. döntés ({ $round }. kör): { $chosen } ({ $after })
terminal-review_better = { " " }– jobb lett volna: { $best } ({ $before })
terminal-chart_saved = A győzelmi esélyeid grafikonja itt van: { $file }
terminal-hint = Tipp: { $answer }. Győzelmi esélyed ezzel: { $chance }.
terminal-review_offer = Nyomj Entert, ha elemeznéd a döntéseidet, vagy q-t a befejezéshez:
terminal-cannot_save = A jegyzőkönyv nem menthető ide: { $file } ({ $reason }).
terminal-cannot_chart = A grafikon nem írható ide: { $file } ({ $reason }). Másik helyet a --chart kapcsolóval adhatsz meg.
terminal-reason_folder = ez egy mappa
terminal-reason_no_folder = nincs ilyen mappa: { $folder }
terminal-reason_not_allowed = ide nincs írási jogod
# ? during the game: what the board's symbols and the keys mean
terminal-legend-title = A jelek és a billentyűk jelentése
terminal-legend-factions = A kártya csoportja: { $factions }
terminal-legend-influence = **11** (8+3): a kártya befolyása – az értéke 8, a módosítói összesen +3
terminal-legend-row = ┃ egy találkozás két kártyája között · → a találkozás győztese: ✅ a győztes, ⚖️ döntetlen, … még nincs összevetve
terminal-legend-face_down = 🂠 képpel lefelé fekvő kártya · 👁️ képpel lefelé fekvő kártya, amelyet megmutattak neked
terminal-legend-tokens = 🔘 egy állandó képesség időjelzője · 💍 pecsétgyűrű: aki elsőként gyűjt ötöt, megnyeri a játszmát
terminal-legend-zones = ✋ kártyák a kézben · 📚 kártyák a pakliban · 🗑️ eldobott kártyák
terminal-legend-waiting = A játékos következő kártyájára vár: ⏭️ egy módosító · 📖 { $librarian } · ⚙️ { $engineer } · 🗝️ { $blackmailer } · 🔮 { $fortune_teller }
terminal-legend-other = 📍 a helyszín · ❗ a te döntésed · ⏳ akire a játszma vár · 🏁 az eredmény
terminal-legend-keys = Billentyűk: a választott szám (több is, szóközzel elválasztva), majd Enter · **h** tipp · **?** ez a súgó · **r** a szabályok · **q** a játszma befejezése (a jegyzőkönyve megmarad)
terminal-rules-title = A szabályok
# cardia replay RECORD.json --step: a game stepped through, one decision at a time
terminal-seat_name = Játékos { $number }
terminal-replay_title = Visszajátszás: { $file } – { $view }
terminal-replay_public = amit mindenki lát
terminal-replay_seat = amit { $name } látott
terminal-replay_step = Lépés: { $step } / { $total }
terminal-replay_keys = Enter vagy n: következő · b: vissza · egy szám: az a lépés · ? súgó · q: kilépés
terminal-replay_first = Ez az első lépés.
terminal-replay_last = Ez az utolsó lépés.
terminal-replay_no_step = Nincs { $step }. lépés: 0 és { $total } közötti számot írj be.
