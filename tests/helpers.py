"""Helpers for scenario tests: build a game with chosen cards on top of each deck and drive it.

game = new_game(p1=["surgeon", "djinn"], p2=["judge", "mediator"])
play(game, "p1:surgeon", "p2:judge")     # both place a card (each only if asked)
choose(game, "p2", "rebels")             # answer a pending decision
assert card(game, 0, "p1")["influence"] == 3
"""

from __future__ import annotations

import ast
import asyncio
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from cards import FACTIONS, LOCATIONS, Deck, Faction, composition
from engine import Game, Setup, state
from engine.model import PLAYERS, Decision, DecisionKind

ROOT = Path(__file__).resolve().parents[1]

AllDecks = Deck | dict[str, Deck]

# The card ids of docs/record-format.md ("Identifiers"), by value, written out independently of cards/ on
# purpose.
DECK_I = [
    "hired_blade",
    "void_mage",
    "surgeon",
    "mediator",
    "saboteur",
    "fortune_teller",
    "palace_guard",
    "judge",
    "ambusher",
    "puppeteer",
    "clockmaker",
    "treasurer",
    "swamp_guardian",
    "magistra",
    "inventor",
    "djinn",
]
DECK_II = [
    "poisoner",
    "kinesis_mage",
    "envoy",
    "tax_collector",
    "revolutionary",
    "librarian",
    "prodigy",
    "aristocrat",
    "blackmailer",
    "illusionist",
    "engineer",
    "counselor",
    "witch_king",
    "elemental",
    "mechanical_djinn",
    "successor",
]

# Every decision kind the engine asks a player (docs/record-format.md "Decisions", named as the engine names
# them).
DECISION_KINDS = (
    "play",
    "void_mage",
    "palace_guard_faction",
    "palace_guard_discard",
    "ambusher_faction",
    "witch_king_faction",
    "blackmailer_faction",
    "swamp_guardian",
    "magistra",
    "inventor_plus",
    "inventor_minus",
    "kinesis_from",
    "kinesis_to",
    "envoy",
    "revolutionary_discard",
    "librarian",
    "prodigy",
    "blackmailer_discard",
    "illusionist",
    "elemental",
    "successor_keep",
    "serpent_temple_discard",
    "scrapyard",
)


def stacked(deck: AllDecks, top: list[str]) -> list[str]:
    """A full starting deck: ``top`` first (in that order), then the rest of the composition by value."""
    if isinstance(deck, dict):
        sources = {Faction(faction): source for faction, source in deck.items()}
    else:
        sources = dict.fromkeys(Faction, deck)
    ids = [card.id for card in composition(sources)]
    assert len(set(top)) == len(top) and set(top) <= set(ids), top
    return top + [card for card in ids if card not in top]


def new_game(
    p1: list[str],
    p2: list[str],
    deck: AllDecks = "I",
    location: str | None = None,
    chance: str = "explicit",
    seed: int = 0,
) -> Game:
    """A game whose decks start with ``p1`` and ``p2`` (opening hand = the first 5, Grand Library 2)."""
    setup = Setup.model_validate(
        {
            "deck": deck,
            "location": location,
            "seed": seed,
            "chance": chance,
            "decks": {"p1": stacked(deck, p1), "p2": stacked(deck, p2)},
        }
    )
    return Game(setup)


def choose(game: Game, player: str, *options: str) -> None:
    game.apply(player, list(options))


def play(game: Game, p1_card: str | None = None, p2_card: str | None = None) -> None:
    """Phase 1: each given card is placed if that player is asked to play (a lone card plays itself)."""
    for player, card_ref in (("p1", p1_card), ("p2", p2_card)):
        if card_ref is not None and pending(game, player) is not None:
            assert pending(game, player).kind == "play", pending(game, player)  # type: ignore[union-attr]
            choose(game, player, card_ref)


def pending(game: Game, player: str) -> Decision | None:
    return next((d for d in game.pending if d.player == player), None)


def view(game: Game) -> dict[str, Any]:
    return state(game)


def signets(game: Game) -> tuple[int, int]:
    """Both players' signet totals, (p1, p2)."""
    totals = view(game)["signets"]
    return totals["p1"], totals["p2"]


def card(game: Game, index: int, player: str) -> dict[str, Any]:
    """The state of ``player``'s card in encounter ``index`` (0 = oldest)."""
    slot = state(game)["encounters"][index][player]
    assert slot is not None
    return slot  # type: ignore[no-any-return]


def winner(game: Game, index: int) -> str | None:
    return state(game)["encounters"][index]["winner"]  # type: ignore[no-any-return]


def hand(game: Game, player: str) -> list[str]:
    return state(game)["players"][player]["hand"]  # type: ignore[no-any-return]


def random_setup(rng: random.Random) -> Setup:
    """A random setup of any kind: a deck (I, II or mixed), a location or none, either kind of chance,
    and shuffled decks."""
    deck = rng.choice(["I", "II", {faction: rng.choice(("I", "II")) for faction in FACTIONS}])
    base = Setup.model_validate({"deck": deck, "seed": 0})
    decks = {player: rng.sample(base.card_ids, len(base.card_ids)) for player in PLAYERS}
    return Setup.model_validate(
        {
            "deck": deck,
            "location": rng.choice([None, *LOCATIONS]),
            "seed": rng.randrange(2**32),
            "chance": rng.choice(["seeded", "explicit"]),
            "decks": decks,
        }
    )


def engine_kinds() -> set[str]:
    """The kinds the engine's source asks players for: the ``kind`` (``DecisionKind.X``) of every ask,
    choose_card, choose_faction and Decision call in engine/game.py, engine/locations.py and
    engine/abilities/."""
    kinds: set[str] = set()
    sources = [ROOT / "engine" / "game.py", ROOT / "engine" / "locations.py"]
    for path in [*sources, *sorted((ROOT / "engine" / "abilities").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if (
                name in ("ask", "ask_one", "choose_card", "choose_faction", "Decision")
                and len(node.args) >= 2
            ):
                kind = node.args[1]
                if isinstance(kind, ast.Attribute) and ast.unparse(kind.value) == "DecisionKind":
                    kinds.add(DecisionKind[kind.attr].value)
    return kinds


class Clock:
    """A fake clock for the bot's timers: it stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


async def until(condition: Callable[[], bool], what: str, within: float = 10.0) -> None:
    """Wait until ``condition()`` holds, looking every few milliseconds: for a state that no event tells
    of (a count kept by the code, a thread's work done); fails after ``within`` s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.005)
