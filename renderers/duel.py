"""Renderer of the Duel test game: two rows of cards, the scores and the last reveal."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.testgames.duel.game import DuelView
from renderers.theme import DEFAULT, Theme, font

from .renderer import Renderer

W, H = 720, 420


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, theme: Theme, face_up: bool) -> None:
    fill = theme.panel_alt if face_up else theme.panel
    draw.rounded_rectangle((x, y, x + 60, y + 86), radius=8, fill=fill, outline=theme.accent, width=2)
    draw.text((x + 30, y + 43), label if face_up else "?", font=font(28), fill=theme.text, anchor="mm")


def render_board(view: DuelView, *, locale: str, theme: Theme = DEFAULT) -> Image.Image:
    img = Image.new("RGB", (W, H), theme.background)
    d = ImageDraw.Draw(img)
    d.text((20, 16), f"{t('duel.name', locale)} — {view.round}", font=font(26), fill=theme.accent)
    for i, seat in enumerate(view.seats):
        y = 70 + i * 160
        colour = theme.seat_colours[i]
        marker = " ◀" if i in view.to_act else ""
        d.text((20, y), f"{seat.name} : {seat.score} pt{marker}", font=font(22), fill=colour)
        cards = seat.hand if seat.hand is not None else (None,) * seat.hand_count
        for j, c in enumerate(cards):
            _card(d, 20 + j * 70, y + 34, str(c), theme, c is not None)
        if view.last:
            _card(d, 600, y + 34, str(view.last[i]), theme, True)
    d.text((20, H - 34), f"Pioche : {view.deck_count}", font=font(18), fill=theme.muted)
    return img


def render_hand(view: DuelView, *, locale: str, theme: Theme = DEFAULT) -> Image.Image | None:
    if view.viewer is None:
        return None
    hand = view.seats[view.viewer].hand or ()
    img = Image.new("RGB", (40 + 70 * max(1, len(hand)), 130), theme.background)
    d = ImageDraw.Draw(img)
    for j, c in enumerate(hand):
        _card(d, 20 + j * 70, 22, str(c), theme, True)
    return img


def summarize(view: DuelView, *, locale: str) -> str:
    parts = [f"{t('duel.name', locale)} — {view.round}"]
    for s in view.seats:
        line = (
            f"{s.name}: {s.score} pt, {s.hand_count} cartes"
            if locale == "fr"
            else f"{s.name}: {s.score} pt, {s.hand_count} cards"
        )
        if s.hand is not None:  # 🂠 marks private content: tests assert it never reaches a public payload
            line += f" 🂠 [{', '.join(map(str, s.hand))}]"
        parts.append(line)
    if view.last:
        parts.append(f"{view.last[0]} / {view.last[1]}")
    return "\n".join(parts)


RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize)
