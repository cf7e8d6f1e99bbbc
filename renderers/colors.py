"""Colors of Magic: the table from a `ColorsView` (never a state), its header, the hand, a move's preview.

Drawn for a phone: 640 px wide, every text through the `Pen` at 20 px or more (12 px once shown 390 px
wide). The whole table when nothing has happened yet; otherwise a crop around what the last action
touched (figures, the move's path), scaled up so bases and labels stay large. Terrain by kind, objectives
with the times they can still score, figures labelled by their id in their side's colour (wizards ringed
in gold, monsters grey), the last move's path with an arrow, the figures it touched ringed.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.i18n import t
from bot.table.units import INCH

from .pen import Pen
from .theme import DEFAULT, phone_min_size

W = 640
SMALL = phone_min_size(W)
MARGIN = 8
LABEL = 26  # the grid's letters and numbers
TABLE = 24 * INCH
TERRAIN = {  # fill, and whether it is hatched (difficult ground)
    "forest": ((74, 110, 64), True),
    "ruins": ((112, 104, 92), False),
    "rock": ((70, 62, 56), False),
}
MONSTER = (170, 150, 190)
GOLD = (230, 190, 90)


def _t(locale: str, key: str, **params: Any) -> str:
    return t(key, locale, **params)


def _card(locale: str, card: str) -> str:
    return _t(locale, f"colors.card.{card}")


def _frame(points: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The table, or the grid-aligned box around `points` with three inches around (at least 8 wide)."""
    if not points:
        return (0, 0, TABLE, TABLE)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0 = max(0, (min(xs) // INCH - 3) * INCH)
    y0 = max(0, (min(ys) // INCH - 3) * INCH)
    x1 = min(TABLE, (max(xs) // INCH + 4) * INCH)
    y1 = min(TABLE, (max(ys) // INCH + 4) * INCH)
    while x1 - x0 < 8 * INCH:  # never zoom in further than eight inches across
        x0, x1 = max(0, x0 - INCH), min(TABLE, x1 + INCH)
    while y1 - y0 < 6 * INCH:
        y0, y1 = max(0, y0 - INCH), min(TABLE, y1 + INCH)
    while 4 * (y1 - y0) > 5 * (x1 - x0) and x1 - x0 < TABLE:  # never taller than 5:4: a phone scrolls
        x0, x1 = max(0, x0 - INCH), min(TABLE, x1 + INCH)
    while 4 * (x1 - x0) > 5 * (y1 - y0) and y1 - y0 < TABLE:  # nor wider than 5:4: labels would shrink
        y0, y1 = max(0, y0 - INCH), min(TABLE, y1 + INCH)
    return (x0, y0, x1, y1)


class _Table:
    """Where the table part of the image lies and how table units map to pixels."""

    def __init__(self, box: tuple[int, int, int, int], top: int) -> None:
        self.x0, self.y0, self.x1, self.y1 = box
        self.top = top
        self.scale = (W - 2 * MARGIN - LABEL) / (self.x1 - self.x0)
        self.height = round((self.y1 - self.y0) * self.scale) + LABEL + 4

    def px(self, p: tuple[int, int]) -> tuple[float, float]:
        return (
            MARGIN + LABEL + (p[0] - self.x0) * self.scale,
            self.top + LABEL + (p[1] - self.y0) * self.scale,
        )


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    phase = _t(locale, f"colors.phase.{view.phase}") if view.phase != "over" else ""
    head = f"{_t(locale, 'colors.name')} — {_t(locale, 'colors.ui.round', round=view.round)}"
    if phase:
        head += f" — {phase}"
    pen.text((MARGIN, 8), pen.fit(head, 24, W - 2 * MARGIN, bold=True), 24, th.text, bold=True)
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        status = _t(locale, "colors.ui.winner", names=names) if names else _t(locale, "colors.ui.draw")
    else:
        status = _t(locale, "colors.ui.to_act", names=", ".join(view.sides[s].name for s in view.to_act) or "—")
    pen.text((MARGIN, 40), pen.fit(status, 22, W - 2 * MARGIN), 22, th.accent)
    y = 72
    for side in view.sides:
        colour = th.seat_colours[side.seat % len(th.seat_colours)]
        pen.draw.rectangle((MARGIN, y + 3, MARGIN + 6, y + 23), fill=colour)
        first = " ★" if view.first == side.seat else ""
        name = pen.fit(f"{side.name} ({_card(locale, side.wizard)}){first}", SMALL, 300, bold=True)
        pen.text((MARGIN + 14, y), name, SMALL, colour, bold=True)
        x = MARGIN + 14 + 306
        for key, value in (
            ("colors.ui.mana", side.mana),
            ("colors.ui.vp", side.vp),
            ("colors.ui.hand", side.hand_count),
        ):
            label = _t(locale, key)
            pen.text((x, y), label, SMALL, th.muted)
            x += int(pen.length(label + " ", SMALL))
            pen.text((x, y - 1), str(value), 22, th.text, bold=True)
            x += int(pen.length(str(value), 22, bold=True)) + 12
        y += 28
    if view.duel is not None:
        d = view.duel
        text = _t(locale, "colors.ui.duel", attacker=d.attacker, defender=d.defender, a=d.counts[0], b=d.counts[1])
        pen.text((MARGIN, y), pen.fit(text, SMALL, W - 2 * MARGIN), SMALL, th.bad, bold=True)
        y += 28
    return y + 4


def _hatch(image: Image.Image, points: list[tuple[float, float]]) -> None:
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


def _table(
    image: Image.Image,
    pen: Pen,
    view: Any,
    tab: _Table,
    path: list[tuple[int, int]],
    rings: list[tuple[tuple[int, int], int]],
) -> None:
    from bot.games.colors.board import profile
    from bot.games.colors.content import SCENARIOS

    th = DEFAULT
    draw = pen.draw
    left, top = tab.px((tab.x0, tab.y0))
    right, bottom = tab.px((tab.x1, tab.y1))
    draw.rectangle((left, top, right, bottom), fill=th.panel)
    for x in range(tab.x0, tab.x1 + 1, INCH):
        px = tab.px((x, tab.y0))[0]
        draw.line((px, top, px, bottom), fill=th.panel_alt, width=1)
    for y in range(tab.y0, tab.y1 + 1, INCH):
        py = tab.px((tab.x0, y))[1]
        draw.line((left, py, right, py), fill=th.panel_alt, width=1)
    scenario = SCENARIOS[view.scenario]
    for piece in scenario.terrain:
        points = [tab.px(p) for p in piece.points()]
        fill, hatched = TERRAIN[piece.kind]
        draw.polygon(points, fill=fill, outline=(200, 200, 200))
        if hatched:
            _hatch(image, points)
    for obj in scenario.objectives:
        cx, cy = tab.px(obj.point())
        r = max(8.0, INCH * 0.4 * tab.scale)
        left_times = view.objectives.get(obj.id, 0)
        draw.regular_polygon(
            (cx, cy, r), 4, rotation=45, fill=GOLD if left_times else th.panel_alt, outline=(20, 20, 20)
        )
        pen.text((cx + r + 2, cy - r - 4), str(left_times), SMALL, GOLD, bold=True)
    by_id = {f.id: f for f in view.figures}
    if view.duel is not None and view.duel.attacker in by_id and view.duel.defender in by_id:
        a, b = by_id[view.duel.attacker], by_id[view.duel.defender]  # the duel's line (of sight, when at range)
        draw.line((*tab.px((a.x, a.y)), *tab.px((b.x, b.y))), fill=th.bad, width=4)
    for centre, radius in rings:  # a move's reach, in the preview
        cx, cy = tab.px(centre)
        r = radius * tab.scale
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=th.good, width=3)
    if len(path) > 1:
        points = [tab.px(p) for p in path]
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
    last = set(view.last)
    for fig in view.figures:
        cx, cy = tab.px((fig.x, fig.y))
        r = max(9.0, profile(fig).radius * tab.scale)
        colour = MONSTER if fig.owner < 0 else th.seat_colours[fig.owner % len(th.seat_colours)]
        if fig.id in last:
            draw.ellipse((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6), outline=th.accent, width=4)
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            fill=colour,
            outline=GOLD if fig.wizard else (20, 20, 20),
            width=4 if fig.wizard else 2,
        )
        label = fig.id + (f" ♥{fig.pv}" if fig.pv < profile(fig).pv else "")
        width = pen.length(label, SMALL, bold=True) + 8
        lx, ly = cx + r * 0.6, cy - r * 0.6 - 24
        lx = min(lx, W - MARGIN - width)
        draw.rounded_rectangle((lx, ly, lx + width, ly + 24), radius=6, fill=(20, 20, 20))
        pen.text((lx + 4, ly + 1), label, SMALL, colour, bold=True)
    # the margins hold the grid's labels: whatever a crop cut spills there is painted over
    draw.rectangle((0, 0, W, top - 1), fill=th.background)
    draw.rectangle((0, 0, left - 1, image.height), fill=th.background)
    draw.rectangle((right + 1, 0, W, image.height), fill=th.background)
    draw.rectangle((0, bottom + 1, W, image.height), fill=th.background)
    step = 1 if tab.scale * INCH >= 24 else 2  # labels never closer than their own size
    for x in range(tab.x0, tab.x1, INCH):
        col = x // INCH
        if col % step == 0:
            px = tab.px((x, tab.y0))[0]
            pen.text(
                (px + tab.scale * INCH / 2, tab.top + LABEL / 2), chr(ord("A") + col), SMALL, th.muted, anchor="mm"
            )
    for y in range(tab.y0, tab.y1, INCH):
        row = y // INCH
        if row % step == 0:
            py = tab.px((tab.x0, y))[1]
            pen.text((MARGIN + LABEL / 2, py + tab.scale * INCH / 2), str(row + 1), SMALL, th.muted, anchor="mm")


def _draw(
    view: Any,
    locale: str,
    path: list[tuple[int, int]],
    focus: list[tuple[int, int]],
    rings: list[tuple[tuple[int, int], int]] | None = None,
) -> Image.Image:
    th = DEFAULT
    probe = Pen(Image.new("RGB", (W, 10), th.background))
    header_h = _header(probe, view, locale)
    tab = _Table(_frame(focus), 0)
    legend_h = 30
    image = Image.new("RGB", (W, header_h + tab.height + legend_h + 6), th.background)
    pen = Pen(image)
    _header(pen, view, locale)
    # the table on its own canvas: what lies outside a crop is cut at its edge, never drawn on the header
    canvas = Image.new("RGB", (W, tab.height), th.background)
    table_pen = Pen(canvas)
    _table(canvas, table_pen, view, tab, path, rings or [])
    image.paste(canvas, (0, header_h))
    pen.smallest = min(pen.smallest, table_pen.smallest)
    y = header_h + tab.height + 4
    legend = _t(locale, "colors.ui.legend")
    pen.text((MARGIN, y), pen.fit(legend, SMALL, W - 2 * MARGIN), SMALL, th.muted)
    return pen.finish()


def _focus(view: Any, path: list[tuple[int, int]], ids: set[str]) -> list[tuple[int, int]]:
    return [*path, *((f.x, f.y) for f in view.figures if f.id in ids)]


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    """The table around the last action (the whole table before any), with each side's figures."""
    path = [tuple(p) for p in view.last_path]
    return _draw(view, locale, path, _focus(view, path, set(view.last)))


def render_preview(view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image:
    """The viewer's table with the previewed path and the mover's reach (its Movement from where it
    stands, edge of the base included), cropped around them."""
    from bot.games.colors.board import profile

    path = [tuple(p) for p in overlay.get("path") or []]
    moving = {overlay["figure"]} if overlay.get("figure") else set()
    view = view.model_copy(update={"last": tuple(moving)})
    rings = []
    mover = next((f for f in view.figures if f.id in moving), None)
    if mover is not None:
        reach = profile(mover).move * INCH + profile(mover).radius
        rings.append(((mover.x, mover.y), reach))
    return _draw(view, locale, path, _focus(view, path, moving), rings)


def render_hand(view: Any, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand, one card a line: name, type, cost, initiative (None for the public view)."""
    from bot.games.colors.content import CARDS

    if view.viewer is None:
        return None
    hand = view.sides[view.viewer].hand
    if hand is None:
        return None
    th = DEFAULT
    image = Image.new("RGB", (W, 52 + max(1, len(hand)) * 30 + 10), th.background)
    pen = Pen(image)
    pen.text((MARGIN, 10), _t(locale, "colors.ui.your_hand", n=len(hand)), 24, th.accent, bold=True)
    y = 50
    for card_id in sorted(hand, key=lambda c: (CARDS[c].cost, c)):
        card = CARDS[card_id]
        pen.text((MARGIN + 4, y), str(card.cost), 22, th.accent, bold=True)
        kind = _t(locale, f"colors.type.{card.type}")
        text = f"{_card(locale, card_id)} — {kind} · {_t(locale, 'colors.ui.initiative', n=card.boost.initiative)}"
        pen.text((MARGIN + 34, y + 1), pen.fit(text, SMALL, W - 2 * MARGIN - 40), SMALL, th.text)
        y += 30
    return pen.finish()


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: round, who acts, each side's figures and where they stand (public facts only)."""
    from bot.games.colors.board import MEASURE

    lines = []
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        lines.append(_t(locale, "colors.ui.winner", names=names) if names else _t(locale, "colors.ui.draw"))
    else:
        lines.append(
            f"{_t(locale, 'colors.ui.round', round=view.round)} — "
            + _t(locale, "colors.ui.to_act", names=", ".join(view.sides[s].name for s in view.to_act) or "—")
        )
    for side in view.sides:
        figs = ", ".join(
            f"{_card(locale, f.card)} {f.id} {MEASURE.cell_of((f.x, f.y))} ({f.pv} PV)"
            for f in view.figures
            if f.owner == side.seat
        )
        lines.append(
            _t(
                locale,
                "colors.ui.summary_side",
                name=side.name,
                wizard=_card(locale, side.wizard),
                mana=side.mana,
                vp=side.vp,
                hand=side.hand_count,
                figures=figs or "—",
            )
        )
    monsters = [f for f in view.figures if f.owner < 0]
    if monsters:
        lines.append(
            ", ".join(f"{_card(locale, f.card)} {f.id} {MEASURE.cell_of((f.x, f.y))} ({f.pv} PV)" for f in monsters)
        )
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1499] + "…"


RENDERER = {"board": render_board, "hand": render_hand, "summary": summarize, "preview": render_preview}
