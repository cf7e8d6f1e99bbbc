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

    monkeypatch.setattr("cogs.boards.render_board_png", spy)
    return seen


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.get_closest_marker("both_backends"):
        metafunc.parametrize("backend", ["sqlite", "postgresql"])


@pytest.fixture
def backend() -> str:
    """The database the tables of a test run on: SQLite, or both for a module marked `both_backends`."""
    return "sqlite"


@pytest.fixture(autouse=True)
def _tables_on_backend(backend: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """On PostgreSQL, every table of the test keeps its matches in a schema of its own, one per path
    the test gave (a bot started again on the same path finds its matches)."""
    if backend != "postgresql":
        return
    import uuid

    from bot.devtools import table as tables

    url = request.getfixturevalue("postgres_url")
    schemas: dict[str, str] = {}

    def on_postgres(db_path: Any, store_options: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
        schema = schemas.setdefault(str(db_path), f"t_{uuid.uuid4().hex[:16]}")
        return url, {**(store_options or {}), "schema": schema}

    monkeypatch.setattr(tables, "database_of_table", on_postgres)


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


def is_private(table: Table, call: Any, ephemeral_tokens: set[str]) -> bool:
    """DMs, ephemeral answers and their followups or edits are private; everything else is public.

    A component on an ephemeral message (a page of an action menu) updates that private message, and
    its callback carries no flag of its own: the message it was clicked on decides.
    """
    import re

    m = re.match(r"/channels/(\d+)/", call.path)
    if m:
        channel = table.fd.channels.get(int(m.group(1)))
        return bool(channel and channel["type"] == 1)
    m = re.match(r"/(?:interactions/\d+|webhooks/\d+)/([^/]+)", call.path)
    if not m:
        return True  # no content (sync, login...)
    token = m.group(1)
    body = call.json if isinstance(call.json, dict) else {}
    data = body.get("data", body) if "type" in body else body
    flags = (data.get("flags") or 0) if isinstance(data, dict) else 0
    record = table.fd.world.interactions_by_token.get(token)
    clicked = table.fd.message(record.message_id) if record and record.message_id else None
    if flags & 64 or (clicked and (clicked.get("flags") or 0) & 64):
        ephemeral_tokens.add(token)
    return token in ephemeral_tokens


def public_calls(table: Table) -> list[Any]:
    tokens: set[str] = set()
    return [
        c
        for c in table.fd.calls
        if c.method in ("POST", "PATCH") and isinstance(c.json, dict) and not is_private(table, c, tokens)
    ]


def private_text(calls: Any) -> str:
    """Every content the bot sent in these calls (answers, followups, edits), one per line."""
    out = []
    for c in calls:
        body = c.json if isinstance(c.json, dict) else {}
        data = body.get("data", body)
        if isinstance(data, dict) and data.get("content"):
            out.append(str(data["content"]))
    return "\n".join(out)
