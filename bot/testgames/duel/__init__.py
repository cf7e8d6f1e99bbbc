"""Duel, the host's test game of hidden hands and secret simultaneous choices: its `GAME`."""

from __future__ import annotations

from bot.engine import GameDef, drawn_by

from .game import DUEL

GAME = GameDef(rules=DUEL, render=drawn_by("renderers.duel"))

__all__ = ["GAME"]
