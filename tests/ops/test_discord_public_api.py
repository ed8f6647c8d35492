"""The bot uses discord.py's public API only: no private name of discord.py (one with a leading
underscore) is read, written or overridden in ``bot/``, so a minor release of discord.py cannot break it
silently. Names the project defines itself are its own to use; modules that do not import discord.py
(the store, the services) are not concerned."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import discord

ROOT = Path(__file__).resolve().parents[2]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _discord_names() -> set[str]:
    """Every private identifier in discord.py's own source."""
    names: set[str] = set()
    for path in Path(discord.__file__).parent.rglob("*.py"):
        names |= {name for name in re.findall(r"\b_\w+", path.read_text(encoding="utf-8")) if _private(name)}
    return names


def _sources() -> list[Path]:
    """The bot's modules that import discord.py."""
    return [
        path
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if re.search(r"^\s*(import discord|from discord\b)", path.read_text(encoding="utf-8"), re.M)
    ]


def _own_names(trees: list[ast.Module]) -> set[str]:
    """The private names the project defines: functions, classes, attributes it assigns, parameters."""
    own: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                own.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
            elif isinstance(node, ast.arg):
                own.add(node.arg)
    return own


def _overrides() -> list[str]:
    """Methods of the project's classes that override a private member of a discord.py base class."""
    found = []
    for path in _sources():
        if path.stem == "__main__":
            continue  # runs its command when imported; it subclasses nothing
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            bases = [base for base in cls.__mro__[1:] if base.__module__.startswith("discord")]
            for name in vars(cls):
                if _private(name) and any(name in vars(base) for base in bases):
                    found.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    return found


def test_no_private_name_of_discord_py_is_used() -> None:
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in _sources()]
    assert len(trees) > 10  # the cogs, the ui, the client
    everything = [
        ast.parse(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "bot").rglob("*.py"))
    ]
    discords, own = _discord_names(), _own_names(everything)
    used = []
    for path, tree in zip(_sources(), trees, strict=True):
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr in discords - own:
                used.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    assert used == []
    assert _overrides() == []


def test_the_check_finds_a_private_name() -> None:
    """The scan above would see what the bot used to do: read a cached slot of an interaction, and
    override the command tree's private dispatch."""
    reads = ast.parse("def release(interaction):\n    del interaction._cs_response\n")
    attributes = [n.attr for n in ast.walk(reads) if isinstance(n, ast.Attribute)]
    assert attributes == ["_cs_response"] and "_cs_response" in _discord_names() - _own_names([])
    assert "_call" in vars(discord.app_commands.CommandTree)
