"""Information-set search over determinized states with heavy rollouts, for any game (kernel.md §3).

The agent sees its seat's view only. Each iteration deals a fresh state consistent with that view
(`game.determinize`), picks one of its candidate moves by UCB1 (a move is counted as available only
in the deals where it is legal: single-observer information-set search, flat at the root), and plays
on from there with the game's cheap policy for both sides until the opponent's reply is over (the
game says when: `SearchSpec.settled`), then scores the result with the game's evaluation. Chance in
`apply` draws from the iteration's own generator, so the search never learns the real shuffle.

Why flat and heavy rather than a deep tree of single decisions: a turn of a card game is many small
decisions, and what makes a move good (a block that kills the attacker, a counter-attack on an
exposed general) shows only after the opponent has answered. Rolling the base policy out through that
answer is a policy-improvement step over it (the rollout algorithm), which a tree of the few
iterations a 200 ms budget allows never reaches.

A budget caps both iterations (deterministic: the tests and the benchmark) and wall time (a bot on a
busy machine still answers in time). `width` keeps the base policy's best few moves at the root.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine import Agent, AnyGame, RandomSource, Rng, Seat

from .advice import Advice, Explains, explained


class SearchSpec(Protocol):
    """What the search needs from a game beyond its protocol."""

    #: Longest rollout in decisions (a safety net: `settled` normally ends it first).
    horizon: int

    def candidates(self, state: Any, seat: Seat) -> Sequence[Any]:
        """The legal actions worth telling apart for `seat` (pruned of equivalent ones)."""
        ...

    def ranked(self, state: Any, seat: Seat, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        """`moves`, best first by the base policy's own judgement (one ply)."""
        ...

    def rollout(self, state: Any, seat: Seat, rng: RandomSource) -> Any:
        """The base policy's choice for `seat`, used past the root."""
        ...

    def settled(self, start: Any, state: Any) -> bool:
        """Whether the rollout from `start` has gone far enough (the opponent has answered)."""
        ...

    def value(self, state: Any, seat: Seat) -> float:
        """How good `state` is for `seat`, in [0, 1] (1 = won)."""
        ...


class GameSearch:
    """A game's `SearchSpec` holds the game it plays (to apply moves in its ranking and rollouts): the
    game gives itself, since a game's own modules cannot import its package's GAME back."""

    horizon: int

    def __init__(self, game: AnyGame) -> None:
        self.game = game


@dataclass(frozen=True, slots=True)
class Budget:
    """Iterations per decision, wall-clock cap in seconds (None: iterations only), root width."""

    iterations: int
    seconds: float | None = None
    width: int = 6


#: The difficulty levels a match offers (easy is each game's greedy player). Normal answers within
#: the issue's 200 ms on a loaded machine; hard thinks about four times as long.
LEVELS = ("easy", "normal", "hard")
BUDGETS = {"normal": Budget(16, 0.2, 4), "hard": Budget(64, 0.8, 6)}


def level_budget(level: str, *, timed: bool = True) -> Budget:
    """The budget of a level; `timed=False` drops the wall-clock cap (reproducible figures)."""
    budget = BUDGETS.get(level, BUDGETS["normal"])
    return budget if timed else Budget(budget.iterations, None, budget.width)


@dataclass(slots=True)
class _Arm:
    action: Any
    prior: int  # rank by the base policy (0 = its own choice)
    visits: int = 0
    total: float = 0.0
    avail: int = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Thought:
    """What one decision cost and saw: the benchmark's decision times, and tests."""

    iterations: int = 0
    seconds: float = 0.0
    means: dict[str, float] = field(default_factory=dict)


class SearchAgent:
    """The search player. `exploration` is UCB1's constant on values in [0, 1]."""

    def __init__(
        self,
        spec: SearchSpec,
        budget: Budget,
        *,
        exploration: float = 0.3,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.spec = spec
        self.budget = budget
        self.exploration = exploration
        self.clock = clock
        self.last = Thought()

    def choose(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Any:
        start = self.clock()
        first = game.determinize(view, rng)
        moves = list(self.spec.candidates(first, seat))
        if len(moves) <= 1:
            self.last = Thought(0, self.clock() - start)
            return moves[0] if moves else None
        ranked = self.spec.ranked(first, seat, moves, rng)[: max(1, self.budget.width)]
        arms = {game.encode_action(m): _Arm(m, i) for i, m in enumerate(ranked)}
        if len(arms) == 1:
            self.last = Thought(0, self.clock() - start)
            return ranked[0]
        deadline = None if self.budget.seconds is None else start + self.budget.seconds
        done = 0
        while done < self.budget.iterations:
            state = first if done == 0 else game.determinize(view, rng)
            self._iterate(game, arms, state, seat, Rng(rng.below(1 << 62) + 1))
            done += 1
            if deadline is not None and self.clock() >= deadline:
                break
        self.last = Thought(done, self.clock() - start, {k: round(a.mean(), 4) for k, a in arms.items()})
        tried = [a for a in arms.values() if a.visits]
        if not tried:
            return ranked[0]
        # The best mean wins; the base policy's rank breaks ties (and a move seen only once by luck
        # does not beat one seen often: compare lower bounds when visits differ a lot).
        best = max(tried, key=lambda a: (a.mean() - 0.5 / math.sqrt(a.visits + 1), -a.prior))
        return best.action

    def advise(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Advice | None:
        """The search's choice, with the reason its game's spec gives for it (none: the host's generic one)."""
        action = self.choose(game, view, seat, rng)
        if isinstance(self.spec, Explains):
            return explained(game, view, seat, rng, action, self.spec)
        return None if action is None else Advice(action)

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(self, game: AnyGame, arms: dict[str, _Arm], state: Any, me: Seat, rng: Rng) -> None:
        here = [arm for key, arm in arms.items() if self._legal(game, state, me, key)]
        if not here:
            return
        for arm in here:
            arm.avail += 1
        arm = self._select(here)
        origin = state
        state = game.apply(state, me, arm.action, rng).state
        for _ in range(self.spec.horizon):
            if game.outcome(state) is not None or self.spec.settled(origin, state):
                break
            actor = min(game.to_act(state))
            move = self.spec.rollout(state, actor, rng)
            if move is None:
                break
            state = game.apply(state, actor, move, rng).state
        arm.visits += 1
        arm.total += self.spec.value(state, me)

    @staticmethod
    def _legal(game: AnyGame, state: Any, seat: Seat, key: str) -> bool:
        try:
            game.check(state, seat, game.decode_action(key))
        except Exception:
            return False
        return True

    def _select(self, arms: list[_Arm]) -> _Arm:
        untried = [a for a in arms if a.visits == 0]
        if untried:
            return min(untried, key=lambda a: a.prior)
        c = self.exploration
        return max(arms, key=lambda a: a.mean() + c * math.sqrt(math.log(max(a.avail, 1)) / a.visits))


def level_agent(level: str, greedy: Agent, spec: SearchSpec) -> Agent:
    """A game's player at `level`: easy is its one-ply greedy player, normal and hard the search over its
    view with that level's budget."""
    return greedy if level == "easy" else SearchAgent(spec, level_budget(level))


def logistic(score: float, scale: float) -> float:
    """A score difference squashed into (0, 1): how evaluations become values."""
    x = max(-60.0, min(60.0, score / scale))
    return 1.0 / (1.0 + math.exp(-x))
