"""Tournaments run by the service, without Discord, on both databases: sign-up, each round made once with
its duels, results from the duels' ends, withdrawals, a manager's award and replay, the final places;
and two processes (two stores on one database) ending a round's last duels at the same moment."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.duels import Duels, Refusal
from bot.services.events import RoundEnded, TournamentChanged
from bot.services.guild_settings import GuildSettingsStore
from bot.services.timers import Timers
from bot.services.tournaments import Tournaments
from bot.store import NewTournament, Storage, TournamentRow
from bot.wiring import wire_services

GUILD, CHANNEL, MANAGER = 500, 600, 1
START = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def service(storage: Storage, ratings: dict[int, int] | None = None) -> Tournaments:
    async def rating_of(guild_id: int, user_id: int) -> int:
        return (ratings or {}).get(user_id, 1000)

    duels = Duels(storage, clock=lambda: START)
    tournaments = Tournaments(duels, rating_of, duels.bus)
    wire_services(duels.bus, duels, tournaments=tournaments)
    return tournaments


async def created(
    tournaments: Tournaments, kind: str, players: int, rounds: int | None = None
) -> TournamentRow:
    tournament = await tournaments.create(
        NewTournament(
            GUILD,
            CHANNEL,
            "Friday cup",
            kind,
            rounds,
            "I",
            None,
            1,
            12.0,
            True,
            "channel",
            None,
            None,
            MANAGER,
        )
    )
    for user in range(10, 10 + players):
        await tournaments.join(tournament.id, (user, f"player{user}"))
    return tournament


async def play_round(tournaments: Tournaments, tournament_id: int, winner: str = "p1") -> None:
    """Every duel of the round still going ends, won by its ``winner`` seat (the challenger: the first
    of the pairing)."""
    for match_id in await tournaments.storage.tournament_matches(tournament_id):
        games = await tournaments.storage.games(match_id)
        await tournaments.duels.end(games[-1].id, winner, "conceded", match_too=True)


@pytest.mark.asyncio
async def test_a_swiss_of_seven_plays_its_three_rounds_with_a_bye_each_and_no_pair_twice(
    stores: tuple[Storage, Storage],
) -> None:
    ratings = {10 + n: 1600 - 100 * n for n in range(7)}
    tournaments = service(stores[0], ratings)
    told: list[tuple[int, tuple[int, ...]]] = []
    bus = tournaments.bus

    def tell(event: TournamentChanged | RoundEnded) -> None:
        told.append((event.tournament_id, event.duels))

    bus.subscribe(TournamentChanged, tell)
    bus.subscribe(RoundEnded, tell)
    tournament = await created(tournaments, "swiss", 7, rounds=3)
    with pytest.raises(Refusal, match="already"):
        await tournaments.join(tournament.id, (10, "player10"))
    started = await tournaments.start(tournament.id)
    assert (started.status, started.round, started.rounds) == ("running", 1, 3)
    with pytest.raises(Refusal):  # once
        await tournaments.start(tournament.id)
    for number in (1, 2, 3):
        table = await tournaments.table(tournament.id)
        games = table.round_games(number)
        assert len(games) == 4 and sum(game.second_id is None for game in games) == 1
        await play_round(tournaments, tournament.id)
    table = await tournaments.table(tournament.id)
    assert table.tournament.status == "finished" and table.tournament.round == 3
    pairs = [frozenset((g.first_id, g.second_id)) for g in table.games if g.second_id is not None]
    assert len(pairs) == len(set(pairs)) == 9
    byes = [g.first_id for g in table.games if g.second_id is None]
    assert len(set(byes)) == 3
    assert [player.place for player in sorted(table.players, key=lambda p: p.place or 0)] == list(range(1, 8))
    assert table.standings[0].points == 3.0  # the top seed beat everyone it met: challengers win
    made = [duel for tournament_id, duels in told if tournament_id == tournament.id for duel in duels]
    assert sorted(made) == sorted(g.match_id for g in table.games if g.match_id is not None)  # each told once
    duels = [await stores[0].match(g.match_id) for g in table.games if g.match_id is not None]
    assert all(m is not None and m.tournament_id == tournament.id and m.status == "finished" for m in duels)
    assert {m.tournament_round for m in duels if m is not None} == {1, 2, 3}


@pytest.mark.asyncio
async def test_a_player_who_withdraws_forfeits_their_duel_and_is_paired_no_more(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    tournament = await created(tournaments, "swiss", 6, rounds=3)
    await tournaments.start(tournament.id)
    (first,) = [g for g in (await tournaments.table(tournament.id)).round_games(1) if g.first_id == 10]
    assert first.second_id is not None
    steps = await tournaments.withdraw(tournament.id, first.second_id)
    assert len(steps) == 1 and steps[0].match_over
    with pytest.raises(Refusal):
        await tournaments.withdraw(tournament.id, first.second_id)
    await play_round(tournaments, tournament.id)
    table = await tournaments.table(tournament.id)
    (settled,) = [g for g in table.round_games(1) if g.first_id == 10]
    assert (settled.result, settled.how) == ("first", "forfeit")
    round_two = table.round_games(2)
    assert len(round_two) == 3 and first.second_id not in {
        p for g in round_two for p in (g.first_id, g.second_id)
    }
    assert sum(g.second_id is None for g in round_two) == 1  # five left: a bye


@pytest.mark.asyncio
async def test_a_knockout_of_five_gives_the_top_three_seeds_a_bye_and_ends_with_one(
    stores: tuple[Storage, Storage],
) -> None:
    ratings = {10: 1500, 11: 1400, 12: 1300, 13: 1200, 14: 1100}
    tournaments = service(stores[0], ratings)
    tournament = await created(tournaments, "knockout", 5)
    assert (await tournaments.start(tournament.id)).rounds == 3
    first = (await tournaments.table(tournament.id)).round_games(1)
    assert {g.first_id for g in first if g.second_id is None} == {10, 11, 12}
    assert [(g.first_id, g.second_id) for g in first if g.second_id is not None] == [(13, 14)]
    await play_round(tournaments, tournament.id, winner="p2")  # the fifth seed knocks out the fourth
    second = (await tournaments.table(tournament.id)).round_games(2)
    assert sorted((g.first_id, g.second_id) for g in second) == [(10, 14), (11, 12)]
    await play_round(tournaments, tournament.id)
    await play_round(tournaments, tournament.id)
    table = await tournaments.table(tournament.id)
    assert table.tournament.status == "finished"
    assert [s.user_id for s in table.standings][:2] == [10, 11]
    assert next(g for g in table.games if g.round == 3).first_id == 10


@pytest.mark.asyncio
async def test_a_round_robin_of_four_meets_everyone_once_in_three_rounds(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    tournament = await created(tournaments, "round-robin", 4)
    await tournaments.start(tournament.id)
    for _ in range(3):
        await play_round(tournaments, tournament.id)
    table = await tournaments.table(tournament.id)
    assert table.tournament.status == "finished" and table.tournament.rounds == 3
    pairs = sorted(tuple(sorted((g.first_id, g.second_id or 0))) for g in table.games)
    assert pairs == sorted(itertools.combinations(range(10, 14), 2))


@pytest.mark.asyncio
async def test_a_manager_awards_one_stuck_duel_and_has_another_played_again(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    tournament = await created(tournaments, "round-robin", 4)
    await tournaments.start(tournament.id)
    stuck, other = await stores[0].tournament_matches(tournament.id)
    step = await tournaments.replay(tournament.id, other)
    assert step is not None and step.match_over
    (again,) = [m for m in await stores[0].tournament_matches(tournament.id) if m != stuck]
    assert again != other
    (game,) = [g for g in (await tournaments.table(tournament.id)).round_games(1) if g.match_id == again]
    assert game.result is None
    await tournaments.award(tournament.id, stuck, "second")
    (awarded,) = [g for g in (await tournaments.table(tournament.id)).round_games(1) if g.match_id == stuck]
    assert (awarded.result, awarded.how) == ("second", "awarded")
    with pytest.raises(Refusal):  # over already
        await tournaments.award(tournament.id, stuck, "first")
    await tournaments.award(tournament.id, again, "draw")
    table = await tournaments.table(tournament.id)
    assert table.tournament.round == 2 and [g.result for g in table.round_games(1)].count("draw") == 1


@pytest.mark.asyncio
async def test_two_processes_ending_a_rounds_last_duels_at_once_pair_the_next_round_once(
    stores: tuple[Storage, Storage],
) -> None:
    here, there = service(stores[0]), service(stores[1])
    for attempt in range(3):
        tournament = await created(here, "swiss", 4, rounds=2)
        await here.start(tournament.id)
        first, second = await stores[0].tournament_matches(tournament.id)
        games = [(await stores[0].games(m))[-1].id for m in (first, second)]
        await asyncio.gather(
            here.duels.end(games[0], "p1", "conceded", match_too=True),
            there.duels.end(games[1], "p2", "conceded", match_too=True),
        )
        table = await here.table(tournament.id)
        assert table.tournament.round == 2, attempt
        assert len(table.round_games(2)) == 2 and len(await stores[0].tournament_matches(tournament.id)) == 2


@pytest.mark.asyncio
async def test_two_processes_starting_one_tournament_at_once_start_it_once(
    stores: tuple[Storage, Storage],
) -> None:
    here, there = service(stores[0]), service(stores[1])
    tournament = await created(here, "swiss", 4, rounds=2)
    outcomes = await asyncio.gather(
        here.start(tournament.id), there.start(tournament.id), return_exceptions=True
    )
    assert sorted(isinstance(outcome, Refusal) for outcome in outcomes) == [False, True]
    assert len(await stores[0].tournament_matches(tournament.id)) == 2


@pytest.mark.asyncio
async def test_sign_up_refuses_a_full_tournament_and_a_lonely_one_is_cancelled(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    new = NewTournament(
        GUILD,
        CHANNEL,
        "  Tiny   cup ",
        "knockout",
        None,
        "I",
        None,
        1,
        12.0,
        True,
        "channel",
        (START + timedelta(hours=1)).isoformat(),
        2,
        MANAGER,
    )
    tournament = await tournaments.create(new)
    assert tournament.name == "Tiny cup" and tournament.rounds is None
    await tournaments.join(tournament.id, (10, "a"))
    await tournaments.join(tournament.id, (11, "b"))
    with pytest.raises(Refusal, match="full"):
        await tournaments.join(tournament.id, (12, "c"))
    await tournaments.leave(tournament.id, 11)
    assert await tournaments.start_due(START.isoformat()) == []  # not yet
    (started,) = await tournaments.start_due((START + timedelta(hours=2)).isoformat())
    assert started.status == "cancelled"  # one player left: no tournament
    with pytest.raises(Refusal):
        await tournaments.join(tournament.id, (12, "c"))


@pytest.mark.asyncio
async def test_a_tournament_duel_has_the_tournaments_time_per_decision(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    tournament = await created(tournaments, "swiss", 2, rounds=1)
    await tournaments.start(tournament.id)
    (match_id,) = await stores[0].tournament_matches(tournament.id)
    game_id = (await stores[0].games(match_id))[-1].id
    timers = Timers(tournaments.duels, GuildSettingsStore(stores[0]))
    deadlines = await timers.deadlines(game_id)
    assert deadlines is not None and deadlines.time_up - deadlines.since == timedelta(hours=12)


@pytest.mark.asyncio
async def test_a_format_no_unit_has_and_a_swiss_without_rounds_are_refused_and_nothing_is_stored(
    stores: tuple[Storage, Storage],
) -> None:
    tournaments = service(stores[0])
    with pytest.raises(Refusal) as refused:
        await created(tournaments, "ladder", 4)
    assert refused.value.key == "tournament.unknown_format"
    with pytest.raises(Refusal) as refused:
        await created(tournaments, "swiss", 4, rounds=13)
    assert (refused.value.key, refused.value.values) == ("tournament.bad_rounds", {"most": 12})
    assert await stores[0].tournaments(GUILD) == []
    # Rounds are kept where the format takes them (a Swiss: 3 unless told), dropped where it does not.
    swiss = await created(tournaments, "swiss", 0)
    knockout = await created(tournaments, "knockout", 0, rounds=5)
    assert (swiss.rounds, knockout.rounds) == (3, None)
