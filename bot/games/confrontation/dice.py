"""Confrontation's dice (research §2.2) and our wound table (research §2.7, D-CON-13).

A test is 1d6 + a characteristic: a natural 6 is rolled again and added, as often as it comes; a
natural 1 fails whatever the total. The wound roll is 2d6 + Force − Résistance read on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import RandomSource, roll


@dataclass(frozen=True, slots=True)
class Test:
    dice: tuple[int, ...]  # every d6 rolled (a 6 rolls again)
    total: int  # dice + characteristic + modifiers
    fumble: bool  # natural 1: a failure whatever the total

    def beats(self, difficulty: int) -> bool:
        return not self.fumble and self.total >= difficulty


def test(rng: RandomSource, value: int) -> Test:
    """1d6 + value, open-ended on 6, natural 1 fails."""
    dice = [roll(rng)]
    while dice[-1] == 6:
        dice.append(roll(rng))
    return Test(dice=tuple(dice), total=sum(dice) + value, fumble=dice[0] == 1)


def chance(value: int, difficulty: int) -> float:
    """The chance that `test(rng, value)` beats `difficulty` (shown to a player before a roll)."""
    return (sum(1 for d in range(2, 6) if d + value >= difficulty) + _open_ended(difficulty - value - 6)) / 6


def _open_ended(need: int) -> float:
    """The chance that an open-ended d6 (a 6 rolls again and adds) reaches `need`."""
    if need <= 1:
        return 1.0
    return (sum(1 for d in range(1, 6) if d >= need) + _open_ended(need - 6)) / 6


#: Our wound table (D-CON-13): the lowest roll of each result.
#: ≤ 3 nothing, 4–5 stunned, 6–7 light, 8–9 serious, 10–11 critical, ≥ 12 killed outright.
STUNNED, LIGHT, SERIOUS, CRITICAL, KILLED = 4, 6, 8, 10, 12


@dataclass(frozen=True, slots=True)
class WoundRoll:
    dice: tuple[int, int]
    total: int
    result: str  # none, stunned, light, serious, critical, killed


def wound_roll(rng: RandomSource, strength: int, resilience: int) -> WoundRoll:
    dice = (roll(rng), roll(rng))
    total = sum(dice) + strength - resilience
    if dice == (6, 6) or total >= KILLED:
        result = "killed"
    elif total >= CRITICAL:
        result = "critical"
    elif total >= SERIOUS:
        result = "serious"
    elif total >= LIGHT:
        result = "light"
    elif total >= STUNNED:
        result = "stunned"
    else:
        result = "none"
    return WoundRoll(dice=dice, total=total, result=result)


LEVEL = {"light": 1, "serious": 2, "critical": 3}


def new_level(current: int, result: str) -> int | None:
    """The health state after a wound (None: killed). A wound worse than the current state sets it; a
    wound no worse raises it one step; past critical the fighter dies (D-CON-13)."""
    if result == "killed":
        return None
    level = LEVEL.get(result)
    if level is None:
        return current
    after = level if level > current else current + 1
    return None if after > 3 else after


def penalty(wound: int, stunned: bool) -> int:
    """What wounds take off every test: −1, −2, −3 by health state, −1 more while stunned."""
    return wound + (1 if stunned else 0)
