"""A whole game against the computer in a terminal: the computer answers its decisions (engine.player),
the person answers theirs by number, and every step is shown from the person's own view with what
happened. Input errors are answered with one line and asked again; ``h`` asks for a hint, ``q`` (or the
end of the input) stops the game. The record is saved at the end, or when stopped, as ``cardia-replay/1``,
and a finished game's review is offered.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

import text
from cards import DeckChoice
from engine import Action, Decision, Game, Record, Setup, difficulty, happenings, view
from engine.player import choose
from engine.review import hint, review
from engine.view import View
from terminal import screen
from terminal.review import chart_path, show_review

Read = Callable[[], str | None]  # the next line typed (None: the input ended)
QUIT = ("q", "quit", "exit")
HINT = ("h", "hint", "?")


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
    def __init__(self, options: Options, console: Console, read: Read, rng: random.Random) -> None:
        self.options = options
        self.console = console
        self.read = read
        self.rng = rng  # the computer's searches (never the game's seed)
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

    # --- the game -------------------------------------------------------------------------------------

    def play(self) -> int:
        """Play to the end (0), or until stopped (1); the record is saved either way."""
        self.console.print(screen.styled(f"**{text.tr('terminal.title', level=self.names[self.computer])}**"))
        self.console.print(screen.styled(self._setup_line()))
        try:
            while self.game.result is None:
                self._step()
        except Stopped:
            self._save()
            self.console.print(screen.styled(text.tr("terminal.stopped", file=str(self.options.record))))
            return 1
        self._show()
        self._save()
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
        self.console.print(screen.styled(text.tr("terminal.saved", file=str(self.options.record))))
        self._offer_review()
        return 0

    def _offer_review(self) -> None:
        """A review of the person's decisions, if they want one (Enter), with its chart beside the record."""
        self.console.print(text.tr("terminal.review_offer"), end=" ")
        line = self.read()
        if line is None or line.strip().lower() in QUIT:
            return
        with self.console.status(text.tr("terminal.reviewing")):
            reviewed = review(self._record(), self.person, seed=self.rng.getrandbits(32))
        show_review(self.console, reviewed, self.names, chart_path(self.options.record, self.person))

    def game_view(self) -> View:
        """What the person may see (the engine's view for their seat)."""
        return view(self.game, self.person)

    def _step(self) -> None:
        pending = [d for d in self.game.pending if d.player != "chance"]
        computer = next((d for d in pending if d.player == self.computer), None)
        if computer is not None:  # it sees only its own view: deciding first reveals nothing to it
            with self.console.status(text.tr("terminal.thinking", name=self.names[self.computer])):
                searched = choose(self._record(), self.computer, self.options.level, self.rng.getrandbits(32))
            self._apply(self.computer, list(searched.answer))
            return
        mine = next(d for d in pending if d.player == self.person)
        self._show()
        self._apply(self.person, self._ask(mine))

    def _apply(self, player: str, answer: list[str]) -> None:
        self.game.apply(player, answer)
        self.actions.append(Action(player=player, choose=answer))

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
        self.console.print(screen.board_panel(seen, self.names, title=title, footer=self._setup_line()))
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
            if line.strip().lower() in HINT:
                self._hint(decision)
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
            suggested = hint(self._record(), self.person, self.rng.getrandbits(32))
        seen = self.game_view()
        answer = text.answer_label(decision.kind, suggested.answer, self.person, self.names, seen, limit=200)
        self.console.print(text.tr("terminal.hint", answer=answer, chance=text.percent(suggested.chance)))

    # --- the record -----------------------------------------------------------------------------------

    def _record(self) -> Record:
        return Record(format="cardia-replay/1", setup=self.setup, actions=list(self.actions))

    def _save(self) -> None:
        document = self._record().model_dump(mode="json", exclude_none=True)
        self.options.record.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n")

    def _setup_line(self) -> str:
        level = difficulty(self.setup)
        place = (
            text.location_name(self.options.location)
            if self.options.location
            else text.tr("challenge.no_location")
        )
        return text.tr(
            "terminal.setup",
            deck=text.deck_label(self.options.deck),
            location=place,
            difficulty=text.tr(f"difficulty.{level.level}"),
            seed=self.options.seed,
        )


def _numbers(line: str, total: int) -> list[int] | None:
    """The numbers typed (1 to ``total``), or None if anything else was."""
    try:
        numbers = [int(part) for part in line.replace(",", " ").split()]
    except ValueError:
        return None
    if not numbers or any(not 1 <= number <= total for number in numbers):
        return None
    return numbers
