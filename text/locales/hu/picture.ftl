# A tábla és a kéz képe (picture/).
picture-face_down = képpel lefelé
picture-location = { $name } { $skulls }
picture-difficulty = Nehézség: { $name }
picture-to_decide = döntenie kell
picture-stats = Kéz { $hand } · Pakli { $deck } · Dobópakli { $discard }
picture-result = { $result }
picture-hand = A kezed ({ $n }) – { $round }. kör
picture-chart_title = Győzelmi esélyed döntésről döntésre
picture-chart_round = { $n }. kör
picture-chart_end = vége
picture-chart_best = legjobb válasz
picture-chart_chosen = a te válaszod
picture-chart_turning = fordulópont
# A tábla jelmagyarázata: mindegyik a jele után áll (◀ ▶, =, pecsétgyűrű, időjelző, ☠).
picture-legend_winner = a találkozás győztese
picture-legend_tie = döntetlen
picture-legend_signet = pecsétgyűrű
picture-legend_ongoing = időjelző
picture-legend_skull = a helyszín nehézsége
# Az állás képének holtversenyt eldöntő oszlopai, és a táblázat alatti sorok, amelyek elmondják, mik ezek.
picture-standings_buchholz = Ellenfelek pontjai
picture-standings_sb = Legyőzöttek pontjai
picture-standings_buchholz_note = { $heading } (Buchholz): az összes eddigi ellenfél pontjainak összege.
picture-standings_sb_note = { $heading } (Sonneborn–Berger): a legyőzött ellenfelek pontjainak összege, hozzáadva azoknak a felét, akikkel döntetlen született.
picture-standings_record_note = { $heading }: győzelmek, döntetlenek, vereségek (az erőnyerés győzelemnek számít).
