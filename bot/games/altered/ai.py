"""A greedy, seeded AI for either seat: it only ever picks from `legal_actions`.

Afternoon: each legal play is tried on a copy of the state and scored by what Dusk would do now
(expeditions that would advance, for each side) plus the statistics that count in each region and
the cards in hand; it plays the best card while that improves the score, uses its Hero's quick
action when it helps, then passes. Mana and Clean-up choices keep the cards most worth playing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.advice import Advice
from bot.ai.search import GameSearch, logistic
from bot.engine import AnyGame, RandomSource, Rng, Seat, Text, txt

from .actions import CleanupDiscard, CleanupSacrifice, Expand, HeroAbility, Pass, PlayCard, SetupMana, SkipExpand
from .content import CONTENT
from .costs import ready_orbs
from .expeditions import expedition_stats, region_terrains, would_advance
from .labels import card_text
from .rules import legal_actions, play_card
from .state import EXPEDITIONS, AlteredState
from .views import AlteredView

MANA_TARGET = 7  # stop adding orbs once this many are in the Mana zone


def _keep_value(card_id: str) -> float:
    """How much a card is worth keeping in hand (low = good Mana fodder)."""
    card = CONTENT.cards.get(card_id)
    if card is None:
        return 0.0
    value = float(sum(card.stats)) if card.type == "character" else 4.0
    return value - 1.6 * max(0, card.hand_cost - 3)


def evaluate(state: AlteredState, seat: int) -> float:
    """Dusk as it would happen now, from `seat`'s side, plus material."""
    score = 0.0
    for side, sign in ((seat, 1.0), (1 - seat, -1.0)):
        p = state.players[side]
        for kind in EXPEDITIONS:
            if would_advance(state, side, kind):
                score += 3.0 * sign
            stats = expedition_stats(p, kind)
            score += 0.15 * sign * sum(stats[t] for t in region_terrains(state, side, kind))
    score += 0.4 * len(state.players[seat].hand) + 0.2 * len(state.players[seat].reserve)
    return score


def _best_play(
    state: AlteredState, seat: int, plays: list[PlayCard], rng: RandomSource
) -> tuple[float, PlayCard | None]:
    base = evaluate(state, seat)
    best: tuple[float, PlayCard | None] = (0.05, None)
    for action in plays:
        trial = state.clone()
        play_card(trial, seat, action, Rng(rng.below(1 << 30)), [])
        zone, obj = state.find(seat, action.uid) or ("hand", None)
        cost = 0.0
        if obj is not None:
            card = CONTENT.cards[obj.card]
            # mana spent, and a card kept in hand is worth a little
            cost = card.hand_cost + 0.3 if zone == "hand" else float(card.reserve_cost)
        gain = evaluate(trial, seat) - base - 0.05 * cost
        if gain > best[0]:
            best = (gain, action)
    return best


def _card(state: AlteredState, seat: int, uid: int) -> str:
    found = state.find(seat, uid)
    return found[1].card if found else ""


def choose(state: AlteredState, seat: int, rng: RandomSource) -> Any:
    legal = legal_actions(state, seat)
    if not legal:
        return None
    p = state.players[seat]
    if state.phase == "setup":
        picks = [a for a in legal if isinstance(a, SetupMana)]
        return min(picks, key=lambda a: _keep_value(_card(state, seat, a.uid)))
    if state.phase == "morning":
        expands = [a for a in legal if isinstance(a, Expand)]
        if expands and len(p.mana) < MANA_TARGET and len(p.hand) >= 2:
            return min(expands, key=lambda a: _keep_value(_card(state, seat, a.uid)))
        return SkipExpand()
    if state.phase == "night":
        discards = [a for a in legal if isinstance(a, CleanupDiscard)]
        if discards:
            return min(discards, key=lambda a: _keep_value(_card(state, seat, a.uid)))
        return next(a for a in legal if isinstance(a, CleanupSacrifice))
    # Afternoon
    hero = any(isinstance(a, HeroAbility) for a in legal)
    quick = next((ab for ab in CONTENT.heroes[p.hero].abilities if ab.trigger == "quick"), None)
    readies = quick is not None and any(e.kind == "ready_orb" for e in quick.effects)
    if hero and readies and any(o.exhausted for o in p.mana):
        return HeroAbility()
    plays = [a for a in legal if isinstance(a, PlayCard)]
    _, action = _best_play(state, seat, plays, rng) if plays else (0.0, None)
    if action is not None:
        return action
    if hero and not readies and ready_orbs(p) >= 1:
        return HeroAbility()
    return Pass()


class GreedyAltered:
    """The greedy player as an agent: it receives its seat's view and plays on a determinized state."""

    def choose(self, game: AnyGame, view: AlteredView, seat: Seat, rng: RandomSource) -> Any:
        return choose(game.determinize(view, rng), seat, rng)

    def advise(self, game: AnyGame, view: AlteredView, seat: Seat, rng: RandomSource) -> Advice | None:
        """`choose`'s move on the same deal, and why (`reason`)."""
        state = game.determinize(view, rng)
        action = choose(state, seat, rng)
        return None if action is None else Advice(action, reason(state, seat, action))


#: One region of progress is worth this much of the greedy evaluation (3 per expedition about to move).
PROGRESS = 4.0
SCALE = 4.0


class AlteredSearch(GameSearch):
    """What the search AI needs from Altered (bot/ai/search.py): every legal move, the greedy player's
    one-ply ranking, the greedy player as the rollout policy, the next day as the horizon (Dusk is when
    expeditions move), and a value made of the expeditions' progress plus the greedy evaluation."""

    horizon = 80

    def candidates(self, state: AlteredState, seat: int) -> list[Any]:
        return legal_actions(state, seat)

    def ranked(self, state: AlteredState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        """The greedy choice first, then the others by the evaluation one ply on."""
        own = choose(state, seat, rng)
        scratch = Rng(1)
        scores = {}
        for i, m in enumerate(moves):
            after = self.game.apply(state, seat, m, scratch).state
            scores[i] = evaluate(after, seat)
        order = sorted(range(len(moves)), key=lambda i: (moves[i] != own, -scores[i]))
        return [moves[i] for i in order]

    def rollout(self, state: AlteredState, seat: int, rng: RandomSource) -> Any:
        return choose(state, seat, rng)

    def settled(self, start: AlteredState, state: AlteredState) -> bool:
        return state.day != start.day

    def value(self, state: AlteredState, seat: int) -> float:
        if state.phase == "over" or state.winner is not None or state.draw:
            return 0.5 if state.winner is None else float(state.winner == seat)
        me, them = state.players[seat], state.players[1 - seat]
        return logistic(PROGRESS * (me.score() - them.score()) + evaluate(state, seat), SCALE)

    def reason(self, state: AlteredState, seat: int, action: Any) -> Text | None:
        """The advice's sentence for the search's move (`bot/ai/advice.py`)."""
        return reason(state, seat, action)


def reason(state: AlteredState, seat: int, action: Any) -> Text | None:
    """Why the move, from the greedy player's own reckoning: the card least worth keeping goes to Mana or
    the discard (the others kept), the expedition a card makes advance at Dusk (or the opponent's it stops),
    Mana enough already, nothing left worth playing. Another move has no sentence of its own (None)."""
    key = "altered.advice."
    p = state.players[seat]
    if isinstance(action, SetupMana | Expand | CleanupDiscard):
        card, discard = _card(state, seat, action.uid), isinstance(action, CleanupDiscard)
        if not card or any(_keep_value(o.card) < _keep_value(card) for o in (p.reserve if discard else p.hand)):
            return None
        return txt(key + ("discard" if discard else "mana"), card=card_text(card))
    if isinstance(action, SkipExpand):
        if len(p.mana) >= MANA_TARGET:
            return txt(key + "skip_enough", n=len(p.mana))
        return txt(key + "skip_hand", n=len(p.hand)) if len(p.hand) < 2 else None
    if isinstance(action, PlayCard):
        card = _card(state, seat, action.uid)
        if not card:
            return None
        trial = state.clone()
        play_card(trial, seat, action, Rng(1), [])
        for kind in EXPEDITIONS:
            if would_advance(trial, seat, kind) and not would_advance(state, seat, kind):
                return txt(key + "play_advance", card=card_text(card), expedition=txt(f"altered.expedition.{kind}"))
            if would_advance(state, 1 - seat, kind) and not would_advance(trial, 1 - seat, kind):
                return txt(key + "play_stop", card=card_text(card))
        return txt(key + "play", card=card_text(card))
    if isinstance(action, Pass):
        return txt(key + "pass")
    return None
