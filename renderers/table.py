"""The table of the skirmish games, drawn for a phone (kernel.md §5): a labelled grid a player can name
a point on, terrain by kind, bases labelled and coloured per side, and overlays (the last move's path,
a range or engagement ring, a line of sight). A crop around the action is scaled up so its labels stay
large on a 390-px-wide screen; the same view gives the alt text.

Pure: a `TableScene` (plain data a game builds from its view) in, a Pillow image or a text out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw

from bot.i18n import t
from bot.table.units import Measure, Point

from .theme import DEFAULT, Theme, font

#: Pixels per grid cell on the whole table, and at least this wide once a crop is scaled up.
CELL_PX = 40
CROP_MIN_WIDTH = 900
MARGIN = 36
TERRAIN_COLOURS = {
    "blocking": (96, 84, 72),
    "difficult": (74, 98, 64),
    "impassable": (50, 70, 110),
    "cover": (88, 118, 78),
    "open": (70, 76, 86),
}


@dataclass(frozen=True)
class TerrainPiece:
    name: str
    kind: str  # a key of TERRAIN_COLOURS
    corners: tuple[Point, ...]


@dataclass(frozen=True)
class Figure:
    label: str  # short: drawn on the base
    name: str  # for the alt text
    side: int
    centre: Point
    radius: int


@dataclass(frozen=True)
class TableScene:
    measure: Measure
    terrain: tuple[TerrainPiece, ...] = ()
    figures: tuple[Figure, ...] = ()
    path: tuple[Point, ...] = ()  # the last (or previewed) move
    rings: tuple[tuple[Point, int], ...] = ()  # centre, radius: ranges and engagement zones
    sights: tuple[tuple[Point, Point], ...] = ()
    sides: tuple[str, ...] = field(default=("", ""))


@dataclass(frozen=True)
class _Frame:
    """Which part of the table is drawn, and at what scale."""

    x0: int
    y0: int
    x1: int
    y1: int
    px_per_cell: float

    def px(self, measure: Measure, p: Point) -> tuple[float, float]:
        return (
            MARGIN + (p[0] - self.x0) * self.px_per_cell / measure.cell,
            MARGIN + (p[1] - self.y0) * self.px_per_cell / measure.cell,
        )

    def length(self, measure: Measure, v: int) -> float:
        return v * self.px_per_cell / measure.cell


def frame(scene: TableScene, crop: Sequence[Point] | None = None, margin_cells: int = 3) -> _Frame:
    """The whole table, or a crop around `crop`'s points (snapped to the grid) scaled up for a phone."""
    m = scene.measure
    if not crop:
        return _Frame(0, 0, m.width, m.height, CELL_PX)
    xs, ys = [p[0] for p in crop], [p[1] for p in crop]
    x0 = max(0, (min(xs) // m.cell - margin_cells) * m.cell)
    y0 = max(0, (min(ys) // m.cell - margin_cells) * m.cell)
    x1 = min(m.width, (max(xs) // m.cell + margin_cells + 1) * m.cell)
    y1 = min(m.height, (max(ys) // m.cell + margin_cells + 1) * m.cell)
    cells = max(1, (x1 - x0) // m.cell)
    return _Frame(x0, y0, x1, y1, max(CELL_PX, CROP_MIN_WIDTH / cells))


def render_table(scene: TableScene, *, crop: Sequence[Point] | None = None, theme: Theme = DEFAULT) -> Image.Image:
    m = scene.measure
    f = frame(scene, crop)
    width = round(MARGIN + f.length(m, f.x1 - f.x0) + 8)
    height = round(MARGIN + f.length(m, f.y1 - f.y0) + 8)
    img = Image.new("RGB", (width, height), theme.background)
    d = ImageDraw.Draw(img, "RGBA")
    _grid(d, scene, f, theme)
    for piece in scene.terrain:
        _terrain(img, d, scene, f, piece)
    for centre, radius in scene.rings:
        cx, cy = f.px(m, centre)
        r = f.length(m, radius)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(*theme.accent, 200), width=2)
    for a, b in scene.sights:
        d.line((*f.px(m, a), *f.px(m, b)), fill=(*theme.good, 220), width=3)
    if len(scene.path) > 1:
        points = [f.px(m, p) for p in scene.path]
        d.line(points, fill=(*theme.accent, 255), width=4, joint="curve")
        _arrow(d, points[-2], points[-1], theme)
    for fig in scene.figures:
        _figure(d, scene, f, fig, theme)
    return img


def _grid(d: ImageDraw.ImageDraw, scene: TableScene, f: _Frame, theme: Theme) -> None:
    m = scene.measure
    label_font = font(max(14, min(22, round(f.px_per_cell * 0.45))), bold=True)
    first_col, last_col = f.x0 // m.cell, -(-f.x1 // m.cell)
    first_row, last_row = f.y0 // m.cell, -(-f.y1 // m.cell)
    top, bottom = f.px(m, (f.x0, f.y0))[1], f.px(m, (f.x0, f.y1))[1]
    left, right = f.px(m, (f.x0, f.y0))[0], f.px(m, (f.x1, f.y0))[0]
    d.rectangle((left, top, right, bottom), fill=theme.panel)
    for col in range(first_col, last_col + 1):
        x = f.px(m, (col * m.cell, 0))[0]
        d.line((x, top, x, bottom), fill=theme.panel_alt, width=1)
        if col < last_col:
            d.text(
                (x + f.px_per_cell / 2, MARGIN / 2), m.column_label(col), font=label_font, fill=theme.muted, anchor="mm"
            )
    for row in range(first_row, last_row + 1):
        y = f.px(m, (0, row * m.cell))[1]
        d.line((left, y, right, y), fill=theme.panel_alt, width=1)
        if row < last_row:
            d.text((MARGIN / 2, y + f.px_per_cell / 2), str(row + 1), font=label_font, fill=theme.muted, anchor="mm")


def _hatch(img: Image.Image, points: list[tuple[float, float]], step: float) -> None:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = (int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1)
    w, h = box[2] - box[0], box[3] - box[1]
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in points], fill=255)
    lines = Image.new("L", (w, h), 0)
    ld = ImageDraw.Draw(lines)
    k: float = -h
    while k < w:
        ld.line((k, h, k + h, 0), fill=120, width=2)
        k += step
    img.paste((140, 160, 110), box, ImageChops.multiply(mask, lines))


def _terrain(img: Image.Image, d: ImageDraw.ImageDraw, scene: TableScene, f: _Frame, piece: TerrainPiece) -> None:
    m = scene.measure
    colour = TERRAIN_COLOURS.get(piece.kind, TERRAIN_COLOURS["open"])
    points = [f.px(m, p) for p in piece.corners]
    d.polygon(points, fill=(*colour, 235), outline=(200, 200, 200, 160))
    if piece.kind == "difficult":  # hatching, kept inside the piece: difficult ground reads apart from cover
        _hatch(img, points, max(10, f.px_per_cell / 3))
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    d.text((cx, cy), piece.name, font=font(max(13, round(f.px_per_cell * 0.35))), fill=(235, 235, 235), anchor="mm")


def _figure(d: ImageDraw.ImageDraw, scene: TableScene, f: _Frame, fig: Figure, theme: Theme) -> None:
    m = scene.measure
    cx, cy = f.px(m, fig.centre)
    r = max(8.0, f.length(m, fig.radius))
    colour = theme.seat_colours[fig.side % len(theme.seat_colours)]
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=(20, 20, 20), width=2)
    size = max(12, min(26, round(r * 0.9)))
    d.text((cx, cy), fig.label[:3], font=font(size, bold=True), fill=(15, 15, 15), anchor="mm")


def _arrow(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], theme: Theme) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 14
    left = (b[0] - size * math.cos(angle - 0.5), b[1] - size * math.sin(angle - 0.5))
    right = (b[0] - size * math.cos(angle + 0.5), b[1] - size * math.sin(angle + 0.5))
    d.polygon([b, left, right], fill=theme.accent)


def summarize_table(scene: TableScene, locale: str) -> str:
    """The alt text: every figure with its side and grid cell, the terrain, the last move."""
    m = scene.measure
    lines = []
    for side in sorted({f.side for f in scene.figures}):
        who = scene.sides[side] if side < len(scene.sides) and scene.sides[side] else str(side + 1)
        figs = ", ".join(f"{f.name} ({m.cell_of(f.centre)})" for f in scene.figures if f.side == side)
        lines.append(t("table.side_line", locale, side=who, figures=figs))
    if scene.terrain:
        lines.append(t("table.terrain_line", locale, terrain=", ".join(p.name for p in scene.terrain)))
    if len(scene.path) > 1:
        lines.append(t("table.path_line", locale, start=m.cell_of(scene.path[0]), end=m.cell_of(scene.path[-1])))
    return "\n".join(lines)
