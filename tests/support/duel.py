"""Duel: the host's own two-player test game (not one of the five rule systems).

Each player holds a secret hand dealt from a shared shuffled deck of cards 1..10 (two of each).
Every round both players pick a card face down at the same time (a secret, committed choice);
when both have picked, the cards are revealed and the higher card scores a point. The round
winner then answers a prompt: draw a card or not. First to 3 points, or the better score once a
hand is empty, wins. Small, but it exercises hidden hands, a simultaneous hidden choice with
commitments, a mid-resolution prompt, phases and chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.engine import (
    PHASE,
    REVEAL,
    Action,
    BaseGame,
    EngineError,
    IllegalAction,
    Outcome,
    Prompt,
    RandomSource,
    Seat,
    SeatSpec,
    Text,
    Transition,
    private,
    public,
    shuffled,
    txt,
)

TARGET = 3
HAND = 4


class Pick(Action):
    kind: Literal["pick"] = "pick"
    card: int
    secret = True


class Draw(Action):
    """Answer to the winner's prompt: draw a card or not."""

    kind: Literal["draw"] = "draw"
    take: bool


DuelAction = Annotated[Pick | Draw, Field(discriminator="kind")]


class DuelState(BaseModel):
    model_config = ConfigDict(frozen=True)

    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    scores: tuple[int, ...] = (0, 0)
    picks: tuple[int | None, ...] = (None, None)
    round: int = 1
    phase: Literal["pick", "bonus", "over"] = "pick"
    prompt: Prompt | None = None
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


class DuelGame(BaseGame[DuelState, Any, DuelView]):
    key = "duel"
    state_type = DuelState
    action_type = DuelAction
    catalog: ClassVar[dict[str, dict[str, str]]] = {}
    decisions: ClassVar[dict[str, tuple[str, ...]]] = {"jouer": ("pick",), "piocher": ("draw",)}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[DuelState]:
        deck = shuffled(rng, [v for v in range(1, 11) for _ in range(2)])
        hands = (tuple(sorted(deck[:HAND])), tuple(sorted(deck[HAND : 2 * HAND])))
        state = DuelState(names=tuple(s.name for s in seats), hands=hands, deck=tuple(deck[2 * HAND :]))
        events = [public("dealt", count=HAND)]
        events += [private([i], "hand", cards=list(h)) for i, h in enumerate(hands)]
        events.append(public(PHASE, phase="pick", round=1))
        return Transition(state=state, events=tuple(events))

    def to_act(self, state: DuelState) -> frozenset[Seat]:
        if state.phase == "pick":
            return frozenset(i for i in (0, 1) if state.picks[i] is None)
        if state.phase == "bonus" and state.prompt is not None:
            return frozenset({state.prompt.seat})
        return frozenset()

    def legal_actions(self, state: DuelState, seat: Seat) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "pick":
            return [Pick(card=c) for c in sorted(set(state.hands[seat]))]
        return [Draw(take=True), Draw(take=False)] if state.deck else [Draw(take=False)]

    def apply(self, state: DuelState, seat: Seat, action: Any, rng: RandomSource) -> Transition[DuelState]:
        if seat not in self.to_act(state):
            raise EngineError("not_your_turn")
        if isinstance(action, Pick):
            return self._pick(state, seat, action)
        if isinstance(action, Draw):
            return self._draw(state, seat, action)
        raise IllegalAction("illegal_action")

    def _pick(self, state: DuelState, seat: Seat, action: Pick) -> Transition[DuelState]:
        if state.phase != "pick":
            raise IllegalAction("wrong_phase")
        if action.card not in state.hands[seat]:
            raise IllegalAction("duel.card_not_in_hand", rule="duel.pick")
        picks = list(state.picks)
        picks[seat] = action.card
        events = [public("picked", seat=seat), private([seat], "you_picked", card=action.card)]
        if None in picks:
            return Transition(state=state.model_copy(update={"picks": tuple(picks)}), events=tuple(events))
        a, b = picks
        assert a is not None and b is not None
        hands = tuple(tuple(_remove(h, p)) for h, p in zip(state.hands, (a, b), strict=True))
        scores = list(state.scores)
        winner = 0 if a > b else 1 if b > a else None
        if winner is not None:
            scores[winner] += 1
        events.append(public(REVEAL, seats=[0, 1]))
        events.append(public("revealed", cards=[a, b], winner=winner))
        new = state.model_copy(update={"picks": (None, None), "hands": hands, "scores": tuple(scores), "last": (a, b)})
        if winner is not None and new.deck and max(scores) < TARGET:
            prompt = Prompt(id=f"bonus-{state.round}", seat=winner, kind="draw", question=txt("duel.prompt.draw"))
            new = new.model_copy(update={"phase": "bonus", "prompt": prompt})
            events.append(public(PHASE, phase="bonus", round=state.round))
            return Transition(state=new, events=tuple(events))
        return self._next_round(new, events)

    def _draw(self, state: DuelState, seat: Seat, action: Draw) -> Transition[DuelState]:
        if state.phase != "bonus":
            raise IllegalAction("wrong_phase")
        events: list[Any] = [public("bonus", seat=seat, take=action.take)]
        new = state.model_copy(update={"prompt": None})
        if action.take:
            if not state.deck:
                raise IllegalAction("duel.deck_empty", rule="duel.bonus")
            card, deck = state.deck[0], state.deck[1:]
            hands = list(state.hands)
            hands[seat] = tuple(sorted((*hands[seat], card)))
            new = new.model_copy(update={"hands": tuple(hands), "deck": deck})
            events.append(private([seat], "you_drew", card=card))
        return self._next_round(new, events)

    def _next_round(self, state: DuelState, events: list[Any]) -> Transition[DuelState]:
        if max(state.scores) >= TARGET or not all(state.hands):
            events.append(public("over", scores=list(state.scores)))
            return Transition(state=state.model_copy(update={"phase": "over"}), events=tuple(events))
        new = state.model_copy(update={"phase": "pick", "round": state.round + 1})
        events.append(public(PHASE, phase="pick", round=new.round))
        return Transition(state=new, events=tuple(events))

    def view(self, state: DuelState, viewer: Seat | None) -> DuelView:
        seats = tuple(
            SeatView(
                name=state.names[i],
                score=state.scores[i],
                hand_count=len(state.hands[i]),
                picked=state.picks[i] is not None,
                hand=state.hands[i] if viewer == i else None,
                pick=state.picks[i] if viewer == i else None,
            )
            for i in (0, 1)
        )
        return DuelView(
            viewer=viewer,
            round=state.round,
            phase=state.phase,
            deck_count=len(state.deck),
            seats=seats,
            last=state.last,
            to_act=tuple(sorted(self.to_act(state))),
        )

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        a, b = state.scores
        if a == b:
            return Outcome(draw=True, reason=txt("duel.outcome.draw"), scores={"0": a, "1": b})
        winner = 0 if a > b else 1
        return Outcome(winners=(winner,), reason=txt("duel.outcome.points"), scores={"0": a, "1": b})

    def phase(self, state: DuelState) -> str:
        return f"{state.phase}:{state.round}"

    def describe_action(self, state: DuelState, seat: Seat, action: Any) -> Text:
        if isinstance(action, Pick):
            return txt("duel.action.pick", card=action.card)
        return txt("duel.action.draw_yes" if action.take else "duel.action.draw_no")

    def private_info(self, state: DuelState, seat: Seat) -> Any:
        return {"hand": state.hands[seat], "pick": state.picks[seat]}

    def ai_action(self, state: DuelState, seat: Seat, rng: RandomSource) -> Any:
        legal = self.legal_actions(state, seat)
        if state.phase == "pick":
            return max(legal, key=lambda a: a.card)  # a simple greedy player
        return legal[0]


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
        "duel.prompt.draw": "Vous avez gagné la manche : piocher une carte ?",
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
        "duel.prompt.draw": "You won the round: draw a card?",
        "duel.outcome.draw": "A draw on points.",
        "duel.outcome.points": "Won on points.",
        "error.duel.card_not_in_hand": "That card is not in your hand.",
        "error.duel.deck_empty": "The deck is empty.",
    },
}

DuelGame.catalog = CATALOG
GAME = DuelGame()
