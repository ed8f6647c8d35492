"""Each tournament format as a unit (bot/services/tournaments/formats/): a whole tournament of 2 to 7
players paired round by round by its unit alone (every player once a round, the byes, the pairs met),
ranked as its figures say (tie-breaks included), and its words in every language."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping

import pytest

import text
from bot.services.tournaments import FORMATS, Entrant, Format, Pairing, Result, UnknownFormat, format_named
from text.catalogue import BUNDLES, LANGUAGES, SOURCE, message_id

SIZES = range(2, 8)
A, B, C, D, E = range(1, 6)


def entrants(count: int) -> list[Entrant]:
    """``count`` players, the lower the id the higher the rating (the seed)."""
    return [Entrant(user, 2000 - 100 * user) for user in range(1, count + 1)]


def played(
    unit: Format, players: list[Entrant], winner: Mapping[frozenset[int], int | None] | None = None
) -> tuple[list[list[Pairing]], list[Result]]:
    """The whole tournament, each round paired by ``unit`` from the results before it: each game won as
    ``winner`` says (its pair's winner, None a draw), else by the higher seed."""
    rounds: list[list[Pairing]] = []
    results: list[Result] = []
    for number in range(1, unit.rounds(len(players), unit.chosen_rounds(None)) + 1):
        games = unit.pair(players, results, number)
        rounds.append(games)
        for game in games:
            if game.second is None:
                results.append(Result(number, game.first, None, game.first))
                continue
            pair = frozenset((game.first, game.second))
            won = (winner or {}).get(pair, min(pair))
            results.append(Result(number, game.first, game.second, won))
    return rounds, results


def met(rounds: list[list[Pairing]]) -> Counter[frozenset[int]]:
    return Counter(frozenset((g.first, g.second)) for games in rounds for g in games if g.second is not None)


@pytest.mark.parametrize("name", list(FORMATS))
@pytest.mark.parametrize("count", SIZES)
def test_every_round_of_every_format_pairs_each_player_once_and_ranks_everyone(name: str, count: int) -> None:
    unit = format_named(name)
    players = entrants(count)
    rounds, results = played(unit, players)
    assert rounds, "a tournament has a round"
    for number, games in enumerate(rounds, 1):
        seated = [player for game in games for player in (game.first, game.second) if player is not None]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        if number == 1:
            assert sorted(seated) == [e.user_id for e in players]  # everyone plays or has a bye
    table = unit.standings(players, results)
    assert [s.place for s in table] == list(range(1, count + 1))
    assert sorted(s.user_id for s in table) == [e.user_id for e in players]
    # The ranking follows the unit's figures, each highest first: never a better figure below a worse.
    keys = [tuple(s.figure(figure) for figure in unit.figures) for s in table]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("count", SIZES)
def test_a_round_robin_meets_every_pair_once_and_an_odd_count_gives_each_one_bye(count: int) -> None:
    unit = format_named("round-robin")
    rounds, results = played(unit, entrants(count))
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    assert met(rounds) == Counter(frozenset(p) for p in itertools.combinations(range(1, count + 1), 2))
    byes = [g.first for games in rounds for g in games if g.second is None]
    assert sorted(byes) == (list(range(1, count + 1)) if count % 2 else [])
    table = unit.standings(entrants(count), results)
    # Top seed beat everyone: a point per other player (and a bye's point with an odd count).
    assert table[0].points == count - 1 + count % 2


def test_a_round_robin_breaks_a_tie_on_points_by_sonneborn_berger_before_rating() -> None:
    unit = format_named("round-robin")
    four = entrants(4)  # A 1900 ... D 1600
    # D beats A, A beats B and C; B beats C and D; C beats D. Points: A 2, B 2, C 1, D 1.
    # Sonneborn-Berger: A beat B (2) and C (1) = 3; B beat C (1) and D (1) = 2; C beat D (1) = 1;
    # D beat A (2) = 2. So A before B, and D before C although C is seeded higher.
    winner = {
        frozenset((A, B)): A,
        frozenset((A, C)): A,
        frozenset((A, D)): D,
        frozenset((B, C)): B,
        frozenset((B, D)): B,
        frozenset((C, D)): C,
    }
    _, results = played(unit, four, winner)
    table = [(s.user_id, s.points, s.sonneborn_berger) for s in unit.standings(four, results)]
    assert table == [(A, 2.0, 3.0), (B, 2.0, 2.0), (D, 1.0, 2.0), (C, 1.0, 1.0)]


@pytest.mark.parametrize("count", SIZES)
def test_a_swiss_plays_its_rounds_without_a_pair_twice_and_a_bye_each_at_most(count: int) -> None:
    unit = format_named("swiss")
    assert unit.takes_rounds and unit.chosen_rounds(None) == 3 and unit.chosen_rounds(5) == 5
    rounds, results = played(unit, entrants(count))
    assert len(rounds) == min(3, count - 1 if count % 2 == 0 else count)  # never more than a round-robin
    assert set(met(rounds).values()) == {1}
    byes = [g.first for games in rounds for g in games if g.second is None]
    assert len(byes) == len(set(byes)) == len(rounds) * (count % 2)
    table = unit.standings(entrants(count), results)
    assert table[0].points == len(rounds)  # the top seed won every round (a bye is a win)
    assert not unit.over(2) and unit.over(1)  # it pairs only the players still in


def test_a_swiss_breaks_a_tie_by_buchholz_then_sonneborn_berger() -> None:
    unit = format_named("swiss")
    four = entrants(4)
    # Round 1 A-B, C-D by seed; A and C win. Round 2 A-C (A wins), B-D (D wins). Round 3 A-D, C-B (C and
    # D win). Points: A 2, C 2, D 2, B 0. Buchholz: A = B 0 + C 2 + D 2 = 4; C = D 2 + A 2 + B 0 = 4;
    # D = C 2 + B 0 + A 2 = 4: all equal. Sonneborn-Berger: A beat B and C = 2; C beat D and B = 2; D beat
    # B and A = 2: equal again, so the rating decides: A, C, D, then B.
    winner = {
        frozenset((A, B)): A,
        frozenset((C, D)): C,
        frozenset((A, C)): A,
        frozenset((B, D)): D,
        frozenset((A, D)): D,
        frozenset((B, C)): C,
    }
    rounds, results = played(unit, four, winner)
    assert rounds == [
        [Pairing(A, B), Pairing(C, D)],
        [Pairing(A, C), Pairing(B, D)],
        [Pairing(A, D), Pairing(C, B)],
    ]
    table = [(s.user_id, s.points, s.buchholz, s.sonneborn_berger) for s in unit.standings(four, results)]
    assert table == [(A, 2.0, 4.0, 2.0), (C, 2.0, 4.0, 2.0), (D, 2.0, 4.0, 2.0), (B, 0.0, 6.0, 0.0)]


@pytest.mark.parametrize("count", SIZES)
def test_a_knockout_gives_its_byes_in_round_one_and_ranks_by_the_round_reached(count: int) -> None:
    unit = format_named("knockout")
    assert not unit.takes_rounds and unit.chosen_rounds(5) is None
    rounds, results = played(unit, entrants(count))
    size = 1 << len(rounds)
    assert size // 2 < count <= size  # to the final: the bracket a power of two
    assert sum(g.second is None for g in rounds[0]) == size - count
    assert all(g.second is not None for games in rounds[1:] for g in games)
    assert len(rounds[-1]) == 1  # a final
    table = unit.standings(entrants(count), results)
    assert table[0].reached == len(rounds) + 1 and table[1].reached == len(rounds)  # champion, finalist


def test_a_knockout_ranks_an_upset_by_the_round_reached_not_the_seed() -> None:
    unit = format_named("knockout")
    four = entrants(4)
    # Semi-finals A-D and B-C: D and C win; the final C-D: D wins.
    winner = {frozenset((A, D)): D, frozenset((B, C)): C, frozenset((C, D)): D}
    rounds, results = played(unit, four, winner)
    assert rounds == [[Pairing(A, D), Pairing(B, C)], [Pairing(D, C)]]
    assert [s.user_id for s in unit.standings(four, results)] == [D, C, A, B]  # then A and B by seed


def test_a_format_is_found_by_its_name_only() -> None:
    # In their units' order (the command's choices), whatever order their modules are found in.
    assert {"swiss", "round-robin", "knockout"} <= set(FORMATS) and next(iter(FORMATS)) == "swiss"
    assert [unit.order for unit in FORMATS.values()] == sorted(unit.order for unit in FORMATS.values())
    assert all(format_named(name) is unit for name, unit in FORMATS.items())
    with pytest.raises(UnknownFormat):
        format_named("Swiss")


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_format_has_its_words_in_every_language(name: str) -> None:
    unit = format_named(name)
    words = (unit.label, unit.explanation, unit.line, *((unit.bad_rounds,) if unit.takes_rounds else ()))
    for key in words:
        said: dict[str, str] = {}
        for language in LANGUAGES:
            assert BUNDLES[language].has_message(message_id(key)), (language, key)
            with text.speaking(language):
                said[language] = text.tr(
                    key, rounds=3, place=1, name="N", points="P", buchholz="1", sb="2", reached="R", most=12
                )
        if key != unit.line:  # a line may be all figures
            assert all(said[language] != said[SOURCE] for language in LANGUAGES if language != SOURCE), said
