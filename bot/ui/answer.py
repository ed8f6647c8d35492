"""Every interaction answered once, and in time, however long its handler takes.

Discord drops an interaction the bot has not acknowledged within 3 s ("The application did not
respond"). Handlers answer after their work (the decision stored, the hand drawn), which takes
milliseconds, but a stalled database or an overloaded process can hold them past that. So the guard
watches each interaction (:func:`watch`): if its handler has not answered after ``DEFER_AFTER`` seconds,
the bot acknowledges it the way its handler will answer (``Answers``: a "thinking…" message, private or
public, or for an edit nothing visible), and the handler's answer, when it comes, fills that in.

Handlers answer only through :func:`send` and :func:`edit`. Both take the interaction's lock, as the
watchdog does, so a deferral and an answer never cross: an answer on its way when the watchdog wakes is
waited for (it then has nothing to do), and an answer made while the deferral is on its way follows it.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Literal

import discord
from discord import app_commands

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]

#: How a handler answers: by editing the message its component is on, or with a new message, private
#: (ephemeral) or public. The watchdog defers accordingly; it cannot change a deferral's kind later.
Answers = Literal["edit", "private", "public"]
#: Seconds a handler has to answer before the watchdog acknowledges its interaction (Discord allows 3).
DEFER_AFTER = 2.0


@dataclass(slots=True)
class _Answering:
    """What the guard knows of one interaction's answer (kept in ``interaction.extras``)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    acknowledged: bool = False  # Discord has the interaction's first response (a deferral, an answer)
    answered: bool = False  # the handler's own answer (or the one-line failure) is there
    timer: asyncio.TimerHandle | None = None
    deferring: asyncio.Task[None] | None = None  # held here: the loop keeps only a weak reference


def _answering(interaction: Interaction) -> _Answering:
    found = interaction.extras.get("answering")
    if not isinstance(found, _Answering):
        found = interaction.extras["answering"] = _Answering()
    return found


def answered(interaction: Interaction) -> bool:
    """Whether the user got their answer (a deferral alone is not one)."""
    return _answering(interaction).answered


def watch(interaction: Interaction, answers: Answers, after: float = DEFER_AFTER) -> None:
    """Acknowledge ``interaction`` after ``after`` seconds if its handler has not answered by then."""
    state = _answering(interaction)

    def wake() -> None:
        state.deferring = asyncio.get_running_loop().create_task(_defer(interaction, answers, after))

    state.timer = asyncio.get_running_loop().call_later(after, wake)


def stop_watching(interaction: Interaction) -> None:
    """The handler is done: nothing more to defer (a deferral on its way is let finish)."""
    timer = _answering(interaction).timer
    if timer is not None:
        timer.cancel()


def respond(interaction: Interaction) -> discord.InteractionResponse[Any]:
    """The interaction's first response, made here rather than through ``interaction.response``:
    discord.py keeps that one on the interaction, and the two then refer to each other, so every answered
    interaction, its message and user would wait for the cyclic garbage collector, often in the oldest
    generation (long pauses; docs/performance-history.md, change 16). This one is let go of once used;
    whether the interaction was acknowledged is kept here (``_Answering.acknowledged``)."""
    return discord.InteractionResponse(interaction)


async def _defer(interaction: Interaction, answers: Answers, after: float) -> None:
    state = _answering(interaction)
    async with state.lock:
        if state.answered or state.acknowledged:
            return
        edits = answers == "edit" and interaction.type is not discord.InteractionType.application_command
        try:
            if edits:
                await respond(interaction).defer()  # nothing shown: the message is edited later
            else:
                await respond(interaction).defer(ephemeral=answers == "private", thinking=True)
        except discord.HTTPException as error:
            log.warning("could not defer interaction %s: %s", interaction.id, error)
            return
        state.acknowledged = True
        log.info("interaction %s deferred: its handler took over %.1f s", interaction.id, after)


async def send(interaction: Interaction, **message: Any) -> int | None:
    """Answer with a new message (``send_message``'s arguments; after a deferral, the "thinking"
    message is filled in or, after a deferred edit, a follow-up is sent). Returns its id if known."""
    state = _answering(interaction)
    try:
        async with state.lock:
            if not state.acknowledged:
                response = await respond(interaction).send_message(**message)
                state.acknowledged = state.answered = True
                return response.message_id
            sent = await interaction.followup.send(**message, wait=True)
            state.answered = True
            return sent.id
    finally:
        let_go(message.get("view"))


async def edit(interaction: Interaction, **message: Any) -> None:
    """Answer by editing the message the component is on (``edit_message``'s arguments), or after a
    deferral the message it acknowledged."""
    state = _answering(interaction)
    try:
        async with state.lock:
            if not state.acknowledged:
                await respond(interaction).edit_message(**message)
                state.acknowledged = True
            else:
                await interaction.edit_original_response(**message)
            state.answered = True
    finally:
        let_go(message.get("view"))


def let_go(view: object) -> None:
    """A message's view once the message is sent (or its sending failed): emptied. A click on its items
    is routed by custom id (``bot.ui.components``), so nothing needs it any more; and a discord.py
    view and its items refer to each other, so until emptied they, and what they hold, wait for the
    cyclic garbage collector instead of being freed at once (docs/performance-history.md, change 16)."""
    if isinstance(view, discord.ui.View):
        view.clear_items()


async def complete(interaction: Interaction, choices: list[app_commands.Choice[Any]]) -> None:
    """Answer an autocomplete with its choices (at most 25, as Discord takes)."""
    await respond(interaction).autocomplete(choices[:25])
    _answering(interaction).acknowledged = True


async def reply(interaction: Interaction, content: str) -> None:
    """A private one-line answer; a failure to send it is logged, never raised."""
    try:
        await send(interaction, content=content, ephemeral=True)
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s: %s", interaction.id, error)
