"""Which renderer draws which game: `renderers.<key>` when it exists, else the generic one."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

#: A view (and keyword `locale`) to an image; a hand or a preview may have nothing to draw (None).
Draw = Callable[..., Image.Image]
MaybeDraw = Callable[..., Image.Image | None]


@dataclass(frozen=True, slots=True)
class Renderer:
    """What draws one game: its board and text summary always; a hand, a preview, a card where it has them."""

    board: Draw
    summary: Callable[..., str]
    hand: MaybeDraw | None = None
    preview: MaybeDraw | None = None
    card: Draw | None = None


_RENDERERS: dict[str, Renderer] = {}


def register_renderer(key: str, renderer: Renderer) -> None:
    _RENDERERS[key] = renderer


def renderer_for(key: str) -> Renderer:
    if key not in _RENDERERS:
        try:
            module = importlib.import_module(f"renderers.{key}")
            _RENDERERS[key] = getattr(module, "RENDERER", _generic())
        except ModuleNotFoundError as exc:
            if exc.name != f"renderers.{key}":
                raise
            _RENDERERS[key] = _generic()
    return _RENDERERS[key]


def _generic() -> Renderer:
    from . import generic  # generic.py builds its Renderer from this module's class

    return generic.RENDERER
