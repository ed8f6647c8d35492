"""The rows the store reads and writes, as frozen values: what the services work with. Nothing here
knows which database holds them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from operator import attrgetter
from typing import Any, Literal, Protocol, TypeVar

import annotated_types
from pydantic import BaseModel, ConfigDict, Field

from cards import DeckChoice
from engine import Setup


class Row(Protocol):
    """A database row as a backend gives it: read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


Outcome = Literal["win", "loss", "draw"]
#: Where a duel is played: its challenge's channel, or a thread of its own started from the challenge.
Home = Literal["channel", "thread"]

#: A decision as stored: who took it ("p1", "p2") and the options they chose.
StoredAction = tuple[str, tuple[str, ...]]
_ACTIONS: dict[StoredAction, StoredAction] = {}  # a few thousand at most: (seat, the cards or options)


def stored_action(player: str, choose: Sequence[str]) -> StoredAction:
    """The one shared copy of this action: a game in memory keeps its actions, and the same few hundred
    (a seat and a card) recur in every game. A tuple of strings is also left alone by the garbage
    collector, where a list of them is tracked (bench/bot_load.py: a tenth of a cached game)."""
    action = (player, tuple(choose))
    return _ACTIONS.setdefault(action, action)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A duel as it is proposed: where, who (each a Discord id and a display name), and its setup."""

    guild_id: int
    channel_id: int
    challenger: tuple[int, str]
    opponent: tuple[int, str]
    deck: DeckChoice
    location: str | None
    wins_needed: int
    computer: str | None = None  # the opponent is the bot itself, playing at this level (easy, normal, hard)
    hints: bool = False  # the players may ask for hints (and the duel is not rated)
    learn: bool = False  # the first game that teaches (/cardia learn): against the computer
    home: Home = "channel"  # where it is played once under way (a duel against the computer starts so)
    thread_id: int | None = None  # a rematch asked for in a duel's thread: proposed and played there
    mirror_id: int | None = None  # the opponent's home, when not the challenger's (their DM with the bot)
    mirror_guild_id: int | None = None  # its server (0: a DM)
    code: str | None = None  # a challenge by code: anyone given it accepts, from their own home
    home_guild_id: int | None = None  # the channel's server, when not ``guild_id`` (a match of the queue)
    mirror_home: Home = "channel"  # the mirror's: its channel, or a thread of its own there
    tournament_id: int | None = None  # a duel of a tournament's round (bot.services.tournaments)
    tournament_round: int | None = None
    rated: bool = True  # False: it counts for no rating (a tournament not rated)


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    challenger_name: str
    opponent_name: str
    deck: DeckChoice
    location: str | None
    wins_needed: int
    status: str
    message_id: int | None
    result_message_id: int | None = None
    computer: str | None = None  # the opponent (p2) is the computer, at this level; None: two people
    hints: bool = False  # its challenge allowed hints: not rated
    learn: bool = False  # the first game that teaches (/cardia learn): its hands explain
    home: Home = "channel"
    thread_id: int | None = None  # its own thread, once started (the challenge message's id)
    mirror_id: int | None = None  # the opponent's home, when not this channel: their DM with the bot
    mirror_challenge_id: int | None = None  # the challenge message there
    mirror_result_id: int | None = None  # the result message there
    mirror_guild_id: int | None = None  # the mirror's server (0: a DM with the bot)
    code: str | None = None  # a challenge by code (/cardia accept code:), accepted from anywhere
    home_guild_id: int | None = None  # the channel's server when not guild_id (the queue's: guild_id 0)
    mirror_home: Home = "channel"  # the mirror channel itself, or a thread of its own there
    mirror_thread_id: int | None = None  # that thread, once started (the mirror challenge message's id)
    tournament_id: int | None = None  # a duel of a tournament's round (bot.services.tournaments)
    tournament_round: int | None = None
    rated: bool = True  # False: it counts for no rating (an unrated tournament's duel)

    @property
    def channel_guild(self) -> int:
        """The server of the match's channel (0: a DM with the bot)."""
        return self.guild_id if self.home_guild_id is None else self.home_guild_id

    def seen_from(self, guild_id: int | None) -> bool:
        """Whether an interaction of that server (None: a DM) may concern this match: it is played there."""
        here = guild_id or 0
        return here == self.channel_guild or (
            self.mirror_id is not None and here == (self.mirror_guild_id or 0)
        )

    @property
    def challenge_channel(self) -> int:
        """The channel its challenge message is in: its channel, or the thread it was proposed in (a
        rematch asked for in the thread of the duel before). A thread started from the challenge message
        has that message's id."""
        in_thread = self.home == "thread" and self.thread_id is not None and self.thread_id != self.message_id
        return self.thread_id if in_thread and self.thread_id is not None else self.channel_id

    @property
    def posts_to(self) -> int:
        """The channel its boards, notices and result go to: its thread once started, else its channel."""
        return self.thread_id if self.home == "thread" and self.thread_id is not None else self.channel_id

    @property
    def from_queue(self) -> bool:
        """A duel the queue made (no challenge: its first message says the queue found it)."""
        return self.guild_id == 0 and self.home_guild_id is not None

    @property
    def mirror_posts_to(self) -> int | None:
        """Where its public messages go in the opponent's home (None: it has none of its own): its thread
        there once started, else the mirror channel."""
        if self.mirror_home == "thread" and self.mirror_thread_id is not None:
            return self.mirror_thread_id
        return self.mirror_id

    @property
    def allows_hints(self) -> bool:
        """Hints: in a duel against the computer, or one whose challenge allowed them."""
        return self.hints or self.computer is not None

    def user(self, player: str) -> int:
        return self.challenger_id if player == "p1" else self.opponent_id

    @property
    def people(self) -> list[int]:
        """The user ids of its players who are people (the computer is not)."""
        return [self.challenger_id] if self.computer is not None else [self.challenger_id, self.opponent_id]

    @property
    def computer_seat(self) -> str | None:
        """The seat the computer plays (the one challenged, p2), in a duel against it."""
        return None if self.computer is None else "p2"

    @property
    def names(self) -> dict[str, str]:
        return {"p1": self.challenger_name, "p2": self.opponent_name}

    def player_of(self, user_id: int) -> str | None:
        if user_id == self.challenger_id:
            return "p1"
        if user_id == self.opponent_id:
            return "p2"
        return None


_DECK = [field.name for field in fields(MatchRow)].index("deck")
RowT = TypeVar("RowT", "MatchRow", "GameRow")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    match_id: int
    number: int
    setup_json: str  # as stored: a few hundred bytes no collection goes through (see setup)
    status: str
    winner: str | None
    reason: str | None
    board_message_id: int | None
    board_told: int | None = None  # engine events the latest board told (None: before migration 4)
    mirror_board_id: int | None = None  # its latest board in the match's mirror (bot.ui.outbox)
    mirror_board_told: int | None = None

    @property
    def setup(self) -> Setup:
        """The game's setup, parsed: read when the game is replayed. A row stays in memory with every
        game cached, and a parsed setup there would be three more objects for each full collection of
        the garbage collector to go through (bench/bot_load.py)."""
        return Setup.model_validate_json(self.setup_json)


#: Each row kind's fields in order, read at once: a cached game is made cold at every use of another.
_FIELDS = {kind: attrgetter(*(field.name for field in fields(kind))) for kind in (MatchRow, GameRow)}


def row_values(row: MatchRow | GameRow) -> tuple[Any, ...]:
    """A row's fields in order, as plain values in a tuple (a mixed deck as its factions and decks in
    turn): the garbage collector stops tracking such a tuple, where it tracks any row and any tuple
    holding a dict (bot.services.duels.ColdGame). :func:`row_from_values` makes the row again."""
    values: tuple[Any, ...] = _FIELDS[type(row)](row)
    if isinstance(row, MatchRow) and isinstance(row.deck, dict):
        flat = tuple(item for pair in row.deck.items() for item in pair)  # one tuple: untracked sooner
        return (*values[:_DECK], flat, *values[_DECK + 1 :])
    return values


def row_from_values(kind: type[RowT], values: tuple[Any, ...]) -> RowT:
    """The row whose :func:`row_values` these are."""
    if kind is MatchRow and isinstance(values[_DECK], tuple):
        flat = values[_DECK]
        values = (*values[:_DECK], dict(zip(flat[::2], flat[1::2], strict=True)), *values[_DECK + 1 :])
    return kind(*values)


@dataclass(frozen=True, slots=True)
class Post:
    """An outbox entry: something the channel must be brought up to date with."""

    id: int
    match_id: int
    game_id: int | None
    kind: str  # CHALLENGE, BOARD or RESULT
    created_at: str


def match_row(row: Row) -> MatchRow:
    return MatchRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        challenger_name=row["challenger_name"],
        opponent_name=row["opponent_name"],
        deck=json.loads(row["deck"]),
        location=row["location"],
        wins_needed=row["wins_needed"],
        status=row["status"],
        message_id=row["message_id"],
        result_message_id=row["result_message_id"],
        computer=row["computer"],
        hints=bool(row["hints"]),
        learn=bool(row["learn"]),
        home=row["home"],
        thread_id=row["thread_id"],
        mirror_id=row["mirror_id"],
        mirror_challenge_id=row["mirror_challenge_id"],
        mirror_result_id=row["mirror_result_id"],
        mirror_guild_id=row["mirror_guild_id"],
        code=row["code"],
        home_guild_id=row["home_guild_id"],
        mirror_home=row["mirror_home"],
        mirror_thread_id=row["mirror_thread_id"],
        tournament_id=row["tournament_id"],
        tournament_round=row["tournament_round"],
        rated=bool(row["rated"]),
    )


def game_row(row: Row) -> GameRow:
    return GameRow(
        id=row["id"],
        match_id=row["match_id"],
        number=row["number"],
        setup_json=row["setup"],
        status=row["status"],
        winner=row["winner"],
        reason=row["reason"],
        board_message_id=row["board_message_id"],
        board_told=row["board_told"],
        mirror_board_id=row["mirror_board_id"],
        mirror_board_told=row["mirror_board_told"],
    )


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished game with what its match tells: players, server, setup, result, length, dates."""

    id: int
    match_id: int
    number: int  # the game's number in its match
    guild_id: int
    users: dict[str, int]  # "p1"/"p2" -> Discord user id (p1 is the challenger)
    names: dict[str, str]  # display names when the challenge was made
    setup: dict[str, Any]
    deck: DeckChoice
    location: str | None
    winner: str | None  # "p1", "p2", or None for a draw
    reason: str
    decisions: int | None  # length: decisions taken (None: finished before records existed)
    rounds: int | None
    created_at: str
    finished_at: str
    match_status: str
    wins_needed: int
    computer: str | None = None  # played against the computer, at this level (not rated)
    tournament: str | None = None  # a tournament's duel: its name
    tournament_round: int | None = None

    def player_of(self, user_id: int) -> str | None:
        return next((player for player, user in self.users.items() if user == user_id), None)

    def outcome(self, user_id: int) -> Outcome:
        if self.winner is None:
            return "draw"
        return "win" if self.users[self.winner] == user_id else "loss"

    @property
    def winner_id(self) -> int | None:
        return None if self.winner is None else self.users[self.winner]


def finished_game(row: Row) -> FinishedGame:
    return FinishedGame(
        id=row["id"],
        match_id=row["match_id"],
        number=row["number"],
        guild_id=row["guild_id"],
        users={"p1": row["challenger_id"], "p2": row["opponent_id"]},
        names={"p1": row["challenger_name"], "p2": row["opponent_name"]},
        setup=json.loads(row["setup"]),
        deck=json.loads(row["deck"]),
        location=row["location"],
        winner=row["winner"],
        reason=row["reason"] or "",
        decisions=row["decisions"],
        rounds=row["rounds"],
        created_at=row["created_at"],
        finished_at=row["finished_at"] or row["created_at"],
        match_status=row["match_status"],
        wins_needed=row["wins_needed"],
        computer=row["computer"],
        tournament=row["tournament_name"],
        tournament_round=row["tournament_round"],
    )


Language = Literal["auto", "en", "hu", "pl"]  # a server's public language (auto: its preferred locale)
#: How a player is told a duel waits for them: a ping where the duel is, a direct message, or neither.
Notify = Literal["channel", "dm", "off"]


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A player's own settings (``/cardia settings notify``); a player who never chose has the defaults."""

    notify: Notify = "channel"
    dm_refused: bool = False  # Discord refused the last direct message: pinged where the duel is meanwhile
    language: str = "en"  # their Discord client's, when they chose: direct messages are in it
    dm_closed: bool = False  # a duel's message to their DM was refused: told at their next interaction

    @property
    def pinged_in_channel(self) -> bool:
        """Mentioned where the duel is when it waits for them (a refused DM falls back to this)."""
        return self.notify == "channel" or (self.notify == "dm" and self.dm_refused)

    @property
    def direct(self) -> bool:
        """Told by a direct message when a duel waits for them."""
        return self.notify == "dm" and not self.dm_refused


NO_PLAYER_SETTINGS = PlayerSettings()


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A player waiting in the queue (/cardia queue): their home, and what they will play (None: any)."""

    user_id: int
    user_name: str
    guild_id: int  # their home's server (0: their DM with the bot)
    channel_id: int
    deck: DeckChoice | None
    location: str | None  # a location id, "none", or None: any
    wins_needed: int | None
    rated: bool
    rating: int  # their global rating (displayed) when they queued
    joined_at: str
    offered_computer: bool = False
    home: Home = "channel"  # their duel there: in the channel, or a thread of its own

    @property
    def joined(self) -> datetime:
        joined = datetime.fromisoformat(self.joined_at)
        return joined if joined.tzinfo is not None else joined.replace(tzinfo=UTC)


def queue_entry(row: Row) -> QueueEntry:
    return QueueEntry(
        row["user_id"],
        row["user_name"],
        row["guild_id"],
        row["channel_id"],
        None if row["deck"] is None else json.loads(row["deck"]),
        row["location"],
        row["wins_needed"],
        bool(row["rated"]),
        row["rating"],
        row["joined_at"],
        bool(row["offered_computer"]),
        row["home"],
    )


class GuildSettings(BaseModel):
    """A server's settings (``/cardia settings``; a server that never chose any has the defaults). The
    one source of the defaults, the allowed ranges and what each setting means: the command's options,
    the validation and the settings table of docs/players.md are built from these fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    decision_hours: float = Field(
        24.0, ge=0.25, le=720.0, description="Hours a player may take for each decision"
    )
    reminder_hours: float = Field(
        8.0, ge=0.0, le=720.0, description="Hours between reminders while a decision is awaited; 0: none"
    )
    grace_hours: float = Field(
        48.0, ge=0.25, le=720.0, description="Hours after the decision time until the duel is forfeited"
    )
    cross_channel: bool = Field(True, description="May a player have open duels in several channels at once?")
    max_duels: int = Field(
        5, ge=1, le=25, description="Open duels per player on this server, challenges included"
    )
    language: Language = Field(
        "auto",
        description="Language of boards and results; auto: the server's own if Hungarian or Polish",
    )
    images: bool = Field(True, description="Draw the board and the players' hands as pictures too?")
    threads: bool = Field(
        True, description="Give each duel a thread of its own (when the bot may create threads there)?"
    )
    season_weeks: int = Field(
        0,
        ge=0,
        le=52,
        description="Weeks each leaderboard season lasts; 0: a new one only when a manager asks",
    )

    @property
    def decision(self) -> timedelta:
        return timedelta(hours=self.decision_hours)

    @property
    def reminder(self) -> timedelta | None:
        return timedelta(hours=self.reminder_hours) if self.reminder_hours > 0 else None

    @property
    def grace(self) -> timedelta:
        return timedelta(hours=self.grace_hours)


def bounds(name: str) -> tuple[float, float]:
    """A numeric setting's allowed range, inclusive, as the model declares it."""
    metadata = GuildSettings.model_fields[name].metadata
    low = next(m.ge for m in metadata if isinstance(m, annotated_types.Ge))
    high = next(m.le for m in metadata if isinstance(m, annotated_types.Le))
    assert isinstance(low, int | float) and isinstance(high, int | float)
    return float(low), float(high)


DEFAULTS = GuildSettings()
SETTINGS_COLUMNS = tuple(GuildSettings.model_fields)


def guild_settings(row: Row) -> GuildSettings:
    return GuildSettings.model_validate({name: row[name] for name in SETTINGS_COLUMNS})


@dataclass(frozen=True, slots=True)
class Wait:
    """A game in progress waiting for a decision, as stored."""

    game_id: int
    match_id: int
    guild_id: int
    since_text: str  # as stored: the compare-and-set key of this wait, with ``actions``
    actions: int  # decisions taken in the game when the wait began
    reminders_sent: int
    claim_offered: bool
    computer: bool = False  # a duel against the computer (p2): no reminder, claim or forfeit waits on it
    decision_hours: float | None = None  # its own time per decision (a tournament's), not the server's

    @property
    def since(self) -> datetime:
        since = datetime.fromisoformat(self.since_text)
        return since if since.tzinfo is not None else since.replace(tzinfo=UTC)
