"""The games the bot holds in memory: a cache of the database, which stays the source of truth.

The most recently used games keep their engine state (``warm``); more keep only their rows and record,
as plain values (``ColdGame``), and are replayed (from their latest round start) when used again; the rest
are read from the database. A game whose lock is held keeps its engine state: a decision being stored is
in the engine and not yet in the record. The duel rules that use it are :mod:`bot.services.duels`.
"""

from __future__ import annotations

import asyncio
import marshal
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.services.caching import KeyedLocks, Recent
from bot.store import GameRow, GameStatus, MatchRow, Storage, StoredAction, row_from_values, row_values
from engine import (
    Decision,
    EventTuple,
    Frozen,
    Game,
    freeze,
    has_events,
    split_events,
    thaw,
    with_events,
)


class GameGone(LookupError):
    """No game has that id (a forged or out-of-date custom id)."""


@dataclass(slots=True, eq=False)
class LiveGame:
    """A game with its match and its record. Its engine state is kept only while the game is in use
    (see :meth:`GameCache.live`); otherwise :attr:`game` replays it from the record when read."""

    row: GameRow
    match: MatchRow
    actions: tuple[StoredAction, ...]  # shared tuples: nothing here for the garbage collector to go through
    ended: tuple[str | None, str] | None = None  # ended by the bot, not by the rules (see outcome)
    engine: Game | None = field(default=None, repr=False)  # None: cold, replayed when next read
    on_replay: Callable[[LiveGame], None] | None = field(default=None, repr=False)
    # The game as its latest round started, as plain values: thawed with the few actions since, it is
    # the engine state again, several times faster than a replay of the whole record.
    frozen: Frozen | None = field(default=None, repr=False)

    @property
    def game(self) -> Game:
        """The engine's state of the game: kept, or made again from the record (a fraction of a ms)."""
        game = self.engine
        if game is None:
            frozen = self.frozen
            if frozen is not None and has_events(frozen) and frozen[0] <= len(self.actions):
                game = thaw(self.row.setup, frozen, self._round_started)
                actions: Sequence[StoredAction] = self.actions[frozen[0] :]
            else:  # none yet, or ahead of the record (a decision that failed to be stored)
                game = Game(self.row.setup, self._round_started)
                actions = self.actions
            for player, choose in actions:
                game.apply(player, choose)
            # Kept, its events share the tuples every game logs alike with the other games' (a game in
            # play keeps some 4 KB less); those it logs later are shared when it cools (with_events).
            game.share_events()
            self.engine = game  # only once whole: a record that fails to replay leaves nothing half-done
            if self.on_replay is not None:
                self.on_replay(self)
        return game

    def _round_started(self, game: Game) -> None:
        # Its events are the game's own while it is kept: added when it is let go of (see GameCache.cool).
        self.frozen = freeze(game, events=False)

    @property
    def revision(self) -> int:
        """Grows with every change the public board shows: a decision, or an end by the bot."""
        return len(self.actions) + (self.ended is not None)

    @property
    def outcome(self) -> tuple[str | None, str] | None:
        """(winner, reason) once the game is over: by the rules, or ended by the bot (concession,
        timeout); None while it goes on."""
        if self.game.result is not None:
            return self.game.result.winner, self.game.result.reason
        return self.ended

    def own_actions(self, player: str) -> int:
        """How many decisions ``player`` has taken in this game: the version their buttons carry."""
        return sum(1 for who, _ in self.actions if who == player)

    def pending_for(self, player: str) -> Decision | None:
        return next((d for d in self.game.pending if d.player == player), None)

    @property
    def computer_to_move(self) -> bool:
        """A duel against the computer that waits for the computer's decision."""
        seat = self.match.computer_seat
        return seat is not None and self.outcome is None and self.pending_for(seat) is not None


#: Games kept in memory: their rows and records (a couple of KB each), and of the most recently used
#: ones, their engine state too (about 10 KB each, and a hundred objects the garbage collector goes
#: through at every full collection). A game out of both is read and replayed again when needed.
CACHED_GAMES = 10_000
WARM_GAMES = 100
# Held games (their lock taken) a trim moves to the back at most, before it leaves the rest to the next.
HELD_LOOKS = 4

#: A cached game without its engine state: its rows' fields, how the bot ended it and the game frozen at
#: its latest round start (engine.checkpoint, without its events) as ``marshal``'s bytes; then its
#: record and the frozen game's events, tuples of the tuples many games share (stored_action, the
#: engine's shared events), kept as they are. No collection of the garbage collector goes through bytes,
#: where it went through the frozen game's nested tuples until passes had let go of them level by level
#: (a thousand tuples and more at 1,000 duels in progress, each in every full collection: the longest
#: pause a player feels, bench/bot_load.py); the two tuples of shared tuples it lets go of at its first
#: pass. The bytes live in this process only, so marshal's format (this Python's) is all they need.
ColdGame = tuple[bytes, tuple[StoredAction, ...], tuple[EventTuple, ...] | None]


def _cold(live: LiveGame) -> ColdGame:
    frozen, events = None, None
    if live.frozen is not None and has_events(live.frozen):
        frozen, events = split_events(live.frozen)
    values = (row_values(live.row), row_values(live.match), live.ended, frozen)
    return marshal.dumps(values), live.actions, events


class GameCache:
    """Games by id, as stored, their engine state ready when read (:meth:`live`); one lock per game."""

    def __init__(self, storage: Storage, cache_size: int = CACHED_GAMES, warm_size: int = WARM_GAMES) -> None:
        self.storage = storage
        # Least recently used first; a game held without its engine state is kept cold (see ColdGame).
        self.kept: Recent[int, LiveGame | ColdGame] = Recent(cache_size)
        self.warm: OrderedDict[int, LiveGame] = OrderedDict()  # those with their engine state kept
        self.warm_size = warm_size
        self._on_replay = self._warmed  # one bound method for all the games (each is an object to collect)
        # One lock per game while someone uses it: weak, so idle games leave nothing behind.
        self.locks: KeyedLocks[int] = KeyedLocks()

    def lock(self, game_id: int) -> asyncio.Lock:
        """Held while a decision is applied and stored: what is read under it is committed state."""
        return self.locks[game_id]

    def clear(self) -> None:
        """Forget every game (as after a restart): each is read from the database again when used."""
        self.kept.clear()
        self.warm.clear()

    def forget(self, live: LiveGame) -> None:
        """``live``'s engine state is ahead of the database (a decision failed to be stored): it is read
        and replayed afresh when next used."""
        self.kept.pop(live.row.id)
        self.cool(live)
        live.frozen = None  # it may be too

    async def live(self, game_id: int) -> LiveGame:
        """A game as stored, its engine state ready. The most recently used games are kept whole (up to
        ``warm_size``); more (up to ``cache_size``) keep only their rows and record, and are replayed
        when used again; the rest are read from the database."""
        cached = self.kept.get(game_id)
        if cached is None:
            live = await self._read(game_id)
        else:
            live = cached if isinstance(cached, LiveGame) else self._thaw(game_id, cached)
        if live.engine is None:
            live.game  # noqa: B018 -- replayed now, on_replay makes it warm
        else:
            self.warm.move_to_end(game_id)
            if len(self.warm) > self.warm_size:  # one was kept for its lock
                self._trim()
        return live

    async def _read(self, game_id: int) -> LiveGame:
        row = await self.storage.game(game_id)
        if row is None:
            raise GameGone(game_id)
        match = await self.storage.match(row.match_id)
        assert match is not None
        actions = tuple(await self.storage.actions(game_id))
        cached = self.kept.peek(game_id)
        if cached is not None:
            # Another caller read it meanwhile, and decisions go to that one (under the game's lock):
            # what was read here may be older already.
            return cached if isinstance(cached, LiveGame) else self._thaw(game_id, cached)
        live = LiveGame(row, match, actions, on_replay=self._on_replay)
        evicted = self.kept.put(game_id, live)
        if (
            row.status != GameStatus.IN_PROGRESS and live.game.result is None
        ):  # ended by the bot (see end, abort)
            live.ended = (row.winner, row.reason or "")
        for gone in evicted:  # idle games are let go of; the database has them
            self.warm.pop(gone, None)  # whoever still holds it may go on using it
        return live

    def _thaw(self, game_id: int, cold: ColdGame) -> LiveGame:
        """The cached game again as a :class:`LiveGame` (its engine state thawed or replayed when read)."""
        values, actions, events = cold
        row, match, ended, frozen = marshal.loads(values)
        live = LiveGame(
            row_from_values(GameRow, row),
            row_from_values(MatchRow, match),
            actions,
            ended,
            on_replay=self._on_replay,
            frozen=None if frozen is None or events is None else with_events(frozen, events),
        )
        self.kept.replace(game_id, live)  # in its place: as recently used as it was
        return live

    def _warmed(self, live: LiveGame) -> None:
        """``live`` was just replayed: its engine state is kept, if it is the cached one (a copy let go
        of and replayed by whoever still held it is theirs alone)."""
        if self.kept.peek(live.row.id) is live:
            self.warm[live.row.id] = live
            self._trim()

    def _trim(self) -> None:
        """Let go of the least recently used games' engine states, beyond ``warm_size``. A game whose
        lock is held keeps its state (a decision being stored is in the engine and not yet in the
        record, so a replay would lose it) and goes to the back, as just used: under a backlog hundreds
        are held at once, and a trim that went through all of them each time made the backlog worse."""
        held_looks = HELD_LOOKS
        while len(self.warm) > self.warm_size:
            game_id = next(iter(self.warm))
            if not self.locks.held(game_id):
                self.cool(self.warm[game_id])
            elif held_looks == 0:
                return  # the next trim goes on: each looks at a few held games at most
            else:
                held_looks -= 1
                self.warm.move_to_end(game_id)

    def cool(self, live: LiveGame) -> None:
        """Let go of a game's engine state (its record stays, as a :data:`ColdGame`). Released, it is
        freed at once rather than by the garbage collector's next full pass, which would then go through
        a hundred games' worth of objects: its pause is the longest a player feels. Whoever still reads
        ``live`` (a board being built) reads it as it was, replayed if need be; nobody plays it (a
        decision is applied under the game's lock, to the cached game)."""
        game_id = live.row.id
        self.warm.pop(game_id, None)
        engine = live.engine
        if engine is not None and live.frozen is not None:
            live.frozen = with_events(live.frozen, engine.events)  # no longer the engine's to keep
        if self.kept.get(game_id) is live:
            self.kept.replace(game_id, _cold(live))  # in its place: still as recently used
        if engine is not None:
            engine.release()
            live.engine = None
