"""The engine and the computer player play exactly as they did before issue 48 made them faster (commit
5fc1c81): random games of every setup (each action, event and result) and the searches of every level
(answers, visits, rewards, iterations), as one digest. A change of the rules changes it, and comes with a
numbered ruling (docs/rules.md); a faster engine must not."""

from __future__ import annotations

import hashlib
import json
import random

from engine.bench import random_actions, random_setup
from engine.bench_search import positions
from engine.game import Game
from engine.player import HARD_VALUED, choose

#: The digest printed by 5fc1c81's engine, interpreted and compiled, for the games and searches below.
BEFORE_ISSUE_48 = "8b4c1fb2c4a7b5d2f561c2e9e0261febf5bf3baf7d38f055bfa015f45da52d1a"


def test_games_and_searches_are_those_of_the_engine_before_it_was_made_faster() -> None:
    digest = hashlib.sha256()
    rng = random.Random(11)
    for index in range(1000):
        game = Game(random_setup(rng, all_setups=index % 3 != 0))
        actions = list(random_actions(game, rng))
        digest.update(json.dumps([actions, game.events, str(game.result)]).encode())
    for index, (record, player) in enumerate(positions(8, seed=13)):
        for level in ("easy", "normal", "hard", HARD_VALUED):
            found = choose(record, player, level, seed=index)
            digest.update(json.dumps([found.answer, found.tried, found.iterations]).encode())
    assert digest.hexdigest() == BEFORE_ISSUE_48
