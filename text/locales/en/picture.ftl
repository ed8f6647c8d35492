# The board and hand pictures (picture/): short, they are drawn on cards and bands.
picture-face_down = face down
picture-location = { $name } { $skulls }
picture-difficulty = Difficulty: { $name }
picture-to_decide = to decide
picture-stats = Hand { $hand } · Deck { $deck } · Discard { $discard }
picture-result = { $result }
picture-hand = Your hand ({ $n }) — round { $round }
picture-chart_title = Your chance of winning, decision by decision
picture-chart_round = R{ $n }
picture-chart_end = end
