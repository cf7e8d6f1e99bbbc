"""Persistence: SQLite, event-sourced (log + snapshots); writes on one writer thread, reads via aiosqlite."""

from .errors import CorruptRow, StorageError, StorageUnavailable, VersionConflict
from .records import Commitment, LogEntry, MatchRecord, Rating, SeatRecord, Snapshot
from .store import Store

__all__ = [
    "Commitment",
    "CorruptRow",
    "LogEntry",
    "MatchRecord",
    "Rating",
    "SeatRecord",
    "Snapshot",
    "StorageError",
    "StorageUnavailable",
    "Store",
    "VersionConflict",
]
