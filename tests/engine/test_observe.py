"""The hidden-information layer (``engine.observe``): what a player, or the public, may see of a game.

Contract: neither a player nor the public can learn a hidden card from ``observation`` or from
``visible_events``. Hidden are the opponent's hand, every deck's order and contents (only sizes are shown),
the opponent's face-down cards unless they were shown to the viewer (Fortune Teller under Foggy Swamp,
ruling 25), the cards the opponent drew or put under their deck (Scrapyard), and the options of other
players' decisions (they would list a hand or a deck). The public (viewer None) sees only face-up cards and
public information: discard piles, signets, sizes, parked next-card effects, whose decision and its kind.

The scenarios stack both decks (``tests.helpers.new_game``); the property tests play random games of every
setup (all 16 decks, every location, seeded and explicit chance) and check every view after every action
against the omniscient ``state``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from cards import CARDS, FACTIONS, LOCATIONS, Deck
from engine import Event, Game, Setup, named_events, observation, state, visible_events
from engine.bench import random_actions
from engine.model import PLAYERS
from tests.engine.interpreted import ran_interpreted
from tests.helpers import choose, new_game, play, stacked

VIEWERS: tuple[str | None, ...] = ("p1", "p2", None)
HIDDEN: dict[str, Any] = {"card": None, "face_up": False}
PRIVATE_KINDS = ("drew", "under_deck")  # their cards are the owner's alone to see; the amount is public
# Event kinds documented in engine.model.Event.
DOCUMENTED_KINDS = frozenset(
    {
        "placed",
        "compared",
        "ability",
        "location",
        "next_effect",
        "round_end",
        "drew",
        "discarded",
        "modifier",
        "token",
        "moved",
        "returned",
        "replaced",
        "next_card",
        "must_play_first",
        "shuffled",
        "under_deck",
        "game_over",
    }
)
OBSERVATION_KEYS = {"status", "result", "round", "location", "signets", "encounters", "players", "pending"}
ZONE_KEYS = {
    "hand",
    "hand_size",
    "deck_size",
    "discard",
    "next_card_modifier",
    "librarian",
    "engineer",
    "blackmail",
    "must_play_first",
}


# --- local helpers ---------------------------------------------------------------------------------


def shown_card(
    card: str, influence: int, modifier: int = 0, ongoing: int = 0, signets: int = 0, face_up: bool = True
) -> dict[str, Any]:
    """A card as a viewer who may see it sees it (the same dict as in ``state``)."""
    return {
        "card": card,
        "influence": influence,
        "modifier": modifier,
        "ongoing": ongoing,
        "signets": signets,
        "face_up": face_up,
    }


def zones(
    hand: list[str] | None, hand_size: int, deck_size: int, discard: list[str] | None = None
) -> dict[str, Any]:
    return {
        "hand": hand,
        "hand_size": hand_size,
        "deck_size": deck_size,
        "discard": [] if discard is None else discard,
        "next_card_modifier": 0,
        "librarian": False,
        "engineer": False,
        "blackmail": None,
        "must_play_first": False,
    }


def slots(game: Game, viewer: str | None, index: int) -> tuple[Any, Any]:
    encounter = observation(game, viewer)["encounters"][index]
    return encounter["p1"], encounter["p2"]


def of_kind(events: list[Event], *kinds: str) -> list[Event]:
    """The events of ``kinds``, without their causes (``tests/test_happenings.py`` checks those)."""
    return [event._replace(cause=-1) for event in events if event.kind in kinds]


def only_for(viewer: str | None, owner: str, event: Event, hidden: Event) -> Event:
    """``event`` if ``viewer`` owns it, else ``hidden``."""
    return event if viewer == owner else hidden


# --- 1. scenarios with exact expected views --------------------------------------------------------


def test_game_start_hides_both_hands_and_every_deck() -> None:
    game = new_game(p1=["saboteur"], p2=["judge"])
    p1_hand = ["hired_blade", "void_mage", "surgeon", "mediator", "saboteur"]
    p2_hand = ["hired_blade", "void_mage", "surgeon", "mediator", "judge"]
    common: dict[str, Any] = {
        "status": "in_progress",
        "result": None,
        "round": 1,
        "location": None,
        "signets": {"p1": 0, "p2": 0},
        "encounters": [],
    }
    assert observation(game, "p1") == common | {
        "players": {"p1": zones(p1_hand, 5, 11), "p2": zones(None, 5, 11)},
        "pending": [
            {"player": "p1", "kind": "play", "options": [f"p1:{c}" for c in p1_hand], "count": 1},
            {"player": "p2", "kind": "play"},
        ],
    }
    assert observation(game, "p2") == common | {
        "players": {"p1": zones(None, 5, 11), "p2": zones(p2_hand, 5, 11)},
        "pending": [
            {"player": "p1", "kind": "play"},
            {"player": "p2", "kind": "play", "options": [f"p2:{c}" for c in p2_hand], "count": 1},
        ],
    }
    assert observation(game, None) == common | {
        "players": {"p1": zones(None, 5, 11), "p2": zones(None, 5, 11)},
        "pending": [{"player": "p1", "kind": "play"}, {"player": "p2", "kind": "play"}],
    }
    for viewer in VIEWERS:
        assert visible_events(game, viewer) == []


def test_a_card_placed_face_down_is_seen_only_by_its_owner() -> None:
    game = new_game(p1=["saboteur"], p2=["judge"])
    choose(game, "p1", "p1:saboteur")
    assert slots(game, "p1", 0) == (shown_card("saboteur", 5, face_up=False), None)
    assert slots(game, "p2", 0) == (HIDDEN, None)
    assert slots(game, None, 0) == (HIDDEN, None)
    assert observation(game, "p1")["players"]["p1"]["hand"] == [
        "hired_blade",
        "void_mage",
        "surgeon",
        "mediator",
    ]
    for viewer in VIEWERS:
        view = observation(game, viewer)
        assert view["encounters"][0]["winner"] is None
        assert view["signets"] == {"p1": 0, "p2": 0}
        assert view["players"]["p1"]["hand_size"] == 4
        p2_hand = ["hired_blade", "void_mage", "surgeon", "mediator", "judge"]
        assert view["players"]["p2"]["hand"] == (p2_hand if viewer == "p2" else None)
        assert view["players"]["p1"]["hand"] is None or viewer == "p1"
        assert [d["player"] for d in view["pending"]] == ["p2"]
        assert ("options" in view["pending"][0]) is (viewer == "p2")
    assert visible_events(game, "p1") == [Event("placed", 0, ("saboteur",), 0, "face_down")]
    assert visible_events(game, "p2") == [Event("placed", 0, (), 0, "face_down")]
    assert visible_events(game, None) == [Event("placed", 0, (), 0, "face_down")]


def test_after_the_reveal_both_cards_are_public_but_draws_stay_private() -> None:
    game = new_game(p1=["saboteur"], p2=["judge"])
    play(game, "p1:saboteur", "p2:judge")  # 5 < 8: the Saboteur mills p2's fortune_teller and palace_guard
    for viewer in VIEWERS:
        view = observation(game, viewer)
        assert slots(game, viewer, 0) == (shown_card("saboteur", 5), shown_card("judge", 8, signets=1))
        assert view["encounters"][0]["winner"] == "p2"
        assert view["signets"] == {"p1": 0, "p2": 1}
        assert view["round"] == 2
        p1_hand = ["hired_blade", "void_mage", "surgeon", "mediator", "fortune_teller"]
        p2_hand = ["hired_blade", "void_mage", "surgeon", "mediator", "palace_guard"]
        assert view["players"] == {
            "p1": zones(p1_hand if viewer == "p1" else None, 5, 10),
            "p2": zones(p2_hand if viewer == "p2" else None, 5, 8, discard=["saboteur", "fortune_teller"]),
        }
        events = visible_events(game, viewer)
        assert of_kind(events, "placed") == [
            only_for(
                viewer,
                "p1",
                Event("placed", 0, ("saboteur",), 0, "face_down"),
                Event("placed", 0, (), 0, "face_down"),
            ),
            only_for(
                viewer,
                "p2",
                Event("placed", 1, ("judge",), 0, "face_down"),
                Event("placed", 1, (), 0, "face_down"),
            ),
        ]
        assert of_kind(events, "ability", "discarded") == [
            Event("ability", 0, ("saboteur", "saboteur")),
            Event("discarded", 1, ("saboteur", "fortune_teller"), 0, "deck"),
        ]
        assert of_kind(events, "drew") == [
            only_for(viewer, "p1", Event("drew", 0, ("fortune_teller",)), Event("drew", 0, (), 1)),
            only_for(viewer, "p2", Event("drew", 1, ("palace_guard",)), Event("drew", 1, (), 1)),
        ]


def test_events_are_of_the_documented_kinds_and_the_comparison_is_public() -> None:
    """engine.model.Event documents its kinds; the comparison is ``compared`` (amount = the encounter's
    index, detail = p1, p2 or tie), public, with both (now face-up) cards."""
    game = new_game(p1=["saboteur"], p2=["judge"])
    play(game, "p1:saboteur", "p2:judge")
    for viewer in VIEWERS:
        assert Event("compared", -1, ("saboteur", "judge"), 0, "p2") in visible_events(game, viewer)
    kinds: set[str] = set()
    rng = random.Random(7)
    for location in (None, *LOCATIONS):
        for mask in (0, 15, 5):
            game = random_game(rng, location, mask, explicit=mask == 5)
            for _ in random_actions(game, rng):
                pass
            kinds.update(event.kind for event in named_events(game))
    assert kinds - DOCUMENTED_KINDS == set()


def test_fortune_teller_victim_places_face_up_for_everyone() -> None:
    game = new_game(p1=["fortune_teller", "djinn"], p2=["judge", "clockmaker"])
    play(game, "p1:fortune_teller", "p2:judge")  # 6 < 8: p2 must place first, face up
    hand = ["p2:hired_blade", "p2:void_mage", "p2:surgeon", "p2:mediator", "p2:clockmaker"]
    assert observation(game, "p2")["pending"] == [
        {"player": "p2", "kind": "play", "first": True, "options": hand, "count": 1}
    ]
    for viewer in ("p1", None):
        assert observation(game, viewer)["pending"] == [{"player": "p2", "kind": "play", "first": True}]
    start = len(game.events)
    choose(game, "p2", "p2:clockmaker")
    for viewer in VIEWERS:
        assert slots(game, viewer, 1) == (None, shown_card("clockmaker", 11))
        assert visible_events(game, viewer, start) == [Event("placed", 1, ("clockmaker",), 0, "shown")]
        assert [d["player"] for d in observation(game, viewer)["pending"]] == ["p1"]
    start = len(game.events)
    choose(game, "p1", "p1:djinn")  # the other player places face down as usual, then the reveal
    assert of_kind(visible_events(game, "p1", start), "placed") == [
        Event("placed", 0, ("djinn",), 0, "face_down")
    ]
    for viewer in ("p2", None):
        assert of_kind(visible_events(game, viewer, start), "placed") == [
            Event("placed", 0, (), 0, "face_down")
        ]
    for viewer in VIEWERS:
        assert slots(game, viewer, 1) == (shown_card("djinn", 16, signets=1), shown_card("clockmaker", 11))


def test_foggy_swamp_face_down_encounters_are_seen_only_by_their_owners() -> None:
    game = new_game(
        p1=["fortune_teller", "djinn", "surgeon"],
        p2=["judge", "clockmaker", "surgeon"],
        location="foggy_swamp",
    )
    play(game, "p1:fortune_teller", "p2:judge")  # round 1 reveals nothing
    assert slots(game, "p1", 0) == (shown_card("fortune_teller", 6, face_up=False), HIDDEN)
    assert slots(game, "p2", 0) == (HIDDEN, shown_card("judge", 8, face_up=False))
    assert slots(game, None, 0) == (HIDDEN, HIDDEN)
    for viewer in VIEWERS:
        view = observation(game, viewer)
        assert view["location"] == "foggy_swamp"
        assert view["encounters"][0]["winner"] is None
        assert [(p, z["hand_size"], z["deck_size"]) for p, z in view["players"].items()] == [
            ("p1", 5, 10),
            ("p2", 5, 10),
        ]
        assert of_kind(visible_events(game, viewer), "placed") == [
            only_for(
                viewer,
                "p1",
                Event("placed", 0, ("fortune_teller",), 0, "face_down"),
                Event("placed", 0, (), 0, "face_down"),
            ),
            only_for(
                viewer,
                "p2",
                Event("placed", 1, ("judge",), 0, "face_down"),
                Event("placed", 1, (), 0, "face_down"),
            ),
        ]
    play(game, "p1:djinn", "p2:clockmaker")  # reveals encounter 1: Fortune Teller 6 < Judge 8
    for viewer in VIEWERS:
        assert slots(game, viewer, 0) == (shown_card("fortune_teller", 6), shown_card("judge", 8, signets=1))
    assert slots(game, "p1", 1) == (shown_card("djinn", 16, face_up=False), HIDDEN)
    assert slots(game, "p2", 1) == (HIDDEN, shown_card("clockmaker", 11, face_up=False))
    assert slots(game, None, 1) == (HIDDEN, HIDDEN)


def test_foggy_swamp_fortune_teller_card_is_shown_to_the_opponent_only() -> None:
    """Ruling 25: under Foggy Swamp the victim's card stays face down but the other player sees it."""
    game = new_game(
        p1=["fortune_teller", "djinn", "surgeon"],
        p2=["judge", "clockmaker", "surgeon"],
        location="foggy_swamp",
    )
    play(game, "p1:fortune_teller", "p2:judge")
    play(game, "p1:djinn", "p2:clockmaker")  # the Fortune Teller loses: p2 places first in round 3
    assert [(d.player, d.kind) for d in game.pending] == [("p2", "play")]
    start = len(game.events)
    choose(game, "p2", "p2:surgeon")
    surgeon = shown_card("surgeon", 3, face_up=False)
    assert slots(game, "p1", 2) == (None, surgeon)  # shown to p1
    assert slots(game, "p2", 2) == (None, surgeon)  # the owner's own card
    assert slots(game, None, 2) == (None, HIDDEN)  # not public
    assert slots(game, "p1", 1) == (shown_card("djinn", 16, face_up=False), HIDDEN)  # the rest stays hidden
    assert visible_events(game, "p1", start) == [Event("placed", 1, ("surgeon",), 0, "shown")]
    assert visible_events(game, "p2", start) == [Event("placed", 1, ("surgeon",), 0, "shown")]
    assert visible_events(game, None, start) == [Event("placed", 1, (), 0, "shown")]
    start = len(game.events)
    choose(game, "p1", "p1:surgeon")  # encounter 2 is revealed, encounter 3 stays face down
    assert slots(game, "p1", 2) == (shown_card("surgeon", 3, face_up=False), surgeon)
    assert slots(game, "p2", 2) == (HIDDEN, surgeon)
    assert slots(game, None, 2) == (HIDDEN, HIDDEN)
    for viewer in VIEWERS:
        assert slots(game, viewer, 1) == (shown_card("djinn", 16, signets=1), shown_card("clockmaker", 11))
    assert of_kind(visible_events(game, "p1", start), "placed") == [
        Event("placed", 0, ("surgeon",), 0, "face_down")
    ]
    for viewer in ("p2", None):
        assert of_kind(visible_events(game, viewer, start), "placed") == [
            Event("placed", 0, (), 0, "face_down")
        ]


def test_pending_options_are_listed_only_for_the_viewers_own_decision() -> None:
    game = new_game(p1=["revolutionary"], p2=["librarian"], deck="II")
    play(game, "p1:revolutionary", "p2:librarian")  # 5 < 6: p2 discards 2 cards of their choice
    hand = ["p2:poisoner", "p2:kinesis_mage", "p2:envoy", "p2:tax_collector"]
    assert observation(game, "p2")["pending"] == [
        {"player": "p2", "kind": "revolutionary_discard", "options": hand, "count": 2}
    ]
    assert observation(game, "p1")["pending"] == [{"player": "p2", "kind": "revolutionary_discard"}]
    assert observation(game, None)["pending"] == [{"player": "p2", "kind": "revolutionary_discard"}]
    start = len(game.events)
    choose(game, "p2", "p2:poisoner", "p2:envoy")  # public discards, then a private draw of 2
    for viewer in VIEWERS:
        events = visible_events(game, viewer, start)
        assert of_kind(events, "discarded") == [Event("discarded", 1, ("poisoner", "envoy"), 0, "hand")]
        assert of_kind(events, "drew")[0] == only_for(
            viewer, "p2", Event("drew", 1, ("revolutionary", "prodigy")), Event("drew", 1, (), 2)
        )
        assert observation(game, viewer)["players"]["p2"]["discard"] == ["poisoner", "envoy"]


def test_chance_decisions_list_their_options_to_nobody() -> None:
    """An explicit Puppeteer pick lists the opponent's hand: no player (nor the public) sees it."""
    game = new_game(p1=["puppeteer"], p2=["djinn"], chance="explicit")
    play(game, "p1:puppeteer", "p2:djinn")  # 10 < 16: the Djinn is replaced by a random card from p2's hand
    assert [(d.player, d.kind) for d in game.pending] == [("chance", "puppeteer")]
    for viewer in VIEWERS:
        assert observation(game, viewer)["pending"] == [{"player": "chance", "kind": "puppeteer"}]
    start = len(game.events)
    choose(game, "chance", "p2:surgeon")
    for viewer in VIEWERS:
        assert of_kind(visible_events(game, viewer, start), "replaced") == [
            Event("replaced", 1, ("djinn", "surgeon"))
        ]
        assert slots(game, viewer, 0) == (shown_card("puppeteer", 10, signets=1), shown_card("surgeon", 3))


def test_scrapyard_draws_and_the_card_put_under_are_private() -> None:
    game = new_game(p1=["surgeon"], p2=["surgeon"], location="scrapyard")
    play(game, "p1:surgeon", "p2:surgeon")  # a tie; both draw fortune_teller and palace_guard
    for viewer in VIEWERS:
        assert of_kind(visible_events(game, viewer), "drew") == [
            only_for(
                viewer, "p1", Event("drew", 0, ("fortune_teller", "palace_guard")), Event("drew", 0, (), 2)
            ),
            only_for(
                viewer, "p2", Event("drew", 1, ("fortune_teller", "palace_guard")), Event("drew", 1, (), 2)
            ),
        ]
        assert [z["deck_size"] for z in observation(game, viewer)["players"].values()] == [9, 9]
        assert [z["hand_size"] for z in observation(game, viewer)["players"].values()] == [6, 6]
        kinds = [(d["player"], d["kind"], "options" in d) for d in observation(game, viewer)["pending"]]
        assert kinds == [("p1", "scrapyard", viewer == "p1"), ("p2", "scrapyard", viewer == "p2")]
    start = len(game.events)
    choose(game, "p2", "p2:palace_guard")
    choose(game, "p1", "p1:void_mage")
    for viewer in VIEWERS:
        assert of_kind(visible_events(game, viewer, start), "under_deck") == [
            only_for(viewer, "p2", Event("under_deck", 1, ("palace_guard",)), Event("under_deck", 1, (), 1)),
            only_for(viewer, "p1", Event("under_deck", 0, ("void_mage",)), Event("under_deck", 0, (), 1)),
        ]
        view = observation(game, viewer)
        assert [(z["hand_size"], z["deck_size"]) for z in view["players"].values()] == [(5, 10), (5, 10)]
    assert "palace_guard" not in json.dumps(observation(game, None))
    assert "void_mage" not in json.dumps(observation(game, None))


def test_bazaar_refill_is_private_but_its_size_is_public() -> None:
    game = new_game(p1=["saboteur"], p2=["judge"], location="bazaar")
    for p1_card, p2_card in [("saboteur", "judge"), ("hired_blade",) * 2, ("void_mage",) * 2]:
        play(game, f"p1:{p1_card}", f"p2:{p2_card}")
    start = len(game.events)
    choose(game, "p1", "p1:surgeon")  # one card left in hand: p1 draws 4 at once
    for viewer in VIEWERS:
        assert visible_events(game, viewer, start) == [
            only_for(
                viewer,
                "p1",
                Event("placed", 0, ("surgeon",), 0, "face_down"),
                Event("placed", 0, (), 0, "face_down"),
            ),
            Event("location", 0, (), 0, "bazaar"),
            only_for(
                viewer,
                "p1",
                Event("drew", 0, ("fortune_teller", "palace_guard", "judge", "ambusher"), cause=start + 1),
                Event("drew", 0, (), 4, cause=start + 1),
            ),
        ]
        assert observation(game, viewer)["players"]["p1"]["hand_size"] == 5


# --- 2. property: every view after every action of random games of every setup ----------------------


def deck_of(mask: int) -> dict[str, Deck]:
    """One of the 16 decks: bit i set = faction i from Deck II."""
    return {str(faction): "II" if mask >> i & 1 else "I" for i, faction in enumerate(FACTIONS)}


def random_game(rng: random.Random, location: str | None, mask: int, explicit: bool) -> Game:
    deck = deck_of(mask)
    data: dict[str, Any] = {"deck": deck, "location": location, "seed": rng.randrange(2**32)}
    if explicit:  # chance decisions are actions; they need given decks
        cards = stacked(deck, [])
        data |= {"chance": "explicit", "decks": {p: rng.sample(cards, len(cards)) for p in PLAYERS}}
    return Game(Setup.model_validate(data))


def placements(game: Game) -> dict[tuple[str, str], str]:
    """(owner, card) -> detail of the latest "placed" event of that card: "shown" or "face_down"."""
    return {
        (PLAYERS[event.player], event.cards[0]): event.detail
        for event in named_events(game)
        if event.kind == "placed"
    }


def may_see(viewer: str | None, owner: str, card: dict[str, Any], placement: str | None) -> bool:
    """Face-up cards are public; a face-down card is seen by its owner, and by the other player if it
    was shown to them when placed (Fortune Teller under Foggy Swamp, ruling 25)."""
    if card["face_up"]:
        return True
    return viewer is not None and (viewer == owner or placement == "shown")


def card_names(value: Any, key: str = "") -> set[str]:
    """Every card id a view mentions anywhere (also inside references like ``p2:judge/modifiers``),
    except in decision kinds (which are named after cards)."""
    if isinstance(value, dict):
        return set().union(*(card_names(item, name) for name, item in value.items()))
    if isinstance(value, list | tuple):
        return set().union(*(card_names(item, key) for item in value))
    if isinstance(value, str) and key != "kind":
        name = value.partition(":")[2] or value
        name = name.partition("/")[0]
        return {name} if name in CARDS else set()
    return set()


def secret_names(full: dict[str, Any], viewer: str | None, placed: dict[tuple[str, str], str]) -> set[str]:
    """Card ids the viewer must not find anywhere in the view: in a hidden zone and in no visible one.
    (The same card id exists in both decks, so this is only a net; the zones are checked one by one.)"""
    secret: set[str] = set()
    known: set[str] = set()
    for owner in PLAYERS:
        zones = full["players"][owner]
        secret.update(zones["deck"])
        (known if owner == viewer else secret).update(zones["hand"])
        known.update(zones["discard"])
    for encounter in full["encounters"]:
        for owner in PLAYERS:
            card = encounter[owner]
            if card is not None:
                visible = may_see(viewer, owner, card, placed.get((owner, card["card"])))
                (known if visible else secret).add(card["card"])
    for decision in full["pending"]:
        if decision["player"] == viewer:
            known |= card_names(decision["options"])
    return secret - known


def check_why(why: str | None, true: dict[str, Any], seen: Counter[str]) -> None:
    """Why an encounter has its winner (what the board tells), against the winner and the influences."""
    winner = true["winner"]
    if winner is None or why is None:
        assert winner is None and why is None, (winner, why)
        return
    seen[f"why {why}"] += 1
    equal = true["p1"]["influence"] == true["p2"]["influence"]
    expected_winners = {
        "influence": ("p1", "p2"),
        "tie": ("tie",),
        "mediator": ("tie",),
        "judge": ("p1", "p2", "both"),
        "counselor": ("p1", "p2"),
    }
    assert winner in expected_winners[why], (why, true)
    if why == "influence":
        stronger = "p1" if true["p1"]["influence"] > true["p2"]["influence"] else "p2"
        assert not equal and winner == stronger, true
    if why == "tie":
        assert equal, true


def check_observation(
    game: Game,
    viewer: str | None,
    full: dict[str, Any],
    placed: dict[tuple[str, str], str],
    seen: Counter[str],
) -> None:
    view = observation(game, viewer)
    assert json.loads(json.dumps(view)) == view  # plain data
    assert set(view) == OBSERVATION_KEYS
    assert (view["status"], view["round"]) == (full["status"], full["round"])
    # The result as the record states it, and, told to players, the cause of a catacombs draw.
    result = view["result"]
    if result is not None and "cause" in result:
        assert (result["reason"], result.pop("cause")) == ("simultaneous", "haunted_catacombs")
    assert result == full["result"]
    assert view["signets"] == full["signets"]
    assert view["location"] == game.location
    assert len(view["encounters"]) == len(full["encounters"])
    for mine, true in zip(view["encounters"], full["encounters"], strict=True):
        assert mine["winner"] == true["winner"]
        check_why(mine["why"], true, seen)
        for owner in PLAYERS:
            card = true[owner]
            if card is None:
                assert mine[owner] is None
            elif may_see(viewer, owner, card, placed.get((owner, card["card"]))):
                assert mine[owner] == card
                seen["shown to the opponent" if not card["face_up"] and viewer != owner else "visible"] += 1
            else:
                assert mine[owner] == HIDDEN, (viewer, owner, mine[owner])
                seen["hidden card in the row"] += 1
    for index, owner in enumerate(PLAYERS):
        true, mine, waiting = full["players"][owner], view["players"][owner], game.players[index].next
        assert set(mine) == ZONE_KEYS
        assert mine["hand"] == (true["hand"] if viewer == owner else None)
        assert (mine["hand_size"], mine["deck_size"]) == (len(true["hand"]), len(true["deck"]))
        assert mine["discard"] == true["discard"]
        assert mine["next_card_modifier"] == true["next_card_modifier"]
        assert (mine["librarian"], mine["engineer"]) == (waiting.librarian, waiting.engineer)
        assert mine["blackmail"] == (None if waiting.blackmail is None else str(waiting.blackmail))
        assert mine["must_play_first"] == game.players[index].first
    assert len(view["pending"]) == len(full["pending"])
    for mine, true in zip(view["pending"], full["pending"], strict=True):
        mine = dict(mine)
        if mine.pop("first", False):  # a Fortune Teller's victim places face up first
            assert true["kind"] == "play"
            seen["placed first"] += 1
        if true["player"] == viewer:
            assert mine == {key: true[key] for key in ("player", "kind", "options", "count")}
        else:
            assert mine == {"player": true["player"], "kind": true["kind"]}
            seen[f"{true['player']} decision hidden"] += 1
    secrets = secret_names(full, viewer, placed)
    seen["secret card names checked"] += len(secrets)  # a check that had nothing to check would pass
    leaked = card_names(view) & secrets
    assert not leaked, (viewer, leaked)


def expected_event(
    game: Game, viewer: str | None, raw: tuple[str, int, tuple[str, ...], int, str, int]
) -> Event:
    """The raw event with the cards ``viewer`` may not see taken out."""
    kind, player, cards, amount, detail, cause = raw
    owner = PLAYERS[player] if player >= 0 else None
    hidden = False
    if viewer != owner:
        if kind in PRIVATE_KINDS:
            hidden, amount = True, len(cards)
        elif kind == "placed":
            placed_face_up = detail == "shown" and game.location != "foggy_swamp"
            shown_to_viewer = detail == "shown" and viewer is not None
            hidden = not (placed_face_up or shown_to_viewer)
    return Event(kind, player, () if hidden else cards, amount, detail, cause)


def check_events(game: Game, viewer: str | None, start: int, seen: Counter[str]) -> list[Event]:
    events = visible_events(game, viewer, start)
    assert all(type(event) is Event for event in events)
    assert events == [expected_event(game, viewer, raw) for raw in game.events[start:]]
    for event, raw in zip(events, game.events[start:], strict=True):
        if event.cards != raw[2]:
            seen[f"hidden {event.kind}"] += 1
    return events


def in_row(game: Game, owner: int, card: str) -> bool:
    """``owner``'s ``card`` lies face up in the row."""
    return any(
        slot is not None and slot.owner == owner and slot.card == card and slot.face_up
        for encounter in game.row
        for slot in encounter.slots
    )


def watch_public_events(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Check every event as it is logged: the cards public events name must be public at that moment
    (face up in the row, or in the discard pile), else the event would reveal a hidden card."""
    problems: list[str] = []
    log = game.log

    def checked(
        kind: str, player: int, cards: tuple[str, ...] = (), amount: int = 0, detail: str = ""
    ) -> None:
        row_cards: tuple[tuple[int, str], ...] = ()
        discarded: tuple[str, ...] = ()
        if kind in ("modifier", "token", "moved", "next_effect"):
            row_cards = tuple((player, card) for card in cards)
        elif (
            kind == "ability"
        ):  # the ability's card (copied: face up, or discarded by Elemental), its position
            row_cards = ((player, cards[1]),)
            if not in_row(game, player, cards[0]):
                discarded = cards[:1]
        elif kind == "replaced":
            row_cards, discarded = ((player, cards[1]),), cards[:1]
        elif kind == "discarded":
            discarded = cards
        elif kind == "compared":  # both cards of the encounter
            row_cards = ((0, cards[0]), (1, cards[1]))
        for owner, card in row_cards:
            if not in_row(game, owner, card):
                problems.append(f"{kind} names {PLAYERS[owner]}:{card}, not face up in the row")
        for card in discarded:
            if card not in game.players[player].discard:
                problems.append(f"{kind} names {PLAYERS[player]}:{card}, not in the discard pile")
        log(kind, player, cards, amount, detail)

    monkeypatch.setattr(game, "log", checked)
    return problems


GAMES_PER_LOCATION = 96  # 9 location choices x 96 = 864 games: every deck 6 times per location


def test_no_view_ever_reveals_a_hidden_card(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    if ran_interpreted(request):  # it watches each event as it is logged: a patched Game.log
        return
    rng = random.Random(2024)
    seen: Counter[str] = Counter()
    for location in (None, *LOCATIONS):
        for number in range(GAMES_PER_LOCATION):
            game = random_game(rng, location, mask=number % 16, explicit=number % 3 == 0)
            problems = watch_public_events(game, monkeypatch)
            history: dict[str | None, list[Event]] = {viewer: [] for viewer in VIEWERS}
            start = 0
            for _ in random_actions(game, rng):
                full = state(game)
                placed = placements(game)
                for viewer in VIEWERS:
                    check_observation(game, viewer, full, placed, seen)
                    history[viewer] += check_events(game, viewer, start, seen)
                assert not problems, problems
                start = len(game.events)
            assert game.result is not None
            winner = -1 if game.result.winner is None else PLAYERS.index(game.result.winner)
            told = game.result.cause or game.result.reason  # a catacombs draw says which condition
            assert game.events[-1] == ("game_over", winner, (), 0, told, -1)
            for viewer in VIEWERS:
                assert visible_events(game, viewer) == history[viewer]
                assert observation(game, viewer)["pending"] == []
            seen[f"finished at {location}"] += 1
    # The random games reach every path the contract is about.
    for situation in (
        "hidden card in the row",
        "shown to the opponent",
        "p1 decision hidden",
        "p2 decision hidden",
        "chance decision hidden",
        "hidden placed",
        "hidden drew",
        "hidden under_deck",
        "why influence",
        "why tie",
        "why judge",
        "placed first",
    ):
        assert seen[situation] > 0, (situation, seen)
    # Every view held secrets to keep: thousands of card names were checked against it.
    assert seen["secret card names checked"] > 10_000, seen


# --- 3. visible_events from any index -----------------------------------------------------------------


def test_visible_events_from_any_start_are_the_logged_events_less_the_hidden_cards() -> None:
    rng = random.Random(99)
    for location in ("foggy_swamp", "scrapyard", "bazaar", "serpent_temple", None):
        game = random_game(rng, location, mask=rng.randrange(16), explicit=True)
        checked_midway = False
        for _ in random_actions(game, rng):
            if not checked_midway and len(game.events) > 20:
                check_every_start(game)
                checked_midway = True
        check_every_start(game)


def check_every_start(game: Game) -> None:
    logged = list(game.events)
    for viewer in VIEWERS:
        everything = visible_events(game, viewer)
        for start in range(len(logged) + 1):
            events = visible_events(game, viewer, start)
            assert events == everything[start:]
            assert events == [expected_event(game, viewer, raw) for raw in logged[start:]]
            assert len(events) == len(logged) - start
            for event, (kind, player, cards, amount, detail, cause) in zip(
                events, logged[start:], strict=True
            ):
                assert (event.kind, event.player, event.detail, event.cause) == (kind, player, detail, cause)
                if event.cards == cards:
                    assert event.amount == amount
                else:  # only hidden cards are taken out, never another field changed
                    assert event.cards == ()
                    assert viewer != PLAYERS[player]
                    assert kind in (*PRIVATE_KINDS, "placed")
                    assert event.amount == (len(cards) if kind in PRIVATE_KINDS else amount)
                if viewer is not None and player >= 0 and PLAYERS[player] == viewer:
                    assert event == Event(kind, player, cards, amount, detail, cause)  # own events in full
    assert game.events == logged  # reading does not change the log


def test_views_are_copies_that_do_not_change_the_game() -> None:
    game = new_game(p1=["saboteur"], p2=["judge"])
    play(game, "p1:saboteur", "p2:judge")
    before = state(game)
    for viewer in VIEWERS:
        view = observation(game, viewer)
        view["players"]["p2"]["discard"].append("djinn")
        view["signets"]["p1"] = 5
        for decision in view["pending"]:
            if "options" in decision:
                decision["options"].clear()
        if view["players"]["p1"]["hand"] is not None:
            view["players"]["p1"]["hand"].clear()
    assert state(game) == before


def test_every_kind_of_decision_the_engine_asks_is_a_decision_kind() -> None:
    """The typed view names each decision by a DecisionKind: the engine's kinds (read from its source, as
    the bot's decision scenarios read them) and the two chance kinds are exactly its members."""
    from engine import DecisionKind
    from tests.helpers import engine_kinds

    assert {str(kind) for kind in DecisionKind} == engine_kinds() | {"puppeteer", "witch_king_shuffle"}


def test_the_typed_view_and_the_observation_say_the_same() -> None:
    """``observation`` is ``view`` as JSON data, for every viewer at every step of random games."""
    from engine import view

    rng = random.Random(5)
    for location in (None, "foggy_swamp", "serpent_temple"):
        game = random_game(rng, location, mask=rng.randrange(16), explicit=True)
        for _ in random_actions(game, rng):
            for viewer in VIEWERS:
                typed, data = view(game, viewer), observation(game, viewer)
                assert len(typed.encounters) == len(data["encounters"])
                for encounter, plain in zip(typed.encounters, data["encounters"], strict=True):
                    assert (encounter.winner, encounter.why) == (plain["winner"], plain["why"])
                assert [(d.player, str(d.kind), d.first) for d in typed.pending] == [
                    (d["player"], d["kind"], d.get("first", False)) for d in data["pending"]
                ]
                assert typed.signets == (data["signets"]["p1"], data["signets"]["p2"])
