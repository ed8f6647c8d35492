"""The bot's layers hold where import contracts cannot see: the cogs and ui never reach the store through a
service (``self.duels.storage``), no class outside the services and the store takes a ``Storage`` out of a
service, and statuses are compared with their enums (``MatchStatus``, ``GameStatus``,
``TournamentStatus``), never with a bare string. (That cogs and ui import only the store's row types is an
import-linter contract in pyproject.toml.)"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

import pytest

from bot.store import GameStatus, MatchStatus, TournamentStatus
from tests.helpers import ROOT

#: Modules allowed a ``Storage`` of their own outside the services and the store: none.
STORAGE_FOR_NOW: frozenset[str] = frozenset()
#: Those of them that take it out of a service (``duels.storage``): none.
TAKEN_FOR_NOW: frozenset[str] = frozenset()
#: Functions of the front end that still take a ``Storage``: none.
TAKES_STORAGE_FOR_NOW: frozenset[str] = frozenset()
#: Modules that still compare a status with a bare string: none.
BARE_STATUS_FOR_NOW: frozenset[str] = frozenset()
STATUS_VALUES = frozenset(
    str(status) for kind in (MatchStatus, GameStatus, TournamentStatus) for status in kind
)
STATUS_NAMES = frozenset({"status", "match_status", "statuses"})
Check = Callable[[ast.Module], list[str]]


def _modules(*folders: str) -> Iterator[tuple[str, ast.Module]]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _handed_to(node: ast.AST, parents: dict[ast.AST, ast.AST], names: frozenset[str]) -> bool:
    """Whether ``node`` is an argument of a call of one of ``names``."""
    call = parents.get(node)
    if not isinstance(call, ast.Call) or node not in call.args:
        return False
    called = call.func
    return (called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")) in names


def storage_reads(tree: ast.Module) -> list[str]:
    """Where ``tree`` reads an attribute named ``storage`` (its own, or a service's), other than to hand
    it to a function that still takes one (:data:`TAKES_STORAGE_FOR_NOW`)."""
    parents = _parents(tree)
    return [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "storage"
        and not _handed_to(node, parents, TAKES_STORAGE_FOR_NOW)
    ]


def storage_taken_from_another(tree: ast.Module) -> list[str]:
    """Where ``tree`` takes the ``storage`` of another object than ``self`` (``duels.storage``,
    ``self.duels.storage``): a store reached through a service."""
    parents = _parents(tree)
    return [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "storage"
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
        and not _handed_to(node, parents, TAKES_STORAGE_FOR_NOW)
    ]


def _is_status(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id in STATUS_NAMES) or (
        isinstance(node, ast.Attribute) and node.attr in STATUS_NAMES
    )


def bare_statuses(tree: ast.Module) -> list[str]:
    """Where ``tree`` compares a status with a bare string that spells one (``match.status == "active"``,
    ``status not in ("proposed", "active")``)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        strings = [o for o in operands if isinstance(o, ast.Constant)] + [
            element for o in operands if isinstance(o, ast.Tuple | ast.List | ast.Set) for element in o.elts
        ]
        if any(map(_is_status, operands)) and any(
            isinstance(s, ast.Constant) and s.value in STATUS_VALUES for s in strings
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    ("check", "folders", "exempt", "instead"),
    [
        (storage_reads, ("bot/cogs", "bot/ui"), STORAGE_FOR_NOW, "ask the service (Duels.match, ...)"),
        (
            storage_taken_from_another,
            tuple(
                str(path.relative_to(ROOT))
                for path in sorted((ROOT / "bot").iterdir())
                if path.name not in ("services", "store", "__pycache__")
                and (path.is_dir() or path.suffix == ".py")
            ),
            TAKEN_FOR_NOW,
            "hand the class the service, or the storage itself where the services are wired",
        ),
        (
            bare_statuses,
            ("bot",),
            BARE_STATUS_FOR_NOW,
            "compare with MatchStatus, GameStatus, TournamentStatus",
        ),
    ],
)
def test_the_layers_hold(
    check: Check, folders: tuple[str, ...], exempt: frozenset[str], instead: str
) -> None:
    modules = {}
    for folder in folders:
        if (ROOT / folder).is_file():
            path = ROOT / folder
            modules[folder] = ast.parse(path.read_text(), folder)
        elif (ROOT / folder).is_dir():
            modules.update(_modules(folder))
    found = {name: where for name, tree in modules.items() if (where := check(tree)) and name not in exempt}
    assert not found, f"{instead}: {found}"
    still = {name for name in exempt if name in modules and check(modules[name])}
    assert still == exempt & modules.keys(), f"fixed: take {sorted(exempt - still)} off the list"


@pytest.mark.parametrize(
    ("source", "check"),
    [
        ("await self.duels.storage.flush()", storage_reads),
        ("match = await self.storage.match(match_id)", storage_reads),
        ("self.storage = duels.storage", storage_taken_from_another),
        ("rows = await self.tournaments.storage.tournaments(None)", storage_taken_from_another),
        ("ok = match.status == 'active'", bare_statuses),
        ("ok = row.status != 'in_progress'", bare_statuses),
        ("ok = match.status not in ('proposed', 'active')", bare_statuses),
        ("ok = status == 'running'", bare_statuses),
        ("ok = game.match_status == 'aborted'", bare_statuses),
    ],
)
def test_the_checks_find_what_they_look_for(source: str, check: Check) -> None:
    assert check(ast.parse(source))


@pytest.mark.parametrize(
    ("source", "check"),
    [
        ("await self.duels.commit_bookkeeping()", storage_reads),
        ("self.storage = storage", storage_taken_from_another),
        ("await self.storage.ping()", storage_taken_from_another),
        ("ok = match.status == MatchStatus.ACTIVE", bare_statuses),
        ("ok = outcome.reason == 'finished'", bare_statuses),
        ("ok = match.status in OPEN", bare_statuses),
    ],
)
def test_the_checks_pass_what_holds(source: str, check: Check) -> None:
    assert not check(ast.parse(source))
