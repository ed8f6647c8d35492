"""Duels as the bot runs them: challenges, matches (first to N game wins) and games.

Everything here speaks Discord ids and engine values, never discord.py objects, so it is tested without
Discord. The database is the source of truth; a game in memory is a cache rebuilt by replaying its record.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import text
from bot.services.caching import Recent
from bot.services.dealing import Dealer, deal
from bot.services.events import Bus, GameChanged, GameEnded, MatchEnded
from bot.services.game_cache import CACHED_GAMES, WARM_GAMES, GameCache, GameGone, LiveGame
from bot.store import (
    BOARD,
    CHALLENGE,
    RESULT,
    Challenge,
    Conflict,
    GameStatus,
    Home,
    HomeKind,
    MatchRow,
    MatchStatus,
    Storage,
    Transaction,
    stored_action,
)
from engine import (
    IllegalAction,
    Setup,
)
from text import tr

log = logging.getLogger(__name__)
#: A challenge's code (/cardia challenge code:True): letters and digits no one mistakes for another.
CODE_LETTERS, CODE_LENGTH, CODE_TRIES = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6, 8
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
    """Something a user asked for that cannot be done: the catalogue key of what they are told, and its
    values. It is worded where it is shown (``str(refusal)``, in the language spoken there: the reader's
    own), never here."""

    def __init__(self, key: str, **values: str | int | Counted) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        # Numbers stay numbers: a catalogue may choose its plural by them.
        return tr(self.key, **{k: str(v) if isinstance(v, Counted) else v for k, v in self.values.items()})


@dataclass(frozen=True, slots=True)
class Counted:
    """A refusal's value that is a number of things ("2 duels"): worded with the refusal, in its plural."""

    word: str  # the catalogue's plural entry (text.plural)
    count: int

    def __str__(self) -> str:
        return text.plural(self.word, self.count)


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
        raise Refusal("refuse.game_over")
    if expected_actions is not None and len(live.actions) != expected_actions:
        raise Refusal("claim.out_of_date")


def _tally(winners: Iterable[str | None]) -> dict[str, int]:
    """Game wins per player from the winners of finished games (None: a draw)."""
    wins = {"p1": 0, "p2": 0}
    for winner in winners:
        if winner is not None:
            wins[winner] += 1
    return wins


class Duels:
    def __init__(
        self,
        storage: Storage,
        cache_size: int = CACHED_GAMES,
        warm_size: int = WARM_GAMES,
        clock: Clock | None = None,
        dealer: Dealer = deal,
        bus: Bus | None = None,
    ) -> None:
        self.storage = storage
        # Where this tells what happens (bot.services.events): a game's and a match's end in their
        # transaction, a game's change after its commit. Who listens is wired in bot/wiring.py.
        self.bus = bus or Bus()
        # Deals every new game (bot.services.dealing): at random, or known games in a test.
        self.dealer = dealer
        # When a game's wait for a decision begins (bot.services.timers reads it with the same clock).
        self.clock: Clock = clock or (lambda: datetime.now(UTC))
        self.games = GameCache(storage, cache_size, warm_size)  # the games in memory, and their locks
        # Game wins (p1, p2) in a game's match before it began, by game id: final once it began.
        self._wins_before: Recent[int, tuple[int, int]] = Recent(cache_size)
        # Server rules for new challenges (running duels per player, channels): bot.services.guild_settings.
        self.propose_checks: list[ProposeCheck] = []

    def changed(self, *games: LiveGame | None) -> None:
        """Tell that these games changed (or may need a look: bot.services.timers): :class:`GameChanged`."""
        for live in games:
            if live is not None:
                self.bus.tell(GameChanged(live))

    # --- challenges -------------------------------------------------------------------------------------

    async def propose(self, challenge: Challenge, *, start: bool = False) -> MatchRow:
        """A challenge, checked against the server's rules; with ``start`` (a duel against the computer)
        the match is under way at once with its first game, in the same transaction."""
        challenger, opponent = challenge.challenger, challenge.opponent
        if challenger[0] == opponent[0]:
            raise Refusal("refuse.self")
        # A bad deck or location is a bug of the caller (the command offers only valid ones).
        Setup.model_validate(deal(challenge.deck, challenge.location))
        if await self.storage.open_matches_between(challenge.home.channel_id, challenger[0], opponent[0]):
            raise Refusal("refuse.duel_here", opponent=opponent[1])
        for check in self.propose_checks:
            await check(challenge)
        first = (self.dealer(challenge.deck, challenge.location), self.now()) if start else None
        match_id = await self.storage.create_match(challenge, first)
        if start:
            log.info("match %s: started against the computer (%s)", match_id, challenge.computer)
        match = await self.storage.match(match_id)
        assert match is not None
        return match

    async def propose_by_code(self, challenge: Challenge) -> MatchRow:
        """A challenge anyone given its code may accept (:meth:`accept_code`), from their own home."""
        for _ in range(CODE_TRIES):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if await self.storage.code_taken(code):
                continue
            try:
                return await self.propose(replace(challenge, code=code))
            except Conflict:  # taken meanwhile by another process's challenge
                continue
        raise Refusal("refuse.code_busy")

    async def accept_code(self, code: str, user: tuple[int, str], home: Home) -> tuple[MatchRow, LiveGame]:
        """Accept the challenge given by ``code`` (anyone but its challenger) from ``home``, the player's
        own (played there in the channel or a thread of its own), its first game begun."""
        match = await self.storage.match_by_code(code.strip().upper()[: CODE_LENGTH + 1])
        if match is None or match.status != MatchStatus.PROPOSED:
            raise Refusal("refuse.code_unknown", code=code.strip()[: CODE_LENGTH + 1])
        if match.challenger_id == user[0]:
            raise Refusal("refuse.self")
        elsewhere = None if match.first_home.channel_id == home.channel_id else home
        async with self.storage.transaction() as tx:
            if not await tx.take_code_challenge(match.id, user, elsewhere):
                raise Refusal("refuse.code_unknown", code=match.code or "")
            await tx.post_due(match.id, CHALLENGE)
            game_id = await tx.insert_game(match.id, 1, self.dealer(match.deck, match.location))
            await tx.start_wait(game_id, self.now())
            await tx.post_due(match.id, BOARD, game_id)
        log.info("game %s: started (match %s by code, game 1)", game_id, match.id)
        accepted = await self._match_row(match.id)
        first = await self.live(game_id)
        self.changed(first)
        return accepted, first

    async def first_game(self, match_id: int) -> LiveGame:
        """The first game of a match under way."""
        games = await self.storage.games(match_id)
        return await self.live(games[0].id)

    async def answer(
        self,
        match_id: int,
        user_id: int,
        answer: str,
        guild_id: int | None = None,
        kind: HomeKind = "channel",
        clicked: tuple[int, int] | None = None,
    ) -> tuple[MatchRow, LiveGame | None]:
        """Accept, decline or withdraw a proposed match; accepting starts its first game, played in the
        home answered from in the channel or a thread of its own (``kind``). With ``guild_id``, only a
        challenge shown on that server. ``clicked``: the channel and the challenge message answered; in a
        home's channel, stored with the answer (that home's own thread starts from it)."""
        match = await self.storage.match(match_id)
        if match is None or (guild_id is not None and not match.seen_from(guild_id)):
            raise Refusal("refuse.challenge_gone")
        allowed = match.opponent_id if answer in ("accept", "decline") else match.challenger_id
        if user_id != allowed:
            who = match.opponent_name if answer in ("accept", "decline") else match.challenger_name
            raise Refusal(f"refuse.only_{answer}", who=who)
        status = {"accept": "active", "decline": "declined", "withdraw": "withdrawn"}[answer]
        async with self.storage.transaction() as tx:
            if not await tx.set_match_status(match_id, ("proposed",), status):
                now_status = (await self._match_row(match_id)).status  # what answered it first
                raise Refusal(f"refuse.already_{ANSWERED.get(now_status, 'cancelled')}")
            await tx.post_due(match_id, CHALLENGE)  # its buttons go (the click's answer, or bot.ui.outbox)
            game_id = (
                await tx.insert_game(match_id, 1, self.dealer(match.deck, match.location))
                if status == MatchStatus.ACTIVE
                else None
            )
            if game_id is not None:
                where, message = clicked if clicked is not None else (None, None)
                answered = next((home for home in match.homes if home.channel_id == where), None)
                number = match.first_home.number if answered is None else answered.number
                await tx.settle_home(match_id, number, kind, None if answered is None else message)
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
        return self.games.lock(game_id)

    async def live(self, game_id: int) -> LiveGame:
        """A game as stored, its engine state ready (:class:`GameCache`); refused if there is none."""
        try:
            return await self.games.live(game_id)
        except GameGone:
            raise Refusal("refuse.game_gone") from None

    async def act(self, game_id: int, user_id: int, version: int, choose: Sequence[str] | Pick) -> Step:
        """Apply a player's decision: options (a select's values), or a :class:`Pick` of one option by
        its index (a button), turned into the option here, under the game's lock, and checked once.
        ``version`` is how many decisions the player had taken when the buttons were shown: a stale or
        repeated click is refused and changes nothing."""
        async with self.games.lock(game_id):
            live = await self.live(game_id)
            player = live.match.player_of(user_id)
            if player is None or player == live.match.computer_seat:
                raise Refusal("refuse.not_playing")
            if live.outcome is not None:
                raise Refusal("refuse.game_ended")
            if live.own_actions(player) != version:
                raise Refusal("refuse.out_of_date")
            return await self._apply(live, player, choose)

    async def act_for_computer(self, game_id: int, expected_actions: int, choose: Sequence[str]) -> Step:
        """Apply the computer's decision (bot.services.computer), if the game still has the
        ``expected_actions`` it was thought about with (else refused: a decision or an end since)."""
        async with self.games.lock(game_id):
            live = await self.live(game_id)
            seat = live.match.computer_seat
            if seat is None:
                raise Refusal("refuse.not_playing")
            _still_going(live, expected_actions)
            return await self._apply(live, seat, choose)

    async def _apply(self, live: LiveGame, player: str, choose: Sequence[str] | Pick) -> Step:
        """Under the game's lock: check ``player``'s decision, apply it, store it (else forget the cached
        game, which would be ahead of the database), and tell that it changed."""
        decision = live.pending_for(player)
        if decision is None:
            raise Refusal("refuse.not_your_turn")
        if isinstance(choose, Pick):
            if not 0 <= choose.index < len(decision.options):
                raise Refusal("refuse.out_of_date")  # buttons of another decision
            choose = [decision.options[choose.index]]
        try:
            live.game.apply(player, list(choose))
        except IllegalAction:
            # The engine's reason names the values sent: never echoed (a forged one may be huge).
            raise Refusal("refuse.not_an_option") from None
        try:
            next_game, match_over = await self._save(live, player, choose)
        except BaseException:
            self.games.forget(live)  # its engine state is ahead of the database: replayed afresh
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
            raise Refusal("refuse.already_made") from None
        live.actions = (*live.actions, stored_action(player, choose))
        return (None if next_game_id is None else await self.live(next_game_id)), match_over

    async def _game_over(
        self, tx: Transaction, live: LiveGame, winner: str | None, reason: str, *, match_too: bool = False
    ) -> tuple[int | None, bool]:
        """Within ``tx``: record the game's result, publish :class:`GameEnded` (ratings), then end the match
        (:class:`MatchEnded`) or start its next game. ``match_too`` ends the match whatever the score (a
        concession, a forfeit)."""
        match = live.match
        await tx.finish_game(live.row.id, winner, reason)
        await self.bus.publish(GameEnded(tx, live, winner, reason))
        wins = _tally(await tx.game_results(match.id))  # this game included: read in the transaction
        if match_too or max(wins.values()) >= match.wins_needed:
            await tx.post_due(match.id, RESULT)
            over = await tx.set_match_status(match.id, ("active",), "finished")
            if over:
                won = winner if match_too else max(wins, key=wins.__getitem__)
                await self.bus.publish(MatchEnded(tx, match, won, reason))
            return None, over
        setup = self.dealer(match.deck, match.location)
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
        async with self.games.lock(game_id):
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
            raise Refusal("refuse.duel_gone")
        if match.status == MatchStatus.PROPOSED:
            async with self.storage.transaction() as tx:
                if not await tx.set_match_status(match_id, ("proposed",), "aborted"):
                    raise Refusal("concede.over")
                await tx.post_due(match_id, CHALLENGE)  # its buttons go
            return await self._match_row(match_id), None
        current = [row for row in await self.storage.games(match_id) if row.status == GameStatus.IN_PROGRESS]
        if match.status != MatchStatus.ACTIVE or not current:
            raise Refusal("concede.over")
        game_id = current[-1].id
        async with self.games.lock(game_id):
            live = await self.live(game_id)
            _still_going(live, expected_actions)
            async with self.storage.transaction() as tx:
                if not await tx.abort_game(game_id, reason):
                    raise Refusal("refuse.game_over")
                if await tx.set_match_status(match_id, ("active",), "aborted"):
                    await self.bus.publish(MatchEnded(tx, live.match, None, reason))
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
        return _tally(
            row.winner for row in await self.storage.games(match_id) if row.status == GameStatus.FINISHED
        )

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
            wins = _tally(
                game.winner for game in games if game.number < number and game.status == GameStatus.FINISHED
            )
            before = (wins["p1"], wins["p2"])
            self._wins_before.put(live.row.id, before)
        outcome = live.outcome
        winner = None if outcome is None else outcome[0]
        return {"p1": before[0] + (winner == "p1"), "p2": before[1] + (winner == "p2")}

    # --- what the front end reads (cogs and ui never reach the store themselves) ------------------------

    async def match(self, match_id: int) -> MatchRow | None:
        """A match as stored now (None: no such match)."""
        return await self.storage.match(match_id)

    async def open_matches(
        self, guild_id: int | None = None, *, user_id: int | None = None, channel_id: int | None = None
    ) -> list[MatchRow]:
        """The proposed and active matches (counting for a server, of a player, shown in a channel),
        oldest first."""
        return await self.storage.open_matches(guild_id, user_id=user_id, channel_id=channel_id)

    async def current_game(self, match_id: int) -> int | None:
        """The id of the match's game in progress (None: none is, the match is proposed or over)."""
        games = [row for row in await self.storage.games(match_id) if row.status == GameStatus.IN_PROGRESS]
        return games[-1].id if games else None

    async def latest_game(self, match_id: int) -> int | None:
        """The id of the match's latest game, in progress or over (None: it has none yet)."""
        games = await self.storage.games(match_id)
        return games[-1].id if games else None

    async def hints_used(self, game_id: int) -> dict[str, int]:
        """How many of their decisions each player of a game asked a hint for."""
        return await self.storage.hints_used(game_id)

    async def commit_bookkeeping(self) -> None:
        """Commit the deferred bookkeeping (what was shown where) now, when no decision is coming to
        carry it: before an answer that tells where a duel is, say."""
        await self.storage.flush()
