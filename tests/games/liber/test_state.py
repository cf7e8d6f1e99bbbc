"""The hand-written clone is a true deep copy: `apply` relies on it never to mutate its input."""

from __future__ import annotations

from bot.games.liber.state import LiberState

from .helpers import make_state


def test_clone_is_equal_and_independent() -> None:
    state = make_state({(0, 2, 0): {"card": "brute", "items": ["epee_benie"]}}, hands=(["milicien"], []))
    copy = state.clone()
    assert copy == state and isinstance(copy, LiberState)
    piece = copy.piece((0, 2, 0))
    assert piece is not None
    piece.pv = 1
    piece.items.append(1)
    piece.used.append("soin")
    copy.sides[0].hand.clear()
    copy.cards[1] = "x"
    copy.vanished.append(5)
    original = state.piece((0, 2, 0))
    assert original is not None and original.pv == 4 and len(original.items) == 1 and original.used == []
    assert state.sides[0].hand and 1 not in state.cards and state.vanished == []
    assert LiberState.model_validate(copy.model_dump()) == copy
