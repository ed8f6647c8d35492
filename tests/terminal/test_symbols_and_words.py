"""What the terminal game says: ``?`` explains every symbol its board and hand show, and the keys; ``r``
shows the rules; a box's border stays straight beside every symbol, as a terminal measures it; every
count is said with the language's plural."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel

import text
from engine import view
from terminal import screen
from terminal.session import Options, TerminalGame

ROOT = Path(__file__).resolve().parents[2]
DISCORD_ONLY = {"board-computer_thinking"}  # the Discord board's; the terminal says it in its own words
RICH_BOXES = set("╭─╮│╰╯")  # the panels' own borders and the rules' lines


def _symbol(character: str) -> bool:
    return unicodedata.category(character) == "So" or character == "→"


def board_symbols() -> set[str]:
    """Every symbol in the words of the board and the hand (English is the source), and the factions'."""
    symbols = set(text.FACTION_EMOJI.values())
    for line in (ROOT / "text/locales/en/board.ftl").read_text().splitlines():
        name = line.split(" =", 1)[0]
        if name.startswith(("board-", "hand-")) and name not in DISCORD_ONLY:
            symbols |= {c for c in line if _symbol(c)}
    return symbols


def _game(tmp_path: Path, lines: list[str], language: str = "en") -> str:
    options = Options(level="easy", deck="I", location=None, seat="p1", seed=5, record=tmp_path / "g.json")
    out = io.StringIO()
    typed = iter(lines)
    game = TerminalGame(options, Console(file=out, width=120), lambda: next(typed, None))
    with text.speaking(language):
        game.play()
    return out.getvalue()


def _legend(shown: str) -> str:
    """The legend's panel as one line of words (its border and wrapping gone)."""
    start = shown.index("What the symbols and keys mean")
    return " ".join(line.strip(" │") for line in shown[start : shown.index("╰", start)].splitlines())


def test_question_mark_explains_every_symbol_and_the_keys(tmp_path: Path) -> None:
    shown = _game(tmp_path, ["?", "q"])
    legend = _legend(shown)
    missing = {s for s in board_symbols() if s not in legend}
    assert not missing, f"not explained: {missing}"
    # And every symbol the game showed, wherever it came from.
    before = shown[: shown.index("What the symbols and keys mean")]
    seen = {c for c in before if _symbol(c) and c not in RICH_BOXES}
    assert seen and seen <= set(legend)
    for key in ("h a hint", "? this help", "r the rules", "q stops the game"):
        assert key in legend
    assert "Your choice (1–5; h a hint; ? help; q stops the game):" in shown


@pytest.mark.parametrize("language", [language for language in text.LANGUAGES if language != text.SOURCE])
def test_the_legend_and_the_rules_in_the_players_language(tmp_path: Path, language: str) -> None:
    shown = _game(tmp_path, ["?", "r", "q"], language)
    with text.speaking(language):
        assert text.tr("terminal.legend.title") in shown
        for title, _ in text.rules_pages():
            assert title in shown
        for faction in ("rebels", "academy", "guild", "dynasty"):
            assert text.faction_name(faction) in shown


def terminal_width(line: str) -> int:
    """A line's width as a terminal that follows wcwidth measures it: wide and full-width characters two
    cells, a variation selector or a joiner none, anything else one."""
    width = 0
    for character in line:
        if character in "\ufe0f\u200d" or unicodedata.combining(character):
            continue
        width += 2 if unicodedata.east_asian_width(character) in "WF" else 1
    return width


def _widths(renderable: object) -> set[tuple[int, int]]:
    out = io.StringIO()
    Console(file=out, width=60).print(renderable)
    return {(terminal_width(line), cell_len(line)) for line in out.getvalue().splitlines()}


def test_the_border_is_straight_beside_every_symbol(tmp_path: Path) -> None:
    symbols = board_symbols() | {"🗑️", "⏭️", "⚖️", "⚙️", "🗝️", "👁️"}
    with text.speaking("en"):
        symbols |= {c for c in "".join(screen.legend_lines()) if _symbol(c)}
    for symbol in sorted(symbols):
        assert _widths(Panel(screen.styled(f"a {symbol} b {symbol}{symbol} c"))) == {(60, 60)}, symbol
    # The real board and hand, a few rounds in: 🗑️ on every player's line, ⏭️ when a modifier waits.
    options = Options(
        level="easy", deck="I", location="scrapyard", seat="p1", seed=2, record=tmp_path / "g.json"
    )
    game = TerminalGame(options, Console(file=io.StringIO()), lambda: None)
    with text.speaking("en"):
        for _ in range(10):
            decision = next(d for d in game.game.pending if d.player != "chance")
            game.game.apply(decision.player, list(decision.options[: decision.count]))
            seen = view(game.game, "p1")
            board = screen.board_panel(seen, game.names, title="t", footer=screen.setup_line(game.setup))
            assert _widths(board) == {(60, 60)}
            if seen.result is None:
                assert _widths(screen.hand_panel(seen, "p1", game.names)) == {(60, 60)}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "Choose exactly 1 number.",
                "Choose exactly 2 different numbers.",
                "Choose exactly 5 different numbers.",
            ],
        ),
        (
            "hu",
            [
                "Pontosan egy számot válassz.",
                "Pontosan 2 különböző számot válassz.",
                "Pontosan 5 különböző számot válassz.",
            ],
        ),
        (
            "pl",
            [
                "Wybierz dokładnie jedną liczbę.",
                "Wybierz dokładnie 2 różne liczby.",
                "Wybierz dokładnie 5 różnych liczb.",
            ],
        ),
    ],
)
def test_counts_take_the_plural_of_their_language(language: str, expected: list[str]) -> None:
    with text.speaking(language):
        assert [text.tr("terminal.need_count", count=n) for n in (1, 2, 5)] == expected
        asked = [text.tr("terminal.ask_many", count=n, n=7) for n in (1, 2, 5)]
        typed = [text.tr("terminal.not_a_number", n=n) for n in (1, 2, 5)]
    assert len(set(asked)) == 3 and all(str(n) in line for n, line in zip((2, 5), asked[1:], strict=True))
    assert "1" in typed[0] and "5" in typed[2]
    if language == "pl":
        assert "2 różne liczby" in asked[1] and "5 różnych liczb" in asked[2]


def test_one_number_too_many_is_answered_in_the_singular(tmp_path: Path) -> None:
    shown = _game(tmp_path, ["1 2", "q"])
    assert "Choose exactly 1 number." in shown and "different numbers" not in shown
    assert re.search(r"\b1 different", shown) is None
