"""Confrontation's AI levels (#28) above the greedy player of ai.py (easy).

**Normal** (`TacticalAgent`) looks once at the menu of its seat's view, scored by the greedy player's
rules corrected by `tactics`: shots, spells and charges by their odds in army points, no charge into a
losing exchange, and no walk or run that ends within reach of an enemy still able to strike this turn
(its charge, or a magician's bolts: `tactics.reach`).
The table's menus are slow (each walk searched round the rocks, each choice checked: hundreds of
milliseconds in a crowd), so normal lists the menu's choices with straight moves only, plus the furthest
safe point toward the nearest enemy, straight and, for a melee fighter, along the shortest path round the
woods (a straight run ends in the wood, and the next charge out of it costs double), and checks the best
first: one check, not thirty.

**Hard** (`ConfSearchAgent`) is normal, with the card games' search (bot/ai/search.py) where a fighter
is shot at before its activation: diving or not is rolled out on common deals of the other side's
sequence (`determinize`: what the seat has not seen) and common dice, cheap moves on both sides (`moves`:
one straight goal each, out of the enemy's reach), until the shot is resolved (`settled`), and scored by
the army eliminated or wounded and the moves to cover still owed (`SEARCHED` says why not more). The
budget counts rollouts, never the clock: the same view and seed give the same move.

Where a fighter moves is computed from the positions alone, and cached by them (`_toward_on`): the
search's deals and rollouts ask the same move of the same table again and again.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.ai.advice import Advice
from bot.ai.search import Budget, GameSearch, SearchAgent, Thought, logistic
from bot.engine import ANY, Agent, AnyGame, RandomSource, Rng, Seat, Text, txt
from bot.table import paths
from bot.table.geometry import Base
from bot.table.routes import EFFORT, _within_allowance
from bot.table.units import Point

from . import board, rules, tactics
from .actions import Cast, Declare, Declared, Disengage, Draw, Finish, Forgo, Resolve, Shoot, Walk
from .ai import ConfAgent, reason, score
from .content import PROFILES, SCENARIOS, SPELLS, WARBANDS
from .state import ConfState, Fighter
from .suggest import _declarations, _name, _short_of, contact_path, contact_point, rules_tour, suggestions, ways

#: Decisions whose every choice is cheap to list and check: the kernel's suggestions serve as they are.
CHEAP = ("sequence", "lead", "draw", "dive", "dice")
#: The hard level's rollouts and root width: bounded by count (deterministic), never by the clock.
BUDGET = Budget(24, None, 3)
#: The decisions hard searches: the dive, played out both ways with the move to cover it owes counted;
#: the rest is the normal level's one choice (`tactical_best`). Searching the declarations and a
#: fighter's actions too won 10 of 20 seeded games against the greedy player (11 with a margin of 0.1),
#: where normal won 12 of the same 20: rollouts on cheap moves judged them worse than normal's odds.
SEARCHED = ("dive",)
#: A fighter that dove owes a move to cover at its activation (V-C-4): that activation's worth, as a
#: share of the fighter's cost, counted against its side until it is activated.
OWED = 0.1
#: A rollout's safety net, in decisions (a tour de parole with two cards played together stays under it).
HORIZON = 40
#: Value points for one step of the logistic: a tenth of an army.
SCALE = 0.1


# -- cheap moves ---------------------------------------------------------------------------------------
def _toward(state: ConfState, f: Fighter, goal: tuple[int, int], allowance: int) -> tuple[int, int] | None:
    """As far as the allowance goes toward `goal`, a centimetre short of any enemy (suggest.destinations
    for one goal)."""
    bases = tuple(board.base(o) for o in state.fighters)
    return _toward_on(state.scenario, bases, board.base(f), goal, allowance)


@lru_cache(maxsize=8192)
def _toward_on(
    scenario: str, bases: tuple[Base, ...], mover: Base, goal: tuple[int, int], allowance: int
) -> tuple[int, int] | None:
    """`_toward` on the table's bases: cached, since the search's deals and rollouts ask the same move of
    the same positions again and again (the positions are the key: a state never changes under it)."""
    table = board.table(scenario)
    others = [b for b in bases if b.id != mover.id]
    enemies = [b for b in bases if b.side != mover.side]
    end = table.furthest_toward(mover, goal, others, allowance)
    stop = table.engagement_stop(mover, [mover.centre, end], enemies, board.CM)
    if stop is not None:
        end = _short_of(mover.centre, table.furthest_toward(mover, stop, others, allowance), board.CM)
    return None if end == mover.centre else end


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
    up to medium range, or nowhere (it shoots without moving); else as near the nearest enemy as it goes,
    a walk or a run stopping out of reach of the enemies that can still strike this turn (`_safe_toward`)."""
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
    if goal is None:
        return None
    if what != "cover":
        return _safe_toward(state, f, goal, allowance)
    return _toward(state, f, goal, allowance)


def _round_end(state: ConfState, f: Fighter, what: str, allowance: int) -> tuple[Point, ...] | None:
    """A walk or a run toward the nearest enemy along the shortest path round difficult terrain
    (`paths.shortest_path`): a straight run into a wood spends double there and leaves the next charge
    to cross the rest of it. As far as the path goes out of reach of the enemies still able to strike
    (`_safe_toward`'s steps); None when it is straight, unsafe or not a legal move."""
    enemy = _nearest(state, f)
    if what not in ("run", "walk") or enemy is None or PROFILES[f.profile].weapon is not None:
        return None
    bases = tuple(board.base(o) for o in state.fighters)
    full = _round_on(state.scenario, bases, board.base(f), enemy.id)
    if full is None or len(full) < 3:
        return None
    enemies = tactics.threats(state, f.owner)
    exposed = not enemies or tactics.reached(state, f, f.centre, enemies)
    table = board.table(state.scenario)
    mover, others = board.base(f), [b for b in bases if b.id != f.id]
    for tenths in (10,) if exposed else (10, 8, 6, 4, 2):
        route = _within_allowance(table, full, allowance * tenths // 10)
        if route is None or route[-1] == f.centre:
            return None
        if not exposed and tactics.reached(state, f, route[-1], enemies):
            continue
        if table.move_problem(mover, [f.centre, *route], others, allowance) is not None:
            return None
        return route
    return None


@lru_cache(maxsize=4096)
def _round_on(scenario: str, bases: tuple[Base, ...], mover: Base, target: str) -> tuple[Point, ...] | None:
    """The shortest path (start included) of `mover` toward the base `target` round difficult terrain,
    stopped a centimetre short of the first enemy it would touch; cached by the positions, as `_toward_on`."""
    table = board.table(scenario)
    goal = next(b for b in bases if b.id == target)
    around = [b for b in bases if b.id not in (mover.id, target)]
    woods = [t.polygon for t in table.difficult_pieces]
    # round the woods, never through: the cheapest path may cross a wood that costs less than its way round,
    # and a run that ends in one leaves the next charge to cross the rest
    way = paths.shortest_path(table, mover, goal.centre, around, avoid=woods, effort=EFFORT) if woods else None
    if way is None:
        return None
    full = (mover.centre, *way)
    stop = table.engagement_stop(mover, full, [b for b in bases if b.side != mover.side], board.CM)
    if stop is None:
        return full
    cut = _cut_short(full, stop)
    return cut if len(cut) >= 2 else None


def _cut_short(full: tuple[Point, ...], stop: Point) -> tuple[Point, ...]:
    """`full` up to the segment `stop` lies on, ending a centimetre short of `stop`."""
    best, best_d = 0, None
    for i in range(len(full) - 1):
        (px, py), (qx, qy) = full[i], full[i + 1]
        dx, dy = qx - px, qy - py
        n2 = dx * dx + dy * dy
        t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((stop[0] - px) * dx + (stop[1] - py) * dy) / n2))
        d = (px + t * dx - stop[0]) ** 2 + (py + t * dy - stop[1]) ** 2
        if best_d is None or d < best_d - 1e-9:
            best, best_d = i, d
    end = _short_of(full[best], stop, board.CM)
    return (*full[: best + 1], end) if end != full[best] else full[: best + 1]


def _safe_toward(state: ConfState, f: Fighter, goal: tuple[int, int], allowance: int) -> tuple[int, int] | None:
    """The furthest of a few steps toward `goal` that no enemy able to strike this turn reaches (where
    it stands already reached, the full move: nowhere is safe nearer); None when no step is."""
    enemies = tactics.threats(state, f.owner)
    if not enemies or tactics.reached(state, f, f.centre, enemies):
        return _toward(state, f, goal, allowance)
    for tenths in (10, 8, 6, 4, 2):
        end = _toward(state, f, goal, allowance * tenths // 10)
        if end is None:
            return None
        if not tactics.reached(state, f, end, enemies):
            return end
    return None


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
        out += _shots_and_casts(f, enemies, friends)
        if walks and i == 0 and not f.walked:
            end = _move_end(state, f, "walk", p.mou)
            if end is not None:
                out.append((Walk if board.free(state, f) else Disengage)(fighter=f.id, path=(end,)))
        out.append(Finish(fighter=f.id))
    return out


def _shots_and_casts(f: Any, enemies: list[Any], friends: list[Any]) -> list[Any]:
    """Every shot of `f` at an enemy (then a walk, if it has not walked) and every spell it knows, at an
    enemy when the spell harms, else at a friend."""
    p = PROFILES[f.profile]
    out: list[Any] = []
    if p.weapon is not None:
        for o in enemies:
            out.append(Shoot(fighter=f.id, target=o.id))
            if not f.walked:
                out.append(Shoot(fighter=f.id, target=o.id, walk_after=True))
    for sid in p.spells:
        out += [Cast(fighter=f.id, spell=sid, target=o.id) for o in (enemies if _harms(sid) else friends)]
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
    at most `tries` checks: a check of a charge searches a path), ranked by the normal level's odds."""
    return _accepted(state, seat, sorted(actions, key=lambda a: -tactical_score(state, seat, a))[:tries], n)


def _accepted(state: ConfState, seat: int, ranked: Sequence[Any], n: int) -> list[Any]:
    """The first `n` of `ranked` the rules accept, in their order (each check may search a path)."""
    out: list[Any] = []
    for action in ranked:
        try:
            rules.check(state, seat, action)
        except Exception:
            continue
        out.append(action)
        if len(out) >= n:
            break
    return out


def tactical_score(state: ConfState, seat: int, action: Any) -> float:
    """The greedy score, with the normal level's odds (`tactics`): a shot or a damaging spell at the
    target where it is worth the most army points, a charge at the best exchange."""
    base = score(state, seat, action)
    f = state.fighter(getattr(action, "fighter", ""))
    target = state.fighter(getattr(action, "target", None) or "")
    if f is None or target is None or target.owner == seat:
        return base
    if isinstance(action, Shoot):
        return 8.0 + tactics.shot_worth(state, f, target, action.walk_after) / 10
    if isinstance(action, Cast) and _harms(action.spell):
        return 7.0 + tactics.spell_worth(state, f, action.spell, target) / 10
    if isinstance(action, Declare) and action.what in ("charge", "engage") and base > 0:
        return 6.0 + (1.0 if action.what == "charge" else 0.0) + tactics.charge_worth(state, f, target) / 20
    return base


def greedy(state: ConfState, seat: int, walks: bool = True) -> Any:
    """The greedy player's choice on cheap moves (the rollout policy, and the search's geometric moves)."""
    best = legal_best(state, seat, moves(state, seat, walks), 1)
    if best:
        return best[0]
    choices = suggestions(state, seat, ANY)  # nothing cheap passed: the full menu
    return max(choices, key=lambda c: tactical_score(state, seat, c.action)).action if choices else None


# -- the evaluation ------------------------------------------------------------------------------------
def evaluate(state: ConfState, seat: int) -> float:
    """The part of the other army eliminated (what decides the match, D-CON-18) or wounded (a wound
    counts `tactics.WOUND_WORTH` of a kill), and the moves to cover owed by divers not yet activated,
    minus one's own; plus the fights one's fighters are in, by attack against defence (a charge that
    lands well scores before its combat is rolled)."""
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if seat in state.winners else -1.0)
    total = 0.0
    for s in (0, 1):
        army = WARBANDS[state.sides[s].warband].cost
        hurt = float(state.sides[s].lost)
        for f in state.of(s):
            cost = PROFILES[f.profile].cost
            hurt += cost * (tactics.WOUND_WORTH * f.wound / 4 + (OWED if f.dove and not f.activated else 0.0))
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
    """What the search needs from Confrontation: the normal level's best few choices (`tactical_best`),
    its rollout on cheap moves, the end of what the move sets going, the evaluation."""

    horizon = HORIZON

    def __init__(self, game: AnyGame, searched: tuple[str, ...] = SEARCHED, width: int = 3) -> None:
        super().__init__(game)
        self.searched = searched
        self.width = width

    def candidates(self, state: ConfState, seat: int) -> list[Any]:
        kind = state.stack[-1].kind if state.stack else ""
        return tactical_best(state, seat, self.width if kind in self.searched else 1)

    def ranked(self, state: ConfState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        return list(moves)  # already best first by the normal level's judgement

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


def menu_score(state: ConfState, seat: int, action: Any, threats: list[Fighter] | None = None) -> float:
    """The greedy player's score of a menu's choice, with the normal level's judgement (`tactics`): every
    refusal used (the other side must play a card, and commit, first), the odds of shots, spells and
    charges, a charge that loses army points not made, and a move that ends within reach of an enemy
    still able to strike counted below ending the activation."""
    if isinstance(action, Draw) and action.choice == "refuse":
        return 2.0  # offered only while the other side has a card (D-CON-02): it commits first, we answer
    base = tactical_score(state, seat, action)
    f = state.fighter(getattr(action, "fighter", ""))
    if f is None:
        return base
    if isinstance(action, Declare) and action.what in ("charge", "engage"):
        return base if tactics.wants_charge(state, action) else -1.0
    moving = isinstance(action, Walk) or (isinstance(action, Resolve) and f.exclusive in ("run", "walk"))
    if moving:
        enemies = tactics.threats(state, seat) if threats is None else threats
        if tactics.reached(state, f, action.path[-1], enemies) and not tactics.reached(state, f, f.centre, enemies):
            return base - 3.0
    return base


def menu(state: ConfState, seat: int) -> list[Any]:
    """The menu's choices unchecked, its moves in straight lines (a walk round a rock is searched only
    for a charge the straight line cannot make): what the menu offers, without its path searches and
    its check of every choice, which cost the table's menus their hundreds of milliseconds."""
    kind = state.stack[-1].kind if state.stack and seat in state.stack[-1].waiting() else ""
    if kind == "declare":
        return _declarations(state, seat)
    if kind == "exclusive":
        for f in rules_tour(state, seat):
            if f.exclusive is None or f.resolved:
                continue
            if f.exclusive in ("charge", "engage"):
                target = state.fighter(f.target or "")
                way = contact_path(state, f, target) if target is not None else None
                out: list[Any] = [Resolve(fighter=f.id, path=way)] if way is not None else []
            else:
                reach = rules.allowance(f, f.exclusive)
                out = [Resolve(fighter=f.id, path=w) for w in _straight_ways(state, f, reach)]
                out += [Resolve(fighter=f.id, path=w) for w in _safe_ends(state, f, f.exclusive, reach)]
            return [*out, Forgo(fighter=f.id)]
        return []
    if kind == "fighter":
        return _fighter_menu(state, seat)
    return [c.action for c in suggestions(state, seat, ANY)]


def _fighter_menu(state: ConfState, seat: int) -> list[Any]:
    """`suggest._cumulative` with straight moves: each fighter's shots, spells, walks and its end."""
    enemies = sorted((o for o in state.fighters if o.owner != seat), key=lambda o: o.id)
    friends = [o for o in state.fighters if o.owner == seat]
    out: list[Any] = []
    for f in rules_tour(state, seat):
        if f.exclusive is not None:
            continue
        p = PROFILES[f.profile]
        out += _shots_and_casts(f, enemies, friends)
        move = Walk if board.free(state, f) else Disengage
        out += [move(fighter=f.id, path=w) for w in _straight_ways(state, f, p.mou)]
        out += [move(fighter=f.id, path=w) for w in _safe_ends(state, f, "walk", p.mou)]
        out.append(Finish(fighter=f.id))
    return out


#: `_straight_ways` by the table's bases, the fighter and its allowance (bounded: oldest dropped first).
_WAYS: dict[tuple[Any, ...], list[tuple[Point, ...]]] = {}


def _straight_ways(state: ConfState, f: Fighter, allowance: int) -> list[tuple[Point, ...]]:
    """The menu's straight moves (`suggest.ways`), by the positions: the fighter's next decision, after
    a shot or a spell that moved nobody, asks the same of the same table."""
    key = (state.scenario, tuple(board.base(o) for o in state.fighters), f.id, allowance)
    found = _WAYS.get(key)
    if found is None:
        if len(_WAYS) >= 2048:
            del _WAYS[next(iter(_WAYS))]
        found = _WAYS[key] = [w for w, _why, _t in ways(state, f, allowance, bent=False)]
    return found


def _safe_end(state: ConfState, f: Fighter, what: str, allowance: int) -> list[tuple[int, int]]:
    """Besides the menu's moves, the furthest toward the nearest enemy out of the reach of those still
    able to strike (`_safe_toward`): the menu's straight moves go all the way or back to the edge."""
    if what not in ("run", "walk"):
        return []
    end = _move_end(state, f, what, allowance)
    return [end] if end is not None else []


def _safe_ends(state: ConfState, f: Fighter, what: str, allowance: int) -> list[tuple[Point, ...]]:
    """The menu's extra moves: the furthest safe point straight toward the nearest enemy (`_safe_end`)
    and along its cheapest path round difficult terrain (`_round_end`)."""
    out: list[tuple[Point, ...]] = [(end,) for end in _safe_end(state, f, what, allowance)]
    way = _round_end(state, f, what, allowance)
    return [*out, way] if way is not None and way not in out else out


def _reason(state: ConfState, seat: int, action: Any) -> Text | None:
    """Normal's own sentence where its judgement chose (the odds of a charge or a shot, a move kept out
    of reach), else the greedy player's plain rule (`ai.reason`); what it names is public."""
    key = "confrontation.advice."
    if isinstance(action, Draw) and action.choice == "refuse":
        return txt(key + "refuse_commit")
    f = state.fighter(getattr(action, "fighter", ""))
    target = state.fighter(getattr(action, "target", None) or "")
    if f is not None and target is not None and isinstance(action, Declare) and action.what in ("charge", "engage"):
        return txt(key + action.what + "_odds", who=_name(f), target=_name(target))
    if f is not None and target is not None and isinstance(action, Shoot):
        return txt(key + "shoot_odds", who=_name(f), target=_name(target))
    if f is not None and isinstance(action, Walk | Resolve) and f.exclusive in (None, "run"):
        threats, enemy = tactics.threats(state, seat), _nearest(state, f)
        full = _toward(state, f, enemy.centre, rules.allowance(f, f.exclusive or "walk")) if enemy else None
        stops = not tactics.reached(state, f, action.path[-1], threats)
        if full is not None and stops and tactics.reached(state, f, full, threats):
            return txt(key + "out_of_reach", who=_name(f))
    return reason(state, seat, action)


#: Choices checked at most, best first, before the whole menu is asked for.
TRIES = 12


def tactical_best(state: ConfState, seat: int, n: int = 1) -> list[Any]:
    """The `n` best legal choices by the normal level's judgement: the menu's choices scored, the best
    checked first; the combat dice by their odds alone."""
    threats = tactics.threats(state, seat)  # once: every move of the menu is weighed against them
    ranked = sorted(menu(state, seat), key=lambda a: -menu_score(state, seat, a, threats))
    out = _accepted(state, seat, ranked[:TRIES], n)
    if out:
        return out
    choices = suggestions(state, seat, ANY)
    return [max(choices, key=lambda c: menu_score(state, seat, c.action)).action] if choices else []


class TacticalAgent:
    """The greedy player with the normal level's judgement (`tactics`): one deal of its seat's view, one
    look at the menu; no rollout."""

    def choose(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Any:
        return self._choose(game.determinize(view, rng), seat)

    def advise(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Advice | None:
        """`choose`'s move on the same deal, with the greedy player's plain rule when it is the one that
        chose (`ai.reason`): the host's generic line otherwise."""
        state: ConfState = game.determinize(view, rng)
        action = self._choose(state, seat)
        return Advice(action, _reason(state, seat, action))

    @staticmethod
    def _choose(state: ConfState, seat: int) -> Any:
        best = tactical_best(state, seat)
        if not best:
            raise RuntimeError("no legal choice")
        return best[0]


def conf_agent(game: AnyGame, level: str) -> Agent:
    """Easy is the greedy player of before (ConfAgent); normal its judgement corrected by the odds and
    the enemy's reach (`TacticalAgent`); hard the search over normal's best few choices."""
    if level == "easy":
        return ConfAgent()
    if level == "hard":
        return ConfSearchAgent(ConfSearch(game, SEARCHED, BUDGET.width), BUDGET)
    return TacticalAgent()
