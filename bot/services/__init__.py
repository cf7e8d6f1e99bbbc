"""Async orchestration: the match service and its ports."""

from bot.storage import MatchRecord, StorageError, StorageUnavailable

from .errors import ServiceError, StaleVersion
from .matches import MatchService
from .model import Applied, Fairness, LiveMatch, Player, Reveal
from .ports import Notifier, NullNotifier
from .preferences import Preferences

__all__ = [
    "Applied",
    "Fairness",
    "LiveMatch",
    "MatchRecord",
    "MatchService",
    "Notifier",
    "NullNotifier",
    "Player",
    "Preferences",
    "Reveal",
    "ServiceError",
    "StaleVersion",
    "StorageError",
    "StorageUnavailable",
]
