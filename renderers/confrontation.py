"""Confrontation: the table from a `ConfView` (never a state), the sequence, a move's preview, alt text.

The table in centimetres on the shared skirmish renderer (5 cm cells): the whole table on the public
board, a crop around the fighters the last step activated, moved or hit (ringed) on a player's own
board; woods hatched, ruins in stone, the rock dark; under it the roster (profile, wound, card played)
and the legend. The header says the turn and phase, who acts, each side's pile, reserve state, refusals
and losses; the cards played this turn (public once played). The "hand" image is the viewer's own
sequence: its order and its reserve, never shown to the other side.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.games.confrontation.board import measure
from bot.games.confrontation.content import PROFILES, SCENARIOS
from bot.i18n import t
from bot.table.units import Point

from . import skirmish as sk
from .pen import Pen
from .renderer import Renderer
from .theme import DEFAULT

TERRAIN = {"wood": ((74, 110, 64), True), "ruins": ((112, 104, 92), False), "rock": ((70, 62, 56), False)}


def _profile(locale: str, pid: str) -> str:
    return t(f"confrontation.profile.{pid}", locale)


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    phase = (
        t(f"confrontation.phase.{view.phase}", locale) if view.phase in ("strategic", "activation", "combat") else ""
    )
    y = TABLE.heading(pen, view, locale, t("confrontation.ui.turn", locale, turn=view.turn), phase, view.to_act)
    for side in view.sides:
        lead = " ★" if view.speaker == side.seat else ""
        band = t(f"confrontation.warband.{side.warband}", locale)
        sk.side_name(pen, y, side.seat, f"{side.name} ({band}){lead}", 49)
        y += 26
        counts = (
            ("confrontation.ui.pile", side.pile_count),
            ("confrontation.ui.reserve", side.reserve_state),
            ("confrontation.ui.refusals", side.refusals),
            ("confrontation.ui.lost", side.lost),
        )
        sk.numbers(pen, sk.MARGIN + 14, y, ((t(key, locale), value) for key, value in counts), 16)
        y += 28
    if view.played:
        cards = ", ".join(_profile(locale, c) for _, cs in view.played[-3:] for c in cs)
        text = t("confrontation.ui.played", locale, cards=cards)
        pen.text((sk.MARGIN, y), pen.fit(text, sk.SMALL, sk.W - 2 * sk.MARGIN), sk.SMALL, th.muted)
        y += 28
    return y + 4


def _scene(view: Any, path: list[Point], rings: list[sk.Ring]) -> sk.Scene:
    terrain = SCENARIOS[view.scenario].terrain
    pieces = [sk.Piece(p.points(), *TERRAIN[p.kind]) for p in terrain]
    last = set(view.last)
    marks = []
    for f in view.fighters:
        label = f.id + ("♥" * f.wound) + (" ◆" if f.covered else "")
        marks.append(sk.Mark.of_side((f.x, f.y), PROFILES[f.profile].radius, f.owner, label, f.id in last))
    line = None
    if view.shot is not None:
        a, b = (next((f for f in view.fighters if f.id == fid), None) for fid in (view.shot.shooter, view.shot.target))
        if a is not None and b is not None:
            line = ((a.x, a.y), (b.x, b.y))
    keys = sk.terrain_keys("confrontation", (p.kind for p in terrain), TERRAIN)
    if any(f.wound for f in view.fighters):
        keys.append(sk.Key("symbol", "confrontation.key.wound", DEFAULT.bad, symbol="♥"))
    if any(f.covered for f in view.fighters):
        keys.append(sk.Key("symbol", "confrontation.key.covered", DEFAULT.text, symbol="◆"))
    return sk.Scene(measure(view.scenario), pieces, marks, path, rings, line, keys=keys)


def _roster(view: Any, locale: str) -> list[sk.Entry]:
    """Each fighter: its profile, its wound (♥ per level, as on the table), ticked once its card is
    played this turn."""
    return [
        sk.Entry(f.id, sk.seat_colour(f.owner), _profile(locale, f.profile), "♥" * f.wound, f.activated, f.owner)
        for f in view.fighters
    ]


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
    image = Image.new("RGB", (sk.W, 52 + max(1, rows) * 32 + 10), th.background)
    pen = Pen(image)
    pen.text((sk.MARGIN, 10), t("confrontation.ui.sequence_title", locale), 24, th.accent, bold=True)
    y = 50
    for i, pid in enumerate(order):
        pen.text((sk.MARGIN + 4, y), f"{i + 1}.", 22, th.accent, bold=True)
        pen.text(
            (sk.MARGIN + 44, y + 1),
            pen.fit(_profile(locale, pid), sk.SMALL, sk.W - 2 * sk.MARGIN - 50),
            sk.SMALL,
            th.text,
        )
        y += 32
    if side.reserve:
        label = (
            f"{t('confrontation.ui.reserve', locale)} : "
            if locale == "fr"
            else f"{t('confrontation.ui.reserve', locale)}: "
        )
        pen.text(
            (sk.MARGIN + 4, y),
            pen.fit(label + _profile(locale, side.reserve), sk.SMALL, sk.W - 2 * sk.MARGIN),
            sk.SMALL,
            sk.GOLD,
            bold=True,
        )
    return pen.finish()


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: turn, who acts, each side's sequence state and fighters (public facts only)."""
    m = measure(view.scenario)

    def figure(f: Any) -> str:
        wound = f" ({t(f'confrontation.wound.{WOUNDS[f.wound]}', locale)})" if f.wound else ""
        return f"{_profile(locale, f.profile)} {f.id} {m.cell_of((f.x, f.y))}{wound}"

    def side_line(seat: int, side: Any, fighters: str) -> str:
        return t(
            "confrontation.ui.summary_side",
            locale,
            name=side.name,
            band=t(f"confrontation.warband.{side.warband}", locale),
            pile=side.pile_count,
            reserve=side.reserve_state,
            refusals=side.refusals,
            lost=side.lost,
            fighters=fighters,
        )

    count = t("confrontation.ui.turn", locale, turn=view.turn)
    return TABLE.summary(view, locale, count, view.to_act, side_line, figure)


WOUNDS = ("unhurt", "light", "serious", "critical")

TABLE = sk.TableDrawing(
    "confrontation", _header, _scene, lambda view: view.fighters, lambda f: PROFILES[f.profile].radius, _roster
)
render_board = TABLE.board
render_preview = TABLE.preview
RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize, preview=render_preview)
