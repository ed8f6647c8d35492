"""Discord embeds for Cardia: pure functions from the engine's typed views to :class:`discord.Embed`.

No network, no game objects: everything is drawn from an :class:`engine.View` (so a public board, built
from ``view(game, None)``, can show nothing a player may not see) and from the words
of :mod:`text`. Every embed respects Discord's limits (measured in UTF-16 units, which is
never less than Discord's own count).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypedDict

import discord

import text
from bot.store.rows import Home, MatchRow
from cards import CARDS, LOCATIONS
from engine.view import View
from text import FACTION_EMOJI, board, clip, plural, tr

log = logging.getLogger(__name__)

COLOR_PLAYING = 0x5865F2
COLOR_FINISHED = 0x57F287
COLOR_DRAW = 0x95A5A6
COLOR_CHALLENGE = {"accepted": 0x57F287, "declined": 0xED4245, "withdrawn": 0x95A5A6}
COLOR_WAITING = 0xFEE75C

TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT = 256, 4096, 256, 1024
FOOTER_LIMIT, TOTAL_LIMIT, FIELDS_LIMIT = 2048, 6000, 25

deck_label = text.deck_label


# --- sizes ---------------------------------------------------------------------------------------------


def units(value: str) -> int:
    """Length in UTF-16 code units: an upper bound of what Discord counts."""
    return len(value) if value.isascii() else len(value.encode("utf-16-le")) // 2


def fit(value: str, limit: int) -> str:
    """``value`` cut (with "…") so that it is at most ``limit`` UTF-16 units and code points."""
    if 2 * len(value) <= limit or units(value) <= limit:  # a code point is one or two units
        return value
    cut = clip(value, limit)
    while units(cut) > limit:
        cut = clip(cut, len(cut) - max(1, (units(cut) - limit) // 2))
    return cut


def embed_size(embed: discord.Embed) -> int:
    """Discord's total-size measure of an embed (title, description, fields, footer, author)."""
    parts = [embed.title or "", embed.description or "", embed.footer.text or "", embed.author.name or ""]
    parts += [part or "" for field in embed.fields for part in (field.name, field.value)]
    return sum(units(part) for part in parts)


def _new(title: str, description: str | None, color: int) -> discord.Embed:
    return discord.Embed(
        title=fit(title, TITLE_LIMIT),
        description=None if description is None else fit(description, DESCRIPTION_LIMIT),
        color=color,
    )


def _field(embed: discord.Embed, name: str, value: str, inline: bool = False) -> None:
    if len(embed.fields) < FIELDS_LIMIT:
        embed.add_field(
            name=fit(name, FIELD_NAME_LIMIT), value=fit(value or "—", FIELD_VALUE_LIMIT), inline=inline
        )


def _footer(embed: discord.Embed, value: str) -> None:
    embed.set_footer(text=fit(value, FOOTER_LIMIT))


def _shrink(embed: discord.Embed) -> discord.Embed:
    """Cut the longest field (the description last) until the embed is within the 6000-unit total."""
    while (excess := embed_size(embed) - TOTAL_LIMIT) > 0:
        longest = max(range(len(embed.fields)), key=lambda i: units(embed.fields[i].value or ""), default=-1)
        size = units(embed.fields[longest].value or "") if longest >= 0 else 0
        if size > 200:
            field = embed.fields[longest]
            value = fit(field.value or "", max(size - excess, 200))
            embed.set_field_at(longest, name=field.name, value=value, inline=bool(field.inline))
        elif units(embed.description or "") > 1:
            description = embed.description or ""
            embed.description = fit(description, max(units(description) - excess, 1))
        else:
            break
    return embed


# --- pictures ------------------------------------------------------------------------------------------

BOARD_PICTURE, HAND_PICTURE = "board.png", "hand.png"  # the attachments' names: the embeds point at them


class Outgoing(TypedDict, total=False):
    """A message the bot sends, or an edit of one: what discord.py's ``send`` and ``edit`` take, by
    name (a message sent answers with ``file``, an edit replaces ``attachments``)."""

    content: str | None  # None: none (an edit removes the one before)
    embed: discord.Embed
    embeds: list[discord.Embed]
    view: discord.ui.View
    file: discord.File
    attachments: list[discord.File]


def attached(embed: discord.Embed, png: bytes, filename: str) -> discord.File:
    """``png`` as the embed's image: the file to send with the message."""
    embed.set_image(url=f"attachment://{filename}")
    return discord.File(io.BytesIO(png), filename=filename)


async def with_picture(
    message: Outgoing, drawing: Callable[[], Awaitable[bytes | None]] | None, filename: str, wait: float
) -> bool:
    """``message`` (its ``embed``) with the picture ``drawing`` makes, as its ``file``: if it is drawn
    within ``wait`` seconds (else the message goes without, its text saying it all). Whether it has it."""
    if drawing is None:
        return False
    try:
        png = await asyncio.wait_for(drawing(), wait)
    except TimeoutError:
        log.warning("a %s took more than %.1f s to draw: sent without it", filename, wait)
        return False
    if png is None:
        return False
    message["file"] = attached(message["embed"], png, filename)
    return True


def arguments(message: Outgoing) -> dict[str, Any]:
    """``message`` as the keyword arguments of discord.py's ``send`` or ``edit``, whose overloads take
    no TypedDict: the one place a message leaves its type."""
    return dict(message)


def as_edit(message: Outgoing) -> Outgoing:
    """A message built to be sent (``file``: its picture, if any) as an edit of one already posted: its
    attachments are replaced, so an older picture never stays under a newer text."""
    edited = message.copy()
    picture = edited.pop("file", None)
    edited["attachments"] = [] if picture is None else [picture]
    return edited


# --- pieces shared by the views -----------------------------------------------------------------------


def mention(match: MatchRow, player: str, named: frozenset[int] = frozenset()) -> str:
    """A player as a channel message names them: a mention, or their name in bold for the computer
    (never a ping of the bot itself) and for the users in ``named``."""
    if player == match.computer_seat or match.user(player) in named:
        return f"**{match.names[player]}**"
    return f"<@{match.user(player)}>"


def ping(match: MatchRow, player: str, quiet: frozenset[int]) -> str:
    """A player the message tells it waits for: mentioned, unless they asked not to be pinged where the
    duel is (``quiet``: their user ids; bot.ui.pings) or are away from it (:func:`away`), then named."""
    return mention(match, player, quiet)


def away(match: MatchRow, home: Home) -> frozenset[int]:
    """The players of ``match`` to be named, never mentioned, in its ``home``: those who play from another.
    They may not be members of this home's server (a duel accepted by code on another server, the
    queue's) or see this DM with the bot, where a mention reads as an unknown user; and their own home
    pings them."""
    return frozenset(match.away(home))


def _color(view: View) -> int:
    if view.result is None:
        return COLOR_PLAYING
    return COLOR_DRAW if view.result.winner is None else COLOR_FINISHED


# --- the public board ----------------------------------------------------------------------------------


def board_embed(
    view: View,
    names: Mapping[str, str],
    *,
    title: str,
    deck_label: str,
    location: str | None,
    difficulty_name: str,
    happened: Sequence[str],
    score_line: str | None,
) -> discord.Embed:
    """The public board from ``engine.view(game, None)``: the row (oldest first) with influences,
    modifiers, ongoing tokens, signets and winners; signet totals, hand, deck and discard sizes, effects
    waiting for a next card; the location; who the game waits for (``waiting_text``, by name: put the
    mentions in the message content); ``happened`` (``describe_events``); the result when finished."""
    signets = {"p1": view.signets[0], "p2": view.signets[1]}
    embed = _new(title, None, _color(view))
    for player in ("p1", "p2"):
        zones = view.player(player)
        stats = tr(
            "board.player_stats",
            signets=signets[player],
            hand=zones.hand_size,
            deck=zones.deck_size,
            discard=len(zones.discard),
        )
        _field(
            embed,
            board.short_name(names, player),
            "\n".join([stats, *board.parked_lines(zones)]),
            inline=True,
        )
    if location:
        _field(embed, tr("board.location", name=text.location_label(location)), text.location_text(location))
    if happened:
        _field(embed, tr("board.happened"), "\n".join(f"• {line}" for line in happened))
    if view.result is not None:
        _field(embed, tr("board.result"), board.result_line(view, names))
    elif view.pending:
        _field(embed, tr("board.waiting"), "\n".join(board.waiting_lines(view, names)))
    footer = "board.footer" if view.result is None else "board.footer_finished"
    rounds = view.round
    _footer(
        embed,
        tr(
            footer,
            deck=deck_label,
            difficulty=difficulty_name,
            round=rounds,
            rounds=plural("history.rounds", rounds),
        ),
    )

    # The description: totals and the row, with what is left of the 6000 characters.
    first, second = (
        board.short_name(names, "p1", board.NAME_IN_LINE),
        board.short_name(names, "p2", board.NAME_IN_LINE),
    )
    head = [clip(score_line, 256)] if score_line else []
    head.append(
        tr("board.totals", first=f"**{first}**", second=f"**{second}**", a=signets["p1"], b=signets["p2"])
    )
    head += ["", tr("board.row", first=first, second=second)]
    budget = min(DESCRIPTION_LIMIT, TOTAL_LIMIT - embed_size(embed)) - units("\n".join(head)) - 60
    rows = board.row_lines(view, names) or [tr("board.no_encounters")]
    start = 0  # the oldest encounters give way first
    while start < len(rows) - 1 and units("\n".join(rows[start:])) > budget:
        start += 1
    if start:
        rows = [tr("board.more_encounters", n=start), *rows[start:]]
    embed.description = fit("\n".join(head + rows), DESCRIPTION_LIMIT)
    return _shrink(embed)


# --- a player's private view ---------------------------------------------------------------------------


def hand_embed(view: View, viewer: str, names: Mapping[str, str]) -> discord.Embed:
    """``viewer``'s private view from ``engine.view(game, viewer)``: what they are asked (or whom the game
    waits for), their hand with every card's ability, their face-down cards, their waiting effects."""
    zones = view.player(viewer)
    lines = board.hand_lines(view, viewer, names)
    embed = _new(tr("hand.title", round=view.round), "\n".join(lines), _color(view))
    stats = {"hand": zones.hand_size, "deck": zones.deck_size}
    _footer(embed, tr("hand.footer", discard=len(zones.discard), **stats))
    return _shrink(embed)


# --- discard piles, challenges, cards ------------------------------------------------------------------


def discard_embed(view: View, names: Mapping[str, str]) -> discord.Embed:
    """Both discard piles, oldest first (public: either player may look at them at any time)."""
    embed = _new(tr("discard.title"), None, COLOR_PLAYING)
    for player in ("p1", "p2"):
        pile = view.player(player).discard
        lines = [
            f"{i + 1}. {text.card_emoji(c)} {text.card_name(c)} ({CARDS[c].value})"
            for i, c in enumerate(pile)
        ]
        name = tr("discard.pile", who=board.short_name(names, player), count=text.plural("cards", len(pile)))
        _field(embed, name, "\n".join(lines) or tr("discard.empty"), inline=True)
    _footer(embed, tr("discard.footer"))
    return _shrink(embed)


def challenge_embed(
    challenger: str,
    opponent: str,
    deck_label: str,
    location: str | None,
    wins_needed: int,
    difficulty_name: str,
    difficulty_value: int,
    status: str,
    link: str | None = None,
) -> discord.Embed:
    """A challenge and its status ("waiting for Bob to accept", "accepted", "declined", "withdrawn").
    ``location`` is a location id (or None); ``link``, its title's (its marker: bot.ui.posted)."""
    key = "challenge.single" if wins_needed == 1 else "challenge.text"
    description = tr(key, challenger=challenger, opponent=opponent, wins=wins_needed)
    color = next((c for word, c in COLOR_CHALLENGE.items() if word in status.lower()), COLOR_WAITING)
    embed = _new(tr("challenge.title"), description, color)
    embed.url = link
    _field(embed, tr("challenge.deck"), deck_label, inline=True)
    value = tr("challenge.difficulty_value", value=difficulty_value, name=difficulty_name)
    _field(embed, tr("challenge.difficulty"), value, inline=True)
    if location is not None and location in LOCATIONS:
        where = text.location_rule(location)
    else:
        where = location or tr("challenge.no_location")
    _field(embed, tr("challenge.location"), where)
    _field(embed, tr("challenge.status"), status)
    return _shrink(embed)


def card_embed(item_id: str) -> discord.Embed:
    """A card or a location: its numbers, its rule and clarifications. Raises KeyError for other ids
    (see :func:`text.find_item` to turn a typed name into an id)."""
    note = text.card_note(item_id)
    if item_id in CARDS:
        card = CARDS[item_id]
        title = f"{FACTION_EMOJI[str(card.faction)]} {text.card_name(item_id)}"
        embed = _new(title, text.card_text(item_id), COLOR_PLAYING)
        _field(embed, tr("card.value"), str(card.value), inline=True)
        _field(embed, tr("card.faction"), text.faction_label(card.faction), inline=True)
        _field(embed, tr("card.deck"), text.deck_label(card.deck), inline=True)
        _field(embed, tr("card.kind"), text.kind_name(item_id), inline=True)
    elif item_id in LOCATIONS:
        place = LOCATIONS[item_id]
        embed = _new(f"📍 {text.location_name(item_id)}", text.location_text(item_id), COLOR_PLAYING)
        _field(embed, tr("location.skulls"), f"{'💀' * place.skulls} ({text.skulls_text(place.skulls)})")
        _footer(embed, tr("location.footer"))
    else:
        raise KeyError(item_id)
    if note:
        _field(embed, tr("card.notes"), note)
    return _shrink(embed)
