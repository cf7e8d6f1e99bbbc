"""What one viewer may see of a Colors of Magic match, built from the state as that viewer knows it
(`hidden.SPEC`): hands and the cards face down in a duel are shown to their owner only, the others
see how many; grimoires and the activation pile only as a count. The public fields are the state's.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.engine import Known, SeatView, carried, questions, view_of
from bot.engine.decisions import waiting

from .hidden import SPEC
from .state import ColorsState, Figure, Window


class SideView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    wizard: str
    mana: int
    vp: int
    passed: bool
    hand_count: int
    deck_count: int
    discard: tuple[str, ...]
    exile: tuple[str, ...]
    permanents: tuple[str, ...]
    tapped: tuple[str, ...] = ()  # permanents tapped for their ability until the End phase (D-COL-37)
    hand: tuple[str, ...] | None = None


class DuelView(BaseModel):
    model_config = ConfigDict(frozen=True)

    attacker: str
    defender: str
    ranged: bool
    cover: int
    free: bool
    counts: tuple[int, int]
    turn: int
    passes: int
    mine: tuple[str, ...] | None = None  # the viewer's own face-down cards
    monster_card: str | None = None  # a monster's activation card is public (it is drawn face up)


class ColorsView(SeatView[ColorsState]):
    model_config = ConfigDict(frozen=True)

    game: str = "colors"
    viewer: int | None
    scenario: str
    round: int
    phase: str
    first: int
    first_passer: int | None
    turn: int
    sides: tuple[SideView, SideView]
    figures: tuple[Figure, ...]
    counter: int
    objectives: dict[str, int]
    active: str | None
    duel: DuelView | None
    duels: tuple[str, ...]
    pending_move: tuple[str, tuple[tuple[int, int], ...]] | None
    stack: tuple[tuple[str, tuple[int, ...]], ...]
    window: Window | None = None  # public: who may still answer, and the paused event
    instants: tuple[tuple[int, dict[str, Any]], ...] = ()  # public: cast face up
    monster_deck_count: int = 0
    monster_discard: tuple[str, ...] = ()
    monster_steps: tuple[tuple[str, str], ...] = ()
    to_act: tuple[int, ...]
    last: tuple[str, ...]
    last_path: tuple[tuple[int, int], ...]
    winners: tuple[int, ...] | None
    reason: str | None


def build_view(known: Known[ColorsState]) -> ColorsView:
    """The board of an information set (`SPEC.redact`): nothing the viewer may not see is in it."""
    state, viewer = known.state, known.viewer
    sides = tuple(
        carried(
            SideView,
            s,
            seat=i,
            hand_count=len(s.hand),
            deck_count=len(s.deck),
            hand=s.hand if SPEC.sees("hand", i, viewer) else None,
        )
        for i, s in enumerate(state.sides)
    )
    duel = None
    if state.duel is not None:
        d = state.duel
        duel = carried(
            DuelView,
            d,
            counts=(len(d.cards[0]), len(d.cards[1])),
            mine=d.cards[viewer] if viewer is not None and SPEC.sees("duel", viewer, viewer) else None,
        )
    return view_of(
        ColorsView,
        known,
        sides=(sides[0], sides[1]),
        duel=duel,
        stack=questions(state.stack),
        monster_deck_count=len(state.monster_deck),
        to_act=tuple(sorted(waiting(state.stack))),
    )
