"""The pen's remembered measures (#25: measuring was a third of drawing a text) are the ones Pillow gives
for that text, size and anchor, wherever it is drawn: a label's box and a fitted text stay the same."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from renderers.pen import Pen
from renderers.theme import font


def test_remembered_lengths_and_boxes_are_pillows_own() -> None:
    rng = random.Random(25)
    pen = Pen(Image.new("RGB", (640, 480)))
    words = ["B13", "Orc des cavernes", "12,5 ; 8 (M9)", "♥ 3", "Ébène", "Wolf-rider", "ж"]
    for _ in range(300):
        text, size = rng.choice(words), rng.choice((12, 15, 18, 24))
        bold, condensed = rng.random() < 0.5, rng.random() < 0.5
        anchor = rng.choice((None, "mm", "lt", "rs", "ms"))
        xy = (rng.uniform(-20, 660), rng.uniform(-20, 500))
        face = font(size, bold, condensed)
        assert pen.length(text, size, bold=bold, condensed=condensed) == float(pen.draw.textlength(text, font=face))
        dx0, dy0, dx1, dy1 = pen._extent(text, size, bold, condensed, anchor)
        assert (dx0 + xy[0], dy0 + xy[1], dx1 + xy[0], dy1 + xy[1]) == pen.draw.textbbox(
            xy, text, font=face, anchor=anchor
        )


def test_remembered_glyphs_draw_what_pillow_draws() -> None:
    """The pen keeps FreeType's rendering of a text (#25: rendering was nine tenths of drawing one) and
    stamps it: the pixels are Pillow's own, at any fraction of a pixel, anchor, colour, and drawn again."""
    rng = random.Random(37)
    ours, pillows = Image.new("RGB", (640, 480), (34, 39, 46)), Image.new("RGB", (640, 480), (34, 39, 46))
    pen, reference = Pen(ours), ImageDraw.Draw(pillows)
    words = ["B13", "Orc des cavernes", "12,5 ; 8 (M9)", "♥ 3", "Ébène", "Tour 2 — Activation"]
    for _ in range(400):
        text, size = rng.choice(words), rng.choice((21, 22, 24))
        bold, condensed = rng.random() < 0.5, rng.random() < 0.5
        anchor = rng.choice((None, "mm", "lt", "rs"))
        xy = (rng.choice((rng.randint(-20, 660), rng.uniform(-20, 660))), rng.uniform(-20, 500))
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pen.text(xy, text, size, colour, bold=bold, condensed=condensed, anchor=anchor)
        reference.text(xy, text, font=font(size, bold, condensed), fill=colour, anchor=anchor)
    assert ours.tobytes() == pillows.tobytes()
