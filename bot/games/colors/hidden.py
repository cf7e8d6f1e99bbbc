"""What is hidden in Colors of Magic, and from whom (kernel.md, "Hidden information").

A hand is seen by its owner only; so are the cards it laid face down in a duel (the other sees how
many); the order and contents of the grimoires and of the monsters' activation pile by nobody. The
table, discards, exiles, permanents, mana and VP are public, and so is a monster's activation card
(drawn face up).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import NEUTRAL, Hidden, Seat, Zone

from .content import ACTIVATION, CARDS, WIZARDS, codex_of, grimoire_of
from .state import ColorsState, Side


def _seat(owner: Seat | None) -> int:
    if owner is None:
        raise ValueError("only the activation pile belongs to no seat")
    return owner


def _side(name: str) -> Zone[ColorsState]:
    """A pile of the side (its hand or its grimoire)."""

    def read(state: ColorsState, owner: Seat | None) -> tuple[str, ...]:
        cards: tuple[str, ...] = getattr(state.sides[_seat(owner)], name)
        return cards

    def put(state: ColorsState, owner: Seat | None, cards: list[str], uids: list[int]) -> ColorsState:
        sides = list(state.sides)
        sides[_seat(owner)] = sides[_seat(owner)].model_copy(update={name: tuple(cards)})
        return state.model_copy(update={"sides": (sides[0], sides[1])})

    return Zone(name, "owner" if name == "hand" else "nobody", read, put, ordered=name == "deck")


def _duel(state: ColorsState, owner: Seat | None) -> tuple[str, ...]:
    return state.duel.cards[_seat(owner)] if state.duel is not None else ()


def _put_duel(state: ColorsState, owner: Seat | None, cards: list[str], uids: list[int]) -> ColorsState:
    if state.duel is None:
        return state
    laid = list(state.duel.cards)
    laid[_seat(owner)] = tuple(cards)
    return state.model_copy(update={"duel": state.duel.model_copy(update={"cards": (laid[0], laid[1])})})


def _public(state: ColorsState, owner: Seat | None) -> list[str]:
    """The side's cards in the open: discard, exile, permanents, its creatures and their artefacts."""
    side: Side = state.sides[_seat(owner)]
    cards = [*side.discard, *side.exile, *side.permanents]
    for f in state.figures:
        if f.owner == owner:
            cards += [*f.items, *([f.card] if not f.wizard and not f.token else [])]
    return cards


def _monster_pile(state: ColorsState, owner: Seat | None) -> tuple[str, ...]:
    return state.monster_deck


def _put_monster_pile(state: ColorsState, owner: Seat | None, cards: list[str], uids: list[int]) -> ColorsState:
    return state.model_copy(update={"monster_deck": tuple(cards)})


def _monster_discard(state: ColorsState, owner: Seat | None) -> tuple[str, ...]:
    return state.monster_discard


def _pool(state: ColorsState, owner: Seat | None) -> Sequence[str]:
    """A wizard's grimoire and codex (public lists); the monsters' activation cards."""
    if owner is None:
        return sorted(ACTIVATION)
    wizard = WIZARDS[state.sides[owner].wizard]
    return sorted(grimoire_of(wizard, CARDS) + codex_of(wizard, state.rules))


SPEC: Hidden[ColorsState] = Hidden(
    zones=(
        Zone("duel", "owner", _duel, _put_duel, ordered=True),
        _side("hand"),
        _side("deck"),
        Zone("table", "everyone", _public),
        Zone("activation pile", "nobody", _monster_pile, _put_monster_pile, ordered=True, owners=NEUTRAL),
        Zone("activation discard", "everyone", _monster_discard, owners=NEUTRAL),
    ),
    pool=_pool,
)
