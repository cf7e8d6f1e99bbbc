"""Altered TCG: a pure engine for two players, with our own heroes and decks."""

from .game import AlteredGame

GAME = AlteredGame()

__all__ = ["GAME", "AlteredGame"]
