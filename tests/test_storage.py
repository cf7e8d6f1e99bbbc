"""The event store: WAL, migrations, atomic appends with version checks, snapshots."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import LogEntry, MatchRecord, SeatRecord, Store, VersionConflict


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


async def test_wal_and_migrations_are_idempotent(db_path: str) -> None:
    s = await Store.open(db_path)
    assert await s.journal_mode() == "wal"
    await s.close()
    s = await Store.open(db_path)  # second open: migrations already applied, nothing breaks
    assert await s.journal_mode() == "wal"
    await s.close()


async def test_append_moves_the_version_and_refuses_a_double_append(store: Store) -> None:
    rec = MatchRecord(id="abcd0001", game="duel", guild_id=1, channel_id=2, created_by=10, seed=5, status="active")
    await store.create_match(rec)
    await store.append(rec, _entry(0), snapshot={"s": 0})
    assert rec.version == 1
    other = await store.get_match("abcd0001")
    assert other is not None and other.version == 1
    with pytest.raises(VersionConflict):
        await store.append(other, _entry(0))  # seq 0 again: the version check refuses it
    await store.append(other, _entry(1))
    log = await store.log("abcd0001")
    assert [e.seq for e in log] == [0, 1]
    assert log[0].draws == [[6, 1]] and log[0].events[0]["kind"] == "e"
    assert await store.latest_snapshot("abcd0001") == (0, {"s": 0})


async def test_failed_append_leaves_nothing(store: Store) -> None:
    rec = MatchRecord(id="abcd0002", game="duel", guild_id=1, channel_id=2, created_by=10, seed=5, status="active")
    await store.create_match(rec)
    await store.append(rec, _entry(0), snapshot={"s": 0})
    # a snapshot row already at seq 1 makes the transaction fail after the version was moved
    await store._db.execute("INSERT INTO snapshots (match_id, seq, state) VALUES (?, 1, '{}')", (rec.id,))
    with pytest.raises(sqlite3.IntegrityError):
        await store.append(rec, _entry(1), snapshot={"s": 1})
    after = await store.get_match("abcd0002")
    assert after is not None and after.version == 1
    assert [e.seq for e in await store.log("abcd0002")] == [0]
    assert rec.version == 1


async def test_seats_and_user_queries(store: Store) -> None:
    rec = MatchRecord(id="abcd0003", game="duel", guild_id=7, channel_id=2, created_by=10, seed=5)
    await store.create_match(rec)
    await store.replace_seats(
        rec.id, [SeatRecord(seat=0, name="A", user_id=10), SeatRecord(seat=1, name="IA", is_ai=True)]
    )
    seats = await store.seats(rec.id)
    assert [(s.seat, s.user_id, s.is_ai) for s in seats] == [(0, 10, False), (1, None, True)]
    assert [m.id for m in await store.matches_of_user(10, 7, ["lobby"])] == ["abcd0003"]
    assert await store.matches_of_user(10, 8, ["lobby"]) == []
