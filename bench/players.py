"""The load benchmark's simulated players (``bench.bot_load``, ``bench.floor``): they follow the public
messages the bot posts in the emulated Discord and click only what it showed them, one interaction in
flight per duel, at the rate the driver's open loop sets."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import random
import re
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import text
from bot.ui.choices import DECK_CHOICES, LOCATION_CHOICES
from emulator import Emulator, Interaction, Message, SimUser
from emulator.gateway import GatewaySession

MENTION = re.compile(r"<@(\d+)>")
BOARD = re.compile(r"cardia:h:(\d+)")
GAME_OF = re.compile(r"cardia:[hdsb]:(\d+)")
#: The first line of a private hand whose decision is the card to play (face down, or first and shown).
PLAY_PROMPTS = tuple(
    text.tr("hand.your_turn", prompt=text.decision_prompt("play", first=first)) for first in (False, True)
)
LOAD_KINDS = ("show hand", "decide (play)", "decide (other)", "stale", "discards", "rematch", "accept")
#: Reviews of finished games (``--reviews``): seconds of search each, answered after a deferral, so they
#: are reported apart from the load's latencies, which they must not raise.
REVIEW = "review"
REVIEW_ID = re.compile(r"cardia:rv:(\d+)")
SETUP_KINDS = ("challenge", "accept")


@dataclass(eq=False)
class Duel:
    """Two players and what the driver knows of their duel, from the messages the bot sent."""

    players: tuple[SimUser, ...]  # one player in a duel against the computer
    computer: str | None = None  # the computer's level, in a duel against it
    game_id: int | None = None
    board: Message | None = None  # the latest public board of the current game
    waiting: set[int] = field(default_factory=set)  # user ids the board says must decide
    boards: int = 0  # board posts and edits seen
    hands: dict[int, Message] = field(default_factory=dict)  # user id -> their private hand message
    taken: dict[int, tuple[Message, str, list[str] | None]] = field(default_factory=dict)  # for stale
    challenge: Message | None = None  # a challenge waiting for its opponent
    challenged: int | None = None
    match_over: Message | None = None  # the match result, with its Rematch button
    reviewable: list[tuple[Message, str]] = field(default_factory=list)  # finished boards' Review buttons
    offered: set[str] = field(default_factory=set)  # the Review buttons seen
    busy: bool = False


class Driver:
    """The simulated players of every duel: they follow the bot's messages and click what it shows."""

    def __init__(
        self, emulator: Emulator, duels: list[Duel], rng: random.Random, stale: float, reviews: float = 0.0
    ) -> None:
        self.emulator = emulator
        self.duels = duels
        self.rng = rng
        self.stale = stale
        self.reviews = reviews  # the share of finished games a player asks to review
        self.by_user = {user.id: duel for duel in duels for user in duel.players}
        self.by_game: dict[int, Duel] = {}
        self.samples: list[tuple[str, str, Interaction]] = []  # (phase, kind, interaction)
        self.refused = 0  # decisions meant to be fresh that the bot refused (a race with the board)
        self.skipped = 0  # ticks that found no idle duel
        self.tasks: set[asyncio.Task[None]] = set()
        self.requests = 0  # request bodies the emulator received (see sample_validation)
        self.routes: collections.Counter[str] = collections.Counter()  # requests by method and route
        self.validated = 0
        state = emulator.state
        create, edit = state.create_message, state.edit_message

        def created(*args: Any, **kwargs: Any) -> Message:
            message = create(*args, **kwargs)
            self.observe(message)
            return message

        def edited(*args: Any, **kwargs: Any) -> Message:
            message = edit(*args, **kwargs)
            self.observe(message)
            return message

        state.create_message = created  # type: ignore[method-assign]
        state.edit_message = edited  # type: ignore[method-assign]
        # The emulator finds an interaction by its token by going through all of them (webhook routes:
        # followups, the original response): an index keeps a long run from slowing this process down.
        by_token: dict[str, Interaction] = {}
        find, inject = state.find_interaction, emulator.inject

        def found(token: str) -> Interaction | None:
            return by_token.get(token) or find(token)

        async def injected(
            interaction: Interaction, *, every_shard: bool = False, session: GatewaySession | None = None
        ) -> Interaction:
            by_token[interaction.token] = interaction
            return await inject(interaction, every_shard=every_shard, session=session)

        state.find_interaction = found  # type: ignore[method-assign]
        emulator.inject = injected  # type: ignore[method-assign]

    def sample_validation(self, first: int, every: int) -> None:
        """Validate the first ``first`` request bodies of each route, then one in ``every``: a body takes
        milliseconds to validate against the OpenAPI description, which would make this process, not the
        bot, the bottleneck (the end-to-end tests validate every body)."""
        spec = self.emulator.spec
        validate = spec.validate_request
        seen: dict[tuple[str, str], int] = {}

        def sampled(method: str, template: str, body: Any, *, has_body: bool = True) -> list[str]:
            count = seen[method, template] = seen.get((method, template), 0) + 1
            self.requests += 1
            self.routes[f"{method} {template}"] += 1
            if count > first and count % every:
                return []
            self.validated += 1
            return validate(method, template, body, has_body=has_body)

        spec.validate_request = sampled  # type: ignore[method-assign]

    # --- what the bot posted -----------------------------------------------------------------------------

    def observe(self, message: Message) -> None:
        """Follow the public messages: boards, challenges and match results."""
        if message.visible_to is not None:
            return
        ids = message.custom_ids
        mentions = [int(found) for found in MENTION.findall(message.content)]
        mentioned = next((self.by_user[m] for m in mentions if m in self.by_user), None)
        board = next((int(m[1]) for cid in ids if (m := BOARD.fullmatch(cid))), None)
        if board is not None:
            duel = self.by_game.get(board) or mentioned
            if duel is None:
                return
            self.by_game[board] = duel
            if duel.game_id is None or board > duel.game_id:  # the next game (of this match or the next)
                duel.game_id, duel.challenge, duel.match_over = board, None, None
                duel.hands.clear()
                duel.taken.clear()
            review = next((cid for cid in ids if REVIEW_ID.fullmatch(cid)), None)
            if review is not None and review not in duel.offered:  # a finished game: asked once, or never
                duel.offered.add(review)
                if self.rng.random() < self.reviews:
                    duel.reviewable.append((message, review))
            if board == duel.game_id:
                duel.board = message
                duel.waiting = set(mentions) if message.content.startswith("Your move") else set()
                duel.boards += 1
                self.emulator.state.notify_about(duel)  # its waiters are checked on a change to it only
        elif mentioned is not None and any(cid.startswith("cardia:r:") for cid in ids):
            mentioned.match_over, mentioned.waiting = message, set()
        elif mentioned is not None and any(
            cid.startswith("cardia:c:") and cid.endswith(":accept") for cid in ids
        ):
            mentioned.challenge, mentioned.challenged = message, mentions[0]

    # --- sending -----------------------------------------------------------------------------------------

    def send(self, phase: str, kind: str, duel: Duel, user: SimUser, interaction: Interaction) -> None:
        task = asyncio.create_task(self._send(phase, kind, duel, user, interaction))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send(self, phase: str, kind: str, duel: Duel, user: SimUser, interaction: Interaction) -> None:
        duel.busy = True
        try:
            boards = duel.boards
            await self.emulator.inject(interaction)
            self.samples.append((phase, kind, interaction))
            with contextlib.suppress(TimeoutError):
                await interaction.wait_response(10.0)
            if not interaction.acknowledged:
                return
            if interaction.deferred:  # the bot was slow (bot.ui.answer): its answer fills the deferral in
                wait = 120.0 if kind == REVIEW else 10.0  # a review searches for seconds
                with contextlib.suppress(TimeoutError):
                    await self.emulator.wait_for(lambda: answered(interaction), wait, on=interaction)
            message = interaction.message
            if kind == "show hand" and message is not None:
                shown = next((int(m[1]) for cid in message.custom_ids if (m := GAME_OF.fullmatch(cid))), None)
                if shown == duel.game_id:
                    duel.hands[user.id] = message
            elif kind.startswith("decide"):
                said = [m.content for m in (message, *interaction.followups) if m is not None]
                if any(content.startswith("⚠️") for content in said):
                    self.refused += 1
                    return
                # Wait for the board this decision leads to: the next click reads it.
                with contextlib.suppress(TimeoutError):
                    await self.emulator.wait_for(lambda: duel.boards > boards, 2.0, on=duel)
            elif kind == "rematch" and not interaction.ephemeral:
                duel.match_over = None
            elif kind == "accept":
                duel.challenge = None
        finally:
            duel.busy = False

    def decision(self, duel: Duel, user: SimUser, hand: Message) -> tuple[str, Interaction] | None:
        """A click on a legal option of the decision in ``user``'s hand message, if it shows one."""
        prefixes = (f"cardia:b:{duel.game_id}:", f"cardia:s:{duel.game_id}:")
        components = [c for c in hand.interactive() if str(c.get("custom_id", "")).startswith(prefixes)]
        if not components:
            return None
        component = self.rng.choice(components)
        custom_id = str(component["custom_id"])
        values: list[str] | None = None
        if component["type"] != 2:  # a select: as many options as it asks for
            options = [str(option["value"]) for option in component.get("options") or []]
            values = self.rng.sample(options, int(component.get("min_values", 1)))
        prompt = "\n".join(str(embed.get("description") or "") for embed in hand.embeds)
        kind = "decide (play)" if any(p in prompt for p in PLAY_PROMPTS) else "decide (other)"
        snapshot = Message(dict(hand.data), visible_to=hand.visible_to, interaction_id=hand.interaction_id)
        duel.taken[user.id] = (snapshot, custom_id, values)
        return kind, user.component_interaction(hand, custom_id, values)

    def idle_duel(self) -> Duel | None:
        """A random duel with nothing in flight (a few tries; a miss is counted in ``skipped``)."""
        for _ in range(20):
            duel = self.rng.choice(self.duels)
            if not duel.busy:
                return duel
        self.skipped += 1
        return None

    def tick(self) -> None:
        """One interaction of the load, on a random idle duel."""
        duel = self.idle_duel()
        if duel is None:
            return
        rng = self.rng
        if duel.challenge is not None and duel.challenged in self.by_user:
            user = next(u for u in duel.players if u.id == duel.challenged)
            accept = next(c for c in duel.challenge.custom_ids if c.endswith(":accept"))
            return self.send("load", "accept", duel, user, user.component_interaction(duel.challenge, accept))
        if duel.reviewable:  # a finished game one of its players asks to review
            message, review = duel.reviewable.pop()
            user = rng.choice(duel.players)
            return self.send("load", REVIEW, duel, user, user.component_interaction(message, review))
        if duel.match_over is not None:
            user = rng.choice(duel.players)
            rematch = next(c for c in duel.match_over.custom_ids if c.startswith("cardia:r:"))
            interaction = user.component_interaction(duel.match_over, rematch)
            return self.send("load", "rematch", duel, user, interaction)
        if duel.board is None or duel.game_id is None:
            return
        draw = rng.random()
        if draw < self.stale and duel.taken:
            user_id, (snapshot, custom_id, values) = rng.choice(list(duel.taken.items()))
            user = next(u for u in duel.players if u.id == user_id)
            # A copy: the bot's answer to the click updates the message it was made on.
            copy = Message(dict(snapshot.data), visible_to=snapshot.visible_to)
            return self.send("load", "stale", duel, user, user.component_interaction(copy, custom_id, values))
        if draw > 0.98:
            user = rng.choice(duel.players)
            discards = next(c for c in duel.board.custom_ids if c.startswith("cardia:d:"))
            interaction = user.component_interaction(duel.board, discards)
            return self.send("load", "discards", duel, user, interaction)
        user = rng.choice([u for u in duel.players if u.id in duel.waiting] or duel.players)
        hand = duel.hands.get(user.id)
        decided = self.decision(duel, user, hand) if hand is not None and user.id in duel.waiting else None
        if decided is not None:
            return self.send("load", decided[0], duel, user, decided[1])
        interaction = user.component_interaction(duel.board, f"cardia:h:{duel.game_id}")
        self.send("load", "show hand", duel, user, interaction)

    # --- the phases --------------------------------------------------------------------------------------

    async def setup(self, concurrency: int) -> float:
        """Every duel through the user interface: /cardia challenge, then Accept."""
        started = time.perf_counter()
        limit = asyncio.Semaphore(concurrency)

        async def create(duel: Duel) -> None:
            challenger = duel.players[0]
            options: dict[str, Any] = {
                "opponent": duel.players[1] if duel.computer is None else self.emulator.state.bot,
                "deck": self.rng.choice(DECK_CHOICES).value,
                "location": "none" if self.rng.random() < 0.5 else self.rng.choice(LOCATION_CHOICES).value,
            }
            if duel.computer is not None:
                options["level"] = duel.computer
            async with limit:
                challenge = challenger.command_interaction(("cardia", "challenge"), options)
                await challenger.send(challenge, timeout=30.0)
                self.samples.append(("setup", "challenge", challenge))
                assert challenge.message is not None
                if duel.computer is not None:
                    return  # under way at once: nobody accepts
                opponent = duel.players[1]
                accept = next(c for c in challenge.message.custom_ids if c.endswith(":accept"))
                answer = opponent.component_interaction(challenge.message, accept)
                await opponent.send(answer, timeout=30.0)
                self.samples.append(("setup", "accept", answer))
                duel.challenge = None

        await asyncio.gather(*(create(duel) for duel in self.duels))
        await self.emulator.wait_for(lambda: all(d.board is not None for d in self.duels), 60.0, "boards")
        return time.perf_counter() - started

    async def load(
        self, rate: float, seconds: float, report: Callable[[], Coroutine[Any, Any, None]] | None
    ) -> float:
        """Open loop: Poisson arrivals at ``rate`` per second, whatever the answers; ``report`` is called
        every ``interval`` seconds."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        reporting = None if report is None else asyncio.create_task(report())
        try:
            await self._arrivals(rate, seconds, started)
        finally:
            if reporting is not None:
                reporting.cancel()
        elapsed = loop.time() - started
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=15.0)
        return elapsed

    async def _arrivals(self, rate: float, seconds: float, started: float) -> None:
        loop = asyncio.get_running_loop()
        at = started
        while True:
            at += self.rng.expovariate(rate)
            if at >= started + seconds:
                break
            delay = at - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            self.tick()


def answered(interaction: Interaction) -> bool:
    """The bot answered it: acknowledged and, if deferred (``bot.ui.answer``), filled in since, as
    Discord needs within 15 minutes; a deferral alone is not an answer."""
    return interaction.answered_at is not None and not (
        interaction.message is not None and interaction.message.loading
    )
