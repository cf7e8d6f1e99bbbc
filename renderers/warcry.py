"""WarCry: the table from a `WarView` (never a state), a move's or a deployment's preview, alt text.

The 30" × 22" table in inches on the shared skirmish renderer (1" cells): the whole table before the
first move, then a crop around what the last action touched (ringed in gold) and the last path; walls
and ruins in stone, the pit hatched red, the objectives as diamonds in the colour of the side that
holds them. The header says the round and phase, who acts, each side's singles, ability dice and
victory points. There is no hand: nothing is hidden in WarCry.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.games.warcry.board import MEASURE
from bot.games.warcry.content import PROFILES
from bot.games.warcry.content import TERRAIN as PIECES
from bot.i18n import t
from bot.table.units import INCH, Point

from .pen import Pen
from .renderer import Renderer
from .skirmish import GOLD, MARGIN, SMALL, Mark, Piece, Ring, Scene, TableArea, TableDrawing, W, alt_text, side_name
from .theme import DEFAULT

TERRAIN = {"obstacle": ((112, 104, 92), False), "deadly": ((150, 60, 50), True)}


def _dice(locale: str, side: Any) -> str:
    groups = side.dice.groups
    if not groups:
        return t("warcry.dice.none", locale)
    return ", ".join(t(f"warcry.dice.tier{tier}", locale, value=v) for tier, v in groups)


def _waiting(view: Any) -> tuple[int, ...]:
    return tuple(view.stack[-1].seats) if view.stack else ()


def _round(view: Any, locale: str) -> str:
    """« Round 2/4 », or « Mise en place » before the first round (groups and deployment), as the thread
    says."""
    return t("warcry.ui.round", locale, round=view.round) if view.round else t("warcry.ui.setup", locale)


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    phase = t(f"warcry.phase.{view.phase}", locale) if view.phase in ("deploy", "hero", "combat") else ""
    y = TABLE.heading(pen, view, locale, _round(view, locale), phase, _waiting(view))
    for seat, side in enumerate(view.sides):
        side_name(pen, y, seat, f"{side.name} ({t(f'warcry.warband.{side.warband}', locale)})", 49)
        y += 26
        stats = (
            f"{t('warcry.ui.singles', locale, n=side.dice.singles)} · {_dice(locale, side)} · "
            f"{side.vp} {t('warcry.ui.vp', locale)}"
        )
        pen.text((MARGIN + 14, y), pen.fit(stats, SMALL, W - 2 * MARGIN - 14), SMALL, th.text)
        y += 28
    return y + 4


def _scene(view: Any, path: list[Point], rings: list[Ring], ghosts: dict[str, Point] | None = None) -> Scene:
    th = DEFAULT
    pieces = [Piece(p.points(), *TERRAIN[p.kind]) for p in PIECES]
    last = set(view.last)
    marks = []
    for f in view.fighters:
        if not f.placed and not (ghosts and f.id in ghosts):
            continue
        x, y = ghosts[f.id] if ghosts and f.id in ghosts else (f.x, f.y)
        label = f.id + (f" ♥{f.damage}" if f.damage else "")
        marks.append(Mark.of_side((x, y), PROFILES[f.profile].radius, f.owner, label, f.id in last))

    def objectives(pen: Pen, area: TableArea) -> None:
        for o in view.objectives:
            cx, cy = area.px((o.x, o.y))
            r = max(10.0, INCH * 0.5 * area.scale)
            fill = th.panel_alt if o.controller is None else th.seat_colours[o.controller % len(th.seat_colours)]
            pen.draw.regular_polygon((cx, cy, r), 4, rotation=45, fill=fill, outline=GOLD, width=3)
            pen.text((cx, cy), f"◆{o.id}", SMALL, (20, 20, 20), bold=True, anchor="mm")

    return Scene(MEASURE, pieces, marks, path, rings, None, objectives)


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    if view.phase in ("setup", "deploy"):
        return TABLE.draw(view, locale, [(p[0], p[1]) for p in view.last_path], [])  # the whole table while setting up
    return TABLE.board(view, locale=locale)


def render_preview(view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
    """The viewer's table with the previewed path and the mover's reach, or a group's places."""
    if overlay.get("places"):
        ghosts = {fid: (p[0], p[1]) for fid, p in overlay["places"]}
        view = view.model_copy(update={"last": tuple(ghosts)})
        return TABLE.picture(view, locale, _scene(view, [], [], ghosts), list(ghosts.values()))
    return TABLE.preview(view, overlay, locale=locale)


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: round, who acts, each side's dice, points and fighters with their damage."""
    status = TABLE.status(view, locale, _waiting(view))
    round_ = _round(view, locale)
    lines = [status if view.winners is not None else f"{round_} — {status}"]
    for seat, side in enumerate(view.sides):
        figs = ", ".join(
            f"{t(f'warcry.profile.{f.profile}', locale)} {f.id} {MEASURE.cell_of((f.x, f.y))}"
            + (f" (♥{f.damage})" if f.damage else "")
            for f in view.fighters
            if f.owner == seat and f.placed
        )
        lines.append(
            t(
                "warcry.ui.summary_side",
                locale,
                name=side.name,
                band=t(f"warcry.warband.{side.warband}", locale),
                singles=side.dice.singles,
                dice=_dice(locale, side),
                vp=side.vp,
                fighters=figs or "—",
            )
        )
    for o in view.objectives:
        holder = view.sides[o.controller].name if o.controller is not None else "—"
        lines.append(
            f"◆{o.id} {MEASURE.cell_of((o.x, o.y))} : {holder}"
            if locale == "fr"
            else f"◆{o.id} {MEASURE.cell_of((o.x, o.y))}: {holder}"
        )
    return alt_text(lines)


TABLE = TableDrawing(
    "warcry",
    _header,
    _scene,
    lambda view: [f for f in view.fighters if f.placed],
    lambda f: PROFILES[f.profile].radius,
)
RENDERER = Renderer(board=render_board, summary=summarize, preview=render_preview)
