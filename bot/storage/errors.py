"""What can go wrong with the database, as errors the service can answer clearly."""

from __future__ import annotations


class StorageError(Exception):
    """Base of the storage errors."""


class VersionConflict(StorageError):
    """Another writer changed the match first: what this write was based on is stale. Nothing was written."""


class StorageUnavailable(StorageError):
    """The database cannot be used (missing, unreadable, read-only, corrupt, full disk, deleted while
    running). `code` is stable; the message names the path and says what to do. Nothing was written."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class CorruptRow(StorageError):
    """One match's rows cannot be decoded: that match is broken, the others load."""

    def __init__(self, match_id: str, detail: str) -> None:
        super().__init__(f"match {match_id}: {detail}")
        self.match_id = match_id
        self.detail = detail
