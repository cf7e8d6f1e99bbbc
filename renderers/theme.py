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
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, shipped with the project: Pillow's bundled font has no accents, and French needs them.

    The condensed cut puts ~15% more letters in a line: boards read on a phone use it for card names.
    """
    name = "DejaVuSans" + ("Condensed" if condensed else "") + ("-Bold" if bold else "") + ".ttf"
    return ImageFont.truetype(str(FONTS / name), size=size)


#: A phone in portrait shows an image this many pixels wide (CSS pixels)...
PHONE_WIDTH = 390
#: ...and text smaller than this (font size, as CSS measures it) is not read there.
PHONE_MIN_PX = 12


def phone_min_size(image_width: int) -> int:
    """The smallest font size a board `image_width` pixels wide may use to stay readable on a phone."""
    return -(-PHONE_MIN_PX * image_width // PHONE_WIDTH)
