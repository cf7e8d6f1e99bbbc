"""Which renderer draws which game: the one its `GameDef` names (`render`), else the generic one."""

from __future__ import annotations

from bot.engine import game_def

from . import generic
from .renderer import Renderer


def renderer_for(key: str) -> Renderer:
    load = game_def(key).render
    return load() if load is not None else generic.RENDERER
