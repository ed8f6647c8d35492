"""Plain mutable objects for the table: played cards, encounters, players, decisions, results.

They are deliberately small ``__slots__`` classes rather than pydantic models: the engine replays whole
games thousands of times per second, and pydantic is kept for the edges (``engine.record``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from cards import CARDS, Faction

PLAYERS: Final = ("p1", "p2")
CHANCE: Final = "chance"

VALUE: Final[dict[str, int]] = {card_id: card.value for card_id, card in CARDS.items()}
FACTION: Final[dict[str, Faction]] = {card_id: card.faction for card_id, card in CARDS.items()}
ONGOING: Final[frozenset[str]] = frozenset(card_id for card_id, card in CARDS.items() if card.ongoing)
INSTANT: Final[frozenset[str]] = frozenset(CARDS) - ONGOING


# The ongoing abilities the row's evaluation reads (engine.evaluate), one bit each; the others change no
# encounter's winner. A played card holds its own, shifted by 8 for p2's (PlayedCard.row_ability).
COUNSELOR: Final = 1
MEDIATOR: Final = 2
TREASURER: Final = 4
ARISTOCRAT: Final = 8
JUDGE: Final = 16
ROW_ABILITY: Final = {
    "counselor": COUNSELOR,
    "mediator": MEDIATOR,
    "treasurer": TREASURER,
    "aristocrat": ARISTOCRAT,
    "judge": JUDGE,
}


REFS: Final = tuple({card_id: f"{player}:{card_id}" for card_id in CARDS} for player in PLAYERS)


def ref(owner: int, card_id: str) -> str:
    """A card reference of the record format, e.g. ``p2:judge``."""
    return REFS[owner][card_id]


# A reference's card id, shared: games keep many (their hands and decks), and each a string of its own
# would cost a game in play some 1.5 KB.
CARD_IDS: Final = {card_ref: card_id for refs in REFS for card_id, card_ref in refs.items()}


def card_id(card_ref: str) -> str:
    """The card id of a card reference: ``p2:judge`` -> ``judge``."""
    return CARD_IDS.get(card_ref) or card_ref.partition(":")[2]


def opposing(card: PlayedCard) -> PlayedCard | None:
    """The other card of ``card``'s encounter."""
    return card.encounter.slots[1 - card.owner]


class PlayedCard:
    """A card placed in the row. ``signets`` is derived (``engine.evaluate``), everything else is state."""

    __slots__ = (
        "card",
        "encounter",
        "face_up",
        "modifier",
        "ongoing",
        "owner",
        "row_ability",
        "shown",
        "signets",
        "value",
    )
    __deletable__ = ("encounter",)  # Game.release drops it (mypyc: engine.compiled)

    def __init__(
        self, card: str, owner: int, encounter: Encounter, face_up: bool, shown: bool = False
    ) -> None:
        self.card = card
        self.value = VALUE[card]  # the card's printed influence: change it with the card (become)
        self.owner = owner
        self.row_ability = ROW_ABILITY.get(card, 0) << (8 * owner)  # bits, read while it has a token
        self.encounter = encounter
        self.face_up = face_up
        self.shown = shown or face_up  # the opponent has seen it (Fortune Teller, even under Foggy Swamp)
        self.modifier = 0
        self.ongoing = 0
        self.signets = 0

    @property
    def influence(self) -> int:
        return self.value + self.modifier

    def become(self, card: str) -> None:
        """This face-down card is ``card`` instead (the computer's imagined worlds deal them again)."""
        self.card = card
        self.value = VALUE[card]
        self.row_ability = ROW_ABILITY.get(card, 0) << (8 * self.owner)

    @property
    def ref(self) -> str:
        return ref(self.owner, self.card)

    def active(self, card_id: str) -> bool:
        """True if this is ``card_id`` with an ongoing token on it, i.e. its ongoing ability is on."""
        return self.ongoing > 0 and self.card == card_id


class NextCard:
    """Effects waiting for a player's next card: parked modifiers, Librarian, Engineer, Blackmailer."""

    __slots__ = ("blackmail", "engineer", "librarian", "modifier")

    def __init__(self) -> None:
        self.modifier = 0
        self.librarian = False
        self.engineer = False
        self.blackmail: Faction | None = None


class Encounter:
    """One pair of cards in the row. ``winner`` is derived from the cards in play."""

    __slots__ = ("bound", "compared", "slots", "why", "winner")

    def __init__(self) -> None:
        self.slots: list[PlayedCard | None] = [None, None]
        # Next-card effects that belong to each slot; consumed when the encounter is revealed.
        self.bound: list[NextCard | None] = [None, None]
        self.compared = False
        self.winner: str | None = None  # "p1", "p2", "tie", "both"; None until compared
        # Why: "influence", "tie" (equal influence), "mediator" (a Mediator's tie), "judge" (a tie won by
        # a Judge), "counselor" (forced by the Counselor after it); None until compared.
        self.why: str | None = None


class Player:
    __slots__ = ("deck", "discard", "first", "hand", "next")

    def __init__(self, deck: list[str], opening: int) -> None:
        self.hand = deck[:opening]
        self.deck = deck[opening:]  # top first
        self.discard: list[str] = []
        self.next = NextCard()
        self.first = False  # Fortune Teller: must place face up before the opponent chooses

    def take_next(self) -> NextCard | None:
        """Hand over the next-card effects (None if there are none) and start afresh."""
        pending = self.next
        if not (pending.modifier or pending.librarian or pending.engineer or pending.blackmail):
            return None
        self.next = NextCard()
        return pending


class DecisionKind(StrEnum):
    """Every kind of decision the engine asks (docs/record-format.md "Decisions" and "Chance")."""

    PLAY = "play"
    AMBUSHER_FACTION = "ambusher_faction"
    BLACKMAILER_DISCARD = "blackmailer_discard"
    BLACKMAILER_FACTION = "blackmailer_faction"
    ELEMENTAL = "elemental"
    ENVOY = "envoy"
    ILLUSIONIST = "illusionist"
    INVENTOR_MINUS = "inventor_minus"
    INVENTOR_PLUS = "inventor_plus"
    KINESIS_FROM = "kinesis_from"
    KINESIS_TO = "kinesis_to"
    LIBRARIAN = "librarian"
    MAGISTRA = "magistra"
    PALACE_GUARD_DISCARD = "palace_guard_discard"
    PALACE_GUARD_FACTION = "palace_guard_faction"
    PRODIGY = "prodigy"
    REVOLUTIONARY_DISCARD = "revolutionary_discard"
    SCRAPYARD = "scrapyard"
    SERPENT_TEMPLE_DISCARD = "serpent_temple_discard"
    SUCCESSOR_KEEP = "successor_keep"
    SWAMP_GUARDIAN = "swamp_guardian"
    VOID_MAGE = "void_mage"
    WITCH_KING_FACTION = "witch_king_faction"
    # chance, with "chance": "explicit"
    PUPPETEER = "puppeteer"
    WITCH_KING_SHUFFLE = "witch_king_shuffle"


class Decision:
    """A pending decision: ``player`` must choose ``count`` distinct ``options`` (all, in order, if
    ``ordered``). Treat it as a value. A plain class, not a dataclass: the engine makes one for nearly
    every action, and compiled (engine.compiled) a dataclass's generated ``__init__`` stays interpreted."""

    __slots__ = ("count", "kind", "options", "ordered", "player", "shown")

    def __init__(
        self,
        player: str,
        kind: DecisionKind,
        options: tuple[str, ...],
        count: int = 1,
        ordered: bool = False,
        shown: bool = False,  # a card to place face up before the opponent chooses (Fortune Teller)
    ) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self.count = count
        self.ordered = ordered
        self.shown = shown

    def _fields(self) -> tuple[str, DecisionKind, tuple[str, ...], int, bool, bool]:
        return self.player, self.kind, self.options, self.count, self.ordered, self.shown

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"Decision(player={self.player!r}, kind={self.kind!r}, options={self.options!r}, "
            f"count={self.count!r}, ordered={self.ordered!r}, shown={self.shown!r})"
        )

    def __reduce__(self) -> tuple[type[Decision], tuple[str, DecisionKind, tuple[str, ...], int, bool, bool]]:
        return Decision, self._fields()


class Event(NamedTuple):
    """Something that happened, for telling players about it (the bot's "what just happened").

    ``kind``: placed, compared (``amount`` = the encounter's index, ``detail`` = p1, p2 or tie),
    drew, discarded (``detail`` = what went: hand, deck (the top cards), whole_deck, faction (every
    card of one) or play), modifier (``detail`` removed: Void Mage), token, moved, returned, replaced,
    next_card (an effect parked for a player's next card), must_play_first, shuffled, under_deck,
    game_over. ``player`` is whose card, zone or turn it concerns (-1: nobody).

    ``cause`` is the index, in the game's events, of the event that caused this one (-1: the round's
    own course). Causes are events of their own: ability (``cards`` = the ability's card, then the card
    it resolves on), location (``detail`` = its id: Serpent Temple, Bazaar, Auction House), next_effect
    (``detail`` = librarian, blackmailer, engineer or modifier, applied to the card in ``cards``) and
    round_end (phase 3's draws). So "what happened" is told from this structure (``engine.happenings``).

    Cards a player drew, put under their deck or placed face down are theirs alone to see
    (``engine.observe``).
    """

    kind: str
    player: int
    cards: tuple[str, ...] = ()
    amount: int = 0
    detail: str = ""
    cause: int = -1


EventTuple = tuple[str, int, tuple[str, ...], int, str, int]


class Result:
    """How a game ended. Treat it as a value: a plain class rather than a frozen dataclass, whose
    generated ``__init__`` stays interpreted when compiled (engine.compiled), and every imagined world
    of the computer's search ends with one."""

    __slots__ = ("cause", "reason", "winner")

    def __init__(self, winner: str | None, reason: str, cause: str | None = None) -> None:
        self.winner = winner  # None: a drawn game
        self.reason = reason
        # Which condition, when the reason alone does not say (a "simultaneous" draw in the Haunted
        # Catacombs); not part of the record's state (docs/record-format.md), only of what players are
        # told.
        self.cause = cause

    def _fields(self) -> tuple[str | None, str, str | None]:
        return self.winner, self.reason, self.cause

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Result(winner={self.winner!r}, reason={self.reason!r}, cause={self.cause!r})"

    def __reduce__(self) -> tuple[type[Result], tuple[str | None, str, str | None]]:
        return Result, self._fields()


class GameOver(Exception):
    """Raised anywhere in the flow when the game ends at once; the driver turns it into the result."""

    def __init__(self, winner: int | None, reason: str, cause: str | None = None) -> None:
        super().__init__(reason)
        self.result = Result(None if winner is None else PLAYERS[winner], reason, cause)


class IllegalAction(ValueError):
    """An action the engine does not accept at this point; the message says why."""
