"""Colors of Magic: the table from a `ColorsView` (never a state), its header, the hand, a move's preview.

Drawn for a phone on the shared table renderer (`skirmish.TableDrawing`): the whole table on the public
board, a crop around the last action on a player's own board and in a preview (the mover's Movement
ringed). Terrain by kind, objectives with the times they can still score, figures labelled by their id
in their side's colour (wizards rimmed in gold, monsters grey, ♥ their hit points once hurt); under the
board, the roster (card, hit points, ticked once activated: the card is tapped), each side's permanents in
play (◆ in its colour, ticked while tapped for their ability until the End phase) and the legend of the
marks used.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.games.colors.board import MEASURE, profile
from bot.games.colors.content import CARDS, SCENARIOS
from bot.i18n import t
from bot.table.units import INCH, Point

from . import skirmish as sk
from .pen import Pen
from .renderer import Renderer, own_hand
from .theme import DEFAULT

TERRAIN = {  # fill, and whether it is hatched (difficult ground)
    "forest": ((74, 110, 64), True),
    "ruins": ((112, 104, 92), False),
    "rock": ((70, 62, 56), False),
}
MONSTER = (170, 150, 190)
#: A permanent in play, in the roster (its side's colour): not a figure on the table.
PERMANENT = "◆"


def _card(locale: str, card: str) -> str:
    return t(f"colors.card.{card}", locale)


def _header(pen: Pen, view: Any, locale: str) -> int:
    th = DEFAULT
    phase = t(f"colors.phase.{view.phase}", locale) if view.phase != "over" else ""
    y = TABLE.heading(pen, view, locale, t("colors.ui.round", locale, round=view.round), phase, view.to_act)
    for side in view.sides:
        first = " ★" if view.first == side.seat else ""
        sk.side_name(pen, y, side.seat, f"{side.name} ({_card(locale, side.wizard)}){first}", 23, 300)
        counts = (("colors.ui.mana", side.mana), ("colors.ui.vp", side.vp), ("colors.ui.hand", side.hand_count))
        sk.numbers(pen, sk.MARGIN + 14 + 306, y, ((t(key, locale), value) for key, value in counts), 12)
        y += 28
    if view.duel is not None:
        d = view.duel
        text = t("colors.ui.duel", locale, attacker=d.attacker, defender=d.defender, a=d.counts[0], b=d.counts[1])
        pen.text((sk.MARGIN, y), pen.fit(text, sk.SMALL, sk.W - 2 * sk.MARGIN), sk.SMALL, th.bad, bold=True)
        y += 28
    return y + 4


def _scene(view: Any, path: list[Point], rings: list[sk.Ring]) -> sk.Scene:
    th = DEFAULT
    scenario = SCENARIOS[view.scenario]
    pieces = [sk.Piece(p.points(), *TERRAIN[p.kind]) for p in scenario.terrain]
    markers = []
    for obj in scenario.objectives:
        left_times = view.objectives.get(obj.id, 0)
        markers.append(
            sk.Marker(obj.point(), INCH * 2 // 5, sk.GOLD if left_times else th.panel_alt, str(left_times), sk.INK)
        )
    by_id = {f.id: f for f in view.figures}
    line = None
    if view.duel is not None and view.duel.attacker in by_id and view.duel.defender in by_id:
        a, b = by_id[view.duel.attacker], by_id[view.duel.defender]  # the duel's line (of sight, at range)
        line = ((a.x, a.y), (b.x, b.y))
    last = set(view.last)
    marks = [
        sk.Mark(
            centre=(f.x, f.y),
            radius=profile(f).radius,
            colour=_colour(f),
            label=f.id + (f" ♥{f.pv}" if f.pv < profile(f).pv else ""),
            outline=sk.GOLD if f.wizard else sk.INK,
            outline_width=4 if f.wizard else 2,
            highlight=f.id in last,
        )
        for f in view.figures
    ]
    return sk.Scene(MEASURE, pieces, marks, path, rings, line, markers, _keys(view, marks))


def _colour(f: Any) -> sk.Colour:
    return MONSTER if f.owner < 0 else sk.seat_colour(f.owner)


def _keys(view: Any, marks: list[sk.Mark]) -> list[sk.Key]:
    """What this board's marks mean: its terrain, objectives, wizards' rims, monsters, wounds."""
    keys = sk.terrain_keys("colors", (p.kind for p in SCENARIOS[view.scenario].terrain), TERRAIN)
    keys.append(sk.Key("diamond", "colors.key.objective", sk.GOLD))
    if any(f.wizard for f in view.figures):
        keys.append(sk.Key("base", "colors.key.wizard", DEFAULT.panel_alt, sk.GOLD))
    if any(f.owner < 0 for f in view.figures):
        keys.append(sk.Key("base", "colors.key.monster", MONSTER))
    if any("♥" in mark.label for mark in marks):
        keys.append(sk.Key("symbol", "colors.key.pv", DEFAULT.bad, symbol="♥"))
    if any(side.permanents for side in view.sides):
        keys.append(sk.Key("symbol", "colors.key.permanent", DEFAULT.text, symbol=PERMANENT))
    return keys


def permanents(side: Any) -> list[tuple[str, bool]]:
    """A side's permanents in play, each copy with whether it is tapped (« sorts permanents activés »,
    until the End phase: D-COL-37); the tapped copies of a card come first."""
    out: list[tuple[str, bool]] = []
    for card in side.permanents:
        out.append((card, sum(1 for c, _ in out if c == card) < side.tapped.count(card)))
    return out


def _roster(view: Any, locale: str) -> list[sk.Entry]:
    """Each figure: its card, its hit points left out of its own, ticked once activated this round (the
    card is tapped); then each side's permanents, ticked while tapped."""
    figures = [
        sk.Entry(f.id, _colour(f), _card(locale, f.card), f"♥{f.pv}/{profile(f).pv}", f.tapped) for f in view.figures
    ]
    kept = t("colors.ui.permanent", locale)
    return figures + [
        sk.Entry(PERMANENT, sk.seat_colour(side.seat), _card(locale, card), kept, tapped)
        for side in view.sides
        for card, tapped in permanents(side)
    ]


def render_hand(view: Any, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand, one card a line: name, type, cost, initiative (None for the public view)."""
    hand = own_hand(view)
    if hand is None:
        return None
    th = DEFAULT
    image = Image.new("RGB", (sk.W, 52 + max(1, len(hand)) * 30 + 10), th.background)
    pen = Pen(image)
    pen.text((sk.MARGIN, 10), t("colors.ui.your_hand", locale, n=len(hand)), 24, th.accent, bold=True)
    y = 50
    for card_id in sorted(hand, key=lambda c: (CARDS[c].cost, c)):
        card = CARDS[card_id]
        pen.text((sk.MARGIN + 4, y), str(card.cost), 22, th.accent, bold=True)
        kind = t(f"colors.type.{card.type}", locale)
        text = f"{_card(locale, card_id)} — {kind} · {t('colors.ui.initiative', locale, n=card.boost.initiative)}"
        pen.text((sk.MARGIN + 34, y + 1), pen.fit(text, sk.SMALL, sk.W - 2 * sk.MARGIN - 40), sk.SMALL, th.text)
        y += 30
    return pen.finish()


def summarize(view: Any, *, locale: str = "fr") -> str:
    """The alt text: round, who acts, each side's figures and where they stand (public facts only)."""

    tapped = t("colors.ui.tapped", locale)

    def figure(f: Any) -> str:
        state = f"{f.pv} {t('colors.ui.hp', locale)}" + (f", {tapped}" if f.tapped else "")
        return f"{_card(locale, f.card)} {f.id} {MEASURE.cell_of((f.x, f.y))} ({state})"

    def side_line(seat: int, side: Any, figures: str) -> str:
        cards = [_card(locale, c) + (f" ({tapped})" if down else "") for c, down in permanents(side)]
        held = " " + t("colors.ui.summary_permanents", locale, cards=", ".join(cards)) if cards else ""
        return _side(seat, side, figures) + held

    def _side(seat: int, side: Any, figures: str) -> str:
        return t(
            "colors.ui.summary_side",
            locale,
            name=side.name,
            wizard=_card(locale, side.wizard),
            mana=side.mana,
            vp=side.vp,
            hand=side.hand_count,
            figures=figures,
        )

    monsters = [f for f in view.figures if f.owner < 0]
    extra = [", ".join(figure(f) for f in monsters)] if monsters else []
    count = t("colors.ui.round", locale, round=view.round)
    return TABLE.summary(view, locale, count, view.to_act, side_line, figure, extra)


TABLE = sk.TableDrawing(
    "colors",
    _header,
    _scene,
    lambda view: view.figures,
    lambda f: profile(f).radius,
    _roster,
    lambda f: profile(f).move * INCH,  # a preview rings the mover's Movement from where it stands
)
render_board = TABLE.board
render_preview = TABLE.preview
RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize, preview=render_preview, table=TABLE)
