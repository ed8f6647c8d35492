"""Copies of a game, cheaper than replaying it: the computer player's imagined worlds start from one.

A game's flow is a generator (:meth:`engine.game.Game._play`), which Python cannot copy. But at the start
of each round the flow holds nothing of its own: everything is on the table. So a game copied at a round
start, given a fresh flow, goes on exactly as the original would. Nor does it in phase 1's commonest
case, whose cards the game's driver places (``Game._place_answer``): a copy there is given a flow that
starts at the reveal. :class:`Start` replays a record once and keeps a copy of the game as it is, if it
is in that case, else as its latest round started; it makes each fresh game from that copy and the few
actions taken since, if any (instead of the whole record). :func:`freeze` keeps a game at a round start
as plain values instead, and :func:`thaw` makes it again: the bot's cached games that are not in use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cards import Faction
from engine.chance import Chance, LateChance, SeededChance
from engine.game import Game, replay
from engine.locations import rules_of
from engine.model import PLAYERS, Decision, DecisionKind, Encounter, EventTuple, NextCard, PlayedCard, Player
from engine.record import Action, Record, Setup
from engine.table import shared_events


def _next_card(source: NextCard) -> NextCard:
    copy = NextCard()
    copy.modifier, copy.librarian = source.modifier, source.librarian
    copy.engineer, copy.blackmail = source.engineer, source.blackmail
    return copy


def _player(source: Player) -> Player:
    copy = Player([], 0)
    copy.hand, copy.deck, copy.discard = source.hand[:], source.deck[:], source.discard[:]
    copy.next, copy.first = _next_card(source.next), source.first
    return copy


def _encounter(source: Encounter) -> Encounter:
    copy = Encounter()  # its slots and effects start empty: filled in place
    copy.compared, copy.winner, copy.why = source.compared, source.winner, source.why
    for index in (0, 1):
        bound = source.bound[index]
        if bound is not None:
            copy.bound[index] = _next_card(bound)
        card = source.slots[index]
        if card is not None:
            played = PlayedCard(card.card, card.owner, copy, card.face_up, card.shown)
            played.modifier = card.modifier
            played.ongoing, played.signets = card.ongoing, card.signets
            copy.slots[index] = played
    return copy


def _generator(source: Chance) -> Chance:
    assert isinstance(source, SeededChance | LateChance)
    return source.copy()


#: How :func:`copy_table` treats each attribute of a game: copied (the mutable ones), shared (immutable:
#: the setup, the location's rules, numbers, flags) or left out. A new attribute of the table must be
#: added here and there: tests/engine/test_checkpoint.py fails until it is. (Named, not read from
#: ``vars``: a compiled game has no ``__dict__``.)
_COPIED = frozenset({"players", "row", "rng", "events", "serpent_triggers"})
_SHARED = frozenset(
    {"setup", "location", "place", "explicit_chance", "round", "_refills", "_serpent", "_eager", "_signets"}
    | {"_hides", "_checks_previous", "_three_in_a_row"}
    | {"cause", "result", "pending", "applied", "current"}
)
_NOT_COPIED = frozenset({"_flow", "on_round_start"})
_MAPPED = frozenset({"_placing"})  # the copy's own encounter that is being placed, if any


def copy_table(game: Game, kind: type[Game] = Game) -> Game:
    """A copy of ``game``'s table, as a ``kind`` without a flow (only for a game at a round start or
    placing its cards in phase 1's commonest case: nothing is being resolved, so ``current`` is None).
    Attribute by attribute, written out: the computer's search makes one for every imagined world."""
    assert game.current is None, "a copy is made at a round start or in phase 1 only"
    copy = kind(game.setup, empty=True)
    copy.players = [_player(player) for player in game.players]
    copy.row = [_encounter(encounter) for encounter in game.row]
    copy.rng = _generator(game.rng)
    copy.events = list(game.events) if kind.keeps_events else []
    copy.serpent_triggers = list(game.serpent_triggers)
    copy.setup, copy.location, copy.place = game.setup, game.location, game.place
    copy.explicit_chance, copy.round = game.explicit_chance, game.round
    copy._hides, copy._checks_previous = game._hides, game._checks_previous
    copy._three_in_a_row = game._three_in_a_row
    copy._refills, copy._serpent, copy._eager, copy._signets = (
        game._refills,
        game._serpent,
        game._eager,
        game._signets,
    )
    copy.cause, copy.result, copy.pending = game.cause, game.result, game.pending
    copy.applied, copy.current = game.applied, game.current
    copy.on_round_start = None
    placing = game._placing
    if placing is None:
        copy._placing = None
    else:  # in the row once its first card is placed
        copy._placing = copy.row[-1] if game.row and game.row[-1] is placing else Encounter()
    return copy


def resume(table: Game, kind: type[Game] = Game) -> Game:
    """A game that goes on from a copy made at a round start or in phase 1 (:func:`copy_table`;
    ``table`` itself is left as it is), as a ``kind`` of game (a :class:`~engine.game.QuietGame` keeps
    no events)."""
    game = copy_table(table, kind)
    if game._placing is None:
        game._flow = game._play()
        game.pending = ()
        game._run(None)
    else:  # a flow that starts at the reveal, and the same decisions, the copy's own: an imagined world
        # deals the opponent's options again in place (engine.player.worlds.deal_again)
        game._flow = game._play(game._placing)
        game.pending = tuple(
            [
                Decision(decision.player, DecisionKind.PLAY, game.hand_refs(PLAYERS.index(decision.player)))
                for decision in table.pending
            ]
        )
    return game


class Start:
    """``record`` replayed once; :meth:`game` makes fresh copies of the game it leads to."""

    def __init__(self, record: Record) -> None:
        self.record = record
        latest: list[Game] = []

        def keep(game: Game) -> None:
            latest[:] = [copy_table(game)]

        self.replayed = replay(record, on_round_start=keep)
        if self.replayed._placing is not None:  # phase 1's commonest case: the game as it is
            self.table = copy_table(self.replayed)
        else:  # the game as its latest round started, and the actions since
            self.table = latest[0]
        self.since: list[Action] = record.actions[self.table.applied :]
        self._since = [(action.player, tuple(action.choose)) for action in self.since]

    def game(self, kind: type[Game] = Game) -> Game:
        """A fresh game at the end of the record: the copy kept (:class:`Start`), then the actions since."""
        game = resume(self.table, kind)
        for player, choice in self._since:  # legal: the record was replayed whole when this was made
            game.apply_legal(player, choice)
        return game


# --- a game frozen as plain values ----------------------------------------------------------------------

#: A game at a round start as exact tuples of ints, strings, booleans and None (no enum: a faction is
#: its value), which the garbage collector stops tracking after a pass (a copy is about a hundred objects
#: it goes through at every full collection), and which ``marshal`` takes whole: what the bot keeps of a
#: game it holds without its engine state. :func:`thaw` makes the game again, faster than a replay. Its
#: fields, in order: actions applied, round, cause, signets, eager, the chance's state, the players, the
#: row, the events, the Serpent Temple's triggers.
Frozen = tuple[Any, ...]

#: The attributes a frozen game keeps; with those the setup gives (``Table._set_up``) and those a round
#: start leaves empty, every attribute of a game: tests/engine/test_checkpoint.py fails when one is added.
FROZEN = (
    "applied",
    "round",
    "cause",
    "_signets",
    "_eager",
    "rng",
    "players",
    "row",
    "events",
    "serpent_triggers",
)
FROM_SETUP = frozenset(
    {"setup", "location", "place", "explicit_chance", "_refills", "_serpent"}
    | {"_hides", "_checks_previous", "_three_in_a_row"}
)
EMPTY_AT_ROUND_START = frozenset({"current", "result", "pending", "_flow", "_placing", "on_round_start"})

_PlayerValues = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[Any, ...], bool]


def _next_values(next_card: NextCard | None) -> tuple[Any, ...] | None:
    if next_card is None:
        return None
    blackmail = None if next_card.blackmail is None else next_card.blackmail.value
    return next_card.modifier, next_card.librarian, next_card.engineer, blackmail


def _thawed_next(values: tuple[Any, ...] | None) -> NextCard | None:
    if values is None:
        return None
    next_card = NextCard()
    next_card.modifier, next_card.librarian, next_card.engineer, blackmail = values
    next_card.blackmail = None if blackmail is None else Faction(blackmail)
    return next_card


_NO_CARD = (None,) * 7
_NO_BOUND = (None, None)


def _encounter_values(encounter: Encounter) -> tuple[Any, ...]:
    """One flat tuple: compared, winner, why, the bound next-card effects, then each slot's card as
    seven fields (seven Nones for an empty slot). Nested tuples would take twice the memory, and the
    bot keeps one of these for each encounter of every game it holds."""
    bound = tuple(_next_values(next_card) for next_card in encounter.bound)
    values: list[Any] = [
        encounter.compared,
        encounter.winner,
        encounter.why,
        _NO_BOUND if bound == _NO_BOUND else bound,
    ]
    for card in encounter.slots:
        if card is None:
            values.extend(_NO_CARD)
        else:
            values.extend(
                (card.card, card.owner, card.face_up, card.shown, card.modifier, card.ongoing, card.signets)
            )
    return tuple(values)


def _thawed_encounter(values: tuple[Any, ...]) -> Encounter:
    compared, winner, why, bound = values[:4]
    encounter = Encounter()
    cards: list[PlayedCard | None] = []
    for start in (4, 11):
        if values[start] is None:
            cards.append(None)
            continue
        name, owner, face_up, shown, card_modifier, ongoing, signets = values[start : start + 7]
        card = PlayedCard(name, owner, encounter, face_up, shown)
        card.modifier, card.ongoing, card.signets = card_modifier, ongoing, signets
        cards.append(card)
    encounter.slots = cards
    encounter.bound = [_thawed_next(next_card) for next_card in bound]
    encounter.compared, encounter.winner, encounter.why = compared, winner, why
    return encounter


def _player_values(player: Player) -> _PlayerValues:
    next_card = _next_values(player.next)
    assert next_card is not None
    return tuple(player.hand), tuple(player.deck), tuple(player.discard), next_card, player.first


def _thawed_player(values: _PlayerValues) -> Player:
    hand, deck, discard, next_card, first = values
    player = Player([], 0)
    player.hand, player.deck, player.discard = list(hand), list(deck), list(discard)
    thawed = _thawed_next(next_card)
    assert thawed is not None
    player.next, player.first = thawed, first
    return player


def freeze(game: Game, events: bool = True) -> Frozen:
    """``game``, at a round start and not over, as plain values (see :data:`Frozen`). Without
    ``events``, only their number is kept, and :func:`with_events` adds them later from the game's own
    (a holder that keeps the game too need not keep its events twice)."""
    assert game.current is None and game._placing is None, "a game is frozen at a round start only"
    assert game.result is None, "a finished game is not frozen"
    chance = game.rng
    assert isinstance(chance, SeededChance), "an imagined world's generator is not frozen"
    return (
        game.applied,
        game.round,
        game.cause,
        game._signets,
        game._eager,
        chance.state(),
        tuple(_player_values(player) for player in game.players),
        tuple(_encounter_values(encounter) for encounter in game.row),
        shared_events(game.events) if events else len(game.events),
        tuple(game.serpent_triggers),
    )


def with_events(frozen: Frozen, events: Sequence[EventTuple]) -> Frozen:
    """``frozen``, made without its events, with them: the first of ``events``, the events of the game
    it was frozen from (a game only adds to its events, so the first ones are those it had then), as
    :func:`~engine.table.shared_events` shares them (a holder keeps them long)."""
    count = frozen[8]
    if isinstance(count, tuple):
        return frozen
    assert len(events) >= count, "the events of another game"
    return (*frozen[:8], shared_events(events[:count]), *frozen[9:])


def split_events(frozen: Frozen) -> tuple[Frozen, tuple[EventTuple, ...]]:
    """``frozen`` (with its events) as :func:`with_events` takes it apart: without them, and them. A
    holder may keep the events apart from the rest (they are tuples many games share)."""
    events: tuple[EventTuple, ...] = frozen[8]
    assert isinstance(events, tuple), "frozen without its events: nothing to split"
    return (*frozen[:8], len(events), *frozen[9:]), events


def has_events(frozen: Frozen) -> bool:
    """Whether ``frozen`` has its events (else :func:`with_events` must add them before a thaw)."""
    return isinstance(frozen[8], tuple)


def thaw(setup: Setup, frozen: Frozen, on_round_start: Callable[[Game], None] | None = None) -> Game:
    """The game :func:`freeze` made ``frozen`` of (``setup`` is its setup), with a fresh flow: it goes
    on exactly as the frozen one would have."""
    assert has_events(frozen), "frozen without its events: see with_events"
    game = Game(setup, empty=True)
    game._set_up(setup, rules_of(setup.location))
    applied, round_, cause, signets, eager, chance, players, row, events, triggers = frozen
    game.applied, game.round, game.cause, game._signets, game._eager = applied, round_, cause, signets, eager
    game.rng = SeededChance(*chance)
    game.players = [_thawed_player(player) for player in players]
    game.row = [_thawed_encounter(encounter) for encounter in row]
    game.events, game.serpent_triggers = list(events), list(triggers)
    game.current, game.result, game.pending = None, None, ()
    game.on_round_start = on_round_start
    game._flow, game._placing = game._play(), None
    game._run(None)
    return game
