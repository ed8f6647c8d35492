"""Running a tournament through Discord as its players and manager do (tests/bot/test_tournaments.py,
test_tournament_processes.py): created, joined on its page, its duels found and conceded through
``/cardia concede``. The bot may run in the test's process or in processes of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import Storage
from emulator import Emulator, Interaction, Message, SimUser
from tests.processes import eventually, shown_boards

Settle = Callable[[], Awaitable[None]]
Send = Callable[[SimUser, Interaction], Awaitable[Interaction]]


def players(emulator: Emulator, count: int) -> list[SimUser]:
    """``count`` new members, created in order (so their ids rise: with equal ratings, the seeds)."""
    made = [emulator.user(f"player{n}") for n in range(1, count + 1)]
    assert [user.id for user in made] == sorted(user.id for user in made)
    return made


async def _by_user(user: SimUser, interaction: Interaction) -> Interaction:
    return await user.send(interaction)


class Organiser:
    """The tournaments of the emulator's server, driven through Discord; ``storage`` reads the bot's
    database, ``settle`` waits for the bot, ``send`` delivers an interaction (to a chosen process)."""

    def __init__(
        self, emulator: Emulator, storage: Callable[[], Storage], settle: Settle, send: Send = _by_user
    ) -> None:
        self.emulator = emulator
        self.storage = storage
        self.settle = settle
        self.send = send
        self.waits_until_shown = True  # off where a test keeps something due on purpose

    async def slash(self, user: SimUser, *path: str, **options: Any) -> Interaction:
        sent = await self.send(user, user.command_interaction(path, options))
        await self.settled()
        return sent

    async def click(self, user: SimUser, message: Message, custom_id: str) -> Interaction:
        sent = await self.send(user, user.component_interaction(message, custom_id))
        await self.settled()
        return sent

    async def settled(self) -> None:
        """Wait until the bot has answered and the channels show what it stored."""
        await self.settle()
        if self.waits_until_shown:
            await self.shown()

    async def shown(self) -> None:
        """Wait until the channels show what is stored: nothing of a tournament is still due (its page,
        rounds, final), and every game being played has its board at its latest decision."""
        await eventually(self._not_shown)

    async def _not_shown(self) -> str:
        missing = [f"tournament post {post.id}" for post in await self.storage().due_tournament_posts()]
        boards = {(game, revision) for game, revision, _ in shown_boards(self.emulator.messages())}
        playing = await self.storage().db.execute_fetchall(
            "SELECT g.id FROM games g JOIN matches m ON m.id = g.match_id"
            " WHERE m.status = 'active' AND g.status = 'in_progress'"
        )
        for game in playing:
            board = (game["id"], len(await self.storage().actions(game["id"])))
            if board not in boards:
                missing.append(f"the board of game {board[0]} at decision {board[1]}")
        return ", ".join(missing)

    async def create(self, manager: SimUser, **options: Any) -> tuple[int, Message]:
        """A tournament created by ``manager`` where they are (the test channel): its id and its page."""
        answer = await self.slash(manager, "cardia", "tournament", "create", **options)
        assert answer.message is not None and answer.message.ephemeral, answer.callbacks
        guild_id = manager.channel.guild_id or 0
        tournament = (await self.storage().tournaments(guild_id, ("signup",)))[0]
        return tournament.id, self.page(tournament.id)

    def page(self, tournament_id: int) -> Message:
        """The tournament's page: the message with its Join button, or (once begun) its footer."""
        found = [m for m in self.emulator.messages() if f"cardia:t:{tournament_id}:join" in m.custom_ids]
        footer = f"#{tournament_id}"
        found = found or [
            m for m in self.emulator.messages() if m.embeds and footer in m.text and "Format" in m.text
        ]
        assert len(found) == 1, found
        return found[0]

    async def join(self, tournament_id: int, users: list[SimUser]) -> None:
        for user in users:
            clicked = await self.click(user, self.page(tournament_id), f"cardia:t:{tournament_id}:join")
            assert clicked.message is not None and clicked.message.ephemeral

    async def duels(self, tournament_id: int, number: int) -> dict[frozenset[int], int]:
        """Round ``number``'s duels: the pair of players' ids -> the duel (match) id."""
        return {
            frozenset((game.first_id, game.second_id)): game.match_id
            for game in await self.storage().tournament_games(tournament_id)
            if game.round == number and game.match_id is not None and game.second_id is not None
        }

    async def concede(self, loser: SimUser, match_id: int) -> Interaction:
        """``loser`` gives the duel up: /cardia concede, then Confirm (its interaction returned)."""
        asked = await self.slash(loser, "cardia", "concede", duel=str(match_id))
        assert asked.message is not None, asked.callbacks
        return await self.click(loser, asked.message, f"cardia:k:{match_id}")

    def confirm_of(self, loser: SimUser, asked: Interaction, match_id: int) -> Interaction:
        assert asked.message is not None
        return loser.component_interaction(asked.message, f"cardia:k:{match_id}")

    async def play_round(
        self, tournament_id: int, number: int, results: list[tuple[SimUser, SimUser]]
    ) -> None:
        """Round ``number`` played: each (winner, loser), the loser conceding."""
        duels = await self.duels(tournament_id, number)
        assert set(duels) == {frozenset((won.id, lost.id)) for won, lost in results}, (number, duels)
        for winner, loser in results:
            await self.concede(loser, duels[frozenset((winner.id, loser.id))])

    def round_messages(self, number: int | None = None) -> list[Message]:
        """A round's messages (its pairings), oldest first."""
        found = [m for m in self.emulator.messages() if m.embeds and "Pairings" in m.text]
        return [m for m in found if number is None or f"round {number} of" in m.text]

    def finals(self) -> list[Message]:
        return [m for m in self.emulator.messages() if "is over" in m.content]
