"""Versioned schema migrations, applied in order, each in one transaction, tracked with `PRAGMA user_version`.

They run on the writer's stdlib `sqlite3` connection when the store opens.
"""

from __future__ import annotations

import sqlite3

from .errors import StorageUnavailable

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
    # 2: a row revision for conditional writes; a broken flag; the delivery outbox on the log; the state
    #    shape of each snapshot; several labelled commitments per step (deck orders and answers)
    """
    ALTER TABLE matches ADD COLUMN rev INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE matches ADD COLUMN broken TEXT;
    ALTER TABLE log ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE log ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
    CREATE INDEX log_undelivered ON log(match_id, seq) WHERE delivered = 0;
    ALTER TABLE snapshots ADD COLUMN state_version INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE commitments_v2 (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        label TEXT NOT NULL DEFAULT 'answer',
        digest TEXT NOT NULL CHECK (length(digest) = 64),
        salt TEXT NOT NULL CHECK (length(salt) >= 32),
        payload TEXT NOT NULL,
        revealed_seq INTEGER,
        PRIMARY KEY (match_id, seq, seat, label)
    ) WITHOUT ROWID;
    INSERT INTO commitments_v2 (match_id, seq, seat, label, digest, salt, payload, revealed_seq)
        SELECT match_id, seq, seat, 'answer', digest, salt, payload, revealed_seq FROM commitments;
    DROP TABLE commitments;
    ALTER TABLE commitments_v2 RENAME TO commitments;
    """,
    # 3: each player's preferences (how they want to be told), one JSON object per user
    """
    CREATE TABLE preferences (
        user_id INTEGER PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}'
    ) WITHOUT ROWID;
    """,
    # 4: the match's time: since when each seat is awaited, its clock, reminders, absences
    #    (bot/services/timers.py), written with each step so a restart knows every deadline
    """
    ALTER TABLE matches ADD COLUMN timers TEXT NOT NULL DEFAULT '{}';
    """,
    # 5: ratings per server and game (openskill), and which finished matches were counted
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, user_id)
    ) WITHOUT ROWID;
    ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: an AI seat's difficulty (easy, normal, hard); seats saved before play at normal
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    """,
    # 7: which bot process plays a match's AI seats and keeps its time, until when (several processes
    #    on one database: a lease per match, taken over when its holder stops renewing it)
    """
    CREATE TABLE leases (
        match_id TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        holder TEXT NOT NULL,
        expires_at REAL NOT NULL
    ) WITHOUT ROWID;
    """,
    # 8: what the thread was shown of the log's chain: the value after a step that sealed something, as
    #    posted, where (the message), and whether a later post than its step's carried it (that one was
    #    refused), so `/partie verifier` checks against what was published
    """
    CREATE TABLE published (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        chain TEXT NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        late INTEGER NOT NULL DEFAULT 0,
        posted_at REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    """,
    # 9: the digest of the command tree last sent to Discord, per scope ("global" or a server id), so a
    #    restart syncs the commands only when they changed (Discord rate-limits syncs)
    """
    CREATE TABLE synced_commands (
        scope TEXT PRIMARY KEY,
        digest TEXT NOT NULL,
        synced_at REAL NOT NULL
    ) WITHOUT ROWID;
    """,
    # 10: each server's settings (its judge role for `/partie arbitre`), one JSON object per server
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}'
    ) WITHOUT ROWID;
    """,
]


def current_version(db: sqlite3.Connection) -> int:
    row = db.execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row else 0


def too_new(found: int, known: int, where: str) -> StorageUnavailable:
    """A database a newer Tavernier migrated: this code never writes into it (a rollback of the code
    must not corrupt its matches), and says which schema the code to run must know."""
    return StorageUnavailable(
        "too_new",
        f"{where} is at schema version {found}, newer than this Tavernier knows (up to {known}): it was "
        f"written by a newer version. Run a Tavernier that knows schema version {found} (the one that "
        "last ran on it, or newer); this one will not open it, so that it cannot damage its matches.",
    )


def migrate(db: sqlite3.Connection, where: str = "the database") -> int:
    """Bring the schema to the latest version, each step atomically; returns that version. A schema
    newer than the code knows is refused (`StorageUnavailable("too_new")`), never opened."""
    current = current_version(db)
    if current > len(MIGRATIONS):
        raise too_new(current, len(MIGRATIONS), where)
    for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
        try:
            db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)
