"""The Confrontation AI: one look at its seat's view, each legal choice scored by a few plain rules (the easy
level, and the greedy player the search of search.py rolls out and ranks by).

It sees what its seat sees (the other side's sequence is dealt at random by `determinize`): it orders
shooters and magicians first, gives the word away after winning the tactic roll so as to answer, uses
its refusals while the other side has more cards left, charges what it can reach (the weakest first),
runs its fighters toward the enemy otherwise, shoots without moving when a target is in range, throws
its fragile fighters to cover, and splits its combat dice by comparing attack and defence.
"""

from __future__ import annotations

from typing import Any

from bot.ai.advice import Advice
from bot.engine import ANY, RandomSource, Text, txt

from . import board
from .actions import (
    Cast,
    Declare,
    Declared,
    Dice,
    Disengage,
    Dive,
    Draw,
    Finish,
    Forgo,
    Lead,
    Order,
    Resolve,
    Shoot,
    Walk,
)
from .content import PROFILES
from .rules import max_dice
from .state import ConfState, Fighter
from .suggest import _name, advised_order


class ConfAgent:
    def choose(self, game: Any, view: Any, seat: int, rng: RandomSource) -> Any:
        return self._choose(game, game.determinize(view, rng), seat)

    def advise(self, game: Any, view: Any, seat: int, rng: RandomSource) -> Advice | None:
        """`choose`'s move on the same deal, and the plain rule that scored it first (`reason`)."""
        state: ConfState = game.determinize(view, rng)
        action = self._choose(game, state, seat)
        return Advice(action, reason(state, seat, action))

    @staticmethod
    def _choose(game: Any, state: ConfState, seat: int) -> Any:
        choices = game.suggest(state, seat, ANY)
        if not choices:
            raise RuntimeError("no legal choice")
        best = max(choices, key=lambda c: score(state, seat, c.action))
        return best.action


def _nearest_enemy(state: ConfState, f: Fighter) -> Fighter | None:
    foes = [o for o in state.fighters if o.owner != f.owner]
    return min(foes, key=lambda o: (board.distance(f, o), o.id)) if foes else None


def _fragile(f: Fighter) -> bool:
    p = PROFILES[f.profile]
    return p.weapon is not None or p.power > 0 or f.wound >= 2


def score(state: ConfState, seat: int, action: Any) -> float:
    if isinstance(action, Order):
        return 1.0 if action.cards == advised_order(state, seat) else 0.0
    if isinstance(action, Lead):
        return 1.0 if action.first != seat else 0.0
    if isinstance(action, Draw):
        return _draw(state, seat, action)
    if isinstance(action, Declared):
        return 0.0
    if isinstance(action, Declare):
        return _declare(state, action)
    if isinstance(action, Resolve):
        f = state.fighter(action.fighter)
        assert f is not None
        moved = f.model_copy(update={"x": action.path[-1][0], "y": action.path[-1][1]})
        enemy = _nearest_enemy(state, moved)
        if f.exclusive == "cover" and _fragile(f):
            return 2.0 + board.table(state.scenario).path_cost([f.centre, *action.path]) / 10_000
        return 5.0 - (board.distance(moved, enemy) / 10_000 if enemy else 0)
    if isinstance(action, Forgo):
        return -1.0
    if isinstance(action, Shoot):
        target = state.fighter(action.target)
        return 8.0 + (target.wound if target else 0) * 0.3 - (0.5 if action.walk_after else 0)
    if isinstance(action, Cast):
        target = state.fighter(action.target)
        if target is None:
            return -1.0
        if target.owner != seat:
            return 7.0 + target.wound * 0.3
        return 3.0 if board.contacts(state, target) and target.shield == 0 else -1.0
    if isinstance(action, Walk):
        return _walk(state, action)
    if isinstance(action, Disengage):
        return -1.0  # stays in the fight
    if isinstance(action, Finish):
        return 0.5
    if isinstance(action, Dive):
        f = state.fighter(state.shot.target) if state.shot else None
        return 1.0 if (f is not None and _fragile(f)) == action.dive else 0.0
    if isinstance(action, Dice):
        return _dice(state, seat, action)
    return 0.0


def _draw(state: ConfState, seat: int, action: Draw) -> float:
    assert state.seq is not None
    mine, theirs = state.seq.sides[seat], state.seq.sides[1 - seat]
    if action.choice == "refuse":
        return 1.5 if len(theirs.pile) > len(mine.pile) else -1.0
    if action.choice == "play":
        return 1.0
    if action.choice == "play_both":
        return 1.2 if len(theirs.pile) < len(mine.pile) else 0.8
    if action.choice == "play_reserve":
        return 0.9
    return 0.3  # reserve


def _declare(state: ConfState, action: Declare) -> float:
    f = state.fighter(action.fighter)
    assert f is not None
    p = PROFILES[f.profile]
    if f.dove:
        return 9.0 if action.what == "cover" else -1.0
    if action.what in ("charge", "engage"):
        target = state.fighter(action.target or "")
        if target is None or (p.weapon is not None and action.what == "engage"):
            return -1.0
        if PROFILES[target.profile].fear > p.courage + 3 and p.fear == 0:
            return -0.5  # too frightening to charge
        bonus = 1.0 if action.what == "charge" else 0.0
        return 6.0 + bonus + target.wound - board.distance(f, target) / 10_000
    if action.what == "run":
        if p.weapon is not None or p.power:
            return -1.0
        enemy = _nearest_enemy(state, f)
        far = enemy is not None and board.distance(f, enemy) > 2 * p.mou
        return 3.0 if far else -1.0
    return -1.0  # cover: only when it dove


def _walk(state: ConfState, action: Walk) -> float:
    f = state.fighter(action.fighter)
    assert f is not None
    if board.contacts(state, f):
        return -1.0  # stays in the fight
    p = PROFILES[f.profile]
    moved = f.model_copy(update={"x": action.path[-1][0], "y": action.path[-1][1]})
    enemy = _nearest_enemy(state, moved)
    if enemy is None:
        return 0.0
    d = board.distance(moved, enemy)
    if p.weapon is not None:  # keep at medium range
        want = int(p.weapon.medium * 100)
        return 2.0 - abs(d - want) / 10_000
    return 2.0 - d / 10_000


def _dice(state: ConfState, seat: int, action: Dice) -> float:
    c = state.combats[0]
    mine = [f for fid in c.fighters[seat] if (f := state.fighter(fid)) is not None]
    theirs = [f for fid in c.fighters[1 - seat] if (f := state.fighter(fid)) is not None]
    if not mine or not theirs:
        return 0.0
    att = max(PROFILES[f.profile].attack + PROFILES[f.profile].strength for f in mine)
    dfn = max(PROFILES[f.profile].defense + PROFILES[f.profile].resilience for f in theirs)
    top = max_dice(state, seat)
    want = top if att >= dfn else (top + 1) // 2
    return -abs(action.attack - want)


def reason(state: ConfState, seat: int, action: Any) -> Text | None:
    """The plain rule of `score` that makes this move the AI's choice, as a sentence; what it knows of the
    other side is public (the size of its sequence, its fighters' profiles). None: no rule of its own."""
    key = "confrontation.advice."
    if isinstance(action, Order):
        return txt(key + "order") if action.cards == advised_order(state, seat) else None
    if isinstance(action, Lead):
        return txt(key + ("lead_give" if action.first != seat else "lead_take"))
    if isinstance(action, Draw) and state.seq is not None:
        mine, theirs = len(state.seq.sides[seat].pile), len(state.seq.sides[1 - seat].pile)
        if action.choice == "refuse" and theirs > mine:
            return txt(key + "refuse", mine=mine, theirs=theirs)
        if action.choice == "play_both" and theirs < mine:
            return txt(key + "play_both", mine=mine, theirs=theirs)
        return txt(key + "play") if action.choice == "play" else None
    fighter = state.fighter(getattr(action, "fighter", ""))
    if fighter is None:
        return _dice_reason(state, seat, action) if isinstance(action, Dice) else _dive_reason(state, action)
    who = _name(fighter)
    if isinstance(action, Declare):
        target = state.fighter(action.target or "")
        if action.what in ("charge", "engage") and target is not None:  # the most wounded, then the nearest
            near = "_near" if target.wound == 0 else ""
            return txt(key + action.what + near, who=who, target=_name(target), n=target.wound)
        if action.what == "run" or (action.what == "cover" and fighter.dove):
            return txt(key + ("run" if action.what == "run" else "cover_dove"), who=who)
        return None
    if isinstance(action, Resolve):
        fragile = fighter.exclusive == "cover" and _fragile(fighter)
        return txt(key + ("resolve_cover" if fragile else "resolve_close"), who=who)
    if isinstance(action, Shoot):
        return txt(key + "shoot", who=who, target=_name(state.fighter(action.target)))
    if isinstance(action, Cast):
        target = state.fighter(action.target)
        if target is None:
            return None
        return txt(key + ("cast_enemy" if target.owner != seat else "cast_shield"), who=who, target=_name(target))
    if isinstance(action, Walk) and not board.contacts(state, fighter):
        return txt(key + ("walk_range" if PROFILES[fighter.profile].weapon is not None else "walk_close"), who=who)
    if isinstance(action, Finish):
        return txt(key + "finish", who=who)
    return None


def _dive_reason(state: ConfState, action: Any) -> Text | None:
    f = state.fighter(state.shot.target) if isinstance(action, Dive) and state.shot else None
    if f is None:
        return None
    return txt("confrontation.advice." + ("dive" if action.dive else "no_dive"), who=_name(f))


def _dice_reason(state: ConfState, seat: int, action: Dice) -> Text | None:
    """The split of the combat dice: all in attack when one's best attack matches their best defence."""
    c = state.combats[0] if state.combats else None
    if c is None:
        return None
    mine = [f for fid in c.fighters[seat] if (f := state.fighter(fid)) is not None]
    theirs = [f for fid in c.fighters[1 - seat] if (f := state.fighter(fid)) is not None]
    if not mine or not theirs:
        return None
    att = max(PROFILES[f.profile].attack + PROFILES[f.profile].strength for f in mine)
    dfn = max(PROFILES[f.profile].defense + PROFILES[f.profile].resilience for f in theirs)
    key = "confrontation.advice.dice_attack" if att >= dfn else "confrontation.advice.dice_split"
    return txt(key, n=action.attack, total=max_dice(state, seat), att=att, dfn=dfn)
