"""The queue without Discord: who agrees with whom, the rating distance widening with waiting, expiry
and the computer's offer, and a pair matched exactly once when two processes (two stores on one
database) sweep the queue at the same moment."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.duels import Duels
from bot.services.queue import CLOSE_AT_FIRST, WIDENING, Queue, agree, pairings
from bot.store import QueueEntry, Storage

START = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def entry(user: int, minutes: float = 0, rating: int = 1000, **asked: object) -> QueueEntry:
    """Player ``user``, queued ``minutes`` after START, asking for ``asked`` (deck, location, ...)."""
    values: dict[str, object] = {"deck": None, "location": None, "wins_needed": None, "rated": True}
    values.update(asked)
    joined = (START + timedelta(minutes=minutes)).isoformat()
    return QueueEntry(
        user,
        f"player{user}",
        100 + user % 3,  # three servers
        1000 + user,
        values["deck"],  # type: ignore[arg-type]
        values["location"],  # type: ignore[arg-type]
        values["wins_needed"],  # type: ignore[arg-type]
        bool(values["rated"]),
        rating,
        joined,
    )


def test_what_one_leaves_open_the_other_decides_and_what_both_ask_must_agree() -> None:
    both_open = agree(entry(1), entry(2))
    assert both_open is not None and (both_open.deck, both_open.location, both_open.wins_needed) == (
        "I",
        None,
        2,
    )
    decided = agree(entry(1, deck="II"), entry(2, location="grand_library", wins_needed=1))
    assert decided is not None and (decided.deck, decided.location, decided.wins_needed) == (
        "II",
        "grand_library",
        1,
    )
    assert agree(entry(1, location="none"), entry(2)) is not None
    assert agree(entry(1, location="none"), entry(2)).location is None  # type: ignore[union-attr]
    assert agree(entry(1, deck="I"), entry(2, deck="II")) is None
    assert agree(entry(1, wins_needed=1), entry(2, wins_needed=2)) is None
    assert agree(entry(1, rated=True), entry(2, rated=False)) is None


def test_the_rating_distance_allowed_widens_with_waiting() -> None:
    apart = CLOSE_AT_FIRST + 2 * WIDENING  # two minutes' widening beyond the first distance
    first, second = entry(1, 0, 1000), entry(2, 0.5, 1000 + apart)
    assert pairings([first, second], START + timedelta(minutes=1)) == []
    (paired,) = pairings([first, second], START + timedelta(minutes=2))
    assert (paired.first, paired.second) == (first, second)  # the longer waiting is the challenger


def test_the_longest_waiting_are_paired_first_and_nobody_twice() -> None:
    queued = [entry(user, minutes=user) for user in range(1, 8)]
    found = pairings(queued, START + timedelta(minutes=10))
    assert [(p.first.user_id, p.second.user_id) for p in found] == [(1, 2), (3, 4), (5, 6)]


def queue(storage: Storage, now: datetime) -> Queue:
    return Queue(
        Duels(storage, clock=lambda: now),
        expire_after=timedelta(minutes=30),
        offer_computer_after=timedelta(minutes=5),
        clock=lambda: now,
    )


@pytest.mark.asyncio
async def test_two_processes_sweeping_at_once_match_each_player_once(stores: tuple[Storage, Storage]) -> None:
    now = START + timedelta(minutes=3)
    here, there = queue(stores[0], now), queue(stores[1], now)
    for user in range(1, 11):
        await here.join(entry(user, minutes=user / 10))
    for _ in range(3):  # both look at once, again and again
        await asyncio.gather(here.sweep(), there.sweep())
    matches = await stores[0].open_matches(0)
    players = [user for match in matches for user in (match.challenger_id, match.opponent_id)]
    assert len(matches) == 5 and sorted(players) == list(range(1, 11))
    assert await stores[0].queued() == []
    for match in matches:
        assert match.status == "active" and match.guild_id == 0 and not match.hints
        first, second = match.homes
        assert (first.player, first.guild_id) == ("p1", 100 + match.challenger_id % 3)
        assert (second.player, second.channel_id) == ("p2", 1000 + match.opponent_id)
        assert second.guild_id == 100 + match.opponent_id % 3 and match.queued
        assert len(await stores[0].games(match.id)) == 1  # under way at once


@pytest.mark.asyncio
async def test_a_long_wait_is_offered_the_computer_once_then_expires(stores: tuple[Storage, Storage]) -> None:
    storage = stores[0]
    await queue(storage, START).join(entry(1, rating=1000))
    await queue(storage, START).join(entry(2, rating=2000))  # too far apart to be matched for a while
    early = await queue(storage, START + timedelta(minutes=4)).sweep()
    assert early.offered == [] and early.matched == []
    offered = await queue(storage, START + timedelta(minutes=6)).sweep()
    assert sorted(e.user_id for e in offered.offered) == [1, 2]
    assert (await queue(storage, START + timedelta(minutes=7)).sweep()).offered == []  # once
    gone = await queue(storage, START + timedelta(minutes=31)).sweep()
    assert sorted(e.user_id for e in gone.expired) == [1, 2] and gone.matched == []
    assert await storage.queued() == []
    assert not await queue(storage, START).leave(1)  # not in it any more


@pytest.mark.asyncio
async def test_the_same_pair_matched_by_two_processes_at_once_is_one_match(
    stores: tuple[Storage, Storage],
) -> None:
    now = START + timedelta(minutes=1)
    here, there = queue(stores[0], now), queue(stores[1], now)
    await here.join(entry(1))
    await here.join(entry(2, minutes=0.5))
    (pairing,) = pairings(await stores[0].queued(), now)  # both processes found this pair
    made = await asyncio.gather(here.make_match(pairing), there.make_match(pairing))
    assert sorted(match is None for match in made) == [False, True]
    assert len(await stores[0].open_matches(0)) == 1 and await stores[1].queued() == []
