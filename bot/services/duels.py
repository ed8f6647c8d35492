"""Duels as the bot runs them: challenges, matches (first to N game wins) and games.

Everything here speaks Discord ids and engine values, never discord.py objects, so it is tested without
Discord. The database is the source of truth; a game in memory is a cache rebuilt by replaying its record.
"""

from __future__ import annotations

import asyncio
import logging
import marshal
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.store import (
    BOARD,
    CHALLENGE,
    RESULT,
    Challenge,
    Conflict,
    GameRow,
    MatchRow,
    Storage,
    StoredAction,
    Transaction,
    row_from_values,
    row_values,
    stored_action,
)
from cards import DeckChoice
from engine import (
    Decision,
    EventTuple,
    Frozen,
    Game,
    IllegalAction,
    Setup,
    freeze,
    has_events,
    split_events,
    thaw,
    with_events,
)
from text import tr

log = logging.getLogger(__name__)
GameOverHook = Callable[[Transaction, "LiveGame", str | None, str], Awaitable[None]]
Watcher = Callable[["LiveGame"], None]  # must not block: it may start a task
# Raises Refusal if the challenge may not be made (a server's rules: bot.services.guild_settings)
ProposeCheck = Callable[["Challenge"], Awaitable[None]]
Clock = Callable[[], datetime]


#: A challenge's status, as said of it once answered ("This challenge was already accepted.").
ANSWERED = {
    "active": "accepted",
    "finished": "accepted",
    "aborted": "cancelled",
    "declined": "declined",
    "withdrawn": "withdrawn",
}


@dataclass(frozen=True, slots=True)
class Pick:
    """A decision's option chosen by its index among the options shown (a button carries the index)."""

    index: int


class Refusal(Exception):
    """Something a user asked for that cannot be done; the message is shown to them privately."""


@dataclass(slots=True, eq=False)
class LiveGame:
    """A game with its match and its record. Its engine state is kept only while the game is in use
    (see :meth:`Duels.live`); otherwise :attr:`game` replays it from the record when read."""

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
            self.engine = game  # only once whole: a record that fails to replay leaves nothing half-done
            if self.on_replay is not None:
                self.on_replay(self)
        return game

    def _round_started(self, game: Game) -> None:
        # Its events are the game's own while it is kept: added when it is let go of (see Duels._cool).
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


@dataclass(frozen=True, slots=True)
class Step:
    """What one applied decision did."""

    live: LiveGame
    player: str | None  # who decided (None: the bot ended the game)
    next_game: LiveGame | None  # the next game of the match, if this one ended and the match goes on
    match_over: bool


def _still_going(live: LiveGame, expected_actions: int | None) -> None:
    """Refuse to end a game the rules or the bot already ended, or (with ``expected_actions``) one in
    which a decision was taken since (a timeout claimed while nobody moved)."""
    if live.outcome is not None:
        raise Refusal(tr("refuse.game_over"))
    if expected_actions is not None and len(live.actions) != expected_actions:
        raise Refusal(tr("claim.out_of_date"))


def _tally(winners: Iterable[str | None]) -> dict[str, int]:
    """Game wins per player from the winners of finished games (None: a draw)."""
    wins = {"p1": 0, "p2": 0}
    for winner in winners:
        if winner is not None:
            wins[winner] += 1
    return wins


def new_setup(deck: DeckChoice, location: str | None) -> dict[str, Any]:
    return {"deck": deck, "location": location, "seed": secrets.randbits(62), "chance": "seeded"}


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


class Duels:
    def __init__(
        self,
        storage: Storage,
        cache_size: int = CACHED_GAMES,
        warm_size: int = WARM_GAMES,
        clock: Clock | None = None,
    ) -> None:
        self.storage = storage
        # When a game's wait for a decision begins (bot.services.timers reads it with the same clock).
        self.clock: Clock = clock or (lambda: datetime.now(UTC))
        # Least recently used first; a game held without its engine state is kept cold (see ColdGame).
        self._cache: OrderedDict[int, LiveGame | ColdGame] = OrderedDict()
        self._cache_size = cache_size
        self._warm: OrderedDict[int, LiveGame] = OrderedDict()  # those with their engine state kept
        self._warm_size = warm_size
        self._on_replay = self._warmed  # one bound method for all the games (each is an object to collect)
        # Game wins (p1, p2) in a game's match before it began, by game id: final once it began.
        self._wins_before: dict[int, tuple[int, int]] = {}
        # One lock per game while someone uses it: weak, so idle games leave nothing behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Called inside the transaction that records a finished game (ratings use it).
        self.game_over_hooks: list[GameOverHook] = []
        # Server rules for new challenges (running duels per player, channels): bot.services.guild_settings.
        self.propose_checks: list[ProposeCheck] = []
        # Told of every game whose committed state changed (started, decided): the computer wakes on it.
        self.watchers: list[Watcher] = []

    def changed(self, *games: LiveGame | None) -> None:
        """Tell the watchers that these games changed (or may need a look: bot.services.timers)."""
        for live in games:
            if live is not None:
                for watcher in self.watchers:
                    watcher(live)

    # --- challenges -------------------------------------------------------------------------------------

    async def propose(self, challenge: Challenge, *, start: bool = False) -> MatchRow:
        """A challenge, checked against the server's rules; with ``start`` (a duel against the computer)
        the match is under way at once with its first game, in the same transaction."""
        challenger, opponent = challenge.challenger, challenge.opponent
        if challenger[0] == opponent[0]:
            raise Refusal(tr("refuse.self"))
        # A bad deck or location is a bug of the caller (the command offers only valid ones).
        Setup.model_validate(new_setup(challenge.deck, challenge.location))
        if await self.storage.open_matches_between(challenge.channel_id, challenger[0], opponent[0]):
            raise Refusal(tr("refuse.duel_here", opponent=opponent[1]))
        for check in self.propose_checks:
            await check(challenge)
        first = (new_setup(challenge.deck, challenge.location), self.now()) if start else None
        match_id = await self.storage.create_match(challenge, first)
        if start:
            log.info("match %s: started against the computer (%s)", match_id, challenge.computer)
        match = await self.storage.match(match_id)
        assert match is not None
        return match

    async def first_game(self, match_id: int) -> LiveGame:
        """The first game of a match under way."""
        games = await self.storage.games(match_id)
        return await self.live(games[0].id)

    async def answer(
        self, match_id: int, user_id: int, answer: str, guild_id: int | None = None
    ) -> tuple[MatchRow, LiveGame | None]:
        """Accept, decline or withdraw a proposed match; accepting starts its first game. With
        ``guild_id``, only a challenge of that server."""
        match = await self.storage.match(match_id)
        if match is None or (guild_id is not None and match.guild_id != guild_id):
            raise Refusal(tr("refuse.challenge_gone"))
        allowed = match.opponent_id if answer in ("accept", "decline") else match.challenger_id
        if user_id != allowed:
            who = match.opponent_name if answer in ("accept", "decline") else match.challenger_name
            raise Refusal(tr(f"refuse.only_{answer}", who=who))
        status = {"accept": "active", "decline": "declined", "withdraw": "withdrawn"}[answer]
        async with self.storage.transaction() as tx:
            if not await tx.set_match_status(match_id, ("proposed",), status):
                now_status = (await self._match_row(match_id)).status  # what answered it first
                raise Refusal(tr(f"refuse.already_{ANSWERED.get(now_status, 'cancelled')}"))
            await tx.post_due(match_id, CHALLENGE)  # its buttons go (the click's answer, or bot.ui.outbox)
            game_id = (
                await tx.insert_game(match_id, 1, new_setup(match.deck, match.location))
                if status == "active"
                else None
            )
            if game_id is not None:
                await tx.start_wait(game_id, self.now())
                await tx.post_due(match_id, BOARD, game_id)
        if game_id is not None:
            log.info("game %s: started (match %s, game 1)", game_id, match_id)
        match = await self.storage.match(match_id)
        assert match is not None
        first = None if game_id is None else await self.live(game_id)
        self.changed(first)
        return match, first

    # --- games ------------------------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        """Held while a decision is applied and stored: what is read under it is committed state."""
        return self._lock(game_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def live(self, game_id: int) -> LiveGame:
        """A game as stored, its engine state ready. The most recently used games are kept whole (up to
        ``warm_size``); more (up to ``cache_size``) keep only their rows and record, and are replayed
        when used again; the rest are read from the database."""
        cached = self._cache.get(game_id)
        if cached is None:
            live = await self._read(game_id)
        else:
            self._cache.move_to_end(game_id)
            live = cached if isinstance(cached, LiveGame) else self._thaw(game_id, cached)
        if live.engine is None:
            live.game  # noqa: B018 -- replayed now, on_replay makes it warm
        else:
            self._warm.move_to_end(game_id)
            if len(self._warm) > self._warm_size:  # one was kept for its lock
                self._trim()
        return live

    async def _read(self, game_id: int) -> LiveGame:
        row = await self.storage.game(game_id)
        if row is None:
            raise Refusal(tr("refuse.game_gone"))
        match = await self.storage.match(row.match_id)
        assert match is not None
        actions = tuple(await self.storage.actions(game_id))
        cached = self._cache.get(game_id)
        if cached is not None:
            # Another caller read it meanwhile, and decisions go to that one (under the game's lock):
            # what was read here may be older already.
            return cached if isinstance(cached, LiveGame) else self._thaw(game_id, cached)
        live = self._cache[game_id] = LiveGame(row, match, actions, on_replay=self._on_replay)
        if row.status != "in_progress" and live.game.result is None:  # ended by the bot (see end, abort)
            live.ended = (row.winner, row.reason or "")
        while len(self._cache) > self._cache_size:  # idle games are evicted; the database has them
            evicted, _ = self._cache.popitem(last=False)
            self._warm.pop(evicted, None)  # whoever still holds it may go on using it
        return live

    def _thaw(self, game_id: int, cold: ColdGame) -> LiveGame:
        """The cached game again as a :class:`LiveGame` (its engine state thawed or replayed when read)."""
        values, actions, events = cold
        row, match, ended, frozen = marshal.loads(values)
        live = self._cache[game_id] = LiveGame(
            row_from_values(GameRow, row),
            row_from_values(MatchRow, match),
            actions,
            ended,
            on_replay=self._on_replay,
            frozen=None if frozen is None or events is None else with_events(frozen, events),
        )
        return live

    def _warmed(self, live: LiveGame) -> None:
        """``live`` was just replayed: its engine state is kept, if it is the cached one (a copy let go
        of and replayed by whoever still held it is theirs alone)."""
        if self._cache.get(live.row.id) is live:
            self._warm[live.row.id] = live
            self._trim()

    def _trim(self) -> None:
        """Let go of the least recently used games' engine states, beyond ``warm_size``. A game whose
        lock is held keeps its state (a decision being stored is in the engine and not yet in the
        record, so a replay would lose it) and goes to the back, as just used: under a backlog hundreds
        are held at once, and a trim that went through all of them each time made the backlog worse."""
        held_looks = HELD_LOOKS
        while len(self._warm) > self._warm_size:
            game_id = next(iter(self._warm))
            lock = self._locks.get(game_id)
            if lock is None or not lock.locked():
                self._cool(self._warm[game_id])
            elif held_looks == 0:
                return  # the next trim goes on: each looks at a few held games at most
            else:
                held_looks -= 1
                self._warm.move_to_end(game_id)

    def _cool(self, live: LiveGame) -> None:
        """Let go of a game's engine state (its record stays, as a :data:`ColdGame`). Released, it is
        freed at once rather than by the garbage collector's next full pass, which would then go through
        a hundred games' worth of objects: its pause is the longest a player feels. Whoever still reads
        ``live`` (a board being built) reads it as it was, replayed if need be; nobody plays it (a
        decision is applied under the game's lock, to the cached game)."""
        game_id = live.row.id
        self._warm.pop(game_id, None)
        engine = live.engine
        if engine is not None and live.frozen is not None:
            live.frozen = with_events(live.frozen, engine.events)  # no longer the engine's to keep
        if self._cache.get(game_id) is live:
            self._cache[game_id] = _cold(live)  # in its place: still as recently used
        if engine is not None:
            engine.release()
            live.engine = None

    async def act(self, game_id: int, user_id: int, version: int, choose: Sequence[str] | Pick) -> Step:
        """Apply a player's decision: options (a select's values), or a :class:`Pick` of one option by
        its index (a button), turned into the option here, under the game's lock, and checked once.
        ``version`` is how many decisions the player had taken when the buttons were shown: a stale or
        repeated click is refused and changes nothing."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            player = live.match.player_of(user_id)
            if player is None or player == live.match.computer_seat:
                raise Refusal(tr("refuse.not_playing"))
            if live.outcome is not None:
                raise Refusal(tr("refuse.game_ended"))
            if live.own_actions(player) != version:
                raise Refusal(tr("refuse.out_of_date"))
            return await self._apply(live, player, choose)

    async def act_for_computer(self, game_id: int, expected_actions: int, choose: Sequence[str]) -> Step:
        """Apply the computer's decision (bot.services.computer), if the game still has the
        ``expected_actions`` it was thought about with (else refused: a decision or an end since)."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = live.match.computer_seat
            if seat is None:
                raise Refusal(tr("refuse.not_playing"))
            _still_going(live, expected_actions)
            return await self._apply(live, seat, choose)

    async def _apply(self, live: LiveGame, player: str, choose: Sequence[str] | Pick) -> Step:
        """Under the game's lock: check ``player``'s decision, apply it, store it (else forget the cached
        game, which would be ahead of the database), and tell the watchers."""
        decision = live.pending_for(player)
        if decision is None:
            raise Refusal(tr("refuse.not_your_turn"))
        if isinstance(choose, Pick):
            if not 0 <= choose.index < len(decision.options):
                raise Refusal(tr("refuse.out_of_date"))  # buttons of another decision
            choose = [decision.options[choose.index]]
        try:
            live.game.apply(player, list(choose))
        except IllegalAction:
            # The engine's reason names the values sent: never echoed (a forged one may be huge).
            raise Refusal(tr("refuse.not_an_option")) from None
        try:
            next_game, match_over = await self._save(live, player, choose)
        except BaseException:
            # The engine state is ahead of the database: read and replay the game afresh.
            self._cache.pop(live.row.id, None)
            self._cool(live)
            live.frozen = None  # it may be too
            raise
        self.changed(live, next_game)
        return Step(live, player, next_game, match_over)

    async def _save(self, live: LiveGame, player: str, choose: Sequence[str]) -> tuple[LiveGame | None, bool]:
        """Append the action, and what follows from a finished game, in one transaction."""
        game = live.game
        next_game_id: int | None = None
        match_over = False
        try:
            async with self.storage.transaction() as tx:
                await tx.insert_action(live.row.id, len(live.actions), player, choose)
                await tx.start_wait(live.row.id, self.now())  # the timers count from the last decision
                await tx.post_due(live.match.id, BOARD, live.row.id)
                if game.result is not None:
                    next_game_id, match_over = await self._game_over(
                        tx, live, game.result.winner, game.result.reason
                    )
        except Conflict:
            raise Refusal(tr("refuse.already_made")) from None
        live.actions = (*live.actions, stored_action(player, choose))
        return (None if next_game_id is None else await self.live(next_game_id)), match_over

    async def _game_over(
        self, tx: Transaction, live: LiveGame, winner: str | None, reason: str, *, match_too: bool = False
    ) -> tuple[int | None, bool]:
        """Within ``tx``: record the game's result, tell the hooks (ratings), then end the match or start
        its next game. ``match_too`` ends the match whatever the score (a concession, a forfeit)."""
        match = live.match
        await tx.finish_game(live.row.id, winner, reason)
        for hook in self.game_over_hooks:
            await hook(tx, live, winner, reason)
        wins = _tally(await tx.game_results(match.id))  # this game included: read in the transaction
        if match_too or max(wins.values()) >= match.wins_needed:
            await tx.post_due(match.id, RESULT)
            return None, await tx.set_match_status(match.id, ("active",), "finished")
        setup = new_setup(match.deck, match.location)
        next_game_id = await tx.insert_game(match.id, live.row.number + 1, setup)
        await tx.start_wait(next_game_id, self.now())
        await tx.post_due(match.id, BOARD, next_game_id)
        log.info("game %s: starting (match %s, game %d)", next_game_id, match.id, live.row.number + 1)
        return next_game_id, False

    async def end(
        self,
        game_id: int,
        winner: str | None,
        reason: str,
        *,
        match_too: bool = False,
        expected_actions: int | None = None,
    ) -> Step:
        """End a game outside the rules of the card game: a concession or a timeout (``winner`` wins,
        ``reason`` says why), with ``match_too`` for the whole match. With ``expected_actions``, only if
        the game still has that many decisions (a timeout claimed while nobody moved)."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            _still_going(live, expected_actions)
            async with self.storage.transaction() as tx:
                await tx.post_due(live.match.id, BOARD, game_id)
                next_game_id, match_over = await self._game_over(
                    tx, live, winner, reason, match_too=match_too
                )
            live.ended = (winner, reason)
            next_game = None if next_game_id is None else await self.live(next_game_id)
            self.changed(next_game)
            return Step(live, None, next_game, match_over)

    async def abort(
        self, match_id: int, reason: str = "aborted", *, expected_actions: int | None = None
    ) -> tuple[MatchRow, Step | None]:
        """End an open match without any result (a server manager's abort, or both players out of time:
        ``reason``); its game in progress, if any, is returned as a step with no winner."""
        match = await self.storage.match(match_id)
        if match is None:
            raise Refusal(tr("refuse.duel_gone"))
        if match.status == "proposed":
            async with self.storage.transaction() as tx:
                if not await tx.set_match_status(match_id, ("proposed",), "aborted"):
                    raise Refusal(tr("concede.over"))
                await tx.post_due(match_id, CHALLENGE)  # its buttons go
            return await self._match_row(match_id), None
        current = [row for row in await self.storage.games(match_id) if row.status == "in_progress"]
        if match.status != "active" or not current:
            raise Refusal(tr("concede.over"))
        game_id = current[-1].id
        async with self._lock(game_id):
            live = await self.live(game_id)
            _still_going(live, expected_actions)
            async with self.storage.transaction() as tx:
                if not await tx.abort_game(game_id, reason):
                    raise Refusal(tr("refuse.game_over"))
                await tx.set_match_status(match_id, ("active",), "aborted")
                await tx.post_due(match_id, BOARD, game_id)
                await tx.post_due(match_id, RESULT)
            live.ended = (None, reason)
            return await self._match_row(match_id), Step(live, None, None, True)

    async def _match_row(self, match_id: int) -> MatchRow:
        match = await self.storage.match(match_id)
        assert match is not None
        return match

    def now(self) -> str:
        """The clock's time as stored (``waiting_since``)."""
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    async def _wins(self, match_id: int) -> dict[str, int]:
        return _tally(row.winner for row in await self.storage.games(match_id) if row.status == "finished")

    async def score(self, match_id: int) -> dict[str, int]:
        """Game wins so far in a match."""
        return await self._wins(match_id)

    async def score_at(self, live: LiveGame) -> dict[str, int]:
        """Game wins in ``live``'s match as its board shows it: the games before it, which were over
        for good when it began (read once and kept: the first game of a match reads nothing), and its
        own outcome, as ``live`` has it."""
        before = self._wins_before.get(live.row.id)
        if before is None:
            number = live.row.number
            games = await self.storage.games(live.match.id) if number > 1 else []
            wins = _tally(game.winner for game in games if game.number < number and game.status == "finished")
            before = self._wins_before[live.row.id] = (wins["p1"], wins["p2"])
            while len(self._wins_before) > self._cache_size:
                del self._wins_before[next(iter(self._wins_before))]  # the oldest first
        outcome = live.outcome
        winner = None if outcome is None else outcome[0]
        return {"p1": before[0] + (winner == "p1"), "p2": before[1] + (winner == "p2")}
