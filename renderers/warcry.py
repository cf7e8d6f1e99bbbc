"""WarCry: the table from a `WarView` (never a state), a move's or a deployment's preview, alt text.

The 30" × 22" table in inches on the shared skirmish renderer (1" cells): the whole table on the public
board and while setting up, a crop around what the last action touched (ringed in gold) on a player's
own board; walls and ruins in stone, platforms in timber (lighter when higher), the pit hatched red,
the objectives as diamonds in the colour of the side that holds them, labelled like the fighters;
the chests of « Le butin » as gold « ¤ » markers on the ground and « ¤n » beside their carrier's id,
a fighter the victory names (a bounty, the leader to behead) with « ★ »; under it the roster
(profile, damage, activated) and the legend. The header says the round and phase, who acts, each
side's singles, ability dice and victory points. There is no hand: nothing is hidden in WarCry.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.games.warcry.board import MEASURE
from bot.games.warcry.content import LAYOUTS, PROFILES, VICTORIES, TerrainPiece
from bot.i18n import t
from bot.table.units import INCH, Point

from . import skirmish as sk
from .pen import Pen
from .renderer import Renderer
from .theme import DEFAULT

RED_HATCH = (230, 120, 100)
TERRAIN = {
    "obstacle": ((112, 104, 92), False),
    "deadly": ((150, 60, 50), True),
    "platform2": ((150, 128, 96), False),  # a platform 2" high (D-WAR-28)
    "platform3": ((176, 146, 100), False),  # 3" high: a jump down hurts
}


def _look(p: TerrainPiece) -> str:
    """The legend entry of a piece: its kind, a platform's with its height."""
    return f"platform{p.height:g}" if p.kind == "platform" else p.kind


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
        sk.side_name(pen, y, seat, f"{side.name} ({t(f'warcry.warband.{side.warband}', locale)})", 49)
        y += 26
        stats = (
            f"{t('warcry.ui.singles', locale, n=side.dice.singles)} · {_dice(locale, side)} · "
            f"{side.vp} {t('warcry.ui.vp', locale)}"
        )
        pen.text((sk.MARGIN + 14, y), pen.fit(stats, sk.SMALL, sk.W - 2 * sk.MARGIN - 14), sk.SMALL, th.text)
        y += 28
    return y + 4


def _scene(view: Any, path: list[Point], rings: list[sk.Ring], ghosts: dict[str, Point] | None = None) -> sk.Scene:
    th = DEFAULT
    layout = LAYOUTS[getattr(view, "layout", "plaine")]
    pieces = [sk.Piece(p.points(), *TERRAIN[_look(p)], RED_HATCH) for p in layout]
    last = set(view.last)
    chests = getattr(view, "treasures", ())
    carried = {c.carrier: c.id for c in chests if c.carrier}
    marks = []
    for f in view.fighters:
        if not f.placed and not (ghosts and f.id in ghosts):
            continue
        x, y = ghosts[f.id] if ghosts and f.id in ghosts else (f.x, f.y)
        label = f.id + (" ★" if _named(view, f) else "") + (f" ¤{carried[f.id]}" if f.id in carried else "")
        label += f" ♥{f.damage}" if f.damage else ""
        marks.append(sk.Mark.of_side((x, y), PROFILES[f.profile].radius, f.owner, label, f.id in last))
    markers = [
        sk.Marker(
            (o.x, o.y), INCH // 2, th.panel_alt if o.controller is None else sk.seat_colour(o.controller), f"◆{o.id}"
        )
        for o in view.objectives
    ]
    markers += [sk.Marker(c.centre, INCH // 2, sk.GOLD, f"¤{c.id}", sk.INK) for c in chests if c.carrier is None]
    keys = sk.terrain_keys("warcry", (_look(p) for p in layout), TERRAIN, RED_HATCH)
    if view.objectives:
        keys.append(sk.Key("diamond", "warcry.key.objective", th.panel_alt, sk.GOLD))
    if chests:
        keys.append(sk.Key("symbol", "warcry.key.treasure", sk.GOLD, symbol="¤"))
    if any(_named(view, f) for f in view.fighters if f.placed):
        keys.append(sk.Key("symbol", "warcry.key.marked", sk.GOLD, symbol="★"))
    if any(f.damage for f in view.fighters if f.placed):
        keys.append(sk.Key("symbol", "warcry.key.damage", th.bad, symbol="♥"))
    return sk.Scene(MEASURE, pieces, marks, path, rings, None, markers, keys)


def _named(view: Any, f: Any) -> bool:
    """A fighter the victory names by itself: a bounty (D-WAR-26) or the leader under « Décapitation »;
    a treasure's carrier shows its chest instead (D-WAR-31)."""
    return bool(f.marked) or (VICTORIES[view.victory].scoring == "leaders" and PROFILES[f.profile].leader)


def _roster(view: Any, locale: str) -> list[sk.Entry]:
    """Each fighter on the table: its profile, its damage out of its wounds when it has some, ticked
    once activated this round."""
    return [
        sk.Entry(
            f.id,
            sk.seat_colour(f.owner),
            t(f"warcry.profile.{f.profile}", locale),
            f"♥{f.damage}/{PROFILES[f.profile].wounds}" if f.damage else "",
            f.activated,
            f.owner,
        )
        for f in view.fighters
        if f.placed
    ]


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    """The whole table while setting up, whoever looks; then as every table game draws it."""
    if view.phase in ("setup", "deploy"):
        path = [(p[0], p[1]) for p in view.last_path]
        return TABLE.picture(view, locale, _scene(view, path, []), [], _roster(view, locale))[0]
    return TABLE.board(view, locale=locale)


def render_preview(view: Any, overlay: dict[str, Any], *, locale: str = "fr") -> Image.Image | None:
    """The viewer's table with the previewed path and the mover's reach, or a group's places."""
    if overlay.get("places"):
        ghosts = {fid: (p[0], p[1]) for fid, p in overlay["places"]}
        view = view.model_copy(update={"last": tuple(ghosts)})
        return TABLE.picture(view, locale, _scene(view, [], [], ghosts), list(ghosts.values()))[0]
    return TABLE.preview(view, overlay, locale=locale)


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: round, who acts, each side's dice, points and fighters with their damage."""

    def figure(f: Any) -> str:
        damage = f" (♥{f.damage})" if f.damage else ""
        return f"{t(f'warcry.profile.{f.profile}', locale)} {f.id} {MEASURE.cell_of((f.x, f.y))}{damage}"

    def side_line(seat: int, side: Any, fighters: str) -> str:
        return t(
            "warcry.ui.summary_side",
            locale,
            name=side.name,
            band=t(f"warcry.warband.{side.warband}", locale),
            singles=side.dice.singles,
            dice=_dice(locale, side),
            vp=side.vp,
            fighters=fighters,
        )

    colon = " : " if locale == "fr" else ": "
    holders = [view.sides[o.controller].name if o.controller is not None else "—" for o in view.objectives]
    held = [
        f"◆{o.id} {MEASURE.cell_of((o.x, o.y))}{colon}{who}" for o, who in zip(view.objectives, holders, strict=True)
    ]
    for c in getattr(view, "treasures", ()):  # « Le butin »: where each chest is, or who carries it
        where = c.carrier if c.carrier else MEASURE.cell_of(c.centre)
        held.append(f"¤{c.id}{colon}{where}")
    count = _round(view, locale)
    return TABLE.summary(view, locale, count, _waiting(view), side_line, figure, held)


TABLE = sk.TableDrawing(
    "warcry",
    _header,
    _scene,
    lambda view: [f for f in view.fighters if f.placed],
    lambda f: PROFILES[f.profile].radius,
    _roster,
)
RENDERER = Renderer(board=render_board, summary=summarize, preview=render_preview, table=TABLE)
