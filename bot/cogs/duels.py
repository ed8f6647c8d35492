"""What the bot does for each command and click: ask ``Duels``, then show, ask and route on Discord.

Public messages are built from ``engine.view(game, None)`` and private ones from the player's
own view, so a hidden card never reaches a message it does not belong in.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import weakref
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import app_commands

import picture
import text
from bot.cogs import answer, render
from bot.cogs.components import (
    ChallengeButton,
    ChoiceButton,
    ChoiceSelect,
    Components,
    DiscardsButton,
    HandButton,
    RematchButton,
)
from bot.cogs.guard import stored
from bot.cogs.outbox import Outbox
from bot.cogs.translator import descriptions, options, said, spoken
from bot.services.computer import COMPUTER_LEVELS, DEFAULT_LEVEL, Computer
from bot.services.duels import Duels, LiveGame, Pick, Refusal, Step
from bot.services.guild_settings import GuildSettingsStore
from bot.services.pictures import Drawing, Pictures
from bot.store import Challenge, MatchRow
from cards import LOCATIONS, DeckChoice, deck_from_code
from engine import Difficulty, Setup, difficulty, happenings
from engine import view as engine_view
from engine.view import ResultView, View

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
BUTTONS_UP_TO = 5  # a decision with at most this many options (and count 1) gets buttons, else selects
# After a player's decision in a duel against the computer, the board waits this long (seconds) for the
# computer's answers, so that one board tells both.
COMPUTER_REPLY_WAIT = 2.5
# Seconds a hand's picture may take to draw: it follows the hand's text, which is never kept waiting.
HAND_PICTURE_WAIT = 10.0
HAND_MESSAGES_KEPT = 4096  # hands whose latest answer is remembered (a picture takes milliseconds)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's private message (``send_message``'s arguments), with what it was made of. Its picture
    is drawn after the message is sent: the game read again then, after that wait, may have been let go
    of by the cache meanwhile (bot.services.duels), and would be replayed for nothing."""

    message: dict[str, Any]
    seen: View  # what the player saw: what the picture draws
    choosing_cards: bool  # the player's decision is a choice among the hand's cards (its picture helps)


def _difficulty(match: MatchRow) -> Difficulty:
    return difficulty(Setup.model_validate({"deck": match.deck, "location": match.location, "seed": 0}))


def _view(live: LiveGame, viewer: str | None) -> View:
    """What ``viewer`` sees (the engine's typed view); a game the bot ended (a concession, a timeout, an
    abort) shows that result and asks nobody to decide."""
    seen = engine_view(live.game, viewer)
    if live.ended is not None:
        seen = replace(seen, result=ResultView(live.ended[0], live.ended[1], None), pending=())
    return seen


def _deck_choice(code: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=spoken(lambda: render.deck_label(deck_from_code(code))), value=code)


def _location_choice(location: str) -> app_commands.Choice[str]:
    skulls = "💀" * LOCATIONS[location].skulls
    return app_commands.Choice(
        name=spoken(lambda: f"{text.location_name(location)} ({skulls})"), value=location
    )


DECK_CHOICES = [
    _deck_choice("".join(code))
    for code in sorted(itertools.product("12", repeat=4), key=lambda c: (len(set(c)) > 1, c))
]
LOCATION_CHOICES = [app_commands.Choice(name=said("slash.choice.no_location"), value="none")] + [
    _location_choice(location) for location in LOCATIONS
]
LEVEL_CHOICES = [
    app_commands.Choice(name=said(f"computer.level.{level}"), value=level) for level in COMPUTER_LEVELS
]
MATCH_CHOICES = [
    app_commands.Choice(name=said("slash.choice.first_to_2"), value=2),
    app_commands.Choice(name=said("slash.choice.single"), value=1),
]


class HandMessages:
    """The private hand messages being answered or given their picture, in order: a picture drawn for
    a hand is added only if no newer answer replaced that hand meanwhile (``version``), and the two
    never cross on the way to Discord (``lock``, held while either is sent)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._versions: OrderedDict[int, int] = OrderedDict()

    def lock(self, message_id: int) -> asyncio.Lock:
        lock = self._locks.get(message_id)
        if lock is None:
            lock = self._locks[message_id] = asyncio.Lock()
        return lock

    def version(self, message_id: int) -> int:
        return self._versions.get(message_id, 0)

    def changed(self, message_id: int) -> None:
        self._versions[message_id] = self.version(message_id) + 1
        self._versions.move_to_end(message_id)
        while len(self._versions) > HAND_MESSAGES_KEPT:
            self._versions.popitem(last=False)


class DuelsCog:
    def __init__(
        self,
        bot: discord.Client,
        duels: Duels,
        settings: GuildSettingsStore,
        computer: Computer,
        pictures: Pictures,
    ) -> None:
        self.bot = bot
        self.duels = duels
        self.settings = settings
        self.computer = computer
        self.pictures = pictures
        self._hands = HandMessages()
        self.outbox = Outbox(bot, self, duels)
        computer.step_hooks.append(self.after_step)  # the computer's decisions are posted like anyone's

    async def public_language(self, guild_id: int) -> str:
        """The language of what a server's channels are shown (boards, challenges, results, notices):
        its ``/cardia settings language``, or the server's own preferred locale."""
        guild = self.bot.get_guild(guild_id)
        return await self.settings.language(guild_id, None if guild is None else guild.preferred_locale)

    def add_commands(self, group: app_commands.Group) -> None:
        """``/cardia challenge``."""

        @group.command(
            name=said("slash.challenge"),
            description=said("slash.challenge.description"),
            extras={"answers": "public"},  # the challenge is a public message (bot.cogs.answer)
        )
        @app_commands.rename(**options("challenge", "opponent", "deck", "location", "match", "level"))
        @app_commands.describe(**descriptions("challenge", "opponent", "deck", "location", "match", "level"))
        @app_commands.choices(deck=DECK_CHOICES, location=LOCATION_CHOICES)
        @app_commands.choices(match=MATCH_CHOICES)
        @app_commands.choices(level=LEVEL_CHOICES)
        async def challenge(
            interaction: Interaction,
            opponent: discord.User,
            deck: app_commands.Choice[str] | None = None,
            location: app_commands.Choice[str] | None = None,
            match: app_commands.Choice[int] | None = None,
            level: app_commands.Choice[str] | None = None,
        ) -> None:
            await self.challenge(
                interaction,
                opponent,
                deck_from_code(deck.value if deck else "1111"),
                None if location is None or location.value == "none" else location.value,
                match.value if match else 2,
                None if level is None else level.value,
            )

    async def refuse(self, interaction: Interaction, message: str) -> None:
        await answer.send(interaction, content=message, ephemeral=True)

    # --- challenges -------------------------------------------------------------------------------------

    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member,
        deck: DeckChoice,
        location: str | None,
        wins_needed: int,
        level: str | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            return await self.refuse(interaction, text.tr("refuse.in_server"))
        me = self.bot.user
        if me is not None and opponent.id == me.id:  # the bot itself: a duel against the computer
            challenge = Challenge(
                interaction.guild_id,
                interaction.channel_id,
                (interaction.user.id, interaction.user.display_name),
                (me.id, me.display_name),
                deck,
                location,
                wins_needed,
                level or DEFAULT_LEVEL,
            )
            return await self.play_computer(interaction, challenge)
        if opponent.bot:
            return await self.refuse(interaction, text.tr("refuse.bot"))
        if level is not None:
            return await self.refuse(interaction, text.tr("refuse.level_for_computer"))
        user = interaction.user
        try:
            match = await self.duels.propose(
                Challenge(
                    interaction.guild_id,
                    interaction.channel_id,
                    (user.id, user.display_name),
                    (opponent.id, opponent.display_name),
                    deck,
                    location,
                    wins_needed,
                )
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(interaction, match)

    async def play_computer(
        self, interaction: Interaction, challenge: Challenge, *, rematch: bool = False
    ) -> None:
        """A duel against the computer starts at once (nobody accepts): the challenge message shows it
        under way, the first board follows, and only then does the computer start thinking."""
        assert challenge.computer is not None
        with text.speaking(await self.public_language(challenge.guild_id)):  # its name, in the channel
            name = text.tr("computer.name", level=text.tr(f"computer.level.{challenge.computer}"))
        challenge = replace(challenge, opponent=(challenge.opponent[0], name))
        try:
            match = await self.duels.propose(challenge, start=True)  # under way at once, in one commit
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        first = await self.duels.first_game(match.id)
        try:
            await self.post_challenge(interaction, match, rematch=rematch)
        finally:
            self.duels.changed(first)  # the computer may start (a crash before: the timers wake it)

    async def post_challenge(
        self, interaction: Interaction, match: MatchRow, *, rematch: bool = False
    ) -> None:
        """The public challenge message answers ``interaction``; if that fails, the outbox posts it."""
        stored(interaction)
        try:
            with text.speaking(await self.public_language(match.guild_id)):
                message = self.challenge_message(match, rematch=rematch)
            message_id = await answer.send(interaction, **message, allowed_mentions=MENTION_USERS)
            if message_id is not None:
                self.outbox.shown_challenge(match, message_id)
        finally:
            await self.outbox.update(match.id)
            # /cardia status and abort read its message id from the database: commit it now.
            await self.duels.storage.flush()

    def challenge_message(self, match: MatchRow, *, rematch: bool = False) -> dict[str, Any]:
        """The challenge message: who challenges whom, the setup, and the answers while it is open."""
        if match.computer is not None:
            level = text.tr(f"computer.level.{match.computer}")
            content = text.tr("challenge.computer", challenger=match.challenger_name, level=level)
        else:
            content = text.tr(
                "challenge.rematch" if rematch else "challenge.content",
                opponent=f"<@{match.opponent_id}>",
                challenger=match.challenger_name,
            )
        return {"content": content, "embed": self.challenge_embed(match), "view": self.challenge_view(match)}

    def challenge_embed(self, match: MatchRow) -> discord.Embed:
        level = _difficulty(match)
        known = ("proposed", "active", "finished", "declined", "withdrawn", "aborted")
        status = text.tr(
            f"challenge.status.{match.status if match.status in known else 'other'}",
            opponent=match.opponent_name,
        )
        return render.challenge_embed(
            match.challenger_name,
            match.opponent_name,
            render.deck_label(match.deck),
            match.location,
            match.wins_needed,
            text.tr(f"difficulty.{level.level}"),
            level.value,
            status,
        )

    def challenge_view(self, match: MatchRow) -> Components:
        if match.status != "proposed":
            return Components()
        return Components(
            *(ChallengeButton(match.id, choice) for choice in ("accept", "decline", "withdraw"))
        )

    async def answer_challenge(self, interaction: Interaction, match_id: int, choice: str) -> None:
        try:
            match, _ = await self.duels.answer(match_id, interaction.user.id, choice, interaction.guild_id)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        stored(interaction)
        try:
            with text.speaking(await self.public_language(match.guild_id)):
                embed, view = self.challenge_embed(match), self.challenge_view(match)
            await answer.edit(interaction, embed=embed, view=view)
            if interaction.message is not None:
                self.outbox.shown_challenge(match, interaction.message.id)
        finally:
            await self.outbox.update(match.id)  # the first game's board (and the challenge, if need be)

    async def rematch(self, interaction: Interaction, match_id: int) -> None:
        old = await self.duels.storage.match(match_id)
        player = None if old is None else old.player_of(interaction.user.id)
        if old is None or old.guild_id != interaction.guild_id:
            return await self.refuse(interaction, text.tr("refuse.match_gone"))
        if player is None:
            return await self.refuse(interaction, text.tr("refuse.rematch_players"))
        other = "p2" if player == "p1" else "p1"
        again = Challenge(
            old.guild_id,
            old.channel_id,
            (interaction.user.id, old.names[player]),
            (old.user(other), old.names[other]),
            old.deck,
            old.location,
            old.wins_needed,
            old.computer,
        )
        if again.computer is not None:
            return await self.play_computer(interaction, again, rematch=True)
        try:
            match = await self.duels.propose(again)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(interaction, match, rematch=True)

    # --- the board --------------------------------------------------------------------------------------

    async def board(
        self, live: LiveGame, first_event: int, revision: int
    ) -> tuple[dict[str, Any], Drawing | None]:
        """The public board: content (mentions whoever must decide), embed and buttons; "what just
        happened" tells the engine events from ``first_event`` on. Its Discard piles button carries the
        ``revision`` shown (bot.cogs.outbox finds a board by it). With it, when the server shows pictures,
        the drawing of its picture: to be awaited once the game's lock is let go (see
        :func:`render.with_picture`), so a decision never waits for a board to be drawn."""
        game, match = live.game, live.match
        names = match.names
        wins = await self.duels.score_at(live)  # first: what follows shows one moment of the game
        level = text.tr(f"difficulty.{difficulty(game.setup).level}")  # the game's own setup: no validation
        seen = _view(live, None)
        happened = text.describe_events(happenings(game, None, first_event), names)
        score = None
        if match.wins_needed > 1:
            score = text.tr(
                "board.score",
                wins=match.wins_needed,
                first=names["p1"],
                a=wins["p1"],
                b=wins["p2"],
                second=names["p2"],
            )
        embed = render.board_embed(
            seen,
            names,
            title=text.tr("board.title", first=names["p1"], second=names["p2"], number=live.row.number),
            deck_label=render.deck_label(match.deck),
            location=match.location,
            difficulty_name=level,
            happened=happened,
            score_line=score,
        )
        drawing: Drawing | None = None
        if (await self.settings.get(match.guild_id)).images:
            details = picture.details_line(match.location, level, score)
            drawing = functools.partial(
                self.pictures.board,
                seen,
                (names["p1"], names["p2"]),
                title=embed.title or "",
                details=details,
                language=text.current_language(),
            )
        view = Components(HandButton(live.row.id), DiscardsButton(live.row.id, revision))
        if live.outcome is not None:
            content = text.result_text(ResultView(live.outcome[0], live.outcome[1], None), names)
        else:
            pending = [d for d in seen.pending if d.player != "chance"]  # the view built above
            waiting = [
                f"<@{match.user(d.player)}> " + text.waiting_text(d.kind, first=d.first)
                for d in pending
                if d.player != match.computer_seat
            ]
            if waiting or match.computer_seat is None:
                content = text.tr("board.your_move", waiting="; ".join(waiting))
            else:  # only the computer: no button for anyone to press
                content = text.tr("board.computer_thinking", name=names[match.computer_seat])
        return {"embed": embed, "content": content, "view": view}, drawing

    async def after_step(self, step: Step) -> None:
        """Bring the channel up to date with what a step changed (the board, the next game's, the
        match's result): from the outbox, so a failed post is retried and nothing is told twice. After a
        player's decision in a duel against the computer, the computer's answers are waited for a moment
        first, so that one board tells both."""
        if step.player is not None and step.player != step.live.match.computer_seat:
            for live in (step.live, step.next_game):
                if live is not None and self.computer.thinking(live.row.id):
                    await self.computer.settled(live.row.id, COMPUTER_REPLY_WAIT)
        await self.outbox.update(step.live.match.id)

    async def match_result(self, match: MatchRow) -> tuple[str, Components]:
        """The message that ends a match: who won it (or why it ended), with the Rematch button."""
        wins = await self.duels.score(match.id)
        winner = "p1" if wins["p1"] > wins["p2"] else "p2"
        loser = "p2" if winner == "p1" else "p1"
        view = Components(RematchButton(match.id))
        content = text.tr(
            "match.won",
            winner=render.mention(match, winner),
            a=wins[winner],
            b=wins[loser],
            # Against the computer the player is told of the end either way (nobody else is).
            loser=match.names[loser] if match.computer is None else render.mention(match, loser),
        )
        games = await self.duels.storage.games(match.id)
        last = await self.duels.live(games[-1].id) if games else None
        if last is not None and last.ended is not None:  # ended by the bot: a concession, a timeout, an abort
            mentions = {player: render.mention(match, player) for player in ("p1", "p2")}
            content = text.match_ended_text(*last.ended, mentions, match.names)
        return content, view

    # --- a player's private view ------------------------------------------------------------------------

    async def _game_here(self, interaction: Interaction, game_id: int) -> LiveGame | None:
        """The game a component names, if it is one of this server's (else refused: None)."""
        try:
            live = await self.duels.live(game_id)
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))
            return None
        if live.match.guild_id != interaction.guild_id:  # a custom id forged from another server's game
            await self.refuse(interaction, text.tr("refuse.game_gone"))
            return None
        return live

    async def _player_game(self, interaction: Interaction, game_id: int) -> tuple[LiveGame, str] | None:
        """The game and the clicking player, for the two players only (else refused: None)."""
        live = await self._game_here(interaction, game_id)
        if live is None:
            return None
        player = live.match.player_of(interaction.user.id)
        if player is None:
            names = live.match.names
            await self.refuse(
                interaction, text.tr("refuse.not_their_duel", first=names["p1"], second=names["p2"])
            )
            return None
        return live, player

    async def _private_decision(self, interaction: Interaction, game_id: int) -> tuple[LiveGame, str] | None:
        """A decision is taken on the player's own private hand: a decision component anywhere else (a
        public message) would put a private hand in public, and is refused."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            await self.refuse(interaction, text.tr("refuse.private_hand"))
            return None
        return await self._player_game(interaction, game_id)

    def hand(self, live: LiveGame, player: str, notice: str | None = None) -> Hand:
        """A player's private message: their hand, and their decision as buttons or selects."""
        seen = _view(live, player)
        embed = render.hand_embed(seen, player, live.match.names)
        view = Components()
        decision = live.pending_for(player) if live.outcome is None else None
        if decision is not None:
            version = live.own_actions(player)
            buttons = decision.count == 1 and len(decision.options) <= BUTTONS_UP_TO
            labels = [
                text.option_label(
                    decision.kind, option, player, live.match.names, seen, limit=80 if buttons else 100
                )
                for option in decision.options
            ]
            if buttons:
                for index, label in enumerate(labels):
                    view.add_item(ChoiceButton(live.row.id, version, index, label))
            else:
                options = [
                    discord.SelectOption(label=label, value=option)
                    for label, option in zip(labels, decision.options, strict=True)
                ]
                # A select holds at most 25 options; decisions on many played cards take several.
                for start in range(0, len(options), 25):
                    view.add_item(
                        ChoiceSelect(
                            live.row.id,
                            version,
                            options[start : start + 25],
                            decision.count,
                            placeholder=text.clip(text.decision_prompt(decision.kind, decision.options), 150),
                            part=start // 25,
                        )
                    )
        view.add_item(DiscardsButton(live.row.id))
        choosing_cards = decision is not None and decision.kind in text.HAND_KINDS
        return Hand({"content": notice, "embed": embed, "view": view}, seen, choosing_cards)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        found = await self._player_game(interaction, game_id)
        if found is None:
            return
        live, player = found
        hand = self.hand(live, player)
        message_id = await answer.send(interaction, **hand.message, ephemeral=True)
        if message_id is not None:
            await self._hand_picture(interaction, message_id, live, player, hand)

    async def _edit_hand(self, interaction: Interaction, hand: Hand, live: LiveGame, player: str) -> None:
        """Answer a click on a hand with the hand as it is now (text first: its old picture goes), then its
        picture again for a choice among its cards."""
        assert interaction.message is not None
        message_id = interaction.message.id
        async with self._hands.lock(message_id):
            self._hands.changed(message_id)
            await answer.edit(interaction, **render.as_edit(hand.message))
        if hand.choosing_cards:
            await self._hand_picture(interaction, message_id, live, player, hand)

    async def _hand_picture(
        self, interaction: Interaction, message_id: int, live: LiveGame, player: str, hand: Hand
    ) -> None:
        """The picture of a hand, added to its message once drawn: the answer to the click never waits
        for it, and it is dropped if the message changed meanwhile (a decision taken on it)."""
        if not (await self.settings.get(live.match.guild_id)).images:
            return
        version = self._hands.version(message_id)
        drawing = functools.partial(self.pictures.hand, hand.seen, player, language=text.current_language())
        embed: discord.Embed = hand.message["embed"]
        pictured: dict[str, Any] = {"embed": embed}
        if not await render.with_picture(pictured, drawing, render.HAND_PICTURE, wait=HAND_PICTURE_WAIT):
            return
        async with self._hands.lock(message_id):
            if self._hands.version(message_id) != version:
                return  # a newer answer replaced this hand: its picture would not match
            try:
                await interaction.edit_original_response(embed=embed, attachments=[pictured["file"]])
            except discord.HTTPException as error:  # the hand is still there, as text
                log.warning("game %s: could not add the hand's picture: %s", live.row.id, error)

    async def show_discards(self, interaction: Interaction, game_id: int) -> None:
        live = await self._game_here(interaction, game_id)
        if live is None:
            return
        embed = render.discard_embed(engine_view(live.game, None), live.match.names)
        await answer.send(interaction, embed=embed, ephemeral=True)

    async def decide(self, interaction: Interaction, game_id: int, version: int, choose: list[str]) -> None:
        found = await self._private_decision(interaction, game_id)
        if found is None:
            return
        await self._decide(interaction, found, version, choose)

    async def _decide(
        self, interaction: Interaction, found: tuple[LiveGame, str], version: int, choose: list[str] | Pick
    ) -> None:
        live, player = found
        try:
            step = await self.duels.act(live.row.id, interaction.user.id, version, choose)
        except Refusal as refusal:
            live = await self.duels.live(live.row.id)
            await self._edit_hand(interaction, self.hand(live, player, notice=f"⚠️ {refusal}"), live, player)
            return
        stored(interaction)
        try:
            await self._edit_hand(interaction, self.hand(step.live, player), step.live, player)
        finally:  # the board follows the database, whatever became of the answer
            await self.after_step(step)

    async def decide_by_index(self, interaction: Interaction, game_id: int, version: int, index: int) -> None:
        found = await self._private_decision(interaction, game_id)
        if found is None:
            return
        await self._decide(interaction, found, version, Pick(index))
