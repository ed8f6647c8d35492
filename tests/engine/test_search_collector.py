"""The search pauses the garbage collector only on a process's main thread (a worker's, the terminal's):
in a thread of the bot's own process it would pause it for the event loop too. It is on again after."""

from __future__ import annotations

import gc
import threading

import pytest

from engine.bench_search import positions
from engine.player import choose

RECORD, PLAYER = positions(1, seed=4)[0]


def _search_noting_pauses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(gc, "disable", lambda: calls.append("disable"))
    monkeypatch.setattr(gc, "enable", lambda: calls.append("enable"))
    return calls


def test_on_the_main_thread_the_collector_is_paused_and_on_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _search_noting_pauses(monkeypatch)
    choose(RECORD, PLAYER, "hard", seed=1)
    assert calls == ["disable", "enable"]
    assert gc.isenabled()


def test_in_another_thread_the_collector_is_left_on(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _search_noting_pauses(monkeypatch)
    searched = threading.Thread(target=choose, args=(RECORD, PLAYER, "hard"), kwargs={"seed": 1})
    searched.start()
    searched.join()
    assert calls == []
