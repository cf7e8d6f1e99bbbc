"""Lobbies nobody touches (#30, part 3): after the setting's time the tick cancels one, pings its
creator in its thread and archives the thread; a lobby someone touched meanwhile waits on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools.table import custom_ids, open_table
from bot.services.timers import HOUR

from .test_time import Clock

pytestmark = pytest.mark.both_backends


async def test_a_lobby_nobody_touched_expires_its_creator_told_and_its_thread_archived(tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=clock) as table:
        service = table.bot.service
        assert service.lobby_ttl == 72 * HOUR  # the setting's default
        await table.slash("Alice", "partie", "nouvelle", jeu="duel")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        clock.now += 71 * HOUR
        await service.tick()
        assert live.rec.status == "lobby"
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")  # touched
        clock.now += 71 * HOUR
        await service.tick()
        assert live.rec.status == "lobby"  # 142 h old, but touched 71 h ago
        clock.now += 2 * HOUR
        await service.tick()
        await service.tick()  # once only
        await table.idle()

        assert live.rec.status == "cancelled"
        stored = await service.store.get_match(live.id)
        assert stored is not None and stored.status == "cancelled"
        alice = table.people["Alice"]["id"]
        told = [m for m in table.fd.messages(thread, include_ephemeral=False) if m["content"].startswith("⌛")]
        assert len(told) == 1
        assert told[0]["content"].startswith(f"⌛ <@{alice}>, personne n'a touché à cette partie depuis 72 h")
        assert thread["thread_metadata"]["archived"] is True
        buttons = [cid for m in table.fd.messages(thread) for cid in custom_ids(m)]
        assert not any(cid.startswith(f"tv:join:{live.id}") for cid in buttons)  # the lobby's buttons are gone
