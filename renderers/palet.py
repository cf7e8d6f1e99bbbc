"""Renderer of the Palet test game: the board's labelled grid, the jack, the pucks, a preview."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.table.units import INCH
from bot.testgames.palet.game import BOARD, PaletView

from .renderer import Renderer
from .theme import DEFAULT, Theme, font

CELL = 30  # pixels per inch
MARGIN = 34
SIZE = MARGIN + CELL * 24 + 8


def _px(v: int) -> int:
    return MARGIN + round(v * CELL / INCH)


def _board(view: PaletView, locale: str, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (SIZE, SIZE + 44), theme.background)
    d = ImageDraw.Draw(img)
    for i in range(25):
        pos = MARGIN + i * CELL
        d.line((pos, MARGIN, pos, MARGIN + 24 * CELL), fill=theme.panel_alt, width=1)
        d.line((MARGIN, pos, MARGIN + 24 * CELL, pos), fill=theme.panel_alt, width=1)
    for i in range(24):
        d.text(
            (MARGIN + i * CELL + CELL // 2, MARGIN // 2),
            BOARD.column_label(i),
            font=font(16),
            fill=theme.muted,
            anchor="mm",
        )
        d.text((MARGIN // 2, MARGIN + i * CELL + CELL // 2), str(i + 1), font=font(14), fill=theme.muted, anchor="mm")
    jx, jy = _px(view.jack[0]), _px(view.jack[1])
    d.ellipse((jx - 7, jy - 7, jx + 7, jy + 7), fill=(245, 245, 245), outline=theme.accent, width=2)
    for p in view.pucks:
        x, y = _px(p.x), _px(p.y)
        r = CELL // 2
        outline = theme.accent if view.last == (p.x, p.y) else theme.background
        d.ellipse((x - r, y - r, x + r, y + r), fill=theme.seat_colours[p.seat], outline=outline, width=3)
    scores = " · ".join(f"{n} {s}" for n, s in zip(view.names, view.scores, strict=True))
    d.text((MARGIN, SIZE + 8), f"{t('palet.name', locale)} — {scores}", font=font(22), fill=theme.text)
    return img, d


def render_board(view: PaletView, *, locale: str, theme: Theme = DEFAULT) -> Image.Image:
    return _board(view, locale, theme)[0]


def render_preview(view: PaletView, overlay: dict[str, Any], *, locale: str, theme: Theme = DEFAULT) -> Image.Image:
    """The board with the puck about to be placed, dashed, and its line to the jack."""
    img, d = _board(view, locale, theme)
    x, y = _px(overlay["point"][0]), _px(overlay["point"][1])
    jx, jy = _px(overlay["jack"][0]), _px(overlay["jack"][1])
    d.line((x, y, jx, jy), fill=theme.accent, width=2)
    r = CELL // 2
    d.ellipse((x - r, y - r, x + r, y + r), outline=theme.seat_colours[int(overlay.get("seat", 0))], width=4)
    return img


def summarize(view: PaletView, *, locale: str) -> str:
    lines = [
        f"{t('palet.name', locale)} — " + " · ".join(f"{n} {s}" for n, s in zip(view.names, view.scores, strict=True))
    ]
    lines.append(BOARD.format_point(view.jack, locale))
    for p in view.pucks:
        lines.append(f"{view.names[p.seat]} : {BOARD.format_point((p.x, p.y), locale)}")
    return "\n".join(lines)


RENDERER = Renderer(board=render_board, summary=summarize, preview=render_preview)
