"""King of Liber: a card battle on three lines (rules: docs/rules/liber.md)."""

from .game import LiberGame

GAME = LiberGame()

__all__ = ["GAME", "LiberGame"]
