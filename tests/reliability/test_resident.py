"""Many matches in one process (#16): only what has something to do stays in memory. An idle match
leaves memory and comes back the same when touched; start-up loads only the matches whose AI must play;
a reminder falls due in a match that is not in memory and is still sent; a match whose AI is thinking
never leaves."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.engine import Rng
from bot.services import LiveMatch, MatchService, NullNotifier, Player
from bot.services.timers import HOUR
from bot.storage import Store
from tests.support.agents import ai_move

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Reminders(NullNotifier):
    def __init__(self) -> None:
        self.reminded: list[tuple[str, int]] = []

    async def remind(self, match: LiveMatch, seat: int, by_seat: int | None) -> None:
        self.reminded.append((match.id, seat))


async def _started(service: MatchService, *, ai: bool = False, timers: dict[str, Any] | None = None) -> LiveMatch:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8, timers=timers)
    if ai:
        await service.add_ai(live.id, ALICE.user_id)
    else:
        await service.join(live.id, BOB)
    await service.start(live.id, ALICE.user_id)
    return live


def _active_loaded(service: MatchService) -> set[str]:
    return {m.id for m in service.loaded() if m.rec.status == "active"}


async def test_idle_matches_leave_memory_and_come_back_the_same(store: Store) -> None:
    service = MatchService(store, ai_level="easy")
    service.resident_cap = 3
    played: dict[str, tuple[int, Any]] = {}
    for _ in range(6):
        live = await _started(service)
        seat = min(live.to_act())
        await service.submit(
            live.id, (ALICE, BOB)[seat].user_id, ai_move(live.game, live.state, seat, Rng(1)), live.version
        )
        played[live.id] = (live.version, live.game.dump_state(live.state))
        assert len(_active_loaded(service)) <= 3
    first = next(iter(played))
    assert first not in _active_loaded(service)
    again = await service.get(first)
    assert (again.version, again.game.dump_state(again.state)) == played[first]
    seat = min(again.to_act())
    await service.submit(
        first, (ALICE, BOB)[seat].user_id, ai_move(again.game, again.state, seat, Rng(2)), again.version
    )
    assert again.version == played[first][0] + 1
    await service.close()


async def test_start_up_loads_only_the_matches_whose_ai_must_play(store: Store) -> None:
    first = MatchService(store, ai_level="easy", ai_delay=30.0)  # the AI has not played when it stops
    people = await _started(first)
    against_ai = await _started(first, ai=True)
    while 0 in against_ai.to_act() and against_ai.rec.status == "active":
        action = ai_move(against_ai.game, against_ai.state, 0, Rng(3))
        await first.submit(against_ai.id, ALICE.user_id, action, against_ai.version)
    await first.close()
    assert 1 in against_ai.to_act()
    second = MatchService(store, ai_level="easy")
    resumed = await second.resume_all()
    assert [m.id for m in resumed] == [against_ai.id] and people.id not in _active_loaded(second)
    await second.wait_idle(30)
    moved = await second.get(against_ai.id)
    assert moved.version > against_ai.version  # the AI played on after the restart
    await second.close()


async def test_a_reminder_falls_due_in_a_match_that_is_not_in_memory(store: Store) -> None:
    clock = Clock()
    first = MatchService(store, ai_level="easy", clock=clock)
    live = await _started(first, timers={"remind_after": 12 * HOUR, "remind_every": 12 * HOUR})
    waiting = sorted(live.to_act())  # the duel's picks are made together: both seats are awaited
    await first.close()
    told = Reminders()
    second = MatchService(store, ai_level="easy", clock=clock, notifier=told)
    assert await second.resume_all() == [] and second.loaded() == []
    clock.now += 11 * HOUR
    assert await second.tick() == 0 and second.loaded() == []  # nothing due: nothing loaded
    clock.now += 2 * HOUR
    assert await second.tick() == len(waiting) and told.reminded == [(live.id, seat) for seat in waiting]
    await second.close()


async def test_a_match_whose_ai_is_thinking_never_leaves_memory(store: Store) -> None:
    service = MatchService(store, ai_level="easy", ai_delay=30.0)
    service.resident_cap = 1
    thinking = await _started(service, ai=True)
    while 0 in thinking.to_act():
        await service.submit(
            thinking.id, ALICE.user_id, ai_move(thinking.game, thinking.state, 0, Rng(4)), thinking.version
        )
    await asyncio.sleep(0)
    for _ in range(3):
        await _started(service)
    assert thinking.id in _active_loaded(service)
    await service.close()
