"""End-to-end tests of the records through the Discord emulator: after a match played through the bot,
``/cardia stats``, ``leaderboard`` (paged with stateless buttons, also after a restart), ``history`` (a
log and a record that ``python -m engine replay`` reads) and ``about``."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from typing import Any

import pytest

from bot.services.records import PAGE_SIZE
from bot.store import Challenge, new_home
from emulator import Interaction, Message
from engine import Setup, state
from tests.bot.table import Table


def _private(shown: Interaction) -> Message:
    assert shown.ephemeral and shown.message is not None, shown.callbacks
    return shown.message


def _embed(message: Message) -> dict[str, Any]:
    (embed,) = message.embeds
    return embed


@pytest.mark.asyncio
async def test_a_played_match_shows_in_stats_leaderboard_history_and_about(table: Table) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    rng = random.Random(31)
    async with table.running():
        match_id, first_game = await table.start()
        while not table.results():
            await table.play_game(rng)
        games = await table.storage.games(match_id)
        assert all(g.status == "finished" for g in games)
        won = {player: sum(g.winner == player for g in games) for player in ("p1", "p2")}
        drawn = sum(g.winner is None for g in games)
        match_winner = "p1" if won["p1"] == 2 else "p2"

        mine = _private(await alice.slash("cardia", "stats"))
        assert _embed(mine)["title"] == "📊 Alice — Cardia record"
        played = len(games)
        rate = int(100 * won["p1"] / played + 0.5)
        assert (
            f"{won['p1']} won · {won['p2']} lost · {drawn} drawn — {played} played, {rate} % won" in mine.text
        )
        matches = "1 won · 0 lost" if match_winner == "p1" else "0 won · 1 lost"
        assert f"**Matches**: {matches} · 0 drawn — 1 finished" in mine.text
        assert f"Deck I: {won['p1']} W · {won['p2']} L · {drawn} D" in mine.text
        assert f"No location: {won['p1']} W" in mine.text and "Current streak" in mine.text
        rank = 1 if match_winner == "p1" else 2
        assert f"#{rank} of 2 in this server" in mine.text

        theirs = _private(await carol.slash("cardia", "stats", user=bob))
        assert _embed(theirs)["title"] == "📊 Bob — Cardia record"
        assert f"{won['p2']} won · {won['p1']} lost · {drawn} drawn" in theirs.text
        nobody = _private(await carol.slash("cardia", "stats"))
        assert "Carol has no finished game in this server yet." in nobody.text

        board = _private(await carol.slash("cardia", "leaderboard"))
        lines = [line for line in (_embed(board)["description"] or "").split("\n") if line]
        leader, second = ("Alice", "Bob") if match_winner == "p1" else ("Bob", "Alice")
        assert lines[0].startswith(f"` 1.` **{leader}** — **") and lines[1].startswith(f"` 2.` **{second}**")
        assert "Page 1 of 1 · 2 players" in board.text
        guild = table.emulator.guild.id
        assert board.custom_ids == [f"cardia:lb:{guild}:wins:0"]  # a single page: only the other sort

        # /cardia history: Alice's games to pick from, newest first.
        choices = await alice.autocomplete("cardia", "history", focused="game", game="")
        assert [c["value"] for c in choices] == [str(g.id) for g in reversed(games)]
        assert choices[-1]["name"].startswith(f"#{first_game} vs Bob — ")
        assert [
            c["value"] for c in await alice.autocomplete("cardia", "history", focused="game", game="#")
        ] == [c["value"] for c in choices]
        shown = _private(await bob.slash("cardia", "history", game=f"#{first_game}"))
        embed = _embed(shown)
        assert embed["title"] == f"📜 Game #{first_game} — Alice vs Bob"
        followed = await table.follow(first_game)
        assert followed.game.result is not None
        actions = await table.storage.actions(first_game)
        description = str(embed["description"])
        assert description.startswith("**Round 1**\n`1` ") and f"\n`{len(actions)}` " in description
        assert f"{len(actions)} decisions · {followed.game.round} rounds" in shown.text
        assert "Alice 1000 → " in shown.text and "Bob 1000 → " in shown.text
        assert not table.emulator.messages() or shown not in table.emulator.messages()
        record = shown.files[f"cardia-game-{first_game}.json"]
        assert [a["filename"] for a in shown.data["attachments"]] == [f"cardia-game-{first_game}.json"]
        replayed = subprocess.run(
            [sys.executable, "-m", "engine", "replay", "-"], input=record, capture_output=True, check=True
        )
        assert json.loads(replayed.stdout) == state(followed.game)
        stored = await table.storage.game(first_game)
        assert stored is not None and Setup.model_validate(json.loads(record)["setup"]) == stored.setup

        # A game under way, an unknown game, and a typo are refused privately.
        message, other_match = await table.challenge(alice, carol)
        await carol.click(message, f"cardia:c:{other_match}:accept")
        await table.settle()
        running = table.game_id(table.board())
        refused = _private(await alice.slash("cardia", "history", game=str(running)))
        assert (
            refused.content == f"Game #{running} is not over yet: its history is shown once it is finished."
        )
        unknown = _private(await alice.slash("cardia", "history", game="999"))
        assert unknown.content == "There is no game #999 in this server."
        typo = _private(await alice.slash("cardia", "history", game="latest"))
        assert typo.content.startswith("Give a game number")

        about = _private(await carol.slash("cardia", "about"))
        fields = {f["name"]: f["value"] for f in _embed(about)["fields"]}
        assert fields["Version"] == "0.1.0" and fields["Games under way"] == "1"
        assert fields["Games finished"] == str(played) and fields["Servers"] == "1"
        assert re.fullmatch(r"\d+ (s|min \d+ s)", fields["Uptime"])
        await table.settle()
    # Records are private answers: the channel only has the duels' own messages.
    assert all("cardia:lb:" not in " ".join(m.custom_ids) for m in table.emulator.messages())


@pytest.mark.asyncio
async def test_the_leaderboard_pages_with_buttons_that_outlive_the_bot(table: Table) -> None:
    guild, channel = table.emulator.guild.id, table.emulator.channel.id
    players = [(5000 + i, f"Player {i:02}") for i in range(23)]
    async with table.running() as client:
        duels = client.duels
        for i, first in enumerate(players):  # a ring of single games: everyone plays twice
            second = players[(i + 1) % len(players)]
            match = await duels.propose(
                Challenge(guild, new_home(guild, channel), first, second, "I", None, 1)
            )
            _, live = await duels.answer(match.id, second[0], "accept")
            assert live is not None
            await duels.end(live.row.id, "p1" if i % 4 else "p2", "conceded")
        for i in range(0, 9, 3):  # some play again: more wins for a few
            match = await duels.propose(
                Challenge(guild, new_home(guild, channel), players[i], players[i + 2], "II", "bazaar", 1)
            )
            _, live = await duels.answer(match.id, players[i + 2][0], "accept")
            assert live is not None
            await duels.end(live.row.id, "p1", "timeout")
        for j in range(6):  # a busy player: the most wins, not the best rating
            match = await duels.propose(
                Challenge(guild, new_home(guild, channel + j), players[0], players[j + 10], "I", None, 1)
            )
            _, live = await duels.answer(match.id, players[j + 10][0], "accept")
            assert live is not None
            await duels.end(live.row.id, "p1" if j % 2 else "p2", "conceded")
        by_rating = [s.user_id for s in await client.records.standings(guild, "rating")]
        by_wins = [s.user_id for s in await client.records.standings(guild, "wins")]
        assert by_rating != by_wins and len(by_rating) == 23
        name = dict(players)

        def names_shown(message: Message) -> list[str]:
            return re.findall(r"\*\*(Player \d\d)\*\*", str(_embed(message)["description"]))

        shown = _private(await table.alice.slash("cardia", "leaderboard"))
        assert names_shown(shown) == [name[u] for u in by_rating[:PAGE_SIZE]]
        assert "Page 1 of 3 · 23 players" in shown.text
        previous, following, other = shown.custom_ids
        assert (previous, following, other) == (
            f"cardia:lb:{guild}:rating:0",
            f"cardia:lb:{guild}:rating:1",
            f"cardia:lb:{guild}:wins:0",
        )
        buttons = {c: shown.component(c) or {} for c in shown.custom_ids}
        assert buttons[previous]["disabled"] and not buttons[following].get("disabled")

        await table.alice.click(shown, following)
        assert names_shown(shown) == [name[u] for u in by_rating[PAGE_SIZE : 2 * PAGE_SIZE]]
        assert "`11.` **" in shown.text
        await table.alice.click(shown, f"cardia:lb:{guild}:rating:2")
        assert names_shown(shown) == [name[u] for u in by_rating[2 * PAGE_SIZE :]]
        assert "Page 3 of 3" in shown.text
        assert (shown.component(f"cardia:lb:{guild}:rating:2") or {})["disabled"]
        await table.alice.click(shown, f"cardia:lb:{guild}:wins:0")
        assert names_shown(shown) == [name[u] for u in by_wins[:PAGE_SIZE]]
        assert "by wins" in str(_embed(shown)["title"])
        await table.settle()

    async with table.running():  # a new process: the buttons of the old message still work
        await table.alice.click(shown, f"cardia:lb:{guild}:wins:1")
        assert names_shown(shown) == [name[u] for u in by_wins[PAGE_SIZE : 2 * PAGE_SIZE]]
        assert "Page 2 of 3" in shown.text
        await table.settle()
