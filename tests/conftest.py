"""Shared fixtures: the kernel test games (Duel, Palet) are registered for every test."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.games import load_all
from bot.services import MatchService
from bot.storage import Store
from bot.testgames import register_test_games

register_test_games()
load_all()  # every game and its catalog: renderers and presenters translate through the one catalog

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tavernier.sqlite3")


@pytest_asyncio.fixture
async def store(db_path: str) -> AsyncIterator[Store]:
    s = await Store.open(db_path, synchronous="NORMAL")
    yield s
    await s.close()


@pytest_asyncio.fixture
async def service(store: Store) -> AsyncIterator[MatchService]:
    svc = MatchService(store, ai_level="easy", snapshot_every=5, seed_source=lambda: 12345)
    yield svc
    await svc.close()


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("TMPDIR", tempfile.gettempdir())
