"""King of Liber board, hand and text summary, drawn from a `LiberView` only (never from a state).

The view already hides what the viewer may not see (hands, deck order), so this module cannot leak
them. Strings come from the game's catalog (`bot/games/liber/i18n`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont

from bot.games.liber.content import CARDS
from bot.games.liber.views import LiberView, PieceView, SideView
from bot.i18n import t

from .pen import Pen
from .renderer import Renderer, own_hand
from .theme import DEFAULT, phone_min_size
from .theme import font as _theme_font


def theme_font(size: int) -> ImageFont.FreeTypeFont:
    """The theme's font (DejaVu Sans, shipped with the project: every French glyph renders)."""
    return _theme_font(size)


W = 640  # portrait: a phone shows it 390 px wide, so every size below is >= phone_min_size(W)
SMALL = phone_min_size(W)  # the smallest text on the board (20 px here, 12 px on the phone)
MARGIN, GUTTER, GAP = 8, 26, 5
CELL_W = (W - 2 * MARGIN - GUTTER - 4 * GAP) // 5
CELL_H = 126
STATS_Y = 72  # under three lines of name
LINE = 24  # the height of one line of SMALL text
POISON = (120, 200, 90)
PARALYSIS = (180, 130, 230)
SICK = (150, 150, 150)
ITEM = (110, 200, 120)
KIND_FILL = {
    "general": (92, 78, 40),
    "unit": (60, 68, 80),
    "token": (70, 70, 90),
    "lieu": (60, 86, 66),
    "enchantment": (70, 66, 100),
    "faveur": (96, 86, 56),
}
#: Marks drawn as a symbol on a piece, explained once in the legend under the board.
MARKS = (
    ("sick", "Zz", SICK, "liber.ui.sick"),
    ("poisoned", "☠", POISON, "liber.ui.poisoned"),
    ("paralysed", "⚡", PARALYSIS, "liber.ui.paralysed"),
    ("items", "✚", ITEM, "liber.ui.item_mark"),
)


def _t(locale: str, key: str, **params: Any) -> str:
    """The one catalog path (bot.i18n): plurals, elision and the host's strings included."""
    return t(key, locale, **params)


def _name(locale: str, card: str) -> str:
    return _t(locale, f"liber.card.{card}")


def _names(view: LiberView, seats: tuple[int, ...]) -> str:
    return ", ".join(view.sides[s].name for s in seats) or "—"


def _marks(piece: PieceView) -> list[tuple[str, str, tuple[int, int, int], str]]:
    return [mark for mark in MARKS if getattr(piece, mark[0])]


def _draw_piece(pen: Pen, x: int, y: int, piece: PieceView, locale: str, colour: tuple[int, int, int]) -> None:
    """A placed card in one cell, pasted from the tile cache (most of a board is unchanged between two posts)."""
    marks = tuple(attr for attr, *_ in _marks(piece))
    tile = _piece_tile(
        piece.card, piece.kind, piece.force, piece.pv, piece.max_pv, marks, len(piece.items), colour, locale
    )
    pen.image.paste(tile, (x, y))
    pen.smallest = min(pen.smallest, tile.info["text_px_min"])


@lru_cache(maxsize=256)  # ~11 MB at most: a board has 30 cells, most of them unchanged
def _piece_tile(
    card: str,
    kind: str,
    force: int,
    pv: int,
    max_pv: int,
    marks: tuple[str, ...],
    items: int,
    colour: tuple[int, int, int],
    locale: str,
) -> Image.Image:
    """One cell: the name on up to three lines, force and PV in large figures, marks as symbols."""
    theme = DEFAULT
    pen = Pen(Image.new("RGB", (CELL_W + 1, CELL_H + 1), theme.background))
    draw = pen.draw
    draw.rounded_rectangle((0, 0, CELL_W, CELL_H), radius=8, fill=KIND_FILL.get(kind, theme.panel))
    draw.rounded_rectangle((0, 0, CELL_W, 5), radius=3, fill=colour)
    for i, line in enumerate(pen.wrap(_name(locale, card), SMALL, CELL_W - 10, 3, bold=True)):
        pen.text((5, 7 + i * 21), line, SMALL, theme.text, bold=True)
    if kind in ("general", "unit", "token"):
        pen.text((5, STATS_Y), f"F{force}", 22, theme.accent, bold=True)
        hurt = pv < max_pv
        text = f"♥{pv}/{max_pv}" if hurt else f"♥{pv}"  # the maximum only matters once hurt
        pen.text((CELL_W - 5, STATS_Y), text, 22, theme.bad if hurt else theme.text, bold=True, anchor="ra")
    else:
        key = {"lieu": "liber.type.lieu", "enchantment": "liber.type.enchantement"}.get(kind, "liber.type.faveur")
        pen.text((5, STATS_Y), pen.fit(_t(locale, key), SMALL, CELL_W - 10), SMALL, theme.muted)
    mx = 5
    for attr, symbol, fill, _ in MARKS:
        if attr not in marks:
            continue
        label = symbol + (str(items) if attr == "items" and items > 1 else "")
        width = int(pen.length(label, SMALL, bold=True)) + 8
        if mx + width > CELL_W - 3:
            break
        draw.rounded_rectangle((mx, CELL_H - 27, mx + width, CELL_H - 4), radius=5, fill=fill)
        pen.text((mx + 4, CELL_H - 26), label, SMALL, (20, 20, 20), bold=True)
        mx += width + 4
    return pen.finish()


def _panel_height(side: SideView) -> int:
    return 2 * LINE + 14 + (LINE if side.dropped else 0)


def _draw_panel(pen: Pen, view: LiberView, side: SideView, top: int, locale: str) -> None:
    """Who the side is and its counters: name, god, then gold, faith, VP, hand, deck and cemetery figures."""
    theme = DEFAULT
    colour = theme.seat_colours[side.seat % len(theme.seat_colours)]
    pen.draw.rectangle((MARGIN, top + 2, MARGIN + 6, top + _panel_height(side) - 8), fill=colour)
    acting = side.seat in view.to_act and view.winners is None
    god = f"{_t(locale, 'liber.ui.god')} : {_name(locale, side.god)}" if side.god else ""
    god_w = min(pen.length(god, SMALL), W // 2) if god else 0
    title = ("▶ " if acting else "") + side.name
    pen.text(
        (MARGIN + 14, top),
        pen.fit(title, 24, W - 2 * MARGIN - 30 - god_w, bold=True),
        24,
        theme.accent if acting else theme.text,
        bold=True,
    )
    if god:
        pen.text((W - MARGIN, top + 3), pen.fit(god, SMALL, god_w), SMALL, theme.good, anchor="ra")
    figures = [
        ("liber.ui.gold", side.gold),
        ("liber.ui.faith", side.faith),
        ("liber.ui.vp", side.vp),
        ("liber.ui.hand", side.hand_count),
        ("liber.ui.deck", side.deck_count),
        ("liber.ui.cemetery", len(side.cemetery)),
    ]
    x = MARGIN + 14
    y = top + LINE + 6
    for key, value in figures:
        label = _t(locale, key)
        pen.text((x, y), label, SMALL, theme.muted)
        x += int(pen.length(label + " ", SMALL))
        pen.text((x, y - 1), str(value), 22, theme.text, bold=True)
        x += int(pen.length(f"{value}", 22, bold=True)) + 14
    if side.dropped:
        dropped = "↓ " + ", ".join(_name(locale, c) for c in side.dropped)
        pen.text((MARGIN + 14, y + LINE), pen.fit(dropped, SMALL, W - 2 * MARGIN - 14), SMALL, theme.muted)


def _draw_lines(pen: Pen, view: LiberView, side: SideView, top: int, flipped: bool, locale: str) -> None:
    """Three lines of five places; the top side shows its front last (closest to the middle)."""
    theme = DEFAULT
    draw = pen.draw
    colour = theme.seat_colours[side.seat % len(theme.seat_colours)]
    last = {tuple(p) for p in view.last}
    order = (0, 1, 2) if flipped else (2, 1, 0)
    by_place = {(p.line, p.slot): p for p in side.pieces}
    for row, line in enumerate(order):
        y = top + row * (CELL_H + GAP)
        label = _t(locale, f"liber.line.{line}")
        pen.text((MARGIN + GUTTER // 2, y + CELL_H // 2), label[:1].upper(), SMALL, theme.muted, bold=True, anchor="mm")
        for slot in range(5):
            x = MARGIN + GUTTER + slot * (CELL_W + GAP)
            piece = by_place.get((line, slot))
            if piece is None:
                draw.rounded_rectangle((x, y, x + CELL_W, y + CELL_H), radius=8, outline=theme.panel_alt, width=2)
                if slot == 0:
                    pen.text((x + 6, y + 6), pen.fit(label, SMALL, CELL_W - 12), SMALL, theme.panel_alt)
            else:
                _draw_piece(pen, x, y, piece, locale, colour)
            if (side.seat, line, slot) in last:  # what the last action moved, played or hit
                draw.rounded_rectangle(
                    (x - 3, y - 3, x + CELL_W + 3, y + CELL_H + 3), radius=10, outline=theme.accent, width=4
                )


def _attack_text(view: LiberView, locale: str) -> str:
    if view.attack is None:
        return ""
    att, targets = view.attack
    names = {(p.owner, p.line, p.slot): p.card for s in view.sides for p in s.pieces}
    return _t(
        locale,
        "liber.ui.attack",
        attacker=_name(locale, names.get(att, "?")),
        targets=", ".join(_name(locale, names.get(t, "?")) for t in targets),
    )


def render_board(view: LiberView, *, locale: str = "fr") -> Image.Image:
    """The public board (or a seat's view), in portrait for a phone: both sides, who acts, the last action.

    640 px wide and no text under 20 px, so a phone that shows it 390 px wide still prints every
    figure at 12 px or more (`tests/games/liber/test_renderer.py` measures it on whole matches).
    """
    theme = DEFAULT
    bottom_seat = view.viewer if view.viewer is not None else 0
    top_side, bottom_side = view.sides[1 - bottom_seat], view.sides[bottom_seat]
    grid_h = 3 * (CELL_H + GAP) - GAP
    marks = {m for s in view.sides for p in s.pieces for m in _marks(p)}
    header_h = 12 + 2 * 30
    middle_h = 2 * LINE + 16
    height = (
        header_h
        + _panel_height(top_side)
        + grid_h
        + middle_h
        + _panel_height(bottom_side)
        + grid_h
        + (LINE + 24 if marks else 12)
    )
    image = Image.new("RGB", (W, height), theme.background)
    pen = Pen(image)
    phase = _t(locale, f"liber.phase.{view.phase}")
    head = f"{_t(locale, 'liber.name')} — {_t(locale, 'liber.ui.round', round=view.round)} — {phase}"
    pen.text((MARGIN, 10), pen.fit(head, 24, W - 2 * MARGIN, bold=True), 24, theme.text, bold=True)
    if view.winners is not None:
        status = (
            _t(locale, "liber.ui.winner", names=_names(view, view.winners))
            if view.winners
            else _t(locale, "liber.ui.draw")
        )
    else:
        status = _t(locale, "liber.ui.to_act", names=_names(view, view.to_act))
    pen.text((MARGIN, 42), pen.fit(status, 22, W - 2 * MARGIN), 22, theme.accent)
    y = header_h
    _draw_panel(pen, view, top_side, y, locale)
    y += _panel_height(top_side)
    _draw_lines(pen, view, top_side, y, True, locale)
    y += grid_h
    attack = _attack_text(view, locale)
    if attack:
        for i, line in enumerate(pen.wrap(attack, SMALL, W - 2 * MARGIN, 2)):
            pen.text((MARGIN, y + 8 + i * LINE), line, SMALL, theme.bad, bold=True)
    else:
        pen.draw.line((MARGIN, y + middle_h // 2, W - MARGIN, y + middle_h // 2), fill=theme.panel_alt, width=2)
    y += middle_h
    _draw_panel(pen, view, bottom_side, y, locale)
    y += _panel_height(bottom_side)
    _draw_lines(pen, view, bottom_side, y, False, locale)
    y += grid_h + 10
    if marks:  # the symbols used on this board, once
        x = MARGIN
        for _, symbol, fill, key in sorted(marks, key=MARKS.index):
            text = f"{symbol} {_t(locale, key)}"
            width = pen.length(text, SMALL)
            if x + width > W - MARGIN:
                break
            pen.text((x, y), text, SMALL, fill)
            x += int(width) + 18
    return pen.finish()


TILE_GAP = 10
TILE_W, TILE_H = (W - 2 * MARGIN - 2 * TILE_GAP) // 3, 196


def render_hand(view: LiberView, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand as card tiles, three a row (portrait, read on a phone); None for the public view."""
    hand = own_hand(view)
    if hand is None:
        return None
    theme = DEFAULT
    per_row = 3
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    image = Image.new("RGB", (W, 48 + rows * (TILE_H + TILE_GAP)), theme.background)
    pen = Pen(image)
    title = _t(locale, "liber.ui.your_hand") if hand else _t(locale, "liber.ui.empty_hand")
    pen.text((MARGIN + 2, 10), title, 24, theme.text, bold=True)
    for i, card_id in enumerate(hand):
        card = CARDS[card_id]
        x = MARGIN + (i % per_row) * (TILE_W + TILE_GAP)
        y = 48 + (i // per_row) * (TILE_H + TILE_GAP)
        pen.draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=10, fill=theme.panel)
        line_y = y + 6
        for line in pen.wrap(_name(locale, card_id), 22, TILE_W - 16, 2, bold=True):
            pen.text((x + 8, line_y), line, 22, theme.text, bold=True)
            line_y += 25
        kind = _t(locale, f"liber.type.{card.subtype or card.type}")
        pen.text((x + 8, line_y + 2), pen.fit(kind, SMALL, TILE_W - 16), SMALL, theme.muted)
        cost = f"{card.cost} {_t(locale, 'liber.ui.gold').lower()}"
        if card.faith:
            cost += f" + {card.faith} {_t(locale, 'liber.ui.faith').lower()}"
        pen.text((x + 8, line_y + 26), pen.fit(cost, 22, TILE_W - 16, bold=True), 22, theme.accent, bold=True)
        line_y += 54
        if card.type == "unit":
            pen.text((x + 8, line_y), f"F {card.force}   ♥ {card.pv}", 22, theme.text, bold=True)
            line_y += 26
        for ability in card.abilities[: (TILE_H - (line_y - y) - 4) // LINE]:
            pen.text((x + 8, line_y), pen.fit(_t(locale, f"liber.kw.{ability}"), SMALL, TILE_W - 16), SMALL, theme.good)
            line_y += LINE
    return pen.finish()


SUMMARY_MAX = 1500


def summarize(view: LiberView, *, locale: str = "fr") -> str:
    """A short text of the board for screen readers (at most 1500 characters)."""
    phase = _t(locale, f"liber.phase.{view.phase}")
    if view.winners is not None:
        who = (
            _t(locale, "liber.ui.winner", names=_names(view, view.winners))
            if view.winners
            else _t(locale, "liber.ui.draw")
        )
    else:
        who = _t(locale, "liber.ui.to_act", names=_names(view, view.to_act))
    parts = [_t(locale, "liber.ui.summary_head", round=view.round, phase=phase, to_act=who)]
    for side in view.sides:
        parts.append(
            _t(
                locale,
                "liber.ui.summary_side",
                name=side.name,
                general=_name(locale, side.general),
                pv=side.general_pv,
                gold=side.gold,
                faith=side.faith,
                vp=side.vp,
                hand=side.hand_count,
                deck=side.deck_count,
            )
        )
        units = []
        for p in side.pieces:
            if p.kind == "general":
                continue
            text = f"{_name(locale, p.card)} ({_t(locale, f'liber.line.{p.line}')}"
            if p.kind in ("unit", "token"):
                text += f", {p.force}/{p.pv}"
            flags = [
                _t(locale, key)
                for key, on in (
                    ("liber.ui.sick", p.sick),
                    ("liber.ui.poisoned", p.poisoned),
                    ("liber.ui.paralysed", p.paralysed),
                )
                if on
            ]
            flags += [f"+ {_name(locale, item)}" for item in p.items]
            units.append(text + "".join(f", {f}" for f in flags) + ")")
        parts.append(
            _t(
                locale,
                "liber.ui.summary_units",
                units=(" ; " if locale.startswith("fr") else "; ").join(units) or _t(locale, "liber.ui.summary_none"),
            )
        )
    hand = own_hand(view)
    if hand is not None:
        parts.append(_t(locale, "liber.ui.summary_hand", cards=", ".join(_name(locale, c) for c in hand) or "—"))
    text = "\n".join(parts)  # one line per part: the alt text and the DM read as sentences
    return text if len(text) <= SUMMARY_MAX else text[: SUMMARY_MAX - 1] + "…"


RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize)
