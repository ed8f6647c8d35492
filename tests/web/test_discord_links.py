"""In Discord, through the emulator and the real bot: with ``CARDIA_WEB_URL`` set, boards, results,
``/cardia history`` and reviews carry a link button to the game's page, signed as the pages check it;
without it nothing changes; a server manager turns the pages off with ``/cardia settings web_pages``
(the buttons go, and the pages answer 404)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.settings import Settings
from emulator import Message
from tests.bot.table import Table, bot_settings
from tests.bot.tournaments import Organiser, players
from tests.web.games import KEY, SIGNER, site

URL = "https://cardia.example/pages"

pytestmark = pytest.mark.asyncio


class LinkedTable(Table):
    """The table, its bot giving the web pages' links."""

    def bot_settings(self) -> Settings:
        return bot_settings(self.database, web_url=URL, web_secret=KEY.decode())


def links(message: Message) -> list[dict[str, Any]]:
    """The link buttons of a message (style 5: a link, no custom id)."""
    return [
        component
        for row in message.components
        for component in row.get("components", [])
        if component.get("style") == 5
    ]


def page_of(message: Message) -> str:
    (button,) = links(message)
    assert button["label"] == "Page on the web"
    url: str = button["url"]
    assert url.startswith(URL + "/g/")
    return url.removeprefix(URL)


async def test_boards_results_history_and_reviews_link_to_the_games_page(linked: LinkedTable) -> None:
    table = linked
    rng = random.Random(3)
    async with table.running():
        _, game_id = await table.start(match=1)
        board = table.board()
        assert page_of(board) == SIGNER.game_path(game_id)
        async with site(str(table.database)) as (client, _):
            page = await client.get(page_of(board))
            assert page.status == 200 and "Alice" in await page.text()
            await table.play_game(rng)
            assert page_of(table.board()) == SIGNER.game_path(game_id)  # the finished game's board
            (result,) = table.results()
            assert page_of(result) == SIGNER.game_path(game_id)
            history = (await table.bob.slash("cardia", "history", game=str(game_id))).message
            assert history is not None and page_of(history) == SIGNER.game_path(game_id)
            review = (await table.alice.slash("cardia", "review", game=str(game_id))).message
            await table.settle()
            assert review is not None and page_of(review) == SIGNER.game_path(game_id)
            assert any(c.startswith("cardia:") for c in review.custom_ids)  # Share is still there

            turned = await table.alice.slash("cardia", "settings", web_pages=False)
            await table.settle()
            assert turned.message is not None and "Web pages" in turned.message.text
            assert (await client.get(SIGNER.game_path(game_id))).status == 404  # turned off at once
            _, second = await table.start(match=1)
            assert links(table.board()) == []
            history = (await table.bob.slash("cardia", "history", game=str(game_id))).message
            assert history is not None and links(history) == []
            await table.alice.slash("cardia", "settings", web_pages=True)
            await table.settle()
            assert (await client.get(SIGNER.game_path(second))).status == 200
            await table.turn(rng)
            assert page_of(table.board()) == SIGNER.game_path(second)


async def test_without_an_address_nothing_links_to_the_pages(table: Table) -> None:
    rng = random.Random(3)
    async with table.running():
        _, game_id = await table.start(match=1)
        assert links(table.board()) == []
        await table.play_game(rng)
        assert links(table.board()) == [] and all(links(result) == [] for result in table.results())
        history = (await table.bob.slash("cardia", "history", game=str(game_id))).message
        assert history is not None and links(history) == []


@pytest.fixture
def linked(table: Table) -> LinkedTable:
    return LinkedTable(table.emulator, table.database)


async def test_a_tournaments_page_in_discord_links_to_its_page(linked: LinkedTable) -> None:
    table = linked
    run = Organiser(table.emulator, lambda: table.storage, table.settle)
    async with table.running():
        tournament_id, page = await run.create(table.alice, name="Cup", format="round-robin", match=1)
        assert page_of_tournament(page) == SIGNER.tournament_path(tournament_id)
        await run.join(tournament_id, players(table.emulator, 2))
        async with site(str(table.database)) as (client, _):
            shown = await client.get(page_of_tournament(run.page(tournament_id)))
            assert shown.status == 200 and "Cup" in await shown.text()
        started = await table.alice.slash("cardia", "tournament", "start")
        await run.settled()
        assert started.message is not None
        assert page_of_tournament(run.page(tournament_id)) == SIGNER.tournament_path(tournament_id)


def page_of_tournament(message: Message) -> str:
    (button,) = links(message)
    url: str = button["url"]
    assert url.startswith(URL + "/t/")
    return url.removeprefix(URL)
