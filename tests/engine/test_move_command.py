"""``python -m engine move RECORD.json --player p1|p2 [--level] [--seed] [--budget-ms]``: one JSON action
on standard output that answers that player's pending decision, for every setup and every decision kind;
exit 2 and one line on standard error when the player has nothing to decide or the record is invalid."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cards import FACTIONS, LOCATIONS
from engine import Game, Setup
from engine.__main__ import main
from engine.bench import random_actions
from engine.model import CHANCE
from engine.player.policies import answers
from tests.helpers import DECISION_KINDS

ROOT = Path(__file__).resolve().parents[2]
FORMAT = "cardia-replay/1"


def move(path: Path, *arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["move", str(path), *arguments])
    return status, out.getvalue(), err.getvalue()


def positions_by_kind(rng: random.Random) -> dict[tuple[str, str], dict[str, Any]]:
    """A record for each (decision kind, chance mode) met in random games of random setups."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for _ in range(4000):
        if len(found) == 2 * len(DECISION_KINDS):
            break
        deck = rng.choice(["I", "II", {faction.value: rng.choice(("I", "II")) for faction in FACTIONS}])
        chance = rng.choice(["seeded", "explicit"])
        setup: dict[str, Any] = {
            "deck": deck,
            "location": rng.choice([None, *LOCATIONS]),
            "seed": rng.randrange(99),
        }
        if chance == "explicit":
            ids = list(Setup.model_validate(setup).card_ids)
            setup |= {"chance": "explicit", "decks": {p: rng.sample(ids, len(ids)) for p in ("p1", "p2")}}
        game = Game(Setup.model_validate(setup))
        actions: list[dict[str, Any]] = []
        for player, choice in random_actions(game, rng):
            actions.append({"player": player, "choose": choice})
            for decision in game.pending:
                key = (decision.kind, chance)
                if decision.player != CHANCE and len(answers(decision)) > 1 and key not in found:
                    found[key] = {
                        "record": {"format": FORMAT, "setup": setup, "actions": list(actions)},
                        "player": decision.player,
                    }
    return found


def test_every_decision_kind_of_every_setup_gets_a_legal_answer(tmp_path: Path) -> None:
    found = positions_by_kind(random.Random(31))
    assert {kind for kind, _ in found} == set(DECISION_KINDS), set(DECISION_KINDS) - {k for k, _ in found}
    for (kind, chance), position in sorted(found.items()):
        path = tmp_path / f"{kind}-{chance}.json"
        path.write_text(json.dumps(position["record"]))
        for level in ("easy", "normal"):
            status, out, err = move(path, "--player", position["player"], "--level", level, "--seed", "4")
            assert status == 0 and err == "", (kind, chance, err)
            action = json.loads(out)
            assert action["player"] == position["player"] and out.endswith("\n")
            game = Game(Setup.model_validate(position["record"]["setup"]))
            for earlier in position["record"]["actions"]:
                game.apply(earlier["player"], earlier["choose"])
            game.apply(action["player"], action["choose"])  # legal, or this raises


def test_the_same_seed_gives_the_same_answer_and_the_budget_is_honoured(tmp_path: Path) -> None:
    path = tmp_path / "opening.json"
    path.write_text(json.dumps({"format": FORMAT, "setup": {"deck": "II", "seed": 8}, "actions": []}))
    first = move(path, "--player", "p2", "--level", "hard", "--seed", "5")
    assert first == move(path, "--player", "p2", "--level", "hard", "--seed", "5")
    status, out, _ = move(path, "--player", "p1", "--level", "hard", "--budget-ms", "50")
    assert status == 0 and json.loads(out)["player"] == "p1"


@pytest.mark.parametrize(
    ("document", "player", "message"),
    [
        ({"format": FORMAT, "setup": {"deck": "I", "seed": 1}, "actions": []}, "p1", None),
        (
            {
                "format": FORMAT,
                "setup": {"deck": "I", "seed": 1},
                "actions": [{"player": "p1", "choose": ["x"]}],
            },
            "p1",
            "action 0: play: 'x' is not an option",
        ),
        ({"format": "cardia-replay/2", "setup": {"deck": "I", "seed": 1}}, "p1", "format"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    tmp_path: Path, document: dict[str, Any], player: str, message: str | None
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(document))
    status, out, err = move(path, "--player", player)
    if message is None:
        assert status == 0
        return
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_a_player_with_nothing_to_decide_is_refused(tmp_path: Path) -> None:
    """After p1 chose its card the round waits for p2 only; and a finished game waits for nobody."""
    game = Game(Setup(deck="I", seed=3))
    p1_card = game.pending[0].options[0]
    path = tmp_path / "waiting.json"
    path.write_text(
        json.dumps(
            {
                "format": FORMAT,
                "setup": {"deck": "I", "seed": 3},
                "actions": [{"player": "p1", "choose": [p1_card]}],
            }
        )
    )
    status, out, err = move(path, "--player", "p1")
    assert (status, out) == (2, "") and err == "p1 has nothing to decide: it is not their turn\n"
    rng = random.Random(1)
    finished = Game(Setup(deck="I", seed=3))
    actions = [{"player": p, "choose": c} for p, c in random_actions(finished, rng)]
    path.write_text(json.dumps({"format": FORMAT, "setup": {"deck": "I", "seed": 3}, "actions": actions}))
    status, out, err = move(path, "--player", "p2")
    assert (status, out) == (2, "") and err == "p2 has nothing to decide: the game is over\n"


def test_the_command_reads_standard_input_in_a_process_of_its_own() -> None:
    document = {"format": FORMAT, "setup": {"deck": "I", "location": "bazaar", "seed": 2}, "actions": []}
    done = subprocess.run(
        [sys.executable, "-m", "engine", "move", "-", "--player", "p2", "--level", "normal"],
        cwd=ROOT,
        input=json.dumps(document),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["player"] == "p2"
    refused = subprocess.run(
        [sys.executable, "-m", "engine", "move", "-", "--player", "p3"],
        cwd=ROOT,
        input="{}",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert refused.returncode == 2 and "p3" in refused.stderr
