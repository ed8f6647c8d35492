"""Values every game in memory would otherwise keep a copy of are shared: a card id read from a reference,
and, in the events a holder keeps (engine.table.shared_events), those all games log alike (a card
placed, a round's end) and the cards of the others. A game of 30 decisions kept keeps some 4 KB less
(bench/bot_load.py measures it)."""

from __future__ import annotations

import itertools
import random

from cards import CARDS
from engine import Game
from engine.bench import random_actions, random_setup
from engine.model import card_id
from engine.table import shared_events


def test_a_card_id_read_from_a_reference_is_the_catalogue_s_own_string() -> None:
    for player, card in itertools.product(("p1", "p2"), CARDS):
        read = card_id(f"{player}:{card}")
        assert read == card and read is next(key for key in CARDS if key == card)
    assert card_id("p1:no_such_card") == "no_such_card"  # not a card: read all the same (records refuse it)


def test_two_games_kept_share_the_events_every_game_logs_alike() -> None:
    setup_rng, rng = random.Random(3), random.Random(4)
    shared = cards = 0
    for _ in range(20):
        setup = random_setup(setup_rng, True)
        first = Game(setup)
        actions = [
            (player, tuple(choose)) for player, choose in itertools.islice(random_actions(first, rng), 30)
        ]
        second = Game(setup)
        for player, choose in actions:
            second.apply(player, choose)
        assert first.events == second.events
        kept_first, kept_second = shared_events(first.events), shared_events(second.events)
        assert kept_first == tuple(first.events)
        for one, other in zip(kept_first, kept_second, strict=True):
            if one[0] in ("placed", "round_end") and one[5] == -1:
                assert one is other, one
                shared += 1
            elif one[0] in ("compared", "drew"):
                assert one is not other, "only the few kinds every game logs alike are kept shared"
                if len(one[2]) <= 2:
                    assert one[2] is other[2], "their cards are (of one card or two)"
                    cards += 1
    assert shared > 100 and cards > 100
