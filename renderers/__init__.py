"""Pure Pillow renderers: view -> image, and short text summaries for small screens.

Only this package imports PIL. Renderers read views (never engine states) so they cannot draw
what a viewer may not see.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from PIL import Image

from .encode import to_png
from .registry import renderer_for
from .theme import PHONE_WIDTH

__all__ = [
    "Rendered",
    "at_phone_width",
    "render_board_png",
    "render_hand_png",
    "render_preview_png",
    "renderer_for",
    "summary_text",
    "to_png",
]


@dataclass(frozen=True, slots=True)
class Rendered:
    png: bytes
    ms: float


def render_board_png(game_key: str, view: Any, locale: str) -> Rendered:
    """Board image as PNG bytes (run it off the event loop: it is CPU work)."""
    start = time.perf_counter()
    image = renderer_for(game_key).board(view, locale=locale)
    png = to_png(image)
    return Rendered(png=png, ms=(time.perf_counter() - start) * 1000)


def render_hand_png(game_key: str, view: Any, locale: str) -> Rendered | None:
    fn = renderer_for(game_key).hand
    if fn is None:
        return None
    start = time.perf_counter()
    image = fn(view, locale=locale)
    if image is None:
        return None
    return Rendered(png=to_png(image), ms=(time.perf_counter() - start) * 1000)


def render_preview_png(game_key: str, view: Any, overlay: dict[str, Any], locale: str) -> Rendered | None:
    """The submitting seat's view with a previewed action drawn over it (None: no preview renderer, or
    nothing to draw for this action)."""
    fn = renderer_for(game_key).preview
    if fn is None:
        return None
    start = time.perf_counter()
    image = fn(view, overlay, locale=locale)
    if image is None:
        return None
    return Rendered(png=to_png(image), ms=(time.perf_counter() - start) * 1000)


def at_phone_width(image: Any) -> Any:
    """The image as a phone in portrait shows it (390 px wide): what the docs' screenshots show."""
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def summary_text(game_key: str, view: Any, locale: str) -> str:
    return str(renderer_for(game_key).summary(view, locale=locale))
