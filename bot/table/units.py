"""Exact lengths and the coordinates a player types.

One unit is a tenth of a millimetre: 1" = 254, 1 cm = 100. A table game states its unit (inch or
centimetre) and its size; players see its unit with one decimal, and name a point either by the
board's grid ("C7": column C, row 7, the centre of that cell) or by two numbers in the game's unit
("12.5 8", "12,5 ; 8": x from the left edge, y from the top edge).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

INCH = 254
CM = 100
Point = tuple[int, int]
UnitName = Literal["in", "cm"]


@dataclass(frozen=True, slots=True)
class Measure:
    """A table's unit, size and grid: `cell` is the grid step (1" or 5 cm)."""

    unit: UnitName
    width: int
    height: int
    cell: int

    @property
    def per_unit(self) -> int:
        return INCH if self.unit == "in" else CM

    @property
    def columns(self) -> int:
        return -(-self.width // self.cell)

    @property
    def rows(self) -> int:
        return -(-self.height // self.cell)

    def inside(self, p: Point) -> bool:
        return 0 <= p[0] <= self.width and 0 <= p[1] <= self.height

    # -- grid labels -------------------------------------------------------------------------------
    def column_label(self, index: int) -> str:
        return column_label(index)

    def cell_of(self, p: Point) -> str:
        """The grid cell holding a point ("C7")."""
        col = min(self.columns - 1, max(0, p[0] // self.cell))
        row = min(self.rows - 1, max(0, p[1] // self.cell))
        return f"{column_label(col)}{row + 1}"

    def cell_centre(self, label: str) -> Point | None:
        m = re.fullmatch(r"([A-Za-z]{1,2})\s*(\d{1,3})", label.strip())
        if not m:
            return None
        col = column_index(m.group(1))
        row = int(m.group(2)) - 1
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            return None
        return (min(self.width, col * self.cell + self.cell // 2), min(self.height, row * self.cell + self.cell // 2))

    # -- typed points ------------------------------------------------------------------------------
    def parse_point(self, text: str) -> Point | None:
        """A point typed by a player, or None when the text names none (it may be outside the table)."""
        text = text.strip()
        if not text or len(text) > 40:
            return None
        cell = self.cell_centre(text)
        if cell is not None:
            return cell
        numbers = _two_numbers(text)
        if numbers is None:
            return None
        x, y = numbers
        return (round(x * self.per_unit), round(y * self.per_unit))

    def format_length(self, length: int, locale: str = "fr") -> str:
        """A length in the game's unit with one decimal: 12,5" (fr) / 12.5" (en), 7,5 cm."""
        value = f"{length / self.per_unit:.1f}"
        if value.endswith(".0"):
            value = value[:-2]
        if locale.startswith("fr"):
            value = value.replace(".", ",")
        return f'{value}"' if self.unit == "in" else f"{value} cm"

    def format_point(self, p: Point, locale: str = "fr") -> str:
        """A point as the player would type it back: "12,5 ; 8 (M9)"."""
        sep = " ; " if locale.startswith("fr") else ", "
        x = self.format_length(p[0], locale).rstrip('"').removesuffix(" cm")
        y = self.format_length(p[1], locale).rstrip('"').removesuffix(" cm")
        return f"{x}{sep}{y} ({self.cell_of(p)})"


def column_label(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (a 30" table needs 30 columns)."""
    if index < 26:
        return chr(ord("A") + index)
    return chr(ord("A") + index // 26 - 1) + chr(ord("A") + index % 26)


def column_index(label: str) -> int:
    label = label.upper()
    if len(label) == 1:
        return ord(label) - ord("A")
    return (ord(label[0]) - ord("A") + 1) * 26 + ord(label[1]) - ord("A")


_NUMBER = r"[-+]?\d{1,4}(?:[.,]\d{1,3})?"


def _two_numbers(text: str) -> tuple[float, float] | None:
    """Two numbers separated by spaces, ';', 'x', '/' or a comma and a space (as English writes them
    back: "12.5, 8"); a lone comma separates two integers. A cell in brackets after them, as the bot
    writes a point ("12,5 ; 8 (M9)"), is left aside."""
    text = re.sub(r"\s*\([A-Za-z]{1,2}\s*\d{1,3}\)$", "", text)
    m = re.fullmatch(rf"({_NUMBER})\s*(?:[;x×/]|,\s|\s)\s*({_NUMBER})", text, flags=re.IGNORECASE)
    if m is None:
        m = re.fullmatch(r"([-+]?\d{1,4})\s*,\s*([-+]?\d{1,4})", text)
    if m is None:
        return None
    try:
        return float(m.group(1).replace(",", ".")), float(m.group(2).replace(",", "."))
    except ValueError:  # pragma: no cover - the pattern admits only numbers
        return None


def inches(value: float) -> int:
    return round(value * INCH)


def cms(value: float) -> int:
    return round(value * CM)
