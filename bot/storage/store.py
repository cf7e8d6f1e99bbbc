"""The event store on SQLite: matches, seats, the append-only log, snapshots, commitments.

Writes and reads take different roads (docs/storage.md):

- every write is one function run on a dedicated writer thread with the standard library's `sqlite3`;
  the writes waiting together commit as one group (one `BEGIN IMMEDIATE … COMMIT`, one fsync), each in
  its own savepoint, and each caller is answered once its group is on disk (group commit, #30);
- every write is conditional on what the caller read: the match's `rev` (and `version` for a step),
  bumped in the caller's record only after the commit;
- reads go through aiosqlite on a second, read-only connection: in WAL mode they see committed data
  only and never wait behind a write.

A database that cannot be used raises `StorageUnavailable` with a stable code: at open (unreadable,
not a database, corrupt by `PRAGMA quick_check`, read-only, a schema newer than the code) and while
running (disk full, read-only, the file deleted or replaced under the bot, a write read back damaged).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import aiosqlite

from .errors import CorruptRow, StorageUnavailable, VersionConflict
from .migrations import migrate
from .records import Commitment, LogEntry, MatchRecord, Published, Rating, SeatRecord, Snapshot
from .settings import KeyedObjects

# aiosqlite's DEBUG lines print every call with its arguments: match states with the players'
# hands. Hidden information never reaches a log line, so that logger never goes below INFO.
logging.getLogger("aiosqlite").setLevel(logging.INFO)
log = logging.getLogger("tavernier.storage")

T = TypeVar("T")

_MATCH_COLS = (
    "id, game, guild_id, channel_id, thread_id, created_by, status, options, seed, version, rev, locale, "
    "phase, to_act, outcome, lobby_message_id, broken, created_at, updated_at, timers"
)
_LOG_COLS = "seq, kind, seat, action, draws, rng_after, events, created_at, meta"
_COMMIT_COLS = "seq, seat, digest, salt, payload, revealed_seq, label"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _step_values(rec: MatchRecord, entry: LogEntry, now: float) -> tuple[Any, ...]:
    """The values of a step's conditional match update (the UPDATE of `_append_step`), the same on both backends."""
    return (
        rec.status,
        rec.phase,
        _dumps(rec.to_act),
        _dumps(rec.outcome) if rec.outcome is not None else None,
        now,
        _dumps(rec.timers),
        rec.id,
        entry.seq,
        rec.rev,
    )


def _log_values(match_id: str, entry: LogEntry, now: float, deliver: bool) -> tuple[Any, ...]:
    """The eleven values of a log row (`match_id`, `_LOG_COLS`, `delivered`), the same on both backends."""
    return (
        match_id,
        entry.seq,
        entry.kind,
        entry.seat,
        _dumps(entry.action) if entry.action is not None else None,
        _dumps(entry.draws),
        _dumps(entry.rng_after),
        _dumps(entry.events),
        now,
        _dumps(entry.meta),
        0 if deliver else 1,
    )


def _unavailable(exc: sqlite3.Error, path: str) -> StorageUnavailable | None:
    """A clear error for a database that cannot be used; None for anything else (a bug)."""
    text = str(exc).lower()
    cases = (
        ("disk is full", "disk_full", "the disk is full"),
        ("readonly", "read_only", "the database is read-only"),
        ("unable to open", "unreadable", "the database cannot be opened"),
        ("not a database", "not_a_database", "this file is not a SQLite database"),
        ("malformed", "corrupt", "the database is corrupt"),
        ("disk i/o error", "io_error", "the disk failed while reading or writing"),
    )
    for needle, code, what in cases:
        if needle in text:
            return StorageUnavailable(code, f"{what}: {path} ({exc})")
    return None


class Store(KeyedObjects):
    """Async access to the database (see the module docstring)."""

    #: One bot process per SQLite file: what it holds in memory is what it wrote.
    shared = False

    def __init__(
        self,
        path: str,
        writer: concurrent.futures.ThreadPoolExecutor,
        con: sqlite3.Connection,
        reader: aiosqlite.Connection,
        clock: Callable[[], float],
        identity: tuple[int, int] | None,
        synchronous: str = "FULL",
    ) -> None:
        self.path = path
        self._synchronous = synchronous
        self._writer = writer
        self._con = con
        self._reader = reader
        self._clock = clock
        self._identity = identity
        self._queue: list[_Pending] = []
        self._queue_lock = threading.Lock()
        self._draining = False
        self._damaged: StorageUnavailable | None = None
        #: A read-only connection of the writer thread that reads back what a group wrote (`_check_landed`).
        self._checker: sqlite3.Connection | None = None
        #: The most writes one group commits (one transaction and one fsync).
        self.group_max = 256
        #: Groups committed so far (a test and the benchmark read it).
        self.groups = 0

    # -- opening ----------------------------------------------------------------------------------
    @classmethod
    async def open(
        cls, path: str | Path, *, clock: Callable[[], float] = time.time, synchronous: str = "FULL"
    ) -> Store:
        """Open (creating folders and schema as needed), migrate, and check the database."""
        where = str(path)
        if where != ":memory:":
            try:
                Path(where).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StorageUnavailable("unreadable", f"cannot create the folder of {where}: {exc}") from exc
            if Path(where).is_dir():
                raise StorageUnavailable("unreadable", f"{where} is a folder, not a database file")
        writer = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavernier-db")
        loop = asyncio.get_running_loop()
        try:
            con = await loop.run_in_executor(writer, _open_writer, where, synchronous)
        except BaseException:
            writer.shutdown(wait=False)
            raise
        try:
            reader = await aiosqlite.connect(
                where if where != ":memory:" else "file::memory:?cache=shared", uri=where == ":memory:"
            )
            await reader.execute("PRAGMA query_only=ON")
            await reader.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error as exc:
            await loop.run_in_executor(writer, con.close)
            writer.shutdown(wait=False)
            raise _unavailable(exc, where) or exc from exc
        identity = None if where == ":memory:" else _identity(where)
        store = cls(where, writer, con, reader, clock, identity, synchronous)
        if where != ":memory:":
            store._checker = await loop.run_in_executor(writer, _open_checker, where)
        return store

    @classmethod
    def check(cls, path: str | Path) -> None:
        """Open, migrate and check the database once, synchronously (the CLI does it before starting)."""
        _open_writer(str(path), "FULL").close()

    async def close(self) -> None:
        await self._reader.close()
        loop = asyncio.get_running_loop()
        if self._checker is not None:
            await loop.run_in_executor(self._writer, self._checker.close)
        await loop.run_in_executor(self._writer, self._con.close)
        self._writer.shutdown(wait=True)

    async def journal_mode(self) -> str:
        async with self._reader.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    # -- the writer: group commit -------------------------------------------------------------------
    async def _write(self, fn: Callable[..., T], *args: Any, durable: bool = True) -> T:
        """Run `fn(connection, *args)` atomically on the writer thread; return once it is on disk.

        Writes are committed in groups (docs/storage.md, "The commit path"): whatever is waiting when
        the writer is free goes into one transaction and one fsync, each write in its own savepoint, so
        one refused write changes nothing and leaves the others. Nobody waits on purpose: writes that
        arrive while a group is being synced form the next one. `durable=False` (marks that are safe to
        lose: an outbox entry marked delivered) lets a group made only of such writes commit without
        waiting for the disk (WAL with synchronous=NORMAL): it survives the bot being killed, not a
        power cut.
        """
        if self._damaged is not None:
            raise self._damaged
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._queue_lock:
            self._queue.append(_Pending(fn, args, durable, future, loop))
            idle = not self._draining
            self._draining = True
        if idle:
            try:
                self._writer.submit(self._drain)
            except RuntimeError:  # the store was closed: nothing will ever drain these writes
                with self._queue_lock:
                    stranded, self._queue, self._draining = self._queue, [], False
                closed = StorageUnavailable("closed", f"the database was closed: {self.path}")
                _settle(stranded, [(False, closed)] * len(stranded))
        return await future

    def _drain(self) -> None:
        """On the writer thread: commit the waiting writes group after group until none is left."""
        while True:
            with self._queue_lock:
                group, self._queue = self._queue[: self.group_max], self._queue[self.group_max :]
                if not group:
                    self._draining = False
                    return
            try:
                outcomes = self._commit_group(group)
            except BaseException as exc:  # the whole group failed: none of it is on disk
                outcomes = [(False, exc)] * len(group)
            self.groups += 1
            _settle(group, outcomes)

    def _commit_group(self, group: list[_Pending]) -> list[tuple[bool, Any]]:
        """One transaction for the group, each write in a savepoint; one fsync (if any write is durable)."""
        self._still_there()
        if self._damaged is not None:
            raise self._damaged
        con = self._con
        durable = any(p.durable for p in group)
        if not durable:
            con.execute("PRAGMA synchronous=NORMAL")
        outcomes: list[tuple[bool, Any]] = []
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                for pending in group:
                    outcomes.append(self._one(con, pending))
                    if not con.in_transaction:  # SQLite rolled the whole group back (disk full, I/O error)
                        raise outcomes[-1][1]
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise self._mapped(exc) from exc
        finally:
            if not durable:
                con.execute(f"PRAGMA synchronous={self._synchronous}")
        if durable:
            self._check_landed(group, outcomes)
        return outcomes

    def _one(self, con: sqlite3.Connection, pending: _Pending) -> tuple[bool, Any]:
        con.execute("SAVEPOINT w")
        try:
            out = pending.fn(con, *pending.args)
        except BaseException as exc:
            if con.in_transaction:
                con.execute("ROLLBACK TO w")
                con.execute("RELEASE w")
            return (False, self._mapped(exc) if isinstance(exc, sqlite3.Error) else exc)
        con.execute("RELEASE w")
        return (True, out)

    def _mapped(self, exc: sqlite3.Error) -> BaseException:
        """A constraint refused the write: a stale read (`VersionConflict`); the database unusable:
        `StorageUnavailable`; anything else is a bug and stays itself."""
        if isinstance(exc, sqlite3.IntegrityError):
            return VersionConflict(str(exc))
        unavailable = _unavailable(exc, self.path)
        if unavailable is not None and unavailable.code == "corrupt":
            self._damage(str(exc))
            return self._damaged or unavailable
        return unavailable or exc

    def _check_landed(self, group: list[_Pending], outcomes: list[tuple[bool, Any]]) -> None:
        """Read back, from the file and not from the writer's cache, the rows of the matches this group
        wrote: a write that landed in a damaged file is noticed before it is acknowledged, and from then
        on nothing is acknowledged (`_damage`)."""
        touched = {p.args[0].id for p, (ok, _) in zip(group, outcomes, strict=True) if ok and p.fn is _append_step}
        if not touched or self._checker is None:
            return
        con = self._checker
        try:
            con.execute("BEGIN")
            try:
                for match_id in touched:
                    row = con.execute("SELECT version, rev FROM matches WHERE id=?", (match_id,)).fetchone()
                    last = con.execute(
                        "SELECT seq FROM log WHERE match_id=? ORDER BY seq DESC LIMIT 1", (match_id,)
                    ).fetchone()
                    if row is None or last is None or last[0] != row[0] - 1:
                        raise sqlite3.DatabaseError(f"match {match_id} reads back other than written")
            finally:
                con.execute("COMMIT")
        except sqlite3.Error as exc:
            self._damage(str(exc))
            assert self._damaged is not None
            raise self._damaged from exc

    def _damage(self, detail: str) -> None:
        """The file is damaged: refuse every write from now on, and say so once."""
        if self._damaged is None:
            self._damaged = StorageUnavailable(
                "corrupt",
                f"the database file was damaged while the bot ran: {self.path} ({detail}). Nothing more is "
                "saved or confirmed: stop the bot and restore the file from a backup (or `sqlite3 .recover`).",
            )
            log.critical("%s", self._damaged.message)

    def _still_there(self) -> None:
        """A database file deleted or replaced while running would swallow every write: refuse."""
        if self._identity is None:
            return
        try:
            now = _identity(self.path)
        except FileNotFoundError:
            now = None
        if now != self._identity:
            raise StorageUnavailable("gone", f"the database file was deleted or replaced while running: {self.path}")

    # -- matches and seats ------------------------------------------------------------------------
    async def create_match(self, rec: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        """The match and its seats, together or not at all."""
        now = self._clock()

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                f"INSERT INTO matches ({_MATCH_COLS}) VALUES ({', '.join('?' * 20)})",
                _match_row(rec, rev=1, created=now, updated=now),
            )
            _insert_seats(con, rec.id, seats)

        await self._write(run)
        rec.rev, rec.created_at, rec.updated_at = 1, now, now

    async def save_lobby(self, rec: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        """The match's metadata and its whole seat list, if nobody changed the match since `rec` was read."""
        now = self._clock()

        def run(con: sqlite3.Connection) -> None:
            _update_meta(con, rec, now)
            con.execute("DELETE FROM seats WHERE match_id=?", (rec.id,))
            _insert_seats(con, rec.id, seats)

        await self._write(run)
        rec.rev, rec.updated_at = rec.rev + 1, now

    async def update_match(self, rec: MatchRecord) -> None:
        """The match's metadata (thread, lobby message, status, locale…), conditional on `rec.rev`."""
        now = self._clock()
        await self._write(_update_meta, rec, now)
        rec.rev, rec.updated_at = rec.rev + 1, now

    async def set_dm_ok(self, match_id: str, seat: int, ok: bool | None) -> None:
        """Whether the bot can DM a seat: a delivery flag, not match state (the last writer wins)."""

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                "UPDATE seats SET dm_ok=? WHERE match_id=? AND seat=?",
                (None if ok is None else int(ok), match_id, seat),
            )

        await self._write(run)

    async def _put_object(self, table: str, key: str, value: int, data: dict[str, Any]) -> None:
        """A table of one JSON object per key (`table` and `key` are this module's constants, never input)."""
        text = json.dumps(data, sort_keys=True)

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                f"INSERT INTO {table} ({key}, data) VALUES (?, ?) ON CONFLICT({key}) DO UPDATE SET data=excluded.data",
                (value, text),
            )

        await self._write(run)

    async def _object(self, table: str, key: str, value: int) -> dict[str, Any]:
        rows = await self._rows(f"SELECT data FROM {table} WHERE {key} = ?", (value,))
        return dict(json.loads(rows[0][0])) if rows else {}

    # -- ratings ----------------------------------------------------------------------------------
    async def rate_match(self, match_id: str, guild_id: int, game: str, rows: Sequence[Rating]) -> bool:
        """Count a finished match in the ratings, once: False if it was already counted."""

        def run(con: sqlite3.Connection) -> bool:
            cur = con.execute("UPDATE matches SET rated=1 WHERE id=? AND rated=0", (match_id,))
            if cur.rowcount != 1:
                return False
            con.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins) VALUES (?,?,?,?,?,?,?,?)"
                " ON CONFLICT(guild_id, game, user_id) DO UPDATE SET name=excluded.name, mu=excluded.mu,"
                " sigma=excluded.sigma, games=excluded.games, wins=excluded.wins",
                [(guild_id, game, r.user_id, r.name, r.mu, r.sigma, r.games, r.wins) for r in rows],
            )
            return True

        return bool(await self._write(run))

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int] | None = None) -> list[Rating]:
        """Ratings in a server for a game: of these users, or all of them best first."""
        sql = "SELECT user_id, name, mu, sigma, games, wins FROM ratings WHERE guild_id=? AND game=?"
        args: list[Any] = [guild_id, game]
        if user_ids is not None:
            sql += f" AND user_id IN ({', '.join('?' * len(user_ids))})"
            args += list(user_ids)
        rows = await self._rows(sql + " ORDER BY mu - 3 * sigma DESC, games DESC", args)
        return [Rating(*r) for r in rows]

    async def lobbies_untouched_since(self, when: float) -> list[str]:
        """The unbroken lobbies nobody changed since `when` (a lobby whose creator's answer died with a
        process, or one nobody joined), oldest first."""
        rows = await self._rows(
            "SELECT id FROM matches WHERE status='lobby' AND broken IS NULL AND updated_at < ? ORDER BY updated_at",
            (when,),
        )
        return [r[0] for r in rows]

    async def unrated_finished(self) -> list[str]:
        rows = await self._rows("SELECT id FROM matches WHERE status='finished' AND rated=0 ORDER BY updated_at")
        return [r[0] for r in rows]

    async def mark_broken(self, match_id: str, reason: str) -> None:
        def run(con: sqlite3.Connection) -> None:
            con.execute("UPDATE matches SET broken=? WHERE id=?", (reason[:500], match_id))

        await self._write(run)

    # -- the log ----------------------------------------------------------------------------------
    async def append(
        self,
        rec: MatchRecord,
        entry: LogEntry,
        *,
        snapshot: dict[str, Any] | None = None,
        state_version: int = 1,
        commitments: Sequence[Commitment] = (),
        revealed: Iterable[tuple[int, int, str]] = (),
        deliver: bool = True,
    ) -> None:
        """Append one step at `rec.version` and move the version on, atomically.

        `rec` carries the metadata to write with it (status, phase, to_act, outcome). Conditional on
        the stored `version` and `rev` being those of `rec`: `VersionConflict` otherwise. `revealed`
        names the commitments this step opens, by (seq, seat, label). With `deliver`, the step waits
        in the outbox until `mark_delivered`.
        """
        now = self._clock()
        opened = list(revealed)
        await self._write(_append_step, rec, entry, now, snapshot, state_version, commitments, opened, deliver)
        entry.created_at = now
        rec.version, rec.rev, rec.updated_at = entry.seq + 1, rec.rev + 1, now

    async def put_snapshot(self, match_id: str, seq: int, state: dict[str, Any], state_version: int) -> None:
        """A snapshot rebuilt from the log (a newer state shape): replaces the one at that step."""

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                "INSERT OR REPLACE INTO snapshots (match_id, seq, state, state_version) VALUES (?,?,?,?)",
                (match_id, seq, _dumps(state), state_version),
            )

        await self._write(run)

    async def mark_delivered(self, match_id: str, seq: int) -> None:
        """Steps up to `seq` were delivered (delivery is in order, and a turn's steps go out together)."""

        def run(con: sqlite3.Connection) -> None:
            con.execute("UPDATE log SET delivered=1 WHERE match_id=? AND seq<=? AND delivered=0", (match_id, seq))

        await self._write(run, durable=False)

    # -- leases (several processes on one database) ------------------------------------------------
    async def take_lease(
        self, match_id: str, holder: str, now: float, ttl: float, *, owner: bool | None = None
    ) -> bool:
        """Hold the match's lease until `now + ttl`; True if `holder` has it. Granted when nobody holds
        it, when `holder` already does, or when the last holder let it expire (it stopped or died).
        With shards (#16): the process of the match's shard (`owner=True`) always takes it, even from a
        process that took it over while that shard was down; another shard's process (`owner=False`)
        only takes over a lease that expired, never one nobody ever held."""

        def run(con: sqlite3.Connection) -> bool:
            upsert = "INSERT INTO leases (match_id, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT(match_id)"
            upsert += " DO UPDATE SET holder=excluded.holder, expires_at=excluded.expires_at"
            if owner is None:
                sql = upsert + " WHERE leases.holder = excluded.holder OR leases.expires_at < ?"
                con.execute(sql, (match_id, holder, now + ttl, now))
            elif owner:
                con.execute(upsert, (match_id, holder, now + ttl))
            else:
                con.execute(
                    "UPDATE leases SET holder=?, expires_at=? WHERE match_id=? AND (holder=? OR expires_at<?)",
                    (holder, now + ttl, match_id, holder, now),
                )
            row = con.execute("SELECT holder FROM leases WHERE match_id=?", (match_id,)).fetchone()
            return row is not None and row[0] == holder

        return bool(await self._write(run))

    async def release_leases(self, holder: str) -> None:
        """A process that stops cleanly hands its matches over at once: its leases expire now."""
        await self._write(lambda con: con.execute("UPDATE leases SET expires_at=0 WHERE holder=?", (holder,)))

    async def lease_holder(self, match_id: str) -> tuple[str, float] | None:
        rows = await self._rows("SELECT holder, expires_at FROM leases WHERE match_id=?", (match_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    # -- what the thread was shown -------------------------------------------------------------------
    async def record_published(
        self, match_id: str, seq: int, chain: str, channel_id: int | None, message_id: int | None, *, late: bool
    ) -> None:
        """The chain's value after step `seq` reached the thread in this message (the first post counts);
        `late`: with a later post than its step's own (that one failed)."""
        now = self._clock()

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                "INSERT OR IGNORE INTO published (match_id, seq, chain, channel_id, message_id, late, posted_at)"
                " VALUES (?,?,?,?,?,?,?)",
                (match_id, seq, chain, channel_id, message_id, int(late), now),
            )

        await self._write(run, durable=False)

    async def published(self, match_id: str) -> list[Published]:
        """Every chain value posted for the match, in step order."""
        rows = await self._rows(
            "SELECT seq, chain, channel_id, message_id, late FROM published WHERE match_id=? ORDER BY seq",
            (match_id,),
        )
        return [Published(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    # -- the commands Discord has -------------------------------------------------------------------
    async def synced_commands(self, scope: str) -> str | None:
        """The digest of the command tree last synced in `scope` ("global" or a server id), if any."""
        rows = await self._rows("SELECT digest FROM synced_commands WHERE scope=?", (scope,))
        return str(rows[0][0]) if rows else None

    async def record_synced_commands(self, scope: str, digest: str) -> None:
        now = self._clock()

        def run(con: sqlite3.Connection) -> None:
            con.execute(
                "INSERT INTO synced_commands (scope, digest, synced_at) VALUES (?,?,?)"
                " ON CONFLICT (scope) DO UPDATE SET digest=excluded.digest, synced_at=excluded.synced_at",
                (scope, digest, now),
            )

        await self._write(run, durable=False)

    # -- reads ------------------------------------------------------------------------------------
    async def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            async with self._reader.execute(sql, args) as cur:
                return list(await cur.fetchall())
        except sqlite3.Error as exc:
            unavailable = _unavailable(exc, self.path)
            if unavailable is not None:
                raise unavailable from exc
            raise

    async def get_match(self, match_id: str) -> MatchRecord | None:
        rows = await self._rows(f"SELECT {_MATCH_COLS} FROM matches WHERE id=?", (match_id,))
        return _match(rows[0]) if rows else None

    async def match_by_thread(self, thread_id: int) -> MatchRecord | None:
        rows = await self._rows(f"SELECT {_MATCH_COLS} FROM matches WHERE thread_id=?", (thread_id,))
        return _match(rows[0]) if rows else None

    async def matches_with_status(self, *statuses: str) -> list[MatchRecord]:
        marks = ", ".join("?" * len(statuses))
        rows = await self._rows(
            f"SELECT {_MATCH_COLS} FROM matches WHERE status IN ({marks}) ORDER BY created_at", statuses
        )
        return [_match(r) for r in rows]

    async def matches_of_user(
        self, user_id: int, guild_id: int | None, statuses: Iterable[str]
    ) -> list[tuple[MatchRecord, int]]:
        """The matches where this user holds a seat, with that seat; latest change first."""
        sts = list(statuses)
        marks = ", ".join("?" * len(sts))
        cols = ", ".join("m." + c.strip() for c in _MATCH_COLS.split(","))
        sql = (
            f"SELECT {cols}, s.seat FROM matches m JOIN seats s ON s.match_id = m.id"
            f" WHERE s.user_id=? AND m.status IN ({marks})"
        )
        args: list[Any] = [user_id, *sts]
        if guild_id is not None:
            sql += " AND m.guild_id=?"
            args.append(guild_id)
        return [(_match(r), int(r[-1])) for r in await self._rows(sql + " ORDER BY m.updated_at DESC", args)]

    async def seats(self, match_id: str) -> list[SeatRecord]:
        rows = await self._rows(
            "SELECT seat, user_id, name, is_ai, options, dm_ok, locale, ai_level FROM seats"
            " WHERE match_id=? ORDER BY seat",
            (match_id,),
        )
        return _seats(match_id, rows)

    async def log(self, match_id: str, after: int = -1) -> list[LogEntry]:
        rows = await self._rows(
            f"SELECT {_LOG_COLS} FROM log WHERE match_id=? AND seq>? ORDER BY seq", (match_id, after)
        )
        return _log_entries(match_id, rows)

    async def latest_snapshot(self, match_id: str) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state, state_version FROM snapshots WHERE match_id=? ORDER BY seq DESC LIMIT 1", (match_id,)
        )
        return _snapshot(match_id, rows[0]) if rows else None

    async def snapshot_at(self, match_id: str, seq: int) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state, state_version FROM snapshots WHERE match_id=? AND seq=?", (match_id, seq)
        )
        return _snapshot(match_id, rows[0]) if rows else None

    async def commitments(self, match_id: str, *, open_only: bool = False) -> list[Commitment]:
        sql = f"SELECT {_COMMIT_COLS} FROM commitments WHERE match_id=?"
        if open_only:
            sql += " AND revealed_seq IS NULL"
        return [Commitment(*r) for r in await self._rows(sql + " ORDER BY seq, seat, label", (match_id,))]

    async def active_index(self) -> list[tuple[str, str, str, str | None]]:
        """Every active, unbroken match as (id, to_act, timers, its AI seats "0,1"), raw: the index of
        who waits on what, read without loading a match (the service parses it in slices)."""
        rows = await self._rows(
            "SELECT m.id, m.to_act, m.timers, (SELECT group_concat(s.seat) FROM seats s"
            " WHERE s.match_id = m.id AND s.is_ai = 1) FROM matches m WHERE m.status = 'active' AND m.broken IS NULL"
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def undelivered(self) -> list[tuple[str, int]]:
        """Steps saved but not yet delivered (a crash between the two), oldest first."""
        rows = await self._rows("SELECT match_id, seq FROM log WHERE delivered = 0 ORDER BY created_at, seq")
        return [(r[0], r[1]) for r in rows]


def _append_step(
    con: sqlite3.Connection,
    rec: MatchRecord,
    entry: LogEntry,
    now: float,
    snapshot: dict[str, Any] | None,
    state_version: int,
    commitments: Sequence[Commitment],
    opened: list[tuple[int, int, str]],
    deliver: bool,
) -> None:
    """One step of `Store.append`, in the caller's transaction (the group's `_check_landed` knows it by name)."""
    cur = con.execute(
        "UPDATE matches SET version=version+1, rev=rev+1, status=?, phase=?, to_act=?, outcome=?, updated_at=?,"
        " timers=? WHERE id=? AND version=? AND rev=?",
        _step_values(rec, entry, now),
    )
    if cur.rowcount != 1:
        raise VersionConflict(rec.id)
    con.execute(
        f"INSERT INTO log (match_id, {_LOG_COLS}, delivered) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        _log_values(rec.id, entry, now, deliver),
    )
    if snapshot is not None:
        con.execute(
            "INSERT INTO snapshots (match_id, seq, state, state_version) VALUES (?,?,?,?)",
            (rec.id, entry.seq, _dumps(snapshot), state_version),
        )
    for c in commitments:
        con.execute(
            f"INSERT INTO commitments (match_id, {_COMMIT_COLS}) VALUES (?,?,?,?,?,?,?,?)",
            (rec.id, c.seq, c.seat, c.digest, c.salt, c.payload, None, c.label),
        )
    for seq, seat, label in opened:
        con.execute(
            "UPDATE commitments SET revealed_seq=? WHERE match_id=? AND seq=? AND seat=? AND label=?",
            (entry.seq, rec.id, seq, seat, label),
        )


@dataclass(slots=True)
class _Pending(Generic[T]):
    """A write waiting for its group: what to run, and whom to tell once the group is on disk."""

    fn: Callable[..., T]
    args: tuple[Any, ...]
    durable: bool
    future: asyncio.Future[T]
    loop: asyncio.AbstractEventLoop


def _settle(group: list[_Pending[Any]], outcomes: list[tuple[bool, Any]]) -> None:
    """From the writer thread: each waiting write learns its outcome, in one hop per event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], bool, Any]]] = {}
    for pending, (ok, value) in zip(group, outcomes, strict=True):
        by_loop.setdefault(pending.loop, []).append((pending.future, ok, value))
    for loop, items in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_resolve, items)


def _resolve(items: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
    for future, ok, value in items:
        if future.cancelled():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def _open_checker(path: str) -> sqlite3.Connection:
    """A read-only connection whose page cache is dropped whenever the writer commits: what it reads
    comes from the file and its WAL, as a restart would read them."""
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute("PRAGMA query_only=ON")
    con.execute("PRAGMA cell_size_check=ON")
    return con


# -- the writer's connection ------------------------------------------------------------------------
def _open_writer(path: str, synchronous: str) -> sqlite3.Connection:
    """The writer connection, on the writer thread: WAL, migrations, then `PRAGMA quick_check`."""
    try:
        con = sqlite3.connect(
            path if path != ":memory:" else "file::memory:?cache=shared",
            isolation_level=None,
            check_same_thread=False,
            uri=path == ":memory:",
        )
    except sqlite3.Error as exc:
        raise _unavailable(exc, path) or StorageUnavailable("unreadable", f"cannot open {path}: {exc}") from exc
    try:
        con.execute("PRAGMA busy_timeout=5000")
        mode = con.execute("PRAGMA journal_mode=WAL").fetchone()
        if path != ":memory:" and (mode is None or str(mode[0]).lower() != "wal"):
            raise StorageUnavailable("read_only", f"cannot switch {path} to WAL (read-only?)")
        con.execute(f"PRAGMA synchronous={synchronous}")
        con.execute("PRAGMA foreign_keys=ON")
        migrate(con, path)
        check = con.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise StorageUnavailable("corrupt", f"the database is corrupt: {path} ({check[0] if check else '?'})")
    except sqlite3.Error as exc:
        con.close()
        raise _unavailable(exc, path) or exc from exc
    except BaseException:
        con.close()
        raise
    return con


def _identity(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return (st.st_dev, st.st_ino)


def _update_meta(con: sqlite3.Connection, rec: MatchRecord, now: float) -> None:
    cur = con.execute(
        "UPDATE matches SET thread_id=?, status=?, options=?, locale=?, phase=?, to_act=?, outcome=?,"
        " lobby_message_id=?, updated_at=?, timers=?, rev=rev+1 WHERE id=? AND rev=?",
        (
            rec.thread_id,
            rec.status,
            _dumps(rec.options),
            rec.locale,
            rec.phase,
            _dumps(rec.to_act),
            _dumps(rec.outcome) if rec.outcome is not None else None,
            rec.lobby_message_id,
            now,
            _dumps(rec.timers),
            rec.id,
            rec.rev,
        ),
    )
    if cur.rowcount != 1:
        raise VersionConflict(rec.id)


def _insert_seats(con: sqlite3.Connection, match_id: str, seats: Sequence[SeatRecord]) -> None:
    con.executemany(
        "INSERT INTO seats (match_id, seat, user_id, name, is_ai, options, dm_ok, locale, ai_level)"
        " VALUES (?,?,?,?,?,?,?,?,?)",
        [
            (
                match_id,
                s.seat,
                s.user_id,
                s.name,
                int(s.is_ai),
                _dumps(s.options),
                None if s.dm_ok is None else int(s.dm_ok),
                s.locale,
                s.ai_level,
            )
            for s in seats
        ],
    )


def _match_row(rec: MatchRecord, *, rev: int, created: float, updated: float) -> tuple[Any, ...]:
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
        rev,
        rec.locale,
        rec.phase,
        _dumps(rec.to_act),
        _dumps(rec.outcome) if rec.outcome is not None else None,
        rec.lobby_message_id,
        rec.broken,
        created,
        updated,
        _dumps(rec.timers),
    )


def _match(r: Any) -> MatchRecord:
    try:
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
            rev=r[10],
            locale=r[11],
            phase=r[12],
            to_act=json.loads(r[13]),
            outcome=json.loads(r[14]) if r[14] else None,
            lobby_message_id=r[15],
            broken=r[16],
            created_at=r[17],
            updated_at=r[18],
            timers=json.loads(r[19] or "{}"),
        )
    except (ValueError, TypeError) as exc:
        raise CorruptRow(str(r[0]), f"the match row cannot be read: {exc}") from exc


def _seats(match_id: str, rows: Sequence[Any]) -> list[SeatRecord]:
    """Seat rows (seat, user_id, name, is_ai, options, dm_ok, locale, ai_level), either backend."""
    try:
        return [
            SeatRecord(
                seat=r[0],
                user_id=r[1],
                name=r[2],
                is_ai=bool(r[3]),
                options=json.loads(r[4]),
                dm_ok=None if r[5] is None else bool(r[5]),
                locale=r[6],
                ai_level=r[7],
            )
            for r in rows
        ]
    except (ValueError, TypeError) as exc:
        raise CorruptRow(match_id, f"a seat cannot be read: {exc}") from exc


def _log_entries(match_id: str, rows: Sequence[Any]) -> list[LogEntry]:
    """Log rows (the columns of `_LOG_COLS`), either backend."""
    try:
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
                meta=json.loads(r[8] or "{}"),
            )
            for r in rows
        ]
    except (ValueError, TypeError) as exc:
        raise CorruptRow(match_id, f"a log step cannot be read: {exc}") from exc


def _snapshot(match_id: str, r: Any) -> Snapshot:
    try:
        return Snapshot(seq=r[0], state=json.loads(r[1]), state_version=r[2])
    except (ValueError, TypeError) as exc:
        raise CorruptRow(match_id, f"a snapshot cannot be read: {exc}") from exc
