"""What the table games' content and states share: terrain as a content file gives it, in the game's
unit, and the centre of anything standing on the table."""

from __future__ import annotations

from typing import ClassVar, Protocol

from pydantic import BaseModel, ConfigDict

from .units import Point


class Outline(BaseModel):
    """A terrain piece of a game's content: its corners in the game's unit (`unit`: INCH or CM), turned
    into table units by `points` (integers, so that replays never depend on float rounding)."""

    model_config = ConfigDict(frozen=True)
    unit: ClassVar[int]

    corners: tuple[tuple[float, float], ...]

    def points(self) -> tuple[Point, ...]:
        return tuple((round(x * self.unit), round(y * self.unit)) for x, y in self.corners)


class _AtXY(Protocol):
    @property
    def x(self) -> int: ...

    @property
    def y(self) -> int: ...


class Standing:
    """A figure or a marker on the table at (x, y), in table units: its centre is that point."""

    @property
    def centre(self: _AtXY) -> Point:
        return (self.x, self.y)
