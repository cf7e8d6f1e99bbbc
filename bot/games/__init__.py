"""One package per rule system; each exposes `GAME` (a `bot.engine.BaseGame`)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.engine import games, register


def load_all() -> list[Any]:
    """Import every game package here that exposes `GAME` and register it."""
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            register(game)
    return games()
