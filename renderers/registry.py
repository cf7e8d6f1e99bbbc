"""Which renderer draws which game: `renderers.<key>` when it exists, else the generic one."""

from __future__ import annotations

import importlib

from . import generic
from .renderer import Renderer

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(key: str, renderer: Renderer) -> None:
    _RENDERERS[key] = renderer


def renderer_for(key: str) -> Renderer:
    if key not in _RENDERERS:
        try:
            module = importlib.import_module(f"renderers.{key}")
            _RENDERERS[key] = getattr(module, "RENDERER", generic.RENDERER)
        except ModuleNotFoundError as exc:
            if exc.name != f"renderers.{key}":
                raise
            _RENDERERS[key] = generic.RENDERER
    return _RENDERERS[key]
