"""What happened, as a tree: each cause (an ability, a location, a next-card effect, the end of a round)
with the effects it produced, in order. The bot tells "what just happened" from this structure alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.game import Game
from engine.model import Event
from engine.observe import visible_event

CAUSES = frozenset({"ability", "location", "next_effect", "round_end"})


@dataclass(frozen=True, slots=True)
class Happening:
    """An event and what it caused. ``told`` marks a cause that happened before the events asked for
    (a board posted while its ability waited for a decision): it is there only to say what the effects
    after it belong to."""

    event: Event
    effects: tuple[Happening, ...] = ()
    told: bool = False


@dataclass(slots=True)
class _Node:
    event: Event
    told: bool
    effects: list[_Node] = field(default_factory=list)

    def freeze(self) -> Happening:
        return Happening(self.event, tuple(node.freeze() for node in self.effects), self.told)


def tree(events: Sequence[Event], start: int = 0) -> tuple[Happening, ...]:
    """The events from index ``start`` on as a tree of causes and effects (``events`` are a whole game's,
    so that a cause before ``start`` can be named)."""
    return _tree(events.__getitem__, len(events), start)


def _tree(event: Callable[[int], Event], end: int, start: int) -> tuple[Happening, ...]:
    roots: list[_Node] = []
    nodes: dict[int, _Node] = {}
    for index in range(start, end):
        _node(event, start, nodes, roots, index, False)
    return tuple(root.freeze() for root in roots)


def _node(
    event: Callable[[int], Event],
    start: int,
    nodes: dict[int, _Node],
    roots: list[_Node],
    index: int,
    told: bool,
) -> _Node:
    """The node of event ``index``, made (with its causes, told if before ``start``) if not yet. A
    function of the module, not a closure: a closure that calls itself is a reference cycle, which
    would leave the whole tree to the garbage collector."""
    made = nodes.get(index)
    if made is None:
        made = nodes[index] = _Node(event(index), told)
        cause = made.event.cause
        parent = roots if cause < 0 else _node(event, start, nodes, roots, cause, cause < start).effects
        parent.append(made)
    return made


def happenings(game: Game, viewer: str | None, start: int = 0) -> tuple[Happening, ...]:
    """What happened from event ``start`` on, as ``viewer`` may see it (``visible_events``); only the
    events told and the causes they belong to are read."""
    return _tree(lambda index: visible_event(game, viewer, game.events[index]), len(game.events), start)
