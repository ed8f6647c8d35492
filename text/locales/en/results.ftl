result-signets = { $winner } wins with { $signets }.
result-signets_plain = { $winner } wins on signets.
result-ability = { $winner } wins: the Djinn's ability wins the game.
result-mechanical_djinn = { $winner } wins: their Mechanical Djinn's encounter was followed by an encounter they win.
result-cannot_play = { $winner } wins: { $loser } has no card left to play.
result-founders_day = { $winner } wins: 3 encounters in a row on Founder's Day.
result-haunted_catacombs = { $winner } wins: { $loser } revealed a card of the same faction as their previous one in the Haunted Catacombs.
result-both_cannot_play = Neither player can play a card; { $winner } has more signets and wins.
result-both_cannot_play_draw = Neither player can play a card and the signets are equal: the game is a draw.
result-haunted_catacombs_draw = Both players revealed a card of the same faction as their previous one in the Haunted Catacombs: the game is a draw.
result-simultaneous_draw = Both players met a game-ending condition at the same moment: the game is a draw.
result-draw = The game is a draw.
result-win = { $winner } wins.
signets =
    { $n ->
        [one] 1 signet
       *[other] { $n } signets
    }
signets-score = { $a } to { $b }
result-conceded = { $winner } wins: { $loser } conceded.
result-timeout = { $winner } wins: { $loser } ran out of time, and { $winner } claimed victory.
result-forfeit = { $winner } wins: { $loser } did not decide in time and forfeits.
result-aborted = The duel was aborted by a server manager: no result is recorded.
result-abandoned = Neither player decided in time: the duel is cancelled, and no result is recorded.
match-conceded = 🏆 { $winner } wins the match against { $loser }, who conceded.
match-timeout = 🏆 { $winner } wins the match against { $loser }, who ran out of time.
match-forfeit = 🏆 { $winner } wins the match against { $loser }, who did not decide in time and forfeits.
match-aborted = 🛑 The duel between { $first } and { $second } was aborted by a server manager: no result is recorded.
match-abandoned = ⌛ Neither { $first } nor { $second } decided in time: the duel is cancelled, and no result is recorded.
match-won = 🏆 { $winner } wins the match { $a }–{ $b } against { $loser }!
