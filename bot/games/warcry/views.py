"""What a seat sees of a WarCry battle: everything. Nothing is hidden in WarCry (the dice are rolled
in the open and the solo warband's choices follow the booklet), so a view is the state and the viewer;
`determinize` gives the state back unchanged."""

from __future__ import annotations

from .state import WarState


class WarView(WarState):
    viewer: int | None = None


def build_view(state: WarState, viewer: int | None) -> WarView:
    return WarView(**dict(state), viewer=viewer)


def state_of(view: WarView) -> WarState:
    data = dict(view)
    data.pop("viewer", None)
    return WarState(**data)
