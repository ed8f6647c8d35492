"""``cardia replay RECORD.json --step``: a recorded game stepped through in the terminal, as everybody saw
it or as one seat did (never the other seat's hidden cards), Enter/n on, b back, a number to jump, q to
quit; and the end of a terminal game names a replay command that works from where it was played."""

from __future__ import annotations

import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import text
from engine import Game, Setup, parse_record, replay_document
from terminal.cli import step_through
from terminal.session import Options, TerminalGame
from tests.helpers import stacked

ROOT = Path(__file__).resolve().parents[2]
P1 = stacked("I", ["judge", "mediator", "inventor", "magistra", "clockmaker"])
P2 = stacked("I", ["surgeon", "saboteur", "treasurer", "ambusher", "djinn"])
HIDDEN = P2[15]  # at the bottom of p2's deck: swapped with the Djinn in p2's hand, p1 cannot tell


def _records() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two records of the same first rounds that differ only in a card of p2's hand never played."""
    swapped = [*P2]
    swapped[4], swapped[15] = swapped[15], swapped[4]
    setup = {"deck": "I", "seed": 1, "decks": {"p1": P1, "p2": P2}}
    game = Game(Setup.model_validate(setup))
    actions: list[dict[str, Any]] = []
    while game.round <= 4:
        decision = next(d for d in game.pending if d.player != "chance")
        options = [o for o in decision.options if "djinn" not in o and HIDDEN not in o]
        actions.append({"player": decision.player, "choose": options[: decision.count]})
        game.apply(decision.player, actions[-1]["choose"])
    first = {"format": "cardia-replay/1", "setup": setup, "actions": actions}
    second = dict(first, setup=dict(setup, decks={"p1": P1, "p2": swapped}))
    for record in (first, second):
        replay_document(json.dumps(record))  # both are legal, action for action
    return first, second


def _step(record: dict[str, Any], keys: str, seat: str | None = None, start: int = 0) -> tuple[int, str]:
    out = io.StringIO()
    status = step_through(
        parse_record(record), "game.json", start, seat, "en", stdin=io.StringIO(keys), stdout=out
    )
    return status, out.getvalue()


def test_stepping_on_back_and_to_a_number() -> None:
    record, _ = _records()
    total = len(record["actions"])
    keys = "\n" * (total + 1) + "b\np\n0\nb\n3\n?\n99\nx\n²\n٣\nq\n"  # ² and ٣: digits, not numbers
    status, shown = _step(record, keys)
    assert status == 0
    steps = re.findall(rf"Step (\d+) of {total}", shown)
    forward = [str(n) for n in range(total + 1)]
    assert steps == [*forward, str(total - 1), str(total - 2), "0", "3"]
    assert shown.count("This is the last step.") == 1 and shown.count("This is the first step.") == 1
    assert "What the symbols and keys mean" in shown and "h a hint" not in shown  # the game's keys, not here
    assert f"There is no step 99: type a number from 0 to {total}." in shown
    assert "Replay of game.json — what everybody sees" in shown
    # Each step says what its action changed, in the story's words.
    assert "What just happened" in shown and "Player 1" in shown and "Player 2" in shown


def test_a_seat_sees_its_own_hand_and_nothing_hidden_of_the_other() -> None:
    """Two games that differ only in a card of p2's hand that p1 never saw: from p1's seat, and from
    everybody's, every step looks the same, byte for byte; from p2's seat, not."""
    first, second = _records()
    keys = "\n" * len(first["actions"]) + "q\n"
    for seat in ("p1", None):
        assert _step(first, keys, seat) == _step(second, keys, seat)
    assert _step(first, keys, "p2") != _step(second, keys, "p2")
    _, shown = _step(first, "q\n", "p1")
    with text.speaking("en"):
        assert all(text.card_name(card) in shown for card in P1[:5])  # p1's hand, shown to p1
        assert text.card_name("djinn") not in shown
    assert "Replay of game.json — what Player 1 saw" in shown
    _, shown = _step(first, "q\n", "p2")
    with text.speaking("en"):
        assert text.card_name("djinn") in shown


def test_the_end_of_the_input_or_ctrl_c_ends_stepping() -> None:
    record, _ = _records()
    assert _step(record, "")[0] == 0
    _, shown = _step(record, "q\n", start=4)
    assert re.findall(r"Step (\d+) of", shown) == ["4"]


def _run(*args: str, keys: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardia", "replay", *args],
        input=keys,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_the_command(tmp_path: Path) -> None:
    record, _ = _records()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    finished = _run(str(path), "--step", "--seat", "p2", "--language", "pl", "--at", "2", keys="\nq\n")
    assert finished.returncode == 0 and finished.stderr == ""
    assert re.findall(r"Krok (\d+) z", finished.stdout) == ["2", "3"]
    # The JSON for tools is as it was; what the options need is checked, in one line.
    assert json.loads(_run(str(path)).stdout)["status"] == "in_progress"
    refused = _run("-", "--step", keys=json.dumps(record))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == "--step reads its keys from standard input: give the record as a file\n"
    beyond = _run(str(path), "--step", "--at", "999")
    assert beyond.returncode == 2 and beyond.stderr.startswith("--at: the record holds ")
    assert _run(str(path), "--seat", "p1").returncode == 2  # --seat only with --step


def test_the_end_of_a_game_names_a_replay_command_that_works(tmp_path: Path) -> None:
    options = Options(level="easy", deck="I", location=None, seat="p1", seed=3, record=tmp_path / "g 1.json")
    out = io.StringIO()
    game = TerminalGame(options, Console(file=out, width=400), lambda: None)

    def answer() -> str | None:
        decision = next((d for d in game.game.pending if d.player == "p1"), None)
        if decision is None:
            return None  # asked for a review: no
        return " ".join(str(n) for n in range(1, decision.count + 1)) + "\n"

    game.read = answer
    with text.speaking("en"):
        assert game.play() == 0
    said = re.search(r"The record is in .+: (.+) replays it step by step\.", out.getvalue())
    assert said is not None, out.getvalue()[-500:]
    command = shlex.split(said.group(1))
    assert "engine" not in command and command[-3:] == ["replay", str(tmp_path / "g 1.json"), "--step"]
    finished = subprocess.run(command, input="q\n", capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0 and "Step 0 of" in finished.stdout, finished.stderr


@pytest.mark.parametrize("seat", ["p1", "p2"])
def test_a_finished_game_steps_to_its_result(tmp_path: Path, seat: str) -> None:
    options = Options(
        level="easy", deck="II", location="bazaar", seat=seat, seed=8, record=tmp_path / "g.json"
    )
    game = TerminalGame(options, Console(file=io.StringIO()), lambda: None)
    game.read = lambda: (
        None
        if game.game.result is not None
        else " ".join(
            str(n) for n in range(1, next(d for d in game.game.pending if d.player == seat).count + 1)
        )
        + "\n"
    )
    with text.speaking("en"):
        assert game.play() == 0
    record = json.loads((tmp_path / "g.json").read_text())
    total = len(record["actions"])
    status, shown = _step(record, f"{total}\nq\n", seat)
    assert status == 0 and f"Step {total} of {total}" in shown and "🏁" in shown
