"""The event store: matches, seats, the append-only log and snapshots in SQLite (WAL).

An accepted action is one transaction: the log row, the match's new version (checked against the
expected one, so two processes can never both append at the same version), the snapshot when due
and the commitment of a hidden choice. Nothing is answered to a player before it commits.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import migrate
from .records import Commitment, LogEntry, MatchRecord, SeatRecord

# aiosqlite's DEBUG lines print every call with its arguments: match states with the players'
# hands. Hidden information never reaches a log line, so that logger never goes below INFO.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

_MATCH_COLS = (
    "id, game, guild_id, channel_id, thread_id, created_by, status, options, seed, version, locale, "
    "phase, to_act, outcome, lobby_message_id, created_at, updated_at"
)


class VersionConflict(Exception):
    """Another writer appended at this version first."""


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """Async access to the database. One connection, serialized by aiosqlite's worker thread."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    @classmethod
    async def open(
        cls, path: str | Path, *, clock: Callable[[], float] = time.time, synchronous: str = "FULL"
    ) -> Store:
        """Open (creating folders and schema as needed) with WAL and foreign keys on."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute(f"PRAGMA synchronous={synchronous}")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        await migrate(db)
        return cls(db, clock)

    async def close(self) -> None:
        await self._db.close()

    async def journal_mode(self) -> str:
        async with self._db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    # -- matches ----------------------------------------------------------------------------------
    async def create_match(self, rec: MatchRecord) -> None:
        now = self._clock()
        rec.created_at = rec.updated_at = now
        await self._db.execute(
            f"INSERT INTO matches ({_MATCH_COLS}) VALUES ({', '.join('?' * 17)})",
            self._match_row(rec),
        )

    async def update_match(self, rec: MatchRecord) -> None:
        """Write the match's metadata (not its version, which only `append` moves)."""
        rec.updated_at = self._clock()
        await self._db.execute(
            "UPDATE matches SET thread_id=?, status=?, options=?, locale=?, phase=?, to_act=?, outcome=?,"
            " lobby_message_id=?, updated_at=? WHERE id=?",
            (
                rec.thread_id,
                rec.status,
                _dumps(rec.options),
                rec.locale,
                rec.phase,
                _dumps(rec.to_act),
                _dumps(rec.outcome) if rec.outcome is not None else None,
                rec.lobby_message_id,
                rec.updated_at,
                rec.id,
            ),
        )

    async def get_match(self, match_id: str) -> MatchRecord | None:
        async with self._db.execute(f"SELECT {_MATCH_COLS} FROM matches WHERE id=?", (match_id,)) as cur:
            row = await cur.fetchone()
        return self._match(row) if row else None

    async def match_by_thread(self, thread_id: int) -> MatchRecord | None:
        async with self._db.execute(f"SELECT {_MATCH_COLS} FROM matches WHERE thread_id=?", (thread_id,)) as cur:
            row = await cur.fetchone()
        return self._match(row) if row else None

    async def matches_with_status(self, *statuses: str) -> list[MatchRecord]:
        marks = ", ".join("?" * len(statuses))
        async with self._db.execute(
            f"SELECT {_MATCH_COLS} FROM matches WHERE status IN ({marks}) ORDER BY created_at", statuses
        ) as cur:
            rows = await cur.fetchall()
        return [self._match(r) for r in rows]

    async def matches_of_user(self, user_id: int, guild_id: int | None, statuses: Iterable[str]) -> list[MatchRecord]:
        sts = list(statuses)
        marks = ", ".join("?" * len(sts))
        sql = (
            f"SELECT {', '.join('m.' + c.strip() for c in _MATCH_COLS.split(','))} FROM matches m "
            f"JOIN seats s ON s.match_id = m.id WHERE s.user_id=? AND m.status IN ({marks})"
        )
        args: list[Any] = [user_id, *sts]
        if guild_id is not None:
            sql += " AND m.guild_id=?"
            args.append(guild_id)
        sql += " ORDER BY m.updated_at DESC"
        async with self._db.execute(sql, args) as cur:
            rows = await cur.fetchall()
        return [self._match(r) for r in rows]

    # -- seats ------------------------------------------------------------------------------------
    async def put_seat(self, match_id: str, seat: SeatRecord) -> None:
        await self._db.execute(
            "INSERT INTO seats (match_id, seat, user_id, name, is_ai, options, dm_ok, locale) VALUES (?,?,?,?,?,?,?,?)"
            " ON CONFLICT(match_id, seat) DO UPDATE SET user_id=excluded.user_id, name=excluded.name,"
            " is_ai=excluded.is_ai, options=excluded.options, dm_ok=excluded.dm_ok, locale=excluded.locale",
            (
                match_id,
                seat.seat,
                seat.user_id,
                seat.name,
                int(seat.is_ai),
                _dumps(seat.options),
                None if seat.dm_ok is None else int(seat.dm_ok),
                seat.locale,
            ),
        )

    async def replace_seats(self, match_id: str, seats: list[SeatRecord]) -> None:
        """Lobby changes renumber seats: rewrite them in one transaction."""
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            await self._db.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
            for s in seats:
                await self.put_seat(match_id, s)
            await self._db.execute("COMMIT")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise

    async def seats(self, match_id: str) -> list[SeatRecord]:
        async with self._db.execute(
            "SELECT seat, user_id, name, is_ai, options, dm_ok, locale FROM seats WHERE match_id=? ORDER BY seat",
            (match_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [
            SeatRecord(
                seat=r[0],
                user_id=r[1],
                name=r[2],
                is_ai=bool(r[3]),
                options=json.loads(r[4]),
                dm_ok=None if r[5] is None else bool(r[5]),
                locale=r[6],
            )
            for r in rows
        ]

    # -- the log ----------------------------------------------------------------------------------
    async def append(
        self,
        rec: MatchRecord,
        entry: LogEntry,
        *,
        snapshot: dict[str, Any] | None = None,
        commitment: Commitment | None = None,
        revealed: Iterable[int] = (),
    ) -> None:
        """Append one log entry at `rec.version` and move the version on, atomically.

        `rec` carries the metadata to write with it (status, phase, to_act, outcome). Raises
        `VersionConflict` if the stored version is not `rec.version` (another writer won).
        The whole transaction runs as one call on aiosqlite's worker thread: one hop instead of
        five is what keeps a durable (synchronous=FULL) append well under a millisecond.
        """
        entry.created_at = now = self._clock()
        await self._db._execute(self._append_sync, rec, entry, now, snapshot, commitment, list(revealed))
        rec.version = entry.seq + 1
        rec.updated_at = now

    def _append_sync(
        self,
        rec: MatchRecord,
        entry: LogEntry,
        now: float,
        snapshot: dict[str, Any] | None,
        commitment: Commitment | None,
        revealed: list[int],
    ) -> None:
        db: sqlite3.Connection = self._db._conn
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute(
                "UPDATE matches SET version=version+1, status=?, phase=?, to_act=?, outcome=?, updated_at=?"
                " WHERE id=? AND version=?",
                (
                    rec.status,
                    rec.phase,
                    _dumps(rec.to_act),
                    _dumps(rec.outcome) if rec.outcome is not None else None,
                    now,
                    rec.id,
                    entry.seq,
                ),
            )
            if cur.rowcount != 1:
                raise VersionConflict(rec.id)
            db.execute(
                "INSERT INTO log (match_id, seq, kind, seat, action, draws, rng_after, events, created_at)"
                " VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    rec.id,
                    entry.seq,
                    entry.kind,
                    entry.seat,
                    _dumps(entry.action) if entry.action is not None else None,
                    _dumps(entry.draws),
                    _dumps(entry.rng_after),
                    _dumps(entry.events),
                    now,
                ),
            )
            if snapshot is not None:
                db.execute(
                    "INSERT INTO snapshots (match_id, seq, state) VALUES (?,?,?)", (rec.id, entry.seq, _dumps(snapshot))
                )
            if commitment is not None:
                db.execute(
                    "INSERT INTO commitments (match_id, seq, seat, digest, salt, payload) VALUES (?,?,?,?,?,?)",
                    (rec.id, commitment.seq, commitment.seat, commitment.digest, commitment.salt, commitment.payload),
                )
            for seq in revealed:
                db.execute("UPDATE commitments SET revealed_seq=? WHERE match_id=? AND seq=?", (entry.seq, rec.id, seq))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def log(self, match_id: str, after: int = -1) -> list[LogEntry]:
        async with self._db.execute(
            "SELECT seq, kind, seat, action, draws, rng_after, events, created_at FROM log"
            " WHERE match_id=? AND seq>? ORDER BY seq",
            (match_id, after),
        ) as cur:
            rows = await cur.fetchall()
        return [
            LogEntry(
                seq=r[0],
                kind=r[1],
                seat=r[2],
                action=json.loads(r[3]) if r[3] else None,
                draws=json.loads(r[4]),
                rng_after=json.loads(r[5]),
                events=json.loads(r[6]),
                created_at=r[7],
            )
            for r in rows
        ]

    async def latest_snapshot(self, match_id: str) -> tuple[int, dict[str, Any]] | None:
        async with self._db.execute(
            "SELECT seq, state FROM snapshots WHERE match_id=? ORDER BY seq DESC LIMIT 1", (match_id,)
        ) as cur:
            row = await cur.fetchone()
        return (row[0], json.loads(row[1])) if row else None

    async def snapshot_at(self, match_id: str, seq: int) -> dict[str, Any] | None:
        async with self._db.execute("SELECT state FROM snapshots WHERE match_id=? AND seq=?", (match_id, seq)) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else None

    async def commitments(self, match_id: str, *, open_only: bool = False) -> list[Commitment]:
        sql = "SELECT seq, seat, digest, salt, payload, revealed_seq FROM commitments WHERE match_id=?"
        if open_only:
            sql += " AND revealed_seq IS NULL"
        async with self._db.execute(sql + " ORDER BY seq", (match_id,)) as cur:
            rows = await cur.fetchall()
        return [Commitment(*r) for r in rows]

    # -- rows -------------------------------------------------------------------------------------
    @staticmethod
    def _match_row(rec: MatchRecord) -> tuple[Any, ...]:
        return (
            rec.id,
            rec.game,
            rec.guild_id,
            rec.channel_id,
            rec.thread_id,
            rec.created_by,
            rec.status,
            _dumps(rec.options),
            rec.seed,
            rec.version,
            rec.locale,
            rec.phase,
            _dumps(rec.to_act),
            _dumps(rec.outcome) if rec.outcome is not None else None,
            rec.lobby_message_id,
            rec.created_at,
            rec.updated_at,
        )

    @staticmethod
    def _match(r: Any) -> MatchRecord:
        return MatchRecord(
            id=r[0],
            game=r[1],
            guild_id=r[2],
            channel_id=r[3],
            thread_id=r[4],
            created_by=r[5],
            status=r[6],
            options=json.loads(r[7]),
            seed=r[8],
            version=r[9],
            locale=r[10],
            phase=r[11],
            to_act=json.loads(r[12]),
            outcome=json.loads(r[13]) if r[13] else None,
            lobby_message_id=r[14],
            created_at=r[15],
            updated_at=r[16],
        )
