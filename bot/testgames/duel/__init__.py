"""Duel, the host's test game of hidden hands and secret simultaneous choices: its `GAME`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import GameDef

from .game import DUEL

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.duel imports this package's modules (no circle at load time)
    from renderers.duel import RENDERER

    return RENDERER


GAME = GameDef(rules=DUEL, label="Duel", render=_renderer)

__all__ = ["GAME"]
