"""What a tournament format is, and the registry the rest of the bot finds one in by its name.

A format is one unit (a :class:`Format` subclass, one module of this package each), registered by its
name as a card's ability is by the card's id (``engine.abilities``): how many rounds it has, how a round
is paired, how its standings are ranked (the figures it shows, each a tie-break of the one before), and
the catalogue keys of its words. Nothing outside its unit asks which format a tournament has.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, Final, TypeVar

from bot.services.tournaments.pairing import Entrant, Pairing, Result
from bot.services.tournaments.standings import Figure, Standing, ranked


class UnknownFormat(LookupError):
    """No format has this name."""


class Format(ABC):
    """A tournament format. A unit sets the class attributes and gives :meth:`rounds` and :meth:`pair`
    (a unit without them cannot be made, so it fails to register); the rest has its default here."""

    name: ClassVar[str]  # as stored (tournaments.format) and as the command's choice gives it
    order: ClassVar[int]  # its place among the command's choices
    # Its words (catalogue keys): its name among the command's choices; its explanation on its page (told
    # the rounds, as ``$rounds``); a standing's line (told every figure: ``$points``, ``$buchholz``,
    # ``$sb``, ``$reached``).
    label: ClassVar[str]
    explanation: ClassVar[str]
    line: ClassVar[str]
    # What a standing shows after the player's name, and what ranks them: each figure, highest first,
    # breaks the ties of the ones before (then the rating at the start, then the Discord id).
    figures: ClassVar[tuple[Figure, ...]]
    # Whether a manager chooses its number of rounds (the "rounds" option), from 1 to ``most_rounds``;
    # None: its players fix it. ``bad_rounds``: its words refusing a number out of that range (``$most``).
    most_rounds: ClassVar[int | None] = None
    bad_rounds: ClassVar[str] = ""
    default_rounds: ClassVar[int] = 3

    @property
    def takes_rounds(self) -> bool:
        return self.most_rounds is not None

    def chosen_rounds(self, given: int | None) -> int | None:
        """What a tournament being set up stores as its rounds: the manager's choice (its default if
        not given), where it takes one; None where its players fix it at the start."""
        return (given or self.default_rounds) if self.takes_rounds else None

    @abstractmethod
    def rounds(self, players: int, chosen: int | None) -> int:
        """How many rounds a tournament of ``players`` has (``chosen``: :meth:`chosen_rounds`)."""

    @abstractmethod
    def pair(self, entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
        """Round ``number``'s pairings (from 1), given every result of the rounds before: the same
        however often it is asked. Raises :class:`~bot.services.tournaments.pairing.PairingImpossible`
        when no pairing keeps the format's rules (the tournament is then over)."""

    def over(self, active: int) -> bool:
        """Whether the tournament ends before its last round, with ``active`` players not withdrawn."""
        return False

    def reached(self, entrants: Sequence[Entrant], results: Sequence[Result]) -> dict[int, int]:
        """The round each player reached (the figure ``reached``), where the format has one."""
        return {}

    def standings(self, entrants: Sequence[Entrant], results: Sequence[Result]) -> list[Standing]:
        """Every entrant's standing, first place first."""
        return ranked(entrants, results, self.figures, self.reached(entrants, results))


#: Every format, by name, in the command's order (``bot.services.tournaments.formats`` fills it).
FORMATS: Final[dict[str, Format]] = {}

F = TypeVar("F", bound=type[Format])


def register(unit: F) -> F:
    """A class decorator: the format joins :data:`FORMATS` under its name."""
    assert unit.name not in FORMATS, unit.name
    FORMATS[unit.name] = unit()
    return unit


def format_named(name: str) -> Format:
    """The format stored as ``name``; :class:`UnknownFormat` if there is none."""
    try:
        return FORMATS[name]
    except KeyError:
        raise UnknownFormat(name) from None
