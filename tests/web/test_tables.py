"""A tournament's page through its rounds, live, and a player's page, on SQLite and PostgreSQL (aiohttp's
test client): pairings, results and standings as the bot's service makes them; a player's finished games
with their links, rating and record; the refusals."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from bot.store import Storage
from tests.bot.services.test_tournament_service import GUILD, created, play_round, service
from tests.web.games import ALICE, SIGNER, played, site
from tests.web.games import GUILD as DUEL_GUILD

pytestmark = pytest.mark.asyncio


async def _event(stream: Any) -> list[Any]:
    block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 30)).decode()
    assert block.startswith("event: version\n"), block
    data: list[Any] = json.loads(block.split("data: ", 1)[1])
    return data


async def test_a_tournaments_page_follows_it_through_every_round(database: str) -> None:
    storage = await Storage.open(database)
    try:
        tournaments = service(storage)
        tournament = await created(tournaments, "round-robin", 4)
        async with site(database) as (client, _):
            path = SIGNER.tournament_path(tournament.id)
            signup = await (await client.get(path)).text()
            assert "Friday cup" in signup and "Sign-up is open." in signup
            assert all(f"<li>player{user}</li>" in signup for user in range(10, 14))
            stream = await client.get(f"{path}/live")
            first = await _event(stream)
            await tournaments.start(tournament.id)
            seen = await _event(stream)
            while seen == first:
                seen = await _event(stream)
            assert seen[0] == "running:1"
            page = await (await client.get(path)).text()
            assert "Round 1 of 3" in page and page.count("not played yet") == 2
            match_id = (await storage.tournament_matches(tournament.id))[0]
            game_id = (await storage.games(match_id))[-1].id
            assert f'href="{SIGNER.game_path(game_id)}"' in page  # each duel's page

            for number in (1, 2, 3):
                before = seen
                await play_round(tournaments, tournament.id)
                while seen == before:
                    seen = await _event(stream)
                page = await (await client.get(path)).text()
                assert page.count("player1") >= 4 and "Standings" in page
                assert page.count(" won</span>") == 2 * number, number
            assert seen[0] == "finished:3"
            while await stream.content.readuntil(b"\n\n"):  # the stream ends with the tournament
                pass
            final = await (await client.get(path)).text()
            assert "Champion: player1" in final and "not played yet" not in final
            champion = SIGNER.player_path(GUILD, 10)  # each name links to the player's page in the server
            placed = f'<td>1</td><th scope="row"><a href="{champion}">player10</a></th>'
            assert placed + "<td>3</td><td>3</td><td>3–0–0</td>" in final
            assert "The tournament is over." in final
            assert (await client.get(champion)).status == 200
            hungarian = await (await client.get(path, headers={"Accept-Language": "hu"})).text()
            assert "Állás" in hungarian and "3. forduló" in hungarian and "A torna véget ért." in hungarian

            for refused in (
                "/t/" + SIGNER.token("g", tournament.id),  # a game's link used for a tournament
                SIGNER.tournament_path(tournament.id + 50),
                f"/t/{tournament.id}-AAAAAAAAAAAAAAAAAAAAAA",
            ):
                answer = await client.get(refused)
                assert answer.status == 404, refused
                assert (await client.get(f"{refused}/live")).status == 404
            assert GUILD != 0
    finally:
        await storage.close()


async def test_a_players_page_lists_their_finished_games_with_rating_and_record(database: str) -> None:
    async with played(database, wins_needed=2) as match:
        first = (await match.game_ids())[0]
        async with site(database) as (client, _):
            # A player of the server with no finished game yet: a page that says so.
            waiting = await client.get(SIGNER.player_path(DUEL_GUILD, ALICE[0]))
            assert waiting.status == 200
            page = await waiting.text()
            assert "<h1>Alice</h1>" in page and "No finished game yet." in page and 'id="games"' not in page
            hungarian = await client.get(
                SIGNER.player_path(DUEL_GUILD, ALICE[0]), headers={"Accept-Language": "hu"}
            )
            assert "Még nincs befejezett játszma." in await hungarian.text()
        await match.finish(first)
        second = (await match.game_ids())[1]
        await match.finish(second)
        async with site(database) as (client, _):
            path = SIGNER.player_path(DUEL_GUILD, ALICE[0])
            answer = await client.get(path)
            assert answer.status == 200
            page = await answer.text()
            assert "<h1>Alice</h1>" in page and "Rating: " in page
            for game_id in (first, second):
                assert f'href="{SIGNER.game_path(game_id)}"' in page
            rows = await match.storage.games(match.match_id)
            wins = sum(1 for row in rows if row.winner == "p1")
            losses = sum(1 for row in rows if row.winner == "p2")
            assert f"Won {wins}, lost {losses}, drawn 0" in page
            polish = await (await client.get(path, headers={"Accept-Language": "pl"})).text()
            assert "Punkty rankingowe: " in polish and "Zakończone gry" in polish
            for refused in (
                SIGNER.player_path(DUEL_GUILD, 999),  # no game of theirs there
                SIGNER.player_path(DUEL_GUILD + 1, ALICE[0]),  # nor in another server
                SIGNER.player_path(0, ALICE[0]),  # direct messages: never listed
                "/p/" + SIGNER.token("g", DUEL_GUILD),
                f"/p/{DUEL_GUILD}.{ALICE[0]}-AAAAAAAAAAAAAAAAAAAAAA",
            ):
                assert (await client.get(refused)).status == 404, refused
