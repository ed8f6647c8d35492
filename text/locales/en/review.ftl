review-percent = { $n } %
review-chances = your chance of winning: { $best } with it, { $chosen } with yours.
review-placed_won = your { $placed } ({ $influence }) won the encounter against { $against } ({ $against_influence })
review-placed_lost = your { $placed } ({ $influence }) lost the encounter to { $against } ({ $against_influence })
review-placed_tie = your { $placed } ({ $influence }) tied with { $against } ({ $against_influence })
review-instead_won = { $card } would have won it
review-instead_lost = { $card } would have lost it and used its ability
review-instead_tie = { $card } would have tied it
review-instead_answer = better: { $answer }
review-chose = to “{ $question }” you answered { $answer }
review-turning_point = Round { $round }: { $told }; { $better } — { $chances }
review-summary =
    { $count ->
        [one] Your chance of winning at your first decision: { $first }. 1 decision reviewed.
       *[other] Your chance of winning at your first decision: { $first }. { $count } decisions reviewed.
    }
review-turning_points =
    { $n ->
        [one] The turning point:
       *[other] The { $n } biggest turning points:
    }
review-no_turning_points = No decision of yours cost 10 points of chance or more.
review-no_turning_points_won = No decision of yours cost 10 points of chance or more: well played.
review-unfinished = The game is not over: these are your decisions so far, and the chart ends at the last of them.
review-swings = Where your chance went:
review-swing_fell = Round { $round }, after your decision: your chance fell from { $start } to { $end }.
review-swing_rose = Round { $round }, after your decision: your chance rose from { $start } to { $end }.
review-swing_lost = After your last decision (round { $round }, { $start }), the game was lost.
review-swing_won = After your last decision (round { $round }, { $start }), the game was won.
review-swing_drawn = After your last decision (round { $round }, { $start }), the game ended in a draw.
review-swing_revealed = { $name } revealed { $cards }.
review-swing_drew = You drew { $cards }.
review-no_decisions = You made no decision in this game.
review-title = Game #{ $id }: { $name }'s decisions reviewed
review-shared = { $who } shares their review of game #{ $id }.
review-not_found = There is no game #{ $id } on this server.
review-not_over = Game #{ $id } is still being played: it can be reviewed once it is over.
review-aborted = Game #{ $id } ended without a result: there is nothing to review.
review-players_only = Only { $first } and { $second } can review this game (until one of them shares their review).
review-share_own = Only the player whose review it is can share it.
review-shared_already = This review is already shared in the channel.
hint-given = 💡 Hint: { $answer } — your chance of winning with it: { $chance }.
hint-not_allowed = Hints are for duels against the computer and duels whose challenge allowed them.
hint-stale = This hint button is out of date: open your hand again for your current decision.
hint-used = 💡 Hints used: { $players }.
hint-used_by = { $name } { $n }
review-not_yours = You played no game #{ $id }: here you can review only your own games.
review-share_nowhere = Nobody else would see it here: a review is shared on a server where its game was played.
