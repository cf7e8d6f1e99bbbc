"""Versioned schema migrations, applied in order and tracked with `PRAGMA user_version`."""

from __future__ import annotations

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: matches, seats, the append-only log, snapshots, commitments
    """
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        guild_id INTEGER,
        channel_id INTEGER,
        thread_id INTEGER UNIQUE,
        created_by INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        locale TEXT NOT NULL DEFAULT 'fr',
        phase TEXT NOT NULL DEFAULT '',
        to_act TEXT NOT NULL DEFAULT '[]',
        outcome TEXT,
        lobby_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX matches_status ON matches(status);
    CREATE INDEX matches_guild ON matches(guild_id, status);
    CREATE TABLE seats (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        is_ai INTEGER NOT NULL DEFAULT 0,
        options TEXT NOT NULL DEFAULT '{}',
        dm_ok INTEGER,
        locale TEXT NOT NULL DEFAULT 'fr',
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, user_id)
    );
    CREATE INDEX seats_user ON seats(user_id);
    CREATE TABLE log (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        action TEXT,
        draws TEXT NOT NULL DEFAULT '[]',
        rng_after TEXT NOT NULL,
        events TEXT NOT NULL DEFAULT '[]',
        created_at REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE commitments (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        digest TEXT NOT NULL,
        salt TEXT NOT NULL,
        payload TEXT NOT NULL,
        revealed_seq INTEGER,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    """,
]


async def migrate(db: aiosqlite.Connection) -> int:
    """Bring the schema to the latest version; returns that version."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    current = int(row[0]) if row else 0
    for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
        await db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;")
    return len(MIGRATIONS)
