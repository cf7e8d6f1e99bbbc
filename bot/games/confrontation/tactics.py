"""The normal level's judgement (#28): what the greedy player of ai.py misses, from the odds and the
enemy's reach rather than from one look at the table.

- **Shots and spells** go where they are worth the most army points: the chance to hit (range band,
  « Cible/+2 », cover, « tir immobile ») times the wound table's results, weighted by the target's cost.
- **Charges** are declared when the expected exchange of blows, the charge's initiative counted, does
  not lose army points; a shooter or a magician closes in only on a fighter it can finish.
- **The enemy's reach.** A fighter that walks or runs ends out of the reach of every enemy that can still
  act this turn (its card not played yet): whoever comes within a charge is charged first, with the
  charge's bonus; whoever comes within a walk and a damaging spell of a magician with the mana for it
  takes its bolts (three a turn once its mana is full, each of them as strong as the best blows). An
  enemy that has already acted no longer threatens this turn.

Everything here is arithmetic on the profiles and straight lines on the table: no path is searched.
The combat dice stay the greedy player's: a split chosen on expected blows alone (without the order of
the blows, nor a fighter killed before it strikes) did worse, against the engine's own combats, than
its rule.
"""

from __future__ import annotations

from functools import cache

from . import board, dice, rules
from .actions import Declare
from .content import PROFILES, SPELLS
from .resolve import SHOT_DIFFICULTY, STILL_BONUS, TARGET_BONUS
from .state import ConfState, Fighter

#: A wound's worth against a kill: only eliminated army points decide the match (D-CON-18), a wound
#: weakens every test of the fighter and brings its end nearer.
WOUND_WORTH = 0.4
#: Room kept between a fighter's end and an enemy's reach (tenths of a millimetre).
MARGIN = 10 * board.CM // 10
#: An exchange worse than this many army points is not charged into.
CHARGE_FLOOR = -2.0


# -- the combat's odds ---------------------------------------------------------------------------------
@cache
def _totals(value: int) -> tuple[tuple[int, float], ...]:
    """The totals of an open-ended test (1d6 + value, a 6 rolls again) with their chances, fumbles left
    out (a natural 1 fails whatever the total); three sixes in a row are enough."""
    out: dict[int, float] = {}
    for first in range(2, 7):
        if first < 6:
            out[first + value] = out.get(first + value, 0.0) + 1 / 6
            continue
        for second in range(1, 7):
            if second < 6:
                out[6 + second + value] = out.get(6 + second + value, 0.0) + 1 / 36
                continue
            for third in range(1, 7):
                t = 12 + third + value
                out[t] = out.get(t, 0.0) + 1 / 216
    return tuple(sorted(out.items()))


@cache
def _parried(attack: int, defense: int) -> float:
    """The chance that a blow at `attack` lands and is parried by a defence die at `defense`."""
    parry = _totals(defense)
    return sum(p * sum(q for t, q in parry if t >= hit) for hit, p in _totals(attack))


@cache
def _wound(strength: int, resilience: int, wound: int) -> tuple[float, float]:
    """Per landed blow: the chance of a kill and the expected health steps lost short of one."""
    kill = steps = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total = a + b + strength - resilience
            if (a, b) == (6, 6) or total >= dice.KILLED:
                result = "killed"
            elif total >= dice.CRITICAL:
                result = "critical"
            elif total >= dice.SERIOUS:
                result = "serious"
            elif total >= dice.LIGHT:
                result = "light"
            else:
                result = "none"
            after = dice.new_level(wound, result)
            if after is None:
                kill += 1 / 36
            else:
                steps += (after - wound) / 36
    return kill, steps


def blow_worth(f: Fighter, target: Fighter, parried: bool) -> float:
    """The army points one blow of `f` is worth against `target` (a defence die left to parry or not)."""
    p, q = PROFILES[f.profile], PROFILES[target.profile]
    attack = p.attack - dice.penalty(f.wound, f.stunned)
    defense = q.defense + target.shield - dice.penalty(target.wound, target.stunned)
    return (5 / 6 - (_parried(attack, defense) if parried else 0.0)) * wound_worth(p.strength, target)


def charge_worth(state: ConfState, f: Fighter, target: Fighter) -> float:
    """The expected exchange of a charge of `f` at `target`, one against one (a first look at D-CON-12's
    dice: each side's every die strikes, and as many of the other's parry): what the charger's blows
    take, counted 15% more for the charge's initiative, less what the target's take back."""
    mine, theirs = rules.combat_dice(state, f, 1), rules.combat_dice(state, target, 1)
    dealt = sum(blow_worth(f, target, k < theirs) for k in range(mine))
    taken = sum(blow_worth(target, f, k < mine) for k in range(theirs))
    return dealt * 1.15 - taken


# -- the enemy's reach -----------------------------------------------------------------------------------
def threats(state: ConfState, seat: int) -> list[Fighter]:
    """The enemies that can still strike this turn (`reach`): their card not played yet, free of contact."""
    if state.phase not in ("strategic", "lead", "activation"):
        return []
    return [o for o in state.fighters if o.owner != seat and not o.activated and board.free(state, o)]


def reach(o: Fighter) -> int:
    """How far `o` strikes when its card is played: its charge (twice its MOU, V-C-1) or, for a magician
    with the mana for a damaging spell, a walk and the spell's range (V-D-1, V-D-4), the further."""
    p = PROFILES[o.profile]
    bolts = [SPELLS[s] for s in p.spells if SPELLS[s].strength and o.mana >= SPELLS[s].mana]
    return max([2 * p.mou, *(p.mou + round(s.range * 100) for s in bolts)])


def reached(state: ConfState, f: Fighter, at: tuple[int, int], enemies: list[Fighter]) -> bool:
    """Whether `f` standing at `at` is within the reach of one of `enemies` (`reach`)."""
    moved = f.model_copy(update={"x": at[0], "y": at[1]})
    return any(board.distance(moved, o) <= reach(o) + MARGIN for o in enemies)


def wound_worth(strength: int, target: Fighter) -> float:
    """The army points a wound roll at `strength` is worth against `target`."""
    q = PROFILES[target.profile]
    kill, steps = _wound(strength, q.resilience, target.wound)
    return q.cost * (kill * (1 - WOUND_WORTH * target.wound / 4) + WOUND_WORTH * steps / 4)


def shot_worth(state: ConfState, f: Fighter, target: Fighter, walk_after: bool) -> float:
    """The army points a shot is worth: its chance to hit (range band, « Cible/+2 », cover, « tir
    immobile », D-CON-14 and 15) times the wound it rolls."""
    p = PROFILES[f.profile]
    if p.weapon is None:
        return 0.0
    band = p.weapon.band(board.distance(f, target))
    if band is None:
        return 0.0
    need = SHOT_DIFFICULTY[band] + (TARGET_BONUS if target.covered else 0) + board.cover(state, f, target)
    still = f.still and not walk_after
    aim = p.aim - dice.penalty(f.wound, f.stunned) + (STILL_BONUS if still else 0)
    return dice.chance(aim, need) * wound_worth(p.weapon.strength, target)


def spell_worth(state: ConfState, f: Fighter, spell: str, target: Fighter) -> float:
    """The army points a damaging spell is worth: its chance to be cast times the wound it rolls."""
    s = SPELLS[spell]
    power = PROFILES[f.profile].power - dice.penalty(f.wound, f.stunned)
    return dice.chance(power, s.difficulty) * wound_worth(s.strength, target) if s.strength else 0.0


def wants_charge(state: ConfState, action: Declare) -> bool:
    """A charge or an engagement worth declaring: the exchange does not lose army points, and a shooter
    or a magician closes in only on a fighter it can finish."""
    f, target = state.fighter(action.fighter), state.fighter(action.target or "")
    if f is None or target is None:
        return False
    p = PROFILES[f.profile]
    if (p.weapon is not None or p.power) and target.wound < 3:
        return False
    return charge_worth(state, f, target) >= CHARGE_FLOOR
