"""The registry of games: the host finds a game by key, the demo and bench iterate over them."""

from __future__ import annotations

from typing import Any

from .errors import EngineError

_GAMES: dict[str, Any] = {}


def register(game: Any) -> Any:
    """Register a game instance under its key (re-registering the same key replaces it)."""
    _GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    _GAMES.pop(key, None)


def get_game(key: str) -> Any:
    try:
        return _GAMES[key]
    except KeyError:
        raise EngineError("unknown_game", game=key) from None


def games() -> list[Any]:
    return [_GAMES[k] for k in sorted(_GAMES)]
