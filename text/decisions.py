"""What a player is asked, and labels for the options of every decision (never a raw engine id)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cards import CARDS, FACTIONS
from engine.model import PLAYERS, DecisionKind
from engine.view import CardView, View
from text.catalogue import FACTION_EMOJI, LABEL_LIMIT, NAME_LIMIT, clip, has, plural, signed, tr
from text.names import card_emoji, card_label, card_name, card_text, faction_name, possessive

# --- decisions ---------------------------------------------------------------------------------------

HAND_KINDS = frozenset(
    {
        DecisionKind.PLAY,
        DecisionKind.PALACE_GUARD_DISCARD,
        DecisionKind.REVOLUTIONARY_DISCARD,
        DecisionKind.BLACKMAILER_DISCARD,
        DecisionKind.ELEMENTAL,
        DecisionKind.SUCCESSOR_KEEP,
        DecisionKind.SERPENT_TEMPLE_DISCARD,
        DecisionKind.SCRAPYARD,
        DecisionKind.PUPPETEER,
        DecisionKind.WITCH_KING_SHUFFLE,
    }
)
FACTION_KINDS = frozenset(
    {
        DecisionKind.PALACE_GUARD_FACTION,
        DecisionKind.AMBUSHER_FACTION,
        DecisionKind.WITCH_KING_FACTION,
        DecisionKind.BLACKMAILER_FACTION,
    }
)
# Options that are words, not cards or factions: the option -> its catalogue name ("option.plus2").
SIMPLE_OPTIONS = {"decline": "decline", "next": "next", "+2": "plus2", "-2": "minus2"}


def decision_prompt(kind: str, options: Sequence[str] | None = None, *, first: bool = False) -> str:
    """What the deciding player is asked. ``first``: a "play" that must be placed face up before the
    opponent chooses (Fortune Teller). With the ``options`` of a Palace Guard discard the prompt names
    the faction (every card option is of it)."""
    if kind == DecisionKind.PLAY and first:
        return tr("prompt.play_first")
    if kind == DecisionKind.PALACE_GUARD_DISCARD and options:
        cards = [_card_of(option) for option in options if _card_of(option) in CARDS]
        if cards:
            return tr("prompt.palace_guard_discard_named", faction=faction_name(CARDS[cards[0]].faction))
    key = f"prompt.{kind}"
    return tr(key) if has(key) else tr("prompt.unknown")


def waiting_text(kind: str, *, first: bool = False) -> str:
    """What someone is deciding, revealing nothing: "choosing a card", "naming a faction for Palace
    Guard", ..."""
    if kind == DecisionKind.PLAY and first:
        return tr("waiting.play_first")
    key = f"waiting.{kind}"
    return tr(key) if has(key) else tr("waiting.unknown")


def _card_of(option: str) -> str:
    """The card id of a card reference ("p2:judge" → "judge"), or "" if the option is not one."""
    owner, sep, rest = option.partition(":")
    return rest.partition("/")[0] if sep and owner in PLAYERS else ""


def _owner_of(option: str) -> str:
    return option.partition(":")[0]


def _find_played(view: View | None, owner: str, card_id: str) -> tuple[int, CardView, str | None] | None:
    """(0-based encounter index, the card as seen, the encounter's winner) of a played card."""
    for index, encounter in enumerate(() if view is None else view.encounters):
        slot = encounter.slot(owner)
        if slot is not None and slot.card == card_id:
            return index, slot, encounter.winner
    return None


def _owner_phrase(
    owner: str, viewer: str | None, names: Mapping[str, str], lower: bool = False, name_limit: int = 32
) -> str:
    """ "Your" (or "your") for the viewer's own card, else "Bob's"."""
    if owner == viewer:
        return tr("your").lower() if lower else tr("your")
    return possessive(clip(names.get(owner, owner), name_limit))


def option_label(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    view: View | None = None,
    *,
    limit: int = LABEL_LIMIT,
) -> str:
    """A label for one option of a decision, at most ``limit`` characters (100 for a select option; pass
    80 for a button) and never a raw id: "Judge (8, Dynasty)", "Bob's Mediator (4), encounter 2",
    "Remove the modifiers (+3) from your Judge", "Rebels". A long display name is shortened first, so the
    labels of one decision stay unique."""
    name_limit = NAME_LIMIT
    label = _option_label(kind, option, viewer, names, view, name_limit)
    while len(label) > limit and name_limit > 8:
        name_limit = max(8, name_limit - (len(label) - limit))
        label = _option_label(kind, option, viewer, names, view, name_limit)
    return clip(label, limit)


def answer_label(
    kind: str,
    answer: Sequence[str],
    viewer: str | None,
    names: Mapping[str, str],
    view: View | None = None,
    *,
    limit: int = LABEL_LIMIT,
) -> str:
    """An answer (its options) as words: each option's label, joined (a hint, a review's answers)."""
    return ", ".join(option_label(kind, option, viewer, names, view, limit=limit) for option in answer)


def _option_label(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    view: View | None,
    name_limit: int,
) -> str:
    if option in FACTIONS:
        return faction_name(option)
    if option in SIMPLE_OPTIONS:
        return tr(f"option.{SIMPLE_OPTIONS[option]}")
    card_id = _card_of(option)
    if card_id not in CARDS:
        return option.replace("_", " ").capitalize()  # not expected: an option this module does not know
    if kind in HAND_KINDS:
        return card_label(card_id)
    owner = _owner_of(option)
    name = card_name(card_id)
    found = _find_played(view, owner, card_id)
    if option.endswith(("/modifiers", "/ongoing")):
        slot = found[1] if found else None
        lower = _owner_phrase(owner, viewer, names, lower=True, name_limit=name_limit)
        if option.endswith("/modifiers"):
            modifier = signed(0 if slot is None else slot.modifier)
            return tr("option.modifiers", modifier=modifier, owner_lower=lower, name=name)
        tokens = 1 if slot is None else slot.ongoing
        return plural("option.ongoing", tokens, owner_lower=lower, name=name)
    who = _owner_phrase(owner, viewer, names, name_limit=name_limit)
    if found is None:
        return tr("option.played_lost", owner=who, name=name)
    index, slot, _ = found
    return tr("option.played", owner=who, name=name, influence=slot.influence, index=index + 1)


def option_description(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    view: View | None = None,
) -> str | None:
    """A short description (≤ 100 characters) for a select option, or None: the ability text of a hand
    card, the state of a played card, the values of a faction."""
    text: str | None = None
    if option in FACTIONS:
        values = ", ".join(str(c.value) for c in CARDS.values() if c.deck == "I" and c.faction == option)
        text = tr("describe.faction", values=values)
    elif option in SIMPLE_OPTIONS:
        text = tr(f"describe.{SIMPLE_OPTIONS[option]}")
    elif (card_id := _card_of(option)) in CARDS:
        if kind in HAND_KINDS:
            text = card_text(card_id)
        else:
            found = _find_played(view, _owner_of(option), card_id)
            if found is not None:
                text = _played_description(card_id, _owner_of(option), found[1], found[2])
    return None if text is None else clip(text, LABEL_LIMIT)


def _played_description(card_id: str, owner: str, slot: CardView, winner: str | None) -> str:
    other = "p2" if owner == "p1" else "p1"
    if winner is None:
        status = "open"
    elif winner in (owner, "both"):
        status = "wins"
    elif winner == other:
        status = "loses"
    else:
        status = "tie"
    tokens = slot.ongoing
    return tr(
        "describe.played",
        value=CARDS[card_id].value,
        modifier=tr("describe.modifier", amount=signed(slot.modifier)) if slot.modifier else "",
        tokens=plural("describe.tokens", tokens) if tokens else "",
        status=tr(f"describe.status.{status}"),
    )


def option_emoji(option: str) -> str | None:
    """The faction emoji of a faction or card option (for a select option's emoji), else None."""
    if option in FACTIONS:
        return FACTION_EMOJI[option]
    card_id = _card_of(option)
    return card_emoji(card_id) if card_id in CARDS else None
