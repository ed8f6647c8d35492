"""Reviews of finished games (engine.review) for their players, sharing them, and hints during a game.

A review is searched one decision at a time in the computer's worker pool, at most ``at_once`` of its
decisions at a time (its own budget: a worker is never held by a review for longer than one decision's
search, about a third of a second), and none while the computer's decisions in duels wait for a worker:
they come first. It is made once and kept in the database; two clicks at once make it once. Only a
game's players may see its review, until one of them shares it.

Hints share the same budget (without giving way: a player waits for each). A hint is the computer's
answer in the player's place, from what they see, in a duel against the computer or one whose challenge
allowed hints (never a rated one); each decision a player asked a hint for is counted once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from bot.services.caching import KeyedLocks
from bot.services.computer import record_of
from bot.services.duels import Duels, Refusal
from bot.services.game_cache import LiveGame
from bot.services.records import finished_for
from bot.store import FinishedGame, Storage
from engine import Action, Decision, Record, Setup
from engine.review import (
    BUDGET,
    Budget,
    Hint,
    OutdatedReview,
    Review,
    assemble,
    decisions_of,
    hint,
    review_data,
    review_decision,
    review_from_data,
    with_outcome,
)

#: How long a review waits before looking again whether the computer still waits for its workers.
GIVE_WAY_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class GivenHint:
    live: LiveGame  # the game as the hint was thought about
    seat: str
    decision: Decision
    hint: Hint


@dataclass(frozen=True, slots=True)
class PlayerReview:
    game: FinishedGame
    seat: str  # whose decisions
    review: Review
    shared: bool


class Reviews:
    def __init__(
        self,
        duels: Duels,
        *,
        executor: Executor | None = None,  # None: the event loop's default thread pool
        at_once: int = 1,  # decisions of reviews searched at the same time, in all
        computer_id: Callable[[], int | None] = lambda: None,  # the bot's own user: it has no review
        give_way: Callable[[], bool] = lambda: False,  # the computer's decisions wait for its workers
        budget: Budget = BUDGET,  # the search's, for reviews and hints (tests make it small)
    ) -> None:
        self.duels = duels
        self.budget = budget
        self.storage: Storage = duels.storage
        self.executor = executor
        self.at_once = at_once
        self.computer_id = computer_id
        self.give_way = give_way
        self._slots: asyncio.Semaphore | None = None
        self._making: KeyedLocks[tuple[int, str]] = KeyedLocks()
        self.decisions = 0  # decisions reviewed by this process (figures)

    async def game(self, game_id: int, user_id: int, guild_id: int | None) -> FinishedGame:
        """A finished game ``user_id`` may open here (on a server, one played there; elsewhere, one of
        their own), or a :class:`Refusal` that says why not."""
        return await finished_for(self.storage, game_id, user_id, guild_id, "review")

    async def games(self, user_id: int, guild_id: int | None, *, latest: int) -> list[FinishedGame]:
        """The finished games ``user_id`` played that :meth:`game` opens here, oldest first."""
        return await self.storage.games_played(user_id, guild_id, latest=latest)

    def seat_of(self, game: FinishedGame, user_id: int) -> str:
        seat = game.player_of(user_id)
        if seat is None or user_id == self.computer_id():
            raise Refusal("review.players_only", first=game.names["p1"], second=game.names["p2"])
        return seat

    async def of_player(self, game_id: int, user_id: int, guild_id: int | None) -> PlayerReview:
        """The review of ``user_id``'s decisions in a finished game of theirs (made now if need be)."""
        game = await self.game(game_id, user_id, guild_id)
        seat = self.seat_of(game, user_id)
        return await self._review(game, seat)

    async def share(self, game_id: int, seat: str, user_id: int, guild_id: int | None) -> PlayerReview:
        """The review a player makes public, in a server where the game was played: refused elsewhere, to
        anyone but that seat's player, and once shared."""
        if guild_id is None:  # a DM with the bot has nobody to show it to
            raise Refusal("review.share_nowhere")
        game = await self.game(game_id, user_id, guild_id)
        if self.seat_of(game, user_id) != seat:
            raise Refusal("review.share_own")
        reviewed = await self._review(game, seat)
        if not await self.storage.share_review(game_id, seat):
            raise Refusal("review.shared_already")
        return reviewed

    async def _review(self, game: FinishedGame, seat: str) -> PlayerReview:
        async with self._making[game.id, seat]:
            stored = await self.storage.review(game.id, seat)
            if stored is not None:
                with contextlib.suppress(OutdatedReview):  # kept by an earlier version: made again
                    return PlayerReview(game, seat, review_from_data(json.loads(stored.data)), stored.shared)
            made = await self._make(game, seat)
            data = json.dumps(review_data(made))
            if stored is None:
                await self.storage.save_review(game.id, seat, data)
            else:
                await self.storage.replace_review(game.id, seat, stored.data, data)
            return PlayerReview(game, seat, made, stored is not None and stored.shared)

    async def hint(self, game_id: int, version: int, user_id: int, guild_id: int | None) -> GivenHint:
        """A hint for the decision a player's buttons show (``version``: their decisions taken so far)."""
        live = await self.duels.live(game_id)
        match = live.match
        if not match.seen_from(guild_id):  # a custom id forged from another server's game
            raise Refusal("refuse.game_gone")
        seat = match.player_of(user_id)
        if seat is None or user_id == self.computer_id():
            raise Refusal("refuse.not_their_duel", first=match.names["p1"], second=match.names["p2"])
        if not match.allows_hints:
            raise Refusal("hint.not_allowed")
        decision = live.pending_for(seat) if live.outcome is None else None
        if decision is None or live.own_actions(seat) != version:
            raise Refusal("hint.stale")
        loop = asyncio.get_running_loop()
        async with self._slot():  # seeded from what the player has seen: the review will agree
            given = await loop.run_in_executor(self.executor, hint, record_of(live), seat, self.budget)
        await self.storage.note_hint(game_id, seat, version)
        return GivenHint(live, seat, decision, given)

    def _slot(self) -> asyncio.Semaphore:
        """The reviews' and hints' share of the workers (made in the event loop, on first use)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        return self._slots

    async def hints_used(self, game_id: int) -> dict[str, int]:
        return await self.storage.hints_used(game_id)

    async def _make(self, game: FinishedGame, seat: str) -> Review:
        actions = await self.storage.actions(game.id)
        record = Record(
            format="cardia-replay/1",
            setup=Setup.model_validate(game.setup),
            actions=[Action(player=player, choose=list(choose)) for player, choose in actions],
        )
        loop = asyncio.get_running_loop()
        decisions = []
        for number in decisions_of(record, seat):
            async with self._slot():  # one decision at a time: the pool's workers are shared
                while self.give_way():  # a duel's answer comes first; a review can wait a moment
                    await asyncio.sleep(GIVE_WAY_SECONDS)
                reviewed = await loop.run_in_executor(
                    self.executor, review_decision, record, number, None, self.budget
                )
            decisions.append(reviewed)
            self.decisions += 1
        made = assemble(record, seat, decisions)
        if made.outcome is None and game.winner is not None:  # ended by the bot: a concession, a timeout
            made = with_outcome(made, float(game.winner == seat))
        return made
