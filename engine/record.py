"""The game record of ``docs/record-format.md`` (``cardia-replay/1``) as pydantic models: the edge where
untrusted JSON becomes a validated setup and a list of actions."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, model_validator

from cards import FACTIONS, LOCATIONS, Deck, Faction, composition
from engine.chance import shuffle

FORMAT = "cardia-replay/1"
#: Bounds on what is read: a real game's record is a few hundred actions and some kilobytes, so anything
#: far larger is refused at once, naming the limit, before it costs seconds and memory.
MAX_RECORD_BYTES = 1_000_000
MAX_ACTIONS = 2_000
MESSAGE_LIMIT = 200  # characters of an error line (what it quotes of the record is cut)

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


_CARD_IDS: dict[str | tuple[str, ...], tuple[str, ...]] = {}  # Setup.card_ids, by the deck of each faction


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
        """The 16 card ids of the composition both players use, by value (worked out once for each of
        the 16 compositions: every new game deals from them)."""
        deck = self.deck
        key = deck if isinstance(deck, str) else tuple(deck[faction] for faction in FACTIONS)
        ids = _CARD_IDS.get(key)
        if ids is None:
            ids = _CARD_IDS[key] = tuple(card.id for card in composition(self.sources))
        return ids

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
            shuffle(rng, deck)  # rng.shuffle's draws, compiled with the engine
        return decks


class Action(_Strict):
    player: Literal["p1", "p2", "chance"]
    choose: list[StrictStr]


class Record(_Strict):
    format: Literal["cardia-replay/1"]
    setup: Setup
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ACTIONS)


class RecordError(ValueError):
    """A record that cannot be read; the message is the one line ``python -m engine replay`` prints,
    its prefix saying where the problem is: ``record:`` (the document), ``setup:`` or ``action N:``.
    ``action`` is the index of the rejected action, if the error is in one."""

    def __init__(self, message: str, action: int | None = None) -> None:
        line = " ".join(message.split())  # one line, whatever the record held
        super().__init__(line if len(line) <= MESSAGE_LIMIT else line[: MESSAGE_LIMIT - 1] + "…")
        self.action = action


def parse_record(data: str | bytes | dict[str, Any]) -> Record:
    """Validate a record, raising :class:`RecordError` with ``record: ...``, ``setup: ...`` or ``action
    N: ...``. Text may start with a UTF-8 byte-order mark; more than :data:`MAX_RECORD_BYTES` is refused
    unread."""
    try:
        if isinstance(data, dict):
            return Record.model_validate(data)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"record: a record is at most {MAX_RECORD_BYTES:,} bytes (a game's is far smaller)"
            )
        # A byte-order mark, as some editors write one, is not part of the JSON.
        data = data.removeprefix(b"\xef\xbb\xbf") if isinstance(data, bytes) else data.removeprefix("\ufeff")
        return Record.model_validate_json(data)
    except ValidationError as error:
        raise _record_error(error, data) from None


def _record_error(error: ValidationError, data: Any) -> RecordError:
    """The first problem, said where it is in the record's own terms."""
    problems = error.errors()
    first = problems[0]
    if first["type"] == "json_invalid":
        return RecordError(f"record: not valid JSON ({first['ctx'].get('error', first['msg'])})")
    # A mixed deck is an object: its problem is in the object's branch of the union, not in "I"/"II".
    mixed = [p for p in problems if len(p["loc"]) > 3 and str(p["loc"][2]).startswith("dict[")]
    if mixed and first["loc"][:2] == ("setup", "deck"):
        first = mixed[0]
    # Union branches and validator names are pydantic's, not the record's: "setup.deck.rebels".
    location = [part for part in first["loc"] if not _pydantic_tag(part)]
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "too_long" and location == ["actions"]:
        return RecordError(f"record: a record holds at most {MAX_ACTIONS:,} actions (a game, a few hundred)")
    if len(location) >= 2 and location[0] == "actions" and isinstance(location[1], int):
        where = ".".join(str(part) for part in location[2:])
        index = location[1]
        return RecordError(f"action {index}: {where + ': ' if where else ''}{message}", index)
    prefix = "record"  # the document as a whole: its format, its keys, its actions' list
    if location[:1] == ["setup"]:
        prefix, location = "setup", location[1:]
    where = ".".join(str(part) for part in location)
    return RecordError(f"{prefix}: {where + ': ' if where else ''}{message}")


def _pydantic_tag(part: str | int) -> bool:
    return isinstance(part, str) and ("[" in part or part.startswith("function-"))
