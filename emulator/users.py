"""Simulated Discord users: they run slash commands, click buttons, choose in selects, fill modals.

Each action builds the INTERACTION_CREATE payload a real Discord client would cause, dispatches it to the
bot and (for the ``async`` helpers) waits for the bot's acknowledgement, returning the
:class:`~emulator.state.Interaction` that records what the bot answered. Commands are looked up in
what the bot registered (``PUT .../commands``), so a command the bot did not sync cannot be invoked, and
options are checked the way the Discord client checks them (names, types, required, choices).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, Union

from .state import (
    ALL_PERMISSIONS,
    ANSWER_ONLY,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SELECT_TYPES,
    Channel,
    Interaction,
    Message,
    Role,
    User,
    walk_components,
)

if TYPE_CHECKING:
    from .server import Emulator

#: What a test may pass for a command option: the Python value, or a user, channel or role.
OptionValue = Union[str, int, float, bool, "SimUser", User, Channel, Role]
#: Application command option types (https://discord.com/developers/docs/interactions/application-commands).
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 6, 7, 8, 9, 10


class SimUser:
    """A guild member driven by the test. ``channel`` is where their commands are run; ``permissions``
    (every permission unless a test takes some away) is what their interactions say they may do."""

    def __init__(self, emulator: Emulator, user: User) -> None:
        self.emulator = emulator
        self.user = user
        self.channel: Channel = emulator.channel
        self.permissions: int = ALL_PERMISSIONS
        self.locale = "en-US"  # the language of the user's Discord client, sent with each interaction
        #: The user installed the application to their account: its commands that allow a user
        #: installation then reach them anywhere, in servers without the bot too.
        self.installed = False

    @property
    def dm(self) -> Channel:
        """This user's direct-message channel with the bot (``user.channel = user.dm``: commands there)."""
        return self.emulator.state.dm_channel(self.user)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return self.user.mention

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"

    # -- what the user sees ---------------------------------------------------------------------

    def messages(self, channel: Channel | None = None) -> list[Message]:
        """Messages this user can see: public ones, plus ephemeral responses to them and their DMs."""
        channel_id = None if channel is None else channel.id
        return self.emulator.state.visible_messages(self.id, channel_id)

    @property
    def last_message(self) -> Message | None:
        messages = self.messages()
        return messages[-1] if messages else None

    # -- actions that wait for the bot's acknowledgement ------------------------------------------

    async def slash(self, *path: str, **options: OptionValue) -> Interaction:
        """Run a slash command, e.g. ``slash("cardia", "challenge", opponent=bob)``."""
        return await self.send(self.command_interaction(path, options))

    async def autocomplete(self, *path: str, focused: str, **options: OptionValue) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its partial value among ``options``); the bot's choices."""
        interaction = await self.send(self.command_interaction(path, options, focused=focused))
        return interaction.choices or []

    async def click(self, message: Message, custom_id: str) -> Interaction:
        """Click the button ``custom_id`` on ``message``."""
        return await self.send(self.component_interaction(message, custom_id))

    async def select(self, message: Message, custom_id: str, values: list[Any]) -> Interaction:
        """Choose ``values`` in the select menu ``custom_id`` (option values, or users/roles/channels)."""
        return await self.send(self.component_interaction(message, custom_id, values))

    async def submit_modal(self, opened_by: Interaction, values: dict[str, Any]) -> Interaction:
        """Submit the modal the bot opened in answer to ``opened_by``, with ``values`` by custom_id."""
        return await self.send(self.modal_interaction(opened_by, values))

    async def send(self, interaction: Interaction, timeout: float = 5.0) -> Interaction:
        """Inject a built interaction and wait for the bot to acknowledge it."""
        await self.emulator.inject(interaction)
        return await interaction.wait_response(timeout)

    # -- building interactions -------------------------------------------------------------------

    def command_interaction(
        self,
        path: tuple[str, ...] | list[str],
        options: dict[str, OptionValue],
        *,
        focused: str | None = None,
    ) -> Interaction:
        """An APPLICATION_COMMAND (or, with ``focused``, AUTOCOMPLETE) interaction, not yet sent."""
        if not path:
            raise ValueError("name the command, e.g. slash('demo', 'ping')")
        state = self.emulator.state
        command = state.find_command(path[0], self.channel.guild_id)
        if command is None:
            known = sorted({c["name"] for c in state.commands.values()})
            raise LookupError(f"the bot registered no command /{path[0]} (registered: {known})")
        self._offered(command, path[0])
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        target, declared = data, list(command.get("options") or [])
        for name in path[1:]:
            sub = next(
                (o for o in declared if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)),
                None,
            )
            if sub is None:
                raise LookupError(f"/{' '.join(path)}: {name!r} is not a subcommand (group) there")
            node: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            target.setdefault("options", []).append(node)
            target, declared = node, list(sub.get("options") or [])
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
            choices = [o["name"] for o in declared]
            raise LookupError(f"/{' '.join(path)} needs a subcommand: one of {choices}")
        resolved: dict[str, dict[str, Any]] = {}
        built = []
        for name, value in options.items():
            spec = next((o for o in declared if o["name"] == name), None)
            if spec is None:
                raise TypeError(
                    f"/{' '.join(path)} has no option {name!r} (it has {[o['name'] for o in declared]})"
                )
            built.append(self._option(spec, value, resolved, focused=name == focused))
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in options]
        if missing and focused is None:
            raise TypeError(f"/{' '.join(path)}: required option(s) {missing} missing")
        if focused is not None and focused not in options:
            raise TypeError(f"the focused option {focused!r} needs a (partial) value among the options")
        target["options"] = built
        if resolved:
            data["resolved"] = resolved
        return self._interaction(AUTOCOMPLETE if focused else APPLICATION_COMMAND, data, self.channel)

    def _where(self, channel: Channel) -> tuple[int, dict[str, str]]:
        """The interaction context here (0 a server, 1 the bot's DM) and the installations that
        authorise it (``"0"``: the server's, or "0" in the bot's DM; ``"1"``: this user's)."""
        guild = self.emulator.state.guilds.get(channel.guild_id or 0)
        owners: dict[str, str] = {}
        if guild is None:
            owners["0"] = "0"
        elif guild.with_bot:
            owners["0"] = str(guild.id)
        if self.installed:
            owners["1"] = str(self.id)
        return (1 if guild is None else 0), owners

    def _offered(self, command: dict[str, Any], name: str) -> None:
        """Discord offers a command only in the contexts and installations it declares (by default:
        everywhere, for a server installation)."""
        context, owners = self._where(self.channel)
        contexts = command.get("contexts")
        types = command.get("integration_types")
        in_context = context in (contexts if contexts is not None else (0, 1, 2))
        installed = any(int(owner) in (types if types is not None else (0,)) for owner in owners)
        if not (in_context and installed):
            raise LookupError(
                f"/{name} is not offered to {self.name} here (context {context}, installations"
                f" {sorted(owners)}; the command's contexts {contexts}, integration_types {types})"
            )

    def component_interaction(
        self, message: Message, custom_id: str, values: list[Any] | None = None
    ) -> Interaction:
        """A MESSAGE_COMPONENT interaction on ``message`` (a button if ``values`` is None), not yet sent."""
        if message.deleted or message.visible_to not in (None, self.id):
            raise LookupError(f"{self.name} cannot see {message!r}")
        component = message.component(custom_id)
        if component is None:
            raise LookupError(f"{message!r} has no component {custom_id!r}")
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if "id" in component:
            data["id"] = component["id"]
        if values is None:
            if component["type"] != 2:
                raise TypeError(f"{custom_id!r} is not a button: use select()")
        else:
            if component["type"] not in SELECT_TYPES:
                raise TypeError(f"{custom_id!r} is not a select menu: use click()")
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = self._select_values(component, values, resolved)
            if resolved:
                data["resolved"] = resolved
        channel = self.emulator.state.channels[message.channel_id]
        return self._interaction(MESSAGE_COMPONENT, data, channel, source=message)

    def modal_interaction(self, opened_by: Interaction, values: dict[str, Any]) -> Interaction:
        """A MODAL_SUBMIT for the modal the bot answered ``opened_by`` with, not yet sent."""
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"the bot opened no modal for {opened_by.describe()}")
        unknown = set(values) - {c.get("custom_id") for c in walk_components(modal.get("components") or [])}
        if unknown:
            raise LookupError(f"the modal has no inputs {sorted(unknown)}")
        data = {
            "custom_id": modal["custom_id"],
            "components": _submitted(modal.get("components") or [], values),
        }
        channel = self.emulator.state.channels[opened_by.channel_id]
        return self._interaction(MODAL_SUBMIT, data, channel, source=opened_by.source)

    def _interaction(
        self, kind: int, data: dict[str, Any], channel: Channel, source: Message | None = None
    ) -> Interaction:
        state = self.emulator.state
        interaction_id = state.snowflakes.next()
        token = f"emulated.{interaction_id}.{secrets.token_urlsafe(24)}"
        guild = state.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        context, owners = self._where(channel)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(state.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "app_permissions": str(channel.bot_permissions(state.channels.get(channel.parent_id or 0))),
            "locale": self.locale,
            "entitlements": [],
            "authorizing_integration_owners": owners,
            "context": context,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = guild.members[self.id].payload(permissions=self.permissions)
            if not guild.with_bot:  # a user installation: the bot may only answer the interaction
                payload["app_permissions"] = str(ANSWER_ONLY)
        else:
            payload["user"] = self.user.payload()
        if source is not None:
            payload["message"] = source.data
        return Interaction(
            id=interaction_id,
            token=token,
            type=kind,
            user=self.user,
            channel_id=channel.id,
            guild_id=None if guild is None else guild.id,
            payload=payload,
            state=state,
            source=source,
        )

    # -- option values ---------------------------------------------------------------------------

    def _option(
        self, spec: dict[str, Any], value: OptionValue, resolved: dict[str, dict[str, Any]], *, focused: bool
    ) -> dict[str, Any]:
        kind, name = spec["type"], spec["name"]
        option: dict[str, Any] = {"name": name, "type": kind}
        if focused:  # the client sends whatever has been typed so far
            option.update(focused=True, value=value if isinstance(value, str) else str(value))
            return option
        expected: dict[int, tuple[type, ...]] = {
            STRING: (str,),
            INTEGER: (int,),
            NUMBER: (int, float),
            BOOLEAN: (bool,),
            USER: (SimUser, User),
            CHANNEL: (Channel,),
            ROLE: (Role,),
            MENTIONABLE: (SimUser, User, Role),
        }
        if kind not in expected:
            raise TypeError(f"option {name!r} has type {kind}, which the emulator cannot fill in")
        if not isinstance(value, expected[kind]) or (isinstance(value, bool) and kind in (INTEGER, NUMBER)):
            raise TypeError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if isinstance(value, SimUser | User | Channel | Role):
            option["value"] = str(value.id)
            self._resolve(value, resolved)
        else:
            option["value"] = value
            choices = [c["value"] for c in spec.get("choices") or []]
            if choices and value not in choices:
                raise ValueError(f"option {name!r} must be one of {choices}, not {value!r}")
            low, high = spec.get("min_value"), spec.get("max_value")
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and ((low is not None and value < low) or (high is not None and value > high)):
                raise ValueError(f"option {name!r} must be within [{low}, {high}], not {value}")
        return option

    def _resolve(self, value: SimUser | User | Channel | Role, resolved: dict[str, dict[str, Any]]) -> None:
        """Add a user, member, channel or role to an interaction's ``resolved`` data."""
        if isinstance(value, Channel):
            channel = {**value.payload(), "permissions": str(ALL_PERMISSIONS)}
            resolved.setdefault("channels", {})[str(value.id)] = channel
        elif isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        else:
            user = value.user if isinstance(value, SimUser) else value
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            guild = self.emulator.state.guilds.get(self.channel.guild_id or 0)
            if guild is not None and user.id in guild.members:
                member = guild.members[user.id].payload(with_user=False, permissions=ALL_PERMISSIONS)
                resolved.setdefault("members", {})[str(user.id)] = member

    def _select_values(
        self, component: dict[str, Any], values: list[Any], resolved: dict[str, dict[str, Any]]
    ) -> list[str]:
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(
                f"select {component['custom_id']!r} takes {low} to {high} values, not {len(values)}"
            )
        if component["type"] == 3:
            offered = [option["value"] for option in component.get("options") or []]
            bad = [v for v in values if v not in offered]
            if bad:
                raise ValueError(f"select {component['custom_id']!r} offers {offered}, not {bad}")
            return [str(v) for v in values]
        accepted: dict[int, tuple[type, ...]] = {
            5: (SimUser, User),
            6: (Role,),
            7: (SimUser, User, Role),
            8: (Channel,),
        }
        chosen = []
        for value in values:
            kinds = accepted[component["type"]]
            if not isinstance(value, SimUser | User | Channel | Role) or not isinstance(value, kinds):
                raise TypeError(
                    f"select {component['custom_id']!r} (type {component['type']}) cannot take {value!r}"
                )
            self._resolve(value, resolved)
            chosen.append(str(value.id))
        return chosen


def _submitted(components: list[dict[str, Any]], values: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``components`` of a MODAL_SUBMIT: the modal's layout with the user's input in each field."""
    result: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == 1:
            result.append({"type": 1, "components": _submitted(component.get("components") or [], values)})
        elif component.get("type") == 18 and isinstance(component.get("component"), dict):
            inner = _submitted([component["component"]], values)
            result.append({"type": 18, "id": component.get("id"), "component": inner[0]})
        elif "custom_id" in component:
            value = values.get(component["custom_id"], component.get("value") or "")
            if component.get("type") == 4:
                result.append({"type": 4, "custom_id": component["custom_id"], "value": value})
            else:
                chosen = value if isinstance(value, list) else [value]
                result.append(
                    {"type": component["type"], "custom_id": component["custom_id"], "values": chosen}
                )
    return result
