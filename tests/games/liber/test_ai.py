"""The AI plays legal, sensible moves for either seat and beats a uniformly random player.

The default run plays 60 seeded games; `bench.ai_vs_random(200)` is the full measure.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.liber.actions import Attack, Play
from bot.games.liber.bench import ai_vs_random
from bot.games.liber.game import LIBER
from tests.support.agents import ai_move

from .helpers import act, gpos, make_state

F = 2  # the front line


def test_ai_beats_random() -> None:
    assert ai_vs_random(60, seed=100, level="easy") >= 0.8


def test_ai_returns_a_legal_action_for_either_seat() -> None:
    for seat in (0, 1):
        state = make_state({(seat, 2, 0): "brute", (1 - seat, 2, 0): "milicien"}, active=seat)
        action = ai_move(LIBER, state, seat, Rng(1))
        assert action in LIBER.legal_actions(state, seat)


def test_ai_takes_a_lethal_attack_on_the_general() -> None:
    state = make_state({(0, 2, 0): "brute"}, general_pv=(None, 4))
    assert ai_move(LIBER, state, 0, Rng(0)) == Attack(attacker=(0, 2, 0), target=gpos(1))


def test_ai_spends_gold_on_units() -> None:
    state = make_state(phase="placement", hands=(["brute"], []), gold=(10, 0))
    action = ai_move(LIBER, state, 0, Rng(0))
    assert isinstance(action, Play) and action.card == "brute"


def test_ai_is_deterministic_for_a_seed() -> None:
    state = make_state({(0, 2, 0): "brute", (1, 2, 0): "milicien", (1, 2, 1): "milicien"})
    assert ai_move(LIBER, state, 0, Rng(5)) == ai_move(LIBER, state, 0, Rng(5))


def test_ai_answers_a_block_whose_attacker_died_in_the_window() -> None:
    """Found by the benchmark: an éphémère killed the attacker during the block window, the view no
    longer showed the attack, and both AIs answered nothing (the match stalled on an illegal move).
    The attack fizzles when the block is answered; the AI must still answer it."""
    state = make_state(
        {(1, F, 0): "milicien", (0, F, 0): "brute"}, active=1, hands=(["foudre_divine"], []), faith=(1, 0)
    )
    state = act(state, 1, Attack(attacker=(1, F, 0), target=(0, F, 0))).state
    assert state.step == "block"
    state = act(state, 0, Play(card="foudre_divine", at=(1, F, 0))).state
    assert state.step == "block" and state.piece((1, F, 0)) is None
    for level in ("easy", "normal"):
        action = ai_move(LIBER, state, 0, Rng(1), level)
        assert action is not None
        LIBER.check(state, 0, action)
