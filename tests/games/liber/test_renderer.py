"""Renderer smoke tests: size, mode, PNG weight, accents, and no hand content in public output."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.ai import RandomAgent, arena
from bot.games.liber.game import LIBER
from bot.games.liber.state import LiberState
from renderers.liber import RENDERER, render_board, render_hand, summarize, theme_font
from tests.support.phone import assert_reads_on_a_phone

from .helpers import make_state


@pytest.fixture(scope="module")
def midgame() -> LiberState:
    states: list[LiberState] = []
    arena.play(LIBER, (RandomAgent(), RandomAgent()), 3, invariant=states.append)
    return states[len(states) * 2 // 3]


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_board_image(midgame: LiberState, locale: str, viewer: int | None) -> None:
    image = render_board(LIBER.view(midgame, viewer), locale=locale)
    assert image.mode == "RGB" and image.size[0] <= 720 and image.size[1] <= 2 * image.size[0]
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    assert len(buf.getvalue()) < 1024 * 1024


def _colour_count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in image.getcolors(1 << 20) or [] if c == colour)


def test_statuses_are_drawn_as_symbols_explained_under_the_board() -> None:
    from renderers.liber import PARALYSIS, POISON, SICK

    marked = make_state({(0, 2, 0): {"card": "brute", "poisoned": True, "paralysis": 1, "sick": True}})
    plain = make_state({(0, 2, 0): {"card": "brute", "sick": False}})
    with_marks = render_board(LIBER.view(marked, None), locale="fr")
    without = render_board(LIBER.view(plain, None), locale="fr")
    for colour in (POISON, PARALYSIS, SICK):
        assert _colour_count(with_marks, colour) > 100 + _colour_count(without, colour), colour
    assert with_marks.height > without.height  # the legend line


def _views_along(seed: int, every: int) -> list[LiberState]:
    states: list[LiberState] = []
    arena.play(LIBER, (RandomAgent(), RandomAgent()), seed, invariant=states.append)
    return states[::every] + states[-1:]


@pytest.mark.parametrize("seed", [4, 11])
def test_every_text_reads_on_a_phone_along_a_whole_match(seed: int) -> None:
    """Issue #12 §5: at 390 px wide (a phone in portrait) no text of the board or hand is under 12 px."""
    assert assert_reads_on_a_phone(LIBER, _views_along(seed, 12), render_board, render_hand) > 20


def test_accents_render_with_a_real_glyph() -> None:
    font = theme_font(20)
    assert font.getname()[0] == "DejaVu Sans"  # shipped in renderers/fonts: accents always render
    tofu = bytes(font.getmask("\uffff"))
    for ch in "éèàçÉ":
        assert bytes(font.getmask(ch)) != tofu, ch
    image = Image.new("L", (100, 40))
    ImageDraw.Draw(image).text((5, 5), "Éé", font=font, fill=255)
    assert image.getbbox() is not None


def test_hand_image_only_for_a_seat(midgame: LiberState) -> None:
    assert render_hand(LIBER.view(midgame, None), locale="fr") is None
    state = make_state(hands=(["brute", "foudre_divine", "sol"], []))
    image = render_hand(LIBER.view(state, 0), locale="fr")
    assert image is not None and image.mode == "RGB"


def test_summary_is_short_and_public_summary_hides_hands() -> None:
    state = make_state({(0, 2, 0): "brute"}, hands=(["chevalier"], ["seigneur_ombres"]))
    public = summarize(LIBER.view(state, None), locale="fr")
    assert len(public) <= 1500 and "Chevalier" not in public and "Seigneur des ombres" not in public
    own = summarize(LIBER.view(state, 0), locale="en")
    assert "Knight" in own and "Shadow lord" not in own
    full = make_state({(s, line, slot): "seigneur_ombres" for s in (0, 1) for line in (0, 2) for slot in range(5)})
    assert len(summarize(LIBER.view(full, 0), locale="fr")) <= 1500


def test_renderer_table() -> None:
    assert (RENDERER.board, RENDERER.hand, RENDERER.summary) == (render_board, render_hand, summarize)


def test_the_last_action_is_highlighted_on_the_board() -> None:
    """What moved, was played or was hit is outlined, and ending a phase keeps it (issue: boards on a phone)."""
    from bot.games.liber.actions import Attack, End
    from renderers.theme import DEFAULT

    from .helpers import act, make_state

    state = make_state({(0, 2, 0): "brute", (1, 2, 1): "milicien"})
    after = act(state, 0, Attack(attacker=(0, 2, 0), target=(1, 2, 1))).state
    if after.step == "block":
        from bot.games.liber.actions import Block

        after = act(after, 1, Block()).state
    assert set(after.last) == {(0, 2, 0), (1, 2, 1)}
    ended = act(after, 0, End()).state
    assert set(ended.last) == {(0, 2, 0), (1, 2, 1)}
    view = LIBER.view(ended, None)
    assert set(view.last) == {(0, 2, 0), (1, 2, 1)}
    highlighted = render_board(view, locale="fr")
    plain = render_board(view.model_copy(update={"last": ()}), locale="fr")
    accent = DEFAULT.accent

    def accent_pixels(image: Image.Image) -> int:
        return sum(n for n, colour in image.getcolors(1 << 20) or [] if colour == accent)

    count = accent_pixels(highlighted) - accent_pixels(plain)
    assert count > 500  # two thick outlines


def test_an_equipped_item_is_marked_on_the_board_and_named_in_the_alt_text() -> None:
    from renderers.liber import ITEM

    armed = make_state({(0, 2, 0): {"card": "brute", "items": ["lame_maudite"], "sick": False}})
    bare = make_state({(0, 2, 0): {"card": "brute", "sick": False}})
    view = LIBER.view(armed, None)
    assert _colour_count(render_board(view, locale="fr"), ITEM) > 100 + _colour_count(
        render_board(LIBER.view(bare, None), locale="fr"), ITEM
    )
    text = summarize(view, locale="fr")
    assert "Brute (front, " in text and ", + Lame maudite)" in text
