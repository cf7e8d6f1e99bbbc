"""Confrontation's search AI (#28): the card games' search (bot/ai/search.py) on its seat's view, over the
decisions that matter, with cheap moves.

The table's geometry is slow (a menu of destinations costs tens of milliseconds), so the search tells apart
only what the sequence and the fight turn on: the sequence's order, who leads, each tour de parole (play,
reserve, both, refuse), the exclusive action each fighter declares (charge, engage, run, cover), shooting,
casting or walking, diving for cover and the split of the combat dice. Where a fighter walks or runs is the
greedy player's single choice (one goal, not a menu). Each iteration deals the other side's sequence from
what the seat has not seen (`determinize`), plays the move, and rolls the greedy player on for both sides
until that move has played out (`settled`): the tour de parole with its activations, the exclusive moves
declared, the fighter's cumulative actions, the shot or the combat. Chance comes from the iteration's own
generator, and the budget counts iterations, never the clock: the same view and seed give the same move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.search import Budget, GameSearch, SearchAgent, Thought, logistic
from bot.engine import ANY, Agent, AnyGame, RandomSource, Rng, Seat, Text

from . import board, rules
from .actions import Cast, Declare, Declared, Disengage, Finish, Forgo, Resolve, Shoot, Walk
from .ai import ConfAgent, reason, score
from .content import PROFILES, SCENARIOS, SPELLS, WARBANDS
from .state import ConfState, Fighter
from .suggest import _short_of, contact_path, contact_point, rules_tour, suggestions

#: Decisions whose every choice is cheap to list and check: the kernel's suggestions serve as they are.
CHEAP = ("sequence", "lead", "draw", "dive", "dice")
#: Iterations and root width per level: bounded by count (deterministic), never by the clock.
BUDGETS = {"normal": Budget(6, None, 3), "hard": Budget(24, None, 4)}
#: The decisions searched: the fights at every level; the draw (a whole tour de parole and its answer
#: rolled out, seconds on the table's geometry) only at hard.
SEARCHED = ("declare", "fighter", "dive", "dice")
SEARCHED_HARD = (*SEARCHED, "draw", "lead")
#: A rollout's safety net, in decisions (a tour de parole with two cards played together stays under it).
HORIZON = 40
#: Value points for one step of the logistic: a tenth of an army.
SCALE = 0.1


# -- cheap moves ---------------------------------------------------------------------------------------
def _toward(state: ConfState, f: Fighter, goal: tuple[int, int], allowance: int) -> tuple[int, int] | None:
    """As far as the allowance goes toward `goal`, a centimetre short of any enemy (suggest.destinations
    for one goal)."""
    table = board.table(state.scenario)
    mover = board.base(f)
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    enemies = [board.base(o) for o in state.fighters if o.owner != f.owner]
    end = table.furthest_toward(mover, goal, others, allowance)
    stop = table.engagement_stop(mover, [f.centre, end], enemies, board.CM)
    if stop is not None:
        end = _short_of(f.centre, table.furthest_toward(mover, stop, others, allowance), board.CM)
    return None if end == f.centre else end


def _nearest(state: ConfState, f: Fighter) -> Fighter | None:
    foes = [o for o in state.fighters if o.owner != f.owner]
    return min(foes, key=lambda o: (board.distance(f, o), o.id)) if foes else None


def _cover_goal(state: ConfState, f: Fighter) -> tuple[int, int] | None:
    """The centre of the nearest piece of cover (rocks block, they do not cover)."""
    best: tuple[int, tuple[int, int]] | None = None
    for piece in SCENARIOS[state.scenario].terrain:
        if piece.kind == "rock":
            continue
        pts = piece.points()
        c = (sum(p[0] for p in pts) // len(pts), sum(p[1] for p in pts) // len(pts))
        d = (c[0] - f.x) ** 2 + (c[1] - f.y) ** 2
        if best is None or d < best[0]:
            best = (d, c)
    return best[1] if best else None


def _move_end(state: ConfState, f: Fighter, what: str, allowance: int) -> tuple[int, int] | None:
    """Where the greedy player's move ends: in the nearest cover; for a shooter, back out of short range,
    up to medium range, or nowhere (it shoots without moving); else as near the nearest enemy as it goes."""
    goal = _cover_goal(state, f) if what == "cover" else None
    enemy = _nearest(state, f)
    if what != "cover" and enemy is not None:
        goal = enemy.centre
        weapon = PROFILES[f.profile].weapon
        d = board.distance(f, enemy)
        if weapon is not None and d < int(weapon.short * 100):
            lo, hi = board.deploy_zone(state.scenario, f.owner)
            goal = (f.x, (lo + hi) // 2)
        elif weapon is not None:
            want = int(weapon.medium * 100)
            if d <= want:
                return None
            allowance = min(allowance, d - want)
    return _toward(state, f, goal, allowance) if goal is not None else None


def _declares(state: ConfState, seat: int) -> list[Any]:
    """Close the announces, or for each fighter of the tour: charge or engage the enemies within reach
    of twice its move (nearest first), run, or move to cover."""
    out: list[Any] = [Declared()]
    enemies = [o for o in state.fighters if o.owner != seat]
    for f in rules_tour(state, seat):
        if f.exclusive is not None:
            continue
        reach = 2 * PROFILES[f.profile].mou + 2 * board.CM
        for o in sorted(enemies, key=lambda o: (board.distance(f, o), o.id))[:3]:
            # straight into contact only: a path round the rocks is searched at each check, seconds in a crowd
            if board.distance(f, o) <= reach and contact_point(state, f.model_copy(update={"exclusive": "charge"}), o):
                out += [
                    Declare(fighter=f.id, what="charge", target=o.id),
                    Declare(fighter=f.id, what="engage", target=o.id),
                ]
        out += [Declare(fighter=f.id, what="run"), Declare(fighter=f.id, what="cover")]
    return out


def _covers(state: ConfState, seat: int) -> list[Any]:
    return [Declare(fighter=f.id, what="cover") for f in rules_tour(state, seat) if f.exclusive is None and f.dove]


def _exclusive(state: ConfState, seat: int) -> list[Any]:
    """The first fighter with an exclusive action to resolve: its one move, or giving it up."""
    for f in rules_tour(state, seat):
        if f.exclusive is None or f.resolved:
            continue
        out: list[Any] = []
        if f.exclusive in ("charge", "engage"):
            target = state.fighter(f.target or "")
            way = contact_path(state, f, target) if target is not None else None
            if way is not None:
                out.append(Resolve(fighter=f.id, path=way))
        else:
            end = _move_end(state, f, f.exclusive, rules.allowance(f, f.exclusive))
            if end is not None:
                out.append(Resolve(fighter=f.id, path=(end,)))
        return [*out, Forgo(fighter=f.id)]
    return []


def _cumulative(state: ConfState, seat: int, walks: bool) -> list[Any]:
    """Shots, spells and the end of each fighter's activation; one walk (the greedy player's goal) for
    the fighter under way, or the first, when `walks`."""
    fighters = [f for f in rules_tour(state, seat) if f.exclusive is None]
    fighters.sort(key=lambda f: f.id != state.current)
    enemies = sorted((o for o in state.fighters if o.owner != seat), key=lambda o: o.id)
    friends = [o for o in state.fighters if o.owner == seat]
    out: list[Any] = []
    for i, f in enumerate(fighters):
        p = PROFILES[f.profile]
        if p.weapon is not None:
            for o in enemies:
                out.append(Shoot(fighter=f.id, target=o.id))
                if not f.walked:
                    out.append(Shoot(fighter=f.id, target=o.id, walk_after=True))
        for sid in p.spells:
            out += [Cast(fighter=f.id, spell=sid, target=o.id) for o in (enemies if _harms(sid) else friends)]
        if walks and i == 0 and not f.walked:
            end = _move_end(state, f, "walk", p.mou)
            if end is not None:
                out.append((Walk if board.free(state, f) else Disengage)(fighter=f.id, path=(end,)))
        out.append(Finish(fighter=f.id))
    return out


def _harms(spell: str) -> bool:
    return bool(SPELLS[spell].strength)


def moves(state: ConfState, seat: int, walks: bool = True) -> list[Any]:
    """The seat's moves worth telling apart, unchecked (cheap: at most one geometric goal each)."""
    if not state.stack or seat not in state.stack[-1].waiting():
        return []
    kind = state.stack[-1].kind
    if kind in CHEAP:
        return [c.action for c in suggestions(state, seat, ANY)]
    if kind == "declare":  # a rollout closes the announces (a diver still moves to cover): checks are dear
        return _declares(state, seat) if walks else [Declared(), *_covers(state, seat)]
    if kind == "exclusive":
        return _exclusive(state, seat)
    if kind == "fighter":
        return _cumulative(state, seat, walks)
    return []


def legal_best(state: ConfState, seat: int, actions: Sequence[Any], n: int, tries: int = 10) -> list[Any]:
    """The `n` best of `actions` by the greedy score that the rules accept (checked lazily, best first,
    at most `tries` checks: a check of a charge searches a path)."""
    out: list[Any] = []
    for action in sorted(actions, key=lambda a: -score(state, seat, a))[:tries]:
        try:
            rules.check(state, seat, action)
        except Exception:
            continue
        out.append(action)
        if len(out) >= n:
            break
    return out


def greedy(state: ConfState, seat: int, walks: bool = True) -> Any:
    """The greedy player's choice on cheap moves (the rollout policy, and the search's geometric moves)."""
    best = legal_best(state, seat, moves(state, seat, walks), 1)
    if best:
        return best[0]
    choices = suggestions(state, seat, ANY)  # nothing cheap passed: the full menu
    return max(choices, key=lambda c: score(state, seat, c.action)).action if choices else None


# -- the evaluation ------------------------------------------------------------------------------------
def evaluate(state: ConfState, seat: int) -> float:
    """The part of the other army eliminated or wounded, minus one's own, plus the fights one's fighters
    are in, by attack against defence (a charge that lands well scores before its combat is rolled)."""
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if seat in state.winners else -1.0)
    total = 0.0
    for s in (0, 1):
        army = WARBANDS[state.sides[s].warband].cost
        hurt = state.sides[s].lost + sum(PROFILES[f.profile].cost * f.wound / 4 for f in state.of(s))
        total += (hurt / army) * (-1.0 if s == seat else 1.0)
    return total + 0.05 * _fights(state, seat)


def _fights(state: ConfState, seat: int) -> float:
    """Each contact, in [-1, 1]: whose blows tell (ATT + FOR against DEF + RES, a charge's bonus counted),
    a tenth for each point between the two sides' margins."""
    out = 0.0
    for f in state.of(seat):
        for o in board.contacts(state, f):
            pf, po = PROFILES[f.profile], PROFILES[o.profile]
            mine = pf.attack + pf.strength + (2 if f.charged else 0) - po.defense - po.resilience - o.shield
            theirs = po.attack + po.strength + (2 if o.charged else 0) - pf.defense - pf.resilience - f.shield
            out += max(-1.0, min(1.0, (mine - theirs) / 10))
    return out


# -- the spec ------------------------------------------------------------------------------------------
class ConfSearch(GameSearch):
    """What the search needs from Confrontation: the cheap moves checked, the greedy ranking and rollout
    (where a fighter moves is the greedy's one goal), the end of what the move sets going, the evaluation."""

    horizon = HORIZON

    def __init__(self, game: AnyGame, searched: tuple[str, ...] = SEARCHED, width: int = 3) -> None:
        super().__init__(game)
        self.searched = searched
        self.width = width

    def candidates(self, state: ConfState, seat: int) -> list[Any]:
        kind = state.stack[-1].kind if state.stack else ""
        # where a fighter moves, and the decisions this level does not search: the greedy's one choice
        found = legal_best(state, seat, moves(state, seat), self.width if kind in self.searched else 1)
        return found or [greedy(state, seat)]

    def ranked(self, state: ConfState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        return sorted(moves, key=lambda a: -score(state, seat, a))  # stable: the order found breaks ties

    def rollout(self, state: ConfState, seat: int, rng: RandomSource) -> Any:
        return greedy(state, seat, walks=False)

    def settled(self, start: ConfState, state: ConfState) -> bool:
        """Once what the root move set going has played out: the tour de parole (the next speaker is
        asked), the fighter's actions, the shot, the combat; or a new phase."""
        if state.phase != start.phase or state.turn != start.turn or not state.stack:
            return True
        kind = start.stack[-1].kind if start.stack else ""
        now = state.stack[-1].kind
        if kind in ("draw", "lead"):  # both sides have spoken since: the answer to the move is in
            return now == "draw" and _spoke(start, state, 0) and _spoke(start, state, 1)
        if kind in ("declare", "exclusive"):  # the exclusive moves resolved (a charge lands or not)
            return now not in ("declare", "exclusive")
        if kind == "fighter":
            return now == "draw" or state.current != start.current
        if kind == "dive":
            return state.shot is None
        if kind == "dice":
            return len(state.combats) != len(start.combats)
        return True

    def value(self, state: ConfState, seat: int) -> float:
        return logistic(evaluate(state, seat), SCALE)

    def reason(self, state: ConfState, seat: int, action: Any) -> Text | None:
        """The advice's sentence: the greedy player's plain rule, when it is the one that chose too."""
        return reason(state, seat, action)


def _spoke(start: ConfState, state: ConfState, seat: int) -> bool:
    """Whether `seat` has made a choice of the draw since `start` (or has nothing left to choose)."""
    if start.seq is None or state.seq is None:
        return state.seq is not None
    return state.seq.sides[seat] != start.seq.sides[seat] or state.seq.sides[seat].empty


class ConfSearchAgent(SearchAgent):
    """The search over Confrontation's cheap moves, flat and on common deals: each of the greedy player's
    best few moves is rolled out on the same deals and the same dice (an iteration's seed), so that what
    tells them apart is the move, not the luck of one roll; with a handful of rollouts a move, UCB's
    uneven samples would pick by luck. The greedy player's own choice stands unless another does better
    by `margin`. Candidates are checked once, on the first deal: what is legal depends only on the table
    and the seat's own sequence, the same in every deal. The budget's iterations count rollouts."""

    #: How much better (in value) than the greedy player's choice another move must do to be chosen.
    margin = 0.02

    def choose(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Any:
        start = self.clock()
        first = game.determinize(view, rng)
        moves = list(self.spec.candidates(first, seat))
        ranked = self.spec.ranked(first, seat, moves, rng)[: max(1, self.budget.width)]
        if len(ranked) <= 1:
            self.last = Thought(0, self.clock() - start)
            return ranked[0] if ranked else None
        deals = max(1, self.budget.iterations // len(ranked))
        totals = [0.0] * len(ranked)
        for k in range(deals):
            state = first if k == 0 else game.determinize(view, rng)
            seed = rng.below(1 << 62) + 1
            for i, move in enumerate(ranked):
                totals[i] += self._played_out(game, state, seat, move, Rng(seed))
        means = [t / deals for t in totals]
        keys = [game.encode_action(m) for m in ranked]
        self.last = Thought(deals * len(ranked), self.clock() - start, dict(zip(keys, means, strict=True)))
        best = max(range(len(ranked)), key=lambda i: (means[i] - (self.margin if i else 0.0), -i))
        return ranked[best]

    def _played_out(self, game: AnyGame, state: Any, me: Seat, move: Any, rng: Rng) -> float:
        """The value of `move` once what it sets going has played out, the greedy player on both sides."""
        origin = state
        state = game.apply(state, me, move, rng).state
        for _ in range(self.spec.horizon):
            if game.outcome(state) is not None or self.spec.settled(origin, state):
                break
            actor = min(game.to_act(state))
            reply = self.spec.rollout(state, actor, rng)
            if reply is None:
                break
            state = game.apply(state, actor, reply, rng).state
        return self.spec.value(state, me)


def conf_agent(game: AnyGame, level: str) -> Agent:
    """Easy is today's greedy player (ConfAgent); normal and hard the search with their budget."""
    if level == "easy":
        return ConfAgent()
    budget = BUDGETS.get(level, BUDGETS["normal"])
    searched = SEARCHED_HARD if level == "hard" else SEARCHED
    return ConfSearchAgent(ConfSearch(game, searched, budget.width), budget)
