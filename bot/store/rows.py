"""The rows the store reads and writes, as frozen values: what the services work with. Nothing here
knows which database holds them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from operator import attrgetter
from typing import Any, Literal, NamedTuple, Protocol, TypeVar

import annotated_types
from pydantic import BaseModel, ConfigDict, Field

from cards import DeckChoice
from engine import Setup


class Row(Protocol):
    """A database row as a backend gives it: read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


Outcome = Literal["win", "loss", "draw"]
#: Where a server's duels are played in a home (a setting the queue and tournaments keep): the channel
#: itself, or each duel in a thread of its own there.
HomeKind = Literal["channel", "thread"]

#: What is due to be shown of a duel: its challenge message, a game's public board, its result.
CHALLENGE, BOARD, RESULT = "challenge", "board", "result"
#: What is due to be shown of a tournament: its page, a round's start, the final standings.
PAGE, ROUND, FINAL = "page", "round", "final"
#: The timers' notices due of a duel: a reminder, one once its time is up, a claim offer.
NOTICE_KINDS = ("reminder", "late_reminder", "claim")
#: What is due to be shown of a queued player: the computer offered, the entry expired.
QUEUE_OFFER, QUEUE_EXPIRED = "queue_offer", "queue_expired"
#: What is due to be shown of a server: the end of a season, as the next one begins.
SEASON = "season"
#: Each renderer's kinds (bot.ui.reconciler), as one SQL list each.
DUEL_KINDS_SQL = "(" + ", ".join(f"'{kind}'" for kind in (CHALLENGE, BOARD, RESULT, *NOTICE_KINDS)) + ")"
TOURNAMENT_KINDS_SQL = f"('{PAGE}', '{ROUND}', '{FINAL}')"
QUEUE_KINDS_SQL = f"('{QUEUE_OFFER}', '{QUEUE_EXPIRED}')"

#: A decision as stored: who took it ("p1", "p2") and the options they chose.
StoredAction = tuple[str, tuple[str, ...]]
_ACTIONS: dict[StoredAction, StoredAction] = {}  # a few thousand at most: (seat, the cards or options)


def stored_action(player: str, choose: Sequence[str]) -> StoredAction:
    """The one shared copy of this action: a game in memory keeps its actions, and the same few hundred
    (a seat and a card) recur in every game. A tuple of strings is also left alone by the garbage
    collector, where a list of them is tracked (bench/bot_load.py: a tenth of a cached game)."""
    action = (player, tuple(choose))
    return _ACTIONS.setdefault(action, action)


class Home(NamedTuple):
    """One place a duel is shown: a server's channel, a thread of its own there, or a player's DM with the
    bot. A duel has one home, or two when its players are in two places (direct messages, two servers, the
    queue): each player's own, each showing the duel's challenge, boards and result in its own language.
    A tuple of plain values: a cached match keeps its homes, and the garbage collector stops tracking them.
    """

    number: int  # 0: where the duel was proposed; 1: the opponent's own, elsewhere
    player: str | None  # whose home it is ("p1", "p2"); None: both players'
    guild_id: int  # its server; NO_SERVER: a player's DM with the bot
    channel_id: int  # the channel (a thread's: the channel it is in)
    in_thread: bool = False  # played in a thread of its own there, started from the challenge message
    thread_id: int | None = None  # that thread once started (or the thread a rematch was proposed in)
    challenge_id: int | None = None  # the challenge message here
    result_id: int | None = None  # the match's result message here

    @property
    def in_dm(self) -> bool:
        """A player's DM with the bot (no server)."""
        return self.guild_id == NO_SERVER

    @property
    def posts_to(self) -> int:
        """The channel its boards, notices and result go to: its thread once started, else its channel."""
        return self.thread_id if self.in_thread and self.thread_id is not None else self.channel_id

    @property
    def challenge_in(self) -> int:
        """The channel its challenge message is in: the channel, or the thread it was proposed in (a
        rematch asked for in the thread of the duel before). A thread started from the challenge message
        has that message's id."""
        in_thread = self.in_thread and self.thread_id is not None and self.thread_id != self.challenge_id
        return self.thread_id if in_thread and self.thread_id is not None else self.channel_id

    def holds(self, channel_id: int | None) -> bool:
        """Whether ``channel_id`` is this home (its channel or its thread)."""
        return channel_id is not None and channel_id in (self.channel_id, self.thread_id)


#: A home's server when it has none: a player's DM with the bot.
NO_SERVER = 0


class MatchStatus(StrEnum):
    """Where a match is in its life, as stored (``matches.status``)."""

    PROPOSED = "proposed"  # challenged, not yet answered
    ACTIVE = "active"  # accepted: its games are played
    FINISHED = "finished"  # won (a concession and a forfeit too)
    DECLINED = "declined"  # the challenged player said no
    WITHDRAWN = "withdrawn"  # the challenger took it back
    ABORTED = "aborted"  # ended without a result (a manager, a tournament cancelled)


class GameStatus(StrEnum):
    """A game of a match, as stored (``games.status``)."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"  # with its winner (or a draw) and its reason
    ABORTED = "aborted"  # its match was aborted while it was played


def new_home(
    guild_id: int, channel_id: int, *, in_thread: bool = False, thread_id: int | None = None
) -> Home:
    """Where a duel about to be proposed is shown (its number and player set when the challenge is made)."""
    return Home(0, None, guild_id, channel_id, in_thread, thread_id)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A duel as it is proposed: where, who (each a Discord id and a display name), and its setup."""

    guild_id: int  # the server it counts for (its records, ratings, caps); 0: none (DMs, the queue)
    home: Home  # where it is proposed, and played once under way (the challenger's, or both players')
    challenger: tuple[int, str]
    opponent: tuple[int, str]
    deck: DeckChoice
    location: str | None
    wins_needed: int
    computer: str | None = None  # the opponent is the bot itself, playing at this level (easy, normal, hard)
    hints: bool = False  # the players may ask for hints (and the duel is not rated)
    learn: bool = False  # the first game that teaches (/cardia learn): against the computer
    opponent_home: Home | None = None  # the opponent's own home, when not the challenger's
    code: str | None = None  # a challenge by code: anyone given it accepts, from their own home
    queued: bool = False  # a duel the queue made
    tournament_id: int | None = None  # a duel of a tournament's round (bot.services.tournaments)
    tournament_round: int | None = None
    rated: bool = True  # False: it counts for no rating (a tournament not rated)

    @property
    def homes(self) -> tuple[Home, ...]:
        """Its homes as stored: numbered, each given its player when the players are in two places."""
        if self.opponent_home is None:
            player = "p1" if self.home.in_dm else None
            return (self.home._replace(number=0, player=player),)
        return (
            self.home._replace(number=0, player="p1"),
            self.opponent_home._replace(number=1, player="p2"),
        )


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int  # the server it counts for (records, ratings, caps); 0: none (DMs, the queue)
    challenger_id: int
    opponent_id: int
    challenger_name: str
    opponent_name: str
    deck: DeckChoice
    location: str | None
    wins_needed: int
    status: MatchStatus
    homes: tuple[Home, ...]  # where it is shown: one, or each player's own (numbered 0, 1)
    computer: str | None = None  # the opponent (p2) is the computer, at this level; None: two people
    hints: bool = False  # its challenge allowed hints: not rated
    learn: bool = False  # the first game that teaches (/cardia learn): its hands explain
    code: str | None = None  # a challenge by code (/cardia accept code:), accepted from anywhere
    queued: bool = False  # a duel the queue made (no challenge: its first message says the queue found it)
    tournament_id: int | None = None  # a duel of a tournament's round (bot.services.tournaments)
    tournament_round: int | None = None
    rated: bool = True  # False: it counts for no rating (an unrated tournament's duel)

    @property
    def first_home(self) -> Home:
        """Where it was proposed (the challenger's home, and both players' when they share it)."""
        return self.homes[0]

    def home_of(self, player: str) -> Home:
        """The home where ``player`` ("p1", "p2") plays."""
        return next((home for home in self.homes if home.player == player), self.homes[0])

    def home_in(self, channel_id: int | None) -> Home | None:
        """The home ``channel_id`` is (its channel or its thread), if any."""
        return next((home for home in self.homes if home.holds(channel_id)), None)

    def at(self, home: Home) -> list[int]:
        """The players who are people and play from ``home``."""
        seats = ("p1", "p2") if home.player is None else (home.player,)
        return [self.user(seat) for seat in seats if seat != self.computer_seat]

    def away(self, home: Home) -> list[int]:
        """The players who are people and play from another home than ``home``."""
        return [user for user in self.people if user not in self.at(home)]

    def dm_of(self, home: Home) -> int | None:
        """The player whose DM with the bot ``home`` is (None: a server's channel)."""
        return self.user(home.player or "p1") if home.in_dm else None

    def seen_from(self, guild_id: int | None) -> bool:
        """Whether an interaction of that server (None: a DM) may concern this match: it is shown there."""
        here = guild_id or NO_SERVER
        return any(home.guild_id == here for home in self.homes)

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
_HOMES = [field.name for field in fields(MatchRow)].index("homes")
RowT = TypeVar("RowT", "MatchRow", "GameRow")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    match_id: int
    number: int
    setup_json: str  # as stored: a few hundred bytes no collection goes through (see setup)
    status: GameStatus
    winner: str | None
    reason: str | None

    @property
    def setup(self) -> Setup:
        """The game's setup, parsed: read when the game is replayed. A row stays in memory with every
        game cached, and a parsed setup there would be three more objects for each full collection of
        the garbage collector to go through (bench/bot_load.py)."""
        return Setup.model_validate_json(self.setup_json)


#: Each row kind's fields in order, read at once: a cached game is made cold at every use of another.
_FIELDS = {kind: attrgetter(*(field.name for field in fields(kind))) for kind in (MatchRow, GameRow)}
#: Where each row kind holds its status, and its enum: a member is kept as its plain value, which
#: ``marshal`` takes (it takes no subclass of str).
_STATUS = {kind: [field.name for field in fields(kind)].index("status") for kind in (MatchRow, GameRow)}
_STATUS_ENUM: dict[type, type[StrEnum]] = {MatchRow: MatchStatus, GameRow: GameStatus}


def row_values(row: MatchRow | GameRow) -> tuple[Any, ...]:
    """A row's fields in order, as plain values in a tuple (a mixed deck as its factions and decks in
    turn, its homes as plain tuples): the garbage collector stops tracking such a tuple, where it tracks
    any row and any tuple holding a dict, and ``marshal`` takes it (bot.services.game_cache.ColdGame).
    :func:`row_from_values` makes the row again."""
    values: tuple[Any, ...] = _FIELDS[type(row)](row)
    at = _STATUS[type(row)]
    values = (*values[:at], row.status.value, *values[at + 1 :])
    if not isinstance(row, MatchRow):
        return values
    deck: Any = row.deck
    if isinstance(deck, dict):
        deck = tuple(item for pair in deck.items() for item in pair)  # one tuple: untracked sooner
    homes = tuple(tuple(home) for home in row.homes)
    return (*values[:_DECK], deck, *values[_DECK + 1 : _HOMES], homes, *values[_HOMES + 1 :])


def row_from_values(kind: type[RowT], values: tuple[Any, ...]) -> RowT:
    """The row whose :func:`row_values` these are."""
    at: int = _STATUS[kind]
    values = (*values[:at], _STATUS_ENUM[kind](values[at]), *values[at + 1 :])
    if kind is MatchRow:
        deck = values[_DECK]
        if isinstance(deck, tuple):
            deck = dict(zip(deck[::2], deck[1::2], strict=True))
        homes = tuple(Home(*home) for home in values[_HOMES])
        values = (*values[:_DECK], deck, *values[_DECK + 1 : _HOMES], homes, *values[_HOMES + 1 :])
    return kind(*values)


@dataclass(frozen=True, slots=True)
class QueueLine:
    """A line of the queue due in a player's home: the computer offered (QUEUE_OFFER), or their entry
    expired (QUEUE_EXPIRED)."""

    id: int
    kind: str
    user_id: int
    channel_id: int
    guild_id: int  # the channel's server; 0: the player's DM with the bot
    created_at: str


@dataclass(frozen=True, slots=True)
class Post:
    """Something a duel's homes must be brought up to date with (an entry of ``due``)."""

    id: int
    match_id: int
    game_id: int | None
    kind: str  # CHALLENGE, BOARD, RESULT, or one of NOTICE_KINDS
    created_at: str
    version: int | None = None  # a notice's: the game's decisions when it was due (stale after another)


def match_row(row: Row, homes: Sequence[Row]) -> MatchRow:
    """A match from its query's rows, one per home in their order (the match's columns, then its home's)."""
    return MatchRow(
        id=row["id"],
        guild_id=row["guild_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        challenger_name=row["challenger_name"],
        opponent_name=row["opponent_name"],
        deck=json.loads(row["deck"]),
        location=row["location"],
        wins_needed=row["wins_needed"],
        status=MatchStatus(row["status"]),
        homes=tuple(home_row(home) for home in homes),
        computer=row["computer"],
        hints=bool(row["hints"]),
        learn=bool(row["learn"]),
        code=row["code"],
        queued=bool(row["queued"]),
        tournament_id=row["tournament_id"],
        tournament_round=row["tournament_round"],
        rated=bool(row["rated"]),
    )


#: A home's columns, as a match's query reads them beside its own (each prefixed ``home_``).
HOME_COLUMNS = (
    "number",
    "player",
    "guild_id",
    "channel_id",
    "in_thread",
    "thread_id",
    "challenge_id",
    "result_id",
)


def home_row(row: Row) -> Home:
    """A home from a match's query row (its columns prefixed ``home_``)."""
    return Home(
        number=row["home_number"],
        player=row["home_player"],
        guild_id=row["home_guild_id"],
        channel_id=row["home_channel_id"],
        in_thread=bool(row["home_in_thread"]),
        thread_id=row["home_thread_id"],
        challenge_id=row["home_challenge_id"],
        result_id=row["home_result_id"],
    )


def game_row(row: Row) -> GameRow:
    return GameRow(
        id=row["id"],
        match_id=row["match_id"],
        number=row["number"],
        setup_json=row["setup"],
        status=GameStatus(row["status"]),
        winner=row["winner"],
        reason=row["reason"],
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
    match_status: MatchStatus
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
        match_status=MatchStatus(row["match_status"]),
        wins_needed=row["wins_needed"],
        computer=row["computer"],
        tournament=row["tournament_name"],
        tournament_round=row["tournament_round"],
    )


Language = Literal["auto", "en", "hu", "pl"]  # a server's public language (auto: its preferred locale)
#: How a player is told a duel waits for them: a ping where the duel is, a direct message, or neither.
Notify = Literal["channel", "dm", "off"]


class TournamentStatus(StrEnum):
    """Where a tournament is in its life, as stored (``tournaments.status``)."""

    SIGNUP = "signup"  # players join and leave
    RUNNING = "running"  # its rounds are played
    FINISHED = "finished"  # its final standings are out
    CANCELLED = "cancelled"  # ended by a manager before its end


@dataclass(frozen=True, slots=True)
class NewTournament:
    """A tournament as a server manager sets it up (``/cardia tournament create``)."""

    guild_id: int
    channel_id: int
    name: str
    format: str  # a format's name (bot.services.tournaments.formats)
    rounds: int | None  # where the format takes it, as chosen; else set at the start
    deck: DeckChoice
    location: str | None
    wins_needed: int
    decision_hours: float
    rated: bool
    home: HomeKind  # its duels in the channel, or each in a thread of its own there
    signup_until: str | None  # ISO time
    player_limit: int | None
    created_by: int


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    name: str
    format: str
    rounds: int | None
    deck: DeckChoice
    location: str | None
    wins_needed: int
    decision_hours: float
    rated: bool
    home: HomeKind
    signup_until: str | None
    player_limit: int | None
    status: TournamentStatus
    round: int  # the round being played (0: in sign-up)
    page_id: int | None
    created_by: int


@dataclass(frozen=True, slots=True)
class SeasonRow:
    guild_id: int
    number: int
    started_at: str
    after_seq: int  # its games finished after this place in the finish order (games.finish_seq)
    channel_id: int | None  # where its end is announced


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """A player's line in a season's final leaderboard."""

    place: int
    user_id: int
    user_name: str
    rating: int
    wins: int
    losses: int
    draws: int


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
    home: HomeKind = "channel"  # their duel there: in the channel, or a thread of its own

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
    web_pages: bool = Field(
        True,
        description="Give this server's duels, tournaments and players web pages (if the bot has them)?",
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
