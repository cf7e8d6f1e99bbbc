"""Altered board, hand and text summary, drawn from an `AlteredView` only (never from a state).

The view already hides what the viewer may not see (hands, Mana faces, face-down regions), so
this module cannot leak them.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t as translate

from .theme import DEFAULT, font

W, H = 1200, 760
TERRAIN_COLOURS = {"forest": (90, 170, 90), "mountain": (170, 130, 90), "water": (80, 140, 220)}
TERRAIN_LETTER = {
    "fr": {"forest": "F", "mountain": "M", "water": "E"},
    "en": {"forest": "F", "mountain": "M", "water": "W"},
}


def _loc(locale: str) -> str:
    return "en" if str(locale).lower().startswith("en") else "fr"


def _s(locale: str, key: str, **params: Any) -> str:
    """A board label from the game's catalog (the one path from a key to a string)."""
    return translate(f"altered.ui.{key}", locale, **params)


def _name(card: Any, locale: str) -> str:
    return str(card.name.get(_loc(locale)) or card.card)


def _stats(stats: tuple[int, int, int] | list[int] | None, boosts: int) -> str:
    if stats is None:
        return ""
    return "/".join(str(v + boosts) for v in stats)


def _card_line(card: Any, locale: str) -> str:
    tags = []
    if card.boosts:
        tags.append(_s(locale, "boost", n=card.boosts))
    for flag in ("fleeting", "anchored", "asleep"):
        if getattr(card, flag):
            tags.append(_s(locale, flag))
    if card.exhausted:
        tags.append("z")
    text = _name(card, locale)
    if card.stats is not None:
        text += f" {_stats(card.stats, card.boosts)}"
    return text + (f" [{' '.join(tags)}]" if tags else "")


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int) -> str:
    f = font(size)
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text + "…"


def _draw_track(draw: ImageDraw.ImageDraw, view: Any, locale: str, top: int) -> None:
    th = DEFAULT
    n = len(view.regions)
    margin, gap = 20, 8
    box_w = (W - 2 * margin - gap * (n - 1)) // n
    box_h = 120
    for r in view.regions:
        x = margin + r.index * (box_w + gap)
        draw.rounded_rectangle((x, top, x + box_w, top + box_h), radius=8, fill=th.panel, outline=th.muted)
        if r.terrains is None:
            draw.text((x + 10, top + 8), _s(locale, "face_down"), fill=th.muted, font=font(16))
            draw.text((x + box_w // 2 - 6, top + 36), "?", fill=th.muted, font=font(28))
        else:
            for i, t in enumerate(r.terrains):
                cx = x + 10 + i * 36
                draw.rounded_rectangle((cx, top + 8, cx + 30, top + 34), radius=5, fill=TERRAIN_COLOURS[t])
                draw.text((cx + 9, top + 11), TERRAIN_LETTER[_loc(locale)][t], fill=(20, 20, 20), font=font(18))
        draw.text((x + box_w - 22, top + 8), str(r.index), fill=th.muted, font=font(14))
    # expedition markers: H and C per player
    for p in view.players:
        colour = th.seat_colours[p.seat % len(th.seat_colours)]
        for e in p.expeditions:
            x = margin + e.position * (box_w + gap)
            row = 0 if e.kind == "hero" else 1
            cx = x + 14 + p.seat * 62
            cy = top + 58 + row * 30
            draw.ellipse((cx, cy, cx + 26, cy + 26), fill=colour, outline=(20, 20, 20))
            letter = "H" if e.kind == "hero" else "C"
            draw.text((cx + 7, cy + 4), letter, fill=(20, 20, 20), font=font(16))
            draw.text((cx + 30, cy + 4), p.name[:5], fill=th.text, font=font(13))


def _draw_player(draw: ImageDraw.ImageDraw, view: Any, p: Any, locale: str, top: int, height: int) -> None:
    th = DEFAULT
    colour = th.seat_colours[p.seat % len(th.seat_colours)]
    draw.rounded_rectangle((20, top, W - 20, top + height), radius=10, fill=th.panel, outline=colour, width=3)
    hero = p.hero_name.get(_loc(locale), p.hero) + (f" {_s(locale, 'hero_exhausted')}" if p.hero_exhausted else "")
    title = f"{p.name} — {hero}"
    if view.first_seat == p.seat:
        title += f"  ★ {_s(locale, 'first')}"
    if p.passed and view.phase == "afternoon":
        title += f"  ({_s(locale, 'passed')})"
    draw.text((34, top + 8), _fit(draw, title, 700, 20), fill=colour, font=font(20))
    counts = (
        f"{_s(locale, 'score')} {p.score}/7   {_s(locale, 'hand')} {p.hand_count}   "
        f"{_s(locale, 'deck')} {p.deck_count}   {_s(locale, 'discard')} {len(p.discard)}"
    )
    draw.text((740, top + 11), counts, fill=th.text, font=font(16))
    # orbs
    oy = top + 40
    draw.text((34, oy), f"{_s(locale, 'mana')} {p.mana_ready}/{p.mana_count}", fill=th.text, font=font(16))
    for i, orb in enumerate(p.orbs[:20]):
        cx = 130 + i * 24
        if orb.exhausted:
            draw.ellipse((cx, oy + 1, cx + 18, oy + 19), outline=th.muted, width=2)
        else:
            draw.ellipse((cx, oy + 1, cx + 18, oy + 19), fill=th.accent)
    # expeditions
    col_w = 370
    for j, e in enumerate(p.expeditions):
        x = 34 + j * (col_w + 10)
        y = top + 70
        label = _s(locale, e.kind)
        draw.text((x, y), label, fill=th.accent, font=font(17))
        sx = x + 130
        for k, t in enumerate(("forest", "mountain", "water")):
            active = t in e.terrains
            fill = TERRAIN_COLOURS[t] if active else th.panel_alt
            draw.rounded_rectangle((sx + k * 58, y - 1, sx + k * 58 + 52, y + 21), radius=5, fill=fill)
            txt = f"{TERRAIN_LETTER[_loc(locale)][t]} {e.stats[t]}"
            draw.text((sx + k * 58 + 6, y + 1), txt, fill=(20, 20, 20) if active else th.text, font=font(16))
        for i, c in enumerate(e.characters[:6]):
            draw.text(
                (x + 6, y + 28 + i * 21), _fit(draw, _card_line(c, locale), col_w - 10, 15), fill=th.text, font=font(15)
            )
        if len(e.characters) > 6:
            draw.text((x + 6, y + 28 + 6 * 21), f"+{len(e.characters) - 6}", fill=th.muted, font=font(15))
    # reserve and landmarks
    x = 34 + 2 * (col_w + 10)
    y = top + 70
    for label, cards in ((_s(locale, "reserve"), p.reserve), (_s(locale, "landmarks"), p.landmarks)):
        draw.text((x, y), f"{label} ({len(cards)})", fill=th.accent, font=font(17))
        for i, c in enumerate(cards[:4]):
            draw.text((x + 6, y + 24 + i * 20), _fit(draw, _card_line(c, locale), 360, 15), fill=th.text, font=font(15))
        y += 24 + 20 * min(len(cards), 4) + 10


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    """The public (or one seat's) board: track, four markers, expeditions and sums, zones, phase."""
    th = DEFAULT
    img = Image.new("RGB", (W, H), th.background)
    draw = ImageDraw.Draw(img)
    names = [p.name for p in view.players]
    header = f"Altered — {_s(locale, 'day', day=view.day)} — {_s(locale, f'phase.{view.phase}')}"
    if view.tiebreak:
        header += f" — {_s(locale, 'tiebreak')}"
    draw.text((20, 12), header, fill=th.text, font=font(24))
    if view.phase == "over":
        status = _s(locale, "draw") if view.winner_seat is None else _s(locale, "winner", name=names[view.winner_seat])
    else:
        who = ", ".join(names[s] for s in view.to_act) or _s(locale, "nobody")
        status = _s(locale, "to_act", names=who)
    draw.text((W - 20 - draw.textlength(status, font=font(20)), 16), status, fill=th.accent, font=font(20))
    _draw_track(draw, view, locale, 56)
    bottom_seat = view.viewer if view.viewer in (0, 1) else 0
    order = [1 - bottom_seat, bottom_seat]
    panel_h = 270
    for i, seat in enumerate(order):
        _draw_player(draw, view, view.players[seat], locale, 190 + i * (panel_h + 10), panel_h)
    return img


def render_hand(view: Any, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand and Mana zone faces (None for the public view)."""
    if view.viewer is None:
        return None
    th = DEFAULT
    me = view.players[view.viewer]
    hand = me.hand or []
    rows = max(len(hand), 1) + max(len(me.orbs), 1) + 4
    img = Image.new("RGB", (640, min(900, 40 + rows * 24)), th.background)
    draw = ImageDraw.Draw(img)
    y = 10
    draw.text((14, y), f"{_s(locale, 'your_hand')} ({len(hand)})", fill=th.accent, font=font(20))
    y += 30
    for c in hand:
        line = f"{c.cost[0]}/{c.cost[1]}  {_card_line(c, locale)}"
        draw.text((24, y), _fit(draw, line, 600, 16), fill=th.text, font=font(16))
        y += 24
    y += 10
    draw.text((14, y), f"{_s(locale, 'your_mana')} ({me.mana_ready}/{me.mana_count})", fill=th.accent, font=font(20))
    y += 30
    for orb in me.orbs:
        state = _s(locale, "exhausted" if orb.exhausted else "ready")
        name = _name(orb.card, locale) if orb.card else "?"
        draw.text((24, y), _fit(draw, f"• {name} ({state})", 600, 16), fill=th.text, font=font(16))
        y += 24
    return img


def summarize(view: Any, *, locale: str = "fr") -> str:
    """A short text board for small screens and alt text (at most 1500 characters)."""
    loc = _loc(locale)
    names = [p.name for p in view.players]
    lines = [f"Altered — {_s(locale, 'day', day=view.day)} — {_s(locale, f'phase.{view.phase}')}"]
    if view.phase == "over":
        lines.append(
            _s(locale, "draw") if view.winner_seat is None else _s(locale, "winner", name=names[view.winner_seat])
        )
    else:
        lines.append(_s(locale, "to_act", names=", ".join(names[s] for s in view.to_act) or _s(locale, "nobody")))
    track = " ".join(
        "?" if r.terrains is None else "".join(TERRAIN_LETTER[loc][t] for t in r.terrains) for r in view.regions
    )
    lines.append(track)
    colon = " : " if loc == "fr" else ": "  # French sets a space before the colon
    for p in view.players:
        lines.append(
            f"{p.name} ({p.hero_name.get(loc, p.hero)}){colon}{_s(locale, 'score')} {p.score}/7, "
            f"{_s(locale, 'mana')} {p.mana_ready}/{p.mana_count}, {_s(locale, 'hand')} {p.hand_count}, "
            f"{_s(locale, 'deck')} {p.deck_count}"
        )
        for e in p.expeditions:
            sums = " · ".join(f"{_s(locale, t)} {e.stats[t]}" for t in ("forest", "mountain", "water"))
            chars = ", ".join(_name(c, locale) for c in e.characters[:5])
            where = _s(locale, "region", n=e.position)
            lines.append(f"  {_s(locale, e.kind)}, {where}{colon}{sums}" + (f" — {chars}" if chars else ""))
        if p.reserve:
            lines.append(f"  {_s(locale, 'reserve')}{colon}" + ", ".join(_name(c, locale) for c in p.reserve[:4]))
        if p.landmarks:
            lines.append(f"  {_s(locale, 'landmarks')}{colon}" + ", ".join(_name(c, locale) for c in p.landmarks[:3]))
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1497] + "…"


RENDERER = {"board": render_board, "hand": render_hand, "summary": summarize}
