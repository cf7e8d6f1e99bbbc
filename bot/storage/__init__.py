"""Persistence, event-sourced (log + snapshots): SQLite by default (writes on one writer thread, reads
via aiosqlite), PostgreSQL when the setting is a `postgresql://` URL (`open_store`)."""

from typing import Any

from .errors import CorruptRow, StorageError, StorageUnavailable, VersionConflict
from .pg import PgStore
from .records import Commitment, LogEntry, MatchRecord, Published, Rating, SeatRecord, Snapshot
from .store import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(where: str) -> bool:
    return where.startswith(POSTGRES_SCHEMES)


async def open_store(where: str, **options: Any) -> Any:
    """The store a setting names: a `postgresql://…` URL opens PostgreSQL, anything else is a SQLite
    file's path (the embedded default)."""
    if is_postgres(where):
        return await PgStore.open(where, **options)
    return await Store.open(where, **options)


__all__ = [
    "Commitment",
    "CorruptRow",
    "LogEntry",
    "MatchRecord",
    "Published",
    "Rating",
    "SeatRecord",
    "Snapshot",
    "StorageError",
    "StorageUnavailable",
    "Store",
    "VersionConflict",
    "is_postgres",
    "open_store",
]
