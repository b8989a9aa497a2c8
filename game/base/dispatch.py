"""How every event of the game reaches its handler: one table per owner, keyed by the event's type.

The flows (game/play), the link and the watcher (game/online) send events; the screens and the
headless player (game/commands/autoplay.py) each keep a table of the events they can receive,
type -> handler, and hand each event over with `dispatch`. An event the owner means to let pass
is named too, with `ignoring(...)` (or `nothing` as its handler): a visible choice, never a
silent fall-through. An event with no entry is an error (`Unhandled`), not dropped: one that
mattered (a pass, a refusal, a friend gone) would otherwise go unsaid without anyone noticing.
The type itself is the key, never its name, so renaming an event class keeps its handler.
"""
from __future__ import annotations

from typing import Callable, Mapping


class Unhandled(LookupError):
    """An event reached an owner with no handler for its type."""

    def __init__(self, event, owner):
        kind = type(event)
        where = owner if isinstance(owner, str) else f"in {type(owner).__qualname__}"
        super().__init__(f"no handler {where} for {kind.__module__}.{kind.__qualname__}")
        self.event, self.owner = event, owner


def dispatch(handlers: Mapping[type, Callable], event, owner) -> None:
    """Hand `event` to its handler in `handlers`, found by its type. `owner` is the object whose
    table it is (named in the error), or words that say where ("at the table")."""
    handler = handlers.get(type(event))
    if handler is None:
        raise Unhandled(event, owner)
    handler(event)


def nothing(event) -> None:
    """The handler of an event its owner has nothing to do with (named, so that it is a choice)."""


def ignoring(*kinds: type) -> dict[type, Callable]:
    """Entries for a handler table: these event types are received and deliberately let pass."""
    return dict.fromkeys(kinds, nothing)
