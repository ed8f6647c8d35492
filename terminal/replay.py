"""``cardia replay RECORD.json --step``: a recorded game stepped through in this terminal, one action at a
time, as everybody saw it or as one seat did (``--seat p1``: that seat's hand and face-down cards, never
the other's), drawn as the terminal game draws it. Enter or ``n`` goes on, ``b`` back, a number jumps to
that step, ``?`` explains the symbols, ``q`` quits."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console

import text
from engine import Game, Record, happenings, replay, view
from terminal import screen

Read = Callable[[], str | None]  # the next line typed (None: the input ended)
NEXT = ("", "n", "next")
BACK = ("b", "p", "back")
QUIT = ("q", "quit", "exit")
HELP = ("?", "help")


class Stepper:
    def __init__(self, record: Record, seat: str | None, console: Console, read: Read, file: Path) -> None:
        self.record = record
        self.seat = seat  # whose view (None: what everybody sees)
        self.console = console
        self.read = read
        self.file = file
        self.total = len(record.actions)
        self.names = screen.seat_names()
        self.told = self._events_told()

    def _events_told(self) -> list[int]:
        """How many events the game had after each step (0 to the last)."""
        game = Game(self.record.setup)
        counts = [len(game.events)]
        for action in self.record.actions:
            game.apply(action.player, list(action.choose))
            counts.append(len(game.events))
        return counts

    def run(self, start: int = 0) -> int:
        viewer = text.tr("terminal.replay_seat", name=self.names[self.seat]) if self.seat else None
        title = text.tr(
            "terminal.replay_title", file=str(self.file), view=viewer or text.tr("terminal.replay_public")
        )
        self.console.print(screen.styled(f"**{title}**"))
        step, shown = start, False
        while True:
            if not shown:
                self.show(step)
                shown = True
            self.console.print(text.tr("terminal.replay_keys"), end=" ")
            line = self.read()
            if line is None:
                self.console.print()
                return 0
            typed = line.strip().lower()
            if typed in QUIT:
                return 0
            if typed in NEXT or typed in BACK:
                forward = typed in NEXT
                edge = self.total if forward else 0
                if step == edge:
                    self.console.print(
                        text.tr("terminal.replay_last" if forward else "terminal.replay_first")
                    )
                else:
                    step, shown = step + (1 if forward else -1), False
            elif typed in HELP:
                self.console.print(screen.legend_panel(text.tr("terminal.replay_keys")))
            elif typed.isdecimal() and typed.isascii():
                if int(typed) <= self.total:
                    step, shown = int(typed), False
                else:
                    self.console.print(text.tr("terminal.replay_no_step", step=typed, total=self.total))
            # anything else: the keys are asked again, they say what is understood

    def show(self, step: int) -> None:
        """The game after ``step`` actions: what the last one changed, the board, the seat's hand."""
        game = replay(self.record, step)
        seen = view(game, self.seat)
        self.console.print()
        self.console.rule(
            screen.plain(
                f"{text.tr('terminal.replay_step', step=step, total=self.total)} · "
                f"{text.tr('terminal.round', round=seen.round)}"
            )
        )
        if step > 0:
            happened = text.describe_events(happenings(game, self.seat, self.told[step - 1]), self.names)
            if happened:
                self.console.print(screen.happened_panel(happened))
        title = text.tr("board.title", first=self.names["p1"], second=self.names["p2"], number=1)
        setup = screen.setup_line(self.record.setup)
        self.console.print(screen.board_panel(seen, self.names, title=title, footer=setup))
        if self.seat is not None and seen.result is None:
            self.console.print(screen.hand_panel(seen, self.seat, self.names))
