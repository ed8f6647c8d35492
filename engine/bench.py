"""Benchmark: random complete games with random legal decisions, and record replays, on one core.

    python -m engine bench [--games N] [--setups deck1|all|both]

Prints figures; asserts nothing. docs/performance.md keeps the latest figures, with their machine.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator

from cards import FACTIONS, LOCATIONS
from engine.game import Game, replay
from engine.record import Record, Setup, parse_record


def random_setup(rng: random.Random, all_setups: bool) -> Setup:
    if not all_setups:
        return Setup(deck="I", seed=rng.randrange(2**32))
    deck = {faction: rng.choice(("I", "II")) for faction in FACTIONS}
    location = rng.choice([None, *LOCATIONS])
    return Setup.model_validate({"deck": deck, "location": location, "seed": rng.randrange(2**32)})


def random_actions(game: Game, rng: random.Random) -> Iterator[tuple[str, list[str]]]:
    """The one random-game driver (the benchmark, and the property, observation and rendering tests):
    answer a random pending decision with random legal options until the game ends, yielding each
    action once it is applied."""
    random_index = rng.random
    while game.result is None:
        pending = game.pending
        decision = pending[int(random_index() * len(pending))]
        options = decision.options
        if decision.count == 1:
            choice = [options[int(random_index() * len(options))]]
        else:
            choice = rng.sample(options, len(options) if decision.ordered else decision.count)
        game.apply(decision.player, choice)
        yield decision.player, choice


def play_random(game: Game, rng: random.Random) -> list[tuple[str, list[str]]]:
    """Play ``game`` to its end with random legal answers; the actions taken."""
    return list(random_actions(game, rng))


def _mode(name: str, games: int, seed: int, all_setups: bool) -> list[Record]:
    """Play ``games`` random games; returns the record of each."""
    rng = random.Random(seed)
    setups = [random_setup(rng, all_setups) for _ in range(games)]
    played: list[tuple[Setup, list[tuple[str, list[str]]]]] = []
    start = time.perf_counter()
    for setup in setups:
        played.append((setup, play_random(Game(setup), rng)))
    elapsed = time.perf_counter() - start
    decisions = sum(len(actions) for _, actions in played)
    print(
        f"{name}: {games} random games in {elapsed:.2f} s = {games / elapsed:,.0f} games/s, "
        f"{decisions / games:.1f} decisions/game, {elapsed / decisions * 1e6:.1f} µs/decision"
    )
    return [
        Record.model_validate(
            {
                "format": "cardia-replay/1",
                "setup": setup,
                "actions": [{"player": p, "choose": c} for p, c in actions],
            }
        )
        for setup, actions in played
    ]


def _best_of(repeats: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def _replays(label: str, records: list[Record]) -> None:
    if not records:
        print(f"{label}: none (no random game reached that length)")
        return
    texts = [json.dumps(record.model_dump(mode="json")) for record in records]
    actions = sum(len(record.actions) for record in records) / len(records)
    engine_only = _best_of(5, lambda: [replay(record) for record in records]) / len(records)
    with_parse = _best_of(5, lambda: [replay(parse_record(text)) for text in texts]) / len(texts)
    print(
        f"{label} ({len(records)} records, {actions:.1f} actions each): "
        f"{engine_only * 1e3:.3f} ms engine only, "
        f"{with_parse * 1e3:.3f} ms including JSON parsing and validation"
    )


def _first_40(records: list[Record]) -> list[Record]:
    return [
        record.model_copy(update={"actions": record.actions[:40]})
        for record in records
        if len(record.actions) >= 40
    ]


def run(games: int, seed: int, setups: str) -> None:
    if setups in ("deck1", "both"):
        records = _mode("Deck I, no location", games, seed, all_setups=False)
        _replays("replay of a complete Deck I game", records[:500])
        _replays("replay of 40 actions of a Deck I game", _first_40(records)[:500])
    if setups in ("all", "both"):
        records = _mode("all setups (16 decks x 9 location choices)", games, seed, all_setups=True)
        _replays("replay of 40 actions of a game of any setup", _first_40(records)[:500])
