"""How games and matches end, in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from text.catalogue import has, plural, tr

# --- results -----------------------------------------------------------------------------------------


#: Reasons a game ends without any result (Duels.abort): not a draw, nothing is recorded.
NO_RESULT = ("aborted", "abandoned", "draw_awarded", "replayed")  # a tournament's duel: the last two


def match_ended_text(
    winner: str | None, reason: str, mentions: Mapping[str, str], names: Mapping[str, str]
) -> str:
    """A match ended by the bot (a concession, a timeout, an abort): the winner mentioned, if any."""
    if winner is None:
        key = f"match.{reason}" if reason in NO_RESULT else "match.aborted"
        return tr(key, first=mentions["p1"], second=mentions["p2"])
    loser = "p2" if winner == "p1" else "p1"
    key = f"match.{reason}" if has(f"match.{reason}") else "match.conceded"
    return tr(key, winner=mentions[winner], loser=names[loser])


def hours_text(hours: float) -> str:
    """A duration in hours as people say it: "24 hours", "1 hour", "1.5 hours", "15 minutes"."""
    if hours < 1:
        return plural("minutes", round(hours * 60, 2))
    return plural("hours", hours)


class Ending(Protocol):
    """How a game ended: the engine's ``ResultView`` (or ``Result``), or one the bot decided (a
    concession, a timeout: ``ResultView(winner, reason, None)``)."""

    @property
    def winner(self) -> str | None: ...  # None: a draw
    @property
    def reason(self) -> str: ...
    @property
    def cause(self) -> str | None: ...  # which condition, when the reason alone does not say


def result_text(ending: Ending, names: Mapping[str, str], signets: Mapping[str, int] | None = None) -> str:
    """How a finished game ended, e.g. "Alice wins: Bob has no card left to play."; ``signets`` (the
    final totals) makes a signet win say the score."""
    winner, reason = ending.winner, ending.reason
    if reason in NO_RESULT:
        return tr(f"result.{reason}")
    if winner is None:
        if reason == "haunted_catacombs" or ending.cause == "haunted_catacombs":
            return tr("result.haunted_catacombs_draw")
        if reason == "both_cannot_play":
            return tr("result.both_cannot_play_draw")
        if reason in ("simultaneous", "haunted_catacombs", "founders_day"):
            return tr("result.simultaneous_draw")
        return tr("result.draw")
    loser = "p2" if winner == "p1" else "p1"
    values = {"winner": names.get(winner, winner), "loser": names.get(loser, loser)}
    if reason == "signets":
        if signets is None:
            return tr("result.signets_plain", **values)
        score = tr("signets.score", a=plural("signets", signets[winner]), b=signets[loser])
        return tr("result.signets", signets=score, **values)
    key = f"result.{reason}"
    return tr(key, **values) if has(key) else tr("result.win", **values)
