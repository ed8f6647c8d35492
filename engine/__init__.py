"""The Cardia rules engine: pure and deterministic. A game is a function of its record (setup + actions).

from engine import Game, Setup, parse_record, replay, state
"""

from engine.difficulty import Difficulty, difficulty
from engine.game import Game, replay
from engine.model import Decision, IllegalAction, Result
from engine.observe import state
from engine.record import Action, Record, RecordError, Setup, parse_record

__all__ = [
    "Action",
    "Decision",
    "Difficulty",
    "Game",
    "IllegalAction",
    "Record",
    "RecordError",
    "Result",
    "Setup",
    "difficulty",
    "parse_record",
    "replay",
    "state",
]
