"""The engine's typed seams: every decision it asks has a DecisionKind, and code outside the engine reads
its events by name and compares decision kinds with the enum, never by position or by a bare string."""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator

import pytest

from engine import DecisionKind, Event, Game, named_events, observation, state
from engine.bench import random_actions
from tests.helpers import ROOT, random_setup

#: Every package outside the engine that reads a game (cards/ is below the engine and reads none).
OUTSIDE = ("text", "picture", "terminal", "cardia", "bot", "bench")
#: The engine's modules that log its events as plain tuples (the hot path) and name them for the rest.
ACCESSORS = frozenset({"engine/table.py", "engine/observe.py", "engine/happenings.py"})
#: Modules of the bot's lead that still read an event by position, until they read it by name
#: (``named_events``); each must still do so, so that a module is taken off the list once it is fixed.
BY_POSITION_FOR_NOW: frozenset[str] = frozenset()
KIND_VALUES = frozenset(kind.value for kind in DecisionKind)
EVENT_NAMES = frozenset({"event", "e", "ev", "raw"})
Check = Callable[[ast.Module], list[str]]


def test_every_decision_the_engine_asks_has_a_decision_kind() -> None:
    """Over random games of every setup (chance as actions in some), each pending decision's kind is a
    DecisionKind member, not a string that happens to spell one."""
    rng = random.Random(47)
    seen: set[DecisionKind] = set()
    for _ in range(150):
        game = Game(random_setup(rng))
        for decision in game.pending:
            assert type(decision.kind) is DecisionKind, decision
        for _ in random_actions(game, rng):
            for decision in game.pending:
                assert type(decision.kind) is DecisionKind, decision
                seen.add(decision.kind)
    assert len(seen) > len(DecisionKind) // 2  # the games went through many kinds, not only "play"


def test_the_state_and_the_observation_name_a_decision_kind_as_plain_text() -> None:
    """Both are plain JSON data (docs/record-format.md): a kind is a ``str``, not the enum."""
    game = Game(random_setup(random.Random(8)))
    kinds = [d["kind"] for d in state(game)["pending"]] + [
        d["kind"] for d in observation(game, None)["pending"]
    ]
    assert kinds and all(type(kind) is str for kind in kinds)


def test_named_events_are_the_logged_events_by_name() -> None:
    rng = random.Random(3)
    game = Game(random_setup(rng))
    for _ in random_actions(game, rng):
        pass
    start = len(game.events) // 2
    named = named_events(game, start)
    assert named == game.events[start:]  # the same values, read by name
    assert all(type(event) is Event for event in named)
    assert [event.kind for event in named] == [Event(*raw).kind for raw in game.events[start:]]


def _modules(packages: tuple[str, ...]) -> Iterator[tuple[str, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def positional_event_reads(tree: ast.Module) -> list[str]:
    """Where ``tree`` reads an engine event by position: a game's ``events`` used otherwise than counted
    or handed on whole to a call (``len(game.events)``, ``with_events(frozen, game.events)``), or an
    event (a name ``event``, ``e``, ``ev``, ``raw``) indexed by a number."""
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "events" and isinstance(node.ctx, ast.Load):
            parent = parents[node]
            if not (isinstance(parent, ast.Call) and node in parent.args):
                found.append(f"line {node.lineno}: {ast.unparse(parent)}")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            value = node.value
            name = value.id if isinstance(value, ast.Name) else getattr(value, "attr", "")
            if name in EVENT_NAMES and isinstance(node.slice.value, int):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def bare_decision_kinds(tree: ast.Module) -> list[str]:
    """Where ``tree`` compares a decision's kind with a bare string (``kind == "play"``, ``d.kind in
    ("play", ...)``), or spells a set of decision kinds as strings."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            about_kind = any(
                (isinstance(o, ast.Name) and o.id == "kind")
                or (isinstance(o, ast.Attribute) and o.attr == "kind")
                for o in operands
            )
            strings = [o for o in operands if isinstance(o, ast.Constant)] + [
                element
                for o in operands
                if isinstance(o, ast.Tuple | ast.List | ast.Set)
                for element in o.elts
            ]
            if about_kind and any(isinstance(s, ast.Constant) and s.value in KIND_VALUES for s in strings):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Tuple | ast.List | ast.Set)
            and len(node.elts) >= 2
            and all(isinstance(e, ast.Constant) and e.value in KIND_VALUES for e in node.elts)
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")
    return found


@pytest.mark.parametrize(
    ("check", "packages", "exempt"),
    [
        (positional_event_reads, ("engine", *OUTSIDE), ACCESSORS | BY_POSITION_FOR_NOW),
        (bare_decision_kinds, OUTSIDE, frozenset()),
    ],
)
def test_events_and_decision_kinds_are_read_by_name(
    check: Check, packages: tuple[str, ...], exempt: frozenset[str]
) -> None:
    """Off the engine's hot path, events are read by name; outside the engine, decision kinds are
    compared with the enum."""
    modules = dict(_modules(packages))
    found = {name: where for name, tree in modules.items() if (where := check(tree)) and name not in exempt}
    assert not found, f"read by name (engine.named_events, DecisionKind) instead: {found}"
    still = {name for name in exempt if check(modules[name])}
    assert still == exempt, f"no longer read by position: take {sorted(exempt - still)} off the list"


@pytest.mark.parametrize(
    ("source", "check"),
    [
        ("only_face_down = all(event[0] == 'placed' for event in news)", positional_event_reads),
        ("news = live.game.events[board.told :]", positional_event_reads),
        ("for kind, *_ in game.events: pass", positional_event_reads),
        ("ok = decision.kind == 'play'", bare_decision_kinds),
        ("ok = kind in ('scrapyard', 'elemental')", bare_decision_kinds),
        ("HAND = frozenset({'play', 'scrapyard'})", bare_decision_kinds),
    ],
)
def test_the_checks_find_what_they_look_for(source: str, check: Check) -> None:
    assert check(ast.parse(source))


@pytest.mark.parametrize(
    ("source", "check"),
    [
        ("told = len(game.events)", positional_event_reads),
        ("frozen = with_events(frozen, game.events)", positional_event_reads),
        ("ok = event.kind == 'placed' and event.detail == 'face_down'", positional_event_reads),
        ("ok = kind == DecisionKind.PLAY", bare_decision_kinds),
        ("ok = event.detail == 'play'", bare_decision_kinds),
    ],
)
def test_the_checks_pass_what_is_read_by_name(source: str, check: Check) -> None:
    assert not check(ast.parse(source))
