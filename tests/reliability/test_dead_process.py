"""What a dead process leaves, and what stalls (#30, part 3): every AI turn longer than a second is
logged with where its time went, and the longest per game is kept for the benchmark."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.services import MatchService, Player
from bot.services.ai_seats import AiTurn

ALICE = Player(1, "Alice")


async def test_a_slow_ai_turn_is_logged_with_its_cause_and_the_longest_is_kept(
    sqlite_store: Any, caplog: pytest.LogCaptureFixture
) -> None:
    service = MatchService(sqlite_store, ai_level="easy", seed_source=lambda: 77)
    service.ai_slow_s = 0.0  # every turn counts as slow here: the line's shape is what is checked
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.add_ai(live.id, ALICE.user_id)
    caplog.set_level(logging.WARNING, logger="tavernier.matches")
    await service.start(live.id, ALICE.user_id)
    while live.rec.status == "active":
        await service.wait_idle()
        if 0 in live.to_act():
            await service.submit(live.id, ALICE.user_id, live.game.legal_actions(live.state, 0)[0], live.version)
    await service.wait_idle()
    slow = [r.getMessage() for r in caplog.records if r.getMessage().startswith("slow AI turn")]
    assert slow and all(f"match={live.id} game=duel seat=1" in line for line in slow)
    assert all("thinking" in line and "saving and telling" in line and "cause=" in line for line in slow)
    assert service.ai_longest["duel"] > 0
    await service.close()


def test_the_cause_of_a_slow_turn_is_its_longest_part() -> None:
    turn = AiTurn(live=None, seat=1, version=4, began=10.0, thinking=10.1, chosen=10.4)  # type: ignore[arg-type]
    parts = turn.parts(done=17.9)
    assert max(parts, key=lambda k: parts[k]) == "saving and telling"
    assert parts["waiting for a thread"] == pytest.approx(0.1) and parts["thinking"] == pytest.approx(0.3)
