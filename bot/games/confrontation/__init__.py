"""Confrontation (issue #14): secret activation sequences, the reserve and refusals, on the table in
centimetres; the game (`GAME`) the host registers."""

from .game import CONFRONTATION as GAME

__all__ = ["GAME"]
