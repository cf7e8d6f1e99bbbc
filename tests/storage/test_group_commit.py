"""Group commit on SQLite (#30, part 2): the writes waiting while the writer is busy go into one
transaction and one fsync, each in its own savepoint; each is acknowledged only once its group is on
disk, and one refused write leaves the others of its group."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.i18n import t
from bot.storage import LogEntry, MatchRecord, StorageUnavailable, Store, VersionConflict
from cogs.errors import explain


def _rec(mid: str) -> MatchRecord:
    return MatchRecord(id=mid, game="duel", guild_id=1, channel_id=2, created_by=10, seed=5, status="active")


def _entry(seq: int) -> LogEntry:
    return LogEntry(seq=seq, kind="action", seat=0, action={"kind": "x"}, draws=[], rng_after=[1], events=[])


async def test_writes_waiting_together_commit_together_and_each_learns_its_own_outcome(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        recs = [_rec(f"g{i:07d}") for i in range(20)]
        for rec in recs:
            await store.create_match(rec, [])
        stale = _rec(recs[0].id)  # read before recs[0]'s step below: its own step is refused
        commits: list[str] = []
        store._con.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)

        started, release = threading.Event(), threading.Event()

        def hold(con: object) -> None:
            started.set()
            release.wait(10)

        busy = asyncio.ensure_future(store._write(hold))  # the writer is busy with one write
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        steps = [asyncio.ensure_future(store.append(rec, _entry(0))) for rec in recs]
        refused = asyncio.ensure_future(store.append(stale, _entry(0)))
        for _ in range(50):
            await asyncio.sleep(0)
        assert not any(t.done() for t in [*steps, refused])  # nothing acknowledged before its commit
        release.set()
        await busy
        await asyncio.gather(*steps)
        with pytest.raises(VersionConflict):
            await refused
        assert len(commits) == 2  # the busy write's group, then all 21 waiting writes in one
        for rec in recs:
            assert rec.version == 1 and [e.seq for e in await store.log(rec.id)] == [0]
    finally:
        await store.close()


async def test_a_write_that_lands_in_a_damaged_file_is_not_acknowledged_nor_any_after_it(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        recs = [_rec(f"d{i:07d}") for i in range(200)]
        for rec in recs:
            await store.create_match(rec, [])
            await store.append(rec, _entry(0))
        loop = asyncio.get_running_loop()
        # everything into the file, by the writer itself: its page cache stays as it was
        checkpoint = "PRAGMA wal_checkpoint(TRUNCATE)"
        await loop.run_in_executor(store._writer, lambda: store._con.execute(checkpoint).fetchall())
        page = 4096
        with open(db_path, "r+b") as fh:  # the disk damages every page but the first, under the running bot
            size = fh.seek(0, 2)
            for offset in range(page, size, page):
                fh.seek(offset + 100)
                fh.write(b"\xff" * 500)
        with pytest.raises(StorageUnavailable) as err:
            await store.append(recs[7], _entry(1))
        assert err.value.code == "corrupt" and "damaged while the bot ran" in err.value.message
        with pytest.raises(StorageUnavailable) as again:  # nothing more is confirmed
            await store.update_match(recs[8])
        assert again.value.code == "corrupt"
    finally:
        await store.close()


def test_the_player_is_told_the_move_is_not_confirmed_when_the_file_is_damaged() -> None:
    damaged = explain(StorageUnavailable("corrupt", "damaged while the bot ran"), "fr").text
    assert damaged == t("error.storage_damaged", "fr") and "pas confirmé" in damaged
    assert "rien n'a changé" not in damaged  # the move may sit in the damaged file: never say nothing changed
    assert explain(StorageUnavailable("disk_full", "full"), "en").text == t("error.storage", "en")


async def test_writes_after_close_are_refused_and_never_wait(db_path: str) -> None:
    store = await Store.open(db_path)
    await store.close()
    for _ in range(2):  # the second would wait forever behind a first that never drained
        with pytest.raises(StorageUnavailable) as err:
            await asyncio.wait_for(store.update_match(_rec("c0000001")), 10)
        assert err.value.code == "closed"
