"""Renderers: French glyphs render, PNGs stay small, the generic fallback draws any view."""

from __future__ import annotations

import io

from PIL import Image

from bot.engine import Rng, SeatSpec, game_defs
from bot.testgames.duel.game import DUEL
from renderers import render_board_png, render_hand_png, summary_text
from renderers.generic import render_board as generic_board
from renderers.registry import renderer_for
from renderers.renderer import Renderer
from renderers.theme import font


def _glyph(ch: str) -> bytes:
    return bytes(font(24).getmask(ch))


def test_french_accents_and_symbols_have_glyphs() -> None:
    missing = _glyph("\U000f0000")  # a private-use code point: the font's "missing glyph" box
    for ch in "éèêëàâçùûîïôœÉÀÇ—◀«»’":
        assert _glyph(ch) != missing, ch
    assert _glyph("é") != _glyph("e")


def _state():  # type: ignore[no-untyped-def]
    return DUEL.setup([SeatSpec(seat=0, name="Élodie"), SeatSpec(seat=1, name="Bob")], {}, Rng(1)).state


def test_board_png_is_discord_friendly() -> None:
    rendered = render_board_png("duel", DUEL.view(_state(), None), "fr")
    img = Image.open(io.BytesIO(rendered.png))
    assert img.format == "PNG" and img.size == (720, 420)
    assert len(rendered.png) < 1024 * 1024


def test_hand_only_for_a_seat_and_summary_marks_private_content() -> None:
    state = _state()
    assert render_hand_png("duel", DUEL.view(state, None), "fr") is None
    assert render_hand_png("duel", DUEL.view(state, 0), "fr") is not None
    assert "🂠" in summary_text("duel", DUEL.view(state, 0), "fr")
    assert "🂠" not in summary_text("duel", DUEL.view(state, None), "fr")


def test_generic_renderer_draws_any_view() -> None:
    img = generic_board(DUEL.view(_state(), None), locale="fr")
    assert img.size[0] == 900 and img.size[1] > 100


def test_palette_encoding_keeps_every_colour_close() -> None:
    """The PNG is palette-reduced for speed and size; text and colours must not visibly move."""
    from PIL import ImageChops, ImageDraw

    from renderers.encode import to_png
    from renderers.theme import font as theme_font

    image = Image.new("RGB", (480, 200), (246, 240, 226))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate([(180, 40, 40), (40, 110, 180), (60, 150, 70), (30, 30, 30)]):
        draw.rounded_rectangle((10 + i * 115, 10, 115 + i * 115, 90), 12, fill=colour, outline=(0, 0, 0))
    draw.text((12, 110), "Légion Cendrée — 3 cartes", font=theme_font(32), fill=(20, 20, 20))
    png = to_png(image)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P"
    worst = max(high for _low, high in ImageChops.difference(image, decoded.convert("RGB")).getextrema())
    assert worst <= 24


def test_every_registered_game_names_a_renderer_that_loads() -> None:
    """A GameDef names its renderer's module (`drawn_by`): a wrong name fails here, not at a match's first
    board; the card and table games draw with their own, the test games too."""
    drawn = {d.key: renderer_for(d.key) for d in game_defs()}
    assert {"liber", "altered", "colors", "confrontation", "warcry", "duel", "palet"} <= set(drawn)
    assert all(isinstance(r, Renderer) for r in drawn.values())
    assert len({id(r) for r in drawn.values()}) == len(drawn)  # each its own, none fell back to the generic one
