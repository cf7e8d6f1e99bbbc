"""The registry of games: the host finds a game by key, the demo and bench iterate over them.

It holds `GameDef`s. `load_games` is the one place a game is found: it scans a package of game folders
(`bot.games` in production, `bot.testgames` for the tests and the demo) and registers each folder's
`GAME`; nothing else imports a game by a name built from a string.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import TypeVar

from .errors import EngineError
from .game import AnyGame
from .gamedef import AnyGameDef, GameDef

D = TypeVar("D", bound=AnyGameDef)

_GAMES: dict[str, AnyGameDef] = {}
_REVISION = [0]


def register(game: D) -> D:
    """Register a game under its key (re-registering the same key replaces it)."""
    _GAMES[game.key] = game
    _REVISION[0] += 1
    return game


def unregister(key: str) -> None:
    _GAMES.pop(key, None)
    _REVISION[0] += 1


def revision() -> int:
    """Changes each time a game is registered or unregistered: who derives something from the registry
    (the catalog of texts) knows when to look again."""
    return _REVISION[0]


def load_games(package: ModuleType) -> list[AnyGameDef]:
    """Import every folder of `package` that exports `GAME` (a `GameDef`) and register it; the games
    found, by key. A folder whose `GAME` is something else is a mistake, said at once."""
    found: list[AnyGameDef] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is None:
            continue
        if not isinstance(game, GameDef):
            raise TypeError(f"{module.__name__}.GAME is a {type(game).__name__}, not a GameDef")
        found.append(register(game))
    return sorted(found, key=lambda d: d.key)


def get_game(key: str) -> AnyGame:
    """The rules of the game `key` (what the services play)."""
    return game_def(key).rules


def game_def(key: str) -> AnyGameDef:
    """The whole description of the game `key`: its label, command, renderer, bench, corpus."""
    try:
        return _GAMES[key]
    except KeyError:
        raise EngineError("unknown_game", game=key) from None


def game_defs() -> list[AnyGameDef]:
    return [_GAMES[k] for k in sorted(_GAMES)]


def games() -> list[AnyGame]:
    return [d.rules for d in game_defs()]
