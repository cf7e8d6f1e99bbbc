"""The rule slips of issue #28, one scenario each, quoting the passage of `001` (« Ch.5 Phase
d'Activation ») or the decision (docs/rules/confrontation.md) it holds to."""

from __future__ import annotations

from bot.games.confrontation.actions import Declare, Declared, Dive, Draw, Finish, Forgo, Resolve, Shoot
from bot.games.confrontation.resolve import start_turn
from tests.games.confrontation.helpers import Dice, act, activation, at, events, fighter, refused

L, G = 0, 1


def _dived() -> object:
    """G1 (a guerrier, not yet activated) dove for cover from L1's shot; G's card comes next."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "guerrier", G, 30, 55),
        fighter("G2", "chef", G, 50, 20),
    ]
    s = act(activation(fs, (("arbaletrier",), ("guerrier", "chef")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    s = act(s, L, Shoot(fighter="L1", target="G1"))
    s, _ = events(s, G, Dive(dive=True), Dice(4, 1, 1))
    if s.stack[-1].kind == "fighter":
        s = act(s, L, Finish(fighter="L1"))
    return act(s, G, Draw(choice="play"))


def test_the_dive_obligation_cannot_be_given_up_and_belongs_to_that_activation() -> None:
    """V-C-4: « Il n'effectue pas de déplacement, mais sera obligé de se déplacer à couvert lors de son
    activation » (D-CON-04): giving up the announced move to cover is refused while a move to cover is
    possible; the obligation ends with that activation, it is never asked again next turn."""
    s = _dived()
    assert s.stack[-1].kind == "declare" and s.fighter("G1").dove  # type: ignore[attr-defined]
    s = act(s, G, Declare(fighter="G1", what="cover"))
    s = act(s, G, Declared())
    assert refused(s, G, Forgo(fighter="G1")) == "confrontation.must_take_cover"
    s = act(s, G, Resolve(fighter="G1", path=(at(25, 50),)))
    assert not s.fighter("G1").dove  # type: ignore[attr-defined]


def test_a_diver_charged_before_its_activation_is_free_of_the_obligation_next_turn() -> None:
    """V-C-4 and D-CON-04: a diver in contact at its activation cannot move to cover, so the obligation
    lapses then, and the next turn it announces what it likes."""
    s = _dived()
    # an enemy stands in contact with G1 when its card is played (it was charged meanwhile)
    s = s.model_copy(update={"fighters": (*s.fighters, fighter("L2", "epeiste", L, 30, 57.5))})
    s = act(s, G, Declared())  # no cover move owed: G1 is not free of enemies
    s = act(s, G, Finish(fighter="G1"))  # its activation ends
    g1 = s.fighter("G1")  # type: ignore[attr-defined]
    assert g1 is not None and not g1.dove
    nxt = start_turn(s.model_copy(update={"turn": 2}), [])
    assert not nxt.fighter("G1").dove  # type: ignore[union-attr]
