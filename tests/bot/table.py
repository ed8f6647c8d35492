"""The end-to-end harness: a table of three users (Alice and Bob play, Carol watches) around the real bot
and the loopback Discord (``emulator``), that plays only through what the bot shows, follows every game
from its stored record, and screens every public message for a card the public has not seen.

``Table`` plays; ``TimedTable`` adds a fake clock and fast timer scans for duels over days. Games are made
deterministic by the bot's dealer (``CardiaBot(dealer=...)``, as the clock is given): numbered seeds, or
stacked decks (``stacked_setup``) where a test needs to know the hands. The bot is idle when its guard
has no interaction in flight and its computer thinks about no game (:meth:`Table.settle`).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

import text
from bot.app import CardiaBot
from bot.cogs import Cog
from bot.cogs.duels import DuelsCog
from bot.cogs.help import HelpCog
from bot.cogs.queue import QueueCog
from bot.cogs.records import RecordsCog
from bot.cogs.reviews import ReviewsCog
from bot.cogs.server import ServerCog
from bot.cogs.tournaments import TournamentsCog
from bot.services.timers import Timers
from bot.settings import Settings
from bot.store import GuildSettings, MatchRow, Storage
from cards import CARDS, Deck
from emulator import Emulator, Interaction, Message, RecordedRequest, SimUser, run_bot
from emulator.state import ALL_PERMISSIONS, EPHEMERAL
from engine import Game, Setup, observation, state, visible_events
from engine.review import Budget
from tests.helpers import Clock, stacked

#: Reviews and hints searched at a small budget: a test waits for a whole review, and what is tested here is
#: the bot's handling of them (the review's own judgement is tested in tests/engine/test_review.py).
REVIEW_BUDGET = Budget(search=60, batch=15, batches=2, most_batches=4)


def _names_of(card: str) -> set[str]:
    """A card's name in every language the bot speaks (a secret must not leak in any of them)."""
    names = set()
    for language in text.LANGUAGES:
        with text.speaking(language):
            names.add(text.card_name(card))
    return names


NAMES_OF = {card: _names_of(card) for card in CARDS}
CARD_NAMES = {name for names in NAMES_OF.values() for name in names}
MENTION = re.compile(r"<@(\d+)>")
GAME_IN_CUSTOM_ID = re.compile(r"cardia:[hdsb]:(\d+)")
OUT_OF_DATE = "⚠️ That choice is out of date"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"

# Round 1 of the stacked games: Judge (8) beats Surgeon (3), whose ability (−5 on the next card) needs
# no decision; round 2 starts with five cards in each hand, five buttons each.
P1_TOP = ["judge", "mediator", "inventor", "magistra", "clockmaker"]
P2_TOP = ["surgeon", "saboteur", "treasurer", "ambusher", "djinn"]


def declared_cogs() -> tuple[Cog, ...]:
    """Every cog, built without services: for what they declare (commands, options), never called."""
    cogs: tuple[type[Cog], ...] = (DuelsCog, ServerCog, QueueCog, RecordsCog, ReviewsCog, TournamentsCog)
    return (*(_without_services(cog) for cog in cogs), HelpCog())


def _without_services(cog: type[Cog]) -> Cog:
    """``cog`` given None for each service its constructor asks for, however many it takes."""
    asked = inspect.signature(cog.__init__).parameters.values()
    services = [p for p in asked if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty][1:]
    nothing: Any = None
    return cog(*[nothing] * len(services))


def bot_settings(database: Path | str, **fields: Any) -> Settings:
    """The bot's settings for a test: its database, the computer and the pictures in threads of the test's
    process (fast to start), and ``fields``; nothing read from the environment or a ``.env`` file."""
    values: dict[str, Any] = {"database": str(database), "computer_workers": 0, "picture_processes": False}
    return _GivenSettings(**(values | fields))


class _GivenSettings(Settings):
    """Settings validated as the bot's, from the values given only (a test's environment may set any)."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)


def stacked_setup(deck: Deck = "I", location: str | None = None, seed: int = 7) -> dict[str, Any]:
    return {
        "deck": deck,
        "location": location,
        "seed": seed,
        "chance": "seeded",
        "decks": {"p1": stacked(deck, P1_TOP), "p2": stacked(deck, P2_TOP)},
    }


def _card_names(ref: str) -> set[str]:
    """The names of a card id or reference (``p2:judge``) in every language; none for anything else."""
    return NAMES_OF.get(ref.rsplit(":", 1)[-1], set())


def names_in(body_text: str, names: set[str]) -> set[str]:
    """The card ``names`` written in ``body_text`` as words (Djinn inside "Mechanical Djinn" is not one)."""
    found = set()
    for name in names:
        cleaned = body_text
        for longer in CARD_NAMES:
            if name != longer and name in longer:
                cleaned = cleaned.replace(longer, "")
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", cleaned):
            found.add(name)
    return found


@dataclass
class Followed:
    """A game replayed from its stored record, with every card name the public has seen so far."""

    game: Game
    applied: int = 0
    public: set[str] = field(default_factory=set)

    def note_public(self) -> None:
        obs = observation(self.game, None)
        refs: list[str] = []
        for encounter in obs["encounters"]:
            refs += [slot["card"] for slot in (encounter["p1"], encounter["p2"]) if slot and slot["card"]]
        for player in obs["players"].values():
            refs += player["discard"]
        for event in visible_events(self.game, None):
            refs += list(event.cards)
        self.public |= {name for ref in refs for name in _card_names(str(ref))}

    def hidden(self) -> set[str]:
        """Names of cards in a hand, a deck or face down that the public has never seen in this game."""
        full = state(self.game)
        refs = [ref for player in full["players"].values() for ref in player["hand"] + player["deck"]]
        for encounter in full["encounters"]:
            refs += [
                slot["card"] for slot in (encounter["p1"], encounter["p2"]) if slot and not slot["face_up"]
            ]
        return {name for ref in refs for name in _card_names(str(ref))} - self.public


class Table:
    """The emulator, the bot's database file and three users (Alice and Bob play, Carol watches)."""

    def __init__(self, emulator: Emulator, database: Path | str) -> None:
        self.emulator = emulator
        self.database = database
        self.alice, self.bob, self.carol = (emulator.user(name) for name in ("alice", "bob", "carol"))
        self.by_id = {user.id: user for user in (self.alice, self.bob, self.carol)}
        self.next_seed = 1000
        self.fixed_setup: dict[str, Any] | None = None  # every new game gets it (stacked decks)
        self.followed: dict[int, Followed] = {}
        self.screened = 0  # requests already screened for hidden card names
        self.screened_bodies = 0
        self.revealed_names_published: set[str] = set()
        self.public_language = "en"  # the server's: what its public messages are written in
        self._bot: CardiaBot | None = None

    # --- the bot --------------------------------------------------------------------------------------

    def deal(self, deck: Any, location: str | None, /) -> dict[str, Any]:
        """The bot's dealer: every new game gets the fixed setup, else the next numbered seed."""
        if self.fixed_setup is not None:
            return {**self.fixed_setup, "deck": deck, "location": location}
        self.next_seed += 1
        return {"deck": deck, "location": location, "seed": self.next_seed, "chance": "seeded"}

    def bot_settings(self) -> Settings:
        """The settings a bot of this table runs with."""
        return bot_settings(self.database)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[CardiaBot]:
        """A fresh bot process on the database file: started, connected, and stopped at the end."""
        client = CardiaBot(self.bot_settings(), sync=True, dealer=self.deal)
        async with run_bot(client, self.emulator) as client:
            client.reviews.budget = REVIEW_BUDGET
            self._bot = client
            try:
                yield client
            finally:
                await self.settle()
                self._bot = None

    @property
    def storage(self) -> Storage:
        assert self._bot is not None and self._bot.storage is not None
        return self._bot.storage

    def idle(self) -> bool:
        return self._bot is None or idle(self._bot)

    async def settle(self, timeout: float = 5.0) -> None:
        """Wait until every interaction is answered and the bot is idle (:func:`settled`)."""
        await settled(self.emulator, self._bot, timeout)

    async def outbox_settled(self, timeout: float = 10.0) -> None:
        """Wait until nothing the reconciler started is in flight: a retry (its wait included), a picture
        added late, a flush."""
        assert self._bot is not None
        async with asyncio.timeout(timeout):
            await self._bot.reconciler.settled()

    # --- what the users see ---------------------------------------------------------------------------

    def boards(self) -> list[Message]:
        """The public game boards (the messages with a Show my hand button), oldest first."""
        return [m for m in self.emulator.messages() if any(c.startswith("cardia:h:") for c in m.custom_ids)]

    def board(self) -> Message:
        boards = self.boards()
        assert boards, "the bot posted no board"
        return boards[-1]

    @staticmethod
    def discards(board: Message) -> str:
        """The custom id of a board's Discard piles button (it carries the board's revision)."""
        return next(c for c in board.custom_ids if c.startswith("cardia:d:"))

    @staticmethod
    def game_id(board: Message) -> int:
        return int(next(c for c in board.custom_ids if c.startswith("cardia:h:")).rsplit(":", 1)[1])

    def mentioned(self, message: Message) -> list[SimUser]:
        return [self.by_id[int(user_id)] for user_id in MENTION.findall(message.content)]

    def results(self) -> list[Message]:
        return [m for m in self.emulator.messages() if any(c.startswith("cardia:r:") for c in m.custom_ids)]

    async def challenge(self, challenger: SimUser, opponent: SimUser, **options: Any) -> tuple[Message, int]:
        """A public challenge message and its match id."""
        sent = await challenger.slash("cardia", "challenge", opponent=opponent, **options)
        await self.settle()
        message = sent.message
        assert message is not None and not message.ephemeral, sent.callbacks
        assert message.content.startswith(opponent.mention)
        (match_id,) = {int(c.split(":")[2]) for c in message.custom_ids}
        assert message.custom_ids == [f"cardia:c:{match_id}:{a}" for a in ("accept", "decline", "withdraw")]
        return message, match_id

    async def start(self, **options: Any) -> tuple[int, int]:
        """Alice challenges Bob and Bob accepts: the match id and the first game's id."""
        message, match_id = await self.challenge(self.alice, self.bob, **options)
        accepted = await self.bob.click(message, f"cardia:c:{match_id}:accept")
        await self.settle()
        assert accepted.response_type == 7 and accepted.message is message
        with text.speaking(self.public_language):
            accepted_line = text.tr("challenge.status.active")
        assert message.custom_ids == [] and accepted_line in message.text
        board = self.board()
        assert set(self.mentioned(board)) == {self.alice, self.bob}
        return match_id, self.game_id(board)

    async def show_hand(self, user: SimUser, board: Message) -> Message:
        shown = await user.click(board, f"cardia:h:{self.game_id(board)}")
        await self.settle()
        hand = shown.message
        assert hand is not None and hand.ephemeral and hand in user.messages(), shown.callbacks
        with text.speaking(text.language_of(user.locale)):  # in the user's own language
            discards_button = text.tr("button.discards")
        assert hand not in self.emulator.messages() and discards_button in hand.text
        assert len(set(hand.custom_ids)) == len(hand.custom_ids), "Discord refuses duplicate custom ids"
        return hand

    @staticmethod
    def choices(hand: Message) -> list[str]:
        return [c for c in hand.custom_ids if c.startswith(("cardia:b:", "cardia:s:"))]

    async def choose(self, user: SimUser, hand: Message, rng: random.Random) -> Interaction:
        """Take the decision offered in ``hand``: a random button, or random values of a random select."""
        buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
        selects = [c for c in hand.custom_ids if c.startswith("cardia:s:")]
        assert buttons or selects, hand.text
        if buttons:
            done = await user.click(hand, rng.choice(buttons))
        else:
            custom_id = rng.choice(selects)
            select = hand.component(custom_id)
            assert select is not None and select["min_values"] == select["max_values"]
            values = [option["value"] for option in select["options"]]
            done = await user.select(hand, custom_id, rng.sample(values, select["min_values"]))
        await self.settle()
        assert done.response_type == 7 and done.message is hand and hand.ephemeral
        assert "⚠️" not in hand.content, hand.content
        return done

    async def choose_index(self, user: SimUser, hand: Message, custom_id: str) -> Interaction:
        """Press the decision button ``custom_id`` of ``hand``; the bot takes it."""
        done = await user.click(hand, custom_id)
        await self.settle()
        assert done.response_type == 7 and done.message is hand and "⚠️" not in hand.content, hand.content
        return done

    async def turn(self, rng: random.Random) -> bool:
        """One player whom the latest board asks to decide looks at their hand and decides; False once
        the board asks nobody (the game is over)."""
        board = self.board()
        waiting = self.mentioned(board)
        if not waiting:
            return False
        followed = await self.follow(self.game_id(board))
        assert set(waiting) == self.waiting_users(followed.game), board.content
        user = rng.choice(waiting)
        if rng.random() < 0.1:  # now and then, a look at the discard piles
            piles = await user.click(board, self.discards(board))
            await self.settle()
            assert piles.ephemeral and piles.message is not None and piles.message.embeds
        hand = await self.show_hand(user, board)
        assert self.choices(hand), f"{user.name} was asked to decide but got no choice: {hand.text}"
        await self.choose(user, hand, rng)
        await self.screen()
        return True

    async def play_game(self, rng: random.Random, limit: int = 400) -> int:
        """Turns until the game of the current board is over; the number of decisions taken."""
        game_id = self.game_id(self.board())
        for taken in range(limit):
            if self.game_id(self.board()) != game_id or not await self.turn(rng):
                return taken
        raise AssertionError(f"game {game_id} did not end within {limit} decisions")

    # --- what the public may know ---------------------------------------------------------------------

    async def follow(self, game_id: int) -> Followed:
        """The game replayed (by the test) from the bot's stored record, brought up to date."""
        followed = self.followed.get(game_id)
        if followed is None:
            row = await self.storage.game(game_id)
            assert row is not None
            followed = self.followed[game_id] = Followed(Game(Setup.model_validate(row.setup)))
            followed.note_public()
        for player, choose in (await self.storage.actions(game_id))[followed.applied :]:
            followed.game.apply(player, choose)
            followed.applied += 1
            followed.note_public()
        return followed

    def public_bodies(self, requests: list[RecordedRequest]) -> list[Any]:
        """The bodies of ``requests`` that everybody in the channel gets to see."""
        interactions = {i.token: i for i in self.emulator.interactions}
        bodies = []
        for request in requests:
            body, template = request.body, request.template or ""
            if not isinstance(body, dict):
                continue
            if template.startswith("/channels/{channel_id}/messages") and request.method in ("POST", "PATCH"):
                bodies.append(body)
            elif template == CALLBACK and body.get("type") in (4, 7):
                data = body.get("data") or {}
                interaction = self.emulator.state.interactions[int(request.params["interaction_id"])]
                if body["type"] == 4:
                    public = not int(data.get("flags") or 0) & EPHEMERAL
                else:
                    public = interaction.source is not None and interaction.source.visible_to is None
                if public:
                    bodies.append(data)
            elif template.startswith(WEBHOOK) and request.method in ("POST", "PATCH"):
                interaction = interactions[request.params["webhook_token"]]
                if request.method == "POST":
                    public = not int(body.get("flags") or 0) & EPHEMERAL
                else:
                    public = interaction.original is not None and not interaction.original.ephemeral
                if public:
                    bodies.append(body)
        return bodies

    def _latest_game(self) -> set[int]:
        """The game of the latest public board in a server, else the latest game followed (a duel in
        direct messages, whose boards no server shows)."""
        if self.boards():
            return {self.game_id(self.board())}
        return {max(self.followed)} if self.followed else set()

    async def screen(self) -> None:
        """Check the public bodies sent since the last screening: none names a card the public has not
        seen yet in the game it shows (or, without a game button, in the latest game)."""
        new = self.emulator.requests[self.screened :]
        self.screened += len(new)
        for body in self.public_bodies(new):
            dumped = json.dumps(body, ensure_ascii=False)
            games = {int(g) for g in GAME_IN_CUSTOM_ID.findall(dumped)} or self._latest_game()
            for game_id in games:
                followed = await self.follow(game_id)
                leaked = names_in(dumped, followed.hidden())
                assert not leaked, f"game {game_id}: hidden {sorted(leaked)} in a public message: {dumped}"
                self.revealed_names_published |= names_in(dumped, followed.public)
            self.screened_bodies += 1

    def waiting_users(self, game: Game) -> set[SimUser]:
        users = {"p1": self.alice, "p2": self.bob}
        return {users[d.player] for d in game.pending if d.player != "chance"}


def idle(client: CardiaBot) -> bool:
    """Nothing in flight in the bot: no interaction (its guard), no game thought about (its computer), no
    update of what a channel shows (its reconciler)."""
    return client.guard.in_flight == 0 and not client.computer.busy and not client.reconciler.updating


async def settled(emulator: Emulator, client: CardiaBot | None, timeout: float = 5.0) -> None:
    """Wait until every interaction is answered and ``client`` is idle: each handler has returned (the
    guard's idle signal: its answer, follow-ups and pictures sent), the computer thinks about no game (it
    has answered, and its boards are posted), and no update of a channel runs (the reconciler's), with
    nothing started meanwhile by any."""
    while True:
        await emulator.wait_for(
            lambda: all(i.acknowledged for i in emulator.interactions),
            timeout,
            what="every interaction to be answered",
        )
        if client is None or idle(client):
            return
        async with asyncio.timeout(timeout):
            await asyncio.gather(client.guard.idle(), client.computer.idle(), client.reconciler.idle())


async def all_settled(emulator: Emulator, *clients: CardiaBot, timeout: float = 5.0) -> None:
    """:func:`settled` for several bots on one emulator (one may act on what another did)."""
    while True:
        for client in clients:
            await settled(emulator, client, timeout)
        if all(map(idle, clients)):
            return


def forged(interaction: Interaction, user: SimUser) -> Interaction:
    """``interaction`` as if ``user`` had sent it (a click on a component they were never shown)."""
    guild = user.emulator.state.guilds[user.channel.guild_id or 0]
    interaction.user = user.user
    interaction.payload["member"] = guild.members[user.id].payload(permissions=ALL_PERMISSIONS)
    return interaction


async def stored_match(table: Table, match_id: int) -> MatchRow:
    match = await table.storage.match(match_id)
    assert match is not None
    return match


TICK = 0.01  # seconds between two scans of the timers
MANAGE_GUILD = 1 << 5


class TimedTable(Table):
    """``Table`` with a fake clock and fast timer scans, counted: the clock moves only in :meth:`later`,
    which waits for the scans that see the new time (a scan sends what it finds before it ends)."""

    def __init__(self, emulator: Emulator, database: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(emulator, database)
        self.clock = Clock()
        self.ticks = 0  # timer scans done
        monkeypatch.setattr(Timers, "tick", self._counted(Timers.tick))

    def _counted(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            try:
                return await method(*args, **kwargs)
            finally:
                self.ticks += 1
                self.emulator.state.notify()

        return counted

    @asynccontextmanager
    async def running(self) -> AsyncIterator[CardiaBot]:
        client = CardiaBot(
            bot_settings(self.database, timer_tick=TICK), sync=True, clock=self.clock, dealer=self.deal
        )
        async with run_bot(client, self.emulator) as started:
            started.reviews.budget = REVIEW_BUDGET
            self._bot = started
            try:
                yield started
            finally:
                await self.settle()
                self._bot = None

    async def later(self, hours: float) -> list[Message]:
        """Move the clock forward, let the timers scan (twice, so a whole scan saw the new time), and
        return the public messages posted meanwhile."""
        before = len(self.emulator.messages())
        self.clock.now += timedelta(hours=hours)
        start = self.ticks
        await self.emulator.wait_for(lambda: self.ticks >= start + 2, what="two timer scans")
        await self.settle()
        return self.emulator.messages()[before:]

    async def place(self, user: SimUser) -> None:
        """``user`` takes the decision the latest board asks of them (the first option)."""
        hand = await self.show_hand(user, self.board())
        buttons = [c for c in self.choices(hand) if c.startswith("cardia:b:")]
        assert buttons, hand.text  # the stacked games ask for a card as buttons in rounds 1 and 2
        await self.choose_index(user, hand, buttons[0])

    async def guild_settings(self) -> GuildSettings:
        assert self._bot is not None
        return await self._bot.guild_settings.get(self.emulator.guild.id)

    def link(self, message: Message) -> str:
        return f"https://discord.com/channels/{self.emulator.guild.id}/{message.channel_id}/{message.id}"


async def answered_privately(interaction: Interaction, table: TimedTable) -> Message:
    """The private message that answered ``interaction``, once the bot has settled."""
    await table.settle()
    message = interaction.message
    assert message is not None and message.ephemeral, interaction.callbacks
    return message
