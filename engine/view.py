"""What one viewer may see of a game, as frozen, typed values: the boundary the bot renders from.

``view(game, viewer)`` (viewer ``"p1"``, ``"p2"``, or None for everybody: a public board) hides every
hand but the viewer's, the order of every deck, face-down cards the viewer has not seen, and the options
of other players' decisions (they would reveal a hand). It says what the bot must not work out again:
why each encounter has its winner, and which play is placed face up first (Fortune Teller).
:func:`engine.observe.observation` is this view as plain JSON data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.game import Game
from engine.model import PLAYERS, PlayedCard
from engine.model import DecisionKind as DecisionKind  # the model's, where the engine asks them
from engine.table import by_value


class Why(StrEnum):
    """Why an encounter has its winner."""

    INFLUENCE = "influence"  # the higher influence
    TIE = "tie"  # equal influence, and no Judge
    MEDIATOR = "mediator"  # a Mediator's tie, and no Judge
    JUDGE = "judge"  # a tie won by an active Judge (both: both players')
    COUNSELOR = "counselor"  # forced by the Counselor right after it


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in the row; a card the viewer may not see has ``card`` None and nothing else to tell."""

    card: str | None
    face_up: bool
    influence: int = 0
    modifier: int = 0
    ongoing: int = 0
    signets: int = 0


@dataclass(frozen=True, slots=True)
class EncounterView:
    p1: CardView | None
    p2: CardView | None
    winner: str | None  # "p1", "p2", "tie", "both"; None until compared
    why: Why | None

    def slot(self, player: str) -> CardView | None:
        return self.p1 if player == "p1" else self.p2


@dataclass(frozen=True, slots=True)
class PlayerView:
    hand: tuple[str, ...] | None  # the viewer's own hand, by value; None for another player's
    hand_size: int
    deck_size: int
    discard: tuple[str, ...]
    next_card_modifier: int
    librarian: bool  # the next card gets +2 or −2 at its reveal
    engineer: bool  # the next card gets +5 after its encounter's abilities
    blackmail: str | None  # the faction the next card must be of (Blackmailer)
    must_play_first: bool  # Fortune Teller: the next card is placed face up first


@dataclass(frozen=True, slots=True)
class DecisionView:
    player: str  # "p1", "p2" or "chance"
    kind: DecisionKind
    first: bool  # a card placed face up before the opponent chooses (Fortune Teller)
    options: tuple[str, ...] | None  # the viewer's own decision only
    count: int | None


@dataclass(frozen=True, slots=True)
class ResultView:
    winner: str | None  # None: a draw
    reason: str
    cause: str | None  # which condition, when the reason alone does not say


@dataclass(frozen=True, slots=True)
class View:
    viewer: str | None
    result: ResultView | None
    round: int
    location: str | None
    signets: tuple[int, int]  # p1, p2
    encounters: tuple[EncounterView, ...]
    players: tuple[PlayerView, PlayerView]  # p1, p2
    pending: tuple[DecisionView, ...]  # p1's, p2's, then chance's

    def player(self, name: str) -> PlayerView:
        return self.players[PLAYERS.index(name)]

    def waiting_for(self, player: str) -> DecisionView | None:
        return next((d for d in self.pending if d.player == player), None)


def _may_see(card: PlayedCard, viewer: str | None) -> bool:
    """Face-up cards are public; a face-down card is seen by its owner, and by the opponent once it
    was shown to them (Fortune Teller under Foggy Swamp)."""
    if card.face_up:
        return True
    if viewer is None:
        return False
    return PLAYERS[card.owner] == viewer or card.shown


def _card(card: PlayedCard | None, viewer: str | None) -> CardView | None:
    if card is None:
        return None
    if not _may_see(card, viewer):
        return CardView(None, False)
    return CardView(card.card, card.face_up, card.influence, card.modifier, card.ongoing, card.signets)


_ORDER = ("p1", "p2", "chance")


def view(game: Game, viewer: str | None) -> View:
    """What ``viewer`` may see of ``game`` (see the module's docstring)."""
    first, second = game.signets()  # also makes the derived winners (and why) current
    result = game.result
    players = tuple(
        PlayerView(
            hand=tuple(by_value(zones.hand)) if viewer == name else None,
            hand_size=len(zones.hand),
            deck_size=len(zones.deck),
            discard=tuple(zones.discard),
            next_card_modifier=zones.next.modifier,
            librarian=zones.next.librarian,
            engineer=zones.next.engineer,
            blackmail=None if zones.next.blackmail is None else str(zones.next.blackmail),
            must_play_first=zones.first,
        )
        for name, zones in zip(PLAYERS, game.players, strict=True)
    )
    return View(
        viewer=viewer,
        result=None if result is None else ResultView(result.winner, result.reason, result.cause),
        round=game.round,
        location=game.location,
        signets=(first, second),
        encounters=tuple(
            EncounterView(
                _card(encounter.slots[0], viewer),
                _card(encounter.slots[1], viewer),
                encounter.winner,
                None if encounter.why is None else Why(encounter.why),
            )
            for encounter in game.row
        ),
        players=(players[0], players[1]),
        pending=tuple(
            DecisionView(
                d.player,
                d.kind,
                d.shown,
                d.options if d.player == viewer else None,
                d.count if d.player == viewer else None,
            )
            for d in sorted(game.pending, key=lambda d: _ORDER.index(d.player))
        ),
    )
