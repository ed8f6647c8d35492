"""``python -m engine play``: a whole game of Cardia against the computer in this terminal, no Discord
token needed. ``--help`` lists the options."""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from rich.console import Console

import text
from cards import LOCATIONS, DeckChoice, deck_from_code
from engine.player import LEVELS
from terminal.session import Options, TerminalGame


def deck_choice(value: str) -> DeckChoice:
    """ "I", "II", or one digit per faction set (rebels, academy, guild, dynasty): "1212"."""
    try:
        return deck_from_code(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def location_choice(value: str) -> str | None:
    if value == "none":
        return None
    if value == "random":
        return random.choice([None, *LOCATIONS])
    if value not in LOCATIONS:
        raise argparse.ArgumentTypeError(f"{value!r}: none, random, or one of {', '.join(LOCATIONS)}")
    return value


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine play", description=__doc__)
    parser.add_argument("--level", choices=tuple(LEVELS), default="normal", help="the computer's (normal)")
    parser.add_argument("--deck", type=deck_choice, default="I", help="I (default), II, or e.g. 1212")
    parser.add_argument(
        "--location", type=location_choice, default=None, help="none (default), random, or an id"
    )
    parser.add_argument("--seat", choices=("p1", "p2"), default="p1", help="yours (p1: default)")
    parser.add_argument("--seed", type=int, help="the game's seed (default: a random one, shown)")
    parser.add_argument("--name", help="your name in the story (default: Player)")
    parser.add_argument("--language", choices=text.LANGUAGES, help="en, hu or pl (default: from LANG)")
    parser.add_argument("--record", type=Path, help="where the record is saved (default: cardia-<seed>.json)")
    return parser


def main(
    argv: Sequence[str] | None = None, *, stdin: IO[str] | None = None, stdout: IO[str] | None = None
) -> int:
    args = parser().parse_args(argv)
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    options = Options(
        level=args.level,
        deck=args.deck,
        location=args.location,
        seat=args.seat,
        seed=seed,
        record=args.record or Path(f"cardia-{seed}.json"),
        name=args.name,
    )
    source = stdin or sys.stdin
    console = Console(file=stdout or sys.stdout, highlight=False, soft_wrap=False)

    def read() -> str | None:
        line = source.readline()
        return line if line else None

    language = args.language or text.language_of(os.environ.get("LANG", "").split(".")[0].replace("_", "-"))
    with text.speaking(language):
        return TerminalGame(options, console, read, random.Random(secrets.randbits(64))).play()
