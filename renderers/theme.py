"""One visual theme for every board: colours and a scalable font with every French glyph."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).parent / "fonts"


@dataclass(frozen=True, slots=True)
class Theme:
    background: tuple[int, int, int] = (34, 39, 46)
    panel: tuple[int, int, int] = (48, 55, 66)
    panel_alt: tuple[int, int, int] = (60, 68, 80)
    text: tuple[int, int, int] = (235, 235, 235)
    muted: tuple[int, int, int] = (160, 168, 180)
    accent: tuple[int, int, int] = (230, 180, 80)
    good: tuple[int, int, int] = (110, 200, 120)
    bad: tuple[int, int, int] = (220, 90, 90)
    seat_colours: tuple[tuple[int, int, int], ...] = ((90, 150, 230), (220, 110, 90), (120, 200, 140), (200, 150, 230))


DEFAULT = Theme()


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, shipped with the project: Pillow's bundled font has no accents, and French needs them."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size=size)
