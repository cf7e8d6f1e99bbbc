"""Exact units and typed coordinates (kernel.md §5: one decimal in the game's unit, a labelled grid)."""

from __future__ import annotations

import pytest

from bot.table.units import CM, INCH, Measure, column_index, column_label

INCHES = Measure(unit="in", width=24 * INCH, height=24 * INCH, cell=INCH)
WARCRY = Measure(unit="in", width=30 * INCH, height=22 * INCH, cell=INCH)
CENTIMETRES = Measure(unit="cm", width=120 * CM, height=120 * CM, cell=5 * CM)


def test_units_are_exact_integers() -> None:
    assert INCH == 254 and CM == 100
    assert INCHES.parse_point("12.5 8") == (3175, 2032)
    assert CENTIMETRES.parse_point("7,5 ; 12") == (750, 1200)


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("C7", (2 * INCH + 127, 6 * INCH + 127)),
        ("c 7", (2 * INCH + 127, 6 * INCH + 127)),
        ("12,5 8", (3175, 2032)),
        ("12.5;8", (3175, 2032)),
        ("3x4", (3 * INCH, 4 * INCH)),
        ("3,4", (3 * INCH, 4 * INCH)),
        ("30 2", (30 * INCH, 2 * INCH)),
        ("12.5, 8", (3175, 2032)),
        ("12,5, 8", (3175, 2032)),
        ("12,5 ; 8 (M9)", (3175, 2032)),
        ("12.5, 8 (M9)", (3175, 2032)),
    ],
)
def test_typed_points(text: str, point: tuple[int, int]) -> None:
    assert INCHES.parse_point(text) == point


@pytest.mark.parametrize("text", ["", "Z99", "12", "douze huit", "1e9 2", "12,5,8", "²:0", "x" * 60])
def test_text_that_names_no_point(text: str) -> None:
    assert INCHES.parse_point(text) is None


def test_a_30_inch_table_has_columns_past_z() -> None:
    assert WARCRY.columns == 30 and WARCRY.rows == 22
    assert [column_label(i) for i in (0, 25, 26, 29)] == ["A", "Z", "AA", "AD"]
    assert all(column_index(column_label(i)) == i for i in range(60))
    assert WARCRY.cell_centre("AD22") == (29 * INCH + 127, 21 * INCH + 127)
    assert WARCRY.cell_centre("AE1") is None


def test_cells_and_formatting() -> None:
    assert INCHES.cell_of((0, 0)) == "A1" and INCHES.cell_of((24 * INCH, 24 * INCH)) == "X24"
    assert INCHES.format_length(3175, "fr") == '12,5"' and INCHES.format_length(3175, "en") == '12.5"'
    assert INCHES.format_length(2 * INCH) == '2"'
    assert CENTIMETRES.format_length(750) == "7,5 cm"
    assert INCHES.format_point((3175, 2032), "fr") == "12,5 ; 8 (M9)"
    assert INCHES.format_point((3175, 2032), "en") == "12.5, 8 (M9)"
    for locale in ("fr", "en"):  # a point the bot writes is read back as that point
        assert INCHES.parse_point(INCHES.format_point((3175, 2032), locale)) == (3175, 2032)
