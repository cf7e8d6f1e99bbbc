"""A small DSL to build King of Liber states for scenario tests.

`make_state(units={(side, line, slot): "card", ...})` puts cards on a board where both generals
stand in the centre of their back line; everything else has sensible defaults.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.engine import Rng, Transition
from bot.games.liber.content import CARDS, CardDef
from bot.games.liber.game import LIBER
from bot.games.liber.state import ARRIERE, GENERAL_SLOT, SLOTS, LiberState, Piece, Pos, Side

GENERALS = ("aldric", "vharka")


def gpos(side: int) -> Pos:
    return (side, ARRIERE, GENERAL_SLOT)


def make_state(
    units: dict[Pos, str | dict[str, Any]] | None = None,
    *,
    active: int = 0,
    first: int = 0,
    round: int = 2,
    phase: str = "attack",
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] = ([], []),
    gold: tuple[int, int] = (50, 50),
    faith: tuple[int, int] = (0, 0),
    vp: tuple[int, int] = (0, 0),
    generals: tuple[str | None, str | None] = GENERALS,
    general_pv: tuple[int | None, int | None] = (None, None),
) -> LiberState:
    """Build a state. A unit value may be a card id or a dict of Piece fields plus `card`."""
    cards: dict[int, str] = {}
    next_uid = iter(range(1, 10_000))
    sides = []
    for seat in (0, 1):
        grid: list[Piece | None] = [None] * 15
        general = generals[seat]
        if general is not None:
            uid = seat * 100 + 99
            cards[uid] = general
            pv = general_pv[seat] if general_pv[seat] is not None else CARDS[general].pv
            grid[ARRIERE * SLOTS + GENERAL_SLOT] = Piece(uid=uid, card=general, owner=seat, kind="general", pv=pv)

        def uids(names: list[str]) -> list[int]:
            out = []
            for name in names:
                uid = 2000 + next(next_uid)
                cards[uid] = name
                out.append(uid)
            return out

        sides.append(
            Side(
                name=("Nord", "Sud")[seat],
                general=general or "aldric",
                hand=uids(hands[seat]),
                deck=uids(decks[seat]),
                grid=grid,
                gold=gold[seat],
                faith=faith[seat],
                vp=vp[seat],
            )
        )
    for (side, line, slot), spec in (units or {}).items():
        data = {"card": spec} if isinstance(spec, str) else dict(spec)
        card = CARDS[data["card"]]
        uid = 3000 + next(next_uid)
        cards[uid] = card.id
        items = []
        for item in data.pop("items", []):
            iuid = 4000 + next(next_uid)
            cards[iuid] = item
            items.append(iuid)
        kind = {"unit": "unit", "token": "token", "lieu": "lieu", "spell": "enchantment", "faveur": "faveur"}[card.type]
        fields = {"uid": uid, "owner": side, "kind": kind, "pv": card.pv, **data, "items": items}
        sides[side].grid[line * SLOTS + slot] = Piece(**fields)
    return LiberState(sides=sides, cards=cards, first=first, active=active, round=round, phase=phase)


def act(state: LiberState, seat: int, action: Any) -> Transition[LiberState]:
    """Check then apply, as the match service does (`apply` assumes `check` passed)."""
    LIBER.check(state, seat, action)
    return LIBER.apply(state, seat, action, Rng(0))


def run(state: LiberState, *steps: tuple[int, Any]) -> LiberState:
    for seat, action in steps:
        state = act(state, seat, action).state
    return state


def kinds(transition: Transition[LiberState]) -> list[str]:
    return [e.kind for e in transition.events]


@contextmanager
def extra_cards(*defs: dict[str, Any]) -> Iterator[None]:
    """Temporarily add test-only cards to the pool (e.g. the document's 8/10 and 3/8 units)."""
    added = []
    for d in defs:
        card = CardDef.model_validate({"name": {"fr": d["id"], "en": d["id"]}, "type": "unit", **d})
        CARDS[card.id] = card
        added.append(card.id)
    try:
        yield
    finally:
        for cid in added:
            del CARDS[cid]


def attack(state: LiberState, frm: Pos, to: Pos, *, block: Pos | None = None, **extra: Any) -> Transition[LiberState]:
    """Declare an attack by the active seat and, if the defender is asked, answer with `block`."""
    from bot.games.liber.actions import Attack, Block

    t = act(state, state.active, Attack(attacker=frm, target=to, **extra))
    if t.state.step == "block":
        t2 = act(t.state, 1 - state.active, Block(blocker=block))
        return Transition(state=t2.state, events=t.events + t2.events)
    assert block is None, "the defender was not asked to block"
    return t


def next_turn(state: LiberState) -> LiberState:
    """Pass (End) for whoever acts until the other player's Placement phase begins."""
    from bot.games.liber.actions import End

    start = state.active
    while not (state.active != start and state.phase == "placement"):
        (seat,) = tuple(LIBER.to_act(state))
        state = act(state, seat, End()).state
    return state
