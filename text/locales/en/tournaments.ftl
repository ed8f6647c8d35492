## Tournaments (/cardia tournament): the commands, the page, the rounds, the standings.

slash-tournament = tournament
slash-tournament-description = Tournaments the bot runs on this server, from sign-up to champion
slash-tournament-create = create
slash-tournament-create-description = Server managers: set up a tournament in this channel, with its sign-up page
slash-tournament-create-name = name
slash-tournament-create-name-description = Its name
slash-tournament-create-format = format
slash-tournament-create-format-description = How its rounds are paired
slash-tournament-create-rounds = rounds
slash-tournament-create-rounds-description = A Swiss tournament's rounds (default 3)
slash-tournament-create-deck = deck
slash-tournament-create-deck-description = The deck of its duels (default: Deck I)
slash-tournament-create-location = location
slash-tournament-create-location-description = The location of its duels (default: none)
slash-tournament-create-match = match
slash-tournament-create-match-description = Each duel a match to 2 game wins (default) or a single game
slash-tournament-create-decision_hours = decision_hours
slash-tournament-create-decision_hours-description = Hours a player may take for each decision (default: the server's)
slash-tournament-create-rated = rated
slash-tournament-create-rated-description = Do its duels count for the server's rating? (default: yes)
slash-tournament-create-signup_hours = signup_hours
slash-tournament-create-signup_hours-description = Hours until the sign-up closes and it starts (default: when a manager starts it)
slash-tournament-create-limit = limit
slash-tournament-create-limit-description = The most players (default: 64)
slash-tournament-start = start
slash-tournament-start-description = Server managers: close the sign-up and begin round 1
slash-tournament-start-tournament = tournament
slash-tournament-start-tournament-description = Which tournament (default: this server's only one in sign-up)
slash-tournament-withdraw = withdraw
slash-tournament-withdraw-description = Leave a tournament: your duel in progress and your later games are lost
slash-tournament-withdraw-tournament = tournament
slash-tournament-withdraw-tournament-description = Which tournament (default: this server's only open one)
slash-tournament-standings = standings
slash-tournament-standings-description = A tournament's page and standings, for you alone
slash-tournament-standings-tournament = tournament
slash-tournament-standings-tournament-description = Which tournament (default: this server's only one)
slash-tournament-award = award
slash-tournament-award-description = Server managers: decide a stuck duel of a tournament
slash-tournament-award-duel = duel
slash-tournament-award-duel-description = Which duel
slash-tournament-award-result = result
slash-tournament-award-result-description = Who wins it, or a draw
slash-tournament-replay = replay
slash-tournament-replay-description = Server managers: have a stuck duel of a tournament played again from the start
slash-tournament-replay-duel = duel
slash-tournament-replay-duel-description = Which duel
slash-tournament-cancel = cancel
slash-tournament-cancel-description = Server managers: call a tournament off (its duels still going are aborted)
slash-tournament-cancel-tournament = tournament
slash-tournament-cancel-tournament-description = Which tournament (default: this server's only open one)
slash-choice-swiss = Swiss
slash-choice-round_robin = Round-robin
slash-choice-double_round_robin = Double round-robin
slash-choice-knockout = Knockout
slash-choice-award_first = The first player named wins
slash-choice-award_second = The second player named wins
slash-choice-award_draw = A draw

button-tournament_join = Join
button-tournament_leave = Leave

tournament-format_swiss = Swiss, { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }: each round pairs players on the same score, never the same pair twice
tournament-format_round_robin = Round-robin: everyone meets everyone once
tournament-format_double_round_robin = Double round-robin: everyone meets everyone twice, seats swapped the second time
tournament-format_knockout = Knockout: the loser of each duel is out
tournament-single = a single game
tournament-first_to = first to { $wins } game wins
tournament-page_format = **Format:** { $format }
tournament-page_setup = **Duels:** { $setup }
tournament-page_time = **Time per decision:** { $time }
tournament-page_rated = **Rated:** yes, its duels count for the server's rating
tournament-page_unrated = **Rated:** no
tournament-signup_manual = 📝 **Sign-up is open:** press Join. A server manager starts it with `/cardia tournament start`.
tournament-signup_until = 📝 **Sign-up is open** until { $when }: press Join.
tournament-state_running_of = ⚔️ **Round { $round } of { $rounds }** is being played.
tournament-state_won = 🏆 **Over.** Champion: { $champion }
tournament-state_cancelled = 🛑 **Cancelled.**
tournament-short_signup = sign-up
tournament-short_running = round { $round }
tournament-short_finished = over
tournament-short_cancelled = cancelled
tournament-players = Players ({ $count })
tournament-players_of = Players ({ $count }/{ $limit })
tournament-nobody_yet = Nobody yet: be the first to press Join.
tournament-footer = Tournament #{ $id }
tournament-choice = { $name } (#{ $id }, { $state })
tournament-duel_choice = { $name }, round { $round }: { $first } vs { $second }
tournament-points = { $n ->
        [one] 1 point
       *[other] { $n } points
    }
tournament-line_swiss = **{ $place }.** { $name }: { $points } (Buchholz { $buchholz }, Sonneborn–Berger { $sb })
tournament-line_round_robin = **{ $place }.** { $name }: { $points } (Sonneborn–Berger { $sb })
tournament-line_knockout = **{ $place }.** { $name }: { $reached }
tournament-withdrew = (withdrew)
tournament-reached_champion = champion
tournament-reached_final = lost the final
tournament-reached_semi_final = out in the semi-finals
tournament-reached_round = out in round { $round }
tournament-round_title = 🏆 { $name }: round { $round } of { $rounds }
tournament-round_pairings = **Pairings** (each duel is posted below, pinging its players; good luck!)
tournament-pairing = { $first } against { $second }
tournament-bye = { $player } has a bye: a win without a duel
tournament-forfeit_pairing = { $first } against { $second }: decided by forfeit (a player withdrew)
tournament-standings_after = **Standings after round { $round }**
tournament-final_title = 🏆 { $name }: final standings
tournament-final_champion = 🏆 **{ $name }** is over. Congratulations to the champion, { $champion }!
tournament-final_standings = **Final standings**

tournament-created = 🏆 **{ $name }** (tournament #{ $id }) is set up: its page is in this channel, where players join. Start it with `/cardia tournament start`.
tournament-created_until = 🏆 **{ $name }** (tournament #{ $id }) is set up: its page is in this channel, where players join. It starts by itself when the sign-up closes (or earlier with `/cardia tournament start`).
tournament-joined_now = ✅ You are in **{ $name }**. Your duels will be posted in its channel, pinging you, when each round begins.
tournament-left_now = You left **{ $name }**.
tournament-withdrew_now = You withdrew from **{ $name }**: you are paired no more, and your duel in progress (if any) is lost.
tournament-started_now = **{ $name }** has begun: round 1 is paired and its duels are being posted.
tournament-too_few = **{ $name }** had fewer than 2 players: it is cancelled.
tournament-cancelled_now = **{ $name }** is cancelled; its duels still going are aborted.
tournament-awarded = Done: the duel is decided, and the tournament goes on.
tournament-replayed = Done: the duel is played again from the start, as a new duel.

tournament-unknown = There is no such tournament on this server.
tournament-already = You are in it already.
tournament-full = It is full: { $limit } at most.
tournament-closed = Its sign-up is closed.
tournament-not_in = You are not in it.
tournament-started = It has begun already.
tournament-over = It is over.
tournament-no_such_duel = That duel is not one of this server's tournament duels.
tournament-duel_over = That duel is over already.
tournament-bad_name = A tournament needs a name.
tournament-unknown_format = There is no such tournament format: choose one the command offers.
tournament-bad_rounds = A Swiss tournament has 1 to { $most } rounds.
tournament-bad_limit = The player limit is 2 to { $most }.
tournament-in_server = Tournaments are run in a server's channel.
tournament-managers_only = Only members with the Manage Server permission can set up and run tournaments.
tournament-none_open = This server has no such tournament: a server manager sets one up with `/cardia tournament create`.
tournament-which = This server has several: choose one in the `tournament` option.

challenge-tournament = 🏆 **{ $name }**, round { $round }: { $first } against { $second }. Good luck!

match-withdrawn = 🏆 { $winner } wins the match against { $loser }, who withdrew from the tournament.
match-awarded = 🏆 A server manager awarded the match to { $winner } against { $loser }.
match-draw_awarded = 🤝 A server manager declared the duel between { $first } and { $second } drawn.
match-replayed = 🔁 A server manager has the duel between { $first } and { $second } played again: a new duel begins.
result-withdrawn = { $winner } wins: { $loser } withdrew from the tournament.
result-awarded = { $winner } wins: a server manager awarded the match.
result-draw_awarded = A server manager declared the duel drawn.
result-replayed = A server manager has the duel played again from the start.

picture-standings_after = { $name }: standings after round { $round }
picture-standings_final = { $name }: final standings
picture-standings_player = Player
picture-standings_points = Points
picture-standings_reached = Reached
picture-standings_record = W–D–L
picture-standings_withdrawn = (withdrew)
players = { $n ->
        [one] 1 player
       *[other] { $n } players
    }
