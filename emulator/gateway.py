"""The Gateway side: one websocket session per connected client (``/?v=10&encoding=json``).

HELLO → IDENTIFY → READY (guilds unavailable) → one GUILD_CREATE per guild, then dispatches with sequence
numbers. HEARTBEAT is answered with HEARTBEAT_ACK, RESUME with RESUMED (events missed while
disconnected are not replayed), REQUEST_GUILD_MEMBERS with a single GUILD_MEMBERS_CHUNK. With
``compress=zlib-stream`` in the query (discord.py asks for it unless zstandard is installed) every payload
goes out as binary frames of one shared zlib stream, each ending in a ``Z_SYNC_FLUSH``; any other
transport compression falls back to plain text frames, which discord.py also accepts.
"""

from __future__ import annotations

import asyncio
import secrets
import zlib
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import Emulator

#: Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-opcodes).
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11
#: Long enough that discord.py's heartbeat thread stays quiet during a test.
HEARTBEAT_INTERVAL_MS = 41_250
#: Intents (https://discord.com/developers/docs/events/gateway#gateway-intents) the emulator looks at.
GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 1, 1 << 9, 1 << 12


class GatewaySession:
    """One client's websocket: handshake, heartbeats and numbered dispatches."""

    def __init__(self, emulator: Emulator, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.emulator = emulator
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._lock = asyncio.Lock()
        self.sequence = 0
        self.session_id = secrets.token_hex(16)
        self.identify: dict[str, Any] | None = None
        #: Every payload the client sent (IDENTIFY, heartbeats, presence updates...), in order.
        self.received: list[dict[str, Any]] = []
        #: Every payload sent to the client, in order (after HELLO: the dispatches).
        self.sent: list[dict[str, Any]] = []

    @property
    def intents(self) -> int:
        return int((self.identify or {}).get("intents") or 0)

    @property
    def ready(self) -> bool:
        """READY and every GUILD_CREATE have been sent."""
        return self.identify is not None

    @staticmethod
    def _owns(shard: Any, guild_id: int) -> bool:
        if not isinstance(shard, list) or len(shard) != 2 or int(shard[1]) <= 1:
            return True
        return (guild_id >> 22) % int(shard[1]) == int(shard[0])

    def owns(self, guild_id: int) -> bool:
        """Discord sends a server's events to one shard: ``(server id >> 22) % shard count``."""
        return self._owns((self.identify or {}).get("shard"), guild_id)

    async def serve(self) -> None:
        await self.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        async for message in self.ws:
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                payload = orjson.loads(message.data)
            except ValueError:
                self.emulator.violation(f"gateway: a frame that is not JSON: {message.data[:200]!r}")
                await self.ws.close(code=4002, message=b"Decode error")
                return
            self.received.append(payload)
            await self.handle(payload)

    async def handle(self, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await self.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(data or {})
        elif op == RESUME:
            await self._resume(data or {})
        elif op == REQUEST_GUILD_MEMBERS:
            await self._members_chunk(data or {})
        elif op not in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            self.emulator.violation(f"gateway: unknown opcode {op} in {payload!r}")
            await self.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self, data: dict[str, Any]) -> None:
        if self.identify is not None:
            await self.ws.close(code=4005, message=b"Already authenticated")
            return
        if not data.get("token"):
            await self.ws.close(code=4004, message=b"Authentication failed")
            return
        state = self.emulator.state
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**state.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [
                {"id": str(guild.id), "unavailable": True}
                for guild in state.guilds.values()
                if guild.with_bot and self._owns(data.get("shard"), guild.id)
            ],
            "session_id": self.session_id,
            "resume_gateway_url": self.emulator.gateway_url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "session_type": "normal",
            "auth": {},
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
        }
        if data.get("shard") is not None:
            ready["shard"] = data["shard"]
        await self.dispatch("READY", ready)
        for guild in state.guilds.values():
            if guild.with_bot and self._owns(data.get("shard"), guild.id):
                await self.dispatch("GUILD_CREATE", guild.payload())
        self.identify = data
        self.emulator.sessions[self.session_id] = self
        state.notify()

    async def _resume(self, data: dict[str, Any]) -> None:
        previous = self.emulator.sessions.get(str(data.get("session_id")))
        if previous is None:
            await self.send({"op": INVALID_SESSION, "d": False})
            return
        self.session_id, self.identify, self.sequence = (
            previous.session_id,
            previous.identify,
            previous.sequence,
        )
        self.emulator.sessions[self.session_id] = self
        await self.dispatch("RESUMED", {})
        self.emulator.state.notify()

    async def _members_chunk(self, data: dict[str, Any]) -> None:
        guild = self.emulator.state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [member.payload() for member in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH (op 0) with the next sequence number."""
        async with self._lock:
            self.sequence += 1
            await self._send_unlocked({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})

    async def send(self, payload: dict[str, Any]) -> None:
        async with self._lock:
            await self._send_unlocked(payload)

    async def _send_unlocked(self, payload: dict[str, Any]) -> None:
        if self.ws.closed:
            return
        self.sent.append(payload)
        encoded = orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS)  # as discord.py reads it, and light
        if self._zlib is None:
            await self.ws.send_str(encoded.decode())
        else:
            await self.ws.send_bytes(self._zlib.compress(encoded) + self._zlib.flush(zlib.Z_SYNC_FLUSH))


async def gateway_handler(emulator: Emulator, request: web.Request) -> web.WebSocketResponse:
    """The aiohttp handler for the gateway URL."""
    ws = web.WebSocketResponse(autoping=True)
    await ws.prepare(request)
    if request.query.get("v", "10") != "10" or request.query.get("encoding", "json") != "json":
        emulator.violation(f"gateway: unsupported query {dict(request.query)} (only v=10, encoding=json)")
        await ws.close(code=4012, message=b"Invalid API version")
        return ws
    session = GatewaySession(emulator, ws, request.query.get("compress"))
    emulator.gateways.append(session)
    try:
        await session.serve()
    finally:
        emulator.gateways.remove(session)
        emulator.state.notify()
    return ws
