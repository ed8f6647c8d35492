"""The languages are listed once, in text.catalogue.LANGUAGES: every other module takes them from there."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from tests.helpers import ROOT
from text.catalogue import LANGUAGES

PACKAGES = ("cardia", "cards", "engine", "text", "picture", "terminal", "bot", "bench", "emulator", "web")
HOME = "text/catalogue.py"
#: The lead's modules that still spell the languages out, until they take them from text (each must
#: still do so, so that a module is taken off the list once it is fixed).
SPELLED_FOR_NOW = frozenset({"bot/store/rows.py"})


def spelled_languages(tree: ast.Module) -> list[str]:
    """Where ``tree`` spells two or more of the languages' codes in one list, tuple, set, dict's keys or
    ``Literal[...]``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            elements = node.elts
        elif isinstance(node, ast.Dict):
            elements = [key for key in node.keys if key is not None]
        else:
            continue
        codes = {e.value for e in elements if isinstance(e, ast.Constant) and e.value in LANGUAGES}
        if len(codes) >= 2:
            found.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")
    return found


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def test_the_languages_are_listed_once() -> None:
    spelled = {name: where for name, tree in _modules() if (where := spelled_languages(tree))}
    assert len(spelled.pop(HOME, [])) == 1, "the languages are listed in text.catalogue, once"
    others = {name: where for name, where in spelled.items() if name not in SPELLED_FOR_NOW}
    assert not others, f"take the languages from text.LANGUAGES instead: {others}"
    still = SPELLED_FOR_NOW & set(spelled)
    assert still == SPELLED_FOR_NOW, (
        f"no longer spelled out: take {sorted(SPELLED_FOR_NOW - still)} off the list"
    )


def test_the_check_finds_the_languages_spelled_out() -> None:
    assert spelled_languages(ast.parse('parser.add_argument("--language", choices=["en", "hu", "pl"])'))
    assert spelled_languages(ast.parse('Language = Literal["auto", "en", "hu", "pl"]'))
    assert spelled_languages(ast.parse('LOCALES = {"hu": "hu", "pl": "pl"}'))
    assert not spelled_languages(ast.parse('with speaking("hu"): pass'))
