"""The web pages in a real browser: Debian's Chromium, headless, driven by Playwright (never a browser
Playwright downloads: ``scripts/chromium`` installs Debian's). One browser for the whole module. The
replay stepped through by keyboard, slider and buttons; a live page following a decision made through
the emulator by the real bot, without reloading; a tournament's page through a round; forged and unknown
links refused; no page wider than a phone's screen, nor a desktop's; and no script, style or picture
the Content-Security-Policy refuses.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, ConsoleMessage, Page, async_playwright

from emulator import Emulator
from tests.bot.services.test_tournament_service import created, play_round, service
from tests.bot.table import Table
from tests.web.games import ALICE, GUILD, SIGNER, played, site

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 30_000  # a bound on waiting for the page, never a measure of its speed

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    if shutil.which(CHROMIUM) is None:
        raise RuntimeError(f"Chromium is not installed at {CHROMIUM}: scripts/chromium installs it")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            await launched.close()


class Watched:
    """A page and what its console said against the Content-Security-Policy (or any error)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(str(error)))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and "404" not in message.text:
            self.problems.append(message.text)


async def _page(browser: Browser, viewport: dict[str, int] | None = None, language: str = "en") -> Watched:
    context = await browser.new_context(viewport=viewport or DESKTOP, locale=language)  # type: ignore[arg-type]
    return Watched(await context.new_page())


async def _fits(page: Page) -> None:
    """Nothing wider than the window: no horizontal scrolling."""
    widths = await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


async def _shown(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = await page.evaluate(
        """() => ({
            step: document.getElementById("game").dataset.step,
            words: document.getElementById("step-words").textContent,
            src: document.getElementById("picture").getAttribute("src"),
            alt: document.getElementById("picture").alt,
            slider: document.getElementById("slider").value,
            loaded: document.getElementById("picture").naturalWidth > 0,
            url: location.search,
        })"""
    )
    return shown


async def _at(page: Page, step: int) -> dict[str, Any]:
    await page.wait_for_function(
        f"""() => document.getElementById("game").dataset.step === "{step}"
            && document.getElementById("picture").complete
            && document.getElementById("picture").naturalWidth > 0""",
        timeout=WAIT_MS,
    )
    return await _shown(page)


async def test_a_replay_is_stepped_through_by_keyboard_slider_and_buttons(
    browser: Browser, tmp_path: Path
) -> None:
    database = str(tmp_path / "cardia.db")
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        total = len(await match.storage.actions(game_id))
    async with site(database) as (client, _):
        base = str(client.make_url(""))
        path = SIGNER.game_path(game_id)
        watched = await _page(browser)
        page = watched.page
        await page.goto(f"{base}{path}")
        await page.wait_for_function("() => document.getElementById('slider').max !== ''", timeout=WAIT_MS)
        await page.evaluate("window.notReloaded = true")
        last = await _at(page, total)
        assert last["words"] == f"Step {total} of {total}" and last["src"] == f"{path}/{total}.png"

        await page.keyboard.press("ArrowLeft")
        one_back = await _at(page, total - 1)
        assert one_back["words"] == f"Step {total - 1} of {total}"
        assert one_back["url"] == f"?step={total - 1}" and one_back["alt"] != last["alt"]
        await page.keyboard.press("Home")
        first = await _at(page, 0)
        assert first["words"] == f"Step 0 of {total}" and first["slider"] == "0"
        await page.click("#next")
        assert (await _at(page, 1))["src"] == f"{path}/1.png"
        await page.focus("#slider")
        for _ in range(3):
            await page.keyboard.press("ArrowRight")  # the slider's own keys move it, and the board with it
        moved = await _at(page, 4)
        assert moved["slider"] == "4" and moved["words"] == f"Step 4 of {total}"
        await page.click("#previous")
        await _at(page, 3)
        await page.keyboard.press("End")
        assert (await _at(page, total))["slider"] == str(total)
        assert await page.evaluate("window.notReloaded === true"), "stepped without reloading"
        assert await page.get_attribute("#download", "href") == f"{path}/record.json"

        await page.goto(f"{base}{path}?step=2")  # a link to a step opens there, without the script too
        assert (await _at(page, 2))["words"] == f"Step 2 of {total}"
        assert not watched.problems, watched.problems


async def test_a_live_page_follows_a_decision_made_through_the_emulator(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "cardia.db"
    async with Emulator() as emulator:
        table = Table(emulator, database)
        async with table.running():
            _, game_id = await table.start()
            async with site(str(database), poll=0.05) as (client, _):
                path = SIGNER.game_path(game_id)
                watched = await _page(browser)
                page = watched.page
                await page.goto(str(client.make_url(path)))
                await _at(page, 0)
                assert (
                    await page.text_content("#state") == "Live: this page follows the game as it is played."
                )
                await page.evaluate("window.notReloaded = true")
                rng = random.Random(7)
                for decided in (1, 2, 3):
                    assert await table.turn(rng)  # a player's button pressed in Discord, through the bot
                    shown = await _at(page, decided)
                    assert shown["words"] == f"Step {decided} of {decided}"
                assert await page.evaluate("window.notReloaded === true"), "updated without reloading"
                assert not watched.problems, watched.problems
    emulator.check()


async def test_a_tournaments_page_follows_a_round(browser: Browser, tmp_path: Path) -> None:
    database = str(tmp_path / "cardia.db")
    from bot.store import Storage

    storage = await Storage.open(database)
    try:
        tournaments = service(storage)
        tournament = await created(tournaments, "round-robin", 4)
        await tournaments.start(tournament.id)
        async with site(database, poll=0.05) as (client, _):
            watched = await _page(browser, PHONE)
            page = watched.page
            await page.goto(str(client.make_url(SIGNER.tournament_path(tournament.id))))
            assert await page.locator(".result").all_text_contents() == ["not played yet"] * 2
            await play_round(tournaments, tournament.id)
            await page.wait_for_function(
                "() => document.querySelectorAll('#round-2').length === 1", timeout=WAIT_MS
            )  # drawn again by itself: round 2's pairings, round 1's results
            results = await page.locator("#round-1 .result").all_text_contents()
            assert len(results) == 2 and all(result.endswith(" won") for result in results)
            assert await page.locator("#standings tbody tr").count() == 4
            await _fits(page)
            assert not watched.problems, watched.problems
    finally:
        await storage.close()


async def test_forged_and_unknown_links_are_refused_in_a_page(browser: Browser, tmp_path: Path) -> None:
    database = str(tmp_path / "cardia.db")
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
    async with site(database) as (client, _):
        token = SIGNER.token("g", game_id)
        watched = await _page(browser, language="hu-HU")
        page = watched.page
        for path in (
            f"/g/{game_id}-{'A' * 22}",
            f"/g/{game_id + 1}-{token.split('-', 1)[1]}",
            SIGNER.game_path(game_id + 99),
            f"/t/{token}",
            f"/p/{token}",
        ):
            answer = await page.goto(str(client.make_url(path)))
            assert answer is not None and answer.status == 404, path
            assert await page.text_content("h1") == "Nincs ilyen oldal", path
        answer = await page.goto(str(client.make_url(SIGNER.game_path(game_id) + "?step=x")))
        assert answer is not None and answer.status == 400
        assert await page.text_content("h1") == "Hibás kérés"


async def test_no_page_is_wider_than_a_phone_or_a_desktop(browser: Browser, tmp_path: Path) -> None:
    database = str(tmp_path / "cardia.db")
    async with played(database) as match:
        first = (await match.game_ids())[0]
        await match.finish(first)
        second = (await match.game_ids())[1]
        for _ in range(3):
            await match.decide(second)
    async with site(database) as (client, _):
        pages = {
            "finished": SIGNER.game_path(first),
            "live": SIGNER.game_path(second),
            "player": SIGNER.player_path(GUILD, ALICE[0]),
            "missing": "/g/1-AAAAAAAAAAAAAAAAAAAAAA",
            "index": "/",
        }
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            for language in ("en", "hu", "pl"):
                watched = await _page(browser, viewport, language)
                page = watched.page
                for name, path in pages.items():
                    await page.goto(str(client.make_url(path)))
                    if name in ("finished", "live"):
                        await page.wait_for_function(
                            "() => document.getElementById('picture').naturalWidth > 0", timeout=WAIT_MS
                        )
                    await _fits(page)
                    shot = tmp_path / f"{name}-{size}-{language}.png"
                    await page.screenshot(path=str(shot), full_page=True)
                    assert shot.stat().st_size > 1000
                assert not watched.problems, (size, language, watched.problems)
                await page.context.close()


async def test_a_refused_load_of_the_steps_is_tried_again_until_it_is_answered(
    browser: Browser, tmp_path: Path
) -> None:
    database = str(tmp_path / "cardia.db")
    async with played(database) as match:
        game_id = (await match.game_ids())[0]
        await match.finish(game_id)
        total = len(await match.storage.actions(game_id))
    async with site(database) as (client, _):
        path = SIGNER.game_path(game_id)
        page = (await _page(browser)).page
        refused = [0]
        asked_again, pressed = asyncio.Event(), asyncio.Event()

        async def flood(route: Any) -> None:
            if refused[0] < 2:  # the first two loads meet the flood limit
                refused[0] += 1
                await route.fulfill(status=429, body="Too many requests")
            else:  # the third is answered only after a key is pressed
                asked_again.set()
                await pressed.wait()
                await route.continue_()

        await page.route("**/steps.json*", flood)
        await page.goto(f"{client.make_url('')}{path}", wait_until="domcontentloaded")
        await asyncio.wait_for(asked_again.wait(), WAIT_MS / 1000)
        assert refused[0] == 2
        # Keys pressed before the steps have come are not lost: the page steps once they are there,
        # without reloading, each key from where the one before left it.
        await page.keyboard.press("ArrowLeft")
        await page.keyboard.press("ArrowLeft")
        pressed.set()
        assert (await _at(page, total - 2))["words"] == f"Step {total - 2} of {total}"
