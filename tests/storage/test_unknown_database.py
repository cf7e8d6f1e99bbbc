"""A database the code does not know (#30, part 4): a schema newer than the code, a log step of a kind
it never wrote, a file damaged under a running bot. Each is refused clearly, and nothing is written."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.engine import Rng
from bot.services import MatchService, Player, ServiceError
from bot.storage import StorageUnavailable
from bot.storage.migrations import MIGRATIONS
from tests.conftest import StoreFactory
from tests.support.agents import ai_move

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")


async def _set_schema_version(store: Any, version: int, db_path: str) -> None:
    if store.shared:  # PostgreSQL
        async with store._pool.acquire() as con:
            await con.execute("UPDATE schema_version SET version=$1", version)
    else:
        con = sqlite3.connect(db_path)
        con.execute(f"PRAGMA user_version={version}")
        con.close()


async def _schema_version(store: Any, db_path: str) -> int:
    if store.shared:
        async with store._pool.acquire() as con:
            return int(await con.fetchval("SELECT version FROM schema_version"))
    con = sqlite3.connect(db_path)
    try:
        return int(con.execute("PRAGMA user_version").fetchone()[0])
    finally:
        con.close()


async def test_a_database_newer_than_the_code_is_refused_naming_the_version_to_run(
    open_store: StoreFactory, db_path: str
) -> None:
    first = await open_store()
    newer = len(MIGRATIONS) + 3
    await _set_schema_version(first, newer, db_path)
    with pytest.raises(StorageUnavailable) as err:
        await open_store()
    assert err.value.code == "too_new"
    assert f"schema version {newer}" in err.value.message and f"up to {len(MIGRATIONS)}" in err.value.message
    assert await _schema_version(first, db_path) == newer  # the older code wrote nothing into it


async def test_a_log_step_of_an_unknown_kind_refuses_the_load_and_writes_nothing(
    open_store: StoreFactory,
) -> None:
    store = await open_store()
    service = MatchService(store, ai_level="easy", snapshot_every=50, seed_source=lambda: 4321)
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.join(live.id, BOB)
    await service.start(live.id, ALICE.user_id)
    users = {0: ALICE.user_id, 1: BOB.user_id}
    for _ in range(3):
        seat = min(live.to_act())
        await service.submit(live.id, users[seat], ai_move(live.game, live.state, seat, Rng(seat)), live.version)
    await service.close()
    assert live.rec.status == "active" and live.version == 4  # set-up and three moves, no snapshot since set-up

    sql = "UPDATE log SET kind='foresight' WHERE match_id={} AND seq=2"
    if store.shared:
        async with store._pool.acquire() as con:
            await con.execute(sql.format("$1"), live.id)
    else:
        await store._write(lambda con: con.execute(sql.format("?"), (live.id,)))
    before = await store.get_match(live.id)

    fresh = MatchService(await open_store(), ai_level="easy", seed_source=lambda: 1)
    with pytest.raises(ServiceError) as err:
        await fresh.get(live.id)
    assert err.value.code == "match_too_new"
    after = await store.get_match(live.id)
    assert after is not None and before is not None
    assert after.broken is None and after.rev == before.rev  # not marked broken: the newer version plays it on
    await fresh.close()
