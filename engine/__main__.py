"""Command line: ``python -m engine replay RECORD.json [--at N]`` (with ``--step [--seat p1|p2]``: the
game stepped through in this terminal, :mod:`terminal.replay`), ``python -m engine move RECORD.json
--player p1|p2 [--level hard] [--seed N] [--budget-ms N]``, ``python -m engine play`` (a game against
the computer in this terminal: :mod:`terminal`), ``python -m engine arena``, ``python -m engine
learn`` and ``python -m engine bench``. ``cardia JOB`` runs the same jobs.

A command-line error is one line on standard error and exit status 2; its prefix says what is wrong:
``record:`` the document as a whole, ``setup:`` its setup, ``action N:`` its action N, ``cannot read``
the file, ``--at:`` the option."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence


def read_document(path: str) -> bytes:
    """A record document from a file or standard input (``-``), never more than a record may hold (one
    byte more, so that ``parse_record`` refuses it: ``/dev/zero`` is not read without end);
    :class:`RecordError` ``cannot read PATH (why)`` if it cannot be read."""
    from engine.record import MAX_RECORD_BYTES, RecordError

    try:
        if path == "-":
            return sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        with open(path, "rb") as file:
            return file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {path} ({error.strerror})") from None


def check_at(at: int | None, actions: int | None = None) -> None:
    """``--at N``: 0 or more, and (once the record is read) at most its number of ``actions``;
    :class:`RecordError` if not."""
    from engine.record import RecordError

    if at is not None and at < 0:
        raise RecordError(f"--at: must be 0 or more, not {at}")
    if at is not None and actions is not None and at > actions:
        held = f"{actions} action{'' if actions == 1 else 's'}"
        raise RecordError(f"--at: the record holds {held}, so 0 to {actions}, not {at}")


def _replay(path: str, at: int | None, step: bool, seat: str | None, language: str | None) -> int:
    from engine.game import replay_document
    from engine.observe import state
    from engine.record import RecordError, parse_record

    try:
        if step and path == "-":
            raise RecordError("--step reads its keys from standard input: give the record as a file")
        check_at(at)
        data = read_document(path)
        # The error names the first rejected action (stepping goes through them all, --at N to N).
        game = replay_document(data, None if step else at)
        record = parse_record(data)
        check_at(at, len(record.actions))
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    if step:
        from terminal.cli import step_through

        return step_through(record, path, at or 0, seat, language)
    json.dump(state(game), sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    sys.stdout.flush()
    return 0


def _move(path: str, player: str, level: str, seed: int, budget_ms: int | None) -> int:
    """One JSON action answering ``player``'s pending decision, or exit 2 and one line."""
    from engine.game import replay_document
    from engine.player import NothingToDecide, choose
    from engine.record import RecordError, parse_record

    try:
        text = read_document(path)
        replay_document(text)  # the error names the first rejected action
        searched = choose(parse_record(text), player, level, seed=seed, budget_ms=budget_ms)
    except (RecordError, NothingToDecide) as error:
        print(error, file=sys.stderr)
        return 2
    json.dump({"player": player, "choose": list(searched.answer)}, sys.stdout)
    sys.stdout.write("\n")
    sys.stdout.flush()
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _pairings(parser: argparse.ArgumentParser, given: str | None) -> list[str]:
    """``A:B,...`` as a list (empty if not given); a bad one is the parser's error."""
    if given is None:
        return []
    from engine.arena import is_player

    pairings = given.split(",")
    if not all(len(p.split(":")) == 2 and all(map(is_player, p.split(":"))) for p in pairings):
        parser.error(
            "--pairings: A:B pairs of random, easy, normal, hard, hard-v1 (a former hard), hard-value"
            " or level@iterations (hard@2400)"
        )
    return pairings


def main(argv: Sequence[str] | None = None, prog: str = "python -m engine") -> int:
    """The command line; ``prog`` is the command's name in usage and errors (``cardia`` runs the same)."""
    try:
        return _main(argv, prog)
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:  # Ctrl-C: stopped as asked, no traceback
        return 130


def _language(value: str) -> str:
    """A ``--language`` of ``replay --step``: one the terminal game speaks (it says which those are)."""
    from terminal.cli import language_choice

    return language_choice(value)


def _main(argv: Sequence[str] | None, prog: str) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["play"]:  # the terminal game has its own options (python -m engine play --help)
        from terminal.cli import main as play

        return play(arguments[1:])
    parser = argparse.ArgumentParser(prog=prog, description="The Cardia rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "play", help="play a whole game against the computer in this terminal", add_help=False
    )
    replay = commands.add_parser(
        "replay", help="print the state a game record leads to (JSON), or step through it (--step)"
    )
    replay.add_argument("record", help="a cardia-replay/1 record, or - for standard input")
    replay.add_argument(
        "--at", type=int, default=None, metavar="N", help="after the first N actions (0 to all of them)"
    )
    replay.add_argument(
        "--step", action="store_true", help="step through the game in this terminal (from step N with --at)"
    )
    replay.add_argument(
        "--seat", choices=["p1", "p2"], help="with --step: what that seat saw (default: the public view)"
    )
    replay.add_argument("--language", type=_language, help="with --step (default: from LANG)")
    move = commands.add_parser("move", help="the computer player's answer to a player's pending decision")
    move.add_argument("record", help="a cardia-replay/1 record, or - for standard input")
    move.add_argument("--player", required=True, choices=["p1", "p2"], help="the seat to answer for")
    move.add_argument("--level", choices=["easy", "normal", "hard"], default="hard")
    move.add_argument("--seed", type=int, default=0, help="the search's random seed (same seed, same answer)")
    move.add_argument(
        "--budget-ms",
        type=_positive,
        default=None,
        help="stop the search after this time (then not deterministic)",
    )
    arena = commands.add_parser("arena", help="the computer player's strength and speed, measured")
    arena.add_argument("--games", type=_positive, default=1000, help="games per pairing (1000)")
    arena.add_argument(
        "--pairings",
        default=None,
        help="A:B,... of random, easy, normal, hard, hard-v1 (a former hard), hard-value (with a learned"
        " value), or hard@N (N iterations);"
        " default "
        "hard:random,hard:easy,hard:normal",
    )
    arena.add_argument("--workers", type=_positive, default=None, help="processes (default: one per core)")
    arena.add_argument("--seed", type=int, default=1)
    calibrate = commands.add_parser("calibrate", help="how well the review's chances of winning come true")
    calibrate.add_argument("--games", type=_positive, default=140, help="games, over all pairings (140)")
    calibrate.add_argument("--pairings", default=None, help="A:B,... of random, easy, normal, hard")
    calibrate.add_argument(
        "--workers", type=_positive, default=None, help="processes (default: one per core)"
    )
    calibrate.add_argument("--seed", type=int, default=1)
    calibrate.add_argument("--iterations", type=_positive, default=None, help="the review's search budget")
    learn = commands.add_parser(
        "learn", help="learn the value the arena's hard-value cuts its playouts off with"
    )
    learn.add_argument("--games", type=_positive, default=3000, help="games per generation (3000)")
    learn.add_argument("--generations", type=_positive, default=2, help="generations (2)")
    learn.add_argument("--seed", type=int, default=1000)
    learn.add_argument("--workers", type=_positive, default=None, help="processes (default: one per core)")
    learn.add_argument("--write", action="store_true", help="write engine/player/value_weights.py")
    bench = commands.add_parser("bench", help="measure random complete games and record replays")
    bench.add_argument("--games", type=_positive, default=3000, help="random games per mode")
    bench.add_argument(
        "--seed", type=int, default=None, help="1 (--review-stability: 7100, far from the tests')"
    )
    bench.add_argument(
        "--setups", choices=["deck1", "all", "both"], default="both", help="Deck I only, every setup, or both"
    )
    bench.add_argument("--search", type=_positive, metavar="N", help="instead: hard's search on N positions")
    bench.add_argument("--reviews", type=_positive, metavar="N", help="instead: reviews of N games' seats")
    bench.add_argument(
        "--review-stability",
        type=_positive,
        metavar="N",
        help="instead: N games' reviews with --seeds seeds each: how often they name the same things",
    )
    bench.add_argument("--seeds", type=_positive, default=10, help="with --review-stability (10)")
    bench.add_argument("--workers", type=_positive, default=None, help="with --review-stability: processes")
    args = parser.parse_args(arguments)
    if args.command == "replay":
        if (args.seat or args.language) and not args.step:
            parser.error("--seat and --language go with --step")
        return _replay(args.record, args.at, args.step, args.seat, args.language)
    if args.command == "move":
        return _move(args.record, args.player, args.level, args.seed, args.budget_ms)
    if args.command in ("arena", "calibrate"):
        from engine.arena import default_workers

        workers = args.workers or default_workers()
        pairings = _pairings(parser, args.pairings)
        if args.command == "arena":
            from engine.arena import run as run_arena

            run_arena(args.games, pairings or ["hard:random", "hard:easy", "hard:normal"], workers, args.seed)
            return 0
        from engine.calibrate import DEFAULT_PAIRINGS
        from engine.calibrate import run as run_calibrate
        from engine.review import BUDGET

        iterations = args.iterations or BUDGET.search
        run_calibrate(args.games, pairings or DEFAULT_PAIRINGS, workers, args.seed, iterations)
        return 0
    if args.command == "learn":
        from engine.arena import default_workers
        from engine.learn import run as run_learn

        run_learn(args.games, args.generations, args.seed, args.workers or default_workers(), args.write)
        return 0
    if args.review_stability:
        from engine.arena import default_workers
        from engine.review_stability import run as run_stability

        seed = 7100 if args.seed is None else args.seed
        run_stability(args.review_stability, args.seeds, seed, args.workers or default_workers())
        return 0
    if args.seed is None:
        args.seed = 1
    if args.search or args.reviews:
        from engine.bench_search import review_speed, search_speed

        if args.search:
            search_speed(args.search, args.seed)
        if args.reviews:
            review_speed(args.reviews, args.seed)
        return 0
    from engine.bench import run

    run(games=args.games, seed=args.seed, setups=args.setups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
