"""The double round-robin, a format added as one unit (formats/double_round_robin.py) and its words:
every pair meets exactly twice, seats swapped the second time, and a whole tournament run by the
service on both databases ends with the standings worked out by hand."""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot.services.tournaments import FORMATS, Entrant, format_named
from bot.store import Storage
from tests.bot.services.test_tournament_service import created, service

A, B, C, D = 10, 11, 12, 13  # seeded in this order
RATINGS = {A: 1600, B: 1500, C: 1400, D: 1300}


@pytest.mark.parametrize("count", range(2, 8))
def test_every_pair_meets_twice_seats_swapped_and_an_odd_count_gives_each_two_byes(count: int) -> None:
    unit = format_named("double-round-robin")
    players = [Entrant(user, 2000 - user) for user in range(1, count + 1)]
    once = count - 1 if count % 2 == 0 else count
    assert unit.rounds(count, unit.chosen_rounds(None)) == 2 * once and not unit.takes_rounds
    meetings: dict[frozenset[int], list[tuple[int, int, int]]] = defaultdict(list)
    byes: list[int] = []
    for number in range(1, 2 * once + 1):
        games = unit.pair(players, [], number)
        seated = [p for game in games for p in (game.first, game.second) if p is not None]
        assert sorted(seated) == list(range(1, count + 1))  # everyone, once a round
        for game in games:
            if game.second is None:
                byes.append(game.first)
            else:
                meetings[frozenset((game.first, game.second))].append((number, game.first, game.second))
    assert len(meetings) == count * (count - 1) // 2
    for (first_round, first, second), (second_round, again_first, again_second) in meetings.values():
        assert (again_first, again_second) == (second, first)  # seats swapped
        assert first_round <= once < second_round  # the return meetings in the second half
    assert sorted(byes) == (sorted(2 * list(range(1, count + 1))) if count % 2 else [])
    with pytest.raises(ValueError):
        unit.pair(players, [], 2 * once + 1)
    assert "double-round-robin" in FORMATS


@pytest.mark.asyncio
async def test_a_double_round_robin_of_four_runs_to_its_standings_through_the_service(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0], RATINGS)
    tournament = await created(tournaments, "double-round-robin", 4, rounds=9)
    assert tournament.rounds is None  # it takes no rounds: its players fix them
    started = await tournaments.start(tournament.id)
    assert (started.status, started.rounds) == ("running", 6)
    # Round by round: the pairings (challenger first) and who wins each duel.
    schedule = [
        ([(A, D), (B, C)], {A, B}),
        ([(A, C), (D, B)], {A, D}),
        ([(A, B), (C, D)], {A, C}),
        ([(D, A), (C, B)], {A, B}),
        ([(C, A), (B, D)], {A, D}),
        ([(B, A), (D, C)], {B, C}),
    ]
    for number, (pairs, winners) in enumerate(schedule, 1):
        table = await tournaments.table(tournament.id)
        games = table.round_games(number)
        assert sorted((g.first_id, g.second_id) for g in games) == sorted(pairs)
        for game in games:
            assert game.match_id is not None
            match = await stores[0].match(game.match_id)
            assert match is not None and (match.challenger_id, match.opponent_id) == (
                game.first_id,
                game.second_id,
            )
            current = [g for g in await stores[0].games(match.id) if g.status == "in_progress"]
            seat = "p1" if match.challenger_id in winners else "p2"
            await tournaments.duels.end(current[-1].id, seat, "conceded", match_too=True)
    table = await tournaments.table(tournament.id)
    assert table.tournament.status == "finished" and table.tournament.round == 6
    # Worked by hand. Points: A 5 (lost only to B in round 6), B 3, C 2, D 2. C and D tie on points:
    # Sonneborn-Berger, D beat B twice (3 + 3) = 6, C beat D twice (2 + 2) = 4: D before C, seeded below.
    assert [(s.user_id, s.points, s.sonneborn_berger) for s in table.standings] == [
        (A, 5.0, 2.0 + 2.0 + 3.0 + 2.0 + 2.0),
        (B, 3.0, 2.0 + 2.0 + 5.0),
        (D, 2.0, 6.0),
        (C, 2.0, 4.0),
    ]
    assert {p.user_id: p.place for p in table.players} == {A: 1, B: 2, D: 3, C: 4}
