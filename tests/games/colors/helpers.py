"""Positions drawn by hand for the Colors of Magic scenario tests (coordinates in inches)."""

from __future__ import annotations

from typing import Any

from bot.engine import Rng, decision
from bot.games.colors.game import COLORS
from bot.games.colors.state import ColorsState, Figure, Side
from bot.table.units import INCH


def at(x: float, y: float) -> tuple[int, int]:
    return (round(x * INCH), round(y * INCH))


def fig(fid: str, card: str, owner: int, x: float, y: float, **kw: Any) -> Figure:
    from bot.games.colors.content import CARDS, WIZARDS

    wizard = card in WIZARDS
    pv = WIZARDS[card].profile.pv if wizard else CARDS[card].creature.pv  # type: ignore[union-attr]
    return Figure(
        id=fid, card=card, owner=owner, x=round(x * INCH), y=round(y * INCH), pv=kw.pop("pv", pv), wizard=wizard, **kw
    )


def make(
    figures: list[Figure] | None = None,
    *,
    hands: tuple[list[str], list[str]] = ([], []),
    mana: tuple[int, int] = (10, 10),
    decks: tuple[list[str], list[str]] = ([], []),
    turn: int = 0,
    **update: Any,
) -> ColorsState:
    """Both wizards in their corners unless `figures` says otherwise; seat `turn` to act."""
    figures = figures if figures is not None else [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22)]
    sides = tuple(
        Side(name=name, wizard=w, mana=mana[i], hand=tuple(hands[i]), deck=tuple(decks[i]))
        for i, (name, w) in enumerate((("Alice", "braise"), ("Bob", "roc")))
    )
    state = ColorsState(
        scenario="pierres_de_mana",
        sides=(sides[0], sides[1]),
        figures=tuple(figures),
        turn=turn,
        objectives={"pierre_ouest": 3, "pierre_centre": 3, "pierre_est": 3},
        counter=20,
        stack=(decision("act", turn),),
    )
    return state.model_copy(update=update)


def act(state: ColorsState, seat: int, action: Any, seed: int = 1) -> ColorsState:
    COLORS.check(state, seat, action)
    return COLORS.apply(state, seat, action, Rng(seed)).state


def kinds(state: ColorsState, seat: int, action: Any, seed: int = 1) -> list[str]:
    COLORS.check(state, seat, action)
    return [e.kind for e in COLORS.apply(state, seat, action, Rng(seed)).events]


def quiet(state: ColorsState) -> ColorsState:
    """Answer every open window for instants with "nothing" (the event goes on)."""
    from bot.games.colors.actions import NoResponse

    while state.stack and state.stack[-1].kind == "respond":
        state = act(state, state.stack[-1].seats[0], NoResponse())
    return state
