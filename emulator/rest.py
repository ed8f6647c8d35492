"""The REST side: Discord API v10 routes under ``/api/v10``, recorded and validated.

Every request is recorded (:class:`RecordedRequest`), matched to a path template of the OpenAPI
description and, if it has a body, validated against the operation's request schema. A body that does
not validate is a :class:`Violation` and, like on Discord, gets ``400 Invalid Form Body`` (code 50035).
A route the emulator does not implement answers Discord's ``404: Not Found`` and is listed in
``Emulator.unhandled``; a path that is not part of the Discord API at all is also a violation.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import BodyPartReader, web

from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRALS,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    GUILD_TEXT,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Channel,
    Interaction,
    Message,
)

if TYPE_CHECKING:
    from .server import Emulator

Files = dict[str, tuple[str | None, bytes]]
#: How long Discord remembers a message's nonce for ``enforce_nonce`` ("the past few minutes").
NONCE_SECONDS = 180.0
#: Which callback types Discord accepts for which interaction types.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


@dataclass(eq=False)
class RecordedRequest:
    """One REST request the bot made, with what the emulator answered."""

    method: str
    path: str  # relative to /api/v10, without the query
    query: dict[str, str]
    body: Any  # the JSON body, or a multipart request's payload_json; None without a body
    files: Files
    at: float  # time.perf_counter() on arrival
    template: str | None = None  # the OpenAPI path template, e.g. /channels/{channel_id}/messages
    params: dict[str, str] = field(default_factory=dict)
    status: int = 0
    response: Any = None

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass(eq=False)
class Violation:
    """Something the bot did that Discord would reject or that breaks the API contract."""

    problem: str
    request: RecordedRequest | None = None

    def __str__(self) -> str:
        if self.request is None:
            return self.problem
        body = json.dumps(self.request.body)
        body = body if len(body) <= 300 else body[:300] + "…"
        return f"{self.request.method} {self.request.path}: {self.problem}\n    body: {body}"


class DiscordHTTPError(Exception):
    """An error answered in Discord's format: ``{"message": ..., "code": ...}``."""

    def __init__(self, status: int, code: int, message: str, problems: list[str] | None = None) -> None:
        super().__init__(f"{status} {message} (code {code})")
        self.status, self.code, self.message, self.problems = status, code, message, problems or []

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.problems:
            data["errors"] = {"body": {"_errors": [{"code": "SCHEMA", "message": p} for p in self.problems]}}
        return data


def unknown(what: str, code: int) -> DiscordHTTPError:
    return DiscordHTTPError(404, code, f"Unknown {what}")


Handler = Callable[[RecordedRequest], Awaitable[Any]]


class RestAPI:
    """The implemented routes, keyed by (method, OpenAPI path template)."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.state = emulator.state
        commands = "/applications/{application_id}/commands"
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        webhook = "/webhooks/{webhook_id}/{webhook_token}"
        self.routes: dict[tuple[str, str], Handler] = {
            ("GET", "/gateway"): self.get_gateway,
            ("GET", "/gateway/bot"): self.get_gateway_bot,
            ("GET", "/users/@me"): self.get_me,
            ("GET", "/users/{user_id}"): self.get_user,
            ("POST", "/users/@me/channels"): self.create_dm,
            ("GET", "/oauth2/applications/@me"): self.get_application,
            ("GET", "/applications/@me"): self.get_application,
            ("GET", commands): self.get_commands,
            ("PUT", commands): self.put_commands,
            ("POST", commands): self.post_command,
            ("GET", commands + "/{command_id}"): self.get_command,
            ("PATCH", commands + "/{command_id}"): self.patch_command,
            ("DELETE", commands + "/{command_id}"): self.delete_command,
            ("GET", guild_commands): self.get_commands,
            ("PUT", guild_commands): self.put_commands,
            ("POST", guild_commands): self.post_command,
            ("GET", guild_commands + "/{command_id}"): self.get_command,
            ("PATCH", guild_commands + "/{command_id}"): self.patch_command,
            ("DELETE", guild_commands + "/{command_id}"): self.delete_command,
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): self.callback,
            ("POST", webhook): self.followup,
            ("GET", webhook + "/messages/@original"): self.get_webhook_message,
            ("PATCH", webhook + "/messages/@original"): self.edit_webhook_message,
            ("DELETE", webhook + "/messages/@original"): self.delete_webhook_message,
            ("GET", webhook + "/messages/{message_id}"): self.get_webhook_message,
            ("PATCH", webhook + "/messages/{message_id}"): self.edit_webhook_message,
            ("DELETE", webhook + "/messages/{message_id}"): self.delete_webhook_message,
            ("GET", "/channels/{channel_id}"): self.get_channel,
            ("PATCH", "/channels/{channel_id}"): self.modify_thread,
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): self.start_thread,
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}"): self.add_thread_member,
            ("GET", "/channels/{channel_id}/messages"): self.list_messages,
            ("POST", "/channels/{channel_id}/messages"): self.create_message,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self.get_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self.edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self.delete_message,
            ("POST", "/channels/{channel_id}/typing"): self.typing,
            ("GET", "/guilds/{guild_id}"): self.get_guild,
            ("GET", "/guilds/{guild_id}/channels"): self.get_guild_channels,
            ("GET", "/guilds/{guild_id}/members/{user_id}"): self.get_member,
        }

    # -- recording, validation and dispatch ---------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The catch-all aiohttp handler for ``/api/v10/...``."""
        emulator = self.emulator
        at = time.perf_counter()
        path = "/" + request.match_info["tail"]
        record = RecordedRequest(request.method, path, dict(request.query), None, {}, at)
        interaction: Interaction | None = None  # the one this request is about, if any
        emulator.requests.append(record)
        problems: list[str] = []
        try:
            record.body, record.files, has_body = await self._read_body(request)
        except ValueError as error:
            problems.append(f"request body is not valid JSON: {error}")
            has_body = True
        match = emulator.spec.match(record.path)
        if match is not None:
            record.template, record.params = match.template, match.params
            interaction = self._note_interaction(record)
            if not problems:
                body = record.body if record.body is not None else {}
                problems = emulator.spec.validate_request(
                    record.method, match.template, body, has_body=has_body
                )
        for problem in problems:
            emulator.violation(problem, record)
        try:
            handler = self.routes.get((record.method, record.template or ""))
            if match is None or handler is None:
                if match is None:
                    emulator.violation(
                        f"{record.method} {record.path} is not a route of the Discord API", record
                    )
                emulator.unhandled.append(record)
                raise DiscordHTTPError(404, 0, "404: Not Found")
            if problems and emulator.reject_invalid:
                raise DiscordHTTPError(400, 50035, "Invalid Form Body", problems)
            fault = emulator.take_fault(record)
            if fault is not None and fault.delay:
                await asyncio.sleep(fault.delay)
            if fault is not None and fault.status and not fault.after:
                raise DiscordHTTPError(fault.status, 0, fault.message)
            result = await handler(record)
            record.status, record.response = (204, None) if result is None else (200, result)
            if (
                fault is not None and fault.status
            ):  # done, and yet answered with an error: the bot cannot tell
                raise DiscordHTTPError(fault.status, 0, fault.message)
        except DiscordHTTPError as error:
            record.status, record.response = error.status, error.payload()
        except Exception as error:  # a body the emulator cannot make sense of, or an emulator bug
            emulator.violation(f"the emulator failed on this request: {error!r}", record)
            # Not a 5xx: discord.py would retry those, with back-off, for seconds.
            record.status, record.response = 400, {"message": f"emulator error: {error!r}", "code": 0}
        for hook in list(emulator.hooks):
            hook(record)
        # Only the request's interaction changed (and what waits on anything): see State.notify_about.
        emulator.state.notify_about(*(() if interaction is None else (interaction,)))
        if record.response is None:
            return web.Response(status=record.status)
        # Exactly "application/json", no charset: discord.py only decodes JSON with that content type.
        encoded = orjson.dumps(record.response, option=orjson.OPT_NON_STR_KEYS)
        return web.Response(body=encoded, status=record.status, headers={"Content-Type": "application/json"})

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, Files, bool]:
        """The JSON body (or multipart ``payload_json``), the uploaded files, and whether there was a body."""
        if request.content_type.startswith("multipart/"):
            body: Any = None
            files: Files = {}
            async for part in await request.multipart():
                if not isinstance(part, BodyPartReader):
                    continue
                content = bytes(await part.read())
                if part.name == "payload_json":
                    body = orjson.loads(content)
                else:
                    files[part.name or ""] = (part.filename, content)
            return body, files, True
        raw = await request.read()
        return (orjson.loads(raw), {}, True) if raw else (None, {}, False)

    def _note_interaction(self, record: RecordedRequest) -> Interaction | None:
        """The interaction a request is about, if any; the bot's first request about it timestamped
        (for ``Interaction.latency``)."""
        interaction_id = record.params.get("interaction_id", "")
        token = record.params.get("interaction_token") or record.params.get("webhook_token")
        interaction = self.state.interactions.get(int(interaction_id)) if interaction_id.isdigit() else None
        if interaction is None and token:
            interaction = self.state.find_interaction(token)
        if interaction is None:
            return None
        if interaction.first_request_at is None:
            interaction.first_request_at = record.at
        body = record.body if isinstance(record.body, dict) else {}
        deferral = (record.template or "").endswith("/callback") and body.get("type") in DEFERRALS
        if interaction.answered_at is None and not deferral:
            interaction.answered_at = record.at
        return interaction

    # -- helpers -----------------------------------------------------------------------------------------

    def _channel(self, record: RecordedRequest) -> Channel:
        channel = self.state.channels.get(_int(record.params["channel_id"]))
        if channel is None:
            raise unknown("Channel", 10003)
        guild = self.state.guilds.get(channel.guild_id or 0)
        if guild is not None and not guild.with_bot:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return channel

    def _check_application(self, record: RecordedRequest) -> int | None:
        if _int(record.params["application_id"]) != self.state.application_id:
            raise unknown("Application", 10002)
        guild_id = record.params.get("guild_id")
        if guild_id is not None and _int(guild_id) not in self.state.guilds:
            raise unknown("Guild", 10004)
        return None if guild_id is None else _int(guild_id)

    def _interaction(self, record: RecordedRequest) -> Interaction:
        """The interaction whose token a webhook route uses (its webhook id is the application id)."""
        interaction = self.state.find_interaction(record.params["webhook_token"])
        if interaction is None or _int(record.params["webhook_id"]) != self.state.application_id:
            raise unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, record: RecordedRequest, interaction: Interaction) -> Message:
        message_id = record.params.get("message_id")
        if message_id is None:
            if interaction.original is None:
                raise unknown("Webhook", 10015)
            message = interaction.original
        else:
            owned = [interaction.original, *interaction.followups]
            found = next((m for m in owned if m is not None and str(m.id) == message_id), None)
            if found is None:
                raise unknown("Message", 10008)
            message = found
        if message.deleted:
            raise unknown("Message", 10008)
        return message

    async def _create(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: Files,
        interaction: Interaction | None = None,
        visible_to: int | None = None,
    ) -> Message:
        message = self.state.create_message(
            channel,
            body,
            files=files,
            interaction=interaction,
            visible_to=visible_to,
            base_url=self.emulator.url,
        )
        await self._dispatch_message("MESSAGE_CREATE", message)
        return message

    async def _edit(self, message: Message, body: dict[str, Any], files: Files) -> Message:
        self.state.edit_message(message, body, files=files, base_url=self.emulator.url)
        await self._dispatch_message("MESSAGE_UPDATE", message)
        return message

    async def _delete(self, message: Message) -> None:
        message.deleted = True
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if "guild_id" in message.data:
            data["guild_id"] = message.data["guild_id"]
        await self._dispatch_message("MESSAGE_DELETE", message, data)

    async def _dispatch_message(
        self, event: str, message: Message, data: dict[str, Any] | None = None
    ) -> None:
        """Tell the bot about its public message over the gateway, as Discord does (intents permitting)."""
        if message.ephemeral:
            return
        guild = message.data.get("guild_id")
        intent = DIRECT_MESSAGES if guild is None else GUILD_MESSAGES
        await self.emulator.dispatch(
            event, data or message.data, intent=intent, guild_id=None if guild is None else int(guild)
        )

    # -- gateway, users, application -------------------------------------------------------------

    async def get_gateway(self, record: RecordedRequest) -> Any:
        return {"url": self.emulator.gateway_url}

    async def get_gateway_bot(self, record: RecordedRequest) -> Any:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.emulator.gateway_url, "shards": 1, "session_start_limit": limit}

    async def get_me(self, record: RecordedRequest) -> Any:
        return {**self.state.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    async def get_user(self, record: RecordedRequest) -> Any:
        user = self.state.users.get(_int(record.params["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return user.payload()

    async def create_dm(self, record: RecordedRequest) -> Any:
        user = self.state.users.get(_int((record.body or {}).get("recipient_id")))
        if user is None:
            raise unknown("User", 10013)
        return self.state.dm_channel(user).payload()

    async def get_application(self, record: RecordedRequest) -> Any:
        bot = self.state.bot
        return {
            "id": str(self.state.application_id),
            "name": bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot": bot.payload(),
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": bot.payload(),
            "team": None,
            "tags": [],
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.state.guilds),
        }

    # -- application commands ------------------------------------------------------------------

    def _commands(self, guild_id: int | None) -> list[dict[str, Any]]:
        wanted = None if guild_id is None else str(guild_id)
        return [c for c in self.state.commands.values() if c.get("guild_id") == wanted]

    def _command(self, record: RecordedRequest) -> dict[str, Any]:
        guild_id = self._check_application(record)
        command = self.state.commands.get(_int(record.params["command_id"]))
        if command is None or command.get("guild_id") != (None if guild_id is None else str(guild_id)):
            raise unknown("application command", 10063)
        return command

    async def get_commands(self, record: RecordedRequest) -> Any:
        return self._commands(self._check_application(record))

    async def put_commands(self, record: RecordedRequest) -> Any:
        guild_id = self._check_application(record)
        return self.state.overwrite_commands(guild_id, list(record.body or []))

    async def post_command(self, record: RecordedRequest) -> Any:
        return self.state.upsert_command(self._check_application(record), dict(record.body or {}))

    async def get_command(self, record: RecordedRequest) -> Any:
        return self._command(record)

    async def patch_command(self, record: RecordedRequest) -> Any:
        command = self._command(record)
        command.update(record.body or {})
        return command

    async def delete_command(self, record: RecordedRequest) -> Any:
        del self.state.commands[int(self._command(record)["id"])]
        return None

    # -- interactions --------------------------------------------------------------------------

    async def callback(self, record: RecordedRequest) -> Any:
        interaction = self.state.interactions.get(_int(record.params["interaction_id"]))
        if interaction is None or interaction.token != record.params["interaction_token"]:
            raise unknown("interaction", 10062)
        if interaction.acknowledged:
            self.emulator.violation(f"{interaction.describe()} was acknowledged twice", record)
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        body: dict[str, Any] = record.body or {}
        kind = int(body.get("type", 0))
        if kind not in ALLOWED_CALLBACKS.get(interaction.type, set()):
            problem = f"callback type {kind} is not allowed for interaction type {interaction.type}"
            self.emulator.violation(problem, record)
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", [problem])
        deadline = self.emulator.interaction_deadline
        elapsed = record.at - interaction.injected_at
        if deadline is not None and elapsed > deadline:
            self.emulator.violation(f"{interaction.describe()} acknowledged after {elapsed:.2f} s", record)
            raise unknown("interaction", 10062)
        interaction.callbacks.append(body)
        interaction.acknowledged_at = record.at
        data: dict[str, Any] = body.get("data") or {}
        channel = self.state.channels[interaction.channel_id]
        private = interaction.user.id if int(data.get("flags") or 0) & EPHEMERAL else None
        if kind == CHANNEL_MESSAGE:
            interaction.original = await self._create(channel, data, record.files, interaction, private)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            message = self.state.create_message(
                channel, {}, interaction=interaction, visible_to=private, base_url=self.emulator.url
            )
            message.data["flags"] = LOADING | (EPHEMERAL if private else 0)
            await self._dispatch_message("MESSAGE_CREATE", message)
            interaction.original = message
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            interaction.original = interaction.source
            if kind == UPDATE_MESSAGE and interaction.source is not None:
                await self._edit(interaction.source, data, record.files)
        elif kind == AUTOCOMPLETE_RESULT:
            interaction.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            interaction.modal = data
        if record.query.get("with_response", "").lower() not in ("1", "true"):
            return None
        created = interaction.original
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        response: dict[str, Any] = {"interaction": summary}
        if created is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            summary["response_message_id"] = str(created.id)
            summary["response_message_loading"] = created.loading
            summary["response_message_ephemeral"] = created.ephemeral
            response["resource"] = {"type": kind, "message": created.data}
        else:
            response["resource"] = {"type": kind}
        return response

    async def followup(self, record: RecordedRequest) -> Any:
        interaction = self._interaction(record)
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        body: dict[str, Any] = record.body or {}
        original = interaction.original
        if (
            interaction.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # Discord: the first followup after a deferred response fills in the "thinking" message,
            # keeping the ephemerality chosen when deferring.
            message = await self._edit(original, body, record.files)
        else:
            private = interaction.user.id if int(body.get("flags") or 0) & EPHEMERAL else None
            channel = self.state.channels[interaction.channel_id]
            message = await self._create(channel, body, record.files, interaction, private)
        interaction.followups.append(message)
        return message.data

    async def get_webhook_message(self, record: RecordedRequest) -> Any:
        interaction = self._interaction(record)
        return self._webhook_message(record, interaction).data

    async def edit_webhook_message(self, record: RecordedRequest) -> Any:
        interaction = self._interaction(record)
        message = self._webhook_message(record, interaction)
        return (await self._edit(message, record.body or {}, record.files)).data

    async def delete_webhook_message(self, record: RecordedRequest) -> Any:
        interaction = self._interaction(record)
        await self._delete(self._webhook_message(record, interaction))
        return None

    # -- channels, messages, guilds ------------------------------------------------------------

    def _channel_message(self, record: RecordedRequest) -> Message:
        channel = self._channel(record)
        message = self.state.messages.get(_int(record.params["message_id"]))
        if message is None or message.deleted or message.ephemeral or message.channel_id != channel.id:
            raise unknown("Message", 10008)
        return message

    async def get_channel(self, record: RecordedRequest) -> Any:
        return self._channel(record).payload()

    async def list_messages(self, record: RecordedRequest) -> Any:
        channel = self._channel(record)
        limit = int(record.query.get("limit", "50"))
        public = [m for m in self.state.messages.values() if m.channel_id == channel.id]
        visible = [m for m in public if not m.deleted and not m.ephemeral]
        return [m.data for m in reversed(visible)][:limit]

    async def create_message(self, record: RecordedRequest) -> Any:
        channel, body = self._channel(record), record.body or {}
        if channel.recipient is not None and not channel.recipient.accepts_dms:
            raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        if channel.is_thread:
            await self._open_for_posting(channel)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: with enforce_nonce, a nonce used in the past few minutes returns that message.
            earlier = self.state.nonces.get((channel.id, str(nonce)))
            if earlier is not None and time.monotonic() - earlier[1] < NONCE_SECONDS:
                return earlier[0].data
        message = await self._create(channel, body, record.files)
        if nonce is not None and body.get("enforce_nonce"):
            self.state.nonces[(channel.id, str(nonce))] = (message, time.monotonic())
        return message.data

    async def get_message(self, record: RecordedRequest) -> Any:
        return self._channel_message(record).data

    async def edit_message(self, record: RecordedRequest) -> Any:
        channel = self._channel(record)
        if channel.is_thread and channel.archived:  # Discord: an archived thread is read-only
            raise DiscordHTTPError(400, 50083, "Thread is archived")
        return (await self._edit(self._channel_message(record), record.body or {}, record.files)).data

    async def delete_message(self, record: RecordedRequest) -> Any:
        await self._delete(self._channel_message(record))
        return None

    # -- threads: started from a message, joined, archived and reopened ---------------------------

    def _thread(self, record: RecordedRequest) -> Channel:
        channel = self._channel(record)
        if not channel.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _need(self, channel: Channel, permission: str) -> None:
        """The bot has ``permission`` here (a thread has its parent channel's)."""
        parent = self.state.channels.get(channel.parent_id or 0)
        if permission in channel.denied or (parent is not None and permission in parent.denied):
            raise DiscordHTTPError(403, 50013, "Missing Permissions")

    async def start_thread(self, record: RecordedRequest) -> Any:
        parent, message = self._channel(record), self._channel_message(record)
        if parent.type != GUILD_TEXT:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        self._need(parent, "CREATE_PUBLIC_THREADS")
        if message.id in self.state.channels:
            raise DiscordHTTPError(400, 160004, "A thread has already been created for this message")
        body = record.body or {}
        thread = self.state.start_thread(
            parent, message, str(body["name"]), int(body.get("auto_archive_duration", 1440))
        )
        await self._dispatch_thread("THREAD_CREATE", thread, newly_created=True)
        await self._dispatch_message("MESSAGE_UPDATE", message)
        return thread.payload()

    async def add_thread_member(self, record: RecordedRequest) -> Any:
        thread = self._thread(record)
        if thread.archived:
            raise DiscordHTTPError(400, 50083, "Thread is archived")
        user = self.state.users.get(_int(record.params["user_id"]))
        guild = self.state.guilds[thread.guild_id or 0]
        if user is None or user.id not in guild.members:
            raise unknown("Member", 10007)
        thread.members.add(user.id)
        return None

    async def modify_thread(self, record: RecordedRequest) -> Any:
        """Only threads are modified here (their name, archived and locked); a channel is refused."""
        thread, body = self._thread(record), record.body or {}
        thread.name = str(body.get("name", thread.name))
        thread.archived = bool(body.get("archived", thread.archived))
        thread.locked = bool(body.get("locked", thread.locked))
        await self._dispatch_thread("THREAD_UPDATE", thread)
        return thread.payload()

    async def _open_for_posting(self, thread: Channel) -> None:
        """The bot may post in threads here; posting in an archived thread unarchives it, unless it is
        locked (as Discord does)."""
        self._need(thread, "SEND_MESSAGES_IN_THREADS")
        if thread.archived:
            if thread.locked:
                raise DiscordHTTPError(400, 50083, "Thread is archived")
            thread.archived = False
            await self._dispatch_thread("THREAD_UPDATE", thread)

    async def _dispatch_thread(self, event: str, thread: Channel, *, newly_created: bool = False) -> None:
        data = thread.payload()
        if newly_created:
            data["newly_created"] = True
        await self.emulator.dispatch(event, data, intent=GUILDS, guild_id=thread.guild_id)

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        """The content of an uploaded file, at the ``url`` of its attachment."""
        for message in self.state.messages.values():
            for attachment in message.data.get("attachments") or []:
                if attachment["id"] == request.match_info["attachment_id"]:
                    return web.Response(body=message.files.get(attachment["filename"], b""))
        raise web.HTTPNotFound()

    async def typing(self, record: RecordedRequest) -> Any:
        self._channel(record)
        return None

    def _guild(self, record: RecordedRequest) -> Any:
        guild = self.state.guilds.get(_int(record.params["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        if not guild.with_bot:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return guild

    async def get_guild(self, record: RecordedRequest) -> Any:
        return self._guild(record).payload()

    async def get_guild_channels(self, record: RecordedRequest) -> Any:
        return [channel.payload() for channel in self._guild(record).channels]

    async def get_member(self, record: RecordedRequest) -> Any:
        member = self._guild(record).members.get(_int(record.params["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return member.payload()


def _int(value: Any) -> int:
    """A snowflake from a path segment or body field; 0 (never an id) if it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
