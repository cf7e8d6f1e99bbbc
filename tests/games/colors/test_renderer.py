"""Colors of Magic's table, drawn for a phone: legible text, a crop around the action, no hidden card."""

from __future__ import annotations

from bot.ai import RandomAgent, arena
from bot.games.colors.board import MEASURE
from bot.games.colors.game import COLORS
from renderers.colors import render_board, render_hand, render_preview, summarize
from renderers.skirmish import frame
from tests.support.phone import assert_reads_on_a_phone


def _states(seed: int) -> list:  # type: ignore[type-arg]
    states: list = []
    arena.play(COLORS, (COLORS.agent(), RandomAgent()), seed, invariant=states.append)
    return states


def test_every_text_reads_on_a_phone_along_a_whole_match() -> None:
    states = _states(5)
    assert assert_reads_on_a_phone(COLORS, states[::15] + states[-1:], render_board, render_hand) > 20


def test_the_board_crops_around_the_last_action_and_shows_the_whole_table_before() -> None:
    states = _states(6)
    first = COLORS.view(states[0], None)
    assert not first.last and frame([], MEASURE) == (0, 0, 24 * 254, 24 * 254)
    moved = next(s for s in states if s.last_path)
    view = COLORS.view(moved, None)
    box = frame(
        [*(tuple(p) for p in view.last_path), *((f.x, f.y) for f in view.figures if f.id in view.last)], MEASURE
    )
    assert (box[2] - box[0]) < 24 * 254 or (box[3] - box[1]) < 24 * 254
    preview = render_preview(COLORS.view(moved, 0), {"path": [list(p) for p in view.last_path]}, locale="fr")
    assert preview.info["text_px_min"] >= 20


def test_public_pictures_and_alt_text_never_hold_a_hand() -> None:
    states = _states(7)
    state = states[len(states) // 2]
    assert render_hand(COLORS.view(state, None), locale="fr") is None
    public = summarize(COLORS.view(state, None), locale="fr")
    from bot.games.colors.content import CARDS

    for side in state.sides:
        for card in set(side.hand) - {f.card for f in state.figures}:
            assert CARDS[card].name.fr not in public, card


def test_no_crop_is_taller_than_a_phone_screen_allows() -> None:
    """A crop around figures far apart widens instead of growing into a tall strip (found at 640×1633)."""
    for state in _states(3)[::2]:
        image = render_board(COLORS.view(state, None), locale="fr")
        assert image.height <= 2 * image.width, image.size
    assert (
        frame([(2 * 254, 2 * 254), (3 * 254, 22 * 254)], MEASURE)[2]
        - frame([(2 * 254, 2 * 254), (3 * 254, 22 * 254)], MEASURE)[0]
        >= 16 * 254
    )


def test_the_alt_text_says_hit_points_in_each_language() -> None:
    """« PV » in French, "HP" in English (D-COL-34): an English reader never meets "(6 PV)"."""
    view = COLORS.view(_states(7)[3], None)
    assert view.figures
    french, english = summarize(view, locale="fr"), summarize(view, locale="en")
    assert " PV)" in french
    assert " HP)" in english and " PV)" not in english
