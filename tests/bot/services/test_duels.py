"""The duel service without Discord: challenges, atomic decisions, stale and racing clicks, restarts."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import marshal
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.services.dealing import deal
from bot.services.duels import Duels, Pick, Refusal
from bot.services.game_cache import HELD_LOOKS, LiveGame
from bot.store import (
    Challenge,
    Conflict,
    GameRow,
    GameStatus,
    Home,
    MatchRow,
    MatchStatus,
    Storage,
    StoredAction,
    new_home,
    row_from_values,
    row_values,
)
from cards import deck_from_code
from engine import Action, Game, Record, replay, state
from engine.table import shared_events

ALICE, BOB, CAROL = (1, "Alice"), (2, "Bob"), (3, "Carol")
DEAL_SEED = 0  # a deal that twelve random decisions leave running (about one deal in 22 ends sooner)


@pytest_asyncio.fixture
async def duels(database: str) -> AsyncIterator[Duels]:
    """The duel service on each database (tests.databases)."""
    storage = await Storage.open(database)
    yield Duels(storage)
    await storage.close()


async def _started(duels: Duels, wins_needed: int = 2, channel_id: int = 20) -> int:
    match = await duels.propose(Challenge(10, new_home(10, channel_id), ALICE, BOB, "I", None, wins_needed))
    _, live = await duels.answer(match.id, BOB[0], "accept")
    assert live is not None
    return live.row.id


async def _play_out(duels: Duels, game_id: int, rng: random.Random) -> None:
    """Random legal decisions through the service until this game is over."""
    while (await duels.live(game_id)).game.result is None:
        await _decide(duels, game_id, rng)


async def _decide(duels: Duels, game_id: int, rng: random.Random) -> None:
    """One random legal decision through the service."""
    users = {"p1": ALICE[0], "p2": BOB[0]}
    live = await duels.live(game_id)
    decision = rng.choice(live.game.pending)
    choice = rng.sample(decision.options, decision.count)
    await duels.act(game_id, users[decision.player], live.own_actions(decision.player), choice)


def _replayed(live: LiveGame) -> Game:
    """The game its stored record makes, replayed whole."""
    actions = [Action(player=player, choose=list(choose)) for player, choose in live.actions]
    return replay(Record(format="cardia-replay/1", setup=live.row.setup, actions=actions))


@pytest.mark.asyncio
async def test_challenge_answers_are_checked(duels: Duels) -> None:
    with pytest.raises(Refusal, match="yourself"):
        await duels.propose(Challenge(10, new_home(10, 20), ALICE, ALICE, "I", None, 2))
    match = await duels.propose(Challenge(10, new_home(10, 20), ALICE, BOB, "II", "bazaar", 2))
    assert match.status == "proposed" and match.names == {"p1": "Alice", "p2": "Bob"}
    with pytest.raises(Refusal, match="already have a duel"):
        await duels.propose(Challenge(10, new_home(10, 20), BOB, ALICE, "I", None, 2))
    with pytest.raises(Refusal, match="Only Bob"):
        await duels.answer(match.id, ALICE[0], "accept")
    with pytest.raises(Refusal, match="Only Alice"):
        await duels.answer(match.id, BOB[0], "withdraw")
    declined, live = await duels.answer(match.id, BOB[0], "decline")
    assert declined.status == "declined" and live is None
    with pytest.raises(Refusal, match="already declined"):
        await duels.answer(match.id, BOB[0], "accept")
    # a declined challenge no longer blocks a new one
    assert (
        await duels.propose(Challenge(10, new_home(10, 20), BOB, ALICE, "I", None, 1))
    ).status == "proposed"


@pytest.mark.asyncio
async def test_decisions_are_checked_and_change_nothing_when_refused(duels: Duels) -> None:
    game_id = await _started(duels)
    live = await duels.live(game_id)
    hand = live.game.pending[0].options
    with pytest.raises(Refusal, match="not playing"):
        await duels.act(game_id, CAROL[0], 0, [hand[0]])
    with pytest.raises(Refusal, match="out of date"):
        await duels.act(game_id, ALICE[0], 1, [hand[0]])
    with pytest.raises(Refusal, match="not one of the choices offered"):
        await duels.act(game_id, ALICE[0], 0, ["p1:nonsense"])
    # A forged value is never echoed: a 5,000-character one would make the answer too long for Discord.
    with pytest.raises(Refusal) as refused:
        await duels.act(game_id, ALICE[0], 0, ["x" * 5000])
    assert len(str(refused.value)) < 100 and "xxx" not in str(refused.value)
    assert await duels.storage.actions(game_id) == []
    step = await duels.act(game_id, ALICE[0], 0, [hand[0]])
    assert step.player == "p1" and live.own_actions("p1") == 1
    with pytest.raises(Refusal, match="out of date"):  # the same click again
        await duels.act(game_id, ALICE[0], 0, [hand[0]])
    assert await duels.storage.actions(game_id) == [("p1", (hand[0],))]


@pytest.mark.asyncio
async def test_simultaneous_clicks_apply_exactly_once(duels: Duels) -> None:
    game_id = await _started(duels)
    live = await duels.live(game_id)
    p1_options = next(d for d in live.game.pending if d.player == "p1").options
    p2_options = next(d for d in live.game.pending if d.player == "p2").options
    results = await asyncio.gather(
        duels.act(game_id, ALICE[0], 0, [p1_options[0]]),
        duels.act(game_id, ALICE[0], 0, [p1_options[1]]),  # a double click with another card
        duels.act(game_id, BOB[0], 0, [p2_options[0]]),  # the opponent at the same instant
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and "out of date" in str(refused[0])
    actions = await duels.storage.actions(game_id)
    assert sorted(player for player, _ in actions) == ["p1", "p2"]


@pytest.mark.asyncio
async def test_the_database_rejects_a_second_action_with_the_same_sequence(duels: Duels) -> None:
    game_id = await _started(duels)
    async with duels.storage.transaction() as tx:
        await tx.insert_action(game_id, 0, "p1", ["p1:djinn"])
    with pytest.raises(Conflict):  # the store's word for a refused key (sqlite3.IntegrityError here)
        async with duels.storage.transaction() as tx:
            await tx.insert_action(game_id, 0, "p2", ["p2:djinn"])
    assert await duels.storage.actions(game_id) == [("p1", ("p1:djinn",))]


@pytest.mark.asyncio
async def test_a_restart_replays_every_game_from_the_database(database: str) -> None:
    storage = await Storage.open(database)
    duels = Duels(storage)
    game_id = await _started(duels)
    rng = random.Random(5)
    for _ in range(7):
        live = await duels.live(game_id)
        if live.game.result is not None:  # the game's setup is random: it may end early (a Djinn)
            break
        decision = rng.choice(live.game.pending)
        user = ALICE[0] if decision.player == "p1" else BOB[0]
        choice = rng.sample(decision.options, decision.count)
        await duels.act(game_id, user, live.own_actions(decision.player), choice)
    before = (await duels.live(game_id)).game
    await storage.close()

    storage = await Storage.open(database)  # a new process on the same database
    after = (await Duels(storage).live(game_id)).game
    from engine import state

    assert state(after) == state(before)
    await storage.close()


@pytest.mark.asyncio
async def test_a_match_goes_on_until_someone_has_two_wins(duels: Duels) -> None:
    game_id = await _started(duels, wins_needed=2)
    rng = random.Random(11)
    seen = []
    while True:
        await _play_out(duels, game_id, rng)
        live = await duels.live(game_id)
        seen.append(live.row.number)
        games = await duels.storage.games(live.match.id)
        match = await duels.storage.match(live.match.id)
        assert match is not None
        if match.status == "finished":
            break
        game_id = games[-1].id
        assert games[-1].status == "in_progress" and games[-1].number == len(seen) + 1
    wins = await duels.score(match.id)
    assert max(wins.values()) == 2 and min(wins.values()) < 2
    assert seen == list(range(1, len(seen) + 1))


@pytest.mark.asyncio
async def test_a_board_s_score_reads_the_earlier_games_once(
    duels: Duels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``score_at``: what the match's score is at a game, as its board shows it, without reading the
    database for each board: the first game reads nothing, a later one its earlier games once."""
    reads: list[int] = []
    games = duels.storage.games

    async def counted(match_id: int) -> Any:
        reads.append(match_id)
        return await games(match_id)

    monkeypatch.setattr(duels.storage, "games", counted)
    game_id = await _started(duels, wins_needed=2)
    rng = random.Random(5)
    while True:
        live = await duels.live(game_id)
        match_id, number = live.match.id, live.row.number
        assert await duels.score_at(live) == await duels.score(match_id)  # a game just begun
        reads.clear()
        await _play_out(duels, game_id, rng)
        live = await duels.live(game_id)
        assert await duels.score_at(live) == await duels.score(match_id), "its own result counts"
        assert reads == [match_id], "score_at read nothing (score read once)"
        match = await duels.storage.match(match_id)
        assert match is not None
        if match.status == "finished":
            break
        game_id = (await games(match_id))[-1].id
    assert number > 1, "a later game was shown too"


@pytest.mark.asyncio
async def test_a_button_s_index_becomes_the_option_under_the_lock(duels: Duels) -> None:
    """One decide path: a button's index is turned into the option inside ``Duels.act`` and checked
    there once; an index past the options (a button of another decision) is out of date."""
    game_id = await _started(duels)
    options = (await duels.live(game_id)).game.pending[0].options
    with pytest.raises(Refusal, match="out of date"):
        await duels.act(game_id, ALICE[0], 0, Pick(len(options)))
    assert await duels.storage.actions(game_id) == []
    step = await duels.act(game_id, ALICE[0], 0, Pick(2))
    assert step.player == "p1" and await duels.storage.actions(game_id) == [("p1", (options[2],))]


@pytest.mark.asyncio
async def test_a_slow_replay_never_replaces_a_game_that_moved_on(
    duels: Duels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two callers load an uncached game at once (a start-up: the computer's resume, the timers, the
    outbox). The slower one read the database before a decision was applied to the faster one's copy: it
    must not put its older copy in the cache (the next board would show the game as it was)."""
    game_id = await _started(duels)
    duels.games.clear()  # as after a restart
    read_actions = duels.storage.actions
    gate, held = asyncio.Event(), asyncio.Event()
    calls = 0

    async def slow_first_read(wanted: int) -> list[StoredAction]:
        nonlocal calls
        calls += 1
        actions = await read_actions(wanted)
        if calls == 1:
            held.set()
            await gate.wait()  # read, then held: what it read grows old
        return actions

    monkeypatch.setattr(duels.storage, "actions", slow_first_read)
    slow = asyncio.create_task(duels.live(game_id))
    await held.wait()
    fast = await duels.live(game_id)
    decision = fast.pending_for("p1")
    assert decision is not None
    await duels.act(game_id, 1, 0, [decision.options[0]])
    gate.set()
    assert await slow is fast
    assert len((await duels.live(game_id)).actions) == 1


@pytest.mark.asyncio
async def test_a_cold_game_is_made_again_from_its_latest_round_start(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game let go of keeps itself frozen as its latest round started: read again, it is thawed and
    given only the decisions since, and it is the game its record makes. A decision that fails to be
    stored leaves nothing ahead of the record, even if it started a round."""
    # The deal is secret and random: fixed here, so that the twelve decisions below leave it running.
    storage = await Storage.open(database)
    try:
        duels = Duels(
            storage, warm_size=1, dealer=lambda deck, location: {**deal(deck, location), "seed": DEAL_SEED}
        )
        game_id = await _started(duels, channel_id=30)
        rng = random.Random(12)
        for _ in range(12):
            await _decide(duels, game_id, rng)
        live = await duels.live(game_id)
        assert live.game.result is None and live.game.round > 2
        events, pending = list(live.game.events), live.game.pending
        await _started(duels, channel_id=31)  # used since: the first game cools
        cold = duels.games.kept.peek(game_id)
        assert isinstance(cold, tuple) and live.engine is None
        frozen = marshal.loads(cold[0])[3]
        assert frozen is not None and 0 < frozen[0] <= 12

        applied = 0
        apply = Game.apply

        def counted(game: Game, player: str, choose: Any) -> None:
            nonlocal applied
            applied += 1
            apply(game, player, choose)

        monkeypatch.setattr(Game, "apply", counted)
        again = await duels.live(game_id)
        assert applied == 12 - frozen[0] < 12, "thawed at the round start, not replayed whole"
        assert (again.row, again.match) == (live.row, live.match), "its rows as they were"
        assert state(again.game) == state(_replayed(again)) and again.game.pending == pending
        assert again.game.events == events
        monkeypatch.undo()

        # A decision that starts a round, then fails to be stored (the database fails).
        channel_id = 32
        while True:
            live = await duels.live(game_id)
            if live.game.result is not None:  # over in the round it was in: on to a new duel
                game_id, channel_id = await _started(duels, channel_id=channel_id), channel_id + 1
                continue
            decision = live.game.pending[0]
            trial = _replayed(live)
            trial.apply(decision.player, decision.options[: decision.count])
            if trial.round > live.game.round and trial.result is None:
                break
            await _decide(duels, game_id, rng)

        async def failing(*_: Any) -> None:
            raise RuntimeError("the database failed")

        monkeypatch.setattr(duels, "_save", failing)
        user = {"p1": ALICE[0], "p2": BOB[0]}[decision.player]
        with pytest.raises(RuntimeError):
            await duels.act(
                game_id, user, live.own_actions(decision.player), decision.options[: decision.count]
            )
        assert live.engine is None and (live.frozen is None or live.frozen[0] <= len(live.actions))
        assert state(live.game) == state(_replayed(live)), "whoever held it reads the record"
        monkeypatch.undo()
        stored = await duels.live(game_id)
        assert stored.actions == live.actions and state(stored.game) == state(_replayed(stored))
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_a_trim_looks_at_few_held_games(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a backlog many games are held (their decisions being stored) with their engine state: each
    trim looks at a few of them at most, not at all of them every time a game is used, and lets the
    others cool as usual."""
    storage = await Storage.open(database)
    try:
        duels = Duels(storage, warm_size=2)
        ids = [await _started(duels, channel_id=100 + number) for number in range(28)]
        held = ids[:24]
        looks = 0
        locked = asyncio.Lock.locked

        def counted(lock: asyncio.Lock) -> bool:
            nonlocal looks
            looks += 1
            return locked(lock)

        async with contextlib.AsyncExitStack() as stack:
            for game_id in held:
                await stack.enter_async_context(duels.lock(game_id))
                await duels.live(game_id)
            monkeypatch.setattr(asyncio.Lock, "locked", counted)
            for _ in range(5):
                for game_id in ids[24:]:
                    await duels.live(game_id)
            assert looks <= 20 * (HELD_LOOKS + 2), f"{looks} looks at locks for 20 games used"
            assert all(duels.games.kept.peek(game_id).engine is not None for game_id in held)  # type: ignore[union-attr]
            # Held games wait at the back while a trim looks at a few: the others cool a little later.
            assert len(duels.games.warm) <= 2 + len(held) + len(held) // HELD_LOOKS
        monkeypatch.undo()
        for game_id in ids[24:26]:
            await duels.live(game_id)
        assert len(duels.games.warm) == 2, "no longer held, they cool"
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_only_the_most_recently_used_games_keep_their_engine_state(database: str) -> None:
    """Beyond ``warm_size`` games, the least recently used one keeps only its rows and record, and is
    replayed, to the same state, when read again; a game whose lock is held (a decision being stored) is
    never let go."""
    storage = await Storage.open(database)
    try:
        duels = Duels(storage, warm_size=2)
        kept = duels.games.kept
        ids = []
        for number in range(3):  # three duels between different players
            players = (number * 10 + 1, f"A{number}"), (number * 10 + 2, f"B{number}")
            deck = deck_from_code("1212") if number == 0 else "II"  # a mixed one is stored as a dict
            match = await duels.propose(Challenge(10, new_home(10, 20), *players, deck, "bazaar", 2))
            _, live = await duels.answer(match.id, players[1][0], "accept")
            assert live is not None
            users = {"p1": players[0][0], "p2": players[1][0]}
            for _ in range(5):
                decision = live.game.pending[0]
                await duels.act(
                    live.row.id,
                    users[decision.player],
                    live.own_actions(decision.player),
                    decision.options[: decision.count],
                )
            ids.append(live.row.id)
            if number == 0:  # what the first game holds before it cools
                kept_actions, kept_events, first_match = live.actions, list(live.game.events), match.id
        cached = [kept.peek(i) for i in ids]
        assert isinstance(cached[0], tuple), "the least recently used of three games is cold"
        assert [isinstance(c, LiveGame) and c.engine is not None for c in cached[1:]] == [True, True]
        cold = kept.peek(ids[0])
        assert isinstance(cold, tuple)
        values, actions, cold_events = cold
        # The rows and the frozen game as bytes, which no collection goes through; the record as the very
        # tuples the game had, and the frozen game's events as the game had them, shared with other
        # games' (engine.table.shared_events).
        assert isinstance(values, bytes) and not gc.is_tracked(values)
        row, match, ended, frozen = marshal.loads(values)
        assert (row[0], match[0], ended) == (ids[0], first_match, None) and frozen[8] == len(
            cold_events or ()
        )
        assert all(a is b for a, b in zip(actions, kept_actions, strict=True)), "the record, shared"
        assert cold_events is not None and cold_events == tuple(kept_events[: len(cold_events)])
        again = shared_events(kept_events[: len(cold_events)])  # as another game would keep them
        assert all(e is a for e, a in zip(cold_events, again, strict=True) if e[0] == "placed" and e[5] == -1)
        for _ in range(10):  # a pass may let go of one level of nested tuples only
            gc.collect()
            if not gc.is_tracked(kept.peek(ids[0])):
                break
        assert not gc.is_tracked(kept.peek(ids[0])), "plain values: no work for the garbage collector"

        first = await duels.live(ids[0])
        assert kept.peek(ids[0]) is first and first.engine is not None, "read again: replayed, and warm"
        events, pending = list(first.game.events), first.game.pending
        assert len(first.actions) == 5 and isinstance(kept.peek(ids[1]), tuple), "the next one cools"

        async with duels.lock(ids[0]):  # a decision of the first game being stored
            await duels.live(ids[1])
            await duels.live(ids[2])
            assert first.engine is not None, "a locked game keeps its engine state"
        assert list(duels.games.warm) == [ids[2], ids[0]], "kept as just used"
        await duels.live(ids[1])
        assert first.engine is not None
        await duels.live(ids[2])  # now the least recently used, and no longer held
        assert first.engine is None and isinstance(kept.peek(ids[0]), tuple)
        held = first.game  # whoever still holds the game reads it replayed, as theirs alone
        assert held.events == events and held.pending == pending, "replayed to the same state"
        assert isinstance(duels.games.kept.peek(ids[0]), tuple) and ids[0] not in duels.games.warm
        again = await duels.live(ids[0])
        assert again is not first and again.actions == first.actions and again.game.events == events
        assert again.row == first.row and again.match == first.match and isinstance(again.match.deck, dict)
    finally:
        await storage.close()


def test_a_row_made_plain_values_is_made_again_whole() -> None:
    """A cold game keeps its rows as tuples of plain values (bot.services.duels.ColdGame), a mixed deck
    flattened: made again, they are the rows they were."""
    mixed = {"rebels": "I", "academy": "II", "guild": "I", "dynasty": "II"}
    for deck in ("I", mixed):
        homes = (Home(0, "p1", 0, 6, False, None, 7), Home(1, "p2", 9, 8, True, 8, 8, 10))
        match = MatchRow(1, 2, 4, 5, "Ann", "Bob", deck, "bazaar", 2, MatchStatus.ACTIVE, homes, "hard")  # type: ignore[arg-type]
        again = row_from_values(MatchRow, marshal.loads(marshal.dumps(row_values(match))))
        assert again == match and again.status is MatchStatus.ACTIVE
    game = GameRow(7, 1, 2, '{"deck":"I","seed":3}', GameStatus.IN_PROGRESS, None, None)
    again_game = row_from_values(GameRow, marshal.loads(marshal.dumps(row_values(game))))
    assert again_game == game and again_game.status is GameStatus.IN_PROGRESS
