"""The dice of WarCry: the hero phase's six initiative dice grouped into singles and ability dice, the
wild die (the solo warband's by the booklet's order, the player's by choice), the hit roll and the
roll-off. Pure functions of the faces; the faces come from the match's seeded source."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.engine import RandomSource

from .state import Dice

INITIATIVE_DICE = 6


def d6(rng: RandomSource) -> int:
    return rng.below(6) + 1


def group(faces: Sequence[int]) -> Dice:
    """Singles are faces rolled once; two equal faces are a double, three a triple, four or more a
    quad (research I.2.5); groups listed highest tier, then highest face, first."""
    counts = Counter(faces)
    singles = sum(1 for c in counts.values() if c == 1)
    groups = tuple(sorted(((min(c, 4), face) for face, c in counts.items() if c >= 2), reverse=True))
    return Dice(rolled=tuple(faces), singles=singles, groups=groups)


def solo_wild(dice: Dice) -> tuple[Dice, str | None]:
    """The solo warband's wild die, used at once, first applicable only (« Jets d'initiative »): a
    triple becomes a quad, else a double a triple, else a single a double; the highest face when
    several qualify (D-WAR-04); never kept. Returns the dice and what was done (None: nothing could)."""
    for tier, name in ((3, "triple"), (2, "double")):
        same = [g for g in dice.groups if g[0] == tier]
        if same:
            best = max(same, key=lambda g: g[1])
            return _raise(dice, best), name
    if dice.singles:
        counts = Counter(dice.rolled)
        face = max(f for f, c in counts.items() if c == 1)
        return _single_to_double(dice, face), "single"
    return dice, None


def _raise(dice: Dice, group: tuple[int, int]) -> Dice:
    groups = list(dice.groups)
    groups.remove(group)
    groups.append((min(4, group[0] + 1), group[1]))
    return dice.model_copy(update={"groups": tuple(sorted(groups, reverse=True))})


def _single_to_double(dice: Dice, face: int) -> Dice:
    groups = sorted([*dice.groups, (2, face)], reverse=True)
    return dice.model_copy(update={"singles": dice.singles - 1, "groups": tuple(groups)})


def player_wild(dice: Dice, use: str, value: int) -> Dice | None:
    """The player's wild die: `single` (one single more), `raise` the group (or single) of face
    `value` by one tier (never past a quad: a double cannot become a quad), or `keep` it for a later
    round (1st edition; D-WAR-21). None when that use is not possible."""
    if use == "single":
        return dice.model_copy(update={"singles": dice.singles + 1})
    if use == "keep":
        return dice.model_copy(update={"wild": dice.wild + 1})
    for g in dice.groups:
        if g[1] == value and g[0] < 4:
            return _raise(dice, g)
    counts = Counter(dice.rolled)
    if counts.get(value) == 1 and not any(g[1] == value for g in dice.groups):
        return _single_to_double(dice, value)
    return None


def pay(dice: Dice, tier: int, value: int) -> Dice | None:
    """The dice once the group (tier, value) is spent, or None when the side does not hold it."""
    groups = list(dice.groups)
    if (tier, value) not in groups:
        return None
    groups.remove((tier, value))
    return dice.model_copy(update={"groups": tuple(groups)})


def hit_needed(strength: int, toughness: int) -> int:
    """The lowest face that hits (research I.2.7): 3 when Strength beats Toughness, 4 when equal, 5
    when lower; a 6 is always a critical hit."""
    if strength > toughness:
        return 3
    return 4 if strength == toughness else 5


def roll_off(rng: RandomSource) -> int:
    """Each side rolls a die, ties rolled again; the seat that wins."""
    while True:
        a, b = d6(rng), d6(rng)
        if a != b:
            return 0 if a > b else 1
