"""The game record of ``shared/spec/REPLAY.md`` (``cardia-replay/1``) as pydantic models: the edge where
untrusted JSON becomes a validated setup and a list of actions."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, model_validator

from cards import FACTIONS, LOCATIONS, Deck, Faction, composition

FORMAT = "cardia-replay/1"

LocationId = Literal[
    "serpent_temple",
    "bazaar",
    "founders_day",
    "grand_library",
    "scrapyard",
    "auction_house",
    "haunted_catacombs",
    "foggy_swamp",
]
assert set(LocationId.__args__) == set(LOCATIONS)  # type: ignore[attr-defined]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Setup(_Strict):
    deck: Deck | dict[Faction, Deck]
    location: LocationId | None = None
    seed: StrictInt
    chance: Literal["seeded", "explicit"] = "seeded"
    decks: dict[Literal["p1", "p2"], list[StrictStr]] | None = None

    @cached_property
    def sources(self) -> dict[Faction, Deck]:
        """Which deck each faction's cards come from."""
        if isinstance(self.deck, dict):
            return dict(self.deck)
        return dict.fromkeys(FACTIONS, self.deck)

    @cached_property
    def card_ids(self) -> tuple[str, ...]:
        """The 16 card ids of the composition both players use, by value."""
        return tuple(card.id for card in composition(self.sources))

    @model_validator(mode="after")
    def _check(self) -> Setup:
        if isinstance(self.deck, dict) and set(self.deck) != set(FACTIONS):
            missing = ", ".join(sorted(set(FACTIONS) - set(self.deck)))
            raise ValueError(f"a mixed deck must name the source deck of every faction (missing: {missing})")
        if self.chance == "explicit" and self.decks is None:
            raise ValueError("decks are required with explicit chance")
        if self.decks is not None:
            if set(self.decks) != {"p1", "p2"}:
                raise ValueError("decks must give the starting deck of both p1 and p2")
            expected = sorted(self.card_ids)
            for player, deck in self.decks.items():
                if sorted(deck) != expected:
                    raise ValueError(
                        f"the deck of {player} must hold each of the 16 cards of the composition exactly once"
                    )
        return self

    def starting_decks(self, rng: random.Random) -> tuple[list[str], list[str]]:
        """Both starting decks, top first: as given, or shuffled from ``rng`` (p1 first)."""
        if self.decks is not None:
            return list(self.decks["p1"]), list(self.decks["p2"])
        decks = list(self.card_ids), list(self.card_ids)
        for deck in decks:
            rng.shuffle(deck)
        return decks


class Action(_Strict):
    player: Literal["p1", "p2", "chance"]
    choose: list[StrictStr]


class Record(_Strict):
    format: Literal["cardia-replay/1"]
    setup: Setup
    actions: list[Action] = Field(default_factory=list)


class RecordError(ValueError):
    """A record that cannot be read; the message is the one line ``python -m engine replay`` prints.
    ``action`` is the index of the rejected action, if the error is in one."""

    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


def parse_record(data: str | bytes | dict[str, Any]) -> Record:
    """Validate a record, raising :class:`RecordError` with ``setup: ...`` or ``action N: ...``."""
    try:
        if isinstance(data, dict):
            return Record.model_validate(data)
        return Record.model_validate_json(data)
    except ValidationError as error:
        first = error.errors()[0]
        location = first["loc"]
        message = first["msg"]
        if first["type"] == "json_invalid":
            raise RecordError(f"setup: not valid JSON ({first['ctx'].get('error', message)})") from None
        if len(location) >= 2 and location[0] == "actions" and isinstance(location[1], int):
            where = ".".join(str(part) for part in location[2:])
            index = location[1]
            raise RecordError(f"action {index}: {where + ': ' if where else ''}{message}", index) from None
        where = ".".join(str(part) for part in location)
        raise RecordError(f"setup: {where + ': ' if where else ''}{message}") from None
