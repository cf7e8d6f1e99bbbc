"""Colors of Magic, the first table game (issue #13): the game (`GAME`) the host registers."""

from .game import COLORS as GAME

__all__ = ["GAME"]
