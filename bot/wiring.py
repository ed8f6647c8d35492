"""Who listens to what: every event of the bot (bot.services.events, bot.ui.events) and its subscribers,
in the order things happen. The one place a service or a cog is told of another's doing; nothing
registers itself in a constructor, and no cog is handed another cog's method."""

from __future__ import annotations

from dataclasses import dataclass

from bot.cogs.duels import DuelsCog
from bot.services.computer import Computer, ComputerDecided
from bot.services.duels import Duels
from bot.services.events import (
    Bus,
    GameChanged,
    GameEnded,
    MatchEnded,
    RoundEnded,
    SeasonBegun,
    TournamentChanged,
)
from bot.services.guild_settings import GuildSettingsStore
from bot.services.records import Records
from bot.services.timers import NoticeDue
from bot.services.tournaments import Tournaments
from bot.ui.events import ComputerDuelAsked
from bot.ui.outbox import Outbox
from bot.ui.queue_lines import QueueLines
from bot.ui.reconciler import Reconciler
from bot.ui.season_posts import SeasonPosts
from bot.ui.tournament_posts import TournamentPosts


@dataclass(frozen=True, slots=True)
class Parts:
    """The services and the front-end parts that take part in an event."""

    duels: Duels
    records: Records
    guild_settings: GuildSettingsStore
    computer: Computer
    tournaments: Tournaments
    outbox: Outbox
    queue_lines: QueueLines
    tournament_posts: TournamentPosts
    season_posts: SeasonPosts
    duels_cog: DuelsCog
    reconciler: Reconciler


def wire(bus: Bus, parts: Parts) -> None:
    """Every subscription of the bot: the services' among themselves, then the front end's; and the
    renderers of everything the bot shows."""
    # What the bot shows, a renderer per family of posts: a duel's, the queue's lines, a tournament's, a
    # season's end.
    for renderer in (parts.outbox, parts.queue_lines, parts.tournament_posts, parts.season_posts):
        parts.reconciler.register(renderer)

    wire_services(
        bus,
        parts.duels,
        records=parts.records,
        guild_settings=parts.guild_settings,
        computer=parts.computer,
        tournaments=parts.tournaments,
    )

    # The computer's decision is stored: its board posted like anyone's.
    bus.subscribe(ComputerDecided, lambda decided: parts.outbox.after(decided.step))
    # A timer found a reminder, a claim offer, a forfeit or an abandoned duel due: the duel's homes told.
    bus.subscribe(NoticeDue, lambda due: parts.outbox.notify(due.notice))
    # A tournament changed, or one of its rounds ended: its channel shows it, and the duels it made.
    bus.subscribe(TournamentChanged, parts.tournament_posts.changed)
    bus.subscribe(RoundEnded, parts.tournament_posts.changed)
    # A server's season began: the end of the one before is announced.
    bus.subscribe(SeasonBegun, lambda begun: parts.season_posts.announce())
    # The queue offered a player the computer, and they took it: a duel against it, as /cardia challenge.
    bus.subscribe(ComputerDuelAsked, lambda asked: parts.duels_cog.challenge_computer(asked.interaction))


def wire_services(
    bus: Bus,
    duels: Duels,
    *,
    records: Records | None = None,
    guild_settings: GuildSettingsStore | None = None,
    computer: Computer | None = None,
    tournaments: Tournaments | None = None,
) -> None:
    """The services' subscriptions among themselves (those given: a test wires the ones it runs)."""
    if guild_settings is not None:
        # A challenge is checked against its server's rules (open duels per player, one channel or several).
        duels.propose_checks.append(guild_settings.check_challenge)
    if records is not None:
        # Inside the transaction that records a game's result: its place in the finish order, its length,
        # the players' ratings.
        bus.subscribe(GameEnded, records.game_over)
    if tournaments is not None:
        # Inside the transaction that ends a match: a tournament's duel scores its pairing, and a round's
        # last pairs the next round (or ends the tournament).
        bus.subscribe(MatchEnded, tournaments.match_over)
    if computer is not None:
        # After a commit that changed a game (or a timer's look at it): the computer thinks if it is to move.
        bus.subscribe(GameChanged, lambda changed: computer.wake(changed.live))
