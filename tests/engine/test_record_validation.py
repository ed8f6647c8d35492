"""Record validation (docs/record-format.md "Record", "Decisions", "Chance"): what ``parse_record`` and
``replay`` accept and reject, with the ``record: ...`` / ``setup: ...`` / ``action N: ...`` messages, and
that ``Game.apply`` changes nothing when it rejects an action."""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import pytest

from cards import FACTIONS
from engine import Game, IllegalAction, RecordError, parse_record, replay, state
from engine.bench import play_random
from tests.helpers import DECK_I, DECK_II, stacked

FORMAT = "cardia-replay/1"
FACTION_NAMES = [str(faction) for faction in FACTIONS]
LOCATIONS = [
    "serpent_temple",
    "bazaar",
    "founders_day",
    "grand_library",
    "scrapyard",
    "auction_house",
    "haunted_catacombs",
    "foggy_swamp",
]


def minimal() -> dict[str, Any]:
    return {"format": FORMAT, "setup": {"deck": "I", "location": None, "seed": 1}, "actions": []}


def explicit(deck: Any, p1: list[str], p2: list[str], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "setup": {
            "deck": deck,
            "location": None,
            "seed": 0,
            "chance": "explicit",
            "decks": {"p1": stacked(deck, p1), "p2": stacked(deck, p2)},
        },
        "actions": actions,
    }


def act(player: str, *choose: str) -> dict[str, Any]:
    return {"player": player, "choose": list(choose)}


def rejected(data: dict[str, Any] | str) -> str:
    """The one-line reason a record is rejected, by validation or by replaying it."""
    with pytest.raises(RecordError) as caught:
        replay(parse_record(data))
    message = str(caught.value)
    assert "\n" not in message, f"the reason must be one line: {message!r}"
    return message


def assert_setup_error(data: dict[str, Any] | str) -> None:
    message = rejected(data)
    assert message.startswith("setup: ") and len(message) > len("setup: "), message


def assert_record_error(data: dict[str, Any] | str) -> None:
    message = rejected(data)
    assert message.startswith("record: ") and len(message) > len("record: "), message


def assert_action_error(data: dict[str, Any], index: int) -> None:
    message = rejected(data)
    prefix = f"action {index}: "
    assert message.startswith(prefix) and len(message) > len(prefix), message


# --- valid records ------------------------------------------------------------------------------------


def test_minimal_record_is_valid() -> None:
    record = parse_record(minimal())
    assert record.actions == []
    s = state(replay(record))
    assert s["status"] == "in_progress" and s["round"] == 1
    assert [d["player"] for d in s["pending"]] == ["p1", "p2"]
    assert parse_record(json.dumps(minimal())) == record


def test_documented_example_record_shape_is_valid() -> None:
    data = explicit("I", ["saboteur"], ["clockmaker"], [act("p1", "p1:saboteur"), act("p2", "p2:clockmaker")])
    data["setup"]["chance"] = "seeded"
    s = state(replay(parse_record(data)))
    assert s["round"] == 2 and s["signets"] == {"p1": 0, "p2": 1}


@pytest.mark.parametrize("location", [None, *LOCATIONS])
def test_every_location_is_accepted(location: str | None) -> None:
    data = minimal()
    data["setup"]["location"] = location
    s = state(replay(parse_record(data)))
    opening = 2 if location == "grand_library" else 5
    assert all(len(s["players"][p]["hand"]) == opening for p in ("p1", "p2"))


@pytest.mark.parametrize("sources", list(itertools.product(("I", "II"), repeat=4)))
def test_every_deck_composition_is_accepted(sources: tuple[str, ...]) -> None:
    deck = dict(zip(FACTION_NAMES, sources, strict=True))
    data = minimal()
    data["setup"]["deck"] = deck
    s = state(replay(parse_record(data)))
    expected = sorted(
        (DECK_I if source == "I" else DECK_II)[value - 1]
        for value in range(1, 17)
        for source in [sources[(value - 1) % 4]]
    )
    for player in ("p1", "p2"):
        zones = s["players"][player]
        assert sorted(zones["hand"] + zones["deck"]) == expected


def test_uniform_mixed_deck_equals_plain_deck() -> None:
    plain = minimal()
    mixed = minimal()
    mixed["setup"]["deck"] = dict.fromkeys(FACTION_NAMES, "II")
    plain["setup"]["deck"] = "II"
    assert state(replay(parse_record(plain))) == state(replay(parse_record(mixed)))


@pytest.mark.parametrize("seed", [0, -1, 2**31, 2**64 + 7])
def test_any_integer_seed_is_accepted(seed: int) -> None:
    data = _with(["setup", "seed"], seed)
    assert parse_record(json.dumps(data)).setup.seed == seed
    assert state(replay(parse_record(data))) == state(replay(parse_record(data)))


def test_seeded_chance_is_the_default() -> None:
    data = minimal()
    stated = copy.deepcopy(data)
    stated["setup"]["chance"] = "seeded"
    assert state(replay(parse_record(data))) == state(replay(parse_record(stated)))


def test_seeded_record_may_give_decks() -> None:
    data = explicit("II", ["successor", "poisoner"], ["engineer"], [])
    data["setup"]["chance"] = "seeded"
    s = state(replay(parse_record(data)))
    assert s["players"]["p1"]["deck"] == data["setup"]["decks"]["p1"][5:]
    assert "successor" in s["players"]["p1"]["hand"] and "engineer" in s["players"]["p2"]["hand"]


# --- rejected at setup level --------------------------------------------------------------------------


def _with(path: list[str | int], value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    data = copy.deepcopy(base if base is not None else minimal())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _without(path: list[str], base: dict[str, Any] | None = None) -> dict[str, Any]:
    data = copy.deepcopy(base if base is not None else minimal())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return data


def _explicit_base() -> dict[str, Any]:
    return explicit("I", [], [], [])


RECORD_LEVEL = {
    "unknown-record-key": _with(["comment"], "hello"),
    "missing-format": _without(["format"]),
    "format-2": _with(["format"], "cardia-replay/2"),
    "format-space": _with(["format"], "cardia-replay/1 "),
    "format-case": _with(["format"], "CARDIA-REPLAY/1"),
    "format-number": _with(["format"], 1),
    "actions-object": _with(["actions"], {}),
    "actions-string": _with(["actions"], "p1:judge"),
}


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(_with(["setup", "players"], 2), id="unknown-setup-key"),
        pytest.param(_with(["setup", "Deck"], "I"), id="unknown-setup-key-case"),
        pytest.param(_without(["setup"]), id="missing-setup"),
        pytest.param(_with(["setup", "deck"], "III"), id="deck-III"),
        pytest.param(_with(["setup", "deck"], "i"), id="deck-lowercase"),
        pytest.param(_with(["setup", "deck"], 1), id="deck-number"),
        pytest.param(
            _with(["setup", "deck"], {"rebels": "I", "academy": "II", "guild": "II"}),
            id="mixed-missing-faction",
        ),
        pytest.param(_with(["setup", "deck"], {}), id="mixed-empty"),
        pytest.param(
            _with(["setup", "deck"], {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "III"}),
            id="mixed-bad-source",
        ),
        pytest.param(
            _with(
                ["setup", "deck"],
                {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "I", "pirates": "I"},
            ),
            id="mixed-unknown-faction",
        ),
        pytest.param(_with(["setup", "location"], "atlantis"), id="unknown-location"),
        pytest.param(_with(["setup", "location"], ""), id="empty-location"),
        pytest.param(_with(["setup", "seed"], True), id="bool-seed-true"),
        pytest.param(_with(["setup", "seed"], False), id="bool-seed-false"),
        pytest.param(_with(["setup", "seed"], "12345"), id="string-seed"),
        pytest.param(_with(["setup", "seed"], 1.5), id="float-seed"),
        pytest.param(_with(["setup", "seed"], None), id="null-seed"),
        pytest.param(_with(["setup", "chance"], "random"), id="unknown-chance"),
        pytest.param(_with(["setup", "chance"], "explicit"), id="explicit-without-decks"),
        pytest.param(_with(["setup", "decks"], None, _explicit_base()), id="explicit-null-decks"),
        pytest.param(_with(["setup"], "I"), id="setup-string"),
    ],
)
def test_setup_level_errors(data: dict[str, Any]) -> None:
    assert_setup_error(data)


@pytest.mark.parametrize("data", [pytest.param(data, id=name) for name, data in RECORD_LEVEL.items()])
def test_record_level_errors(data: dict[str, Any]) -> None:
    """What is wrong with the document as a whole (not its setup) is said as ``record: ...``."""
    assert_record_error(data)


@pytest.mark.parametrize("text", ["", "{", "not json", "[]", "null", "42", '"cardia-replay/1"', "{}"])
def test_non_records_are_record_errors(text: str) -> None:
    assert_record_error(text)


def _deck_edit(player: str, edit: str) -> dict[str, Any]:
    data = _explicit_base()
    deck: list[str] = data["setup"]["decks"][player]
    if edit == "duplicate":
        deck[3] = deck[4]
    elif edit == "short":
        deck.pop()
    elif edit == "long":
        deck.append(deck[0])
    elif edit == "other-deck":
        deck[deck.index("judge")] = "aristocrat"
    elif edit == "unknown-card":
        deck[0] = "dragon"
    elif edit == "empty":
        deck.clear()
    return data


@pytest.mark.parametrize("player", ["p1", "p2"])
@pytest.mark.parametrize("edit", ["duplicate", "short", "long", "other-deck", "unknown-card", "empty"])
def test_decks_must_be_permutations_of_the_composition(player: str, edit: str) -> None:
    assert_setup_error(_deck_edit(player, edit))
    seeded = _deck_edit(player, edit)
    seeded["setup"]["chance"] = "seeded"
    assert_setup_error(seeded)


def test_decks_must_name_both_players_only() -> None:
    base = _explicit_base()
    only_p1 = copy.deepcopy(base)
    del only_p1["setup"]["decks"]["p2"]
    assert_setup_error(only_p1)
    extra = copy.deepcopy(base)
    extra["setup"]["decks"]["p3"] = list(DECK_I)
    assert_setup_error(extra)
    assert_setup_error(_with(["setup", "decks"], list(DECK_I), base))


def test_mixed_deck_decks_follow_the_composition() -> None:
    deck = {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "I"}
    good = explicit(deck, [], [], [])
    parse_record(good)
    # Deck I's academy card in a game whose academy comes from Deck II
    bad = copy.deepcopy(good)
    cards: list[str] = bad["setup"]["decks"]["p1"]
    cards[cards.index("librarian")] = "fortune_teller"
    assert_setup_error(bad)


def test_setup_error_comes_before_action_errors() -> None:
    data = _with(["setup", "seed"], True)
    data["actions"] = [{"player": "p9", "choose": "x"}]
    assert_setup_error(data)


# --- rejected at action level (schema) -----------------------------------------------------------------


OPENING_P1 = ["hired_blade", "surgeon", "mediator", "saboteur", "ambusher"]
OPENING_P2 = ["judge", "clockmaker", "treasurer", "djinn", "inventor"]


def _two_plays(third: dict[str, Any]) -> dict[str, Any]:
    """Two legal plays (round 1: Surgeon loses to Treasurer, nothing is asked) and then ``third``."""
    return explicit("I", OPENING_P1, OPENING_P2, [act("p1", "p1:surgeon"), act("p2", "p2:treasurer"), third])


def test_two_plays_are_legal() -> None:
    data = _two_plays(act("p1", "p1:mediator"))
    data["actions"].pop()
    s = state(replay(parse_record(data)))
    assert s["round"] == 2 and s["signets"] == {"p1": 0, "p2": 1}
    assert s["players"]["p1"]["next_card_modifier"] == -5


@pytest.mark.parametrize(
    "third",
    [
        pytest.param({"player": "p1", "choose": ["p1:mediator"], "note": "x"}, id="unknown-action-key"),
        pytest.param({"player": "p1"}, id="missing-choose"),
        pytest.param({"choose": ["p1:mediator"]}, id="missing-player"),
        pytest.param({"player": "p3", "choose": ["p1:mediator"]}, id="unknown-player"),
        pytest.param({"player": "P1", "choose": ["p1:mediator"]}, id="player-case"),
        pytest.param({"player": 1, "choose": ["p1:mediator"]}, id="player-number"),
        pytest.param({"player": "p1", "choose": "p1:mediator"}, id="choose-string"),
        pytest.param({"player": "p1", "choose": [4]}, id="choose-number"),
        pytest.param({"player": "p1", "choose": [None]}, id="choose-null"),
        pytest.param(["p1", ["p1:mediator"]], id="action-list"),
        pytest.param("p1:mediator", id="action-string"),
    ],
)
def test_action_level_schema_errors(third: Any) -> None:
    assert_action_error(_two_plays(third), 2)


# --- rejected by the engine ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "index"),
    [
        pytest.param([act("p1", "p1:surgeon"), act("p1", "p1:mediator")], 1, id="same-player-twice"),
        pytest.param([act("chance", "p1:surgeon")], 0, id="chance-not-pending"),
        pytest.param([act("p1")], 0, id="choose-nothing"),
        pytest.param([act("p1", "p1:surgeon", "p1:mediator")], 0, id="choose-two"),
        pytest.param([act("p1", "p1:surgeon", "p1:surgeon")], 0, id="duplicate-play"),
        pytest.param([act("p1", "p1:judge")], 0, id="card-not-in-hand"),
        pytest.param([act("p1", "p2:judge")], 0, id="opponent-card"),
        pytest.param([act("p1", "p1:dragon")], 0, id="unknown-card"),
        pytest.param([act("p1", "surgeon")], 0, id="bare-card-id"),
        pytest.param([act("p1", "P1:surgeon")], 0, id="reference-case"),
        pytest.param([act("p1", "rebels")], 0, id="faction-for-a-play"),
        pytest.param(
            [act("p1", "p1:surgeon"), act("p2", "p2:treasurer"), act("p1", "p1:surgeon")],
            2,
            id="card-already-played",
        ),
        pytest.param(
            [act("p2", "p2:clockmaker"), act("p1", "p1:ambusher"), act("p2", "p2:judge")],
            2,
            id="out-of-turn-during-ability",
        ),
        pytest.param(
            [act("p2", "p2:clockmaker"), act("p1", "p1:ambusher"), act("p1", "pirates")],
            2,
            id="not-a-faction",
        ),
        pytest.param(
            [act("p2", "p2:clockmaker"), act("p1", "p1:ambusher"), act("p1", "guild", "dynasty")],
            2,
            id="two-factions",
        ),
        pytest.param(
            [act("p1", "p1:surgeon"), act("p2", "p2:surgeon"), act("p2", "p2:dragon")],
            1,
            id="first-rejected-index",
        ),
    ],
)
def test_engine_rejections(actions: list[dict[str, Any]], index: int) -> None:
    assert_action_error(explicit("I", OPENING_P1, OPENING_P2, actions), index)


def test_chance_action_in_seeded_mode_is_rejected() -> None:
    """Seeded chance: Puppeteer draws from the generator, so a ``chance`` action is never accepted."""
    p1 = ["puppeteer", "hired_blade", "surgeon", "mediator", "saboteur"]
    p2 = ["djinn", "judge", "clockmaker", "treasurer", "inventor"]
    plays = [act("p1", "p1:puppeteer"), act("p2", "p2:djinn")]
    data = explicit("I", p1, p2, plays)
    # explicit: the replacement is asked of chance, among p2's remaining hand
    pending = state(replay(parse_record(data)))["pending"]
    assert [(d["player"], d["kind"] != "play") for d in pending] == [("chance", True)]
    options = pending[0]["options"]
    assert sorted(options) == sorted(f"p2:{c}" for c in ["judge", "clockmaker", "treasurer", "inventor"])
    data["setup"]["chance"] = "seeded"
    s = state(replay(parse_record(data)))
    assert all(d["player"] != "chance" for d in s["pending"])
    data["actions"].append(act("chance", options[0]))
    assert_action_error(data, 2)


def test_action_after_the_game_finished_is_rejected() -> None:
    rng = random.Random(11)
    data = minimal()
    game = Game(parse_record(data).setup)
    actions = play_random(game, rng)
    assert game.result is not None
    data["actions"] = [act(player, *choose) for player, choose in actions]
    finished = state(replay(parse_record(data)))
    assert finished["status"] == "finished" and finished["pending"] == []
    for player in ("p1", "p2", "chance"):
        late = copy.deepcopy(data)
        late["actions"].append(act(player, f"{player}:hired_blade"))
        assert_action_error(late, len(actions))
    with pytest.raises(IllegalAction):
        game.apply("p1", ["p1:hired_blade"])


def test_djinn_win_then_any_action_is_rejected() -> None:
    """Surgeon parks -5, Djinn (16-5=11) then loses to Treasurer 12 and wins the game (ability)."""
    p1 = ["surgeon", "djinn", "hired_blade", "mediator", "saboteur"]
    p2 = ["judge", "treasurer", "clockmaker", "inventor", "magistra"]
    actions = [
        act("p1", "p1:surgeon"),
        act("p2", "p2:judge"),
        act("p1", "p1:djinn"),
        act("p2", "p2:treasurer"),
    ]
    data = explicit("I", p1, p2, actions)
    s = state(replay(parse_record(data)))
    assert s["status"] == "finished" and s["result"] == {"winner": "p1", "reason": "ability"}
    assert s["pending"] == []
    data["actions"].append(act("p1", "p1:hired_blade"))
    assert_action_error(data, 4)


# --- decisions with count 2 and ordered chance decisions ----------------------------------------------


REVOLUTION_P1 = ["revolutionary", "poisoner", "kinesis_mage", "envoy", "tax_collector"]
REVOLUTION_P2 = ["prodigy", "librarian", "aristocrat", "blackmailer", "illusionist"]
REVOLUTION_PLAYS = [act("p1", "p1:revolutionary"), act("p2", "p2:prodigy")]


def test_revolutionary_discard_is_a_count_two_decision() -> None:
    s = state(replay(parse_record(explicit("II", REVOLUTION_P1, REVOLUTION_P2, REVOLUTION_PLAYS))))
    (decision,) = s["pending"]
    assert decision["player"] == "p2" and decision["count"] == 2
    assert sorted(decision["options"]) == sorted(f"p2:{c}" for c in REVOLUTION_P2[1:])


@pytest.mark.parametrize(
    "choose",
    [
        pytest.param(["p2:librarian", "p2:librarian"], id="duplicate"),
        pytest.param(["p2:librarian"], id="too-few"),
        pytest.param(["p2:librarian", "p2:aristocrat", "p2:blackmailer"], id="too-many"),
        pytest.param(["p2:librarian", "p2:prodigy"], id="played-card"),
        pytest.param(["p2:librarian", "p2:engineer"], id="deck-card"),
    ],
)
def test_count_two_decision_rejections(choose: list[str]) -> None:
    data = explicit("II", REVOLUTION_P1, REVOLUTION_P2, [*REVOLUTION_PLAYS, act("p2", *choose)])
    assert_action_error(data, 2)
    wrong_player = explicit("II", REVOLUTION_P1, REVOLUTION_P2, [*REVOLUTION_PLAYS, act("p1", *choose)])
    assert_action_error(wrong_player, 2)


def test_count_two_choice_order_does_not_matter() -> None:
    """Order matters only where stated; several hand cards discarded at once go in ascending value."""
    results = []
    for choose in (["p2:blackmailer", "p2:librarian"], ["p2:librarian", "p2:blackmailer"]):
        data = explicit("II", REVOLUTION_P1, REVOLUTION_P2, [*REVOLUTION_PLAYS, act("p2", *choose)])
        results.append(state(replay(parse_record(data))))
    assert results[0] == results[1]
    assert results[0]["players"]["p2"]["discard"] == ["librarian", "blackmailer"]


WITCH_P1 = ["witch_king", "poisoner", "kinesis_mage", "envoy", "tax_collector"]
WITCH_P2 = ["elemental", "librarian", "aristocrat", "blackmailer", "illusionist"]
WITCH_ACTIONS = [act("p1", "p1:witch_king"), act("p2", "p2:elemental"), act("p1", "guild")]


def _shuffle_pending() -> tuple[dict[str, Any], list[str]]:
    data = explicit("II", WITCH_P1, WITCH_P2, list(WITCH_ACTIONS))
    s = state(replay(parse_record(data)))
    (decision,) = s["pending"]
    assert decision["player"] == "chance"
    deck = [f"p2:{c}" for c in s["players"]["p2"]["deck"]]
    assert sorted(decision["options"]) == sorted(deck) and decision["count"] == len(deck) >= 2
    assert all(not card.endswith(("envoy", "prodigy", "engineer", "mechanical_djinn")) for card in deck)
    return data, deck


def test_witch_king_shuffle_gives_the_new_order_top_first() -> None:
    data, deck = _shuffle_pending()
    order = list(reversed(deck))
    data["actions"].append(act("chance", *order))
    s = state(replay(parse_record(data)))
    # the end-of-round draw then takes the new top card
    assert [f"p2:{c}" for c in s["players"]["p2"]["deck"]] == order[1:]
    assert order[0].partition(":")[2] in s["players"]["p2"]["hand"]
    assert s["players"]["p2"]["discard"] == ["envoy", "prodigy", "engineer", "mechanical_djinn"]


@pytest.mark.parametrize("edit", ["subset", "duplicate", "foreign", "empty"])
def test_witch_king_shuffle_must_order_the_whole_deck(edit: str) -> None:
    data, deck = _shuffle_pending()
    if edit == "subset":
        choose = deck[:-1]
    elif edit == "duplicate":
        choose = [*deck[:-1], deck[0]]
    elif edit == "foreign":
        choose = [*deck[:-1], "p1:poisoner"]
    else:
        choose = []
    data["actions"].append(act("chance", *choose))
    assert_action_error(data, 3)
    data["actions"][-1] = act("p2", *deck)
    assert_action_error(data, 3)


# --- Game.apply: a rejected action changes nothing -----------------------------------------------------


def _game(data: dict[str, Any]) -> Game:
    return replay(parse_record(data))


@pytest.mark.parametrize(
    ("data", "player", "choose"),
    [
        pytest.param(explicit("I", OPENING_P1, OPENING_P2, []), "chance", ["p1:surgeon"], id="chance"),
        pytest.param(explicit("I", OPENING_P1, OPENING_P2, []), "p1", [], id="nothing"),
        pytest.param(explicit("I", OPENING_P1, OPENING_P2, []), "p1", ["p1:judge"], id="non-option"),
        pytest.param(
            explicit("I", OPENING_P1, OPENING_P2, []), "p1", ["p1:surgeon", "p1:mediator"], id="two-cards"
        ),
        pytest.param(
            explicit("I", OPENING_P1, OPENING_P2, [act("p1", "p1:surgeon")]),
            "p1",
            ["p1:mediator"],
            id="twice",
        ),
        pytest.param(
            explicit("II", REVOLUTION_P1, REVOLUTION_P2, REVOLUTION_PLAYS),
            "p2",
            ["p2:librarian", "p2:librarian"],
            id="duplicate",
        ),
        pytest.param(
            explicit("II", WITCH_P1, WITCH_P2, list(WITCH_ACTIONS)), "chance", ["p2:poisoner"], id="shuffle"
        ),
    ],
)
def test_rejected_apply_leaves_the_game_unchanged(
    data: dict[str, Any], player: str, choose: list[str]
) -> None:
    game = _game(data)
    before = state(game)
    pending = game.pending
    with pytest.raises(IllegalAction) as caught:
        game.apply(player, choose)
    assert str(caught.value)
    assert state(game) == before
    assert game.pending == pending
    # and the game goes on exactly like one that never saw the rejected action
    fresh = _game(data)
    rng = random.Random(5)
    for _ in range(30):
        if game.result is not None:
            break
        decision = rng.choice(game.pending)
        answer = list(
            rng.sample(decision.options, len(decision.options) if decision.ordered else decision.count)
        )
        game.apply(decision.player, answer)
        fresh.apply(decision.player, answer)
        assert state(game) == state(fresh)


def test_rejected_apply_after_the_end_leaves_the_game_unchanged() -> None:
    game = Game(parse_record(minimal()).setup)
    play_random(game, random.Random(3))
    before = state(game)
    with pytest.raises(IllegalAction):
        game.apply("p1", ["p1:djinn"])
    assert state(game) == before
