"""King of Liber board, hand and text summary, drawn from a `LiberView` only (never from a state).

The view already hides what the viewer may not see (hands, deck order), so this module cannot leak
them. Strings come from the game's catalog (`bot/games/liber/i18n`).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.games.liber.content import CARDS
from bot.games.liber.views import LiberView, PieceView, SideView
from bot.i18n import t

from .theme import DEFAULT
from .theme import font as _theme_font


def theme_font(size: int) -> ImageFont.FreeTypeFont:
    """The theme's font (DejaVu Sans, shipped with the project: every French glyph renders)."""
    return _theme_font(size)


W, H = 1200, 840
HEADER = 48
PANEL_W = 290
CELL_W, CELL_H = 172, 118
GAP = 4
MIDDLE = 20
POISON = (120, 200, 90)
PARALYSIS = (180, 130, 230)
SICK = (150, 150, 150)
KIND_FILL = {
    "general": (92, 78, 40),
    "unit": (60, 68, 80),
    "token": (70, 70, 90),
    "lieu": (60, 86, 66),
    "enchantment": (70, 66, 100),
    "faveur": (96, 86, 56),
}


def _t(locale: str, key: str, **params: Any) -> str:
    """The one catalog path (bot.i18n): plurals, elision and the host's strings included."""
    return t(key, locale, **params)


def _name(locale: str, card: str) -> str:
    return _t(locale, f"liber.card.{card}")


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """Shorten `text` with an ellipsis until it fits `width` pixels."""
    font = theme_font(size)
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _names(view: LiberView, seats: tuple[int, ...]) -> str:
    return ", ".join(view.sides[s].name for s in seats) or "—"


def _draw_piece(
    draw: ImageDraw.ImageDraw, x: int, y: int, piece: PieceView, locale: str, colour: tuple[int, int, int]
) -> None:
    theme = DEFAULT
    draw.rounded_rectangle((x, y, x + CELL_W, y + CELL_H), radius=8, fill=KIND_FILL.get(piece.kind, theme.panel))
    draw.rounded_rectangle((x, y, x + CELL_W, y + 6), radius=3, fill=colour)
    draw.text(
        (x + 6, y + 10), _fit(draw, _name(locale, piece.card), 16, CELL_W - 12), font=theme_font(16), fill=theme.text
    )
    if piece.kind in ("general", "unit", "token"):
        stats = f"F {piece.force}   {piece.pv}/{piece.max_pv} PV"
        hurt = piece.pv < piece.max_pv
        draw.text((x + 6, y + 32), stats, font=theme_font(15), fill=theme.bad if hurt else theme.accent)
        abil = ", ".join(_t(locale, f"liber.kw.{a}") for a in piece.abilities)
        if abil:
            draw.text((x + 6, y + 52), _fit(draw, abil, 12, CELL_W - 12), font=theme_font(12), fill=theme.muted)
    else:
        label = _t(
            locale,
            {"lieu": "liber.type.lieu", "enchantment": "liber.type.enchantement"}.get(piece.kind, "liber.type.faveur"),
        )
        draw.text((x + 6, y + 32), label, font=theme_font(13), fill=theme.muted)
    if piece.items:
        items = "+ " + ", ".join(_name(locale, i) for i in piece.items)
        draw.text((x + 6, y + 70), _fit(draw, items, 12, CELL_W - 12), font=theme_font(12), fill=theme.good)
    marks = []
    if piece.sick:
        marks.append((_t(locale, "liber.ui.sick"), SICK))
    if piece.poisoned:
        marks.append((_t(locale, "liber.ui.poisoned"), POISON))
    if piece.paralysed:
        marks.append((_t(locale, "liber.ui.paralysed"), PARALYSIS))
    mx = x + 6
    for text, fill in marks:
        text = _fit(draw, text, 11, CELL_W - 12)
        width = int(draw.textlength(text, font=theme_font(11))) + 8
        if mx + width > x + CELL_W:
            break
        draw.rounded_rectangle((mx, y + CELL_H - 22, mx + width, y + CELL_H - 6), radius=4, fill=fill)
        draw.text((mx + 4, y + CELL_H - 21), text, font=theme_font(11), fill=(20, 20, 20))
        mx += width + 4


def _draw_side(
    draw: ImageDraw.ImageDraw, view: LiberView, side: SideView, top: int, flipped: bool, locale: str
) -> None:
    """Three lines of five places; the top side shows its front last (closest to the middle)."""
    theme = DEFAULT
    colour = theme.seat_colours[side.seat % len(theme.seat_colours)]
    # -- the reserve panel
    px, py = 10, top
    panel_h = 3 * (CELL_H + GAP) - GAP
    draw.rounded_rectangle((px, py, px + PANEL_W - 20, py + panel_h), radius=10, fill=theme.panel)
    draw.rectangle((px, py, px + 6, py + panel_h), fill=colour)
    title = side.name + (" *" if side.seat in view.to_act else "")
    draw.text((px + 16, py + 8), _fit(draw, title, 20, PANEL_W - 50), font=theme_font(20), fill=theme.text)
    general = f"{_name(locale, side.general)} — {side.general_pv} PV"
    draw.text((px + 16, py + 38), _fit(draw, general, 15, PANEL_W - 50), font=theme_font(15), fill=theme.accent)
    rows = [
        (_t(locale, "liber.ui.gold"), str(side.gold)),
        (_t(locale, "liber.ui.faith"), str(side.faith)),
        (_t(locale, "liber.ui.vp"), str(side.vp)),
        (_t(locale, "liber.ui.hand"), str(side.hand_count)),
        (_t(locale, "liber.ui.deck"), str(side.deck_count)),
        (_t(locale, "liber.ui.cemetery"), str(len(side.cemetery))),
    ]
    for i, (label, value) in enumerate(rows):
        y = py + 66 + 22 * (i // 2)
        x = px + 16 + (i % 2) * 130
        draw.text((x, y), f"{label} : {value}", font=theme_font(15), fill=theme.text)
    if side.god:
        god = f"{_t(locale, 'liber.ui.god')} : {_name(locale, side.god)}"
        draw.text((px + 16, py + 140), _fit(draw, god, 14, PANEL_W - 50), font=theme_font(14), fill=theme.good)
    if side.dropped:
        dropped = "↓ " + ", ".join(_name(locale, c) for c in side.dropped)
        draw.text((px + 16, py + 162), _fit(draw, dropped, 12, PANEL_W - 50), font=theme_font(12), fill=theme.muted)
    # -- the three lines
    last = {tuple(p) for p in view.last}
    order = (0, 1, 2) if flipped else (2, 1, 0)
    by_place = {(p.line, p.slot): p for p in side.pieces}
    for row, line in enumerate(order):
        y = top + row * (CELL_H + GAP)
        label = _t(locale, f"liber.line.{line}")
        draw.text((PANEL_W - 4, y + CELL_H // 2 - 8), label[:1].upper(), font=theme_font(14), fill=theme.muted)
        for slot in range(5):
            x = PANEL_W + 16 + slot * (CELL_W + GAP)
            piece = by_place.get((line, slot))
            if piece is None:
                draw.rounded_rectangle((x, y, x + CELL_W, y + CELL_H), radius=8, outline=theme.panel_alt, width=2)
                if slot == 0:
                    draw.text((x + 8, y + 8), label, font=theme_font(12), fill=theme.panel_alt)
            else:
                _draw_piece(draw, x, y, piece, locale, colour)
            if (side.seat, line, slot) in last:  # what the last action moved, played or hit
                draw.rounded_rectangle(
                    (x - 3, y - 3, x + CELL_W + 3, y + CELL_H + 3), radius=10, outline=theme.accent, width=4
                )


def render_board(view: LiberView, *, locale: str = "fr") -> Image.Image:
    """The public board (or a seat's view): both sides' lines, generals, reserves, who acts."""
    theme = DEFAULT
    image = Image.new("RGB", (W, H), theme.background)
    draw = ImageDraw.Draw(image)
    phase = _t(locale, f"liber.phase.{view.phase}")
    head = f"{_t(locale, 'liber.name')} — {_t(locale, 'liber.ui.round', round=view.round)} — {phase}"
    draw.text((16, 12), head, font=theme_font(22), fill=theme.text)
    if view.winners is not None:
        status = (
            _t(locale, "liber.ui.winner", names=_names(view, view.winners))
            if view.winners
            else _t(locale, "liber.ui.draw")
        )
    else:
        status = _t(locale, "liber.ui.to_act", names=_names(view, view.to_act))
    draw.text(
        (W - 16 - draw.textlength(status, font=theme_font(20)), 14), status, font=theme_font(20), fill=theme.accent
    )
    bottom_seat = view.viewer if view.viewer is not None else 0
    top_seat = 1 - bottom_seat
    top = HEADER + 8
    _draw_side(draw, view, view.sides[top_seat], top, True, locale)
    middle = top + 3 * (CELL_H + GAP)
    if view.attack is not None:
        (att, targets) = view.attack
        names = {(p.owner, p.line, p.slot): p.card for s in view.sides for p in s.pieces}
        text = _t(
            locale,
            "liber.ui.attack",
            attacker=_name(locale, names.get(att, "?")),
            targets=", ".join(_name(locale, names.get(t, "?")) for t in targets),
        )
        draw.text(
            (PANEL_W + 16, middle + 1), _fit(draw, text, 14, W - PANEL_W - 40), font=theme_font(14), fill=theme.bad
        )
    else:
        draw.line((PANEL_W + 16, middle + MIDDLE // 2, W - 16, middle + MIDDLE // 2), fill=theme.panel_alt, width=2)
    _draw_side(draw, view, view.sides[bottom_seat], middle + MIDDLE, False, locale)
    return image


TILE_W, TILE_H = 168, 200


def render_hand(view: LiberView, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand as card tiles; None for the public view."""
    if view.viewer is None:
        return None
    hand = view.sides[view.viewer].hand
    if hand is None:
        return None
    theme = DEFAULT
    per_row = 6
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    image = Image.new("RGB", (per_row * (TILE_W + 8) + 8, 44 + rows * (TILE_H + 8)), theme.background)
    draw = ImageDraw.Draw(image)
    title = _t(locale, "liber.ui.your_hand") if hand else _t(locale, "liber.ui.empty_hand")
    draw.text((10, 10), title, font=theme_font(20), fill=theme.text)
    for i, card_id in enumerate(hand):
        card = CARDS[card_id]
        x = 8 + (i % per_row) * (TILE_W + 8)
        y = 44 + (i // per_row) * (TILE_H + 8)
        draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=10, fill=theme.panel)
        draw.text(
            (x + 8, y + 8), _fit(draw, _name(locale, card_id), 16, TILE_W - 16), font=theme_font(16), fill=theme.text
        )
        kind = _t(locale, f"liber.type.{card.subtype or card.type}")
        draw.text((x + 8, y + 30), kind, font=theme_font(13), fill=theme.muted)
        cost = f"{card.cost} {_t(locale, 'liber.ui.gold').lower()}"
        if card.faith:
            cost += f" + {card.faith} {_t(locale, 'liber.ui.faith').lower()}"
        draw.text((x + 8, y + 50), cost, font=theme_font(14), fill=theme.accent)
        if card.type == "unit":
            draw.text((x + 8, y + 72), f"F {card.force}   {card.pv} PV", font=theme_font(15), fill=theme.text)
        for j, ability in enumerate(card.abilities[:4]):
            name = _fit(draw, _t(locale, f"liber.kw.{ability}"), 13, TILE_W - 16)
            draw.text((x + 8, y + 98 + 18 * j), name, font=theme_font(13), fill=theme.good)
    return image


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
            units.append(text + "".join(f", {f}" for f in flags) + ")")
        parts.append(
            _t(
                locale,
                "liber.ui.summary_units",
                units=(" ; " if locale.startswith("fr") else "; ").join(units) or _t(locale, "liber.ui.summary_none"),
            )
        )
    if view.viewer is not None and view.sides[view.viewer].hand is not None:
        hand = view.sides[view.viewer].hand or ()
        parts.append(_t(locale, "liber.ui.summary_hand", cards=", ".join(_name(locale, c) for c in hand) or "—"))
    text = "\n".join(parts)  # one line per part: the alt text and the DM read as sentences
    return text if len(text) <= SUMMARY_MAX else text[: SUMMARY_MAX - 1] + "…"


RENDERER = {"board": render_board, "hand": render_hand, "summary": summarize}
