"""Every game the bot starts is dealt by its ``Duels``' dealer (``bot.services.dealing``), given to it like
its clock: a challenge's first game and the next game of its match, a tournament's duels (a round's, and
one played again) and the queue's duels; so a test that gives a dealer knows every game."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.services.dealing import deal
from bot.services.duels import Duels
from bot.services.queue import Queue
from bot.services.tournaments import Tournaments
from bot.store import Challenge, Storage, new_home
from bot.wiring import wire_services
from cards import DeckChoice
from tests.bot.services.test_queue import START as QUEUE_START
from tests.bot.services.test_queue import entry
from tests.bot.services.test_tournament_service import created

START = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


class Numbered:
    """A dealer of numbered seeds (1, 2, ...), far below any random one; it counts what it dealt."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def __call__(self, deck: DeckChoice, location: str | None, /) -> dict[str, Any]:
        self.seeds.append(len(self.seeds) + 1)
        return {**deal(deck, location), "seed": self.seeds[-1]}


async def seeds_of(storage: Storage, match_ids: list[int]) -> list[int]:
    """The seeds of every game of these matches, in the order they were dealt."""
    games = [game for match_id in match_ids for game in await storage.games(match_id)]
    return [json.loads(game.setup_json)["seed"] for game in sorted(games, key=lambda game: game.id)]


@pytest.mark.asyncio
async def test_a_challenges_games_are_dealt_by_the_given_dealer(database: str) -> None:
    dealer = Numbered()
    storage = await Storage.open(database)
    try:
        duels = Duels(storage, clock=lambda: START, dealer=dealer)
        match = await duels.propose(Challenge(10, new_home(10, 20), (1, "Alice"), (2, "Bob"), "I", None, 2))
        _, first = await duels.answer(match.id, 2, "accept")
        assert first is not None
        step = await duels.end(first.row.id, "p1", "conceded")  # one game of two: the match goes on
        assert step.next_game is not None
        assert await seeds_of(storage, [match.id]) == dealer.seeds == [1, 2]
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_a_tournaments_duels_are_dealt_by_the_given_dealer(database: str) -> None:
    dealer = Numbered()
    storage = await Storage.open(database)
    try:

        async def rating_of(guild_id: int, user_id: int) -> int:
            return 1000

        duels = Duels(storage, clock=lambda: START, dealer=dealer)
        tournaments = Tournaments(duels, rating_of, duels.bus)
        wire_services(duels.bus, duels, tournaments=tournaments)
        tournament = await created(tournaments, "round-robin", 4)
        await tournaments.start(tournament.id)
        first, second = await storage.tournament_matches(tournament.id)
        await tournaments.replay(tournament.id, second)  # played again: a new duel, a new deal
        matches = sorted({first, second, *await storage.tournament_matches(tournament.id)})
        assert len(matches) == 3
        assert await seeds_of(storage, matches) == dealer.seeds == [1, 2, 3]
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_the_queues_duels_are_dealt_by_the_given_dealer(database: str) -> None:
    dealer = Numbered()
    storage = await Storage.open(database)
    try:
        now = QUEUE_START + timedelta(minutes=1)  # when the entries joined
        queue = Queue(
            Duels(storage, clock=lambda: now, dealer=dealer),
            expire_after=timedelta(minutes=30),
            offer_computer_after=timedelta(minutes=5),
            clock=lambda: now,
        )
        for user in (1, 2, 3, 4):
            await queue.join(entry(user, minutes=user / 10))
        swept = await queue.sweep()
        assert len(swept.matched) == 2
        assert await seeds_of(storage, [match.id for match in swept.matched]) == dealer.seeds == [1, 2]
    finally:
        await storage.close()
