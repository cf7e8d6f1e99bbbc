"""Fixtures for tests through discord.py's real dispatch against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import renderers
from bot.devtools.table import Table, open_table

PRIVATE_MARK = "🂠"


@pytest.fixture
def rendered_viewers(monkeypatch: pytest.MonkeyPatch) -> dict[bytes, Any]:
    """Every board PNG the bot renders, mapped to the viewer it was rendered for."""
    seen: dict[bytes, Any] = {}
    original = renderers.render_board_png

    def spy(game_key: str, view: Any, locale: str) -> Any:
        out = original(game_key, view, locale)
        seen[out.png] = view.viewer
        return out

    monkeypatch.setattr("cogs.host.render_board_png", spy)
    return seen


@pytest_asyncio.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob", "Eve")) as t:
        yield t


async def new_match(table: Table, creator: str = "Alice", **options: Any) -> Any:
    await table.slash(creator, "partie", "nouvelle", jeu="duel", **options)
    return table.live_matches()[-1]


async def started_match(table: Table, *, ai: bool = False) -> Any:
    live = await new_match(table, ia=ai) if ai else await new_match(table)
    thread = table.thread_of(live)
    if not ai:
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live
