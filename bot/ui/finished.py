"""A player's finished games as commands offer them (``/cardia history``, ``/cardia review``): the
autocomplete labels, shared by the cogs that take a game."""

from __future__ import annotations

from collections.abc import Sequence

from discord import app_commands

import text
from bot.services.records import deck_key
from bot.store.rows import FinishedGame
from text import tr


def deck_name(key: str) -> str:
    return tr("records.deck.mixed") if key == "mixed" else text.deck_label(key)


def game_choice(game: FinishedGame, user_id: int) -> str:
    """An autocomplete label: "#12 vs Bob — won, Deck I, 2024-06-11"."""
    player = game.player_of(user_id) or "p1"
    opponent = game.names["p2" if player == "p1" else "p1"]
    label = tr(
        "history.choice",
        id=game.id,
        opponent=text.clip(opponent, 32),
        outcome=tr(f"history.outcome.{game.outcome(user_id)}"),
        deck=deck_name(deck_key(game.deck)),
        date=game.finished_at[:10],
    )
    if game.tournament is not None:  # where it was played: a tournament's round
        label += " · " + tr(
            "history.choice_tournament", name=game.tournament, round=game.tournament_round or 0
        )
    return text.clip(label, 100)


def game_choices(games: Sequence[FinishedGame], user_id: int, current: str) -> list[app_commands.Choice[str]]:
    """The newest 25 of ``games`` (oldest first) whose id or label holds what is typed."""
    typed = current.strip().lstrip("#").casefold()
    choices = []
    for game in reversed(games):
        label = game_choice(game, user_id)
        if not typed or str(game.id).startswith(typed) or typed in label.casefold():
            choices.append(app_commands.Choice(name=label, value=str(game.id)))
    return choices[:25]
