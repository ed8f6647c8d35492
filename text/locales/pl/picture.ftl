# Obraz planszy i ręki (picture/).
picture-face_down = zakryta
picture-location = { $name } { $skulls }
picture-difficulty = Poziom: { $name }
picture-to_decide = decyduje
picture-stats = Ręka { $hand } · Talia { $deck } · Odrzucone { $discard }
picture-result = { $result }
picture-hand = Twoja ręka ({ $n }) — runda { $round }
picture-chart_title = Twoja szansa na wygraną, decyzja po decyzji
picture-chart_round = R{ $n }
picture-chart_end = koniec
