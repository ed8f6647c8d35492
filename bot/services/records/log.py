"""A finished game's history: its decisions told as the public boards told them, and its record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import text
from engine import DecisionKind, Game, Setup, happenings
from engine.record import FORMAT
from engine.view import ResultView


@dataclass(frozen=True, slots=True)
class Decided:
    """One decision of a game's log, told with public information only."""

    number: int  # 1 for the first decision
    round: int  # the round it was taken in
    player: str
    kind: DecisionKind
    told: tuple[str, ...]  # what the board told once it was taken (describe_events)


def record_document(setup: Mapping[str, Any], actions: Sequence[tuple[str, Sequence[str]]]) -> dict[str, Any]:
    """The game's ``cardia-replay/1`` record, as ``python -m engine replay`` reads it."""
    return {
        "format": FORMAT,
        "setup": dict(setup),
        "actions": [{"player": player, "choose": list(choose)} for player, choose in actions],
    }


def game_log(
    setup: Mapping[str, Any], actions: Sequence[tuple[str, Sequence[str]]], names: Mapping[str, str]
) -> tuple[list[Decided], Game]:
    """Replay a record decision by decision: each decision with what the public board told of it (no
    hidden card), and the game at the end."""
    game = Game(Setup.model_validate(dict(setup)))
    log_entries = []
    for number, (player, choose) in enumerate(actions, start=1):
        decision = next((d for d in game.pending if d.player == player), None)
        round_number, start = game.round, len(game.events)
        game.apply(player, list(choose))  # IllegalAction if ``player`` had nothing to decide
        assert decision is not None, "the game applied an answer to no decision"
        told = text.describe_events(happenings(game, None, start), names, limit=1000)
        log_entries.append(Decided(number, round_number, player, decision.kind, tuple(told)))
    return log_entries, game


def result_line(
    winner: str | None, reason: str, names: Mapping[str, str], signets: Mapping[str, int] | None = None
) -> str:
    """How a finished game ended, including the endings the bot decides (a concession, a timeout)."""
    return text.result_text(ResultView(winner, reason, None), names, signets)


def log_lines(entries: Sequence[Decided], names: Mapping[str, str], *, markdown: bool = True) -> list[str]:
    """The log in plain language, a heading before each round: "`7` Bob — naming a faction ..."."""
    lines: list[str] = []
    current = None
    for entry in entries:
        if entry.round != current:
            current = entry.round
            lines.append(text.tr("history.round" if markdown else "history.round_plain", round=current))
        who = text.tr("history.chance") if entry.player == "chance" else names.get(entry.player, entry.player)
        told = " ".join(entry.told)
        if entry.kind == DecisionKind.PLAY and told:
            said = told
        elif told:
            said = text.tr("history.decided_then", who=who, what=text.waiting_text(entry.kind), told=told)
        else:
            said = text.tr("history.decided", who=who, what=text.waiting_text(entry.kind))
        key = "history.entry" if markdown else "history.entry_plain"
        lines.append(text.tr(key, number=entry.number, text=said))
    return lines
