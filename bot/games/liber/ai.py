"""A greedy King of Liber player: try each (pruned) legal action, score the resulting board, keep
the best. An attack is scored as if it were not blocked. Seeded: ties are broken with the rng.

It plays from its seat's view only: the state it searches is `determinize(view)`, where the hidden
cards are guesses (kernel.md §3). It only ever returns one of that state's legal actions, which are
the true state's too (they depend on public facts and the seat's own hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.advice import Advice
from bot.ai.search import GameSearch, logistic
from bot.engine import AnyGame, RandomSource, Rng, Seat, Text, txt

from . import labels
from .abilities import reaches, shielded_by_loyalty
from .actions import Ability, Attack, Block, End, Equip, Move, Play
from .content import CARDS
from .rules import _candidates, refusal, to_act
from .state import ARRIERE, FRONT, GENERAL_SLOT, PLAINE, LiberState
from .views import LiberView

WIN = 100_000.0
#: Weight of the enemy force able to reach one's general (it plays like PV about to be lost).
EXPOSURE = 2.0
#: Value of each ability on a unit, beyond its force and pv.
ABILITY_VALUE = 0.7


def _creature_value(card_id: str, pv: int, line: int) -> float:
    card = CARDS[card_id]
    value = card.force * 1.4 + pv * 1.0 + ABILITY_VALUE * len(card.abilities)
    abil = card.abilities
    if "artillerie" in abil:
        value += 0.6 if line in (PLAINE, FRONT) else 0.0
    elif "tir" in abil:
        value += 0.6 if line in (ARRIERE, FRONT) else 0.0
    else:
        value += (0.0, 0.4, 0.8)[line]
    return value


def evaluate(state: LiberState, seat: int) -> float:
    """The board from `seat`'s side: material, the generals' PV, resources and win progress."""
    if state.result is not None:
        if not state.result.winners:
            return 0.0
        return WIN if seat in state.result.winners else -WIN
    total = 0.0
    for s, side in enumerate(state.sides):
        sign = 1.0 if s == seat else -1.0
        value = side.gold * 0.3 + side.faith * 1.5 + side.vp * 0.9 + len(side.hand) * 0.8
        value += 10.0 if side.god is not None else 0.0
        for i, p in enumerate(side.grid):
            if p is None:
                continue
            if p.kind == "general":
                value += p.pv * 5.0
            elif p.kind in ("unit", "token"):
                value += _creature_value(p.card, p.pv, i // 5) - (1.5 if p.poisoned else 0.0)
                value += 1.5 * len(p.items)
            elif p.kind == "lieu":
                value += 12.0
            else:
                value += 3.0
        value -= EXPOSURE * _exposure(state, s)
        total += sign * value
    return total


def _exposure(state: LiberState, side: int) -> float:
    """The force the enemy could bring on this side's general next turn (reach and Loyauté)."""
    general = (side, ARRIERE, GENERAL_SLOT)
    piece = state.piece(general)
    if piece is None or piece.kind != "general" or shielded_by_loyalty(state, general):
        return 0.0
    threat = 0.0
    for pos, p in state.creatures(1 - side):
        if p.paralysis == 0 and reaches(state, pos, general):
            threat += CARDS[p.card].force
    return min(threat, float(piece.pv))


def prune_key(state: LiberState, a: Any) -> tuple[Any, ...] | None:
    """Actions with the same key are equivalent to this player (one slot per line for placements and
    moves: the slot rarely matters); None keeps the action whatever."""
    if isinstance(a, Play) and a.at is not None and state.piece(a.at) is None:
        return ("play", a.card, a.at[0], a.at[1])
    if isinstance(a, Move):
        return ("move", a.frm, a.to[1])
    if isinstance(a, Ability) and a.ability in ("invocateur", "telekinesie"):
        return ("ability", a.ability, a.target if a.ability == "telekinesie" else None, a.to[1] if a.to else None)
    if isinstance(a, Equip):
        return ("equip", a.item, a.to)
    return None


def _prune(state: LiberState, actions: list[Any]) -> list[Any]:
    """One action per `prune_key`."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for a in actions:
        key = prune_key(state, a)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def _score(game: Any, state: LiberState, seat: int, action: Any) -> float:
    scratch = Rng(0)  # apply draws no chance; a scratch source keeps the real one untouched
    after = game.apply(state, seat, action, scratch).state
    if isinstance(action, Attack) and after.step == "block":  # scored as if not blocked
        after = game.apply(after, 1 - seat, Block(blocker=None), scratch).state
    # Ravage (and any prompt of ours) is answered greedily by the next call; score it as is.
    return evaluate(after, seat)


def scored(game: Any, state: LiberState, seat: int, actions: list[Any]) -> list[tuple[float, Any]]:
    """Each action with its one-ply score (End gets a small bonus: stop rather than act for nothing)."""
    out = []
    for action in actions:
        score = _score(game, state, seat, action)
        if isinstance(action, End):
            score += 0.05
        out.append((score, action))
    return out


def choose(game: Any, state: LiberState, seat: int, rng: RandomSource) -> Any:
    """The greedy choice on a full state (the agent passes it a determinized one)."""
    candidates = pruned_legal(state, seat)
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    best: list[Any] = []
    best_score = float("-inf")
    for score, action in scored(game, state, seat, candidates):
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def pruned_legal(state: LiberState, seat: int) -> list[Any]:
    """The legal actions, one per `prune_key`: the same list as pruning `legal_actions`, checking
    only the first legal action of each key (a fraction of the refusals)."""
    if seat not in to_act(state):
        return []
    seen: set[tuple[Any, ...]] = set()
    out = []
    for a in _candidates(state, seat):
        key = prune_key(state, a)
        if key is not None and key in seen:
            continue
        if refusal(state, seat, a) is None:
            out.append(a)
            if key is not None:
                seen.add(key)
    return out


class GreedyLiber:
    """The greedy player as an agent: it receives a view, never a state."""

    def choose(self, game: AnyGame, view: LiberView, seat: Seat, rng: RandomSource) -> Any:
        state = game.determinize(view, rng)
        return choose(game, state, seat, rng)

    def advise(self, game: AnyGame, view: LiberView, seat: Seat, rng: RandomSource) -> Advice | None:
        """`choose`'s move on the same deal, and why (`reason`)."""
        state = game.determinize(view, rng)
        action = choose(game, state, seat, rng)
        return None if action is None else Advice(action, reason(game, state, seat, action))


#: Evaluation points for one step of the logistic: about a creature and a half.
SCALE = 12.0


class LiberSearch(GameSearch):
    """What the search AI needs from King of Liber (bot/ai/search.py): the greedy player's pruned moves
    and one-ply ranking, the greedy player as the rollout policy, the end of the opponent's turn as the
    horizon, and the greedy evaluation squashed into a value."""

    horizon = 60

    def candidates(self, state: LiberState, seat: int) -> list[Any]:
        return pruned_legal(state, seat)

    def ranked(self, state: LiberState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        return [a for _s, a in sorted(scored(self.game, state, seat, list(moves)), key=lambda p: -p[0])]

    def rollout(self, state: LiberState, seat: int, rng: RandomSource) -> Any:
        return choose(self.game, state, seat, rng)

    def settled(self, start: LiberState, state: LiberState) -> bool:
        """Once the same seat is active again in a later round: the turn played out, then the other's."""
        return state.active == start.active and state.round != start.round

    def value(self, state: LiberState, seat: int) -> float:
        return logistic(evaluate(state, seat), SCALE)

    def reason(self, state: LiberState, seat: int, action: Any) -> Text | None:
        """The advice's sentence for the search's move (`bot/ai/advice.py`)."""
        return reason(self.game, state, seat, action)


def reason(game: Any, state: LiberState, seat: int, action: Any) -> Text | None:
    """Why the move, from the greedy player's own reckoning (an attack scored as if not blocked): the general
    it hits, the unit it kills, the threat on one's general it answers, the card worth playing now, the turn
    over when nothing scores better. Another move has no sentence of its own (None)."""
    key = "liber.advice."
    if isinstance(action, End):
        return txt(key + "end")
    if isinstance(action, Block):
        if action.blocker is None:
            return txt(key + "no_block")
        return txt(key + "block", blocker=labels.piece(state, action.blocker))
    scratch = Rng(0)
    after = game.apply(state, seat, action, scratch).state
    if isinstance(action, Attack):
        if after.step == "block":  # scored as if not blocked
            after = game.apply(after, 1 - seat, Block(blocker=None), scratch).state
        target, hit = state.piece(action.target), after.piece(action.target)
        if target is None:
            return None
        if target.kind == "general":
            lost = target.pv - (hit.pv if hit is not None else 0)
            return txt(key + "attack_general", target=labels.piece(state, action.target), n=lost)
        if hit is None or hit.card != target.card:
            return txt(key + "attack_kill", target=labels.piece(state, action.target))
        return None
    threat, left = _exposure(state, seat), _exposure(after, seat)
    if left < threat:
        return txt(key + "shield", n=int(threat))
    if isinstance(action, Play):
        return txt(key + "play", card=labels.card(action.card))
    return None
