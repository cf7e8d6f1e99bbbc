"""Shared fixtures: the kernel test games (Duel, Palet) are registered for every test."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import games as game_folders
from bot import testgames
from bot.engine import load_games
from bot.services import MatchService
from bot.storage import Store

load_games(testgames)
load_games(game_folders)  # every game and its catalog: renderers and presenters translate through the one catalog

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tavernier.sqlite3")


@pytest_asyncio.fixture
async def sqlite_store(db_path: str) -> AsyncIterator[Store]:
    """The SQLite store alone, for what only SQLite has (its file, its pragmas)."""
    s = await Store.open(db_path, synchronous="NORMAL")
    yield s
    await s.close()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for this test process (bot/devtools/pgserver.py)."""
    from bot.devtools.pgserver import server

    servers = server()
    try:
        url = next(servers)
    except RuntimeError as exc:
        if os.environ.get("TAVERNIER_REQUIRE_POSTGRES"):  # CI: never skip them silently
            raise
        pytest.skip(str(exc))
    yield url
    servers.close()


StoreFactory = Callable[[], Awaitable[Any]]


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def open_store(request: pytest.FixtureRequest, db_path: str) -> AsyncIterator[StoreFactory]:
    """Opens stores on one database of the backend under test, as many as a test wants (two
    instances of the bot on one database); all closed at the end."""
    opened: list[Any] = []
    if request.param == "sqlite":

        async def factory() -> Any:
            opened.append(await Store.open(db_path, synchronous="NORMAL"))
            return opened[-1]

    else:
        from bot.storage.pg import PgStore

        url, schema = request.getfixturevalue("postgres_url"), f"t_{uuid.uuid4().hex[:16]}"

        async def factory() -> Any:
            opened.append(await PgStore.open(url, schema=schema, max_size=4))
            return opened[-1]

    yield factory
    for s in opened:
        await s.close()


@pytest_asyncio.fixture
async def store(open_store: StoreFactory) -> Any:
    """The store of each backend in turn: SQLite, then PostgreSQL (a test and the services on it run
    on both)."""
    return await open_store()


@pytest_asyncio.fixture
async def service(store: Any) -> AsyncIterator[MatchService]:
    svc = MatchService(store, ai_level="easy", snapshot_every=5, seed_source=lambda: 12345)
    yield svc
    await svc.close()


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("TMPDIR", tempfile.gettempdir())
