# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia — you against { $level }
terminal-setup = { $deck } · { $location } · difficulty: { $difficulty } · seed { $seed }
terminal-player = Player
terminal-round = Round { $round }
terminal-thinking = { $name } is thinking…
terminal-ask_one = Your choice (1–{ $n }; h a hint; ? help; q stops the game):
terminal-ask_many =
    { $count ->
        [one] Choose 1 number from 1 to { $n } (h a hint; ? help; q stops the game):
       *[other] Choose { $count } different numbers from 1 to { $n }, separated by spaces (h a hint; ? help; q stops the game):
    }
terminal-not_a_number =
    { $n ->
        [one] Type 1.
       *[other] Type one of the numbers 1 to { $n }.
    }
terminal-need_count =
    { $count ->
        [one] Choose exactly 1 number.
       *[other] Choose exactly { $count } different numbers.
    }
terminal-stopped = Game stopped. The record so far is in { $file }.
terminal-summary = { $rounds }, { $decisions } — you 💍 { $a }, the computer 💍 { $b }.
terminal-saved = The record is in { $file }: { $replay } replays it step by step.
terminal-reviewing = Reviewing the game…
terminal-review_decision = { $number }. Round { $round }: { $chosen } ({ $after })
terminal-review_better = { " " }— better: { $best } ({ $before })
terminal-chart_saved = The chart of your chances is in { $file }.
terminal-hint = Hint: { $answer } — your chance of winning with it: { $chance }.
terminal-review_offer = Press Enter for a review of your decisions, or q to finish:
terminal-cannot_save = Cannot save the record to { $file }: { $reason }.
terminal-cannot_chart = Cannot write the chart to { $file }: { $reason }. Choose another place with --chart.
terminal-reason_folder = it is a folder
terminal-reason_no_folder = there is no folder { $folder }
terminal-reason_not_allowed = writing there is not allowed
# ? during the game: what the board's symbols and the keys mean
terminal-legend-title = What the symbols and keys mean
terminal-legend-factions = A card's faction: { $factions }
terminal-legend-influence = **11** (8+3): a card's influence, its value 8 changed by +3 of modifiers
terminal-legend-row = ┃ between the two players' cards of an encounter · → its winner: ✅ the winner, ⚖️ a tie, … not yet compared
terminal-legend-face_down = 🂠 a face-down card · 👁️ a face-down card shown to you
terminal-legend-tokens = 🔘 an ongoing ability's token · 💍 a signet: the first to 5 wins the game
terminal-legend-zones = ✋ cards in hand · 📚 cards in the deck · 🗑️ cards discarded
terminal-legend-waiting = Waiting for a player's next card: ⏭️ a modifier · 📖 { $librarian } · ⚙️ { $engineer } · 🗝️ { $blackmailer } · 🔮 { $fortune_teller }
terminal-legend-other = 📍 the location · ❗ your decision · ⏳ whom the game waits for · 🏁 the result
terminal-legend-keys = Keys: the number of your choice (several separated by spaces), then Enter · **h** a hint · **?** this help · **r** the rules · **q** stops the game (its record is kept)
terminal-rules-title = The rules
# cardia replay RECORD.json --step: a game stepped through, one decision at a time
terminal-seat_name = Player { $number }
terminal-replay_title = Replay of { $file } — { $view }
terminal-replay_public = what everybody sees
terminal-replay_seat = what { $name } saw
terminal-replay_step = Step { $step } of { $total }
terminal-replay_keys = Enter or n: next · b: back · a number: that step · ? help · q: quit
terminal-replay_first = This is the first step.
terminal-replay_last = This is the last step.
terminal-replay_no_step = There is no step { $step }: type a number from 0 to { $total }.
