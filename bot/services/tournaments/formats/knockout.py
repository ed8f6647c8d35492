"""Knockout: seeded by rating into a bracket, byes to the top seeds, the loser of each duel out; ranked
by the round reached."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.tournaments.formats.base import Format, register
from bot.services.tournaments.pairing import Entrant, Pairing, Result, seeded


def bracket_order(size: int) -> list[int]:
    """The seeds (from 1) in their bracket's order, for ``size`` a power of two: 1 meets ``size``, and
    the two top seeds can only meet in the final (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        doubled = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, doubled - top)]
    return order


def knockout_rounds(entrants: Sequence[Entrant]) -> int:
    """How many rounds a knockout of these entrants has (to the final)."""
    return rounds_for(len(entrants))


def rounds_for(players: int) -> int:
    return max(1, (players - 1).bit_length())


def knockout_round(entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
    """Round ``number`` (from 1) of a knockout: round 1 by the bracket of seeds (by rating), the bracket
    filled up to a power of two with byes, which go to the top seeds; each later round pairs the
    winners of neighbouring games of the round before. A drawn game sends the higher seed on. Needs the
    results of every round before ``number``."""
    if not 1 <= number <= knockout_rounds(entrants):
        raise ValueError(f"a knockout of {len(entrants)} has no round {number}")
    seeds = [entrant.user_id for entrant in seeded(entrants)]
    size = 1 << knockout_rounds(entrants)
    slots = [seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)]
    games = [_game(slots[index], slots[index + 1]) for index in range(0, size, 2)]
    rank = {user_id: place for place, user_id in enumerate(seeds)}
    for earlier in range(1, number):
        decided = {(r.first, r.second): r for r in results if r.round == earlier}
        winners = [_winner(game, decided, rank, earlier) for game in games]
        games = [_game(winners[index], winners[index + 1]) for index in range(0, len(winners), 2)]
    return games


def _game(first: int | None, second: int | None) -> Pairing:
    """Two slots of the bracket: the one filled has a bye if the other is empty (never both: the byes
    are spread so that no two meet)."""
    if first is None:
        assert second is not None
        return Pairing(second, None)
    return Pairing(first, second)


def _winner(
    game: Pairing, decided: dict[tuple[int, int | None], Result], rank: dict[int, int], number: int
) -> int:
    if game.second is None:
        return game.first
    result = decided.get((game.first, game.second)) or decided.get((game.second, game.first))
    if result is None:
        raise ValueError(f"round {number}: no result for {game.first} against {game.second}")
    if result.winner is None:  # a draw (or both lost): the higher seed goes on
        return min((game.first, game.second), key=rank.__getitem__)
    return result.winner


def rounds_reached(entrants: Sequence[Entrant], results: Sequence[Result]) -> dict[int, int]:
    """The round each player of a knockout reached: the last they played in, one more if they went on
    from it (a win, a bye, a draw as the higher seed): the champion's is one past the final."""
    seeds = [entrant.user_id for entrant in seeded(entrants)]
    reached: dict[int, int] = {}
    for result in results:
        if result.second is None:
            on = result.first
        else:
            on = result.winner or min((result.first, result.second), key=seeds.index)
        for player in (result.first, result.second):
            if player is not None:
                reached[player] = max(reached.get(player, 0), result.round + (player == on))
    return reached


@register
class Knockout(Format):
    name = "knockout"
    order = 30
    label = "slash.choice.knockout"
    explanation = "tournament.format_knockout"
    line = "tournament.line_knockout"
    figures = ("reached",)

    def rounds(self, players: int, chosen: int | None) -> int:
        return rounds_for(players)

    def pair(self, entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
        return knockout_round(entrants, results, number)

    def reached(self, entrants: Sequence[Entrant], results: Sequence[Result]) -> dict[int, int]:
        return rounds_reached(entrants, results)
