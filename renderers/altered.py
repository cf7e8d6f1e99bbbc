"""Altered board, hand and text summary, drawn from an `AlteredView` only (never from a state).

The view already hides what the viewer may not see (hands, Mana faces, face-down regions), so
this module cannot leak them.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.i18n import t as translate

from .pen import Pen
from .renderer import Renderer
from .theme import DEFAULT, phone_min_size

W = 640  # portrait: a phone shows it 390 px wide, so every size below is >= phone_min_size(W)
SMALL = phone_min_size(W)  # 20 px here, 12 px on the phone
MARGIN = 10
LINE = 24
TRACK_H = 118
TERRAIN_COLOURS = {"forest": (90, 170, 90), "mountain": (170, 130, 90), "water": (80, 140, 220)}
TERRAIN_LETTER = {
    "fr": {"forest": "F", "mountain": "M", "water": "E"},
    "en": {"forest": "F", "mountain": "M", "water": "W"},
}
MAX_CHARACTERS = 5  # per expedition on the board; more are counted ("+2")
EXPEDITION_Y = 2 * LINE + 22  # below a side's title and figures


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


def _draw_track(pen: Pen, view: Any, locale: str, top: int) -> None:
    """The regions in a row, their terrains, and where each expedition stands (H / C discs)."""
    th = DEFAULT
    draw = pen.draw
    n = max(1, len(view.regions))
    gap = 6
    box_w = (W - 2 * MARGIN - gap * (n - 1)) // n
    advanced = set(view.advanced)
    for r in view.regions:
        x = MARGIN + r.index * (box_w + gap)
        draw.rounded_rectangle((x, top, x + box_w, top + TRACK_H), radius=8, fill=th.panel, outline=th.panel_alt)
        if r.terrains is None:
            pen.text((x + box_w // 2, top + 20), "?", 26, th.muted, bold=True, anchor="mm")
        else:
            chip = min(26, (box_w - 8) // max(1, len(r.terrains)) - 2)
            for i, t in enumerate(r.terrains):
                cx = x + 4 + i * (chip + 2)
                draw.rounded_rectangle((cx, top + 6, cx + chip, top + 34), radius=5, fill=TERRAIN_COLOURS[t])
                letter = TERRAIN_LETTER[_loc(locale)][t]
                pen.text((cx + chip // 2, top + 20), letter, SMALL, (20, 20, 20), bold=True, anchor="mm")
    for p in view.players:
        colour = th.seat_colours[p.seat % len(th.seat_colours)]
        for e in p.expeditions:
            x = MARGIN + e.position * (box_w + gap)
            row = 0 if e.kind == "hero" else 1
            d = min(34, box_w // 2 - 4)
            cx = x + 3 + p.seat * (box_w // 2)
            cy = top + 42 + row * (d + 4)
            if f"{p.seat}:{e.kind}" in advanced:  # moved at the last Dusk
                draw.ellipse((cx - 3, cy - 3, cx + d + 3, cy + d + 3), outline=th.accent, width=3)
            draw.ellipse((cx, cy, cx + d, cy + d), fill=colour, outline=(20, 20, 20))
            letter = _s(locale, e.kind)[:1].upper()
            pen.text((cx + d // 2, cy + d // 2), letter, SMALL, (20, 20, 20), bold=True, anchor="mm")


def _player_height(p: Any) -> int:
    lines = max(len(e.characters[: MAX_CHARACTERS + 1]) for e in p.expeditions) if p.expeditions else 0
    extra = (1 if p.reserve else 0) + (1 if p.landmarks else 0)
    return EXPEDITION_Y + 2 * LINE + 4 + lines * LINE + extra * LINE + 12


def _draw_player(pen: Pen, view: Any, p: Any, locale: str, top: int) -> None:
    """One side: name and hero, its figures, its two expeditions with their sums, Reserve, Landmarks."""
    th = DEFAULT
    draw = pen.draw
    colour = th.seat_colours[p.seat % len(th.seat_colours)]
    height = _player_height(p)
    draw.rounded_rectangle((MARGIN, top, W - MARGIN, top + height), radius=10, fill=th.panel, outline=colour, width=3)
    hero = p.hero_name.get(_loc(locale), p.hero) + (f" {_s(locale, 'hero_exhausted')}" if p.hero_exhausted else "")
    acting = p.seat in view.to_act and view.phase != "over"
    title = ("▶ " if acting else "") + f"{p.name} — {hero}"
    marks = []
    if view.first_seat == p.seat:
        marks.append(f"★ {_s(locale, 'first')}")
    if p.passed and view.phase == "afternoon":
        marks.append(_s(locale, "passed"))
    mark = "  ".join(marks)
    mark_w = pen.length(mark, SMALL) if mark else 0
    pen.text(
        (MARGIN + 12, top + 8),
        pen.fit(title, 22, W - 2 * MARGIN - 30 - mark_w, bold=True),
        22,
        th.accent if acting else colour,
        bold=True,
    )
    if mark:
        pen.text((W - MARGIN - 10, top + 10), mark, SMALL, th.accent, anchor="ra")
    x = MARGIN + 12
    y = top + 8 + LINE + 6
    for key, value in (
        ("score", f"{p.score}/7"),
        ("hand", str(p.hand_count)),
        ("deck", str(p.deck_count)),
        ("discard", str(len(p.discard))),
        ("mana", f"{p.mana_ready}/{p.mana_count}"),
    ):
        label = _s(locale, key)
        pen.text((x, y), label, SMALL, th.muted)
        x += int(pen.length(label + " ", SMALL))
        pen.text((x, y - 1), value, 22, th.text, bold=True)
        x += int(pen.length(value, 22, bold=True)) + 14
    col_w = (W - 2 * MARGIN - 24 - 12) // 2
    last = set(view.last)
    for j, e in enumerate(p.expeditions):
        x = MARGIN + 12 + j * (col_w + 12)
        y = top + EXPEDITION_Y
        label = f"{_s(locale, e.kind)} · {_s(locale, 'region', n=e.position)}"
        pen.text((x, y), pen.fit(label, SMALL, col_w, bold=True), SMALL, th.accent, bold=True)
        sx = x
        y += LINE
        for t in ("forest", "mountain", "water"):
            active = t in e.terrains
            text = f"{TERRAIN_LETTER[_loc(locale)][t]} {e.stats[t]}"
            w = int(pen.length(text, SMALL, bold=True)) + 12
            draw.rounded_rectangle(
                (sx, y, sx + w, y + LINE - 1), radius=5, fill=TERRAIN_COLOURS[t] if active else th.panel_alt
            )
            pen.text((sx + 6, y + 1), text, SMALL, (20, 20, 20) if active else th.text, bold=True)
            sx += w + 6
        y += LINE + 4
        for c in e.characters[:MAX_CHARACTERS]:
            played = c.uid in last
            text = ("▶ " if played else "") + _card_line(c, locale)
            pen.text((x, y), pen.fit(text, SMALL, col_w), SMALL, th.accent if played else th.text)
            y += LINE
        if len(e.characters) > MAX_CHARACTERS:
            pen.text((x, y), f"+{len(e.characters) - MAX_CHARACTERS}", SMALL, th.muted)
    y = top + height - 10 - LINE * ((1 if p.reserve else 0) + (1 if p.landmarks else 0))
    colon = " : " if _loc(locale) == "fr" else ": "
    for key, cards in (("reserve", p.reserve), ("landmarks", p.landmarks)):
        if not cards:
            continue
        names = ", ".join(("▶ " if c.uid in last else "") + _name(c, locale) for c in cards)
        text = f"{_s(locale, key)} ({len(cards)}){colon}{names}"
        pen.text(
            (MARGIN + 12, y),
            pen.fit(text, SMALL, W - 2 * MARGIN - 24),
            SMALL,
            th.accent if any(c.uid in last for c in cards) else th.text,
        )
        y += LINE


def render_board(view: Any, *, locale: str = "fr") -> Image.Image:
    """The public (or one seat's) board, in portrait for a phone: the track and its markers, then each
    side; what the last step played or moved is marked (▶, a ring).

    640 px wide and no text under 20 px, so a phone that shows it 390 px wide prints every figure at
    12 px or more (`tests/games/altered/test_renderer.py` measures it along whole matches)."""
    th = DEFAULT
    names = [p.name for p in view.players]
    bottom_seat = view.viewer if view.viewer in (0, 1) else 0
    order = [view.players[1 - bottom_seat], view.players[bottom_seat]]
    header_h = 72
    height = header_h + TRACK_H + 12 + sum(_player_height(p) + 10 for p in order) + 4
    img = Image.new("RGB", (W, height), th.background)
    pen = Pen(img)
    header = f"Altered — {_s(locale, 'day', day=view.day)} — {_s(locale, f'phase.{view.phase}')}"
    if view.tiebreak:
        header += f" — {_s(locale, 'tiebreak')}"
    pen.text((MARGIN, 10), pen.fit(header, 24, W - 2 * MARGIN, bold=True), 24, th.text, bold=True)
    if view.phase == "over":
        status = _s(locale, "draw") if view.winner_seat is None else _s(locale, "winner", name=names[view.winner_seat])
    else:
        who = ", ".join(names[s] for s in view.to_act) or _s(locale, "nobody")
        status = _s(locale, "to_act", names=who)
    pen.text((MARGIN, 42), pen.fit(status, 22, W - 2 * MARGIN), 22, th.accent)
    _draw_track(pen, view, locale, header_h)
    y = header_h + TRACK_H + 12
    for p in order:
        _draw_player(pen, view, p, locale, y)
        y += _player_height(p) + 10
    return pen.finish()


def render_hand(view: Any, *, locale: str = "fr") -> Image.Image | None:
    """The viewer's hand and Mana zone faces, one card a line (None for the public view)."""
    if view.viewer is None:
        return None
    th = DEFAULT
    me = view.players[view.viewer]
    hand = me.hand or []
    rows = max(len(hand), 1) + max(len(me.orbs), 1)
    img = Image.new("RGB", (W, 20 + 2 * 36 + rows * (LINE + 6) + 20), th.background)
    pen = Pen(img)
    y = 10
    pen.text((MARGIN, y), f"{_s(locale, 'your_hand')} ({len(hand)})", 24, th.accent, bold=True)
    y += 36
    for c in hand:
        cost = f"{c.cost[0]}/{c.cost[1]}"
        pen.text((MARGIN + 6, y), cost, 22, th.accent, bold=True)
        pen.text((MARGIN + 70, y + 1), pen.fit(_card_line(c, locale), SMALL, W - 2 * MARGIN - 76), SMALL, th.text)
        y += LINE + 6
    y += 10
    pen.text((MARGIN, y), f"{_s(locale, 'your_mana')} ({me.mana_ready}/{me.mana_count})", 24, th.accent, bold=True)
    y += 36
    for orb in me.orbs:
        state = _s(locale, "exhausted" if orb.exhausted else "ready")
        name = _name(orb.card, locale) if orb.card else "?"
        pen.text((MARGIN + 6, y), pen.fit(f"• {name} ({state})", SMALL, W - 2 * MARGIN - 12), SMALL, th.text)
        y += LINE + 6
    return pen.finish()


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
    if view.viewer is not None and (me := view.players[view.viewer]).hand is not None:
        # the hand in words too (a screen reader, a search, a copy), as the image lists it: cost, then card
        cards = "; ".join(f"{_card_line(c, locale)} ({c.cost[0]}/{c.cost[1]})" for c in me.hand)
        lines.append(f"{_s(locale, 'your_hand')} ({len(me.hand)}){colon}{cards or '—'}")
        orbs = ", ".join(_name(o.card, locale) if o.card else "?" for o in me.orbs)
        lines.append(f"{_s(locale, 'your_mana')} ({me.mana_ready}/{me.mana_count}){colon}{orbs or '—'}")
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1497] + "…"


RENDERER = Renderer(board=render_board, hand=render_hand, summary=summarize)
