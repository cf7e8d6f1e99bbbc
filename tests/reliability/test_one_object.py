"""One object per match per process (#30): whoever holds a match (an AI task thinking, a delivery, a
handler) holds the object every other caller gets, and reading the match again refreshes that object in
place. Before, a reload made a second object: an AI task kept playing and delivering the old one while
commands read the new one, and the person's move at the version the thread showed was refused."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass
from typing import Any

import pytest

from bot.engine import Rng
from bot.services import LiveMatch, MatchService, NullNotifier, Player
from bot.services.model import Applied
from tests.conftest import StoreFactory
from tests.support.agents import ai_move

ALICE = Player(1, "Alice")


@dataclass(frozen=True)
class Delivered:
    """A step as the notifier received it, and the match it was handed, as that match was then."""

    step: Applied
    live: LiveMatch
    version: int
    to_act: frozenset[int]
    thread_id: int | None


class Seen(NullNotifier):
    def __init__(self) -> None:
        self.delivered: list[Delivered] = []

    async def applied(self, live: LiveMatch, step: Applied) -> bool:
        self.delivered.append(Delivered(step, live, live.version, live.to_act(), live.rec.thread_id))
        return True


class Thinking:
    """Holds the AI's choice until released: its task keeps its reference to the match meanwhile."""

    def __init__(self, service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
        self._loop = asyncio.get_running_loop()
        self._entered = asyncio.Event()
        self._go = threading.Event()
        self.held: list[LiveMatch] = []
        original = service.ai_choose

        def choose(live: LiveMatch, view: Any, seat: int, version: int, failures: int = 0) -> Any:
            self.held.append(live)
            self._loop.call_soon_threadsafe(self._entered.set)
            self._go.wait(timeout=60)  # only a guard: the test releases it
            return original(live, view, seat, version, failures)

        monkeypatch.setattr(service, "ai_choose", choose)

    async def holding(self) -> LiveMatch:
        await self._entered.wait()
        return self.held[-1]

    def release(self) -> None:
        self._go.set()


async def _against_the_ai(service: MatchService) -> LiveMatch:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.add_ai(live.id, ALICE.user_id)
    await service.start(live.id, ALICE.user_id)
    return live


async def test_an_ai_task_holding_the_match_across_a_reload_moves_the_match_everyone_sees(
    open_store: StoreFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen()
    service = MatchService(await open_store(), notifier=seen, ai_level="easy")
    thinking = Thinking(service, monkeypatch)
    try:
        live = await _against_the_ai(service)
        held = await thinking.holding()
        assert held is live and held.to_act() == {0, 1}  # Alice and the AI choose at once; the AI thinks
        await service._reload(live.id)  # what a refused write, or another process's step, does
        thinking.release()
        await service.wait_idle()
        ai = seen.delivered[-1]
        assert ai.step.seat == 1 and ai.live is held and ai.version == ai.step.seq + 1 and ai.to_act == {0}
        assert len(thinking.held) == 1  # the AI did not think again on a stale copy, to see its write refused
        # Alice answers the board the thread showed her: every caller gets the match the AI moved
        now = await service.get(live.id)
        move = ai_move(now.game, now.state, 0, Rng(1))
        applied = await service.submit(live.id, ALICE.user_id, move, ai.version)
        assert applied.seq == ai.version and now.version == ai.version + 1
        assert now is held and seen.delivered[-1].live is held
    finally:
        thinking.release()
        await service.close()


async def test_a_reload_hands_another_process_change_to_the_ai_task_holding_the_match(
    open_store: StoreFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen()
    service = MatchService(await open_store(), notifier=seen, ai_level="easy")
    elsewhere = MatchService(await open_store(), ai_level="easy")
    thinking = Thinking(service, monkeypatch)
    try:
        live = await _against_the_ai(service)
        held = await thinking.holding()
        assert held.rec.thread_id is None
        # another process moves the match to a new thread while the AI thinks here
        await elsewhere.move_thread(live.id, ALICE.user_id, thread_id=4242, lobby_message_id=None)
        await service._reload(live.id)
        assert held.rec.thread_id == 4242  # the object the AI task holds read the change
        thinking.release()
        await service.wait_idle()
        ai = seen.delivered[-1]
        assert ai.step.seat == 1 and ai.live is held and ai.thread_id == 4242 and ai.to_act == {0}
        assert len(thinking.held) == 1  # its move was saved at once: no write refused for a stale revision
    finally:
        thinking.release()
        await elsewhere.close()
        await service.close()


async def test_a_match_that_left_memory_while_held_comes_back_as_the_same_object(
    open_store: StoreFactory,
) -> None:
    service = MatchService(await open_store(), ai_level="easy")
    service.resident_cap = 1
    try:
        held = await _against_the_ai(service)
        await service.wait_idle()
        other = await _against_the_ai(service)  # past the cap: the first match leaves memory
        await service.wait_idle()
        assert held.id not in {m.id for m in service.loaded()} and other.id in {m.id for m in service.loaded()}
        again = await service.get(held.id)
        assert again is held
        move = ai_move(again.game, again.state, 0, Rng(1))
        await service.submit(held.id, ALICE.user_id, move, again.version)
        assert held.version == again.version and held.to_act() == again.to_act()
    finally:
        await service.close()
