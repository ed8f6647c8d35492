"""Stateless buttons and selects: every custom id carries what it acts on, so they keep working for as
long as a game lasts, across restarts. No game state lives in a View.

    cardia:c:<match>:<accept|decline|withdraw>   challenge answers
    cardia:h:<game>                              show my hand (and my decision)
    cardia:d:<game>[:<revision>]                 show the discard piles (on a board: the revision it shows)
    cardia:s:<game>:<version>[:<part>]           a decision, as a select (values are engine options;
                                                 more than 25 options take several selects, each with
                                                 its own custom id: parts 1, 2, ... after the first)
    cardia:b:<game>:<version>:<index>            a decision, as a button (index into the options)
    cardia:r:<match>                             rematch
    cardia:v:<game>:<decisions>                  claim victory once the opponent's time is up (the
                                                 game's number of decisions: out of date once one is taken)
    cardia:k:<match>                             confirm giving up the match (/cardia concede)
    cardia:lb:<guild>:<rating|wins>:<page>       a page of the server's leaderboard (0: the first)
    cardia:rv:<game>                             my review of a finished game (privately)
    cardia:rs:<game>:<seat>                      share that seat's review in the channel
    cardia:hi:<game>:<version>                   a hint for my decision (where the duel allows hints)
    cardia:t:<tournament>:<join|leave>           sign up for a tournament (on its page), or leave it

``version`` is how many decisions the clicking player had taken when the buttons were shown; the
engine's options of that decision are the values. A stale or repeated click is refused by
``Duels.act`` and changes nothing.

Each kind is one class, registered under its kind (``c``, ``h``...) with the pattern that reads its ids.
A click is routed here (:func:`route`, from ``CardiaBot.on_interaction``): its kind picks the class and
the pattern makes the component again from the id alone. discord.py's dynamic items would find the same
class, but only after rebuilding the clicked message's whole view for every click
(docs/performance-history.md, change 17). A custom id that names no kind, or does not read, is answered
in one line.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import discord

from bot.ui.answer import Answers, reply
from bot.ui.guard import Guard
from text import tr

Interaction = discord.Interaction[Any]
R = TypeVar("R", bound="Routed")


class Handlers:
    """Who answers each kind of component: every cog registers, as it is built, a handler for each kind
    it answers (``DuelsCog.register``...). Nothing here names a cog, and a click's handler is found by
    its component's class."""

    def __init__(self) -> None:
        self._by_kind: dict[type[Routed], Callable[[Interaction, Any], Awaitable[None]]] = {}

    def on(self, kind: type[R], handler: Callable[[Interaction, R], Awaitable[None]]) -> None:
        assert kind not in self._by_kind, f"two handlers for {kind.__name__}"
        self._by_kind[kind] = handler

    async def handle(self, interaction: Interaction, component: Routed) -> None:
        handler = self._by_kind.get(type(component))
        if handler is None:  # no cog answers it (a bot built without it): as if it were unknown
            return await reply(interaction, tr("refuse.unknown_component"))
        await handler(interaction, component)


class Client(Protocol):
    """What a component needs of the client it came to (``bot.app.CardiaBot``): the one error path and
    the handlers. Typed here, so the components reach up neither to the app nor to the cogs."""

    guard: Guard
    handlers: Handlers


CHALLENGE_ANSWERS = {
    "accept": discord.ButtonStyle.success,
    "decline": discord.ButtonStyle.danger,
    "withdraw": discord.ButtonStyle.secondary,
}


def _bot(interaction: Interaction) -> Client:
    return cast(Client, interaction.client)


def selected(interaction: Interaction) -> list[str]:
    """The values a select's click chose (unchecked: the handler checks them against the game)."""
    data = cast(dict[str, Any], interaction.data or {})
    return [str(value) for value in data.get("values", [])]


class Guarded:
    """A component whose click goes through the bot's one error path (bot.ui.guard): always answered.
    ``answers`` says how (``bot.ui.answer``): a click is acknowledged that way if its handler is slow."""

    answers: Answers = "edit"

    async def act(self, interaction: Interaction) -> None:
        raise NotImplementedError

    def about(self) -> str:
        """What the click is about, for the log (``game 12``, ``match 3``)."""
        for name in ("game_id", "match_id", "guild_id"):
            value = getattr(self, name, None)
            if value is not None:
                return f"{name.removesuffix('_id')} {value}"
        return "a component"

    async def callback(self, interaction: Interaction) -> None:
        await _bot(interaction).guard.run(
            interaction,
            lambda: self.act(interaction),
            f"{self.about()}: {type(self).__name__}",
            self.answers,
        )


#: Component classes by the kind their custom ids carry (``cardia:<kind>:...``).
ROUTES: dict[str, type[Routed]] = {}


class Routed(Guarded):
    """A component class clicks are routed to: ``kind`` registers it, and ``pattern`` (what follows
    ``cardia:<kind>:``) reads its custom ids; :meth:`from_match` makes the component again from one."""

    pattern: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, *, kind: str, pattern: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        assert kind not in ROUTES, f"two component classes for cardia:{kind}"
        cls.pattern = re.compile(f"cardia:{kind}:{pattern}")
        ROUTES[kind] = cls

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).handlers.handle(interaction, self)


def component_for(custom_id: str) -> Routed | None:
    """The component a custom id names, made again from the id alone; None if it names none."""
    parts = custom_id.split(":", 2)
    routed = ROUTES.get(parts[1]) if len(parts) == 3 and parts[0] == "cardia" else None
    match = None if routed is None else routed.pattern.fullmatch(custom_id)
    return None if routed is None or match is None else routed.from_match(match)


async def route(interaction: Interaction) -> None:
    """A click on a button or a select of the bot's: handled by the component its custom id names, or
    refused in one line (a custom id from another version of the bot, or made up)."""
    if interaction.type is not discord.InteractionType.component:
        return
    data = cast(dict[str, Any], interaction.data or {})
    component = component_for(str(data.get("custom_id", "")))
    if component is not None:
        await component.callback(interaction)
    else:
        await _bot(interaction).guard.run(
            interaction,
            lambda: reply(interaction, tr("refuse.unknown_component")),
            "a component the bot does not know",
            "private",
        )


class Components(discord.ui.View):
    """The buttons and selects of a message the bot sends. All are routed (above): a click finds its
    handler by its custom id, never through this view. So the view is stopped from the start, and
    discord.py keeps no track of it once sent (for a private message, a 15-minute timeout task each);
    once sent it is emptied (``bot.ui.answer.let_go``)."""

    def __init__(self, *items: discord.ui.Item[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)
        self.stop()


class ChallengeButton(
    Routed,
    discord.ui.Button[Any],
    kind="c",
    pattern=r"(?P<match>[0-9]{1,20}):(?P<answer>accept|decline|withdraw)",
):
    def __init__(self, match_id: int, answer: str) -> None:
        super().__init__(
            label=tr(f"button.{answer}"),
            style=CHALLENGE_ANSWERS[answer],
            custom_id=f"cardia:c:{match_id}:{answer}",
        )
        self.match_id = match_id
        self.answer = answer

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["match"]), match["answer"])


class HandButton(Routed, discord.ui.Button[Any], kind="h", pattern=r"(?P<game>[0-9]{1,20})"):
    answers: Answers = "private"

    def __init__(self, game_id: int) -> None:
        super().__init__(
            label=tr("button.hand"),
            emoji="🂠",
            style=discord.ButtonStyle.primary,
            custom_id=f"cardia:h:{game_id}",
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]))


class DiscardsButton(
    Routed, discord.ui.Button[Any], kind="d", pattern=r"(?P<game>[0-9]{1,20})(?::(?P<revision>[0-9]{1,20}))?"
):
    answers: Answers = "private"

    def __init__(self, game_id: int, revision: int | None = None) -> None:
        # On a board, the revision it shows: how bot.ui.outbox recognises a board posted but not marked.
        suffix = "" if revision is None else f":{revision}"
        super().__init__(
            label=tr("button.discards"),
            style=discord.ButtonStyle.secondary,
            custom_id=f"cardia:d:{game_id}{suffix}",
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        revision = match["revision"]
        return cls(int(match["game"]), None if revision is None else int(revision))


class ChoiceSelect(
    Routed,
    discord.ui.Select[Any],
    kind="s",
    pattern=r"(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20})(?::(?P<part>[0-9]{1,20}))?",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        count: int = 1,
        placeholder: str | None = None,
        part: int = 0,
    ) -> None:
        # Discord refuses two components with the same custom id in one message.
        suffix = f":{part}" if part else ""
        super().__init__(
            custom_id=f"cardia:s:{game_id}:{version}{suffix}",
            options=options or [discord.SelectOption(label="-")],
            min_values=count,
            max_values=count,
            placeholder=placeholder,
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]), int(match["version"]), part=int(match["part"] or 0))


class ChoiceButton(
    Routed,
    discord.ui.Button[Any],
    kind="b",
    pattern=r"(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20}):(?P<index>[0-9]{1,20})",
):
    def __init__(self, game_id: int, version: int, index: int, label: str = "-") -> None:
        super().__init__(
            label=label, style=discord.ButtonStyle.primary, custom_id=f"cardia:b:{game_id}:{version}:{index}"
        )
        self.game_id = game_id
        self.version = version
        self.index = index

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))


class RematchButton(Routed, discord.ui.Button[Any], kind="r", pattern=r"(?P<match>[0-9]{1,20})"):
    answers: Answers = "public"

    def __init__(self, match_id: int) -> None:
        super().__init__(
            label=tr("button.rematch"), style=discord.ButtonStyle.success, custom_id=f"cardia:r:{match_id}"
        )
        self.match_id = match_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["match"]))


class LeaderboardButton(
    Routed,
    discord.ui.Button[Any],
    kind="lb",
    pattern=r"(?P<guild>[0-9]{1,20}):(?P<sort>rating|wins):(?P<page>[0-9]{1,20})",
):
    """Shows a page of a server's leaderboard: anyone may press it, on any old message."""

    def __init__(self, guild_id: int, sort: str, page: int, label: str = "-", disabled: bool = False) -> None:
        super().__init__(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"cardia:lb:{guild_id}:{sort}:{page}",
            disabled=disabled,
        )
        self.guild_id = guild_id
        self.sort = sort
        self.page = page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["guild"]), match["sort"], int(match["page"]))


class ClaimButton(
    Routed, discord.ui.Button[Any], kind="v", pattern=r"(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20})"
):
    """Claim victory, for the player a game does not wait for once the opponent's time is up."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            label=tr("claim.label"),
            emoji="🏆",
            style=discord.ButtonStyle.danger,
            custom_id=f"cardia:v:{game_id}:{version}",
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]), int(match["version"]))


class ConcedeButton(Routed, discord.ui.Button[Any], kind="k", pattern=r"(?P<match>[0-9]{1,20})"):
    """Confirm giving up a match (the private question of ``/cardia concede``)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            label=tr("concede.button"), style=discord.ButtonStyle.danger, custom_id=f"cardia:k:{match_id}"
        )
        self.match_id = match_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["match"]))


class ReviewButton(Routed, discord.ui.Button[Any], kind="rv", pattern=r"(?P<game>[0-9]{1,20})"):
    """A finished game's review, for the player who presses it: their own decisions, privately."""

    answers: Answers = "private"

    def __init__(self, game_id: int) -> None:
        super().__init__(
            label=tr("button.review"),
            emoji="🔍",
            style=discord.ButtonStyle.primary,
            custom_id=f"cardia:rv:{game_id}",
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]))


class ShareReviewButton(
    Routed, discord.ui.Button[Any], kind="rs", pattern=r"(?P<game>[0-9]{1,20}):(?P<seat>p1|p2)"
):
    """Post one's own review of a finished game in the channel, for everybody (once)."""

    answers: Answers = "public"

    def __init__(self, game_id: int, seat: str) -> None:
        super().__init__(
            label=tr("button.share_review"),
            emoji="📣",
            style=discord.ButtonStyle.secondary,
            custom_id=f"cardia:rs:{game_id}:{seat}",
        )
        self.game_id = game_id
        self.seat = seat

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]), match["seat"])


class HintButton(
    Routed, discord.ui.Button[Any], kind="hi", pattern=r"(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20})"
):
    """A hint for the decision on a private hand (``version``: the player's decisions taken so far), where
    the duel allows hints."""

    answers: Answers = "private"

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            label=tr("button.hint"),
            emoji="💡",
            style=discord.ButtonStyle.secondary,
            custom_id=f"cardia:hi:{game_id}:{version}",
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]), int(match["version"]))


class QueueComputerButton(Routed, discord.ui.Button[Any], kind="qc", pattern=r"(?P<user>[0-9]{1,20})"):
    """Offered to a player the queue found nobody for yet: a duel against the computer meanwhile (only
    that player may press it; it takes them out of the queue)."""

    answers: Answers = "public"

    def __init__(self, user_id: int) -> None:
        super().__init__(
            label=tr("button.queue_computer"),
            style=discord.ButtonStyle.primary,
            custom_id=f"cardia:qc:{user_id}",
        )
        self.user_id = user_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["user"]))


class TournamentButton(
    Routed, discord.ui.Button[Any], kind="t", pattern=r"(?P<tournament>[0-9]{1,20}):(?P<action>join|leave)"
):
    answers: Answers = "private"

    def __init__(self, tournament_id: int, action: str) -> None:
        super().__init__(
            label=tr(f"button.tournament_{action}"),
            style=discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary,
            custom_id=f"cardia:t:{tournament_id}:{action}",
        )
        self.tournament_id = tournament_id
        self.action = action

    def about(self) -> str:
        return f"tournament {self.tournament_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["tournament"]), match["action"])
