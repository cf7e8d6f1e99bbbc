"""Several bot processes on one PostgreSQL (#16): a match's AI seats and time are kept by exactly one
process, the holder of its lease. A second process does not play while the holder lives; when the
holder is killed (SIGKILL: no goodbye), the lease expires and the other process takes the match over
and plays on. A process that stops cleanly hands its leases over at once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from bot.engine import Rng
from bot.services import MatchService, Player
from bot.storage.pg import PgStore
from tests.support.agents import ai_move
from tests.support.db import tamper

ALICE = Player(1, "Alice")
ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import asyncio, sys
from bot import games as game_folders, testgames
from bot.engine import load_games
from bot.services import MatchService
from bot.storage.pg import PgStore

async def main(url, schema):
    load_games(testgames); load_games(game_folders)
    store = await PgStore.open(url, schema=schema)
    service = MatchService(store, ai_level="easy", ai_delay=3600.0)  # takes the lease, then thinks for an hour
    service.holder = "doomed"
    await service.resume_all()
    print("holding", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


class Shifted:
    """The real time, moved on by `ahead` seconds (a lease's expiry without waiting for it)."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


async def _handed_over(store: Any, match_id: str) -> bool:
    """Nobody holds the match's lease, or its holder let it expire (a clean stop expires its leases)."""
    held = await store.lease_holder(match_id)
    return held is None or held[1] <= time.time()


async def _against_the_ai(service: MatchService) -> str:
    """A match where the AI seat is to play, its move not yet made."""
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.add_ai(live.id, ALICE.user_id)
    await service.start(live.id, ALICE.user_id)
    while 0 in live.to_act():
        await service.submit(live.id, ALICE.user_id, ai_move(live.game, live.state, 0, Rng(5)), live.version)
    assert 1 in live.to_act()
    return live.id


async def test_the_ai_is_played_by_one_process_and_taken_over_when_it_is_killed(postgres_url: str) -> None:
    schema = f"t_{uuid.uuid4().hex[:12]}"
    store = await PgStore.open(postgres_url, schema=schema)
    setup = MatchService(store, ai_level="easy", ai_delay=3600.0)
    setup.holder = "setup"
    match_id = await _against_the_ai(setup)
    await setup.close()  # a clean stop: its leases are handed over
    assert await _handed_over(store, match_id)
    version = (await store.get_match(match_id)).version  # type: ignore[union-attr]

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, postgres_url, schema], stdout=subprocess.PIPE, env=env, cwd=ROOT
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"holding"
        for _ in range(200):
            if (await store.lease_holder(match_id) or ("",))[0] == "doomed":
                break
            await asyncio.sleep(0.05)
        assert (await store.lease_holder(match_id) or ("",))[0] == "doomed"

        clock = Shifted()
        other = MatchService(store, ai_level="easy", clock=clock)
        other.holder = "survivor"
        await other.tick()
        await other.wait_idle(10)
        assert (await store.get_match(match_id)).version == version  # type: ignore[union-attr]

        holder.send_signal(signal.SIGKILL)  # dies holding the lease
        holder.wait(10)
        clock.ahead = other.lease_ttl + 1  # its lease runs out
        await other.tick()
        await other.wait_idle(30)
        assert (await store.lease_holder(match_id) or ("",))[0] == "survivor"
        moved = await store.get_match(match_id)
        assert moved is not None and moved.version > version  # the survivor played the AI's move
        await other.close()
    finally:
        if holder.poll() is None:
            holder.kill()
        await store.close()


def test_no_action_is_lost_or_duplicated_when_a_process_is_killed_mid_run(postgres_url: str) -> None:
    """The benchmark's load test, small: two bot processes on one PostgreSQL, one killed with SIGKILL
    in the middle and started again; every acknowledged action is in the log once, no log has a gap,
    every match ends."""
    from bot.devtools.load import run

    fig = run(postgres_url, 2, guilds=6, per_guild=4, kill=True)
    assert (fig["lost"], fig["duplicated"], fig["log_gaps"]) == (0, 0, 0)
    assert fig["finished"] == fig["matches"] == 24 and fig["steps"] > 100


async def test_a_lease_written_as_the_process_stops_is_handed_over(store: Any) -> None:
    """Found by CI: the stop cancelled an AI task whose lease the database had just granted, before the
    process noted it; the stop handed nothing over and the next process could not play for the lease's
    whole life. A stop now hands over whatever the database says this process holds."""
    setup = MatchService(store, ai_level="easy", ai_delay=3600.0)
    match_id = await _against_the_ai(setup)
    await setup.close()
    version = (await store.get_match(match_id)).version

    granted = asyncio.Event()
    real_take = store.take_lease

    async def take_then_stall(*args: Any, **kwargs: Any) -> bool:
        taken = await real_take(*args, **kwargs)
        granted.set()
        await asyncio.sleep(3600)  # the stop's cancel lands here, after the database granted it
        return taken

    store.take_lease = take_then_stall
    first = MatchService(store, ai_level="easy")
    await first.resume_all()
    await asyncio.wait_for(granted.wait(), 10)
    await first.close()
    store.take_lease = real_take
    assert await _handed_over(store, match_id)

    second = MatchService(store, ai_level="easy")
    await second.resume_all()
    await second.wait_idle(30)
    moved = await store.get_match(match_id)
    assert moved is not None and moved.version > version  # the AI played on
    await second.close()


async def test_a_lease_read_older_than_memory_does_not_reload_the_match(store: Any) -> None:
    """Found by a flaky test: renewing a lease reads the match row to see whether another process
    played it; a person's move committed here between that read and the comparison made the row look
    different from memory, and the match was thrown out of memory and read again for nothing (for the
    length of the read it was not loaded at all). Only a row newer than memory means another writer."""
    service = MatchService(store, ai_level="easy", ai_delay=3600.0)
    match_id = await _against_the_ai(service)
    live = await service.get(match_id)
    older = await store.get_match(match_id)
    older.version, older.rev = live.version - 1, live.rec.rev - 1  # the row as read before the last move

    real_get = store.get_match

    async def read_before_the_move(mid: str) -> Any:
        return older if mid == match_id else await real_get(mid)

    store.get_match = read_before_the_move
    service._leases.pop(match_id, None)
    assert await service._lease(match_id)
    store.get_match = real_get
    assert service._live.get(match_id) is live  # the same object: not read again
    await service.close()


async def test_a_process_started_again_for_its_shards_takes_its_matches_back_at_once(store: Any) -> None:
    """Found by the load test through the offline Discord: a killed process, started again by its
    supervisor, waited for its own old leases to expire (90 s, then the next tick) before its AI seats
    played again. A process holds its leases as its shards, so the new one for the same shards takes them
    back at once; a process of other shards still waits for them to expire."""
    from bot.app import TavernierBot
    from bot.config import Settings

    def holder(shard: str) -> str:
        return TavernierBot(database_path=":memory:", **Settings(SHARD_ID=shard, SHARD_COUNT="2").shards()).lease_holder

    assert holder("0") == holder("0") != holder("1")
    setup = MatchService(store, ai_level="easy", ai_delay=3600.0)
    match_id = await _against_the_ai(setup)
    await setup.close()
    version = (await store.get_match(match_id)).version

    killed = MatchService(store, ai_level="easy", ai_delay=3600.0)  # holds the lease, thinks for an hour
    killed.holder = holder("0")
    await killed.resume_all()
    while (await store.lease_holder(match_id) or ("",))[0] != holder("0"):
        await asyncio.sleep(0.01)
    killed.closed = True  # SIGKILL: its tasks stop, nothing is handed over
    for task in list(killed._ai_tasks.values()):
        task.cancel()

    other = MatchService(store, ai_level="easy")
    other.holder = holder("1")
    await other.resume_all()
    await other.wait_idle(30)
    assert (await store.get_match(match_id)).version == version  # not its lease to take yet
    await other.close()

    again = MatchService(store, ai_level="easy")
    again.holder = holder("0")
    await again.resume_all()
    await again.wait_idle(30)
    assert (await store.get_match(match_id)).version > version  # the AI played on at once
    await again.close()


async def test_a_match_played_by_another_process_is_read_again_before_it_is_served(postgres_url: str) -> None:
    """Found by the load test through the offline Discord: a process started again took the AI seat of a
    match of another shard (its lease was free) and played it; the shard's own process, which had the
    match in memory, kept serving the person the old state ("not your turn") for as long as it lived.
    On a database shared by processes, a match in memory is checked against its row when touched."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    owner_store = await PgStore.open(postgres_url, schema=schema)
    other_store = await PgStore.open(postgres_url, schema=schema)
    owner = MatchService(owner_store, ai_level="easy", ai_delay=3600.0)
    match_id = await _against_the_ai(owner)  # in the owner's memory, the AI to play
    old = await owner.get(match_id)
    await owner.close()  # its AI task stops; the match stays in its memory
    owner.closed = False

    other = MatchService(other_store, ai_level="easy")
    await other.resume_all()  # takes the free lease and plays the AI seat
    await other.wait_idle(30)
    played = (await other_store.get_match(match_id)).version
    assert played > old.version

    served = await owner.get(match_id)
    assert served.version == played and 0 in served.to_act()  # the person is served the new state
    await other.close()
    for s in (owner_store, other_store):
        await s.close()


async def test_the_process_of_a_matchs_shard_keeps_its_ai_seat(store: Any) -> None:
    """Found by the load test through the offline Discord: another shard's process took the lease of a
    match nobody held yet (its tick passed first) and played its AI seat; the match's own process, which
    receives the person's moves, could not take it, and after each move the AI waited for the other's
    next tick (60 s). The process of the match's shard takes the lease whoever holds it; another
    shard's process takes only a lease that expired, never one nobody held."""
    setup = MatchService(store, ai_level="easy", ai_delay=3600.0)
    match_id = await _against_the_ai(setup)  # guild 9: shard 0 of 2
    await setup.close()
    await tamper(store, "DELETE FROM leases")  # a match nobody ever held
    version = (await store.get_match(match_id)).version

    other = MatchService(store, ai_level="easy")
    other.holder, other.shards = "shards 1 of 2", (frozenset({1}), 2)
    await other.resume_all()
    await other.wait_idle(30)
    assert await store.lease_holder(match_id) is None and (await store.get_match(match_id)).version == version

    assert await store.take_lease(match_id, "shards 1 of 2", time.time(), 90.0)  # say it took it anyway
    owner = MatchService(store, ai_level="easy")
    owner.holder, owner.shards = "shards 0 of 2", (frozenset({0}), 2)
    await owner.resume_all()
    await owner.wait_idle(30)
    assert (await store.get_match(match_id)).version > version  # its own process played it at once
    assert (await store.lease_holder(match_id))[0] == "shards 0 of 2"
    await owner.close()
    await other.close()
