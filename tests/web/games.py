"""Games for the web pages' tests: played through the bot's own duel service into a store, decision by
decision with a seeded random player, and the web site served on that database (aiohttp's test server,
or a real ``cardia web`` process for the browser)."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from aiohttp.web_runner import BaseRunner

from bot.services.duels import Duels
from bot.store import Challenge, Storage, new_home
from bot.store.web import WebStore
from engine import Game, state, view
from web.app import RUNNER, Site
from web.limits import Buckets
from web.signing import Signer

KEY = b"a test key of the web pages, 32b"
SIGNER = Signer(KEY)
ALICE, BOB = (1, "Alice"), (2, "Bob")
GUILD, CHANNEL = 10, 20
USERS = {"p1": ALICE[0], "p2": BOB[0]}


@dataclass
class Played:
    """A match of Deck I between Alice and Bob, played by a seeded random player."""

    duels: Duels
    storage: Storage
    match_id: int
    rng: random.Random

    async def game_ids(self) -> list[int]:
        return [game.id for game in await self.storage.games(self.match_id)]

    async def decide(self, game_id: int) -> None:
        live = await self.duels.live(game_id)
        decision = self.rng.choice(live.game.pending)
        choice = self.rng.sample(decision.options, decision.count)
        await self.duels.act(game_id, USERS[decision.player], live.own_actions(decision.player), choice)

    async def finish(self, game_id: int) -> None:
        while (await self.duels.live(game_id)).game.result is None:
            await self.decide(game_id)

    async def game(self, game_id: int) -> Game:
        return (await self.duels.live(game_id)).game


def numbered_deals(first: int) -> Callable[[Any, str | None], dict[str, Any]]:
    """A dealer of known games: seeds ``first``, ``first + 1``, ... in the order games begin."""
    seeds = itertools.count(first)

    def dealer(deck: Any, location: str | None, /) -> dict[str, Any]:
        return {"deck": deck, "location": location, "seed": next(seeds), "chance": "seeded"}

    return dealer


@asynccontextmanager
async def played(
    database: str,
    seed: int = 3,
    wins_needed: int = 2,
    names: tuple[str, str] = (ALICE[1], BOB[1]),
    guild: int = GUILD,
) -> AsyncIterator[Played]:
    """A match whose games are dealt with seeds ``seed``, ``seed + 1``, ... and decided by a random
    player seeded with ``seed``: the same games at every run."""
    storage = await Storage.open(database)
    duels = Duels(storage, dealer=numbered_deals(seed))
    match = await duels.propose(
        Challenge(
            guild, new_home(guild, CHANNEL), (ALICE[0], names[0]), (BOB[0], names[1]), "I", None, wins_needed
        )
    )
    _, live = await duels.answer(match.id, BOB[0], "accept")
    assert live is not None
    try:
        yield Played(duels, storage, match.id, random.Random(seed))
    finally:
        await storage.close()


class RealServer(TestServer):
    """aiohttp's test server with the runner's settings of ``cardia web`` (web.server): aiohttp's own
    test server cancels a handler whose reader left, which the real one does not."""

    async def _make_runner(self, **kwargs: Any) -> BaseRunner:
        return await super()._make_runner(**{**kwargs, **RUNNER})


@asynccontextmanager
async def site(
    database: str,
    poll: float = 0.05,
    buckets: Buckets | None = None,
    proxied: bool = False,
    streams: int = 0,
) -> AsyncIterator[tuple[TestClient[Any, Any], Site]]:
    await (await Storage.open(database)).close()  # created and migrated by the bot, as in production
    store = await WebStore.open(database)
    pages = Site(store, SIGNER, poll, buckets, proxied=proxied, streams=streams)
    client = TestClient(RealServer(pages.app()))
    await client.start_server()
    try:
        yield client, pages
    finally:
        await client.close()
        await store.close()


def hidden_cards(game: Game) -> set[str]:
    """Every card the engine holds where nobody may see it, from its full printed state
    (``engine.state``): each hand, each deck, each face-down card of the row."""
    full = state(game)
    hidden: set[str] = set()
    for zones in full["players"].values():
        hidden |= set(zones["hand"]) | set(zones["deck"])
    for encounter in full["encounters"]:
        for seat in ("p1", "p2"):
            slot = encounter[seat]
            if slot is not None and not slot["face_up"]:
                hidden.add(slot["card"])
    return hidden


def ever_public(game: Game) -> set[str]:
    """The cards a public board of this game has shown, face up in the row or discarded (by anybody:
    both players' decks hold the same cards)."""
    seen = view(game, None)
    shown = {slot.card for e in seen.encounters for slot in (e.p1, e.p2) if slot is not None and slot.card}
    for zones in seen.players:
        shown |= set(zones.discard)
    return shown
