"""What a menu works out about an immutable object, remembered by the object itself (#25).

A menu asks for the same figure's base, or a position's answers, hundreds of times. Pydantic states and
their figures are frozen, so an answer about one object stays true; the object is kept alive beside its
answer, so that its id is never reused by another object while remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByObject(Generic[K, V]):
    """Answers by object identity, forgotten all at once past `kept` (the memory only spares work)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._known: dict[int, tuple[K, V]] = {}

    def get(self, obj: K, compute: Callable[[K], V]) -> V:
        known = self._known.get(id(obj))
        if known is not None and known[0] is obj:
            return known[1]
        out = compute(obj)
        if len(self._known) >= self.kept:
            self._known.clear()
        self._known[id(obj)] = (obj, out)
        return out
