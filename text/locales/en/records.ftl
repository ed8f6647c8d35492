records-in_server = Records are kept per server: use this command in a server.
records-other_server = This leaderboard belongs to another server.
records-deck-mixed = Mixed decks
records-no_location = No location
records-tally = { $wins } W · { $losses } L · { $draws } D ({ $rate })
records-rate = { $percent } %
records-no_rate = —
stats-title = 📊 { $name } — Cardia record
stats-rating = Rating **{ $rating }** · #{ $rank } of { $players } in this server
stats-rating_new = Rating **{ $rating }** (no rated game yet)
stats-games = **Games**: { $wins } won · { $losses } lost · { $draws } drawn — { $played } played, { $rate } won
stats-matches = **Matches**: { $wins } won · { $losses } lost · { $draws } drawn — { $played } finished
stats-streak = **Current streak**: { $streak }
stats-streak-win =
    { $n ->
        [one] 1 win
       *[other] { $n } wins 🔥
    }
stats-streak-loss =
    { $n ->
        [one] 1 loss
       *[other] { $n } losses
    }
stats-streak-draw =
    { $n ->
        [one] 1 draw
       *[other] { $n } draws
    }
stats-last = **Last game**: { $when }
stats-none = { $name } has no finished game in this server yet.
stats-by_deck = By deck
stats-by_location = By location
stats-line = { $label }: { $tally }
stats-footer = Win rate: games won out of games played. Concessions and timeouts count as losses; aborted duels do not count.
stats-bot = Bots have no record: games against the computer count in their player's record, apart.
leaderboard-title-rating = 🏆 Cardia leaderboard — by rating
leaderboard-title-wins = 🏆 Cardia leaderboard — by wins
leaderboard-line-rating = `{ $rank }.` **{ $name }** — **{ $rating }** · { $wins } W · { $losses } L · { $draws } D
leaderboard-line-wins = `{ $rank }.` **{ $name }** — **{ $wins } W** · { $losses } L · { $draws } D ({ $rate }) · rating { $rating }
leaderboard-empty = No finished game in this server yet: challenge someone with `/cardia challenge`!
leaderboard-footer = Page { $page } of { $pages } · { $players } players · rating: openskill (Plackett-Luce), 1000 for a newcomer
leaderboard-previous = Previous
leaderboard-next = Next
leaderboard-sort-rating = Sort by rating
leaderboard-sort-wins = Sort by wins
history-title = 📜 Game #{ $id } — { $first } vs { $second }
history-round = **Round { $round }**
history-round_plain = Round { $round }
history-entry = `{ $number }` { $text }
history-entry_plain = { $number }. { $text }
history-decided = { $who } — { $what }.
history-decided_then = { $who } — { $what }: { $told }
history-chance = Chance
history-ended = 🏁 { $result }
history-result = 🏁 Result
history-setup = Setup
history-setup_value = { $deck } · { $location } · game { $number } of match #{ $match } ({ $kind })
history-first_to = first to { $wins } game wins
history-single = a single game
history-length = Length
history-decisions =
    { $n ->
        [one] 1 decision
       *[other] { $n } decisions
    }
history-rounds =
    { $n ->
        [one] 1 round
       *[other] { $n } rounds
    }
history-played = Played
history-played_value = { $start } → { $end }
history-ratings = Ratings
history-rating_change = { $name } { $before } → { $after } ({ $delta })
history-cut = … { $n } more lines in { $file }
history-footer = { $file }: the whole record, hidden cards included. With this project's `cardia` command, `cardia replay { $file } --step` steps through it.
history-not_found = There is no game #{ $id } in this server.
history-not_over = Game #{ $id } is not over yet: its history is shown once it is finished.
history-aborted = Game #{ $id } was called off without a result: it has no history.
history-bad_id = Give a game number such as 12, or pick one of your games from the list.
history-choice = #{ $id } vs { $opponent } — { $outcome }, { $deck }, { $date }
history-outcome-win = won
history-outcome-loss = lost
history-outcome-draw = drawn
about-title = ℹ️ Cardia bot
about-description = Duels of Cardia, the card game by Hans im Glück, on an exact rules engine. `/cardia rules` explains the game, `/cardia challenge` starts a duel.
about-version = Version
about-library = discord.py
about-uptime = Uptime
about-running = Games under way
about-finished = Games finished
about-servers = Servers
duration-days = { $d } d { $h } h
duration-hours = { $h } h { $m } min
duration-minutes = { $m } min { $s } s
duration-seconds = { $s } s
stats-computer = Against the computer (not rated)
history-not_yours = You played no game #{ $id }: here I show only your own games.
