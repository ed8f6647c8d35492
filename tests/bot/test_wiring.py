"""Named events, wired in one place: the bus tells each event to its subscribers, every event the bot
publishes has one once the bot is set up, and nothing outside ``bot/wiring.py`` registers a service or a
cog with another (no callback lists filled in a constructor, no cog method handed to another cog)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from bot.services import events
from bot.services.computer import ComputerDecided
from bot.services.events import Bus, GameChanged, TournamentChanged
from bot.services.timers import NoticeDue
from bot.ui.events import ComputerDuelAsked
from tests.bot.table import Table

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = (
    *(
        kind
        for _, kind in inspect.getmembers(events, inspect.isclass)
        if kind.__module__ == events.__name__ and kind is not Bus
    ),
    ComputerDecided,
    NoticeDue,
    ComputerDuelAsked,
)


@pytest.mark.asyncio
async def test_the_bus_tells_each_subscriber_in_turn_and_refuses_a_waiting_one_after_a_commit() -> None:
    bus, heard = Bus(), []

    async def later(event: TournamentChanged) -> None:
        heard.append(("later", event.tournament_id))

    bus.subscribe(TournamentChanged, lambda event: heard.append(("first", event.tournament_id)))
    bus.subscribe(TournamentChanged, later)
    await bus.publish(TournamentChanged(7))
    await bus.publish(GameChanged.__new__(GameChanged))  # nobody listens: nothing happens
    assert heard == [("first", 7), ("later", 7)]
    with pytest.raises(TypeError, match="not synchronous"):
        bus.tell(TournamentChanged(8))
    assert heard[-1] == ("first", 8)


@pytest.mark.asyncio
async def test_every_event_the_bot_publishes_has_a_subscriber_once_it_is_set_up(table: Table) -> None:
    async with table.running() as bot:
        assert len(PUBLISHED) >= 9
        unheard = [kind.__name__ for kind in PUBLISHED if not bot.bus.subscribed(kind)]
        assert unheard == []


def _registrations(tree: ast.Module) -> list[str]:
    """Callbacks handed over in a constructor (``x.hooks.append(self.f)``, ``x.listeners.append(...)``),
    and lists of callbacks kept for others to fill."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr in ("append", "subscribe")
                    and any(isinstance(arg, ast.Attribute) and _is_self(arg.value) for arg in call.args)
                ):
                    found.append(f"line {call.lineno}: a callback registered in a constructor")
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr.endswith(
                    ("_hooks", "listeners", "watchers")
                ):
                    found.append(f"line {node.lineno}: a list of callbacks ({target.attr})")
    return found


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def test_nothing_registers_itself_with_another_part_outside_the_wiring() -> None:
    found = {
        str(path.relative_to(ROOT)): hits
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if path.name != "wiring.py" and (hits := _registrations(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_no_cog_is_handed_a_callable() -> None:
    """A cog's constructor takes services and front-end parts, never a function (another cog's method)."""
    found = []
    for path in sorted((ROOT / "bot" / "cogs").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                for arg in node.args.args:
                    annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                    if "Callable" in annotation or "Awaitable" in annotation:
                        found.append(f"{path.name}: {arg.arg}: {annotation}")
    assert found == []
