"""A table game's animated replay: its public boards along the whole match, as one GIF for its thread.

A frame is a public board (`view(state, None)`) drawn exactly as the thread's boards are, the last
action's figures ringed and its path drawn as an arrow. A step that changes nothing on the table (a
card put in a sequence, a roll, a pass) gets no frame of its own: the next frame shows its effect on the
header. A long match is merged into at most `MAX_FRAMES` frames: consecutive steps share one frame,
which shows the board after the last of them, rings every figure they touched and draws the last path.
If the file is still over the budget, the palette gets smaller, then the frames fewer, until it fits;
never the boards themselves: scaled down, their text falls under the phone minimum (docs/boards.md), and
the GIF grows (resampling blurs the flat colours into new ones: 189 KB at 640 px, 243 KB at 480 px for
the same 61 frames), while 64 colours instead of 255 save a fifth.

GIF rather than APNG (measured on seeded matches, 78 and 96 frames of 640 px): Pillow writes each GIF
frame as the rectangle that changed, its unchanged pixels transparent, which LZW compresses to almost
nothing (Colors 612 KB, WarCry 703 KB); its APNG writer only crops each frame to that rectangle (1,269 KB
and 2,303 KB), and making it as small (about 10% under the GIF) means hand-built transparent deltas and
blending. Discord animates a GIF inline.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.i18n import t

from .registry import renderer_for
from .skirmish import TableDrawing, alt_text
from .theme import DEFAULT

#: Discord takes 10 MiB per upload on a server without boosts; the replay keeps well under it.
BUDGET = 8 * 1024 * 1024
#: At most this many frames: about a minute and a quarter of replay, and a bounded build (a board is
#: 20 to 60 ms to draw, most of the build).
MAX_FRAMES = 90
#: How long a frame stays, in milliseconds: the first and the last (the result) longer.
STEP_MS, FIRST_MS, LAST_MS = 800, 1500, 4000
#: Colours of the shared palette, tried in turn while the file is over the budget (at most 255: one
#: index is left free for the pixels a frame leaves unchanged).
PALETTES = (255, 64)


class NotPublic(ValueError):
    """A view with a viewer was given: the replay is posted in the thread and shows only the public board."""


@dataclass(frozen=True, slots=True)
class Replay:
    """The GIF, its alt text, how many frames it has for how many steps, its colours and build time."""

    gif: bytes
    alt: str
    frames: int
    steps: int
    colours: int
    ms: float


def is_replayed(game_key: str) -> bool:
    """Whether a game's matches get an animated replay: the table games (a card game's public board
    shows little of what was played; its step-by-step review is `/partie revoir`)."""
    return renderer_for(game_key).table is not None


def frames_of(table: TableDrawing, views: Sequence[Any], limit: int = MAX_FRAMES) -> list[Any]:
    """The views to draw, at most `limit`: the first, every view that changed the table, the last; over
    `limit`, consecutive changes merged into one frame (the later board, every figure they touched
    ringed, the last path drawn)."""
    if not views:
        return []
    for view in views:
        if view.viewer is not None:
            raise NotPublic(f"a view of seat {view.viewer}")
    kept = [views[0]]
    before = _table_of(table, views[0])
    for view in views[1:-1]:
        now = _table_of(table, view)
        if now != before:
            kept.append(view)
        before = now
    if len(views) > 1:
        kept.append(views[-1])
    if len(kept) <= limit:
        return kept
    middle, room = kept[1:-1], max(1, limit - 2)
    size = -(-len(middle) // room)  # steps per merged frame
    return [kept[0], *(_merged(middle[i : i + size]) for i in range(0, len(middle), size)), kept[-1]]


def _table_of(table: TableDrawing, view: Any) -> tuple[Any, ...]:
    """What a frame shows of the table: the figures as they stand, the last action's figures and path."""
    return (tuple(table.figures(view)), tuple(view.last), tuple(view.last_path))


def _merged(views: Sequence[Any]) -> Any:
    """One frame for several steps: the last board, every figure they touched ringed, the last path."""
    touched = tuple(dict.fromkeys(fid for view in views for fid in view.last))
    path = next((view.last_path for view in reversed(views) if view.last_path), ())
    return views[-1].model_copy(update={"last": touched, "last_path": path})


def build_replay(
    game_key: str, views: Sequence[Any], locale: str, *, budget: int = BUDGET, limit: int = MAX_FRAMES
) -> Replay | None:
    """The match's replay from its public views (step by step, the set-up first), under `budget` bytes;
    None for a game without one. CPU work: run it off the event loop."""
    start = time.perf_counter()
    drawing = renderer_for(game_key)
    if drawing.table is None or not views:
        return None
    chosen = frames_of(drawing.table, views, limit)
    boards = [drawing.board(view, locale=locale) for view in chosen]
    while True:
        for colours in PALETTES:
            gif = _gif(boards, colours)
            if len(gif) <= budget:
                return _replay(game_key, gif, views, boards, colours, locale, start)
        if len(boards) <= 2:
            raise ValueError(f"no replay of {game_key} fits in {budget} bytes")
        boards = [*boards[:-1:2], boards[-1]]  # every other frame, the result kept


def _replay(
    game_key: str, gif: bytes, views: Sequence[Any], boards: list[Image.Image], colours: int, locale: str, start: float
) -> Replay:
    summary = renderer_for(game_key).summary(views[-1], locale=locale)
    alt = alt_text([t("replay.alt", locale, frames=len(boards), steps=len(views) - 1), summary])
    ms = (time.perf_counter() - start) * 1000
    return Replay(gif, alt, len(boards), len(views) - 1, colours, ms)


def _gif(boards: list[Image.Image], colours: int) -> bytes:
    """The boards as one looping GIF on one palette of `colours`, each as tall as the tallest (a board
    grows and shrinks with its header and roster)."""
    height = max(board.height for board in boards)
    frames = []
    for board in boards:
        canvas = Image.new("RGB", (board.width, height), DEFAULT.background)
        canvas.paste(board, (0, 0))
        frames.append(canvas)
    palette = _palette(frames, colours)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    durations = [STEP_MS] * len(indexed)
    durations[0], durations[-1] = FIRST_MS, LAST_MS
    out = io.BytesIO()
    # optimize: each frame is written as the rectangle that changed, what did not change transparent
    indexed[0].save(
        out, format="GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0, optimize=True
    )
    return out.getvalue()


def _palette(frames: list[Image.Image], colours: int) -> Image.Image:
    """One palette for every frame, from the first, a middle one and the last side by side (a path's
    arrow, a ring, the result's line are then all in it)."""
    picks = list(dict.fromkeys((0, len(frames) // 2, len(frames) - 1)))
    sample = Image.new("RGB", (frames[0].width * len(picks), frames[0].height))
    for i, k in enumerate(picks):
        sample.paste(frames[k], (i * frames[0].width, 0))
    return sample.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
