"""Text on a board through one object that knows the fonts and remembers the smallest size it drew.

Boards are read on phones: `Pen.finish` stores the smallest font size in the image's `info`
(`text_px_min`), and the tests scale it to a phone's width (`theme.phone_min_size`), so a label that
shrinks below readable fails a test instead of a player's eyes. It also stores the characters the font
has no glyph for (`glyphs_missing`: they would show as an empty box) and how many texts ran past the
image's edge (`text_clipped`).
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .theme import font

Colour = tuple[int, int, int]


class Pen:
    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.smallest = math.inf
        self.missing: set[str] = set()
        self.clipped = 0

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: Colour,
        *,
        bold: bool = False,
        condensed: bool = True,
        anchor: str | None = None,
    ) -> None:
        if not text:
            return
        self.smallest = min(self.smallest, size)
        self.missing.update(ch for ch in set(text) if not _has_glyph(ch, bold, condensed))
        if "\n" in text or self.image.mode != "RGB":  # lines are aligned inside the box: measured where drawn
            face = font(size, bold, condensed)
            left, top, right, bottom = self.draw.textbbox(xy, text, font=face, anchor=anchor)
            self._count_clipped(left, top, right, bottom)
            self.draw.text(xy, text, font=face, fill=fill, anchor=anchor)
            return
        dx0, dy0, dx1, dy1 = self._extent(text, size, bold, condensed, anchor)
        self._count_clipped(dx0 + xy[0], dy0 + xy[1], dx1 + xy[0], dy1 + xy[1])  # as textbbox adds them
        # what ImageDraw.text does for one line of an RGB image, with the rendered glyphs remembered
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (ox, oy) = self._glyphs(text, size, bold, condensed, anchor, start)
        self.draw.draw.draw_bitmap((int(x) + ox, int(y) + oy), mask, self.draw.draw.draw_ink(fill))

    def _count_clipped(self, left: float, top: float, right: float, bottom: float) -> None:
        if left < 0 or top < 0 or right > self.image.width or bottom > self.image.height:
            self.clipped += 1

    def _glyphs(
        self, text: str, size: int, bold: bool, condensed: bool, anchor: str | None, start: tuple[float, float]
    ) -> tuple[Any, tuple[int, int]]:
        """The text's coverage mask and its offset, as FreeType renders it for this fraction of a pixel."""
        mode = self.draw.fontmode
        key = (text, size, bold, condensed, anchor, start, mode)
        known = _GLYPHS.get(key)
        if known is None:
            face = font(size, bold, condensed)
            known = face.getmask2(text, mode, anchor=anchor or "la", start=start, stroke_filled=True)
            _remember(_GLYPHS, key, known, GLYPHS)
        return known

    def length(self, text: str, size: int, *, bold: bool = False, condensed: bool = True) -> float:
        key = (text, size, bold, condensed, self.draw.mode)
        known = _LENGTHS.get(key)
        if known is None:
            known = float(self.draw.textlength(text, font=font(size, bold, condensed)))
            _remember(_LENGTHS, key, known)
        return known

    def _extent(
        self, text: str, size: int, bold: bool, condensed: bool, anchor: str | None
    ) -> tuple[float, float, float, float]:
        """The text's box round its anchor at (0, 0): textbbox anywhere else adds the point to it."""
        key = (text, size, bold, condensed, anchor, self.draw.mode)
        known = _EXTENTS.get(key)
        if known is None:
            known = self.draw.textbbox((0, 0), text, font=font(size, bold, condensed), anchor=anchor)
            _remember(_EXTENTS, key, known)
        return known

    def fit(self, text: str, size: int, width: float, *, bold: bool = False, condensed: bool = True) -> str:
        """`text`, shortened with an ellipsis until it fits `width` pixels (never a smaller font)."""
        if self.length(text, size, bold=bold, condensed=condensed) <= width:
            return text
        while text and self.length(text.rstrip() + "…", size, bold=bold, condensed=condensed) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap(
        self, text: str, size: int, width: float, lines: int, *, bold: bool = False, condensed: bool = True
    ) -> list[str]:
        """Break `text` at spaces into at most `lines` lines of `width` pixels, the last one ellipsed."""
        out: list[str] = []
        words = text.split()
        while words and len(out) < lines:
            line = words.pop(0)
            while words and self.length(f"{line} {words[0]}", size, bold=bold, condensed=condensed) <= width:
                line = f"{line} {words.pop(0)}"
            out.append(line)
        if words:
            out[-1] = f"{out[-1]} {' '.join(words)}"
        return [self.fit(line, size, width, bold=bold, condensed=condensed) for line in out]

    def finish(self) -> Image.Image:
        """The image, carrying the smallest font size drawn on it (for the phone-legibility tests)."""
        self.image.info["text_px_min"] = 0 if self.smallest is math.inf else int(self.smallest)
        self.image.info["glyphs_missing"] = "".join(sorted(self.missing))
        self.image.info["text_clipped"] = self.clipped
        return self.image


#: Text measured so far (its length, its box round its anchor): the same labels, numbers and legends come
#: back on board after board, and measuring is a third of drawing a text.
_LENGTHS: dict[tuple[str, int, bool, bool, str], float] = {}
_EXTENTS: dict[tuple[str, int, bool, bool, str | None, str], tuple[float, float, float, float]] = {}
MEASURED = 8192
#: Text rendered so far (FreeType's coverage mask and its offset): rendering is nine tenths of drawing a
#: text, and the same names, numbers and phases come back on board after board. Masks are a few KB each.
_GLYPHS: dict[tuple[str, int, bool, bool, str | None, tuple[float, float], str], tuple[Any, tuple[int, int]]] = {}
GLYPHS = 2048
_MEASURED_LOCK = threading.Lock()


def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int = MEASURED) -> None:
    """Keep a measure, forgetting the oldest past `limit` (boards are drawn in worker threads)."""
    with _MEASURED_LOCK:
        if len(cache) >= limit:
            cache.pop(next(iter(cache)))
        cache[key] = value


_NOT_A_CHARACTER = "\U0010fffd"  # never in a font: what it draws is the font's empty box


@lru_cache(maxsize=2048)
def _has_glyph(ch: str, bold: bool, condensed: bool) -> bool:
    """Whether the font draws `ch` as itself rather than as its empty box (.notdef)."""
    if ch.isspace():
        return True
    face = font(24, bold, condensed)
    return bytes(face.getmask(ch)) != bytes(face.getmask(_NOT_A_CHARACTER))
