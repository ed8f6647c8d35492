"""A whole game against the computer in a terminal: the computer answers its decisions (engine.player),
the person answers theirs by number, and every step is shown from the person's own view with what
happened. Input errors are answered with one line and asked again; ``h`` asks for a hint, ``?`` shows
what the symbols and keys mean, ``r`` the rules, ``q`` (or the end of the input, or Ctrl-C) stops the
game. The record (``cardia-replay/1``) is written before the first decision and again after every one,
each time to a temporary file renamed over it, so that no stop, not even a kill, loses or truncates it;
a finished game's review is offered.

The game is a function of its seed and the person's answers: the deal comes from the seed, and every
move of the computer from the seed and the number of decisions taken (a hint, from the game itself), so
the same seed and the same answers give the same game, byte for byte, hints asked or not.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

import text
from cards import DeckChoice
from engine import Action, Decision, Game, Record, Setup, happenings, view
from engine.player import choose
from engine.review import hint, review
from engine.view import View
from terminal import screen
from terminal.files import cannot_save
from terminal.review import chart_path, show_review

Read = Callable[[], str | None]  # the next line typed (None: the input ended)
QUIT = ("q", "quit", "exit")
HINT = ("h", "hint")
LEGEND = ("?", "help")
RULES = ("r", "rules")
INTERRUPTED = 130  # the exit status of a program stopped by Ctrl-C (128 + SIGINT)


@dataclass(frozen=True, slots=True)
class Options:
    level: str
    deck: DeckChoice
    location: str | None
    seat: str  # the person's: "p1" or "p2"
    seed: int  # the game's
    record: Path  # where the record is saved
    name: str | None = None  # the person's name in the story (default: "Player", in their language)
    decks: dict[str, list[str]] | None = None  # stacked decks (tests), else dealt from the seed


class Stopped(Exception):
    """The person stopped the game (``q``, or the end of the input)."""


class TerminalGame:
    def __init__(self, options: Options, console: Console, read: Read) -> None:
        self.options = options
        self.console = console
        self.read = read
        setup: dict[str, object] = {
            "deck": options.deck,
            "location": options.location,
            "seed": options.seed,
            "chance": "seeded",
        }
        if options.decks is not None:
            setup["decks"] = options.decks
        self.setup = Setup.model_validate(setup)
        self.game = Game(self.setup)
        self.actions: list[Action] = []
        self.person = options.seat
        self.computer = "p2" if options.seat == "p1" else "p1"
        level = text.tr(f"computer.level.{options.level}")
        person = options.name or text.tr("terminal.player")
        self.names = {self.person: person, self.computer: text.tr("computer.name", level=level)}
        self.told = 0  # engine events already told
        self.unsaved = False  # the last save failed (said once)

    # --- the game -------------------------------------------------------------------------------------

    def play(self) -> int:
        """Play to the end (0), or until stopped: 1 by ``q`` or the end of the input, 130 by Ctrl-C. The
        record is saved after every decision; call :meth:`save` first to learn whether it can be."""
        self.console.print(screen.styled(f"**{text.tr('terminal.title', level=self.names[self.computer])}**"))
        self.console.print(screen.styled(screen.setup_line(self.setup)))
        try:
            while self.game.result is None:
                self._step()
        except (Stopped, KeyboardInterrupt) as stop:
            self.console.print()  # the prompt's line was left open
            if self._save_or_say(always=True):
                self.console.print(screen.styled(text.tr("terminal.stopped", file=str(self.options.record))))
            return INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 1
        self._show()
        saved = self._save_or_say(always=True)
        signets = self.game_view().signets
        mine, theirs = (signets[0], signets[1]) if self.person == "p1" else (signets[1], signets[0])
        self.console.print(
            screen.styled(
                text.tr(
                    "terminal.summary",
                    rounds=text.plural("history.rounds", self.game.round),
                    decisions=text.plural("history.decisions", len(self.actions)),
                    a=mine,
                    b=theirs,
                )
            )
        )
        if not saved:  # said why; the review's chart would go where nothing can be written
            return 0
        replay = f"{cardia_command()} replay {shlex.quote(str(self.options.record))} --step"
        self.console.print(
            screen.styled(text.tr("terminal.saved", file=str(self.options.record), replay=replay))
        )
        try:
            self._offer_review()
        except KeyboardInterrupt:  # the record is saved: nothing is lost
            self.console.print()
            return INTERRUPTED
        return 0

    def _offer_review(self) -> None:
        """A review of the person's decisions, if they want one (Enter), with its chart beside the record."""
        self.console.print(text.tr("terminal.review_offer"), end=" ")
        line = self.read()
        if line is None or line.strip().lower() in QUIT:
            return
        with self.console.status(text.tr("terminal.reviewing")):
            reviewed = review(self._record(), self.person)
        show_review(self.console, reviewed, self.names, chart_path(self.options.record, self.person))

    def game_view(self) -> View:
        """What the person may see (the engine's view for their seat)."""
        return view(self.game, self.person)

    def _step(self) -> None:
        pending = [d for d in self.game.pending if d.player != "chance"]
        computer = next((d for d in pending if d.player == self.computer), None)
        if computer is not None:  # it sees only its own view: deciding first reveals nothing to it
            with self.console.status(text.tr("terminal.thinking", name=self.names[self.computer])):
                searched = choose(self._record(), self.computer, self.options.level, self._seed("move"))
            self._apply(self.computer, list(searched.answer))
            return
        mine = next(d for d in pending if d.player == self.person)
        self._show()
        self._apply(self.person, self._ask(mine))

    def _apply(self, player: str, answer: list[str]) -> None:
        self.game.apply(player, answer)
        self.actions.append(Action(player=player, choose=answer))
        self._save_or_say()

    def _seed(self, purpose: str) -> int:
        """A search's seed: the game's, what it is for, and how many decisions were taken."""
        return random.Random(f"{self.options.seed}:{purpose}:{len(self.actions)}").getrandbits(32)

    # --- showing and asking ---------------------------------------------------------------------------

    def _show(self) -> None:
        seen = self.game_view()
        happened = text.describe_events(happenings(self.game, self.person, self.told), self.names)
        self.told = len(self.game.events)
        self.console.print()
        self.console.rule(text.tr("terminal.round", round=seen.round))
        if happened:
            self.console.print(screen.happened_panel(happened))
        title = text.tr("board.title", first=self.names["p1"], second=self.names["p2"], number=1)
        self.console.print(
            screen.board_panel(seen, self.names, title=title, footer=screen.setup_line(self.setup))
        )
        if seen.result is None:
            self.console.print(screen.hand_panel(seen, self.person, self.names))

    def _ask(self, decision: Decision) -> list[str]:
        seen = self.game_view()
        labels = [
            text.option_label(decision.kind, option, self.person, self.names, seen, limit=200)
            for option in decision.options
        ]
        self.console.print(screen.choices(labels))
        count, total = decision.count, len(decision.options)
        while True:
            if count == 1:
                self.console.print(text.tr("terminal.ask_one", n=total), end=" ")
            else:
                self.console.print(text.tr("terminal.ask_many", count=count, n=total), end=" ")
            line = self.read()
            if line is None or line.strip().lower() in QUIT:
                raise Stopped
            typed = line.strip().lower()
            if typed in HINT:
                self._hint(decision)
                continue
            if typed in LEGEND:
                self.console.print(screen.legend_panel())
                continue
            if typed in RULES:
                self.console.print(screen.rules_panel())
                continue
            picked = _numbers(line, total)
            if picked is None:
                self.console.print(text.tr("terminal.not_a_number", n=total))
            elif len(picked) != count or len(set(picked)) != count:
                self.console.print(text.tr("terminal.need_count", count=count))
            else:
                return [decision.options[index - 1] for index in picked]

    def _hint(self, decision: Decision) -> None:
        """The answer the computer would choose in the person's place, from what they see, and its chance."""
        with self.console.status(text.tr("terminal.thinking", name=self.names[self.computer])):
            suggested = hint(self._record(), self.person)
        seen = self.game_view()
        answer = text.answer_label(decision.kind, suggested.answer, self.person, self.names, seen, limit=200)
        self.console.print(text.tr("terminal.hint", answer=answer, chance=text.percent(suggested.chance)))

    # --- the record -----------------------------------------------------------------------------------

    def _record(self) -> Record:
        return Record(format="cardia-replay/1", setup=self.setup, actions=list(self.actions))

    def save(self) -> None:
        """Write the record so far (raises :class:`OSError`): to a temporary file beside it, renamed over
        it, so that a reader, a crash or a kill finds the previous record or this one, never half of one."""
        document = self._record().model_dump(mode="json", exclude_none=True)
        write_atomically(self.options.record, json.dumps(document, ensure_ascii=False, indent=1) + "\n")

    def _save_or_say(self, always: bool = False) -> bool:
        """Save; if it fails, say so (during the game, once until a save succeeds; at its end, ``always``)
        and go on: the game is worth more than its record."""
        try:
            self.save()
        except OSError as error:
            if always or not self.unsaved:
                print(cannot_save(self.options.record, error), file=sys.stderr)
            self.unsaved = True
            return False
        self.unsaved = False
        return True


def write_atomically(path: Path, content: str) -> None:
    """``content`` in ``path``, replaced in one step (a temporary file in the same folder, renamed)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        # Not fsynced: the rename is atomic against a killed process, which is what a game must survive.
        temporary.write_text(content, encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def cardia_command() -> str:
    """The ``cardia`` command as this shell can run it: its name if it is on PATH, else the path of the
    one beside this Python (``.venv/bin/cardia``), else this Python running the module."""
    beside = Path(sys.executable).parent / "cardia"
    found = shutil.which("cardia")
    if beside.exists():
        if found is not None and Path(found).resolve() == beside.resolve():
            return "cardia"
        try:
            relative = beside.relative_to(Path.cwd())
        except ValueError:
            return shlex.quote(str(beside))
        return shlex.quote(str(relative) if relative.parent != Path() else f"./{relative}")
    if found is not None:
        return "cardia"
    return f"{shlex.quote(sys.executable)} -m cardia"


def _numbers(line: str, total: int) -> list[int] | None:
    """The numbers typed (1 to ``total``), or None if anything else was."""
    try:
        numbers = [int(part) for part in line.replace(",", " ").split()]
    except ValueError:
        return None
    if not numbers or any(not 1 <= number <= total for number in numbers):
        return None
    return numbers
