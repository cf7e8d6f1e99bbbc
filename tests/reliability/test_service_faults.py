"""The match service under faults (issue: reliability): memory follows the database, stale instances
are refused, a broken match does not keep the others down, the AI does not stop for good, a step saved
but not delivered is delivered after a restart, finished matches leave memory, commitments verify."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine import Rng
from bot.services import LiveMatch, MatchService, NullNotifier, Player, ServiceError, StorageUnavailable
from bot.services.model import Applied
from bot.storage import MatchRecord, Store
from tests.support.agents import ai_move
from tests.support.db import tamper

ALICE, BOB, EVE = Player(1, "Alice"), Player(2, "Bob"), Player(3, "Eve")


class Recorder(NullNotifier):
    """A notifier that remembers what it was told."""

    def __init__(self) -> None:
        self.applied_steps: list[tuple[str, int]] = []
        self.broken_ids: list[str] = []

    async def lobby_changed(self, match: LiveMatch) -> None:
        return None

    async def applied(self, match: LiveMatch, step: Applied) -> bool:
        self.applied_steps.append((match.id, step.seq))
        return True

    async def cancelled(self, match: LiveMatch) -> None:
        return None

    async def broken(self, match: MatchRecord) -> None:
        self.broken_ids.append(match.id)


async def _started(service: MatchService, game: str = "duel") -> LiveMatch:
    live = await service.create(game_key=game, creator=ALICE, guild_id=9, channel_id=8)
    await service.join(live.id, BOB)
    await service.start(live.id, ALICE.user_id)
    return live


async def test_memory_changes_only_after_the_commit(service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    rev = live.rec.rev

    async def refuse(*args: Any, **kwargs: Any) -> None:
        raise StorageUnavailable("disk_full", "the disk is full: test")

    monkeypatch.setattr(service.store, "save_lobby", refuse)
    with pytest.raises(StorageUnavailable):
        await service.join(live.id, BOB)
    assert [s.name for s in live.seats] == ["Alice"] and live.rec.rev == rev
    monkeypatch.undo()
    await service.join(live.id, BOB)
    assert [s.name for s in live.seats] == ["Alice", "Bob"]
    assert [s.name for s in await service.store.seats(live.id)] == ["Alice", "Bob"]


async def test_a_stale_instance_cannot_seat_a_stranger_nor_cancel_a_started_match(open_store: Any) -> None:
    """Two bot instances on one database, SQLite or PostgreSQL."""
    store_a = await open_store()
    store_b = await open_store()
    a, b = MatchService(store_a, ai_level="easy"), MatchService(store_b, ai_level="easy")
    try:
        live = await a.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
        stale = await b.get(live.id)  # instance B reads the lobby
        await a.join(live.id, BOB)
        await a.start(live.id, ALICE.user_id)  # instance A starts the match
        # SQLite (one process per file): B's conditional write fails on its stale copy. PostgreSQL (shared
        # by processes): B reads the row again as it touches the match, and finds it under way.
        with pytest.raises(ServiceError, match=r"match_changed|not_in_lobby"):
            await b.join(live.id, EVE)
        fresh = await b.get(live.id)  # B read the match again after the refusal, into the object it held
        assert fresh is stale and stale.rec.status == "active" and stale.state is not None
        assert [s.name for s in await store_a.seats(live.id)] == ["Alice", "Bob"]
    finally:
        await a.close()
        await b.close()


async def test_one_bad_row_does_not_keep_the_bot_down(store: Any) -> None:
    first = MatchService(store, ai_level="easy")
    good = await _started(first)
    bad = await _started(first)
    await first.close()
    await tamper(store, "UPDATE log SET events='{not json' WHERE match_id=? AND seq=0", bad.id)
    notifier = Recorder()
    second = MatchService(store, ai_level="easy", notifier=notifier)
    assert await second.resume_all() == []  # people's turns only: nothing loads at start-up (#16)
    assert (await second.get(good.id)).state is not None
    with pytest.raises(ServiceError, match="corrupt_match"):
        await second.get(bad.id)  # touched: marked broken, its thread told
    assert notifier.broken_ids == [bad.id]
    rec = await store.get_match(bad.id)
    assert rec is not None and rec.broken
    third = MatchService(store, ai_level="easy", notifier=(quiet := Recorder()))
    with pytest.raises(ServiceError, match="corrupt_match"):
        await third.get(bad.id)
    assert quiet.broken_ids == []  # marked once, then refused without a word
    cancelled = await third.cancel(bad.id, ALICE.user_id, guild_id=9, is_manager=True)
    assert cancelled is None and (await store.get_match(bad.id)).status == "cancelled"  # type: ignore[union-attr]
    for s in (second, third):
        await s.close()


async def test_the_ai_retries_a_failed_write_instead_of_stopping(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.ai_retry_delays = (0.0, 0.0)
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8, join=False)
    await service.add_ai(live.id, ALICE.user_id)
    await service.add_ai(live.id, ALICE.user_id)
    real = service.store.append
    failed = []

    async def flaky(*args: Any, **kwargs: Any) -> None:
        if len(failed) < 2 and args[1].seq == 3:
            failed.append(args[1].seq)
            raise StorageUnavailable("disk_full", "the disk is full: test")
        await real(*args, **kwargs)

    monkeypatch.setattr(service.store, "append", flaky)
    await service.start(live.id, ALICE.user_id)
    await service.wait_idle(30)
    assert failed == [3, 3] and live.rec.status == "finished"


async def test_a_step_saved_but_never_delivered_is_delivered_after_a_restart(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path, synchronous="NORMAL")
    first = MatchService(store, ai_level="easy", notifier=Recorder())
    live = await _started(first)

    async def crash_before_delivery(self: Any, live: LiveMatch, step: Applied) -> Applied:
        live.delivery.release()
        return step  # the process "dies" right after the commit: nothing told, outbox not cleared

    monkeypatch.setattr(type(first), "_deliver", crash_before_delivery)
    seat = min(live.to_act())
    await first.submit(live.id, (ALICE, BOB)[seat].user_id, ai_move(live.game, live.state, seat, Rng(1)), live.version)
    lost = live.version - 1
    monkeypatch.undo()
    await first.close()
    assert (live.id, lost) in await store.undelivered()
    notifier = Recorder()
    second = MatchService(store, ai_level="easy", notifier=notifier)
    await second.resume_all()
    await second.flush()
    assert notifier.applied_steps == [(live.id, lost)]
    assert await store.undelivered() == []
    third = MatchService(store, ai_level="easy", notifier=(again := Recorder()))
    await third.resume_all()
    assert again.applied_steps == []  # delivered once
    for s in (second, third):
        await s.close()


async def test_finished_matches_leave_memory_and_load_on_demand(service: MatchService) -> None:
    service.retired_cap = 2
    finished = []
    for _ in range(4):
        live = await _started(service)
        await service.concede(live.id, BOB.user_id)
        finished.append(live)
    loaded = {m.id for m in service.loaded()}
    assert {m.id for m in finished[-2:]} <= loaded and not {m.id for m in finished[:2]} & loaded
    state = finished[0].game.dump_state(finished[0].state)
    again = await service.get(finished[0].id)  # still held here: the same object comes back (#30)
    assert again is finished[0] and again.rec.status == "finished" and again.game.dump_state(again.state) == state
    gone, version = finished[1].id, finished[1].version
    del finished[:]
    again = await service.get(gone)  # held by nobody: read again from its rows
    assert again.rec.status == "finished" and again.version == version


async def test_every_commitment_of_a_finished_match_verifies(service: MatchService) -> None:
    live = await _started(service, "liber")
    steps = 0
    while live.rec.status == "active" and steps < 40:
        seat = min(live.to_act())
        user = (ALICE, BOB)[seat].user_id
        await service.submit(live.id, user, ai_move(live.game, live.state, seat, Rng(steps)), live.version)
        steps += 1
    with pytest.raises(ServiceError, match="not_finished"):
        await service.verify(live.id)
    await service.concede(live.id, ALICE.user_id)
    checked, failed = await service.verify(live.id)
    sealed = await service.store.commitments(live.id)
    assert checked == len(sealed) >= 2 and failed == []
    decks = [c for c in sealed if c.label == "deck"]
    assert {c.seat for c in decks} == {0, 1} and all(c.revealed_seq is not None for c in sealed)
    assert all(len(c.digest) == 64 and len(c.salt) >= 32 for c in sealed)
    assert len(json.loads(decks[0].payload)) == 50 - 7  # the pile after the opening hand, top last
    sql = "UPDATE commitments SET payload='[]' WHERE match_id=? AND label='deck' AND seat=0"
    await tamper(service.store, sql, live.id)
    checked, failed = await service.verify(live.id)
    assert [(c.label, c.seat) for c in failed] == [("deck", 0)]


class Crash(Exception):
    """The process dies here."""


async def test_a_forced_answer_lost_in_a_crash_is_played_at_the_restart(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move is saved, then the process dies before the other side's decision with one answer is played
    for them (#26): after the restart the player found a menu of one choice. The start-up plays it as it
    would have been played (a step marked forced, delivered with the move), once."""
    store = await Store.open(db_path, synchronous="NORMAL")
    first = MatchService(store, ai_level="easy", notifier=Recorder())
    live = await _started(first, "confrontation")
    answer = first._answer_forced

    async def dies_before_a_forced_answer(live: LiveMatch) -> list[Applied]:
        if await first._forced_answer(live) is not None:
            raise Crash
        return await answer(live)

    monkeypatch.setattr(first, "_answer_forced", dies_before_a_forced_answer)
    rng = Rng(4)
    for _ in range(300):
        seat = min(live.to_act())
        try:
            await first.submit(live.id, (ALICE, BOB)[seat].user_id, ai_move(live.game, live.state, seat, rng), None)
        except Crash:
            break
    else:
        raise AssertionError("no move of the match led to a forced answer")
    moved = live.version - 1
    (waiting,) = [s for s in sorted(live.to_act()) if live.game.forced(live.state, s) is not None][:1]
    monkeypatch.undo()
    await first.close()
    assert (live.id, moved) in await store.undelivered()
    notifier = Recorder()
    second = MatchService(store, ai_level="easy", notifier=notifier)
    await second.resume_all()
    await second.flush()
    entries = await store.log(live.id)
    after = entries[moved + 1 :]
    assert after and all(e.meta.get("forced") and e.kind == "action" for e in after)
    assert after[0].seat == waiting
    reloaded = await second.get(live.id)
    assert all(reloaded.game.forced(reloaded.state, s) is None for s in reloaded.to_act())  # a real choice now
    assert notifier.applied_steps == [(live.id, e.seq) for e in entries[moved:]]  # the move, then its answers
    assert await store.undelivered() == []
    third = MatchService(store, ai_level="easy", notifier=(again := Recorder()))
    await third.resume_all()
    assert again.applied_steps == [] and len(await store.log(live.id)) == len(entries)  # played once
    for s in (second, third):
        await s.close()
    await store.close()
