"""Every kind of interaction the bot answers, ready to send: messages carrying every kind of component
(``a_bit_of_everything``) and one of each command, autocomplete and component as its user would send it
(``every_interaction``). The fault tests send them while the database fails, the slow ones while it
stalls; each must be answered, in one line, and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import bot.cogs.duels
from tests.bot.table import TimedTable, answered_privately

NOTHING_CHANGED = "Something went wrong on our side and nothing was changed: please try again in a moment."


async def a_bit_of_everything(table: TimedTable) -> dict[str, Any]:
    """Messages carrying every kind of component, ready to be clicked: a board, a private hand with
    buttons and one with a select, a claim offer, a finished match's result, an open challenge, a
    leaderboard, a concession question."""
    alice, bob, carol = table.alice, table.bob, table.carol
    # Carol and Bob: a finished match (Carol concedes), for the Rematch button and the leaderboard.
    message, match = await table.challenge(carol, bob)
    await bob.click(message, f"cardia:c:{match}:accept")
    await table.settle()
    asked = await answered_privately(await carol.slash("cardia", "concede"), table)
    await carol.click(asked, f"cardia:k:{match}")
    await table.settle()
    (result,) = table.results()
    # Alice and Bob: a game where Alice placed her card and Bob's time is up.
    match_id, game_id = await table.start()
    await table.place(alice)
    (claim,) = [m for m in await table.later(24) if m.custom_ids]
    board = table.board()
    buttons = await table.show_hand(bob, board)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bot.cogs.duels, "BUTTONS_UP_TO", 0)  # the same decision as a select
        select = await table.show_hand(bob, board)
    # Carol challenges Alice (open), the leaderboard, Alice's concession question.
    offer, offered = await table.challenge(carol, alice)
    leaderboard = await answered_privately(await carol.slash("cardia", "leaderboard"), table)
    concede = await answered_privately(await alice.slash("cardia", "concede"), table)
    return {
        "match": match_id,
        "game": game_id,
        "board": board,
        "buttons": buttons,
        "select": select,
        "claim": claim,
        "result": result,
        "finished": match,
        "offer": offer,
        "offered": offered,
        "leaderboard": leaderboard,
        "concede": concede,
    }


def every_interaction(table: TimedTable, seen: dict[str, Any]) -> list[tuple[str, Callable[[], Any]]]:
    """One of each command, autocomplete and component, as its user would send it."""
    alice, bob, carol = table.alice, table.bob, table.carol
    game, match = seen["game"], seen["match"]
    select = seen["select"]
    select_id = next(c for c in select.custom_ids if c.startswith("cardia:s:"))
    value = select.component(select_id)["options"][0]["value"]
    page = next(c for c in seen["leaderboard"].custom_ids if c.startswith("cardia:lb:"))
    return [
        ("challenge", lambda: carol.slash("cardia", "challenge", opponent=bob)),
        ("rules", lambda: alice.slash("cardia", "rules")),
        ("card", lambda: alice.slash("cardia", "card", name="judge")),
        ("stats", lambda: alice.slash("cardia", "stats")),
        ("leaderboard", lambda: alice.slash("cardia", "leaderboard")),
        ("history", lambda: alice.slash("cardia", "history", game=str(game))),
        ("about", lambda: alice.slash("cardia", "about")),
        ("settings", lambda: alice.slash("cardia", "settings")),
        ("settings change", lambda: alice.slash("cardia", "settings", decision_hours=12.0)),
        ("concede", lambda: alice.slash("cardia", "concede")),
        ("abort", lambda: alice.slash("cardia", "abort", duel=str(match))),
        ("status", lambda: alice.slash("cardia", "status")),
        (
            "card names",
            lambda: alice.send(alice.command_interaction(["cardia", "card"], {"name": "j"}, focused="name")),
        ),
        (
            "concede duels",
            lambda: alice.send(
                alice.command_interaction(["cardia", "concede"], {"duel": ""}, focused="duel")
            ),
        ),
        (
            "abort duels",
            lambda: alice.send(alice.command_interaction(["cardia", "abort"], {"duel": ""}, focused="duel")),
        ),
        (
            "history games",
            lambda: alice.send(
                alice.command_interaction(["cardia", "history"], {"game": ""}, focused="game")
            ),
        ),
        ("accept", lambda: alice.click(seen["offer"], f"cardia:c:{seen['offered']}:accept")),
        ("decline", lambda: alice.click(seen["offer"], f"cardia:c:{seen['offered']}:decline")),
        ("withdraw", lambda: carol.click(seen["offer"], f"cardia:c:{seen['offered']}:withdraw")),
        ("show my hand", lambda: bob.click(seen["board"], f"cardia:h:{game}")),
        ("discard piles", lambda: carol.click(seen["board"], table.discards(seen["board"]))),
        ("a decision button", lambda: bob.click(seen["buttons"], f"cardia:b:{game}:0:0")),
        ("a decision select", lambda: bob.select(select, select_id, [value])),
        ("rematch", lambda: bob.click(seen["result"], f"cardia:r:{seen['finished']}")),
        ("leaderboard page", lambda: carol.click(seen["leaderboard"], page)),
        ("claim victory", lambda: alice.click(seen["claim"], seen["claim"].custom_ids[0])),
        ("confirm concede", lambda: alice.click(seen["concede"], f"cardia:k:{match}")),
    ]
