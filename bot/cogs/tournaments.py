"""``/cardia tournament``: tournaments the bot runs on a server, from sign-up to champion (the rules are
``bot.services.tournaments``'s; what the channel shows is ``bot.ui.tournament_posts``'s).

A server manager creates one in a channel (its page is posted there, with Join and Leave) and starts it
(or its sign-up deadline does); from then on the bot pairs every round and plays it as duels in that
channel, each in a thread of its own where the server has them. A player may withdraw; a manager may
award or replay a stuck duel, or cancel the tournament.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

import text
from bot.cogs import Cog, completes
from bot.services.duels import Refusal, Step
from bot.services.guild_settings import GuildSettingsStore
from bot.services.tournaments import FORMATS, Tournaments
from bot.store.rows import NewTournament, TournamentRow, TournamentStatus, bounds
from bot.ui import answer
from bot.ui.choices import DECK_CHOICES, LOCATION_CHOICES, MATCH_CHOICES
from bot.ui.components import Handlers, TournamentButton
from bot.ui.guard import guard_of, stored
from bot.ui.homes import home_kind, is_manager, needs_server, server_of, tell_managers
from bot.ui.messages import Messages
from bot.ui.outbox import Outbox
from bot.ui.tournament_pages import choice_label, page
from bot.ui.translator import descriptions, options, said
from cards import deck_from_code

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
DECISION = bounds("decision_hours")
SIGNUP_HOURS = (0.25, 24.0 * 30)
OPEN = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
CREATE_OPTIONS = (
    "name",
    "format",
    "rounds",
    "deck",
    "location",
    "match",
    "decision_hours",
    "rated",
    "signup_hours",
    "limit",
)
FORMAT_CHOICES = [app_commands.Choice(name=said(unit.label), value=unit.name) for unit in FORMATS.values()]
RESULT_CHOICES = [
    app_commands.Choice(name=said(f"slash.choice.award_{value}"), value=value)
    for value in ("first", "second", "draw")
]


class TournamentsCog(Cog, name=said("slash.tournament"), description=said("slash.tournament.description")):
    """``/cardia tournament create``, ``start``, ``withdraw``, ``standings``, ``award``, ``replay`` and
    ``cancel``, and the Join and Leave buttons of a tournament's page."""

    subgroup = True

    def __init__(
        self,
        tournaments: Tournaments,
        outbox: Outbox,
        settings: GuildSettingsStore,
        messages: Messages,
    ) -> None:
        super().__init__()
        self.tournaments = tournaments
        self.outbox = outbox  # the duels it ends (a withdrawal, an award): their last board and result
        self.settings = settings  # the server's time per decision (the default) and whether it wants threads
        self.messages = messages  # the server's public language

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: a page's Join and Leave."""
        handlers.on(TournamentButton, lambda i, b: self.sign_up(i, b.tournament_id, b.action))

    # --- the commands ------------------------------------------------------------------------------------

    @app_commands.command(
        name=said("slash.tournament.create"), description=said("slash.tournament.create.description")
    )
    @app_commands.rename(**options("tournament.create", *CREATE_OPTIONS))
    @app_commands.describe(**descriptions("tournament.create", *CREATE_OPTIONS))
    @app_commands.choices(format=FORMAT_CHOICES, deck=DECK_CHOICES, location=LOCATION_CHOICES)
    @app_commands.choices(match=MATCH_CHOICES)
    async def create_command(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 60],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 12] | None = None,
        deck: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        match: app_commands.Choice[int] | None = None,
        decision_hours: app_commands.Range[float, DECISION[0], DECISION[1]] | None = None,
        rated: bool = True,
        signup_hours: app_commands.Range[float, SIGNUP_HOURS[0], SIGNUP_HOURS[1]] | None = None,
        limit: app_commands.Range[int, 2, 64] | None = None,
    ) -> None:
        guild_id = await self._managed(interaction)
        if guild_id is None or interaction.channel_id is None:
            return
        settings = await self.settings.get(guild_id)
        home, missing = home_kind(interaction, settings.threads, interaction.channel_id)
        until = None
        if signup_hours is not None:
            until = (self.tournaments.duels.clock() + timedelta(hours=signup_hours)).isoformat(
                timespec="seconds"
            )
        new = NewTournament(
            guild_id,
            interaction.channel_id,
            name,
            format.value,
            rounds,  # where the format takes it (else ignored), its default if not given
            deck_from_code(deck.value if deck else "1111"),
            None if location is None or location.value == "none" else location.value,
            match.value if match else 2,
            decision_hours if decision_hours is not None else settings.decision_hours,
            rated,
            home,
            until,
            limit,
            interaction.user.id,
        )
        try:
            tournament = await self.tournaments.create(new)
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        key = "tournament.created" if until is None else "tournament.created_until"
        await answer.reply(interaction, text.tr(key, name=tournament.name, id=tournament.id))
        if missing:
            await tell_managers(
                interaction, self.settings, missing, await self.messages.public_language(guild_id)
            )

    @app_commands.command(
        name=said("slash.tournament.start"), description=said("slash.tournament.start.description")
    )
    @app_commands.rename(**options("tournament.start", "tournament"))
    @app_commands.describe(**descriptions("tournament.start", "tournament"))
    async def start_command(self, interaction: Interaction, tournament: str | None = None) -> None:
        if await self._managed(interaction) is None:
            return
        chosen = await self._chosen(interaction, tournament, (TournamentStatus.SIGNUP,))
        if chosen is None:
            return
        try:
            started = await self.tournaments.start(chosen.id)
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        key = "tournament.started_now" if started.status == TournamentStatus.RUNNING else "tournament.too_few"
        await answer.reply(interaction, text.tr(key, name=started.name))

    @app_commands.command(
        name=said("slash.tournament.withdraw"), description=said("slash.tournament.withdraw.description")
    )
    @app_commands.rename(**options("tournament.withdraw", "tournament"))
    @app_commands.describe(**descriptions("tournament.withdraw", "tournament"))
    async def withdraw_command(self, interaction: Interaction, tournament: str | None = None) -> None:
        chosen = await self._chosen(interaction, tournament, OPEN)
        if chosen is None:
            return
        try:
            steps = await self.tournaments.withdraw(chosen.id, interaction.user.id)
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        await answer.reply(interaction, text.tr("tournament.withdrew_now", name=chosen.name))
        await self._show(steps)

    @app_commands.command(
        name=said("slash.tournament.standings"), description=said("slash.tournament.standings.description")
    )
    @app_commands.rename(**options("tournament.standings", "tournament"))
    @app_commands.describe(**descriptions("tournament.standings", "tournament"))
    async def standings_command(self, interaction: Interaction, tournament: str | None = None) -> None:
        chosen = await self._chosen(interaction, tournament, tuple(TournamentStatus))
        if chosen is None:
            return
        table = await self.tournaments.table(chosen.id)
        embed, _ = page(table)
        await answer.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(
        name=said("slash.tournament.award"), description=said("slash.tournament.award.description")
    )
    @app_commands.rename(**options("tournament.award", "duel", "result"))
    @app_commands.describe(**descriptions("tournament.award", "duel", "result"))
    @app_commands.choices(result=RESULT_CHOICES)
    async def award_command(
        self, interaction: Interaction, duel: str, result: app_commands.Choice[str]
    ) -> None:
        await self._decide(interaction, duel, result.value)

    @app_commands.command(
        name=said("slash.tournament.replay"), description=said("slash.tournament.replay.description")
    )
    @app_commands.rename(**options("tournament.replay", "duel"))
    @app_commands.describe(**descriptions("tournament.replay", "duel"))
    async def replay_command(self, interaction: Interaction, duel: str) -> None:
        await self._decide(interaction, duel, None)

    @app_commands.command(
        name=said("slash.tournament.cancel"), description=said("slash.tournament.cancel.description")
    )
    @app_commands.rename(**options("tournament.cancel", "tournament"))
    @app_commands.describe(**descriptions("tournament.cancel", "tournament"))
    async def cancel_command(self, interaction: Interaction, tournament: str | None = None) -> None:
        if await self._managed(interaction) is None:
            return
        chosen = await self._chosen(interaction, tournament, OPEN)
        if chosen is None:
            return
        try:
            aborted = await self.tournaments.cancel(chosen.id)
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        await answer.reply(interaction, text.tr("tournament.cancelled_now", name=chosen.name))
        for match_id in aborted:
            await self.outbox.update(match_id)

    # --- autocomplete -----------------------------------------------------------------------------------

    @completes(start_command, "tournament")
    async def signing_up(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(
            self._choices(interaction, current, (TournamentStatus.SIGNUP,)), "autocomplete"
        )

    @completes(withdraw_command, "tournament")
    async def open_ones(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(self._choices(interaction, current, OPEN), "autocomplete")

    @completes(cancel_command, "tournament")
    async def cancellable(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(self._choices(interaction, current, OPEN), "autocomplete")

    @completes(standings_command, "tournament")
    async def any_one(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        every = tuple(TournamentStatus)
        return await guard_of(interaction).choices(self._choices(interaction, current, every), "autocomplete")

    @completes(award_command, "duel")
    async def stuck_duels(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(self._duel_choices(interaction, current), "autocomplete")

    @completes(replay_command, "duel")
    async def duels_to_replay(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(self._duel_choices(interaction, current), "autocomplete")

    async def _choices(
        self, interaction: Interaction, current: str, statuses: tuple[TournamentStatus, ...]
    ) -> list[app_commands.Choice[str]]:
        guild_id = server_of(interaction)
        if guild_id is None:
            return []
        needle = current.strip().casefold()
        found = []
        for tournament in await self.tournaments.listed(guild_id, statuses):
            label = choice_label(tournament)
            if needle in label.casefold():
                found.append(app_commands.Choice(name=label, value=str(tournament.id)))
        return found[:25]

    async def _duel_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        guild_id = server_of(interaction)
        if guild_id is None or not is_manager(interaction):
            return []
        needle = current.strip().casefold()
        found = []
        for tournament in await self.tournaments.listed(guild_id, (TournamentStatus.RUNNING,)):
            for match in await self.tournaments.duels_playing(tournament.id):
                label = text.tr(
                    "tournament.duel_choice",
                    name=tournament.name,
                    round=match.tournament_round or 0,
                    first=match.challenger_name,
                    second=match.opponent_name,
                )
                if needle in label.casefold():
                    found.append(app_commands.Choice(name=text.clip(label, 100), value=str(match.id)))
        return found[:25]

    # --- what the commands share ------------------------------------------------------------------------

    async def sign_up(self, interaction: Interaction, tournament_id: int, action: str) -> None:
        """A page's Join or Leave (a tournament of this server only: a forged id names no other)."""
        guild_id = server_of(interaction)
        if guild_id is None:
            return await answer.reply(interaction, text.tr(needs_server(interaction, "tournament.in_server")))
        try:
            tournament = await self.tournaments.get(tournament_id, guild_id)
            if action == "join":
                await self.tournaments.join(
                    tournament_id, (interaction.user.id, interaction.user.display_name)
                )
            else:
                await self.tournaments.leave(tournament_id, interaction.user.id)
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        key = "tournament.joined_now" if action == "join" else "tournament.left_now"
        await answer.reply(interaction, text.tr(key, name=tournament.name))

    async def _decide(self, interaction: Interaction, duel: str, result: str | None) -> None:
        """A manager awards a stuck duel (``result``: first, second or draw) or has it replayed (None)."""
        guild_id = await self._managed(interaction)
        if guild_id is None:
            return
        match = await self.tournaments.duel(int(duel)) if duel.strip().isdigit() else None
        if match is None or match.tournament_id is None or match.guild_id != guild_id:
            return await answer.reply(interaction, text.tr("tournament.no_such_duel"))
        step: Step | None
        try:
            if result is None:
                step = await self.tournaments.replay(match.tournament_id, match.id)
            else:
                step = await self.tournaments.award(match.tournament_id, match.id, result)  # type: ignore[arg-type]
        except Refusal as refusal:
            return await answer.reply(interaction, str(refusal))
        stored(interaction)
        await answer.reply(
            interaction, text.tr("tournament.replayed" if result is None else "tournament.awarded")
        )
        await self._show([] if step is None else [step])

    async def _show(self, steps: list[Step]) -> None:
        for step in steps:
            await self.outbox.after(step)

    async def _managed(self, interaction: Interaction) -> int | None:
        """The server, if the caller manages it (else refused in one line)."""
        guild_id = server_of(interaction)
        if guild_id is None:
            await answer.reply(interaction, text.tr(needs_server(interaction, "tournament.in_server")))
            return None
        if not is_manager(interaction):
            await answer.reply(interaction, text.tr("tournament.managers_only"))
            return None
        return guild_id

    async def _chosen(
        self, interaction: Interaction, given: str | None, statuses: tuple[TournamentStatus, ...]
    ) -> TournamentRow | None:
        """The tournament named by an option (its id, as autocomplete gives it), else this server's only
        one in ``statuses``; refused in one line if there is none, or several."""
        guild_id = server_of(interaction)
        if guild_id is None:
            await answer.reply(interaction, text.tr(needs_server(interaction, "tournament.in_server")))
            return None
        if given is not None and given.strip():
            try:
                if not given.strip().isdigit():
                    raise Refusal("tournament.unknown")
                return await self.tournaments.get(int(given), guild_id)
            except Refusal as refusal:
                await answer.reply(interaction, str(refusal))
                return None
        candidates = await self.tournaments.listed(guild_id, statuses)
        if len(candidates) != 1:
            await answer.reply(
                interaction, text.tr("tournament.none_open" if not candidates else "tournament.which")
            )
            return None
        return candidates[0]
