""" "What just happened": engine events told in a few plain sentences."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.services.text.catalogue import join, plural, signed, tr
from bot.services.text.names import card_label, card_name, faction_name, player_name, possessive
from bot.services.text.results import result_text
from cards import CARDS
from engine.model import PLAYERS, Event

# --- what just happened ------------------------------------------------------------------------------


class _Story:
    """Builds sentences from events: an ability and its effects form one sentence ("X lost and
    activates: a, then b."); effects outside an ability stand alone."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.sentences: list[str] = []
        self.head: str | None = None
        self.head_lost = False  # the head is "X lost and activates" (may absorb a nested ability)
        self.subject: tuple[int, str] | None = None  # the card the ability resolves on
        self.ability: str | None = None  # the ability being resolved
        self.clauses: list[str] = []
        self.loser: tuple[int, str] | None = None  # the card that lost the last comparison
        self.ending: str | None = None

    def who(self, player: int) -> str:
        return player_name(player, self.names)

    def card(self, player: int, card_id: str) -> str:
        return f"{possessive(self.who(player))} {card_name(card_id)}"

    def flush(self) -> None:
        if self.head is not None:
            body = tr("event.then").join(self.clauses)
            self.sentences.append(f"{self.head}: {body}." if body else f"{self.head}.")
        else:
            self.sentences.extend(_sentence(clause) for clause in self.clauses)
        self.head, self.head_lost, self.subject, self.ability, self.clauses = None, False, None, None, []

    def clause(self, text: str) -> None:
        self.clauses.append(text)

    def sentence(self, text: str) -> None:
        self.flush()
        self.sentences.append(text)

    def start_ability(self, event: Event) -> None:
        ability, this = (*event.cards, event.cards[0])[:2] if event.cards else ("", "")
        player = event.player
        subject = self.subject
        if self.head_lost and not self.clauses and subject is not None and subject[0] == player:
            base = self.card(*subject)
            if ability == this:  # Illusionist: another card's own ability
                self.head = tr("event.lost_activates_other", card=base, target=self.card(player, this))
                self.subject = (player, this)
            else:  # Magistra or Elemental: a copy
                self.head = tr("event.lost_copies", card=base, source=card_name(ability))
            self.ability, self.head_lost = ability, False
            return
        self.flush()
        if ability != this:
            self.head = tr("event.copies", card=self.card(player, this), source=card_name(ability))
        elif self.loser == (player, this):
            self.head = tr("event.lost_activates", card=self.card(player, this))
            self.head_lost = True
        else:
            self.head = tr("event.activates", card=self.card(player, this))
        self.loser = None
        self.subject, self.ability = (player, this), ability


def _sentence(clause: str) -> str:
    return clause[:1].upper() + clause[1:] + "."


def _names(cards: Iterable[str]) -> str:
    return join([card_name(c) for c in cards])


def describe_events(events: Sequence[Event], names: Mapping[str, str], *, limit: int = 6) -> list[str]:
    """ "What just happened" in plain sentences, one or two per step, at most ``limit`` (the rest are
    summarised as "… and N more changes."); a game-over sentence is always kept, last. ``names`` maps
    "p1"/"p2" to display names. Pass events as :func:`engine.visible_events` gives them to the reader."""
    story = _Story(names)
    i = 0
    while i < len(events):
        event = events[i]
        run = _run(events, i)
        if event.kind == "placed":
            _placed(story, events[i : i + run])
        elif event.kind in ("outcome", "compared"):
            _revealed(story, event)
        elif event.kind == "ability":
            story.start_ability(event)
        elif event.kind == "drew" and event.detail != "bazaar":
            if _ends_round(events, i + run):
                story.flush()  # an end-of-round draw, not part of an ability
            _drew(story, events[i : i + run])
        elif event.kind == "under_deck":
            _under_deck(story, events[i : i + run])
        elif event.kind == "discarded" and event.detail == "play":
            cards = [story.card(e.player, c) for e in events[i : i + run] for c in e.cards]
            verb = tr("event.verb.are" if len(cards) > 1 else "event.verb.is")
            story.clause(tr("event.discard_play", cards=join(cards), verb=verb))
        elif event.kind == "game_over":
            story.flush()
            winner = None if event.player < 0 else PLAYERS[event.player]
            story.ending = result_text({"winner": winner, "reason": event.detail}, names)
        else:
            run = 1
            text = _effect(story, event)
            if text:
                story.clause(text)
        i += run
    story.flush()
    sentences = story.sentences
    if len(sentences) > limit:
        kept = max(limit - 1, 0)
        sentences = [*sentences[:kept], tr("event.more", n=len(sentences) - kept)]
    return [*sentences, story.ending] if story.ending else sentences


def _run(events: Sequence[Event], start: int) -> int:
    """How many events from ``start`` on form one group: both players' placements, p1's and p2's
    end-of-round draws or Scrapyard cards, or cards discarded from play together (Hired Blade)."""
    first = events[start]
    if first.kind == "discarded" and first.detail == "play":
        end = start + 1
        while end < len(events) and events[end].kind == "discarded" and events[end].detail == "play":
            end += 1
        return end - start
    if first.kind in ("placed", "drew", "under_deck") and start + 1 < len(events):
        second = events[start + 1]
        pair = second.kind == first.kind and second.detail == first.detail and second.player != first.player
        if pair and first.kind != "drew":
            return 2
        # p1's then p2's draw, right before the next round (or the end): the end-of-round draws
        if pair and (first.player, second.player) == (0, 1) and _ends_round(events, start + 2):
            return 2
    return 1


def _ends_round(events: Sequence[Event], index: int) -> bool:
    """True if the event at ``index`` starts a new round or ends the game (or there is none)."""
    return index >= len(events) or events[index].kind in ("placed", "game_over", "under_deck")


def _placed(story: _Story, events: Sequence[Event]) -> None:
    story.flush()
    hidden = [e for e in events if not e.cards and e.detail != "shown"]
    if len(hidden) == 2:
        story.sentence(tr("event.placed_both_hidden", who=join([story.who(e.player) for e in hidden])))
        return
    for e in events:
        who = story.who(e.player)
        if e.detail == "shown":
            key = "event.placed_shown" if e.cards else "event.placed_shown_hidden"
            story.sentence(tr(key, who=who, card=card_label(e.cards[0]) if e.cards else ""))
        elif e.cards:
            story.sentence(tr("event.placed_card", who=who, card=card_label(e.cards[0])))
        else:
            story.sentence(tr("event.placed_hidden", who=who))


def _revealed(story: _Story, event: Event) -> None:
    """The comparison, with printed values; "(after modifiers)" when those alone do not explain it."""
    story.flush()
    first, second = event.cards[:2]
    sides = [f"{story.card(p, c)} ({CARDS[c].value})" for p, c in ((0, first), (1, second))]
    difference = CARDS[first].value - CARDS[second].value
    if event.detail in PLAYERS:
        outcome = tr("event.outcome.win", who=player_name(event.detail, story.names))
        winner = PLAYERS.index(event.detail)
        story.loser = (1 - winner, (first, second)[1 - winner])
        plain = difference > 0 if winner == 0 else difference < 0
    else:
        outcome = tr("event.outcome.tie")
        story.loser = None
        plain = difference == 0
    if not plain:
        outcome += tr("event.outcome.modified")
    story.sentence(tr("event.revealed", first=sides[0], second=sides[1], outcome=outcome))


def _drew(story: _Story, events: Sequence[Event]) -> None:
    counts = [len(e.cards) or e.amount for e in events]
    if len(events) == 1:
        e = events[0]
        text = (
            tr("event.drew_cards", who=story.who(e.player), cards=_names(e.cards))
            if e.cards
            else tr("event.drew", who=story.who(e.player), count=plural("cards", counts[0]))
        )
        story.clause(text)
        return
    story.flush()
    if len(set(counts)) == 1 and not any(e.cards for e in events):
        who = join([story.who(e.player) for e in events])
        story.sentence(_sentence(tr("event.drew_each", who=who, count=plural("cards", counts[0]))))
        return
    parts = [
        tr("event.drew_cards", who=story.who(e.player), cards=_names(e.cards))
        if e.cards
        else tr("event.drew", who=story.who(e.player), count=plural("cards", n))
        for e, n in zip(events, counts, strict=True)
    ]
    story.sentence(_sentence("; ".join(parts)))


def _under_deck(story: _Story, events: Sequence[Event]) -> None:
    story.flush()
    if len(events) > 1 and not any(e.cards for e in events):
        story.sentence(
            _sentence(tr("event.under_deck_each", who=join([story.who(e.player) for e in events])))
        )
        return
    for e in events:
        who = story.who(e.player)
        key, card = ("event.under_deck_card", card_name(e.cards[0])) if e.cards else ("event.under_deck", "")
        story.sentence(_sentence(tr(key, who=who, card=card)))


def _effect(story: _Story, event: Event) -> str:
    """One effect as a clause (without the final full stop); "" if there is nothing to tell."""
    kind, player, cards, amount, detail = event
    who = story.who(player) if player >= 0 else ""
    if kind == "discarded":
        if not cards:
            return tr("event.discard_hand_none", who=who) if detail == "hand" else ""
        # The event says why the cards went (engine Table.discard_from_deck, discard_faction): the story
        # never guesses it from where it starts telling.
        if detail == "hand":
            return tr("event.discard_hand", who=who, cards=_names(cards))
        if detail == "whole_deck" and len(cards) > 4:  # Successor
            return tr("event.discard_deck", who=who, cards=plural("cards", len(cards)))
        if detail in ("faction", "whole_deck"):  # Witch King: every card of the faction named
            return tr("event.discard_deck", who=who, cards=_names(cards))
        if detail == "auction_house":
            return tr("event.auction_house", who=who, cards=card_name(cards[0]))
        count = "card" if len(cards) == 1 else f"{len(cards)} cards"
        return tr("event.discard_top", who=who, count=count, cards=", ".join(map(card_name, cards)))
    if kind == "modifier" and cards:
        if detail == "removed":
            return tr("event.modifier_removed", card=story.card(player, cards[0]))
        if detail == "librarian":  # the event names the next-card effect that gave it
            return tr("event.librarian", card=story.card(player, cards[0]), amount=signed(amount))
        if detail == "engineer":  # after the abilities: a sentence of its own
            story.flush()
            return tr("event.engineer", card=story.card(player, cards[0]))
        if story.subject == (player, cards[0]) and not story.clauses:
            return tr("event.modifier_self", amount=signed(amount))
        return tr("event.modifier", card=story.card(player, cards[0]), amount=signed(amount))
    if kind == "token" and cards:
        if amount < 0:
            return tr("event.token_removed", card=story.card(player, cards[0]))
        if story.subject == (player, cards[0]) and not story.clauses:
            return tr("event.token_self")
        return tr("event.token", card=story.card(player, cards[0]))
    if kind == "moved" and len(cards) == 2:
        return tr("event.moved", who=who, source=card_name(cards[0]), target=card_name(cards[1]))
    if kind == "returned" and cards:
        return tr("event.returned", who=who, card=card_name(cards[0]))
    if kind == "replaced" and len(cards) == 2:
        return tr("event.replaced", old=story.card(player, cards[0]), new=card_name(cards[1]), who=who)
    if kind == "drew" and detail == "bazaar":
        return tr("event.drew_bazaar", who=who, count=plural("cards", len(cards) or amount))
    if kind == "next_card":
        if amount:
            return tr("event.next_modifier", who=who, amount=signed(amount))
        effect, _, faction = detail.partition(":")
        if effect == "blackmail" and faction:
            return tr("event.next_blackmail", who=who, faction=faction_name(faction))
        if effect in ("librarian", "engineer"):
            return tr(f"event.next_{effect}", who=who)
        return ""
    if kind == "must_play_first":
        return tr("event.must_play_first", who=who)
    if kind == "shuffled":
        return tr("event.shuffled", who=who)
    return ""
