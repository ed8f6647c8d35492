"""``cardia play`` (``python -m engine play``): a whole game of Cardia against the computer in this
terminal, no Discord token needed. ``--help`` lists the options."""

from __future__ import annotations

import argparse
import random
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from rich.console import Console

import text
from cards import LOCATIONS, DeckChoice, deck_from_code
from engine import Record
from engine.player import LEVELS
from terminal import screen
from terminal.files import cannot_save, free
from terminal.replay import Stepper
from terminal.session import INTERRUPTED, Options, TerminalGame


def deck_choice(value: str) -> DeckChoice:
    """ "I", "II", or one digit per faction set (rebels, academy, guild, dynasty): "1212"."""
    try:
        return deck_from_code(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def location_choice(value: str) -> str | None:
    """None, a location id, or "random" (drawn from the game's seed, so that the seed replays it)."""
    if value == "none":
        return None
    if value == "random":
        return value
    if value not in LOCATIONS:
        raise argparse.ArgumentTypeError(f"{value!r}: none, random, or one of {', '.join(LOCATIONS)}")
    return value


def language_choice(value: str) -> str:
    """A ``--language`` given elsewhere (``python -m engine replay --step``): one of text.LANGUAGES."""
    if value not in text.LANGUAGES:
        raise argparse.ArgumentTypeError(f"{value!r}: choose {', '.join(text.LANGUAGES)}")
    return value


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardia play", description=__doc__)
    parser.add_argument("--level", choices=tuple(LEVELS), default="normal", help="the computer's (normal)")
    parser.add_argument("--deck", type=deck_choice, default="I", help="I (default), II, or e.g. 1212")
    parser.add_argument(
        "--location", type=location_choice, default=None, help="none (default), random, or an id"
    )
    parser.add_argument("--seat", choices=("p1", "p2"), default="p1", help="yours (p1: default)")
    parser.add_argument(
        "--seed", type=int, help="the deal's and the computer's seed (default: a random one, shown)"
    )
    parser.add_argument("--name", help="your name in the story (default: Player)")
    parser.add_argument("--language", choices=text.LANGUAGES, help="default: from LANG")
    parser.add_argument("--record", type=Path, help="where the record is saved (default: cardia-<seed>.json)")
    return parser


def step_through(
    record: Record,
    file: str,
    start: int = 0,
    seat: str | None = None,
    language: str | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """``cardia replay FILE --step``: the game stepped through, read from this terminal (0)."""
    source = stdin or sys.stdin
    console = Console(file=stdout or sys.stdout, highlight=False, soft_wrap=False)

    def read() -> str | None:
        line = source.readline()
        return line if line else None

    with text.speaking(screen.terminal_language(language)):
        try:
            return Stepper(record, seat, console, read, Path(file)).run(start)
        except KeyboardInterrupt:
            console.print()
            return INTERRUPTED


def main(
    argv: Sequence[str] | None = None, *, stdin: IO[str] | None = None, stdout: IO[str] | None = None
) -> int:
    """The game; its exit status: 0 played to the end, 1 stopped (``q``, the end of the input), 2 the
    record cannot be written (said before the game starts), 130 stopped by Ctrl-C."""
    args = parser().parse_args(argv)
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    options = Options(
        level=args.level,
        deck=args.deck,
        location=random.Random(seed).choice([None, *LOCATIONS])
        if args.location == "random"
        else args.location,
        seat=args.seat,
        seed=seed,
        record=args.record or free(Path(f"cardia-{seed}.json")),
        name=args.name,
    )
    source = stdin or sys.stdin
    console = Console(file=stdout or sys.stdout, highlight=False, soft_wrap=False)

    def read() -> str | None:
        line = source.readline()
        return line if line else None

    with text.speaking(screen.terminal_language(args.language)):
        game = TerminalGame(options, console, read)
        try:
            game.save()  # the record's place is tried before the first decision, not after the last
        except OSError as error:
            print(cannot_save(options.record, error), file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            return INTERRUPTED
        return game.play()
