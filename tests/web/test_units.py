"""The web pages' small parts: the signed links, the reader's language, the buckets against a flood."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import pytest

from web import limits, live
from web.language import negotiate
from web.limits import Buckets
from web.live import Watched
from web.signing import Signer


def test_a_link_is_signed_for_its_kind_and_subject_only() -> None:
    signer = Signer(b"k" * 32)
    token = signer.token("g", 42)
    assert signer.ids("g", token) == (42,)
    assert signer.ids("t", token) is None  # another kind
    assert Signer(b"j" * 32).ids("g", token) is None  # another key
    subject, signature = token.split("-", 1)
    assert len(signature) == 22 and subject == "42"
    for forged in (
        f"43-{signature}",
        f"042-{signature}",
        f"42-{signature[:-1]}",
        f"42-{signature}A",
        "42",
        "",
    ):
        assert signer.ids("g", forged) is None, forged
    assert signer.ids("g", "٤٢-" + signature) is None  # digits of another script
    player = signer.token("p", 7, 9)
    assert signer.ids("p", player) == (7, 9) and signer.ids("p", player.replace("7.9", "7.8")) is None
    assert signer.player_path(7, 9) == f"/p/{player}"
    with pytest.raises(ValueError):
        signer.token("x", 1)
    with pytest.raises(ValueError):
        Signer(b"")


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("hu", "hu"),
        ("pl-PL,pl;q=0.9,en-US;q=0.8", "pl"),
        ("de, fr;q=0.9", "en"),
        ("en;q=0.1, hu;q=0.5", "hu"),
        ("hu;q=0, pl;q=0.2", "pl"),
        ("hu;q=abc, pl;q=0.2", "pl"),
        ("x" * 10_000 + ",hu", "en"),  # only the header's first characters are read
    ],
)
def test_the_readers_language_is_the_first_asked_for_by_weight(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_the_buckets_let_idle_addresses_go_first() -> None:
    now = [0.0]
    buckets = Buckets(1, 3, clock=lambda: now[0])
    assert [buckets.allow("a") for _ in range(4)] == [True, True, True, False]
    for number in range(limits.MOST_ADDRESSES + 1):
        assert buckets.allow(str(number))
    kept = len(buckets._buckets)
    assert kept <= limits.MOST_ADDRESSES  # none idle yet: the oldest half let go
    now[0] += 10  # all of them idle since: their buckets full again
    fresh = [f"n{number}" for number in range(limits.MOST_ADDRESSES - kept + 1)]
    for address in fresh:
        assert buckets.allow(address)
    assert set(buckets._buckets) == set(fresh)  # over the most again: the idle ones let go, first
    assert Buckets(0, 1).allow("any")  # no limit


@pytest.mark.asyncio
async def test_a_watcher_that_registers_after_a_look_saw_its_change_is_still_told() -> None:
    versions = {1: ("in_progress", 0)}

    async def look(keys: Sequence[int]) -> dict[int, tuple[str, int]]:
        return {key: versions[key] for key in keys if key in versions}

    watched = Watched[int, tuple[str, int]](look, 3600)
    async with watched.watch(1, ("in_progress", 0)) as early:
        versions[1] = ("in_progress", 1)  # a decision
        await watched.look()  # seen, and told to the watcher there
        assert early.get_nowait() == ("in_progress", 1)
        # A page read before the decision, its stream registered after that look: one behind.
        async with watched.watch(1, ("in_progress", 0)) as late:
            await watched.look()
            assert late.get_nowait() == ("in_progress", 1)
            assert early.empty()  # told once
        await watched.close()


@pytest.mark.asyncio
async def test_a_database_outage_is_logged_once_and_looked_at_less_often(
    caplog: pytest.LogCaptureFixture,
) -> None:
    failing = [True]
    looks: list[float] = []

    async def look(keys: Sequence[int]) -> dict[int, int]:
        looks.append(0)
        if failing[0]:
            raise OSError("the database is away")
        return dict.fromkeys(keys, 1)

    watched = Watched[int, int](look, 0.001)
    caplog.set_level(logging.INFO, logger="web.live")
    async with watched.watch(1, 0) as queue:
        async with asyncio.timeout(30):
            while len(looks) < 5:
                await asyncio.sleep(0.001)
        failing[0] = False
        assert await asyncio.wait_for(queue.get(), 30) == 1
    await watched.close()
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None  # one traceback for the whole outage
    assert any("works again" in record.getMessage() for record in caplog.records)
    assert [watched.delay(failures) for failures in range(5)] == [0.001, 0.002, 0.004, 0.008, 0.016]
    assert watched.delay(100) == live.BACKOFF_MOST
