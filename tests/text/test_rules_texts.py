"""Every text a player reads about a card or a location agrees with the rules, checked without reading it.

Each card and location has a few **facts**: a kind (what is drawn, discarded, put on a card...) and its
number, in the table below. The engine proves the table: each item with facts has a scenario that plays
the rule and measures those numbers (``test_the_engine_proves_the_facts``), so neither the table nor a
text can drift from docs/rules.md unnoticed. Then every text about the item, in every language, is held
to its facts: the rule's own text (cards.ftl, locations.ftl), its note (rules.ftl), its learn tip
(learn.ftl), what ``/cardia card`` shows, and each passage of the ``/cardia rules`` pages that names it.
What the rules pages and the first game's round notes say of the game itself (the opening hand, the
signets to win, the difficulty levels...) is held the same way to the game's facts, proved likewise.

- Every number written in a text (digits or words: "four", "négy", "cztery") is a number of one of the
  facts of its item (or of an item the text names: the Djinn's note quotes the Surgeon's −5), a
  modifier with its sign, and the clause it stands in carries that fact kind's own word (draw: "draw",
  "húz", "dobier"...): "refill to 4" for a "draw 4" fails, as "4-re töltesz" and "uzupełniasz do 4" do.
- The rule's own text states every number of the item's main facts.
- An item whose ability is a modifier never wins for sure (a +7 on a 7 still loses to a 15): a clause
  of its texts that says it wins also says "may", "usually", "can"... in its language.

"One" ("one", "egy", "jeden") counts only as the number of a "draw a card"-like fact of the rule's own
text: everywhere else it is an article.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import pytest

from bot.ui import render
from bot.ui.choices import MATCH_CHOICES
from cards import CARDS, DECK_I, LOCATIONS
from engine import Game, Setup
from engine.difficulty import difficulty
from tests.helpers import card, choose, hand, new_game, pending, play, view, winner
from text import card_note, card_text, location_text, rules_pages, tr
from text.catalogue import LANGUAGES, has, speaking

ITEMS = [*CARDS, *LOCATIONS]


@dataclass(frozen=True)
class Fact:
    """A number the rule of a card or location has: ``kind`` says what it counts."""

    kind: str
    number: int
    main: bool = True  # the rule's own text states it (else a clarification that only notes may give)
    also: tuple[int, ...] = ()  # numbers a text may write with it ("1 card or none": 0; "7 + 7 = 14": 7)

    @property
    def key(self) -> tuple[str, int]:
        return (self.kind, self.number)


def mod(number: int) -> Fact:
    """A modifier, written with its sign: +7, −5."""
    return Fact("modifier", number)


FACTS: dict[str, tuple[Fact, ...]] = {
    # Deck I
    "hired_blade": (),
    "void_mage": (),
    "surgeon": (mod(-5),),
    "mediator": (),
    "saboteur": (Fact("mill", 2),),
    "fortune_teller": (),
    "palace_guard": (mod(7), Fact("discard", 1), Fact("sum", 14, main=False, also=(7,))),
    "judge": (),
    "ambusher": (),
    "puppeteer": (),
    "clockmaker": (mod(3), mod(3)),
    "treasurer": (Fact("signet", 1), Fact("signet", 2, main=False)),
    "swamp_guardian": (),
    "magistra": (),
    "inventor": (mod(3), mod(-3), Fact("targets", 2, main=False)),
    "djinn": (),
    # Deck II
    "poisoner": (),
    "kinesis_mage": (),
    "envoy": (mod(-3),),
    "tax_collector": (mod(4), Fact("sum", 8, main=False, also=(4,))),
    "revolutionary": (Fact("discard", 2), Fact("draw", 2)),
    "librarian": (mod(2), mod(-2)),
    "prodigy": (mod(3), Fact("influence", 8)),
    "aristocrat": (Fact("signet", 1), Fact("signet", 2, main=False)),
    "blackmailer": (Fact("discard", 2),),
    "illusionist": (),
    "engineer": (mod(5),),
    "counselor": (),
    "witch_king": (),
    "elemental": (Fact("draw", 1),),
    "mechanical_djinn": (),
    "successor": (Fact("hand", 2),),
    # Locations
    "serpent_temple": (Fact("draw", 1), Fact("discard", 1)),
    "bazaar": (Fact("hand", 1, also=(0,)), Fact("draw", 4)),
    "founders_day": (Fact("row", 3),),
    "grand_library": (Fact("hand", 2), Fact("draw", 2), Fact("deck", 1, main=False)),
    "scrapyard": (Fact("draw", 2), Fact("under", 1), Fact("deck", 1, also=(0,))),
    "auction_house": (Fact("mill", 1),),
    "haunted_catacombs": (),
    "foggy_swamp": (Fact("round", 1, main=False),),
}

# The rules of the game itself, for what the rules pages and the first game's round notes say outside
# any card or location (proved by test_the_engine_proves_the_game_facts).
GAME = "game"
GAME_FACTS: tuple[Fact, ...] = (
    Fact("players", 2),
    Fact("deck", 16),
    Fact("value", 16, also=(1,)),
    Fact("faction", 4),
    Fact("draw", 5),  # the opening hand
    Fact("draw", 1),  # at the end of a round
    Fact("encounter", 2),  # cards in an encounter
    Fact("signet", 5),
    Fact("match", 2),
    Fact("skull", 3, also=(1,)),
    Fact("deck value", 1, also=(0,)),  # of the difficulty: Deck I 0, Deck II (or a mix with it) 1
)


def facts_of(owner: str) -> tuple[Fact, ...]:
    return GAME_FACTS if owner == GAME else FACTS[owner]


# The words of each fact kind, in each language (searched case-insensitively in the fact's clause). A
# modifier's word is its sign, a sum's its "=".
TERMS: dict[str, dict[str, str]] = {
    "draw": {"en": r"\bdraw", "hu": r"húz", "pl": r"dobier|dobra"},
    "discard": {"en": r"discard|give up", "hu": r"eldob|dob\w*\s+el\b|elenged", "pl": r"odrzuc|odrzuć|odda"},
    "mill": {"en": r"\bdeck", "hu": r"pakli", "pl": r"tali"},
    "hand": {"en": r"hand|hold|keep", "hu": r"kez|tart", "pl": r"ręk|ręce|zatrzym"},
    "deck": {"en": r"\bdeck", "hu": r"pakli", "pl": r"tali"},
    "signet": {"en": r"signet", "hu": r"pecsétgyűrű", "pl": r"sygnet"},
    "row": {"en": r"in a row|consecutive", "hu": r"egymást követő", "pl": r"z rzędu"},
    "influence": {"en": r"influence", "hu": r"befolyás", "pl": r"wpływ"},
    "round": {"en": r"\bround", "hu": r"kör", "pl": r"rund"},
    "under": {"en": r"\bunder\b", "hu": r"aljára", "pl": r"\bpod\b"},
    "targets": {"en": r"card|encounter", "hu": r"kártya|kártyá|találkozás", "pl": r"kart|starci"},
    "players": {"en": r"player", "hu": r"játékos|személyes", "pl": r"gracz"},
    "value": {"en": r"value", "hu": r"érték", "pl": r"wartoś"},
    "faction": {"en": r"faction", "hu": r"csoport", "pl": r"frakcj"},
    "encounter": {"en": r"encounter", "hu": r"találkozás", "pl": r"starci"},
    "match": {"en": r"\bgames?\b", "hu": r"játszm", "pl": r"\bgr[yaęe]\b|\bgier\b"},
    "skull": {"en": r"skull", "hu": r"kopony", "pl": r"czaszk"},
    "deck value": {"en": r"Deck I", "hu": r"pakli", "pl": r"Tali"},
    "sum": dict.fromkeys(LANGUAGES, r"="),
    "modifier": dict.fromkeys(LANGUAGES, r""),
}
# "A card": the number 1 of a counting fact, in the rule's own text ("draw a card", "húzz egy kártyát").
SINGULAR = {"en": r"\b(a|one|the top) card\b", "hu": r"\begy\b|felső kártyá", "pl": r"\bkartę\b|\bjedn\w+"}
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {r"two": 2, r"three": 3, r"four": 4, r"five": 5, r"six": 6, r"seven": 7, r"eight": 8},
    "hu": {r"két|kettő\w*": 2, r"három\w*|hárm\w*": 3, r"négy\w*": 4, r"öt|ötöt|öttel": 5},
    "pl": {r"dwa|dwie|dwóch|dwoma": 2, r"trzy|trzech": 3, r"cztery|czterech": 4, r"pięć|pięciu": 5},
}
WIN = {"en": r"\bwin|\bwinning", "hu": r"nyer", "pl": r"wygr|odzysk"}
HEDGE = {
    "en": r"\b(usually|often|sometimes|may|might|can|could|if|whether)\b",
    "hu": r"általában|gyakran|néha|lehet|\bha\b|\w(hat|het)(ja|i|sz|nak|nek|ik)?\b",
    "pl": r"zwykle|często|czasem|\bmoż|\bjeśli|\bgdy\b",
}


# --- reading numbers and names -----------------------------------------------------------------------


@dataclass(frozen=True)
class Number:
    value: int  # with its sign when one is written on it: +7 is 7, −5 is -5
    signed: bool
    written: str


def numbers(clause: str, language: str) -> list[Number]:
    """The numbers written in ``clause``: digits (a sign counts only when it touches them: "+7", not the
    "+" of "7 + 7"), and number words."""
    found = []
    for match in re.finditer(r"(?<![\w+−-])([+−-]?)(\d+)(?!\.\s+[A-ZÁÉÍÓÖŐÚÜŰŁŚŻŹĆŃ])", clause):
        sign, digits = match.groups()  # (not the numbered steps: "1. Play")
        value = -int(digits) if sign in ("−", "-") else int(digits)
        found.append(Number(value, bool(sign), match.group()))
    for pattern, value in NUMBER_WORDS[language].items():
        for match in re.finditer(rf"(?<![\w-])({pattern})\b", clause, re.IGNORECASE):
            if not counts_cards_or_both(clause, match, language):
                found.append(Number(value, False, match.group()))
    return found


def counts_cards_or_both(clause: str, match: re.Match[str], language: str) -> bool:
    """A number word that is no rule's number: copies of a card ("Two Counselors", "Dwie Doradczynie"),
    or the Hungarian "a két" ("both": "a két kártya")."""
    after = clause[match.end() :].lstrip()
    if any(pattern.match(after) for _, pattern in names(language)):
        return True
    return language == "hu" and re.search(r"(?<!\w)az? $", clause[: match.start()].lower()) is not None


def clauses(text: str) -> list[str]:
    """A text cut where a fact's words could no longer be about its number: at , ; : ( ) — and the end
    of a sentence (not the dot of "1.")."""
    return [part for part in re.split(r"(?<!\d)\.|[,;:()\n!?•—]", text) if part.strip()]


def name_pattern(name: str, language: str) -> str:
    """A card's or location's name as a text writes it, inflected too ("Dzsinnedet", "Sędziną")."""
    words = []
    for word in name.split():
        stem = word if language == "en" else word.rstrip("aáeéiíoóöőuúüűyąę")
        words.append(re.escape(stem if len(stem) >= 3 else word) + r"(?!kez)\w*")  # not "Követ|kező"
    return r"(?<!\w)" + r"\s+".join(words)


@cache
def names(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each item with the pattern of its name in ``language``, longest names first ("Mechanical Djinn"
    before "Djinn")."""
    with speaking(language):
        named = [(tr(f"card.{c}"), c) for c in CARDS] + [(tr(f"location.{x}"), x) for x in LOCATIONS]
    named.sort(key=lambda pair: -len(pair[0]))
    return [(item, re.compile(name_pattern(name, language))) for name, item in named]


def mentions(text: str, language: str) -> list[tuple[int, str]]:
    """Where ``text`` names a card or location: (position, item), in order."""
    taken = [False] * len(text)
    found = []
    for item, pattern in names(language):
        for match in pattern.finditer(text):
            if not any(taken[match.start() : match.end()]):
                taken[match.start() : match.end()] = [True] * (match.end() - match.start())
                found.append((match.start(), item))
    return sorted(found)


def named(text: str, language: str) -> set[str]:
    return {item for _, item in mentions(text, language)}


# --- the checks --------------------------------------------------------------------------------------


def fits(number: Number, fact: Fact, clause: str, language: str) -> bool:
    if fact.kind == "modifier":
        return number.signed and number.value == fact.number
    if number.signed or number.value not in (fact.number, *fact.also):
        return False
    return re.search(TERMS[fact.kind][language], clause, re.IGNORECASE) is not None


def problems(text: str, language: str, owner: str, where: str) -> list[str]:
    """What in ``text`` (about ``owner``) disagrees with the facts: a number none of them has (or whose
    clause lacks the fact's word), or a sure win of an item that only adds a modifier."""
    allowed = [fact for item in {owner} | named(text, language) for fact in facts_of(item)]
    modifies = any(fact.kind == "modifier" for fact in facts_of(owner))
    found = []
    for clause in clauses(text):
        level = level_named(clause, language) if owner == GAME else None
        if level is not None:
            found += [
                f"{language} {where}: {number.written!r} is no sum of {level!r} ({clause.strip()!r})"
                for number in numbers(clause, language)
                if LEVEL_OF.get(number.value) != level
            ]
            continue
        for number in numbers(clause, language):
            if not any(fits(number, fact, clause, language) for fact in allowed):
                kinds = sorted({f"{f.kind} {f.number}" for f in allowed}) or ["no number"]
                found.append(
                    f"{language} {where} ({owner}): {number.written!r} in {clause.strip()!r} fits none of"
                    f" its facts ({', '.join(kinds)})"
                )
        says_win = re.search(WIN[language], clause, re.IGNORECASE)
        if modifies and says_win and not re.search(HEDGE[language], clause, re.IGNORECASE):
            found.append(
                f"{language} {where} ({owner}): {clause.strip()!r} says it wins, but a modifier may not win"
            )
    return found


def offered_setups() -> Iterator[Setup]:
    for deck in ("I", "II", {"rebels": "II", "academy": "I", "guild": "I", "dynasty": "I"}):
        for location in (None, *LOCATIONS):
            yield Setup.model_validate({"deck": deck, "location": location, "seed": 0})


#: The engine's difficulty level of each sum a game can have (deck value + the location's skulls).
LEVEL_OF = {found.value: found.level for found in map(difficulty, offered_setups())}


def level_named(clause: str, language: str) -> str | None:
    """The difficulty level whose name ``clause`` gives, if any ("0–1 Assassins in training")."""
    with speaking(language):
        return next((lv for lv in set(LEVEL_OF.values()) if tr(f"difficulty.{lv}") in clause), None)


def stated(fact: Fact, text: str, language: str) -> int:
    """How many times ``text`` states ``fact`` (its number in a clause with its word; 1 as "a card")."""
    count = 0
    for clause in clauses(text):
        count += sum(fits(number, fact, clause, language) for number in numbers(clause, language))
        if (
            fact.number == 1
            and fact.kind != "modifier"
            and re.search(SINGULAR[language], clause, re.IGNORECASE)
            and re.search(TERMS[fact.kind][language], clause, re.IGNORECASE)
        ):
            count += 1
    return count


def rule_text(item: str) -> str:
    return card_text(item) if item in CARDS else location_text(item)


def cases() -> Iterator[tuple[str, str]]:
    return ((item, language) for item in ITEMS for language in LANGUAGES)


# --- the texts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("item", "language"), list(cases()))
def test_the_rule_states_its_facts_and_no_other_number(item: str, language: str) -> None:
    with speaking(language):
        text = rule_text(item)
    found = problems(text, language, item, "rule")
    needed = Counter(fact for fact in FACTS[item] if fact.main)
    for fact, times in needed.items():
        if stated(fact, text, language) < times:
            found.append(f"{language} rule ({item}): {text!r} does not say {fact.kind} {fact.number}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("item", "language"), list(cases()))
def test_the_note_agrees_with_the_facts(item: str, language: str) -> None:
    with speaking(language):
        note = card_note(item)
    assert note is not None, f"{language}: no note for {item}"
    found = problems(note, language, item, "note")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("item", "language"), [(c.id, lang) for c in DECK_I for lang in LANGUAGES])
def test_the_learn_tip_agrees_with_the_facts(item: str, language: str) -> None:
    """The teaching game is played with Deck I: each of its cards has a tip."""
    with speaking(language):
        assert has(f"learn.tip.{item}"), f"{language}: no learn tip for {item}"
        tip = tr(f"learn.tip.{item}")
    found = problems(tip, language, item, "learn tip")
    assert not found, "\n".join(found)


def passages(page: str, language: str) -> Iterator[tuple[str, str]]:
    """A rules page cut by what each part is about: each sentence (or part between semicolons) that
    names cards or locations is cut where each name begins, the words before the first name going with
    it ("e.g. Bazaar: ..."); a sentence that names none is about the game."""
    for sentence in re.split(r"(?<!\d)\.\s|;|\n", page):
        found = mentions(sentence, language)
        if not found:
            yield GAME, sentence
        for index, (start, item) in enumerate(found):
            begin = 0 if index == 0 else start
            end = found[index + 1][0] if index + 1 < len(found) else len(sentence)
            yield item, sentence[begin:end]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_pages_agree_with_the_facts(language: str) -> None:
    with speaking(language):
        pages = rules_pages()
    found = []
    for number, (_, body) in enumerate(pages, start=1):
        for item, passage in passages(body, language):
            found += problems(passage, language, item, f"rules page {number}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_pages_give_the_level_of_every_difficulty(language: str) -> None:
    """Page 7 names each level with the sums the engine gives it, every sum a game can have."""
    with speaking(language):
        body = rules_pages()[6][1]
    stated = {
        number.value
        for clause in clauses(body)
        if level_named(clause, language)
        for number in numbers(clause, language)
    }
    assert stated == set(LEVEL_OF), (language, stated)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_games_round_notes_agree_with_the_facts(language: str) -> None:
    found = []
    for number in (1, 2, 3):
        with speaking(language):
            note = tr(f"learn.round.{number}")
        found += problems(note, language, GAME, f"learn round {number}")
    assert not found, "\n".join(found)


def test_the_rules_pages_speak_of_the_same_items_in_every_language() -> None:
    """So no page of a language leaves the checks above by naming an item differently."""
    about: dict[str, list[set[str]]] = {}
    for language in LANGUAGES:
        with speaking(language):
            about[language] = [named(body, language) for _, body in rules_pages()]
    assert about["en"][6] >= {"bazaar", "foggy_swamp"}  # the finder finds
    for language in LANGUAGES:
        assert about[language] == about["en"], language


@pytest.mark.parametrize(("item", "language"), list(cases()))
def test_the_card_lookup_shows_the_checked_texts(item: str, language: str) -> None:
    """/cardia card: the rule and the note above, and the card's numbers from its data."""
    with speaking(language):
        embed = render.card_embed(item)
        fields = {field.name: field.value for field in embed.fields}
        assert embed.description == rule_text(item)
        note = fields[tr("card.notes")]
        assert note == card_note(item)
        if item in CARDS:
            assert fields[tr("card.value")] == str(CARDS[item].value)
        else:
            assert str(fields[tr("location.skulls")]).startswith("💀" * LOCATIONS[item].skulls + " (")
    shown = f"{embed.description}\n{note}"
    assert not problems(shown, language, item, "card lookup")


def test_every_item_has_facts_and_every_fact_a_scenario() -> None:
    assert set(FACTS) == set(ITEMS)
    assert set(SCENARIOS) == {item for item, facts in FACTS.items() if facts}


# --- the engine proves the facts ---------------------------------------------------------------------

Measured = list[tuple[str, int]]
SCENARIOS: dict[str, Callable[[], Measured]] = {}


def scenario(item: str) -> Callable[[Callable[[], Measured]], Callable[[], Measured]]:
    def register(function: Callable[[], Measured]) -> Callable[[], Measured]:
        SCENARIOS[item] = function
        return function

    return register


@pytest.mark.parametrize("item", sorted(item for item, facts in FACTS.items() if facts))
def test_the_engine_proves_the_facts(item: str) -> None:
    assert sorted(SCENARIOS[item]()) == sorted(fact.key for fact in FACTS[item])


def test_the_engine_proves_the_game_facts() -> None:
    game = new_game(p1=[], p2=[])  # both decks by value
    opening = len(hand(game, "p1"))
    size = opening + len(zone(game, "p1", "deck"))
    tie_round(game)
    drawn = len(hand(game, "p1")) - (opening - 1)
    encounter = [slot for slot in view(game)["encounters"][0].values() if isinstance(slot, dict)]
    values = sorted(c.value for c in DECK_I)
    skulls = sorted(x.skulls for x in LOCATIONS.values())
    deck_value = difficulty(Setup.model_validate({"deck": "II", "seed": 0})).value
    assert difficulty(Setup.model_validate({"deck": "I", "seed": 0})).value == 0
    measured = [
        ("players", len(view(game)["players"])),
        ("deck", size),
        ("value", values[-1]),
        ("faction", len({c.faction for c in DECK_I})),
        ("draw", opening),
        ("draw", drawn),
        ("encounter", len(encounter)),
        ("signet", signets_to_win()),
        ("match", MATCH_CHOICES[0].value),  # the first choice is the default: first to 2 wins
        ("skull", skulls[-1]),
        ("deck value", deck_value),
    ]
    assert values[0] == 1 and skulls[0] == 1
    assert sorted(measured) == sorted(fact.key for fact in GAME_FACTS)


def signets_to_win() -> int:
    """Player 1 wins every encounter: the game ends after the round that gives the fifth signet."""
    game = new_game(
        p1=["judge", "ambusher", "puppeteer", "clockmaker", "treasurer"],
        p2=["void_mage", "saboteur", "judge", "surgeon", "ambusher"],
    )
    for p1_card, p2_card in [
        ("judge", "void_mage"),
        ("ambusher", "saboteur"),
        ("puppeteer", "judge"),
        ("clockmaker", "surgeon"),
        ("treasurer", "ambusher"),
    ]:
        assert view(game)["result"] is None
        play(game, f"p1:{p1_card}", f"p2:{p2_card}")
    choose(game, "p2", "rebels")  # the losing Ambusher names a faction
    assert view(game)["result"] == {"winner": "p1", "reason": "signets"}
    return view(game)["signets"]["p1"]  # type: ignore[no-any-return]


def zone(game: Game, player: str, name: str) -> list[str]:
    return view(game)["players"][player][name]  # type: ignore[no-any-return]


def count_of(game: Game, player: str) -> int:
    decision = pending(game, player)
    assert decision is not None
    return decision.count


def tie_round(game: Game) -> None:
    """Both place the lowest card they both hold: a tie, so no ability."""
    common = [c for c in sorted(hand(game, "p1"), key=lambda c: CARDS[c].value) if c in hand(game, "p2")]
    play(game, f"p1:{common[0]}", f"p2:{common[0]}")


def deck_sizes(game: Game) -> tuple[int, int]:
    return len(zone(game, "p1", "deck")), len(zone(game, "p2", "deck"))


@scenario("surgeon")
def _surgeon() -> Measured:
    game = new_game(p1=["surgeon", "mediator"], p2=["judge", "hired_blade"])
    play(game, "p1:surgeon", "p2:judge")  # 3 < 8: the Surgeon activates
    play(game, "p1:mediator", "p2:hired_blade")  # 4 - 5 < 1
    return [("modifier", card(game, 1, "p1")["modifier"])]


@scenario("saboteur")
def _saboteur() -> Measured:
    game = new_game(p1=["saboteur"], p2=["judge"])
    play(game, "p1:saboteur", "p2:judge")
    return [("mill", len(zone(game, "p2", "discard")))]


@scenario("palace_guard")
def _palace_guard() -> Measured:
    game = new_game(p1=["palace_guard"], p2=["djinn", "surgeon"])
    play(game, "p1:palace_guard", "p2:djinn")
    choose(game, "p1", "guild")
    discards = count_of(game, "p2")
    choose(game, "p2", "p2:surgeon")
    assert zone(game, "p2", "discard") == ["surgeon"] and card(game, 0, "p1")["modifier"] == 0

    game = new_game(p1=["palace_guard"], p2=["djinn"])
    play(game, "p1:palace_guard", "p2:djinn")
    choose(game, "p1", "guild")
    choose(game, "p2", "decline")
    guard = card(game, 0, "p1")
    assert winner(game, 0) == "p2"  # 7 + 7 = 14 < 16: the +7 may not win
    return [("modifier", guard["modifier"]), ("discard", discards), ("sum", guard["influence"])]


@scenario("clockmaker")
def _clockmaker() -> Measured:
    game = new_game(p1=["hired_blade", "clockmaker", "surgeon"], p2=["hired_blade", "djinn", "surgeon"])
    play(game, "p1:hired_blade", "p2:hired_blade")  # a tie
    play(game, "p1:clockmaker", "p2:djinn")
    play(game, "p1:surgeon", "p2:surgeon")
    return [("modifier", card(game, 0, "p1")["modifier"]), ("modifier", card(game, 2, "p1")["modifier"])]


@scenario("treasurer")
def _treasurer() -> Measured:
    game = new_game(p1=["inventor", "treasurer"], p2=["saboteur", "djinn"])
    play(game, "p1:inventor", "p2:saboteur")
    before = card(game, 0, "p1")["signets"]
    play(game, "p1:treasurer", "p2:djinn")  # the Treasurer loses: its token is on
    after = card(game, 0, "p1")["signets"]
    return [("signet", after - before), ("signet", after)]


@scenario("inventor")
def _inventor() -> Measured:
    game = new_game(p1=["hired_blade", "inventor"], p2=["hired_blade", "djinn"])
    play(game, "p1:hired_blade", "p2:hired_blade")
    play(game, "p1:inventor", "p2:djinn")
    choose(game, "p1", "p1:hired_blade")
    decision = pending(game, "p1")
    assert decision is not None and "p1:hired_blade" not in decision.options  # another card
    choose(game, "p1", "p2:hired_blade")
    plus, minus = card(game, 0, "p1")["modifier"], card(game, 0, "p2")["modifier"]
    return [("modifier", plus), ("modifier", minus), ("targets", 2)]


@scenario("envoy")
def _envoy() -> Measured:
    game = new_game(p1=["envoy"], p2=["tax_collector"], deck="II")
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "p2:tax_collector")
    return [("modifier", card(game, 0, "p2")["modifier"])]


@scenario("tax_collector")
def _tax_collector() -> Measured:
    game = new_game(p1=["tax_collector"], p2=["blackmailer"], deck="II")
    play(game, "p1:tax_collector", "p2:blackmailer")
    collector = card(game, 0, "p1")
    assert winner(game, 0) == "p2"  # 4 + 4 = 8 < 9: the +4 may not win
    return [("modifier", collector["modifier"]), ("sum", collector["influence"])]


@scenario("revolutionary")
def _revolutionary() -> Measured:
    game = new_game(p1=["revolutionary"], p2=["librarian", "poisoner", "envoy"], deck="II")
    play(game, "p1:revolutionary", "p2:librarian")
    before = deck_sizes(game)
    discards = count_of(game, "p2")
    choose(game, "p2", "p2:poisoner", "p2:envoy")
    after = deck_sizes(game)
    assert len(zone(game, "p2", "discard")) == 2
    # Both drew 1 at the end of the round; p2 drew 2 before.
    return [("discard", discards), ("draw", (before[1] - after[1]) - (before[0] - after[0]))]


@scenario("librarian")
def _librarian() -> Measured:
    game = new_game(p1=["librarian", "poisoner"], p2=["prodigy", "poisoner"], deck="II")
    play(game, "p1:librarian", "p2:prodigy")
    play(game, "p1:poisoner", "p2:poisoner")
    decision = pending(game, "p1")
    assert decision is not None and decision.kind == "librarian"
    choose(game, "p1", "-2")
    assert card(game, 1, "p1")["modifier"] == -2
    return [("modifier", int(option.replace("+", ""))) for option in decision.options]


@scenario("prodigy")
def _prodigy() -> Measured:
    game = new_game(
        p1=["aristocrat", "blackmailer", "prodigy"],
        p2=["aristocrat", "blackmailer", "illusionist"],
        deck="II",
    )
    play(game, "p1:aristocrat", "p2:aristocrat")  # 8 = 8
    play(game, "p1:blackmailer", "p2:blackmailer")  # 9 = 9
    play(game, "p1:prodigy", "p2:illusionist")
    decision = pending(game, "p1")
    assert decision is not None and set(decision.options) == {"p1:aristocrat", "p1:prodigy"}  # 8 yes, 9 no
    choose(game, "p1", "p1:aristocrat")
    return [("modifier", card(game, 0, "p1")["modifier"]), ("influence", 8)]


@scenario("aristocrat")
def _aristocrat() -> Measured:
    game = new_game(p1=["aristocrat", "envoy"], p2=["blackmailer", "tax_collector"], deck="II")
    play(game, "p1:aristocrat", "p2:blackmailer")  # 8 < 9: its token goes on
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "p2:blackmailer")  # 9 - 3 = 6 < 8: the Aristocrat now wins
    signets = card(game, 0, "p1")["signets"]
    return [("signet", signets - 1), ("signet", signets)]


@scenario("blackmailer")
def _blackmailer() -> Measured:
    game = new_game(p1=["blackmailer", "poisoner"], p2=["illusionist", "poisoner"], deck="II")
    play(game, "p1:blackmailer", "p2:illusionist")
    choose(game, "p1", "guild")
    play(game, "p1:poisoner", "p2:poisoner")  # a Rebel, not of the Guild
    return [("discard", count_of(game, "p2"))]


@scenario("engineer")
def _engineer() -> Measured:
    game = new_game(p1=["engineer", "poisoner"], p2=["counselor", "poisoner"], deck="II")
    play(game, "p1:engineer", "p2:counselor")
    play(game, "p1:poisoner", "p2:poisoner")  # a tie: the +5 still comes
    return [("modifier", card(game, 1, "p1")["modifier"])]


@scenario("elemental")
def _elemental() -> Measured:
    game = new_game(p1=["elemental", "tax_collector"], p2=["mechanical_djinn"], deck="II")
    play(game, "p1:elemental", "p2:mechanical_djinn")
    before = deck_sizes(game)
    choose(game, "p1", "p1:tax_collector")
    after = deck_sizes(game)
    return [("draw", (before[0] - after[0]) - (before[1] - after[1]))]


@scenario("successor")
def _successor() -> Measured:
    game = new_game(
        p1=["envoy", "successor", "poisoner", "kinesis_mage", "librarian"],
        p2=["tax_collector", "elemental", "poisoner", "kinesis_mage", "librarian"],
        deck="II",
    )
    play(game, "p1:envoy", "p2:tax_collector")
    choose(game, "p1", "next")
    play(game, "p1:successor", "p2:elemental")  # 16 - 3 = 13 < 14
    kept = count_of(game, "p2")
    assert zone(game, "p2", "deck") == []
    return [("hand", kept)]


@scenario("serpent_temple")
def _serpent_temple() -> Measured:
    game = new_game(
        p1=["void_mage", "clockmaker", "judge", "mediator", "saboteur"],
        p2=["surgeon", "swamp_guardian", "hired_blade", "fortune_teller", "palace_guard"],
        location="serpent_temple",
    )
    play(game, "p1:void_mage", "p2:surgeon")
    before = deck_sizes(game)
    play(game, "p1:clockmaker", "p2:swamp_guardian")  # +3 on the Void Mage: p1 now wins encounter 1
    discards = count_of(game, "p2")
    choose(game, "p2", "p2:palace_guard")
    after = deck_sizes(game)
    return [("draw", (before[0] - after[0]) - (before[1] - after[1])), ("discard", discards)]


@scenario("bazaar")
def _bazaar() -> Measured:
    opening = ["void_mage", "surgeon", "mediator", "saboteur", "fortune_teller"]
    game = new_game(p1=opening, p2=opening, location="bazaar")
    play(game, "p1:void_mage", "p2:void_mage")
    assert len(hand(game, "p1")) == 4  # no draw at the end of a round
    play(game, "p1:surgeon", "p2:surgeon")
    play(game, "p1:mediator", "p2:mediator")
    assert len(hand(game, "p1")) == 2  # 2 cards: no draw
    deck = len(zone(game, "p1", "deck"))
    choose(game, "p1", "p1:saboteur")  # 1 card left: draws at once
    return [("hand", 1), ("draw", deck - len(zone(game, "p1", "deck")))]


@scenario("founders_day")
def _founders_day() -> Measured:
    game = new_game(
        p1=["judge", "ambusher", "puppeteer"],
        p2=["void_mage", "surgeon", "hired_blade"],
        location="founders_day",
    )
    play(game, "p1:judge", "p2:void_mage")
    play(game, "p1:ambusher", "p2:surgeon")
    assert view(game)["result"] is None  # 2 in a row: not yet
    play(game, "p1:puppeteer", "p2:hired_blade")
    assert view(game)["result"] == {"winner": "p1", "reason": "founders_day"}
    return [("row", len(view(game)["encounters"]))]


@scenario("grand_library")
def _grand_library() -> Measured:
    game = new_game(
        p1=["elemental", "aristocrat", "successor"],
        p2=["successor", "aristocrat", "elemental"],
        deck="II",
        location="grand_library",
    )
    opening = len(hand(game, "p1"))
    deck = len(zone(game, "p2", "deck"))
    play(game, "p1:elemental", "p2:successor")  # the Elemental draws 1 more for p1; none in hand to copy
    drawn = deck - len(zone(game, "p2", "deck"))
    while len(zone(game, "p1", "deck")) > 1:
        tie_round(game)
    assert zone(game, "p1", "deck") == ["mechanical_djinn"]
    tie_round(game)  # the last card alone
    assert zone(game, "p1", "deck") == [] and "mechanical_djinn" in hand(game, "p1")
    return [("hand", opening), ("draw", drawn), ("deck", 1)]


@scenario("scrapyard")
def _scrapyard() -> Measured:
    game = new_game(p1=["surgeon"], p2=["surgeon"], location="scrapyard")
    deck = len(zone(game, "p1", "deck"))
    play(game, "p1:surgeon", "p2:surgeon")
    drawn = deck - len(zone(game, "p1", "deck"))
    put_under = count_of(game, "p1")
    choose(game, "p1", f"p1:{hand(game, 'p1')[-1]}")
    assert len(zone(game, "p1", "deck")) == deck - drawn + put_under

    # A deck of 1 or 0: drawn as usual, no card put under.
    game = new_game(
        p1=["witch_king", "kinesis_mage", "librarian", "illusionist", "poisoner"],
        p2=["elemental", "kinesis_mage", "librarian", "illusionist", "poisoner"],
        deck="II",
        location="scrapyard",
    )
    play(game, "p1:witch_king", "p2:elemental")  # p2 loses its Guild cards: 7 left in its deck
    choose(game, "p1", "guild")
    chance = pending(game, "chance")
    assert chance is not None
    choose(game, "chance", *chance.options)
    ignored_at = None
    while ignored_at is None:
        for player in ("p1", "p2"):
            decision = pending(game, player)
            if decision is not None and decision.kind == "scrapyard":
                choose(game, player, max(decision.options, key=lambda r: CARDS[r.split(":")[1]].value))
        size = len(zone(game, "p2", "deck"))
        tie_round(game)
        if pending(game, "p2") is None or pending(game, "p2").kind != "scrapyard":  # type: ignore[union-attr]
            ignored_at = size
    return [("draw", drawn), ("under", put_under), ("deck", ignored_at)]


@scenario("auction_house")
def _auction_house() -> Measured:
    game = new_game(p1=["puppeteer", "surgeon"], p2=["void_mage", "saboteur"], location="auction_house")
    play(game, "p1:puppeteer", "p2:void_mage")
    play(game, "p1:surgeon", "p2:saboteur")  # 3 < the Puppeteer's 10
    return [("mill", len(zone(game, "p1", "discard")))]


@scenario("foggy_swamp")
def _foggy_swamp() -> Measured:
    game = new_game(p1=["surgeon"], p2=["palace_guard"], location="foggy_swamp")
    play(game, "p1:surgeon", "p2:palace_guard")
    first = view(game)["encounters"][0]
    assert first["winner"] is None and not first["p1"]["face_up"]  # round 1 reveals nothing
    return [("round", view(game)["round"] - 1)]
