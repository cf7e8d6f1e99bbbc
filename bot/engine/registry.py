"""The registry of games: the host finds a game by key, the demo and bench iterate over them."""

from __future__ import annotations

from typing import TypeVar

from .errors import EngineError
from .game import AnyGame

G = TypeVar("G", bound=AnyGame)

_GAMES: dict[str, AnyGame] = {}


def register(game: G) -> G:
    """Register a game instance under its key (re-registering the same key replaces it)."""
    _GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    _GAMES.pop(key, None)


def get_game(key: str) -> AnyGame:
    try:
        return _GAMES[key]
    except KeyError:
        raise EngineError("unknown_game", game=key) from None


def games() -> list[AnyGame]:
    return [_GAMES[k] for k in sorted(_GAMES)]
