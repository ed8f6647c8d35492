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
picture-chart_best = najlepsza odpowiedź
picture-chart_chosen = twoja odpowiedź
picture-chart_turning = punkt zwrotny
# Legenda planszy: każdy opis stoi po swoim znaku (◀ ▶, =, sygnet, żeton stałej zdolności, ☠).
picture-legend_winner = zwycięzca starcia
picture-legend_tie = remis
picture-legend_signet = sygnet
picture-legend_ongoing = żeton stałej zdolności
picture-legend_skull = trudność lokacji
# Kolumny dogrywek w obrazku tabeli i wiersze pod tabelą, które je wyjaśniają.
picture-standings_buchholz = Siła rywali
picture-standings_sb = Siła pokonanych
picture-standings_buchholz_note = { $heading }: suma punktów wszystkich dotychczasowych rywali.
picture-standings_sb_note = { $heading }: punkty pokonanych rywali plus połowa punktów rywali, z którymi zremisowano.
picture-standings_record_note = { $heading }: zwycięstwa, remisy, porażki (pauza liczy się jako zwycięstwo).
