"""No phrase a player reads nests brackets, in any language: not "Telekineta (Komputer (trudny)) (2)".

Names are composed in brackets where a language does not decline them (a card of Alice's reads
"Sędzina (Alice)"), and labels carry their own ("Sędzina (8, Dynastia)"). So a name the code composes
(the computer's) carries none, and every message is rendered with the longest real values the code gives
it: the computer's name for every player, card and location labels, a mixed deck.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import text
from engine import happenings
from engine.view import view
from tests.helpers import new_game, pending
from tests.text.test_catalogues import messages
from tests.text.test_story import STORIES, Story, take
from text.board import hand_lines, result_line, row_lines, waiting_lines
from text.catalogue import LANGUAGES

LEVELS = ("easy", "normal", "hard")
# Values that are players' names in the messages (the rest are cards, labels, numbers and words).
PLAYER_VALUES = {"who", "winner", "loser", "first", "second", "opponent", "challenger", "player"} | {
    "champion",
    "claimer",
    "owner",
    "owner_lower",
    "name",
}
MIXED = {"rebels": "II", "academy": "I", "guild": "II", "dynasty": "I"}


def nested(said: str) -> bool:
    depth = 0
    for character in said:
        if character == "(":
            depth += 1
            if depth > 1:
                return True
        elif character == ")":
            depth = max(depth - 1, 0)
    return False


def computer_names() -> list[str]:
    return [text.tr("computer.name", level=text.tr(f"computer.level.{level}")) for level in LEVELS]


def longest_computer() -> str:
    return max(computer_names(), key=len)


def test_nested_finds_what_it_should() -> None:
    assert nested("Telekineta (Komputer (trudny)) (2)")
    assert not nested("Telekineta (Alice) (2)") and not nested("[board](<https://x>)")


def sample_values(variables: set[str]) -> dict[str, Any]:
    """The longest real value of each variable, as the code fills it in (current language)."""
    computer = longest_computer()
    owned = text.tr("owned_card", owner=computer, card=text.card_name("kinesis_mage"))
    values: dict[str, Any] = {}
    for name in variables:
        if name in PLAYER_VALUES:
            values[name] = computer
        elif name in {"card", "old", "new", "source", "target", "cards", "placed", "against"}:
            values[name] = owned
        elif name == "location":
            values[name] = text.location_label("haunted_catacombs")
        elif name in {"deck", "setup"}:
            values[name] = text.deck_label(MIXED)
        elif name == "level":
            values[name] = text.tr("computer.level.normal")
        elif name in {"n", "count", "value", "index", "rank", "round", "number", "wins", "rounds", "weeks"}:
            values[name] = 2
        else:
            values[name] = "x"
    return values


def message_values(language: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for identifier, (_, variables) in messages(language).items():
        values = sample_values(variables)
        if identifier == "event-discard_top":  # the cards off the top of a deck: names alone
            values["cards"] = text.card_name("kinesis_mage")
        yield identifier, values


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_nests_brackets_with_the_names_the_code_composes(language: str) -> None:
    with text.speaking(language):
        said = {identifier: text.tr(identifier, **values) for identifier, values in message_values(language)}
    assert len(said) > 500
    assert sorted(identifier for identifier, line in said.items() if nested(line)) == []


def names_with_the_computer(seat: str) -> dict[str, str]:
    human = "p2" if seat == "p1" else "p1"
    return {seat: longest_computer(), human: "Łucja Żak"}


def lines_of_a_story(story: Story, names: dict[str, str]) -> Iterator[str]:
    """What the story's game tells, shows on its board and asks, with these names."""
    game = new_game(story.p1, story.p2, deck=story.deck, location=story.location)
    for step in story.before:
        take(game, step)
    start = len(game.events)
    for step in story.moves:
        take(game, step)
    yield from text.describe_events(happenings(game, None, start), names, limit=50)
    seen = view(game, "p1")
    yield from row_lines(seen, names)
    yield from waiting_lines(seen, names)
    yield from hand_lines(seen, "p1", names)
    if seen.result is not None:
        yield result_line(seen, names)
    for player in ("p1", "p2"):
        decision = pending(game, player)
        if decision is None:
            continue
        yield text.decision_prompt(decision.kind, decision.options)
        for option in decision.options:
            yield text.option_label(decision.kind, option, player, names, seen)
            yield text.option_description(decision.kind, option, player, names, seen) or ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_story_board_or_decision_nests_brackets_with_the_computer_playing(language: str) -> None:
    told = 0
    with text.speaking(language):
        for seat in ("p1", "p2"):
            names = names_with_the_computer(seat)
            for story in STORIES:
                for line in lines_of_a_story(story, names):
                    assert not nested(line), (story.item, line)
                    told += 1
    assert told > 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_label_nests_brackets(language: str) -> None:
    from cards import CARDS, LOCATIONS

    with text.speaking(language):
        labels = [text.card_label(c) for c in CARDS] + [text.location_label(x) for x in LOCATIONS]
        labels += [text.deck_label(MIXED), text.deck_label("I"), text.deck_label("II")]
    assert [label for label in labels if nested(label)] == []
