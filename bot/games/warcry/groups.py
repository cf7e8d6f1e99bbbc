"""The solo warband's battle groups (« Constitution des groupes »; research X1, Q1–Q4).

Three fighters lined up left, middle, right start the groups; each other fighter rolls a die: 1–2
left, 3–4 middle, 5–6 the group with the fewest fighters. Once every fighter is rolled for, a group
holding more than half of the warband gives its excess to the smallest group (rules version 2; version 1
moved it after each roll, D-WAR-01). The biggest group is the Shield; of the two others the left one is
the Dagger and the right one the Hammer. Every tie is settled by a die, recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine import RandomSource

from .dice import d6


@dataclass
class Built:
    """The groups by name, and each roll with what it decided (for the log and the tests)."""

    groups: dict[str, list[str]]
    rolls: list[tuple[str, int, str]] = field(default_factory=list)  # (fighter or "tie", face, outcome)


def _smallest(lines: list[list[str]], rng: RandomSource, rolls: list[tuple[str, int, str]], exclude: int = -1) -> int:
    """The index of the group with the fewest fighters; a tie settled by a die among the tied (Q2;
    D-WAR-02)."""
    sizes = [len(g) if i != exclude else 10**6 for i, g in enumerate(lines)]
    low = min(sizes)
    tied = [i for i, s in enumerate(sizes) if s == low]
    if len(tied) == 1:
        return tied[0]
    face = d6(rng)
    pick = tied[(face - 1) * len(tied) // 6]
    rolls.append(("tie", face, ("left", "middle", "right")[pick]))
    return pick


def build(seeds: Sequence[str], others: Sequence[str], rng: RandomSource, *, each_roll: bool = False) -> Built:
    """`seeds` in line order (left, middle, right); `others` in the order they are rolled for (Q1:
    highest points first). The excess over half is moved once all are rolled for, the last fighters
    rolled into the group first (D-WAR-01); `each_roll`: after every roll, as rules version 1 did."""
    lines: list[list[str]] = [[s] for s in seeds]
    n = len(seeds) + len(others)
    rolls: list[tuple[str, int, str]] = []
    for fid in others:
        face = d6(rng)
        if face <= 2:
            i = 0
        elif face <= 4:
            i = 1
        else:
            i = _smallest(lines, rng, rolls)
        rolls.append((fid, face, ("left", "middle", "right")[i]))
        lines[i].append(fid)
        if each_roll:
            _overflow(lines, n, rng, rolls)
    _overflow(lines, n, rng, rolls)
    sizes = [len(g) for g in lines]
    big = [i for i, s in enumerate(sizes) if s == max(sizes)]
    if len(big) == 1:
        shield = big[0]
    else:
        face = d6(rng)
        shield = big[(face - 1) * len(big) // 6]
        rolls.append(("shield", face, ("left", "middle", "right")[shield]))
    rest = [i for i in range(3) if i != shield]
    return Built(
        groups={"dagger": lines[rest[0]], "shield": lines[shield], "hammer": lines[rest[1]]},
        rolls=rolls,
    )


def _overflow(lines: list[list[str]], n: int, rng: RandomSource, rolls: list[tuple[str, int, str]]) -> None:
    """« Plus de la moitié »: while a group holds more than n // 2, its last fighter goes to the smallest
    other group (Q3); at most one group can be over half."""
    for i, line in enumerate(lines):
        while len(line) > n // 2:
            moved = line.pop()
            j = _smallest(lines, rng, rolls, exclude=i)
            lines[j].append(moved)
            rolls.append((moved, 0, f"overflow:{('left', 'middle', 'right')[j]}"))
