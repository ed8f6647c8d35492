"""Discord embeds for Cardia: pure functions from the engine's typed views to :class:`discord.Embed`.

No network, no game objects: everything is drawn from an :class:`engine.View` (so a public board, built
from ``view(game, None)``, can show nothing a player may not see) and from the words
of :mod:`bot.services.text`. Every embed respects Discord's limits (measured in UTF-16 units, which is
never less than Discord's own count).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.services import text
from bot.services.text import FACTION_EMOJI, clip, plural, signed, tr
from bot.store import MatchRow
from cards import CARDS, LOCATIONS
from engine.view import CardView, EncounterView, PlayerView, View, Why

COLOR_PLAYING = 0x5865F2
COLOR_FINISHED = 0x57F287
COLOR_DRAW = 0x95A5A6
COLOR_CHALLENGE = {"accepted": 0x57F287, "declined": 0xED4245, "withdrawn": 0x95A5A6}
COLOR_WAITING = 0xFEE75C

TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT = 256, 4096, 256, 1024
FOOTER_LIMIT, TOTAL_LIMIT, FIELDS_LIMIT = 2048, 6000, 25
NAME_IN_LINE = 24  # display names inside one-line encounters are cut to this

deck_label = text.deck_label


# --- sizes ---------------------------------------------------------------------------------------------


def units(value: str) -> int:
    """Length in UTF-16 code units: an upper bound of what Discord counts."""
    return len(value.encode("utf-16-le")) // 2


def fit(value: str, limit: int) -> str:
    """``value`` cut (with "…") so that it is at most ``limit`` UTF-16 units and code points."""
    if units(value) <= limit:
        return value
    cut = clip(value, limit)
    while units(cut) > limit:
        cut = clip(cut, len(cut) - max(1, (units(cut) - limit) // 2))
    return cut


def embed_size(embed: discord.Embed) -> int:
    """Discord's total-size measure of an embed (title, description, fields, footer, author)."""
    data: dict[str, Any] = dict(embed.to_dict())
    parts = [data.get("title") or "", data.get("description") or ""]
    parts += [part for field in data.get("fields", []) for part in (field["name"], field["value"])]
    footer, author = data.get("footer") or {}, data.get("author") or {}
    parts += [footer.get("text") or "", author.get("name") or ""]
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


# --- pieces shared by the views -----------------------------------------------------------------------


def mention(match: MatchRow, player: str) -> str:
    """A player as a channel message names them: a mention, or the computer's name (never a ping of the
    bot itself)."""
    if player == match.computer_seat:
        return f"**{match.names[player]}**"
    return f"<@{match.user(player)}>"


def _other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def _name(names: Mapping[str, str], player: str, limit: int = 80) -> str:
    return clip(names.get(player, player), limit)


def _number(value: int) -> str:
    """An influence, with the typographic minus sign."""
    return signed(value).lstrip("+")


def _card_cell(slot: CardView | None) -> str:
    """One card of an encounter: "🔵 Judge **11** (8+3) 🔘 💍", "🂠 face down" or "—"."""
    if slot is None:
        return tr("board.empty_slot")
    if slot.card is None:
        return tr("board.face_down")
    if not slot.face_up:
        return tr("board.face_down_card", card=text.card_name(slot.card))
    card = CARDS[slot.card]
    cell: str = (
        f"{FACTION_EMOJI[str(card.faction)]} {text.card_name(slot.card)} **{_number(slot.influence)}**"
    )
    if slot.modifier:
        cell += f" ({card.value}{signed(slot.modifier)})"
    cell += " 🔘" * min(slot.ongoing, 3)
    if slot.signets:
        cell += " " + "💍" * min(slot.signets, 4)
    return cell


def _outcome(encounter: EncounterView, names: Mapping[str, str]) -> str:
    """The encounter's winner, and why when it is not the higher influence: a tie, a Judge, a Counselor
    (as the engine says: nothing is worked out here)."""
    winner = encounter.winner
    if winner is None:
        return tr("board.not_compared")
    if winner == "tie":
        return tr("board.tie")
    if winner == "both":
        return tr("board.tie_both")
    who = _name(names, winner, NAME_IN_LINE)
    if encounter.why is Why.COUNSELOR:
        return tr("board.win_counselor", who=who)
    if encounter.why is Why.JUDGE:
        return tr("board.win_judge", who=who)
    return tr("board.win", who=who)


def _row_lines(view: View, names: Mapping[str, str]) -> list[str]:
    lines = []
    for i, encounter in enumerate(view.encounters):
        cells = f"{_card_cell(encounter.p1)} ┃ {_card_cell(encounter.p2)}"
        lines.append(f"`{i + 1:>2}` {cells} → {_outcome(encounter, names)}")
    return lines


def _parked(zones: PlayerView) -> list[str]:
    """Public effects waiting for a player's next card."""
    lines = []
    if zones.next_card_modifier:
        lines.append(tr("board.next_modifier", amount=signed(zones.next_card_modifier)))
    if zones.librarian:
        lines.append(tr("board.librarian"))
    if zones.engineer:
        lines.append(tr("board.engineer"))
    if zones.blackmail:
        lines.append(tr("board.blackmail", faction=text.faction_label(zones.blackmail)))
    if zones.must_play_first:
        lines.append(tr("board.must_play_first"))
    return lines


def _waiting_lines(view: View, names: Mapping[str, str]) -> list[str]:
    return [
        tr("board.waiting_line", who=_name(names, d.player), what=text.waiting_text(d.kind, first=d.first))
        for d in view.pending
    ]


def _result(view: View, names: Mapping[str, str]) -> str:
    assert view.result is not None
    signets = {"p1": view.signets[0], "p2": view.signets[1]}
    return text.result_text(view.result, names, signets)


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
        _field(embed, _name(names, player), "\n".join([stats, *_parked(zones)]), inline=True)
    if location:
        _field(embed, tr("board.location", name=text.location_label(location)), text.location_text(location))
    if happened:
        _field(embed, tr("board.happened"), "\n".join(f"• {line}" for line in happened))
    if view.result is not None:
        _field(embed, tr("board.result"), _result(view, names))
    elif view.pending:
        _field(embed, tr("board.waiting"), "\n".join(_waiting_lines(view, names)))
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
    first, second = _name(names, "p1", NAME_IN_LINE), _name(names, "p2", NAME_IN_LINE)
    head = [clip(score_line, 256)] if score_line else []
    head.append(
        tr("board.totals", first=f"**{first}**", second=f"**{second}**", a=signets["p1"], b=signets["p2"])
    )
    head += ["", tr("board.row", first=first, second=second)]
    budget = min(DESCRIPTION_LIMIT, TOTAL_LIMIT - embed_size(embed)) - units("\n".join(head)) - 60
    rows = _row_lines(view, names) or [tr("board.no_encounters")]
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
    other = _other(viewer)
    lines: list[str] = []
    mine = view.waiting_for(viewer)
    if view.result is not None:
        lines.append(f"🏁 {_result(view, names)}")
    elif mine is not None:
        prompt = text.decision_prompt(mine.kind, mine.options, first=mine.first)
        count = mine.count or 1
        if count > 1 and str(count) not in prompt:
            prompt += tr("hand.choose_count", count=count)
        lines.append(tr("hand.your_turn", prompt=prompt))
    elif view.pending:
        for d in view.pending:
            what = text.waiting_text(d.kind, first=d.first)
            lines.append(tr("hand.waiting", who=_name(names, d.player), what=what))
    else:
        lines.append(tr("hand.nothing"))

    for index, encounter in enumerate(view.encounters):
        own, theirs = encounter.slot(viewer), encounter.slot(other)
        if own is not None and own.card and not own.face_up:
            lines.append(tr("hand.face_down", index=index + 1, card=text.card_label(own.card)))
        if theirs is not None and theirs.card and not theirs.face_up:
            card = text.card_label(theirs.card)
            lines.append(tr("hand.shown", who=_name(names, other), index=index + 1, card=card))
    last = view.encounters[-1] if view.encounters else None
    if mine is not None and mine.kind == "play" and last is not None and last.slot(viewer) is None:
        shown = last.slot(other)
        if shown is not None and shown.card and shown.face_up:
            card = text.card_label(shown.card)
            lines.append(tr("hand.opponent_first", who=_name(names, other), card=card))

    hand = zones.hand or ()
    lines += ["", tr("hand.cards", n=len(hand))]
    lines += [_hand_line(card_id) for card_id in hand] or [tr("hand.empty")]
    parked = _parked(zones)
    if parked:
        lines += ["", tr("hand.parked"), *parked]
    embed = _new(tr("hand.title", round=view.round), "\n".join(lines), _color(view))
    stats = {"hand": zones.hand_size, "deck": zones.deck_size}
    _footer(embed, tr("hand.footer", discard=len(zones.discard), **stats))
    return _shrink(embed)


def _hand_line(card_id: str) -> str:
    card = CARDS[card_id]
    line = tr(
        "hand.card",
        emoji=FACTION_EMOJI[str(card.faction)],
        name=text.card_name(card_id),
        value=card.value,
        faction=text.faction_name(card.faction),
        kind=text.kind_name(card_id),
        text=text.card_text(card_id),
    )
    return clip(line, 300)


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
        name = tr("discard.pile", who=_name(names, player), count=text.plural("cards", len(pile)))
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
) -> discord.Embed:
    """A challenge and its status ("waiting for Bob to accept", "accepted", "declined", "withdrawn").
    ``location`` is a location id (or None)."""
    key = "challenge.single" if wins_needed == 1 else "challenge.text"
    description = tr(key, challenger=challenger, opponent=opponent, wins=wins_needed)
    color = next((c for word, c in COLOR_CHALLENGE.items() if word in status.lower()), COLOR_WAITING)
    embed = _new(tr("challenge.title"), description, color)
    _field(embed, tr("challenge.deck"), deck_label, inline=True)
    value = tr("challenge.difficulty_value", value=difficulty_value, name=difficulty_name)
    _field(embed, tr("challenge.difficulty"), value, inline=True)
    if location is not None and location in LOCATIONS:
        where = f"**{text.location_label(location)}** — {text.location_text(location)}"
    else:
        where = location or tr("challenge.no_location")
    _field(embed, tr("challenge.location"), where)
    _field(embed, tr("challenge.status"), status)
    return _shrink(embed)


def card_embed(item_id: str) -> discord.Embed:
    """A card or a location: its numbers, its rule and clarifications. Raises KeyError for other ids
    (see :func:`bot.services.text.find_item` to turn a typed name into an id)."""
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
