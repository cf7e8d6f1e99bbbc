"""Rule "Combat": every cell of the melee, Tir and Artillerie tables, the impossible ones included,
both as a pure table and on a board through the legality oracle."""

from __future__ import annotations

import itertools

import pytest

from bot.engine import IllegalAction
from bot.games.liber.actions import Attack
from bot.games.liber.game import LIBER
from bot.games.liber.reach import in_reach

from .helpers import act, attack, make_state

P, A, F = 0, 1, 2
#: The document's possible cases, transcribed independently of reach.py:
#: (kind, my line, enemy line) -> condition on (my front empty, enemy front empty).
POSSIBLE = {
    ("melee", F, F): lambda mine, theirs: True,  # cas 1
    ("melee", F, A): lambda mine, theirs: theirs,  # cas 2: no enemy on the front
    ("melee", A, F): lambda mine, theirs: mine,  # cas 3: no ally on my front
    ("melee", A, A): lambda mine, theirs: mine and theirs,  # cas 4: no unit on either front
    ("tir", A, F): lambda mine, theirs: True,  # cas 1
    ("tir", F, A): lambda mine, theirs: True,  # cas 2
    ("tir", F, F): lambda mine, theirs: True,  # cas 2
    ("artillerie", P, F): lambda mine, theirs: True,  # cas 1
    ("artillerie", A, A): lambda mine, theirs: theirs,  # cas 2: no enemy on the front
    ("artillerie", F, P): lambda mine, theirs: True,  # cas 3: any line
    ("artillerie", F, A): lambda mine, theirs: True,
    ("artillerie", F, F): lambda mine, theirs: True,
}
CELLS = list(itertools.product(("melee", "tir", "artillerie"), (P, A, F), (P, A, F), (True, False), (True, False)))


@pytest.mark.parametrize(("kind", "mine", "theirs", "my_empty", "their_empty"), CELLS)
def test_reach_table_cell(kind: str, mine: int, theirs: int, my_empty: bool, their_empty: bool) -> None:
    rule = POSSIBLE.get((kind, mine, theirs))
    expected = rule is not None and rule(my_empty, their_empty)
    assert in_reach(kind, mine, theirs, my_empty, their_empty) is expected  # type: ignore[arg-type]


ATTACKER = {"melee": "brute", "tir": "lanceur_flammes", "artillerie": "catapulte_os"}
FREE = {P: 0, A: 0, F: 4}  # slots for attacker/target, away from the fillers in slot 2/3


def _board(kind: str, mine: int, theirs: int, my_empty: bool, their_empty: bool) -> dict:
    units: dict = {(0, mine, 0): ATTACKER[kind], (1, theirs, 0): "brute"}
    if not my_empty and mine != F:
        units[(0, F, 3)] = "milicien"
    if not their_empty and theirs != F:
        units[(1, F, 3)] = "milicien"
    return units


BOARD_CELLS = [
    c
    for c in CELLS
    # "front empty" cannot hold when the attacker (or target) itself stands on the front.
    if not (c[1] == F and c[3]) and not (c[2] == F and c[4])
]


@pytest.mark.parametrize(("kind", "mine", "theirs", "my_empty", "their_empty"), BOARD_CELLS)
def test_reach_on_board(kind: str, mine: int, theirs: int, my_empty: bool, their_empty: bool) -> None:
    """The same cells through `legal_actions` and `apply`: an out-of-reach attack is refused with
    `liber.out_of_reach` and the rule of the table."""
    state = make_state(_board(kind, mine, theirs, my_empty, their_empty))
    attack = Attack(attacker=(0, mine, 0), target=(1, theirs, 0))
    rule = POSSIBLE.get((kind, mine, theirs))
    expected = rule is not None and rule(my_empty, their_empty)
    assert (attack in LIBER.legal_actions(state, 0)) is expected
    if not expected:
        with pytest.raises(IllegalAction) as err:
            act(state, 0, attack)
        assert err.value.code == "liber.out_of_reach"
        assert err.value.rule in ("liber.reach.melee", "liber.reach.shooting", "liber.reach.artillery")


def test_melee_case_4_back_to_back_reaches_the_general() -> None:
    """Cas 4: with both fronts empty a back-line melee unit reaches the enemy back line (general)."""
    state = make_state({(0, A, 0): "brute"})
    assert Attack(attacker=(0, A, 0), target=(1, A, 2)) in LIBER.legal_actions(state, 0)
    blocked = make_state({(0, A, 0): "brute", (1, F, 0): "milicien"})
    assert Attack(attacker=(0, A, 0), target=(1, A, 2)) not in LIBER.legal_actions(blocked, 0)


def test_riposte_uses_the_tables_too() -> None:
    """A melee unit on the front shot at by an archer on the back line cannot strike back while the
    archer's front holds a unit (melee cas 2 needs an empty enemy front)."""
    state = make_state({(0, A, 0): "archer", (0, F, 1): "milicien", (1, F, 0): "brute"})
    after = attack(state, (0, A, 0), (1, F, 0)).state
    archer = after.piece((0, A, 0))
    assert archer is not None and archer.pv == 2  # no riposte
    assert after.piece((1, F, 0)).pv == 2  # type: ignore[union-attr]
