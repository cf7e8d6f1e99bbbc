"""The schema's versioned migrations in PostgreSQL's dialect: the same versions as SQLite's
(`migrations.py`), one per step, each in one transaction, tracked in `schema_version`.

A version here and its SQLite twin make the same tables, columns and keys (a test compares the two
schemas once migrated). JSON is kept as text, as in SQLite, so a row reads back the same everywhere;
Discord ids are BIGINT; times are seconds since the epoch in DOUBLE PRECISION.
"""

from __future__ import annotations

PG_MIGRATIONS: list[str] = [
    # 1: matches, seats, the append-only log, snapshots, commitments
    """
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        guild_id BIGINT,
        channel_id BIGINT,
        thread_id BIGINT UNIQUE,
        created_by BIGINT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        options TEXT NOT NULL DEFAULT '{}',
        seed BIGINT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        locale TEXT NOT NULL DEFAULT 'fr',
        phase TEXT NOT NULL DEFAULT '',
        to_act TEXT NOT NULL DEFAULT '[]',
        outcome TEXT,
        lobby_message_id BIGINT,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX matches_status ON matches(status);
    CREATE INDEX matches_guild ON matches(guild_id, status);
    CREATE TABLE seats (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id BIGINT,
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
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE snapshots (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE commitments (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        digest TEXT NOT NULL,
        salt TEXT NOT NULL,
        payload TEXT NOT NULL,
        revealed_seq INTEGER,
        PRIMARY KEY (match_id, seq)
    );
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
    ALTER TABLE commitments ADD COLUMN label TEXT NOT NULL DEFAULT 'answer';
    ALTER TABLE commitments DROP CONSTRAINT commitments_pkey;
    ALTER TABLE commitments ADD PRIMARY KEY (match_id, seq, seat, label);
    ALTER TABLE commitments ADD CHECK (length(digest) = 64);
    ALTER TABLE commitments ADD CHECK (length(salt) >= 32);
    """,
    # 3: each player's preferences (how they want to be told), one JSON object per user
    """
    CREATE TABLE preferences (
        user_id BIGINT PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 4: the match's time: since when each seat is awaited, its clock, reminders, absences
    """
    ALTER TABLE matches ADD COLUMN timers TEXT NOT NULL DEFAULT '{}';
    """,
    # 5: ratings per server and game (openskill), and which finished matches were counted
    """
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, user_id)
    );
    ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: an AI seat's difficulty (easy, normal, hard); seats saved before play at normal
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    """,
    # 7: which bot process plays a match's AI seats and keeps its time, until when
    """
    CREATE TABLE leases (
        match_id TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        holder TEXT NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL
    );
    """,
    # 8: what the thread was shown of the log's chain, as posted, and where
    """
    CREATE TABLE published (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        chain TEXT NOT NULL,
        channel_id BIGINT,
        message_id BIGINT,
        late INTEGER NOT NULL DEFAULT 0,
        posted_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    """,
    # 9: the digest of the command tree last sent to Discord, per scope
    """
    CREATE TABLE synced_commands (
        scope TEXT PRIMARY KEY,
        digest TEXT NOT NULL,
        synced_at DOUBLE PRECISION NOT NULL
    );
    """,
    # 10: each server's settings (its judge role), one JSON object per server
    """
    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}'
    );
    """,
]
