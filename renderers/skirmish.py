"""The table of the skirmish games drawn for a phone, shared by Colors of Magic and Confrontation.

Each game turns its view into marks (terrain pieces, markers, figures, a path, rings, a line) and this
module draws them on a labelled grid in the game's unit (`Measure`: 1" or 5 cm cells): 640 px wide,
every text through the `Pen` at the phone minimum or more, the whole table before any action and then a
crop around what the last action touched, never taller or wider than 5:4, scaled up so that bases and
labels stay large. What lies outside a crop is cut at its edge, never drawn over the header.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from bot.table.units import Measure, Point, column_label

from .pen import Pen
from .theme import DEFAULT, phone_min_size

W = 640
SMALL = phone_min_size(W)
MARGIN = 8
LABEL = 26  # the grid's letters and numbers
GOLD = (230, 190, 90)
Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Piece:
    """A terrain piece: its corners, its fill, hatched when it is difficult ground."""

    corners: Sequence[Point]
    fill: Colour
    hatched: bool = False


@dataclass(frozen=True, slots=True)
class Mark:
    """A figure: its base, colour, outline and label; `highlight` rings it (the last action)."""

    centre: Point
    radius: int
    colour: Colour
    label: str
    outline: Colour = (20, 20, 20)
    outline_width: int = 2
    highlight: bool = False


@dataclass(frozen=True, slots=True)
class Scene:
    measure: Measure
    pieces: Sequence[Piece] = ()
    marks: Sequence[Mark] = ()
    path: Sequence[Point] = ()
    rings: Sequence[tuple[Point, int]] = ()  # (centre, radius): a move's reach
    line: tuple[Point, Point] | None = None  # a duel's or a shot's line
    #: extra drawing on the table (objectives): (pen, area) after terrain, before figures
    decorate: Callable[[Pen, TableArea], None] | None = None


def frame(points: Sequence[Point], m: Measure) -> tuple[int, int, int, int]:
    """The table, or the grid-aligned box around `points` with three cells around (at least 8 × 6
    cells), never taller nor wider than 5:4."""
    c, width, height = m.cell, m.width, m.height
    if not points:
        return (0, 0, width, height)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0 = max(0, (min(xs) // c - 3) * c)
    y0 = max(0, (min(ys) // c - 3) * c)
    x1 = min(width, (max(xs) // c + 4) * c)
    y1 = min(height, (max(ys) // c + 4) * c)
    while x1 - x0 < 8 * c and x1 - x0 < width:  # never zoom in further than eight cells across
        x0, x1 = max(0, x0 - c), min(width, x1 + c)
    while y1 - y0 < 6 * c and y1 - y0 < height:
        y0, y1 = max(0, y0 - c), min(height, y1 + c)
    while 4 * (y1 - y0) > 5 * (x1 - x0) and x1 - x0 < width:  # never taller than 5:4: a phone scrolls
        x0, x1 = max(0, x0 - c), min(width, x1 + c)
    while 4 * (x1 - x0) > 5 * (y1 - y0) and y1 - y0 < height:  # nor wider than 5:4: labels would shrink
        y0, y1 = max(0, y0 - c), min(height, y1 + c)
    return (x0, y0, x1, y1)


class TableArea:
    """Where the table part of the image lies and how table units map to pixels."""

    def __init__(self, box: tuple[int, int, int, int], top: int = 0) -> None:
        self.x0, self.y0, self.x1, self.y1 = box
        self.top = top
        self.scale = (W - 2 * MARGIN - LABEL) / (self.x1 - self.x0)
        self.height = round((self.y1 - self.y0) * self.scale) + LABEL + 4

    def px(self, p: tuple[int, int]) -> tuple[float, float]:
        return (
            MARGIN + LABEL + (p[0] - self.x0) * self.scale,
            self.top + LABEL + (p[1] - self.y0) * self.scale,
        )


def hatch(image: Image.Image, points: list[tuple[float, float]]) -> None:
    """Difficult ground hatched, kept inside its outline (it reads apart from cover on a phone)."""
    x0, y0 = max(0, int(min(p[0] for p in points))), max(0, int(min(p[1] for p in points)))
    x1 = min(image.width, int(max(p[0] for p in points)) + 1)
    y1 = min(image.height, int(max(p[1] for p in points)) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    w, h = x1 - x0, y1 - y0
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in points], fill=255)
    lines = Image.new("L", (w, h), 0)
    ld = ImageDraw.Draw(lines)
    for k in range(-h, w, 10):
        ld.line((k, h, k + h, 0), fill=255, width=2)
    image.paste((120, 150, 100), (x0, y0, x1, y1), ImageChops.multiply(mask, lines))


def draw_table(scene: Scene, focus: Sequence[Point]) -> tuple[Image.Image, float]:
    """The table image (640 px wide) around `focus`, and the smallest text it used."""
    m = scene.measure
    area = TableArea(frame(focus, m))
    image = Image.new("RGB", (W, area.height), DEFAULT.background)
    pen = Pen(image)
    _draw(image, pen, scene, area)
    return image, pen.smallest


def _draw(image: Image.Image, pen: Pen, scene: Scene, area: TableArea) -> None:
    th = DEFAULT
    draw = pen.draw
    m = scene.measure
    left, top = area.px((area.x0, area.y0))
    right, bottom = area.px((area.x1, area.y1))
    draw.rectangle((left, top, right, bottom), fill=th.panel)
    for x in range(area.x0, area.x1 + 1, m.cell):
        px = area.px((x, area.y0))[0]
        draw.line((px, top, px, bottom), fill=th.panel_alt, width=1)
    for y in range(area.y0, area.y1 + 1, m.cell):
        py = area.px((area.x0, y))[1]
        draw.line((left, py, right, py), fill=th.panel_alt, width=1)
    for piece in scene.pieces:
        points = [area.px(p) for p in piece.corners]
        draw.polygon(points, fill=piece.fill, outline=(200, 200, 200))
        if piece.hatched:
            hatch(image, points)
    if scene.decorate is not None:
        scene.decorate(pen, area)
    if scene.line is not None:
        a, b = scene.line
        draw.line((*area.px(a), *area.px(b)), fill=th.bad, width=4)
    for centre, radius in scene.rings:
        cx, cy = area.px(centre)
        r = radius * area.scale
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=th.good, width=3)
    if len(scene.path) > 1:
        points = [area.px(p) for p in scene.path]
        draw.line(points, fill=th.accent, width=4, joint="curve")
        (ax, ay), (bx, by) = points[-2], points[-1]
        angle = math.atan2(by - ay, bx - ax)
        draw.polygon(
            [
                (bx, by),
                (bx - 14 * math.cos(angle - 0.5), by - 14 * math.sin(angle - 0.5)),
                (bx - 14 * math.cos(angle + 0.5), by - 14 * math.sin(angle + 0.5)),
            ],
            fill=th.accent,
        )
    for mark in scene.marks:
        cx, cy = area.px(mark.centre)
        r = max(9.0, mark.radius * area.scale)
        if mark.highlight:
            draw.ellipse((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6), outline=th.accent, width=4)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mark.colour, outline=mark.outline, width=mark.outline_width)
        width = pen.length(mark.label, SMALL, bold=True) + 8
        lx, ly = cx + r * 0.6, cy - r * 0.6 - 24
        lx = min(lx, W - MARGIN - width)
        draw.rounded_rectangle((lx, ly, lx + width, ly + 24), radius=6, fill=(20, 20, 20))
        pen.text((lx + 4, ly + 1), mark.label, SMALL, mark.colour, bold=True)
    # the margins hold the grid's labels: whatever a crop cut spills there is painted over
    draw.rectangle((0, 0, W, top - 1), fill=th.background)
    draw.rectangle((0, 0, left - 1, image.height), fill=th.background)
    draw.rectangle((right + 1, 0, W, image.height), fill=th.background)
    draw.rectangle((0, bottom + 1, W, image.height), fill=th.background)
    step = 1 if area.scale * m.cell >= 24 else 2  # labels never closer than their own size
    for x in range(area.x0, area.x1, m.cell):
        col = x // m.cell
        if col % step == 0:
            px = area.px((x, area.y0))[0]
            pen.text(
                (px + area.scale * m.cell / 2, area.top + LABEL / 2), column_label(col), SMALL, th.muted, anchor="mm"
            )
    for y in range(area.y0, area.y1, m.cell):
        row = y // m.cell
        if row % step == 0:
            py = area.px((area.x0, y))[1]
            pen.text((MARGIN + LABEL / 2, py + area.scale * m.cell / 2), str(row + 1), SMALL, th.muted, anchor="mm")


def compose(header: Callable[[Pen], int], table: Image.Image, smallest: float, legend: str) -> Image.Image:
    """The header drawn by `header` (returns its height), the table below it, a one-line legend."""
    th = DEFAULT
    probe = Pen(Image.new("RGB", (W, 10), th.background))
    header_h = header(probe)
    image = Image.new("RGB", (W, header_h + table.height + 36), th.background)
    pen = Pen(image)
    header(pen)
    image.paste(table, (0, header_h))
    pen.smallest = min(pen.smallest, smallest)
    pen.text((MARGIN, header_h + table.height + 4), pen.fit(legend, SMALL, W - 2 * MARGIN), SMALL, th.muted)
    return pen.finish()
