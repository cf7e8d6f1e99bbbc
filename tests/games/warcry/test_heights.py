"""Heights on WarCry's tables (#25 item 4, #29 item 3): « il escalade les éventuels terrains sur son
chemin et saute pour descendre des plateformes » (003, « chemin le plus court »). On « Les hauteurs »:
the tower (13.5–16.5, 9.5–12.5) is 2" high, the scaffold (7–10, 12.5–14.5) 3" (D-WAR-28 to D-WAR-30).
Distances computed by hand in inches."""

from __future__ import annotations

from bot.games.warcry import board, procedure
from bot.games.warcry.actions import Disengage, Move
from tests.games.warcry.helpers import active, battle, fighter, inch, kinds, play, why


def heights(fighters, **kw):  # type: ignore[no-untyped-def]
    return battle(fighters, **kw).model_copy(update={"layout": "hauteurs"})


def test_a_climb_spends_its_height_of_the_move() -> None:
    """A Marauder (Move 4") at 12" toward the tower's top at 15": 1.5" to the wall, 2" up, 0.5" on
    top: it ends at 14", standing 2" high, the climb counted in what the move spent."""
    s = active(heights([fighter("B1", "maraudeur", 12, 11), fighter("R1", "porte_bouclier", 25, 3)], turn=0), "B1")
    after, _ = play(s, 0, Move(to=(inch(15), inch(11)), upto=True))
    b1 = after.fighter("B1")
    assert b1 is not None and b1.centre == (inch(14), inch(11))
    assert board.level(after, b1) == inch(2)
    assert board.cost(s, [s.fighter("B1").centre, b1.centre]) == inch(4)  # type: ignore[union-attr]


def test_a_move_that_cannot_pay_the_climb_stops_at_the_foot() -> None:
    """From 10.5": 3" to the wall at 13.5", 1" left, not the 2" of the climb: it stops at the foot."""
    s = active(heights([fighter("B1", "maraudeur", 10.5, 11), fighter("R1", "porte_bouclier", 25, 3)], turn=0), "B1")
    after, _ = play(s, 0, Move(to=(inch(15), inch(11)), upto=True))
    b1 = after.fighter("B1")
    assert b1 is not None and b1.centre == (inch(13.5), inch(11)) and board.level(after, b1) == 0


def test_a_jump_down_costs_only_its_length_and_3_inches_deal_impact() -> None:
    """From the scaffold (3") at 13.5" down to 16.5": 1" to the edge, the jump, 2" more: 3" of the
    Move, and a die for the impact (a 6: 3 damage). From the tower (2"), no die at all."""
    s = active(heights([fighter("B1", "maraudeur", 8.5, 13.5), fighter("R1", "porte_bouclier", 25, 3)], turn=0), "B1")
    assert board.level(s, s.fighter("B1")) == inch(3)  # type: ignore[arg-type]
    after, events = play(s, 0, Move(to=(inch(8.5), inch(16.5))), 6)
    assert after.fighter("B1").centre == (inch(8.5), inch(16.5))  # type: ignore[union-attr]
    assert "jump_impact" in kinds(events) and after.fighter("B1").damage == 3  # type: ignore[union-attr]
    s = active(heights([fighter("B1", "maraudeur", 15, 11), fighter("R1", "porte_bouclier", 25, 3)], turn=0), "B1")
    after, events = play(s, 0, Move(to=(inch(15), inch(14.5))))  # no die given: none is rolled
    assert after.fighter("B1").centre == (inch(15), inch(14.5)) and "jump_impact" not in kinds(events)  # type: ignore[union-attr]


def test_a_platform_blocks_sight_below_its_height_and_a_higher_target_has_cover() -> None:
    """Two fighters on the floor either side of the tower do not see each other; one on its top sees
    the other over it. A target on the scaffold, 3" above its attacker, has cover; on the tower, 2"
    above, it has none."""
    s = heights([fighter("B1", "maraudeur", 12, 11), fighter("R1", "arbaletrier", 18, 11)])
    assert not board.visible(s, s.fighter("B1"), s.fighter("R1"))  # type: ignore[arg-type]
    s = heights([fighter("B1", "maraudeur", 12, 11), fighter("R1", "arbaletrier", 15.5, 11)])
    assert board.visible(s, s.fighter("B1"), s.fighter("R1"))  # type: ignore[arg-type]
    assert not board.cover(s, s.fighter("B1"), s.fighter("R1"))  # type: ignore[arg-type]
    s = heights([fighter("B1", "maraudeur", 8.5, 17), fighter("R1", "arbaletrier", 8.5, 13.5)])
    assert board.cover(s, s.fighter("B1"), s.fighter("R1"))  # type: ignore[arg-type]
    assert not board.cover(s, s.fighter("R1"), s.fighter("B1"))  # type: ignore[arg-type]


def test_a_disengage_neither_climbs_nor_jumps() -> None:
    """Research I.2.8: a disengage is a normal move, no climb, no jump: not onto the tower."""
    s = active(heights([fighter("B1", "maraudeur", 12.5, 11), fighter("R1", "porte_bouclier", 11.3, 11)], turn=0), "B1")
    assert board.engaged(s, s.fighter("B1"))  # type: ignore[arg-type]
    assert not board.disengage_ok(s, s.fighter("B1"), (inch(15), inch(11)))  # type: ignore[arg-type]
    assert board.disengage_ok(s, s.fighter("B1"), (inch(12.5), inch(14)))  # type: ignore[arg-type]
    assert Disengage(to=(inch(12.5), inch(14)))


def test_the_solo_warband_climbs_to_an_objective_on_the_tower_and_says_where_it_stopped() -> None:
    """C6 toward the objective on the tower (15, 11): a Shieldbearer (Move 3") at 11" walks 2.5" to the
    wall and cannot pay the 2" climb with the 0.5" left: the line says it stopped at the foot."""
    s = heights(
        [fighter("R1", "porte_bouclier", 11, 11), fighter("B1", "maraudeur", 25, 20)], objectives=[(15, 11, None)]
    )
    s = active(s, "R1")
    move = procedure.choose(s, 1)
    assert isinstance(move, Move)
    after, events = play(s, 1, move)
    assert after.fighter("R1").centre == (inch(13.5), inch(11))  # type: ignore[union-attr]
    assert why(events) == "c6_climb"
