"""The animated replay of a table game (#31), at the renderer: a long match still fits in a bounded
number of frames and under Discord's upload limit, a step that changes nothing on the table gets no
frame, merged steps keep every figure they touched ringed, and only the public board is drawn."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine import Rng, SeatSpec
from bot.games.colors.board import MEASURE
from bot.games.colors.game import COLORS
from renderers.colors import TABLE
from renderers.replay import BUDGET, MAX_FRAMES, NotPublic, build_replay, frames_of

DISCORD_LIMIT = 10 * 1024 * 1024


def _start() -> Any:
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    return COLORS.setup(seats, COLORS.validate_options({}), Rng(7)).state


def _long_match(steps: int) -> list[Any]:
    """Public views of a synthetic match of `steps` moves: the figures walk round the table one after
    the other, each step's mover ringed and its path drawn (a real match is about 300 steps)."""
    view = COLORS.view(_start(), None)
    views = [view]
    for k in range(steps):
        figures = list(view.figures)
        i = k % len(figures)
        f = figures[i]
        x = (f.x + 2 * MEASURE.cell) % MEASURE.width
        y = (f.y + (k % 3 - 1) * MEASURE.cell) % MEASURE.height
        figures[i] = f.model_copy(update={"x": x, "y": y})
        view = view.model_copy(
            update={"figures": tuple(figures), "last": (f.id,), "last_path": ((f.x, f.y), (x, y)), "round": 1 + k // 40}
        )
        views.append(view)
    return views


def _frames(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    out = []
    for k in range(image.n_frames):
        image.seek(k)
        out.append(image.convert("RGB"))
    return out


def test_a_long_match_fits_in_a_bounded_replay_under_the_upload_limit() -> None:
    views = _long_match(3000)
    assert len(frames_of(TABLE, views, limit=10_000)) == len(views)  # every step moved a figure

    replay = build_replay("colors", views, "fr")

    assert replay is not None
    assert replay.steps == 3000 and replay.frames <= MAX_FRAMES and replay.colours == 255
    assert len(replay.gif) <= BUDGET < DISCORD_LIMIT
    frames = _frames(replay.gif)
    assert len(frames) == replay.frames
    last = TABLE.board(views[-1], locale="fr")  # the result stays on the last frame, drawn as on the board
    assert _close(frames[-1].crop((0, 0, *last.size)), last)
    assert replay.alt.startswith(f"Replay animé de la partie, {replay.frames} images pour 3000 coups.")


def _close(a: Image.Image, b: Image.Image) -> bool:
    """The same picture but for the palette's rounding (255 colours shared by every frame)."""
    diff = ImageChops.difference(a, b).convert("L")
    return max(diff.get_flattened_data()) <= 40 and sum(diff.get_flattened_data()) / (a.width * a.height) < 1.0


def test_over_the_budget_the_palette_gets_smaller_then_the_frames_fewer() -> None:
    views = _long_match(60)
    full = build_replay("colors", views, "en")
    assert full is not None and full.colours == 255 and full.frames == 61

    smaller = build_replay("colors", views, "en", budget=len(full.gif) - 1)
    assert smaller is not None and len(smaller.gif) < len(full.gif)
    assert smaller.colours < 255 and smaller.frames == 61

    tiny = build_replay("colors", views, "en", budget=len(full.gif) // 3)
    assert tiny is not None and len(tiny.gif) <= len(full.gif) // 3
    assert tiny.frames < 61 and tiny.alt.startswith(f"Animated replay of the match, {tiny.frames} frames")


def test_a_step_that_changes_nothing_on_the_table_gets_no_frame_of_its_own() -> None:
    views = _long_match(4)
    still = views[2].model_copy(update={"to_act": (1,)})  # who acts changed, nothing on the table
    kept = frames_of(TABLE, [*views[:3], still, *views[3:]])
    assert kept == views


def test_merged_steps_ring_every_figure_they_touched_and_draw_the_last_path() -> None:
    views = _long_match(40)
    kept = frames_of(TABLE, views, limit=6)
    assert len(kept) == 6 and kept[0] == views[0] and kept[-1] == views[-1]
    merged = kept[1]  # steps 1 to 10
    assert merged.figures == views[10].figures
    assert set(merged.last) == {fid for v in views[1:11] for fid in v.last} and len(merged.last) > 1
    assert merged.last_path == views[10].last_path


def test_only_the_public_board_makes_a_replay() -> None:
    state = _start()
    with pytest.raises(NotPublic):
        build_replay("colors", [COLORS.view(state, None), COLORS.view(state, 0)], "fr")


def test_a_card_game_has_no_replay() -> None:
    from bot.testgames.duel.game import DUEL

    state = DUEL.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, Rng(1)).state
    assert build_replay("duel", [DUEL.view(state, None)], "fr") is None
