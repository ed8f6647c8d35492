"""A tournament's page and a player's page, as values the templates lay out: read through the bot's
services (their standings, their records), worded in the reader's language with the bot's words."""

from __future__ import annotations

from dataclasses import dataclass

import text
from bot.services.records import Records
from bot.services.tournaments import Standing, format_named
from bot.services.tournaments.service import entrants_of, results_of
from bot.store import FinishedGame, TournamentRow, TournamentStatus
from bot.store.tournaments import TournamentGame
from bot.store.web import WebStore
from text import tr
from web.signing import Signer

HEADINGS = {
    "points": "picture.standings_points",
    "buchholz": "picture.standings_buchholz",
    "sonneborn_berger": "picture.standings_sb",
    "reached": "picture.standings_reached",
}
GAMES_SHOWN = 200  # a player's latest finished games listed


@dataclass(frozen=True, slots=True)
class Pairing:
    first: str
    second: str | None  # None: a bye
    result: str
    link: str | None  # the page of the duel's latest game


@dataclass(frozen=True, slots=True)
class TournamentPage:
    tournament: TournamentRow
    about: list[str]
    status: str
    columns: list[str]
    standings: list[tuple[int, str, list[str], bool, str]]  # place, name, figures, withdrawn, page
    rounds: list[tuple[int, list[Pairing]]]  # newest first
    players: list[str]  # in sign-up
    live: bool
    over: bool  # finished with a champion (not called off)


def _figure(value: float) -> str:
    return f"{value:g}"


def _reached(tournament: TournamentRow, standing: Standing) -> str:
    rounds = tournament.rounds or 0
    if standing.reached > rounds:
        return tr("tournament.reached_champion")
    if standing.reached == rounds:
        return tr("tournament.reached_final")
    if standing.reached == rounds - 1:
        return tr("tournament.reached_semi_final")
    return tr("tournament.reached_round", round=standing.reached)


async def tournament_page(store: WebStore, signer: Signer, tournament: TournamentRow) -> TournamentPage:
    """In the current language (``text.speaking``)."""
    players = await store.tournament_players(tournament.id)
    games = await store.tournament_games(tournament.id)
    unit = format_named(tournament.format)
    standings = unit.standings(entrants_of(players), results_of(games))
    names = {player.user_id: player.user_name for player in players}
    figures = list(unit.figures)
    columns = [tr("picture.standings_player"), *(tr(HEADINGS[name]) for name in figures)]
    columns.append(tr("picture.standings_record"))
    rows = []
    for standing in standings:
        shown = [
            _reached(tournament, standing) if name == "reached" else _figure(standing.figure(name))
            for name in figures
        ]
        shown.append(f"{standing.won + standing.byes}–{standing.drawn}–{standing.lost}")
        link = signer.player_path(tournament.guild_id, standing.user_id)
        rows.append((standing.place, names.get(standing.user_id, "?"), shown, standing.withdrawn, link))
    rounds = []
    for number in range(tournament.round, 0, -1):
        pairings = [await _pairing(store, signer, game, names) for game in games if game.round == number]
        rounds.append((number, pairings))
    setup = [text.deck_label(tournament.deck)]
    if tournament.location is not None:
        setup.append(text.location_name(tournament.location))
    key = "tournament.single" if tournament.wins_needed == 1 else "tournament.first_to"
    setup.append(tr(key, wins=tournament.wins_needed))
    about = [
        tr("tournament.page_format", format=tr(unit.explanation, rounds=tournament.rounds or 0)),
        tr("tournament.page_setup", setup=" · ".join(setup)),
        tr("tournament.page_time", time=text.hours_text(tournament.decision_hours)),
        tr("tournament.page_rated" if tournament.rated else "tournament.page_unrated"),
    ]
    return TournamentPage(
        tournament=tournament,
        about=about,
        status=_status(tournament, standings, names),
        columns=columns,
        standings=rows,
        rounds=rounds,
        players=[player.user_name for player in players]
        if tournament.status == TournamentStatus.SIGNUP
        else [],
        live=tournament.status in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING),
        over=tournament.status == TournamentStatus.FINISHED,
    )


def _status(tournament: TournamentRow, standings: list[Standing], names: dict[int, str]) -> str:
    if tournament.status == TournamentStatus.SIGNUP:
        return tr("web.tournament_signup")
    if tournament.status == TournamentStatus.RUNNING:
        return tr("tournament.state_running_of", round=tournament.round, rounds=tournament.rounds or 0)
    if tournament.status == TournamentStatus.FINISHED and standings:
        return tr("tournament.state_won", champion=names.get(standings[0].user_id, "?"))
    return tr("tournament.state_cancelled")


async def _pairing(store: WebStore, signer: Signer, game: TournamentGame, names: dict[int, str]) -> Pairing:
    first = names.get(game.first_id, "?")
    if game.second_id is None:
        return Pairing(first, None, tr("web.bye"), None)
    second = names.get(game.second_id, "?")
    if game.result is None:
        result = tr("web.pending")
    elif game.result == "first":
        result = tr("web.won", name=first)
    elif game.result == "second":
        result = tr("web.won", name=second)
    elif game.result == "draw":
        result = tr("web.drawn")
    else:
        result = tr("web.neither")
    link = None
    if game.match_id is not None:
        played = await store.games(game.match_id)
        if played:
            link = signer.game_path(played[-1].id)
    return Pairing(first, second, result, link)


@dataclass(frozen=True, slots=True)
class PlayerGame:
    date: str
    opponent: str
    outcome: str
    deck: str
    link: str


@dataclass(frozen=True, slots=True)
class PlayerPage:
    name: str
    rating: int
    record: str
    matches: str
    games: list[PlayerGame]


async def player_page(store: WebStore, signer: Signer, guild_id: int, user_id: int) -> PlayerPage | None:
    """A player's record in a server, in the current language; None for nobody who played or signed up
    there (a player with no finished game yet has a page that says so)."""
    records = Records(store)
    stats = await records.stats(guild_id, user_id)
    games = await records.games_of(guild_id, user_id, latest=GAMES_SHOWN)
    name = stats.name if games else await store.player_name(guild_id, user_id)
    if not name:
        return None
    listed = [_player_game(signer, game, user_id) for game in reversed(games)]
    return PlayerPage(
        name=name,
        rating=stats.rating.display,
        record=tr(
            "web.player_record", wins=stats.games.wins, losses=stats.games.losses, draws=stats.games.draws
        ),
        matches=tr(
            "web.player_matches",
            wins=stats.matches.wins,
            losses=stats.matches.losses,
            draws=stats.matches.draws,
        ),
        games=listed,
    )


def _player_game(signer: Signer, game: FinishedGame, user_id: int) -> PlayerGame:
    seat = game.player_of(user_id) or "p1"
    other = "p2" if seat == "p1" else "p1"
    return PlayerGame(
        date=game.finished_at[:10],
        opponent=game.names[other],
        outcome=tr(f"history.outcome-{game.outcome(user_id)}"),
        deck=text.deck_label(game.deck),
        link=signer.game_path(game.id),
    )


__all__ = ["PlayerPage", "TournamentPage", "player_page", "tournament_page"]
