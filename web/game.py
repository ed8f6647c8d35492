"""A game's steps as its page shows them: after each decision, the public board (the engine's view for
nobody, never a seat's) in words, what just happened (the story the bot's boards tell), and its
picture. Pure: from the game's stored setup and decisions, its players' names and the reader's
language; nothing here reads a hand, a deck or a face-down card, because the only view taken is
``engine.view(game, None)``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from html import escape

import picture
import text
from engine import Action, Game, Record, Setup, View, difficulty, happenings, replay, view
from engine.view import ResultView
from text import board, tr

Ended = tuple[str | None, str]  # a game the bot ended (a concession, a timeout): its winner and reason


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    signets: int
    hand: int
    deck: int
    discard: int
    waiting: tuple[str, ...]  # public effects waiting for their next card


@dataclass(frozen=True, slots=True)
class Step:
    """The game after ``number`` decisions (0: as dealt), as everybody saw it."""

    number: int
    round: int
    happened: tuple[str, ...]
    row: tuple[str, ...]
    players: tuple[Player, Player]
    status: str  # who must decide, or the result
    alt: str  # the picture in words

    def json(self) -> dict[str, object]:
        """The step as the page's script reads it: words as HTML (escaped, with the bold kept), the alt
        text plain."""
        return {
            "number": self.number,
            "round": self.round,
            "happened": [markup(line) for line in self.happened],
            "row": [markup(line) for line in self.row],
            "players": [
                {
                    "name": escape(player.name),
                    "stats": markup(
                        tr(
                            "board.player_stats",
                            signets=player.signets,
                            hand=player.hand,
                            deck=player.deck,
                            discard=player.discard,
                        )
                    ),
                    "waiting": [markup(line) for line in player.waiting],
                }
                for player in self.players
            ],
            "status": markup(self.status),
            "alt": self.alt,
        }


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]*)`")


def plain(line: str) -> str:
    """A line of the bot's light Markdown as plain text."""
    return _CODE.sub(r"\1", _BOLD.sub(r"\1", line)).strip()


def markup(line: str) -> str:
    """A line of the bot's light Markdown as HTML: escaped first, then ``**bold**`` and ```code```."""
    return _CODE.sub(r"<code>\1</code>", _BOLD.sub(r"<strong>\1</strong>", escape(line)))


def record_of(setup_json: str, actions: Sequence[tuple[str, Sequence[str]]]) -> Record:
    return Record(
        format="cardia-replay/1",
        setup=Setup.model_validate_json(setup_json),
        actions=[Action(player=player, choose=list(choose)) for player, choose in actions],
    )


def public_view(game: Game, ended: Ended | None) -> View:
    """What everybody sees; a game the bot ended shows that result and asks nobody to decide (as the
    bot's last board does)."""
    seen = view(game, None)
    if ended is not None and seen.result is None:
        seen = replace(seen, result=ResultView(ended[0], ended[1], None), pending=())
    return seen


def level_name(setup: Setup) -> str:
    return tr(f"difficulty.{difficulty(setup).level}")


def steps(record: Record, names: Mapping[str, str], ended: Ended | None = None) -> list[Step]:
    """Every step of the game, in the current language (``text.speaking``); ``ended``: how the bot
    ended it, if it did (shown on the last step)."""
    game = Game(record.setup)
    told = len(game.events)
    made = [_step(game, 0, (), names, ended if not record.actions else None)]
    last = len(record.actions)
    for number, action in enumerate(record.actions, start=1):
        game.apply(action.player, list(action.choose))
        happened = tuple(text.describe_events(happenings(game, None, told), names))
        told = len(game.events)
        made.append(_step(game, number, happened, names, ended if number == last else None))
    return made


def _step(
    game: Game, number: int, happened: tuple[str, ...], names: Mapping[str, str], ended: Ended | None
) -> Step:
    seen = public_view(game, ended)
    players = tuple(
        Player(
            name=names[seat],
            signets=seen.signets[index],
            hand=seen.players[index].hand_size,
            deck=seen.players[index].deck_size,
            discard=len(seen.players[index].discard),
            waiting=tuple(board.parked_lines(seen.players[index])),
        )
        for index, seat in enumerate(("p1", "p2"))
    )
    if seen.result is not None:
        status = board.result_line(seen, names)
    else:
        status = "\n".join(board.waiting_lines(seen, names))
    row = tuple(board.row_lines(seen, names))
    first, second = players
    alt = " ".join(
        [
            tr(
                "web.alt",
                round=seen.round,
                first=first.name,
                a=first.signets,
                second=second.name,
                b=second.signets,
            ),
            *(plain(line) for line in row),
            plain(status),
        ]
    )
    return Step(number, seen.round, happened, row, (first, second), status, alt)


def board_png(
    record: Record,
    number: int,
    names: Mapping[str, str],
    *,
    title: str,
    score: str | None,
    ended: Ended | None,
    language: str,
) -> bytes:
    """The bot's picture of the public board after ``number`` decisions."""
    game = replay(record, number)
    with text.speaking(language):
        seen = public_view(game, ended if number == len(record.actions) else None)
        details = picture.details_line(record.setup.location, level_name(record.setup), score)
        return picture.board_png(
            seen, (names["p1"], names["p2"]), title=title, details=details, language=language
        )
