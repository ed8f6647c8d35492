"""The web pages without a browser (aiohttp's test client), on SQLite and PostgreSQL: a finished game's
steps in words and pictures, the reader's language, the record, signed links and every refusal, the
security headers, a game in progress that never shows a hidden card, and live updates learnt from the
database."""

from __future__ import annotations

import asyncio
import json
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

import picture
import text
from bot.store import GuildSettings
from engine import Record, happenings, replay, view
from engine.review import review, review_data
from picture import Chances
from tests.bot.table import REVIEW_BUDGET
from tests.web.games import ALICE, BOB, GUILD, SIGNER, ever_public, hidden_cards, played, site
from web import game as game_pages
from web.app import SECURITY_HEADERS
from web.game import level_name, public_view, record_of
from web.limits import Buckets

pytestmark = pytest.mark.asyncio


class _Scripts(HTMLParser):
    """What a page would run or style inline: scripts without a file, ``on...`` handlers, style
    attributes and elements."""

    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if (tag == "script" and not names.get("src")) or tag == "style":
            self.inline.append(tag)
        self.inline += [name for name in names if name.startswith("on") or name == "style"]
        if tag == "img":
            self.images.append(names)


def _parsed(html: str) -> _Scripts:
    parser = _Scripts()
    parser.feed(html)
    return parser


async def test_a_finished_games_page_tells_every_step_with_its_picture_and_record(database: str) -> None:
    async with played(database) as match:
        first = (await match.game_ids())[0]
        await match.finish(first)
        second = (await match.game_ids())[1]
        actions = await match.storage.actions(first)
        row = await match.storage.game(first)
        assert row is not None
        record = record_of(row.setup_json, actions)
        async with site(database) as (client, _):
            path = SIGNER.game_path(first)
            page = await client.get(path)
            assert page.status == 200
            html = await page.text()
            assert "Cardia — Alice vs Bob, game 1" in html
            assert f'href="{SIGNER.game_path(second)}"' in html  # the match's next game
            assert f'href="{path}/record.json"' in html
            for user, name in ((ALICE[0], "Alice"), (BOB[0], "Bob")):  # each player's page in the server
                assert f'<a href="{SIGNER.player_path(GUILD, user)}">{name}</a>' in html
            assert not _parsed(html).inline, "no inline script or style: the CSP forbids them"

            steps = await (await client.get(f"{path}/steps.json")).json()
            assert steps["total"] == len(actions) and len(steps["steps"]) == len(actions) + 1
            assert not steps["live"]
            game = replay(record)
            names = {"p1": "Alice", "p2": "Bob"}
            last = steps["steps"][-1]
            result = text.board.result_line(view(game, None), names)
            assert last["status"].replace("<strong>", "**").replace("</strong>", "**") == result
            middle = len(actions) // 2
            shown = steps["steps"][middle]
            told = text.describe_events(
                happenings(replay(record, middle), None, len(replay(record, middle - 1).events)),
                names,
            )
            assert [unescape(re.sub("</?strong>", "", line)) for line in shown["happened"]] == [
                line.replace("**", "") for line in told
            ]

            after = "Alice 1 – 0 Bob" if row.winner == "p1" else "Alice 0 – 1 Bob"
            for number in (0, middle, len(actions)):
                score = "Match (first to 2): " + (after if number == len(actions) else "Alice 0 – 0 Bob")
                png = await client.get(f"{path}/{number}.png")
                assert png.status == 200 and png.content_type == "image/png"
                expected = picture.board_png(
                    public_view(replay(record, number), None),
                    ("Alice", "Bob"),
                    title="Cardia — Alice vs Bob, game 1",
                    details=picture.details_line(None, level_name(record.setup), score),
                    language="en",
                )
                assert await png.read() == expected, number
            stepped = await client.get(f"{path}?step={middle}")
            assert f'src="{path}/{middle}.png"' in await stepped.text()

            download = await client.get(f"{path}/record.json")
            assert download.status == 200
            assert "attachment" in download.headers["Content-Disposition"]
            assert Record.model_validate(json.loads(await download.text())) == record


async def test_the_page_speaks_the_readers_language(database: str) -> None:
    async with played(database) as match:
        first = (await match.game_ids())[0]
        await match.finish(first)
        async with site(database) as (client, _):
            path = SIGNER.game_path(first)
            for header, language, words in (
                ("hu-HU,hu;q=0.9,en;q=0.5", "hu", "Cardia: Alice – Bob, 1. játszma"),
                ("de-DE, pl;q=0.8, en;q=0.7", "pl", "Cardia: Alice kontra Bob, gra 1"),
                ("fr", "en", "Cardia — Alice vs Bob, game 1"),
                ("en;q=0.2, hu;q=0.9", "hu", "Cardia: Alice – Bob, 1. játszma"),
            ):
                page = await client.get(path, headers={"Accept-Language": header})
                html = await page.text()
                assert page.headers["Content-Language"] == language, header
                assert f'<html lang="{language}">' in html and words in html, header
                with text.speaking(language):
                    setup = f"{text.deck_label('I')} · {text.tr('difficulty.training')}"
                assert f'<p class="setup">{setup} · ' in html, (header, setup)
            hungarian = await client.get(f"{path}/steps.json", headers={"Accept-Language": "hu"})
            assert (await hungarian.json())["words"]["step"] == "Lépés: {step}/{total}"
            missing = await client.get("/g/1-AAAAAAAAAAAAAAAAAAAAAA", headers={"Accept-Language": "pl"})
            assert missing.status == 404 and "Nie ma takiej strony" in await missing.text()


async def test_unknown_forged_and_malformed_requests_are_refused_in_one_clear_page(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.decide(game_id)
        async with site(database) as (client, _):
            good = SIGNER.game_path(game_id)
            token = good.removeprefix("/g/")
            subject, signature = token.split("-", 1)
            flipped = signature[:-1] + ("A" if signature[-1] != "A" else "B")
            refused = {
                f"/g/{subject}-{flipped}": 404,  # a forged signature
                f"/g/{int(subject) + 1}-{signature}": 404,  # another id under this signature
                SIGNER.game_path(game_id + 1000): 404,  # signed, but no such game
                "/g/" + SIGNER.token("t", game_id): 404,  # a tournament's link used for a game
                f"/g/{subject}": 404,
                "/g/%00%ff-" + signature: 404,
                f"/g/{'1' * 30}-{signature}": 404,
                f"{good}?step=abc": 400,
                f"{good}?step=-1": 400,
                f"{good}?step=99999": 404,
                f"{good}/99.png": 404,
                f"{good}/x.png": 404,
                f"{good}/record.json": 404,  # a game in progress: its record holds the hands
                "/g/" + "9" * 300: 400,
                f"{good}?step=1&" + "x" * 100: 400,
                "/nothing/here": 404,
                "/static/../web/app.py": 404,
                "/static/missing.js": 404,
            }
            for path, status in refused.items():
                answer = await client.get(path)
                assert answer.status == status, path
                html = await answer.text()
                assert f'data-status="{status}"' in html and "<h1" in html, path
                for header, value in SECURITY_HEADERS.items():
                    assert answer.headers.get(header) == value, (path, header)
            posted = await client.post(good, data=b"x", headers={"Accept-Language": "pl"})
            assert posted.status == 405 and posted.headers["Allow"] == "GET, HEAD"
            assert "Niedozwolone żądanie" in await posted.text()
            for header, value in SECURITY_HEADERS.items():
                assert posted.headers.get(header) == value, header
            deleted = await client.delete(good)
            assert deleted.status == 405 and "Not allowed" in await deleted.text()
            assert len(await match.storage.actions(game_id)) == 1  # nothing changed


async def test_every_answer_carries_the_security_headers(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            for url in (
                "/",
                "/health",
                path,
                f"{path}/steps.json",
                f"{path}/0.png",
                f"{path}/record.json",
                "/static/app.js",
                "/static/app.css",
                f"{path}/live",
            ):
                answer = await client.get(url)
                assert answer.status == 200, url
                for header, value in SECURITY_HEADERS.items():
                    assert answer.headers.get(header) == value, (url, header)
                await answer.read()
            csp = SECURITY_HEADERS["Content-Security-Policy"]
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp


async def _words_of_every_answer(client: Any, path: str, total: int, language: str) -> str:
    """Everything a reader of the game can be sent, as text: each step's page (its alt text among it), the
    steps' JSON, the first event of the live stream."""
    headers = {"Accept-Language": language}
    parts = []
    for number in range(total + 1):
        parts.append(await (await client.get(f"{path}?step={number}", headers=headers)).text())
    parts.append(await (await client.get(f"{path}/steps.json", headers=headers)).text())
    parts.append(await (await client.get(f"{path}/record.json", headers=headers)).text())
    stream = await client.get(f"{path}/live", headers=headers)
    parts.append((await stream.content.readuntil(b"\n\n")).decode())
    stream.close()
    return "\n".join(parts)


async def test_a_game_in_progress_never_shows_a_hidden_card(database: str) -> None:
    async with played(database, seed=5) as match:
        game_id = (await match.game_ids())[0]
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            checked = 0
            for _ in range(8):
                await match.decide(game_id)
                game = await match.game(game_id)
                total = len(await match.storage.actions(game_id))
                secret = hidden_cards(game) - ever_public(game)
                assert secret, "the test needs cards nobody has seen"
                for language in text.LANGUAGES:
                    sent = await _words_of_every_answer(client, path, total, language)
                    with text.speaking(language):
                        named = {card: text.card_name(card) for card in secret}
                    for card, name in named.items():
                        assert card not in sent, (card, language)
                        assert re.search(rf"\b{re.escape(name)}\b", sent) is None, (name, language)
                    checked += len(named)
            # Every step's picture, in every language, is the public board's and nothing more.
            row = await match.storage.game(game_id)
            assert row is not None
            record = record_of(row.setup_json, await match.storage.actions(game_id))
            for language in text.LANGUAGES:
                with text.speaking(language):
                    title = text.tr("board.title", first="Alice", second="Bob", number=1)
                    score = text.tr("board.score", wins=2, first="Alice", a=0, b=0, second="Bob")
                    details = picture.details_line(None, level_name(record.setup), score)
                for number in range(total + 1):
                    png = await client.get(f"{path}/{number}.png", headers={"Accept-Language": language})
                    public = picture.board_png(
                        view(replay(record, number), None),
                        ("Alice", "Bob"),
                        title=title,
                        details=details,
                        language=language,
                    )
                    assert await png.read() == public, (language, number)
            assert checked > 100


async def test_a_live_page_learns_of_each_decision_from_the_database(database: str) -> None:
    async with played(database) as match:  # the bot's store: another connection than the pages'
        game_id = (await match.game_ids())[0]
        async with site(database, poll=0.05) as (client, pages):
            path = SIGNER.game_path(game_id)
            streams = [await client.get(f"{path}/live") for _ in range(5)]

            async def event(stream: Any) -> list[Any]:
                block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 30)).decode()
                assert block.startswith("event: version\n"), block
                data: list[Any] = json.loads(block.split("data: ", 1)[1])
                return data

            for stream in streams:
                assert await event(stream) == ["in_progress", 0]
            for decided in range(1, 4):
                await match.decide(game_id)
                for stream in streams:
                    seen = await event(stream)
                    while seen[1] < decided:  # the first look repeats what the stream began with
                        seen = await event(stream)
                    assert seen == ["in_progress", decided]
            assert pages.games.watchers == 5
            looks = pages.games.looks
            calls: list[int] = []
            real = pages.games._versions

            async def counted(keys: Any) -> Any:
                calls.append(len(keys))
                return await real(keys)

            pages.games._versions = counted
            await match.decide(game_id)
            for stream in streams:
                while (await event(stream))[1] < 4:
                    pass
            assert calls and set(calls) == {1} and pages.games.looks - looks == len(calls)  # one query a look
            await match.finish(game_id)
            for stream in streams:
                while (await event(stream))[0] == "in_progress":
                    pass
                assert await stream.content.read() == b""  # the stream ends with the game
                stream.close()
            assert (await client.get(f"{path}/record.json")).status == 200


async def test_a_review_its_player_shared_is_beside_the_game_with_its_chart(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        row = await match.storage.game(game_id)
        assert row is not None
        record = record_of(row.setup_json, await match.storage.actions(game_id))
        reviewed = review(record, "p2", budget=REVIEW_BUDGET)
        for seat in ("p1", "p2"):
            await match.storage.save_review(game_id, seat, json.dumps(review_data(reviewed)))
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            html = await (await client.get(path)).text()
            assert "review-p2" not in html and "chart-" not in html  # kept, but not shared
            assert (await client.get(f"{path}/chart-p2.png")).status == 404
            await match.storage.share_review(game_id, "p2")  # the page already drawn once
            html = await (await client.get(path)).text()
            assert 'id="review-p2"' in html and 'id="review-p1"' not in html
            assert f"Game #{game_id}: Bob&#39;s decisions reviewed" in html
            assert f'src="{path}/chart-p2.png" alt="The chart of Bob' in html
            chart = await client.get(f"{path}/chart-p2.png")
            assert chart.status == 200
            with text.speaking("en"):
                expected = picture.chart_png(Chances.of(reviewed), language="en")
            assert await chart.read() == expected
            assert (await client.get(f"{path}/chart-p1.png")).status == 404
            assert (await client.get(f"{path}/chart-p3.png")).status == 404


async def test_a_flood_from_one_address_is_refused_with_429_and_changes_nothing(database: str) -> None:
    now = [0.0]
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        async with site(database, buckets=Buckets(2, 5, clock=lambda: now[0])) as (client, _):
            path = SIGNER.game_path(game_id)
            answers = [(await client.get(path)).status for _ in range(8)]
            assert answers == [200] * 5 + [429] * 3  # the burst, then refused
            refused = await client.get(path, headers={"Accept-Language": "hu"})
            assert refused.status == 429 and "Túl sok kérés" in await refused.text()
            for header, value in SECURITY_HEADERS.items():
                assert refused.headers.get(header) == value
            now[0] += 1.0  # two requests a second come back
            assert [(await client.get(path)).status for _ in range(3)] == [200, 200, 429]
        assert await match.storage.actions(game_id) == []


async def test_two_web_processes_on_one_database_both_follow_a_decision(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        async with site(database) as (first, _), site(database) as (second, _):
            path = SIGNER.game_path(game_id)
            streams = [await first.get(f"{path}/live"), await second.get(f"{path}/live")]
            await match.decide(game_id)
            for stream in streams:
                seen: list[Any] = ["in_progress", 0]
                while seen[1] < 1:
                    block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 30)).decode()
                    seen = json.loads(block.split("data: ", 1)[1])
                assert seen == ["in_progress", 1]
                stream.close()


async def test_a_server_that_turned_its_pages_off_has_none(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        async with site(database) as (client, _):
            paths = [SIGNER.game_path(game_id), SIGNER.player_path(GUILD, ALICE[0])]
            assert [(await client.get(path)).status for path in paths] == [200, 200]
            await match.storage.save_settings(GUILD, ALICE[0], GuildSettings(web_pages=False))
            for path in (*paths, f"{paths[0]}/0.png", f"{paths[0]}/record.json", f"{paths[0]}/live"):
                assert (await client.get(path)).status == 404, path


async def test_a_players_name_is_text_never_markup(database: str) -> None:
    hostile = '<img src=x onerror="alert(1)">**x**'
    async with played(database, names=(hostile, "Bob")) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            for url in (path, f"{path}?step=1", SIGNER.player_path(GUILD, ALICE[0])):
                html = await (await client.get(url)).text()
                assert "<img src=x" not in html and "&lt;img src=x onerror=" in html, url
                assert not _parsed(html).inline, url
            steps = await (await client.get(f"{path}/steps.json")).json()
            for step in steps["steps"]:
                for line in [*step["happened"], *step["row"], step["status"], step["players"][0]["name"]]:
                    assert "<img" not in line, line


async def test_a_decision_read_by_many_at_once_is_told_and_drawn_once(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"steps": 0, "board_png": 0}
    for name in calls:
        real = getattr(game_pages, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(game_pages, name, counted)
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.decide(game_id)
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)

            async def read(url: str) -> bytes:
                answer = await client.get(url)
                assert answer.status == 200
                return await answer.read()

            jsons = await asyncio.gather(*(read(f"{path}/steps.json") for _ in range(40)))
            pngs = await asyncio.gather(*(read(f"{path}/1.png") for _ in range(40)))
            assert len(set(jsons)) == 1 and len(set(pngs)) == 1
            assert calls == {"steps": 1, "board_png": 1}


async def test_a_game_called_off_shows_how_it_ended_and_gives_no_record(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        for _ in range(3):
            await match.decide(game_id)
        await match.duels.abort(match.match_id)
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            page = await client.get(path)
            html = await page.text()
            assert page.status == 200 and 'id="state" class="finished"' in html
            assert "record.json" not in html and 'id="status">' in html
            assert (await client.get(f"{path}/record.json")).status == 404
            assert (await client.get(f"{path}/3.png")).status == 200


async def test_a_reader_who_leaves_a_live_page_is_let_go_quietly(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        async with site(database, poll=0.02) as (client, pages):
            stream = await client.get(f"{SIGNER.game_path(game_id)}/live")
            await stream.content.readuntil(b"\n\n")
            assert pages.games.watchers == 1
            stream.close()
            await match.decide(game_id)  # the stream's next write finds the reader gone
            async with asyncio.timeout(30):
                while pages.games.watchers:
                    await asyncio.sleep(0.01)
    assert not [record for record in caplog.records if record.levelname in ("ERROR", "CRITICAL")]


async def test_a_live_page_asks_only_for_the_steps_it_lacks(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        for _ in range(4):
            await match.decide(game_id)
        async with site(database) as (client, _):
            path = SIGNER.game_path(game_id)
            whole = await (await client.get(f"{path}/steps.json")).json()
            assert whole["from"] == 0 and len(whole["steps"]) == 5
            await match.decide(game_id)
            since = await client.get(f"{path}/steps.json?from=4")
            got = await since.json()
            assert got["from"] == 4 and got["total"] == 5 and [s["number"] for s in got["steps"]] == [4, 5]
            assert got["steps"][0] == whole["steps"][4] and got["version"] == ["in_progress", 5]
            assert len(await since.read()) < len(json.dumps(whole)) / 2
            assert (await client.get(f"{path}/steps.json?from=6")).status == 404
            assert (await client.get(f"{path}/steps.json?from=x")).status == 400
            assert (await client.get(f"{path}/steps.json?from=-1")).status == 400


async def test_a_game_of_direct_messages_links_to_no_players_page(database: str) -> None:
    async with played(database, guild=0) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        async with site(database) as (client, _):
            page = await client.get(SIGNER.game_path(game_id))
            html = await page.text()
            assert page.status == 200 and "<h3>Alice</h3>" in html and "/p/" not in html


async def test_open_live_streams_are_capped_per_address(database: str) -> None:
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        async with site(database, poll=0.02, streams=2) as (client, pages):
            live = f"{SIGNER.game_path(game_id)}/live"
            streams = [await client.get(live) for _ in range(2)]
            for stream in streams:
                assert stream.status == 200
                await stream.content.readuntil(b"\n\n")
            over = await client.get(live, headers={"Accept-Language": "hu"})
            assert over.status == 429 and "Túl sok kérés" in await over.text()
            assert (await client.get(SIGNER.game_path(game_id))).status == 200  # pages are not streams
            streams[0].close()
            await match.decide(game_id)  # its next write finds the reader gone
            async with asyncio.timeout(30):
                while pages.games.watchers > 1:
                    await asyncio.sleep(0.01)
            again = await client.get(live)
            assert again.status == 200
            again.close()
            streams[1].close()
