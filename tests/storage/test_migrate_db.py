"""`python -m bot migrate-db`: a SQLite database with real matches (a lobby, matches under way and
finished, of several games, with commitments and snapshots) moves into a real PostgreSQL, every match
replays to the same state from its copy, a second run moves nothing, and a copy that differs is
reported."""

from __future__ import annotations

from typing import Any

from bot.devtools.migrate_db import move
from bot.engine import Rng
from bot.services import MatchService, Player
from bot.storage import Store
from bot.storage.pg import PgStore
from tests.support.agents import ai_move

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")


async def _matches(path: str) -> dict[str, int]:
    """A lobby, and matches of three games played some steps or to the end; their versions."""
    store = await Store.open(path, synchronous="NORMAL")
    service = MatchService(store, ai_level="easy", snapshot_every=4, seed_source=lambda: 777)
    out: dict[str, int] = {}
    try:
        lobby = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
        out[lobby.id] = lobby.version
        for game, steps in (("duel", 999), ("duel", 3), ("liber", 12), ("warcry", 30)):
            live = await service.create(game_key=game, creator=ALICE, guild_id=9, channel_id=8)
            await service.join(live.id, BOB)
            await service.start(live.id, ALICE.user_id)
            for _ in range(steps):
                if live.rec.status != "active":
                    break
                seat = min(live.to_act())
                action = ai_move(live.game, live.state, seat, Rng(seat))
                await service.submit(live.id, (ALICE, BOB)[seat].user_id, action, live.version)
            out[live.id] = live.version
        await store.set_preferences(1, {"dm": "turns"})
        await store.set_guild_settings(7, {"judge_role": 70})
    finally:
        await service.close()
        await store.close()
    return out


async def _fresh_database(url: str) -> str:
    """A new, empty database on the test server: the move writes to its default schema."""
    import uuid

    import asyncpg

    name = f"moved_{uuid.uuid4().hex[:12]}"
    con = await asyncpg.connect(url)
    try:
        await con.execute(f"CREATE DATABASE {name}")
    finally:
        await con.close()
    return url.replace("/postgres?", f"/{name}?")


async def test_a_sqlite_database_moves_into_postgresql_and_every_match_replays_the_same(
    db_path: str, postgres_url: str
) -> None:
    postgres_url = await _fresh_database(postgres_url)
    versions = await _matches(db_path)
    lines: list[Any] = []
    report = await move(db_path, postgres_url, say=lines.append)
    assert report.problems == [] and report.copied == len(versions) and report.checked == len(versions)
    assert report.replayed == len(versions) - 1  # the lobby has no log yet
    pg = await PgStore.open(postgres_url)
    try:
        for mid, version in versions.items():
            rec = await pg.get_match(mid)
            assert rec is not None and rec.version == version
        assert await pg.preferences(1) == {"dm": "turns"}
        assert await pg.guild_settings(7) == {"judge_role": 70}  # a server's judge role moves too
        again = await move(db_path, postgres_url, say=lines.append)
        assert again.copied == 0 and again.skipped == len(versions) and again.problems == []
        # a copy that no longer matches its original is reported, never passed
        some = next(mid for mid, v in versions.items() if v > 2)
        await pg._write(lambda con: con.execute("DELETE FROM log WHERE match_id=$1 AND seq=1", some))
        broken = await move(db_path, postgres_url, say=lines.append)
        assert any(p.startswith(some) for p in broken.problems)
    finally:
        await pg.close()
