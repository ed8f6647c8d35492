""" "What just happened": the engine's tree of causes and effects (``engine.happenings``) told in a few
plain sentences. A cause and its effects make one sentence ("X lost and activates: a, then b.");
nothing here works out why something happened: the tree says it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cards import CARDS
from engine.happenings import CAUSES, Happening
from engine.model import PLAYERS, Event
from engine.view import ResultView
from text.catalogue import join, plural, signed, tr
from text.names import (
    card_label,
    card_name,
    faction_name,
    location_name,
    player_name,
)
from text.results import result_text


def describe_events(happened: Sequence[Happening], names: Mapping[str, str], *, limit: int = 6) -> list[str]:
    """ "What just happened" in plain sentences, one or two per step, at most ``limit`` (the rest are
    summarised as "… and N more changes."); a game-over sentence is always kept, last. ``names`` maps
    "p1"/"p2" to display names. Pass what :func:`engine.happenings` gives the reader."""
    teller = _Teller(names)
    ending = teller.tell(happened)
    sentences = teller.sentences
    if len(sentences) > limit:
        kept = max(limit - 1, 0)
        sentences = [*sentences[:kept], tr("event.more", n=len(sentences) - kept)]
    return [*sentences, ending] if ending else sentences


class _Teller:
    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.sentences: list[str] = []

    def who(self, player: int) -> str:
        return player_name(player, self.names)

    def card(self, player: int, card_id: str) -> str:
        return tr("owned_card", owner=self.who(player), card=card_name(card_id))

    # --- the round's course: the top of the tree ---------------------------------------------------

    def tell(self, happened: Sequence[Happening]) -> str | None:
        """Tell the top-level happenings; returns the game-over sentence, if the game ended."""
        ending = None
        i = 0
        while i < len(happened):
            node = happened[i]
            kind = node.event.kind
            if kind == "placed":
                run = _siblings(happened, i, "placed")
                self._placed([n.event for n in happened[i : i + run]])
                i += run
                continue
            if kind == "compared":
                self.sentences.append(self._revealed(node.event))
            elif kind == "round_end":
                self._round_end(node.effects)
            elif kind == "game_over":
                winner = None if node.event.player < 0 else PLAYERS[node.event.player]
                # the event's detail is the condition when the reason alone does not say (a draw in the
                # Haunted Catacombs), else the reason
                ending = result_text(ResultView(winner, node.event.detail, None), self.names)
            elif kind in CAUSES:
                self.sentences.extend(self._cause(node, top=True))
            else:  # nothing the engine logs outside a cause; told plainly all the same
                self.sentences.extend(_sentence(c) for c in self._clauses([node], None))
            i += 1
        return ending

    def _placed(self, events: Sequence[Event]) -> None:
        hidden = [e for e in events if not e.cards and e.detail != "shown"]
        if len(hidden) == 2:
            self.sentences.append(
                tr("event.placed_both_hidden", who=join([self.who(e.player) for e in hidden]))
            )
            return
        for e in events:
            who = self.who(e.player)
            if e.detail == "shown":
                key = "event.placed_shown" if e.cards else "event.placed_shown_hidden"
                self.sentences.append(tr(key, who=who, card=card_label(e.cards[0]) if e.cards else ""))
            elif e.cards:
                self.sentences.append(tr("event.placed_card", who=who, card=card_label(e.cards[0])))
            else:
                self.sentences.append(tr("event.placed_hidden", who=who))

    def _revealed(self, event: Event) -> str:
        """The comparison, with printed values; "(after modifiers)" when those alone do not explain it."""
        first, second = event.cards[:2]
        sides = [
            tr("owned_card_value", owner=self.who(p), card=card_name(c), value=CARDS[c].value)
            for p, c in ((0, first), (1, second))
        ]
        difference = CARDS[first].value - CARDS[second].value
        if event.detail in PLAYERS:
            outcome = tr("event.outcome.win", who=player_name(event.detail, self.names))
            plain = difference > 0 if event.detail == PLAYERS[0] else difference < 0
        else:
            outcome = tr("event.outcome.tie")
            plain = difference == 0
        if not plain:
            outcome += tr("event.outcome.modified")
        return tr("event.revealed", first=sides[0], second=sides[1], outcome=outcome)

    def _round_end(self, effects: Sequence[Happening]) -> None:
        """Phase 3: both players' draws in one sentence, then (Scrapyard) the cards put under decks."""
        drew = [n.event for n in effects if n.event.kind == "drew"]
        under = [n.event for n in effects if n.event.kind == "under_deck"]
        if drew:
            self.sentences.append(_sentence(self._drew_each(drew)))
        if under:
            self.sentences.append(_sentence(self._under_deck(under)))
        rest = [n for n in effects if n.event.kind not in ("drew", "under_deck")]
        self.sentences.extend(_sentence(c) for c in self._clauses(rest, None))

    # --- causes: an ability, a location, a next-card effect ----------------------------------------

    def _cause(self, node: Happening, *, top: bool) -> list[str]:
        """A cause with its effects as one sentence ("Head: a, then b."); none for a cause told before
        that has nothing new."""
        event = node.event
        if event.kind == "ability":
            head, subject, effects = self._ability_head(node, top=top)
        else:
            head, subject, effects = self._cause_name(event), None, node.effects
            if node.told:
                head = tr("event.continued", head=head)
        body = self._body(effects, subject)
        if not body:
            return [] if node.told else [f"{head}."]
        return [f"{head}: {tr('event.then').join(body)}."]

    def _body(self, effects: Sequence[Happening], subject: tuple[int, str] | None) -> list[str]:
        """The clauses of a cause's effects; an ability resolved inside another (Elemental's copy) is one
        clause with its own effects in brackets."""
        clauses: list[str] = []
        i = 0
        while i < len(effects):
            effect = effects[i]
            if effect.event.kind == "ability":
                head, inner_subject, inner = self._ability_head(effect, top=False)
                told = self._body(inner, inner_subject)
                text = tr("event.then").join(told)
                clauses.append(tr("event.nested", head=head, text=text) if told else head)
                i += 1
                continue
            run = _siblings(effects, i, "discarded", "play")
            clauses.extend(self._clauses(effects[i : i + run], subject if not clauses else None))
            i += run
        return clauses

    def _ability_head(
        self, node: Happening, *, top: bool
    ) -> tuple[str, tuple[int, str], Sequence[Happening]]:
        """ "X lost and activates" for the card that lost (the top of the tree), "X activates" or "X copies
        Y" inside another ability; a copy or an Illusionist's target resolved first joins the head."""
        player = node.event.player
        ability, this = node.event.cards[:2]
        lost = top and not node.told
        card = self.card(player, this)
        effects: Sequence[Happening] = node.effects
        first = effects[0].event if effects else None
        if lost and first is not None and first.kind == "ability" and first.player == player:
            inner_ability, inner_this = first.cards[:2]
            effects = [*effects[0].effects, *effects[1:]]
            if inner_this != this:  # Illusionist: another card's own ability
                target = self.card(player, inner_this)
                return (
                    tr("event.lost_activates_other", card=card, target=target),
                    (player, inner_this),
                    effects,
                )
            return (
                tr("event.lost_copies", card=card, source=card_name(inner_ability)),
                (player, this),
                effects,
            )
        if ability != this:  # Magistra or Elemental: a copy
            head = tr("event.copies", card=card, source=card_name(ability))
        elif node.told:
            head = card
        elif lost:
            head = tr("event.lost_activates", card=card)
        else:
            head = tr("event.activates", card=card)
        if node.told:
            head = tr("event.continued", head=head)
        return head, (player, this), effects

    def _cause_name(self, event: Event) -> str:
        """What a location or next-card effect is called at the head of its sentence."""
        if event.kind == "location":
            return location_name(event.detail)
        if event.kind == "next_effect" and event.detail in CARDS:
            return card_name(event.detail)  # Librarian, Blackmailer, Engineer
        return tr("event.next_modifier_applied")

    # --- effects --------------------------------------------------------------------------------------

    def _clauses(self, effects: Sequence[Happening], subject: tuple[int, str] | None) -> list[str]:
        """Clauses (no full stop) for effects in a row: cards discarded from play together make one;
        a location's or next-card effect's effects inside another cause say where they come from."""
        if len(effects) > 1 and all(
            e.event.kind == "discarded" and e.event.detail == "play" for e in effects
        ):
            cards = [self.card(e.event.player, c) for e in effects for c in e.event.cards]
            return [plural("event.discard_play", len(cards), cards=join(cards))]
        clauses: list[str] = []
        for effect in effects:
            if effect.event.kind in CAUSES:  # a location (Bazaar) inside an ability
                inner = self._clauses(effect.effects, None)
                if inner:
                    text = tr("event.then").join(inner)
                    clauses.append(tr("event.from_cause", text=text, cause=self._cause_name(effect.event)))
                continue
            clause = self._effect(effect.event, subject if not clauses else None)
            if clause:
                clauses.append(clause)
        return clauses

    def _effect(self, event: Event, subject: tuple[int, str] | None) -> str:
        """One effect as a clause (without the final full stop); "" if there is nothing to tell.
        ``subject`` is the card whose ability this is the first effect of ("it gets +4")."""
        kind, player, cards, amount, detail, _ = event
        who = self.who(player) if player >= 0 else ""
        own = bool(cards) and subject == (player, cards[0])
        if kind == "discarded":
            return self._discarded(event)
        if kind == "drew":
            return self._drew(event)
        if kind == "under_deck":
            return self._under_deck([event])
        if kind == "modifier" and cards:
            if detail == "removed":
                return tr("event.modifier_removed", card=self.card(player, cards[0]))
            if own:
                return tr("event.modifier_self", amount=signed(amount))
            return tr("event.modifier", card=self.card(player, cards[0]), amount=signed(amount))
        if kind == "token" and cards:
            if amount < 0:
                return tr("event.token_removed", card=self.card(player, cards[0]))
            return tr("event.token_self") if own else tr("event.token", card=self.card(player, cards[0]))
        if kind == "moved" and len(cards) == 2:
            return tr("event.moved", who=who, source=card_name(cards[0]), target=card_name(cards[1]))
        if kind == "returned" and cards:
            return tr("event.returned", who=who, card=card_name(cards[0]))
        if kind == "replaced" and len(cards) == 2:
            return tr("event.replaced", old=self.card(player, cards[0]), new=card_name(cards[1]), who=who)
        if kind == "next_card":
            return self._parked(event)
        if kind == "must_play_first":
            return tr("event.must_play_first", who=who)
        if kind == "shuffled":
            return tr("event.shuffled", who=who)
        return ""

    def _discarded(self, event: Event) -> str:
        who, cards, detail = self.who(event.player), event.cards, event.detail
        if detail == "play":
            return plural("event.discard_play", 1, cards=self.card(event.player, cards[0]))
        if not cards:
            return tr("event.discard_hand_none", who=who) if detail == "hand" else ""
        if detail == "hand":
            return tr("event.discard_hand", who=who, cards=_names(cards))
        if detail == "whole_deck" and len(cards) > 4:  # Successor
            return tr("event.discard_deck", who=who, cards=plural("cards", len(cards)))
        if detail in ("faction", "whole_deck"):  # Witch King: every card of the faction named
            return tr("event.discard_deck", who=who, cards=_names(cards))
        return plural("event.discard_top", len(cards), who=who, cards=", ".join(map(card_name, cards)))

    def _drew(self, event: Event) -> str:
        who = self.who(event.player)
        if event.cards:
            return tr("event.drew_cards", who=who, cards=_names(event.cards))
        return tr("event.drew", who=who, count=plural("cards", event.amount))

    def _drew_each(self, events: Sequence[Event]) -> str:
        counts = [len(e.cards) or e.amount for e in events]
        if len(events) > 1 and len(set(counts)) == 1 and not any(e.cards for e in events):
            who = join([self.who(e.player) for e in events])
            return tr("event.drew_each", who=who, count=plural("cards_each", counts[0]))
        return "; ".join(self._drew(e) for e in events)

    def _under_deck(self, events: Sequence[Event]) -> str:
        if len(events) > 1 and not any(e.cards for e in events):
            return tr("event.under_deck_each", who=join([self.who(e.player) for e in events]))
        parts = [
            tr("event.under_deck_card", who=self.who(e.player), card=card_name(e.cards[0]))
            if e.cards
            else tr("event.under_deck", who=self.who(e.player))
            for e in events
        ]
        return "; ".join(parts)

    def _parked(self, event: Event) -> str:
        """An effect waiting for a player's next card (Surgeon, Librarian, Blackmailer, Engineer)."""
        who = self.who(event.player)
        if event.amount:
            return tr("event.next_modifier", who=who, amount=signed(event.amount))
        effect, _, faction = event.detail.partition(":")
        if effect == "blackmail" and faction:
            return tr("event.next_blackmail", who=who, faction=faction_name(faction))
        if effect in ("librarian", "engineer"):
            return tr(f"event.next_{effect}", who=who)
        return ""


def _siblings(nodes: Sequence[Happening], start: int, kind: str, detail: str | None = None) -> int:
    """How many nodes from ``start`` on are events of ``kind`` (and ``detail``) in a row: both players'
    placements, or cards discarded from play together (Hired Blade). At least 1."""
    end = start
    while end < len(nodes) and nodes[end].event.kind == kind and detail in (None, nodes[end].event.detail):
        end += 1
    return max(end - start, 1)


def _sentence(clause: str) -> str:
    return clause[:1].upper() + clause[1:] + "."


def _names(cards: Sequence[str]) -> str:
    return join([card_name(c) for c in cards])
