"""Golden pictures: `python -m tests.golden.pictures` draws them again (into ``pictures/``).

Boards and hands drawn from positions of the golden playthroughs: every location at its game's end,
Foggy Swamp's face-down cards, a Puppeteer's replacement, a mixed deck, a half-placed encounter, and
boards and hands in Hungarian and Polish. tests/picture/test_picture.py compares each drawing with its golden
picture, with a small tolerance. Regenerate only for an intended change, and look at every picture
before committing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import picture
import text
from engine import difficulty, parse_record, replay, view

HERE = Path(__file__).parent
PICTURES = HERE / "pictures"
LOCATION_GAMES = (
    "deck1-auction-house",
    "deck1-founders-day",
    "deck2-foggy-swamp",
    "deck2-grand-library",
    "deck2-scrapyard",
    "mixed-bazaar",
    "mixed-haunted-catacombs",
    "mixed-serpent-temple",
)
NAMES = {"en": ("Alice", "Bob"), "hu": ("Bőrönd Ödön", "Űrhajós Zsófi"), "pl": ("Łucja Żak", "Źdźisław Ćma")}


@dataclass(frozen=True)
class Scene:
    name: str  # the golden picture's file name, without .png
    game: str  # the golden playthrough
    upto: int | None  # its first actions (None: all of them)
    language: str = "en"
    hand_of: str | None = None  # a hand picture of this player, else the public board

    def draw(self) -> bytes:
        record = parse_record((HERE / f"{self.game}.record.json").read_text())
        game = replay(record, self.upto)
        names = NAMES[self.language]
        if self.hand_of is not None:
            return picture.hand_png(view(game, self.hand_of), self.hand_of, language=self.language)
        with text.speaking(self.language):
            level = text.tr(f"difficulty.{difficulty(record.setup).level}")
            details = picture.details_line(record.setup.location, level, None)
            title = text.tr("board.title", first=names[0], second=names[1], number=1)
        return picture.board_png(
            view(game, None), names, title=title, details=details, language=self.language
        )


@dataclass(frozen=True)
class ChartScene:
    """A review's chart of fixed chances (the drawing, not the search, is what is compared)."""

    name: str
    chances: picture.Chances
    language: str = "en"

    def draw(self) -> bytes:
        return picture.chart_png(self.chances, language=self.language)


#: A lost game of 11 decisions over 8 rounds, two ability choices among them, three turning points (a
#: drop from the best answer's chance to the chosen one's), and a slide after the last decision.
LOST = picture.Chances(
    rounds=(1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8),
    best=(0.52, 0.58, 0.61, 0.44, 0.47, 0.31, 0.35, 0.36, 0.30, 0.12, 0.07),
    chosen=(0.52, 0.58, 0.46, 0.44, 0.33, 0.31, 0.35, 0.36, 0.18, 0.12, 0.07),
    turning_points=(2, 4, 8),
    outcome=0.0,
)
#: A won game without a turning point.
WON = picture.Chances(
    rounds=(1, 2, 3, 4, 5),
    best=(0.5, 0.46, 0.71, 0.83, 0.97),
    chosen=(0.5, 0.46, 0.71, 0.83, 0.97),
    turning_points=(),
    outcome=1.0,
)
#: A game not over: the line ends at the last decision.
UNFINISHED = picture.Chances(
    rounds=(1, 1, 2, 3),
    best=(0.5, 0.55, 0.62, 0.4),
    chosen=(0.5, 0.55, 0.48, 0.4),
    turning_points=(2,),
    outcome=None,
)

SCENES: tuple[Scene | ChartScene, ...] = (
    *(Scene(f"end-{game}", game, None) for game in LOCATION_GAMES),
    Scene("foggy-swamp-face-down", "deck2-foggy-swamp", 15),
    Scene("puppeteer-replaced", "deck1-auction-house", 3),
    Scene("mixed-half-placed", "mixed-serpent-temple", 9),
    Scene("board-hu", "deck1-explicit", 12, "hu"),
    Scene("board-pl", "deck2-explicit", 12, "pl"),
    Scene("hand-en", "deck1", 6, "en", "p1"),
    Scene("hand-hu", "deck1-explicit", 12, "hu", "p2"),
    Scene("hand-pl", "deck2", 4, "pl", "p1"),
    ChartScene("chart-en", LOST),
    ChartScene("chart-hu", LOST, "hu"),
    ChartScene("chart-pl-won", WON, "pl"),
    ChartScene("chart-en-unfinished", UNFINISHED),
)


def main() -> None:
    PICTURES.mkdir(exist_ok=True)
    for scene in SCENES:
        (PICTURES / f"{scene.name}.png").write_bytes(scene.draw())
        print(f"{scene.name}.png")


if __name__ == "__main__":
    main()
