"""Confrontation's search AI (#28): levels at match creation, moves the greedy player misses, decisions
bounded by count (the same view and seed give the same move), and a seeded win over a random player."""

from __future__ import annotations

from bot.ai import RandomAgent, arena
from bot.engine import Rng
from bot.games.confrontation.actions import Declare, Declared, Dive, Draw, Shoot
from bot.games.confrontation.ai import ConfAgent
from bot.games.confrontation.game import CONFRONTATION as GAME
from bot.games.confrontation.search import BUDGETS, ConfSearchAgent
from tests.games.confrontation.helpers import act, activation, fighter

L, G = 0, 1


def test_easy_is_the_greedy_player_and_normal_and_hard_search_within_a_count() -> None:
    """A match's AI level picks the player: easy is the greedy one of before, normal and hard the search,
    bounded by a number of rollouts and never by the clock (the same games on any machine)."""
    assert isinstance(GAME.agent("easy"), ConfAgent)
    normal, hard = GAME.agent("normal"), GAME.agent("hard")
    assert isinstance(normal, ConfSearchAgent) and isinstance(hard, ConfSearchAgent)
    assert normal.budget == BUDGETS["normal"] and hard.budget == BUDGETS["hard"]
    assert normal.budget.seconds is None and hard.budget.seconds is None
    assert hard.budget.iterations > normal.budget.iterations
    assert isinstance(GAME.agent(), ConfSearchAgent)  # the default level is normal


def _charge_choice() -> object:
    """L1 (a capitaine, ATT 5 FOR 5) declares: the bête (DEF 2 RES 6, frightening) is nearer, the chaman
    (DEF 2 RES 3) a little further, both within its charge."""
    fs = [
        fighter("L1", "capitaine", L, 30, 62),
        fighter("G1", "bete", G, 30, 50),
        fighter("G2", "chaman", G, 42, 48),
        fighter("G3", "chef", G, 80, 10),
    ]
    s = activation(fs, (("capitaine",), ("bete", "chaman", "chef")), speaker=L)
    return act(s, L, Draw(choice="play"))


def test_the_search_charges_where_the_numbers_favour_it() -> None:
    """The greedy player charges the nearest enemy; the search plays the charges out and takes the one
    whose fight it wins: the chaman, not the bête."""
    s = _charge_choice()
    assert s.stack[-1].kind == "declare"  # type: ignore[attr-defined]
    assert ConfAgent()._choose(GAME, s, L) == Declare(fighter="L1", what="charge", target="G1")
    for level in ("normal", "hard"):
        move = GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1))
        assert move == Declare(fighter="L1", what="charge", target="G2"), level


def test_the_search_takes_cover_when_shot_at() -> None:
    """V-C-4 « se jeter à couvert »: a guerrier not yet activated, shot at by L1's crossbow. The greedy
    player throws only its fragile fighters to cover; the search plays the shot out both ways and
    dives (Cible/+2 against this very shot)."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "guerrier", G, 30, 45),
        fighter("G2", "chef", G, 70, 20),
    ]
    s = act(activation(fs, (("arbaletrier",), ("guerrier", "chef")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    s = GAME.apply(s, L, Shoot(fighter="L1", target="G1"), Rng(1)).state
    assert s.stack[-1].kind == "dive" and s.shot is not None and s.shot.target == "G1"
    assert ConfAgent()._choose(GAME, s, G) == Dive(dive=False)
    for level in ("normal", "hard"):
        assert GAME.agent(level).choose(GAME, GAME.view(s, G), G, Rng(1)) == Dive(dive=True), level


def test_the_same_view_and_seed_give_the_same_move_within_the_budget() -> None:
    s = _charge_choice()
    agent = GAME.agent("normal")
    first = agent.choose(GAME, GAME.view(s, L), L, Rng(5))
    means = dict(agent.last.means)
    assert 0 < agent.last.iterations <= agent.budget.iterations
    assert agent.choose(GAME, GAME.view(s, L), L, Rng(5)) == first
    assert agent.last.means == means


def test_the_normal_ai_beats_a_random_player_in_a_seeded_sample() -> None:
    """Two seeded matches, the search on each seat in turn (the benchmark's first two games)."""
    for seed in (1, 2):
        me = seed % 2
        agents = (GAME.agent("normal"), RandomAgent()) if me == 0 else (RandomAgent(), GAME.agent("normal"))
        played = arena.play(GAME, agents, seed)
        assert played.outcome is not None and played.outcome.winners == (me,), seed
