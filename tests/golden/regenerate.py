"""Regenerate the golden playthroughs: `python -m tests.golden.regenerate`.

Each golden playthrough is a random but fixed game (``NAME.record.json``) with what the engine made of
it when it was last reviewed: the final state (``NAME.state.json``) and, as OpenSpiel keeps them, every
step (``NAME.steps.json``, one step a line): the action, then the pending decisions, each player's view,
the public view and the events each of them was told. They catch unintended changes anywhere in the
engine, and in what players are shown. Regenerate only when such a change is intended, and review the
diff before committing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine import Game, Setup, observation, state, visible_events
from engine.bench import play_random

HERE = Path(__file__).parent

# (name, deck, location, chance)
CASES: list[tuple[str, Any, str | None, str]] = [
    ("deck1", "I", None, "seeded"),
    ("deck1-explicit", "I", None, "explicit"),
    ("deck2", "II", None, "seeded"),
    ("deck2-explicit", "II", None, "explicit"),
    (
        "mixed-serpent-temple",
        {"rebels": "I", "academy": "II", "guild": "I", "dynasty": "II"},
        "serpent_temple",
        "seeded",
    ),
    ("mixed-bazaar", {"rebels": "II", "academy": "I", "guild": "II", "dynasty": "I"}, "bazaar", "seeded"),
    ("deck1-founders-day", "I", "founders_day", "seeded"),
    ("deck2-grand-library", "II", "grand_library", "seeded"),
    ("deck2-scrapyard", "II", "scrapyard", "explicit"),
    ("deck1-auction-house", "I", "auction_house", "seeded"),
    (
        "mixed-haunted-catacombs",
        {"rebels": "II", "academy": "II", "guild": "I", "dynasty": "I"},
        "haunted_catacombs",
        "seeded",
    ),
    ("deck2-foggy-swamp", "II", "foggy_swamp", "seeded"),
]


def record_for(deck: Any, location: str | None, chance: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    setup: dict[str, Any] = {"deck": deck, "location": location, "seed": seed, "chance": chance}
    if chance == "explicit":
        ids = list(Setup.model_validate({**setup, "chance": "seeded"}).card_ids)
        setup["decks"] = {player: rng.sample(ids, len(ids)) for player in ("p1", "p2")}
    game = Game(Setup.model_validate(setup))
    actions = play_random(game, rng)
    return {
        "format": "cardia-replay/1",
        "setup": setup,
        "actions": [{"player": player, "choose": choice} for player, choice in actions],
    }


VIEWERS: dict[str, str | None] = {"p1": "p1", "p2": "p2", "public": None}


def steps_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step of a recorded game: the opening, then each action and what it led to."""
    game = Game(Setup.model_validate(record["setup"]))
    steps = []
    told = 0
    for action in [None, *record["actions"]]:
        if action is not None:
            game.apply(action["player"], action["choose"])
        steps.append(
            {
                "action": action,
                "pending": [
                    {"player": d.player, "kind": d.kind, "options": list(d.options), "count": d.count}
                    for d in game.pending
                ],
                "views": {name: observation(game, viewer) for name, viewer in VIEWERS.items()},
                "events": {
                    name: [list(event) for event in visible_events(game, viewer, told)]
                    for name, viewer in VIEWERS.items()
                },
            }
        )
        told = len(game.events)
    return steps


def steps_text(steps: list[dict[str, Any]]) -> str:
    """One step a line: a diff shows which step changed."""
    return "[\n" + ",\n".join(json.dumps(step, ensure_ascii=False) for step in steps) + "\n]\n"


def main() -> None:
    for number, (name, deck, location, chance) in enumerate(CASES):
        record = record_for(deck, location, chance, seed=1000 + number)
        game = Game(Setup.model_validate(record["setup"]))
        for action in record["actions"]:
            game.apply(action["player"], action["choose"])
        (HERE / f"{name}.record.json").write_text(json.dumps(record, indent=1) + "\n")
        (HERE / f"{name}.state.json").write_text(json.dumps(state(game), indent=1, ensure_ascii=False) + "\n")
        (HERE / f"{name}.steps.json").write_text(steps_text(steps_of(record)))


if __name__ == "__main__":
    main()
