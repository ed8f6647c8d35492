"""Scenario tests for the 16 Deck II cards (docs/rules.md §3.2, rulings §5) and their cross-deck interactions.

Every expected value is worked out by hand from docs/rules.md and docs/record-format.md (the
deck lists below are docs/record-format.md's card ids in value order). Stacked decks: the first 5 listed
cards are
the opening hand, the next ones are drawn in order, then the rest of the composition follows by value.
"""

from __future__ import annotations

from typing import Any

from cards import Deck
from engine import Game, observation
from tests.helpers import DECK_I, DECK_II, card, choose, hand, new_game, pending, play, signets, view, winner

FACTIONS = ["rebels", "academy", "guild", "dynasty"]

# Mixed decks (docs/rules.md §1.11, ruling 28): whole faction sets, each from Deck I or Deck II.
DYNASTY_I: dict[str, Deck] = {"rebels": "II", "academy": "II", "guild": "II", "dynasty": "I"}
ACADEMY_I: dict[str, Deck] = {"rebels": "II", "academy": "I", "guild": "II", "dynasty": "II"}
REBELS_I: dict[str, Deck] = {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "II"}


def composition(sources: dict[str, Deck]) -> list[str]:
    """The 16 card ids of a (mixed) deck, by value; faction = (value - 1) mod 4 (docs/rules.md §1.2)."""
    return [
        (DECK_I if sources[FACTIONS[value % 4]] == "I" else DECK_II)[value] for value in range(len(DECK_I))
    ]


def rest(listed: list[str], ids: list[str] = DECK_II) -> list[str]:
    """The part of a stacked deck after the listed cards: the other cards by value."""
    return [c for c in ids if c not in listed]


def played(
    name: str, influence: int, modifier: int = 0, ongoing: int = 0, signets: int = 0
) -> dict[str, Any]:
    return {
        "card": name,
        "influence": influence,
        "modifier": modifier,
        "ongoing": ongoing,
        "signets": signets,
        "face_up": True,
    }


def asked(game: Game, player: str) -> tuple[str, list[str], int]:
    """The kind, the options (as a set: their order is free) and the count of ``player``'s decision."""
    decision = pending(game, player)
    assert decision is not None, view(game)["pending"]
    return decision.kind, sorted(decision.options), decision.count


def refs(player: str, *cards: str) -> list[str]:
    return sorted(f"{player}:{c}" for c in cards)


def zones(game: Game, player: str) -> dict[str, Any]:
    return view(game)["players"][player]  # type: ignore[no-any-return]


def kinds(game: Game) -> list[tuple[str, str]]:
    return [(d["player"], d["kind"]) for d in view(game)["pending"]]


def result(game: Game) -> dict[str, Any] | None:
    return view(game)["result"]  # type: ignore[no-any-return]


PLAYS = [("p1", "play"), ("p2", "play")]


def test_composition_helper_matches_the_mixed_deck() -> None:
    game = new_game(p1=[], p2=[], deck=DYNASTY_I)
    assert hand(game, "p1") + zones(game, "p1")["deck"] == composition(DYNASTY_I)
    assert composition(DYNASTY_I)[3] == "mediator" and composition(DYNASTY_I)[15] == "djinn"
    assert composition(ACADEMY_I)[1] == "void_mage" and composition(REBELS_I)[0] == "hired_blade"


def test_state_lists_the_current_encounter_only_once_a_card_is_placed() -> None:
    # docs/record-format.md, State: "The current encounter is listed as soon as one of its cards is placed; a
    # card
    # not placed yet is null." Before any card of a round is placed there is no current encounter to list.
    game = new_game(
        p1=["poisoner", "envoy", "tax_collector", "revolutionary", "librarian"],
        p2=["prodigy", "kinesis_mage", "envoy", "tax_collector", "revolutionary"],
        deck="II",
    )
    assert view(game)["encounters"] == []
    play(game, "p1:poisoner")
    encounters = view(game)["encounters"]
    assert len(encounters) == 1 and encounters[0]["p2"] is None and encounters[0]["winner"] is None
    assert encounters[0]["p1"]["face_up"] is False
    play(game, None, "p2:prodigy")
    assert [e["winner"] for e in view(game)["encounters"]] == ["tie"]  # round 2: nothing placed yet


# --- 1 Poisoner --------------------------------------------------------------------------------------


def test_poisoner_lowers_the_opposing_card_to_a_tie() -> None:
    p1 = ["poisoner", "envoy", "tax_collector", "revolutionary", "librarian"]
    p2 = ["prodigy", "kinesis_mage", "envoy", "tax_collector", "revolutionary"]
    game = new_game(p1=p1, p2=p2, deck="II")
    play(game, "p1:poisoner", "p2:prodigy")
    # 1 < 7: the Poisoner loses and puts 1 - 7 = -6 on the Prodigy; the tie gives no signet.
    assert card(game, 0, "p1") == played("poisoner", 1)
    assert card(game, 0, "p2") == played("prodigy", 1, modifier=-6)
    assert winner(game, 0) == "tie"
    assert signets(game) == (0, 0)
    assert view(game)["round"] == 2
    assert kinds(game) == PLAYS
    assert hand(game, "p1") == ["kinesis_mage", "envoy", "tax_collector", "revolutionary", "librarian"]
    assert zones(game, "p1")["deck"] == rest(p1)[1:]
    assert hand(game, "p2") == ["poisoner", "kinesis_mage", "envoy", "tax_collector", "revolutionary"]


def test_poisoner_is_one_shot() -> None:
    game = new_game(
        p1=["poisoner", "aristocrat", "envoy", "librarian", "counselor"],
        p2=["tax_collector", "prodigy", "envoy", "librarian", "counselor"],
        deck="II",
    )
    play(game, "p1:poisoner", "p2:tax_collector")
    assert card(game, 0, "p2") == played("tax_collector", 1, modifier=-3)
    assert winner(game, 0) == "tie"
    # Round 2: the Prodigy loses (7 < 8) and raises the poisoned Tax Collector back to 4.
    play(game, "p1:aristocrat", "p2:prodigy")
    assert asked(game, "p2") == ("prodigy", refs("p2", "tax_collector", "prodigy"), 1)
    choose(game, "p2", "p2:tax_collector")
    # The Poisoner does not strike again: the encounter is now won by the Tax Collector.
    assert card(game, 0, "p2") == played("tax_collector", 4, modifier=0, signets=1)
    assert card(game, 0, "p1") == played("poisoner", 1)
    assert winner(game, 0) == "p2"
    assert card(game, 1, "p1") == played("aristocrat", 8, signets=1)
    assert card(game, 1, "p2") == played("prodigy", 7)
    assert signets(game) == (1, 1)


def test_poisoner_activated_later_never_raises_the_opposing_card_ruling_22() -> None:
    game = new_game(
        p1=["poisoner", "witch_king", "prodigy", "illusionist", "envoy"],
        p2=["poisoner", "counselor", "aristocrat", "elemental", "envoy"],
        deck="II",
    )
    play(game, "p1:poisoner", "p2:poisoner")
    assert winner(game, 0) == "tie"
    # The Counselor loses (12 < 13), gets its token and forces the tied previous encounter to p2.
    play(game, "p1:witch_king", "p2:counselor")
    assert card(game, 1, "p2") == played("counselor", 12, ongoing=1)
    assert winner(game, 0) == "p2" and winner(game, 1) == "p1"
    # Prodigy +3 on the Poisoner: 4 > 1, but the Counselor still forces that encounter.
    play(game, "p1:prodigy", "p2:aristocrat")
    assert asked(game, "p1") == ("prodigy", refs("p1", "poisoner", "prodigy"), 1)
    choose(game, "p1", "p1:poisoner")
    assert card(game, 0, "p1") == played("poisoner", 4, modifier=3)
    assert winner(game, 0) == "p2"
    # Illusionist: the Poisoner is losing (Counselor) and activates; its opposing card (1) is already
    # lower than the Poisoner (4), so nothing happens (it is never raised).
    play(game, "p1:illusionist", "p2:elemental")
    assert asked(game, "p1") == ("illusionist", refs("p1", "poisoner", "prodigy"), 1)
    choose(game, "p1", "p1:poisoner")
    assert card(game, 0, "p2") == played("poisoner", 1, signets=1)
    assert card(game, 0, "p1") == played("poisoner", 4, modifier=3)
    assert winner(game, 0) == "p2"
    assert signets(game) == (1, 3)
    assert kinds(game) == PLAYS


def test_poisoner_tie_is_won_by_an_active_judge_mixed_deck() -> None:
    p2 = ["illusionist", "elemental", "envoy", "revolutionary", "librarian"]
    game = new_game(
        p1=["judge", "poisoner", "envoy", "revolutionary", "librarian"],
        p2=p2,
        deck=DYNASTY_I,
    )
    play(game, "p1:judge", "p2:illusionist")
    assert card(game, 0, "p1") == played("judge", 8, ongoing=1)
    play(game, "p1:poisoner", "p2:elemental")
    # 14 - 13 = 1: a tie, which p1's active Judge wins; the Elemental never activates.
    assert card(game, 1, "p2") == played("elemental", 1, modifier=-13)
    assert card(game, 1, "p1") == played("poisoner", 1, signets=1)
    assert winner(game, 1) == "p1"
    assert signets(game) == (1, 1)
    deck = rest(p2, composition(DYNASTY_I))
    assert deck[:2] == ["poisoner", "kinesis_mage"]
    assert hand(game, "p2") == ["poisoner", "kinesis_mage", "envoy", "revolutionary", "librarian"]
    assert zones(game, "p2")["discard"] == []
    assert zones(game, "p2")["deck"] == deck[2:]


# --- 2 Kinesis Mage ----------------------------------------------------------------------------------


def test_kinesis_mage_moves_modifiers_and_token_from_aristocrat_onto_counselor() -> None:
    game = new_game(
        p1=["aristocrat", "prodigy", "counselor", "kinesis_mage", "poisoner"],
        p2=["illusionist", "blackmailer", "tax_collector", "envoy", "poisoner"],
        deck="II",
    )
    play(game, "p1:aristocrat", "p2:illusionist")
    play(game, "p1:prodigy", "p2:blackmailer")
    choose(game, "p1", "p1:aristocrat")
    assert card(game, 0, "p1") == played("aristocrat", 11, modifier=3, ongoing=1, signets=2)
    assert signets(game) == (2, 1)
    play(game, "p1:counselor", "p2:tax_collector")  # 8 < 12: the Tax Collector cannot flip it
    assert card(game, 2, "p2") == played("tax_collector", 8, modifier=4)
    assert card(game, 2, "p1") == played("counselor", 12, signets=1)
    assert winner(game, 1) == "p2"  # no token on the Counselor yet
    play(game, "p1:kinesis_mage", "p2:envoy")
    # Only the Aristocrat has modifiers or tokens: the source is taken without asking.
    assert asked(game, "p1") == ("kinesis_to", refs("p1", "prodigy", "counselor", "kinesis_mage"), 1)
    choose(game, "p1", "p1:counselor")
    # The Aristocrat is switched off and back to 8 < 10; the Counselor (15, token) forces the Prodigy's
    # encounter (7 vs 9) to p1.
    assert card(game, 0, "p1") == played("aristocrat", 8)
    assert card(game, 0, "p2") == played("illusionist", 10, signets=1)
    assert winner(game, 0) == "p2"
    assert card(game, 1, "p1") == played("prodigy", 7, signets=1)
    assert card(game, 1, "p2") == played("blackmailer", 9)
    assert winner(game, 1) == "p1"
    assert card(game, 2, "p1") == played("counselor", 15, modifier=3, ongoing=1, signets=1)
    assert winner(game, 3) == "p2"
    assert signets(game) == (2, 2)


def test_kinesis_mage_moves_modifiers_onto_itself() -> None:
    game = new_game(
        p1=["tax_collector", "kinesis_mage", "librarian", "prodigy", "counselor"],
        p2=["aristocrat", "envoy", "librarian", "prodigy", "counselor"],
        deck="II",
    )
    play(game, "p1:tax_collector", "p2:aristocrat")
    assert card(game, 0, "p1") == played("tax_collector", 8, modifier=4)
    assert winner(game, 0) == "tie"
    assert card(game, 0, "p2") == played("aristocrat", 8)  # a tie: no activation, no token
    play(game, "p1:kinesis_mage", "p2:envoy")
    # One source, one destination: nothing is asked. The +4 moves from the Tax Collector to the Mage.
    assert kinds(game) == PLAYS
    assert card(game, 0, "p1") == played("tax_collector", 4)
    assert winner(game, 0) == "p2"
    assert card(game, 1, "p1") == played("kinesis_mage", 6, modifier=4, signets=1)
    assert card(game, 1, "p2") == played("envoy", 3)
    assert zones(game, "p2")["next_card_modifier"] == 0  # the Envoy lost afterwards: no activation
    assert signets(game) == (1, 1)


def test_kinesis_mage_moves_a_judge_token_mixed_deck() -> None:
    game = new_game(
        p1=["judge", "prodigy", "kinesis_mage", "poisoner", "envoy"],
        p2=["illusionist", "prodigy", "envoy", "poisoner", "kinesis_mage"],
        deck=DYNASTY_I,
    )
    play(game, "p1:judge", "p2:illusionist")
    play(game, "p1:prodigy", "p2:prodigy")
    assert winner(game, 1) == "p1"  # the tie is won by p1's Judge (and skips phase 2)
    assert card(game, 1, "p1") == played("prodigy", 7, signets=1)
    assert card(game, 1, "p2") == played("prodigy", 7)
    assert signets(game) == (1, 1)
    play(game, "p1:kinesis_mage", "p2:envoy")
    assert asked(game, "p1") == ("kinesis_to", refs("p1", "prodigy", "kinesis_mage"), 1)
    choose(game, "p1", "p1:prodigy")
    # The Judge is off; a token on an instant card does nothing: the tie is nobody's again.
    assert card(game, 0, "p1") == played("judge", 8)
    assert card(game, 1, "p1") == played("prodigy", 7, ongoing=1)
    assert winner(game, 1) == "tie"
    assert signets(game) == (0, 2)


# --- 3 Envoy -----------------------------------------------------------------------------------------


def test_envoy_minus_three_on_the_next_card() -> None:
    game = new_game(
        p1=["envoy", "successor", "prodigy", "aristocrat", "counselor"],
        p2=["librarian", "witch_king", "prodigy", "aristocrat", "counselor"],
        deck="II",
    )
    play(game, "p1:envoy", "p2:librarian")
    assert asked(game, "p1") == ("envoy", sorted(["p1:envoy", "p2:librarian", "next"]), 1)
    choose(game, "p1", "next")
    assert zones(game, "p1")["next_card_modifier"] == -3
    assert card(game, 0, "p1") == played("envoy", 3)
    assert card(game, 0, "p2") == played("librarian", 6, signets=1)
    play(game, "p1:successor", "p2:witch_king")
    # 16 - 3 = 13 = 13: it counts in the comparison, a tie, so no ability.
    assert card(game, 1, "p1") == played("successor", 13, modifier=-3)
    assert card(game, 1, "p2") == played("witch_king", 13)
    assert winner(game, 1) == "tie"
    assert zones(game, "p1")["next_card_modifier"] == 0
    assert zones(game, "p2")["discard"] == []
    assert kinds(game) == PLAYS


def test_envoy_on_the_opposing_card_flips_the_encounter() -> None:
    game = new_game(
        p1=["envoy", "successor", "prodigy", "aristocrat", "counselor"],
        p2=["tax_collector", "witch_king", "prodigy", "aristocrat", "counselor"],
        deck="II",
    )
    play(game, "p1:envoy", "p2:tax_collector")
    assert asked(game, "p1") == ("envoy", sorted(["p1:envoy", "p2:tax_collector", "next"]), 1)
    choose(game, "p1", "p2:tax_collector")
    # 4 - 3 = 1 < 3: the Tax Collector now loses, but never activates (its +4 would have won it back).
    assert card(game, 0, "p2") == played("tax_collector", 1, modifier=-3)
    assert card(game, 0, "p1") == played("envoy", 3, signets=1)
    assert winner(game, 0) == "p1"
    assert zones(game, "p1")["next_card_modifier"] == 0
    assert kinds(game) == PLAYS


# --- 4 Tax Collector ---------------------------------------------------------------------------------


def test_tax_collector_turns_the_loss_into_a_win() -> None:
    game = new_game(
        p1=["tax_collector", "envoy", "prodigy", "aristocrat", "counselor"],
        p2=["revolutionary", "envoy", "prodigy", "aristocrat", "counselor"],
        deck="II",
    )
    play(game, "p1:tax_collector", "p2:revolutionary")
    assert card(game, 0, "p1") == played("tax_collector", 8, modifier=4, signets=1)
    assert card(game, 0, "p2") == played("revolutionary", 5)
    assert winner(game, 0) == "p1"
    # The Revolutionary became the loser but does not activate: p1 keeps its hand.
    assert zones(game, "p1")["discard"] == []
    assert hand(game, "p1") == ["poisoner", "envoy", "prodigy", "aristocrat", "counselor"]
    assert kinds(game) == PLAYS


def test_tax_collector_against_eight_only_ties() -> None:
    game = new_game(
        p1=["tax_collector", "envoy", "prodigy", "librarian", "counselor"],
        p2=["aristocrat", "envoy", "prodigy", "librarian", "counselor"],
        deck="II",
    )
    play(game, "p1:tax_collector", "p2:aristocrat")
    assert card(game, 0, "p1") == played("tax_collector", 8, modifier=4)
    assert card(game, 0, "p2") == played("aristocrat", 8)  # no token: it never lost in phase 1
    assert winner(game, 0) == "tie"
    assert signets(game) == (0, 0)


# --- 5 Revolutionary ---------------------------------------------------------------------------------


def test_revolutionary_opponent_chooses_two_discards_then_draws_two() -> None:
    p2 = [
        "librarian",
        "poisoner",
        "envoy",
        "aristocrat",
        "counselor",
        "engineer",
        "kinesis_mage",
        "successor",
    ]
    game = new_game(
        p1=["revolutionary", "envoy", "prodigy", "aristocrat", "counselor"],
        p2=p2,
        deck="II",
    )
    play(game, "p1:revolutionary", "p2:librarian")
    assert asked(game, "p2") == (
        "revolutionary_discard",
        refs("p2", "poisoner", "envoy", "aristocrat", "counselor"),
        2,
    )
    assert pending(game, "p1") is None
    choose(game, "p2", "p2:counselor", "p2:envoy")
    # Discarded together: ascending value. Then 2 drawn (engineer, kinesis_mage), then the round's draw.
    assert zones(game, "p2")["discard"] == ["envoy", "counselor"]
    assert hand(game, "p2") == ["poisoner", "kinesis_mage", "aristocrat", "engineer", "successor"]
    assert zones(game, "p2")["deck"] == rest(p2)
    assert zones(game, "p1")["discard"] == []
    assert kinds(game) == PLAYS


def test_successor_then_revolutionary_empties_the_opponent() -> None:
    p2 = ["librarian", "elemental", "aristocrat", "counselor", "poisoner", "tax_collector"]
    game = new_game(
        p1=["envoy", "successor", "revolutionary", "prodigy", "engineer"],
        p2=p2,
        deck="II",
    )
    play(game, "p1:envoy", "p2:librarian")
    choose(game, "p1", "next")
    play(game, "p1:successor", "p2:elemental")  # 16 - 3 = 13 < 14: the Successor activates
    choose(game, "p2", "p2:aristocrat", "p2:counselor")
    assert zones(game, "p2")["deck"] == []
    assert hand(game, "p2") == ["aristocrat", "counselor"]
    # Revolutionary loses to the Aristocrat: p2 discards its only other card, then can draw nothing.
    play(game, "p1:revolutionary", "p2:aristocrat")
    assert zones(game, "p2")["discard"] == [*rest(p2), "poisoner", "tax_collector", "counselor"]
    assert hand(game, "p2") == []
    # Next phase 1: p2 cannot play, p1 wins.
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}
    assert view(game)["status"] == "finished"
    assert view(game)["round"] == 4
    assert view(game)["pending"] == []


# --- 6 Librarian -------------------------------------------------------------------------------------


def librarian_game() -> Game:
    game = new_game(
        p1=["librarian", "aristocrat", "envoy", "prodigy", "counselor"],
        p2=["prodigy", "aristocrat", "envoy", "librarian", "counselor"],
        deck="II",
    )
    play(game, "p1:librarian", "p2:prodigy")
    assert winner(game, 0) == "p2"
    assert zones(game, "p1")["next_card_modifier"] == 0  # the Librarian is not a fixed modifier
    play(game, "p1:aristocrat", "p2:aristocrat")
    # Ruling 9: asked after the reveal (both cards face up) and before the comparison.
    assert asked(game, "p1") == ("librarian", ["+2", "-2"], 1)
    assert pending(game, "p2") is None
    assert card(game, 1, "p1") == played("aristocrat", 8)
    assert card(game, 1, "p2") == played("aristocrat", 8)
    assert winner(game, 1) is None
    return game


def test_librarian_plus_two_chosen_after_the_reveal() -> None:
    game = librarian_game()
    choose(game, "p1", "+2")
    assert card(game, 1, "p1") == played("aristocrat", 10, modifier=2, signets=1)
    # 10 > 8 in the phase-1 comparison: p2's Aristocrat is the loser and activates (token).
    assert card(game, 1, "p2") == played("aristocrat", 8, ongoing=1)
    assert winner(game, 1) == "p1"
    assert signets(game) == (1, 1)


def test_librarian_minus_two_makes_the_own_card_lose() -> None:
    game = librarian_game()
    choose(game, "p1", "-2")
    # 6 < 8: p1's Aristocrat loses and activates (token); p2's wins with 1 signet.
    assert card(game, 1, "p1") == played("aristocrat", 6, modifier=-2, ongoing=1)
    assert card(game, 1, "p2") == played("aristocrat", 8, signets=1)
    assert winner(game, 1) == "p2"
    assert signets(game) == (0, 2)


# --- 7 Prodigy ---------------------------------------------------------------------------------------


def test_prodigy_targets_own_cards_with_current_influence_8_or_less_ruling_12() -> None:
    game = new_game(
        p1=["blackmailer", "witch_king", "prodigy", "envoy", "counselor"],
        p2=["poisoner", "tax_collector", "aristocrat", "envoy", "counselor"],
        deck="II",
    )
    play(game, "p1:blackmailer", "p2:poisoner")  # the Poisoner brings the Blackmailer to 1
    assert card(game, 0, "p1") == played("blackmailer", 1, modifier=-8)
    play(game, "p1:witch_king", "p2:tax_collector")  # 8 < 13
    play(game, "p1:prodigy", "p2:aristocrat")
    # Own cards at 8 or less now: the Blackmailer (printed 9, now 1) and the Prodigy; not the Witch King,
    # not p2's cards (Poisoner 1, Tax Collector 8, Aristocrat 8).
    assert asked(game, "p1") == ("prodigy", refs("p1", "blackmailer", "prodigy"), 1)
    choose(game, "p1", "p1:blackmailer")
    assert card(game, 0, "p1") == played("blackmailer", 4, modifier=-5, signets=1)
    assert winner(game, 0) == "p1"
    assert card(game, 2, "p1") == played("prodigy", 7)
    assert winner(game, 2) == "p2"
    assert signets(game) == (2, 1)


def test_prodigy_itself_qualifies() -> None:
    game = new_game(
        p1=["prodigy", "envoy", "librarian", "aristocrat", "counselor"],
        p2=["aristocrat", "envoy", "librarian", "prodigy", "counselor"],
        deck="II",
    )
    play(game, "p1:prodigy", "p2:aristocrat")
    # Its only played card: +3 without asking; 10 > 8 and the Aristocrat gets no token.
    assert kinds(game) == PLAYS
    assert card(game, 0, "p1") == played("prodigy", 10, modifier=3, signets=1)
    assert card(game, 0, "p2") == played("aristocrat", 8)
    assert winner(game, 0) == "p1"


# --- 8 Aristocrat ------------------------------------------------------------------------------------


def test_aristocrat_extra_signet_only_when_it_wins() -> None:
    game = new_game(
        p1=["aristocrat", "prodigy", "envoy", "librarian", "counselor"],
        p2=["illusionist", "blackmailer", "envoy", "librarian", "counselor"],
        deck="II",
    )
    play(game, "p1:aristocrat", "p2:illusionist")
    assert card(game, 0, "p1") == played("aristocrat", 8, ongoing=1)
    assert signets(game) == (0, 1)
    play(game, "p1:prodigy", "p2:blackmailer")
    assert asked(game, "p1") == ("prodigy", refs("p1", "aristocrat", "prodigy"), 1)
    choose(game, "p1", "p1:aristocrat")
    # 11 > 10: the encounter flips and the active Aristocrat carries 2 signets.
    assert card(game, 0, "p1") == played("aristocrat", 11, modifier=3, ongoing=1, signets=2)
    assert card(game, 0, "p2") == played("illusionist", 10)
    assert winner(game, 0) == "p1"
    assert signets(game) == (2, 1)


def test_void_mage_removing_the_aristocrat_token_removes_the_extra_signet_mixed_deck() -> None:
    game = new_game(
        p1=["aristocrat", "prodigy", "envoy", "revolutionary", "counselor"],
        p2=["blackmailer", "engineer", "void_mage", "tax_collector", "counselor"],
        deck=ACADEMY_I,
    )
    play(game, "p1:aristocrat", "p2:blackmailer")
    play(game, "p1:prodigy", "p2:engineer")
    choose(game, "p1", "p1:aristocrat")
    assert card(game, 0, "p1") == played("aristocrat", 11, modifier=3, ongoing=1, signets=2)
    assert signets(game) == (2, 1)
    play(game, "p1:envoy", "p2:void_mage")
    assert asked(game, "p2") == (
        "void_mage",
        sorted(["p1:aristocrat/modifiers", "p1:aristocrat/ongoing"]),
        1,
    )
    choose(game, "p2", "p1:aristocrat/ongoing")
    assert card(game, 0, "p1") == played("aristocrat", 11, modifier=3, signets=1)
    assert winner(game, 0) == "p1"
    assert signets(game) == (2, 1)


# --- 9 Blackmailer -----------------------------------------------------------------------------------


def blackmail_game(faction: str) -> Game:
    game = new_game(
        p1=["blackmailer", "counselor", "aristocrat", "librarian", "envoy"],
        p2=["illusionist", "prodigy", "poisoner", "envoy", "aristocrat", "witch_king"],
        deck="II",
    )
    play(game, "p1:blackmailer", "p2:illusionist")
    assert asked(game, "p1") == ("blackmailer_faction", sorted(FACTIONS), 1)
    choose(game, "p1", faction)
    assert hand(game, "p2") == ["poisoner", "envoy", "prodigy", "aristocrat", "witch_king"]
    return game


def test_blackmailer_penalty_when_the_faction_differs() -> None:
    game = blackmail_game("academy")
    play(game, "p1:counselor", "p2:prodigy")  # a guild card, not academy
    assert asked(game, "p2") == (
        "blackmailer_discard",
        refs("p2", "poisoner", "envoy", "aristocrat", "witch_king"),
        2,
    )
    assert pending(game, "p1") is None
    assert winner(game, 1) is None  # after the reveal, before the comparison
    assert card(game, 1, "p2") == played("prodigy", 7)
    choose(game, "p2", "p2:witch_king", "p2:poisoner")
    assert zones(game, "p2")["discard"] == ["poisoner", "witch_king"]
    # Then the comparison: 7 < 12, the Prodigy puts +3 on itself (its only card at 8 or less): 10 < 12.
    assert card(game, 1, "p2") == played("prodigy", 10, modifier=3)
    assert card(game, 1, "p1") == played("counselor", 12, signets=1)
    assert winner(game, 1) == "p1"
    assert hand(game, "p2") == ["kinesis_mage", "envoy", "aristocrat"]
    assert kinds(game) == PLAYS


def test_blackmailer_no_penalty_for_the_named_faction() -> None:
    game = blackmail_game("guild")
    play(game, "p1:counselor", "p2:prodigy")
    assert kinds(game) == PLAYS
    assert zones(game, "p2")["discard"] == []
    assert hand(game, "p2") == ["poisoner", "kinesis_mage", "envoy", "aristocrat", "witch_king"]
    # The Blackmailer bound only that card: the following one (dynasty) is free too.
    play(game, "p1:aristocrat", "p2:aristocrat")
    assert winner(game, 2) == "tie"
    assert kinds(game) == PLAYS
    assert zones(game, "p2")["discard"] == []


# --- 10 Illusionist ----------------------------------------------------------------------------------


def test_illusionist_activates_a_losing_card_in_its_own_position_ruling_13() -> None:
    game = new_game(
        p1=["tax_collector", "prodigy", "aristocrat", "illusionist", "envoy"],
        p2=["blackmailer", "prodigy", "elemental", "witch_king", "envoy"],
        deck="II",
    )
    play(game, "p1:tax_collector", "p2:blackmailer")
    assert card(game, 0, "p1") == played("tax_collector", 8, modifier=4)
    play(game, "p1:prodigy", "p2:prodigy")
    assert winner(game, 1) == "tie"
    play(game, "p1:aristocrat", "p2:elemental")
    assert card(game, 2, "p1") == played("aristocrat", 8, ongoing=1)
    play(game, "p1:illusionist", "p2:witch_king")
    # Losing: the Tax Collector and the Aristocrat; the tied Prodigy is not losing, the Illusionist
    # itself is excluded.
    assert asked(game, "p1") == ("illusionist", refs("p1", "tax_collector", "aristocrat"), 1)
    choose(game, "p1", "p1:tax_collector")
    # Activated again, in its own position: +4 on the Tax Collector (12 > 9), nothing on the Illusionist.
    assert card(game, 0, "p1") == played("tax_collector", 12, modifier=8, signets=1)
    assert winner(game, 0) == "p1"
    assert card(game, 3, "p1") == played("illusionist", 10)
    assert winner(game, 3) == "p2"
    assert signets(game) == (1, 2)


def test_illusionist_switches_on_a_past_counselor() -> None:
    game = new_game(
        p1=["aristocrat", "counselor", "tax_collector", "illusionist", "librarian"],
        p2=["blackmailer", "counselor", "envoy", "elemental", "librarian"],
        deck="II",
    )
    play(game, "p1:aristocrat", "p2:blackmailer")
    play(game, "p1:counselor", "p2:counselor")
    assert winner(game, 1) == "tie"
    play(game, "p1:tax_collector", "p2:envoy")  # 3 < 4: p2's Envoy activates
    envoy_options = ["p1:aristocrat", "p2:blackmailer", "p1:counselor", "p2:counselor"]
    envoy_options += ["p1:tax_collector", "p2:envoy", "next"]
    assert asked(game, "p2") == ("envoy", sorted(envoy_options), 1)
    choose(game, "p2", "p1:counselor")
    assert card(game, 1, "p1") == played("counselor", 9, modifier=-3)
    assert winner(game, 1) == "p2"
    play(game, "p1:illusionist", "p2:elemental")
    assert asked(game, "p1") == ("illusionist", refs("p1", "aristocrat", "counselor"), 1)
    choose(game, "p1", "p1:counselor")
    # The token goes on the Counselor (not the Illusionist): it forces the previous encounter, where the
    # active Aristocrat now wins with 2 signets.
    assert card(game, 1, "p1") == played("counselor", 9, modifier=-3, ongoing=1)
    assert card(game, 3, "p1") == played("illusionist", 10)
    assert card(game, 0, "p1") == played("aristocrat", 8, ongoing=1, signets=2)
    assert card(game, 0, "p2") == played("blackmailer", 9)
    assert winner(game, 0) == "p1"
    assert winner(game, 1) == "p2"
    assert signets(game) == (3, 2)


def test_illusionist_ignores_tied_cards() -> None:
    game = new_game(
        p1=["prodigy", "illusionist", "envoy", "librarian", "counselor"],
        p2=["prodigy", "witch_king", "envoy", "librarian", "counselor"],
        deck="II",
    )
    play(game, "p1:prodigy", "p2:prodigy")
    play(game, "p1:illusionist", "p2:witch_king")
    # No losing card other than the Illusionist: nothing happens, nothing is asked.
    assert kinds(game) == PLAYS
    assert card(game, 0, "p1") == played("prodigy", 7)
    assert winner(game, 0) == "tie"
    assert signets(game) == (0, 1)


# --- 11 Engineer -------------------------------------------------------------------------------------


def test_engineer_plus_five_after_the_next_encounters_abilities() -> None:
    game = new_game(
        p1=["engineer", "aristocrat", "envoy", "librarian", "prodigy"],
        p2=["counselor", "blackmailer", "envoy", "librarian", "prodigy"],
        deck="II",
    )
    play(game, "p1:engineer", "p2:counselor")
    assert zones(game, "p1")["next_card_modifier"] == 0  # not a reveal-time modifier
    play(game, "p1:aristocrat", "p2:blackmailer")
    # Without the +5 the Aristocrat loses (8 < 9) and activates; then +5: 13 > 9, worth 2 signets. The
    # Blackmailer became the loser afterwards: no activation.
    assert kinds(game) == PLAYS
    assert card(game, 1, "p1") == played("aristocrat", 13, modifier=5, ongoing=1, signets=2)
    assert card(game, 1, "p2") == played("blackmailer", 9)
    assert winner(game, 1) == "p1"
    assert signets(game) == (2, 1)


def test_engineer_plus_five_also_after_a_tie() -> None:
    game = new_game(
        p1=["engineer", "prodigy", "envoy", "librarian", "aristocrat"],
        p2=["counselor", "prodigy", "envoy", "librarian", "aristocrat"],
        deck="II",
    )
    play(game, "p1:engineer", "p2:counselor")
    play(game, "p1:prodigy", "p2:prodigy")
    assert card(game, 1, "p1") == played("prodigy", 12, modifier=5, signets=1)
    assert card(game, 1, "p2") == played("prodigy", 7)  # no activation
    assert winner(game, 1) == "p1"
    assert kinds(game) == PLAYS


def test_engineer_plus_five_comes_after_the_opponents_poisoner_ruling_30() -> None:
    game = new_game(
        p1=["engineer", "aristocrat", "envoy", "librarian", "prodigy"],
        p2=["counselor", "poisoner", "envoy", "librarian", "prodigy"],
        deck="II",
    )
    play(game, "p1:engineer", "p2:counselor")
    play(game, "p1:aristocrat", "p2:poisoner")
    # The Poisoner loses (1 < 8) and makes it a tie (8 - 7 = 1); then +5: 6 > 1.
    assert card(game, 1, "p1") == played("aristocrat", 6, modifier=-2, signets=1)
    assert card(game, 1, "p2") == played("poisoner", 1)
    assert winner(game, 1) == "p1"


def test_engineer_plus_five_lost_when_the_encounter_left_the_row_mixed_deck() -> None:
    game = new_game(
        p1=["engineer", "prodigy", "aristocrat", "librarian", "envoy"],
        p2=["counselor", "hired_blade", "aristocrat", "librarian", "envoy"],
        deck=REBELS_I,
    )
    play(game, "p1:engineer", "p2:counselor")
    play(game, "p1:prodigy", "p2:hired_blade")  # the Hired Blade loses and discards both cards
    assert card(game, 0, "p1") == played("engineer", 11)
    assert zones(game, "p1")["discard"] == ["prodigy"]
    assert zones(game, "p2")["discard"] == ["hired_blade"]
    play(game, "p1:aristocrat", "p2:aristocrat")
    # The row closed the gap: this is encounter 2, and the +5 went with the discarded Prodigy.
    assert card(game, 1, "p1") == played("aristocrat", 8)
    assert winner(game, 1) == "tie"
    assert zones(game, "p1")["next_card_modifier"] == 0


# --- 12 Counselor ------------------------------------------------------------------------------------


def test_counselor_forces_the_previous_encounter_over_a_tie_ruling_6() -> None:
    game = new_game(
        p1=["prodigy", "counselor", "envoy", "librarian", "aristocrat"],
        p2=["prodigy", "witch_king", "envoy", "librarian", "aristocrat"],
        deck="II",
    )
    play(game, "p1:prodigy", "p2:prodigy")
    play(game, "p1:counselor", "p2:witch_king")
    assert card(game, 1, "p1") == played("counselor", 12, ongoing=1)
    assert card(game, 0, "p1") == played("prodigy", 7, signets=1)
    assert card(game, 0, "p2") == played("prodigy", 7)
    assert winner(game, 0) == "p1"
    assert winner(game, 1) == "p2"
    assert signets(game) == (1, 1)
    assert [e["why"] for e in observation(game, None)["encounters"]] == ["counselor", "influence"]


def test_counselor_without_a_previous_encounter_does_nothing() -> None:
    game = new_game(
        p1=["counselor", "prodigy", "envoy", "librarian", "aristocrat"],
        p2=["witch_king", "prodigy", "envoy", "librarian", "aristocrat"],
        deck="II",
    )
    play(game, "p1:counselor", "p2:witch_king")
    assert card(game, 0, "p1") == played("counselor", 12, ongoing=1)
    assert winner(game, 0) == "p2"
    play(game, "p1:prodigy", "p2:prodigy")  # a later encounter is not affected either
    assert winner(game, 1) == "tie"
    assert signets(game) == (0, 1)


def test_two_counselors_forcing_the_same_encounter_cancel_ruling_6() -> None:
    game = new_game(
        p1=["prodigy", "counselor", "aristocrat", "kinesis_mage", "elemental", "successor"],
        p2=["prodigy", "counselor", "blackmailer", "envoy", "aristocrat", "kinesis_mage"],
        deck="II",
    )
    play(game, "p1:prodigy", "p2:prodigy")
    play(game, "p1:counselor", "p2:counselor")
    play(game, "p1:aristocrat", "p2:blackmailer")
    assert card(game, 2, "p1") == played("aristocrat", 8, ongoing=1)
    play(game, "p1:kinesis_mage", "p2:envoy")
    assert asked(game, "p1") == ("kinesis_to", refs("p1", "prodigy", "counselor", "kinesis_mage"), 1)
    choose(game, "p1", "p1:counselor")
    assert winner(game, 0) == "p1"  # p1's Counselor alone forces the tie
    assert signets(game) == (1, 2)
    play(game, "p1:elemental", "p2:aristocrat")
    assert card(game, 4, "p2") == played("aristocrat", 8, ongoing=1)
    play(game, "p1:successor", "p2:kinesis_mage")
    assert asked(game, "p2") == (
        "kinesis_to",
        refs("p2", "prodigy", "counselor", "blackmailer", "envoy", "kinesis_mage"),
        1,
    )
    choose(game, "p2", "p2:counselor")
    # Both Counselors active at the same index: they cancel, the encounter is evaluated normally (tie).
    assert card(game, 1, "p1") == played("counselor", 12, ongoing=1)
    assert card(game, 1, "p2") == played("counselor", 12, ongoing=1)
    assert card(game, 4, "p2") == played("aristocrat", 8)
    assert winner(game, 0) == "tie"
    assert card(game, 0, "p1") == played("prodigy", 7)
    assert signets(game) == (2, 2)


def test_void_mage_switches_off_a_counselor_mixed_deck() -> None:
    game = new_game(
        p1=["blackmailer", "witch_king", "void_mage", "envoy", "revolutionary"],
        p2=["tax_collector", "counselor", "envoy", "prodigy", "aristocrat"],
        deck=ACADEMY_I,
    )
    play(game, "p1:blackmailer", "p2:tax_collector")  # 4 + 4 = 8 < 9
    assert winner(game, 0) == "p1"
    play(game, "p1:witch_king", "p2:counselor")
    assert winner(game, 0) == "p2"
    assert signets(game) == (1, 1)
    play(game, "p1:void_mage", "p2:envoy")
    assert asked(game, "p1") == (
        "void_mage",
        sorted(["p2:tax_collector/modifiers", "p2:counselor/ongoing"]),
        1,
    )
    choose(game, "p1", "p2:counselor/ongoing")
    assert card(game, 1, "p2") == played("counselor", 12)
    assert card(game, 0, "p1") == played("blackmailer", 9, signets=1)
    assert winner(game, 0) == "p1"
    assert signets(game) == (2, 1)


# --- 13 Witch King -----------------------------------------------------------------------------------


WITCH_P2 = [
    "elemental",
    "librarian",
    "kinesis_mage",
    "poisoner",
    "aristocrat",
    "illusionist",
    "successor",
    "envoy",
]


def witch_king_game(chance: str) -> Game:
    game = new_game(
        p1=["witch_king", "envoy", "prodigy", "counselor", "librarian"],
        p2=WITCH_P2,
        deck="II",
        chance=chance,
        seed=7,
    )
    play(game, "p1:witch_king", "p2:elemental")
    assert asked(game, "p1") == ("witch_king_faction", sorted(FACTIONS), 1)
    choose(game, "p1", "academy")
    return game


def test_witch_king_discards_hand_then_deck_then_chance_orders_the_deck() -> None:
    game = witch_king_game("explicit")
    # Hand part (ascending), then deck part (top first); the Elemental in play stays.
    assert zones(game, "p2")["discard"] == ["kinesis_mage", "librarian", "illusionist"]
    assert hand(game, "p2") == ["poisoner", "aristocrat"]
    remaining = ["successor", "envoy", "tax_collector", "revolutionary", "prodigy"]
    remaining += ["blackmailer", "engineer", "counselor", "witch_king", "mechanical_djinn"]
    assert asked(game, "chance") == ("witch_king_shuffle", refs("p2", *remaining), 10)
    order = ["counselor", "envoy", "successor", "mechanical_djinn", "prodigy"]
    order += ["tax_collector", "witch_king", "blackmailer", "revolutionary", "engineer"]
    choose(game, "chance", *(f"p2:{c}" for c in order))
    # The new order stands; the round's draw takes its top card.
    assert hand(game, "p2") == ["poisoner", "aristocrat", "counselor"]
    assert zones(game, "p2")["deck"] == order[1:]
    assert card(game, 0, "p2") == played("elemental", 14, signets=1)
    assert kinds(game) == PLAYS


def test_witch_king_seeded_shuffle_is_not_asked() -> None:
    game = witch_king_game("seeded")
    assert kinds(game) == PLAYS
    assert zones(game, "p2")["discard"] == ["kinesis_mage", "librarian", "illusionist"]
    remaining = {"successor", "envoy", "tax_collector", "revolutionary", "prodigy"}
    remaining |= {"blackmailer", "engineer", "counselor", "witch_king", "mechanical_djinn"}
    drawn = [c for c in hand(game, "p2") if c not in ("poisoner", "aristocrat")]
    assert len(drawn) == 1
    assert sorted(drawn + zones(game, "p2")["deck"]) == sorted(remaining)


# --- 14 Elemental ------------------------------------------------------------------------------------


def test_elemental_copies_tax_collector_onto_itself_then_draws() -> None:
    p1 = ["elemental", "tax_collector", "aristocrat", "counselor", "envoy", "poisoner", "witch_king"]
    game = new_game(p1=p1, p2=["successor", "envoy", "prodigy", "librarian", "counselor"], deck="II")
    play(game, "p1:elemental", "p2:successor")
    # Only instant cards from hand (not the Aristocrat or the Counselor).
    assert asked(game, "p1") == ("elemental", refs("p1", "tax_collector", "envoy"), 1)
    choose(game, "p1", "p1:tax_collector")
    # As if printed on the Elemental: +4 on it, 18 > 16; the Successor never activates.
    assert card(game, 0, "p1") == played("elemental", 18, modifier=4, signets=1)
    assert card(game, 0, "p2") == played("successor", 16)
    assert winner(game, 0) == "p1"
    assert zones(game, "p1")["discard"] == ["tax_collector"]
    # Drew the Poisoner (ability), then the Witch King (end of round).
    assert hand(game, "p1") == ["poisoner", "envoy", "aristocrat", "counselor", "witch_king"]
    assert zones(game, "p1")["deck"] == rest(p1)
    assert zones(game, "p2")["discard"] == []


def test_elemental_copied_revolutionary_asks_the_opponent() -> None:
    p1 = [
        "elemental",
        "revolutionary",
        "aristocrat",
        "counselor",
        "mechanical_djinn",
        "poisoner",
        "witch_king",
    ]
    p2 = [
        "successor",
        "poisoner",
        "envoy",
        "tax_collector",
        "librarian",
        "prodigy",
        "aristocrat",
        "blackmailer",
    ]
    game = new_game(p1=p1, p2=p2, deck="II")
    play(game, "p1:elemental", "p2:successor")
    # The Revolutionary is the only instant card in hand: taken without asking.
    assert pending(game, "p1") is None
    assert asked(game, "p2") == (
        "revolutionary_discard",
        refs("p2", "poisoner", "envoy", "tax_collector", "librarian"),
        2,
    )
    choose(game, "p2", "p2:librarian", "p2:poisoner")
    assert zones(game, "p1")["discard"] == ["revolutionary"]
    assert zones(game, "p2")["discard"] == ["poisoner", "librarian"]
    assert hand(game, "p2") == ["envoy", "tax_collector", "prodigy", "aristocrat", "blackmailer"]
    assert hand(game, "p1") == ["poisoner", "aristocrat", "counselor", "witch_king", "mechanical_djinn"]
    assert winner(game, 0) == "p2"
    assert kinds(game) == PLAYS


def test_elemental_copied_poisoner_ties_the_elementals_encounter() -> None:
    p1 = ["elemental", "poisoner", "aristocrat", "counselor", "mechanical_djinn"]
    game = new_game(p1=p1, p2=["successor", "envoy", "prodigy", "librarian", "counselor"], deck="II")
    play(game, "p1:elemental", "p2:successor")
    # The Poisoner is the only instant card in hand; "opposing card" = the Elemental's: 16 - 2 = 14.
    assert kinds(game) == PLAYS
    assert card(game, 0, "p2") == played("successor", 14, modifier=-2)
    assert card(game, 0, "p1") == played("elemental", 14)
    assert winner(game, 0) == "tie"
    assert zones(game, "p1")["discard"] == ["poisoner"]
    assert hand(game, "p1") == ["kinesis_mage", "envoy", "aristocrat", "counselor", "mechanical_djinn"]


def test_illusionist_activates_a_past_elemental_in_its_position() -> None:
    p1 = ["elemental", "librarian", "illusionist", "tax_collector", "aristocrat"]
    p1 += ["counselor", "mechanical_djinn", "successor"]
    game = new_game(p1=p1, p2=["successor", "counselor", "witch_king", "envoy", "prodigy"], deck="II")
    play(game, "p1:elemental", "p2:successor")
    assert asked(game, "p1") == ("elemental", refs("p1", "librarian", "illusionist", "tax_collector"), 1)
    choose(game, "p1", "p1:librarian")  # copied: the Librarian now waits for p1's next card
    assert hand(game, "p1") == ["tax_collector", "aristocrat", "illusionist", "counselor", "mechanical_djinn"]
    play(game, "p1:aristocrat", "p2:counselor")
    assert asked(game, "p1") == ("librarian", ["+2", "-2"], 1)
    choose(game, "p1", "+2")
    assert card(game, 1, "p1") == played("aristocrat", 10, modifier=2, ongoing=1)
    play(game, "p1:illusionist", "p2:witch_king")
    assert asked(game, "p1") == ("illusionist", refs("p1", "elemental", "aristocrat"), 1)
    choose(game, "p1", "p1:elemental")
    assert asked(game, "p1") == ("elemental", refs("p1", "tax_collector", "successor"), 1)
    choose(game, "p1", "p1:tax_collector")
    # Resolved in the Elemental's position: +4 on the past Elemental (18 > 16), then it draws.
    assert card(game, 0, "p1") == played("elemental", 18, modifier=4, signets=1)
    assert winner(game, 0) == "p1"
    assert card(game, 2, "p1") == played("illusionist", 10)
    assert zones(game, "p1")["discard"] == ["librarian", "tax_collector"]
    assert hand(game, "p1") == ["poisoner", "kinesis_mage", "counselor", "mechanical_djinn", "successor"]
    assert signets(game) == (1, 2)


def test_elemental_without_an_instant_card_still_draws_ruling_14() -> None:
    p1 = ["elemental", "mediator", "judge", "treasurer", "mechanical_djinn", "envoy", "poisoner"]
    game = new_game(p1=p1, p2=["djinn", "envoy", "prodigy", "librarian", "judge"], deck=DYNASTY_I)
    play(game, "p1:elemental", "p2:djinn")
    assert kinds(game) == PLAYS
    assert card(game, 0, "p1") == played("elemental", 14)
    assert zones(game, "p1")["discard"] == []
    # Ability draw (Envoy) and end-of-round draw (Poisoner): 6 cards.
    assert hand(game, "p1") == ["poisoner", "envoy", "mediator", "judge", "treasurer", "mechanical_djinn"]
    assert zones(game, "p1")["deck"] == rest(p1, composition(DYNASTY_I))


def test_elemental_copying_a_djinn_from_hand_wins_mixed_deck() -> None:
    game = new_game(
        p1=["elemental", "djinn", "poisoner", "judge", "envoy"],
        p2=["mechanical_djinn", "envoy", "prodigy", "librarian", "judge"],
        deck=DYNASTY_I,
    )
    play(game, "p1:elemental", "p2:mechanical_djinn")
    assert asked(game, "p1") == ("elemental", refs("p1", "djinn", "poisoner", "envoy"), 1)
    choose(game, "p1", "p1:djinn")
    assert result(game) == {"winner": "p1", "reason": "ability"}
    assert view(game)["status"] == "finished"
    assert view(game)["pending"] == []
    assert zones(game, "p1")["discard"] == ["djinn"]


def test_magistra_copies_a_deck_ii_tax_collector_mixed_deck() -> None:
    game = new_game(
        p1=["tax_collector", "prodigy", "envoy", "magistra", "revolutionary"],
        p2=["blackmailer", "aristocrat", "puppeteer", "counselor", "revolutionary"],
        deck=ACADEMY_I,
    )
    play(game, "p1:tax_collector", "p2:blackmailer")  # 8 < 9
    play(game, "p1:prodigy", "p2:aristocrat")
    choose(game, "p1", "p1:tax_collector")
    assert card(game, 0, "p1") == played("tax_collector", 11, modifier=7, signets=1)
    play(game, "p1:envoy", "p2:puppeteer")
    choose(game, "p1", "next")
    play(game, "p1:magistra", "p2:counselor")
    # Magistra at 14 - 3 = 11 loses to 12; the only other own instant card at 11 or more is the Tax
    # Collector (11): copied without asking, +4 on Magistra: 15 > 12. The Counselor gets no token.
    assert kinds(game) == PLAYS
    assert card(game, 3, "p1") == played("magistra", 15, modifier=1, signets=1)
    assert card(game, 3, "p2") == played("counselor", 12)
    assert card(game, 0, "p1") == played("tax_collector", 11, modifier=7, signets=1)
    assert winner(game, 3) == "p1"
    assert signets(game) == (2, 2)


# --- 15 Mechanical Djinn -----------------------------------------------------------------------------


def test_mechanical_djinn_wins_when_the_subsequent_encounter_is_won() -> None:
    game = new_game(
        p1=["mechanical_djinn", "elemental", "envoy", "librarian", "prodigy"],
        p2=["successor", "aristocrat", "envoy", "librarian", "prodigy"],
        deck="II",
    )
    play(game, "p1:mechanical_djinn", "p2:successor")
    assert card(game, 0, "p1") == played("mechanical_djinn", 15, ongoing=1)
    assert view(game)["status"] == "in_progress"
    play(game, "p1:elemental", "p2:aristocrat")
    # Ruling 4: decided right after the comparison, before the Aristocrat's phase 2 and the draws.
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert view(game)["status"] == "finished"
    assert view(game)["pending"] == []
    assert card(game, 1, "p2") == played("aristocrat", 8)
    assert hand(game, "p1") == ["poisoner", "envoy", "librarian", "prodigy"]
    assert view(game)["round"] == 2


def test_mechanical_djinn_needs_the_encounter_right_after_it() -> None:
    game = new_game(
        p1=["mechanical_djinn", "prodigy", "elemental", "envoy", "librarian"],
        p2=["successor", "prodigy", "aristocrat", "envoy", "librarian"],
        deck="II",
    )
    play(game, "p1:mechanical_djinn", "p2:successor")
    play(game, "p1:prodigy", "p2:prodigy")  # the subsequent encounter is a tie: no win
    assert view(game)["status"] == "in_progress"
    play(game, "p1:elemental", "p2:aristocrat")  # a later win does not count
    assert view(game)["status"] == "in_progress"
    assert card(game, 2, "p2") == played("aristocrat", 8, ongoing=1)
    assert kinds(game) == PLAYS


def test_mechanical_djinn_switched_on_by_illusionist_wins_at_once_ruling_4() -> None:
    game = new_game(
        p1=["mechanical_djinn", "successor", "illusionist", "tax_collector", "revolutionary"],
        p2=["poisoner", "envoy", "witch_king", "librarian", "prodigy"],
        deck="II",
    )
    play(game, "p1:mechanical_djinn", "p2:poisoner")  # the Poisoner ties it: 15 - 14 = 1
    assert card(game, 0, "p1") == played("mechanical_djinn", 1, modifier=-14)
    play(game, "p1:successor", "p2:envoy")
    choose(game, "p2", "p1:mechanical_djinn")  # 1 - 3 = -2 < 1: now losing, without a token
    assert card(game, 0, "p1") == played("mechanical_djinn", -2, modifier=-17)
    assert winner(game, 0) == "p2" and winner(game, 1) == "p1"
    assert view(game)["status"] == "in_progress"
    play(game, "p1:illusionist", "p2:witch_king")
    # Its only losing card: activated without asking; the token lands on the Djinn whose subsequent
    # encounter p1 already wins.
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert card(game, 0, "p1") == played("mechanical_djinn", -2, modifier=-17, ongoing=1)
    assert hand(game, "p1") == ["poisoner", "kinesis_mage", "tax_collector", "revolutionary"]
    assert view(game)["pending"] == []


def test_mechanical_djinn_switched_on_by_kinesis_mage_wins_at_once() -> None:
    game = new_game(
        p1=["aristocrat", "mechanical_djinn", "successor", "kinesis_mage", "librarian"],
        p2=["illusionist", "tax_collector", "aristocrat", "envoy", "librarian"],
        deck="II",
    )
    play(game, "p1:aristocrat", "p2:illusionist")
    play(game, "p1:mechanical_djinn", "p2:tax_collector")
    play(game, "p1:successor", "p2:aristocrat")
    assert card(game, 1, "p1") == played("mechanical_djinn", 15, signets=1)
    assert view(game)["status"] == "in_progress"
    play(game, "p1:kinesis_mage", "p2:envoy")
    assert asked(game, "p1") == (
        "kinesis_to",
        refs("p1", "mechanical_djinn", "successor", "kinesis_mage"),
        1,
    )
    choose(game, "p1", "p1:mechanical_djinn")
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert card(game, 1, "p1") == played("mechanical_djinn", 15, ongoing=1, signets=1)
    assert card(game, 0, "p1") == played("aristocrat", 8)


def test_mechanical_djinn_subsequent_encounter_after_a_slide_mixed_deck() -> None:
    game = new_game(
        p1=["mechanical_djinn", "hired_blade", "elemental", "envoy", "librarian"],
        p2=["successor", "prodigy", "aristocrat", "envoy", "librarian"],
        deck=REBELS_I,
    )
    play(game, "p1:mechanical_djinn", "p2:successor")
    play(game, "p1:hired_blade", "p2:prodigy")  # the Hired Blade discards both cards: the row closes
    assert view(game)["status"] == "in_progress"
    assert zones(game, "p1")["discard"] == ["hired_blade"]
    assert zones(game, "p2")["discard"] == ["prodigy"]
    play(game, "p1:elemental", "p2:aristocrat")
    # The nearest remaining later encounter is now the subsequent one: p1 wins it, and the game.
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert card(game, 1, "p1") == played("elemental", 14, signets=1)
    assert card(game, 1, "p2") == played("aristocrat", 8)


def test_mechanical_djinn_win_through_a_counselor() -> None:
    game = new_game(
        p1=["mechanical_djinn", "aristocrat", "counselor", "envoy", "librarian"],
        p2=["successor", "blackmailer", "witch_king", "envoy", "librarian"],
        deck="II",
    )
    play(game, "p1:mechanical_djinn", "p2:successor")
    play(game, "p1:aristocrat", "p2:blackmailer")
    assert view(game)["status"] == "in_progress"
    play(game, "p1:counselor", "p2:witch_king")
    # The Counselor forces the Djinn's subsequent encounter to p1.
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert winner(game, 1) == "p1"


def test_mechanical_djinn_win_through_a_judge_tie_mixed_deck() -> None:
    game = new_game(
        p1=["judge", "mechanical_djinn", "prodigy", "envoy", "librarian"],
        p2=["illusionist", "djinn", "prodigy", "envoy", "librarian"],
        deck=DYNASTY_I,
    )
    play(game, "p1:judge", "p2:illusionist")
    play(game, "p1:mechanical_djinn", "p2:djinn")
    assert card(game, 1, "p1") == played("mechanical_djinn", 15, ongoing=1)
    assert view(game)["status"] == "in_progress"
    play(game, "p1:prodigy", "p2:prodigy")
    assert result(game) == {"winner": "p1", "reason": "mechanical_djinn"}
    assert winner(game, 2) == "p1"


# --- 16 Successor ------------------------------------------------------------------------------------


def test_successor_discards_the_deck_first_then_the_opponent_keeps_two() -> None:
    p2 = ["librarian", "elemental", "aristocrat", "counselor", "poisoner", "tax_collector"]
    game = new_game(
        p1=["envoy", "successor", "aristocrat", "counselor", "prodigy"],
        p2=p2,
        deck="II",
    )
    play(game, "p1:envoy", "p2:librarian")
    choose(game, "p1", "next")
    play(game, "p1:successor", "p2:elemental")
    assert card(game, 1, "p1") == played("successor", 13, modifier=-3)
    # The deck is already discarded (top first) when the keep decision is asked.
    assert zones(game, "p2")["deck"] == []
    assert zones(game, "p2")["discard"] == rest(p2)
    assert asked(game, "p2") == (
        "successor_keep",
        refs("p2", "poisoner", "tax_collector", "aristocrat", "counselor"),
        2,
    )
    choose(game, "p2", "p2:counselor", "p2:aristocrat")
    assert zones(game, "p2")["discard"] == [*rest(p2), "poisoner", "tax_collector"]
    assert hand(game, "p2") == ["aristocrat", "counselor"]  # and no draw from the empty deck
    assert zones(game, "p1")["discard"] == []
    assert asked(game, "p2") == ("play", refs("p2", "aristocrat", "counselor"), 1)
    play(game, "p1:aristocrat", "p2:aristocrat")
    play(game, "p1:counselor", "p2:counselor")  # p2's last card
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}
    assert signets(game) == (0, 2)
