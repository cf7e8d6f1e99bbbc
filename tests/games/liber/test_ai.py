"""The AI plays legal, sensible moves for either seat and beats a uniformly random player.

The default run plays 60 seeded games; `bench.ai_vs_random(200)` is the full measure.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.liber import GAME
from bot.games.liber.actions import Attack, Play
from bot.games.liber.bench import ai_vs_random
from tests.support.agents import ai_move

from .helpers import gpos, make_state


def test_ai_beats_random() -> None:
    assert ai_vs_random(60, seed=100, level="easy") >= 0.8


def test_ai_returns_a_legal_action_for_either_seat() -> None:
    for seat in (0, 1):
        state = make_state({(seat, 2, 0): "brute", (1 - seat, 2, 0): "milicien"}, active=seat)
        action = ai_move(GAME, state, seat, Rng(1))
        assert action in GAME.legal_actions(state, seat)


def test_ai_takes_a_lethal_attack_on_the_general() -> None:
    state = make_state({(0, 2, 0): "brute"}, general_pv=(None, 4))
    assert ai_move(GAME, state, 0, Rng(0)) == Attack(attacker=(0, 2, 0), target=gpos(1))


def test_ai_spends_gold_on_units() -> None:
    state = make_state(phase="placement", hands=(["brute"], []), gold=(10, 0))
    action = ai_move(GAME, state, 0, Rng(0))
    assert isinstance(action, Play) and action.card == "brute"


def test_ai_is_deterministic_for_a_seed() -> None:
    state = make_state({(0, 2, 0): "brute", (1, 2, 0): "milicien", (1, 2, 1): "milicien"})
    assert ai_move(GAME, state, 0, Rng(5)) == ai_move(GAME, state, 0, Rng(5))
