"""One visual theme for every board: colours and Pillow's bundled scalable font."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import ImageFont


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
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled FreeType font (Pillow >= 10.1): scalable, with the accents French needs."""
    return ImageFont.load_default(size=size)
