"""Scenario tests for the 16 Deck I cards, the Deck I rulings and the game-end conditions.

Every expected value is derived by hand from docs/rules.md (§5 settles disputes) and the state
format of docs/record-format.md. Decks are stacked (tests/helpers.py): the first 5 listed cards are the
opening hand, the next ones are drawn at the end of rounds 1, 2, ... and the unlisted cards follow by value.
"""

from __future__ import annotations

from typing import Any

import pytest

from cards import Deck
from engine import Game, IllegalAction, observation
from tests.helpers import card, choose, hand, new_game, pending, play, signets, view, winner

FACTIONS = ["rebels", "academy", "guild", "dynasty"]


# --- local helpers -----------------------------------------------------------------------------------


def played(
    card_id: str, influence: int, modifier: int = 0, ongoing: int = 0, signets: int = 0, face_up: bool = True
) -> dict[str, Any]:
    """The expected state of a card in the row (docs/record-format.md "State")."""
    return {
        "card": card_id,
        "influence": influence,
        "modifier": modifier,
        "ongoing": ongoing,
        "signets": signets,
        "face_up": face_up,
    }


def zone(game: Game, player: str, name: str) -> Any:
    """``hand``, ``deck``, ``discard`` or ``next_card_modifier`` of ``player``."""
    return view(game)["players"][player][name]


def encounters(game: Game) -> list[dict[str, Any]]:
    return view(game)["encounters"]  # type: ignore[no-any-return]


def row(game: Game) -> list[tuple[str | None, str | None, str | None]]:
    """Each encounter as (p1 card, p2 card, winner), oldest first."""
    return [
        (
            None if encounter["p1"] is None else encounter["p1"]["card"],
            None if encounter["p2"] is None else encounter["p2"]["card"],
            encounter["winner"],
        )
        for encounter in encounters(game)
    ]


def waiting(game: Game) -> list[tuple[str, str]]:
    """The pending decisions as (player, kind), in the docs/record-format.md order p1, p2, chance."""
    return [(decision["player"], decision["kind"]) for decision in view(game)["pending"]]


def options(game: Game, player: str) -> set[str]:
    decision = pending(game, player)
    assert decision is not None
    return set(decision.options)


def result(game: Game) -> dict[str, Any] | None:
    return view(game)["result"]  # type: ignore[no-any-return]


def assert_illegal(game: Game, player: str, *chosen: str) -> None:
    """The action raises IllegalAction and changes nothing."""
    before = view(game)
    with pytest.raises(IllegalAction):
        choose(game, player, *chosen)
    assert view(game) == before


def play_mirrored(game: Game, keep: tuple[str, ...] = ()) -> None:
    """Both players place the lowest-valued card they both hold (``keep`` excepted): a tie."""
    common = [c for c in hand(game, "p1") if c in hand(game, "p2") and c not in keep]
    assert common, (hand(game, "p1"), hand(game, "p2"))
    play(game, f"p1:{common[0]}", f"p2:{common[0]}")


# --- the round: placing, revealing, ties ------------------------------------------------------------


def test_cards_are_placed_face_down_then_revealed_and_saboteur_mills_two() -> None:
    """§1.5 phase 1 and docs/record-format.md: the current encounter is listed as soon as one card is placed
    (face
    down, the other slot null, no winner). Saboteur (loser): the opponent discards the top 2 of their deck,
    top first; then both draw 1 (phase 3)."""
    game = new_game(
        p1=["saboteur", "hired_blade", "void_mage", "surgeon", "mediator"],
        p2=["judge", "hired_blade", "void_mage", "surgeon", "mediator"],
    )
    state = view(game)
    assert state["round"] == 1 and state["status"] == "in_progress" and state["result"] is None
    assert state["pending"] == [
        {
            "player": "p1",
            "kind": "play",
            "options": ["p1:hired_blade", "p1:void_mage", "p1:surgeon", "p1:mediator", "p1:saboteur"],
            "count": 1,
        },
        {
            "player": "p2",
            "kind": "play",
            "options": ["p2:hired_blade", "p2:void_mage", "p2:surgeon", "p2:mediator", "p2:judge"],
            "count": 1,
        },
    ]

    choose(game, "p1", "p1:saboteur")
    assert encounters(game) == [{"p1": played("saboteur", 5, face_up=False), "p2": None, "winner": None}]
    assert waiting(game) == [("p2", "play")]

    choose(game, "p2", "p2:judge")
    assert encounters(game) == [
        {"p1": played("saboteur", 5), "p2": played("judge", 8, signets=1), "winner": "p2"}
    ]
    # p2's deck was fortune_teller, palace_guard, ambusher, ...: the top two are milled, then p2 draws.
    assert zone(game, "p2", "discard") == ["saboteur", "fortune_teller"]
    assert zone(game, "p2", "hand") == ["hired_blade", "void_mage", "surgeon", "mediator", "palace_guard"]
    assert zone(game, "p2", "deck") == [
        "ambusher",
        "puppeteer",
        "clockmaker",
        "treasurer",
        "swamp_guardian",
        "magistra",
        "inventor",
        "djinn",
    ]
    assert zone(game, "p1", "discard") == []
    assert zone(game, "p1", "hand") == ["hired_blade", "void_mage", "surgeon", "mediator", "fortune_teller"]
    assert len(zone(game, "p1", "deck")) == 10
    assert signets(game) == (0, 1)
    assert view(game)["round"] == 2
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_no_encounter_is_listed_before_a_card_is_placed() -> None:
    """docs/record-format.md "State": the current encounter is listed as soon as one of its cards is placed,
    so
    before the first placement of a round (game start, between rounds) it is not listed at all."""
    game = new_game(p1=["saboteur"], p2=["judge"])
    assert view(game)["encounters"] == []
    play(game, "p1:saboteur", "p2:judge")
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert [e["winner"] for e in view(game)["encounters"]] == ["p2"]
    choose(game, "p1", "p1:hired_blade")
    assert [e["winner"] for e in view(game)["encounters"]] == ["p2", None]


def test_tie_gives_no_signet_and_skips_phase_two() -> None:
    """§1.5: equal influence is a tie: no signet, and no ability activates (two Saboteurs tie, so nobody
    mills a deck)."""
    game = new_game(p1=["saboteur"], p2=["saboteur"])
    play(game, "p1:saboteur", "p2:saboteur")
    assert encounters(game) == [{"p1": played("saboteur", 5), "p2": played("saboteur", 5), "winner": "tie"}]
    assert signets(game) == (0, 0)
    for player in ("p1", "p2"):
        assert zone(game, player, "discard") == []
        assert len(zone(game, player, "deck")) == 10  # 11 after the opening hand, minus the phase-3 draw
        assert len(zone(game, player, "hand")) == 5
    assert view(game)["round"] == 2
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_saboteur_with_one_card_left_discards_it() -> None:
    """Saboteur: "fewer if the deck has fewer" (§3.1); not being able to draw never loses (§1.10)."""
    game = new_game(p1=["saboteur"], p2=["judge"])
    for _ in range(10):  # ten ties leave one card (the Djinn) in each deck
        play_mirrored(game, keep=("saboteur", "judge"))
    assert zone(game, "p2", "deck") == ["djinn"]
    play(game, "p1:saboteur", "p2:judge")
    assert zone(game, "p2", "discard") == ["djinn"]
    assert zone(game, "p2", "deck") == []
    assert zone(game, "p1", "deck") == []  # p1 drew its Djinn
    assert hand(game, "p1") == ["judge", "swamp_guardian", "magistra", "inventor", "djinn"]
    assert hand(game, "p2") == ["saboteur", "swamp_guardian", "magistra", "inventor"]  # no draw
    assert view(game)["status"] == "in_progress"


# --- 1 Hired Blade ------------------------------------------------------------------------------------


def test_hired_blade_discards_both_cards_and_the_row_closes() -> None:
    """Hired Blade: both cards of its encounter go to their owners' discard piles (the opponent loses the
    signet it just won); the next encounter's "previous encounter" is the one before the Hired Blade (§1.7),
    so a later Clockmaker boosts the round-1 card."""
    game = new_game(
        p1=["saboteur", "hired_blade", "clockmaker", "judge", "ambusher"],
        p2=["void_mage", "mediator", "djinn", "judge", "ambusher"],
    )
    play(game, "p1:saboteur", "p2:void_mage")  # 5 > 2; the Void Mage finds nothing to strip
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert row(game) == [("saboteur", "void_mage", "p1")]

    play(game, "p1:hired_blade", "p2:mediator")  # 1 < 4: the Hired Blade activates
    assert row(game) == [("saboteur", "void_mage", "p1")]
    assert zone(game, "p1", "discard") == ["hired_blade"]
    assert zone(game, "p2", "discard") == ["mediator"]
    assert signets(game) == (1, 0)
    # p1 drew void_mage (round 1) and surgeon (round 2)
    assert hand(game, "p1") == ["void_mage", "surgeon", "judge", "ambusher", "clockmaker"]

    play(game, "p1:clockmaker", "p2:djinn")  # 11 < 16: +3 on p1's card in the previous encounter
    assert row(game) == [("saboteur", "void_mage", "p1"), ("clockmaker", "djinn", "p2")]
    assert card(game, 0, "p1") == played("saboteur", 8, modifier=3, signets=1)
    assert card(game, 1, "p1") == played("clockmaker", 11)
    assert zone(game, "p1", "next_card_modifier") == 3
    assert signets(game) == (1, 1)


def test_hired_blade_tie_is_not_activated() -> None:
    """A tie skips phase 2: two Hired Blades stay in play."""
    game = new_game(p1=["hired_blade"], p2=["hired_blade"])
    play(game, "p1:hired_blade", "p2:hired_blade")
    assert row(game) == [("hired_blade", "hired_blade", "tie")]
    assert zone(game, "p1", "discard") == [] and zone(game, "p2", "discard") == []


MIXED_ACADEMY_II: dict[str, Deck] = {"rebels": "I", "academy": "II", "guild": "I", "dynasty": "I"}


def test_hired_blade_activated_late_by_illusionist_closes_the_gap() -> None:
    """Hired Blade activated in a past encounter (Illusionist, mixed deck §1.11): that encounter leaves
    the row, its opponent card loses its signet, and the later encounters slide back (§1.7). Ruling 13:
    only the owner's losing cards are candidates, not a tied one (so the Hired Blade is the only
    candidate and nothing is asked)."""
    game = new_game(
        p1=["hired_blade", "swamp_guardian", "saboteur", "illusionist", "surgeon"],
        p2=["hired_blade", "clockmaker", "kinesis_mage", "treasurer", "surgeon"],
        deck=MIXED_ACADEMY_II,
    )
    play(game, "p1:hired_blade", "p2:hired_blade")  # tie: nothing activates
    play(game, "p1:swamp_guardian", "p2:clockmaker")  # 13 > 11: p2's Clockmaker boosts p2's Hired Blade
    assert card(game, 0, "p2") == played("hired_blade", 4, modifier=3, signets=1)
    assert winner(game, 0) == "p2"  # p1's Hired Blade is now losing, but never activates by itself
    assert zone(game, "p2", "next_card_modifier") == 3
    assert signets(game) == (1, 1)
    play(game, "p1:saboteur", "p2:kinesis_mage")  # 5 = 2 + 3: a tie
    assert winner(game, 2) == "tie"

    play(game, "p1:illusionist", "p2:treasurer")  # 10 < 12: the Illusionist activates the Hired Blade
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert row(game) == [
        ("swamp_guardian", "clockmaker", "p1"),
        ("saboteur", "kinesis_mage", "tie"),
        ("illusionist", "treasurer", "p2"),
    ]
    assert card(game, 2, "p2") == played("treasurer", 12, signets=1)
    assert zone(game, "p1", "discard") == ["hired_blade"]
    assert zone(game, "p2", "discard") == ["hired_blade"]
    assert signets(game) == (1, 1)


# --- 2 Void Mage -------------------------------------------------------------------------------------


def test_void_mage_rescues_itself_by_stripping_the_opposing_boost() -> None:
    """Void Mage: removing the modifiers of its opposing card flips the encounter; the Hired Blade that
    becomes the loser does not activate (§1.5 phase 2). A single legal answer is applied without asking
    (docs/record-format.md). Clockmaker without a previous encounter only parks its +3 (§3.1)."""
    game = new_game(p1=["clockmaker", "hired_blade"], p2=["djinn", "void_mage"])
    play(game, "p1:clockmaker", "p2:djinn")
    assert row(game) == [("clockmaker", "djinn", "p2")]
    assert card(game, 0, "p1") == played("clockmaker", 11)
    assert zone(game, "p1", "next_card_modifier") == 3

    play(game, "p1:hired_blade", "p2:void_mage")  # 1 + 3 = 4 > 2: the Void Mage loses and activates
    assert waiting(game) == [("p1", "play"), ("p2", "play")]  # only p1:hired_blade/modifiers was legal
    assert card(game, 1, "p1") == played("hired_blade", 1)
    assert card(game, 1, "p2") == played("void_mage", 2, signets=1)
    assert winner(game, 1) == "p2"
    assert zone(game, "p1", "discard") == [] and zone(game, "p2", "discard") == []
    assert zone(game, "p1", "next_card_modifier") == 0
    assert signets(game) == (0, 2)


def test_void_mage_strips_its_own_penalty_from_negative_influence() -> None:
    """Influence may become negative (§1.6): a Void Mage at 2 - 5 = -3 loses to a Hired Blade, then
    removes its own modifiers (the only legal answer) and wins 2 > 1; the Hired Blade, now the loser,
    does not activate."""
    game = new_game(p1=["surgeon", "void_mage"], p2=["saboteur", "hired_blade"])
    play(game, "p1:surgeon", "p2:saboteur")  # p1 parks -5
    choose(game, "p1", "p1:void_mage")
    choose(game, "p2", "p2:hired_blade")
    assert encounters(game)[1] == {
        "p1": played("void_mage", 2, signets=1),
        "p2": played("hired_blade", 1),
        "winner": "p1",
    }
    assert zone(game, "p1", "discard") == [] and zone(game, "p2", "discard") == []
    assert signets(game) == (1, 1)


def _judge_with_modifier_and_token() -> Game:
    """p1's Judge carries +3 (parked Clockmaker) and an ongoing token; a tie in round 3 is won by it;
    in round 4 p2's Void Mage loses and must choose."""
    game = new_game(
        p1=["clockmaker", "judge", "surgeon", "ambusher", "mediator"],
        p2=["djinn", "treasurer", "surgeon", "void_mage", "mediator"],
    )
    play(game, "p1:clockmaker", "p2:djinn")  # p1 parks +3
    play(game, "p1:judge", "p2:treasurer")  # 8 + 3 = 11 < 12: the Judge gets its token
    assert card(game, 1, "p1") == played("judge", 11, modifier=3, ongoing=1)
    play(game, "p1:surgeon", "p2:surgeon")  # tie, won by p1's Judge; no Surgeon activates
    assert winner(game, 2) == "p1"
    assert card(game, 2, "p1") == played("surgeon", 3, signets=1)
    assert zone(game, "p1", "next_card_modifier") == 0 and zone(game, "p2", "next_card_modifier") == 0
    play(game, "p1:ambusher", "p2:void_mage")  # 9 > 2
    return game


@pytest.mark.parametrize(
    ("choice", "judge", "tie_winner", "totals"),
    [
        ("p1:judge/ongoing", played("judge", 11, modifier=3), "tie", (1, 2)),
        ("p1:judge/modifiers", played("judge", 8, ongoing=1), "p1", (2, 2)),
    ],
)
def test_void_mage_removes_either_modifiers_or_ongoing_tokens(
    choice: str, judge: dict[str, Any], tie_winner: str, totals: tuple[int, int]
) -> None:
    """Ruling 2: the Void Mage's owner picks one played card and either all its modifiers or all its
    ongoing tokens; the other kind stays. Removing the Judge's token makes its tie a plain tie again."""
    game = _judge_with_modifier_and_token()
    assert waiting(game) == [("p2", "void_mage")]
    assert options(game, "p2") == {"p1:judge/modifiers", "p1:judge/ongoing"}
    assert signets(game) == (2, 2)

    choose(game, "p2", choice)
    assert card(game, 1, "p1") == judge
    assert winner(game, 1) == "p2"  # 11 or 8 < 12 either way
    assert winner(game, 2) == tie_winner
    assert winner(game, 3) == "p1"
    assert signets(game) == totals
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


# --- 3 Surgeon ---------------------------------------------------------------------------------------


def test_surgeon_parks_minus_five_for_the_next_card_and_djinn_wins() -> None:
    """Ruling 1: Surgeon parks -5 on the owner's next card; it is put on at the reveal and counts in
    that comparison (16 - 5 = 11 < 12), so the Djinn loses and wins the game (§1.10, reason ability)."""
    game = new_game(p1=["surgeon", "djinn"], p2=["saboteur", "treasurer"])
    play(game, "p1:surgeon", "p2:saboteur")
    assert card(game, 0, "p1") == played("surgeon", 3)  # the -5 is not on the Surgeon itself
    assert zone(game, "p1", "next_card_modifier") == -5
    assert zone(game, "p2", "next_card_modifier") == 0

    choose(game, "p1", "p1:djinn")
    # still parked while the card lies face down
    assert card(game, 1, "p1") == played("djinn", 16, face_up=False)
    assert zone(game, "p1", "next_card_modifier") == -5

    choose(game, "p2", "p2:treasurer")
    assert result(game) == {"winner": "p1", "reason": "ability"}
    state = view(game)
    assert state["status"] == "finished" and state["pending"] == []
    assert card(game, 1, "p1") == played("djinn", 11, modifier=-5)
    assert card(game, 1, "p2") == played("treasurer", 12, signets=1)
    assert zone(game, "p1", "next_card_modifier") == 0
    assert signets(game) == (0, 2)
    assert_illegal(game, "p1", "p1:hired_blade")  # no action after the end of the game


def test_surgeon_and_clockmaker_modifiers_net_on_cards() -> None:
    """Parked next-card modifiers (Surgeon -5, then Clockmaker +3) each land on the next revealed card,
    and all modifiers on one card are netted (§1.6): the Clockmaker plays at 11 - 5 and loses, then its
    +3 on the Surgeon flips round 1, and its parked +3 makes the Hired Blade win."""
    game = new_game(
        p1=["surgeon", "clockmaker", "hired_blade", "judge", "ambusher"],
        p2=["saboteur", "palace_guard", "surgeon", "judge", "ambusher"],
    )
    play(game, "p1:surgeon", "p2:saboteur")
    assert zone(game, "p1", "next_card_modifier") == -5
    play(game, "p1:clockmaker", "p2:palace_guard")  # 6 < 7
    assert card(game, 1, "p1") == played("clockmaker", 6, modifier=-5)
    assert card(game, 0, "p1") == played("surgeon", 6, modifier=3, signets=1)
    assert winner(game, 0) == "p1"  # 6 > 5
    assert zone(game, "p1", "next_card_modifier") == 3
    assert signets(game) == (1, 1)

    play(game, "p1:hired_blade", "p2:surgeon")  # 1 + 3 = 4 > 3: p2's Surgeon activates
    assert card(game, 2, "p1") == played("hired_blade", 4, modifier=3, signets=1)
    assert zone(game, "p1", "next_card_modifier") == 0
    assert zone(game, "p2", "next_card_modifier") == -5
    assert signets(game) == (2, 1)


# --- 4 Mediator --------------------------------------------------------------------------------------


def test_mediator_makes_its_encounter_a_tie_until_its_token_is_removed() -> None:
    """Mediator (ongoing): token on it, its encounter is a tie and the opponent's signet returns to the
    supply. A Void Mage removing the token lets the higher card win at once (§3.1 Void Mage)."""
    game = new_game(p1=["mediator", "surgeon"], p2=["saboteur", "void_mage"])
    play(game, "p1:mediator", "p2:saboteur")
    assert encounters(game) == [
        {"p1": played("mediator", 4, ongoing=1), "p2": played("saboteur", 5), "winner": "tie"}
    ]
    assert signets(game) == (0, 0)
    assert observation(game, None)["encounters"][0]["why"] == "mediator"  # what the board tells

    play(game, "p1:surgeon", "p2:void_mage")  # 3 > 2: the only legal answer is p1:mediator/ongoing
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert card(game, 0, "p1") == played("mediator", 4)
    assert card(game, 0, "p2") == played("saboteur", 5, signets=1)
    assert winner(game, 0) == "p2"
    assert signets(game) == (1, 1)


def test_mediator_of_the_second_player_takes_the_signet_away() -> None:
    """Mediator works for either player: p2's Mediator (4 < 5) takes p1's signet back to the supply."""
    game = new_game(p1=["saboteur"], p2=["mediator"])
    play(game, "p1:saboteur", "p2:mediator")
    assert encounters(game) == [
        {"p1": played("saboteur", 5), "p2": played("mediator", 4, ongoing=1), "winner": "tie"}
    ]
    assert signets(game) == (0, 0)
    assert zone(game, "p2", "discard") == []  # p1's Saboteur won: it never activated


def test_mediator_tie_is_won_by_its_owners_own_judge() -> None:
    """§1.6 b then d: the Mediator makes its encounter a tie, and the active Judge of the Mediator's own
    owner wins that tie (ruling 21)."""
    game = new_game(p1=["judge", "mediator"], p2=["puppeteer", "saboteur"])
    play(game, "p1:judge", "p2:puppeteer")
    play(game, "p1:mediator", "p2:saboteur")  # 4 < 5: the Mediator's token
    assert encounters(game)[1] == {
        "p1": played("mediator", 4, ongoing=1, signets=1),
        "p2": played("saboteur", 5),
        "winner": "p1",
    }
    assert signets(game) == (1, 1)


# --- 6 Fortune Teller --------------------------------------------------------------------------------


def test_fortune_teller_victim_places_face_up_first() -> None:
    """Fortune Teller: in the next round only the victim's "play" is pending; their card is shown face
    up; then the other player chooses (docs/record-format.md). It lasts one encounter only."""
    game = new_game(
        p1=["fortune_teller", "djinn", "surgeon", "mediator", "saboteur"],
        p2=["judge", "clockmaker", "surgeon", "mediator", "saboteur"],
    )
    play(game, "p1:fortune_teller", "p2:judge")  # 6 < 8
    assert waiting(game) == [("p2", "play")]
    assert_illegal(game, "p1", "p1:djinn")  # p1 must wait

    choose(game, "p2", "p2:clockmaker")
    assert view(game)["encounters"][1] == {"p1": None, "p2": played("clockmaker", 11), "winner": None}
    assert waiting(game) == [("p1", "play")]
    assert options(game, "p1") == {
        "p1:surgeon",
        "p1:mediator",
        "p1:saboteur",
        "p1:djinn",
        "p1:hired_blade",  # drawn at the end of round 1
    }

    choose(game, "p1", "p1:djinn")  # 16 > 11: p2's Clockmaker boosts p2's Judge
    assert row(game) == [("fortune_teller", "judge", "p2"), ("djinn", "clockmaker", "p1")]
    assert card(game, 0, "p2") == played("judge", 11, modifier=3, signets=1)
    assert zone(game, "p2", "next_card_modifier") == 3
    assert signets(game) == (1, 1)
    assert waiting(game) == [("p1", "play"), ("p2", "play")]  # back to simultaneous play


def test_fortune_teller_copied_by_magistra_works_normally() -> None:
    """Ruling 24 with ruling 7: a Magistra at 14 - 5 = 9 may copy an instant card of influence ≥ 9 (the
    Fortune Teller played at 6 + 3); the copied Fortune Teller makes p2 place first next round."""
    game = new_game(
        p1=["clockmaker", "fortune_teller", "surgeon", "magistra", "djinn"],
        p2=["djinn", "puppeteer", "judge", "treasurer", "inventor"],
    )
    play(game, "p1:clockmaker", "p2:djinn")  # p1 parks +3
    play(game, "p1:fortune_teller", "p2:puppeteer")  # 6 + 3 = 9 < 10: p2 must place first next
    assert card(game, 1, "p1") == played("fortune_teller", 9, modifier=3)
    assert waiting(game) == [("p2", "play")]
    choose(game, "p2", "p2:judge")
    assert card(game, 2, "p2") == played("judge", 8)
    choose(game, "p1", "p1:surgeon")  # 3 < 8: p1 parks -5
    assert waiting(game) == [("p1", "play"), ("p2", "play")]

    play(game, "p1:magistra", "p2:treasurer")  # 14 - 5 = 9 < 12
    assert card(game, 3, "p1") == played("magistra", 9, modifier=-5)
    assert waiting(game) == [("p1", "magistra")]
    assert options(game, "p1") == {"p1:clockmaker", "p1:fortune_teller"}  # not the Surgeon (3 < 9)
    choose(game, "p1", "p1:fortune_teller")
    assert waiting(game) == [("p2", "play")]
    assert signets(game) == (0, 4)


# --- 7 Palace Guard ----------------------------------------------------------------------------------


def test_palace_guard_gets_plus_seven_when_the_opponent_has_no_card_of_the_faction() -> None:
    """Palace Guard: the owner names a faction; an opponent without a card of it cannot discard, so the
    Palace Guard gets +7 (7 + 7 = 14 > 9). The Ambusher becomes the loser but never activates."""
    game = new_game(
        p1=["palace_guard", "surgeon"],
        p2=["ambusher", "hired_blade", "saboteur", "swamp_guardian", "void_mage"],
    )
    play(game, "p1:palace_guard", "p2:ambusher")
    assert waiting(game) == [("p1", "palace_guard_faction")]
    assert options(game, "p1") == set(FACTIONS)

    choose(game, "p1", "dynasty")  # p2 holds no Dynasty card: declined automatically
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert encounters(game) == [
        {"p1": played("palace_guard", 14, modifier=7, signets=1), "p2": played("ambusher", 9), "winner": "p1"}
    ]
    assert zone(game, "p2", "discard") == []
    assert signets(game) == (1, 0)


def test_palace_guard_plus_seven_may_not_be_enough() -> None:
    """Palace Guard: 7 + 7 = 14 still loses to the Djinn (16); the Djinn won, so it does nothing."""
    game = new_game(p1=["palace_guard"], p2=["djinn", "hired_blade", "saboteur", "ambusher", "void_mage"])
    play(game, "p1:palace_guard", "p2:djinn")
    choose(game, "p1", "guild")  # p2 holds no Guild card
    assert encounters(game) == [
        {"p1": played("palace_guard", 14, modifier=7), "p2": played("djinn", 16, signets=1), "winner": "p2"}
    ]
    assert view(game)["status"] == "in_progress"


@pytest.mark.parametrize(
    ("answer", "palace_guard", "encounter_winner", "p2_discard"),
    [
        ("p2:saboteur", played("palace_guard", 7), "p2", ["saboteur"]),
        ("decline", played("palace_guard", 14, modifier=7, signets=1), "p1", []),
    ],
)
def test_palace_guard_opponent_chooses_to_discard_or_not(
    answer: str, palace_guard: dict[str, Any], encounter_winner: str, p2_discard: list[str]
) -> None:
    """Palace Guard, ruling 8: the opponent (not the owner) decides whether to discard a card of the named
    faction and which one; declining gives the Palace Guard +7."""
    game = new_game(
        p1=["palace_guard", "surgeon"],
        p2=["ambusher", "hired_blade", "saboteur", "swamp_guardian", "void_mage"],
    )
    play(game, "p1:palace_guard", "p2:ambusher")
    choose(game, "p1", "rebels")
    assert waiting(game) == [("p2", "palace_guard_discard")]
    assert options(game, "p2") == {"p2:hired_blade", "p2:saboteur", "p2:swamp_guardian", "decline"}
    assert_illegal(game, "p2", "p2:void_mage")  # not a Rebel
    assert_illegal(game, "p1", "decline")  # not p1's choice

    choose(game, "p2", answer)
    assert card(game, 0, "p1") == palace_guard
    assert winner(game, 0) == encounter_winner
    assert zone(game, "p2", "discard") == p2_discard
    assert waiting(game) == [("p1", "play"), ("p2", "play")]  # the Ambusher never activates


# --- 8 Judge -----------------------------------------------------------------------------------------


def test_judge_wins_past_and_future_ties_which_still_skip_phase_two() -> None:
    """Judge (ongoing): on activation its owner wins every tied encounter, past and future. A tie won by
    a Judge still skips phase 2 (§1.5): the losing-by-tie Saboteur does not mill p1's deck."""
    game = new_game(
        p1=["surgeon", "judge", "saboteur", "mediator", "ambusher"],
        p2=["surgeon", "treasurer", "saboteur", "mediator", "ambusher"],
    )
    play(game, "p1:surgeon", "p2:surgeon")
    assert winner(game, 0) == "tie" and signets(game) == (0, 0)

    play(game, "p1:judge", "p2:treasurer")  # 8 < 12: token on the Judge
    assert card(game, 1, "p1") == played("judge", 8, ongoing=1)
    assert winner(game, 0) == "p1"
    assert card(game, 0, "p1") == played("surgeon", 3, signets=1)
    assert card(game, 0, "p2") == played("surgeon", 3)
    assert signets(game) == (1, 1)

    play(game, "p1:saboteur", "p2:saboteur")  # a tie, won by the Judge
    assert winner(game, 2) == "p1"
    assert card(game, 2, "p1") == played("saboteur", 5, signets=1)
    assert zone(game, "p1", "discard") == [] and zone(game, "p2", "discard") == []
    assert len(zone(game, "p1", "deck")) == 8  # 11 minus three phase-3 draws, nothing milled
    assert signets(game) == (2, 1)
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_judge_wins_a_mediator_tie() -> None:
    """Ruling 21: a Mediator tie is a tie, and an active Judge wins it."""
    game = new_game(p1=["judge", "saboteur"], p2=["puppeteer", "mediator"])
    play(game, "p1:judge", "p2:puppeteer")  # 8 < 10: p1's Judge is active
    play(game, "p1:saboteur", "p2:mediator")  # 5 > 4: the Mediator makes it a tie, p1's Judge wins it
    assert view(game)["encounters"][1] == {
        "p1": played("saboteur", 5, signets=1),
        "p2": played("mediator", 4, ongoing=1),
        "winner": "p1",
    }
    assert signets(game) == (1, 1)


def test_two_judges_both_win_a_tie_and_a_treasurer_pays_each() -> None:
    """§1.6 d: with both Judges active a tie is won by both ("both", a signet on each card). Ruling 5: a
    Treasurer after it gives each winning card +1. A tie still activates nothing (the Hired Blades stay)."""
    game = new_game(
        p1=["judge", "ambusher", "hired_blade", "treasurer", "surgeon"],
        p2=["puppeteer", "judge", "hired_blade", "magistra", "surgeon"],
    )
    play(game, "p1:judge", "p2:puppeteer")  # p1's Judge active
    play(game, "p1:ambusher", "p2:judge")  # 9 > 8: p2's Judge active
    assert card(game, 1, "p2") == played("judge", 8, ongoing=1)
    play(game, "p1:hired_blade", "p2:hired_blade")
    assert view(game)["encounters"][2] == {
        "p1": played("hired_blade", 1, signets=1),
        "p2": played("hired_blade", 1, signets=1),
        "winner": "both",
    }
    assert signets(game) == (2, 2)

    play(game, "p1:treasurer", "p2:magistra")  # 12 < 14: the Treasurer's token
    assert card(game, 2, "p1") == played("hired_blade", 1, signets=2)
    assert card(game, 2, "p2") == played("hired_blade", 1, signets=2)
    assert card(game, 3, "p1") == played("treasurer", 12, ongoing=1)
    assert signets(game) == (3, 4)  # ambusher 1 + blade 2; puppeteer 1 + blade 2 + magistra 1


# --- 9 Ambusher --------------------------------------------------------------------------------------


def test_ambusher_discards_every_hand_card_of_the_named_faction() -> None:
    """Ambusher: its owner names a faction blindly; the opponent discards every card of it from hand
    (no choice for them), in ascending value (docs/record-format.md)."""
    game = new_game(
        p1=["ambusher", "surgeon"],
        p2=["puppeteer", "swamp_guardian", "saboteur", "surgeon", "hired_blade", "inventor"],
    )
    play(game, "p1:ambusher", "p2:puppeteer")
    assert waiting(game) == [("p1", "ambusher_faction")]
    assert options(game, "p1") == set(FACTIONS)
    assert_illegal(game, "p2", "rebels")
    choose(game, "p1", "rebels")
    assert zone(game, "p2", "discard") == ["hired_blade", "saboteur", "swamp_guardian"]
    assert hand(game, "p2") == ["surgeon", "inventor"]  # the inventor was drawn in phase 3
    assert zone(game, "p1", "discard") == []
    assert signets(game) == (0, 1)


def test_ambusher_naming_a_faction_the_opponent_lacks_does_nothing() -> None:
    """Ambusher: nothing is discarded when the opponent has no card of the named faction."""
    game = new_game(p1=["ambusher"], p2=["puppeteer", "void_mage", "surgeon", "mediator", "judge"])
    play(game, "p1:ambusher", "p2:puppeteer")
    choose(game, "p1", "rebels")  # none
    assert zone(game, "p2", "discard") == []
    assert hand(game, "p2") == ["hired_blade", "void_mage", "surgeon", "mediator", "judge"]


# --- 10 Puppeteer ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("taken", "encounter_winner", "totals", "p2_hand"),
    [
        ("saboteur", "p1", (2, 0), ["hired_blade", "void_mage", "puppeteer", "djinn"]),
        ("djinn", "p2", (1, 1), ["hired_blade", "void_mage", "saboteur", "puppeteer"]),
        ("puppeteer", "tie", (1, 0), ["hired_blade", "void_mage", "saboteur", "djinn"]),
    ],
)
def test_puppeteer_replacement_decides_the_encounter(
    taken: str, encounter_winner: str, totals: tuple[int, int], p2_hand: list[str]
) -> None:
    """Puppeteer: the opposing card is discarded (with its +3) and replaced by a card the chance player
    takes from the opponent's hand; the replacement is face up with no tokens and decides the encounter
    (lower: win, higher: loss, equal: tie). Its ability is not activated (a Djinn does not win, a
    Saboteur does not mill)."""
    game = new_game(
        p1=["djinn", "puppeteer"],
        p2=["clockmaker", "judge", "saboteur", "puppeteer", "djinn", "hired_blade"],
    )
    play(game, "p1:djinn", "p2:clockmaker")  # p2's Clockmaker parks +3
    play(game, "p1:puppeteer", "p2:judge")  # 10 < 8 + 3
    assert waiting(game) == [("chance", "puppeteer")]
    assert options(game, "chance") == {"p2:hired_blade", "p2:saboteur", "p2:puppeteer", "p2:djinn"}
    assert_illegal(game, "p1", "p2:saboteur")  # chance decides, not the Puppeteer's owner

    choose(game, "chance", f"p2:{taken}")
    assert view(game)["status"] == "in_progress"
    replacement = {"saboteur": 5, "djinn": 16, "puppeteer": 10}[taken]
    assert card(game, 1, "p2") == played(taken, replacement, signets=1 if encounter_winner == "p2" else 0)
    assert card(game, 1, "p1") == played("puppeteer", 10, signets=1 if encounter_winner == "p1" else 0)
    assert winner(game, 1) == encounter_winner
    assert zone(game, "p2", "discard") == ["judge"]
    assert hand(game, "p2") == p2_hand  # void_mage drawn in phase 3
    assert zone(game, "p1", "discard") == []
    assert len(zone(game, "p1", "deck")) == 9
    assert signets(game) == totals
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_puppeteer_discards_first_then_replaces() -> None:
    """docs/record-format.md §Chance: while the replacement is pending, the opposing card is already
    discarded (last
    in its owner's discard pile, its slot empty), the encounter has no winner, and the signets it
    carried are gone from the totals; then the replacement takes the empty slot."""
    game = new_game(
        p1=["djinn", "puppeteer"],
        p2=["clockmaker", "judge", "saboteur", "puppeteer", "djinn", "hired_blade"],
    )
    play(game, "p1:djinn", "p2:clockmaker")
    play(game, "p1:puppeteer", "p2:judge")  # 10 < 8 + 3: the Judge carried the encounter's signet
    assert waiting(game) == [("chance", "puppeteer")]
    state = view(game)
    assert state["encounters"][1]["p2"] is None and state["encounters"][1]["winner"] is None
    assert state["encounters"][1]["p1"]["card"] == "puppeteer"
    assert zone(game, "p2", "discard") == ["judge"]
    assert state["signets"] == {"p1": 1, "p2": 0}  # the Djinn's; the Judge's is gone with it
    choose(game, "chance", "p2:saboteur")
    assert card(game, 1, "p2") == played("saboteur", 5, signets=0)
    assert winner(game, 1) == "p1" and zone(game, "p2", "discard") == ["judge"]


def test_puppeteer_with_a_single_card_to_take_and_its_own_penalty() -> None:
    """Puppeteer: with one card in the opponent's hand there is nothing random to ask (docs/record-format.md,
    one
    legal answer); the Puppeteer keeps its own parked -5 (10 - 5 = 5) and beats the Void Mage (2)."""
    game = new_game(
        p1=["ambusher", "surgeon", "puppeteer", "mediator", "saboteur"],
        p2=["djinn", "hired_blade", "saboteur", "ambusher", "void_mage", "judge", "treasurer"],
    )
    play(game, "p1:ambusher", "p2:djinn")
    choose(game, "p1", "rebels")  # p2 keeps only the Void Mage, then draws the Judge
    play(game, "p1:surgeon", "p2:judge")  # p1 parks -5; p2 draws the Treasurer
    assert hand(game, "p2") == ["void_mage", "treasurer"]
    play(game, "p1:puppeteer", "p2:treasurer")  # 5 < 12
    assert all(kind != "puppeteer" for _, kind in waiting(game))
    assert encounters(game)[2] == {
        "p1": played("puppeteer", 5, modifier=-5, signets=1),
        "p2": played("void_mage", 2),
        "winner": "p1",
    }
    assert zone(game, "p2", "discard") == ["hired_blade", "saboteur", "ambusher", "treasurer"]
    assert signets(game) == (1, 2)


def test_puppeteer_against_an_empty_hand_wins_the_game() -> None:
    """Ruling 19: when the opponent's hand is empty the Puppeteer cannot take a replacement; the opponent
    cannot play, so the Puppeteer's owner wins at once (reason cannot_play). The discarded card's slot
    is null and the encounter's winner null (docs/record-format.md). A one-card hand is played
    automatically."""
    game = new_game(
        p1=["ambusher", "puppeteer", "surgeon", "mediator", "saboteur"],
        p2=["djinn", "hired_blade", "saboteur", "ambusher", "swamp_guardian", "inventor"],
    )
    play(game, "p1:ambusher", "p2:djinn")
    choose(game, "p1", "rebels")  # p2 discards all four Rebels: an empty hand, then draws the Inventor
    assert zone(game, "p2", "discard") == ["hired_blade", "saboteur", "ambusher", "swamp_guardian"]
    assert hand(game, "p2") == []
    # round 2: p2's single card was placed by itself (face down), only p1 is asked
    assert waiting(game) == [("p1", "play")]
    assert view(game)["encounters"][1] == {
        "p1": None,
        "p2": played("inventor", 15, face_up=False),
        "winner": None,
    }

    choose(game, "p1", "p1:puppeteer")  # 10 < 15
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}
    state = view(game)
    assert state["status"] == "finished" and state["pending"] == []
    assert state["encounters"][1] == {"p1": played("puppeteer", 10), "p2": None, "winner": None}
    assert zone(game, "p2", "discard") == [
        "hired_blade",
        "saboteur",
        "ambusher",
        "swamp_guardian",
        "inventor",
    ]
    assert signets(game) == (0, 1)


# --- 11 Clockmaker -----------------------------------------------------------------------------------


def test_clockmaker_boosts_the_previous_card_and_the_next_card() -> None:
    """Clockmaker: +3 on its owner's card in the previous encounter (here it turns a tie into a win) and
    +3 parked for the next card (which then wins 4 > 3)."""
    game = new_game(
        p1=["palace_guard", "clockmaker", "hired_blade", "judge", "ambusher"],
        p2=["palace_guard", "treasurer", "surgeon", "judge", "ambusher"],
    )
    play(game, "p1:palace_guard", "p2:palace_guard")
    assert winner(game, 0) == "tie"
    play(game, "p1:clockmaker", "p2:treasurer")  # 11 < 12
    assert card(game, 0, "p1") == played("palace_guard", 10, modifier=3, signets=1)
    assert winner(game, 0) == "p1"
    assert card(game, 1, "p1") == played("clockmaker", 11)
    assert zone(game, "p1", "next_card_modifier") == 3
    assert signets(game) == (1, 1)

    play(game, "p1:hired_blade", "p2:surgeon")  # 1 + 3 = 4 > 3
    assert card(game, 2, "p1") == played("hired_blade", 4, modifier=3, signets=1)
    assert zone(game, "p1", "next_card_modifier") == 0
    assert zone(game, "p2", "next_card_modifier") == -5
    assert signets(game) == (2, 1)


# --- 12 Treasurer ------------------------------------------------------------------------------------


def test_treasurer_pays_whoever_wins_the_previous_encounter_and_follows_a_flip() -> None:
    """Ruling 5 and 11: the Treasurer's extra signet goes to the card winning the previous encounter,
    even the opponent's (mandatory), and follows that encounter when it flips (Inventor)."""
    game = new_game(
        p1=["void_mage", "treasurer", "inventor", "surgeon", "mediator"],
        p2=["surgeon", "magistra", "djinn", "saboteur", "mediator"],
    )
    play(game, "p1:void_mage", "p2:surgeon")  # 2 < 3, nothing to strip
    play(game, "p1:treasurer", "p2:magistra")  # 12 < 14: token on the Treasurer
    assert card(game, 1, "p1") == played("treasurer", 12, ongoing=1)
    assert card(game, 0, "p2") == played("surgeon", 3, signets=2)
    assert signets(game) == (0, 3)

    play(game, "p1:inventor", "p2:djinn")  # 15 < 16
    assert waiting(game) == [("p1", "inventor_plus")]
    assert options(game, "p1") == {
        "p1:void_mage",
        "p2:surgeon",
        "p1:treasurer",
        "p2:magistra",
        "p1:inventor",
        "p2:djinn",
    }
    choose(game, "p1", "p1:void_mage")  # 5 > 3: round 1 flips, the extra signet follows
    assert card(game, 0, "p1") == played("void_mage", 5, modifier=3, signets=2)
    assert card(game, 0, "p2") == played("surgeon", 3)
    assert waiting(game) == [("p1", "inventor_minus")]
    assert options(game, "p1") == {"p2:surgeon", "p1:treasurer", "p2:magistra", "p1:inventor", "p2:djinn"}
    assert_illegal(game, "p1", "p1:void_mage")  # the two targets must differ
    choose(game, "p1", "p2:djinn")  # 13 < 15: the Inventor wins its own encounter
    assert card(game, 2, "p2") == played("djinn", 13, modifier=-3)
    assert card(game, 2, "p1") == played("inventor", 15, signets=1)
    assert signets(game) == (3, 1)
    assert view(game)["status"] == "in_progress"  # the Djinn became the loser but never activates


def test_treasurer_extra_signet_vanishes_with_its_token() -> None:
    """§1.5: when an ongoing token is removed the ability stops at once (Void Mage on a Treasurer)."""
    game = new_game(p1=["saboteur", "treasurer", "ambusher"], p2=["judge", "magistra", "void_mage"])
    play(game, "p1:saboteur", "p2:judge")  # 5 < 8; p2's deck is milled
    play(game, "p1:treasurer", "p2:magistra")  # the extra signet goes to p2's Judge
    assert card(game, 0, "p2") == played("judge", 8, signets=2)
    assert signets(game) == (0, 3)
    play(game, "p1:ambusher", "p2:void_mage")  # only p1:treasurer/ongoing can be stripped
    assert card(game, 1, "p1") == played("treasurer", 12)
    assert card(game, 0, "p2") == played("judge", 8, signets=1)
    assert signets(game) == (1, 2)


def test_treasurer_gives_nothing_while_the_previous_encounter_is_tied() -> None:
    """Ruling 5: no extra signet while the previous encounter is a tie nobody wins; it appears on the
    card that later wins it."""
    game = new_game(
        p1=["palace_guard", "treasurer", "inventor", "surgeon", "mediator"],
        p2=["palace_guard", "magistra", "djinn", "surgeon", "mediator"],
    )
    play(game, "p1:palace_guard", "p2:palace_guard")
    play(game, "p1:treasurer", "p2:magistra")
    assert card(game, 1, "p1") == played("treasurer", 12, ongoing=1)
    assert card(game, 0, "p1")["signets"] == 0 and card(game, 0, "p2")["signets"] == 0
    assert signets(game) == (0, 1)

    play(game, "p1:inventor", "p2:djinn")
    choose(game, "p1", "p2:palace_guard")  # +3 on p2's Palace Guard: 10 > 7
    assert card(game, 0, "p2") == played("palace_guard", 10, modifier=3, signets=2)
    choose(game, "p1", "p2:magistra")  # -3: 11 < 12, the Treasurer now wins its own encounter
    assert card(game, 1, "p1") == played("treasurer", 12, ongoing=1, signets=1)
    assert card(game, 1, "p2") == played("magistra", 11, modifier=-3)
    assert signets(game) == (1, 3)  # treasurer 1; palace guard 2 + djinn 1


# --- 13 Swamp Guardian -------------------------------------------------------------------------------


def test_swamp_guardian_takes_a_card_back_and_the_row_slides() -> None:
    """Swamp Guardian: one of the owner's other played cards returns to hand without its tokens, the
    opposing card is discarded, the encounter vanishes and later encounters slide (§1.7). The Treasurer's
    previous encounter is now round 1 (ruling 5 / BGA), and a later Clockmaker's previous encounter is
    the Swamp Guardian's in the closed row."""
    game = new_game(
        p1=["void_mage", "judge", "treasurer", "swamp_guardian", "clockmaker"],
        p2=["surgeon", "void_mage", "magistra", "inventor", "djinn"],
    )
    play(game, "p1:void_mage", "p2:surgeon")  # 2 < 3
    play(game, "p1:judge", "p2:void_mage")  # 8 > 2; nothing to strip
    play(game, "p1:treasurer", "p2:magistra")  # 12 < 14: the extra signet goes to p1's Judge
    assert card(game, 1, "p1") == played("judge", 8, signets=2)
    assert signets(game) == (2, 2)

    play(game, "p1:swamp_guardian", "p2:inventor")  # 13 < 15
    assert waiting(game) == [("p1", "swamp_guardian")]
    assert options(game, "p1") == {"p1:void_mage", "p1:judge", "p1:treasurer"}
    choose(game, "p1", "p1:judge")
    assert row(game) == [
        ("void_mage", "surgeon", "p2"),
        ("treasurer", "magistra", "p2"),
        ("swamp_guardian", "inventor", "p2"),
    ]
    assert card(game, 0, "p2") == played("surgeon", 3, signets=2)  # the Treasurer now follows round 1
    assert card(game, 1, "p1") == played("treasurer", 12, ongoing=1)
    assert zone(game, "p2", "discard") == ["void_mage"]
    assert zone(game, "p1", "discard") == []
    # the Judge is back in hand, and p1 still drew (hired_blade, surgeon, mediator, saboteur)
    assert hand(game, "p1") == ["hired_blade", "surgeon", "mediator", "saboteur", "judge", "clockmaker"]
    assert signets(game) == (0, 4)

    play(game, "p1:clockmaker", "p2:djinn")  # 11 < 16; p2 has 5 for a moment, then +3 flips round 3
    assert card(game, 2, "p1") == played("swamp_guardian", 16, modifier=3, signets=1)
    assert winner(game, 2) == "p1"
    assert signets(game) == (1, 4)
    assert view(game)["status"] == "in_progress"  # the signets are counted after the abilities


def test_swamp_guardian_without_another_own_card_does_nothing() -> None:
    """Swamp Guardian in round 1: no other own played card, so nothing happens (no decision)."""
    game = new_game(p1=["swamp_guardian"], p2=["inventor"])
    play(game, "p1:swamp_guardian", "p2:inventor")
    assert row(game) == [("swamp_guardian", "inventor", "p2")]
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert len(hand(game, "p1")) == 5 and zone(game, "p2", "discard") == []


def test_swamp_guardian_takes_back_an_active_judge_which_returns_fresh() -> None:
    """Swamp Guardian: the card taken back loses all its tokens (§1.7), so the Judge's tie signet
    vanishes and its opposite (the Treasurer) is discarded; replayed later, it is a fresh card (no +3)
    and activates again when it loses."""
    game = new_game(
        p1=["clockmaker", "judge", "surgeon", "swamp_guardian", "ambusher"],
        p2=["djinn", "treasurer", "surgeon", "inventor", "ambusher"],
    )
    play(game, "p1:clockmaker", "p2:djinn")  # p1 parks +3
    play(game, "p1:judge", "p2:treasurer")  # 11 < 12: the Judge's token
    play(game, "p1:surgeon", "p2:surgeon")  # tie won by the Judge
    assert signets(game) == (1, 2)
    play(game, "p1:swamp_guardian", "p2:inventor")
    assert options(game, "p1") == {"p1:clockmaker", "p1:judge", "p1:surgeon"}
    choose(game, "p1", "p1:judge")
    assert row(game) == [
        ("clockmaker", "djinn", "p2"),
        ("surgeon", "surgeon", "tie"),
        ("swamp_guardian", "inventor", "p2"),
    ]
    assert zone(game, "p2", "discard") == ["treasurer"]
    assert "judge" in hand(game, "p1")
    assert signets(game) == (0, 2)

    play(game, "p1:judge", "p2:ambusher")  # 8 < 9: a fresh Judge, activated again
    assert card(game, 3, "p1") == played("judge", 8, ongoing=1)
    assert winner(game, 1) == "p1"
    assert signets(game) == (1, 3)


# --- 14 Magistra -------------------------------------------------------------------------------------


def test_magistra_may_copy_only_own_instant_cards_at_least_as_strong() -> None:
    """Ruling 7: only the owner's other played cards with an instant ability and current influence ≥ the
    Magistra's current influence (14 - 5 = 9): Ambusher (9, equal counts) and Swamp Guardian (13), not the
    Treasurer (ongoing), Palace Guard (7), Surgeon (3) or any opponent's card. The copy then asks its own
    decisions."""
    game = new_game(
        p1=["ambusher", "treasurer", "palace_guard", "swamp_guardian", "surgeon", "magistra"],
        p2=["void_mage", "surgeon", "clockmaker", "judge", "saboteur", "treasurer"],
    )
    play(game, "p1:ambusher", "p2:void_mage")  # 9 > 2
    play(game, "p1:treasurer", "p2:surgeon")  # 12 > 3: p2 parks -5
    play(game, "p1:palace_guard", "p2:clockmaker")  # 7 > 11 - 5: +3 on p2's Surgeon, p2 parks +3
    play(game, "p1:swamp_guardian", "p2:judge")  # 13 > 8 + 3: p2's Judge gets a token
    play(game, "p1:surgeon", "p2:saboteur")  # 3 < 5: p1 parks -5
    assert signets(game) == (4, 1)

    play(game, "p1:magistra", "p2:treasurer")  # 14 - 5 = 9 < 12
    assert card(game, 5, "p1") == played("magistra", 9, modifier=-5)
    assert waiting(game) == [("p1", "magistra")]
    assert options(game, "p1") == {"p1:ambusher", "p1:swamp_guardian"}
    assert_illegal(game, "p1", "p1:treasurer")
    assert_illegal(game, "p1", "p2:clockmaker")

    choose(game, "p1", "p1:ambusher")
    assert waiting(game) == [("p1", "ambusher_faction")]
    # p2 holds hired_blade, mediator, fortune_teller, palace_guard (drawn in rounds 2-5)
    choose(game, "p1", "dynasty")
    assert zone(game, "p2", "discard") == ["mediator"]
    assert signets(game) == (4, 2)
    assert view(game)["status"] == "in_progress"


def test_magistra_copying_clockmaker_boosts_the_card_before_the_magistra() -> None:
    """§1.8 / §3.1: a copied Clockmaker resolves in the Magistra's position: +3 on the owner's card in the
    encounter before the Magistra (the Surgeon, flipping it), not before the Clockmaker; +3 parked."""
    game = new_game(
        p1=["clockmaker", "surgeon", "magistra", "judge", "ambusher"],
        p2=["void_mage", "saboteur", "puppeteer", "judge", "ambusher"],
    )
    play(game, "p1:clockmaker", "p2:void_mage")  # 11 > 2
    play(game, "p1:surgeon", "p2:saboteur")  # 3 < 5: p1 parks -5
    play(game, "p1:magistra", "p2:puppeteer")  # 9 < 10: only the Clockmaker (11 ≥ 9) qualifies
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert card(game, 0, "p1") == played("clockmaker", 11, signets=1)
    assert card(game, 1, "p1") == played("surgeon", 6, modifier=3, signets=1)
    assert winner(game, 1) == "p1"
    assert card(game, 2, "p1") == played("magistra", 9, modifier=-5)
    assert zone(game, "p1", "next_card_modifier") == 3
    assert signets(game) == (2, 1)


def test_magistra_copying_hired_blade_discards_the_magistra_and_its_opposite() -> None:
    """§3.1 Magistra: a copied Hired Blade discards the Magistra and its opposing card (the original
    Hired Blade stays). On the way: Inventor's +3/-3 may target any played card (own or the opponent's),
    and a Djinn made to lose after phase 1 never activates."""
    game = new_game(
        p1=["clockmaker", "hired_blade", "inventor", "djinn", "surgeon", "magistra"],
        p2=["magistra", "mediator", "djinn", "inventor", "saboteur", "treasurer"],
    )
    play(game, "p1:clockmaker", "p2:magistra")  # 11 < 14: p1 parks +3
    play(game, "p1:hired_blade", "p2:mediator")  # 1 + 3 = 4 = 4: a tie, no activation
    assert winner(game, 1) == "tie"
    play(game, "p1:inventor", "p2:djinn")  # 15 < 16
    choose(game, "p1", "p1:hired_blade")  # 7 > 4
    choose(game, "p1", "p2:djinn")  # 13 < 15
    assert row(game)[1:] == [("hired_blade", "mediator", "p1"), ("inventor", "djinn", "p1")]
    play(game, "p1:djinn", "p2:inventor")  # 16 > 15: p2's Inventor activates
    choose(game, "p2", "p1:hired_blade")  # 10
    choose(game, "p2", "p1:djinn")  # 13 < 15: the Djinn loses now but does not activate
    assert view(game)["status"] == "in_progress"
    assert card(game, 3, "p1") == played("djinn", 13, modifier=-3)
    assert winner(game, 3) == "p2"
    play(game, "p1:surgeon", "p2:saboteur")  # 3 < 5: p1 parks -5
    assert signets(game) == (2, 3)

    play(game, "p1:magistra", "p2:treasurer")  # 9 < 12
    assert options(game, "p1") == {"p1:clockmaker", "p1:hired_blade", "p1:inventor", "p1:djinn"}
    choose(game, "p1", "p1:hired_blade")
    assert row(game) == [
        ("clockmaker", "magistra", "p2"),
        ("hired_blade", "mediator", "p1"),
        ("inventor", "djinn", "p1"),
        ("djinn", "inventor", "p2"),
        ("surgeon", "saboteur", "p2"),
    ]
    assert card(game, 1, "p1") == played("hired_blade", 10, modifier=9, signets=1)
    assert zone(game, "p1", "discard") == ["magistra"]
    assert zone(game, "p2", "discard") == ["treasurer"]
    assert signets(game) == (2, 3)
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_magistra_without_an_eligible_card_does_nothing() -> None:
    """Ruling 7: no other own played instant card with influence >= the Magistra's → nothing happens."""
    game = new_game(p1=["judge", "magistra"], p2=["void_mage", "inventor"])
    play(game, "p1:judge", "p2:void_mage")  # 8 > 2
    play(game, "p1:magistra", "p2:inventor")  # 14 < 15: the Judge is ongoing and too weak anyway
    assert waiting(game) == [("p1", "play"), ("p2", "play")]
    assert row(game) == [("judge", "void_mage", "p1"), ("magistra", "inventor", "p2")]
    assert signets(game) == (1, 1)


def test_magistra_copying_djinn_wins_the_game() -> None:
    """§3.1 Magistra: copying a played Djinn wins the game (§1.10 "a copy of it", reason ability)."""
    game = new_game(p1=["djinn", "magistra"], p2=["void_mage", "inventor"])
    play(game, "p1:djinn", "p2:void_mage")  # 16 > 2: the Djinn wins, nothing happens
    assert view(game)["status"] == "in_progress"
    play(game, "p1:magistra", "p2:inventor")  # 14 < 15: the Djinn (16 ≥ 14) is the only source
    assert result(game) == {"winner": "p1", "reason": "ability"}
    assert view(game)["pending"] == []


# --- 15 Inventor -------------------------------------------------------------------------------------


def test_inventor_plus_three_on_itself_beats_the_djinn() -> None:
    """Inventor (rulebook example): +3 on the losing Inventor makes it win 18 > 16, the Djinn becomes the
    loser and does not activate; the -3 is mandatory and, with one target left, applied by itself."""
    game = new_game(p1=["inventor"], p2=["djinn"])
    play(game, "p1:inventor", "p2:djinn")
    assert waiting(game) == [("p1", "inventor_plus")]
    assert options(game, "p1") == {"p1:inventor", "p2:djinn"}
    assert_illegal(game, "p1", "skip")
    choose(game, "p1", "p1:inventor")
    assert encounters(game) == [
        {
            "p1": played("inventor", 18, modifier=3, signets=1),
            "p2": played("djinn", 13, modifier=-3),
            "winner": "p1",
        }
    ]
    assert view(game)["status"] == "in_progress"
    assert waiting(game) == [("p1", "play"), ("p2", "play")]


def test_inventor_minus_three_turns_an_old_win_into_a_tie() -> None:
    """Inventor (rulebook example): -3 on an old winning card of the opponent makes that encounter a
    tie (no signet); +3 on the Inventor itself wins its own encounter."""
    game = new_game(p1=["void_mage", "inventor"], p2=["saboteur", "djinn"])
    play(game, "p1:void_mage", "p2:saboteur")  # 2 < 5; p2's deck is milled, nothing to strip
    play(game, "p1:inventor", "p2:djinn")
    choose(game, "p1", "p1:inventor")
    assert waiting(game) == [("p1", "inventor_minus")]
    choose(game, "p1", "p2:saboteur")
    assert encounters(game)[0] == {
        "p1": played("void_mage", 2),
        "p2": played("saboteur", 2, modifier=-3),
        "winner": "tie",
    }
    assert signets(game) == (1, 0)


# --- 16 Djinn ----------------------------------------------------------------------------------------


def test_djinn_wins_even_when_the_opponent_has_five_signets() -> None:
    """Ruling 20: the Djinn's win is immediate in phase 2, although the opponent has just reached 5
    signets (signets are only counted in phase 3). Also a Fortune Teller round on the way."""
    game = new_game(
        p1=["void_mage", "saboteur", "fortune_teller", "surgeon", "djinn"],
        p2=["judge", "ambusher", "puppeteer", "palace_guard", "treasurer"],
    )
    play(game, "p1:void_mage", "p2:judge")
    play(game, "p1:saboteur", "p2:ambusher")
    play(game, "p1:fortune_teller", "p2:puppeteer")  # p2 must place first next round
    choose(game, "p2", "p2:palace_guard")
    choose(game, "p1", "p1:surgeon")  # 3 < 7: p1 parks -5
    assert signets(game) == (0, 4)
    play(game, "p1:djinn", "p2:treasurer")  # 11 < 12
    assert result(game) == {"winner": "p1", "reason": "ability"}
    assert signets(game) == (0, 5)


def test_djinn_that_wins_its_encounter_does_nothing() -> None:
    """Djinn only fires when it loses in phase 1: a winning Djinn just scores its signet."""
    game = new_game(p1=["djinn"], p2=["judge"])
    play(game, "p1:djinn", "p2:judge")
    assert row(game) == [("djinn", "judge", "p1")]
    assert card(game, 0, "p2") == played("judge", 8, ongoing=1)  # the loser's Judge activates instead
    assert view(game)["status"] == "in_progress"


# --- game end (§1.10) --------------------------------------------------------------------------------


def test_equal_signets_of_five_keep_playing_then_more_signets_win() -> None:
    """Ruling 10: both ≥5 and equal at the end of a round → nobody wins, keep playing (a Judge does not
    break it); next round 6 > 5 wins (reason signets). Two active Judges make every tie "both"."""
    game = new_game(
        p1=["judge", "ambusher", "hired_blade", "void_mage", "mediator", "saboteur", "djinn"],
        p2=["puppeteer", "judge", "hired_blade", "void_mage", "mediator", "saboteur", "surgeon"],
    )
    play(game, "p1:judge", "p2:puppeteer")  # p1's Judge active
    play(game, "p1:ambusher", "p2:judge")  # p2's Judge active
    assert signets(game) == (1, 1)
    for index, card_id in enumerate(["hired_blade", "void_mage", "mediator", "saboteur"], start=2):
        play(game, f"p1:{card_id}", f"p2:{card_id}")
        assert winner(game, index) == "both"
    assert signets(game) == (5, 5)
    state = view(game)
    assert state["status"] == "in_progress" and state["result"] is None
    assert state["round"] == 7
    assert waiting(game) == [("p1", "play"), ("p2", "play")]

    play(game, "p1:djinn", "p2:surgeon")
    assert signets(game) == (6, 5)
    assert result(game) == {"winner": "p1", "reason": "signets"}
    assert view(game)["pending"] == []


def test_five_signets_strictly_more_win_at_the_end_of_the_round() -> None:
    """§1.10 phase 3: after all abilities (here p2's Ambusher) and the draws, ≥5 signets and strictly
    more than the opponent wins (reason signets); 4 signets do not."""
    game = new_game(
        p1=["djinn", "inventor", "magistra", "swamp_guardian", "treasurer"],
        p2=["void_mage", "surgeon", "saboteur", "judge", "ambusher"],
    )
    play(game, "p1:djinn", "p2:void_mage")  # nothing to strip
    play(game, "p1:inventor", "p2:surgeon")  # p2 parks -5
    play(game, "p1:magistra", "p2:saboteur")  # 14 > 5 - 5: p1's deck loses surgeon, mediator
    assert card(game, 2, "p2") == played("saboteur", 0, modifier=-5)
    assert zone(game, "p1", "discard") == ["surgeon", "mediator"]
    play(game, "p1:swamp_guardian", "p2:judge")  # 13 > 8: p2's Judge gets a token (no tie anywhere)
    assert signets(game) == (4, 0)
    assert view(game)["status"] == "in_progress"

    play(game, "p1:treasurer", "p2:ambusher")  # 12 > 9: p2's Ambusher first
    assert waiting(game) == [("p2", "ambusher_faction")]
    assert signets(game) == (5, 0)
    assert view(game)["status"] == "in_progress"
    # p1 holds hired_blade, void_mage (drawn), saboteur, fortune_teller (drawn after the mill)
    choose(game, "p2", "rebels")
    assert zone(game, "p1", "discard") == ["surgeon", "mediator", "hired_blade", "saboteur"]
    assert result(game) == {"winner": "p1", "reason": "signets"}
    assert view(game)["pending"] == []


def test_all_ties_until_both_hands_are_empty_is_a_draw() -> None:
    """§1.10: both players cannot play with equal signets → a draw (reason both_cannot_play)."""
    game = new_game(p1=[], p2=[])
    for _ in range(15):  # round 16 plays the last cards by itself
        play_mirrored(game)
    assert result(game) == {"winner": None, "reason": "both_cannot_play"}
    state = view(game)
    assert state["round"] == 17
    assert len(state["encounters"]) == 16
    assert all(encounter["winner"] == "tie" for encounter in state["encounters"])
    assert signets(game) == (0, 0)


def test_both_cannot_play_more_signets_wins() -> None:
    """§1.10: both players cannot play → the one with more signets wins (reason both_cannot_play)."""
    game = new_game(
        p1=["judge", "void_mage", "hired_blade"],
        p2=["void_mage", "hired_blade", "judge"],
    )
    play(game, "p1:judge", "p2:void_mage")  # 8 > 2
    play(game, "p1:void_mage", "p2:hired_blade")  # 2 > 1: p2's Hired Blade discards both
    play(game, "p1:hired_blade", "p2:judge")  # 1 < 8: p1's Hired Blade discards both
    assert row(game) == [("judge", "void_mage", "p1")]
    for _ in range(12):  # rounds 4-15; round 16 plays itself
        play_mirrored(game)
    assert result(game) == {"winner": "p1", "reason": "both_cannot_play"}
    assert signets(game) == (1, 0)
    assert hand(game, "p1") == [] and hand(game, "p2") == []


def test_opponent_cannot_play_wins_whatever_the_signets() -> None:
    """§1.10: at the start of phase 1 a player with an empty hand cannot play → the other wins (reason
    cannot_play). The Saboteur cost p2 two cards; p2's own Saboteur later finds p1's deck empty."""
    game = new_game(
        p1=["saboteur", "hired_blade", "void_mage", "surgeon", "mediator"],
        p2=["judge", "hired_blade", "void_mage", "surgeon", "mediator", "fortune_teller", "palace_guard"],
    )
    play(game, "p1:saboteur", "p2:judge")
    assert zone(game, "p2", "discard") == ["fortune_teller", "palace_guard"]
    for _ in range(12):  # rounds 2-13: the twelve cards both still hold
        play_mirrored(game)
    assert zone(game, "p1", "deck") == [] and zone(game, "p2", "deck") == []
    # round 14: p2's last card, the Saboteur, is placed by itself (face down); p1 holds three cards
    assert hand(game, "p2") == []
    assert encounters(game)[-1] == {"p1": None, "p2": played("saboteur", 5, face_up=False), "winner": None}
    assert waiting(game) == [("p1", "play")]
    assert options(game, "p1") == {"p1:fortune_teller", "p1:palace_guard", "p1:judge"}
    choose(game, "p1", "p1:judge")  # 8 > 5: the Saboteur mills nothing
    assert result(game) == {"winner": "p1", "reason": "cannot_play"}
    assert hand(game, "p1") == ["fortune_teller", "palace_guard"]
    assert zone(game, "p1", "discard") == []
    assert signets(game) == (1, 1)
    assert view(game)["round"] == 15


# --- illegal actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "chosen"),
    [
        ("p1", ["p1:djinn"]),  # not in hand
        ("p1", ["p2:surgeon"]),  # the opponent's card
        ("p1", ["p1:surgeon", "p1:mediator"]),  # count is 1
        ("p1", ["p1:surgeon", "p1:surgeon"]),  # the same option twice
        ("p1", []),  # nothing chosen
        ("chance", ["p2:surgeon"]),  # chance has nothing pending
        ("p3", ["p1:surgeon"]),  # no such player
        ("p1", ["rebels"]),  # an option of another kind of decision
    ],
)
def test_illegal_actions_raise_and_change_nothing(player: str, chosen: list[str]) -> None:
    """docs/record-format.md: an action must choose exactly ``count`` distinct options of a pending decision
    of that
    player; otherwise the engine raises IllegalAction and the state is unchanged."""
    game = new_game(p1=["surgeon", "mediator"], p2=["surgeon", "mediator"])
    assert_illegal(game, player, *chosen)
    play(game, "p1:surgeon", "p2:surgeon")  # the game goes on normally afterwards
    assert row(game) == [("surgeon", "surgeon", "tie")]


def test_illegal_play_after_own_card_is_placed() -> None:
    """A player never has two pending decisions: after placing, p1 cannot place again."""
    game = new_game(p1=["surgeon", "mediator"], p2=["surgeon", "mediator"])
    choose(game, "p1", "p1:surgeon")
    assert_illegal(game, "p1", "p1:mediator")
