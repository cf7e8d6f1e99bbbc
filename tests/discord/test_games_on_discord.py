"""Each real game, a person against the AI, driven only by slash commands and buttons."""

from __future__ import annotations

from typing import Any

import pytest

from bot import games as game_folders
from bot.devtools.table import Table, custom_ids
from bot.engine import Rng, games, load_games
from renderers.registry import renderer_for
from tests.discord.conftest import public_calls

load_games(game_folders)
REAL_GAMES = [g.key for g in games() if g.key not in ("duel", "palet") and g.families]


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_person_against_the_ai(table: Table, key: str, rendered_viewers: dict[bytes, Any]) -> None:
    await table.slash("Alice", "preferences", mp_apres="0")  # her hand by DM at each wait, though she plays live
    await table.slash("Alice", "partie", "nouvelle", jeu=key, ia=True)
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    rng = Rng(17)
    turns = 0
    while live.rec.status == "active" and turns < 600:
        assert 0 in live.to_act(), "the AI seat left the person waiting"
        if turns % 7 == 3:
            await table.play_turn("Alice", live, rng)  # buttons now and then
        else:
            await table.play_turn_by_command("Alice", live, rng)
        turns += 1
    assert live.rec.status == "finished", f"{key} did not finish in {turns} turns"
    public = table.fd.messages(thread, include_ephemeral=False)
    assert sum(1 for m in public for a in m["attachments"] if a["filename"] == "board.png") >= 2
    dms = table.fd.messages(table.fd.dm_channel_of(table.people["Alice"]))
    if renderer_for(key).hand is not None:  # WarCry hides nothing: no hand to send
        assert any(a["filename"] == "hand.png" for m in dms for a in m["attachments"])
    for call in public_calls(table):
        assert all(f.filename != "hand.png" for f in call.files)
        for f in call.files:
            if f.filename == "board.png":
                assert rendered_viewers.get(f.data) is None, "a seat's view went public"
        body = call.json.get("data", call.json) if "type" in call.json else call.json
        for cid in custom_ids(body if isinstance(body, dict) else {}):
            assert not cid.startswith(("tv:a:", "tv:s:", "tv:p:")), cid
