"""The cost of one click: how often the bot reads a live game and a server's settings for one interaction.

    .venv/bin/python -m bench.click

The real ``CardiaBot`` runs against the loopback Discord (``emulator``) on a temporary SQLite file. Alice
challenges Bob in a server's channel; Bob accepts; each shows their hand and places a card (the first,
face down while the other still chooses; the second, which reveals the encounter). For each of those
clicks this prints the calls made while it was handled, counted by wrapping the methods at runtime:
``Duels.live`` (a game taken from the cache), ``GuildSettingsStore.get`` (a server's settings asked of
the service) and ``Storage.settings`` (read from the database), with the store's ``match`` and ``games``
reads beside them. It prints figures and asserts nothing (exit status 0).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from bot.app import CardiaBot
from bot.services.duels import Duels
from bot.services.guild_settings import GuildSettingsStore
from bot.settings import Settings
from emulator import Emulator, Interaction, Message, SimUser, run_bot

#: (the class, the method's name, the name printed): what one click is measured by.
COUNTED: tuple[tuple[type, str, str], ...] = (
    (Duels, "live", "Duels.live"),
    (GuildSettingsStore, "get", "GuildSettingsStore.get"),
)
#: Methods of the store counted too (looked up on the client's storage class once it is open).
STORE_COUNTED = ("settings", "match", "games")


class Calls:
    """The counted calls, from the last :meth:`clear` on."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def clear(self) -> None:
        self.counts.clear()

    def wrap(self, owner: type, name: str, label: str) -> Callable[[], None]:
        """Count every call of ``owner.name`` under ``label``; the returned function undoes it."""
        original: Callable[..., Awaitable[Any]] = getattr(owner, name)

        @functools.wraps(original)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.counts[label] += 1
            return await original(*args, **kwargs)

        setattr(owner, name, counted)
        return lambda: setattr(owner, name, original)


def _seeded(deck: Any, location: str | None, /) -> dict[str, Any]:
    return {"deck": deck, "location": location, "seed": 47, "chance": "seeded"}


async def _settled(emulator: Emulator, client: CardiaBot) -> None:
    """Every interaction answered and the bot idle (its guard and its computer)."""
    while True:
        await emulator.wait_for(lambda: all(i.acknowledged for i in emulator.interactions), 10.0)
        if client.guard.in_flight == 0 and not client.computer.busy:
            return
        await asyncio.gather(client.guard.idle(), client.computer.idle())


def _board(emulator: Emulator) -> Message:
    return [m for m in emulator.messages() if any(c.startswith("cardia:h:") for c in m.custom_ids)][-1]


def _show_hand_id(board: Message) -> str:
    return next(c for c in board.custom_ids if c.startswith("cardia:h:"))


async def measure(out: IO[str]) -> None:
    calls = Calls()
    undo = [calls.wrap(owner, name, label) for owner, name, label in COUNTED]
    with tempfile.TemporaryDirectory() as folder, _quiet():
        settings = Settings(
            database=str(Path(folder) / "click.db"), computer_workers=0, picture_processes=False
        )
        async with Emulator() as emulator:
            alice, bob = emulator.user("alice"), emulator.user("bob")
            client = CardiaBot(settings, sync=True, dealer=_seeded)
            async with run_bot(client, emulator) as client:
                assert client.storage is not None
                store = type(client.storage)
                undo += [calls.wrap(store, name, f"Storage.{name}") for name in STORE_COUNTED]
                rows: list[tuple[str, Counter[str]]] = []

                async def clicked(what: str, act: Callable[[], Awaitable[Interaction]]) -> Interaction:
                    await _settled(emulator, client)
                    calls.clear()
                    done = await act()
                    await _settled(emulator, client)
                    rows.append((what, Counter(calls.counts)))
                    return done

                sent = await clicked(
                    "/cardia challenge", lambda: alice.slash("cardia", "challenge", opponent=bob)
                )
                challenge = sent.message
                assert challenge is not None
                accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
                await clicked("Accept (a challenge)", lambda: bob.click(challenge, accept))
                for user, what in ((alice, "first card (face down)"), (bob, "second card (reveals)")):
                    board = _board(emulator)
                    shown = await clicked(
                        f"Show my hand ({user.name})",
                        functools.partial(user.click, board, _show_hand_id(board)),
                    )
                    hand = shown.message
                    assert hand is not None
                    button = next(c for c in hand.custom_ids if c.startswith("cardia:b:"))
                    await clicked(f"a card in the hand: {what}", _clicking(user, hand, button))
    for restore in reversed(undo):
        restore()
    _print(rows, out)


def _clicking(user: SimUser, message: Message, custom_id: str) -> Callable[[], Awaitable[Interaction]]:
    return lambda: user.click(message, custom_id)


def _print(rows: Sequence[tuple[str, Counter[str]]], out: IO[str]) -> None:
    labels = [label for _, _, label in COUNTED] + [f"Storage.{name}" for name in STORE_COUNTED]
    width = max(len(what) for what, _ in rows)
    out.write(f"{'interaction':<{width}}  " + "  ".join(labels) + "\n")
    for what, counts in rows:
        figures = "  ".join(f"{counts[label]:>{len(label)}}" for label in labels)
        out.write(f"{what:<{width}}  {figures}\n")


@contextmanager
def _quiet() -> Iterator[None]:
    """discord.py's log lines stay out of the figures."""
    logger = logging.getLogger("discord")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    del argv
    asyncio.run(measure(out or sys.stdout))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
