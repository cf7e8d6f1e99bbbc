"""Palet: a kernel test game with a continuous action, after the Breton game of pucks.

Each round a jack (le maître) lands at random in the middle of a 24"×24" board; the players then
place three pucks each, in turn, anywhere on the board at integer coordinates (tenths of a
millimetre), never within 1" of another puck or of the jack (centre to centre). When the six pucks
are down, the side with the puck closest to the jack scores one point per puck closer than the
other side's best (at equal distances, the puck placed first is closer). Three rounds; the higher
score wins.

There is no list of legal moves: `check` is the oracle, `suggest` proposes useful points (touching
the jack on each side, a point typed by the player, the nearest legal point to an illegal one), and
every placement is previewed before Confirm.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.ai import GreedyAgent
from bot.engine import (
    PHASE,
    Action,
    AnyGame,
    Ask,
    BaseGame,
    Choice,
    Decision,
    IllegalAction,
    Outcome,
    Preview,
    RandomSource,
    Seat,
    SeatSpec,
    Text,
    Transition,
    decision,
    public,
    randint,
    txt,
)
from bot.table.units import INCH, Measure

BOARD = Measure(unit="in", width=24 * INCH, height=24 * INCH, cell=INCH)
SPACING = INCH  # centre to centre, from any other puck or the jack
PUCKS = 3
ROUNDS = 3
JACK_ZONE = (6 * INCH, 18 * INCH)


class Place(Action):
    """Put a puck at (x, y), in tenths of a millimetre from the top-left corner."""

    kind: Literal["place"] = "place"
    x: int
    y: int


PaletAction = Annotated[Place, Field(discriminator="kind")]


class Puck(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    x: int
    y: int


class PaletState(BaseModel):
    model_config = ConfigDict(frozen=True)

    names: tuple[str, ...]
    round: int = 1
    first: int = 0
    jack: tuple[int, int]
    pucks: tuple[Puck, ...] = ()
    scores: tuple[int, ...] = (0, 0)
    stack: tuple[Decision, ...] = ()
    last: tuple[int, int] | None = None
    over: bool = False


class PaletView(BaseModel):
    """Everything is public in Palet: every viewer sees the same board."""

    model_config = ConfigDict(frozen=True)

    game: Literal["palet"] = "palet"
    viewer: int | None
    names: tuple[str, ...]
    round: int
    first: int
    jack: tuple[int, int]
    pucks: tuple[Puck, ...]
    scores: tuple[int, ...]
    to_act: tuple[int, ...]
    last: tuple[int, int] | None
    over: bool


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Centre-to-centre distance, rounded down to the unit (so comparisons never flicker)."""
    return math.isqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)


def _refusal(state: PaletState, x: int, y: int) -> tuple[str, dict[str, Any]] | None:
    if not BOARD.inside((x, y)):
        return "palet.off_board", {}
    if _dist((x, y), state.jack) < SPACING:
        return "palet.too_close", {}
    if any(_dist((x, y), (p.x, p.y)) < SPACING for p in state.pucks):
        return "palet.too_close", {}
    return None


def nearest_legal(state: PaletState, x: int, y: int) -> tuple[int, int]:
    """The legal point nearest to (x, y): pushed out of each puck it overlaps, clamped to the board."""
    px, py = min(max(x, 0), BOARD.width), min(max(y, 0), BOARD.height)
    obstacles = [state.jack, *((p.x, p.y) for p in state.pucks)]
    for _ in range(12):
        clash = next((o for o in obstacles if _dist((px, py), o) < SPACING), None)
        if clash is None:
            return px, py
        dx, dy = px - clash[0], py - clash[1]
        norm = math.hypot(dx, dy) or 1.0
        if norm < 1:
            dx, dy, norm = 1, 0, 1.0
        px = min(max(round(clash[0] + dx / norm * (SPACING + 1)), 0), BOARD.width)
        py = min(max(round(clash[1] + dy / norm * (SPACING + 1)), 0), BOARD.height)
    # crowded: scan outward on a coarse ring until a free point is found
    for r in range(SPACING, BOARD.width, SPACING // 2):
        for k in range(16):
            a = 2 * math.pi * k / 16
            cand = (round(x + r * math.cos(a)), round(y + r * math.sin(a)))
            if _refusal(state, *cand) is None:
                return cand
    return px, py  # pragma: no cover - a board of 6 pucks always has room


class PaletGame(BaseGame[PaletState, Any, PaletView]):
    key = "palet"
    state_type = PaletState
    action_type = PaletAction
    families: ClassVar[dict[str, tuple[str, ...]]] = {"poser": ("place",)}
    kind_rules: ClassVar[dict[str, str]] = {}
    answers: ClassVar[dict[str, tuple[str, ...]]] = {"place": ("place",)}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[PaletState]:
        jack = (randint(rng, *JACK_ZONE), randint(rng, *JACK_ZONE))
        state = PaletState(names=tuple(s.name for s in seats), jack=jack, stack=(decision("place", 0),))
        events = (public("jack", x=jack[0], y=jack[1], round=1), public(PHASE, round=1))
        return Transition(state=state, events=events)

    # -- legality ---------------------------------------------------------------------------------
    def check_rules(self, state: PaletState, seat: Seat, action: Any) -> None:
        refused = _refusal(state, action.x, action.y)
        if refused is not None:
            near = nearest_legal(state, action.x, action.y)
            raise IllegalAction(refused[0], rule="palet.place", x=near[0], y=near[1], cell=BOARD.cell_of(near))

    def suggest(self, state: PaletState, seat: Seat, ask: Ask) -> list[Choice[Any]]:
        if seat not in self.to_act(state) or not ask.wants("place"):
            return []
        out: list[Choice[Any]] = []
        typed = BOARD.parse_point(ask.text) if ask.text else None
        if typed is not None:
            x, y = typed if _refusal(state, *typed) is None else nearest_legal(state, *typed)
            out.append(self._choice(state, seat, x, y, matched=True, moved=(x, y) != typed))
        jx, jy = state.jack
        for k in range(8):  # touching the jack, all around it
            a = math.pi / 4 * k
            x, y = round(jx + (SPACING + 1) * math.cos(a)), round(jy + (SPACING + 1) * math.sin(a))
            if _refusal(state, x, y) is None:
                out.append(self._choice(state, seat, x, y))
        for p in state.pucks:  # right behind an opponent's puck, to crowd it out
            if p.seat != seat:
                dx, dy = p.x - jx, p.y - jy
                norm = math.hypot(dx, dy) or 1.0
                x, y = round(p.x + dx / norm * (SPACING + 1)), round(p.y + dy / norm * (SPACING + 1))
                if _refusal(state, x, y) is None:
                    out.append(self._choice(state, seat, x, y))
        seen: set[tuple[int, int]] = set()
        unique = []
        for c in sorted(out, key=lambda c: (not c.matched, -c.score)):
            point = (c.action.x, c.action.y)
            if point not in seen:
                seen.add(point)
                unique.append(c)
        return unique[: ask.limit] if ask.limit else unique

    def _choice(
        self, state: PaletState, seat: Seat, x: int, y: int, *, matched: bool = False, moved: bool = False
    ) -> Choice[Any]:
        action = Place(x=x, y=y)
        label = self.describe_action(state, seat, action)
        if moved:
            label = txt("palet.action.nearest", place=label)
        return Choice(action=action, label=label, score=-_dist((x, y), state.jack), preview=True, matched=matched)

    # -- resolution -------------------------------------------------------------------------------
    def apply(self, state: PaletState, seat: Seat, action: Any, rng: RandomSource) -> Transition[PaletState]:
        pucks = (*state.pucks, Puck(seat=seat, x=action.x, y=action.y))
        events: list[Any] = [
            public("placed", seat=seat, x=action.x, y=action.y, cell=BOARD.cell_of((action.x, action.y)))
        ]
        new = state.model_copy(update={"pucks": pucks, "last": (action.x, action.y)})
        if len(pucks) < 2 * PUCKS:
            nxt = 1 - seat
            return Transition(state=new.model_copy(update={"stack": (decision("place", nxt),)}), events=tuple(events))
        winner, points = _score(new)
        scores = list(new.scores)
        if winner is not None:
            scores[winner] += points
        if winner is None:
            events.append(public("round_tied", round=state.round))
        else:
            events.append(public("round_scored", seat=winner, points=points, round=state.round))
        if state.round >= ROUNDS:
            events.append(public("over", scores=scores))
            final = new.model_copy(update={"scores": tuple(scores), "stack": (), "over": True})
            return Transition(state=final, events=tuple(events))
        first = 1 - state.first
        jack = (randint(rng, *JACK_ZONE), randint(rng, *JACK_ZONE))
        nxt_state = new.model_copy(
            update={
                "scores": tuple(scores),
                "round": state.round + 1,
                "first": first,
                "jack": jack,
                "pucks": (),
                "last": None,
                "stack": (decision("place", first),),
            }
        )
        events += [public("jack", x=jack[0], y=jack[1], round=state.round + 1), public(PHASE, round=state.round + 1)]
        return Transition(state=nxt_state, events=tuple(events))

    def outcome(self, state: PaletState) -> Outcome | None:
        if not state.over:
            return None
        a, b = state.scores
        scores = {"0": a, "1": b}
        if a == b:
            return Outcome(draw=True, reason=txt("palet.outcome.draw"), scores=scores)
        return Outcome(winners=(0 if a > b else 1,), reason=txt("palet.outcome.points"), scores=scores)

    # -- information ------------------------------------------------------------------------------
    def view(self, state: PaletState, viewer: Seat | None) -> PaletView:
        return PaletView(
            viewer=viewer,
            names=state.names,
            round=state.round,
            first=state.first,
            jack=state.jack,
            pucks=state.pucks,
            scores=state.scores,
            to_act=tuple(sorted(self.to_act(state))),
            last=state.last,
            over=state.over,
        )

    def determinize(self, view: PaletView, rng: RandomSource) -> PaletState:
        """Nothing is hidden: the view is the whole state."""
        stack = (decision("place", view.to_act[0]),) if view.to_act else ()
        return PaletState(
            names=view.names,
            round=view.round,
            first=view.first,
            jack=view.jack,
            pucks=view.pucks,
            scores=view.scores,
            stack=stack,
            last=view.last,
            over=view.over,
        )

    def agent(self, level: str = "normal") -> GreedyAgent:
        return GreedyAgent(_evaluate)

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: PaletState) -> str:
        return "over" if state.over else f"round:{state.round}"

    def describe_action(self, state: PaletState, seat: Seat, action: Any) -> Text:
        return txt("palet.action.place", x=action.x, y=action.y, cell=BOARD.cell_of((action.x, action.y)))

    def preview(self, state: PaletState, seat: Seat, action: Any) -> Preview:
        point = (action.x, action.y)
        mine = _dist(point, state.jack)
        others = [_dist((p.x, p.y), state.jack) for p in state.pucks if p.seat != seat]
        lead = not others or mine < min(others)
        return Preview(
            lines=(
                txt("palet.preview.distance", d=mine),
                txt("palet.preview.lead" if lead else "palet.preview.behind"),
            ),
            overlay={"point": list(point), "jack": list(state.jack), "seat": seat},
        )


def _score(state: PaletState) -> tuple[int | None, int]:
    """The side with the closest puck, and how many of its pucks beat the other side's best.

    Pucks at the same distance are ranked by who placed them first (the earlier puck was there).
    """
    ranked = [(_dist((p.x, p.y), state.jack), i, p.seat) for i, p in enumerate(state.pucks)]
    best = {s: min((r for r in ranked if r[2] == s), default=None) for s in (0, 1)}
    mine, theirs = best[0], best[1]
    if mine is None or theirs is None:
        return None, 0
    winner = 0 if mine < theirs else 1
    loser_best = theirs if winner == 0 else mine
    return winner, sum(1 for r in ranked if r[2] == winner and r < loser_best)


def _evaluate(game: AnyGame, state: PaletState, seat: Seat) -> float:
    """Score lead first, then how close one's best puck lies to the jack."""
    lead = state.scores[seat] - state.scores[1 - seat]
    mine = min((_dist((p.x, p.y), state.jack) for p in state.pucks if p.seat == seat), default=10**6)
    return 10_000.0 * lead - mine


CATALOG = {
    "fr": {
        "palet.name": "Palet (jeu de test)",
        "palet.cmd.desc": "Jouer au Palet (jeu de test)",
        "palet.decision.poser.desc": "Poser un palet (ex. « C7 » ou « 12,5 8 »)",
        "palet.action.place": "Poser un palet en {x:in} ; {y:in} ({cell})",
        "palet.action.nearest": "{place} (point permis le plus proche)",
        "palet.event.jack": "Manche {round} : le maître tombe en {x:in} ; {y:in}.",
        "palet.event.placed": "{seat} pose un palet en {cell}.",
        "palet.event.round_scored": "Fin de la manche {round} : {seat} marque {points} {points:p:point|points}.",
        "palet.event.round_tied": "Fin de la manche {round} : égalité, personne ne marque.",
        "palet.event.over": "Fin de la partie, scores {scores}.",
        "palet.event.phase": "Manche {round}.",
        "palet.preview.distance": "Distance au maître : {d:in}.",
        "palet.preview.lead": "Ce palet serait le plus proche du maître.",
        "palet.preview.behind": "Un palet adverse resterait plus proche.",
        "palet.outcome.points": "Victoire aux points.",
        "palet.outcome.draw": "Égalité aux points.",
        "error.palet.off_board": (
            "Ce point est hors du plateau. Point permis le plus proche : {x:in} ; {y:in} ({cell})."
        ),
        "error.palet.too_close": (
            "Trop près d'un palet ou du maître (1\" au moins). Point permis le plus proche : {x:in} ; {y:in} ({cell})."
        ),
    },
    "en": {
        "palet.name": "Palet (test game)",
        "palet.cmd.name": "palet",
        "palet.cmd.desc": "Play Palet (test game)",
        "palet.decision.poser": "place",
        "palet.decision.poser.desc": "Place a puck (e.g. “C7” or “12.5 8”)",
        "palet.action.place": "Place a puck at {x:in}, {y:in} ({cell})",
        "palet.action.nearest": "{place} (nearest legal point)",
        "palet.event.jack": "Round {round}: the jack lands at {x:in}, {y:in}.",
        "palet.event.placed": "{seat} places a puck at {cell}.",
        "palet.event.round_scored": "End of round {round}: {seat} scores {points} {points:p:point|points}.",
        "palet.event.round_tied": "End of round {round}: a tie, nobody scores.",
        "palet.event.over": "The match is over, scores {scores}.",
        "palet.event.phase": "Round {round}.",
        "palet.preview.distance": "Distance to the jack: {d:in}.",
        "palet.preview.lead": "This puck would be the closest to the jack.",
        "palet.preview.behind": "An opposing puck would stay closer.",
        "palet.outcome.points": "Won on points.",
        "palet.outcome.draw": "A draw on points.",
        "error.palet.off_board": "That point is off the board. Nearest legal point: {x:in}, {y:in} ({cell}).",
        "error.palet.too_close": (
            'Too close to a puck or the jack (1" at least). Nearest legal point: {x:in}, {y:in} ({cell}).'
        ),
    },
}

PaletGame.catalog = CATALOG
#: The rules object the package's GameDef wraps (bot/testgames/palet/__init__.py).
PALET = PaletGame()
