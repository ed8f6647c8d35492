"""A game of Cardia: the round structure (docs/rules.md §1.5, §1.12) and the driver that feeds it decisions.

The whole flow of a game is one generator, :meth:`Game._play`, written as the rulebook reads: phase 1,
reveal, phase 2, end of round. Wherever a player (or ``chance``) must decide, it yields the pending
decisions and is resumed with the answer. A game is therefore a pure function of its setup and its
actions; :func:`replay` rebuilds one from a record. In phase 1's commonest case, both players placing a
card at once from hands of two or more, the driver places the cards itself (:meth:`Game._place_answer`)
and resumes the flow once both are: a game is copied there as it is (engine.checkpoint), as the
computer's search does for every imagined world, with a flow that starts at the reveal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from engine.abilities import activate
from engine.abilities.deck2 import blackmailer_at_reveal, engineer_after_abilities, librarian_at_reveal
from engine.locations import rules_of
from engine.model import (
    CARD_IDS,
    PLAYERS,
    Decision,
    DecisionKind,
    Encounter,
    GameOver,
    IllegalAction,
    PlayedCard,
    Result,
    card_id,
)
from engine.record import Record, RecordError, Setup, parse_record
from engine.table import Answer, Caused, Flow, Table


class Game(Table):
    keeps_events: ClassVar[bool] = True

    def __init__(
        self, setup: Setup, on_round_start: Callable[[Game], None] | None = None, *, empty: bool = False
    ) -> None:
        """A new game of ``setup``; ``empty``: nothing dealt and no flow, every attribute left for
        :mod:`engine.checkpoint` to set (a compiled class cannot be made without its constructor)."""
        if empty:
            return
        super().__init__(setup, rules_of(setup.location))
        self.result: Result | None = None
        self.pending: tuple[Decision, ...] = ()
        self.applied = 0  # actions applied so far
        # Called as each round starts, when the flow holds no state of its own (engine.checkpoint).
        self.on_round_start = on_round_start
        self._flow: Flow[None] | None = self._play()  # None once released
        # The encounter both players are placing their cards in, when phase 1 is its commonest case: set
        # exactly while the flow waits at that yield (or, in a copy, has not started), and the flow is then
        # resumed with next() once both cards are placed (_place_answer), the yield's value unused.
        self._placing: Encounter | None = None
        self._run(None)

    # --- the driver -----------------------------------------------------------------------------------

    def apply(self, player: str, choose: Sequence[str]) -> None:
        """Answer ``player``'s pending decision; raises :class:`IllegalAction` and changes nothing if the
        answer is not legal."""
        if self.result is not None:
            raise IllegalAction("the game is already finished")
        if self._flow is None:
            raise IllegalAction("this copy of the game was released: replay the record to play on")
        decision = None
        for pending in self.pending:
            if pending.player == player:
                decision = pending
                break
        if decision is None:
            waiting = " and ".join(d.player for d in self.pending)
            raise IllegalAction(f"{player} has no decision pending (waiting for {waiting})")
        chosen = tuple(choose)
        if len(chosen) == 1 == decision.count and chosen[0] in decision.options:  # most answers: legal
            self.applied += 1
            self._run((player, chosen))
            return
        if len(set(chosen)) != len(chosen):
            raise IllegalAction(f"{decision.kind}: the same option is chosen twice")
        if len(chosen) != decision.count:
            raise IllegalAction(
                f"{decision.kind}: choose exactly {decision.count} option(s), not {len(chosen)}"
            )
        for option in chosen:
            if option not in decision.options:
                shown = option if len(option) <= 40 else option[:39] + "…"  # a forged one may be huge
                raise IllegalAction(
                    f"{decision.kind}: {shown!r} is not an option (options: {', '.join(decision.options)})"
                )
        self.applied += 1
        self._run((player, chosen))

    def apply_legal(self, player: str, choose: tuple[str, ...]) -> None:
        """:meth:`apply` without its checks, for an answer known to be legal: the computer player's,
        drawn from the pending decision's own options, thousands of times a decision."""
        self.applied += 1
        self._run((player, choose))

    def release(self) -> None:
        """Let this game's memory go as soon as its last reference does, not at the garbage collector's
        next full pass (a long-running holder of many games, the bot, drops them often): the flow, a
        generator that refers back to the game, is dropped, and so are the played cards' links to their
        encounters. What the game shows stays readable (pending decisions, events, result,
        views); it can no longer be played."""
        self.on_round_start = None  # a holder's hook (the bot's cached game) may refer back to it
        if self._flow is None:
            return  # released already, or finished (_over)
        # Dropped, not closed: closing throws through every step it is suspended in, and its only cleanup
        # is the game's own cause, set here as it would leave it (compiled, a dropped flow runs none;
        # interpreted, Python still closes it).
        self._flow = self._placing = None
        self.cause = -1
        self._unlink()

    def _unlink(self) -> None:
        for encounter in self.row:
            for card in encounter.slots:
                if card is not None:
                    del card.encounter  # the one link back: a card reads it only while the game is played

    def _run(self, answer: Answer | None) -> None:
        try:
            if self._placing is not None and answer is not None:
                self.pending = self._place_answer(self._placing, answer)
                return
            flow = self._flow
            assert flow is not None  # apply refuses a released game
            self.pending = flow.send(answer) if answer is not None else next(flow)
        except GameOver as over:
            self._over(over.result)

    def _place_answer(self, encounter: Encounter, answer: Answer) -> tuple[Decision, ...]:
        """A card placed in phase 1's commonest case (:meth:`_play`); once both are, the flow goes on."""
        player, choice = answer
        seat = 0 if player == "p1" else 1
        self._place(encounter, seat, CARD_IDS[choice[0]], False)
        waiting = self.pending
        if len(waiting) == 2:
            return (waiting[1 - seat],)  # the same decision: the other's hand has not changed
        self._placing = None
        flow = self._flow
        assert flow is not None
        return next(flow)

    def _over(self, result: Result) -> None:
        self.result = result
        self.pending = ()
        self.current = None
        winner = result.winner
        player = -1 if winner is None else 0 if winner == "p1" else 1
        self.log("game_over", player, detail=result.cause or result.reason)
        # Without its flow and the cards' links back, nothing of a finished game is a cycle: it is freed
        # as soon as it is let go of, not at the garbage collector's next pass. (Neither a raise nor a
        # return ends the flow at a round's start or end: an exception costs more than the rest of the
        # round, compiled. It waits at a yield, dropped, and runs no further.)
        self._flow = self._placing = None
        self.on_round_start = None  # a holder's hook may refer back to it, and no round starts again
        self._unlink()

    # --- the round --------------------------------------------------------------------------------------

    def _play(self, placed: Encounter | None = None) -> Flow[None]:
        """The game, round after round (``placed``: from the reveal of this encounter, its cards placed
        already: a copy made in phase 1, engine.checkpoint)."""
        while True:  # nothing but the table carries over from one round to the next (engine.checkpoint)
            if placed is None:
                if self.on_round_start is not None:
                    self.on_round_start(self)
                ended = self._cannot_play()
                if ended is not None:
                    self._over(ended)
                    yield ()  # never resumed: _over let go of the flow (the commonest ends are not raised)
                zones = self.players
                if (
                    not (zones[0].first or zones[1].first)
                    and len(zones[0].hand) > 1
                    and len(zones[1].hand) > 1
                ):
                    # Most rounds: both choose among their hands at once, either answering first. The driver
                    # places their cards (_place_answer) and resumes the flow once both are.
                    placed = self._placing = Encounter()  # joins the row with its first card
                    yield (
                        Decision("p1", DecisionKind.PLAY, self.hand_refs(0)),
                        Decision("p2", DecisionKind.PLAY, self.hand_refs(1)),
                    )
                else:
                    placed = yield from self._play_cards()
            revealed = self._to_reveal(placed) if self._hides else placed
            if revealed is not None:
                self.current = revealed
                # Each step a flow only where it may ask (written out: every round of every imagined
                # world would otherwise make a generator for each).
                if self._turn_up(revealed):
                    yield from self._reveal_effects(revealed)
                elif self._checks_previous:
                    self._at_reveal(revealed)
                outcome = self._compare(revealed)
                if outcome != "tie":  # phase 2: the card that lost the comparison activates
                    loser = revealed.slots[1 if outcome == "p1" else 0]
                    assert loser is not None
                    flow = activate(self, loser)
                    if flow is not None:
                        yield from flow
                    if self.serpent_triggers:
                        yield from self._serpent_temple()
                if revealed.bound[0] is not None or revealed.bound[1] is not None:  # else nothing to do
                    engineer_after_abilities(self, revealed)
                    if self.serpent_triggers:
                        yield from self._serpent_temple()
                self.current = None
            # Phase 3: draw (as the location says), then the signet check.
            with self.caused_by("round_end", -1, amount=self.round):
                flow = self.place.end_of_round(self)
                if flow is not None:
                    yield from flow
            first, second = self.signets()
            if (first >= 5 or second >= 5) and first != second:
                self._over(Result(PLAYERS[0 if first > second else 1], "signets"))
                yield ()  # as above
            self.round += 1
            placed = None

    def _cannot_play(self) -> Result | None:
        """Start of phase 1: a player without a card in hand cannot play (§1.10): how the game ends, if
        it does."""
        if self.players[0].hand and self.players[1].hand:
            return None
        empty = [not zones.hand for zones in self.players]
        if all(empty):
            first, second = self.signets()
            if first == second:
                return Result(None, "both_cannot_play")
            return Result(PLAYERS[0 if first > second else 1], "both_cannot_play")
        return Result(PLAYERS[1] if empty[0] else PLAYERS[0], "cannot_play")

    def _play_cards(self) -> Flow[Encounter]:
        """Phase 1 but its commonest case (:meth:`_play`): both place a card face down at once, at least
        one of them from a single card; or, after a Fortune Teller, its victim first and face up (face
        down under Foggy Swamp, ruling 25)."""
        encounter = Encounter()  # joins the row with its first card (docs/record-format.md, State)
        zones = self.players
        if zones[0].first == zones[1].first:  # at once (also when both must place first)
            groups: tuple[tuple[int, ...], ...] = _AT_ONCE
        else:
            victim = 0 if zones[0].first else 1
            groups = ((victim,), (1 - victim,))
        zones[0].first = zones[1].first = False
        for index, group in enumerate(groups):
            shown = index == 0 and len(groups) == 2
            decisions = [
                Decision(PLAYERS[p], DecisionKind.PLAY, self.hand_refs(p), shown=shown) for p in group
            ]
            # Table.ask_each written out, without a closure (a single card is placed at once, p1 first).
            waiting = []
            for decision in decisions:
                if len(decision.options) > 1:
                    waiting.append(decision)
                else:
                    only = card_id(decision.options[0])
                    self._place(encounter, 0 if decision.player == "p1" else 1, only, shown)
            while waiting:
                player, choice = yield tuple(waiting)
                if len(waiting) == 1:
                    waiting = []
                else:
                    waiting = [decision for decision in waiting if decision.player != player]
                self._place(encounter, 0 if player == "p1" else 1, CARD_IDS[choice[0]], shown)
        return encounter

    def _place(self, encounter: Encounter, player: int, card: str, shown: bool) -> None:
        """Place a card face down, or ``shown`` to the opponent first (Fortune Teller): face up, except
        under Foggy Swamp, where it stays face down but the opponent has seen it (ruling 25)."""
        zones = self.players[player]
        zones.hand.remove(card)
        if encounter.slots[0] is None and encounter.slots[1] is None:
            self.row.append(encounter)
        face_up = shown and not self._hides
        encounter.slots[player] = PlayedCard(card, player, encounter, face_up, shown)
        self.log("placed", player, (card,), detail="shown" if shown else "face_down")
        if self._hides:  # next-card effects bind to the card chosen (ruling 31)
            encounter.bound[player] = zones.take_next()
        # No winner changes: the encounter is not compared yet, and a card placed carries no token.
        self.settle(row_changed=False)

    def _to_reveal(self, placed: Encounter) -> Encounter | None:
        if not self._hides:
            return placed
        index = self.row.index(placed)  # Foggy Swamp reveals the previous, face-down encounter
        return self.row[index - 1] if index and not self.row[index - 1].compared else None

    def _turn_up(self, encounter: Encounter) -> bool:
        """The reveal's first step (ruling 33): both cards face up with their parked modifiers; whether
        next-card effects came with them (:meth:`_reveal_effects`)."""
        first, second = encounter.slots
        assert first is not None and second is not None
        for player, card in enumerate((first, second)):
            card.face_up = True
            if not self._hides:  # else bound when placed (ruling 31)
                encounter.bound[player] = self.players[player].take_next()
            bound = encounter.bound[player]
            if bound is not None and bound.modifier:
                card.modifier += bound.modifier  # both cards' before one settle: they change at once
                with self.caused_by("next_effect", player, (card.card,), detail="modifier"):
                    self.log("modifier", player, (card.card,), bound.modifier)
        self.settle(row_changed=False)  # as in _place: the encounter is not compared yet
        effects = encounter.bound
        return effects[0] is not None or effects[1] is not None

    def _reveal_effects(self, encounter: Encounter) -> Flow[None]:
        """The rest of the reveal with next-card effects, in the order of ruling 33: Librarian, the
        location's check of the previous encounter, Blackmailer (deck2.py)."""
        first, second = encounter.slots
        assert first is not None and second is not None
        cards = (first, second)
        yield from librarian_at_reveal(self, encounter, cards)
        if self._checks_previous:
            self._at_reveal(encounter)
        yield from blackmailer_at_reveal(self, encounter, cards)

    def _at_reveal(self, encounter: Encounter) -> None:
        previous = self.previous(encounter)
        if previous is not None:
            first, second = encounter.slots
            assert first is not None and second is not None
            self.place.at_reveal(self, (first, second), previous)

    def _compare(self, encounter: Encounter) -> str:
        """The reveal's last step, the phase-1 comparison; its outcome: "p1", "p2" or "tie"."""
        first, second = encounter.slots
        assert first is not None and second is not None
        encounter.compared = True
        outcome = self._phase_one(encounter)
        index = self.row.index(encounter)
        self.log("compared", -1, (first.card, second.card), index, outcome)
        self.settle_compared(index)  # an immediate win may come of it (Mechanical Djinn, Founder's Day)
        return outcome

    def _phase_one(self, encounter: Encounter) -> str:
        """The comparison's result: "p1", "p2", or "tie" (even one a Judge then wins).

        Decided from this encounter alone: a newly revealed card carries no token, and no Counselor can
        follow it yet, so the row need not be evaluated here."""
        first, second = encounter.slots
        assert first is not None and second is not None
        one, two = first.value + first.modifier, second.value + second.modifier
        if one == two or first.active("mediator") or second.active("mediator"):
            return "tie"
        return "p1" if one > two else "p2"

    def _serpent_temple(self) -> Flow[None]:
        """Serpent Temple triggers right after the step (a whole ability) that caused them, oldest
        encounter first (ruling 17)."""
        triggers = sorted(self.serpent_triggers)
        self.serpent_triggers.clear()
        for _, winner in triggers:
            with self.caused_by("location", winner, detail="serpent_temple"):
                self.draw(winner, 1)
                other = 1 - winner
                choice = yield from self.ask_one(
                    other, DecisionKind.SERPENT_TEMPLE_DISCARD, self.hand_refs(other)
                )
                if choice is not None:
                    self.discard_from_hand(other, [card_id(choice)])


_AT_ONCE: Final = ((0, 1),)  # both players place their cards at once


class _NoCause(Caused):
    """The ``with`` block of :meth:`QuietGame.caused_by`: there is no cause to restore."""

    __slots__ = ()

    def __init__(self) -> None:
        pass

    def __exit__(self, *_: object) -> None:
        pass


_NO_CAUSE: Final = _NoCause()


class QuietGame(Game):
    """A game that keeps no events: the computer player's imagined worlds, played by the thousand,
    whose story nobody reads (no rule reads the events). A fifth of a random game's time is its log."""

    keeps_events = False

    def log(
        self, kind: str, player: int, cards: tuple[str, ...] = (), amount: int = 0, detail: str = ""
    ) -> None:
        pass

    def caused_by(
        self, kind: str, player: int, cards: tuple[str, ...] = (), amount: int = 0, detail: str = ""
    ) -> Caused:
        return _NO_CAUSE


def replay(
    record: Record, upto: int | None = None, on_round_start: Callable[[Game], None] | None = None
) -> Game:
    """The game after the first ``upto`` actions of ``record`` (all of them if None); a rejected action
    raises :class:`RecordError` ``action N: reason``."""
    game = Game(record.setup, on_round_start)
    actions = record.actions if upto is None else record.actions[:upto]
    for index, action in enumerate(actions):
        try:
            game.apply(action.player, action.choose)
        except IllegalAction as error:
            raise RecordError(f"action {index}: {error}", index) from None
    return game


def replay_document(data: str | bytes, upto: int | None = None) -> Game:
    """Read and replay a record document. The error names the first rejected action, whether the
    engine rejects it or it is malformed (a malformed action after an illegal one is not reported)."""
    try:
        record = parse_record(data)
    except RecordError as error:
        if error.action is None:
            raise
        document = json.loads(data)
        document["actions"] = document["actions"][: error.action]
        replay(parse_record(document))  # raises for an earlier action the engine does not accept
        raise
    return replay(record, upto)
