"""The queue that finds an opponent (``/cardia queue``): one queue across every server and DM of the bot,
in the database, so that any number of processes share it.

Two waiting players are paired when what they asked for agrees (each of deck, location and match length
the same, or left open by one of them; rated or not alike) and their global ratings are close enough: at
first within :data:`CLOSE_AT_FIRST` points, widening by :data:`WIDENING` a minute as the longer waiting
of the two waits, so that nobody waits for ever for a perfect match. The longest waiting are paired
first. A pair becomes a match, under way at once, in the transaction that takes both out of the queue:
made once, whichever process gets there first (the others' transactions find an entry gone and are
rolled back). The match belongs to no server (the global rating and leaderboard); each player's home
is where they queued.

No discord.py objects here: the queue's cog posts what it decides.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.services.duels import Duels
from bot.store import Challenge, Conflict, MatchRow, QueueEntry, new_home
from cards import DeckChoice

log = logging.getLogger(__name__)
CLOSE_AT_FIRST = 150  # rating points two players may be apart at once
WIDENING = 50  # more, for each minute the longer waiting of the two has waited
GLOBAL = 0  # the "server" of the queue's matches: their records, rating and leaderboard are global


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two entries to match (``first`` waited longer: the challenger) and the setup they agree on."""

    first: QueueEntry
    second: QueueEntry
    deck: DeckChoice
    location: str | None
    wins_needed: int
    rated: bool


@dataclass(frozen=True, slots=True)
class Sweep:
    """What one look at the queue did: the matches made, the entries that waited too long (taken out),
    and those now offered a game against the computer."""

    matched: list[MatchRow]
    expired: list[QueueEntry]
    offered: list[QueueEntry]


def agree(first: QueueEntry, second: QueueEntry) -> Pairing | None:
    """The setup two entries agree on, or None. What either left open the other decides; what both left
    open is the default (Deck I, no location, first to 2 game wins)."""
    if first.rated != second.rated or first.user_id == second.user_id:
        return None
    deck, location, wins = first.deck, first.location, first.wins_needed
    if deck is not None and second.deck is not None and deck != second.deck:
        return None
    if location is not None and second.location is not None and location != second.location:
        return None
    if wins is not None and second.wins_needed is not None and wins != second.wins_needed:
        return None
    chosen = location if location is not None else second.location
    return Pairing(
        first,
        second,
        deck if deck is not None else second.deck if second.deck is not None else "I",
        None if chosen in (None, "none") else chosen,
        wins if wins is not None else second.wins_needed if second.wins_needed is not None else 2,
        first.rated,
    )


def close_enough(first: QueueEntry, second: QueueEntry, now: datetime) -> bool:
    """Their ratings are within what the longer waiting of the two has come to accept."""
    waited = max(now - min(first.joined, second.joined), timedelta(0))
    return abs(first.rating - second.rating) <= CLOSE_AT_FIRST + WIDENING * waited.total_seconds() / 60


def pairings(entries: Sequence[QueueEntry], now: datetime) -> list[Pairing]:
    """Who to match with whom: the longest waiting first, each with the longest waiting that agrees."""
    ordered = sorted(entries, key=lambda entry: (entry.joined, entry.user_id))
    taken: set[int] = set()
    found = []
    for index, first in enumerate(ordered):
        if first.user_id in taken:
            continue
        for second in ordered[index + 1 :]:
            if second.user_id in taken or not close_enough(first, second, now):
                continue
            pairing = agree(first, second)
            if pairing is not None:
                taken.update((first.user_id, second.user_id))
                found.append(pairing)
                break
    return found


class Queue:
    def __init__(
        self,
        duels: Duels,
        *,
        expire_after: timedelta,
        offer_computer_after: timedelta,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.duels = duels
        self.storage = duels.storage
        self.expire_after = expire_after
        self.offer_computer_after = offer_computer_after
        self.clock = clock or duels.clock

    async def join(self, entry: QueueEntry) -> None:
        await self.storage.enqueue(entry)

    async def leave(self, user_id: int) -> bool:
        return await self.storage.dequeue(user_id)

    async def sweep(self) -> Sweep:
        """Take out the entries that waited too long, offer the computer to those waiting a while, and
        match whoever can be."""
        now = self.clock()
        expired, offered, waiting = [], [], []
        for entry in await self.storage.queued():
            if now - entry.joined >= self.expire_after:
                if await self.storage.expire(entry):
                    expired.append(entry)
                continue
            waiting.append(entry)
            offer = not entry.offered_computer and now - entry.joined >= self.offer_computer_after
            if offer and await self.storage.note_offered_computer(entry):
                offered.append(entry)
        matched = [match for pairing in pairings(waiting, now) if (match := await self.make_match(pairing))]
        return Sweep(matched, expired, offered)

    async def make_match(self, pairing: Pairing) -> MatchRow | None:
        """The match of a pairing, under way; None if either player was matched elsewhere meanwhile."""
        first, second = pairing.first, pairing.second
        # A thread of its own in each home where its player's server wants one.
        first_home = new_home(first.guild_id, first.channel_id, in_thread=first.home == "thread")
        second_home = new_home(second.guild_id, second.channel_id, in_thread=second.home == "thread")
        challenge = Challenge(
            GLOBAL,
            first_home,
            (first.user_id, first.user_name),
            (second.user_id, second.user_name),
            pairing.deck,
            pairing.location,
            pairing.wins_needed,
            hints=not pairing.rated,  # a casual duel: hints allowed, never rated
            opponent_home=None if second.channel_id == first.channel_id else second_home,
            queued=True,
        )
        setup = self.duels.dealer(pairing.deck, pairing.location)
        try:
            match_id = await self.storage.create_match(
                challenge, (setup, self.duels.now()), leaving=(first, second)
            )
        except Conflict:  # another process matched one of them first
            log.info("queue: %s or %s was matched elsewhere", first.user_id, second.user_id)
            return None
        log.info("queue: match %s for %s and %s", match_id, first.user_id, second.user_id)
        match = await self.storage.match(match_id)
        assert match is not None
        return match
