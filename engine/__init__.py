"""The Cardia rules engine: pure and deterministic. A game is a function of its record (setup + actions).

from engine import Game, Setup, parse_record, replay, state
"""

from engine import compiled  # first: it chooses the compiled modules or the sources (engine.compiled)
from engine.checkpoint import Frozen, freeze, has_events, split_events, thaw, with_events
from engine.difficulty import Difficulty, difficulty
from engine.game import Game, replay, replay_document
from engine.happenings import Happening, happenings
from engine.model import Decision, DecisionKind, Event, EventTuple, IllegalAction, Result
from engine.observe import named_events, observation, state, visible_events
from engine.record import Action, Record, RecordError, Setup, parse_record
from engine.view import View, Why, view

__all__ = [
    "Action",
    "Decision",
    "DecisionKind",
    "Difficulty",
    "Event",
    "EventTuple",
    "Frozen",
    "Game",
    "Happening",
    "IllegalAction",
    "Record",
    "RecordError",
    "Result",
    "Setup",
    "View",
    "Why",
    "compiled",
    "difficulty",
    "freeze",
    "happenings",
    "has_events",
    "named_events",
    "observation",
    "parse_record",
    "replay",
    "replay_document",
    "split_events",
    "state",
    "thaw",
    "view",
    "visible_events",
    "with_events",
]
