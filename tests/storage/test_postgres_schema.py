"""The PostgreSQL schema is SQLite's: the same versions of migrations bring both to the same tables,
columns and keys; opening twice, or from several processes at once, migrates once."""

from __future__ import annotations

import asyncio
import sqlite3
import uuid

import asyncpg

from bot.storage import Store
from bot.storage.migrations import MIGRATIONS
from bot.storage.pg import PgStore
from bot.storage.pg_migrations import PG_MIGRATIONS


async def test_both_backends_migrate_to_the_same_tables_and_columns(db_path: str, postgres_url: str) -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)
    await (await Store.open(db_path)).close()  # opened for its migrations
    lite = sqlite3.connect(db_path)
    tables = [r[0] for r in lite.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    sqlite_cols = {(t, r[1]) for t in tables for r in lite.execute(f"PRAGMA table_info({t})")}
    sqlite_keys = {
        t: [r[1] for r in sorted(lite.execute(f"PRAGMA table_info({t})"), key=lambda r: r[5]) if r[5]] for t in tables
    }
    lite.close()
    schema = f"t_{uuid.uuid4().hex[:12]}"
    store = await PgStore.open(postgres_url, schema=schema)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        con = await asyncpg.connect(postgres_url)
        try:
            rows = await con.fetch(
                "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema=$1", schema
            )
            keys = await con.fetch(
                "SELECT tc.table_name, kcu.column_name, kcu.ordinal_position"
                " FROM information_schema.table_constraints tc"
                " JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name"
                " AND kcu.table_schema = tc.table_schema"
                " WHERE tc.table_schema=$1 AND tc.constraint_type='PRIMARY KEY' ORDER BY kcu.ordinal_position",
                schema,
            )
        finally:
            await con.close()
    finally:
        await store.close()
    pg_cols = {(r[0], r[1]) for r in rows if r[0] != "schema_version"}
    assert pg_cols == sqlite_cols
    pg_keys: dict[str, list[str]] = {}
    for r in keys:
        pg_keys.setdefault(r[0], []).append(r[1])
    assert pg_keys == {t: k for t, k in sqlite_keys.items() if k}


async def test_several_processes_opening_at_once_migrate_once(postgres_url: str) -> None:
    schema = f"t_{uuid.uuid4().hex[:12]}"
    stores = await asyncio.gather(*(PgStore.open(postgres_url, schema=schema, max_size=2) for _ in range(4)))
    try:
        assert {await s.schema_version() for s in stores} == {len(PG_MIGRATIONS)}
    finally:
        for s in stores:
            await s.close()
    again = await PgStore.open(postgres_url, schema=schema)
    assert await again.schema_version() == len(PG_MIGRATIONS)
    await again.close()
