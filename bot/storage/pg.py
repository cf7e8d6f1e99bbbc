"""The event store on PostgreSQL (asyncpg), behind the same methods as the SQLite `Store`.

Chosen by one setting, `DATABASE_URL=postgresql://…` (`open_store`). The guarantees are the same:
every write is one transaction; a step is appended only if the match's stored `version` and `rev` are
those the caller read (`VersionConflict` otherwise), and the log's primary key (match, seq) refuses a
double append even between processes. The schema is the same, migrated by the same versions in
PostgreSQL's dialect (`pg_migrations.py`) under an advisory lock, so several processes may start
together. A server that cannot be reached raises `StorageUnavailable("unreachable")`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .errors import StorageUnavailable, VersionConflict
from .migrations import too_new
from .pg_migrations import PG_MIGRATIONS
from .records import Commitment, LogEntry, MatchRecord, Published, Rating, SeatRecord, Snapshot
from .settings import KeyedObjects
from .store import (
    _COMMIT_COLS,
    _LOG_COLS,
    _MATCH_COLS,
    _dumps,
    _log_entries,
    _log_values,
    _match,
    _match_row,
    _seats,
    _snapshot,
    _step_values,
)

T = TypeVar("T")
#: A connection as the pool lends it, or one opened alone (migrations).
Con = asyncpg.Connection | PoolConnectionProxy
MIGRATION_LOCK = 0x7A7E  # the advisory lock migrations hold: one process migrates, the others wait


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def _marks(n: int, start: int = 1) -> str:
    return ", ".join(f"${i}" for i in range(start, start + n))


class PgStore(KeyedObjects):
    """Async access to a PostgreSQL database (see the module docstring)."""

    #: Several bot processes may write it: a match held in memory may have been played elsewhere.
    shared = True

    def __init__(self, url: str, pool: asyncpg.Pool, clock: Callable[[], float]) -> None:
        self.path = redacted(url)
        self._pool = pool
        self._clock = clock

    # -- opening ----------------------------------------------------------------------------------
    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        schema: str | None = None,
        max_size: int = 10,
    ) -> PgStore:
        """Connect (a pool), create `schema` when given (tests: one per test), migrate."""
        settings = {"search_path": schema} if schema else {}
        try:
            if schema:
                con = await asyncpg.connect(url)
                try:
                    await con.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
                except asyncpg.UniqueViolationError:
                    pass  # another process created it at the same instant (IF NOT EXISTS is not atomic)
                finally:
                    await con.close()
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, server_settings=settings)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageUnavailable("unreachable", f"cannot reach PostgreSQL at {redacted(url)}: {exc}") from exc
        store = cls(url, pool, clock)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def journal_mode(self) -> str:
        return "postgresql"

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT version FROM schema_version")
        return int(rows[0][0]) if rows else 0

    async def _migrate(self) -> int:
        async with self._pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await con.fetchval("SELECT version FROM schema_version")
            if current is None:
                await con.execute("INSERT INTO schema_version (version) VALUES (0)")
                current = 0
            if current > len(PG_MIGRATIONS):
                raise too_new(current, len(PG_MIGRATIONS), self.path)
            for version, script in enumerate(PG_MIGRATIONS[current:], start=current + 1):
                async with con.transaction():  # a savepoint per version: a broken one leaves the others
                    await con.execute(script)
                    await con.execute("UPDATE schema_version SET version=$1", version)
        return len(PG_MIGRATIONS)

    # -- writes -----------------------------------------------------------------------------------
    async def _write(self, fn: Callable[[Con], Awaitable[T]]) -> T:
        """Run `fn(connection)` as one transaction."""
        try:
            async with self._pool.acquire() as con, con.transaction():
                return await fn(con)
        except asyncpg.IntegrityConstraintViolationError as exc:  # a key or a check: nothing was written
            raise VersionConflict(str(exc)) from exc
        except (OSError, asyncpg.InterfaceError, asyncpg.CannotConnectNowError) as exc:
            raise StorageUnavailable("unreachable", f"PostgreSQL at {self.path} failed: {exc}") from exc

    async def create_match(self, rec: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        now = self._clock()

        async def run(con: Con) -> None:
            await con.execute(
                f"INSERT INTO matches ({_MATCH_COLS}) VALUES ({_marks(20)})",
                *_match_row(rec, rev=1, created=now, updated=now),
            )
            await _insert_seats(con, rec.id, seats)

        await self._write(run)
        rec.rev, rec.created_at, rec.updated_at = 1, now, now

    async def save_lobby(self, rec: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        now = self._clock()

        async def run(con: Con) -> None:
            await _update_meta(con, rec, now)
            await con.execute("DELETE FROM seats WHERE match_id=$1", rec.id)
            await _insert_seats(con, rec.id, seats)

        await self._write(run)
        rec.rev, rec.updated_at = rec.rev + 1, now

    async def update_match(self, rec: MatchRecord) -> None:
        now = self._clock()
        await self._write(lambda con: _update_meta(con, rec, now))
        rec.rev, rec.updated_at = rec.rev + 1, now

    async def set_dm_ok(self, match_id: str, seat: int, ok: bool | None) -> None:
        await self._write(
            lambda con: con.execute(
                "UPDATE seats SET dm_ok=$1 WHERE match_id=$2 AND seat=$3",
                None if ok is None else int(ok),
                match_id,
                seat,
            )
        )

    async def _put_object(self, table: str, key: str, value: int, data: dict[str, Any]) -> None:
        """A table of one JSON object per key (`table` and `key` are this module's constants, never input)."""
        text = json.dumps(data, sort_keys=True)
        await self._write(
            lambda con: con.execute(
                f"INSERT INTO {table} ({key}, data) VALUES ($1, $2)"
                f" ON CONFLICT ({key}) DO UPDATE SET data=excluded.data",
                value,
                text,
            )
        )

    async def _object(self, table: str, key: str, value: int) -> dict[str, Any]:
        rows = await self._rows(f"SELECT data FROM {table} WHERE {key}=$1", value)
        return dict(json.loads(rows[0][0])) if rows else {}

    async def rate_match(self, match_id: str, guild_id: int, game: str, rows: Sequence[Rating]) -> bool:
        async def run(con: Con) -> bool:
            done = await con.execute("UPDATE matches SET rated=1 WHERE id=$1 AND rated=0", match_id)
            if done != "UPDATE 1":
                return False
            await con.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
                " VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " name=excluded.name, mu=excluded.mu, sigma=excluded.sigma, games=excluded.games, wins=excluded.wins",
                [(guild_id, game, r.user_id, r.name, r.mu, r.sigma, r.games, r.wins) for r in rows],
            )
            return True

        return bool(await self._write(run))

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int] | None = None) -> list[Rating]:
        sql = "SELECT user_id, name, mu, sigma, games, wins FROM ratings WHERE guild_id=$1 AND game=$2"
        args: list[Any] = [guild_id, game]
        if user_ids is not None:
            sql += " AND user_id = ANY($3::bigint[])"
            args.append(list(user_ids))
        rows = await self._rows(sql + " ORDER BY mu - 3 * sigma DESC, games DESC", *args)
        return [Rating(*r) for r in rows]

    async def lobbies_untouched_since(self, when: float) -> list[str]:
        """The unbroken lobbies nobody changed since `when` (a lobby whose creator's answer died with a
        process, or one nobody joined), oldest first."""
        rows = await self._rows(
            "SELECT id FROM matches WHERE status='lobby' AND broken IS NULL AND updated_at < $1 ORDER BY updated_at",
            when,
        )
        return [r[0] for r in rows]

    async def unrated_finished(self) -> list[str]:
        rows = await self._rows("SELECT id FROM matches WHERE status='finished' AND rated=0 ORDER BY updated_at")
        return [r[0] for r in rows]

    async def mark_broken(self, match_id: str, reason: str) -> None:
        await self._write(lambda con: con.execute("UPDATE matches SET broken=$1 WHERE id=$2", reason[:500], match_id))

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
        """One step at `rec.version`, conditional on the stored version and rev (see `Store.append`)."""
        now = self._clock()
        opened = list(revealed)

        async def run(con: Con) -> None:
            done = await con.execute(
                "UPDATE matches SET version=version+1, rev=rev+1, status=$1, phase=$2, to_act=$3, outcome=$4,"
                " updated_at=$5, timers=$6 WHERE id=$7 AND version=$8 AND rev=$9",
                *_step_values(rec, entry, now),
            )
            if done != "UPDATE 1":
                raise VersionConflict(rec.id)
            await con.execute(
                f"INSERT INTO log (match_id, {_LOG_COLS}, delivered) VALUES ({_marks(11)})",
                *_log_values(rec.id, entry, now, deliver),
            )
            if snapshot is not None:
                await con.execute(
                    "INSERT INTO snapshots (match_id, seq, state, state_version) VALUES ($1,$2,$3,$4)",
                    rec.id,
                    entry.seq,
                    _dumps(snapshot),
                    state_version,
                )
            if commitments:
                await con.executemany(
                    f"INSERT INTO commitments (match_id, {_COMMIT_COLS}) VALUES ({_marks(8)})",
                    [(rec.id, c.seq, c.seat, c.digest, c.salt, c.payload, None, c.label) for c in commitments],
                )
            if opened:
                await con.executemany(
                    "UPDATE commitments SET revealed_seq=$1 WHERE match_id=$2 AND seq=$3 AND seat=$4 AND label=$5",
                    [(entry.seq, rec.id, seq, seat, label) for seq, seat, label in opened],
                )

        await self._write(run)
        entry.created_at = now
        rec.version, rec.rev, rec.updated_at = entry.seq + 1, rec.rev + 1, now

    async def put_snapshot(self, match_id: str, seq: int, state: dict[str, Any], state_version: int) -> None:
        await self._write(
            lambda con: con.execute(
                "INSERT INTO snapshots (match_id, seq, state, state_version) VALUES ($1,$2,$3,$4)"
                " ON CONFLICT (match_id, seq) DO UPDATE SET state=excluded.state, state_version=excluded.state_version",
                match_id,
                seq,
                _dumps(state),
                state_version,
            )
        )

    async def mark_delivered(self, match_id: str, seq: int) -> None:
        await self._write(
            lambda con: con.execute(
                "UPDATE log SET delivered=1 WHERE match_id=$1 AND seq<=$2 AND delivered=0", match_id, seq
            )
        )

    # -- leases (several processes on one database) ------------------------------------------------
    async def take_lease(
        self, match_id: str, holder: str, now: float, ttl: float, *, owner: bool | None = None
    ) -> bool:
        """Hold the match's lease until `now + ttl` (see `Store.take_lease`)."""

        async def run(con: Con) -> bool:
            upsert = "INSERT INTO leases (match_id, holder, expires_at) VALUES ($1, $2, $3) ON CONFLICT (match_id)"
            upsert += " DO UPDATE SET holder=excluded.holder, expires_at=excluded.expires_at"
            if owner is None:
                sql = upsert + " WHERE leases.holder = excluded.holder OR leases.expires_at < $4"
                await con.execute(sql, match_id, holder, now + ttl, now)
            elif owner:
                await con.execute(upsert, match_id, holder, now + ttl)
            else:
                await con.execute(
                    "UPDATE leases SET holder=$2, expires_at=$3 WHERE match_id=$1 AND (holder=$2 OR expires_at<$4)",
                    match_id,
                    holder,
                    now + ttl,
                    now,
                )
            held: str | None = await con.fetchval("SELECT holder FROM leases WHERE match_id=$1", match_id)
            return held == holder

        return bool(await self._write(run))

    async def release_leases(self, holder: str) -> None:
        await self._write(lambda con: con.execute("UPDATE leases SET expires_at=0 WHERE holder=$1", holder))

    async def lease_holder(self, match_id: str) -> tuple[str, float] | None:
        rows = await self._rows("SELECT holder, expires_at FROM leases WHERE match_id=$1", match_id)
        return (rows[0][0], rows[0][1]) if rows else None

    # -- what the thread was shown -------------------------------------------------------------------
    async def record_published(
        self, match_id: str, seq: int, chain: str, channel_id: int | None, message_id: int | None, *, late: bool
    ) -> None:
        """The chain's value after step `seq` reached the thread in this message (see `Store.record_published`)."""
        await self._write(
            lambda con: con.execute(
                "INSERT INTO published (match_id, seq, chain, channel_id, message_id, late, posted_at)"
                " VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (match_id, seq) DO NOTHING",
                match_id,
                seq,
                chain,
                channel_id,
                message_id,
                int(late),
                self._clock(),
            )
        )

    async def published(self, match_id: str) -> list[Published]:
        """Every chain value posted for the match, in step order."""
        rows = await self._rows(
            "SELECT seq, chain, channel_id, message_id, late FROM published WHERE match_id=$1 ORDER BY seq", match_id
        )
        return [Published(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    # -- the commands Discord has -------------------------------------------------------------------
    async def synced_commands(self, scope: str) -> str | None:
        """The digest of the command tree last synced in `scope` (see `Store.synced_commands`)."""
        rows = await self._rows("SELECT digest FROM synced_commands WHERE scope=$1", scope)
        return str(rows[0][0]) if rows else None

    async def record_synced_commands(self, scope: str, digest: str) -> None:
        await self._write(
            lambda con: con.execute(
                "INSERT INTO synced_commands (scope, digest, synced_at) VALUES ($1,$2,$3)"
                " ON CONFLICT (scope) DO UPDATE SET digest=EXCLUDED.digest, synced_at=EXCLUDED.synced_at",
                scope,
                digest,
                self._clock(),
            )
        )

    # -- bulk copy (python -m bot migrate-db) ----------------------------------------------------------
    async def copy_match(self, cols: dict[str, list[str]], rows: dict[str, list[Any]]) -> None:
        """One match's rows as they are in another store (same columns), in one transaction."""

        async def run(con: Con) -> None:
            for table in ("matches", "seats", "log", "snapshots", "commitments", "published"):
                if rows[table]:
                    names = cols[table]
                    await con.executemany(
                        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({_marks(len(names))})", rows[table]
                    )

        await self._write(run)

    async def copy_rows(self, table: str, names: list[str], rows: list[Any], *, conflict: str) -> None:
        """Rows of a table keyed by `conflict`, replacing those already there."""
        if not rows:
            return
        sets = ", ".join(f"{n}=excluded.{n}" for n in names if n not in conflict.split(", "))
        sql = (
            f"INSERT INTO {table} ({', '.join(names)}) VALUES ({_marks(len(names))})"
            f" ON CONFLICT ({conflict}) DO UPDATE SET {sets}"
        )
        await self._write(lambda con: con.executemany(sql, rows))

    # -- reads ------------------------------------------------------------------------------------
    async def _rows(self, sql: str, *args: Any) -> list[Any]:
        try:
            return list(await self._pool.fetch(sql, *args))
        except (OSError, asyncpg.InterfaceError, asyncpg.CannotConnectNowError) as exc:
            raise StorageUnavailable("unreachable", f"PostgreSQL at {self.path} failed: {exc}") from exc

    async def get_match(self, match_id: str) -> MatchRecord | None:
        rows = await self._rows(f"SELECT {_MATCH_COLS} FROM matches WHERE id=$1", match_id)
        return _match(rows[0]) if rows else None

    async def match_by_thread(self, thread_id: int) -> MatchRecord | None:
        rows = await self._rows(f"SELECT {_MATCH_COLS} FROM matches WHERE thread_id=$1", thread_id)
        return _match(rows[0]) if rows else None

    async def matches_with_status(self, *statuses: str) -> list[MatchRecord]:
        rows = await self._rows(
            f"SELECT {_MATCH_COLS} FROM matches WHERE status = ANY($1::text[]) ORDER BY created_at", list(statuses)
        )
        return [_match(r) for r in rows]

    async def matches_of_user(
        self, user_id: int, guild_id: int | None, statuses: Iterable[str]
    ) -> list[tuple[MatchRecord, int]]:
        cols = ", ".join("m." + c.strip() for c in _MATCH_COLS.split(","))
        sql = (
            f"SELECT {cols}, s.seat FROM matches m JOIN seats s ON s.match_id = m.id"
            " WHERE s.user_id=$1 AND m.status = ANY($2::text[])"
        )
        args: list[Any] = [user_id, list(statuses)]
        if guild_id is not None:
            sql += " AND m.guild_id=$3"
            args.append(guild_id)
        return [(_match(r), int(r[-1])) for r in await self._rows(sql + " ORDER BY m.updated_at DESC", *args)]

    async def seats(self, match_id: str) -> list[SeatRecord]:
        rows = await self._rows(
            "SELECT seat, user_id, name, is_ai, options, dm_ok, locale, ai_level FROM seats"
            " WHERE match_id=$1 ORDER BY seat",
            match_id,
        )
        return _seats(match_id, rows)

    async def log(self, match_id: str, after: int = -1) -> list[LogEntry]:
        rows = await self._rows(
            f"SELECT {_LOG_COLS} FROM log WHERE match_id=$1 AND seq>$2 ORDER BY seq", match_id, after
        )
        return _log_entries(match_id, rows)

    async def latest_snapshot(self, match_id: str) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state, state_version FROM snapshots WHERE match_id=$1 ORDER BY seq DESC LIMIT 1", match_id
        )
        return _snapshot(match_id, rows[0]) if rows else None

    async def snapshot_at(self, match_id: str, seq: int) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state, state_version FROM snapshots WHERE match_id=$1 AND seq=$2", match_id, seq
        )
        return _snapshot(match_id, rows[0]) if rows else None

    async def commitments(self, match_id: str, *, open_only: bool = False) -> list[Commitment]:
        sql = f"SELECT {_COMMIT_COLS} FROM commitments WHERE match_id=$1"
        if open_only:
            sql += " AND revealed_seq IS NULL"
        return [Commitment(*r) for r in await self._rows(sql + " ORDER BY seq, seat, label", match_id)]

    async def active_index(self) -> list[tuple[str, str, str, str | None]]:
        """Every active, unbroken match as (id, to_act, timers, its AI seats "0,1") (see `Store`)."""
        rows = await self._rows(
            "SELECT m.id, m.to_act, m.timers, (SELECT string_agg(s.seat::text, ',') FROM seats s"
            " WHERE s.match_id = m.id AND s.is_ai = 1) FROM matches m WHERE m.status = 'active' AND m.broken IS NULL"
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def undelivered(self) -> list[tuple[str, int]]:
        rows = await self._rows("SELECT match_id, seq FROM log WHERE delivered = 0 ORDER BY created_at, seq")
        return [(r[0], r[1]) for r in rows]


async def _update_meta(con: Con, rec: MatchRecord, now: float) -> None:
    done = await con.execute(
        "UPDATE matches SET thread_id=$1, status=$2, options=$3, locale=$4, phase=$5, to_act=$6, outcome=$7,"
        " lobby_message_id=$8, updated_at=$9, timers=$10, rev=rev+1 WHERE id=$11 AND rev=$12",
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
    )
    if done != "UPDATE 1":
        raise VersionConflict(rec.id)


async def _insert_seats(con: Con, match_id: str, seats: Sequence[SeatRecord]) -> None:
    await con.executemany(
        "INSERT INTO seats (match_id, seat, user_id, name, is_ai, options, dm_ok, locale, ai_level)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
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
