"""What the bot does for each command and click: ask ``Duels``, then show, ask and route on Discord.

Public messages are built from ``engine.observation(game, None)`` and private ones from the player's
own observation, so a hidden card never reaches a message it does not belong in.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import render, text
from bot.components import (
    ChallengeButton,
    ChoiceButton,
    ChoiceSelect,
    DiscardsButton,
    HandButton,
    RematchButton,
)
from bot.duels import Duels, LiveGame, Refusal, Step
from bot.storage import MatchRow
from engine import Setup, difficulty, observation, visible_events

if TYPE_CHECKING:
    from bot.app import CardiaBot

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
BUTTONS_UP_TO = 5  # a decision with at most this many options (and count 1) gets buttons, else selects


def _difficulty(match: MatchRow) -> Any:
    return difficulty(Setup(deck=match.deck, location=match.location, seed=0))


def _observation(live: LiveGame, viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` sees; a game the bot ended (a concession, a timeout, an abort) shows that result
    and asks nobody to decide."""
    obs = observation(live.game, viewer)
    if live.ended is not None:
        obs = {**obs, "result": {"winner": live.ended[0], "reason": live.ended[1]}, "pending": []}
    return obs


class Ui:
    def __init__(self, bot: CardiaBot, duels: Duels) -> None:
        self.bot = bot
        self.duels = duels

    async def refuse(self, interaction: Interaction, message: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    # --- challenges -------------------------------------------------------------------------------------

    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member,
        deck: Any,
        location: str | None,
        wins_needed: int,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            return await self.refuse(interaction, "Duels are played in a server channel.")
        if opponent.bot:
            return await self.refuse(interaction, "Bots do not play Cardia: challenge a person.")
        user = interaction.user
        try:
            match = await self.duels.propose(
                interaction.guild_id,
                interaction.channel_id,
                (user.id, user.display_name),
                (opponent.id, opponent.display_name),
                deck,
                location,
                wins_needed,
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(
            interaction, match, f"<@{opponent.id}>, {user.display_name} challenges you to a duel of Cardia!"
        )

    async def post_challenge(self, interaction: Interaction, match: MatchRow, content: str) -> None:
        """The public challenge message (it answers ``interaction``), remembered with its match."""
        await interaction.response.send_message(
            content=content,
            embed=self.challenge_embed(match),
            view=self.challenge_view(match),
            allowed_mentions=MENTION_USERS,
        )
        message = await interaction.original_response()
        await self.duels.storage.set_match_message(match.id, message.id)

    def challenge_embed(self, match: MatchRow) -> discord.Embed:
        level = _difficulty(match)
        status = {
            "proposed": f"waiting for {match.opponent_name} to accept",
            "active": "accepted: the duel is on",
            "finished": "finished",
        }.get(match.status, match.status)
        return render.challenge_embed(
            match.challenger_name,
            match.opponent_name,
            render.deck_label(match.deck),
            match.location,
            match.wins_needed,
            level.name,
            level.value,
            status,
        )

    def challenge_view(self, match: MatchRow) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        if match.status == "proposed":
            for answer in ("accept", "decline", "withdraw"):
                view.add_item(ChallengeButton(match.id, answer))
        return view

    async def answer_challenge(self, interaction: Interaction, match_id: int, answer: str) -> None:
        try:
            match, live = await self.duels.answer(match_id, interaction.user.id, answer)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await interaction.response.edit_message(
            embed=self.challenge_embed(match), view=self.challenge_view(match)
        )
        if live is not None:
            await self.post_board(live)

    async def rematch(self, interaction: Interaction, match_id: int) -> None:
        old = await self.duels.storage.match(match_id)
        player = None if old is None else old.player_of(interaction.user.id)
        if old is None or player is None:
            return await self.refuse(interaction, "Only the two players of this match can ask for a rematch.")
        other = "p2" if player == "p1" else "p1"
        try:
            match = await self.duels.propose(
                old.guild_id,
                old.channel_id,
                (interaction.user.id, old.names[player]),
                (old.user(other), old.names[other]),
                old.deck,
                old.location,
                old.wins_needed,
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        await self.post_challenge(
            interaction, match, f"<@{match.opponent_id}>, {match.challenger_name} asks for a rematch!"
        )

    # --- the board --------------------------------------------------------------------------------------

    async def board(self, live: LiveGame, first_event: int) -> dict[str, Any]:
        """The public board: content (mentions whoever must decide), embed and buttons; "what just
        happened" tells the engine events from ``first_event`` on."""
        game, match = live.game, live.match
        names = match.names
        wins = await self.duels.score(match.id)  # first: what follows shows one moment of the game
        obs = _observation(live, None)
        happened = text.describe_events(visible_events(game, None, first_event), names)
        score = None
        if match.wins_needed > 1:
            first_to = f"Match (first to {match.wins_needed})"
            score = f"{first_to}: {names['p1']} {wins['p1']} – {wins['p2']} {names['p2']}"
        embed = render.board_embed(
            obs,
            names,
            title=f"Cardia — {names['p1']} vs {names['p2']}, game {live.row.number}",
            deck_label=render.deck_label(match.deck),
            location=match.location,
            difficulty_name=_difficulty(match).name,
            happened=happened,
            score_line=score,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(live.row.id))
        view.add_item(DiscardsButton(live.row.id))
        if live.outcome is not None:
            content = text.result_text({"winner": live.outcome[0], "reason": live.outcome[1]}, names)
        else:
            waiting = [
                f"<@{match.user(d.player)}> "
                + text.waiting_text(d.kind, first=render.plays_first(obs, d.player))
                for d in game.pending
                if d.player != "chance"
            ]
            content = "Your move: " + "; ".join(waiting) + ". Press **Show my hand**."
        return {"content": content, "embed": embed, "view": view}

    async def post_board(self, live: LiveGame) -> None:
        """Post a new board telling what happened since the last one; a failure is logged and never
        breaks the game."""
        channel = self.bot.get_partial_messageable(live.match.channel_id)
        told_from, live.board_told = live.board_told, len(live.game.events)
        try:
            board = await self.board(live, told_from)
            message = await channel.send(**board, allowed_mentions=MENTION_USERS)
        except discord.HTTPException:
            log.exception("game %s: could not post the board", live.row.id)
            return
        self.duels.board_posted(live, message.id, told_from)

    async def edit_board(self, live: LiveGame) -> bool:
        """Update the latest board in place (it then tells everything since it was posted)."""
        if live.board_message_id is None or not live.board_is_latest:
            return False
        channel = self.bot.get_partial_messageable(live.match.channel_id)
        told = len(live.game.events)
        try:
            board = await self.board(live, live.board_from)
            await channel.get_partial_message(live.board_message_id).edit(**board)
        except discord.HTTPException:
            log.warning("game %s: could not edit board %s", live.row.id, live.board_message_id)
            return False
        live.board_told = told
        return True

    async def after_step(self, step: Step) -> None:
        live = step.live
        if not step.superseded:  # else the later decision's step shows the board, with this one's news
            news = live.game.events[live.board_told :]
            placed = all(kind == "placed" and detail == "face_down" for kind, _, _, _, detail in news)
            # A card placed face down while the opponent still chooses: update the board in place.
            goes_on = live.outcome is None and live.game.pending
            if not (placed and goes_on and await self.edit_board(live)):
                await self.post_board(live)
        if step.match_over:
            await self.post_match_result(live)
        if step.next_game is not None:
            await self.post_board(step.next_game)

    async def post_match_result(self, live: LiveGame) -> None:
        match = live.match
        wins = await self.duels.score(match.id)
        winner = "p1" if wins["p1"] > wins["p2"] else "p2"
        loser = "p2" if winner == "p1" else "p1"
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(match.id))
        channel = self.bot.get_partial_messageable(match.channel_id)
        content = (
            f"🏆 <@{match.user(winner)}> wins the match {wins[winner]}–{wins[loser]}"
            f" against {match.names[loser]}!"
        )
        if live.ended is not None:  # ended by the bot: a concession, a timeout, an abort
            mentions = {player: f"<@{match.user(player)}>" for player in ("p1", "p2")}
            content = text.match_ended_text(*live.ended, mentions, match.names)
        try:
            await channel.send(content=content, view=view, allowed_mentions=MENTION_USERS)
        except discord.HTTPException:
            log.exception("match %s: could not post the result", match.id)

    # --- a player's private view ------------------------------------------------------------------------

    async def check_player(self, interaction: Interaction, game_id: int) -> bool:
        """The one gate for game buttons: only the two players may use them."""
        try:
            live = await self.duels.live(game_id)
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))
            return False
        if live.match.player_of(interaction.user.id) is None:
            names = live.match.names
            await self.refuse(
                interaction, f"This is a duel between {names['p1']} and {names['p2']}: only they can play it."
            )
            return False
        return True

    def hand(self, live: LiveGame, player: str, notice: str | None = None) -> dict[str, Any]:
        """A player's private message: their hand, and their decision as buttons or selects."""
        obs = _observation(live, player)
        embed = render.hand_embed(obs, player, live.match.names)
        view = discord.ui.View(timeout=None)
        decision = live.pending_for(player) if live.outcome is None else None
        if decision is not None:
            version = live.own_actions(player)
            buttons = decision.count == 1 and len(decision.options) <= BUTTONS_UP_TO
            labels = [
                text.option_label(
                    decision.kind, option, player, live.match.names, obs, limit=80 if buttons else 100
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
        return {"content": notice, "embed": embed, "view": view}

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        live = await self.duels.live(game_id)
        player = live.match.player_of(interaction.user.id)
        assert player is not None  # check_player
        hand = self.hand(live, player)
        await interaction.response.send_message(**hand, ephemeral=True)
        # discord.py keeps the view of an ephemeral message for 15 minutes (a timeout task each); its items
        # are dynamic (bot.components), so clicks never need it: let it go now (bench/bot_load.py).
        hand["view"].stop()

    async def show_discards(self, interaction: Interaction, game_id: int) -> None:
        try:
            live = await self.duels.live(game_id)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        embed = render.discard_embed(observation(live.game, None), live.match.names)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def decide(self, interaction: Interaction, game_id: int, version: int, choose: list[str]) -> None:
        try:
            step = await self.duels.act(game_id, interaction.user.id, version, choose)
        except Refusal as refusal:
            live = await self.duels.live(game_id)
            player = live.match.player_of(interaction.user.id)
            assert player is not None  # check_player
            await interaction.response.edit_message(**self.hand(live, player, notice=f"⚠️ {refusal}"))
            return
        assert step.player is not None
        await interaction.response.edit_message(**self.hand(step.live, step.player))
        await self.after_step(step)

    async def decide_by_index(self, interaction: Interaction, game_id: int, version: int, index: int) -> None:
        live = await self.duels.live(game_id)
        player = live.match.player_of(interaction.user.id)
        assert player is not None  # check_player
        decision = live.pending_for(player)
        if decision is None or live.own_actions(player) != version or index >= len(decision.options):
            notice = "⚠️ That choice is out of date (you already decided). Here is where the game stands."
            await interaction.response.edit_message(**self.hand(live, player, notice=notice))
            return
        await self.decide(interaction, game_id, version, [decision.options[index]])
