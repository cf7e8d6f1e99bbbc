"""The Colors of Magic AI: it sees its seat's view only (it plays on a determinized state).

Activation phase: each choice is scored one creature-activation deep (activating a creature is worth
the best thing that creature can then do); attacks are scored by their expected duel; casting by the
state it leaves. Duels: it plays its lowest-value cards while its known total does not beat what the
other side may still add, and passes otherwise.
"""

from __future__ import annotations

from typing import Any

from bot.ai.advice import Advice
from bot.engine import ANY, RandomSource, Rng, Seat, Text, txt
from bot.table.geometry import Base, edge_distance

from . import board
from .actions import Activate, Attack, Cast, Done, DuelCard, DuelPass, Move, NoResponse, Pass, Tap
from .content import CARDS, SCENARIOS, tap_mana
from .resolve import controller, duel_totals
from .state import ColorsState, Duel
from .suggest import _fig_name, describe, harm

AVERAGE_INITIATIVE = 3  # what one face-down card of the other side is worth, on average


def evaluate(state: ColorsState, seat: int) -> float:
    """From `seat`'s side: victory, VP, the wizards' PV, material, objectives held and approached."""
    if state.winners is not None:
        if not state.winners:
            return 0.0
        return 1e6 if seat in state.winners else -1e6
    me, them = state.sides[seat], state.sides[1 - seat]
    score = 100.0 * (me.vp - them.vp)
    for f in state.figures:
        if f.owner not in (0, 1):
            continue  # a monster: worth its VP to whoever kills it, counted once it is done
        sign = 1.0 if f.owner == seat else -1.0
        if f.wizard:
            score += sign * 12.0 * f.pv
        else:
            card = CARDS[f.card]
            score += sign * (4.0 * f.pv + 2.0 * card.cost)
    score += 0.8 * (me.mana - them.mana) + 1.0 * (len(me.hand) - len(them.hand))
    score += 3.0 * (_sources(state, seat) - _sources(state, 1 - seat))  # a mana permanent: mana every round
    for obj in SCENARIOS[state.scenario].objectives:
        if state.objectives.get(obj.id, 0) <= 0:
            continue
        holder = controller(state, obj.point())
        if holder is not None:
            score += 25.0 if holder == seat else -25.0
        near = [board.base(f) for f in state.figures if f.owner == seat and not f.wizard]
        if near:
            mark = Base("o", -2, obj.point(), 0)
            score -= 0.6 * min(edge_distance(b, mark) for b in near) / 254
    duel = state.duel
    if duel is None and state.window is not None and state.window.resume.get("kind") == "attack":
        r = state.window.resume  # an attack paused for instants: the duel it will open
        duel = Duel(attacker=r["figure"], defender=r["target"], ranged=r["ranged"], cover=r["cover"], turn=0)
    if duel is not None and state.figure(duel.attacker) and state.figure(duel.defender):
        a, d = duel_totals(state, duel)
        att = state.figure(duel.attacker)
        if att is not None:
            sign = 1.0 if att.owner == seat else -1.0
            score += sign * 6.0 * max(-2, min(2, a - d))
    return score


def _sources(state: ColorsState, seat: int) -> int:
    """The mana a side's permanents give each round when tapped (D-COL-37)."""
    return sum(tap_mana(c) for c in state.sides[seat].permanents)


def _settled(game: Any, state: ColorsState) -> ColorsState:
    """The state once every open window for instants is answered "nothing" (what a plan expects)."""
    for _ in range(8):
        if not state.stack or state.stack[-1].kind != "respond":
            break
        state = game.apply(state, state.stack[-1].seats[0], NoResponse(), Rng(1)).state
    return state


class ColorsAgent:
    """One creature-activation deep greedy player with a duel heuristic (`game.agent(level)`)."""

    def choose(self, game: Any, view: Any, seat: Seat, rng: RandomSource) -> Any:
        return self._choose(game, game.determinize(view, rng), seat, rng)

    def advise(self, game: Any, view: Any, seat: Seat, rng: RandomSource) -> Advice | None:
        """`choose`'s move on the same deal, and why (`reason`)."""
        state: ColorsState = game.determinize(view, rng)
        action = self._choose(game, state, seat, rng)
        return None if action is None else Advice(action, reason(game, state, seat, action))

    def _choose(self, game: Any, state: ColorsState, seat: Seat, rng: RandomSource) -> Any:
        top = state.stack[-1].kind if state.stack else None
        if top == "duel":
            return self._duel(state, seat)
        choices = [c.action for c in game.suggest(state, seat, ANY)]
        if not choices:
            return None
        best, best_score = [], float("-inf")
        for action in choices:
            score = self._score(game, state, seat, action, rng)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[rng.below(len(best))]

    def _score(self, game: Any, state: ColorsState, seat: int, action: Any, rng: RandomSource) -> float:
        after = _settled(game, game.apply(state, seat, action, Rng(rng.below(1 << 30) + 1)).state)
        if isinstance(action, Activate):  # worth what the creature can then do
            follow = [c.action for c in game.suggest(after, seat, ANY)]
            return max(
                (evaluate(_settled(game, game.apply(after, seat, a, Rng(7)).state), seat) for a in follow),
                default=evaluate(after, seat),
            )
        if isinstance(action, Tap):  # worth what the mana then pays for, else a little less than keeping it
            follow = [c.action for c in game.suggest(after, seat, ANY) if isinstance(c.action, Cast)]
            return max(
                (evaluate(_settled(game, game.apply(after, seat, a, Rng(7)).state), seat) for a in follow),
                default=evaluate(state, seat) - 1.0,
            )
        if isinstance(action, Pass):
            untapped = sum(1 for f in state.figures if f.owner == seat and not f.tapped)
            return evaluate(after, seat) - 3.0 * untapped
        if isinstance(action, Attack):
            return evaluate(after, seat) + 1.0
        return evaluate(after, seat)

    def _duel(self, state: ColorsState, seat: int) -> Any:
        return duel_plan(state, seat)[0]


def duel_plan(state: ColorsState, seat: int) -> tuple[Any, Text]:
    """The duel's answer and why: play the lowest-value cards while the known total does not beat what the
    other side may still add, pass otherwise. The why names only what the seat knows (its own cards)."""
    duel = state.duel
    assert duel is not None
    a, d = duel_totals(state, duel)
    att = state.figure(duel.attacker)
    mine_attacking = att is not None and att.owner == seat
    mine, theirs = (a, d) if mine_attacking else (d, a)
    # what the other side may still add: at least one more card if it has any
    their_hand = len(state.sides[1 - seat].hand)
    margin = mine - theirs - (AVERAGE_INITIATIVE if their_hand and duel.passes == 0 else 0)
    played = len(duel.cards[seat])
    hand = sorted(set(state.sides[seat].hand), key=lambda c: (CARDS[c].cost, -CARDS[c].boost.initiative, c))
    if margin > 0:
        return DuelPass(), txt("colors.advice.duel_ahead")
    if not hand:
        return DuelPass(), txt("colors.advice.duel_no_card")
    if played >= 3:
        return DuelPass(), txt("colors.advice.duel_three")
    # the cheapest card that closes the gap, else the strongest
    gap = -margin + 1
    for card in hand:
        if CARDS[card].boost.initiative >= gap:
            return DuelCard(card=card), txt("colors.advice.duel_enough", card=txt(f"colors.card.{card}"))
    best = max(hand, key=lambda c: (CARDS[c].boost.initiative, c))
    return DuelCard(card=best), txt("colors.advice.duel_strongest", card=txt(f"colors.card.{best}"))


def reason(game: Any, state: ColorsState, seat: int, action: Any) -> Text | None:
    """Why the player's move is worth playing, from what the agent weighed: a duel's card (the cheapest that
    should win it, the others kept), the creature with the best move to follow, the duel an attack opens,
    an objective taken, nothing left worth activating. Another move has no sentence of its own (None)."""
    if isinstance(action, DuelPass | DuelCard) and state.duel is not None:
        planned, why = duel_plan(state, seat)
        return why if planned == action else None
    if isinstance(action, Pass):
        return txt("colors.advice.pass")
    if isinstance(action, NoResponse):
        return txt("colors.advice.no_response")
    if isinstance(action, Done):
        return txt("colors.advice.done", figure=_fig_name(state, action.figure))
    after = _settled(game, game.apply(state, seat, action, Rng(7)).state)
    if isinstance(action, Tap):  # worth the cast its mana then pays for (`_score`)
        casts = [c.action for c in game.suggest(after, seat, ANY) if isinstance(c.action, Cast)]
        if not casts:
            return None
        spell = max(casts, key=lambda a: evaluate(_settled(game, game.apply(after, seat, a, Rng(7)).state), seat))
        return txt("colors.advice.tap", card=txt(f"colors.card.{action.card}"), spell=txt(f"colors.card.{spell.card}"))
    if isinstance(action, Cast):
        return _cast_reason(state, after, seat, action)
    if isinstance(action, Activate):
        follow = [c.action for c in game.suggest(after, seat, ANY)]
        if not follow:
            return None
        best = max(follow, key=lambda a: evaluate(_settled(game, game.apply(after, seat, a, Rng(7)).state), seat))
        if isinstance(best, Done):
            return None  # nothing to do with it but end its activation: no reason of its own
        return txt("colors.advice.activate", figure=_fig_name(state, action.figure), then=describe(after, seat, best))
    if isinstance(action, Attack) and (opening := _opening(after)) is not None:
        return txt("colors.advice.attack", target=_fig_name(state, action.target), mine=opening[0], theirs=opening[1])
    if _held(after, seat) > _held(state, seat):
        return txt("colors.advice.objective")
    if isinstance(action, Move) and _to_objective(after, action.figure) < _to_objective(state, action.figure):
        return txt("colors.advice.approach", figure=_fig_name(state, action.figure))
    return None


def _cast_reason(state: ColorsState, after: ColorsState, seat: int, action: Cast) -> Text | None:
    """A cast's reason: the enemy it kills, else the one it wounds most, else the creature it brings into
    play (as it resolves if nobody answers), else the mana it will give each turn. Another effect has no
    sentence of its own (None)."""
    card = txt(f"colors.card.{action.card}")
    enemies = [(f, n) for f, n in harm(state, seat, action) if f.owner != seat]
    killed = [f for f, n in enemies if n >= f.pv]
    if killed:
        return txt("colors.advice.cast_kill", card=card, target=_fig_name(state, killed[0].id))
    if enemies:
        f, n = max(enemies, key=lambda h: (h[1], h[0].wizard))
        return txt("colors.advice.cast_wound", card=card, target=_fig_name(state, f.id), n=n)
    before = {f.id for f in state.figures}
    summoned = [f for f in after.figures if f.owner == seat and f.id not in before]
    if summoned:
        return txt("colors.advice.cast_summon", card=card, figure=_fig_name(after, summoned[0].id))
    if mana := tap_mana(action.card):
        return txt("colors.advice.cast_mana", card=card, n=mana)
    return None


def _to_objective(state: ColorsState, fid: str) -> float:
    """How far a creature stands from the nearest objective still worth points (what `evaluate` weighs)."""
    fig = state.figure(fid)
    marks = [o for o in SCENARIOS[state.scenario].objectives if state.objectives.get(o.id, 0) > 0]
    if fig is None or not marks:
        return 0.0
    return min(edge_distance(board.base(fig), Base("o", -2, o.point(), 0)) for o in marks)


def _opening(state: ColorsState) -> tuple[int, int] | None:
    """The initiative each side of the duel an attack opens starts with, before any card (public stats)."""
    duel = state.duel
    if duel is None and state.window is not None and state.window.resume.get("kind") == "attack":
        r = state.window.resume  # an attack paused for instants: the duel it will open
        duel = Duel(attacker=r["figure"], defender=r["target"], ranged=r["ranged"], cover=r["cover"], turn=0)
    if duel is None or any(duel.cards) or not (state.figure(duel.attacker) and state.figure(duel.defender)):
        return None
    return duel_totals(state, duel)


def _held(state: ColorsState, seat: int) -> int:
    """How many objectives still worth points `seat` controls."""
    objectives = SCENARIOS[state.scenario].objectives
    return sum(1 for o in objectives if state.objectives.get(o.id, 0) > 0 and controller(state, o.point()) == seat)
