"""MatchService: lobby, locked submits, seat authorization, AI seats, commitments, resume, replay."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
from typing import Any

import pytest
import pytest_asyncio

from bot.engine import EngineError, IllegalAction, Rng
from bot.services import LiveMatch, MatchService, Player, ServiceError, StaleVersion, commitments
from bot.services.replay import rebuild, replay_from_seed
from bot.storage import Store
from bot.testgames.duel.game import Draw, Pick
from tests.support.agents import ai_move

ALICE, BOB, EVE = Player(1, "Alice"), Player(2, "Bob"), Player(3, "Eve")


@pytest_asyncio.fixture
async def store(store: Any) -> Any:
    """The service on each backend: SQLite, then PostgreSQL."""
    return store


async def _started(service: MatchService) -> LiveMatch:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.join(live.id, BOB)
    await service.start(live.id, ALICE.user_id)
    return live


async def _play_out(service: MatchService, live: LiveMatch) -> None:
    users = {0: ALICE.user_id, 1: BOB.user_id}
    while live.rec.status == "active":
        seat = min(live.to_act())
        action = ai_move(live.game, live.state, seat, Rng(seat))
        await service.submit(live.id, users[seat], action, live.version)


async def test_lobby_rules(service: MatchService) -> None:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    with pytest.raises(ServiceError) as e:
        await service.start(live.id, ALICE.user_id)
    assert e.value.code == "not_enough_players"
    with pytest.raises(ServiceError, match="already_joined"):
        await service.join(live.id, ALICE)
    await service.join(live.id, BOB)
    with pytest.raises(ServiceError, match="lobby_full"):
        await service.join(live.id, EVE)
    with pytest.raises(ServiceError, match="creator_only"):
        await service.start(live.id, EVE.user_id)
    with pytest.raises(ServiceError, match="creator_only"):  # a seated player is not the creator either
        await service.start(live.id, BOB.user_id)
    await service.leave(live.id, BOB.user_id)
    assert [s.name for s in live.seats] == ["Alice"]
    with pytest.raises(EngineError, match="unknown_game"):
        await service.create(game_key="chess", creator=ALICE, guild_id=9, channel_id=8)


async def test_full_match_to_the_end(service: MatchService, store: Store) -> None:
    live = await _started(service)
    await _play_out(service, live)
    assert live.rec.status == "finished"
    stored = await store.get_match(live.id)
    assert stored is not None and stored.status == "finished" and stored.outcome == live.rec.outcome
    with pytest.raises(ServiceError, match="match_not_active"):
        await service.submit(live.id, ALICE.user_id, Pick(card=1), live.version)


async def test_only_seated_players_act_and_only_in_turn(service: MatchService) -> None:
    live = await _started(service)
    card = live.state.hands[0][0]
    with pytest.raises(ServiceError, match="not_seated"):
        await service.submit(live.id, EVE.user_id, Pick(card=card), live.version)
    await service.submit(live.id, ALICE.user_id, Pick(card=card), live.version)
    with pytest.raises(IllegalAction, match="not_your_turn"):  # Alice already picked this round
        await service.submit(live.id, ALICE.user_id, Pick(card=live.state.hands[0][0]), live.version)


async def test_illegal_or_malformed_action_changes_nothing(service: MatchService, store: Store) -> None:
    live = await _started(service)
    before = (live.version, live.state, live.rng.state())
    missing = next(c for c in range(1, 11) if c not in live.state.hands[0])
    with pytest.raises(IllegalAction) as e:
        await service.submit(live.id, ALICE.user_id, Pick(card=missing), live.version)
    assert e.value.code == "duel.card_not_in_hand" and e.value.rule == "duel.pick"
    with pytest.raises(IllegalAction):
        await service.submit(live.id, ALICE.user_id, Draw(take=True), live.version)
    with pytest.raises(EngineError, match="malformed_action"):
        live.game.parse_action({"kind": "pick", "card": "seven"})
    assert (live.version, live.state, live.rng.state()) == before
    assert len(await store.log(live.id)) == 1


async def test_two_concurrent_submits_at_one_version_apply_exactly_one(service: MatchService) -> None:
    live = await _started(service)
    version = live.version
    a = service.submit(live.id, ALICE.user_id, Pick(card=live.state.hands[0][0]), version)
    b = service.submit(live.id, BOB.user_id, Pick(card=live.state.hands[1][0]), version)
    results = await asyncio.gather(a, b, return_exceptions=True)
    assert sum(1 for r in results if isinstance(r, StaleVersion)) == 1
    assert live.version == version + 1


async def test_commitment_published_at_lock_and_verified_at_reveal(service: MatchService) -> None:
    live = await _started(service)
    first = await service.submit(live.id, ALICE.user_id, Pick(card=live.state.hands[0][-1]), live.version)
    (sealed,) = first.sealed
    assert (sealed.seat, sealed.label) == (0, "answer")
    digest = sealed.digest
    assert len(digest) == 64
    second = await service.submit(live.id, BOB.user_id, Pick(card=live.state.hands[1][0]), live.version)
    assert {r.seat for r in second.reveals} == {0, 1}
    reveal = next(r for r in second.reveals if r.seat == 0)
    assert reveal.digest == digest and reveal.verified
    assert commitments.verify(live.id, reveal.seq, reveal.salt, reveal.payload, digest)
    assert json.loads(reveal.payload)["kind"] == "pick"
    unsalted = hashlib.sha256(reveal.payload.encode()).hexdigest()
    assert digest != unsalted  # salted: the choice cannot be guessed by hashing the few possibilities
    assert not commitments.verify(live.id, reveal.seq, reveal.salt, reveal.payload.replace("pick", "pock"), digest)


async def test_restart_resumes_the_match(store: Store) -> None:
    first = MatchService(store, ai_level="easy", snapshot_every=3)
    live = await _started(first)
    for _ in range(3):
        seat = min(live.to_act())
        user = (ALICE, BOB)[seat].user_id
        await first.submit(live.id, user, ai_move(live.game, live.state, seat, Rng(seat)), live.version)
    await first.close()
    second = MatchService(store, ai_level="easy", snapshot_every=3)
    assert await second.resume_all() == []  # a person is awaited: the match loads when touched (#16)
    again = await second.get(live.id)
    assert again is not live and again.state == live.state and again.version == live.version
    assert again.rng.state() == live.rng.state()
    await _play_out(second, again)
    assert again.rec.status == "finished"
    await second.close()


async def test_replay_from_the_seed_gives_the_snapshot(service: MatchService, store: Store) -> None:
    live = await _started(service)
    await _play_out(service, live)
    entries = await store.log(live.id)
    snap = await store.latest_snapshot(live.id)
    assert snap is not None and snap.seq == entries[-1].seq  # the final state is always snapshotted
    assert snap.state_version == live.game.state_version
    state, rng = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
    assert live.game.dump_state(state) == snap.state
    assert rng.state() == entries[-1].rng_after


async def test_ai_seat_plays_through_the_same_path(service: MatchService, store: Store) -> None:
    live = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.add_ai(live.id, ALICE.user_id)
    await service.start(live.id, ALICE.user_id)
    while live.rec.status == "active":
        await service.wait_idle()
        if 0 in live.to_act():
            await service.submit(live.id, ALICE.user_id, live.game.legal_actions(live.state, 0)[0], live.version)
    await service.wait_idle()
    ai_steps = [e for e in await store.log(live.id) if e.seat == 1]
    assert ai_steps and all(e.kind == "action" for e in ai_steps)


async def test_the_ai_seat_is_named_in_the_matchs_language(service: MatchService) -> None:
    """« Tavernier (IA) » in a French match, "Tavernier (AI)" in an English one (its public messages name
    it), numbered from the second AI seat."""
    french = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    await service.add_ai(french.id, ALICE.user_id)
    english = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=7, locale="en")
    await service.add_ai(english.id, ALICE.user_id)
    assert [s.name for s in french.seats if s.is_ai] == ["Tavernier (IA)"]
    assert [s.name for s in english.seats if s.is_ai] == ["Tavernier (AI)"]
    from bot.services.lobby import ai_name

    assert (ai_name("fr", 2), ai_name("en", 3)) == ("Tavernier (IA 2)", "Tavernier (AI 3)")


async def test_concede_and_cancel(service: MatchService) -> None:
    live = await _started(service)
    with pytest.raises(ServiceError, match="not_allowed"):
        await service.cancel(live.id, ALICE.user_id, guild_id=9)  # the creator may only cancel a lobby
    step = await service.concede(live.id, BOB.user_id)
    assert step.outcome is not None and step.outcome.winners == (0,)
    assert live.rec.status == "finished"
    other = await service.create(game_key="duel", creator=ALICE, guild_id=9, channel_id=8)
    with pytest.raises(ServiceError, match="not_allowed"):
        await service.cancel(other.id, BOB.user_id, guild_id=9)
    await service.cancel(other.id, BOB.user_id, guild_id=9, is_manager=True)
    assert other.rec.status == "cancelled"


async def test_stale_version_is_refused(service: MatchService) -> None:
    live = await _started(service)
    with pytest.raises(StaleVersion) as e:
        await service.submit(live.id, ALICE.user_id, Pick(card=live.state.hands[0][0]), live.version - 1)
    assert e.value.current == live.version


async def test_a_match_is_rebuilt_under_the_rules_it_began_under(service: MatchService, store: Store) -> None:
    """The set-up step records the game's rules version; a log whose set-up records none began under
    version 1 and is rebuilt under it (Colors' pause rule changed in version 2: its old logs replay only
    under version 1; version 3 added codex cards a match begun before never holds)."""
    live = await service.create(game_key="colors", creator=ALICE, guild_id=9, channel_id=8)
    await service.join(live.id, BOB)
    await service.start(live.id, ALICE.user_id)
    entries = await store.log(live.id)
    assert entries[0].meta["rules"] == live.game.rules_version == 5
    assert rebuild(live.game, live.seats, live.rec.options, entries).rules == 5
    v3 = [dataclasses.replace(entries[0], meta={**entries[0].meta, "rules": 3})]  # before version 4's cards
    rebuilt = rebuild(live.game, live.seats, live.rec.options, v3)
    assert rebuilt.rules == 3 and not {"represailles", "autel_mana"} & {c for s in rebuilt.sides for c in s.hand}
    v2 = [dataclasses.replace(entries[0], meta={**entries[0].meta, "rules": 2})]  # before its codex grew (#27)
    rebuilt = rebuild(live.game, live.seats, live.rec.options, v2)
    assert rebuilt.rules == 2 and not {"retour_flamme", "glissement"} & {c for s in rebuilt.sides for c in s.hand}
    older = [dataclasses.replace(entries[0], meta={k: v for k, v in entries[0].meta.items() if k != "rules"})]
    assert rebuild(live.game, live.seats, live.rec.options, older).rules == 1
    state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, older)
    assert state.rules == 1
