"""What the terminal shows, drawn with rich from the engine's view for the player (never more): the board,
the player's hand and decision, the numbered choices, what the symbols mean. The words are the bot's own
(:mod:`text`), with their light Markdown (``**bold**``, ```code```) turned into rich's styles.

Emoji that are narrow characters made wide by a variation selector (🗑️ ⏭️ ⚖️: U+FE0F) are shown
without it: terminals disagree on their width (one cell or two), so a box's border beside them would be
off by one in some; without the selector every terminal, and rich, counts one cell.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

import text
from cards import FACTIONS
from engine import Setup, difficulty
from engine.view import View
from text import board

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
EMOJI_PRESENTATION = "\ufe0f"  # variation selector 16: "show the character before as an emoji"


def terminal_language(given: str | None) -> str:
    """The language asked for, else the one of ``LANG``."""
    return given or text.language_of(os.environ.get("LANG", "").split(".")[0].replace("_", "-"))


def seat_names() -> dict[str, str]:
    """The seats' names when a record alone is shown (it names no player): "Player 1", "Player 2"."""
    return {seat: text.tr("terminal.seat_name", number=number) for number, seat in ((1, "p1"), (2, "p2"))}


def plain(line: str) -> str:
    """``line`` as every terminal measures it alike (no variation selector 16)."""
    return line.replace(EMOJI_PRESENTATION, "")


def styled(line: str) -> Text:
    """One line of the catalogue's words, its ``**bold**`` and ```code``` as rich styles."""
    marked = _CODE.sub(r"[dim]\1[/dim]", _BOLD.sub(r"[bold]\1[/bold]", escape(plain(line))))
    return Text.from_markup(marked)


def _lines(lines: Sequence[str]) -> Group:
    return Group(*(styled(line) for line in lines))


def setup_line(setup: Setup) -> str:
    """The deck, the location, the difficulty and the seed: what makes the game."""
    place = text.location_name(setup.location) if setup.location else text.tr("challenge.no_location")
    return text.tr(
        "terminal.setup",
        deck=text.deck_label(setup.deck),
        location=place,
        difficulty=text.tr(f"difficulty.{difficulty(setup).level}"),
        seed=setup.seed,
    )


def board_panel(seen: View, names: Mapping[str, str], *, title: str, footer: str) -> Panel:
    """The row (oldest first) with influences, modifiers, tokens, signets and winners; the totals; each
    player's hand, deck and discard; the location; whom the game waits for, or its result."""
    signets = {"p1": seen.signets[0], "p2": seen.signets[1]}
    first, second = board.short_name(names, "p1"), board.short_name(names, "p2")
    lines = [
        text.tr(
            "board.totals", first=f"**{first}**", second=f"**{second}**", a=signets["p1"], b=signets["p2"]
        )
    ]
    lines += ["", text.tr("board.row", first=first, second=second)]
    lines += board.row_lines(seen, names) or [text.tr("board.no_encounters")]
    lines.append("")
    for player in ("p1", "p2"):
        zones = seen.player(player)
        stats = text.tr(
            "board.player_stats",
            signets=signets[player],
            hand=zones.hand_size,
            deck=zones.deck_size,
            discard=len(zones.discard),
        )
        lines.append(f"**{board.short_name(names, player)}**: {' · '.join(stats.splitlines())}")
        lines += [f"  {line}" for line in board.parked_lines(zones)]
    if seen.location:
        lines += ["", f"📍 {text.location_rule(seen.location)}"]
    if seen.result is not None:
        lines += ["", f"🏁 {board.result_line(seen, names)}"]
    return Panel(
        _lines(lines), title=plain(title), subtitle=plain(footer), title_align="left", subtitle_align="left"
    )


def hand_panel(seen: View, viewer: str, names: Mapping[str, str]) -> Panel:
    """The player's own view: what they are asked, their face-down cards, their hand with every card's
    ability, the effects waiting for their next card."""
    title = plain(text.tr("hand.title", round=seen.round))
    return Panel(_lines(board.hand_lines(seen, viewer, names)), title=title)


def happened_panel(lines: Sequence[str]) -> RenderableType:
    return Panel(_lines([f"• {line}" for line in lines]), title=plain(text.tr("board.happened")))


def choices(labels: Sequence[str]) -> Group:
    """The options of a decision, numbered from 1."""
    return Group(*(styled(f"  **{index}**. {label}") for index, label in enumerate(labels, start=1)))


def legend_lines(keys: str | None = None) -> list[str]:
    """What every symbol of the board and the hand means, and the keys (the game's, unless given)."""
    factions = " · ".join(text.faction_label(str(faction)) for faction in FACTIONS)
    cards = {
        name: text.card_name(name) for name in ("librarian", "engineer", "blackmailer", "fortune_teller")
    }
    return [
        text.tr("terminal.legend.factions", factions=factions),
        text.tr("terminal.legend.influence"),
        text.tr("terminal.legend.row"),
        text.tr("terminal.legend.face_down"),
        text.tr("terminal.legend.tokens"),
        text.tr("terminal.legend.zones"),
        text.tr("terminal.legend.waiting", **cards),
        text.tr("terminal.legend.other"),
        "",
        keys or text.tr("terminal.legend.keys"),
    ]


def legend_panel(keys: str | None = None) -> Panel:
    title = plain(text.tr("terminal.legend.title"))
    return Panel(_lines(legend_lines(keys)), title=title, title_align="left")


def rules_panel() -> Panel:
    """The rules summary of ``/cardia rules``, every page."""
    lines: list[str] = []
    for title, body in text.rules_pages():
        lines += [*([""] if lines else []), f"**{title}**", *body.splitlines()]
    return Panel(_lines(lines), title=plain(text.tr("terminal.rules.title")), title_align="left")
