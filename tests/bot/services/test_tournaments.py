"""Tournament pairings and standings (issue 35), against tables worked out by hand, and the rules every
pairing keeps, over many sizes and results (hypothesis)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.services.tournaments import (
    Entrant,
    Pairing,
    PairingImpossible,
    Result,
    Standing,
    format_named,
)
from bot.services.tournaments.formats.knockout import bracket_order, knockout_round, knockout_rounds
from bot.services.tournaments.formats.round_robin import round_robin_round, round_robin_rounds
from bot.services.tournaments.formats.swiss import swiss_round

A, B, C, D, E, F, G = range(1, 8)


def standings(entrants: list[Entrant], results: list[Result], name: str) -> list[Standing]:
    return format_named(name).standings(entrants, results)


SEVEN = [Entrant(user, 1600 - 100 * user) for user in (A, B, C, D, E, F, G)]  # A 1500 ... G 900


def test_a_swiss_of_seven_over_three_rounds_against_the_hand_worked_table() -> None:
    # Round 1: all on 0, so by rating; the bye to the lowest, G; then from the top.
    assert swiss_round(SEVEN, []) == [Pairing(A, B), Pairing(C, D), Pairing(E, F), Pairing(G, None)]
    results = [Result(1, A, B, A), Result(1, C, D, None), Result(1, E, F, F), Result(1, G, None, None)]
    # A 1, F 1, G 1, C ½, D ½, B 0, E 0: the bye to E (the lowest without one), then A-F, G-C, D-B.
    assert swiss_round(SEVEN, results) == [Pairing(A, F), Pairing(G, C), Pairing(D, B), Pairing(E, None)]
    results += [Result(2, A, F, A), Result(2, G, C, C), Result(2, D, B, D), Result(2, E, None, None)]
    # A 2, C 1½, D 1½, E 1, F 1, G 1, B 0: the bye to B; A-C, D-E, F-G.
    assert swiss_round(SEVEN, results) == [Pairing(A, C), Pairing(D, E), Pairing(F, G), Pairing(B, None)]
    results += [Result(3, A, C, C), Result(3, D, E, None), Result(3, F, G, G), Result(3, B, None, None)]

    table = [
        (s.user_id, s.points, s.buchholz, s.sonneborn_berger) for s in standings(SEVEN, results, "swiss")
    ]
    # Worked by hand: points; Buchholz (the opponents' points, no bye); Sonneborn-Berger (the points of
    # each opponent beaten, half of each drawn with). A, D and G tie on 2 points: Buchholz decides.
    assert table == [
        (C, 2.5, 2.0 + 2.0 + 2.0, 1.0 + 2.0 + 2.0),  # drew D, beat G, beat A
        (D, 2.0, 2.5 + 1.0 + 1.5, 1.25 + 1.0 + 0.75),  # drew C, beat B, drew E
        (A, 2.0, 1.0 + 1.0 + 2.5, 1.0 + 1.0),  # beat B, beat F, lost to C
        (G, 2.0, 2.5 + 1.0, 1.0),  # bye, lost to C, beat F
        (E, 1.5, 1.0 + 2.0, 1.0),  # lost to F, bye, drew D
        (F, 1.0, 1.5 + 2.0 + 2.0, 1.5),  # beat E, lost to A and G
        (B, 1.0, 2.0 + 2.0, 0.0),  # lost to A and D, bye
    ]


def test_sonneborn_berger_breaks_a_tie_buchholz_leaves() -> None:
    four = [Entrant(user, 1000) for user in (A, B, C, D)]
    # A and B drew, and each beat one of C and D and lost to the other: equal points and Buchholz; A beat
    # the stronger (C, 2 points), B the weaker (D, 1).
    results = [
        Result(1, A, B, None),
        Result(1, C, D, C),
        Result(2, A, C, A),
        Result(2, B, D, B),
        Result(3, A, D, D),
        Result(3, B, C, C),
    ]
    # Points: A 1.5, B 1.5, C 2, D 1. Buchholz: A = B + C + D = 1.5 + 2 + 1 = 4.5; B = A + D + C = 4.5.
    # Sonneborn-Berger: A drew B (0.75) and beat C (2) = 2.75; B drew A (0.75) and beat D (1) = 1.75.
    (first, second) = [s for s in standings(four, results, "swiss") if s.user_id in (A, B)]
    assert (first.user_id, first.buchholz, first.sonneborn_berger) == (A, 4.5, 2.75)
    assert (second.user_id, second.buchholz, second.sonneborn_berger) == (B, 4.5, 1.75)


def test_a_withdrawn_player_is_paired_no_more_and_keeps_their_points() -> None:
    results = [Result(1, A, B, A), Result(1, C, D, C), Result(1, E, F, E), Result(1, G, None, None)]
    gone = [Entrant(e.user_id, e.rating, withdrawn=e.user_id == A) for e in SEVEN]
    paired = swiss_round(gone, results)
    assert all(A not in (p.first, p.second) for p in paired) and len(paired) == 3  # six left, no bye
    assert next(s for s in standings(gone, results, "swiss") if s.user_id == A).points == 1.0


def test_a_swiss_refuses_a_round_that_must_repeat_a_pair() -> None:
    two = [Entrant(A, 1000), Entrant(B, 900)]
    with pytest.raises(PairingImpossible):
        swiss_round(two, [Result(1, A, B, A)])


def test_a_round_robin_of_four_by_the_circle_method() -> None:
    four = SEVEN[:4]
    assert [round_robin_round(four, n) for n in (1, 2, 3)] == [
        [Pairing(A, D), Pairing(B, C)],
        [Pairing(A, C), Pairing(D, B)],
        [Pairing(A, B), Pairing(C, D)],
    ]
    with pytest.raises(ValueError):
        round_robin_round(four, 4)


def test_a_round_robin_of_three_gives_each_one_bye() -> None:
    rounds = [round_robin_round(SEVEN[:3], n) for n in (1, 2, 3)]
    assert rounds == [
        [Pairing(A, None), Pairing(B, C)],
        [Pairing(A, C), Pairing(B, None)],
        [Pairing(A, B), Pairing(C, None)],
    ]


def test_a_knockout_of_five_gives_byes_to_the_top_three_seeds() -> None:
    five = SEVEN[:5]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    first = knockout_round(five, [], 1)
    assert first == [Pairing(A, None), Pairing(D, E), Pairing(B, None), Pairing(C, None)]
    results = [
        Result(1, A, None, None),
        Result(1, D, E, E),
        Result(1, B, None, None),
        Result(1, C, None, None),
    ]
    assert knockout_round(five, results, 2) == [Pairing(A, E), Pairing(B, C)]
    results += [Result(2, A, E, E), Result(2, B, C, None)]  # a draw: the higher seed, B, goes on
    assert knockout_round(five, results, 3) == [Pairing(E, B)]
    results += [Result(3, E, B, E)]
    # The champion, the finalist, then those out in round 2 (A and C: by rating), then D (round 1).
    assert [s.user_id for s in standings(five, results, "knockout")] == [E, B, A, C, D]
    # Before the final is played, nobody is champion: the two finalists by rating.
    assert [s.user_id for s in standings(five, results[:-1], "knockout")][:2] == [B, E]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 14))
def test_a_round_robin_meets_every_pair_exactly_once(count: int) -> None:
    entrants = [Entrant(user, 1000 + user) for user in range(1, count + 1)]
    met = [
        frozenset((p.first, p.second))
        for number in range(1, round_robin_rounds(entrants) + 1)
        for p in round_robin_round(entrants, number)
        if p.second is not None
    ]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(range(1, count + 1), 2)), key=sorted
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 20), st.randoms(use_true_random=False))
def test_a_knockout_ends_with_one_champion_after_its_rounds(count: int, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    entrants = [Entrant(user, rng.randrange(800, 1600)) for user in range(1, count + 1)]
    results: list[Result] = []
    alive = {e.user_id for e in entrants}
    for number in range(1, knockout_rounds(entrants) + 1):
        games = knockout_round(entrants, results, number)
        assert {p.first for p in games} | {p.second for p in games if p.second} == alive
        alive = set()
        for game in games:
            winner = game.first if game.second is None else rng.choice((game.first, game.second))
            results.append(Result(number, game.first, game.second, None if game.second is None else winner))
            alive.add(winner)
    assert len(alive) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.randoms(use_true_random=False))
def test_a_swiss_never_repeats_a_pair_and_gives_at_most_one_bye_while_it_can(count: int, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    entrants = [Entrant(user, rng.randrange(800, 1600)) for user in range(1, count + 1)]
    results: list[Result] = []
    rounds = min(3, count - 1)
    for number in range(1, rounds + 1):
        games = swiss_round(entrants, results)
        played = [frozenset((r.first, r.second)) for r in results if r.second is not None]
        for game in games:
            assert game.second is None or frozenset((game.first, game.second)) not in played
        byes = [g.first for g in games if g.second is None]
        assert len(byes) == count % 2
        for game in games:
            winner = None if game.second is None else rng.choice((game.first, game.second, None))
            results.append(Result(number, game.first, game.second, winner))
    had = [r.first for r in results if r.second is None]
    assert len(had) == len(set(had))  # no second bye within three rounds
