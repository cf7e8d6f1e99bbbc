"""Text on a board through one object that knows the fonts and remembers the smallest size it drew.

Boards are read on phones: `Pen.finish` stores the smallest font size in the image's `info`
(`text_px_min`), and the tests scale it to a phone's width (`theme.phone_min_size`), so a label that
shrinks below readable fails a test instead of a player's eyes.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .theme import font

Colour = tuple[int, int, int]


class Pen:
    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.smallest = math.inf

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
        self.draw.text(xy, text, font=font(size, bold, condensed), fill=fill, anchor=anchor)

    def length(self, text: str, size: int, *, bold: bool = False, condensed: bool = True) -> float:
        return float(self.draw.textlength(text, font=font(size, bold, condensed)))

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
        return self.image
