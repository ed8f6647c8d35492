"""What a tournament's channel shows, worded in the language spoken by the caller: its page (what, when,
who is in, with Join and Leave while the sign-up is open), a round's message (the standings so far and
its pairings), the final standings with the champion, and the standings as a picture's rows."""

from __future__ import annotations

from datetime import datetime

import discord

import text
from bot.services.tournaments import Figure, Standing, Table, format_named
from bot.store.rows import TournamentRow, TournamentStatus
from bot.ui import render
from bot.ui.components import Components, TournamentButton
from picture import Line

COLOR = 0xF1C40F  # gold
DESCRIPTION_MOST = 4096  # characters in an embed's description, as Discord takes
EMBEDS_MOST = 5800  # characters in all of a message's embeds (Discord: 6,000), with room for the rest
PAIRINGS_MOST = 2400  # a round's pairings (32 of them take about 1,700 characters)
FIELD_MOST = 1024
NAME_MOST = 40  # a player's name as a list shows it


def marked(tournament: TournamentRow, what: str) -> str:
    """A round's (``r2``) or the final's (``f``) title link: to the tournament's page, its fragment the
    marker the message is found again by (bot.ui.tournament_posts), in any language."""
    where = f"{tournament.guild_id}/{tournament.channel_id}"
    if tournament.page_id is not None:
        where += f"/{tournament.page_id}"
    return f"https://discord.com/channels/{where}#cardia-t{tournament.id}{what}"


#: A figure of a standing as the standings picture heads its column.
HEADINGS: dict[Figure, str] = {
    "points": "picture.standings_points",
    "buchholz": "picture.standings_buchholz",
    "sonneborn_berger": "picture.standings_sb",
    "reached": "picture.standings_reached",
}


def format_label(tournament: TournamentRow) -> str:
    """The format and how it pairs, as its page says it."""
    return text.tr(format_named(tournament.format).explanation, rounds=tournament.rounds or 0)


def setup_label(tournament: TournamentRow) -> str:
    parts = [render.deck_label(tournament.deck)]
    if tournament.location is not None:
        parts.append(text.location_name(tournament.location))
    key = "tournament.single" if tournament.wins_needed == 1 else "tournament.first_to"
    parts.append(text.tr(key, wins=tournament.wins_needed))
    return " · ".join(parts)


def choice_label(tournament: TournamentRow) -> str:
    """A tournament as an option's choice: its name, number and state."""
    state = text.tr(f"tournament.short_{tournament.status}", round=tournament.round)
    return text.clip(text.tr("tournament.choice", name=tournament.name, id=tournament.id, state=state), 100)


def _name(table: Table, user_id: int) -> str:
    return text.clip(table.names.get(user_id, str(user_id)), NAME_MOST)


def _status(table: Table) -> str:
    tournament = table.tournament
    if tournament.status == TournamentStatus.SIGNUP:
        if tournament.signup_until is None:
            return text.tr("tournament.signup_manual")
        when = int(datetime.fromisoformat(tournament.signup_until).timestamp())
        return text.tr("tournament.signup_until", when=f"<t:{when}:f> (<t:{when}:R>)")
    if tournament.status == TournamentStatus.RUNNING:
        return text.tr("tournament.state_running_of", round=tournament.round, rounds=tournament.rounds or 0)
    if tournament.status == TournamentStatus.FINISHED and table.standings:
        return text.tr("tournament.state_won", champion=f"<@{table.standings[0].user_id}>")
    return text.tr("tournament.state_cancelled")


def page(table: Table) -> tuple[discord.Embed, Components]:
    """The tournament's page: its rules, its state, its players (by standing once it has begun)."""
    tournament = table.tournament
    lines = [
        text.tr("tournament.page_format", format=format_label(tournament)),
        text.tr("tournament.page_setup", setup=setup_label(tournament)),
        text.tr("tournament.page_time", time=text.hours_text(tournament.decision_hours)),
        text.tr("tournament.page_rated" if tournament.rated else "tournament.page_unrated"),
        "",
        _status(table),
    ]
    embed = discord.Embed(
        title=text.clip(f"🏆 {tournament.name}", 256),
        description="\n".join(lines),
        color=COLOR,
        url=marked(tournament, "p"),  # found again by it if posted but not marked
    )
    count = len(table.players)
    heading = (
        text.tr("tournament.players_of", count=count, limit=tournament.player_limit)
        if tournament.player_limit is not None
        else text.tr("tournament.players", count=count)
    )
    if tournament.status == TournamentStatus.SIGNUP:
        names = [_name(table, player.user_id) for player in table.players]
        listed = ", ".join(names) or text.tr("tournament.nobody_yet")
    else:
        listed = "\n".join(standing_lines(table))
    embed.add_field(name=heading, value=text.clip(listed, FIELD_MOST) or "-", inline=False)
    embed.set_footer(text=text.tr("tournament.footer", id=tournament.id))
    if tournament.status != TournamentStatus.SIGNUP:
        return embed, Components()
    return embed, Components(
        TournamentButton(tournament.id, "join"), TournamentButton(tournament.id, "leave")
    )


def _reached(tournament: TournamentRow, standing: Standing) -> str:
    rounds = tournament.rounds or 0
    if standing.reached > rounds:
        return text.tr("tournament.reached_champion")
    if standing.reached == rounds:
        return text.tr("tournament.reached_final")
    if standing.reached == rounds - 1:
        return text.tr("tournament.reached_semi_final")
    return text.tr("tournament.reached_round", round=standing.reached)


def _figure(value: float) -> str:
    return f"{value:g}"


def _number(value: float) -> float | int:
    """A whole number as an int: the catalogues choose "1 point" by it, and say it without ".0"."""
    return int(value) if value == int(value) else value


def standing_lines(table: Table) -> list[str]:
    """One line per player, first place first."""
    tournament = table.tournament
    lines = []
    for standing in table.standings:
        values = {
            "place": standing.place,
            "name": _name(table, standing.user_id),
            "points": text.plural("tournament.points", _number(standing.points)),
            "buchholz": _figure(standing.buchholz),
            "sb": _figure(standing.sonneborn_berger),
            "reached": _reached(tournament, standing),
        }
        line = text.tr(table.format.line, **values)
        if standing.withdrawn:
            line += " " + text.tr("tournament.withdrew")
        lines.append(line)
    return lines


def pairing_lines(table: Table, number: int) -> list[str]:
    lines = []
    for game in table.round_games(number):
        if game.second_id is None:
            lines.append(text.tr("tournament.bye", player=f"<@{game.first_id}>"))
        elif game.how == "forfeit" and game.match_id is None:
            lines.append(
                text.tr(
                    "tournament.forfeit_pairing", first=f"<@{game.first_id}>", second=f"<@{game.second_id}>"
                )
            )
        else:
            lines.append(
                text.tr("tournament.pairing", first=f"<@{game.first_id}>", second=f"<@{game.second_id}>")
            )
    return lines


def round_embeds(table: Table, number: int, standings_before: Table | None) -> list[discord.Embed]:
    """Round ``number`` begins: its pairings, and (``standings_before``, None in round 1) the standings
    after the round before, in an embed of its own: together within Discord's 6,000 characters a
    message's embeds may hold, whatever the count of players (each list cut with "…" if need be)."""
    tournament = table.tournament
    title = text.tr(
        "tournament.round_title", name=tournament.name, round=number, rounds=tournament.rounds or 0
    )
    pairings = "\n".join([text.tr("tournament.round_pairings"), *pairing_lines(table, number)])
    footer = text.tr("tournament.footer", id=tournament.id)
    first = discord.Embed(
        title=text.clip(title, 256),
        description=text.clip(pairings, PAIRINGS_MOST),
        color=COLOR,
        url=marked(tournament, f"r{number}"),
    )
    first.set_footer(text=footer)
    if standings_before is None:
        return [first]
    heading = text.tr("tournament.standings_after", round=number - 1)
    used = len(first.title or "") + len(first.description or "") + len(footer) + len(heading)
    room = min(DESCRIPTION_MOST, EMBEDS_MOST - used)
    second = discord.Embed(
        title=heading, description=text.clip("\n".join(standing_lines(standings_before)), room), color=COLOR
    )
    return [first, second]


def final_line(table: Table) -> str:
    """The champion, mentioned (the final message's content: it pings them)."""
    champion = f"<@{table.standings[0].user_id}>" if table.standings else "-"
    return text.tr("tournament.final_champion", champion=champion, name=table.tournament.name)


def final_embed(table: Table) -> discord.Embed:
    tournament = table.tournament
    parts = [text.tr("tournament.final_standings"), *standing_lines(table)]
    title = text.tr("tournament.final_title", name=tournament.name)
    embed = discord.Embed(
        title=text.clip(title, 256),
        description=text.clip("\n".join(parts), DESCRIPTION_MOST),
        color=COLOR,
        url=marked(tournament, "f"),
    )
    embed.set_footer(text=text.tr("tournament.footer", id=tournament.id))
    return embed


def picture_rows(table: Table, after: int, final: bool) -> tuple[str, list[str], list[Line]]:
    """The standings picture's title (the standings after round ``after``), headings and rows."""
    tournament = table.tournament
    key = "picture.standings_final" if final else "picture.standings_after"
    title = text.tr(key, name=tournament.name, round=after)
    shown = table.format.figures
    columns = [*(text.tr(HEADINGS[name]) for name in shown), text.tr("picture.standings_record")]
    lines = []
    for standing in table.standings:
        won_lost = f"{standing.won + standing.byes}–{standing.drawn}–{standing.lost}"
        figures = tuple(
            _reached(tournament, standing) if name == "reached" else _figure(standing.figure(name))
            for name in shown
        )
        lines.append(
            Line(standing.place, _name(table, standing.user_id), (*figures, won_lost), standing.withdrawn)
        )
    return title, columns, lines
