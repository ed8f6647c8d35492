"""Duels played over days, on Discord: ``/cardia settings``, ``concede``, ``abort`` and ``status``, the
"Claim victory" button, and the timers' notices in the duels' channels.

The decisions are made elsewhere (``bot.services.guild_settings``, ``bot.services.timers``,
``bot.services.duels``); every game the bot ends goes through ``Outbox.after`` (``bot.ui.outbox``), which
posts the final board and the match result with the Rematch button, exactly as for a game ended by the
rules.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any, cast, get_args

import discord
from discord import app_commands

import text
from bot.cogs import Cog, completes
from bot.ids import parse_id
from bot.services.duels import Duels, Refusal
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore, describe, option_description
from bot.services.player_settings import PlayerSettingsStore
from bot.services.seasons import Seasons
from bot.services.timers import CLAIM_REASON, Timers, waiting_players
from bot.store.rows import (
    SETTINGS_COLUMNS,
    GuildSettings,
    Language,
    MatchRow,
    MatchStatus,
    Notify,
    PlayerSettings,
    bounds,
)
from bot.ui import answer
from bot.ui.components import ClaimButton, Components, ConcedeButton, Handlers
from bot.ui.guard import guard_of, stored
from bot.ui.homes import is_manager, needs_server, server_of
from bot.ui.messages import Messages, jump_link, when
from bot.ui.outbox import Outbox
from bot.ui.translator import descriptions, options, said, spoken
from engine import view as engine_view
from text import tr
from text.board import other_player as other

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
CONCEDED = "conceded"
ABORTED = "aborted"
DESCRIPTION_LIMIT = 4000
# The ranges of /cardia settings' options, as the settings model declares them (bot.store.GuildSettings).
DECISION, REMINDER, GRACE, MAX_DUELS, SEASON_WEEKS = (
    bounds(name) for name in ("decision_hours", "reminder_hours", "grace_hours", "max_duels", "season_weeks")
)  # of an embed's 4096 characters


def settings_embed(settings: GuildSettings, mine: PlayerSettings) -> discord.Embed:
    embed = discord.Embed(title=tr("settings.title"), colour=discord.Colour.gold())
    for name, value in describe(settings):
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name=tr("settings.notify"), value=_notify_value(mine), inline=False)
    embed.set_footer(text=tr("settings.footer"))
    return embed


def own_settings(mine: PlayerSettings) -> discord.Embed:
    """One's own settings alone (in a direct message with the bot)."""
    embed = discord.Embed(title=tr("settings.own_title"), colour=discord.Colour.gold())
    embed.add_field(name=tr("settings.notify"), value=_notify_value(mine), inline=False)
    return embed


def _notify_value(mine: PlayerSettings) -> str:
    value = tr(f"settings.notify_value.{mine.notify}")
    return value + ("\n" + tr("settings.notify_refused") if mine.notify == "dm" and mine.dm_refused else "")


class ServerCog(Cog, name="server", description="Duels over days on a server"):
    """``/cardia settings``, ``concede``, ``abort`` and ``status``, and Claim victory."""

    def __init__(
        self,
        bot: discord.Client,
        duels: Duels,
        settings: GuildSettingsStore,
        timers: Timers,
        messages: Messages,
        outbox: Outbox,
        players: PlayerSettingsStore,
        seasons: Seasons,
    ) -> None:
        super().__init__()
        self.seasons = seasons  # /cardia settings new_season, season_weeks
        self.bot = bot
        self.players = players  # each player's own settings (notify)
        self.duels = duels
        self.messages = messages
        self.outbox = outbox  # the final boards and results of the duels it ends
        self.settings = settings
        self.timers = timers

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: Claim victory, and the confirmation of a concession."""
        handlers.on(ClaimButton, lambda i, c: self.claim(i, c.game_id, c.version))
        handlers.on(ConcedeButton, lambda i, c: self.confirm_concede(i, c.match_id))

    # --- the commands ------------------------------------------------------------------------------------

    @app_commands.command(name=said("slash.settings"), description=said("slash.settings.description"))
    @app_commands.rename(**options("settings", *SETTINGS_COLUMNS, "notify", "new_season"))
    @app_commands.describe(**{name: spoken(partial(option_description, name)) for name in SETTINGS_COLUMNS})
    @app_commands.describe(**descriptions("settings", "notify", "new_season"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=said(f"settings.language.{value}"), value=value)
            for value in get_args(Language)
        ],
        notify=[
            app_commands.Choice(name=said(f"settings.notify.{value}"), value=value)
            for value in get_args(Notify)
        ],
    )
    async def settings_command(
        self,
        interaction: Interaction,
        decision_hours: app_commands.Range[float, DECISION[0], DECISION[1]] | None = None,
        reminder_hours: app_commands.Range[float, REMINDER[0], REMINDER[1]] | None = None,
        grace_hours: app_commands.Range[float, GRACE[0], GRACE[1]] | None = None,
        cross_channel: bool | None = None,
        max_duels: app_commands.Range[int, int(MAX_DUELS[0]), int(MAX_DUELS[1])] | None = None,
        language: app_commands.Choice[str] | None = None,
        images: bool | None = None,
        threads: bool | None = None,
        notify: app_commands.Choice[str] | None = None,
        season_weeks: app_commands.Range[int, int(SEASON_WEEKS[0]), int(SEASON_WEEKS[1])] | None = None,
        new_season: bool = False,
        web_pages: bool | None = None,
    ) -> None:
        if new_season:
            return await self.new_season(interaction)
        await self.show_settings(
            interaction,
            decision_hours=decision_hours,
            reminder_hours=reminder_hours,
            grace_hours=grace_hours,
            cross_channel=cross_channel,
            max_duels=max_duels,
            language=None if language is None else language.value,
            images=images,
            threads=threads,
            notify=None if notify is None else notify.value,
            season_weeks=season_weeks,
            web_pages=web_pages,
        )

    @app_commands.command(name=said("slash.concede"), description=said("slash.concede.description"))
    @app_commands.rename(**options("concede", "duel"))
    @app_commands.describe(**descriptions("concede", "duel"))
    async def concede_command(self, interaction: Interaction, duel: str | None = None) -> None:
        await self.concede(interaction, duel)

    @completes(concede_command, "duel")
    async def my_duels(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = self.duel_choices(interaction, current, everyone=False)
        return await guard_of(interaction).choices(choices, "/cardia concede: autocomplete")

    @app_commands.command(name=said("slash.abort"), description=said("slash.abort.description"))
    @app_commands.rename(**options("abort", "duel"))
    @app_commands.describe(**descriptions("abort", "duel"))
    async def abort_command(self, interaction: Interaction, duel: str | None = None) -> None:
        await self.abort(interaction, duel)

    @completes(abort_command, "duel")
    async def open_duels(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = self.duel_choices(interaction, current, everyone=True)
        return await guard_of(interaction).choices(choices, "/cardia abort: autocomplete")

    @app_commands.command(name=said("slash.status"), description=said("slash.status.description"))
    async def status_command(self, interaction: Interaction) -> None:
        await self.status(interaction)

    async def refuse(self, interaction: Interaction, message: str) -> None:
        await answer.send(interaction, content=message, ephemeral=True)

    # --- /cardia settings -------------------------------------------------------------------------------

    async def show_settings(
        self, interaction: Interaction, notify: str | None = None, **changes: Any
    ) -> None:
        """Everyone may see the server's settings and choose their own (``notify``: how they are told a
        duel waits for them, anywhere); only server managers may change the server's."""
        changes = {name: value for name, value in changes.items() if value is not None}
        if server_of(interaction) is None and (changes or notify is None):
            return await self.refuse(interaction, tr(needs_server(interaction, "settings.in_server")))
        notice = None
        mine = await self.players.get(interaction.user.id)
        if notify is not None:
            if changes and not is_manager(interaction):
                return await self.refuse(interaction, tr("settings.managers_only"))
            language = text.language_of(interaction.locale)
            mine = await self.players.choose(interaction.user.id, cast(Notify, notify), language)
            stored(interaction)
            notice = tr("settings.saved")
        server = server_of(interaction)
        if server is None:  # in a direct message: one's own settings only
            await answer.send(interaction, content=notice, embed=own_settings(mine), ephemeral=True)
            return
        if changes:
            if not is_manager(interaction):
                return await self.refuse(interaction, tr("settings.managers_only"))
            try:
                settings = await self.settings.update(server, interaction.user.id, **changes)
            except Refusal as refusal:
                return await self.refuse(interaction, str(refusal))
            if settings.season_weeks:  # seasons from now on: the first one lasts from now
                await self.seasons.begin(server, interaction.channel_id)
            stored(interaction)
            notice = tr("settings.saved")
        else:
            settings = await self.settings.get(server)
        await answer.send(interaction, content=notice, embed=settings_embed(settings, mine), ephemeral=True)

    async def new_season(self, interaction: Interaction) -> None:
        """A manager ends the server's season: its final leaderboard is kept, the next one begins with
        every rating halfway back to 1000, and the channel is told its top three."""
        server = server_of(interaction)
        if server is None:
            return await self.refuse(interaction, tr(needs_server(interaction, "settings.in_server")))
        if not is_manager(interaction):
            return await self.refuse(interaction, tr("settings.managers_only"))
        begun = await self.seasons.next(server, interaction.channel_id)
        if begun is None:
            return await self.refuse(interaction, tr("season.raced"))
        stored(interaction)
        await answer.send(interaction, content=tr("season.begun", season=begun.number), ephemeral=True)

    # --- which duel -------------------------------------------------------------------------------------

    async def _mine_here(self, interaction: Interaction) -> list[MatchRow]:
        """The caller's open duels shown here: on this server (its own, and those of the queue or by code
        played in one of its channels), or anywhere from a direct message with the bot."""
        mine = await self.duels.open_matches(user_id=interaction.user.id)
        if server_of(interaction) is None:
            return mine
        return [match for match in mine if match.seen_from(server_of(interaction))]

    async def _chosen(self, interaction: Interaction, duel: str, *, mine: bool = False) -> MatchRow | None:
        """The open match picked in a ``duel`` option (its id): one of this server's, or (``mine``) one of
        the caller's shown here; None (refused) else."""
        match_id = parse_id(duel)
        match = None if match_id is None else await self.duels.match(match_id)
        here = match is not None and (
            match.seen_from(server_of(interaction)) if mine else match.guild_id == server_of(interaction)
        )
        if match is None or not here or match.status not in (MatchStatus.PROPOSED, MatchStatus.ACTIVE):
            await self.refuse(interaction, tr("duel.unknown"))
            return None
        return match

    def _only(self, candidates: list[MatchRow], channel_id: int | None) -> MatchRow | None:
        """The one candidate, or the one in this channel (or thread); None if that does not decide."""
        if len(candidates) == 1:
            return candidates[0]
        here = [m for m in candidates if channel_id in self._homes(m)]
        return here[0] if len(here) == 1 else None

    def _homes(self, match: MatchRow) -> tuple[int, ...]:
        """The channels and threads a match is played in (in every home)."""
        return tuple(
            channel
            for home in match.homes
            for channel in (home.channel_id, self.outbox.channel_now(match, home))
        )

    def _channel_name(self, channel_id: int) -> str:
        channel = self.bot.get_channel(channel_id)
        return getattr(channel, "name", None) or tr("duel.channel_unknown")

    async def duel_choices(
        self, interaction: Interaction, current: str, *, everyone: bool
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of a ``duel`` option: the caller's running duels (``concede``), or every open duel
        of the server (``abort``, for managers)."""
        if everyone and (server_of(interaction) is None or not is_manager(interaction)):
            return []
        user = interaction.user.id
        if everyone:
            matches = await self.duels.open_matches(server_of(interaction))
        else:
            matches = await self._mine_here(interaction)
        needle = current.strip().casefold()
        choices = []
        for match in reversed(matches):  # the newest first
            if not everyone and match.status != MatchStatus.ACTIVE:
                continue
            game_id = await self.duels.current_game(match.id) if match.status == MatchStatus.ACTIVE else None
            number = None if game_id is None else (await self.duels.live(game_id)).row.number
            what = tr("duel.label_proposed") if number is None else tr("duel.label_game", number=number)
            # The caller's own home (a manager's list: where it was proposed, on this server).
            own = match.player_of(user)
            channel = self._channel_name((match.first_home if own is None else match.home_of(own)).channel_id)
            names = match.names
            if everyone:
                label = tr(
                    "duel.label_all", first=names["p1"], second=names["p2"], what=what, channel=channel
                )
            else:
                player = match.player_of(user) or "p1"
                label = tr("duel.label_mine", opponent=names[other(player)], what=what, channel=channel)
            if needle in label.casefold():
                choices.append(app_commands.Choice(name=text.clip(label, 100), value=str(match.id)))
        return choices[:25]

    # --- /cardia concede --------------------------------------------------------------------------------

    async def concede(self, interaction: Interaction, duel: str | None) -> None:
        """The caller gives up a running duel: the opponent wins the match."""
        user = interaction.user.id
        if duel:
            match = await self._chosen(interaction, duel, mine=True)
            if match is None:
                return
            if match.player_of(user) is None:
                return await self.refuse(interaction, tr("duel.unknown"))
        else:
            running = [m for m in await self._mine_here(interaction) if m.status == MatchStatus.ACTIVE]
            if not running:
                return await self.refuse(interaction, tr("concede.none"))
            found = self._only(running, interaction.channel_id)
            if found is None:
                return await self.refuse(interaction, tr("concede.which"))
            match = found
        if match.status == MatchStatus.PROPOSED:
            return await self.refuse(interaction, tr("concede.proposed"))
        player = match.player_of(user)
        if player is None:
            return await self.refuse(interaction, tr("duel.unknown"))
        # Giving up a match cannot be undone: a private question first, with a Confirm button.
        await answer.send(
            interaction,
            content=tr("concede.confirm", opponent=match.names[other(player)]),
            view=Components(ConcedeButton(match.id)),
            ephemeral=True,
        )

    async def confirm_concede(self, interaction: Interaction, match_id: int) -> None:
        """Confirm pressed: the caller gives up the match, whose opponent wins it."""
        match = await self.duels.match(match_id)
        player = None if match is None else match.player_of(interaction.user.id)
        if match is None or not match.seen_from(server_of(interaction)) or player is None:
            return await self.refuse(interaction, tr("duel.unknown"))
        game_id = await self.duels.current_game(match.id) if match.status == MatchStatus.ACTIVE else None
        if game_id is None:
            return await self.refuse(interaction, tr("concede.over"))
        winner = other(player)
        try:
            step = await self.duels.end(game_id, winner, CONCEDED, match_too=True)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        stored(interaction)
        try:
            await answer.edit(
                interaction, content=tr("concede.done", opponent=match.names[winner]), view=None
            )
        finally:
            await self.outbox.after(step)

    # --- /cardia abort ----------------------------------------------------------------------------------

    async def abort(self, interaction: Interaction, duel: str | None) -> None:
        """A server manager ends an open duel without any result."""
        if server_of(interaction) is None:
            return await self.refuse(interaction, tr(needs_server(interaction, "settings.in_server")))
        if not is_manager(interaction):
            return await self.refuse(interaction, tr("abort.managers_only"))
        if duel:
            chosen = await self._chosen(interaction, duel)
            if chosen is None:
                return
        else:
            here = await self.duels.open_matches(server_of(interaction), channel_id=interaction.channel_id)
            if not here:
                return await self.refuse(interaction, tr("abort.none"))
            if len(here) > 1:
                return await self.refuse(interaction, tr("abort.which"))
            chosen = here[0]
        try:
            match, _ = await self.duels.abort(chosen.id, ABORTED)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        names = match.names
        stored(interaction)
        try:
            await answer.send(
                interaction, content=tr("abort.done", first=names["p1"], second=names["p2"]), ephemeral=True
            )
        finally:
            await self.outbox.update(match.id)  # the final board and result (or the buttons go)

    # --- /cardia status ---------------------------------------------------------------------------------

    async def status(self, interaction: Interaction) -> None:
        """The caller's open duels (in this server; everywhere in a direct message), privately: the
        opponent, game and score, whose decision it waits for, until when, and a link to the board.
        A duel's board that a refused direct message left behind in the caller's DM is brought up to
        date (nothing is posted if it is)."""
        user = interaction.user.id
        matches = await self._mine_here(interaction)
        if all([await self.outbox.show_again(match, user) for match in matches]):
            await self.players.dm_closed(user, False)  # (nothing is written unless it was set)
        entries = [await self._status_entry(match, user) for match in matches]
        lines = []
        server = server_of(interaction)
        if server is not None:
            settings = await self.settings.get(server)
            lines.append(tr("status.count", n=len(matches), max=settings.max_duels))
        if not entries:
            lines.append(tr("status.none"))
        used = len("\n\n".join(lines))
        for index, entry in enumerate(entries):
            more = tr("status.more", n=len(entries) - index)
            if used + len(entry) + len(more) + 4 > DESCRIPTION_LIMIT:
                lines.append(more)
                break
            lines.append(entry)
            used += len(entry) + 2
        embed = discord.Embed(
            title=tr("status.title"), description="\n\n".join(lines), colour=discord.Colour.gold()
        )
        await answer.send(interaction, embed=embed, ephemeral=True)

    async def _status_entry(self, match: MatchRow, user: int) -> str:
        me = match.player_of(user) or "p1"
        them = other(me)
        names = match.names
        home = match.home_of(me)  # the caller's own
        channel_id = self.outbox.channel_now(match, home)
        channel = f"<#{channel_id}>"
        if match.status == MatchStatus.PROPOSED:
            key = "status.proposed_by_you" if me == "p1" else "status.proposed_to_you"
            lines = [tr(key, opponent=names[them], channel=channel)]
            if home.challenge_id is not None:
                link = jump_link(home.guild_id, home.challenge_in, home.challenge_id)
                lines.append(tr("status.challenge", link=link))
            return "\n".join(lines)
        game_id = await self.duels.current_game(match.id)
        if game_id is None:  # between two writes of the same transaction: cannot last
            return tr("status.active", opponent=names[them], number="?", score="", channel=channel)
        live = await self.duels.live(game_id)
        score = ""
        if match.wins_needed > 1:
            wins = await self.duels.score(match.id)
            score = tr("status.score", mine=wins[me], theirs=wins[them], opponent=names[them])
        lines = [
            tr("status.active", opponent=names[them], number=live.row.number, score=score, channel=channel)
        ]
        decisions = self._decisions(live, me)
        deadlines = await self.timers.deadlines(game_id)
        if decisions and deadlines is not None:
            lines.append(
                tr(
                    "status.waits",
                    who=text.join(decisions),
                    since=when(deadlines.since),
                    time_up=when(deadlines.time_up),
                )
            )
        board = (await self.outbox.board(live, home)).message_id
        if board is not None:
            lines.append(tr("status.board", link=jump_link(home.guild_id, channel_id, board)))
        return "\n".join(lines)

    @staticmethod
    def _decisions(live: LiveGame, me: str) -> list[str]:
        decisions = []
        for decision in engine_view(live.game, None).pending:
            if decision.player not in ("p1", "p2"):
                continue
            what = text.waiting_text(decision.kind, first=decision.first)
            if decision.player == me:
                decisions.append(tr("status.your_decision", what=what))
            else:
                decisions.append(
                    tr("status.their_decision", who=live.match.names[decision.player], what=what)
                )
        return decisions

    # --- Claim victory ----------------------------------------------------------------------------------

    async def claim(self, interaction: Interaction, game_id: int, version: int) -> None:
        """The player a game does not wait for claims victory once the opponent's time is up."""
        try:
            live = await self.duels.live(game_id)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        names = live.match.names
        player = live.match.player_of(interaction.user.id)
        if player is None:
            return await self.refuse(
                interaction, tr("claim.not_player", first=names["p1"], second=names["p2"])
            )
        if live.outcome is not None:
            return await self.refuse(interaction, tr("refuse.game_ended"))
        if len(live.actions) != version:
            return await self.refuse(interaction, tr("claim.out_of_date"))
        waiting = waiting_players(live)
        if len(waiting) != 1:
            return await self.refuse(interaction, tr("claim.nobody"))
        if player in waiting:
            return await self.refuse(interaction, tr("claim.waits_for_you"))
        if not live.match.seen_from(server_of(interaction)):
            return await self.refuse(interaction, tr("refuse.game_gone"))
        deadlines = await self.timers.deadlines(game_id)
        if deadlines is None or self.timers.now() < deadlines.time_up:  # a button forged before its time
            return await self.refuse(interaction, tr("claim.not_yet"))
        try:
            step = await self.duels.end(
                game_id, player, CLAIM_REASON, match_too=True, expected_actions=version
            )
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        content = interaction.message.content if interaction.message is not None else ""
        with text.speaking(await self.messages.public_language(live.match.guild_id)):  # a public line
            claimed = tr("claim.done", who=names[player])
        stored(interaction)
        try:
            await answer.edit(interaction, content=f"{content}\n{claimed}".strip(), view=None)
        finally:
            await self.outbox.after(step)
