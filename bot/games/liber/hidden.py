"""What is hidden in King of Liber, and from whom (kernel.md, "Hidden information").

A hand is seen by its owner only; the order and contents of both draw piles by nobody. The board
(its units, tokens and objects), the cemeteries, the dropped objects and the gods are public. A card
instance is a uid whose card is in `LiberState.cards`: a hidden place gets placeholder uids and the
true uids leave `cards`, since a uid given at set-up in deck-list order would tell the card.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from bot.engine import Hidden, Seat, Zone

from .content import CURRENT_CARDS, DECKS
from .state import LiberState, Side


def _uids(side: Side, pile: str) -> list[int]:
    return side.hand if pile == "hand" else side.deck


def _pile(pile: str) -> Zone[LiberState]:
    """A pile of uids on the side (the hand or the draw pile), read and replaced in place."""

    def read(state: LiberState, owner: Seat | None) -> list[str]:
        return [state.cards[u] for u in _uids(state.sides[_seat(owner)], pile)]

    def put(state: LiberState, owner: Seat | None, cards: list[str], uids: list[int]) -> LiberState:
        side = state.sides[_seat(owner)]
        for uid in _uids(side, pile):
            state.cards.pop(uid, None)
        setattr(side, pile, list(uids))
        state.cards.update(zip(uids, cards, strict=True))
        return state

    return Zone(pile, "owner" if pile == "hand" else "nobody", read, put, ordered=pile == "deck")


def _seat(owner: Seat | None) -> int:
    if owner is None:
        raise ValueError("every Liber zone belongs to a seat")
    return owner


def _board(state: LiberState, owner: Seat | None) -> list[str]:
    """The cards of the owner's battlefield: units, tokens, lieux and their objects (not the general,
    which is not in the deck)."""
    pieces = [p for _, p in state.pieces(_seat(owner))]
    return [p.card for p in pieces if p.kind != "general"] + [state.cards[i] for p in pieces for i in p.items]


def _public(state: LiberState, owner: Seat | None) -> list[str]:
    side = state.sides[_seat(owner)]
    uids = side.cemetery + side.dropped + ([side.god] if side.god is not None else [])
    return [state.cards[u] for u in uids]


def _pool(state: LiberState, owner: Seat | None) -> Sequence[str]:
    """The deck's list when it is a prebuilt one (public); a submitted list is not, so any card."""
    deck_id = state.sides[_seat(owner)].deck_id
    if deck_id is not None and deck_id in DECKS:
        return DECKS[deck_id].card_list()
    return [c.id for c in CURRENT_CARDS.values() if c.type not in ("general", "token")]


def _copy(state: LiberState) -> LiberState:
    """A copy whose sides' piles and card table the zones may replace. The board is shared: nothing
    changes a state in place but `apply`, which clones it first, so a view or a deal clones no piece."""
    light = copy.copy(state)
    light.sides = [copy.copy(side) for side in state.sides]
    light.cards = dict(state.cards)
    return light


SPEC: Hidden[LiberState] = Hidden(
    zones=(
        _pile("hand"),
        _pile("deck"),
        Zone("board", "everyone", _board),
        Zone("cemetery, dropped objects, god", "everyone", _public),
    ),
    pool=_pool,
    copy=_copy,
)
