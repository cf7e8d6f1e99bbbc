"""The event store (issue: reliability, items 1–4, 6, 7 and 19): one transaction per operation that
nothing interleaves with, every write conditional on what it read, migrations, a database that goes
away noticed, broken rows isolated, the delivery outbox, labelled commitments."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import (
    Commitment,
    CorruptRow,
    LogEntry,
    MatchRecord,
    SeatRecord,
    StorageUnavailable,
    Store,
    VersionConflict,
)
from bot.storage.migrations import MIGRATIONS

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _entry(seq: int) -> LogEntry:
    return LogEntry(
        seq=seq,
        kind="action",
        seat=0,
        action={"kind": "x"},
        draws=[[6, 1]],
        rng_after=[1, 2, 3, 4],
        events=[{"kind": "e", "params": {}, "to": None}],
    )


def _rec(mid: str, status: str = "lobby") -> MatchRecord:
    return MatchRecord(id=mid, game="duel", guild_id=1, channel_id=2, created_by=10, seed=5, status=status)


def _seats(*names: str) -> list[SeatRecord]:
    return [SeatRecord(seat=i, name=n, user_id=100 + i) for i, n in enumerate(names)]


def _commitment(seq: int, seat: int, label: str) -> Commitment:
    return Commitment(seq=seq, seat=seat, digest="a" * 64, salt="b" * 32, payload="[]", label=label)


async def test_wal_and_migrations_are_idempotent(db_path: str) -> None:
    s = await Store.open(db_path)
    assert await s.journal_mode() == "wal"
    await s.close()
    s = await Store.open(db_path)  # second open: migrations already applied, nothing breaks
    assert await s.journal_mode() == "wal"
    await s.close()


async def test_create_is_atomic_with_its_seats(store: Any) -> None:
    store = store
    rec = _rec("abcd0000")
    bad = [SeatRecord(seat=0, name="A", user_id=7), SeatRecord(seat=1, name="B", user_id=7)]  # one user twice
    with pytest.raises(VersionConflict):
        await store.create_match(rec, bad)
    assert await store.get_match("abcd0000") is None and await store.seats("abcd0000") == []
    await store.create_match(rec, _seats("A"))
    assert rec.rev == 1 and [s.name for s in await store.seats(rec.id)] == ["A"]


async def test_append_moves_version_and_rev_and_refuses_a_double_append(store: Any) -> None:
    store = store
    rec = _rec("abcd0001", "active")
    await store.create_match(rec, [])
    await store.append(rec, _entry(0), snapshot={"s": 0}, state_version=3)
    assert (rec.version, rec.rev) == (1, 2)
    other = await store.get_match("abcd0001")
    assert other is not None and (other.version, other.rev) == (1, 2)
    stale = _rec("abcd0001", "active")
    stale.rev = 1
    with pytest.raises(VersionConflict):
        await store.append(stale, _entry(0))  # seq 0 again: the version check refuses it
    await store.append(other, _entry(1))
    log = await store.log("abcd0001")
    assert [e.seq for e in log] == [0, 1]
    assert log[0].draws == [[6, 1]] and log[0].events[0]["kind"] == "e"
    snap = await store.latest_snapshot("abcd0001")
    assert snap is not None and (snap.seq, snap.state, snap.state_version) == (0, {"s": 0}, 3)


async def test_a_failed_step_leaves_nothing_and_the_record_unchanged(store: Any) -> None:
    store = store
    rec = _rec("abcd0002", "active")
    await store.create_match(rec, [])
    await store.append(rec, _entry(0), commitments=[_commitment(0, 0, "answer")])
    # the same commitment again makes the transaction fail after the version was moved
    with pytest.raises(VersionConflict):
        await store.append(rec, _entry(1), commitments=[_commitment(0, 0, "answer")])
    after = await store.get_match("abcd0002")
    assert after is not None and after.version == 1 and (rec.version, rec.rev) == (1, 2)
    assert [e.seq for e in await store.log("abcd0002")] == [0]


async def test_every_lobby_write_is_conditional_on_the_revision_it_read(open_store: Any) -> None:
    """Two instances on one database: the stale one can neither seat a stranger nor undo a start."""
    a = await open_store()
    b = await open_store()
    rec = _rec("abcd0003")
    await a.create_match(rec, _seats("Alice"))
    seen_by_b = await b.get_match(rec.id)
    assert seen_by_b is not None
    rec.status = "active"
    await a.update_match(rec)  # instance A starts the match
    with pytest.raises(VersionConflict):
        await b.save_lobby(seen_by_b, _seats("Alice", "Stranger"))
    with pytest.raises(VersionConflict):
        seen_by_b.status = "cancelled"
        await b.update_match(seen_by_b)
    final = await a.get_match(rec.id)
    assert final is not None and final.status == "active"
    assert [s.name for s in await a.seats(rec.id)] == ["Alice"]


async def test_operations_on_many_matches_never_interleave(store: Any) -> None:
    store = store
    """Lobby saves and appends on different matches, all at once, many times: each is whole."""
    lobbies = [_rec(f"1000{i:04d}") for i in range(20)]
    games = [_rec(f"2000{i:04d}", "active") for i in range(20)]
    for r in lobbies + games:
        await store.create_match(r, [])

    async def lobby(r: MatchRecord) -> None:
        for k in range(10):
            await store.save_lobby(r, _seats(*(f"P{k}{j}" for j in range(2))))

    async def game(r: MatchRecord) -> None:
        for seq in range(10):
            await store.append(r, _entry(seq), snapshot={"seq": seq} if seq % 3 == 0 else None)

    await asyncio.gather(*(lobby(r) for r in lobbies), *(game(r) for r in games))
    for r in lobbies:
        assert [s.name for s in await store.seats(r.id)] == ["P90", "P91"]
    for r in games:
        assert [e.seq for e in await store.log(r.id)] == list(range(10))
        stored = await store.get_match(r.id)
        assert stored is not None and stored.version == 10


async def test_migration_from_a_schema_1_database(tmp_path: Path) -> None:
    path = tmp_path / "legacy.sqlite3"
    con = sqlite3.connect(path)
    con.executescript((FIXTURES / "legacy_v1.sql").read_text(encoding="utf-8"))
    tables = ("matches", "seats", "log", "snapshots", "commitments")
    counts = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}
    con.close()
    store = await Store.open(path)
    try:
        new = sqlite3.connect(path)
        assert new.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        for table, n in counts.items():
            assert new.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == n, table
        new.close()
        matches = await store.matches_with_status("lobby", "active", "finished", "cancelled")
        assert len(matches) == counts["matches"] and all(m.rev == 1 and m.broken is None for m in matches)
        assert await store.undelivered() == []  # steps written before the outbox count as delivered
        for m in matches:
            snap = await store.latest_snapshot(m.id)
            assert snap is not None and snap.state_version == 1
            assert all(c.label == "answer" for c in await store.commitments(m.id))
    finally:
        await store.close()


async def test_outbox_holds_steps_until_delivered(store: Any) -> None:
    store = store
    rec = _rec("abcd0004", "active")
    await store.create_match(rec, [])
    await store.append(rec, _entry(0))
    await store.append(rec, _entry(1), deliver=False)
    await store.append(rec, _entry(2))
    assert await store.undelivered() == [("abcd0004", 0), ("abcd0004", 2)]
    await store.mark_delivered("abcd0004", 0)
    assert await store.undelivered() == [("abcd0004", 2)]


async def test_commitments_are_labelled_several_per_step_and_full_length(store: Any) -> None:
    store = store
    rec = _rec("abcd0005", "active")
    await store.create_match(rec, [])
    await store.append(rec, _entry(0), commitments=[_commitment(0, 0, "deck"), _commitment(0, 1, "deck")])
    await store.append(rec, _entry(1), commitments=[_commitment(1, 0, "answer")], revealed=[(0, 1, "deck")])
    found = await store.commitments(rec.id)
    assert [(c.seq, c.seat, c.label, c.revealed_seq) for c in found] == [
        (0, 0, "deck", None), (0, 1, "deck", 1), (1, 0, "answer", None)
    ]  # fmt: skip
    short = Commitment(seq=2, seat=0, digest="a" * 16, salt="b" * 32, payload="[]")
    with pytest.raises(VersionConflict):  # a 64-bit digest is refused by the schema
        await store.append(rec, _entry(2), commitments=[short])


async def test_a_row_that_cannot_be_read_names_its_match(sqlite_store: Store, db_path: str) -> None:
    await sqlite_store.create_match(_rec("abcd0006"), _seats("A"))
    con = sqlite3.connect(db_path)
    con.execute("UPDATE seats SET options='{not json' WHERE match_id='abcd0006'")
    con.commit()
    con.close()
    with pytest.raises(CorruptRow) as err:
        await sqlite_store.seats("abcd0006")
    assert err.value.match_id == "abcd0006"
    await sqlite_store.mark_broken("abcd0006", "seats")
    rec = await sqlite_store.get_match("abcd0006")
    assert rec is not None and rec.broken == "seats"


# -- a database that cannot be used ------------------------------------------------------------------
async def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    with pytest.raises(StorageUnavailable) as err:
        await Store.open(tmp_path / "db")
    assert err.value.code == "unreadable" and str(tmp_path / "db") in err.value.message


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    path.write_bytes(b"this is a text file, not SQLite " * 200)
    with pytest.raises(StorageUnavailable) as err:
        await Store.open(path)
    assert err.value.code == "not_a_database"


async def test_a_corrupt_database_is_caught_by_quick_check(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    for i in range(300):
        await store.create_match(_rec(f"c{i:07d}"), _seats("A", "B"))
    await store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(3 * page, len(data) - page, 2 * page):  # scribble over interior pages
        data[offset + 100 : offset + 600] = b"\xff" * 500
    path.write_bytes(bytes(data))
    with pytest.raises(StorageUnavailable) as err:
        await Store.open(path)
    assert err.value.code in ("corrupt", "not_a_database")


async def test_disk_full_is_a_clear_error_and_writes_nothing(sqlite_store: Store, db_path: str) -> None:
    rec = _rec("abcd0007", "active")
    await sqlite_store.create_match(rec, [])
    await sqlite_store._write(lambda con: con.execute("PRAGMA max_page_count = 1"))  # the file cannot grow
    with pytest.raises(StorageUnavailable) as err:
        for seq in range(200):
            await sqlite_store.append(rec, _big(seq))
    assert err.value.code == "disk_full"
    assert [e.seq for e in await sqlite_store.log(rec.id)] == list(range(rec.version))


def _big(seq: int) -> LogEntry:
    entry = _entry(seq)
    entry.events = [{"kind": "e", "params": {"pad": "x" * 3000}, "to": None}]
    return entry


async def test_a_database_deleted_while_running_is_noticed(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    try:
        rec = _rec("abcd0008")
        await store.create_match(rec, [])
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
        with pytest.raises(StorageUnavailable) as err:
            await store.update_match(rec)
        assert err.value.code == "gone"
    finally:
        await store.close()


async def test_a_read_only_database_refuses_writes_clearly(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    rec = _rec("abcd0009")
    await store.create_match(rec, [])
    await store._write(lambda con: None)  # a no-op transaction, to check the path works
    await store._write(lambda con: con.execute("PRAGMA query_only = ON"))
    with pytest.raises(StorageUnavailable) as err:
        await store.update_match(rec)
    assert err.value.code == "read_only"
    await store.close()
