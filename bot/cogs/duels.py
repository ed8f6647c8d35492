"""What the bot does for each command and click: ask ``Duels``, then show, ask and route on Discord.

Public messages are built from ``engine.view(game, None)`` and private ones from the player's
own view, so a hidden card never reaches a message it does not belong in.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import app_commands

import text
from bot.cogs import Cog
from bot.services.caching import KeyedLocks, Recent
from bot.services.computer import DEFAULT_LEVEL
from bot.services.duels import Duels, Pick, Refusal
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore
from bot.services.pictures import Pictures
from bot.store.rows import NO_SERVER, Challenge, GuildSettings, Home, HomeKind, MatchRow, new_home
from bot.ui import answer, render
from bot.ui.choices import DECK_CHOICES, LEVEL_CHOICES, LOCATION_CHOICES, MATCH_CHOICES
from bot.ui.components import (
    ChallengeButton,
    ChoiceButton,
    ChoiceSelect,
    Components,
    DiscardsButton,
    HandButton,
    Handlers,
    HintButton,
    RematchButton,
    ReviewButton,
    selected,
)
from bot.ui.guard import stored
from bot.ui.homes import dm_link, home_here, home_kind, tell_managers, visiting
from bot.ui.learning import learning_notes
from bot.ui.messages import Messages, game_view
from bot.ui.outbox import Outbox
from bot.ui.render import Outgoing
from bot.ui.translator import descriptions, options, said
from cards import DeckChoice, deck_from_code
from engine import view as engine_view
from engine.view import View

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
BUTTONS_UP_TO = 5  # a decision with at most this many options (and count 1) gets buttons, else selects
# Seconds a hand's picture may take to draw: it follows the hand's text, which is never kept waiting.
HAND_PICTURE_WAIT = 10.0
HAND_MESSAGES_KEPT = 4096  # hands whose latest answer is remembered (a picture takes milliseconds)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's private message (``send_message``'s arguments), with what it was made of. Its picture
    is drawn after the message is sent: the game read again then, after that wait, may have been let go
    of by the cache meanwhile (bot.services.duels), and would be replayed for nothing."""

    message: Outgoing
    seen: View  # what the player saw: what the picture draws
    choosing_cards: bool  # the player's decision is a choice among the hand's cards (its picture helps)


class HandMessages:
    """The private hand messages being answered or given their picture, in order: a picture drawn for
    a hand is added only if no newer answer replaced that hand meanwhile (``version``), and the two
    never cross on the way to Discord (``lock``, held while either is sent)."""

    def __init__(self) -> None:
        self._locks: KeyedLocks[int] = KeyedLocks()
        self._versions: Recent[int, int] = Recent(HAND_MESSAGES_KEPT)

    def lock(self, message_id: int) -> asyncio.Lock:
        return self._locks[message_id]

    def version(self, message_id: int) -> int:
        return self._versions.peek(message_id) or 0

    def changed(self, message_id: int) -> None:
        self._versions.put(message_id, self.version(message_id) + 1)


class DuelsCog(Cog, name="duels", description="Challenges, hands and decisions"):
    """``/cardia challenge``, ``/cardia learn``, the challenge's answers, Rematch, and each player's
    private hand and decisions. The boards and results are the outbox's (``bot.ui.outbox``), which this
    cog is given."""

    def __init__(
        self,
        bot: discord.Client,
        duels: Duels,
        settings: GuildSettingsStore,
        pictures: Pictures,
        messages: Messages,
        outbox: Outbox,
    ) -> None:
        super().__init__()
        self.bot = bot
        self.duels = duels
        self.settings = settings
        self.pictures = pictures
        self.messages = messages
        self.outbox = outbox
        self._hands = HandMessages()

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: a challenge's answers, Show my hand, Discard piles, a
        decision (buttons and selects) and Rematch."""
        handlers.on(ChallengeButton, lambda i, c: self.answer_challenge(i, c.match_id, c.answer))
        handlers.on(HandButton, lambda i, h: self.show_hand(i, h.game_id))
        handlers.on(DiscardsButton, lambda i, d: self.show_discards(i, d.game_id))
        handlers.on(ChoiceSelect, lambda i, s: self.decide(i, s.game_id, s.version, selected(i)))
        handlers.on(ChoiceButton, lambda i, b: self.decide_by_index(i, b.game_id, b.version, b.index))
        handlers.on(RematchButton, lambda i, r: self.rematch(i, r.match_id))

    @app_commands.command(
        name=said("slash.challenge"),
        description=said("slash.challenge.description"),
        extras={"answers": "public"},  # the challenge is a public message (bot.ui.answer)
    )
    @app_commands.rename(
        **options("challenge", "opponent", "deck", "location", "match", "level", "hints", "code")
    )
    @app_commands.describe(
        **descriptions("challenge", "opponent", "deck", "location", "match", "level", "hints", "code")
    )
    @app_commands.choices(deck=DECK_CHOICES, location=LOCATION_CHOICES)
    @app_commands.choices(match=MATCH_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def challenge_command(
        self,
        interaction: Interaction,
        opponent: discord.User | None = None,
        deck: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        match: app_commands.Choice[int] | None = None,
        level: app_commands.Choice[str] | None = None,
        hints: bool = False,
        code: bool = False,
    ) -> None:
        """``/cardia challenge``: someone named, or (``code``) anyone given the challenge's code."""
        if (opponent is None) == (not code):
            return await self.refuse(interaction, text.tr("refuse.opponent_or_code"))
        await self.challenge(
            interaction,
            opponent,
            deck_from_code(deck.value if deck else "1111"),
            None if location is None or location.value == "none" else location.value,
            match.value if match else 2,
            None if level is None else level.value,
            hints,
        )

    @app_commands.command(
        name=said("slash.accept"),
        description=said("slash.accept.description"),
        extras={"answers": "public"},  # the duel's challenge, shown where it is accepted
    )
    @app_commands.rename(**options("accept", "code"))
    @app_commands.describe(**descriptions("accept", "code"))
    async def accept_command(self, interaction: Interaction, code: app_commands.Range[str, 1, 20]) -> None:
        """``/cardia accept code:``."""
        await self.accept_code(interaction, code)

    async def accept_code(self, interaction: Interaction, code: str) -> None:
        """A challenge by code, accepted here (a channel of any server with the bot, or one's DM with it),
        which becomes this player's home for the duel: a thread of its own started from the challenge
        shown here, as any duel accepted in a server's channel."""
        home = await home_here(interaction)
        if home is None:
            return
        missing: tuple[str, ...] = ()
        if not home.in_dm:
            threads = (await self.settings.get(home.guild_id)).threads
            kind, missing = home_kind(interaction, threads, home.channel_id)
            home = home._replace(in_thread=kind == "thread")
        user = interaction.user
        try:
            match, _ = await self.duels.accept_code(code, (user.id, user.display_name), home)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        stored(interaction)
        if home.channel_id != interaction.channel_id:  # only a visitor here: the duel is in the player's DM
            await self.outbox.update(match.id)
            await self.duels.commit_bookkeeping()
            return await self.tell_played_in_dm(interaction, home.channel_id)
        here = match.home_of("p2")
        try:
            with self.outbox.answering(match.id):
                with text.speaking(await self._language_here(interaction, home.guild_id)):
                    message = self.messages.challenge(match, here)
                message_id = await self._answer_with_challenge(interaction, match, message)
                if message_id is not None and here.number != match.first_home.number:
                    self.outbox.shown_challenge(match, here, message_id)
        finally:
            await self.outbox.update(match.id)  # the challenge where it was made, and the first boards
            await self.duels.commit_bookkeeping()
        if missing:
            await tell_managers(
                interaction,
                self.settings,
                missing,
                await self._language_here(interaction, home.guild_id),
            )

    @app_commands.command(
        name=said("slash.learn"),
        description=said("slash.learn.description"),
        extras={"answers": "public"},  # the duel's message is public, like a challenge
    )
    async def learn_command(self, interaction: Interaction) -> None:
        """``/cardia learn``: a first game against the computer (easy), Deck I, no location, one game,
        hints on, whose hands explain each card met and the first rounds (bot.ui.learning)."""
        me = self.bot.user
        home = await home_here(interaction)
        if home is None or me is None:
            return
        user = interaction.user
        challenge = Challenge(
            home.guild_id,
            home,
            (user.id, user.display_name),
            (me.id, me.display_name),
            "I",
            None,
            1,
            "easy",
            learn=True,
        )
        await self.play_computer(interaction, challenge)

    async def refuse(self, interaction: Interaction, message: str) -> None:
        await answer.send(interaction, content=message, ephemeral=True)

    async def tell_played_in_dm(self, interaction: Interaction, dm_id: int) -> None:
        """Where the bot is only a visitor: what was begun is in the player's DM with the bot (linked)."""
        with text.speaking(text.language_of(interaction.locale)):
            line = text.tr("visiting.in_dm", link=dm_link(dm_id))
        await answer.send(interaction, content=line, ephemeral=True)

    # --- challenges -------------------------------------------------------------------------------------

    async def challenge_computer(self, interaction: Interaction) -> None:
        """A duel against the computer at the default setup and level, begun at once (the queue offers
        it to a player nobody came for)."""
        me = self.bot.user
        if me is None:  # not connected yet: cannot be, since an interaction came
            return await self.refuse(interaction, text.tr("refuse.in_server"))
        await self.challenge(interaction, me, "I", None, 2)

    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member | discord.ClientUser | None,
        deck: DeckChoice,
        location: str | None,
        wins_needed: int,
        level: str | None = None,
        hints: bool = False,
    ) -> None:
        """A challenge of ``opponent``, or (None) of anyone given its code."""
        home = await home_here(interaction)
        if home is None:
            return
        me = self.bot.user
        if opponent is None:
            return await self.challenge_by_code(interaction, home, deck, location, wins_needed, hints)
        if me is not None and opponent.id == me.id:  # the bot itself: a duel against the computer
            challenge = Challenge(
                home.guild_id,
                home,
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
        opponent_home = None
        if home.in_dm:  # a duel in direct messages: each plays in their own DM
            try:
                opponent_home = new_home(NO_SERVER, (await self.bot.create_dm(opponent)).id)
            except discord.HTTPException:
                return await self.refuse(
                    interaction, text.tr("refuse.dm_unreachable", name=opponent.display_name)
                )
        try:
            match = await self.duels.propose(
                Challenge(
                    home.guild_id,
                    home,
                    (user.id, user.display_name),
                    (opponent.id, opponent.display_name),
                    deck,
                    location,
                    wins_needed,
                    hints=hints,
                    opponent_home=opponent_home,
                )
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(interaction, match)
        if opponent_home is not None and self.outbox.gave_up(match.id):  # their DMs are closed to the bot
            with contextlib.suppress(Refusal):  # unless answered meanwhile
                await self.duels.answer(match.id, user.id, "withdraw")
            await self.outbox.update(match.id)
            await answer.reply(interaction, text.tr("refuse.dm_unreachable", name=opponent.display_name))

    async def challenge_by_code(
        self,
        interaction: Interaction,
        home: Home,
        deck: DeckChoice,
        location: str | None,
        wins_needed: int,
        hints: bool,
    ) -> None:
        """A challenge anyone given its code accepts with ``/cardia accept code:``, from their own channel
        (on any server with the bot) or DM: the duel is shown in both places."""
        user = interaction.user
        with text.speaking(await self._language_here(interaction, home.guild_id)):
            anyone = text.tr("challenge.anyone")
        if not home.in_dm:  # its challenger's side has a thread of its own once accepted, as any duel
            threads = (await self.settings.get(home.guild_id)).threads
            kind, _ = home_kind(interaction, threads, home.channel_id)
            home = home._replace(in_thread=kind == "thread")
        challenge = Challenge(
            home.guild_id,
            home,
            (user.id, user.display_name),
            (0, anyone),
            deck,
            location,
            wins_needed,
            hints=hints,
        )
        try:
            match = await self.duels.propose_by_code(challenge)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(interaction, match)

    async def play_computer(
        self, interaction: Interaction, challenge: Challenge, *, rematch: bool = False
    ) -> None:
        """A duel against the computer starts at once (nobody accepts): the challenge message shows it
        under way, the first board follows, and only then does the computer start thinking."""
        assert challenge.computer is not None
        with text.speaking(await self._language_here(interaction, challenge.guild_id)):  # its name, publicly
            name = text.tr("computer.name", level=text.tr(f"computer.level.{challenge.computer}"))
        home = challenge.home  # a rematch in a duel's thread stays there
        missing: tuple[str, ...] = ()
        if home.thread_id is None and not home.in_dm:
            threads = (await self.settings.get(home.guild_id)).threads
            kind, missing = home_kind(interaction, threads, home.channel_id)
            home = home._replace(in_thread=kind == "thread")
        challenge = replace(challenge, opponent=(challenge.opponent[0], name), home=home)
        try:
            match = await self.duels.propose(challenge, start=True)  # under way at once, in one commit
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        first = await self.duels.first_game(match.id)
        try:
            await self.post_challenge(interaction, match, rematch=rematch)
        finally:
            self.duels.changed(first)  # the computer may start (a crash before: the timers wake it)
        if missing:
            language = await self.messages.public_language(interaction.guild_id or 0)
            await tell_managers(interaction, self.settings, missing, language)

    async def post_challenge(
        self, interaction: Interaction, match: MatchRow, *, rematch: bool = False
    ) -> None:
        """The public challenge message answers ``interaction``; if that fails, the outbox posts it.
        Where the bot is only a visitor, the outbox posts it in the DM the duel is in, and the answer
        says so."""
        stored(interaction)
        first = match.first_home
        if first.channel_id != interaction.channel_id and visiting(interaction):
            await self.outbox.update(match.id)
            await self.duels.commit_bookkeeping()
            if len(match.homes) == 1 or match.code is not None:
                return await self.tell_played_in_dm(interaction, first.channel_id)
            with text.speaking(text.language_of(interaction.locale)):  # who is challenged is told here
                line = text.tr(
                    "visiting.challenge",
                    challenger=match.challenger_name,
                    opponent=f"<@{match.user('p2')}>",
                )
            await answer.send(interaction, content=line, allowed_mentions=MENTION_USERS)
            return
        try:
            with self.outbox.answering(match.id):  # its first board waits for it (a thread starts from it)
                with text.speaking(await self._language_here(interaction, match.guild_id)):
                    message = self.messages.challenge(match, first, rematch=rematch)
                message_id = await self._answer_with_challenge(interaction, match, message)
                if message_id is not None:
                    self.outbox.shown_challenge(match, first, message_id)
        finally:
            await self.outbox.update(match.id)
            # /cardia status and abort read its message id from the database: commit it now.
            await self.duels.commit_bookkeeping()

    async def _answer_with_challenge(
        self, interaction: Interaction, match: MatchRow, message: Outgoing
    ) -> int | None:
        """Answer ``interaction`` with the challenge message; if that fails, Discord may have made it all
        the same: the channel is looked through before the reconciler posts it."""
        try:
            return await answer.send(interaction, **render.arguments(message), allowed_mentions=MENTION_USERS)
        except Exception:
            self.outbox.suspect(match.id)
            raise

    async def _language_here(
        self, interaction: Interaction, guild_id: int, read: GuildSettings | None = None
    ) -> str:
        """The language of a public message answering ``interaction``: its server's, or in a direct
        message with the bot (``guild_id`` 0) the user's own, which the duel's messages there speak.
        ``read``: the settings of the interaction's server, when this interaction has read them."""
        if guild_id:
            if read is not None and guild_id == interaction.guild_id:
                return self.messages.language_with(read, guild_id)
            return await self.messages.public_language(guild_id)
        language = text.language_of(interaction.locale)
        await self.outbox.pings.players.seen_speaking(interaction.user.id, language)
        return language

    async def answer_challenge(self, interaction: Interaction, match_id: int, choice: str) -> None:
        kind: HomeKind = "channel"
        missing: tuple[str, ...] = ()
        read = None  # this server's settings, read once for its threads and its language
        if choice == "accept" and interaction.guild_id is not None and interaction.channel_id is not None:
            read = await self.settings.get(interaction.guild_id)
            kind, missing = home_kind(interaction, read.threads, interaction.channel_id)
        try:
            clicked = None
            if interaction.message is not None and interaction.channel_id is not None:
                clicked = (interaction.channel_id, interaction.message.id)
            match, _ = await self.duels.answer(
                match_id, interaction.user.id, choice, interaction.guild_id, kind, clicked
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        stored(interaction)
        try:
            here = match.home_in(interaction.channel_id) or match.first_home
            with text.speaking(await self._language_here(interaction, match.guild_id, read)):
                embed, view = self.messages.challenge_embed(match, here), self.messages.challenge_view(match)
            await answer.edit(interaction, embed=embed, view=view)
            if interaction.message is not None:
                self.outbox.shown_challenge(match, here, interaction.message.id)
        finally:
            await self.outbox.update(match.id)  # the first game's board (and the challenge, if need be)
        if missing:
            language = await self._language_here(interaction, interaction.guild_id or 0, read)
            await tell_managers(interaction, self.settings, missing, language)

    async def rematch(self, interaction: Interaction, match_id: int) -> None:
        old = await self.duels.match(match_id)
        player = None if old is None else old.player_of(interaction.user.id)
        if old is None or not old.seen_from(interaction.guild_id):
            return await self.refuse(interaction, text.tr("refuse.match_gone"))
        if player is None:
            return await self.refuse(interaction, text.tr("refuse.rematch_players"))
        other = "p2" if player == "p1" else "p1"
        # A duel in two homes (DMs, two servers): the one who asks is the challenger, at home in theirs,
        # proposed in their own thread when it had one; asked for in the duel's own thread: there too.
        mine, theirs = old.home_of(player), old.home_of(other)
        in_thread = mine.in_thread and mine.thread_id is not None
        home = new_home(
            mine.guild_id,
            mine.channel_id,
            in_thread=in_thread,
            thread_id=mine.thread_id if in_thread else None,
        )
        two_homes = len(old.homes) > 1
        again = Challenge(
            mine.guild_id if two_homes and player == "p2" else old.guild_id,
            home,
            (interaction.user.id, old.names[player]),
            (old.user(other), old.names[other]),
            old.deck,
            old.location,
            old.wins_needed,
            old.computer,
            old.hints,
            old.learn,
            opponent_home=new_home(theirs.guild_id, theirs.channel_id) if two_homes else None,
        )
        if again.computer is not None:
            return await self.play_computer(interaction, again, rematch=True)
        try:
            match = await self.duels.propose(again)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(interaction, match, rematch=True)

    # --- a player's private view ------------------------------------------------------------------------

    async def _game_here(self, interaction: Interaction, game_id: int) -> LiveGame | None:
        """The game a component names, if it is one of this server's (else refused: None)."""
        try:
            live = await self.duels.live(game_id)
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))
            return None
        if not live.match.seen_from(interaction.guild_id):  # forged from another server's game
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
        seen = game_view(live, player)
        embed = render.hand_embed(seen, player, live.match.names)
        for title, note in learning_notes(live, player):  # the first game that teaches (/cardia learn)
            embed.add_field(name=title, value=note, inline=False)
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
        if decision is not None and live.match.allows_hints:
            view.add_item(HintButton(live.row.id, live.own_actions(player)))
        view.add_item(DiscardsButton(live.row.id))
        if live.outcome is not None and live.outcome[1] not in text.NO_RESULT:
            view.add_item(ReviewButton(live.row.id))
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
        pictured: Outgoing = {"embed": embed}
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
            await self.outbox.after(step)

    async def decide_by_index(self, interaction: Interaction, game_id: int, version: int, index: int) -> None:
        found = await self._private_decision(interaction, game_id)
        if found is None:
            return
        await self._decide(interaction, found, version, Pick(index))
