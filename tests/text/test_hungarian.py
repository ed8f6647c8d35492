"""Hungarian as a careful native editor writes it (the glossary: docs/languages.md, "Magyar (Hungarian)").

- The article before a number or a name is "a" or "az" as it is read aloud (``ARTICLE`` in
  text/catalogue.py), through Fluent and through ``tr``'s fast path alike; "a(z)" is never written.
- The catalogues use the glossary's words, not those it replaces (each replacement is in the glossary).
- Typography: „…” quotes, "62%", "…", the en dash (never the em dash), no English command names
  (tests/text/test_command_names.py).
- Phrases a player reads, rendered with real values, say what a native speaker would.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from fluent.syntax import ast, parse
from rich.console import Console

import text
from engine import Game, view
from engine.review import Encountered, Review, Reviewed, Swing
from engine.view import ResultView
from terminal import screen
from tests.helpers import random_setup
from tests.text.test_catalogues import glossary_of
from text.catalogue import LOCALES, TEMPLATES, _format, article

HU = LOCALES / "hu"
FILES = sorted(path.name for path in HU.glob("*.ftl"))


def message_sources(*names: str) -> Iterator[tuple[str, str, str]]:
    """(file, message id, its source text without comments) of every message of the Hungarian files
    ``names`` (all of them if none)."""
    for name in names or FILES:
        source = (HU / name).read_text(encoding="utf-8")
        for entry in parse(source).body:
            if isinstance(entry, ast.Message) and entry.span is not None:
                yield name, entry.id.name, source[entry.span.start : entry.span.end]


# --- the article ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (0, "a"),  # nulla
        (1, "az"),  # egy
        (2, "a"),
        (5, "az"),  # öt
        (10, "a"),  # tíz
        (11, "a"),  # tizenegy
        (15, "a"),
        (50, "az"),  # ötven
        (55, "az"),
        (100, "a"),  # száz
        (150, "a"),
        (500, "az"),  # ötszáz
        (1000, "az"),  # ezer
        (1500, "az"),  # ezerötszáz
        (2000, "a"),  # kétezer
        (5000, "az"),  # ötezer
        (10000, "a"),  # tízezer
        (50000, "az"),
        (100000, "a"),
        (1000000, "az"),  # egymillió
        (2000000, "a"),
        (-1, "a"),  # mínusz egy
    ],
)
def test_the_article_of_a_number_is_the_one_it_is_read_with(number: int, said: str) -> None:
    assert article(number) == said
    assert article(str(number)) == said  # a number written in a text
    assert article(f"{number}.") == said  # an ordinal: "az 1.", "a 2."


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("Akadémia", "az"),
        ("Céh", "a"),
        ("Örökös", "az"),
        ("Úrhajós Zsófi", "az"),
        ("Bőrönd Ödön", "a"),
        ("ezer", "az"),
        ("idény", "az"),
        ("#1", "az"),  # a game's number: "az #1 játszma", read "az egyes"
        ("#12", "a"),
        ("„Ősz”", "az"),  # quoted: the quotation mark is not read
        ("1 000", "az"),  # grouped digits: ezer
        ("2 000", "a"),
    ],
)
def test_the_article_of_a_word_is_the_one_it_is_read_with(word: str, said: str) -> None:
    assert article(word) == said


NUMBERS = {1: "az 1.", 2: "a 2.", 5: "az 5.", 10: "a 10.", 50: "az 50.", 100: "a 100.", 1000: "az 1000."}


@pytest.mark.parametrize(("number", "said"), NUMBERS.items())
def test_messages_choose_the_article_through_fluent_and_the_fast_path(number: int, said: str) -> None:
    """``tr`` fills a message with ``ARTICLE`` itself (the fast path) and says what Fluent says."""
    assert "tournament-standings_after" in TEMPLATES["hu"] and "history-not_over" in TEMPLATES["hu"]
    with text.speaking("hu"):
        standings = text.tr("tournament.standings_after", round=number)
        not_over = text.tr("history.not_over", id=number)
        tokens = text.plural("option.ongoing", number, owner_lower="a tiéd", name="Bírónő")
    assert standings == f"**Az állás {said} forduló után**"
    assert not_over.startswith(said.split()[0].capitalize() + f" #{number} játszma")
    assert standings == _format("hu", "tournament.standings_after", {"round": number})
    assert not_over == _format("hu", "history.not_over", {"id": number})
    if number > 1:
        assert tokens.startswith(said.split()[0].capitalize() + f" {number} időjelző")


@pytest.mark.parametrize("name", FILES)
def test_a_z_is_never_written(name: str) -> None:
    """ "a(z)" is what a program writes when it does not know the word; the catalogues know it."""
    assert [identifier for _, identifier, source in message_sources(name) if "a(z)" in source.lower()] == []


# --- the glossary's words -------------------------------------------------------------------------------

#: A word (a pattern) the glossary replaces, and the glossary's word for it.
REPLACED = {
    r"\bjáték(?:ot|ban|ba|ra|ról|ból|nak|hoz|tól|om|od|a|át|ai|ok|ért|kal|on)?\b": "játszma",
    r"\blerakópakli": "dobópakli",
    r"\blerak\w*|\brak(?:ja|ta|d|sz|nak|tok)? le\b": "letesz",
    r"\bazonnali\b": "egyszeri képesség",
    r"\w+ csoportú\b": "azonos csoportba tartozó kártya",
    r"\bszemben lévő": "a vele szemben fekvő kártya",
    r"\bI{1,2}\. pakli": "I-es pakli",
    r"\bpontszám|\bpontozott": "értékszám",
    r"\bszerver-kezel": "szerverkezelő",
    r"\bátnéz\w*": "elemzés",  # a review: a proofreader's word
    r"\blejegyz\w*": "jegyzőkönyv",
    r"\bCéh\b": "Céhesek",  # the rulebook's name of the faction
    r"\bmegszakít\w*": "félbeszakít",  # an abort, as the messages say it
}


def test_the_glossary_lists_the_word_each_replaced_one_gives_way_to() -> None:
    glossary = glossary_of("hu")
    assert [word for word in REPLACED.values() if word not in glossary] == []


@pytest.mark.parametrize("name", FILES)
def test_the_catalogues_use_the_glossarys_words(name: str) -> None:
    found = [
        (identifier, match.group(0), f"the glossary says {instead!r}")
        for _, identifier, source in message_sources(name)
        for pattern, instead in REPLACED.items()
        for match in re.finditer(pattern, source.partition("=")[2], re.IGNORECASE)
    ]
    assert found == []


def test_several_things_chosen_are_referred_to_in_the_plural() -> None:
    """ "válassz 2 kártyát, amelyeket eldobsz": after a number above one the relative pronoun is plural."""
    found = [
        identifier
        for _, identifier, source in message_sources()
        if re.search(r"\b(?:[2-9]|\d\d+|két|három) kártyát, amelyet\b", source)
    ]
    assert found == []


def test_round_is_the_games_word_only() -> None:
    """ "kör" is a round of a game: a command option or a tournament's round never borrows it."""
    with text.speaking("hu"):
        assert text.tr("slash.leaderboard.scope") != "kör"
        assert "kör" not in text.tr("tournament.short_running", round=2)
    borrowed = [
        identifier
        for _, identifier, source in message_sources()
        if identifier.startswith(("slash-", "tournament-")) and re.search(r"\bkör\b", source)
    ]
    assert borrowed == []


# --- typography -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_quotes_percent_and_ellipsis_are_hungarian(name: str) -> None:
    """„…” quotes (a straight quote only inside a code span or a Fluent literal), "62%" without a space,
    "…" rather than three dots."""
    wrong = []
    for _, identifier, source in message_sources(name):
        value = re.sub(r"`[^`]*`|\{\s*\"[^\"]*\"\s*\}", "", source.partition("=")[2])
        if '"' in value or "'" in value or "..." in value or re.search(r"\d\s+%|\}\s+%", value):
            wrong.append(identifier)
    assert wrong == []


def test_a_percentage_has_no_space() -> None:
    with text.speaking("hu"):
        assert text.tr("records.rate", percent=62) == "62%"


@pytest.mark.parametrize("name", FILES)
def test_the_dash_is_the_en_dash(name: str) -> None:
    """Hungarian writes its dash (gondolatjel) as "–"; "—" stands only alone, for an empty cell."""
    found = [
        identifier
        for _, identifier, source in message_sources(name)
        if "—" in source and source.partition("=")[2].strip() != "—"
    ]
    assert found == []


# --- phrases as a player reads them ---------------------------------------------------------------------


def test_results_and_events_read_naturally() -> None:
    names = {"p1": "Bőrönd Ödön", "p2": "Űrhajós Zsófi"}
    with text.speaking("hu"):
        won = text.result_text(ResultView("p1", "signets", None), names, {"p1": 5, "p2": 2})
        catacombs = text.result_text(ResultView("p2", "haunted_catacombs", None), names)
        placed = text.tr("event.placed_card", who="Bőrönd Ödön", card="Bírónő (8, Dinasztia)")
        drew = text.tr(
            "event.drew_each", who="Bőrönd Ödön és Űrhajós Zsófi", count=text.plural("cards_each", 1)
        )
        choose = text.tr("hand.choose_count", count=2)
    assert won == "Bőrönd Ödön nyert: 5 pecsétgyűrű, az ellenfelének 2."
    assert "csoportba tartozó" in catacombs and "játszma" not in catacombs
    assert placed == "Bőrönd Ödön képpel lefelé letette a kártyáját: Bírónő (8, Dinasztia)."
    assert drew == "Bőrönd Ödön és Űrhajós Zsófi fejenként 1 kártyát húz"
    assert choose == " (2 darabot válassz)"  # no suffix guessed after a number ("2-t", but "3-at")


def test_a_challenge_reads_right_whoever_the_opponent_is() -> None:
    """The opponent may be a name or "the holder of the code": neither takes a suffix."""
    with text.speaking("hu"):
        anyone = text.tr("challenge.anyone")
        said = [
            text.tr("challenge.text", challenger="Alice", opponent=opponent, wins=2)
            for opponent in ("Bob", anyone)
        ]
    assert said[1] == (
        "**Alice** kihívása egy Cardia-mérkőzésre, 2 nyert játszmáig. Ellenfél: **a kód birtokosa**."
    )
    assert all("játékost" not in s for s in said)


def test_the_duels_counted_are_nobodys_in_particular() -> None:
    """ "duels" fills both "you already have…" and "Bob already has…": it says no "your"."""
    with text.speaking("hu"):
        them = text.tr("limit.max_duels_them", name="Bob", duels=text.plural("duels", 3), max=3)
        reminder = text.tr("settings.reminder_value", hours=text.hours_text(24))
    assert "3 nyitott párbaj van" in them and "párbajod" not in them
    assert reminder.startswith("minden 24 óra elteltével")  # not "24 óra-nként"


def _review(outcome: float | None) -> Review:
    """A review of Bob's three decisions: a card placed that lost where another would have won, an
    ability's choice, and a last card; his chance fell from 45% to 20% after the second."""
    lost = Encountered(
        placed="void_mage",
        against="swamp_guardian",
        influence=2,
        against_influence=13,
        outcome="lost",
        alternative="hired_blade",
        alternative_outcome="won",
    )
    decisions = (
        Reviewed(
            action=0,
            round=5,
            kind="play",
            chosen=("void_mage",),
            best=("hired_blade",),
            before=0.55,
            after=0.39,
            encountered=lost,
        ),
        Reviewed(
            action=2,
            round=6,
            kind="play",
            chosen=("elemental",),
            best=("elemental",),
            before=0.45,
            after=0.45,
            encountered=None,
        ),
        Reviewed(
            action=4,
            round=7,
            kind="play",
            chosen=("surgeon",),
            best=("surgeon",),
            before=0.2,
            after=0.2,
            encountered=None,
        ),
    )
    swings = (Swing(after=1, start=0.45, end=0.2, revealed=("aristocrat",), drew=("illusionist",)),)
    return Review(seat="p2", decisions=decisions, outcome=outcome, turning_points=(0,), swings=swings)


def test_a_review_reads_as_a_hungarian_writes_it() -> None:
    """The article before a card's name, a suffix after a percentage, the chances in a sentence of their
    own, a seat named like a player."""
    with text.speaking("hu"):
        names = {
            seat: text.tr("terminal.seat_name", number=number) for number, seat in ((1, "p1"), (2, "p2"))
        }
        lines = text.review_lines(_review(None), names)
        two = text.tr("review.turning_points", n=2)
        many = text.tr("review.turning_points", n=5)
    assert (
        lines[1]
        == "A játszma még nem ért véget: ezek az eddigi döntéseid, és a grafikon az utolsónál ér véget."
    )
    assert lines[3] == (
        "1. 5. kör: kijátszott kártyád, az Ürességmágus (2), elvesztette a találkozást a Mocsárőr (13)"
        " ellen; helyette az Orgyilkos megnyerte volna. Győzelmi esélyed azzal 55% lett volna, a te"
        " választásoddal 39%."
    )
    assert lines[5] == (
        "– 6. kör, a döntésed után: az esélyed 45%-ról 20%-ra csökkent. Játékos 1 felfedte: Arisztokrata."
        " Húztál: Illuzionista."
    )
    assert (two, many) == ("A két legnagyobb fordulópont:", "Az 5 legnagyobb fordulópont:")


def test_the_computer_is_named_like_a_player_in_the_terminal() -> None:
    """Its name ("Számítógép – könnyű") takes no article and no postposition."""
    with text.speaking("hu"):
        name = text.tr("computer.name", level=text.tr("computer.level.easy"))
        title = text.tr("terminal.title", level=name)
    assert title == "Cardia – ellenfeled: Számítógép – könnyű"


@pytest.mark.parametrize(("number", "said"), [(1, "az #1"), (2, "a #2"), (50, "az #50")])
def test_a_game_someone_else_played_takes_its_article(number: int, said: str) -> None:
    with text.speaking("hu"):
        history = text.tr("history.not_yours", id=number)
        review = text.tr("review.not_yours", id=number)
    assert history.startswith(f"Nem vettél részt {said} játszmában:")
    assert review.startswith(f"Nem vettél részt {said} játszmában:")


def test_a_locations_rule_is_told_with_the_hungarian_dash() -> None:
    """The terminal's board and a challenge tell a location's rule after its name: the dash is the
    catalogue's (Hungarian writes –), not one written into the code."""
    setup = Game(random_setup(random.Random(3))).setup.model_copy(update={"location": "bazaar"})
    console = Console(width=300, record=True, file=io.StringIO())
    with text.speaking("hu"):
        told = text.location_rule("bazaar")
        console.print(
            screen.board_panel(view(Game(setup), None), {"p1": "Ann", "p2": "Bob"}, title="", footer="")
        )
    assert "–" in told and "—" not in told
    assert screen.styled(told).plain in console.export_text()
