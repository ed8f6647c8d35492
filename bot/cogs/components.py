"""Stateless buttons and selects: every custom id carries what it acts on, so they keep working for as
long as a game lasts, across restarts (discord.py ``DynamicItem``). No game state lives in a View.

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

``version`` is how many decisions the clicking player had taken when the buttons were shown; the
engine's options of that decision are the values. A stale or repeated click is refused by
``Duels.act`` and changes nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.cogs.answer import Answers
from text import tr

if TYPE_CHECKING:
    from bot.cogs.duels import DuelsCog
    from bot.cogs.guard import Guard
    from bot.cogs.records import RecordsCog
    from bot.cogs.server import ServerCog


class Cogs(Protocol):
    """What a component needs of the client it came to (``bot.app.CardiaBot``): the cogs that answer it
    and the one error path. Typed here, so the components do not reach up to the app."""

    guard: Guard
    duels_cog: DuelsCog
    records_cog: RecordsCog
    server_cog: ServerCog


Interaction = discord.Interaction[Any]
CHALLENGE_ANSWERS = {
    "accept": discord.ButtonStyle.success,
    "decline": discord.ButtonStyle.danger,
    "withdraw": discord.ButtonStyle.secondary,
}


def _bot(interaction: Interaction) -> Cogs:
    return cast(Cogs, interaction.client)


class Guarded:
    """A component whose click goes through the bot's one error path (bot.cogs.guard): always answered.
    ``answers`` says how (``bot.cogs.answer``): a click is acknowledged that way if its handler is slow."""

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
        try:
            await _bot(interaction).guard.run(
                interaction,
                lambda: self.act(interaction),
                f"{self.about()}: {type(self).__name__}",
                self.answers,
            )
        finally:
            # discord.py rebuilt the clicked message's whole view to find this item; emptied, it and its
            # items are freed at once rather than by the cyclic collector (they refer to each other).
            view = getattr(self, "view", None)
            if isinstance(view, discord.ui.View):
                view.clear_items()


class Components(discord.ui.View):
    """The buttons and selects of a message the bot sends. All are dynamic items (above): a click finds
    its handler by its custom id, never through this view. So the view is stopped from the start, and
    discord.py keeps no track of it once sent (for a private message, a 15-minute timeout task each);
    once sent it is emptied (``bot.cogs.answer.let_go``)."""

    def __init__(self, *items: discord.ui.Item[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)
        self.stop()


class ChallengeButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cardia:c:(?P<match>[0-9]{1,20}):(?P<answer>accept|decline|withdraw)",
):
    def __init__(self, match_id: int, answer: str) -> None:
        style = CHALLENGE_ANSWERS[answer]
        super().__init__(
            discord.ui.Button(
                label=tr(f"button.{answer}"), style=style, custom_id=f"cardia:c:{match_id}:{answer}"
            )
        )
        self.match_id = match_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["match"]), match["answer"])

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).duels_cog.answer_challenge(interaction, self.match_id, self.answer)


class HandButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"cardia:h:(?P<game>[0-9]{1,20})"
):
    answers: Answers = "private"

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr("button.hand"),
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"cardia:h:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).duels_cog.show_hand(interaction, self.game_id)


class DiscardsButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cardia:d:(?P<game>[0-9]{1,20})(?::(?P<revision>[0-9]{1,20}))?",
):
    answers: Answers = "private"

    def __init__(self, game_id: int, revision: int | None = None) -> None:
        # On a board, the revision it shows: how bot.cogs.outbox recognises a board posted but not marked.
        suffix = "" if revision is None else f":{revision}"
        super().__init__(
            discord.ui.Button(
                label=tr("button.discards"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"cardia:d:{game_id}{suffix}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DiscardsButton:
        return cls(int(match["game"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).duels_cog.show_discards(interaction, self.game_id)


class ChoiceSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"cardia:s:(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20})(?::(?P<part>[0-9]{1,20}))?",
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
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"cardia:s:{game_id}:{version}{suffix}",
            options=options or [discord.SelectOption(label="-")],
            min_values=count,
            max_values=count,
            placeholder=placeholder,
        )
        super().__init__(select)
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), part=int(match["part"] or 0))

    async def act(self, interaction: Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        await _bot(interaction).duels_cog.decide(interaction, self.game_id, self.version, values)


class ChoiceButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cardia:b:(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20}):(?P<index>[0-9]{1,20})",
):
    def __init__(self, game_id: int, version: int, index: int, label: str = "-") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"cardia:b:{game_id}:{version}:{index}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.index = index

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).duels_cog.decide_by_index(interaction, self.game_id, self.version, self.index)


class RematchButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"cardia:r:(?P<match>[0-9]{1,20})"
):
    answers: Answers = "public"

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr("button.rematch"),
                style=discord.ButtonStyle.success,
                custom_id=f"cardia:r:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["match"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).duels_cog.rematch(interaction, self.match_id)


class LeaderboardButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cardia:lb:(?P<guild>[0-9]{1,20}):(?P<sort>rating|wins):(?P<page>[0-9]{1,20})",
):
    """Shows a page of a server's leaderboard: anyone may press it, on any old message."""

    def __init__(self, guild_id: int, sort: str, page: int, label: str = "-", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cardia:lb:{guild_id}:{sort}:{page}",
                disabled=disabled,
            )
        )
        self.guild_id = guild_id
        self.sort = sort
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardButton:
        return cls(int(match["guild"]), match["sort"], int(match["page"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).records_cog.leaderboard(interaction, self.sort, self.page, self.guild_id)


class ClaimButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cardia:v:(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20})",
):
    """Claim victory, for the player a game does not wait for once the opponent's time is up."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr("claim.label"),
                emoji="🏆",
                style=discord.ButtonStyle.danger,
                custom_id=f"cardia:v:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ClaimButton:
        return cls(int(match["game"]), int(match["version"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).server_cog.claim(interaction, self.game_id, self.version)


class ConcedeButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"cardia:k:(?P<match>[0-9]{1,20})"
):
    """Confirm giving up a match (the private question of ``/cardia concede``)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr("concede.button"), style=discord.ButtonStyle.danger, custom_id=f"cardia:k:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConcedeButton:
        return cls(int(match["match"]))

    async def act(self, interaction: Interaction) -> None:
        await _bot(interaction).server_cog.confirm_concede(interaction, self.match_id)


DYNAMIC_ITEMS = (
    ChallengeButton,
    HandButton,
    DiscardsButton,
    ChoiceSelect,
    ChoiceButton,
    RematchButton,
    LeaderboardButton,
    ClaimButton,
    ConcedeButton,
)
