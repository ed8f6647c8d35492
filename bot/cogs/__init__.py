"""The cogs: everything that speaks to Discord, one feature each, built with the services it needs and
the parts of ``bot.ui`` it shares (``bot.app`` wires them). A cog is a :class:`Cog`: its ``/cardia``
commands are its methods (``app_commands.command``), and :meth:`Cog.register` names the buttons and
selects it answers. No cog imports another.

- ``duels``: ``/cardia challenge``, ``accept``, ``learn``, the challenge's answers, hands and decisions,
  Rematch.
- ``queue``: ``/cardia queue``, and the computer offered meanwhile.
- ``server``: duels over days on a server: ``/cardia settings``, ``concede``, ``abort``, ``status``,
  Claim victory.
- ``records``: ``/cardia stats``, ``leaderboard``, ``history``, ``about``.
- ``reviews``: ``/cardia review``, a finished game's Review button, and Share.
- ``help``: ``/cardia rules`` and ``card``.
- ``tournaments``: ``/cardia tournament ...`` (a group of its own: create, start, withdraw, standings,
  award, replay, cancel), and a tournament page's Join and Leave.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from bot.ui.components import Handlers
from bot.ui.guard import Completer
from bot.ui.translator import said

F = TypeVar("F", bound=Callable[..., Any])


def completes(command: app_commands.Command[Any, ..., Any], option: str) -> Callable[[F], F]:
    """The decorated cog method completes ``option`` of ``command``: declared to Discord through
    discord.py (the option is marked for autocomplete), answered by the guard with the method's choices
    (``bot.ui.guard.GuardedTree``)."""

    def mark(method: F) -> F:
        command.autocomplete(option)(method)
        method.__cardia_completes__ = (command.name, option)  # type: ignore[attr-defined]
        return method

    return mark


class Cog(app_commands.Group):
    """One feature of the bot. discord.py binds the commands declared in the class body to the instance;
    :func:`cardia_group` moves them under ``/cardia``, unless the cog is a ``subgroup``: then it is
    itself a group of ``/cardia`` (``/cardia tournament create``)."""

    subgroup = False

    def register(self, handlers: Handlers) -> None:
        """Register the handlers of the components this cog answers (none by default)."""

    def completer(self, command: str, option: str) -> Completer | None:
        """The method of this cog that completes ``option`` of ``command`` (see :func:`completes`)."""
        for name, member in vars(type(self)).items():
            if getattr(member, "__cardia_completes__", None) == (command, option):
                found: Completer = getattr(self, name)
                return found
        return None


def cardia_group(*cogs: Cog) -> app_commands.Group:
    """The ``/cardia`` command group, with every command of ``cogs``."""
    group = app_commands.Group(
        name="cardia",
        description=said("slash.cardia.description"),
        # Installed to a server, or to a player's own account: then /cardia reaches them in DMs with the
        # bot and in servers the bot is not in, where what they begin is played in those DMs
        # (bot.ui.homes.where_to_play).
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
    )
    for cog in cogs:
        if cog.subgroup:
            group.add_command(cog)
            continue
        for command in cog.commands:
            group.add_command(command)
    return group
