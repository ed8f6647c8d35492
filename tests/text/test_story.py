# ruff: noqa: E501  (the expected sentences stay whole, to be read as players read them)
""" "What just happened", told for every card's ability and every location in a game where it occurs.

Each scenario plays a short game and compares, sentence by sentence, what the public board tells of its
last moves. The story is told from the causes the engine logs (``engine.happenings``): every effect
under the ability, location or next-card effect that produced it. A card or location of ``cards/``
without a scenario here fails :func:`test_every_card_and_location_has_a_story`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import text
from cards import CARDS, LOCATIONS, Deck
from engine import Game, happenings
from tests.helpers import choose, new_game, play

NAMES = {"p1": "Alice", "p2": "Bob"}
Step = tuple[str, ...]  # ("play", p1 card, p2 card) or ("choose", player, *options)


@dataclass(frozen=True)
class Story:
    item: str  # the card or location the scenario is about
    p1: list[str]
    p2: list[str]
    moves: list[Step]  # told
    told: list[str]
    deck: Deck = "I"
    location: str | None = None
    before: list[Step] = field(default_factory=list)  # played first, not told


STORIES = [
    Story(
        "hired_blade",
        p1=["hired_blade", "judge"],
        p2=["judge"],
        moves=[("play", "p1:hired_blade", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Hired Blade (1) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Hired Blade lost and activates: Alice's Hired Blade and Bob's Judge are discarded from play.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "void_mage",
        p1=["clockmaker", "void_mage"],
        p2=["judge", "saboteur"],
        before=[("play", "p1:clockmaker", "p2:judge")],
        moves=[("play", "p1:void_mage", "p2:saboteur")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Void Mage (2) against Bob's Saboteur (5) — Bob wins the encounter.",
            "Alice's Void Mage lost and activates: the ongoing token is removed from Bob's Judge.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "surgeon",
        p1=["surgeon"],
        p2=["judge"],
        moves=[("play", "p1:surgeon", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Surgeon (3) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Surgeon lost and activates: Alice's next card gets −5.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "mediator",
        p1=["mediator"],
        p2=["judge"],
        moves=[("play", "p1:mediator", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Mediator (4) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Mediator lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "saboteur",
        p1=["saboteur"],
        p2=["judge"],
        moves=[("play", "p1:saboteur", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Saboteur (5) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Saboteur lost and activates: Bob discards the top 2 cards of their deck (Saboteur, Fortune Teller).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "fortune_teller",
        p1=["fortune_teller"],
        p2=["judge"],
        moves=[("play", "p1:fortune_teller", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Fortune Teller (6) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Fortune Teller lost and activates: Bob must place their next card face up first (Fortune Teller).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "palace_guard",
        p1=["palace_guard"],
        p2=["judge"],
        moves=[
            ("play", "p1:palace_guard", "p2:judge"),
            ("choose", "p1", "rebels"),
            ("choose", "p2", "p2:hired_blade"),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Palace Guard (7) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Palace Guard lost and activates: Bob discards Hired Blade from hand.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "judge",
        p1=["ambusher"],
        p2=["judge"],
        moves=[("play", "p1:ambusher", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Ambusher (9) against Bob's Judge (8) — Alice wins the encounter.",
            "Bob's Judge lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "ambusher",
        p1=["ambusher"],
        p2=["puppeteer"],
        moves=[("play", "p1:ambusher", "p2:puppeteer"), ("choose", "p1", "rebels")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Ambusher (9) against Bob's Puppeteer (10) — Bob wins the encounter.",
            "Alice's Ambusher lost and activates: Bob discards Hired Blade from hand.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "puppeteer",
        p1=["puppeteer"],
        p2=["djinn"],
        moves=[("play", "p1:puppeteer", "p2:djinn"), ("choose", "chance", "p2:mediator")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Puppeteer (10) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Puppeteer lost and activates: Bob's Djinn is discarded and replaced by Mediator from Bob's hand.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "clockmaker",
        p1=["judge", "clockmaker"],
        p2=["saboteur", "djinn"],
        before=[("play", "p1:judge", "p2:saboteur")],
        moves=[("play", "p1:clockmaker", "p2:djinn")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Clockmaker (11) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Clockmaker lost and activates: Alice's Judge gets +3, then Alice's next card gets +3.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "treasurer",
        p1=["treasurer"],
        p2=["swamp_guardian"],
        moves=[("play", "p1:treasurer", "p2:swamp_guardian")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Treasurer (12) against Bob's Swamp Guardian (13) — Bob wins the encounter.",
            "Alice's Treasurer lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "swamp_guardian",
        p1=["judge", "swamp_guardian"],
        p2=["saboteur", "djinn"],
        before=[("play", "p1:judge", "p2:saboteur")],
        moves=[("play", "p1:swamp_guardian", "p2:djinn")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Swamp Guardian (13) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Swamp Guardian lost and activates: Alice takes Judge back into their hand, then Bob's Saboteur is discarded from play.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "magistra",
        p1=["inventor", "magistra"],
        p2=["saboteur", "djinn"],
        before=[("play", "p1:inventor", "p2:saboteur")],
        moves=[
            ("play", "p1:magistra", "p2:djinn"),
            ("choose", "p1", "p1:magistra"),
            ("choose", "p1", "p2:djinn"),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Magistra (14) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Magistra lost and copies Inventor: it gets +3, then Bob's Djinn gets −3.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "inventor",
        p1=["inventor"],
        p2=["djinn"],
        moves=[("play", "p1:inventor", "p2:djinn"), ("choose", "p1", "p1:inventor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Inventor (15) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Inventor lost and activates: it gets +3, then Bob's Djinn gets −3.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "djinn",
        p1=["surgeon", "djinn"],
        p2=["judge", "inventor"],
        before=[("play", "p1:surgeon", "p2:judge")],
        moves=[("play", "p1:djinn", "p2:inventor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Next-card modifier: Alice's Djinn gets −5.",
            "Revealed: Alice's Djinn (16) against Bob's Inventor (15) — Bob wins the encounter (after modifiers).",
            "Alice's Djinn lost and activates.",
            "Alice wins: the Djinn's ability wins the game.",
        ],
    ),
    Story(
        "poisoner",
        p1=["poisoner"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:poisoner", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Poisoner (1) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Poisoner lost and activates: Bob's Successor gets −15.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "kinesis_mage",
        p1=["tax_collector", "prodigy", "kinesis_mage"],
        p2=["successor", "poisoner", "witch_king"],
        deck="II",
        before=[("play", "p1:tax_collector", "p2:successor"), ("play", "p1:prodigy", "p2:poisoner")],
        moves=[
            ("play", "p1:kinesis_mage", "p2:witch_king"),
            ("choose", "p1", "p1:tax_collector"),
            ("choose", "p1", "p1:kinesis_mage"),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Kinesis Mage (2) against Bob's Witch King (13) — Bob wins the encounter.",
            "Alice's Kinesis Mage lost and activates: Alice moves all modifiers and ongoing tokens from Tax Collector to Kinesis Mage.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "envoy",
        p1=["envoy"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:envoy", "p2:successor"), ("choose", "p1", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Envoy (3) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Envoy lost and activates: Bob's Successor gets −3.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "tax_collector",
        p1=["tax_collector"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:tax_collector", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Tax Collector (4) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Tax Collector lost and activates: it gets +4.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "revolutionary",
        p1=["revolutionary"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:revolutionary", "p2:successor"), ("choose", "p2", "p2:poisoner", "p2:envoy")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Revolutionary (5) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Revolutionary lost and activates: Bob discards Poisoner and Envoy from hand, then Bob draws 2 cards.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "librarian",
        p1=["librarian", "prodigy"],
        p2=["successor", "poisoner"],
        deck="II",
        before=[("play", "p1:librarian", "p2:successor")],
        moves=[("play", "p1:prodigy", "p2:poisoner"), ("choose", "p1", "+2")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Librarian: Alice's Prodigy gets +2.",
            "Revealed: Alice's Prodigy (7) against Bob's Poisoner (1) — Alice wins the encounter.",
            "Bob's Poisoner lost and activates: Alice's Prodigy gets −8.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "prodigy",
        p1=["prodigy"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:prodigy", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Prodigy (7) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Prodigy lost and activates: it gets +3.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "aristocrat",
        p1=["aristocrat"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:aristocrat", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Aristocrat (8) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Aristocrat lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "blackmailer",
        p1=["blackmailer", "prodigy"],
        p2=["successor", "poisoner"],
        deck="II",
        before=[("play", "p1:blackmailer", "p2:successor"), ("choose", "p1", "dynasty")],
        moves=[("play", "p1:prodigy", "p2:poisoner"), ("choose", "p2", "p2:kinesis_mage", "p2:envoy")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Blackmailer: Bob discards Kinesis Mage and Envoy from hand.",
            "Revealed: Alice's Prodigy (7) against Bob's Poisoner (1) — Alice wins the encounter.",
            "Bob's Poisoner lost and activates: Alice's Prodigy gets −6.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "illusionist",
        p1=["revolutionary", "illusionist"],
        p2=["aristocrat", "counselor"],
        deck="II",
        before=[
            ("play", "p1:revolutionary", "p2:aristocrat"),
            ("choose", "p2", "p2:poisoner", "p2:kinesis_mage"),
        ],
        moves=[("play", "p1:illusionist", "p2:counselor"), ("choose", "p2", "p2:envoy", "p2:tax_collector")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Illusionist (10) against Bob's Counselor (12) — Bob wins the encounter.",
            "Alice's Illusionist lost and activates Alice's Revolutionary: Bob discards Envoy and Tax Collector from hand, then Bob draws 2 cards.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "engineer",
        p1=["engineer", "prodigy"],
        p2=["successor", "witch_king"],
        deck="II",
        before=[("play", "p1:engineer", "p2:successor")],
        moves=[("play", "p1:prodigy", "p2:witch_king")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Prodigy (7) against Bob's Witch King (13) — Bob wins the encounter.",
            "Alice's Prodigy lost and activates: it gets +3.",
            "Engineer: Alice's Prodigy gets +5.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "counselor",
        p1=["counselor"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:counselor", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Counselor (12) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Counselor lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "witch_king",
        p1=["witch_king"],
        p2=["successor"],
        deck="II",
        moves=[
            ("play", "p1:witch_king", "p2:successor"),
            ("choose", "p1", "academy"),
            (
                "choose",
                "chance",
                "p2:revolutionary",
                "p2:prodigy",
                "p2:aristocrat",
                "p2:blackmailer",
                "p2:engineer",
                "p2:counselor",
                "p2:witch_king",
                "p2:mechanical_djinn",
            ),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Witch King (13) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Witch King lost and activates: Bob discards Kinesis Mage from hand, then Bob discards Librarian, Illusionist and Elemental from their deck, then Bob shuffles their deck.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "elemental",
        p1=["elemental", "tax_collector"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:elemental", "p2:successor"), ("choose", "p1", "p1:tax_collector")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Elemental (14) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Elemental lost and activates: Alice discards Tax Collector from hand, then Alice's Elemental copies Tax Collector (it gets +4), then Alice draws 1 card.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "mechanical_djinn",
        p1=["mechanical_djinn"],
        p2=["successor"],
        deck="II",
        moves=[("play", "p1:mechanical_djinn", "p2:successor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Mechanical Djinn (15) against Bob's Successor (16) — Bob wins the encounter.",
            "Alice's Mechanical Djinn lost and activates: it gets an ongoing token (its ability is now on).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "successor",
        p1=["envoy", "successor"],
        p2=["successor", "elemental"],
        deck="II",
        before=[("play", "p1:envoy", "p2:successor"), ("choose", "p1", "next")],
        moves=[("play", "p1:successor", "p2:elemental"), ("choose", "p2", "p2:poisoner", "p2:envoy")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Next-card modifier: Alice's Successor gets −3.",
            "Revealed: Alice's Successor (16) against Bob's Elemental (14) — Bob wins the encounter (after modifiers).",
            "Alice's Successor lost and activates: Bob discards 10 cards from their deck, then Bob discards Kinesis Mage and Tax Collector from hand.",
            "Alice draws 1 card.",
        ],
    ),
    Story(
        "serpent_temple",
        p1=["saboteur", "inventor"],
        p2=["judge", "djinn"],
        location="serpent_temple",
        before=[("play", "p1:saboteur", "p2:judge")],
        moves=[
            ("play", "p1:inventor", "p2:djinn"),
            ("choose", "p1", "p1:saboteur"),
            ("choose", "p1", "p2:judge"),
            ("choose", "p2", "p2:hired_blade"),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Inventor (15) against Bob's Djinn (16) — Bob wins the encounter.",
            "Alice's Inventor lost and activates: Alice's Saboteur gets +3, then Bob's Judge gets −3.",
            "Serpent Temple: Alice draws 1 card, then Bob discards Hired Blade from hand.",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "bazaar",
        p1=["saboteur"],
        p2=["judge"],
        location="bazaar",
        before=[
            ("play", "p1:saboteur", "p2:judge"),
            ("play", "p1:hired_blade", "p2:hired_blade"),
            ("play", "p1:void_mage", "p2:void_mage"),
        ],
        moves=[("play", "p1:surgeon", "p2:surgeon")],
        told=[
            "Alice placed a card face down.",
            "Bazaar: Alice draws 4 cards.",
            "Bob placed a card face down.",
            "Bazaar: Bob draws 4 cards.",
            "Revealed: Alice's Surgeon (3) against Bob's Surgeon (3) — a tie, no ability activates.",
        ],
    ),
    Story(
        "founders_day",
        p1=["judge", "puppeteer", "djinn"],
        p2=["saboteur", "surgeon", "inventor"],
        location="founders_day",
        before=[("play", "p1:judge", "p2:saboteur"), ("play", "p1:puppeteer", "p2:surgeon")],
        moves=[("play", "p1:djinn", "p2:inventor")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Next-card modifier: Bob's Inventor gets −5.",
            "Revealed: Alice's Djinn (16) against Bob's Inventor (15) — Alice wins the encounter.",
            "Alice wins: 3 encounters in a row on Founder's Day.",
        ],
    ),
    Story(
        "grand_library",
        p1=["saboteur", "judge"],
        p2=["judge", "saboteur"],
        location="grand_library",
        moves=[("play", "p1:saboteur", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Saboteur (5) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Saboteur lost and activates: Bob discards the top 2 cards of their deck (Hired Blade, Void Mage).",
            "Alice and Bob draw 2 cards each.",
        ],
    ),
    Story(
        "scrapyard",
        p1=["surgeon"],
        p2=["surgeon"],
        location="scrapyard",
        moves=[
            ("play", "p1:surgeon", "p2:surgeon"),
            ("choose", "p2", "p2:palace_guard"),
            ("choose", "p1", "p1:void_mage"),
        ],
        told=[
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Surgeon (3) against Bob's Surgeon (3) — a tie, no ability activates.",
            "Alice and Bob draw 2 cards each.",
            "Bob and Alice each put a card under their deck.",
        ],
    ),
    Story(
        "auction_house",
        p1=["djinn", "saboteur"],
        p2=["saboteur", "judge"],
        location="auction_house",
        before=[("play", "p1:djinn", "p2:saboteur")],
        moves=[("play", "p1:saboteur", "p2:judge")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Auction House: Alice discards the top card of their deck (Judge).",
            "Revealed: Alice's Saboteur (5) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Saboteur lost and activates: Bob discards the top 2 cards of their deck (Fortune Teller, Palace Guard).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
    Story(
        "haunted_catacombs",
        p1=["saboteur", "hired_blade"],
        p2=["judge", "clockmaker"],
        location="haunted_catacombs",
        before=[("play", "p1:saboteur", "p2:judge")],
        moves=[("play", "p1:hired_blade", "p2:clockmaker")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Bob wins: Alice revealed a card of the same faction as their previous one in the Haunted Catacombs.",
        ],
    ),
    Story(
        "foggy_swamp",
        p1=["saboteur", "judge"],
        p2=["judge", "saboteur"],
        location="foggy_swamp",
        moves=[("play", "p1:saboteur", "p2:judge"), ("play", "p1:judge", "p2:saboteur")],
        told=[
            "Alice and Bob placed their cards face down.",
            "Alice and Bob draw 1 card each.",
            "Alice and Bob placed their cards face down.",
            "Revealed: Alice's Saboteur (5) against Bob's Judge (8) — Bob wins the encounter.",
            "Alice's Saboteur lost and activates: Bob discards the top 2 cards of their deck (Fortune Teller, Palace Guard).",
            "Alice and Bob draw 1 card each.",
        ],
    ),
]


def told(story: Story) -> list[str]:
    game = new_game(story.p1, story.p2, deck=story.deck, location=story.location)
    for step in story.before:
        take(game, step)
    start = len(game.events)
    for step in story.moves:
        take(game, step)
    return text.describe_events(happenings(game, None, start), NAMES, limit=50)


def take(game: Game, step: Step) -> None:
    if step[0] == "play":
        play(game, step[1], step[2])
    else:
        choose(game, step[1], *step[2:])


@pytest.mark.parametrize("story", STORIES, ids=[story.item for story in STORIES])
def test_the_story_of(story: Story) -> None:
    assert told(story) == story.told


def test_every_card_and_location_has_a_story() -> None:
    assert sorted(story.item for story in STORIES) == sorted([*CARDS, *LOCATIONS])
