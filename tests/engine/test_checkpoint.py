"""engine.checkpoint: a game made from a copy (at its latest round start and the actions since, or as it
is in phase 1's commonest case) is the game a full replay makes, in everything (state, events, pending
decisions, the chance generator), and it goes on the same way; the copy it was made from is left
untouched."""

from __future__ import annotations

import gc
import marshal
import random
from collections.abc import Callable

import pytest

from engine import Action, Game, Record, Setup, replay, state
from engine.bench import random_actions
from engine.chance import Chance, LateChance, SeededChance
from engine.checkpoint import (
    _COPIED,
    _MAPPED,
    _NOT_COPIED,
    _SHARED,
    EMPTY_AT_ROUND_START,
    FROM_SETUP,
    FROZEN,
    Frozen,
    Start,
    copy_table,
    freeze,
    has_events,
    resume,
    split_events,
    thaw,
    with_events,
)
from engine.game import QuietGame
from tests.helpers import random_setup


def _chance(chance: Chance) -> object:
    if isinstance(chance, SeededChance):
        return chance.state()
    assert isinstance(chance, LateChance)
    return chance.generator().getstate()


def attribute_names(game: Game) -> set[str]:
    """Every attribute a game has: its ``__dict__``, or, compiled (engine.compiled), those its class
    declares."""
    if hasattr(game, "__dict__"):
        return set(vars(game))
    return set(type(game).__mypyc_attrs__)  # type: ignore[attr-defined]


def _same(one: Game, other: Game) -> None:
    assert state(one) == state(other)
    assert one.events == other.events
    assert one.pending == other.pending
    assert one.result == other.result
    assert _chance(one.rng) == _chance(other.rng)
    assert (one.round, one.applied, one.cause) == (other.round, other.applied, other.cause)


def test_a_game_from_a_round_start_is_the_replayed_game_and_goes_on_the_same_way() -> None:
    rng = random.Random(2024)
    compared = 0
    for _ in range(60):  # every setup: both decks, mixed, every location, seeded and explicit chance
        setup = random_setup(rng)
        game = Game(setup)
        actions = [Action(player=p, choose=c) for p, c in random_actions(game, rng)]
        full = Record(format="cardia-replay/1", setup=setup, actions=actions)
        for cut in sorted({0, len(actions), *rng.sample(range(len(actions) + 1), min(6, len(actions) + 1))}):
            prefix = Record(format="cardia-replay/1", setup=setup, actions=actions[:cut])
            start = Start(prefix)
            made, replayed = start.game(), replay(prefix)
            _same(made, replayed)
            _same(start.game(), made)  # again: the copy it is made from did not change
            for action in full.actions[cut:]:  # and both go on alike to the end of the game
                made.apply(action.player, action.choose)
                replayed.apply(action.player, action.choose)
            _same(made, replayed)
            compared += 1
    assert compared >= 300


def test_a_quiet_game_keeps_no_events_and_plays_exactly_as_the_game() -> None:
    """The computer's imagined worlds keep no events; everything else, to the end, is the same."""
    rng = random.Random(77)
    for _ in range(40):
        setup = random_setup(rng)
        game = Game(setup)
        actions = [Action(player=p, choose=c) for p, c in random_actions(game, rng)]
        cut = rng.randrange(len(actions) + 1)
        record = Record(format="cardia-replay/1", setup=setup, actions=actions[:cut])
        quiet, loud = Start(record).game(QuietGame), replay(record)
        for action in actions[cut:]:
            quiet.apply(action.player, action.choose)
            loud.apply(action.player, action.choose)
            assert quiet.events == [] and quiet.cause == -1
            assert state(quiet) == state(loud)
        assert quiet.result == loud.result
        assert quiet.result is not None
        assert _chance(quiet.rng) == _chance(loud.rng)


def test_a_copy_names_every_attribute() -> None:
    """Every attribute of a game is copied, shared or left out by copy_table (a new one fails here until
    it is placed)."""
    game = Game(random_setup(random.Random(5)))
    assert attribute_names(game) == _COPIED | _SHARED | _NOT_COPIED | _MAPPED
    named = (_COPIED, _SHARED, _NOT_COPIED, _MAPPED)
    assert sum(map(len, named)) == len(frozenset().union(*named))  # each named once


def test_a_copy_holds_every_attribute_it_names() -> None:
    """copy_table sets each attribute it names (written out, one could be forgotten): a shared one is
    the game's own, a copied one an equal value of its own."""
    game = Game(random_setup(random.Random(5)))
    copy = copy_table(game)
    for name in _SHARED:
        assert getattr(copy, name) is getattr(game, name), name
    for name in _COPIED - {"rng", "players", "row"}:  # those three are compared whole below
        assert getattr(copy, name) == getattr(game, name) and getattr(copy, name) is not getattr(game, name)
    assert state(copy) == state(game) and _chance(copy.rng) == _chance(game.rng)


def test_a_copy_shares_nothing_that_changes() -> None:
    setup = random_setup(random.Random(5))
    game = Game(setup)
    for _, _ in zip(range(12), random_actions(game, random.Random(6)), strict=False):
        pass
    copy = copy_table(game)
    assert copy.players is not game.players and copy.players[0].hand is not game.players[0].hand
    assert copy.rng is not game.rng and copy.events is not game.events
    for mine, theirs in zip(copy.row, game.row, strict=True):
        assert mine is not theirs
        for slot in mine.slots:
            assert slot is None or slot.encounter is mine  # a card still points at its own encounter


def test_a_copy_in_phase_one_places_into_its_own_encounter() -> None:
    """Copied while both players place their cards (the commonest phase 1), before either has and after
    one has: the copy's encounter being placed is its own, in its own row once it holds a card."""
    game = Game(Setup(deck="I", seed=3))
    assert game._placing is not None and len(game.pending) == 2
    copy = copy_table(game)
    assert copy._placing is not None and copy._placing is not game._placing and copy._placing not in copy.row
    placed = game.pending[1].options[0]
    game.apply("p2", [placed])
    copy = copy_table(game)
    assert game._placing is game.row[-1] and copy._placing is copy.row[-1]
    assert copy.row[-1] is not game.row[-1]
    start = Start(
        Record(format="cardia-replay/1", setup=game.setup, actions=[Action(player="p2", choose=[placed])])
    )
    assert start.since == [] and start.table._placing is start.table.row[-1]  # kept as it is: no replay
    made = resume(game)
    assert [d.player for d in made.pending] == ["p1"] and made.pending[0] is not game.pending[0]
    made.apply("p1", [made.pending[0].options[0]])
    assert game.pending[0].player == "p1" and game.row[-1].slots[0] is None  # the original is untouched


def test_seeded_chance_draws_what_one_generator_kept_all_along_would() -> None:
    """A game keeps its seed and the sizes of its picks and shuffles, not the generator: rebuilt when
    drawn on, it gives what one generator would have given, pick after pick, shuffle after shuffle."""
    steps = random.Random(11)
    for seed in range(40):
        kept = random.Random(seed)
        decks = [list(range(16)), list(range(16))]
        for deck in decks:
            kept.shuffle(deck)
        chance = SeededChance(seed, (16, 16))
        for _ in range(steps.randint(1, 12)):
            items = [f"card{i}" for i in range(steps.randint(1, 9))]
            if steps.random() < 0.5:
                assert chance.choice(items) == kept.choice(items)
            else:
                mine, theirs = list(items), list(items)
                chance.shuffle(mine)
                kept.shuffle(theirs)
                assert mine == theirs
            copy = chance.copy()
            assert copy.state() == chance.state() and copy is not chance
    assert SeededChance(1, ()).choice(["a", "b", "c"]) == random.Random(1).choice(["a", "b", "c"])


def _freezing_into(latest: list[Frozen]) -> Callable[[Game], None]:
    """A round-start hook that keeps the game frozen as each round starts."""
    return lambda started: latest.append(freeze(started))


def test_a_thawed_game_is_the_replayed_game_and_goes_on_the_same_way() -> None:
    """A game frozen at its latest round start, thawed, and given the actions since is the game a full
    replay makes; thawed at an earlier round start, it goes on alike to the end."""
    rng = random.Random(77)
    compared = 0
    for _ in range(40):  # every setup: both decks, mixed, every location, seeded and explicit chance
        setup = random_setup(rng)
        latest: list[Frozen] = []
        game = Game(setup, on_round_start=_freezing_into(latest))
        taken: list[Action] = []
        for player, choose in random_actions(game, rng):
            taken.append(Action(player=player, choose=choose))
            if rng.random() < 0.3 or game.result is not None:
                frozen = latest[-1]
                thawed = thaw(setup, frozen)
                for action in taken[frozen[0] :]:
                    thawed.apply(action.player, action.choose)
                _same(thawed, game)
                _same(thawed, replay(Record(format="cardia-replay/1", setup=setup, actions=taken)))
                compared += 1
        earlier = rng.choice(latest)
        thawed = thaw(setup, earlier)
        for action in taken[earlier[0] :]:
            thawed.apply(action.player, action.choose)
        _same(thawed, game)
    assert compared >= 200


def test_a_frozen_game_is_plain_values_and_names_every_attribute() -> None:
    """Every attribute of a game is frozen, comes from the setup, or is empty at a round start (a new
    one fails here until it is placed); frozen, a game is exact tuples the collector stops tracking."""
    setup = random_setup(random.Random(3))
    latest: list[Frozen] = []
    game = Game(setup, on_round_start=_freezing_into(latest))
    for _, _ in zip(range(15), random_actions(game, random.Random(4)), strict=False):
        pass
    assert attribute_names(game) == set(FROZEN) | FROM_SETUP | EMPTY_AT_ROUND_START
    frozen = latest[-1]
    for _ in range(8):  # a pass lets go of one level of nested tuples
        gc.collect()
    assert not gc.is_tracked(frozen)
    assert len(frozen) == len(FROZEN)


def test_a_frozen_game_goes_through_marshal_whole() -> None:
    """The bot keeps a cold game as marshal's bytes (bot.services.duels.ColdGame), which no collection
    goes through: every frozen game is values marshal takes (a Blackmailer's faction parked as its value,
    not the enum marshal refuses), and thawed from the bytes it is the game."""
    rng = random.Random(91)
    blackmailed = 0
    for _ in range(300):
        setup = random_setup(rng)
        latest: list[Frozen] = []
        game = Game(setup, on_round_start=_freezing_into(latest))
        taken = [Action(player=player, choose=choose) for player, choose in random_actions(game, rng)]
        for frozen in latest:
            assert marshal.loads(marshal.dumps(frozen)) == frozen
            light, events = split_events(frozen)  # the bot keeps the events apart (shared tuples)
            assert not has_events(light)
            assert with_events(marshal.loads(marshal.dumps(light)), events) == frozen
            blackmailed += any(player[3][3] is not None for player in frozen[6])
        frozen = rng.choice(latest)
        thawed = thaw(setup, marshal.loads(marshal.dumps(frozen)))
        for action in taken[frozen[0] :]:
            thawed.apply(action.player, action.choose)
        _same(thawed, game)
    assert blackmailed > 0, "a faction parked by the Blackmailer at a round start"


def test_a_game_frozen_without_its_events_gets_them_from_the_game_later() -> None:
    """``freeze(game, events=False)`` keeps their number only; ``with_events`` later takes them from the
    game's own (which only grow): the same as frozen whole, and a thaw refuses one without them."""
    rng = random.Random(21)
    for _ in range(20):
        setup = random_setup(rng)
        whole: list[Frozen] = []
        light: list[Frozen] = []

        def both(started: Game, whole: list[Frozen] = whole, light: list[Frozen] = light) -> None:
            whole.append(freeze(started))
            light.append(freeze(started, events=False))

        game = Game(setup, on_round_start=both)
        for _, _ in zip(range(rng.randint(0, 40)), random_actions(game, rng), strict=False):
            pass
        assert not has_events(light[-1]) and has_events(whole[-1])
        assert [with_events(frozen, game.events) for frozen in light] == whole
        with pytest.raises(AssertionError):
            thaw(setup, light[-1])
