"""A tournament's messages as worded for Discord, without Discord: the largest tournament (64 players,
long names) keeps its round message within what Discord takes for a message's embeds, every pairing
shown, in every language."""

from __future__ import annotations

import pytest

import text
from bot.services.tournaments import Table, format_named
from bot.services.tournaments.service import entrants_of, results_of
from bot.store import TournamentGame, TournamentPlayer, TournamentRow, TournamentStatus
from bot.ui.tournament_pages import final_embed, page, round_embeds
from text.catalogue import LANGUAGES

PLAYERS = 64


def largest() -> Table:
    """A Swiss of 64 after round 1 (the first of each pair won), round 2 paired; every name 32 long."""
    tournament = TournamentRow(
        1,
        10,
        20,
        "A" * 60,
        "swiss",
        12,
        "I",
        None,
        2,
        24.0,
        True,
        "thread",
        None,
        64,
        TournamentStatus.RUNNING,
        2,
        None,
        1,
    )
    players = [
        TournamentPlayer(10**17 + n, f"{n:02d}" + "x" * 30, 1000 + n, False, None) for n in range(PLAYERS)
    ]
    ids = [player.user_id for player in players]
    games = [TournamentGame(1, ids[n], ids[n + 1], 100 + n, "first", "played") for n in range(0, PLAYERS, 2)]
    games += [TournamentGame(2, ids[n], ids[n + 2], 200 + n, None, None) for n in range(0, PLAYERS, 4)]
    games += [TournamentGame(2, ids[n + 1], ids[n + 3], 300 + n, None, None) for n in range(0, PLAYERS, 4)]
    table = format_named("swiss").standings(entrants_of(players), results_of(games))
    return Table(tournament, players, games, table)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_largest_tournaments_messages_fit_in_discord(language: str) -> None:
    full = largest()
    with text.speaking(language):
        embeds = round_embeds(full, 2, full.until(1))
        shown = [final_embed(full), page(full)[0]]
    assert len(embeds) == 2
    assert sum(len(embed) for embed in embeds) <= 6000
    assert all(len(embed.description or "") <= 4096 for embed in (*embeds, *shown))
    assert all(len(embed) <= 6000 for embed in shown)
    pairings = embeds[0].description or ""
    assert all(f"<@{game.first_id}>" in pairings for game in full.round_games(2))  # every pairing shown
