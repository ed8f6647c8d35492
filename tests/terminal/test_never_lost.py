"""A terminal game is never lost: Ctrl-C (at a prompt, or while the computer thinks) and the end of the
input save the record so far and say where, without a traceback; the record is on disk after every
decision, written so that a kill never leaves half of one; a record that cannot be written is said before
the first move; the same seed and the same answers give the same game, byte for byte."""

from __future__ import annotations

import io
import json
import os
import platform
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

import terminal.session
import text
from engine import Record, parse_record, replay_document
from terminal.cli import main
from terminal.session import Options, TerminalGame, write_atomically

ROOT = Path(__file__).resolve().parents[2]


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``cardia play`` in a real pseudo-terminal: what it shows, read up to a marker; signals sent to it."""

    def __init__(self, *args: str, cwd: Path) -> None:
        master, slave = pty.openpty()
        self.master = master
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardia", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            # A terminal rich draws its "thinking" status in, whatever this process runs in; no line wrapped.
            env=dict(
                os.environ, PYTHONPATH=str(ROOT), COLUMNS="300", TERM="xterm-256color", TTY_INTERACTIVE="1"
            ),
            start_new_session=True,
            # Ctrl-C as a person's terminal sends it, even when these tests run in the background (a shell
            # starts background jobs with SIGINT ignored, and Python keeps an ignored SIGINT ignored).
            preexec_fn=_interruptible,
        )
        os.close(slave)
        self.shown = b""
        self.read_to = 0  # where the last marker waited for ended

    def until(self, marker: bytes) -> None:
        """Read what the game shows until ``marker`` shows after the last one (a hang fails the test after
        two minutes)."""
        while marker not in self.shown[self.read_to :]:
            ready, _, _ = select.select([self.master], [], [], 120)
            assert ready, f"{marker!r} never shown: {self.shown[-500:]!r}"
            self.shown += os.read(self.master, 4096)
        self.read_to = self.shown.index(marker, self.read_to) + len(marker)

    def type(self, line: str) -> None:
        os.write(self.master, line.encode())

    def wait_for_reading(self) -> None:
        """Wait until the game is blocked reading its terminal. A signal that lands after Python last
        checked for signals but before its read begins is handled only once the read returns (CPython
        cannot close that window), so a prompt on screen is not yet a prompt that Ctrl-C interrupts."""
        reading = f"{_READ[platform.machine()]} 0x0 "  # read(0, ...): the terminal, standard input
        for _ in range(12_000):
            if (Path("/proc") / str(self.process.pid) / "syscall").read_text().startswith(reading):
                return
            time.sleep(0.01)
        raise AssertionError(f"never blocked reading its terminal: {self.shown[-500:]!r}")

    def finish(self) -> int:
        """The exit status, once everything shown is read."""
        while True:
            ready, _, _ = select.select([self.master], [], [], 120)
            assert ready, self.shown[-500:]
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the terminal's other end closed: the game is over
                break
            if not chunk:
                break
            self.shown += chunk
        status = self.process.wait(timeout=120)
        os.close(self.master)
        return status


# The read system call's number, as /proc/<pid>/syscall shows it.
_READ = {"x86_64": 0, "aarch64": 63}


def _record(path: Path) -> Record:
    """The record on disk, checked to be whole and to replay."""
    data = path.read_text()
    replay_document(data)
    return parse_record(data)


@pytest.mark.parametrize("when", ["at a prompt", "while the computer thinks"])
def test_ctrl_c_saves_the_record_and_says_where(tmp_path: Path, when: str) -> None:
    record = tmp_path / "game.json"
    game = Terminal("--level", "hard", "--seed", "4", "--record", str(record), cwd=tmp_path)
    if when == "at a prompt":
        game.until(b"Your choice")
        game.type("1\n")  # a first decision: the record holds it
        game.until(b"Round 2")
        game.until(b"Your choice")
        game.wait_for_reading()
    else:
        game.until(b"is thinking")
    game.process.send_signal(signal.SIGINT)
    assert game.finish() == 130
    shown = game.shown.decode()
    assert f"Game stopped. The record so far is in {record}." in shown
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown
    saved = _record(record)
    if when == "at a prompt":
        assert {action.player for action in saved.actions[:2]} == {"p1", "p2"}
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_ctrl_c_inside_the_computers_search_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, without a race: the search itself is interrupted, after two decisions were taken."""
    searches = 0
    real_choose = terminal.session.choose  # type: ignore[attr-defined]

    def interrupted(*args: object, **kwargs: object) -> object:
        nonlocal searches
        searches += 1
        if searches == 2:
            raise KeyboardInterrupt
        return real_choose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(terminal.session, "choose", interrupted)
    game, out = _game(tmp_path, lines=iter(["1\n"] * 5))
    with text.speaking("en"):
        assert game.play() == 130
    assert f"Game stopped. The record so far is in {tmp_path / 'game.json'}." in out.getvalue()
    assert "Traceback" not in out.getvalue()
    assert len(_record(tmp_path / "game.json").actions) == 2


def test_the_end_of_the_input_saves_too(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    finished = subprocess.run(
        [sys.executable, "-m", "cardia", "play", "--level", "easy", "--seed", "4", "--record", str(record)],
        input="1\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=dict(os.environ, COLUMNS="300"),  # no line is wrapped
    )
    assert finished.returncode == 1 and finished.stderr == ""
    assert f"Game stopped. The record so far is in {record}." in finished.stdout
    assert len(_record(record).actions) >= 2  # the computer's card and the person's


def _game(tmp_path: Path, lines: Iterator[str], seed: int = 7) -> tuple[TerminalGame, io.StringIO]:
    options = Options(
        level="easy", deck="I", location=None, seat="p1", seed=seed, record=tmp_path / "game.json"
    )
    out = io.StringIO()
    return TerminalGame(options, Console(file=out, width=300), lambda: next(lines, None)), out


def test_the_record_is_on_disk_after_every_decision(tmp_path: Path) -> None:
    """Even a kill (SIGKILL) loses nothing: at every prompt the file holds every decision taken so far."""
    checked = []
    game: TerminalGame | None = None

    def read() -> str | None:
        assert game is not None
        on_disk = [(a.player, list(a.choose)) for a in _record(tmp_path / "game.json").actions]
        assert on_disk == [(a.player, list(a.choose)) for a in game.actions]
        checked.append(len(on_disk))
        decision = next((d for d in game.game.pending if d.player == "p1"), None)
        if decision is None or len(checked) == 12:
            return None  # the game is over (no review), or stopped
        return " ".join(str(n) for n in range(1, decision.count + 1)) + "\n"

    game, _ = _game(tmp_path, iter(()))
    game.read = read
    with text.speaking("en"):
        game.save()
        assert game.play() in (0, 1)  # played to the end, or stopped after twelve decisions
    assert len(checked) >= 5 and checked == sorted(set(checked))  # every decision written as taken


def test_a_write_interrupted_leaves_the_previous_record_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.json"
    record.write_text('{"old": true}\n')

    def killed(*_: object) -> None:
        raise KeyboardInterrupt  # the process stopped between writing the new record and putting it in place

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(record, '{"new": true}\n')
    assert record.read_text() == '{"old": true}\n' and list(tmp_path.iterdir()) == [record]
    monkeypatch.undo()
    write_atomically(record, '{"new": true}\n')
    assert json.loads(record.read_text()) == {"new": True} and list(tmp_path.iterdir()) == [record]


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("missing/x.json", "there is no folder {tmp}/missing"),
        (".", "it is a folder"),
        ("file.txt/x.json", "there is no folder {tmp}/file.txt"),
    ],
)
def test_a_record_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, where: str, reason: str
) -> None:
    (tmp_path / "file.txt").write_text("not a folder")
    target = (tmp_path / where) if where != "." else tmp_path
    finished = subprocess.run(
        [sys.executable, "-m", "cardia", "play", "--seed", "4", "--record", str(target), "--language", "en"],
        input="1\n" * 50,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert finished.returncode == 2 and finished.stdout == ""  # not a move was asked
    expected = f"Cannot save the record to {target}: {reason.format(tmp=tmp_path)}."
    assert finished.stderr == expected + "\n"


def test_a_record_place_not_allowed_is_refused_in_the_players_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    status = main(["--language", "hu", "--record", "/sys/cardia.json"], stdin=io.StringIO("1\n"), stdout=out)
    assert status == 2 and out.getvalue() == ""
    assert capsys.readouterr().err.startswith("A jegyzőkönyv nem menthető ide: /sys/cardia.json (")


def _transcript(record: Path, level: str) -> tuple[str, bytes]:
    """A whole game from the command line with a scripted typist: 1, then 1 2, then 1 2 3 ... until one
    is taken (the same lines whatever the game asks)."""

    out = io.StringIO()

    class Typist(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.lines = 0

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            self.lines += 1
            if self.lines > 400 or out.getvalue().rstrip().endswith("q to finish:"):
                return ""  # no review: the game is what is compared
            return " ".join(str(n) for n in range(1, self.lines % 3 + 2)) + "\n"

    status = main(
        [
            "--level",
            level,
            "--seed",
            "1234",
            "--location",
            "random",
            "--record",
            str(record),
            "--language",
            "en",
        ],
        stdin=Typist(),
        stdout=out,
    )
    assert status == 0, out.getvalue()[-500:]  # played to the end
    return out.getvalue(), record.read_bytes()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_same_seed_and_answers_give_the_same_game(tmp_path: Path, level: str) -> None:
    """The deal, the location drawn, and every choice of the computer come from the seed."""
    first = _transcript(tmp_path / "game.json", level)
    second = _transcript(tmp_path / "game.json", level)
    assert first == second
    assert replay_document(first[1]).result is not None


def test_ctrl_c_during_the_review_at_the_end_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal.session, "review", interrupted)
    game, out = _game(tmp_path, iter(()))

    def answer() -> str | None:
        decision = next((d for d in game.game.pending if d.player == "p1"), None)
        return "\n" if decision is None else " ".join(str(n) for n in range(1, decision.count + 1)) + "\n"

    game.read = answer
    with text.speaking("en"):
        assert game.play() == 130
    assert "Traceback" not in out.getvalue() and "The record is in" in out.getvalue()
    assert replay_document((tmp_path / "game.json").read_text()).result is not None


def test_a_record_that_can_no_longer_be_written_is_said_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    options = Options(level="easy", deck="I", location=None, seat="p1", seed=7, record=folder / "game.json")
    out = io.StringIO()
    answers = 0

    def answer() -> str | None:
        nonlocal answers
        answers += 1
        if answers == 2:
            (folder / "game.json").unlink()
            folder.rmdir()  # the folder is gone: every save from now on fails
        decision = next(d for d in game.game.pending if d.player == "p1")
        return None if answers == 5 else " ".join(str(n) for n in range(1, decision.count + 1)) + "\n"

    game = TerminalGame(options, Console(file=out, width=300), answer)
    with text.speaking("en"):
        game.save()
        assert game.play() == 1
    line = f"Cannot save the record to {folder / 'game.json'}: there is no folder {folder}.\n"
    assert capsys.readouterr().err == line * 2  # when it first failed, and when the game stopped
    assert "Game stopped" not in out.getvalue() and len(game.actions) >= 6


def test_a_record_named_by_default_never_replaces_an_earlier_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playing a seed again (to reproduce a game) saves beside the first game's record, not over it."""
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "cardia-4.json"
    earlier.write_text("the first game's record")
    assert main(["--seed", "4", "--language", "en"], stdin=io.StringIO("q\n"), stdout=io.StringIO()) == 1
    assert earlier.read_text() == "the first game's record"
    replay_document((tmp_path / "cardia-4-2.json").read_bytes())  # the new game's, whole
