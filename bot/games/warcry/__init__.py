"""WarCry's solo mode « Pièges du destin » (issue #15): the player against a warband that follows the
booklet's procedure and says why, on a 30" × 22" table; the game (`GAME`) the host registers."""

from .game import WARCRY as GAME

__all__ = ["GAME"]
