"""Persistence: SQLite through aiosqlite, event-sourced (log + snapshots)."""

from .records import Commitment, LogEntry, MatchRecord, SeatRecord
from .store import Store, VersionConflict

__all__ = ["Commitment", "LogEntry", "MatchRecord", "SeatRecord", "Store", "VersionConflict"]
