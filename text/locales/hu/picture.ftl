# A tábla és a kéz képe (picture/).
picture-face_down = képpel lefelé
picture-location = { $name } { $skulls }
picture-difficulty = Nehézség: { $name }
picture-to_decide = dönt
picture-stats = Kéz { $hand } · Pakli { $deck } · Eldobva { $discard }
picture-result = { $result }
picture-hand = A kezed ({ $n }) — { $round }. kör
picture-chart_title = Győzelmi esélyed döntésről döntésre
picture-chart_round = { $n }. kör
picture-chart_end = vége
