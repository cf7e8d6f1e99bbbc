"""What one viewer may see of a Colors of Magic match (hidden information leaves only through views).

Hands are shown only to their owner, grimoire order to nobody, the cards face down in a duel only to
the one who played them (the others see how many). The table, discards, mana and VP are public.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

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


class ColorsView(BaseModel):
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


def build_view(state: ColorsState, viewer: int | None) -> ColorsView:
    sides = tuple(
        SideView(
            seat=i,
            name=s.name,
            wizard=s.wizard,
            mana=s.mana,
            vp=s.vp,
            passed=s.passed,
            hand_count=len(s.hand),
            deck_count=len(s.deck),
            discard=s.discard,
            exile=s.exile,
            permanents=s.permanents,
            hand=s.hand if viewer == i else None,
        )
        for i, s in enumerate(state.sides)
    )
    duel = None
    if state.duel is not None:
        d = state.duel
        duel = DuelView(
            attacker=d.attacker,
            defender=d.defender,
            ranged=d.ranged,
            cover=d.cover,
            free=d.free,
            counts=(len(d.cards[0]), len(d.cards[1])),
            turn=d.turn,
            passes=d.passes,
            mine=d.cards[viewer] if viewer in (0, 1) else None,
            monster_card=d.monster_card,
        )
    top = state.stack[-1] if state.stack else None
    return ColorsView(
        viewer=viewer,
        scenario=state.scenario,
        round=state.round,
        phase=state.phase,
        first=state.first,
        first_passer=state.first_passer,
        turn=state.turn,
        sides=(sides[0], sides[1]),
        figures=state.figures,
        counter=state.counter,
        objectives=state.objectives,
        active=state.active,
        duel=duel,
        duels=state.duels,
        pending_move=state.pending_move,
        stack=tuple((d.kind, d.seats) for d in state.stack),
        window=state.window,
        instants=state.instants,
        monster_deck_count=len(state.monster_deck),
        monster_discard=state.monster_discard,
        monster_steps=state.monster_steps,
        to_act=tuple(sorted(top.waiting())) if top is not None else (),
        last=state.last,
        last_path=state.last_path,
        winners=state.winners,
        reason=state.reason,
    )
