"""A card as an image, for `/carte`: any game's card drawn from its `CardInfo`."""

from __future__ import annotations

import textwrap

from PIL import Image, ImageDraw

from bot.engine import CardInfo

from .theme import DEFAULT, Theme, font

W, H = 420, 588


def render_card(card: CardInfo, *, locale: str, theme: Theme = DEFAULT) -> Image.Image:
    img = Image.new("RGB", (W, H), theme.background)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((8, 8, W - 8, H - 8), radius=18, fill=theme.panel, outline=theme.accent, width=3)
    title = card.name_for(locale)
    size = 30 if len(title) <= 20 else 24
    d.text((W // 2, 48), title, font=font(size, bold=True), fill=theme.accent, anchor="mm")
    d.line((28, 80, W - 28, 80), fill=theme.accent, width=2)
    y = 96
    for i, line in enumerate(card.lines_for(locale)):
        f = font(20 if i == 0 else 18, bold=i == 0)
        for part in textwrap.wrap(line, width=34) or [""]:
            if y > H - 40:
                d.text((W // 2, H - 30), "…", font=f, fill=theme.muted, anchor="mm")
                return img
            d.text((28, y), part, font=f, fill=theme.text if i else theme.muted)
            y += 26 if i == 0 else 24
        y += 8
    return img
