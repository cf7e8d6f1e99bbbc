"""A forced answer is not the player's move (#26): the game played a decision with one answer for them,
so it counts for nothing a move counts for — the AI's share of a person's moves (ratings), the return
from an absence, a clock's increment, "since your last move"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import ANY, Rng
from bot.services import MatchService, Player
from bot.services.ratings import ai_share, played_by_ai
from bot.services.timers import DAY, HOUR, Timers
from bot.storage import LogEntry, Store
from tests.support.agents import ai_move

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")


def _step(seq: int, seat: int, **meta: Any) -> LogEntry:
    return LogEntry(seq=seq, kind="action", seat=seat, action={}, draws=[], rng_after=[], events=[], meta=meta)


def test_the_ais_share_of_a_persons_moves_leaves_forced_answers_out() -> None:
    """Bob was away with the AI: it chose 2 of his moves, he chose 1, and the game answered 2 decisions
    with one answer for him. He played 1 of 3 moves: the match is not rated (counted, the forced answers
    made it 3 of 5, and he was rated on what the game answered)."""
    entries = [
        LogEntry(seq=0, kind="setup", seat=None, action=None, draws=[], rng_after=[], events=[]),
        _step(1, 1, ai=True),
        _step(2, 1, forced=True),
        _step(3, 0),
        _step(4, 1, ai=True),
        _step(5, 1, forced=True),
        _step(6, 1),
    ]
    assert ai_share(entries, 1) == (2, 3)
    assert played_by_ai(entries, [0, 1]) == (1, 2, 3)


def test_a_forced_answer_neither_ends_an_absence_nor_earns_the_increment() -> None:
    t = Timers(clock=3 * DAY, increment=DAY).step(set(), {0}, None, now=0.0, over=False)
    t = t.go_away(1, 0.0, 2 * DAY, ai=False)
    t = t.step({0}, {1}, 0, now=HOUR, over=False)  # Alice's move leaves Bob one answer
    bank = t.seat(1).bank
    t = t.step({1}, {0}, 1, now=HOUR, over=False, forced=True)  # the game plays it for him
    assert t.absent(1, 2 * HOUR) and t.seat(1).bank == bank  # still away; nothing earned
    t = t.step({0}, {1}, 0, now=2 * HOUR, over=False)
    t = t.step({1}, {0}, 1, now=3 * HOUR, over=False)  # he plays himself: back, and the increment
    assert not t.absent(1, 3 * HOUR) and t.seat(1).bank == bank + DAY


async def test_a_forced_answer_played_for_an_absent_player_keeps_them_away(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the service: Bob is away (no AI) and Alice's move leaves him a decision with one answer (Palet
    made to leave him one: its suggestions' first); the game plays it for him, and his absence goes on:
    it ended there, and his clock and reminders ran while he was away."""
    from bot.testgames.palet.game import PaletGame

    def one_answer(game: PaletGame, state: Any, seat: int) -> Any:
        return game.suggest(state, seat, ANY)[0].action if seat == 1 and seat in game.to_act(state) else None

    monkeypatch.setattr(PaletGame, "forced", one_answer)
    service = MatchService(sqlite_store, ai_level="easy", seed_source=lambda: 3)
    try:
        live = await service.create(game_key="palet", creator=ALICE, guild_id=9, channel_id=8)
        await service.join(live.id, BOB)
        await service.start(live.id, ALICE.user_id)
        assert live.to_act() == {0}
        await service.go_away(live.id, BOB.user_id, 14 * DAY, ai=False)
        await service.submit(live.id, ALICE.user_id, ai_move(live.game, live.state, 0, Rng(1)), None)
        last = (await sqlite_store.log(live.id))[-1]
        assert last.seat == 1 and last.meta.get("forced") and live.to_act() == {0}  # answered for Bob
        assert service.timers(live).absent(1, service.now())
    finally:
        await service.close()


def test_moves_a_judge_rewound_or_an_undo_took_back_count_for_nothing() -> None:
    """Bob's AI chose moves 2 and 3, which a judge rewound (back to step 1), and move 5, which an undo took
    back: of what stands, Bob chose both of his moves himself, and the match is rated (counting what was
    taken back, the AI chose 3 of his 5 moves and it was not)."""
    entries = [
        LogEntry(seq=0, kind="setup", seat=None, action=None, draws=[], rng_after=[], events=[]),
        _step(1, 1),
        _step(2, 1, ai=True),
        _step(3, 1, ai=True),
        LogEntry(seq=4, kind="rewind", seat=None, action=None, draws=[], rng_after=[], events=[], meta={"to": 1}),
        _step(5, 1, ai=True),
        LogEntry(seq=6, kind="undo", seat=None, action=None, draws=[], rng_after=[], events=[], meta={"undoes": 5}),
        _step(7, 1),
    ]
    assert ai_share(entries, 1) == (0, 2)
    assert played_by_ai(entries, [0, 1]) is None
