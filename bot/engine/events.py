"""Events: what happened, and who may know it.

An event is public (`to is None`) or addressed to a set of seats. Engines that need both a
private detail and a public trace emit two events (e.g. "you drew X" to the drawer, "Alice drew
a card" to everyone). Redaction is therefore a filter, which is easy to get right and to test.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict

Seat = int

# Kernel event kinds the host understands.
REVEAL = "reveal"  # params: {"seats": [...]}: open commitments of these seats are now public
PHASE = "phase"  # a new phase or step began: the host posts a fresh board image


class Event(BaseModel):
    """One thing that happened. `kind` also names the log line: `<game>.event.<kind>`."""

    model_config = ConfigDict(frozen=True)

    kind: str
    params: dict[str, Any] = {}
    to: tuple[Seat, ...] | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, viewer: Seat | None) -> bool:
        """None is the public/spectator viewer: it sees only public events."""
        return self.to is None or (viewer is not None and viewer in self.to)


def public(kind: str, **params: Any) -> Event:
    return Event(kind=kind, params=params)


def private(seats: Iterable[Seat], kind: str, **params: Any) -> Event:
    return Event(kind=kind, params=params, to=tuple(sorted(set(seats))))


def redact(events: Iterable[Event], viewer: Seat | None) -> list[Event]:
    """The events one viewer may see."""
    return [e for e in events if e.visible_to(viewer)]
