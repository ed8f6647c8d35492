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
review-no_turning_points = No decision of yours cost 10 points of chance or more: well played.
review-no_decisions = You made no decision in this game.
