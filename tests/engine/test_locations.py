"""Scenario tests for the eight locations of docs/rules.md §4, their clarifications and the rulings of §5.

Every scenario stacks both decks (``tests.helpers.new_game``): the listed cards come first, the rest of the
composition follows by value. Expected values are worked out by hand from docs/rules.md and
docs/record-format.md; the
comments give the arithmetic.
"""

from __future__ import annotations

from typing import Any

from cards import Deck
from engine import Game, named_events
from engine.model import VALUE
from tests.helpers import card, choose, hand, new_game, pending, play, signets, view, winner

MIXED_KINESIS: dict[str, Deck] = {"rebels": "I", "academy": "II", "guild": "I", "dynasty": "II"}


# --- local helpers ---------------------------------------------------------------------------------


def zone(game: Game, player: str, name: str) -> list[str]:
    return view(game)["players"][player][name]  # type: ignore[no-any-return]


def deck(game: Game, player: str) -> list[str]:
    return zone(game, player, "deck")


def discard(game: Game, player: str) -> list[str]:
    return zone(game, player, "discard")


def next_modifier(game: Game, player: str) -> int:
    return view(game)["players"][player]["next_card_modifier"]  # type: ignore[no-any-return]


def result(game: Game) -> dict[str, Any] | None:
    return view(game)["result"]  # type: ignore[no-any-return]


def waiting(game: Game) -> list[tuple[str, str]]:
    """(player, kind) of every pending decision, in the printed order."""
    return [(d["player"], d["kind"]) for d in view(game)["pending"]]


def options(game: Game, player: str) -> set[str]:
    decision = pending(game, player)
    assert decision is not None, waiting(game)
    return set(decision.options)


def refs(player: str, *cards: str) -> set[str]:
    return {f"{player}:{c}" for c in cards}


def placed(game: Game) -> list[dict[str, Any]]:
    """The encounters holding at least one card (the row, whatever the listing of an empty slot pair)."""
    return [e for e in view(game)["encounters"] if e["p1"] is not None or e["p2"] is not None]


def scrap_highest(game: Game) -> None:
    """Answer every pending Scrapyard choice by putting the highest-valued hand card under the deck."""
    for player in ("p1", "p2"):
        decision = pending(game, player)
        if decision is not None and decision.kind == "scrapyard":
            choose(game, player, max(decision.options, key=lambda r: VALUE[r.split(":")[1]]))


def tie_round(game: Game) -> str:
    """Both players place the lowest-valued card they both hold: a tie, so phase 2 is skipped."""
    common = sorted(set(hand(game, "p1")) & set(hand(game, "p2")), key=VALUE.__getitem__)
    assert common, (hand(game, "p1"), hand(game, "p2"))
    play(game, f"p1:{common[0]}", f"p2:{common[0]}")
    return common[0]


# --- Serpent Temple -------------------------------------------------------------------------------


def test_serpent_temple_clockmaker_flips_a_past_encounter() -> None:
    game = new_game(
        p1=["void_mage", "clockmaker", "judge", "mediator", "saboteur", "ambusher", "puppeteer", "treasurer"],
        p2=[
            "surgeon",
            "swamp_guardian",
            "hired_blade",
            "fortune_teller",
            "palace_guard",
            "treasurer",
            "djinn",
        ],
        location="serpent_temple",
    )
    # Round 1: Void Mage 2 loses to Surgeon 3 (nothing to strip).
    play(game, "p1:void_mage", "p2:surgeon")
    assert winner(game, 0) == "p2"
    # Round 2: Clockmaker 11 loses to Swamp Guardian 13: +3 on the Void Mage (5 > 3) wins encounter 1.
    play(game, "p1:clockmaker", "p2:swamp_guardian")
    assert waiting(game) == [("p2", "serpent_temple_discard")]
    assert options(game, "p2") == refs("p2", "hired_blade", "fortune_teller", "palace_guard", "treasurer")
    choose(game, "p2", "p2:palace_guard")

    assert winner(game, 0) == "p1"
    assert card(game, 0, "p1")["influence"] == 5
    assert signets(game) == (1, 1)
    # p1 drew Puppeteer (temple) and Treasurer (end of round); p2 drew Djinn (end of round).
    assert hand(game, "p1") == ["mediator", "saboteur", "judge", "ambusher", "puppeteer", "treasurer"]
    assert hand(game, "p2") == ["hired_blade", "fortune_teller", "treasurer", "djinn"]
    assert discard(game, "p2") == ["palace_guard"]
    assert next_modifier(game, "p1") == 3
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_serpent_temple_judge_triggers_once_per_tie_it_claims() -> None:
    game = new_game(
        p1=[
            "surgeon",
            "mediator",
            "judge",
            "void_mage",
            "saboteur",
            "palace_guard",
            "puppeteer",
            "clockmaker",
        ],
        p2=["surgeon", "mediator", "ambusher", "hired_blade", "fortune_teller", "palace_guard", "judge"],
        location="serpent_temple",
    )
    play(game, "p1:surgeon", "p2:surgeon")  # 3 = 3: tie, no phase 2
    play(game, "p1:mediator", "p2:mediator")  # 4 = 4: tie
    assert (winner(game, 0), winner(game, 1)) == ("tie", "tie")
    # Judge 8 loses to Ambusher 9; its token claims both ties: two triggers, oldest first.
    play(game, "p1:judge", "p2:ambusher")
    assert waiting(game) == [("p2", "serpent_temple_discard")]
    assert options(game, "p2") == refs("p2", "hired_blade", "fortune_teller", "palace_guard", "judge")
    choose(game, "p2", "p2:judge")
    assert waiting(game) == [("p2", "serpent_temple_discard")]
    assert options(game, "p2") == refs("p2", "hired_blade", "fortune_teller", "palace_guard")
    choose(game, "p2", "p2:hired_blade")

    assert (winner(game, 0), winner(game, 1), winner(game, 2)) == ("p1", "p1", "p2")
    assert signets(game) == (2, 1)
    # p1: 2 left in hand + Palace Guard, Puppeteer (rounds 1-2) + Clockmaker, Hired Blade (temple)
    # + Fortune Teller (round 3).
    assert hand(game, "p1") == [
        "hired_blade",
        "void_mage",
        "saboteur",
        "fortune_teller",
        "palace_guard",
        "puppeteer",
        "clockmaker",
    ]
    assert discard(game, "p2") == ["judge", "hired_blade"]
    assert hand(game, "p2") == ["void_mage", "fortune_teller", "palace_guard"]
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_serpent_temple_winner_draws_even_if_the_opponent_has_no_card() -> None:
    game = new_game(
        p1=[
            "envoy",
            "successor",
            "illusionist",
            "prodigy",
            "poisoner",
            "revolutionary",
            "blackmailer",
            "engineer",
            "counselor",
            "mechanical_djinn",
        ],
        p2=["tax_collector", "elemental", "aristocrat", "witch_king", "kinesis_mage", "librarian"],
        deck="II",
        location="serpent_temple",
    )
    # Round 1: Envoy 3 loses to Tax Collector 4, parks -3 on p1's next card.
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "next")
    # Round 2: Successor 16-3=13 loses to Elemental 14: p2 discards the deck and keeps 2.
    play(game, "p1:successor", "p2:elemental")
    choose(game, "p2", "p2:aristocrat", "p2:witch_king")
    p2_discard = discard(game, "p2")
    assert deck(game, "p2") == []
    # Round 3: Illusionist 10 beats Aristocrat 8 (token, nothing else).
    play(game, "p1:illusionist", "p2:aristocrat")
    # Round 4: p2's last card; Prodigy 7 loses to Witch King 13 and puts +3 on the Envoy: 6 > 4, p1 now
    # wins encounter 1. p1 draws; p2 has no card to discard.
    play(game, "p1:prodigy", "p2:witch_king")
    assert options(game, "p1") == refs("p1", "envoy", "prodigy")
    choose(game, "p1", "p1:envoy")

    assert winner(game, 0) == "p1"
    assert discard(game, "p2") == p2_discard
    # Counselor from the temple, Mechanical Djinn at the end of round 4.
    assert hand(game, "p1") == [
        "poisoner",
        "revolutionary",
        "blackmailer",
        "engineer",
        "counselor",
        "mechanical_djinn",
    ]
    assert len(deck(game, "p1")) == 6  # 16 - 5 - 3 draws - 1 temple - 1 draw
    # Round 5 starts with p2's hand empty (signets 2 : 2).
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}


def test_serpent_temple_flipping_the_current_encounter_does_not_trigger() -> None:
    game = new_game(
        p1=["poisoner", "tax_collector", "envoy", "prodigy", "aristocrat"],
        p2=["poisoner", "revolutionary", "envoy", "prodigy", "aristocrat"],
        deck="II",
        location="serpent_temple",
    )
    play(game, "p1:poisoner", "p2:poisoner")  # tie
    # Tax Collector 4 loses to Revolutionary 5, then +4 (8 > 5) wins its own, current encounter.
    play(game, "p1:tax_collector", "p2:revolutionary")
    assert winner(game, 1) == "p1"
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert discard(game, "p2") == []
    assert len(hand(game, "p1")) == len(hand(game, "p2")) == 5


def test_serpent_temple_triggers_of_one_ability_resolve_oldest_encounter_first() -> None:
    """Ruling 17: several triggers from one step (a whole Inventor) resolve oldest encounter first."""
    game = new_game(
        p1=["fortune_teller", "surgeon", "inventor", "hired_blade", "void_mage"],
        p2=["saboteur", "mediator", "clockmaker", "judge", "ambusher"],
        location="serpent_temple",
    )
    # Round 1: Fortune Teller 6 beats Saboteur 5 (p1 discards Mediator, Saboteur from the deck top).
    play(game, "p1:fortune_teller", "p2:saboteur")
    # Round 2: Surgeon 3 loses to Mediator 4, parks -5.
    play(game, "p1:surgeon", "p2:mediator")
    # Round 3: Inventor 15-5=10 loses to Clockmaker 11.
    play(game, "p1:inventor", "p2:clockmaker")
    assert card(game, 2, "p1")["influence"] == 10
    choose(game, "p1", "p1:surgeon")  # +3: Surgeon 6 > Mediator 4, p1 wins encounter 2
    choose(game, "p1", "p1:fortune_teller")  # -3: Fortune Teller 3 < Saboteur 5, p2 wins encounter 1
    assert (winner(game, 0), winner(game, 1)) == ("p2", "p1")

    # Encounter 1 first: p2 draws (Surgeon) and p1 discards.
    assert waiting(game) == [("p1", "serpent_temple_discard")]
    assert options(game, "p1") == refs("p1", "hired_blade", "void_mage", "palace_guard", "judge")
    choose(game, "p1", "p1:hired_blade")
    # Then encounter 2: p1 draws (Ambusher) and p2 discards.
    assert waiting(game) == [("p2", "serpent_temple_discard")]
    assert options(game, "p2") == refs("p2", "hired_blade", "void_mage", "surgeon", "judge", "ambusher")
    choose(game, "p2", "p2:hired_blade")
    assert discard(game, "p1") == ["mediator", "saboteur", "hired_blade"]
    assert discard(game, "p2") == ["hired_blade"]
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


# --- Bazaar ---------------------------------------------------------------------------------------


def test_bazaar_no_draw_at_the_end_of_a_round() -> None:
    game = new_game(p1=["surgeon"], p2=["surgeon"], location="bazaar")
    play(game, "p1:surgeon", "p2:surgeon")
    assert view(game)["round"] == 2
    assert len(hand(game, "p1")) == len(hand(game, "p2")) == 4
    assert len(deck(game, "p1")) == len(deck(game, "p2")) == 11


def test_bazaar_refills_right_after_placing_a_card() -> None:
    opening = ["void_mage", "surgeon", "mediator", "saboteur", "fortune_teller"]
    game = new_game(p1=opening, p2=opening, location="bazaar")
    for name in ("void_mage", "surgeon", "mediator"):  # three ties: no abilities, no draws
        play(game, f"p1:{name}", f"p2:{name}")
    assert hand(game, "p1") == hand(game, "p2") == ["saboteur", "fortune_teller"]
    # p1 places and holds 1 card: draws 4 at once, before p2 has placed.
    choose(game, "p1", "p1:saboteur")
    assert hand(game, "p1") == ["hired_blade", "fortune_teller", "palace_guard", "judge", "ambusher"]
    assert len(deck(game, "p1")) == 7
    assert waiting(game) == [("p2", "play")]
    assert hand(game, "p2") == ["saboteur", "fortune_teller"]
    choose(game, "p2", "p2:saboteur")
    assert hand(game, "p2") == ["hired_blade", "fortune_teller", "palace_guard", "judge", "ambusher"]
    assert len(deck(game, "p2")) == 7


def test_bazaar_refill_happens_between_the_clauses_of_revolutionary() -> None:
    """Ruling 29: discard 2 -> hand empty -> draw 4 at once, then the Revolutionary's draw 2."""
    opening = ["poisoner", "kinesis_mage", "envoy", "revolutionary", "librarian"]
    game = new_game(p1=opening, p2=opening, deck="II", location="bazaar")
    play(game, "p1:poisoner", "p2:poisoner")
    play(game, "p1:kinesis_mage", "p2:kinesis_mage")
    # Revolutionary 5 loses to Librarian 6; p2 holds exactly Envoy and Revolutionary.
    play(game, "p1:revolutionary", "p2:librarian")
    assert discard(game, "p2") == ["envoy", "revolutionary"]
    assert hand(game, "p2") == [
        "tax_collector",
        "prodigy",
        "aristocrat",
        "blackmailer",
        "illusionist",
        "engineer",
    ]
    assert deck(game, "p2") == ["counselor", "witch_king", "elemental", "mechanical_djinn", "successor"]
    assert hand(game, "p1") == ["envoy", "librarian"]  # 2 cards: no refill


def test_bazaar_empty_deck_gives_nothing() -> None:
    game = new_game(
        p1=["envoy", "successor", "poisoner", "kinesis_mage", "librarian"],
        p2=["tax_collector", "elemental", "poisoner", "kinesis_mage", "librarian"],
        deck="II",
        location="bazaar",
    )
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "next")
    play(game, "p1:successor", "p2:elemental")  # 16-3=13 < 14: p2 loses the deck, keeps 2
    choose(game, "p2", "p2:poisoner", "p2:kinesis_mage")
    assert deck(game, "p2") == []
    choose(game, "p2", "p2:poisoner")
    assert hand(game, "p2") == ["kinesis_mage"]  # 1 card, empty deck: no refill
    assert deck(game, "p2") == []
    choose(game, "p1", "p1:poisoner")  # tie
    assert hand(game, "p1") == ["kinesis_mage", "librarian"]
    # Round 4: p2's last card plays itself at once; p1 drops to 1 card and draws 4.
    assert hand(game, "p2") == []
    assert waiting(game) == [("p1", "play")]
    play(game, "p1:kinesis_mage")
    assert hand(game, "p2") == []
    assert hand(game, "p1") == ["tax_collector", "revolutionary", "librarian", "prodigy", "aristocrat"]
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}


# --- Founder's Day --------------------------------------------------------------------------------


def test_founders_day_three_won_encounters_win_at_once() -> None:
    game = new_game(
        p1=["judge", "ambusher", "puppeteer", "void_mage", "saboteur"],
        p2=["void_mage", "surgeon", "hired_blade", "mediator", "saboteur"],
        location="founders_day",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:ambusher", "p2:surgeon")  # Surgeon parks -5 for p2
    assert result(game) is None
    # Puppeteer 10 beats Hired Blade 1-5: third won encounter in a row, before phase 2.
    play(game, "p1:puppeteer", "p2:hired_blade")
    assert result(game) == {"winner": "p1", "reason": "founders_day"}
    assert len(view(game)["encounters"]) == 3  # the Hired Blade never activated
    assert discard(game, "p1") == discard(game, "p2") == []
    assert view(game)["pending"] == []


def test_founders_day_checked_in_the_middle_of_an_ability() -> None:
    game = new_game(
        p1=["judge", "surgeon", "magistra", "inventor", "void_mage"],
        p2=["void_mage", "mediator", "saboteur", "djinn", "hired_blade"],
        location="founders_day",
    )
    play(game, "p1:judge", "p2:void_mage")  # p1
    play(game, "p1:surgeon", "p2:mediator")  # p2; -5 parked for p1
    play(game, "p1:magistra", "p2:saboteur")  # 14-5=9 > 5: p1
    play(game, "p1:inventor", "p2:djinn")  # p2: streaks are p1 1-0-1, p2 0-1-0-1
    assert result(game) is None
    choose(game, "p1", "p1:surgeon")  # +3: 6 > 4, p1 wins encounters 1, 2, 3
    assert result(game) == {"winner": "p1", "reason": "founders_day"}
    assert card(game, 1, "p1")["influence"] == 6
    assert view(game)["pending"] == []  # the -3 is never asked


def test_founders_day_both_players_at_once_is_a_draw() -> None:
    game = new_game(
        p1=["successor", "elemental", "palace_guard", "tax_collector", "aristocrat", "kinesis_mage"],
        p2=["aristocrat", "saboteur", "palace_guard", "librarian", "counselor", "surgeon"],
        deck=MIXED_KINESIS,
        location="founders_day",
    )
    play(game, "p1:successor", "p2:aristocrat")  # p1 (Aristocrat token)
    play(game, "p1:elemental", "p2:saboteur")  # p1
    play(game, "p1:palace_guard", "p2:palace_guard")  # tie
    play(game, "p1:tax_collector", "p2:librarian")  # 4 < 6, then +4: 8 > 6, p1
    play(game, "p1:aristocrat", "p2:counselor")  # p2 (Aristocrat token)
    play(game, "p1:kinesis_mage", "p2:surgeon")  # p2
    assert [winner(game, i) for i in range(6)] == ["p1", "p1", "tie", "p1", "p2", "p2"]
    assert result(game) is None
    # Move the +4 from the Tax Collector (4 < 6: p2) to the Palace Guard (11 > 7: p1) in one step:
    # p1 wins encounters 1-3 and p2 wins 4-6 at the same moment.
    assert options(game, "p1") == refs("p1", "tax_collector", "aristocrat")
    choose(game, "p1", "p1:tax_collector")
    choose(game, "p1", "p1:palace_guard")
    assert result(game) == {"winner": None, "reason": "simultaneous"}


# --- Grand Library --------------------------------------------------------------------------------


def test_grand_library_opens_with_two_cards_and_draws_two() -> None:
    game = new_game(p1=["surgeon", "judge"], p2=["void_mage", "judge"], location="grand_library")
    assert options(game, "p1") == refs("p1", "surgeon", "judge")
    assert options(game, "p2") == refs("p2", "void_mage", "judge")
    assert len(deck(game, "p1")) == len(deck(game, "p2")) == 14
    play(game, "p1:surgeon", "p2:void_mage")  # 3 > 2; the Void Mage has nothing to strip
    assert hand(game, "p1") == ["hired_blade", "void_mage", "judge"]
    assert hand(game, "p2") == ["hired_blade", "surgeon", "judge"]
    assert len(deck(game, "p1")) == len(deck(game, "p2")) == 12


def test_grand_library_last_card_draws_one_then_nothing() -> None:
    game = new_game(
        p1=["elemental", "aristocrat", "successor"],
        p2=["successor", "aristocrat", "elemental"],
        deck="II",
        location="grand_library",
    )
    # Elemental 14 loses to Successor 16; no instant in hand (Aristocrat is ongoing): it still draws 1.
    play(game, "p1:elemental", "p2:successor")
    assert len(deck(game, "p1")) == 11  # 14 - 1 - 2
    assert len(deck(game, "p2")) == 12
    for _ in range(5):  # rounds 2-6: ties, each draws 2
        tie_round(game)
    assert deck(game, "p1") == ["mechanical_djinn"]
    assert len(deck(game, "p2")) == 2
    assert (len(hand(game, "p1")), len(hand(game, "p2"))) == (9, 8)
    tie_round(game)  # round 7: p1 draws its last card, p2 draws 2
    assert deck(game, "p1") == deck(game, "p2") == []
    assert "mechanical_djinn" in hand(game, "p1")
    assert (len(hand(game, "p1")), len(hand(game, "p2"))) == (9, 9)
    tie_round(game)  # round 8: nothing to draw
    assert (len(hand(game, "p1")), len(hand(game, "p2"))) == (8, 8)
    assert result(game) is None


# --- Scrapyard ------------------------------------------------------------------------------------


def test_scrapyard_draw_two_then_both_put_one_under_their_deck() -> None:
    game = new_game(
        p1=["surgeon", "judge", "mediator", "saboteur", "void_mage", "treasurer", "djinn"],
        p2=["surgeon", "judge", "mediator", "saboteur", "void_mage", "clockmaker", "magistra"],
        location="scrapyard",
    )
    play(game, "p1:surgeon", "p2:surgeon")  # tie
    assert waiting(game) == [("p1", "scrapyard"), ("p2", "scrapyard")]
    assert options(game, "p1") == refs(
        "p1", "void_mage", "mediator", "saboteur", "judge", "treasurer", "djinn"
    )
    assert options(game, "p2") == refs(
        "p2", "void_mage", "mediator", "saboteur", "judge", "clockmaker", "magistra"
    )
    choose(game, "p2", "p2:magistra")  # either order
    assert waiting(game) == [("p1", "scrapyard")]
    choose(game, "p1", "p1:djinn")
    assert hand(game, "p1") == ["void_mage", "mediator", "saboteur", "judge", "treasurer"]
    assert hand(game, "p2") == ["void_mage", "mediator", "saboteur", "judge", "clockmaker"]
    assert len(deck(game, "p1")) == len(deck(game, "p2")) == 10  # 11 - 2 + 1
    assert deck(game, "p1")[-1] == "djinn"
    assert deck(game, "p2")[-1] == "magistra"
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_scrapyard_ignored_with_an_empty_deck() -> None:
    game = new_game(
        p1=["envoy", "successor", "poisoner", "kinesis_mage", "librarian"],
        p2=["tax_collector", "elemental", "poisoner", "kinesis_mage", "librarian"],
        deck="II",
        location="scrapyard",
    )
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "next")
    choose(game, "p1", "p1:revolutionary")
    choose(game, "p2", "p2:revolutionary")
    play(game, "p1:successor", "p2:elemental")  # 16-3=13 < 14
    choose(game, "p2", "p2:poisoner", "p2:kinesis_mage")
    # p2's deck is empty: no draw and no Scrapyard choice; p1 draws 2 and chooses alone.
    assert waiting(game) == [("p1", "scrapyard")]
    assert hand(game, "p2") == ["poisoner", "kinesis_mage"]
    assert deck(game, "p2") == []


def test_scrapyard_two_cards_put_one_back_then_one_card_draws_normally() -> None:
    game = new_game(
        p1=["witch_king", "kinesis_mage", "librarian", "illusionist", "poisoner"],
        p2=["elemental", "kinesis_mage", "librarian", "illusionist", "poisoner"],
        deck="II",
        location="scrapyard",
    )
    # Witch King 13 loses to Elemental 14: p2 loses every Guild card (none in hand, 4 in the deck).
    play(game, "p1:witch_king", "p2:elemental")
    choose(game, "p1", "guild")
    rest = [
        "tax_collector",
        "revolutionary",
        "aristocrat",
        "blackmailer",
        "counselor",
        "witch_king",
        "successor",
    ]
    assert options(game, "chance") == refs("p2", *rest)
    choose(game, "chance", *(f"p2:{c}" for c in rest))
    assert discard(game, "p2") == ["envoy", "prodigy", "engineer", "mechanical_djinn"]

    scrap_highest(game)
    assert len(deck(game, "p2")) == 6  # 7 - 2 + 1
    for expected in (5, 4, 3, 2):  # rounds 2-5
        tie_round(game)
        scrap_highest(game)
        assert len(deck(game, "p2")) == expected
    # Round 6: exactly 2 cards: draw both, put one back.
    tie_round(game)
    assert waiting(game) == [("p1", "scrapyard"), ("p2", "scrapyard")]
    assert deck(game, "p2") == []
    put_back = sorted(options(game, "p2"))[0]
    choose(game, "p2", put_back)
    back = deck(game, "p2")
    assert back == [put_back.split(":")[1]]
    scrap_highest(game)
    # Round 7: 1 card: draw it, no Scrapyard choice for p2.
    before = len(hand(game, "p2"))
    tie_round(game)
    assert waiting(game) == [("p1", "scrapyard")]
    assert deck(game, "p2") == []
    assert back[0] in hand(game, "p2")
    assert len(hand(game, "p2")) == before - 1 + 1


def test_scrapyard_choices_come_before_the_signet_check() -> None:
    """Ruling 34: p1 reaches 5 signets in round 5; the game ends only once both have put a card back."""
    plan_p1 = ["judge", "ambusher", "puppeteer", "clockmaker", "treasurer"]
    plan_p2 = ["void_mage", "saboteur", "judge", "surgeon", "ambusher"]
    game = new_game(p1=plan_p1, p2=plan_p2, location="scrapyard")

    def scrap(keep: dict[str, list[str]]) -> None:
        for player in ("p1", "p2"):
            spare = sorted(options(game, player) - refs(player, *keep[player]))
            choose(game, player, spare[0])

    for round_index in range(5):
        play(game, f"p1:{plan_p1[round_index]}", f"p2:{plan_p2[round_index]}")
        if round_index == 4:  # Ambusher 9-5 loses: p2 names a faction
            choose(game, "p2", "rebels")
            break
        scrap({"p1": plan_p1[round_index + 1 :], "p2": plan_p2[round_index + 1 :]})
        assert result(game) is None

    assert [winner(game, i) for i in range(5)] == ["p1"] * 5
    assert signets(game) == (5, 0)
    assert waiting(game) == [("p1", "scrapyard"), ("p2", "scrapyard")]
    assert result(game) is None
    choose(game, "p1", sorted(options(game, "p1"))[0])
    assert result(game) is None
    choose(game, "p2", sorted(options(game, "p2"))[0])
    assert result(game) == {"winner": "p1", "reason": "signets"}


# --- Auction House --------------------------------------------------------------------------------


def test_auction_house_lower_card_discards_the_top_of_the_deck() -> None:
    game = new_game(
        p1=["puppeteer", "surgeon", "judge", "mediator", "ambusher"],
        p2=["void_mage", "saboteur", "judge", "mediator", "ambusher"],
        location="auction_house",
    )
    play(game, "p1:puppeteer", "p2:void_mage")  # no previous encounter: no check
    assert discard(game, "p1") == discard(game, "p2") == []
    # p1: Surgeon 3 < Puppeteer 10 -> discard the deck top (Void Mage); p2: Saboteur 5 > Void Mage 2.
    play(game, "p1:surgeon", "p2:saboteur")
    assert discard(game, "p1") == ["void_mage"]
    assert discard(game, "p2") == []
    assert len(deck(game, "p1")) == 8  # 11 - 1 - 1 (auction) - 1
    assert len(deck(game, "p2")) == 9
    assert winner(game, 1) == "p2"
    assert next_modifier(game, "p1") == -5


def test_auction_house_counts_parked_modifiers() -> None:
    """Ruling 23: Palace Guard 7-5=2 < Surgeon 3 -> discard (it would be 7 without the parked -5)."""
    game = new_game(
        p1=["surgeon", "palace_guard", "judge", "mediator", "ambusher"],
        p2=["mediator", "saboteur", "judge", "surgeon", "ambusher"],
        location="auction_house",
    )
    play(game, "p1:surgeon", "p2:mediator")  # 3 < 4: -5 parked
    play(game, "p1:palace_guard", "p2:saboteur")
    assert card(game, 1, "p1")["influence"] == 2
    assert discard(game, "p1") == ["void_mage"]  # Hired Blade was drawn at the end of round 1
    assert discard(game, "p2") == []
    assert waiting(game) == [("p1", "palace_guard_faction")]


def test_auction_house_equal_influence_discards_nothing() -> None:
    game = new_game(
        p1=["surgeon", "palace_guard", "judge", "mediator", "ambusher"],
        p2=["mediator", "saboteur", "judge", "surgeon", "ambusher"],
        location="auction_house",
    )
    play(game, "p1:surgeon", "p2:mediator")
    play(game, "p1:judge", "p2:saboteur")  # Judge 8-5=3 = Surgeon 3: no discard
    assert card(game, 1, "p1")["influence"] == 3
    assert discard(game, "p1") == discard(game, "p2") == []
    assert card(game, 1, "p1")["ongoing"] == 1  # the Judge lost 3 < 5 and activated


def test_auction_house_librarian_choice_before_the_check() -> None:
    game = new_game(
        p1=["librarian", "prodigy", "poisoner", "aristocrat", "counselor"],
        p2=["prodigy", "aristocrat", "poisoner", "librarian", "counselor"],
        deck="II",
        location="auction_house",
    )
    play(game, "p1:librarian", "p2:prodigy")  # 6 < 7
    play(game, "p1:prodigy", "p2:aristocrat")  # p2: 8 > 7, no discard
    assert waiting(game) == [("p1", "librarian")]
    assert discard(game, "p1") == []
    choose(game, "p1", "-2")  # Prodigy 7-2=5 < Librarian 6 -> discard the deck top
    assert card(game, 1, "p1")["influence"] == 5
    assert discard(game, "p1") == ["envoy"]
    assert discard(game, "p2") == []


def test_auction_house_previous_card_counts_its_modifiers() -> None:
    game = new_game(
        p1=["tax_collector", "prodigy", "poisoner", "envoy", "counselor"],
        p2=["librarian", "aristocrat", "poisoner", "envoy", "counselor"],
        deck="II",
        location="auction_house",
    )
    play(game, "p1:tax_collector", "p2:librarian")  # 4 < 6, +4: 8 > 6
    assert card(game, 0, "p1")["influence"] == 8
    play(game, "p1:prodigy", "p2:aristocrat")  # Prodigy 7 < Tax Collector 8 -> discard
    assert discard(game, "p1") == ["revolutionary"]
    assert discard(game, "p2") == []


def test_auction_house_after_a_slide_compares_with_the_closed_row() -> None:
    """Ruling 32: after the Hired Blade's encounter vanishes, the previous encounter is encounter 1."""
    game = new_game(
        p1=["puppeteer", "hired_blade", "judge", "ambusher", "treasurer"],
        p2=["void_mage", "surgeon", "mediator", "ambusher", "treasurer"],
        location="auction_house",
    )
    play(game, "p1:puppeteer", "p2:void_mage")
    play(game, "p1:hired_blade", "p2:surgeon")  # 1 < 10: discard Surgeon; then both cards leave
    assert discard(game, "p1") == ["surgeon", "hired_blade"]
    assert [e["p1"]["card"] for e in placed(game)] == ["puppeteer"]
    # Judge 8 < Puppeteer 10 (encounter 1): discard Saboteur. p2: Mediator 4 > Void Mage 2.
    play(game, "p1:judge", "p2:mediator")
    assert discard(game, "p1") == ["surgeon", "hired_blade", "saboteur"]
    assert discard(game, "p2") == ["surgeon"]


def test_auction_house_ignores_a_puppeteer_replacement() -> None:
    """Only cards a player reveals are checked, not a card put into play by the Puppeteer."""
    game = new_game(
        p1=["void_mage", "puppeteer", "judge", "mediator", "ambusher"],
        p2=["surgeon", "clockmaker", "hired_blade", "mediator", "ambusher"],
        location="auction_house",
    )
    play(game, "p1:void_mage", "p2:surgeon")  # 2 < 3; nothing to strip
    play(game, "p1:puppeteer", "p2:clockmaker")  # 10 > 2 and 11 > 3: no discard; 10 < 11
    assert options(game, "chance") == refs("p2", "hired_blade", "void_mage", "mediator", "ambusher")
    choose(game, "chance", "p2:hired_blade")  # Hired Blade 1 < Surgeon 3, but it was not revealed
    assert card(game, 1, "p2")["card"] == "hired_blade"
    assert winner(game, 1) == "p1"
    assert discard(game, "p2") == ["clockmaker"]
    assert discard(game, "p1") == []
    assert len(deck(game, "p2")) == 9  # 11 - 2 end-of-round draws


# --- Haunted Catacombs ----------------------------------------------------------------------------


def test_haunted_catacombs_same_faction_loses_at_once() -> None:
    game = new_game(
        p1=["judge", "treasurer", "ambusher", "surgeon", "mediator"],
        p2=["void_mage", "saboteur", "ambusher", "surgeon", "mediator"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")
    assert result(game) is None
    play(game, "p1:treasurer", "p2:saboteur")  # Dynasty after Dynasty
    assert result(game) == {"winner": "p2", "reason": "haunted_catacombs"}
    assert winner(game, 1) is None  # never compared
    assert view(game)["pending"] == []


def test_haunted_catacombs_both_players_at_once_is_a_draw() -> None:
    game = new_game(
        p1=["judge", "treasurer", "ambusher", "surgeon", "mediator"],
        p2=["void_mage", "puppeteer", "ambusher", "surgeon", "mediator"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:treasurer", "p2:puppeteer")  # Dynasty after Dynasty, Academy after Academy
    assert result(game) == {"winner": None, "reason": "simultaneous"}
    # The record says "simultaneous"; players are told which condition it was (tests/bot/test_render.py).
    assert game.result is not None and game.result.cause == "haunted_catacombs"
    last = named_events(game)[-1]
    assert last.kind == "game_over" and last.detail == "haunted_catacombs"


def test_haunted_catacombs_librarian_is_asked_before_the_loss() -> None:
    """Ruling 33."""
    game = new_game(
        p1=["librarian", "illusionist", "poisoner", "envoy", "counselor"],
        p2=["prodigy", "aristocrat", "poisoner", "envoy", "counselor"],
        deck="II",
        location="haunted_catacombs",
    )
    play(game, "p1:librarian", "p2:prodigy")  # 6 < 7: Librarian
    play(game, "p1:illusionist", "p2:aristocrat")  # Academy after Academy
    assert waiting(game) == [("p1", "librarian")]
    assert result(game) is None
    choose(game, "p1", "+2")
    assert result(game) == {"winner": "p2", "reason": "haunted_catacombs"}
    assert card(game, 1, "p1")["influence"] == 12


def test_haunted_catacombs_after_a_slide_compares_with_the_closed_row() -> None:
    """Ruling 32: the Hired Blade's encounter vanishes, so the Treasurer follows the Judge."""
    game = new_game(
        p1=["judge", "hired_blade", "treasurer", "ambusher", "puppeteer"],
        p2=["void_mage", "surgeon", "saboteur", "ambusher", "puppeteer"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:hired_blade", "p2:surgeon")  # Hired Blade loses: both discarded, the row closes
    assert [e["p1"]["card"] for e in placed(game)] == ["judge"]
    assert result(game) is None
    play(game, "p1:treasurer", "p2:saboteur")  # Dynasty after the Judge; p2: Rebels after Academy
    assert result(game) == {"winner": "p2", "reason": "haunted_catacombs"}


def test_haunted_catacombs_sliding_never_triggers() -> None:
    game = new_game(
        p1=["judge", "ambusher", "treasurer", "swamp_guardian", "djinn"],
        p2=["void_mage", "saboteur", "clockmaker", "magistra", "puppeteer"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")  # p1
    play(game, "p1:ambusher", "p2:saboteur")  # p1; p1 discards 2 from the deck
    play(game, "p1:treasurer", "p2:clockmaker")  # p1 12 > 11; Clockmaker: +3 Saboteur, +3 next
    play(game, "p1:swamp_guardian", "p2:magistra")  # 13 < 14+3
    assert options(game, "p1") == refs("p1", "judge", "ambusher", "treasurer")
    choose(game, "p1", "p1:ambusher")  # encounter 2 leaves: Judge and Treasurer (Dynasty) now adjacent
    assert result(game) is None
    assert [e["p1"]["card"] for e in placed(game)] == [
        "judge",
        "treasurer",
        "swamp_guardian",
    ]
    assert "ambusher" in hand(game, "p1")
    assert discard(game, "p2") == ["saboteur"]
    # A later reveal compares with the closed row: Ambusher (Rebels) after the Swamp Guardian (Rebels).
    play(game, "p1:ambusher", "p2:surgeon")
    assert result(game) == {"winner": "p2", "reason": "haunted_catacombs"}


def test_haunted_catacombs_ignores_a_puppeteer_replacement() -> None:
    game = new_game(
        p1=["judge", "puppeteer", "ambusher", "surgeon", "treasurer"],
        p2=["magistra", "clockmaker", "fortune_teller", "void_mage", "mediator"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:magistra")  # 8 < 14: Judge token
    play(game, "p1:puppeteer", "p2:clockmaker")  # 10 < 11
    choose(game, "chance", "p2:fortune_teller")  # Academy after the Magistra (Academy): not a reveal
    assert result(game) is None
    assert winner(game, 1) == "p1"  # Puppeteer 10 > Fortune Teller 6
    # The next reveal compares with the replacement: Void Mage (Academy) after the Fortune Teller.
    play(game, "p1:ambusher", "p2:void_mage")
    assert result(game) == {"winner": "p1", "reason": "haunted_catacombs"}


# --- Foggy Swamp ----------------------------------------------------------------------------------


def test_foggy_swamp_round_one_reveals_nothing() -> None:
    game = new_game(p1=["surgeon"], p2=["palace_guard"], location="foggy_swamp")
    play(game, "p1:surgeon", "p2:palace_guard")
    state = view(game)
    assert state["round"] == 2
    first = state["encounters"][0]
    assert first["winner"] is None
    assert first["p1"]["face_up"] is False and first["p2"]["face_up"] is False
    assert first["p1"]["card"] == "surgeon" and first["p2"]["card"] == "palace_guard"
    assert state["signets"] == {"p1": 0, "p2": 0}
    assert len(hand(game, "p1")) == len(hand(game, "p2")) == 5  # phase 3 happened
    assert len(deck(game, "p1")) == len(deck(game, "p2")) == 10
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_foggy_swamp_state_lists_only_encounters_with_a_placed_card() -> None:
    """docs/record-format.md: the current encounter is listed as soon as one of its cards is placed."""
    game = new_game(p1=["surgeon"], p2=["palace_guard"], location="foggy_swamp")
    play(game, "p1:surgeon", "p2:palace_guard")
    assert len(view(game)["encounters"]) == 1
    choose(game, "p1", "p1:mediator")
    encounters = view(game)["encounters"]
    assert len(encounters) == 2
    assert encounters[1]["p2"] is None
    assert encounters[1]["p1"]["face_up"] is False


def test_foggy_swamp_surgeon_binds_to_the_next_card_chosen() -> None:
    """Ruling 31 and docs/record-format.md next_card_modifier."""
    game = new_game(
        p1=["surgeon", "djinn", "magistra", "judge", "ambusher"],
        p2=["palace_guard", "void_mage", "surgeon", "judge", "ambusher"],
        location="foggy_swamp",
    )
    play(game, "p1:surgeon", "p2:palace_guard")
    # Round 2: place Djinn / Void Mage face down, then reveal encounter 1: Surgeon 3 < Palace Guard 7.
    play(game, "p1:djinn", "p2:void_mage")
    assert winner(game, 0) == "p2"
    assert card(game, 0, "p1")["face_up"] is True
    assert card(game, 1, "p1")["face_up"] is False and card(game, 1, "p2")["face_up"] is False
    assert winner(game, 1) is None
    assert card(game, 1, "p1")["modifier"] == 0  # the Djinn was already face down
    assert next_modifier(game, "p1") == -5
    # Round 3: the Magistra is the next card chosen; once it is face down the -5 is no longer shown.
    choose(game, "p1", "p1:magistra")
    assert next_modifier(game, "p1") == 0
    assert card(game, 2, "p1")["face_up"] is False
    assert card(game, 2, "p1")["modifier"] == 0
    choose(game, "p2", "p2:surgeon")
    # Encounter 2 revealed: Djinn 16 (no modifier) beats Void Mage 2 (nothing to strip).
    assert card(game, 1, "p1")["influence"] == 16
    assert winner(game, 1) == "p1"
    # Round 4: encounter 3 revealed: Magistra 14-5=9 beats Surgeon 3.
    play(game, "p1:judge", "p2:judge")
    assert card(game, 2, "p1")["modifier"] == -5
    assert card(game, 2, "p1")["influence"] == 9
    assert winner(game, 2) == "p1"
    assert next_modifier(game, "p2") == -5


def test_foggy_swamp_clockmaker_binds_to_the_next_card_chosen() -> None:
    game = new_game(
        p1=["ambusher", "clockmaker", "judge", "treasurer", "mediator"],
        p2=["puppeteer", "magistra", "surgeon", "saboteur", "void_mage"],
        location="foggy_swamp",
    )
    play(game, "p1:ambusher", "p2:puppeteer")
    play(game, "p1:clockmaker", "p2:magistra")  # reveal 1: Ambusher 9 < Puppeteer 10
    choose(game, "p1", "dynasty")  # p2 holds no Dynasty card
    assert winner(game, 0) == "p2"
    # Round 3: reveal 2: Clockmaker 11 < Magistra 14: +3 on the Ambusher (12 > 10), +3 parked.
    play(game, "p1:judge", "p2:surgeon")
    assert card(game, 0, "p1")["influence"] == 12
    assert winner(game, 0) == "p1"
    assert card(game, 2, "p1")["modifier"] == 0  # the Judge was placed before the Clockmaker lost
    assert next_modifier(game, "p1") == 3
    # Round 4: the Treasurer takes the +3 when chosen; reveal 3: Judge 8 beats Surgeon 3.
    choose(game, "p1", "p1:treasurer")
    assert next_modifier(game, "p1") == 0
    choose(game, "p2", "p2:saboteur")
    assert card(game, 2, "p1")["influence"] == 8
    assert winner(game, 2) == "p1"
    # Round 5: reveal 4: Treasurer 12+3=15 beats Saboteur 5.
    play(game, "p1:mediator", "p2:void_mage")
    assert card(game, 3, "p1")["modifier"] == 3
    assert card(game, 3, "p1")["influence"] == 15
    assert winner(game, 3) == "p1"


def test_foggy_swamp_fortune_teller_victim_places_first_but_face_down() -> None:
    """Ruling 25."""
    game = new_game(
        p1=["fortune_teller", "judge", "ambusher", "puppeteer", "treasurer"],
        p2=["palace_guard", "void_mage", "surgeon", "mediator", "saboteur"],
        location="foggy_swamp",
    )
    play(game, "p1:fortune_teller", "p2:palace_guard")
    play(game, "p1:judge", "p2:void_mage")  # reveal 1: Fortune Teller 6 < Palace Guard 7
    assert winner(game, 0) == "p2"
    # Round 3: only p2 may place, first; the card stays face down.
    assert waiting(game) == [("p2", "play")]
    choose(game, "p2", "p2:surgeon")
    assert card(game, 2, "p2")["face_up"] is False
    assert waiting(game) == [("p1", "play")]
    choose(game, "p1", "p1:ambusher")
    assert card(game, 2, "p1")["face_up"] is False and card(game, 2, "p2")["face_up"] is False
    assert winner(game, 1) == "p1"  # reveal 2: Judge 8 > Void Mage 2
    # Round 4: both place together again; encounter 3 is revealed and resolved like any other.
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    play(game, "p1:puppeteer", "p2:mediator")
    assert card(game, 2, "p2")["face_up"] is True
    assert winner(game, 2) == "p1"  # Ambusher 9 > Surgeon 3
    assert next_modifier(game, "p2") == -5


def test_foggy_swamp_game_ending_at_phase_one_leaves_the_last_encounter_face_down() -> None:
    game = new_game(
        p1=["envoy", "aristocrat", "successor", "librarian", "prodigy", "illusionist", "engineer"],
        p2=["tax_collector", "aristocrat", "elemental", "librarian", "prodigy", "illusionist", "engineer"],
        deck="II",
        location="foggy_swamp",
    )
    play(game, "p1:envoy", "p2:tax_collector")
    play(game, "p1:aristocrat", "p2:aristocrat")  # reveal 1: Envoy 3 < Tax Collector 4
    assert options(game, "p1") == {"p1:envoy", "p2:tax_collector", "next"}  # face-down cards excluded
    choose(game, "p1", "next")
    assert next_modifier(game, "p1") == -3
    play(game, "p1:successor", "p2:elemental")  # the Successor takes the -3; reveal 2: tie
    assert winner(game, 1) == "tie"
    play(game, "p1:librarian", "p2:librarian")  # reveal 3: Successor 16-3=13 < Elemental 14
    assert card(game, 2, "p1")["influence"] == 13
    choose(game, "p2", "p2:prodigy", "p2:illusionist")
    assert deck(game, "p2") == []
    play(game, "p1:prodigy", "p2:prodigy")  # reveal 4: tie
    play(game, "p1:illusionist", "p2:illusionist")  # p2's last card; reveal 5: tie
    assert hand(game, "p2") == []
    # Round 7: p2 cannot play; encounter 6 is never revealed.
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}
    encounters = view(game)["encounters"]
    assert len(encounters) == 6
    last = encounters[5]
    assert last["winner"] is None
    assert last["p1"]["face_up"] is False and last["p2"]["face_up"] is False
    assert [e["winner"] for e in encounters[:5]] == ["p2", "tie", "p2", "tie", "tie"]


def test_foggy_swamp_librarian_binds_to_the_next_card_chosen() -> None:
    """Ruling 31: the Librarian choice comes at the reveal of the next card chosen from hand."""
    game = new_game(
        p1=["librarian", "aristocrat", "illusionist", "poisoner", "kinesis_mage"],
        p2=["prodigy", "aristocrat", "engineer", "poisoner", "kinesis_mage"],
        deck="II",
        location="foggy_swamp",
    )
    play(game, "p1:librarian", "p2:prodigy")
    play(game, "p1:aristocrat", "p2:aristocrat")  # reveal 1: Librarian 6 < Prodigy 7
    assert winner(game, 0) == "p2"
    # Round 3: the Illusionist is the next card chosen; reveal 2 (the Aristocrats) asks nothing.
    play(game, "p1:illusionist", "p2:engineer")
    assert winner(game, 1) == "tie"
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    # Round 4: reveal 3: the Librarian choice for the Illusionist.
    play(game, "p1:poisoner", "p2:poisoner")
    assert waiting(game) == [("p1", "librarian")]
    choose(game, "p1", "+2")
    assert card(game, 2, "p1")["influence"] == 12
    assert winner(game, 2) == "p1"  # 12 > Engineer 11
