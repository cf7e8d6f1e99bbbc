"""The table of the skirmish games drawn for a phone, shared by Colors of Magic, Confrontation and WarCry.

Each game turns its view into marks (terrain pieces, markers, figures, a path, rings, a line) and this
module draws them on a labelled grid in the game's unit (`Measure`: 1" or 5 cm cells): 640 px wide,
every text through the `Pen` at the phone minimum or more, the whole table before any action and then a
crop around what the last action touched, never taller or wider than 5:4, scaled up so that bases and
labels stay large. What lies outside a crop is cut at its edge, never drawn over the header.

`TableDrawing` is what the three games' renderers then share: the board around the last action, a
previewed move with its reach, the status line (the winners or who acts) and the alt text's length.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.i18n import t
from bot.table.units import Measure, Point, column_label

from .pen import Pen
from .theme import DEFAULT, phone_min_size

W = 640
SMALL = phone_min_size(W)
MARGIN = 8
LABEL = 26  # the grid's letters and numbers
GOLD = (230, 190, 90)
Colour = tuple[int, int, int]
Ring = tuple[Point, int]  # (centre, radius)
#: The longest alt text Discord keeps.
ALT_TEXT = 1500


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

    @classmethod
    def of_side(cls, centre: Point, radius: int, seat: int, label: str, touched: bool) -> Mark:
        """A figure in its side's colour, outlined in gold and ringed when the last action touched it."""
        colour = DEFAULT.seat_colours[seat % len(DEFAULT.seat_colours)]
        return cls(centre, radius, colour, label, GOLD if touched else (20, 20, 20), 4 if touched else 2, touched)


@dataclass(frozen=True, slots=True)
class Scene:
    measure: Measure
    pieces: Sequence[Piece] = ()
    marks: Sequence[Mark] = ()
    path: Sequence[Point] = ()
    rings: Sequence[Ring] = ()  # a move's reach
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


@dataclass(frozen=True, slots=True)
class TableDrawing:
    """How a table game draws its view: `game` prefixes its strings (`<game>.ui.legend`, `.ui.winner`,
    `.ui.draw`, `.ui.to_act`), `header` draws its header (returns its height), `scene` turns the view,
    a path and rings into marks, `figures` are the view's figures on the table (`id`, `x`, `y`) and
    `radius` a figure's base."""

    game: str
    header: Callable[[Pen, Any, str], int]
    scene: Callable[[Any, list[Point], list[Ring]], Scene]
    figures: Callable[[Any], Iterable[Any]]
    radius: Callable[[Any], int]

    def picture(self, view: Any, locale: str, scene: Scene, focus: Sequence[Point]) -> Image.Image:
        """The header, the scene cropped around `focus`, the legend."""
        table, smallest = draw_table(scene, focus)
        legend = t(f"{self.game}.ui.legend", locale)
        return compose(lambda pen: self.header(pen, view, locale), table, smallest, legend)

    def draw(
        self, view: Any, locale: str, path: list[Point], focus: Sequence[Point], rings: list[Ring] | None = None
    ) -> Image.Image:
        return self.picture(view, locale, self.scene(view, path, rings or []), focus)

    def around_last(self, view: Any, locale: str, path: list[Point], rings: list[Ring] | None = None) -> Image.Image:
        """The table cropped around `path` and the figures the last action touched (ringed)."""
        last = set(view.last)
        return self.draw(view, locale, path, [*path, *((f.x, f.y) for f in self.figures(view) if f.id in last)], rings)

    def board(self, view: Any, *, locale: str = "fr") -> Image.Image:
        """The table around the last action and its path (the whole table before any)."""
        return self.around_last(view, locale, [(p[0], p[1]) for p in view.last_path])

    def moving(self, view: Any, overlay: dict[str, Any]) -> tuple[Any, list[Point], Any | None]:
        """A previewed move: the view with the mover as the last action (so it is ringed), the path,
        and the mover when it stands on the table."""
        path = [(p[0], p[1]) for p in overlay.get("path") or []]
        moving = (overlay["figure"],) if overlay.get("figure") else ()
        view = view.model_copy(update={"last": moving})
        return view, path, next((f for f in self.figures(view) if f.id in moving), None)

    def preview(self, view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
        """The viewer's table with the previewed path and the mover's reach (the overlay's `reach` from
        the edge of its base), cropped around them; None without a path (an order has no image)."""
        view, path, mover = self.moving(view, overlay)
        if not path:
            return None
        rings = []
        if mover is not None and overlay.get("reach"):
            rings.append(((mover.x, mover.y), int(overlay["reach"]) + self.radius(mover)))
        return self.around_last(view, locale, path, rings)

    def heading(self, pen: Pen, view: Any, locale: str, count: str, phase: str, waiting: Iterable[int]) -> int:
        """The header's first lines: the game, its round or turn (`count`) and the phase when one is
        shown, then the status; returns where the sides' rows start."""
        head = f"{t(f'{self.game}.name', locale)} — {count}" + (f" — {phase}" if phase else "")
        pen.text((MARGIN, 8), pen.fit(head, 24, W - 2 * MARGIN, bold=True), 24, DEFAULT.text, bold=True)
        pen.text((MARGIN, 40), pen.fit(self.status(view, locale, waiting), 22, W - 2 * MARGIN), 22, DEFAULT.accent)
        return 72

    def status(self, view: Any, locale: str, waiting: Iterable[int]) -> str:
        """Who won (or a draw) once the match is over, else who must act (`waiting`)."""
        if view.winners is not None:
            names = ", ".join(view.sides[s].name for s in view.winners)
            return t(f"{self.game}.ui.winner", locale, names=names) if names else t(f"{self.game}.ui.draw", locale)
        return t(f"{self.game}.ui.to_act", locale, names=", ".join(view.sides[s].name for s in waiting) or "—")


def side_name(pen: Pen, y: int, seat: int, name: str, bar: int, width: int = W - 2 * MARGIN - 14) -> Colour:
    """A side's row in a header: a bar in its colour down to `y + bar` and its name in that colour;
    returns the colour."""
    colour = DEFAULT.seat_colours[seat % len(DEFAULT.seat_colours)]
    pen.draw.rectangle((MARGIN, y + 3, MARGIN + 6, y + bar), fill=colour)
    pen.text((MARGIN + 14, y), pen.fit(name, SMALL, width, bold=True), SMALL, colour, bold=True)
    return colour


def numbers(pen: Pen, x: int, y: int, items: Iterable[tuple[str, object]], gap: int) -> None:
    """Labelled numbers on one line of a header: each label muted, its number bold."""
    for label, value in items:
        pen.text((x, y), label, SMALL, DEFAULT.muted)
        x += int(pen.length(label + " ", SMALL))
        pen.text((x, y - 1), str(value), 22, DEFAULT.text, bold=True)
        x += int(pen.length(str(value), 22, bold=True)) + gap


def alt_text(lines: Iterable[str]) -> str:
    """The lines of an alt text, cut to what Discord keeps."""
    text = "\n".join(lines)
    return text if len(text) <= ALT_TEXT else text[: ALT_TEXT - 1] + "…"
