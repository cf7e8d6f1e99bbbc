"""Matches saved by the schema-1 code load, offer the same moves, and finish (issue: Kernel II, item 2).

The fixture is a real database written before the kernel moved to check/suggest and the decision stack
(tests/fixtures/legacy_v1.sql, with the legal moves it offered in legacy_v1_expect.json). Its snapshots
hold the old state shapes: the service rebuilds them from the log, whose recorded chance results make
the rebuild exact.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import games as game_folders
from bot.engine import ANY, Rng, load_games
from bot.services import MatchService
from bot.storage import Store
from tests.support.agents import ai_move

FIXTURES = Path(__file__).parents[1] / "fixtures"
EXPECT: dict[str, Any] = json.loads((FIXTURES / "legacy_v1_expect.json").read_text(encoding="utf-8"))


@pytest.fixture
def legacy_db(tmp_path: Path) -> Path:
    path = tmp_path / "legacy.sqlite3"
    con = sqlite3.connect(path)
    con.executescript((FIXTURES / "legacy_v1.sql").read_text(encoding="utf-8"))
    con.close()
    return path


async def test_every_saved_match_loads_offers_the_same_moves_and_plays_to_the_end(legacy_db: Path) -> None:
    load_games(game_folders)
    store = await Store.open(legacy_db, synchronous="NORMAL")
    service = MatchService(store, ai_level="easy")
    try:
        for match_id, expected in sorted(EXPECT.items()):
            live = await service.get(match_id)
            assert live.rec.status == expected["status"] and live.version == expected["version"]
            assert sorted(live.to_act()) == expected["to_act"]
            for seat, legal in expected["legal"].items():
                offered = [c.action.dump() for c in live.game.suggest(live.state, int(seat), ANY)]
                assert offered == legal, f"{match_id} seat {seat}"
            users = {s.seat: s.user_id for s in live.seats}
            rng = Rng(5)
            while live.rec.status == "active":
                seat = min(live.to_act())
                await service.submit(match_id, users[seat], ai_move(live.game, live.state, seat, rng), live.version)
            assert live.rec.status == "finished"
        # a fresh load after the rebuilt matches moved on gives the same states
        again = MatchService(store, ai_level="easy")
        for match_id in EXPECT:
            assert (await again.get(match_id)).state == (await service.get(match_id)).state
    finally:
        await service.close()
        await store.close()
