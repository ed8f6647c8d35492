"""The emulator itself: an aiohttp app on 127.0.0.1 serving REST v10 and the Gateway, and the switch
that points discord.py at it.

    async with Emulator() as emulator:          # starts the server and patches discord.py
        alice = emulator.user("alice")
        async with run_bot(bot, emulator):      # the real client: login, gateway, READY, GUILD_CREATE
            reply = await alice.slash("demo", "ping")
            assert reply.message.content == "pong"
    emulator.check()                            # no schema violations, no unemulated routes
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from .gateway import GatewaySession, gateway_handler
from .rest import RecordedRequest, RestAPI, Violation
from .spec import OpenAPISpec
from .state import Channel, Interaction, Message, State
from .users import SimUser

T = TypeVar("T")


@dataclass(eq=False)
class Fault:
    """A failure :meth:`Emulator.fail` (or a delay :meth:`Emulator.slow`) injects into the requests it
    matches."""

    method: str
    template: str
    status: int  # 0: no error (a delay alone)
    times: int
    after: bool
    message: str
    hits: list[RecordedRequest] = field(default_factory=list)
    delay: float = 0.0  # seconds the request is held before it is carried out


class Emulator:
    """A loopback Discord for one discord.py bot under test.

    Before :meth:`start` (or ``async with``), the world can be shaped: ``emulator.guild`` and
    ``emulator.channel`` exist already, ``emulator.user(name)`` adds members. Afterwards the bot's
    requests are in :attr:`requests`, contract breaches in :attr:`violations`, routes the emulator does
    not implement in :attr:`unhandled`; :meth:`check` turns all of them into one assertion.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Emulated Guild",
        channels: tuple[str, ...] = ("general",),
        bot_name: str = "EmulatedBot",
        spec: OpenAPISpec | None = None,
        interaction_deadline: float | None = 3.0,
        reject_invalid: bool = True,
        require_acknowledgement: bool = True,
        patch_discord: bool = True,
    ) -> None:
        self.state = State(bot_name=bot_name)
        self.guild = self.state.add_guild(guild_name, channels)
        #: The guild's first text channel: where simulated users act unless told otherwise.
        self.channel = self.guild.channels[0]
        self.spec = spec or OpenAPISpec.load()
        #: Discord's limit for the first response to an interaction (``None``: no limit).
        self.interaction_deadline = interaction_deadline
        #: Answer a body that fails validation with 400 Invalid Form Body, as Discord does.
        self.reject_invalid = reject_invalid
        #: :meth:`check` also fails for an interaction the bot never acknowledged.
        self.require_acknowledgement = require_acknowledgement
        #: Injected failures (:meth:`fail`), taken by the first requests they match.
        self.faults: list[Fault] = []
        #: Called with every request once it is handled, before it is answered (e.g. to kill the bot).
        self.hooks: list[Callable[[RecordedRequest], None]] = []
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.unhandled: list[RecordedRequest] = []
        self.gateways: list[GatewaySession] = []
        self.sessions: dict[str, GatewaySession] = {}
        self.rest = RestAPI(self)
        self.port = 0
        self._patch = patch_discord
        self._saved: tuple[str, yarl.URL] | None = None
        self._runner: web.AppRunner | None = None
        self._users: dict[str, SimUser] = {}

    # -- lifecycle -------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` points to while the emulator runs."""
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The websocket URL: ``DEFAULT_GATEWAY``, ``GET /gateway/bot`` and READY's resume URL."""
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        """Serve on a free port of 127.0.0.1 and point discord.py at it."""
        app = web.Application()
        app.router.add_route("GET", "/", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_route(
            "GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self.rest.attachment
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        if self._patch:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
            discord.http.Route.BASE = self.api_url
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        return await gateway_handler(self, request)

    async def stop(self) -> None:
        """Close the gateway sessions, stop serving and restore discord.py's URLs."""
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None
        for session in list(self.gateways):
            await session.ws.close(code=1001, message=b"emulator stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    # -- the world -------------------------------------------------------------------------------

    def user(self, name: str) -> SimUser:
        """The simulated member called ``name`` (created, and added to every guild, on first use)."""
        if name not in self._users:
            self._users[name] = SimUser(self, self.state.add_user(name))
        return self._users[name]

    def messages(self, channel: Channel | None = None) -> list[Message]:
        """The public messages (no ephemeral ones) in ``channel`` (default: every channel), oldest first."""
        return [
            m
            for m in self.state.messages.values()
            if not m.deleted and m.visible_to is None and (channel is None or m.channel_id == channel.id)
        ]

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.state.interactions.values())

    @property
    def latencies(self) -> list[float]:
        """Seconds from each injected interaction to the bot's first request about it."""
        return [i.latency for i in self.state.interactions.values() if i.latency is not None]

    def requests_to(self, template: str, method: str | None = None) -> list[RecordedRequest]:
        """The recorded requests to an OpenAPI path template, e.g. ``/channels/{channel_id}/messages``."""
        return [r for r in self.requests if r.template == template and method in (None, r.method)]

    # -- events ----------------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Some client has identified and received READY and its GUILD_CREATEs."""
        return any(session.ready for session in self.gateways)

    async def wait_connected(self, timeout: float = 5.0) -> None:
        await self.wait_for(lambda: self.connected, timeout, "a client to identify on the gateway")

    async def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        guild_id: int | None = None,
        every_shard: bool = False,
        session: GatewaySession | None = None,
    ) -> None:
        """Send a gateway event to every identified client (with ``intent`` among its intents): a
        server's event only to the shard that owns the server, and one of direct messages (``guild_id``
        None) only to shard 0, as Discord does, unless ``every_shard`` (a fault: the same event to
        several processes); with ``session``, to that one alone (of two processes running the same
        shard, as during a deploy, Discord sends each event to one)."""
        for connected in list(self.gateways) if session is None else [session]:
            if not connected.ready or (intent is not None and not connected.intents & intent):
                continue
            if every_shard or session is not None or connected.owns(guild_id or 0):  # server 0: shard 0's
                await connected.dispatch(event, data)

    async def inject(
        self, interaction: Interaction, *, every_shard: bool = False, session: GatewaySession | None = None
    ) -> Interaction:
        """Dispatch INTERACTION_CREATE for ``interaction`` (see :class:`SimUser` for building one) to
        the shard of its server (``every_shard``: to every connected process at once; ``session``: to
        that gateway session alone)."""
        if not self.connected:
            raise RuntimeError("no bot is connected to the emulator's gateway")
        self.state.interactions[interaction.id] = interaction
        interaction.injected_at = time.perf_counter()
        guild = interaction.payload.get("guild_id")
        await self.dispatch(
            "INTERACTION_CREATE",
            interaction.payload,
            guild_id=None if guild is None else int(guild),
            every_shard=every_shard,
            session=session,
        )
        return interaction

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        what: str = "",
        on: Hashable | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy (re-checked after every request and gateway change, or
        with ``on``, after a change to it: see :meth:`State.wait_for`)."""
        return await self.state.wait_for(predicate, timeout, what, on)

    # -- faults ----------------------------------------------------------------------------------

    def fail(
        self,
        method: str,
        template: str,
        *,
        status: int = 503,
        times: int = 1,
        after: bool = False,
        message: str = "Service Unavailable",
    ) -> Fault:
        """Answer the next ``times`` requests to ``method template`` with a Discord error ``status``
        (503 by default: one discord.py does not retry). With ``after``, the request is carried out
        first (a message is made) and still answered with the error: the bot cannot tell."""
        fault = Fault(method, template, status, times, after, message)
        self.faults.append(fault)
        return fault

    def slow(self, method: str, template: str, seconds: float, *, times: int = 1) -> Fault:
        """Hold the next ``times`` requests to ``method template`` for ``seconds`` before carrying them
        out (they count as arrived at once, as for Discord's deadline): a slow answer from Discord."""
        fault = Fault(method, template, 0, times, False, "", delay=seconds)
        self.faults.append(fault)
        return fault

    def take_fault(self, record: RecordedRequest) -> Fault | None:
        for fault in self.faults:
            if fault.times > 0 and (fault.method, fault.template) == (record.method, record.template):
                fault.times -= 1
                fault.hits.append(record)
                return fault
        return None

    # -- the verdict -----------------------------------------------------------------------------

    def violation(self, problem: str, request: RecordedRequest | None = None) -> None:
        self.violations.append(Violation(problem, request))
        self.state.notify()

    def problems(self) -> list[str]:
        """Everything that should fail a test: violations, unemulated routes, unanswered interactions."""
        found = [str(v) for v in self.violations]
        found += [f"unhandled request (emulator answered 404): {r}" for r in self.unhandled]
        if self.require_acknowledgement:
            found += [
                f"{i.describe()} was never acknowledged (Discord shows 'The application did not respond')"
                for i in self.state.interactions.values()
                if not i.acknowledged
            ]
        return found

    def check(self) -> None:
        """Raise ``AssertionError`` listing :meth:`problems`, if there are any."""
        found = self.problems()
        if found:
            raise AssertionError("the Discord emulator found problems:\n  " + "\n  ".join(found))
