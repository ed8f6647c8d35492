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
picture-chart_best = best answer
picture-chart_chosen = your answer
picture-chart_turning = turning point
# The board's legend: each follows its sign (◀ ▶, =, a signet, an ongoing token, ☠).
picture-legend_winner = the encounter's winner
picture-legend_tie = a tie
picture-legend_signet = signet
picture-legend_ongoing = ongoing token
picture-legend_skull = the location's difficulty
# The standings picture's tie-break headings, and the lines under the table that say what they are.
picture-standings_buchholz = Buchholz
picture-standings_sb = SB
picture-standings_buchholz_note = { $heading }: the points of every opponent met, added up.
picture-standings_sb_note = { $heading } (Sonneborn–Berger): the points of each opponent beaten, plus half those of each opponent drawn with.
picture-standings_record_note = { $heading }: won, drawn, lost (a bye counts as won).
