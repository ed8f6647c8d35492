"""The presentation layer (bot/text.py, bot/render.py): words and embeds from real engine games.

Every embed must validate against Discord's OpenAPI description (``RichEmbed``) and fit Discord's
limits; labels must never show raw ids; the public board must never show a hidden card.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import discord
import pytest

import text
from bot.ui import render
from bot.ui.render import embed_size, units
from cards import CARDS, LOCATIONS
from emulator.spec import OpenAPISpec
from engine import Event, Game, Setup, happenings, view, visible_events
from engine.bench import play_random, random_setup
from engine.happenings import tree
from engine.view import CardView, DecisionKind, DecisionView, EncounterView, PlayerView, ResultView, View, Why
from tests.helpers import DECISION_KINDS, choose, new_game, pending, play
from text.board import hand_card_line

NAMES = {"p1": "Alice", "p2": "Bob"}
LONG_NAMES = {"p1": "A" * 31 + "x", "p2": "Ω" * 31 + "y"}  # display names may be 32 characters
RAW = re.compile(r"p[12]:|/modifiers|/ongoing|\b[a-z]+_[a-z_]+\b")
KINDS = DECISION_KINDS
REASONS = [
    "signets",
    "ability",
    "mechanical_djinn",
    "cannot_play",
    "founders_day",
    "haunted_catacombs",
    "both_cannot_play",
    "simultaneous",
]


# --- helpers ------------------------------------------------------------------------------------------


def check_embed(embed: discord.Embed) -> dict[str, Any]:
    """The embed as Discord receives it, after checking the schema and every limit."""
    data: dict[str, Any] = dict(embed.to_dict())
    assert OpenAPISpec.load().validate_schema("RichEmbed", data) == []
    assert units(data.get("title") or "") <= 256
    assert units(data.get("description") or "") <= 4096
    fields = data.get("fields", [])
    assert len(fields) <= 25
    for field in fields:
        assert 0 < units(field["name"]) <= 256 and 0 < units(field["value"]) <= 1024
    assert units((data.get("footer") or {}).get("text") or "") <= 2048
    assert embed_size(embed) <= 6000 and len(embed) <= 6000
    return data


def embed_text(embed: discord.Embed) -> str:
    data: dict[str, Any] = dict(embed.to_dict())
    parts = [data.get("title") or "", data.get("description") or ""]
    parts += [f"{f['name']}\n{f['value']}" for f in data.get("fields", [])]
    parts.append((data.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


def board(game: Game, names: dict[str, str] = NAMES, start: int = 0) -> discord.Embed:
    obs = view(game, None)
    return render.board_embed(
        obs,
        names,
        title="Cardia — game 1",
        deck_label=render.deck_label(game.setup.deck),
        location=game.location,
        difficulty_name="Assassins in training",
        happened=text.describe_events(happenings(game, None, start), names),
        score_line="Match: Alice 0 – 0 Bob",
    )


def labels(game: Game, names: dict[str, str] = NAMES) -> dict[str, str]:
    """option → label for every pending decision of a player, checked for length and uniqueness (also
    cut to 80 characters, a button's limit)."""
    found: dict[str, str] = {}
    for decision in game.pending:
        if decision.player == "chance":
            continue
        obs = view(game, decision.player)
        made = {
            option: text.option_label(decision.kind, option, decision.player, names, obs)
            for option in decision.options
        }
        assert len(set(made.values())) == len(made), made
        buttons = {text.option_label(decision.kind, o, decision.player, names, obs, limit=80) for o in made}
        assert len(buttons) == len(made) and max(map(len, buttons)) <= 80, buttons
        for option, label in made.items():
            assert 0 < len(label) <= 100 and not RAW.search(label), (option, label)
            description = text.option_description(decision.kind, option, decision.player, names, obs)
            assert description is None or 0 < len(description) <= 100
        found |= made
    return found


def hidden_names(game: Game) -> set[str]:
    """Names of the cards in hands and face down that were never public (face up in the row, in a
    discard pile, or named by an event everybody sees, e.g. a card Swamp Guardian took back)."""
    hidden: set[str] = set()
    for zones in game.players:
        hidden |= {text.card_name(c) for c in zones.hand}
    visible: set[str] = set()
    for encounter in game.row:
        for slot in encounter.slots:
            if slot is not None:
                (visible if slot.face_up else hidden).add(text.card_name(slot.card))
    for zones in game.players:
        visible |= {text.card_name(c) for c in zones.discard}
    for event in visible_events(game, None):
        visible |= {text.card_name(c) for c in event.cards if c in CARDS}
    return hidden - visible


def happened(game: Game, start: int = 0, viewer: str | None = None) -> list[str]:
    return text.describe_events(happenings(game, viewer, start), NAMES, limit=50)


# --- text: labels, prompts, results -------------------------------------------------------------------


def test_card_deck_and_location_labels() -> None:
    assert text.card_label("judge") == "Judge (8, Dynasty)"
    assert text.card_label("poisoner") == "Poisoner (1, Rebels)"
    # Made once per language (text.names, text.board): each language still gets its own words.
    with text.speaking("hu"):
        hungarian = text.card_label("judge"), hand_card_line("judge")
    with text.speaking("pl"):
        polish = text.card_label("judge"), hand_card_line("judge")
    english = text.card_label("judge"), hand_card_line("judge")
    assert english[0] == "Judge (8, Dynasty)" and english[1].startswith("🔵 **Judge** (8")
    assert len({hungarian, polish, english}) == 3
    assert "Judge" not in hungarian[0] + polish[0] and text.tr("card.judge") in english[1]
    assert text.faction_label("academy") == "🟡 Academy"
    assert text.location_label("foggy_swamp") == "Foggy Swamp (3 skulls)"
    assert text.location_label("bazaar") == "Bazaar (1 skull)"
    assert render.deck_label("I") == "Deck I" and render.deck_label("II") == "Deck II"
    mixed = {"rebels": "I", "academy": "II", "guild": "II", "dynasty": "I"}
    assert render.deck_label(mixed) == "Mixed: Rebels I, Academy II, Guild II, Dynasty I"
    assert render.deck_label(dict.fromkeys(mixed, "II")) == "Deck II"
    assert text.find_item("Mechanical Djinn") == "mechanical_djinn"
    assert text.find_item("founder's day") == "founders_day"
    assert text.find_item("nobody") is None


def test_every_decision_kind_has_a_prompt_and_a_waiting_text() -> None:
    prompts = {kind: text.decision_prompt(kind) for kind in KINDS}
    waiting = {kind: text.waiting_text(kind) for kind in KINDS}
    assert len(set(prompts.values())) == len(KINDS) and len(set(waiting.values())) == len(KINDS)
    assert prompts["play"] == "Choose the card to place face down"
    assert prompts["scrapyard"] == "Scrapyard: choose a card to put under your deck"
    assert prompts["librarian"] == "Librarian: +2 or −2 on your revealed card?"
    assert prompts["revolutionary_discard"] == "Revolutionary: choose 2 cards to discard (you then draw 2)"
    assert waiting["play"] == "choosing a card"
    assert waiting["palace_guard_faction"] == "naming a faction for Palace Guard"
    assert "your opponent sees it" in text.decision_prompt("play", first=True)
    for phrase in [*prompts.values(), *waiting.values()]:
        assert not RAW.search(phrase) and phrase != text.tr("prompt.unknown")
    assert text.decision_prompt("palace_guard_discard", ["p2:mediator", "p2:judge", "decline"]).startswith(
        "Palace Guard named Dynasty: discard a Dynasty card"
    )


def test_result_text_for_every_reason() -> None:
    signets = {"p1": 5, "p2": 3}
    results = {reason: text.result_text(ResultView("p1", reason, None), NAMES, signets) for reason in REASONS}
    assert results["signets"] == "Alice wins with 5 signets to 3."
    assert results["cannot_play"] == "Alice wins: Bob has no card left to play."
    assert results["ability"].startswith("Alice wins") and "Djinn" in results["ability"]
    assert "Mechanical Djinn" in results["mechanical_djinn"]
    assert "Founder's Day" in results["founders_day"] and "Haunted Catacombs" in results["haunted_catacombs"]
    assert "more signets" in results["both_cannot_play"]
    assert len(set(results.values())) == len(REASONS)
    draw = text.result_text(ResultView(None, "both_cannot_play", None), NAMES)
    assert "draw" in draw and "equal" in draw
    assert "draw" in text.result_text(ResultView(None, "simultaneous", None), NAMES)
    assert text.result_text(ResultView("p2", "signets", None), NAMES) == "Bob wins on signets."


def test_rules_pages() -> None:
    assert len(text.rules_pages()) >= 6
    for title, body in text.rules_pages():
        assert 0 < len(title) <= 256 and 0 < len(body) < 4000
    everything = " ".join(body for _, body in text.rules_pages())
    for word in ("5 signets", "tie", "Judge", "ongoing", "Djinn", "location", "Difficulty", "re-evaluation"):
        assert word.lower() in everything.lower() or word in " ".join(t for t, _ in text.rules_pages())


# --- option labels --------------------------------------------------------------------------------------


def test_play_options_are_hand_cards() -> None:
    game = new_game(p1=["saboteur", "judge", "surgeon", "mediator", "djinn"], p2=["judge", "clockmaker"])
    made = labels(game)
    assert made["p1:judge"] == "Judge (8, Dynasty)" and made["p1:djinn"] == "Djinn (16, Dynasty)"
    obs = view(game, "p1")
    assert text.option_description("play", "p1:saboteur", "p1", NAMES, obs) == text.card_text("saboteur")
    assert text.option_emoji("p1:saboteur") == "🟢" and text.option_emoji("guild") == "🔴"


def test_void_mage_options_name_the_card_and_what_is_removed() -> None:
    game = new_game(
        p1=["judge", "clockmaker", "mediator", "inventor", "djinn"],
        p2=["clockmaker", "surgeon", "void_mage", "hired_blade", "saboteur"],
    )
    play(game, "p1:judge", "p2:clockmaker")  # Alice's Judge loses: ongoing token
    play(game, "p1:clockmaker", "p2:surgeon")  # Bob's Surgeon loses: -5 on his next card
    play(game, "p1:mediator", "p2:void_mage")  # Void Mage 2 - 5 loses
    decision = pending(game, "p2")
    assert decision is not None and decision.kind == "void_mage"
    made = labels(game)
    assert made == {
        "p1:judge/ongoing": "Remove the ongoing token from Alice's Judge",
        "p2:void_mage/modifiers": "Remove the modifiers (−5) from your Void Mage",
    }
    description = text.option_description(
        "void_mage", "p2:void_mage/modifiers", "p2", NAMES, view(game, "p2")
    )
    assert description == "Printed 2, modifier −5; loses its encounter"


def test_palace_guard_faction_then_discard_or_decline() -> None:
    game = new_game(
        p1=["palace_guard", "judge", "surgeon", "mediator", "djinn"],
        p2=["judge", "mediator", "treasurer", "saboteur", "surgeon"],
    )
    play(game, "p1:palace_guard", "p2:judge")
    assert labels(game) == {"rebels": "Rebels", "academy": "Academy", "guild": "Guild", "dynasty": "Dynasty"}
    assert (
        text.option_description("palace_guard_faction", "rebels", "p1", NAMES, None) == "Values 1, 5, 9, 13"
    )
    choose(game, "p1", "dynasty")
    decision = pending(game, "p2")
    assert decision is not None and decision.kind == "palace_guard_discard"
    assert labels(game) == {
        "p2:mediator": "Mediator (4, Dynasty)",
        "p2:treasurer": "Treasurer (12, Dynasty)",
        "decline": "Decline: Palace Guard gets +7",
    }
    hand = render.hand_embed(view(game, "p2"), "p2", NAMES)
    assert "Palace Guard named Dynasty" in check_embed(hand)["description"]
    # The public board says what Bob is deciding, and nothing of his hand.
    public = embed_text(board(game))
    assert "deciding whether to discard a card for Palace Guard" in public
    assert "Treasurer" not in public and "Mediator" not in public


def test_played_card_labels_carry_encounter_and_influence() -> None:
    game = new_game(
        p1=["judge", "clockmaker", "inventor", "surgeon", "djinn"],
        p2=["clockmaker", "mediator", "judge", "hired_blade", "saboteur"],
        deck="I",
    )
    play(game, "p1:judge", "p2:clockmaker")
    play(game, "p1:clockmaker", "p2:mediator")  # Mediator loses: a token, the encounter becomes a tie
    play(game, "p1:surgeon", "p2:judge")  # Surgeon loses: nothing to choose
    play(game, "p1:djinn", "p2:hired_blade")  # Hired Blade loses
    game2 = new_game(
        p1=["clockmaker", "surgeon", "djinn", "judge", "magistra"],
        p2=["inventor", "judge", "mediator", "puppeteer", "saboteur"],
    )
    play(game2, "p1:clockmaker", "p2:judge")  # Bob's Judge: token
    play(game2, "p1:surgeon", "p2:inventor")  # Alice's Surgeon: -5 next
    play(game2, "p1:magistra", "p2:mediator")  # Magistra 14 - 5 = 9 beats Mediator: token
    play(game2, "p1:judge", "p2:saboteur")  # Saboteur loses
    play(game2, "p1:djinn", "p2:puppeteer")  # Puppeteer loses: replacement by chance
    assert game2.pending and game2.pending[0].player == "chance"
    for game_ in (game, game2):
        check_embed(board(game_))
    inventor = new_game(
        p1=["surgeon", "judge", "clockmaker", "mediator", "djinn"],
        p2=["inventor", "judge", "surgeon", "mediator", "saboteur"],
    )
    play(inventor, "p1:judge", "p2:surgeon")
    play(inventor, "p1:surgeon", "p2:judge")
    play(inventor, "p1:djinn", "p2:inventor")  # Inventor loses to the Djinn
    decision = pending(inventor, "p2")
    assert decision is not None and decision.kind == "inventor_plus"
    made = labels(inventor)
    assert made["p2:inventor"] == "Your Inventor (15), encounter 3"
    assert made["p1:djinn"] == "Alice's Djinn (16), encounter 3"
    assert made["p1:judge"] == "Alice's Judge (8), encounter 1"
    description = text.option_description("inventor_plus", "p1:judge", "p2", NAMES, view(inventor, "p2"))
    assert description == "Printed 8; wins its encounter"


def test_envoy_next_and_librarian_options() -> None:
    game = new_game(
        p1=["envoy", "librarian", "poisoner", "prodigy", "successor"],
        p2=["counselor", "aristocrat", "engineer", "witch_king", "elemental"],
        deck="II",
    )
    play(game, "p1:envoy", "p2:counselor")  # Envoy loses
    made = labels(game)
    assert made["next"] == "Your next card"
    assert made["p1:envoy"] == "Your Envoy (3), encounter 1"
    assert made["p2:counselor"] == "Bob's Counselor (12), encounter 1"
    choose(game, "p1", "next")
    play(game, "p1:librarian", "p2:aristocrat")  # Librarian 6 - 3 loses: +2/-2 on Alice's next card
    play(game, "p1:prodigy", "p2:engineer")
    decision = pending(game, "p1")
    assert decision is not None and decision.kind == "librarian"
    assert labels(game) == {"+2": "+2", "-2": "−2"}


def test_labels_of_long_names_fit() -> None:
    game = new_game(
        p1=["judge", "clockmaker", "mediator", "inventor", "djinn"],
        p2=["clockmaker", "surgeon", "void_mage", "hired_blade", "saboteur"],
    )
    play(game, "p1:judge", "p2:clockmaker")
    play(game, "p1:clockmaker", "p2:surgeon")
    play(game, "p1:mediator", "p2:void_mage")
    names = {"p1": "N" * 90, "p2": "M" * 90}
    made = labels(game, names)  # unique and at most 100 characters
    assert made["p1:judge/ongoing"] == f"Remove the ongoing token from {'N' * 31}…'s Judge"
    label = text.option_label("void_mage", "p1:judge/ongoing", "p2", names, view(game, "p2"), limit=50)
    assert label == f"Remove the ongoing token from {'N' * 11}…'s Judge"


# --- what just happened ---------------------------------------------------------------------------------


def test_saboteur_discards_the_top_two_cards() -> None:
    game = new_game(
        p1=["saboteur", "judge", "surgeon", "mediator", "hired_blade"],
        p2=["judge", "mediator", "surgeon", "hired_blade", "void_mage", "djinn", "inventor"],
    )
    play(game, "p1:saboteur", "p2:judge")
    assert happened(game) == [
        "Alice and Bob placed their cards face down.",
        "Revealed: Alice's Saboteur (5) against Bob's Judge (8) — Bob wins the encounter.",
        "Alice's Saboteur lost and activates: Bob discards the top 2 cards of their deck (Djinn, Inventor).",
        "Alice and Bob draw 1 card each.",
    ]


@pytest.mark.parametrize(
    ("faction", "told"),
    [
        (
            "academy",
            "Bob's Witch King (continued): Alice has no card of that faction in hand, then Alice discards "
            "Kinesis Mage, Librarian, Illusionist and Elemental from their deck.",
        ),
        (
            "dynasty",
            "Bob's Witch King (continued): Alice discards Aristocrat and Counselor from hand, then Alice "
            "discards Tax Collector from their deck.",
        ),
    ],
)
def test_the_witch_king_is_told_right_from_a_board_that_starts_after_its_faction(
    faction: str, told: str
) -> None:
    """A board posted while the Witch King's owner names a faction ends there; the next one tells the
    discards. They are every card of that faction, not the top cards, and one card is not the Auction
    House's: the events say why cards are discarded, and the story does not guess it from where it
    starts (it used to tell "discards the top 4 cards of their deck" and "... (Judge) (Auction House)")."""
    game = new_game(
        p1=["successor", "envoy", "prodigy", "aristocrat", "counselor"],
        p2=["witch_king", "librarian", "prodigy", "aristocrat", "counselor"],
        deck="II",
    )
    play(game, "p1:successor", "p2:witch_king")  # 16 > 13: Bob's Witch King loses and activates
    start = len(game.events)
    choose(game, "p2", faction)
    lines = happened(game, start)
    assert lines[-1] == told and "top" not in " ".join(lines) and "Auction House" not in " ".join(lines)


def test_judge_token_tie_and_hidden_draws() -> None:
    game = new_game(
        p1=["clockmaker", "judge", "surgeon", "mediator", "djinn"],
        p2=["judge", "clockmaker", "surgeon", "mediator", "saboteur"],
    )
    play(game, "p1:clockmaker", "p2:judge")
    start = len(game.events)
    play(game, "p1:judge", "p2:saboteur")  # Saboteur 5 loses to Judge 8
    play(game, "p1:mediator", "p2:mediator")  # a tie: Bob's Judge wins it
    first = happened(game)[:4]
    assert first[2] == "Bob's Judge lost and activates: it gets an ongoing token (its ability is now on)."
    later = happened(game, start)
    assert "Revealed: Alice's Mediator (4) against Bob's Mediator (4) — a tie, no ability activates." in later
    assert check_embed(board(game))["description"].count("tie won by Judge") == 1
    # Draws are hidden from everybody but the drawer.
    private = happened(game, start, viewer="p1")
    assert "Alice draws Fortune Teller; Bob draws 1 card." in private
    assert "Alice and Bob draw 1 card each." in later


def test_puppeteer_replacement() -> None:
    game = new_game(
        p1=["puppeteer", "judge", "surgeon", "mediator", "hired_blade"],
        p2=["djinn", "mediator", "surgeon", "hired_blade", "void_mage"],
    )
    play(game, "p1:puppeteer", "p2:djinn")
    start = len(game.events)
    choose(game, "chance", "p2:mediator")
    lines = happened(game)
    assert lines[2] == (
        "Alice's Puppeteer lost and activates: Bob's Djinn is discarded and replaced by Mediator from "
        "Bob's hand."
    )
    assert happened(game, start)[0].startswith(
        "Alice's Puppeteer (continued): Bob's Djinn is discarded and replaced by Mediator"
    )
    data = check_embed(board(game))
    assert "✅ Alice" in data["description"] and "Mediator **4**" in data["description"]


def test_surgeon_then_djinn_wins_the_game() -> None:
    game = new_game(
        p1=["surgeon", "djinn", "judge", "mediator", "hired_blade"],
        p2=["judge", "inventor", "surgeon", "mediator", "saboteur"],
    )
    play(game, "p1:surgeon", "p2:judge")
    start = len(game.events)
    play(game, "p1:djinn", "p2:inventor")
    assert game.result is not None and game.result.reason == "ability"
    assert happened(game)[2] == "Alice's Surgeon lost and activates: Alice's next card gets −5."
    assert happened(game, start) == [
        "Alice and Bob placed their cards face down.",
        "Next-card modifier: Alice's Djinn gets −5.",
        "Revealed: Alice's Djinn (16) against Bob's Inventor (15) — Bob wins the encounter "
        "(after modifiers).",
        "Alice's Djinn lost and activates.",
        "Alice wins: the Djinn's ability wins the game.",
    ]
    data = check_embed(board(game, start=start))
    result = next(f for f in data["fields"] if f["name"] == "🏁 Result")
    assert result["value"] == "Alice wins: the Djinn's ability wins the game."
    assert data["color"] == render.COLOR_FINISHED


def test_fortune_teller_and_illusionist() -> None:
    game = new_game(
        p1=["fortune_teller", "judge", "surgeon", "mediator", "hired_blade"],
        p2=["judge", "mediator", "surgeon", "hired_blade", "saboteur"],
    )
    play(game, "p1:fortune_teller", "p2:judge")
    assert "Bob must place their next card face up first (Fortune Teller)" in happened(game)[2]
    assert [d.player for d in game.pending] == ["p2"]
    waiting = view(game, None).waiting_for("p2")
    assert waiting is not None and waiting.first  # the engine says who places first
    assert "**Bob** — choosing a card to play first, shown to the opponent" in embed_text(board(game))
    prompt = check_embed(render.hand_embed(view(game, "p2"), "p2", NAMES))["description"]
    assert prompt.startswith("❗ **Fortune Teller: choose your card first")
    start = len(game.events)
    choose(game, "p2", "p2:mediator")
    assert happened(game, start) == ["Bob placed Mediator (4, Dynasty) face up first (Fortune Teller)."]
    hand = check_embed(render.hand_embed(view(game, "p1"), "p1", NAMES))
    assert "Bob placed **Mediator (4, Dynasty)** face up first" in hand["description"]

    deck2 = new_game(
        p1=["revolutionary", "illusionist", "poisoner", "prodigy", "successor"],
        p2=["aristocrat", "counselor", "engineer", "witch_king", "elemental", "tax_collector"],
        deck="II",
    )
    play(deck2, "p1:revolutionary", "p2:aristocrat")  # Revolutionary loses: Bob discards 2 and draws 2
    assert pending(deck2, "p2") is not None and pending(deck2, "p2").kind == "revolutionary_discard"  # type: ignore[union-attr]
    choose(deck2, "p2", "p2:engineer", "p2:witch_king")
    start = len(deck2.events)
    play(deck2, "p1:illusionist", "p2:counselor")  # Illusionist loses and activates the Revolutionary
    choose(deck2, "p2", "p2:elemental", "p2:tax_collector")
    lines = happened(deck2, start)
    assert lines[2].startswith(
        "Alice's Illusionist lost and activates Alice's Revolutionary: Bob discards Tax Collector and "
        "Elemental from hand, then Bob draws 2 cards"
    )


def test_every_cause_heads_its_effects() -> None:
    """The story is told from the causes the events name (``Event.cause``), not from their order: an
    effect is told with the ability, location or next-card effect that caused it."""
    events = [
        Event("placed", 0, (), 0, "face_down"),
        Event("placed", 1, (), 0, "face_down"),
        Event("next_effect", 0, ("judge",), 0, "librarian"),
        Event("modifier", 0, ("judge",), 2, cause=2),
        Event("location", 1, (), 0, "auction_house"),
        Event("discarded", 1, ("djinn",), 0, "deck", cause=4),
        Event("compared", -1, ("judge", "mediator"), 3, "p1"),
        Event("ability", 1, ("inventor", "mediator")),  # a copy (shown as such when not nested)
        Event("modifier", 0, ("judge",), 3, cause=7),
        Event("modifier", 1, ("mediator",), -3, cause=7),
        Event("location", 1, (), 0, "bazaar", cause=7),  # a location inside an ability
        Event("drew", 1, (), 4, cause=10),
        Event("next_effect", 1, ("mediator",), 0, "engineer"),
        Event("modifier", 1, ("mediator",), 5, cause=12),
        Event("round_end", -1, (), 1),
        Event("drew", 0, (), 1, cause=14),
        Event("drew", 1, (), 1, cause=14),
    ]
    assert text.describe_events(tree(events), NAMES, limit=10) == [
        "Alice and Bob placed their cards face down.",
        "Librarian: Alice's Judge gets +2.",
        "Auction House: Bob discards the top card of their deck (Djinn).",
        "Revealed: Alice's Judge (8) against Bob's Mediator (4) — Alice wins the encounter.",
        "Bob's Mediator copies Inventor: Alice's Judge gets +3, then Bob's Mediator gets −3, then Bob "
        "draws 4 cards (Bazaar).",
        "Engineer: Bob's Mediator gets +5.",
        "Alice and Bob draw 1 card each.",
    ]
    # Told from a later start, an ability's effects say whose they are; an empty told head says nothing.
    assert text.describe_events(tree(events, 9), NAMES, limit=10)[0] == (
        "Bob's Mediator copies Inventor (continued): it gets −3, then Bob draws 4 cards (Bazaar)."
    )
    assert text.describe_events(tree(events, 11), NAMES, limit=10)[0] == (
        "Bob's Mediator copies Inventor (continued): Bob draws 4 cards (Bazaar)."
    )


def test_cap_and_summary() -> None:
    events = [Event("ability", 0, ("judge", "judge")), Event("token", 0, ("judge",), 1, cause=0)]
    events += [Event("shuffled", 1)] * 8 + [Event("game_over", 1, (), 0, "signets")]
    lines = text.describe_events(tree(events), NAMES, limit=4)
    assert lines == [
        "Alice's Judge lost and activates: it gets an ongoing token (its ability is now on).",
        "Bob shuffles their deck.",
        "Bob shuffles their deck.",
        "… and 6 more changes.",
        "Bob wins on signets.",
    ]


def test_public_board_hides_face_down_and_hand_cards() -> None:
    game = new_game(
        p1=["judge", "saboteur", "surgeon", "mediator", "djinn"],
        p2=["inventor", "clockmaker", "hired_blade", "void_mage", "magistra"],
    )
    choose(game, "p1", "p1:judge")  # Alice has placed face down; Bob is choosing
    public = embed_text(check_embed_and_return(board(game)))
    for name in hidden_names(game):
        assert name not in public, name
    assert "🂠 face down" in public and "**Bob** — choosing a card" in public
    assert "Alice placed a card face down." in public
    mine = embed_text(render.hand_embed(view(game, "p1"), "p1", NAMES))
    assert "Your face-down card in encounter 1: **Judge (8, Dynasty)**" in mine
    assert "Saboteur" in mine and "Inventor" not in mine
    theirs = check_embed(render.hand_embed(view(game, "p2"), "p2", NAMES))
    assert (
        "Choose the card to place face down" in theirs["description"] and "Judge" not in theirs["description"]
    )


def check_embed_and_return(embed: discord.Embed) -> discord.Embed:
    check_embed(embed)
    return embed


@pytest.mark.parametrize("seed", range(6))
def test_random_games_render_within_limits_and_hide_cards(seed: int) -> None:
    """Render every step of random games of every setup, in each language: schema, limits, labels,
    hidden cards (by their name in the language shown)."""
    with text.speaking(text.LANGUAGES[seed % len(text.LANGUAGES)]):
        _render_a_random_game(seed)


def _render_a_random_game(seed: int) -> None:
    rng = random.Random(seed)
    setup = random_setup(rng, all_setups=True)
    if seed == 0:
        setup = Setup.model_validate({"deck": "I", "location": "foggy_swamp", "seed": 7})
    elif seed == 1:
        setup = Setup.model_validate({"deck": "II", "location": "bazaar", "seed": 8})
    game = Game(setup)
    names = LONG_NAMES if seed % 2 else NAMES
    start = 0
    while game.result is None:
        public = board(game, names, start)
        public_text = embed_text(public)
        check_embed(public)
        for name in hidden_names(game):
            assert name not in public_text, (name, public_text)
        for player in ("p1", "p2"):
            check_embed(render.hand_embed(view(game, player), player, names))
        labels(game, names)
        start = len(game.events)
        decision = game.pending[int(rng.random() * len(game.pending))]
        count = len(decision.options) if decision.ordered else decision.count
        game.apply(decision.player, rng.sample(decision.options, count))
    check_embed(board(game, names, start))
    check_embed(render.discard_embed(view(game, None), names))
    result = view(game, None).result
    assert result is not None
    assert text.describe_events(happenings(game, None), names)[-1] == text.result_text(result, names)


def test_every_decision_kind_gets_labels() -> None:
    """Random games until every decision kind was asked, checking every option's label on the way."""
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(1000):
        game = Game(random_setup(rng, all_setups=True))
        while game.result is None:
            seen |= {decision.kind for decision in game.pending}
            labels(game)
            decision = game.pending[int(rng.random() * len(game.pending))]
            count = len(decision.options) if decision.ordered else decision.count
            game.apply(decision.player, rng.sample(decision.options, count))
        if seen >= set(KINDS):
            break
    assert seen >= set(KINDS)


def test_many_long_games_fit() -> None:
    """Whole random games (all setups), rendered once finished with the full history."""
    rng = random.Random(99)
    for _ in range(40):
        game = Game(random_setup(rng, all_setups=True))
        play_random(game, rng)
        check_embed(board(game, LONG_NAMES))
        check_embed(render.discard_embed(view(game, None), LONG_NAMES))
        for player in ("p1", "p2"):
            check_embed(render.hand_embed(view(game, player), player, LONG_NAMES))


def test_a_very_long_row_is_cut_from_the_oldest_end() -> None:
    slot = CardView("mechanical_djinn", True, influence=-23, modifier=-38, ongoing=3, signets=3)
    zones = PlayerView(
        hand=None,
        hand_size=12,
        deck_size=10,
        discard=("djinn", "judge") * 16,
        next_card_modifier=-11,
        librarian=True,
        engineer=True,
        blackmail="guild",
        must_play_first=True,
    )
    obs = View(
        viewer=None,
        result=None,
        round=40,
        location="haunted_catacombs",
        signets=(4, 4),
        encounters=tuple(EncounterView(slot, slot, "p1", Why.JUDGE) for _ in range(40)),
        players=(zones, zones),
        pending=(
            DecisionView("p1", DecisionKind.SUCCESSOR_KEEP, False, None, None),
            DecisionView("p2", DecisionKind.SCRAPYARD, False, None, None),
        ),
    )
    embed = render.board_embed(
        obs,
        LONG_NAMES,
        title="T" * 300,
        deck_label="Mixed: Rebels I, Academy II, Guild II, Dynasty I",
        location="haunted_catacombs",
        difficulty_name="Mighty mages",
        happened=["x" * 400] * 6,
        score_line="Match: " + "s" * 200,
    )
    data = check_embed(embed)
    description = data["description"]
    assert "older encounters not shown" in description and "`40` " in description
    assert description.endswith("(tie won by Judge)")  # the newest encounter is kept whole
    check_embed(render.discard_embed(obs, LONG_NAMES))


def test_challenge_and_card_embeds() -> None:
    for status in ("waiting for Bob to accept", "accepted", "declined", "withdrawn"):
        data = check_embed(
            render.challenge_embed("Alice", "Bob", "Deck II", "scrapyard", 2, "Mighty mages", 3, status)
        )
        assert "**Alice** challenges **Bob**" in data["description"]
        values = {f["name"]: f["value"] for f in data["fields"]}
        assert values["Status"] == status and values["Difficulty"] == "3 — Mighty mages"
        assert values["Location"].startswith("**Scrapyard (2 skulls)**")
    data = check_embed(
        render.challenge_embed("A", "B", "Deck I", None, 2, "Assassins in training", 0, "accepted")
    )
    assert {f["name"]: f["value"] for f in data["fields"]}["Location"] == "No location"
    for item_id in [*CARDS, *LOCATIONS]:
        data = check_embed(render.card_embed(item_id))
        assert data["fields"][-1]["name"] == "Notes"
    judge = {f["name"]: f["value"] for f in render.card_embed("judge").to_dict()["fields"]}
    assert judge["Value"] == "8" and judge["Faction"] == "🔵 Dynasty" and judge["Ability"] == "ongoing"
    with pytest.raises(KeyError):
        render.card_embed("p1:judge")


def test_discard_embed_lists_both_piles_in_order() -> None:
    game = new_game(
        p1=["saboteur", "judge", "surgeon", "mediator", "hired_blade"],
        p2=["judge", "mediator", "surgeon", "hired_blade", "void_mage", "djinn", "inventor"],
    )
    play(game, "p1:saboteur", "p2:judge")
    data = check_embed(render.discard_embed(view(game, None), NAMES))
    assert data["fields"][0] == {"name": "Alice — 0 cards", "value": "(empty)", "inline": True}
    assert data["fields"][1]["value"] == "1. 🔵 Djinn (16)\n2. 🔴 Inventor (15)"


def test_a_haunted_catacombs_draw_says_which_condition() -> None:
    game = new_game(
        p1=["judge", "treasurer", "ambusher", "surgeon", "mediator"],
        p2=["void_mage", "puppeteer", "ambusher", "surgeon", "mediator"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:treasurer", "p2:puppeteer")  # Dynasty after Dynasty, Academy after Academy
    names = {"p1": "Alice", "p2": "Bob"}
    said = (
        "Both players revealed a card of the same faction as their previous one in the Haunted Catacombs:"
        " the game is a draw."
    )
    result = view(game, None).result
    assert result is not None and text.result_text(result, names) == said
    assert text.describe_events(happenings(game, None), names)[-1] == said


@pytest.mark.parametrize(("rounds", "said"), [(1, "1 round"), (2, "2 rounds")])
def test_a_finished_board_counts_its_rounds_in_words(rounds: int, said: str) -> None:
    game = new_game(
        p1=["judge", "treasurer", "ambusher", "surgeon", "mediator"],
        p2=["void_mage", "saboteur", "ambusher", "surgeon", "mediator"],
        location="haunted_catacombs",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:treasurer", "p2:saboteur")  # Dynasty after Dynasty: over in round 2
    obs = replace(view(game, None), round=rounds)  # the footer of a game over in that round
    embed = render.board_embed(
        obs,
        {"p1": "A", "p2": "B"},
        title="t",
        deck_label="Deck I",
        location=None,
        difficulty_name="d",
        happened=[],
        score_line=None,
    )
    assert embed.footer.text is not None and embed.footer.text.endswith(f"· {said}"), embed.footer.text


def test_sizes_count_utf16_units_as_discord_does() -> None:
    assert [units(value) for value in ("", "abc", "Ödön ół", "🂡 ace", "\U0001f0a1" * 3)] == [0, 3, 7, 6, 6]
    cut = render.fit("🂡" * 3, 5)  # 6 units: cut, though only 3 code points
    assert cut.endswith("…") and units(cut) <= 5
    assert render.fit("🂡🂡", 4) == "🂡🂡"
    embed = discord.Embed(title="Ω title", description="🂡" * 10)
    embed.add_field(name="név", value="wartość 🂡")
    embed.add_field(name="", value="")
    embed.set_footer(text="foot")
    embed.set_author(name="Ádám")
    data = embed.to_dict()
    parts = [data["title"], data["description"], data["footer"]["text"], data["author"]["name"]]
    parts += [part for field in data["fields"] for part in (field["name"], field["value"])]
    assert (
        embed_size(embed)
        == sum(len(part.encode("utf-16-le")) // 2 for part in parts)
        == 7 + 20 + 4 + 4 + 3 + 10
    )
