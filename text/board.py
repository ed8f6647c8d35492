"""The board and a player's hand in words, from the engine's view for one viewer (so they can show
nothing that viewer may not see): the row, each card, each encounter's winner and why, the effects
waiting for a next card, the decision asked. The Discord embeds (bot.ui.render) and the terminal game
(terminal.screen) lay out these same lines. Light Markdown: ``**bold**`` and ```code```.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from cards import CARDS
from engine.view import CardView, DecisionKind, EncounterView, PlayerView, View, Why
from text import names as words
from text.catalogue import FACTION_EMOJI, clip, current_language, signed, tr
from text.decisions import decision_prompt, waiting_text
from text.results import result_text

NAME_IN_LINE = 24  # display names inside one-line encounters are cut to this


def other_player(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def short_name(names: Mapping[str, str], player: str, limit: int = 80) -> str:
    return clip(names.get(player, player), limit)


def number(value: int) -> str:
    """An influence, with the typographic minus sign."""
    return signed(value).lstrip("+")


def card_cell(slot: CardView | None) -> str:
    """One card of an encounter: "🔵 Judge **11** (8+3) 🔘 💍", "🂠 face down" or "—"."""
    if slot is None:
        return tr("board.empty_slot")
    if slot.card is None:
        return tr("board.face_down")
    if not slot.face_up:
        return tr("board.face_down_card", card=words.card_name(slot.card))
    card = CARDS[slot.card]
    cell: str = (
        f"{FACTION_EMOJI[str(card.faction)]} {words.card_name(slot.card)} **{number(slot.influence)}**"
    )
    if slot.modifier:
        cell += f" ({card.value}{signed(slot.modifier)})"
    cell += " 🔘" * min(slot.ongoing, 3)
    if slot.signets:
        cell += " " + "💍" * min(slot.signets, 4)
    return cell


def outcome(encounter: EncounterView, names: Mapping[str, str]) -> str:
    """The encounter's winner, and why when it is not the higher influence: a tie, a Judge, a Counselor
    (as the engine says: nothing is worked out here)."""
    winner = encounter.winner
    if winner is None:
        return tr("board.not_compared")
    if winner == "tie":
        return tr("board.tie")
    if winner == "both":
        return tr("board.tie_both")
    who = short_name(names, winner, NAME_IN_LINE)
    if encounter.why is Why.COUNSELOR:
        return tr("board.win_counselor", who=who)
    if encounter.why is Why.JUDGE:
        return tr("board.win_judge", who=who)
    return tr("board.win", who=who)


def row_lines(view: View, names: Mapping[str, str]) -> list[str]:
    lines = []
    for i, encounter in enumerate(view.encounters):
        cells = f"{card_cell(encounter.p1)} ┃ {card_cell(encounter.p2)}"
        lines.append(f"`{i + 1:>2}` {cells} → {outcome(encounter, names)}")
    return lines


def parked_lines(zones: PlayerView) -> list[str]:
    """Public effects waiting for a player's next card."""
    lines = []
    if zones.next_card_modifier:
        lines.append(tr("board.next_modifier", amount=signed(zones.next_card_modifier)))
    if zones.librarian:
        lines.append(tr("board.librarian"))
    if zones.engineer:
        lines.append(tr("board.engineer"))
    if zones.blackmail:
        lines.append(tr("board.blackmail", faction=words.faction_label(zones.blackmail)))
    if zones.must_play_first:
        lines.append(tr("board.must_play_first"))
    return lines


def waiting_lines(view: View, names: Mapping[str, str]) -> list[str]:
    return [
        tr("board.waiting_line", who=short_name(names, d.player), what=waiting_text(d.kind, first=d.first))
        for d in view.pending
    ]


def result_line(view: View, names: Mapping[str, str]) -> str:
    assert view.result is not None
    signets = {"p1": view.signets[0], "p2": view.signets[1]}
    return result_text(view.result, names, signets)


def hand_lines(view: View, viewer: str, names: Mapping[str, str]) -> list[str]:
    """``viewer``'s private view from ``engine.view(game, viewer)``, line by line: what they are asked (or
    whom the game waits for), their face-down cards, their hand with every card's ability, their waiting
    effects."""
    zones = view.player(viewer)
    other = other_player(viewer)
    lines: list[str] = []
    mine = view.waiting_for(viewer)
    if view.result is not None:
        lines.append(f"🏁 {result_line(view, names)}")
    elif mine is not None:
        prompt = decision_prompt(mine.kind, mine.options, first=mine.first)
        count = mine.count or 1
        if count > 1 and str(count) not in prompt:
            prompt += tr("hand.choose_count", count=count)
        lines.append(tr("hand.your_turn", prompt=prompt))
    elif view.pending:
        for d in view.pending:
            what = waiting_text(d.kind, first=d.first)
            lines.append(tr("hand.waiting", who=short_name(names, d.player), what=what))
    else:
        lines.append(tr("hand.nothing"))

    for index, encounter in enumerate(view.encounters):
        own, theirs = encounter.slot(viewer), encounter.slot(other)
        if own is not None and own.card and not own.face_up:
            lines.append(tr("hand.face_down", index=index + 1, card=words.card_label(own.card)))
        if theirs is not None and theirs.card and not theirs.face_up:
            card = words.card_label(theirs.card)
            lines.append(tr("hand.shown", who=short_name(names, other), index=index + 1, card=card))
    last = view.encounters[-1] if view.encounters else None
    if mine is not None and mine.kind == DecisionKind.PLAY and last is not None and last.slot(viewer) is None:
        shown = last.slot(other)
        if shown is not None and shown.card and shown.face_up:
            card = words.card_label(shown.card)
            lines.append(tr("hand.opponent_first", who=short_name(names, other), card=card))

    hand = zones.hand or ()
    lines += ["", tr("hand.cards", n=len(hand))]
    lines += [hand_card_line(card_id) for card_id in hand] or [tr("hand.empty")]
    parked = parked_lines(zones)
    if parked:
        lines += ["", tr("hand.parked"), *parked]
    return lines


def hand_card_line(card_id: str) -> str:
    """A card in a hand: its name, value, faction, kind and ability (the same for every hand that holds
    it, so made once per language)."""
    return _hand_card_line(current_language(), card_id)


@cache
def _hand_card_line(language: str, card_id: str) -> str:  # language: the cache key (tr reads it)
    card = CARDS[card_id]
    line = tr(
        "hand.card",
        emoji=FACTION_EMOJI[str(card.faction)],
        name=words.card_name(card_id),
        value=card.value,
        faction=words.faction_name(card.faction),
        kind=words.kind_name(card_id),
        text=words.card_text(card_id),
    )
    return clip(line, 300)
