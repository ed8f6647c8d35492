"""Polish as a careful Polish editor writes it, over every Polish catalogue (text/locales/pl/*.ftl).

- Nobody's gender is guessed: no "Opuściłeś", no "X wycofał się" of a player who may be a woman.
- A player's name is never put where Polish would decline it ("przeciw Łukasz", "z Łukasz"): a noun
  carries the case ("z graczem Łukasz", "przeciwnik: Łukasz") and two names face each other with "kontra".
- Every count takes its Polish form (1 karta, 2 karty, 5 kart, 12 kart, 22 karty, 25 kart).
- Every message says what its English message says: no value dropped ("Odkryto: X" of whose card?).
- The review reads as one account: every pronoun has its noun, whose card is revealed or drawn is said.
- The words are the glossary's (docs/languages.md, "Polski"), not the ones it replaces; the typography
  is Polish („…”, …, the en dash).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fluent.syntax import ast, parse

import text
from tests.text.test_brackets import sample_values
from tests.text.test_catalogues import glossary_of, messages
from text.catalogue import LOCALES

# Values the messages fill in with a player's name.
PLAYER = r"\{ \$(who|winner|loser|first|second|opponent|challenger|player|champion|claimer|name|owner) \}"


def said(pattern: ast.Pattern) -> str:
    """What a pattern says, each variant on its own line, values shown as "{ $name }"."""
    parts: list[str] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            parts.append(element.value)
            continue
        expression = element.expression
        if isinstance(expression, ast.StringLiteral):
            parts.append(expression.parse()["value"])
        elif isinstance(expression, ast.VariableReference):
            parts.append(f"{{ ${expression.id.name} }}")
        elif isinstance(expression, ast.SelectExpression):
            parts.append("\n".join(said(variant.value) for variant in expression.variants))
    return "".join(parts)


FILES = sorted(path.name for path in (LOCALES / "pl").glob("*.ftl"))


def polish(file: str | None = None) -> Iterator[tuple[str, str]]:
    """(message id, what it says) of every Polish message (of one file)."""
    for name in [file] if file else FILES:
        for entry in parse((LOCALES / "pl" / name).read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                yield entry.id.name, said(entry.value)


def offences(rules: dict[str, str], file: str | None = None) -> list[tuple[str, str, str]]:
    found = []
    for identifier, words in polish(file):
        for pattern, why in rules.items():
            for match in re.finditer(pattern, words):
                found.append((identifier, match.group(0), why))
    return found


GENDER = {
    r"\w+(łeś|łaś|łbyś|łabyś)\b": "a past form that guesses the reader's gender",
    PLAYER + r"( (nie|się|już|jeszcze))* \w+(ł|ła|[aeiouyąęó]li|ły)\b": (
        "a past form that guesses the player's gender"
    ),
    r"\b(wycofał|wycofała|odpadł|odpadła|poddał|poddała|opuścił|opuściła)\b|\bprzegrała? finał": (
        "a past form of a player of unknown gender: a noun or the present tense"
    ),
    r"\bjesteś (zapisany|zapisana)\b|\bsklasyfikowan\w+|\bsamego siebie\b|\bsamemu\b|\bwyzywający\b": (
        "a masculine (or feminine) form for a player of unknown gender"
    ),
    r"\b[Mm]istrz(a|owi|em)?\b": "the champion is 'zwycięstwo w turnieju' / 'Turniej wygrywa X'",
    r"\b[Oo]baj\b|\b[Oo]boje\b": "two players of unknown gender: 'obie strony'",
    r"\b(będzie|będą|będziesz)(\s+\w+)?\s+\w+(ł|ła|li|ły)\b": (
        "a future that guesses the gender: 'będzie unikać'"
    ),
    r"\b[Zz]arządc\w+ serwera \w+(ł|ła|li)\b|\b\w+(ł|ła|li) zarządc\w+ serwera\b": (
        "the server manager's gender: the present tense"
    ),
}


@pytest.mark.parametrize("file", FILES)
def test_nobodys_gender_is_guessed(file: str) -> None:
    assert offences(GENDER, file) == []


def test_the_gender_rules_find_what_they_should() -> None:
    def caught(line: str) -> bool:
        return any(re.search(pattern, line) for pattern in GENDER)

    for wrong in (
        "Opuściłeś kolejkę.",
        "{ $loser } wycofał się z turnieju.",
        "{ $loser } nie podjął decyzji w czasie",
        "Ani { $first }, ani { $second } nie podjęli decyzji",
        "przegrał finał",
        "Już jesteś zapisany.",
        "Mistrz: { $champion }",
        "Obaj gracze odkryli",
        "Zarządca serwera przyznał zwycięstwo",
        "Pojedynek przerwał zarządca serwera",
        "Gra czeka na was oboje",
        "Przeciwnik będzie tego unikał.",
    ):
        assert caught(wrong), wrong
    for right in ("{ $name } myśli…", "Nie jesteś już w kolejce.", "{ $loser } rezygnuje z turnieju."):
        assert not caught(right), right


GOVERNED = (
    r"\b(z|ze|dla|do|od|u|bez|przez|na|o|po|przy|w|we|nad|pod|przed|za|między|wobec|przeciw|przeciwko"
    r"|wyzywa)\s+\**"
)


@pytest.mark.parametrize("file", FILES)
def test_no_name_stands_where_polish_would_decline_it(file: str) -> None:
    """A name after a preposition (or "wyzywa") would need a case ending it cannot take."""
    assert offences({GOVERNED + PLAYER: "a name in the nominative where a case is needed"}, file) == []
    assert re.search(GOVERNED + PLAYER, "Cardia — { $first } przeciw { $second }")
    assert re.search(GOVERNED + PLAYER, "wyzywa { $opponent } na pojedynek")
    assert not re.search(GOVERNED + PLAYER, "wyzywa gracza { $opponent } na pojedynek")


def numbers_variant_on() -> Iterator[tuple[str, str, set[str]]]:
    """(message id, the number variable its Polish variants depend on, its variables)."""
    variables = messages("pl")
    for path in sorted((LOCALES / "pl").glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            for element in entry.value.elements:
                if isinstance(element, ast.Placeable) and isinstance(
                    element.expression, ast.SelectExpression
                ):
                    selector = element.expression.selector
                    if isinstance(selector, ast.VariableReference):
                        yield entry.id.name, selector.id.name, variables[entry.id.name][1]


def form(identifier: str, number_name: str, n: int, variables: set[str]) -> str:
    values: dict[str, Any] = sample_values(variables) | {number_name: n}
    with text.speaking("pl"):
        return re.sub(r"\d+", "N", text.tr(identifier, **values))


# Messages whose number counts no noun after it ("Wpisz jedną z liczb od 1 do 5").
NOTHING_COUNTED = {"terminal-not_a_number"}


def test_every_count_takes_its_polish_form() -> None:
    """1 is "one", 2, 3, 4, 22 "few", 5, 12, 25 "many": each counted phrase says them as Polish does."""
    checked = 0
    for identifier, number_name, variables in numbers_variant_on():
        one, few, many = (form(identifier, number_name, n, variables) for n in (1, 2, 5))
        assert form(identifier, number_name, 22, variables) == few, identifier
        assert form(identifier, number_name, 3, variables) == few, identifier
        assert form(identifier, number_name, 12, variables) == many, identifier
        assert form(identifier, number_name, 25, variables) == many, identifier
        if "N" in many and identifier not in NOTHING_COUNTED:  # the number is said: its noun takes each form
            assert len({one, few, many}) == 3, (identifier, one, few, many)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    ("n", "told"),
    [
        (1, "Łucja i Bob dobierają po jednej karcie"),
        (2, "Łucja i Bob dobierają po 2 karty"),
        (5, "Łucja i Bob dobierają po 5 kart"),
        (12, "Łucja i Bob dobierają po 12 kart"),
        (22, "Łucja i Bob dobierają po 22 karty"),
        (25, "Łucja i Bob dobierają po 25 kart"),
    ],
)
def test_the_round_end_draw_is_said_for_every_count(n: int, told: str) -> None:
    with text.speaking("pl"):
        said = text.tr("event.drew_each", who=text.join(["Łucja", "Bob"]), count=text.plural("cards_each", n))
    assert said == told


def test_the_round_end_draw_in_a_real_game() -> None:
    from tests.text.test_story import STORIES, told

    with text.speaking("pl"):
        story = told(next(s for s in STORIES if s.item == "hired_blade"))
    assert story == [
        "Alice i Bob kładą swoje karty zakryte.",
        "Odkryto: Zabójczyni (Alice, 1) i Sędzina (Bob, 8) — starcie wygrywa Bob.",
        "Zabójczyni (Alice) przegrywa i aktywuje zdolność: Zabójczyni (Alice) i Sędzina (Bob) trafiają do"
        " kart odrzuconych.",
        "Alice i Bob dobierają po jednej karcie.",
    ]


# The glossary's words, and what they replace (docs/languages.md, "Polski").
GLOSSARY = {
    r"\bwcześniejsz\w*": "przeszłe starcie (printed)",
    r"\btasuj\w*|\bpotasow\w*|\btasow\w*": "przetasować (printed)",
    r"\bw (ręce|ręku)\b": "na ręce",
    r"\b[Nn]azwij\b": "wskaż frakcję",
    r"Buchholz|Sonneborn|\bS-B\b": "siła rywali, siła pokonanych",
    r"\b[Rr]anking\b[^{\n]{0,20}\{ \$rating \}": "punkty rankingowe (a rating)",
    r"\bvs\.?\b": "kontra",
    r"\bz nią\b": 'with what? name the answer ("po tym wyborze")',
    r"\bpartii\b|\bpartia\b|\bpartię\b": "gra",
    r"\b[Pp]rzegl[aą]d\w*": "analiza (a game's review)",
    r"\bzarządzając\w* serwerem": "zarządca serwera",
    r"\b(odwołana|odwołany|odwołano) bez wyniku": (
        "przerwać (abort); 'odwołać' is to cancel what has not begun"
    ),
    r"\b[Ww]ycofano cię\b": "rezygnacja: withdrawing is the player's own act ('Rezygnujesz z turnieju')",
}
TYPOGRAPHY = {
    r"\.\.\.": "the ellipsis …",
    r"\s-\s": "the en dash –",
    r'"': "Polish quotes „…”",
    r"(\d|\})\s%": "the percent sign straight after its number (51%)",
}


@pytest.mark.parametrize("file", FILES)
def test_the_glossarys_words_and_polish_typography(file: str) -> None:
    assert offences(GLOSSARY | TYPOGRAPHY, file) == []


def test_the_glossary_has_the_words_this_test_asks_for() -> None:
    glossary = glossary_of("pl")
    for word in (
        "przeszłe starcie",
        "przetasować",
        "na ręce",
        "wskazać frakcję",
        "siła rywali",
        "kontra",
        "analiza",
    ):
        assert word in glossary, word
    assert "punkty rankingowe" in glossary and "obie strony" in glossary


def test_what_a_decision_waits_for_is_a_noun() -> None:
    """It follows a name, "twoja decyzja (…)" and "twój ruch — …": a third-person verb ("wybiera kartę")
    reads wrong after the last two."""
    verbs = [
        (identifier, words)
        for identifier, words in polish()
        if identifier.startswith("waiting-") and re.match(r"\w+(uje|iera|ywa)\b", words)
    ]
    assert verbs == []
    assert re.match(r"\w+(uje|iera|ywa)\b", "wybiera kartę") and re.match(r"\w+(uje|iera|ywa)\b", "wskazuje")


def test_every_polish_message_says_the_values_its_english_message_says() -> None:
    english, polish_messages = messages("en"), messages("pl")
    dropped = {
        identifier: variables - polish_messages[identifier][1]
        for identifier, (_, variables) in english.items()
        if variables - polish_messages[identifier][1]
    }
    assert dropped == {}


def test_wins_draws_and_losses_in_the_order_of_polish_tables() -> None:
    """Z, R, P (zwycięstwa, remisy, porażki), as a Polish league table and the standings picture say them."""
    said = dict(polish())
    assert said["picture-standings_record"] == "Z–R–P"
    for identifier in (
        "records-tally",
        "leaderboard-line-rating",
        "leaderboard-line-wins",
        "leaderboard-footer",
    ):
        assert re.search(r"\bZ\b.*\bR\b.*\bP\b", said[identifier]), identifier
    assert "Z: zwycięstwa, R: remisy, P: porażki" in said["stats-footer"]


def test_a_review_read_in_polish() -> None:
    """Whose card was revealed and who drew are said, in the tense of the story; "je" (the encounter) has
    its noun after a tie too; the chance at the last decision is called a chance."""
    from engine.review import Encountered, Review, Reviewed, Swing
    from text.review import review_lines

    tied = Encountered("envoy", "poisoner", 1, 1, "tie", "engineer", "tie")
    decisions = (
        Reviewed(3, 5, "play", ("envoy",), ("engineer",), 0.79, 0.5, tied),
        Reviewed(9, 8, "play", ("envoy",), ("envoy",), 0.45, 0.45, None),
    )
    swings = (Swing(0, 0.45, 0.2, ("aristocrat",), ("saboteur", "judge")), Swing(1, 0.45, 0.0, (), ()))
    review = Review("p1", decisions, 0.0, (0,), swings)
    with text.speaking("pl"):
        lines = review_lines(review, {"p1": "Łucja", "p2": "Komputer – trudny"})
    assert lines == [
        "Twoja szansa na wygraną przy pierwszej decyzji: 79%. Przeanalizowano 2 decyzje.",
        "Punkt zwrotny:",
        "1. Runda 5: twoja karta Posłaniec (1) zremisowała starcie z kartą Truciciel (1); karta Inżynier"
        " zremisowałaby je — twoja szansa na wygraną: 79% po lepszym wyborze, 50% po twoim.",
        "Jak zmieniała się twoja szansa:",
        "– Runda 5, po twojej decyzji: twoja szansa spada z 45% do 20%. Komputer – trudny odkrywa:"
        " Arystokratka. Dobierasz: Sabotażysta i Sędzina.",
        "– Po twojej ostatniej decyzji (runda 8, szansa 45%) gra kończy się twoją porażką.",
    ]


# Values said before they reach the message, in a form the words around them must fit.
FILLED = {
    r"\bco \{ \$(hours|minutes|n)\b": (
        "a count comes in the nominative ('1 godzina'): 'co' would need 'co 1 godzinę'"
    ),
    r"\b(od|do|przed|po) \{ \$(since|time_up)\b": (
        "Discord writes a moment as '2 godziny temu' / 'za 8 godzin': no preposition before it"
    ),
}


@pytest.mark.parametrize("file", FILES)
def test_what_the_code_fills_in_fits_the_words_around_it(file: str) -> None:
    assert offences(FILLED, file) == []


def test_a_reminder_says_when_with_discords_own_words() -> None:
    with text.speaking("pl"):
        every = [text.tr("settings.reminder_value", hours=text.hours_text(n)) for n in (1, 2, 12)]
        waits = text.tr("status.waits", who="❗ twoja decyzja", since="2 godziny temu", time_up="za 8 godzin")
    assert every == [
        "1 godzina między przypomnieniami, gdy czekamy na decyzję",
        "2 godziny między przypomnieniami, gdy czekamy na decyzję",
        "12 godzin między przypomnieniami, gdy czekamy na decyzję",
    ]
    assert waits == "❗ twoja decyzja – czekanie zaczęło się 2 godziny temu; czas mija za 8 godzin."


def test_hints_used_need_no_second_colon() -> None:
    with text.speaking("pl"):
        each = [text.tr("hint.used_by", name=name, n=n) for name, n in (("Łucja", 3), ("Bob", 1))]
        line = text.tr("hint.used", players=", ".join(each))
    assert line == "💡 Wykorzystane podpowiedzi: Łucja – 3, Bob – 1."


def test_short_phrases_say_what_they_mean() -> None:
    """A verb has its object, a rating moves "w pół drogi" to 1000, a discard says what it takes."""
    with text.speaking("pl"):
        assert text.tr("concede.button") == "Potwierdzam: poddaję mecz"
        assert text.tr("board.blackmail", faction="Rebelia") == (
            "🗝️ Następna karta musi być frakcji Rebelia, inaczej odrzuca 2 karty z ręki (Szantażystka)"
        )
        assert text.tr("season.begins", season=3) == (
            "Zaczyna się **sezon 3**: punkty rankingowe każdego gracza przesunęły się w pół drogi do 1000."
            " Końcowy ranking minionego sezonu: `/cardia ranking sezon:`."
        )
