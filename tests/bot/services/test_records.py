"""Records without Discord: every finished game recorded and rated in the transaction that finishes it,
statistics, the leaderboard's order, recomputed ratings equal to the history kept game by game, game logs
and records that the engine replays."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
import pytest_asyncio

import text
from bot.cogs import records as records_ui
from bot.services.duels import Duels
from bot.services.ratings import NEWCOMER, RatedGame, Rating
from bot.services.ratings import recompute as recompute_in_memory
from bot.services.records import (
    Records,
    Standing,
    Tally,
    game_log,
    log_lines,
    main,
    match_winner,
    recompute,
    record_document,
    sort_standings,
    streak,
)
from bot.store import MIGRATIONS, Challenge, Storage, new_home
from bot.ui.render import TOTAL_LIMIT, embed_size
from bot.wiring import wire_services
from engine import Game, Setup, state
from engine.view import ResultView
from tests.bot.table import Followed, names_in

ALICE, BOB, CAROL = (1, "Alice"), (2, "Bob"), (3, "Carol")
GUILD, OTHER_GUILD = 10, 11
MIXED = {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "I"}


@pytest_asyncio.fixture
async def service(database: str) -> AsyncIterator[tuple[Duels, Records]]:
    seeds = itertools.count(1)  # reproducible games
    storage = await Storage.open(database)
    duels = Duels(
        storage,
        dealer=lambda deck, location: {
            "deck": deck,
            "location": location,
            "seed": next(seeds),
            "chance": "seeded",
        },
    )
    records = Records(storage)
    wire_services(duels.bus, duels, records=records)
    yield duels, records
    await storage.close()


async def _start(
    duels: Duels,
    first: tuple[int, str],
    second: tuple[int, str],
    *,
    guild: int = GUILD,
    deck: Any = "I",
    location: str | None = None,
    wins_needed: int = 2,
) -> tuple[int, int]:
    """A proposed and accepted match: its id and its first game's id."""
    match = await duels.propose(
        Challenge(
            guild,
            new_home(guild, guild * 100 + first[0] * 10 + second[0]),
            first,
            second,
            deck,
            location,
            wins_needed,
        )
    )
    _, live = await duels.answer(match.id, second[0], "accept")
    assert live is not None
    return match.id, live.row.id


async def _current(duels: Duels, match_id: int) -> int | None:
    games = [g for g in await duels.storage.games(match_id) if g.status == "in_progress"]
    return games[-1].id if games else None


async def _play_out(duels: Duels, game_id: int, rng: random.Random) -> None:
    """Random legal decisions through the service until this game is over."""
    while True:
        live = await duels.live(game_id)
        if live.outcome is not None:
            return
        decision = rng.choice(live.game.pending)
        user = live.match.user(decision.player)
        choice = rng.sample(decision.options, decision.count)
        await duels.act(game_id, user, live.own_actions(decision.player), choice)


async def _play_match(duels: Duels, match_id: int, rng: random.Random) -> None:
    while (game_id := await _current(duels, match_id)) is not None:
        await _play_out(duels, game_id, rng)


async def _history(storage: Storage) -> list[tuple[Any, ...]]:
    async with storage.db.execute(
        "SELECT guild_id, user_id, game_id, mu_before, sigma_before, mu, sigma FROM rating_history"
        " ORDER BY id"
    ) as cursor:
        return [tuple(row) for row in await cursor.fetchall()]


# --- pure parts ----------------------------------------------------------------------------------------


def test_the_current_streak_is_the_latest_run() -> None:
    assert streak([]) is None
    assert streak(["win"]) == ("win", 1)
    assert streak(["win", "win", "loss", "loss", "loss"]) == ("loss", 3)
    assert streak(["loss", "draw", "draw"]) == ("draw", 2)


def test_the_winner_of_a_match_reached_the_wins_or_won_its_last_game() -> None:
    def game(winner: str | None) -> Any:
        return type("G", (), {"winner": winner})()

    assert match_winner(2, [game("p1"), game(None), game("p1")]) == "p1"
    assert match_winner(1, [game(None), game("p2")]) == "p2"
    # ended early (a concession of the match at 1-1): the last game's winner
    assert match_winner(2, [game("p1"), game("p2")]) == "p2"
    assert match_winner(2, [game("p1"), game(None)]) is None


def test_the_leaderboard_sorts_by_rating_or_by_wins() -> None:
    strong = Standing(1, Rating(30.0, 2.0), Tally(2, 0, 0))
    busy = Standing(2, Rating(26.0, 2.0), Tally(5, 4, 0))
    newcomer = Standing(3, NEWCOMER, Tally(0, 1, 1))
    assert [s.user_id for s in sort_standings([newcomer, busy, strong], "rating")] == [1, 2, 3]
    assert [s.user_id for s in sort_standings([newcomer, strong, busy], "wins")] == [2, 1, 3]
    assert Tally(1, 2, 1).win_rate == 0.25 and Tally().win_rate is None


# --- recording and rating ------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_finished_game_is_recorded_and_rated_in_the_transaction_that_finishes_it(
    service: tuple[Duels, Records],
) -> None:
    duels, records = service
    storage = duels.storage
    match_id, game_id = await _start(duels, ALICE, BOB, location="bazaar")
    rng = random.Random(4)
    while True:  # up to the last decision of the first game
        live = await duels.live(game_id)
        decision = rng.choice(live.game.pending)
        choice = rng.sample(decision.options, decision.count)
        probe = Game(Setup.model_validate(live.row.setup))
        for player, choose in [*live.actions, (decision.player, choice)]:
            probe.apply(player, choose)
        if probe.result is not None:
            break
        await duels.act(game_id, live.match.user(decision.player), live.own_actions(decision.player), choice)
    commits = storage.commits
    await duels.act(game_id, live.match.user(decision.player), live.own_actions(decision.player), choice)
    assert storage.commits == commits + 1  # the action, the result, the ratings, the next game: one commit

    game = await records.finished_game(game_id)
    assert game is not None and (game.winner, game.reason) == (probe.result.winner, probe.result.reason)
    assert game.decisions == len(await storage.actions(game_id)) and game.rounds == probe.round
    assert (game.guild_id, game.users, game.location) == (GUILD, {"p1": 1, "p2": 2}, "bazaar")
    history = await _history(storage)
    assert [(row[1], row[2]) for row in history] == [(1, game_id), (2, game_id)]
    winner = game.winner_id
    ratings = {user: await records.rating(GUILD, user) for user in (1, 2)}
    assert winner is not None and ratings[winner].display > 1000 > ratings[3 - winner].display
    assert await records.rating(OTHER_GUILD, 1) == NEWCOMER  # ratings are per server

    await _play_match(duels, match_id, rng)
    async with storage.db.execute(
        "SELECT finish_seq, decisions FROM games WHERE match_id = ? ORDER BY number", (match_id,)
    ) as cursor:
        rows = [tuple(row) for row in await cursor.fetchall()]
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 2
    assert all(decisions > 0 for _, decisions in rows)
    assert len(await _history(storage)) == 2 * len(rows)


@pytest.mark.asyncio
async def test_recomputed_ratings_equal_the_history_kept_game_by_game(
    service: tuple[Duels, Records], database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    duels, records = service
    storage = duels.storage
    rng = random.Random(8)
    # Matches in two servers, played at once (they finish in an interleaved order), with a concession,
    # a timeout, a draw and an aborted match.
    first, _ = await _start(duels, ALICE, BOB)
    second, _ = await _start(duels, BOB, CAROL, deck="II", location="foggy_swamp", wins_needed=1)
    third, _ = await _start(duels, CAROL, ALICE, guild=OTHER_GUILD)
    fourth, fourth_game = await _start(duels, ALICE, CAROL, deck=MIXED)
    await duels.end(fourth_game, None, "simultaneous")  # a draw: the match goes on
    await duels.end(await _current(duels, fourth) or 0, "p2", "timeout")
    await duels.end(await _current(duels, fourth) or 0, "p1", "conceded", match_too=True)
    aborted, aborted_game = await _start(duels, BOB, ALICE)
    await _play_out(duels, aborted_game, rng)
    await duels.abort(aborted)
    while any([await _current(duels, m) for m in (first, second, third)]):
        for match_id in (first, second, third):
            game_id = await _current(duels, match_id)
            if game_id is not None:
                for _ in range(rng.randrange(1, 6)):
                    live = await duels.live(game_id)
                    if live.outcome is not None:
                        break
                    decision = rng.choice(live.game.pending)
                    choice = rng.sample(decision.options, decision.count)
                    user = live.match.user(decision.player)
                    await duels.act(game_id, user, live.own_actions(decision.player), choice)

    kept = await _history(storage)
    async with storage.db.execute(
        "SELECT g.id, g.winner, m.guild_id, m.challenger_id, m.opponent_id FROM games g"
        " JOIN matches m ON m.id = g.match_id WHERE g.status = 'finished' ORDER BY g.finish_seq"
    ) as cursor:
        finished = list(await cursor.fetchall())
    async with storage.db.execute("SELECT COUNT(*) FROM games WHERE status = 'aborted'") as cursor:
        assert (await cursor.fetchone() or [0])[0] == 1
    assert len(kept) == 2 * len(finished) and len({row[2] for row in kept}) == len(finished)
    assert any(row["winner"] is None for row in finished)

    assert await recompute(storage) == (len(finished), 5)  # Alice, Bob, Carol here; Carol, Alice there
    assert await _history(storage) == kept
    assert await recompute(storage, GUILD) == (len([r for r in finished if r["guild_id"] == GUILD]), 3)
    assert sorted(await _history(storage)) == sorted(kept)

    # The same numbers as the pure computation, server by server.
    for guild in (GUILD, OTHER_GUILD):
        games = [
            RatedGame(
                row["id"],
                row["challenger_id"],
                row["opponent_id"],
                None
                if row["winner"] is None
                else row[f"{'challenger' if row['winner'] == 'p1' else 'opponent'}_id"],
            )
            for row in finished
            if row["guild_id"] == guild
        ]
        expected, _ = recompute_in_memory(games)
        assert await records.ratings(guild) == expected

    # From the command line, on a copy of the file.
    async with storage.db.transaction() as db:
        await db.execute("DELETE FROM rating_history")
    assert await asyncio.to_thread(main, ["recompute", database]) == 0
    assert f"from {len(finished)} finished games: 5 rated players" in capsys.readouterr().out
    assert sorted(await _history(storage)) == sorted(kept)
    assert await asyncio.to_thread(main, ["recompute", str(tmp_path / "missing.db")]) == 2


@pytest.mark.asyncio
async def test_stats_count_games_and_matches_by_deck_and_location_with_the_streak(
    service: tuple[Duels, Records],
) -> None:
    duels, records = service

    async def end(match_id: int, winner: str | None, reason: str = "timeout", **options: Any) -> None:
        await duels.end(await _current(duels, match_id) or 0, winner, reason, **options)

    one, _ = await _start(duels, ALICE, BOB)  # Alice wins, a draw, Alice wins: the match is Alice's
    await end(one, "p1")
    await end(one, None, "simultaneous")
    await end(one, "p1")
    two, _ = await _start(duels, BOB, ALICE, deck="II", location="bazaar", wins_needed=1)
    await end(two, "p1")  # Bob wins the single game
    three, _ = await _start(duels, ALICE, CAROL, deck=MIXED, location="serpent_temple")
    await end(three, "p1")
    await end(three, "p2", "conceded", match_too=True)  # 1-1, Alice concedes the match
    four, _ = await _start(duels, ALICE, BOB)
    await end(four, "p1")
    await duels.abort(four)  # its first game counts, the aborted match and game do not
    elsewhere, _ = await _start(duels, ALICE, BOB, guild=OTHER_GUILD)
    await end(elsewhere, "p2", match_too=True)  # another server
    five, _ = await _start(duels, CAROL, ALICE, wins_needed=1)
    await end(five, "p2")

    alice = await records.stats(GUILD, ALICE[0])
    assert alice.name == "Alice"
    assert (alice.games.wins, alice.games.losses, alice.games.draws) == (5, 2, 1)
    assert (alice.matches.wins, alice.matches.losses, alice.matches.draws) == (2, 2, 0)
    assert alice.streak == ("win", 2)
    assert {k: (t.wins, t.losses, t.draws) for k, t in alice.by_deck.items()} == {
        "I": (4, 0, 1),
        "II": (0, 1, 0),
        "mixed": (1, 1, 0),
    }
    assert {k: (t.wins, t.losses, t.draws) for k, t in alice.by_location.items()} == {
        None: (4, 0, 1),
        "bazaar": (0, 1, 0),
        "serpent_temple": (1, 1, 0),
    }
    assert alice.games.win_rate == 5 / 8
    bob = await records.stats(GUILD, BOB[0])
    assert (bob.games.wins, bob.games.losses, bob.games.draws) == (1, 3, 1) and bob.streak == ("loss", 1)
    assert (bob.matches.wins, bob.matches.losses) == (1, 1)
    standings = await records.standings(GUILD, "rating")
    assert [s.user_id for s in standings].index(ALICE[0]) + 1 == alice.rank and alice.players == 3
    assert alice.rating == await records.rating(GUILD, ALICE[0])
    by_wins = await records.standings(GUILD, "wins")
    assert (by_wins[0].user_id, by_wins[0].games.wins) == (ALICE[0], 5)
    nobody = await records.stats(GUILD, 99)
    assert nobody.games.played == 0 and nobody.rank is None and nobody.rating == NEWCOMER

    embed = records_ui.stats_embed(alice, "Alice")
    shown = json.dumps(embed.to_dict(), ensure_ascii=False)
    assert "5 won · 2 lost · 1 drawn — 8 played, 63 % won" in shown
    assert "2 won · 2 lost · 0 drawn — 4 finished" in shown and "2 wins" in shown
    assert "Mixed decks: 1 W · 1 L · 0 D (50 %)" in shown and "Serpent Temple: 1 W · 1 L" in shown
    assert "No location: 4 W · 0 L · 1 D (80 %)" in shown
    empty = json.dumps(records_ui.stats_embed(nobody, "Dora").to_dict(), ensure_ascii=False)
    assert "Dora has no finished game in this server yet." in empty and "Rating **1000**" in empty

    recent = await records.games_of(GUILD, ALICE[0], latest=3)
    everything = await records.games_of(GUILD, ALICE[0])
    assert [g.id for g in recent] == [g.id for g in everything[-3:]]


# --- histories -----------------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize(("deck", "location", "seed"), [("I", "foggy_swamp", 1), (MIXED, "bazaar", 2)])
async def test_a_game_history_tells_public_information_and_its_record_replays(
    service: tuple[Duels, Records], monkeypatch: pytest.MonkeyPatch, deck: Any, location: str, seed: int
) -> None:
    duels, records = service
    match_id, game_id = await _start(duels, ALICE, BOB, deck=deck, location=location, wins_needed=1)
    await _play_out(duels, game_id, random.Random(seed))
    game = await records.finished_game(game_id)
    assert game is not None
    actions = await duels.storage.actions(game_id)

    entries, replayed = game_log(game.setup, actions, game.names)
    assert [e.number for e in entries] == list(range(1, len(actions) + 1))
    assert [e.player for e in entries] == [player for player, _ in actions]
    # (a game can end as a round begins, when a player has no card left to play)
    assert entries[0].round == 1 and entries[-1].round <= replayed.round == game.rounds
    lines = log_lines(entries, game.names)
    assert sum(line.startswith("**Round ") for line in lines) == len({e.round for e in entries})
    # Nothing a player kept hidden until the end is named.
    followed = Followed(Game(Setup.model_validate(game.setup)))
    for player, choose in actions:
        followed.game.apply(player, choose)
        followed.note_public()
    assert not names_in("\n".join(lines), followed.hidden())

    document = json.dumps(record_document(game.setup, actions)).encode()
    printed = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"], input=document, capture_output=True, check=True
    )
    assert json.loads(printed.stdout) == state(replayed) and state(replayed)["status"] == "finished"

    embed, log_file = records_ui.history_embed(game, actions, await records.rating_changes(game_id))
    shown = json.dumps(embed.to_dict(), ensure_ascii=False)
    assert embed_size(embed) <= TOTAL_LIMIT and log_file is None
    assert (
        text.result_text(ResultView(game.winner, game.reason, None), game.names, state(replayed)["signets"])
        in shown
    )
    assert f"{len(actions)} decisions" in shown and f"match #{match_id}" in shown
    # A log too long for the embed is cut, and given whole in a text file.
    limit = embed_size(embed) - len(embed.description or "") // 2
    monkeypatch.setattr(records_ui, "TOTAL_LIMIT", limit)
    short, log_file = records_ui.history_embed(game, actions, await records.rating_changes(game_id))
    assert log_file is not None and embed_size(short) <= limit
    assert f"more lines in cardia-game-{game_id}.txt" in (short.description or "")
    assert log_file.count("\n") > len(actions) and f"{len(actions)}. " in log_file


@pytest.mark.asyncio
async def test_a_conceded_game_tells_how_it_ended(service: tuple[Duels, Records]) -> None:
    duels, records = service
    _, game_id = await _start(duels, ALICE, BOB, wins_needed=1)
    rng = random.Random(2)
    for _ in range(5):
        live = await duels.live(game_id)
        decision = rng.choice(live.game.pending)
        await duels.act(
            game_id,
            live.match.user(decision.player),
            live.own_actions(decision.player),
            rng.sample(decision.options, 1),
        )
    await duels.end(game_id, "p2", "conceded", match_too=True)
    game = await records.finished_game(game_id)
    assert game is not None and game.decisions == 5
    embed, _ = records_ui.history_embed(game, await duels.storage.actions(game_id), [])
    assert (embed.description or "").endswith("🏁 Bob wins: Alice conceded.")


# --- the migration -------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_migration_orders_and_measures_games_finished_before_it(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        for number, script in enumerate(MIGRATIONS["sqlite"][:2], start=1):
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        await db.execute(
            "INSERT INTO matches (guild_id, channel_id, challenger_id, opponent_id, challenger_name,"
            " opponent_name, deck, location, wins_needed, status, created_at, updated_at)"
            " VALUES (1, 1, 1, 2, 'A', 'B', '\"I\"', NULL, 2, 'active', 't', 't')"
        )
        for game_id, finished_at in [(1, "2024-01-02"), (2, "2024-01-01"), (3, None)]:
            status = "in_progress" if finished_at is None else "finished"
            await db.execute(
                "INSERT INTO games (id, match_id, number, setup, status, winner, reason, created_at,"
                " finished_at) VALUES (?, 1, ?, '{}', ?, 'p1', 'signets', 't', ?)",
                (game_id, game_id, status, finished_at),
            )
        await db.execute(
            "INSERT INTO actions (game_id, seq, player, choose, created_at) VALUES (1, 0, 'p1', '[]', 't')"
        )
    storage = await Storage.open(path)
    async with storage.db.execute("SELECT id, finish_seq, decisions FROM games ORDER BY id") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [(1, 2, 1), (2, 1, 0), (3, None, None)]
    await storage.close()
