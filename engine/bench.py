"""Benchmark: random complete games with random legal decisions, and record replays, on one core.

    python -m engine bench [--games N] [--setups deck1|all|both]

Prints figures; asserts nothing. The README keeps the latest figures of this machine.
"""

from __future__ import annotations

import json
import random
import time

from cards import FACTIONS, LOCATIONS
from engine.game import Game, replay
from engine.record import Record, Setup, parse_record


def random_setup(rng: random.Random, all_setups: bool) -> Setup:
    if not all_setups:
        return Setup(deck="I", seed=rng.randrange(2**32))
    deck = {faction: rng.choice(("I", "II")) for faction in FACTIONS}
    location = rng.choice([None, *LOCATIONS])
    return Setup.model_validate({"deck": deck, "location": location, "seed": rng.randrange(2**32)})


def play_random(game: Game, rng: random.Random) -> list[tuple[str, list[str]]]:
    """Answer random legal options until the game ends; returns the actions taken."""
    actions: list[tuple[str, list[str]]] = []
    while game.result is None:
        decision = rng.choice(game.pending)
        if decision.ordered:
            choice = rng.sample(decision.options, len(decision.options))
        else:
            choice = rng.sample(decision.options, decision.count)
        game.apply(decision.player, choice)
        actions.append((decision.player, choice))
    return actions


def _mode(name: str, games: int, seed: int, all_setups: bool) -> list[Record]:
    rng = random.Random(seed)
    setups = [random_setup(rng, all_setups) for _ in range(games)]
    records: list[Record] = []
    decisions = 0
    start = time.perf_counter()
    for setup in setups:
        actions = play_random(Game(setup), rng)
        decisions += len(actions)
        if len(actions) >= 40:
            records.append(
                Record.model_validate(
                    {
                        "format": "cardia-replay/1",
                        "setup": setup,
                        "actions": [{"player": p, "choose": c} for p, c in actions[:40]],
                    }
                )
            )
    elapsed = time.perf_counter() - start
    print(
        f"{name}: {games} random games in {elapsed:.2f} s = {games / elapsed:,.0f} games/s, "
        f"{decisions / games:.1f} decisions/game, {elapsed / decisions * 1e6:.1f} µs/decision"
    )
    return records


def _replays(records: list[Record]) -> None:
    if not records:
        print("no game reached 40 actions")
        return
    texts = [json.dumps(record.model_dump(mode="json")) for record in records]
    start = time.perf_counter()
    for record in records:
        replay(record)
    engine_only = (time.perf_counter() - start) / len(records)
    start = time.perf_counter()
    for text in texts:
        replay(parse_record(text))
    with_parse = (time.perf_counter() - start) / len(texts)
    print(
        f"replay of a 40-action record ({len(records)} records): {engine_only * 1e3:.3f} ms engine only, "
        f"{with_parse * 1e3:.3f} ms including JSON parsing and validation"
    )


def run(games: int, seed: int, setups: str) -> None:
    if setups in ("deck1", "both"):
        _replays(_mode("Deck I, no location", games, seed, all_setups=False))
    if setups in ("all", "both"):
        _replays(_mode("all setups (16 decks x 9 location choices)", games, seed, all_setups=True))
