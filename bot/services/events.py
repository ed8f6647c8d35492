"""What happens in the bot, as named events with typed payloads, and the bus that carries them. The
events of one service alone are defined beside it (``ComputerDecided`` in bot.services.computer,
``NoticeDue`` in bot.services.timers; the front end's in bot.ui.events).

A service publishes an event; who listens is wired in one place, ``bot/wiring.py``, read top to bottom.
No service registers itself with another, and no cog hands one of its methods to another cog.

Two kinds of event. Those published *inside a transaction* carry it (``tx``): their subscribers write in
that very transaction (a game's result and ratings, a tournament's pairing scored), so a decision stays one
commit. Those published *after a commit* tell what is now stored; their subscribers show it or act on it.
Those told from a commit's own callbacks (a game changed, a tournament changed: :meth:`Bus.tell`) must be
synchronous (they may start a task), so a commit's caller never waits for them; the others are awaited by
their publisher (:meth:`Bus.publish`: the computer's decision, a notice due, a season begun).
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.store import MatchRow, Transaction

if TYPE_CHECKING:
    from bot.services.game_cache import LiveGame

E = TypeVar("E")
Handler = Callable[[E], Awaitable[None] | None]


class Bus:
    """Events to their subscribers, in the order they subscribed."""

    def __init__(self) -> None:
        self._handlers: defaultdict[type[Any], list[Handler[Any]]] = defaultdict(list)

    def subscribe(self, event: type[E], handler: Handler[E]) -> None:
        self._handlers[event].append(handler)

    def subscribed(self, event: type[Any]) -> bool:
        return bool(self._handlers.get(event))

    async def publish(self, event: object) -> None:
        """Tell every subscriber of the event's type, awaiting each in turn."""
        for handler in self._handlers.get(type(event), ()):
            result = handler(event)
            if inspect.isawaitable(result):
                await result

    def tell(self, event: object) -> None:
        """Tell every subscriber where nothing can be awaited (after a commit): each must be synchronous."""
        for handler in self._handlers.get(type(event), ()):
            result = handler(event)
            if result is not None:
                if inspect.iscoroutine(result):
                    result.close()
                raise TypeError(f"{handler!r} is not synchronous: it cannot hear {type(event).__name__}")


# --- inside the transaction that makes them -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game's result is being recorded (``winner`` None: a draw); its ratings and records go in ``tx``."""

    tx: Transaction
    live: LiveGame
    winner: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """A match is over (``winner`` of the match; None: neither, as in a draw awarded); in ``tx``."""

    tx: Transaction
    match: MatchRow
    winner: str | None
    reason: str


# --- after the commit ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameChanged:
    """A game's stored state changed (started, decided, ended), or may need a look (the timers' scan)."""

    live: LiveGame


@dataclass(frozen=True, slots=True)
class TournamentChanged:
    """A tournament's channel has something new to show (players, a start, a result), and ``duels`` are
    the duels the change made (shown by the process that made them)."""

    tournament_id: int
    duels: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """A tournament's round ``number`` is over: the next one is paired (``duels``), or the tournament ends."""

    tournament_id: int
    number: int
    duels: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeasonBegun:
    """A server's leaderboard began a new season (a manager's command or its length): the end of the one
    before is to be announced."""

    guild_id: int
