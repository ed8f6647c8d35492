"""What the emulated Discord knows: users, guilds, channels, messages, commands and interactions.

Everything is plain data that tests can inspect. Messages keep the Discord JSON object the bot would get
back (``Message.data``) plus who may see them (``visible_to``: ``None`` for a public channel message,
a user id for an ephemeral response or a DM), so a test can tell public from ephemeral output.
"""

from __future__ import annotations

import asyncio
import datetime
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
#: A waiter of :meth:`State.wait_for`: its condition, and the future it waits on.
Waiter = tuple[Callable[[], Any], "asyncio.Future[Any]"]

DISCORD_EPOCH_MS = 1_420_070_400_000
#: Message flags (https://discord.com/developers/docs/resources/message#message-object-message-flags).
EPHEMERAL = 1 << 6
LOADING = 1 << 7
#: A permission integer with every bit up to 50 set: everyone may do everything in emulated guilds.
ALL_PERMISSIONS = (1 << 51) - 1
#: What a user installation may do in a server without the bot: answer (send messages, embed links,
#: attach files, use external emojis), nothing more.
ANSWER_ONLY = (1 << 11) | (1 << 14) | (1 << 15) | (1 << 18)
#: The permissions a channel may deny the bot (``Channel.denied``), by name, and their bits.
PERMISSION_BITS = {"CREATE_PUBLIC_THREADS": 1 << 35, "SEND_MESSAGES_IN_THREADS": 1 << 38}
#: Interaction types and callback types used throughout.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
DEFERRALS = (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)
#: Components a user can interact with (buttons, selects, text inputs), and the select menus among them.
INTERACTIVE_TYPES = {2, 3, 4, 5, 6, 7, 8}
SELECT_TYPES = {3, 5, 6, 7, 8}


def _still_waiting(waiters: list[Waiter]) -> list[Waiter]:
    """Wakes the waiters whose condition now holds (or raised, raised where they wait) and returns the
    others."""
    left: list[Waiter] = []
    for waiter in waiters:
        predicate, future = waiter
        if future.done():  # timed out
            continue
        try:
            result = predicate()
        except Exception as error:  # the waiter's, raised where it waits
            future.set_exception(error)
            continue
        if result:
            future.set_result(result)
        else:
            left.append(waiter)
    return left


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class Snowflakes:
    """Strictly increasing Discord snowflakes with real timestamps (so ``created_at`` works)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        self._last = max((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22, self._last + 1)
        return self._last


@dataclass(eq=False)
class User:
    id: int
    username: str
    bot: bool = False
    accepts_dms: bool = True  # False: the bot's direct messages are refused (50007), as by privacy settings

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": None if self.bot else self.username.capitalize(),
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = ALL_PERMISSIONS
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


GUILD_TEXT, DM, PUBLIC_THREAD = 0, 1, 11


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    guild_id: int | None = None
    type: int = GUILD_TEXT  # GUILD_TEXT, DM or PUBLIC_THREAD
    recipient: User | None = None
    position: int = 0
    #: Permissions the bot lacks here ("CREATE_PUBLIC_THREADS", "SEND_MESSAGES_IN_THREADS"): the only
    #: permissions the emulator enforces, on the routes that need them (50013 Missing Permissions).
    denied: set[str] = field(default_factory=set)
    # A thread's own: the channel it was started in, its state, its members' ids, its messages so far.
    parent_id: int | None = None
    owner_id: int = 0
    archived: bool = False
    locked: bool = False
    members: set[int] = field(default_factory=set)
    message_count: int = 0
    auto_archive_duration: int = 1440  # minutes without activity until Discord archives it
    created: str = field(default_factory=now_iso)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    def bot_permissions(self, parent: Channel | None = None) -> int:
        """The bot's permissions here (a thread's are its parent channel's, as on Discord)."""
        denied = self.denied | (parent.denied if parent is not None else set())
        return ALL_PERMISSIONS & ~sum(PERMISSION_BITS[name] for name in denied)

    def payload(self) -> dict[str, Any]:
        if self.type == DM and self.recipient is not None:
            return {
                "id": str(self.id),
                "type": DM,
                "recipients": [self.recipient.payload()],
                "last_message_id": None,
            }
        if self.is_thread:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": self.message_count,
                "member_count": len(self.members),
                "total_message_sent": self.message_count,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created,
                    "locked": self.locked,
                    "create_timestamp": self.created,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": None,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(role) for role in self.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    threads: list[Channel] = field(default_factory=list)
    with_bot: bool = True  # False: the bot is not a member (reached only through a user installation)
    preferred_locale: str = "en-US"  # the server's language (Discord's Community setting)

    def payload(self) -> dict[str, Any]:
        """The GUILD_CREATE payload (the guild with its channels, roles and members)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [member.payload() for member in self.members.values()],
            "channels": [channel.payload() for channel in self.channels],
            "threads": [thread.payload() for thread in self.threads if not thread.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: action rows, containers, sections (and their accessory), labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk_components([component[key]])


@dataclass(eq=False)
class Message:
    """A message as Discord stores it (``data``), with who can see it and its earlier versions."""

    data: dict[str, Any]
    visible_to: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "<bot> is thinking…"."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return bool(self.history)

    def interactive(self) -> list[dict[str, Any]]:
        """The buttons, selects and text inputs of the message, in display order."""
        return [c for c in walk_components(self.components) if c.get("type") in INTERACTIVE_TYPES]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.interactive() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.interactive() if c.get("custom_id") == custom_id), None)

    @property
    def text(self) -> str:
        """Everything a person reads: content, embed texts, text displays and component labels."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for embed_field in embed.get("fields") or []:
                parts += [embed_field.get("name", ""), embed_field.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        for component in walk_components(self.components):
            parts += [component.get("content") or "", component.get("label") or ""]
            parts += [option.get("label", "") for option in component.get("options") or []]
        return "\n".join(part for part in parts if part)

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        return f"<Message {self.id} {kind} {self.content[:40]!r} custom_ids={self.custom_ids}>"


@dataclass(eq=False)
class Interaction:
    """One interaction a simulated user made, and everything the bot did in answer to it."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    state: State = field(repr=False)
    source: Message | None = None
    injected_at: float = 0.0
    first_request_at: float | None = None
    answered_at: float | None = None  # the first request about it that is not a deferral
    acknowledged_at: float | None = None
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def response_type(self) -> int | None:
        return int(self.callbacks[0]["type"]) if self.callbacks else None

    @property
    def latency(self) -> float | None:
        """Seconds from the INTERACTION_CREATE dispatch to the bot's first request about it."""
        return None if self.first_request_at is None else self.first_request_at - self.injected_at

    @property
    def deferred(self) -> bool:
        """The bot acknowledged it with a deferral ("thinking…", or an edit to come)."""
        return self.response_type in DEFERRALS

    @property
    def answer_latency(self) -> float | None:
        """Seconds from the dispatch to the bot's answer: its first request about it that is not a
        deferral (``latency`` unless deferred)."""
        return None if self.answered_at is None else self.answered_at - self.injected_at

    @property
    def message(self) -> Message | None:
        """The response message: the one created, or the component message updated or deferred."""
        return self.original

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    async def wait_response(self, timeout: float = 5.0) -> Interaction:
        """Wait for the interaction callback (the bot's acknowledgement)."""
        await self.state.wait_for(
            lambda: self.acknowledged, timeout, f"a response to {self.describe()}", on=self
        )
        return self

    async def wait_resolved(self, timeout: float = 5.0) -> Message:
        """Wait for a response message that is no longer loading (a deferred response filled in)."""

        def resolved() -> Message | None:
            original = self.original
            return original if original is not None and not original.loading else None

        return await self.state.wait_for(
            resolved, timeout, f"a resolved response to {self.describe()}", on=self
        )

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        """Wait until the bot has sent at least ``count`` followup messages."""
        what = f"{count} followup(s) to {self.describe()}"
        await self.state.wait_for(lambda: len(self.followups) >= count, timeout, what, on=self)
        return list(self.followups)

    def describe(self) -> str:
        data = self.payload.get("data") or {}
        name = data.get("name") or data.get("custom_id") or "?"
        return f"interaction {self.id} (type {self.type}, {name!r}) by {self.user.username}"


class State:
    """The emulated Discord's data, with a change notification that tests can wait on."""

    def __init__(self, *, bot_name: str = "EmulatedBot") -> None:
        self.snowflakes = Snowflakes()
        self.application_id = self.snowflakes.next()
        self.bot = User(self.application_id, bot_name, bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.commands: dict[int, dict[str, Any]] = {}
        self.interactions: dict[int, Interaction] = {}
        #: (channel, nonce) -> the message created with it and when (for ``enforce_nonce``).
        self.nonces: dict[tuple[int, str], tuple[Message, float]] = {}
        # The waiters of wait_for: on any change, and on a change to one thing (an interaction...).
        self._waiters: list[Waiter] = []
        self._waiters_on: dict[Hashable, list[Waiter]] = {}

    # -- waiting -------------------------------------------------------------------------------------

    def notify(self) -> None:
        """Wake the waiters of :meth:`wait_for` whose condition now holds (called after every change
        whose reach is not known). The conditions are checked here, so a waiter wakes only when it is
        done: hundreds wait at once under the load benchmark, and waking them all at every change was
        most of its driver's work."""
        self._waiters = _still_waiting(self._waiters)
        for key in list(self._waiters_on):
            self._check(key)

    def notify_about(self, *changed: Hashable) -> None:
        """Like :meth:`notify`, after a change to ``changed`` only (an interaction the bot answered): the
        waiters on anything, and those on one of ``changed``. A waiter on something else is not checked,
        so under a backlog each request of the bot checks a few conditions rather than every one."""
        self._waiters = _still_waiting(self._waiters)
        for key in changed:
            self._check(key)

    def _check(self, key: Hashable) -> None:
        waiters = self._waiters_on.pop(key, None)
        if waiters is not None and (left := _still_waiting(waiters)):
            self._waiters_on[key] = left

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        what: str = "",
        on: Hashable | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy and return it; ``TimeoutError`` after ``timeout`` s.
        ``on``: the one thing the condition depends on (an interaction), announced by
        :meth:`notify_about` when it changes; ``None``, anything (checked at every change)."""
        result = predicate()
        if result:
            return result
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        waiter: Waiter = (predicate, future)
        waiters = self._waiters if on is None else self._waiters_on.setdefault(on, [])
        waiters.append(waiter)
        try:
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what or predicate}") from None
        finally:
            future.cancel()  # a no-op once done; else the next check drops it
            left = self._waiters_on.get(on) if on is not None else None
            if left is not None and waiter in left:
                left.remove(waiter)  # timed out: nothing may ever announce a change to ``on`` again
                if not left:
                    del self._waiters_on[on]

    # -- world building --------------------------------------------------------------------------------

    def add_guild(
        self, name: str, channel_names: tuple[str, ...] = ("general",), *, with_bot: bool = True
    ) -> Guild:
        """A server with these channels; ``with_bot=False``: one the bot is not in (its gateway never
        hears of it, its REST gets 50001 Missing Access there), where only a user installation reaches."""
        guild = Guild(self.snowflakes.next(), name, owner_id=self.bot.id, with_bot=with_bot)
        guild.roles.append(Role(guild.id, "@everyone"))
        if with_bot:
            guild.members[self.bot.id] = Member(self.bot)
        for position, channel_name in enumerate(channel_names):
            self.add_channel(guild, channel_name, position=position)
        for user in self.users.values():
            guild.members.setdefault(user.id, Member(user))
        self.guilds[guild.id] = guild
        return guild

    def add_channel(self, guild: Guild, name: str, *, position: int = 0) -> Channel:
        channel = Channel(self.snowflakes.next(), name, guild_id=guild.id, position=position)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_user(self, username: str) -> User:
        user = User(self.snowflakes.next(), username)
        self.users[user.id] = user
        for guild in self.guilds.values():
            guild.members[user.id] = Member(user)
        return user

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        channel = Channel(self.snowflakes.next(), "", type=DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def start_thread(
        self, parent: Channel, starter: Message, name: str, auto_archive_duration: int = 1440
    ) -> Channel:
        """A public thread started by the bot from ``starter``: as on Discord, its id is the message's."""
        assert parent.guild_id is not None
        thread = Channel(
            starter.id,
            name,
            guild_id=parent.guild_id,
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.bot.id,
            members={self.bot.id},
            auto_archive_duration=auto_archive_duration,
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].threads.append(thread)
        starter.data["thread"] = thread.payload()
        return thread

    # -- messages --------------------------------------------------------------------------------------

    def create_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        *,
        files: dict[str, tuple[str | None, bytes]] | None = None,
        interaction: Interaction | None = None,
        visible_to: int | None = None,
        base_url: str = "",
    ) -> Message:
        """Store a message the bot sent (``body`` is the request JSON) and return it."""
        message_id = self.snowflakes.next()
        data: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self.bot.payload(),
            "content": "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": int(body.get("flags") or 0),
        }
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        if channel.type == DM and channel.recipient is not None:
            visible_to = channel.recipient.id
        if channel.is_thread:
            channel.message_count += 1
        if interaction is not None:
            data["type"] = 20 if interaction.type == APPLICATION_COMMAND else 0
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": {"0": str(interaction.guild_id or 0)},
            }
        if body.get("message_reference"):
            data["message_reference"] = body["message_reference"]
            data["type"] = 19
        message = Message(
            data, visible_to=visible_to, interaction_id=None if interaction is None else interaction.id
        )
        self._apply(message, body, files or {}, base_url)
        self.messages[message.id] = message
        return message

    def edit_message(
        self,
        message: Message,
        body: dict[str, Any],
        *,
        files: dict[str, tuple[str | None, bytes]] | None = None,
        base_url: str = "",
    ) -> Message:
        message.history.append(dict(message.data))
        message.data = dict(message.data)
        message.data["edited_timestamp"] = now_iso()
        message.data["flags"] = message.flags & ~LOADING
        self._apply(message, body, files or {}, base_url)
        return message

    def _apply(
        self,
        message: Message,
        body: dict[str, Any],
        files: dict[str, tuple[str | None, bytes]],
        base_url: str,
    ) -> None:
        data = message.data
        for key in ("content", "components", "poll"):
            if key in body:
                data[key] = body[key] if body[key] is not None else ([] if key == "components" else None)
        if "content" in data and data["content"] is None:
            data["content"] = ""
        if "embeds" in body:
            data["embeds"] = [{"type": "rich", **embed} for embed in body["embeds"] or []]
        if body.get("flags") is not None:
            # Ephemeral and loading are fixed at creation; the other flags follow the request.
            fixed = message.flags & (EPHEMERAL | LOADING)
            data["flags"] = (int(body["flags"]) & ~(EPHEMERAL | LOADING)) | fixed
        if "attachments" in body or files:
            kept_ids = {str(a.get("id")) for a in body.get("attachments") or []}
            attachments = [a for a in data.get("attachments", []) if a["id"] in kept_ids]
            described = {str(a.get("id")): a for a in body.get("attachments") or []}
            for field_name, (filename, content) in files.items():
                index = field_name.removeprefix("files[").removesuffix("]")
                name = (described.get(index) or {}).get("filename") or filename or field_name
                attachment_id = str(self.snowflakes.next())
                url = f"{base_url}/attachments/{data['channel_id']}/{attachment_id}/{name}"
                attachments.append(
                    {
                        "id": attachment_id,
                        "filename": name,
                        "size": len(content),
                        "url": url,
                        "proxy_url": url,
                    }
                )
                message.files[name] = content
            data["attachments"] = attachments

    def visible_messages(self, user_id: int, channel_id: int | None = None) -> list[Message]:
        """Messages ``user_id`` can see (public ones and their own ephemeral/DM ones), oldest first."""
        return [
            m
            for m in self.messages.values()
            if not m.deleted
            and (m.visible_to is None or m.visible_to == user_id)
            and (channel_id is None or m.channel_id == channel_id)
        ]

    # -- application commands ----------------------------------------------------------------------------

    def overwrite_commands(
        self, guild_id: int | None, payloads: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Bulk overwrite: keep the ids of commands whose name and type are unchanged, like Discord."""
        old = {
            (c["name"], c.get("type", 1)): c
            for c in self.commands.values()
            if c.get("guild_id") == (None if guild_id is None else str(guild_id))
        }
        for command in old.values():
            del self.commands[int(command["id"])]
        stored = [self.upsert_command(guild_id, payload, old) for payload in payloads]
        return stored

    def upsert_command(
        self,
        guild_id: int | None,
        payload: dict[str, Any],
        existing: dict[tuple[str, int], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        key = (payload["name"], payload.get("type", 1))
        if existing is None:
            existing = {
                (c["name"], c.get("type", 1)): c
                for c in self.commands.values()
                if c.get("guild_id") == (None if guild_id is None else str(guild_id))
            }
        previous = existing.get(key)
        command: dict[str, Any] = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **payload,
            "id": previous["id"] if previous else str(self.snowflakes.next()),
            "application_id": str(self.application_id),
            "version": str(self.snowflakes.next()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        self.commands[int(command["id"])] = command
        return command

    def find_command(self, name: str, guild_id: int | None, command_type: int = 1) -> dict[str, Any] | None:
        """The command a user in ``guild_id`` would invoke: the guild's own first, then a global one."""
        candidates = [
            c for c in self.commands.values() if c["name"] == name and c.get("type", 1) == command_type
        ]
        for wanted in ([str(guild_id)] if guild_id is not None else []) + [None]:
            for command in candidates:
                if command.get("guild_id") == wanted:
                    return command
        return None

    def find_interaction(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)
