"""The combat phase (not in our document; research §2.2 gathers the public facts, our decisions are
D-CON-11 and D-CON-12): mêlées split into combats of one against several, initiative, each side's
combat dice split between attack and defence, then blows exchanged with the initiative winner first.
"""

from __future__ import annotations

from bot.engine import PHASE, RandomSource, decision, public

from . import board, dice
from .content import PROFILES
from .effects import Events, hurt, named
from .rules import combat_dice
from .state import Combat, ConfState, Fighter

CHARGE_BONUS = 2  # the side that charged in this combat, to its initiative (VII-A-4's penalties, D-CON-12)


def melees(state: ConfState) -> list[tuple[list[str], list[str]]]:
    """Each mêlée as split into combats (D-CON-11): in a group of fighters in contact, each fighter of
    the smaller side (the tactic loser's side when equal) anchors a combat; each enemy touching it is
    matched to one anchor first, then the others join the anchor they touch that has the fewest."""
    touching: dict[str, set[str]] = {f.id: {o.id for o in board.contacts(state, f)} for f in state.fighters}
    seen: set[str] = set()
    out: list[tuple[list[str], list[str]]] = []
    for f in state.fighters:
        if f.id in seen or not touching[f.id]:
            continue
        group, todo = set(), [f.id]
        while todo:
            fid = todo.pop()
            if fid in group:
                continue
            group.add(fid)
            todo.extend(touching[fid] - group)
        seen |= group
        members = [o for o in state.fighters if o.id in group]
        by_side = [[o.id for o in members if o.owner == s] for s in (0, 1)]
        loser = 1 - (state.tactic or 0)
        anchor_side = 0 if len(by_side[0]) < len(by_side[1]) else 1 if len(by_side[1]) < len(by_side[0]) else loser
        anchors, others = by_side[anchor_side], by_side[1 - anchor_side]
        combats: dict[str, list[str]] = {a: [] for a in anchors}
        extra: dict[str, list[str]] = {a: [] for a in anchors}  # anchors that found no enemy of their own
        free_others = sorted(others, key=lambda o: (len(touching[o]), o))
        for a in sorted(anchors, key=lambda a: (len(touching[a]), a)):
            mine = [o for o in free_others if o in touching[a]]
            if mine:
                combats[a].append(mine[0])
                free_others.remove(mine[0])
        for o in free_others:
            best = min((a for a in anchors if a in touching[o]), key=lambda a: (len(combats[a]), a))
            combats[best].append(o)
        for a in anchors:
            if not combats[a]:  # joins the combat of an enemy it touches
                host = next(h for h in anchors if combats[h] and set(combats[h]) & touching[a])
                extra[host].append(a)
        for a in anchors:
            if combats[a]:
                mine_side = [a, *extra[a]]
                pair = (mine_side, combats[a]) if anchor_side == 0 else (combats[a], mine_side)
                out.append(pair)
    return out


def start(state: ConfState, rng: RandomSource, ev: Events) -> ConfState:
    ev.append(public(PHASE, phase={"key": "confrontation.phase.combat", "params": {}}, turn=state.turn))
    combats = tuple(Combat(fighters=(tuple(a), tuple(b)), winner=-1) for a, b in melees(state))
    return _open(state.model_copy(update={"phase": "combat", "combats": combats}), rng, ev)


def _initiative(state: ConfState, c: Combat, rng: RandomSource, ev: Events) -> int:
    """Each side's best Initiative in the combat rolls 1d6 + INI (+2 for the side that charged); ties and
    double fumbles are rolled again (research §2.2)."""
    best: list[Fighter] = []
    for side in c.fighters:
        fighters = [f for fid in side if (f := state.fighter(fid)) is not None]
        best.append(
            max(fighters, key=lambda f: (PROFILES[f.profile].initiative - dice.penalty(f.wound, f.stunned), f.id))
        )
    charged = [any(f.charged for fid in side if (f := state.fighter(fid)) is not None) for side in c.fighters]
    while True:
        rolls = [
            dice.test(
                rng,
                PROFILES[f.profile].initiative - dice.penalty(f.wound, f.stunned) + (CHARGE_BONUS if charged[s] else 0),
            )
            for s, f in enumerate(best)
        ]
        keys = [(not r.fumble, r.total) for r in rolls]
        ev.append(public("initiative", who=named(best[0]), whom=named(best[1]), a=rolls[0].total, b=rolls[1].total))
        if keys[0] != keys[1]:
            return 0 if keys[0] > keys[1] else 1


def _open(state: ConfState, rng: RandomSource, ev: Events) -> ConfState:
    """The next combat: its initiative, then the loser splits its dice first."""
    if not state.combats or state.winners is not None:
        return state.model_copy(
            update={"phase": "mystic" if state.winners is None else "over", "combats": (), "stack": ()}
        )
    c = state.combats[0]
    winner = _initiative(state, c, rng, ev)
    c = c.model_copy(update={"winner": winner})
    ev.append(public("combat", seat=winner, who=[named(f) for fid in c.fighters[winner] if (f := state.fighter(fid))]))
    state = state.model_copy(update={"combats": (c, *state.combats[1:]), "last": c.fighters[0] + c.fighters[1]})
    return state.model_copy(update={"stack": (decision("dice", 1 - winner),)})


def allocate(state: ConfState, seat: int, attack: int, rng: RandomSource, ev: Events) -> ConfState:
    c = state.combats[0]
    split = list(c.attack)
    split[seat] = attack
    c = c.model_copy(update={"attack": (split[0], split[1])})
    ev.append(public("dice", seat=seat, n=attack))
    state = state.model_copy(update={"combats": (c, *state.combats[1:])})
    if c.attack[c.winner] is None:
        return state.model_copy(update={"stack": (decision("dice", c.winner),)})
    state = fight(state, c, rng, ev)
    return _open(state.model_copy(update={"combats": state.combats[1:]}), rng, ev)


def fight(state: ConfState, c: Combat, rng: RandomSource, ev: Events) -> ConfState:
    """The exchanges of blows: attack dice alternate side by side, the initiative winner first, each
    side's fighters in turn; each blow is 1d6 + ATT (a natural 1 misses); the target spends a defence
    die if it has one, 1d6 + DEF, and parries on as much; else a wound roll at the attacker's Force."""
    attack: dict[str, int] = {}
    defence: dict[str, int] = {}
    for s in (0, 1):
        for fid in c.fighters[s]:
            f = state.fighter(fid)
            if f is None:
                continue
            n = combat_dice(state, f, len(c.fighters[1 - s]))
            attack[fid] = min(n, c.attack[s] or 0)
            defence[fid] = n - attack[fid]
    queues = [[fid for fid in _round_robin(c.fighters[s], attack)] for s in (0, 1)]
    order = [c.winner, 1 - c.winner]
    while any(queues) and state.winners is None:
        for s in order:
            if not queues[s]:
                continue
            fid = queues[s].pop(0)
            f = state.fighter(fid)
            if f is None:
                continue
            foes = [o for oid in c.fighters[1 - s] if (o := state.fighter(oid)) is not None]
            if not foes:
                return state
            near = [o for o in foes if board.in_contact(f, o)] or foes
            target = min(near, key=lambda o: (-o.wound, defence.get(o.id, 0), o.id))  # D-CON-11
            state = _blow(state, f, target, defence, rng, ev)
    return state


def _round_robin(side: tuple[str, ...], attack: dict[str, int]) -> list[str]:
    out: list[str] = []
    left = {fid: attack.get(fid, 0) for fid in side}
    while any(left.values()):
        for fid in side:
            if left[fid]:
                out.append(fid)
                left[fid] -= 1
    return out


def _blow(
    state: ConfState, f: Fighter, target: Fighter, defence: dict[str, int], rng: RandomSource, ev: Events
) -> ConfState:
    p, q = PROFILES[f.profile], PROFILES[target.profile]
    hit = dice.test(rng, p.attack - dice.penalty(f.wound, f.stunned))
    ev.append(public("blow", who=named(f), whom=named(target), dice=list(hit.dice), total=hit.total, miss=hit.fumble))
    if hit.fumble:
        return state
    if defence.get(target.id, 0) > 0:
        defence[target.id] -= 1
        parry = dice.test(rng, q.defense + target.shield - dice.penalty(target.wound, target.stunned))
        ok = parry.beats(hit.total)
        ev.append(public("parry", who=named(target), dice=list(parry.dice), total=parry.total, ok=ok))
        if ok:
            return state
    return hurt(state, target.id, p.strength, ev, rng)
