"""Confrontation: the table from a `ConfView` (never a state), the sequence, a move's preview, alt text.

The table in centimetres on the shared skirmish renderer (5 cm cells): the whole table before the
first move, then a crop around the fighters the last step activated, moved or hit (ringed), the last
move's path; woods hatched, ruins in stone, the rock dark. The header says the turn and phase, who
acts, each side's pile, reserve state, refusals and losses; the cards played this turn (public once
played). The "hand" image is the viewer's own sequence: its order and its reserve, never shown to
the other side.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.games.confrontation.board import measure
from bot.games.confrontation.content import PROFILES, SCENARIOS
from bot.i18n import t

from .pen import Pen
from .renderer import Renderer
from .skirmish import GOLD, MARGIN, SMALL, Mark, Piece, Scene, W, compose, draw_table
from .theme import DEFAULT

TERRAIN = {"wood": ((74, 110, 64), True), "ruins": ((112, 104, 92), False), "rock": ((70, 62, 56), False)}


def _t(locale: str, key: str, **params: Any) -> str:
    return t(key, locale, **params)


def _profile(locale: str, pid: str) -> str:
    return _t(locale, f"confrontation.profile.{pid}")


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    phase = (
        _t(locale, f"confrontation.phase.{view.phase}") if view.phase in ("strategic", "activation", "combat") else ""
    )
    head = f"{_t(locale, 'confrontation.name')} — {_t(locale, 'confrontation.ui.turn', turn=view.turn)}"
    if phase:
        head += f" — {phase}"
    pen.text((MARGIN, 8), pen.fit(head, 24, W - 2 * MARGIN, bold=True), 24, th.text, bold=True)
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        status = _t(locale, "confrontation.ui.winner", names=names) if names else _t(locale, "confrontation.ui.draw")
    else:
        names = ", ".join(view.sides[s].name for s in view.to_act) or "—"
        status = _t(locale, "confrontation.ui.to_act", names=names)
    pen.text((MARGIN, 40), pen.fit(status, 22, W - 2 * MARGIN), 22, th.accent)
    y = 72
    for side in view.sides:
        colour = th.seat_colours[side.seat % len(th.seat_colours)]
        pen.draw.rectangle((MARGIN, y + 3, MARGIN + 6, y + 49), fill=colour)
        lead = " ★" if view.speaker == side.seat else ""
        band = _t(locale, f"confrontation.warband.{side.warband}")
        pen.text(
            (MARGIN + 14, y),
            pen.fit(f"{side.name} ({band}){lead}", SMALL, W - 2 * MARGIN - 14, bold=True),
            SMALL,
            colour,
            bold=True,
        )
        y += 26
        x = MARGIN + 14
        for key, value in (
            ("confrontation.ui.pile", side.pile_count),
            ("confrontation.ui.reserve", side.reserve_state),
            ("confrontation.ui.refusals", side.refusals),
            ("confrontation.ui.lost", side.lost),
        ):
            label = _t(locale, key)
            pen.text((x, y), label, SMALL, th.muted)
            x += int(pen.length(label + " ", SMALL))
            pen.text((x, y - 1), str(value), 22, th.text, bold=True)
            x += int(pen.length(str(value), 22, bold=True)) + 16
        y += 28
    if view.played:
        cards = ", ".join(_profile(locale, c) for _, cs in view.played[-3:] for c in cs)
        text = _t(locale, "confrontation.ui.played", cards=cards)
        pen.text((MARGIN, y), pen.fit(text, SMALL, W - 2 * MARGIN), SMALL, th.muted)
        y += 28
    return y + 4


def _scene(view: Any, path: list[tuple[int, int]], rings: list[tuple[tuple[int, int], int]]) -> Scene:
    th = DEFAULT
    pieces = [Piece(p.points(), *TERRAIN[p.kind]) for p in SCENARIOS[view.scenario].terrain]
    last = set(view.last)
    marks = []
    for f in view.fighters:
        label = f.id + ("♥" * f.wound) + (" ◆" if f.covered else "")
        marks.append(
            Mark(
                centre=(f.x, f.y),
                radius=PROFILES[f.profile].radius,
                colour=th.seat_colours[f.owner % len(th.seat_colours)],
                label=label,
                outline=GOLD if f.id in last else (20, 20, 20),
                outline_width=4 if f.id in last else 2,
                highlight=f.id in last,
            )
        )
    line = None
    if view.shot is not None:
        a, b = (next((f for f in view.fighters if f.id == fid), None) for fid in (view.shot.shooter, view.shot.target))
        if a is not None and b is not None:
            line = ((a.x, a.y), (b.x, b.y))
    return Scene(measure(view.scenario), pieces, marks, path, rings, line)


def _draw(
    view: Any,
    locale: str,
    path: list[tuple[int, int]],
    focus: list[tuple[int, int]],
    rings: list[tuple[tuple[int, int], int]] | None = None,
) -> Image.Image:
    table, smallest = draw_table(_scene(view, path, rings or []), focus)
    return compose(lambda pen: _header(pen, view, locale), table, smallest, _t(locale, "confrontation.ui.legend"))


def _focus(view: Any, path: list[tuple[int, int]], ids: set[str]) -> list[tuple[int, int]]:
    return [*path, *((f.x, f.y) for f in view.fighters if f.id in ids)]


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    path = [tuple(p) for p in view.last_path]
    return _draw(view, locale, path, _focus(view, path, set(view.last)))


def render_preview(view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
    """The viewer's table with the previewed path and the mover's reach; an order has no image (its
    lines say it all)."""
    path = [tuple(p) for p in overlay.get("path") or []]
    if not path:
        return None
    moving = {overlay["figure"]} if overlay.get("figure") else set()
    view = view.model_copy(update={"last": tuple(moving)})
    mover = next((f for f in view.fighters if f.id in moving), None)
    rings = []
    if mover is not None and overlay.get("reach"):
        rings.append(((mover.x, mover.y), int(overlay["reach"]) + PROFILES[mover.profile].radius))
    return _draw(view, locale, path, _focus(view, path, moving), rings)


def render_hand(view: Any, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's own sequence, top first, and its reserve (None for the public view)."""
    if view.viewer is None:
        return None
    side = view.sides[view.viewer]
    order = side.pile if side.pile else (view.my_order or ())
    if not order and side.reserve is None:
        return None
    th = DEFAULT
    rows = len(order) + (1 if side.reserve else 0)
    image = Image.new("RGB", (W, 52 + max(1, rows) * 32 + 10), th.background)
    pen = Pen(image)
    pen.text((MARGIN, 10), _t(locale, "confrontation.ui.sequence_title"), 24, th.accent, bold=True)
    y = 50
    for i, pid in enumerate(order):
        pen.text((MARGIN + 4, y), f"{i + 1}.", 22, th.accent, bold=True)
        pen.text((MARGIN + 44, y + 1), pen.fit(_profile(locale, pid), SMALL, W - 2 * MARGIN - 50), SMALL, th.text)
        y += 32
    if side.reserve:
        label = (
            f"{_t(locale, 'confrontation.ui.reserve')} : "
            if locale == "fr"
            else f"{_t(locale, 'confrontation.ui.reserve')}: "
        )
        pen.text(
            (MARGIN + 4, y),
            pen.fit(label + _profile(locale, side.reserve), SMALL, W - 2 * MARGIN),
            SMALL,
            GOLD,
            bold=True,
        )
    return pen.finish()


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: turn, who acts, each side's sequence state and fighters (public facts only)."""
    m = measure(view.scenario)
    lines = []
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        lines.append(
            _t(locale, "confrontation.ui.winner", names=names) if names else _t(locale, "confrontation.ui.draw")
        )
    else:
        names = ", ".join(view.sides[s].name for s in view.to_act) or "—"
        lines.append(
            f"{_t(locale, 'confrontation.ui.turn', turn=view.turn)} — "
            + _t(locale, "confrontation.ui.to_act", names=names)
        )
    for side in view.sides:
        figs = ", ".join(
            f"{_profile(locale, f.profile)} {f.id} {m.cell_of((f.x, f.y))}"
            + (f" ({_t(locale, f'confrontation.wound.{WOUNDS[f.wound]}')})" if f.wound else "")
            for f in view.fighters
            if f.owner == side.seat
        )
        lines.append(
            _t(
                locale,
                "confrontation.ui.summary_side",
                name=side.name,
                band=_t(locale, f"confrontation.warband.{side.warband}"),
                pile=side.pile_count,
                reserve=side.reserve_state,
                refusals=side.refusals,
                lost=side.lost,
                fighters=figs or "—",
            )
        )
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1499] + "…"


WOUNDS = ("unhurt", "light", "serious", "critical")

RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize, preview=render_preview)
