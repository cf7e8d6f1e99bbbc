"""Duel: two players, a shared shuffled deck of cards 1..10 (two of each), a secret hand each.

Every round both players pick a card face down at the same time: one simultaneous, secret
decision on the stack. When both have answered, the cards are revealed and the higher card scores
a point; the round winner then answers a second decision, draw a card or not. First to 3 points,
or the better score once a hand is empty, wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.ai import GreedyAgent
from bot.engine import (
    PHASE,
    REVEAL,
    Action,
    AnyGame,
    Decision,
    FiniteGame,
    IllegalAction,
    Outcome,
    RandomSource,
    Sealed,
    Seat,
    SeatSpec,
    Text,
    Transition,
    decision,
    private,
    public,
    shuffled,
    txt,
)
from bot.engine import decisions as stack_ops

TARGET = 3
HAND = 4


class Pick(Action):
    kind: Literal["pick"] = "pick"
    card: int


class Draw(Action):
    """Answer to the round winner's decision: draw a card or not."""

    kind: Literal["draw"] = "draw"
    take: bool


DuelAction = Annotated[Pick | Draw, Field(discriminator="kind")]


class DuelState(BaseModel):
    model_config = ConfigDict(frozen=True)

    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    scores: tuple[int, ...] = (0, 0)
    round: int = 1
    stack: tuple[Decision, ...] = ()
    over: bool = False
    last: tuple[int, ...] | None = None


class SeatView(BaseModel):
    name: str
    score: int
    hand_count: int
    picked: bool
    hand: tuple[int, ...] | None = None
    pick: int | None = None


class DuelView(BaseModel):
    """What one viewer sees. `viewer=None` is the public board."""

    game: Literal["duel"] = "duel"
    viewer: int | None
    round: int
    phase: str
    deck_count: int
    seats: tuple[SeatView, ...]
    last: tuple[int, ...] | None
    to_act: tuple[int, ...]


def _pick_decision() -> Decision:
    return decision("pick", 0, 1, secret=True)


class DuelGame(FiniteGame[DuelState, Any, DuelView]):
    key = "duel"
    state_version = 2
    state_type = DuelState
    action_type = DuelAction
    families: ClassVar[dict[str, tuple[str, ...]]] = {"jouer": ("pick",), "piocher": ("draw",)}
    answers: ClassVar[dict[str, tuple[str, ...]]] = {"pick": ("pick",), "draw": ("draw",)}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[DuelState]:
        deck = shuffled(rng, [v for v in range(1, 11) for _ in range(2)])
        hands = (tuple(sorted(deck[:HAND])), tuple(sorted(deck[HAND : 2 * HAND])))
        rest = tuple(deck[2 * HAND :])
        state = DuelState(names=tuple(s.name for s in seats), hands=hands, deck=rest, stack=(_pick_decision(),))
        events = [public("dealt", count=HAND)]
        events += [private([i], "hand", cards=list(h)) for i, h in enumerate(hands)]
        events.append(public(PHASE, phase="pick", round=1))
        return Transition(state=state, events=tuple(events), sealed=(Sealed(label="deck", payload=list(rest)),))

    # -- legality ---------------------------------------------------------------------------------
    def check_rules(self, state: DuelState, seat: Seat, action: Any) -> None:
        if isinstance(action, Pick) and action.card not in state.hands[seat]:
            raise IllegalAction("duel.card_not_in_hand", rule="duel.pick")
        if isinstance(action, Draw) and action.take and not state.deck:
            raise IllegalAction("duel.deck_empty", rule="duel.bonus")

    def legal_actions(self, state: DuelState, seat: Seat) -> list[Any]:
        top = self.pending(state)
        if top is None or seat not in top.waiting():
            return []
        if top.kind == "pick":
            return [Pick(card=c) for c in sorted(set(state.hands[seat]))]
        return [Draw(take=True), Draw(take=False)] if state.deck else [Draw(take=False)]

    # -- resolution -------------------------------------------------------------------------------
    def apply(self, state: DuelState, seat: Seat, action: Any, rng: RandomSource) -> Transition[DuelState]:
        if isinstance(action, Pick):
            return self._pick(state, seat, action)
        return self._draw(state, seat, action)

    def _pick(self, state: DuelState, seat: Seat, action: Pick) -> Transition[DuelState]:
        top = self.pending(state)
        assert top is not None
        answered = top.answered(seat, action.dump())
        events = [public("picked", seat=seat), private([seat], "you_picked", card=action.card)]
        if not answered.complete:
            stack = stack_ops.replace_top(state.stack, answered)
            return Transition(state=state.model_copy(update={"stack": tuple(stack)}), events=tuple(events))
        a, b = (int(answered.answers[i]["card"]) for i in (0, 1))
        hands = tuple(tuple(_remove(h, p)) for h, p in zip(state.hands, (a, b), strict=True))
        scores = list(state.scores)
        winner = 0 if a > b else 1 if b > a else None
        if winner is not None:
            scores[winner] += 1
        events.append(public(REVEAL, seats=[0, 1]))
        events.append(public("revealed", cards=[a, b], winner=winner))
        new = state.model_copy(
            update={"stack": tuple(stack_ops.pop(state.stack)), "hands": hands, "scores": tuple(scores), "last": (a, b)}
        )
        if winner is not None and new.deck and max(scores) < TARGET:
            new = new.model_copy(update={"stack": (*new.stack, decision("draw", winner))})
            events.append(public(PHASE, phase="bonus", round=state.round))
            return Transition(state=new, events=tuple(events))
        return self._next_round(new, events)

    def _draw(self, state: DuelState, seat: Seat, action: Draw) -> Transition[DuelState]:
        events: list[Any] = [public("bonus", seat=seat, take=action.take)]
        new = state.model_copy(update={"stack": tuple(stack_ops.pop(state.stack))})
        if action.take:
            card, deck = state.deck[0], state.deck[1:]
            hands = list(state.hands)
            hands[seat] = tuple(sorted((*hands[seat], card)))
            new = new.model_copy(update={"hands": tuple(hands), "deck": deck})
            events.append(private([seat], "you_drew", card=card))
        return self._next_round(new, events)

    def _next_round(self, state: DuelState, events: list[Any]) -> Transition[DuelState]:
        if max(state.scores) >= TARGET or not all(state.hands):
            events.append(public("over", scores=list(state.scores)))
            return Transition(state=state.model_copy(update={"over": True, "stack": ()}), events=tuple(events))
        new = state.model_copy(update={"round": state.round + 1, "stack": (_pick_decision(),)})
        events.append(public(PHASE, phase="pick", round=new.round))
        return Transition(state=new, events=tuple(events))

    # -- information ------------------------------------------------------------------------------
    def view(self, state: DuelState, viewer: Seat | None) -> DuelView:
        top = self.pending(state)
        answers = top.answers if top is not None and top.kind == "pick" else {}
        seats = tuple(
            SeatView(
                name=state.names[i],
                score=state.scores[i],
                hand_count=len(state.hands[i]),
                picked=i in answers,
                hand=state.hands[i] if viewer == i else None,
                pick=int(answers[i]["card"]) if viewer == i and i in answers else None,
            )
            for i in (0, 1)
        )
        return DuelView(
            viewer=viewer,
            round=state.round,
            phase=self._phase_name(state),
            deck_count=len(state.deck),
            seats=seats,
            last=state.last,
            to_act=tuple(sorted(self.to_act(state))),
        )

    def determinize(self, view: DuelView, rng: RandomSource) -> DuelState:
        """Unknown cards (the other hand, the deck) dealt at random from those not seen."""
        seen: list[int] = [c for s in view.seats for c in (s.hand or ())]
        for s in view.seats:
            if s.pick is not None:
                seen.append(s.pick)
        seen += list(view.last or ())  # approximate: earlier rounds' cards are not tracked by the view
        pool = [v for v in range(1, 11) for _ in range(2)]
        for c in seen:
            if c in pool:
                pool.remove(c)
        pool = shuffled(rng, pool)
        hands: list[tuple[int, ...]] = []
        answers: dict[int, dict[str, Any]] = {}
        for i, s in enumerate(view.seats):
            if s.hand is not None:
                hand = s.hand
                if s.pick is not None:
                    answers[i] = Pick(card=s.pick).dump()
            else:
                hand, pool = tuple(sorted(pool[: s.hand_count])), pool[s.hand_count :]
                if s.picked and hand:
                    answers[i] = Pick(card=hand[0]).dump()
            hands.append(hand)
        deck = tuple(pool[: view.deck_count])
        stack: tuple[Decision, ...] = ()
        if view.phase == "pick":
            stack = (_pick_decision().model_copy(update={"answers": answers}),)
        elif view.phase == "bonus" and view.to_act:
            stack = (decision("draw", view.to_act[0]),)
        return DuelState(
            names=tuple(s.name for s in view.seats),
            hands=tuple(hands),
            deck=deck,
            scores=tuple(s.score for s in view.seats),
            round=view.round,
            stack=stack,
            over=view.phase == "over",
            last=view.last,
        )

    def outcome(self, state: DuelState) -> Outcome | None:
        if not state.over:
            return None
        a, b = state.scores
        if a == b:
            return Outcome(draw=True, reason=txt("duel.outcome.draw"), scores={"0": a, "1": b})
        winner = 0 if a > b else 1
        return Outcome(winners=(winner,), reason=txt("duel.outcome.points"), scores={"0": a, "1": b})

    # -- presentation -----------------------------------------------------------------------------
    @staticmethod
    def _phase_name(state: DuelState) -> str:
        if state.over:
            return "over"
        top = state.stack[-1] if state.stack else None
        return "bonus" if top is not None and top.kind == "draw" else "pick"

    def phase(self, state: DuelState) -> str:
        return f"{self._phase_name(state)}:{state.round}"

    def describe_action(self, state: DuelState, seat: Seat, action: Any) -> Text:
        if isinstance(action, Pick):
            return txt("duel.action.pick", card=action.card)
        return txt("duel.action.draw_yes" if action.take else "duel.action.draw_no")

    def private_info(self, state: DuelState, seat: Seat) -> Any:
        view = self.view(state, seat)
        return {"hand": state.hands[seat], "pick": view.seats[seat].pick}

    def agent(self, level: str = "normal") -> GreedyAgent:
        return GreedyAgent(_evaluate)


def _evaluate(game: AnyGame, state: DuelState, seat: Seat) -> float:
    """A simple greedy player: the higher card, and drawing when it may."""
    top = state.stack[-1] if state.stack else None
    mine = top.answers.get(seat) if top is not None and top.kind == "pick" else None
    picked = int(mine["card"]) if mine else 0
    return picked + 0.1 * len(state.hands[seat]) + 10.0 * (state.scores[seat] - state.scores[1 - seat])


def _remove(hand: tuple[int, ...], card: int) -> list[int]:
    out = list(hand)
    out.remove(card)
    return out


CATALOG = {
    "fr": {
        "duel.name": "Duel (jeu de test)",
        "duel.cmd.desc": "Jouer au Duel (jeu de test)",
        "duel.decision.jouer.desc": "Choisir une carte face cachée",
        "duel.decision.piocher.desc": "Piocher ou non après une manche gagnée",
        "duel.event.dealt": "Chaque joueur reçoit {count} cartes.",
        "duel.event.hand": "Votre main : {cards}.",
        "duel.event.picked": "{seat} a choisi une carte face cachée.",
        "duel.event.you_picked": "Vous avez choisi le {card}.",
        "duel.event.revealed": "Révélation : {cards}.",
        "duel.event.bonus": "{seat} décide de piocher : {take}.",
        "duel.event.you_drew": "Vous piochez le {card}.",
        "duel.event.over": "Fin du duel, scores {scores}.",
        "duel.event.phase": "Manche {round} : {phase}.",
        "duel.action.pick": "Jouer le {card}",
        "duel.action.draw_yes": "Piocher une carte",
        "duel.action.draw_no": "Ne pas piocher",
        "duel.outcome.draw": "Égalité aux points.",
        "duel.outcome.points": "Victoire aux points.",
        "error.duel.card_not_in_hand": "Cette carte n'est pas dans votre main.",
        "error.duel.deck_empty": "La pioche est vide.",
    },
    "en": {
        "duel.name": "Duel (test game)",
        "duel.cmd.name": "duel",
        "duel.cmd.desc": "Play Duel (test game)",
        "duel.decision.jouer": "play",
        "duel.decision.jouer.desc": "Pick a card face down",
        "duel.decision.piocher": "draw",
        "duel.decision.piocher.desc": "Draw or not after winning a round",
        "duel.event.dealt": "Each player is dealt {count} cards.",
        "duel.event.hand": "Your hand: {cards}.",
        "duel.event.picked": "{seat} picked a card face down.",
        "duel.event.you_picked": "You picked the {card}.",
        "duel.event.revealed": "Reveal: {cards}.",
        "duel.event.bonus": "{seat} decides to draw: {take}.",
        "duel.event.you_drew": "You draw the {card}.",
        "duel.event.over": "The duel is over, scores {scores}.",
        "duel.event.phase": "Round {round}: {phase}.",
        "duel.action.pick": "Play the {card}",
        "duel.action.draw_yes": "Draw a card",
        "duel.action.draw_no": "Do not draw",
        "duel.outcome.draw": "A draw on points.",
        "duel.outcome.points": "Won on points.",
        "error.duel.card_not_in_hand": "That card is not in your hand.",
        "error.duel.deck_empty": "The deck is empty.",
    },
}

DuelGame.catalog = CATALOG
#: The rules object the package's GameDef wraps (bot/testgames/duel/__init__.py).
DUEL = DuelGame()
