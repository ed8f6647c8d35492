"""Durable timers for duels played over days: reminders, the "Claim victory" offer and the automatic
forfeit.

Nothing is scheduled in memory: every timer is derived from the database. A game's current wait began
at its last decision (or its start): ``games.waiting_since``, written in the same transaction as the
decision, which also sets ``reminders_sent`` and ``claim_offered`` back to 0. A background task scans the
games in progress every ``interval`` seconds and, with the server's settings
(:mod:`bot.services.guild_settings`), finds what is due:

- a reminder every ``reminder_hours`` of the wait (one per tick at most: a bot that was down for a day
  sends one reminder, not three);
- after ``decision_hours`` (a tournament's duel: the tournament's), the claim offer: the player the
  game does not wait for may claim victory (nobody if it waits for both);
- after ``grace_hours`` more, the forfeit: the waiting player loses the match (if the game waits for
  both, the match is cancelled without a result).

A duel against the computer never waits on the computer: a scan that finds it waiting for the computer
wakes the computer (bot.services.computer) instead, and the player is offered no claim (the computer
claims nothing); the reminders and the forfeit of the player are as in any duel.

Each notice is marked in the database (compare and set on the wait it belongs to) *before* it is sent,
so a restart never sends it twice: at most once, never twice. The forfeit is itself the database change
(``Duels.end``/``Duels.abort`` with the number of decisions the wait began with).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.services.duels import Duels, Refusal, Step
from bot.services.events import Bus
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore
from bot.store import DEFAULTS, GuildSettings, Wait

log = logging.getLogger(__name__)

REMINDER, CLAIM, FORFEIT, ABANDONED = "reminder", "claim", "forfeit", "abandoned"
LATE_REMINDER = "late_reminder"  # a reminder once the decision time is up (during the grace period)
FORFEIT_REASON = "forfeit"  # the game's reason when the grace period ran out
CLAIM_REASON = "timeout"  # ... when the opponent claimed victory


@dataclass(frozen=True, slots=True)
class Deadlines:
    since: datetime  # the wait began
    time_up: datetime  # the decision time is up: the opponent may claim victory
    forfeit: datetime  # the grace period is over: the game is forfeited

    @classmethod
    def of(cls, since: datetime, settings: GuildSettings) -> Deadlines:
        time_up = since + settings.decision
        return cls(since, time_up, time_up + settings.grace)


def timed(wait: Wait, settings: GuildSettings) -> GuildSettings:
    """The server's settings with the duel's own time per decision, if it has one (a tournament's)."""
    if wait.decision_hours is None:
        return settings
    return settings.model_copy(update={"decision_hours": wait.decision_hours})


def reminders_due(elapsed: timedelta, settings: GuildSettings) -> int:
    """How many reminders a wait of ``elapsed`` has called for so far."""
    interval = settings.reminder
    return 0 if interval is None else math.floor(elapsed / interval)


def due(wait: Wait, settings: GuildSettings, now: datetime) -> str | None:
    """What the wait calls for at ``now``: FORFEIT, CLAIM, REMINDER or nothing (the most serious first,
    so a bot that was down long only does the last thing due)."""
    elapsed = now - wait.since
    if elapsed >= settings.decision + settings.grace:
        return FORFEIT
    if elapsed >= settings.decision and not wait.claim_offered:
        return CLAIM
    if reminders_due(elapsed, settings) > wait.reminders_sent:
        return REMINDER
    return None


@dataclass(frozen=True, slots=True)
class Notice:
    """Something to tell the duel's channel (bot.cogs.server sends it)."""

    kind: str  # REMINDER, CLAIM, FORFEIT or ABANDONED
    live: LiveGame
    waiting: tuple[str, ...]  # the players the game waits for ("p1", "p2")
    deadlines: Deadlines
    version: int  # the game's decisions: a Claim victory button carries it
    step: Step | None = None  # FORFEIT, ABANDONED: the game the bot ended
    late: bool = False  # REMINDER: sent after the decision time was up (during the grace period)

    @property
    def claimer(self) -> str | None:
        """Who may claim victory: the player the game does not wait for (nobody if it waits for both)."""
        if len(self.waiting) != 1:
            return None
        return "p2" if self.waiting[0] == "p1" else "p1"


def waiting_players(live: LiveGame) -> tuple[str, ...]:
    return tuple(sorted({d.player for d in live.game.pending if d.player in ("p1", "p2")}))


#: Waits a scan goes through before it lets the event loop run others (bench/bot_load.py --duels 10000).
SCAN_BATCH = 500


@dataclass(frozen=True, slots=True)
class NoticeDue:
    """A scan found a reminder, a claim offer, a forfeit or an abandoned duel due, marked done already
    (published on the bus)."""

    notice: Notice


class Timers:
    def __init__(
        self,
        duels: Duels,
        settings: GuildSettingsStore,
        *,
        interval: float = 60.0,
        owns: Callable[[int], bool] = lambda guild_id: True,
        bus: Bus | None = None,
    ) -> None:
        self.duels = duels
        self.settings = settings
        self.bus = bus or Bus()  # told of each notice due (NoticeDue), marked done first
        self.interval = interval
        # Which servers' timers this process scans: its own shards' (several processes share a database).
        self.owns = owns
        self._task: asyncio.Task[None] | None = None

    def now(self) -> datetime:
        return self.duels.clock()

    # --- reading the waits ------------------------------------------------------------------------------

    async def waits(self, game_id: int | None = None) -> list[Wait]:
        return await self.duels.storage.waits(game_id)

    async def deadlines(self, game_id: int) -> Deadlines | None:
        """When a game in progress began to wait, and when its time is up (None: not in progress)."""
        waits = await self.waits(game_id)
        if not waits:
            return None
        wait = waits[0]
        return Deadlines.of(wait.since, timed(wait, await self.settings.get(wait.guild_id)))

    async def notice(self, kind: str, game_id: int, version: int) -> Notice | None:
        """The notice of ``kind`` (a reminder, a late one, a claim offer) made due for the game when it had
        ``version`` decisions, as it stands now; None if it is out of date (a decision or an end since)."""
        try:
            live = await self.duels.live(game_id)
        except Refusal:
            return None
        waiting = waiting_players(live)
        deadlines = await self.deadlines(game_id)
        if live.outcome is not None or len(live.actions) != version or not waiting or deadlines is None:
            return None
        late = kind == LATE_REMINDER
        return Notice(REMINDER if late else kind, live, waiting, deadlines, version, late=late)

    # --- what is due ------------------------------------------------------------------------------------

    async def tick(self) -> list[Notice]:
        """One scan: mark, publish one by one (:class:`NoticeDue`) and return every notice due now."""
        now = self.now()
        settings = await self.settings.all()
        notices = []
        for scanned, wait in enumerate(await self.waits(), start=1):
            if scanned % SCAN_BATCH == 0:
                await asyncio.sleep(0)  # let interactions through: 10,000 waits take ~50 ms to go through
            if not self.owns(wait.guild_id):
                continue  # another process's server: it sends that notice (and the mark makes it once)
            if wait.computer:
                try:
                    if await self._wake_computer(wait):
                        continue
                except Exception:
                    log.exception("game %s: could not wake the computer", wait.game_id)
                    continue
            guild_settings = timed(wait, settings.get(wait.guild_id, DEFAULTS))
            kind = due(wait, guild_settings, now)
            if kind is None:
                continue
            try:
                notice = await self._fire(wait, kind, guild_settings, now)
            except Exception:
                log.exception("game %s: the %s timer failed", wait.game_id, kind)
                continue
            if notice is None:
                continue
            notices.append(notice)
            try:
                await self.bus.publish(NoticeDue(notice))
            except Exception:
                log.exception("game %s: could not send the %s notice", wait.game_id, notice.kind)
        return notices

    async def _fire(self, wait: Wait, kind: str, settings: GuildSettings, now: datetime) -> Notice | None:
        live = await self.duels.live(wait.game_id)
        waiting = waiting_players(live)
        if live.outcome is not None or len(live.actions) != wait.actions or not waiting:
            return None  # a decision or an end since the scan: the next scan sees the new wait
        deadlines = Deadlines.of(wait.since, settings)
        if kind == FORFEIT:
            try:
                if len(waiting) == 1:
                    winner = "p2" if waiting[0] == "p1" else "p1"
                    step = await self.duels.end(
                        wait.game_id, winner, FORFEIT_REASON, match_too=True, expected_actions=wait.actions
                    )
                    return Notice(FORFEIT, live, waiting, deadlines, wait.actions, step)
                _, abandoned = await self.duels.abort(wait.match_id, ABANDONED, expected_actions=wait.actions)
            except Refusal:
                return None  # moved or ended meanwhile
            return (
                None
                if abandoned is None
                else Notice(ABANDONED, live, waiting, deadlines, wait.actions, abandoned)
            )
        reminders = reminders_due(now - wait.since, settings)
        claim = kind == CLAIM or wait.claim_offered
        late = kind == REMINDER and wait.claim_offered
        # A claim against the computer is marked (later reminders say the time is up), never shown: nobody
        # to offer it to.
        shown = None if kind == CLAIM and wait.computer else (LATE_REMINDER if late else kind)
        if not await self._mark(wait, reminders, claim, shown):
            return None
        if shown is None:
            return None
        return Notice(kind, live, waiting, deadlines, wait.actions, late=late)

    async def _wake_computer(self, wait: Wait) -> bool:
        """A duel waiting for the computer: wake it (if it is not thinking already) and send nothing."""
        try:
            live = await self.duels.live(wait.game_id)
        except Refusal:
            return True
        if not live.computer_to_move:
            return False
        self.duels.changed(live)
        return True

    async def _mark(self, wait: Wait, reminders: int, claim: bool, shown: str | None) -> bool:
        """Record the notice, if the wait is still the one scanned (compare and set), and make it due in
        the duel's homes (``shown``: its kind there; None: shown nowhere)."""
        return await self.duels.storage.mark_notice(wait, reminders, claim, shown)

    # --- the background task ----------------------------------------------------------------------------

    def start(self) -> None:
        """Scan every ``interval`` seconds, from now on, until :meth:`stop`."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="cardia-timers")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # a failed scan (the database busy, say) is tried again at the next tick
                log.exception("the timer scan failed")
            await asyncio.sleep(self.interval)
