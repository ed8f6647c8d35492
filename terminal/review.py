"""``cardia review RECORD.json --seat p1``: a game's review for one seat, in this terminal, and its chart
as a PNG. The terminal game offers the same review at its end."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

from rich.console import Console

import picture
import text
from engine import replay_document
from engine.record import RecordError, parse_record
from engine.review import Review, review
from terminal import screen
from terminal.files import unwritable


def chart_path(record: Path, seat: str) -> Path:
    """Where a review's chart goes by default: beside the record."""
    return record.with_name(f"{record.stem}-{seat}-review.png")


def show_review(console: Console, reviewed: Review, names: Mapping[str, str], chart: Path) -> None:
    """The review's words, every decision's chances, and the chart written to ``chart``."""
    for line in text.review_lines(reviewed, names):
        console.print(screen.styled(line))
    for number, decision in enumerate(reviewed.decisions, start=1):
        line = text.tr(
            "terminal.review_decision",
            number=number,
            round=decision.round,
            chosen=text.answer_text(decision, decision.chosen, reviewed.seat, names),
            after=text.percent(decision.after),
        )
        if decision.best != decision.chosen:
            best = text.answer_text(decision, decision.best, reviewed.seat, names)
            line += text.tr("terminal.review_better", best=best, before=text.percent(decision.before))
        console.print(f"  {line}", highlight=False)
    if not reviewed.decisions:  # nothing to draw
        return
    chart.write_bytes(picture.chart_png(picture.Chances.of(reviewed), language=text.current_language()))
    console.print(screen.styled(text.tr("terminal.chart_saved", file=str(chart))))


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardia review", description=__doc__)
    parser.add_argument("record", help="a cardia-replay/1 record, or - for standard input")
    parser.add_argument("--seat", choices=("p1", "p2"), required=True, help="whose decisions to review")
    parser.add_argument(
        "--chart", type=Path, help="where the chart goes (default: beside the record; from -: here)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="the search's seed (default: from the game, as everywhere)"
    )
    parser.add_argument("--language", choices=text.LANGUAGES, help="default: from LANG")
    return parser


def main(argv: Sequence[str] | None = None, *, stdout: IO[str] | None = None) -> int:
    """The review, or one line and exit 2 if the record cannot be read or the chart cannot be written
    (both found before the review runs)."""
    from engine.__main__ import read_document

    args = parser().parse_args(argv)
    try:
        data = read_document(args.record)
        replay_document(data)  # the error names the first rejected action
        record = parse_record(data)
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    source = Path("cardia.json") if args.record == "-" else Path(args.record)
    chart = args.chart or chart_path(source, args.seat)
    with text.speaking(screen.terminal_language(args.language)):
        problem = unwritable(chart)
        if problem is not None:
            print(text.tr("terminal.cannot_chart", file=str(chart), reason=problem), file=sys.stderr)
            return 2
    console = Console(file=stdout or sys.stdout, highlight=False, soft_wrap=False)
    with text.speaking(screen.terminal_language(args.language)):
        names = screen.seat_names()
        with console.status(text.tr("terminal.reviewing")):
            reviewed = review(record, args.seat, seed=args.seed)
        show_review(console, reviewed, names, chart)
    return 0
