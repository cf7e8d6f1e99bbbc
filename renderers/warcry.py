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
from bot.table.units import INCH

from .pen import Pen
from .renderer import Renderer
from .skirmish import GOLD, MARGIN, SMALL, Mark, Piece, Scene, TableArea, W, compose, draw_table
from .theme import DEFAULT

TERRAIN = {"obstacle": ((112, 104, 92), False), "deadly": ((150, 60, 50), True)}


def _t(locale: str, key: str, **params: Any) -> str:
    return t(key, locale, **params)


def _dice(locale: str, side: Any) -> str:
    groups = side.dice.groups
    if not groups:
        return _t(locale, "warcry.dice.none")
    return ", ".join(_t(locale, f"warcry.dice.tier{tier}", value=v) for tier, v in groups)


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    head = f"{_t(locale, 'warcry.name')} — {_t(locale, 'warcry.ui.round', round=max(1, view.round))}"
    if view.phase in ("deploy", "hero", "combat"):
        head += f" — {_t(locale, f'warcry.phase.{view.phase}')}"
    pen.text((MARGIN, 8), pen.fit(head, 24, W - 2 * MARGIN, bold=True), 24, th.text, bold=True)
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        status = _t(locale, "warcry.ui.winner", names=names) if names else _t(locale, "warcry.ui.draw")
    else:
        waiting = view.stack[-1].seats if view.stack else ()
        status = _t(locale, "warcry.ui.to_act", names=", ".join(view.sides[s].name for s in waiting) or "—")
    pen.text((MARGIN, 40), pen.fit(status, 22, W - 2 * MARGIN), 22, th.accent)
    y = 72
    for seat, side in enumerate(view.sides):
        colour = th.seat_colours[seat % len(th.seat_colours)]
        pen.draw.rectangle((MARGIN, y + 3, MARGIN + 6, y + 49), fill=colour)
        band = _t(locale, f"warcry.warband.{side.warband}")
        pen.text(
            (MARGIN + 14, y),
            pen.fit(f"{side.name} ({band})", SMALL, W - 2 * MARGIN - 14, bold=True),
            SMALL,
            colour,
            bold=True,
        )
        y += 26
        stats = (
            f"{_t(locale, 'warcry.ui.singles', n=side.dice.singles)} · {_dice(locale, side)} · "
            f"{side.vp} {_t(locale, 'warcry.ui.vp')}"
        )
        pen.text((MARGIN + 14, y), pen.fit(stats, SMALL, W - 2 * MARGIN - 14), SMALL, th.text)
        y += 28
    return y + 4


def _scene(
    view: Any,
    path: list[tuple[int, int]],
    rings: list[tuple[tuple[int, int], int]],
    ghosts: dict[str, tuple[int, int]] | None = None,
) -> Scene:
    th = DEFAULT
    pieces = [Piece(p.points(), *TERRAIN[p.kind]) for p in PIECES]
    last = set(view.last)
    marks = []
    for f in view.fighters:
        if not f.placed and not (ghosts and f.id in ghosts):
            continue
        x, y = ghosts[f.id] if ghosts and f.id in ghosts else (f.x, f.y)
        label = f.id + (f" ♥{f.damage}" if f.damage else "")
        marks.append(
            Mark(
                centre=(x, y),
                radius=PROFILES[f.profile].radius,
                colour=th.seat_colours[f.owner % len(th.seat_colours)],
                label=label,
                outline=GOLD if f.id in last else (20, 20, 20),
                outline_width=4 if f.id in last else 2,
                highlight=f.id in last,
            )
        )

    def objectives(pen: Pen, area: TableArea) -> None:
        for o in view.objectives:
            cx, cy = area.px((o.x, o.y))
            r = max(10.0, INCH * 0.5 * area.scale)
            fill = th.panel_alt if o.controller is None else th.seat_colours[o.controller % len(th.seat_colours)]
            pen.draw.regular_polygon((cx, cy, r), 4, rotation=45, fill=fill, outline=GOLD, width=3)
            pen.text((cx, cy), f"◆{o.id}", SMALL, (20, 20, 20), bold=True, anchor="mm")

    return Scene(MEASURE, pieces, marks, path, rings, None, objectives)


def _draw(
    view: Any,
    locale: str,
    path: list[tuple[int, int]],
    focus: list[tuple[int, int]],
    rings: list[tuple[tuple[int, int], int]] | None = None,
    ghosts: dict[str, tuple[int, int]] | None = None,
) -> Image.Image:
    table, smallest = draw_table(_scene(view, path, rings or [], ghosts), focus)
    return compose(lambda pen: _header(pen, view, locale), table, smallest, _t(locale, "warcry.ui.legend"))


def _focus(view: Any, path: list[tuple[int, int]], ids: set[str]) -> list[tuple[int, int]]:
    return [*path, *((f.x, f.y) for f in view.fighters if f.id in ids and f.placed)]


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    path = [tuple(p) for p in view.last_path]
    if view.phase in ("setup", "deploy"):
        return _draw(view, locale, path, [])  # the whole table while the warbands set up
    return _draw(view, locale, path, _focus(view, path, set(view.last)))


def render_preview(view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
    """The viewer's table with the previewed path and the mover's reach, or a group's places."""
    if overlay.get("places"):
        ghosts = {fid: (p[0], p[1]) for fid, p in overlay["places"]}
        view = view.model_copy(update={"last": tuple(ghosts)})
        return _draw(view, locale, [], list(ghosts.values()), ghosts=ghosts)
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


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: round, who acts, each side's dice, points and fighters with their damage."""
    lines = []
    if view.winners is not None:
        names = ", ".join(view.sides[s].name for s in view.winners)
        lines.append(_t(locale, "warcry.ui.winner", names=names) if names else _t(locale, "warcry.ui.draw"))
    else:
        waiting = view.stack[-1].seats if view.stack else ()
        lines.append(
            f"{_t(locale, 'warcry.ui.round', round=max(1, view.round))} — "
            + _t(locale, "warcry.ui.to_act", names=", ".join(view.sides[s].name for s in waiting) or "—")
        )
    for seat, side in enumerate(view.sides):
        figs = ", ".join(
            f"{_t(locale, f'warcry.profile.{f.profile}')} {f.id} {MEASURE.cell_of((f.x, f.y))}"
            + (f" (♥{f.damage})" if f.damage else "")
            for f in view.fighters
            if f.owner == seat and f.placed
        )
        lines.append(
            _t(
                locale,
                "warcry.ui.summary_side",
                name=side.name,
                band=_t(locale, f"warcry.warband.{side.warband}"),
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
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1499] + "…"


RENDERER = Renderer(board=render_board, summary=summarize, preview=render_preview)
