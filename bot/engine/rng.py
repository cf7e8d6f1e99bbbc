"""Seeded, serializable randomness for engines.

Engines never touch the `random` module: every chance result comes from an `Rng` whose state is
plain JSON (so it is snapshotted with the match) and whose draws are recorded, so the event log
holds every chance result and a replay never depends on the generator.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    """One SplitMix64 step: used to expand a seed into the generator's state."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK64


class RandomSource(Protocol):
    """What engines receive: draws integers below a bound; everything else derives from that."""

    def below(self, n: int) -> int: ...


class Rng:
    """xoshiro256** with JSON state, plus the helpers engines need.

    `draws` lists every `(bound, result)` since the last `take_draws()`, which the match service
    stores with the action so that replays and audits need no generator.
    """

    __slots__ = ("_s", "draws")

    def __init__(self, seed: int | None = None, *, state: Sequence[int] | None = None) -> None:
        if state is not None:
            if len(state) != 4 or not any(state):
                raise ValueError("rng state must be four integers, not all zero")
            self._s = [int(v) & _MASK64 for v in state]
        else:
            x = int(seed or 0) & _MASK64
            s = []
            for _ in range(4):
                x, v = _splitmix64(x)
                s.append(v)
            self._s = s
        self.draws: list[tuple[int, int]] = []

    # -- state ---------------------------------------------------------------------------------
    def state(self) -> list[int]:
        """The JSON-serializable state (four 64-bit integers)."""
        return list(self._s)

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        return cls(state=state)

    def take_draws(self) -> list[tuple[int, int]]:
        """Return and clear the draws recorded since the last call."""
        out, self.draws = self.draws, []
        return out

    # -- core ----------------------------------------------------------------------------------
    def _next(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK64, 7) * 9) & _MASK64
        t = (s[1] << 17) & _MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias; recorded."""
        if n <= 0:
            raise ValueError("bound must be positive")
        if n == 1:
            value = 0
        else:
            limit = _MASK64 - (_MASK64 + 1) % n
            while True:
                r = self._next()
                if r <= limit:
                    value = r % n
                    break
        self.draws.append((n, value))
        return value


class ReplayRng:
    """Feeds back recorded draws: replaying an action reproduces its chance results exactly."""

    __slots__ = ("_draws", "_i")

    def __init__(self, draws: Sequence[Sequence[int]]) -> None:
        self._draws = [(int(b), int(v)) for b, v in draws]
        self._i = 0

    def below(self, n: int) -> int:
        if self._i >= len(self._draws):
            raise ValueError("replay asked for more chance results than were recorded")
        bound, value = self._draws[self._i]
        if bound != n:
            raise ValueError(f"replay mismatch: recorded a draw below {bound}, asked below {n}")
        self._i += 1
        return value

    @property
    def exhausted(self) -> bool:
        return self._i == len(self._draws)


# -- helpers usable with any RandomSource -----------------------------------------------------------
def randint(rng: RandomSource, lo: int, hi: int) -> int:
    """Uniform integer in [lo, hi] inclusive."""
    return lo + rng.below(hi - lo + 1)


def roll(rng: RandomSource, sides: int = 6) -> int:
    """One die roll, 1..sides."""
    return 1 + rng.below(sides)


def choice(rng: RandomSource, items: Sequence[T]) -> T:
    if not items:
        raise ValueError("choice from an empty sequence")
    return items[rng.below(len(items))]


def shuffle(rng: RandomSource, items: MutableSequence[T]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled(rng: RandomSource, items: Sequence[T]) -> list[T]:
    out = list(items)
    shuffle(rng, out)
    return out
