"""The table of the skirmish games drawn for a phone, shared by Colors of Magic, Confrontation and WarCry.

Each game turns its view into marks (terrain pieces, markers, figures, a path, rings, a line) and this
module draws them on a labelled grid in the game's unit (`Measure`: 1" or 5 cm cells): 640 px wide,
every text through the `Pen` at the phone minimum or more. The public board (posted at a new phase and
at the end) shows the whole table; a player's own board and a preview are cropped around what the last
action touched, never taller or wider than 5:4, scaled up so that bases and labels stay large.

Labels are laid out, not stamped: each is placed around its piece where it covers no other label and no
base, further out with a leader line when the piece stands in a crowd, and always inside the visible
table (a piece whose centre a crop leaves out has no label: the roster names it). Under the board, a
roster names each piece (id, name, wounds, activated or not) and a legend explains every mark used.

`TableDrawing` is what the three games' renderers then share: the board, a previewed move with its
reach, the status line (the winners or who acts), the roster, the legend and the alt text.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
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
INK = (20, 20, 20)  # a label's box, a base's outline
HATCH = (120, 150, 100)
Colour = tuple[int, int, int]
Ring = tuple[Point, int]  # (centre, radius)
Box = tuple[float, float, float, float]
#: The longest alt text Discord keeps.
ALT_TEXT = 1500
#: A label's box: its height, the room around its text, the gap to its base.
TAG_H, TAG_PAD, TAG_GAP = 24, 4, 2
ROW = 28  # one line of the roster or the legend
TALLEST = 2  # a board's height at most, in widths (the phone tests hold every board to it)


@dataclass(frozen=True, slots=True)
class Piece:
    """A terrain piece: its corners, its fill, hatched when it is difficult or deadly ground."""

    corners: Sequence[Point]
    fill: Colour
    hatched: bool = False
    hatch: Colour = HATCH


@dataclass(frozen=True, slots=True)
class Mark:
    """A figure: its base, colour, outline and label; `highlight` rings it (the last action)."""

    centre: Point
    radius: int
    colour: Colour
    label: str
    outline: Colour = INK
    outline_width: int = 2
    highlight: bool = False

    @classmethod
    def of_side(cls, centre: Point, radius: int, seat: int, label: str, touched: bool) -> Mark:
        """A figure in its side's colour, outlined in gold and ringed when the last action touched it."""
        return cls(centre, radius, seat_colour(seat), label, GOLD if touched else INK, 4 if touched else 2, touched)


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker on the table (an objective): a diamond `radius` units wide at least, its label laid
    out like a figure's so that a number never sits unreadable on its own diamond."""

    centre: Point
    radius: int
    fill: Colour
    label: str
    outline: Colour = GOLD
    label_colour: Colour = GOLD


@dataclass(frozen=True, slots=True)
class Key:
    """One entry of a legend: how the mark looks (`icon`: swatch, diamond, base, ring, arrow, reach,
    line or symbol) and the string that says what it means (`text`, a catalogue key)."""

    icon: str
    text: str
    colour: Colour = DEFAULT.text
    outline: Colour = INK
    hatch: Colour | None = None
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """One piece in the roster: its id in its side's colour, its name, its wounds or PV (`state`, may
    be empty) and whether it has been activated (`done`: greyed and ticked)."""

    id: str
    colour: Colour
    name: str
    state: str = ""
    done: bool = False
    side: int = -1  # its column: the side's (-1: a monster, in the shorter one)


@dataclass(frozen=True, slots=True)
class Scene:
    measure: Measure
    pieces: Sequence[Piece] = ()
    marks: Sequence[Mark] = ()
    path: Sequence[Point] = ()
    rings: Sequence[Ring] = ()  # a move's reach
    line: tuple[Point, Point] | None = None  # a duel's or a shot's line
    markers: Sequence[Marker] = ()
    #: what the game's own marks mean (its terrain, markers, symbols): the shared ones are added
    keys: Sequence[Key] = ()


@dataclass(frozen=True, slots=True)
class Tag:
    """A label as laid out: its text and colour, its box in pixels, the centre and radius of its piece,
    and whether a leader line joins them (the label stands away from a crowded piece)."""

    text: str
    colour: Colour
    box: Box
    centre: tuple[float, float]
    radius: float
    leader: bool = False


def seat_colour(seat: int) -> Colour:
    return DEFAULT.seat_colours[seat % len(DEFAULT.seat_colours)]


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
    """Where the table part of the image lies and how table units map to pixels: as wide as the image
    allows, no taller than wide (a portrait table is narrowed and centred rather than scrolled)."""

    def __init__(self, box: tuple[int, int, int, int], top: int = 0) -> None:
        self.x0, self.y0, self.x1, self.y1 = box
        self.top = top
        room = W - 2 * MARGIN - LABEL
        self.scale = min(room / (self.x1 - self.x0), room / (self.y1 - self.y0))
        self.left = MARGIN + (room - (self.x1 - self.x0) * self.scale) / 2
        self.height = round((self.y1 - self.y0) * self.scale) + LABEL + 4

    def px(self, p: tuple[int, int]) -> tuple[float, float]:
        return (
            self.left + LABEL + (p[0] - self.x0) * self.scale,
            self.top + LABEL + (p[1] - self.y0) * self.scale,
        )

    @property
    def bounds(self) -> Box:
        """The visible table in pixels: labels stay inside it."""
        return (*self.px((self.x0, self.y0)), *self.px((self.x1, self.y1)))

    def whole(self, m: Measure) -> bool:
        return (self.x0, self.y0, self.x1, self.y1) == (0, 0, m.width, m.height)


def hatch(image: Image.Image, points: list[tuple[float, float]], colour: Colour = HATCH) -> None:
    """Hatching kept inside its outline (difficult or deadly ground reads apart from cover on a phone)."""
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
    image.paste(colour, (x0, y0, x1, y1), ImageChops.multiply(mask, lines))


# -- labels ------------------------------------------------------------------------------------------------
def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _touches_disc(box: Box, cx: float, cy: float, r: float) -> bool:
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _cost(box: Box, tags: list[Box], discs: list[tuple[float, float, float]], enough: float) -> float:
    """How many labels and bases `box` covers, counted up to `enough` (a better place is known)."""
    x0, y0, x1, y1 = box
    cost = 0
    for other in tags:
        if x0 < other[2] and other[0] < x1 and y0 < other[3] and other[1] < y1:
            cost += 1
    for cx, cy, r in discs:
        if cost >= enough:
            break
        if cx + r <= x0 or cx - r >= x1 or cy + r <= y0 or cy - r >= y1:
            continue  # apart from the disc's square: the test most bases fail
        if _touches_disc(box, cx, cy, r):
            cost += 1
    return cost


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def _candidates(cx: float, cy: float, r: float, w: float) -> Iterable[tuple[Box, bool]]:
    """Where a label `w` wide may stand around a base: touching it (NE first: the eye looks there),
    then on rings further out, joined by a leader line."""
    h, d, g = TAG_H, r * math.sqrt(0.5), TAG_GAP
    for x, y in (
        (cx + d + g, cy - d - g - h),
        (cx - d - g - w, cy - d - g - h),
        (cx + d + g, cy + d + g),
        (cx - d - g - w, cy + d + g),
        (cx + r + g, cy - h / 2),
        (cx - r - g - w, cy - h / 2),
        (cx - w / 2, cy - r - g - h),
        (cx - w / 2, cy + r + g),
    ):
        yield (x, y, x + w, y + h), False
    for step in range(1, 9):
        reach = r + g + step * h * 0.75
        for k in range(16):
            a = -math.pi / 4 + k * math.pi / 8
            ca, sa = math.cos(a), math.sin(a)
            x = cx + ca * reach + (ca - 1) * w / 2
            y = cy + sa * reach + (sa - 1) * h / 2
            yield (x, y, x + w, y + h), True


def lay_out(pen: Pen, area: TableArea, scene: Scene) -> list[Tag]:
    """Every visible piece's label, placed where it covers no other label and no base, inside the
    visible table; markers first (they are fixed points a player looks for), then figures."""
    bounds = area.bounds
    pieces: list[tuple[str, Colour, float, float, float]] = []
    for marker in scene.markers:
        cx, cy = area.px(marker.centre)
        pieces.append((marker.label, marker.label_colour, cx, cy, marker_px(marker, area)))
    for mark in scene.marks:
        cx, cy = area.px(mark.centre)
        pieces.append((mark.label, mark.colour, cx, cy, mark_px(mark, area)))
    discs = [(cx, cy, r) for _, _, cx, cy, r in pieces]
    tags: list[Tag] = []
    for text, colour, cx, cy, r in pieces:
        if not text or not (bounds[0] <= cx <= bounds[2] and bounds[1] <= cy <= bounds[3]):
            continue
        w = pen.length(text, SMALL, bold=True) + 2 * TAG_PAD
        far = r + TAG_GAP + 8 * TAG_H + w  # no candidate box reaches further: only what lies nearer counts
        near_discs = [(x, y, rr) for x, y, rr in discs if abs(x - cx) < far + rr and abs(y - cy) < far + rr]
        near_tags = [tag.box for tag in tags if _overlaps(tag.box, (cx - far, cy - far, cx + far, cy + far))]
        best: tuple[float, Box, bool] | None = None
        for box, leader in _candidates(cx, cy, r, w):
            if not _inside(box, bounds):
                continue
            cost = _cost(box, near_tags, near_discs, math.inf if best is None else best[0])
            if best is None or cost < best[0]:
                best = (cost, box, leader)
            if cost == 0:
                break
        if best is not None:
            tags.append(Tag(text, colour, best[1], (cx, cy), r, best[2]))
    return tags


def mark_px(mark: Mark, area: TableArea) -> float:
    return max(9.0, mark.radius * area.scale)


def marker_px(marker: Marker, area: TableArea) -> float:
    return max(10.0, marker.radius * area.scale)


def _draw_leader(pen: Pen, tag: Tag) -> None:
    """A line from the edge of the piece's base to the nearest point of its label."""
    x0, y0, x1, y1 = tag.box
    cx, cy = tag.centre
    tx, ty = min(max(cx, x0), x1), min(max(cy, y0), y1)
    a = math.atan2(ty - cy, tx - cx)
    pen.draw.line((cx + tag.radius * math.cos(a), cy + tag.radius * math.sin(a), tx, ty), fill=tag.colour, width=2)


def _draw_label(pen: Pen, tag: Tag) -> None:
    size = (math.ceil(tag.box[2] - tag.box[0]), TAG_H)

    def paint(p: Pen) -> None:
        p.draw.rectangle((0, 0, *size), fill=INK)
        p.text((TAG_PAD, 1), tag.text, SMALL, tag.colour, bold=True)

    _stamp(pen, (tag.box[0], tag.box[1]), ("tag", tag.text, tag.colour, size), size, paint, rounded=True)


#: Labels, roster rows and legends drawn so far: the same come back on board after board, and drawing
#: text is most of a board's time (a label is pasted in a few microseconds).
_STAMPS: dict[tuple[Any, ...], tuple[Image.Image, Image.Image | None, float, frozenset[str], int]] = {}
STAMPS = 2048
_STAMPS_LOCK = threading.Lock()


def _stamp(
    pen: Pen,
    xy: tuple[float, float],
    key: tuple[Any, ...],
    size: tuple[int, int],
    paint: Callable[[Pen], None],
    rounded: bool = False,
) -> None:
    """What `paint` draws on a picture of `size` (on the background; in a box with round corners when
    `rounded`), pasted at `xy` from a cache; the pen records its smallest text and missing glyphs."""
    hit = _STAMPS.get(key)
    if hit is None:
        picture = Image.new("RGB", size, DEFAULT.background)
        inner = Pen(picture)
        paint(inner)
        mask = None
        if rounded:
            mask = Image.new("L", size, 0)
            ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=6, fill=255)
        hit = (picture, mask, inner.smallest, frozenset(inner.missing), inner.clipped)
        with _STAMPS_LOCK:  # boards are drawn in worker threads
            if len(_STAMPS) >= STAMPS:
                _STAMPS.pop(next(iter(_STAMPS)))
            _STAMPS[key] = hit
    picture, mask, smallest, missing, clipped = hit
    x, y = round(xy[0]), round(xy[1])
    pen.image.paste(picture, (x, y), mask)
    pen.smallest = min(pen.smallest, smallest)
    pen.missing |= missing
    inside = x >= 0 and y >= 0 and x + size[0] <= pen.image.width and y + size[1] <= pen.image.height
    pen.clipped += clipped + (0 if inside else 1)


# -- the table ---------------------------------------------------------------------------------------------
def draw_table(scene: Scene, focus: Sequence[Point]) -> tuple[Image.Image, float, list[Tag]]:
    """The table image (640 px wide) around `focus` (the whole table without), the smallest text it
    used and its labels as laid out."""
    area = TableArea(frame(focus, scene.measure))
    under, frame_parts, smallest = _ground(scene, area)
    image = under.copy()
    pen = Pen(image)
    pen.smallest = smallest
    tags = _draw(pen, scene, area, frame_parts)
    return image, pen.smallest, tags


#: The frame over the table: each margin's picture and where it goes.
Frame = list[tuple[Image.Image, tuple[int, int]]]
#: The whole tables drawn so far, by scenario: a public board starts from a copy (one per scenario).
_GROUNDS: dict[tuple[Any, ...], tuple[Image.Image, Frame, float]] = {}


def _ground(scene: Scene, area: TableArea) -> tuple[Image.Image, Frame, float]:
    """What lies under the pieces (the panel, its grid, the terrain) and the frame over them (the
    margins with the grid's labels: whatever a crop cut spills there is covered), with the smallest
    text of the frame. The whole table is the same on every public board of a scenario: it is drawn
    once."""
    m = scene.measure
    whole = area.whole(m)
    key = (m, tuple((tuple(p.corners), p.fill, p.hatched, p.hatch) for p in scene.pieces))
    if whole and key in _GROUNDS:
        return _GROUNDS[key]
    th = DEFAULT
    under = Image.new("RGB", (W, area.height), th.background)
    draw = ImageDraw.Draw(under)
    left, top, right, bottom = area.bounds
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
            hatch(under, points, piece.hatch)
    over = Image.new("RGB", under.size, th.background)
    pen = Pen(over)
    _grid_labels(pen, area, m)
    ground = (under, _margins(over, margin_mask(area)), pen.smallest)
    if whole:
        _GROUNDS[key] = ground
    return ground


def margin_mask(area: TableArea) -> Image.Image:
    """The margins round the visible table (white), where the frame covers whatever a crop spills."""
    left, top, right, bottom = area.bounds
    mask = Image.new("L", (W, area.height), 0)
    edges = ImageDraw.Draw(mask)
    for box in ((0, 0, W, top - 1), (0, 0, left - 1, area.height), (right + 1, 0, W, area.height)):
        edges.rectangle(box, fill=255)
    edges.rectangle((0, bottom + 1, W, area.height), fill=255)
    return mask


def _margins(over: Image.Image, mask: Image.Image) -> Frame:
    """The parts of `over` the mask keeps, as plain rectangles: the mask is the four margins round a
    rectangular hole, and pasting four small pictures costs a tenth of pasting the whole frame through
    its mask (the pixels are the same)."""
    hole = ImageChops.invert(mask).getbbox()
    if hole is None:  # no table showing: the frame is everything
        return [(over, (0, 0))]
    x0, y0, x1, y1 = hole
    w, h = over.size
    boxes = ((0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1))
    return [(over.crop(box), (box[0], box[1])) for box in boxes if box[2] > box[0] and box[3] > box[1]]


def _arrow(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: Colour, width: int = 4) -> None:
    draw.line(points, fill=colour, width=width, joint="curve")
    (ax, ay), (bx, by) = points[-2], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    draw.polygon(
        [
            (bx, by),
            (bx - 14 * math.cos(angle - 0.5), by - 14 * math.sin(angle - 0.5)),
            (bx - 14 * math.cos(angle + 0.5), by - 14 * math.sin(angle + 0.5)),
        ],
        fill=colour,
    )


def _draw(pen: Pen, scene: Scene, area: TableArea, frame_parts: Frame) -> list[Tag]:
    """The pieces on the ground, the frame over them, then the labels (never cut by the frame)."""
    th = DEFAULT
    draw = pen.draw
    for marker in scene.markers:
        cx, cy = area.px(marker.centre)
        r = marker_px(marker, area)
        draw.regular_polygon((cx, cy, r), 4, rotation=45, fill=marker.fill, outline=marker.outline)
    if scene.line is not None:
        a, b = scene.line
        draw.line((*area.px(a), *area.px(b)), fill=th.bad, width=4)
    for centre, radius in scene.rings:
        cx, cy = area.px(centre)
        r = radius * area.scale
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=th.good, width=3)
    if len(scene.path) > 1:
        _arrow(draw, [area.px(p) for p in scene.path], th.accent)
    for mark in scene.marks:
        cx, cy = area.px(mark.centre)
        r = mark_px(mark, area)
        if mark.highlight:
            draw.ellipse((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6), outline=th.accent, width=4)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mark.colour, outline=mark.outline, width=mark.outline_width)
    for part, xy in frame_parts:
        pen.image.paste(part, xy)
    tags = lay_out(pen, area, scene)
    for tag in tags:  # every leader line first: a label is never crossed by another's line
        if tag.leader:
            _draw_leader(pen, tag)
    for tag in tags:
        _draw_label(pen, tag)
    return tags


def _grid_labels(pen: Pen, area: TableArea, m: Measure) -> None:
    muted = DEFAULT.muted
    step = 1 if area.scale * m.cell >= 24 else 2  # labels never closer than their own size
    for x in range(area.x0, area.x1, m.cell):
        col = x // m.cell
        if col % step == 0:
            px = area.px((x, area.y0))[0]
            pen.text((px + area.scale * m.cell / 2, area.top + LABEL / 2), column_label(col), SMALL, muted, anchor="mm")
    for y in range(area.y0, area.y1, m.cell):
        row = y // m.cell
        if row % step == 0:
            py = area.px((area.x0, y))[1]
            pen.text((area.left + LABEL / 2, py + area.scale * m.cell / 2), str(row + 1), SMALL, muted, anchor="mm")


# -- under the board: the roster and the legend -------------------------------------------------------------
def terrain_keys(
    game: str, kinds: Iterable[str], looks: dict[str, tuple[Colour, bool]], hatched: Colour = HATCH
) -> list[Key]:
    """One legend entry per kind of terrain on the table (`<game>.key.<kind>`), drawn as on the table."""
    return [
        Key("swatch", f"{game}.key.{kind}", looks[kind][0], hatch=hatched if looks[kind][1] else None)
        for kind in dict.fromkeys(kinds)
    ]


def shared_keys(scene: Scene, roster: Sequence[Entry]) -> list[Key]:
    """The legend's entries for the marks every table game draws the same way, when this image has them."""
    th = DEFAULT
    keys = []
    if any(mark.highlight for mark in scene.marks):
        keys.append(Key("ring", "table.key.last", th.accent))
    if len(scene.path) > 1:
        keys.append(Key("arrow", "table.key.path", th.accent))
    if scene.rings:
        keys.append(Key("reach", "table.key.reach", th.good))
    if scene.line is not None:
        keys.append(Key("line", "table.key.line", th.bad))
    if any(entry.done for entry in roster):
        keys.append(Key("symbol", "table.key.done", th.muted, symbol="✓"))
    return keys


def _icon(image: Image.Image, pen: Pen, key: Key, x: float, y: float) -> None:
    """A 22-px picture of the mark `key` explains, its top left at (x, y)."""
    draw, box = pen.draw, (x, y + 2, x + 22, y + 24)
    cx, cy = x + 11, y + 13
    if key.icon == "swatch":
        draw.rectangle(box, fill=key.colour, outline=(200, 200, 200))
        if key.hatch is not None:
            hatch(image, [(x, y + 2), (x + 22, y + 2), (x + 22, y + 24), (x, y + 24)], key.hatch)
    elif key.icon == "diamond":
        draw.regular_polygon((cx, cy, 10), 4, rotation=45, fill=key.colour, outline=key.outline)
    elif key.icon == "base":
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=key.colour, outline=key.outline, width=3)
    elif key.icon == "ring":  # a base ringed apart, as the last action's figures are
        draw.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=DEFAULT.muted, outline=INK)
        draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), outline=key.colour, width=3)
    elif key.icon == "reach":
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), outline=key.colour, width=3)
    elif key.icon == "arrow":
        _arrow(draw, [(x, cy), (x + 22, cy)], key.colour, 3)
    elif key.icon == "line":
        draw.line((x, cy, x + 22, cy), fill=key.colour, width=4)
    else:
        pen.text((cx, cy), key.symbol, SMALL, key.colour, bold=True, anchor="mm")


def legend_height(pen: Pen, keys: Sequence[Key], locale: str) -> int:
    return len(_legend_rows(pen, keys, locale)) * ROW


def _legend_rows(pen: Pen, keys: Sequence[Key], locale: str) -> list[list[tuple[Key, str, float]]]:
    """The legend's entries flowed into lines of the image's width: (key, text, width); the same legend
    comes back on board after board (its height is measured before it is drawn): flowed once."""
    known = _LEGENDS.get((tuple(keys), locale))
    if known is None:
        known = _flow(pen, keys, locale)
        with _STAMPS_LOCK:
            if len(_LEGENDS) >= LEGENDS:
                _LEGENDS.pop(next(iter(_LEGENDS)))
            _LEGENDS[(tuple(keys), locale)] = known
    return known


_LEGENDS: dict[tuple[tuple[Key, ...], str], list[list[tuple[Key, str, float]]]] = {}
LEGENDS = 256


def _flow(pen: Pen, keys: Sequence[Key], locale: str) -> list[list[tuple[Key, str, float]]]:
    rows: list[list[tuple[Key, str, float]]] = [[]]
    room, used = W - 2 * MARGIN, 0.0
    for key in keys:
        text = pen.fit(t(key.text, locale), SMALL, room - 28)
        width = 28 + pen.length(text, SMALL) + 18
        if rows[-1] and used + width > room:
            rows.append([])
            used = 0.0
        rows[-1].append((key, text, width))
        used += width
    return rows if rows[0] else []


def draw_legend(pen: Pen, keys: Sequence[Key], locale: str, y: int) -> int:
    """The legend from `y`: each mark's picture and what it means; returns where it ends."""
    for row in _legend_rows(pen, keys, locale):

        def paint(p: Pen, row: list[tuple[Key, str, float]] = row) -> None:
            x = 0.0
            for key, text, width in row:
                _icon(p.image, p, key, x, 0)
                p.text((x + 28, 2), text, SMALL, DEFAULT.muted)
                x += width

        _stamp(pen, (MARGIN, y), ("legend", tuple(key for key, _, _ in row), locale), (W - 2 * MARGIN, ROW), paint)
        y += ROW
    return y


def _columns(roster: Sequence[Entry]) -> tuple[list[Entry], list[Entry]]:
    """One column per side, what belongs to neither (monsters) at the foot of the shorter one."""
    columns: tuple[list[Entry], list[Entry]] = ([], [])
    for entry in roster:
        if entry.side in (0, 1):
            columns[entry.side].append(entry)
    for entry in roster:
        if entry.side not in (0, 1):
            min(columns, key=len).append(entry)
    return columns


#: The width of a roster's column, and a pen that only measures (a roster's height is known before it is drawn).
COLUMN = (W - 2 * MARGIN) / 2
_RULER = Pen(Image.new("RGB", (1, 1)))


def roster_height(roster: Sequence[Entry], whole: bool = True) -> int:
    if not roster:
        return 0
    return max(sum(len(row_lines(entry, whole)) for entry in column) for column in _columns(roster)) * ROW + 6


def draw_roster(pen: Pen, roster: Sequence[Entry], y: int, whole: bool = True) -> int:
    """The roster from `y`, a column per side: « B13 Guerrier · ♥2/4 », greyed and ticked once
    activated (long names `whole`, see `row_lines`); returns where it ends."""
    if not roster:
        return y
    for c, column in enumerate(_columns(roster)):
        top = y
        for entry in column:
            lines = row_lines(entry, whole)
            size = (int(COLUMN), ROW * len(lines))
            _stamp(pen, (MARGIN + c * COLUMN, top), ("row", entry, lines), size, _row(entry, lines))
            top += size[1]
    return y + roster_height(roster, whole)


def row_lines(entry: Entry, whole: bool = True) -> tuple[str, ...]:
    """What a roster row says after its id: « name · state ✓ » on one line when it fits the column;
    else, if the name is to be read `whole`, the name on its line and the state on the next, so that a
    long name (« Seigneur des Cendres ») is read whole at a phone's width; if not (the board has no
    room for more lines, `compose`), the name shortened so that the state stays whole."""
    room = COLUMN - _RULER.length(entry.id + " ", SMALL, bold=True) - 8
    tail = (f" · {entry.state}" if entry.state else "") + (" ✓" if entry.done else "")
    if not tail or not whole or _RULER.length(entry.name + tail, SMALL) <= room:
        return (_RULER.fit(entry.name, SMALL, room - _RULER.length(tail, SMALL)) + tail,)
    return (_RULER.fit(entry.name, SMALL, room), _RULER.fit(tail.removeprefix(" · ").strip(), SMALL, room))


def _row(entry: Entry, lines: tuple[str, ...]) -> Callable[[Pen], None]:
    """A roster row: the id in the side's colour, then its lines, aligned after the id."""

    def paint(pen: Pen) -> None:
        pen.text((0, 0), entry.id, SMALL, entry.colour, bold=True)
        offset = pen.length(entry.id + " ", SMALL, bold=True)
        for i, line in enumerate(lines):
            pen.text((offset, i * ROW), line, SMALL, DEFAULT.muted if entry.done else DEFAULT.text)

    return paint


@dataclass(frozen=True, slots=True)
class Picture:
    """What a board image holds beyond its pixels, for the tests: the table's frame (units), its
    labels as laid out, the roster and the legend's entries."""

    box: tuple[int, int, int, int]
    tags: list[Tag]
    roster: Sequence[Entry]
    keys: list[Key] = field(default_factory=list)


def compose(
    header: Callable[[Pen], int],
    scene: Scene,
    focus: Sequence[Point],
    locale: str,
    roster: Sequence[Entry] = (),
) -> tuple[Image.Image, Picture]:
    """The header drawn by `header` (returns its height), the table below it, the roster, the legend."""
    th = DEFAULT
    table, smallest, tags = draw_table(scene, focus)
    keys = [*scene.keys, *shared_keys(scene, roster)]
    top, header_h = _header(header)
    legend = legend_height(top, keys, locale) + 8
    # long names take a second line while the board stays as tall as a board may be (`TALLEST`)
    whole = header_h + table.height + roster_height(roster) + legend <= TALLEST * W
    below = roster_height(roster, whole) + legend
    image = Image.new("RGB", (W, header_h + table.height + below), th.background)
    image.paste(top.image.crop((0, 0, W, header_h)), (0, 0))
    pen = Pen(image)
    pen.smallest, pen.missing, pen.clipped = min(top.smallest, smallest), top.missing, top.clipped
    image.paste(table, (0, header_h))
    y = draw_roster(pen, roster, header_h + table.height, whole)
    draw_legend(pen, keys, locale, y)
    return pen.finish(), Picture(frame(focus, scene.measure), tags, roster, keys)


#: A header's height at most, before it is measured (the tallest, Confrontation's, is about 210 px).
HEADER = 256


def _header(header: Callable[[Pen], int]) -> tuple[Pen, int]:
    """The header drawn once, on a picture taller than it, and its height (it is only known once drawn)."""
    room = HEADER
    while True:
        top = Pen(Image.new("RGB", (W, room), DEFAULT.background))
        height = header(top)
        if height <= room:
            return top, height
        room = height


@dataclass(frozen=True, slots=True)
class TableDrawing:
    """How a table game draws its view: `game` prefixes its strings (`<game>.ui.winner`, `.ui.draw`,
    `.ui.to_act`), `header` draws its header (returns its height), `scene` turns the view, a path and
    rings into marks, `figures` are the view's figures on the table (`id`, `owner`, `x`, `y`),
    `radius` a figure's base, `roster` the view's pieces named for the roster and `reach` how far a
    figure moves when a preview's overlay does not say (None: no reach drawn)."""

    game: str
    header: Callable[[Pen, Any, str], int]
    scene: Callable[[Any, list[Point], list[Ring]], Scene]
    figures: Callable[[Any], Iterable[Any]]
    radius: Callable[[Any], int]
    roster: Callable[[Any, str], Sequence[Entry]]
    reach: Callable[[Any], int] | None = None

    def picture(
        self, view: Any, locale: str, scene: Scene, focus: Sequence[Point], roster: Sequence[Entry] = ()
    ) -> tuple[Image.Image, Picture]:
        """The header, the scene cropped around `focus` (whole without), the roster, the legend."""
        return compose(lambda pen: self.header(pen, view, locale), scene, focus, locale, roster)

    def focus(self, view: Any, path: Sequence[Point]) -> list[Point]:
        """The last action: its path and the figures it touched."""
        last = set(view.last)
        return [*path, *((f.x, f.y) for f in self.figures(view) if f.id in last)]

    def laid_out(self, view: Any, *, locale: str = "fr") -> tuple[Image.Image, Picture]:
        """The board and what it holds: the public board (posted at a new phase and at the end) shows
        the whole table; a player's own board is cropped around the last action and its path."""
        path = [(p[0], p[1]) for p in view.last_path]
        focus = self.focus(view, path) if view.viewer is not None else []
        return self.picture(view, locale, self.scene(view, path, []), focus, self.roster(view, locale))

    def board(self, view: Any, *, locale: str = "fr") -> Image.Image:
        return self.laid_out(view, locale=locale)[0]

    def moving(self, view: Any, overlay: dict[str, Any]) -> tuple[Any, list[Point], Any | None]:
        """A previewed move: the view with the mover as the last action (so it is ringed), the path,
        and the mover when it stands on the table."""
        path = [(p[0], p[1]) for p in overlay.get("path") or []]
        moving = (overlay["figure"],) if overlay.get("figure") else ()
        view = view.model_copy(update={"last": moving})
        return view, path, next((f for f in self.figures(view) if f.id in moving), None)

    def previewed(
        self, view: Any, overlay: dict[str, Any], *, locale: str = "fr"
    ) -> tuple[Image.Image, Picture] | None:
        """The viewer's table with the previewed path and the mover's reach (the overlay's `reach`, or
        the figure's own, from the edge of its base), cropped around them; None without a path (an
        order has no image)."""
        view, path, mover = self.moving(view, overlay)
        if not path:
            return None
        rings = []
        reach = overlay.get("reach") or (self.reach(mover) if mover is not None and self.reach else None)
        if mover is not None and reach:
            rings.append(((mover.x, mover.y), int(reach) + self.radius(mover)))
        return self.picture(view, locale, self.scene(view, path, rings), self.focus(view, path))

    def preview(self, view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
        drawn = self.previewed(view, overlay, locale=locale)
        return None if drawn is None else drawn[0]

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

    def summary(
        self,
        view: Any,
        locale: str,
        count: str,
        waiting: Iterable[int],
        side_line: Callable[[int, Any, str], str],
        figure: Callable[[Any], str],
        extra: Iterable[str] = (),
    ) -> str:
        """The alt text: the round or turn (`count`) and who acts, or the result; one line per side
        (`side_line(seat, side, its figures)`), each figure as `figure` says; then `extra`."""
        status = self.status(view, locale, waiting)
        lines = [status if view.winners is not None else f"{count} — {status}"]
        figures = list(self.figures(view))
        for seat, side in enumerate(view.sides):
            lines.append(side_line(seat, side, ", ".join(figure(f) for f in figures if f.owner == seat) or "—"))
        return alt_text([*lines, *extra])


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
