"""The terminal game (``python -m engine play``): a whole game against the computer, input errors answered
with one line and nothing lost, the record saved and replayable, and a screen that shows only what the
person may see (two games that differ only in cards the person never saw look the same)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import text
from engine import replay_document, view
from terminal.cli import deck_choice, main
from terminal.review import main as review_main
from terminal.session import Options, TerminalGame
from tests.helpers import stacked

ROOT = Path(__file__).resolve().parents[2]


class Player:
    """Answers the terminal's questions like a person at the keyboard: a random legal choice by number,
    and (when ``mistakes``) a wrong line first now and then."""

    def __init__(self, game: TerminalGame, seed: int, mistakes: bool = False, stop_after: int | None = None):
        self.session = game
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.stop_after = stop_after
        self.lines: list[str] = []
        self.wrong = 0  # wrong lines typed
        self.after_game: str | None = None  # what is typed once the game is over (None: the input ends)
        self.hints = 0  # hints to ask for, one before each of the first decisions
        self.hinted: list[tuple[str, ...]] = []  # the options of each decision a hint was asked at

    def __call__(self) -> str | None:
        game = self.session.game
        if game.result is not None:
            return self.after_game  # asked whether to review the game
        decision = next(d for d in game.pending if d.player == self.session.person)
        if self.stop_after is not None and len(self.lines) - self.wrong >= self.stop_after:
            return None  # the input ends
        if len(self.hinted) < self.hints and (not self.lines or self.lines[-1] != "h"):
            self.hinted.append(decision.options)
            self.lines.append("h")
            return "h\n"
        if self.mistakes and self.rng.random() < 0.3:
            self.wrong += 1
            line = self.rng.choice(["", "abc", "0", str(len(decision.options) + 1), "1 1 1 1 1 1 1 1 1 1"])
            self.lines.append(line)
            return line + "\n"
        picked = self.rng.sample(range(1, len(decision.options) + 1), decision.count)
        line = " ".join(map(str, picked))
        self.lines.append(line)
        return line + "\n"


def _session(tmp_path: Path, seed: int = 7, **overrides: object) -> tuple[TerminalGame, io.StringIO]:
    options = Options(
        level=str(overrides.pop("level", "easy")),
        deck=overrides.pop("deck", "I"),  # type: ignore[arg-type]
        location=overrides.pop("location", None),  # type: ignore[arg-type]
        seat=str(overrides.pop("seat", "p1")),
        seed=seed,
        record=tmp_path / "game.json",
        decks=overrides.pop("decks", None),  # type: ignore[arg-type]
    )
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    game = TerminalGame(options, console, lambda: None)
    return game, out


@pytest.mark.parametrize(("seat", "location"), [("p1", None), ("p2", "haunted_catacombs")])
def test_a_whole_game_with_typing_mistakes_is_played_and_saved(
    tmp_path: Path, seat: str, location: str | None
) -> None:
    game, out = _session(tmp_path, seed=11, seat=seat, location=location)
    player = Player(game, seed=3, mistakes=True)
    game.read = player
    with text.speaking("en"):
        assert game.play() == 0
    shown = out.getvalue()
    assert game.game.result is not None
    # Every wrong line got one line of answer, and the game went on.
    errors = shown.count("Type one of the numbers") + shown.count("Choose exactly")
    assert player.wrong > 0 and errors == player.wrong
    assert "The record is in" in shown and "decisions —" in shown
    # The record replays to the same end, decision by decision.
    record = (tmp_path / "game.json").read_text()
    replayed = replay_document(record)
    assert replayed.result == game.game.result
    assert len(json.loads(record)["actions"]) == len(game.actions)
    person_decisions = [a for a in game.actions if a.player == seat]
    assert len(person_decisions) == len(player.lines) - player.wrong


def test_stopping_saves_the_game_so_far(tmp_path: Path) -> None:
    game, out = _session(tmp_path)
    game.read = Player(game, seed=1, stop_after=3)
    with text.speaking("en"):
        assert game.play() == 1
    assert "Game stopped. The record so far is in" in out.getvalue()
    replayed = replay_document((tmp_path / "game.json").read_text())
    assert replayed.result is None and len(replayed.events) > 0


def test_the_screen_shows_nothing_the_person_has_not_seen(tmp_path: Path) -> None:
    """Two games whose computer decks differ only below the cards drawn so far: the person sees the same
    screens, byte for byte (the computer itself cannot tell them apart, so it plays the same)."""
    p1 = stacked("I", ["judge", "mediator", "inventor", "magistra", "clockmaker"])
    p2 = stacked("I", ["surgeon", "saboteur", "treasurer", "ambusher", "djinn"])
    swapped = [*p2]
    swapped[10], swapped[14] = swapped[14], swapped[10]
    assert swapped != p2
    screens = []
    for deck in (p2, swapped):
        game, out = _session(tmp_path, decks={"p1": p1, "p2": deck})
        game.read = Player(game, seed=5, stop_after=3)
        with text.speaking("en"):
            game.play()
            revealed = [
                text.card_name(encounter.p2.card)
                for encounter in view(game.game, "p1").encounters
                if encounter.p2 is not None and encounter.p2.card and encounter.p2.face_up
            ]
        screens.append(out.getvalue())
    assert screens[0] == screens[1]
    assert len(revealed) >= 2 and all(name in screens[0] for name in revealed)  # what was shown, is


def test_the_command_line(tmp_path: Path) -> None:
    record = tmp_path / "stopped.json"
    finished = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--level", "easy", "--seed", "4", "--record", str(record)],
        input="x\nq\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert finished.returncode == 1, finished.stderr
    assert "Type one of the numbers 1 to 5." in finished.stdout
    assert "Game stopped" in finished.stdout and record.exists()
    replay_document(record.read_text())
    # In Hungarian, with a mixed deck and a random location.
    out = io.StringIO()
    status = main(
        ["--language", "hu", "--deck", "1212", "--location", "random", "--record", str(tmp_path / "hu.json")],
        stdin=io.StringIO("q\n"),
        stdout=out,
    )
    assert status == 1 and "A játszma megszakadt" in out.getvalue()
    assert deck_choice("II") == "II" and deck_choice("2222") == "II"
    assert deck_choice("1212") == {"rebels": "I", "academy": "II", "guild": "I", "dynasty": "II"}
    with pytest.raises(SystemExit):
        main(["--deck", "3"], stdin=io.StringIO(""), stdout=io.StringIO())
    with pytest.raises(SystemExit):
        main(["--location", "nowhere"], stdin=io.StringIO(""), stdout=io.StringIO())


def test_hints_and_a_review_at_the_end(tmp_path: Path) -> None:
    game, out = _session(tmp_path, seed=21)
    player = Player(game, seed=2)
    player.hints, player.after_game = 2, "\n"
    game.read = player
    with text.speaking("en"):
        assert game.play() == 0
        shown = out.getvalue()
        labels = [
            [text.option_label("play", option, "p1", game.names) for option in options]
            for options in player.hinted
        ]
    hints = [line[line.index("Hint: ") :] for line in shown.splitlines() if "Hint: " in line]
    assert len(hints) == 2
    for line, options in zip(hints, labels, strict=True):  # a hint names one of the options, and a chance
        assert any(line.startswith(f"Hint: {label} — your chance of winning with it: ") for label in options)
    assert "decisions reviewed." in shown
    chart = tmp_path / "game-p1-review.png"
    assert chart.read_bytes().startswith(b"\x89PNG") and str(chart) in shown.replace("\n", "")


def test_the_review_command(tmp_path: Path) -> None:
    game, _ = _session(tmp_path, seed=5)
    game.read = Player(game, seed=9)
    with text.speaking("en"):
        game.play()
    record = tmp_path / "game.json"
    out = io.StringIO()
    chart = tmp_path / "chart.png"
    status = review_main([str(record), "--seat", "p2", "--chart", str(chart), "--language", "pl"], stdout=out)
    assert status == 0 and "Przeanalizowano" in out.getvalue() and chart.read_bytes().startswith(b"\x89PNG")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardia-replay/1"}')
    finished = subprocess.run(
        [sys.executable, "-m", "cardia", "review", str(broken), "--seat", "p1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert finished.returncode == 2 and len(finished.stderr.strip().splitlines()) == 1, finished.stderr
