"""The web pages (aiohttp.web): routes, security headers, errors, and the pages of a game, a tournament
and a player. Every page is read from the database the bot writes (``bot.store.web``); docs/web.md
tells the design.

    GET /                       what these pages are
    GET /health                 200 while the database answers (the container's health check)
    GET /static/{file}          the pages' one script and one style sheet
    GET /g/{token}              a game: its public board at every step (``?step=N``), live while played
    GET /g/{token}/steps.json   every step in words (the page's script steps through them)
    GET /g/{token}/{N}.png      the board's picture after N decisions
    GET /g/{token}/record.json  the record, once the game is over
    GET /g/{token}/live         server-sent events: the game's version, each time it changes
    GET /t/{token}, /t/{token}/live    a tournament: pairings, results, standings, live
    GET /p/{token}              a player in a server: finished games, rating, record
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Generic, TypeVar

import jinja2
from aiohttp import web
from markupsafe import Markup

import picture
import text
from bot.store.rows import GameRow, GameStatus, MatchRow, TournamentRow, TournamentStatus
from bot.store.web import Version, WebStore
from engine import Record
from engine.review import OutdatedReview, Review, review_from_data
from picture import Chances
from text import tr
from web import game as pages
from web import tables
from web.language import negotiate
from web.limits import Buckets
from web.live import Watched
from web.signing import Signer

log = logging.getLogger("web")

#: Every page: nothing but the site's own script, style and pictures; no framing; no referrer (a link
#: is its own key: it must not leave in a Referer header).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
        " base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
PATH_LIMIT = 256  # characters of a path (a token is at most 62): a longer one is refused, 400
QUERY_LIMIT = 64  # characters of a query string (?step=N)
STEP = re.compile(r"[0-9]{1,5}")
KEEPALIVE = 15.0  # seconds between two comments on a quiet live stream (proxies close silent ones)
PICTURES_AT_ONCE = 2  # pictures drawn at once in threads (each about 30 ms of a core)
STATIC = resources.files("web") / "static"
#: How the app is served (web.server, and the tests): a handler is not cancelled when its reader leaves
#: (aiohttp's default), so a live stream learns of it from its next write.
RUNNER: dict[str, Any] = {"access_log": None, "handler_cancellation": False}
ALLOWED = "GET, HEAD"

KeyT = TypeVar("KeyT")
ValueT = TypeVar("ValueT")


class Lru(Generic[KeyT, ValueT]):
    """The latest ``size`` values made, by key; each made once however many ask for it at once (a
    decision watched by a hundred readers is told once, and its picture drawn once)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[KeyT, ValueT] = OrderedDict()
        self._making: dict[KeyT, asyncio.Task[ValueT]] = {}
        self.made = 0  # values made (the tests count them)

    async def get_or_make(self, key: KeyT, make: Callable[[], Awaitable[ValueT]]) -> ValueT:
        value = self.get(key)
        if value is not None:
            return value
        task = self._making.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._making[key] = task
            task.add_done_callback(lambda done: self._made(key, done))
        # Shielded: a reader who leaves does not cancel what the others wait for.
        return await asyncio.shield(task)

    def _made(self, key: KeyT, task: asyncio.Task[ValueT]) -> None:
        self._making.pop(key, None)
        if not task.cancelled() and task.exception() is None:
            self.made += 1
            self.put(key, task.result())

    def get(self, key: KeyT) -> ValueT | None:
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value

    def put(self, key: KeyT, value: ValueT) -> None:
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)


@dataclass(frozen=True, slots=True)
class Shared:
    """A review one player shared (Share, in Discord): its words, and its chart's data."""

    seat: str
    title: str
    lines: tuple[str, ...]
    review: Review


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game as its page shows it, in one language, at one version."""

    row: GameRow
    match: MatchRow
    version: Version
    record: Record
    steps: list[pages.Step]
    title: str
    scores: tuple[str | None, str | None]  # the match's score before this game, and after it
    ended: pages.Ended | None
    data: dict[str, Any]  # what steps.json sends (its steps from the one asked for)
    key: tuple[Any, ...]  # the game's, version's and language's, in the caches
    previous_game: str | None
    next_game: str | None
    reviews: tuple[Shared, ...]

    @property
    def live(self) -> bool:
        return self.row.status is GameStatus.IN_PROGRESS

    @property
    def total(self) -> int:
        return len(self.record.actions)


LANGUAGE = web.RequestKey("language", str)
PREPARED = web.RequestKey("prepared", web.StreamResponse)  # a live stream begun: its headers are sent


def language_of(request: web.Request) -> str:
    return request.get(LANGUAGE) or negotiate(request.headers.get("Accept-Language"))


class Site:
    """The pages of one process: the store, the signer, the live watchers and the caches."""

    def __init__(
        self,
        store: WebStore,
        signer: Signer,
        poll: float = 0.25,
        buckets: Buckets | None = None,
        proxied: bool = False,
        streams: int = 0,
    ) -> None:
        self.store = store
        self.buckets = buckets or Buckets(0, 1)
        self.proxied = proxied
        self.streams_each = streams  # live streams one address may hold open (0: no limit)
        self._open: dict[str, int] = {}  # address -> its live streams open
        self.signer = signer
        self.games = Watched[int, Version](store.versions, poll)
        self.tournaments = Watched[int, Version](store.tournament_versions, poll)
        self._loaded: Lru[tuple[int, Version, tuple[str, ...], str], Loaded] = Lru(256)
        self._pictures: Lru[tuple[int, int, str, pages.Ended | None], bytes] = Lru(512)
        self._slices: Lru[tuple[Any, ...], bytes] = Lru(512)
        self._drawing = asyncio.Semaphore(PICTURES_AT_ONCE)
        self._streams: set[asyncio.Task[Any]] = set()  # the live streams open: ended at shutdown
        self.templates = jinja2.Environment(
            loader=jinja2.PackageLoader("web", "templates"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.templates.globals["t"] = tr
        self.templates.filters["markup"] = lambda line: Markup(pages.markup(line))

    # --- pages -------------------------------------------------------------------------------------------

    def page(self, request: web.Request, template: str, status: int = 200, **values: Any) -> web.Response:
        language = language_of(request)
        with text.speaking(language):
            body = self.templates.get_template(template).render(language=language, **values)
        response = web.Response(text=body, status=status, content_type="text/html", charset="utf-8")
        response.headers["Content-Language"] = language
        response.headers["Vary"] = "Accept-Language"
        return response

    async def index(self, request: web.Request) -> web.Response:
        return self.page(request, "index.html")

    async def health(self, request: web.Request) -> web.Response:
        try:
            await self.store.ping()
        except Exception:
            log.exception("the database does not answer")
            return web.Response(text="the database does not answer\n", status=503)
        return web.Response(text="ok\n")

    # --- a game -------------------------------------------------------------------------------------------

    async def load(self, request: web.Request) -> Loaded:
        """The game the request's token signs, read and told in the reader's language; 404 for anything
        else (a token malformed, forged or another kind's; a game gone)."""
        signed = self.signer.ids("g", request.match_info["token"])
        if signed is None:
            raise web.HTTPNotFound()
        game_id = signed[0]
        row = await self.store.game(game_id)
        match = None if row is None else await self.store.match(row.match_id)
        if row is None or match is None:
            raise web.HTTPNotFound()
        if match.guild_id != 0 and not await self._shown(match.guild_id):  # a DM's game: its own link only
            raise web.HTTPNotFound()
        actions = await self.store.actions(game_id)
        version: Version = (str(row.status), len(actions))
        # A review shared changes a finished game's page, not its version.
        shared = tuple(await self.store.shared_reviews(game_id)) if row.status is GameStatus.FINISHED else ()
        language = language_of(request)
        key = (game_id, version, shared, language)
        return await self._loaded.get_or_make(
            key, lambda: self._told(row, match, actions, version, shared, language, key)
        )

    async def _told(
        self,
        row: GameRow,
        match: MatchRow,
        actions: list[Any],
        version: Version,
        shared_seats: tuple[str, ...],
        language: str,
        key: tuple[Any, ...],
    ) -> Loaded:
        record = pages.record_of(row.setup_json, actions)
        ended = None if row.status is GameStatus.IN_PROGRESS else (row.winner, row.reason or "")
        games = await self.store.games(match.id)
        before = [game for game in games if game.number < row.number]
        after = [game for game in games if game.number > row.number]
        names = match.names
        reviews = await self._shared(row, shared_seats)
        with text.speaking(language):
            steps = await asyncio.to_thread(pages.steps, record, names, ended)
            shared = tuple(
                Shared(
                    seat,
                    tr("review.title", id=row.id, name=names[seat]),
                    tuple(text.review_lines(review, names)),
                    review,
                )
                for seat, review in reviews
            )
            title = tr("board.title", first=names["p1"], second=names["p2"], number=row.number)
            scores = (_score(match, before), _score(match, [*before, row]))
            data = {
                "total": len(actions),
                "live": row.status is GameStatus.IN_PROGRESS,
                "version": list(version),
                "steps": [step.json() for step in steps],
                # Templates the script fills in (their numbers are said as they are, in every language).
                "words": {
                    "step": tr("web.step", step="{step}", total="{total}"),
                    "round": tr("web.round", round="{round}"),
                },
            }
        return Loaded(
            row=row,
            match=match,
            version=version,
            record=record,
            steps=steps,
            title=title,
            scores=scores,
            ended=ended,
            data=data,
            key=key,
            previous_game=self.signer.game_path(before[-1].id) if before else None,
            next_game=self.signer.game_path(after[0].id) if after else None,
            reviews=shared,
        )

    async def _shared(self, row: GameRow, seats: tuple[str, ...]) -> list[tuple[str, Review]]:
        """The reviews of the game its players shared (a review kept by an earlier version of the review
        is left out until the bot makes it again)."""
        found = []
        for seat in seats:
            stored = await self.store.review(row.id, seat)
            if stored is None or not stored.shared:
                continue
            try:
                found.append((seat, review_from_data(json.loads(stored.data))))
            except (OutdatedReview, ValueError, KeyError):
                continue
        return found

    async def chart(self, request: web.Request) -> web.Response:
        """The win-chance chart of a review its player shared; 404 for any other."""
        loaded = await self.load(request)
        seat = request.match_info["seat"]
        shared = next((review for review in loaded.reviews if review.seat == seat), None)
        if shared is None:
            raise web.HTTPNotFound()
        language = language_of(request)
        key = (loaded.row.id, -1 if seat == "p1" else -2, language, None)

        async def draw() -> bytes:
            async with self._drawing:
                return await asyncio.to_thread(
                    picture.chart_png, Chances.of(shared.review), language=language
                )

        png = await self._pictures.get_or_make(key, draw)
        response = web.Response(body=png, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=86400"
        response.headers["Vary"] = "Accept-Language"
        return response

    def _step_asked(self, request: web.Request, total: int) -> int:
        asked = request.query.get("step")
        if asked is None:
            return total
        if not STEP.fullmatch(asked):
            raise web.HTTPBadRequest()
        if int(asked) > total:
            raise web.HTTPNotFound()
        return int(asked)

    async def game(self, request: web.Request) -> web.Response:
        loaded = await self.load(request)
        number = self._step_asked(request, loaded.total)
        path = self.signer.game_path(loaded.row.id)
        with text.speaking(language_of(request)):
            setup = self._setup_line(loaded)
        match = loaded.match
        # Each player's page in the server; a game of direct messages has none.
        players = (
            [
                self.signer.player_path(match.guild_id, user)
                for user in (match.challenger_id, match.opponent_id)
            ]
            if match.guild_id != 0
            else [None, None]
        )
        return self.page(
            request,
            "game.html",
            game=loaded,
            step=loaded.steps[number],
            path=path,
            setup=setup,
            players=players,
        )

    def _setup_line(self, loaded: Loaded) -> str:
        setup = loaded.record.setup
        parts = [text.deck_label(loaded.match.deck)]
        if setup.location is not None:
            parts.append(text.location_label(setup.location))
        parts.append(pages.level_name(setup))
        if loaded.scores[1]:
            parts.append(loaded.scores[1])
        return " · ".join(parts)

    async def steps_json(self, request: web.Request) -> web.Response:
        """The steps in words from ``?from=N`` on (0: all of them): a live page asks only for the ones
        it lacks, and the last it has (a game ended by the bot changes its last step)."""
        loaded = await self.load(request)
        asked = request.query.get("from", "0")
        if not STEP.fullmatch(asked):
            raise web.HTTPBadRequest()
        start = int(asked)
        if start > loaded.total:
            raise web.HTTPNotFound()

        async def sliced() -> bytes:
            data = {**loaded.data, "from": start, "steps": loaded.data["steps"][start:]}
            return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()

        body = await self._slices.get_or_make((*loaded.key, start), sliced)
        response = web.Response(body=body, content_type="application/json", charset="utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def picture(self, request: web.Request) -> web.Response:
        loaded = await self.load(request)
        asked = request.match_info["step"]
        if not STEP.fullmatch(asked) or int(asked) > loaded.total:
            raise web.HTTPNotFound()
        number = int(asked)
        language = language_of(request)
        ended = loaded.ended if number == loaded.total else None
        key = (loaded.row.id, number, language, ended)

        async def draw() -> bytes:
            async with self._drawing:
                return await asyncio.to_thread(
                    pages.board_png,
                    loaded.record,
                    number,
                    loaded.match.names,
                    title=loaded.title,
                    score=loaded.scores[number == loaded.total],
                    ended=loaded.ended,
                    language=language,
                )

        png = await self._pictures.get_or_make(key, draw)
        response = web.Response(body=png, content_type="image/png")
        # A step before the last never changes; the last changes when the game goes on or is ended.
        fixed = number < loaded.total or not loaded.live
        response.headers["Cache-Control"] = "private, max-age=86400" if fixed else "no-cache"
        response.headers["Vary"] = "Accept-Language"
        return response

    async def record(self, request: web.Request) -> web.Response:
        loaded = await self.load(request)
        # Its hands and decks' order are in it: only once the game is over with a result, as /cardia
        # history gives it (never while it is played, nor for a game called off).
        if loaded.row.status is not GameStatus.FINISHED:
            raise web.HTTPNotFound()
        document = {
            "format": loaded.record.format,
            "setup": json.loads(loaded.row.setup_json),
            "actions": [{"player": a.player, "choose": list(a.choose)} for a in loaded.record.actions],
        }
        response = web.Response(
            text=json.dumps(document, indent=1, ensure_ascii=False), content_type="application/json"
        )
        response.headers["Content-Disposition"] = f'attachment; filename="cardia-game-{loaded.row.id}.json"'
        return response

    async def live(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: ``version`` with the game's version now, then each time it changes, until
        the game is over (the stream then ends) or the reader leaves."""
        loaded = await self.load(request)
        game_id = loaded.row.id
        return await self._stream(
            request,
            lambda queue_version: queue_version[0] != str(GameStatus.IN_PROGRESS),
            self.games,
            game_id,
            loaded.version,
        )

    async def _stream(
        self,
        request: web.Request,
        over: Callable[[Any], bool],
        watched: Watched[Any, Any],
        key: Any,
        first: Any,
    ) -> web.StreamResponse:
        address = self._address(request)
        held = self._open.get(address, 0)
        if self.streams_each and held >= self.streams_each:
            raise web.HTTPTooManyRequests()
        response = web.StreamResponse(
            headers={
                **SECURITY_HEADERS,
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",  # a proxy in front must not hold the events back
            }
        )
        self._open[address] = held + 1
        task = asyncio.current_task()
        assert task is not None
        self._streams.add(task)
        try:
            await response.prepare(request)
            request[PREPARED] = response
            return await self._follow(response, over, watched, key, first)
        except ConnectionResetError:  # the reader left: nothing more to send, nothing wrong
            return response
        finally:
            self._streams.discard(task)
            left = self._open.pop(address, 1) - 1
            if left:
                self._open[address] = left

    async def _follow(
        self,
        response: web.StreamResponse,
        over: Callable[[Any], bool],
        watched: Watched[Any, Any],
        key: Any,
        first: Any,
    ) -> web.StreamResponse:
        async with watched.watch(key, first) as queue:
            await _send(response, first)
            version = first
            while not over(version):
                try:
                    version = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                await _send(response, version)
        return response

    # --- a tournament, a player ----------------------------------------------------------------------------

    async def _tournament(self, request: web.Request) -> TournamentRow:
        signed = self.signer.ids("t", request.match_info["token"])
        tournament = None if signed is None else await self.store.tournament(signed[0])
        if tournament is None or not await self._shown(tournament.guild_id):
            raise web.HTTPNotFound()
        return tournament

    async def tournament(self, request: web.Request) -> web.Response:
        tournament = await self._tournament(request)
        version = (await self.store.tournament_versions([tournament.id])).get(tournament.id)
        with text.speaking(language_of(request)):
            page = await tables.tournament_page(self.store, self.signer, tournament)
        path = self.signer.tournament_path(tournament.id)
        return self.page(request, "tournament.html", page=page, path=path, version=_version_text(version))

    async def tournament_live(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: ``version`` each time the tournament changes (a player in or out, a
        result, a round), until it is over."""
        tournament = await self._tournament(request)
        version = (await self.store.tournament_versions([tournament.id])).get(tournament.id)
        if version is None:
            raise web.HTTPNotFound()
        done = tuple(f"{status}:" for status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED))
        return await self._stream(
            request, lambda seen: seen[0].startswith(done), self.tournaments, tournament.id, version
        )

    async def player(self, request: web.Request) -> web.Response:
        signed = self.signer.ids("p", request.match_info["token"])
        if signed is None or len(signed) != 2 or not await self._shown(signed[0]):
            raise web.HTTPNotFound()
        with text.speaking(language_of(request)):
            page = await tables.player_page(self.store, self.signer, *signed)
        if page is None:
            raise web.HTTPNotFound()
        return self.page(request, "player.html", page=page)

    async def _shown(self, guild_id: int) -> bool:
        """Whether a server's pages may be shown: never a player's or a tournament's outside a server,
        nor any of a server whose managers turned its pages off (/cardia settings web_pages)."""
        return guild_id != 0 and (await self.store.settings(guild_id)).web_pages

    # --- wiring ------------------------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self.index)
        app.router.add_get("/health", self.health)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/g/{token}", self.game)
        app.router.add_get("/g/{token}/steps.json", self.steps_json)
        app.router.add_get("/g/{token}/record.json", self.record)
        app.router.add_get("/g/{token}/live", self.live)
        app.router.add_get("/g/{token}/chart-{seat}.png", self.chart)
        app.router.add_get("/g/{token}/{step}.png", self.picture)
        app.router.add_get("/t/{token}", self.tournament)
        app.router.add_get("/t/{token}/live", self.tournament_live)
        app.router.add_get("/p/{token}", self.player)
        app.on_shutdown.append(self._end_streams)
        app.on_cleanup.append(self._close)
        return app

    async def _end_streams(self, app: web.Application) -> None:
        """A server stopping ends its live streams at once (the browsers reconnect to another
        process), instead of waiting for them."""
        for task in list(self._streams):
            task.cancel()

    async def _close(self, app: web.Application) -> None:
        await self.games.close()
        await self.tournaments.close()

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        types = {"app.js": "text/javascript", "app.css": "text/css"}
        if name not in types:
            raise web.HTTPNotFound()
        response = web.Response(body=(STATIC / name).read_bytes(), content_type=types[name], charset="utf-8")
        response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Bad input refused in one clear page before anything is read; errors as pages in the reader's
        language; the security headers on every answer."""
        request[LANGUAGE] = negotiate(request.headers.get("Accept-Language"))
        try:
            if not self.buckets.allow(self._address(request)):
                raise web.HTTPTooManyRequests()
            if (
                len(request.raw_path.partition("?")[0]) > PATH_LIMIT
                or len(request.query_string) > QUERY_LIMIT
            ):
                raise web.HTTPBadRequest()
            response = await handler(request)
        except web.HTTPException as error:
            if error.status < 400:
                raise
            response = self._error(request, error.status)
        except Exception:
            log.exception("%s %s failed", request.method, request.path[:PATH_LIMIT])
            prepared = request.get(PREPARED)
            # What was sent stays as sent: an error page cannot replace a response already begun.
            response = prepared if prepared is not None else self._error(request, 500)
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
            response.headers.setdefault("Cache-Control", "no-cache")
        return response

    def _address(self, request: web.Request) -> str:
        if self.proxied:
            # The last address is the one the trusted proxy appended; any before it the client wrote.
            forwarded = request.headers.get("X-Forwarded-For", "")
            last = forwarded.rsplit(",", 1)[-1].strip()
            if last:
                return last[:64]
        return request.remote or "?"

    def _error(self, request: web.Request, status: int) -> web.Response:
        kinds = {400: "bad_request", 404: "not_found", 405: "not_allowed", 429: "too_many"}
        kind = kinds.get(status, "error")
        response = self.page(request, "error.html", status=status, kind=kind, status_code=status)
        if status == 405:
            response.headers["Allow"] = ALLOWED
        return response


def _score(match: MatchRow, games: list[GameRow]) -> str | None:
    """The match's score after ``games`` as its boards show it (None: a single game)."""
    if match.wins_needed == 1:
        return None
    wins = {"p1": 0, "p2": 0}
    for game in games:
        if game.status is GameStatus.FINISHED and game.winner in wins:
            wins[game.winner] += 1
    names = match.names
    return tr(
        "board.score",
        wins=match.wins_needed,
        first=names["p1"],
        a=wins["p1"],
        b=wins["p2"],
        second=names["p2"],
    )


def _version_text(version: Version | None) -> str:
    return "" if version is None else f"{version[0]}:{version[1]}"


async def _send(response: web.StreamResponse, version: Any) -> None:
    await response.write(f"event: version\ndata: {json.dumps(list(version))}\n\n".encode())
