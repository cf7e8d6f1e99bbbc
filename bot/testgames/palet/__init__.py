"""Palet, the host's test game of a puck placed anywhere on the board: its `GAME`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import GameDef

from .game import PALET

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.palet imports this package's modules (no circle at load time)
    from renderers.palet import RENDERER

    return RENDERER


GAME = GameDef(rules=PALET, label="Palet", render=_renderer)

__all__ = ["GAME"]
