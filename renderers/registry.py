"""Which renderer draws which game: the one its `GameDef` names (`render`), else the generic one."""

from __future__ import annotations

from bot.engine import game_def

from . import generic
from .renderer import Renderer


def renderer_for(key: str) -> Renderer:
    load = game_def(key).render
    if load is None:
        return generic.RENDERER
    drawn = load()
    if not isinstance(drawn, Renderer):  # a GameDef names its renderer's module: say a wrong one plainly
        raise TypeError(f"{load.__qualname__} gave a {type(drawn).__name__}, not a Renderer")
    return drawn
