"""The one path every command and click takes: it is always answered, even when something fails.

- A handler that raises (the database failing, Discord failing, a bug) is logged with its traceback and
  what it was about (``game 12: a decision``), and the user is told privately, in one sentence, that
  nothing was changed (or, if the change was stored before the failure (:func:`stored`), that it was),
  unless they already got their answer.
- While the process stops (SIGTERM), new interactions are refused in one line and the ones in flight are
  waited for (:meth:`Guard.drain`), so none is cut off half-way.
- A handler slower than Discord's 3 s has its interaction acknowledged for it (``bot.ui.answer``), so
  its answer still arrives.

Slash commands come through :class:`GuardedTree`; buttons and selects through
``bot.ui.components.Guarded``; autocompletes are answered by the tree itself with their cog's choices
(:meth:`GuardedTree._complete`), no choices rather than none at all (:meth:`Guard.choices`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast, runtime_checkable

import discord
from discord import app_commands

import text
from bot.ui import answer
from bot.ui.answer import Answers, reply
from text import tr

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
#: Discord's error code for an interaction it no longer takes any answer to (none came within its 3 s).
UNKNOWN_INTERACTION = 10062


def speak_privately(interaction: Interaction) -> None:
    """What this interaction's handler says is in the language of the user's own Discord client (English
    for a language without a catalogue); public messages it posts say so themselves (``speaking``).
    Each interaction runs in its own task, so this lasts exactly as long as its handler."""
    text.set_language(text.language_of(interaction.locale))


def stored(interaction: Interaction) -> None:
    """Mark that this interaction's change is in the database: a later failure must not say "nothing
    was changed"."""
    interaction.extras["stored"] = True


class HasGuard(Protocol):
    """A client that carries the guard (``bot.app.CardiaBot``)."""

    guard: Guard


def guard_of(interaction: Interaction) -> Guard:
    """The guard of the client an interaction came to."""
    return cast(HasGuard, interaction.client).guard


class Guard:
    def __init__(self, defer_after: float = answer.DEFER_AFTER) -> None:
        self.defer_after = defer_after  # seconds a handler has before its interaction is deferred
        self.in_flight = 0
        self.stopping = False
        #: Called after each answer (never raises): a line some players are owed (bot.ui.pings.owed).
        self.after: Callable[[Interaction], Awaitable[None]] | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    def _enter(self) -> None:
        self.in_flight += 1
        self._idle.clear()

    def _leave(self) -> None:
        self.in_flight = max(0, self.in_flight - 1)
        if self.in_flight == 0:
            self._idle.set()

    async def run(
        self, interaction: Interaction, handler: Callable[[], Awaitable[None]], what: str, answers: Answers
    ) -> None:
        """Run a component's handler: refused while stopping, acknowledged if slow, answered if it fails."""
        speak_privately(interaction)
        if self.stopping:
            await reply(interaction, tr("error.stopping"))
            return
        self._enter()
        answer.watch(interaction, answers, self.defer_after)
        try:
            await handler()
            await self.owed(interaction)
        except Exception as error:
            await self.failed(interaction, error, what)
        finally:
            answer.stop_watching(interaction)
            self._leave()

    async def idle(self) -> None:
        """Return once no interaction is in flight: every handler has returned, its answer given and what
        the user is owed besides (tests wait on it before looking at what the bot did)."""
        await self._idle.wait()

    async def owed(self, interaction: Interaction) -> None:
        """After a handler answered: what the user is owed besides (:attr:`after`)."""
        if self.after is not None:
            await self.after(interaction)

    async def choices(
        self, handler: Awaitable[list[app_commands.Choice[Any]]], what: str
    ) -> list[app_commands.Choice[Any]]:
        """An autocomplete's choices; none if it fails (it is answered all the same)."""
        try:
            return await handler
        except Exception:
            log.exception("%s: autocomplete failed", what)
            return []

    async def failed(self, interaction: Interaction, error: BaseException, what: str) -> None:
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
            # Too late for any answer (the bot far behind): one line, and no reply that would fail too.
            # A traceback formatted for each such click took the CPU the bot needed to catch up.
            log.warning(
                "%s: interaction %s expired unanswered (user %s)", what, interaction.id, interaction.user.id
            )
            return
        log.error("%s failed (user %s)", what, interaction.user.id, exc_info=error)
        if not answer.answered(interaction):
            await reply(
                interaction,
                tr("error.stored" if interaction.extras.get("stored") else "error.nothing_changed"),
            )

    async def drain(self, timeout: float) -> bool:
        """Refuse what comes from now on and wait (at most ``timeout`` s) for what is in flight."""
        self.stopping = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("stopping with %d interactions still in flight", self.in_flight)
            return False
        return True


class GuardedTree(app_commands.CommandTree[Any]):
    """The command tree, with slash commands counted in flight, refused while stopping, and answered
    when they fail."""

    def __init__(self, client: discord.Client, guard: Guard) -> None:
        super().__init__(client)
        self.guard = guard

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        speak_privately(interaction)
        if interaction.type is discord.InteractionType.autocomplete:
            # Answered here, and discord.py told to go no further: its own answer would go through
            # ``interaction.response``, which holds the interaction in a reference cycle (bot.ui.answer).
            await self._complete(interaction)
            return False
        if self.guard.stopping:
            await reply(interaction, tr("error.stopping"))
            return False
        self.guard._enter()
        command = interaction.command
        answers: Answers = (
            "public" if command is not None and command.extras.get("answers") == "public" else "private"
        )
        answer.watch(interaction, answers, self.guard.defer_after)
        return True

    async def _complete(self, interaction: Interaction) -> None:
        """An autocomplete, answered with the choices of the cog method that completes its focused option
        (``bot.cogs.completes``); none at worst (:meth:`Guard.choices`). Not counted in flight."""
        command = interaction.command
        focused = _focused(cast(dict[str, Any], interaction.data or {}).get("options", []))
        choices: list[app_commands.Choice[Any]] = []
        if isinstance(command, app_commands.Command) and focused is not None:
            shown_as, typed = focused
            option = next((p.name for p in command.parameters if p.display_name == shown_as), None)
            binding = command.binding
            completer = None
            if option is not None and isinstance(binding, Completes):
                completer = binding.completer(command.name, option)
            if completer is not None:
                choices = await self.guard.choices(
                    completer(interaction, typed), f"/{command.qualified_name}"
                )
        try:
            await answer.complete(interaction, choices)
        except discord.HTTPException as error:
            log.warning("could not answer autocomplete %s: %s", interaction.id, error)

    def completed(self, interaction: Interaction) -> None:
        """The client's ``on_app_command_completion``: a command ended without an error."""
        if interaction.type is not discord.InteractionType.autocomplete:
            answer.stop_watching(interaction)
            self.guard._leave()

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError, /) -> None:
        original = getattr(error, "original", error)
        name = interaction.command.qualified_name if interaction.command is not None else "a command"
        try:
            await self.guard.failed(interaction, original, f"/{name}")
        finally:
            if interaction.type is not discord.InteractionType.autocomplete:
                answer.stop_watching(interaction)
                self.guard._leave()


#: An autocomplete's handler: the choices for what the user typed so far.
Completer = Callable[[Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]


@runtime_checkable
class Completes(Protocol):
    """What answers a command's autocompletes (a cog: ``bot.cogs.Cog``), as the guard sees it."""

    def completer(self, command: str, option: str) -> Completer | None: ...


def _focused(options: list[Any]) -> tuple[str, str] | None:
    """(name, what was typed) of the option an autocomplete is for, under its subcommand if need be."""
    for option in options:
        if not isinstance(option, dict):
            continue
        if option.get("focused"):
            return str(option.get("name", "")), str(option.get("value", ""))
        found = _focused(option.get("options", []))
        if found is not None:
            return found
    return None
