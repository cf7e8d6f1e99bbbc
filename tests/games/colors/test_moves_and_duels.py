"""Colors of Magic: movement on the table, engagement, disengaging, and the duel of face-down cards.

Each test quotes the passage of `../shared/seeds/000_f05c255328dc5915.txt` it implements; the positions
are drawn by hand (inches from the top-left corner of the 24"×24" table, `pierres_de_mana` terrain).
"""

from __future__ import annotations

import math

import pytest

from bot.engine import ANY, IllegalAction
from bot.games.colors import board
from bot.games.colors.actions import Activate, Attack, Disengage, Done, DuelCard, DuelPass, Move
from bot.games.colors.game import COLORS
from bot.table.units import INCH

from .helpers import act, at, fig, make, quiet


def _active(figures: list, fid: str, seat: int = 0, **kw):  # type: ignore[no-untyped-def]
    state = make(figures, turn=seat, **kw)
    return act(state, seat, Activate(figure=fid))


def _refusal(state, seat: int, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as err:
        COLORS.check(state, seat, action)
    return err.value.code


WIZARDS = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22)]


def test_a_move_costs_double_in_difficult_terrain() -> None:
    """« Traverser un terrain difficile coûte le double du mouvement normal. » — the forest's west edge
    crosses y = 10.5" at x = 3.375": a 3" move from x = 2" to 5" spends 3 + 1.625 = 4.625"."""
    state = _active([*WIZARDS, fig("A1", "orc", 0, 2, 10.5)], "A1")
    cost = board.table(state.scenario).path_cost([at(2, 10.5), at(5, 10.5)])
    assert cost == pytest.approx(4.625 * INCH, abs=2)
    # the orc's 4" Movement: 4" in the open is fine, 4" into the forest is not
    assert _refusal(state, 0, Move(figure="A1", path=(at(6, 10.5),))) == "colors.move_too_far"
    moved = act(state, 0, Move(figure="A1", path=(at(2, 14.5),)))
    assert moved.figure("A1").centre == at(2, 14.5)  # type: ignore[union-attr]


def test_impassable_terrain_cannot_be_crossed() -> None:
    """« Terrain Infranchissable : Une créature ne peut pas traverser ce type de terrain. »"""
    state = _active([*WIZARDS, fig("A1", "loup_cendre", 0, 12, 7.5)], "A1")
    assert _refusal(state, 0, Move(figure="A1", path=(at(12, 11.5),))) == "colors.move_impassable"


def test_allies_are_passed_through_but_not_stood_on_and_hostiles_block() -> None:
    """« Une créature peut traverser librement ses créatures alliées durant son mouvement, mais ne peut
    pas terminer son mouvement sur une position déjà occupée. »"""
    figures = [*WIZARDS, fig("A1", "loup_cendre", 0, 4, 18), fig("A2", "orc", 0, 6, 18)]
    state = _active(figures, "A1")
    through = act(state, 0, Move(figure="A1", path=(at(8, 18),)))
    assert through.figure("A1").centre == at(8, 18)  # type: ignore[union-attr]
    assert _refusal(state, 0, Move(figure="A1", path=(at(6, 18),))) == "colors.move_ends_on_base"


def test_a_move_stops_on_coming_within_one_inch_of_a_hostile() -> None:
    """« Si, à n'importe quel moment de son mouvement, une créature arrive à 1 pouce ou moins d'une
    créature hostile, son mouvement s'arrête immédiatement. »"""
    figures = [*WIZARDS, fig("A1", "loup_cendre", 0, 2, 18), fig("B1", "orc", 1, 6, 18)]
    state = _active(figures, "A1")
    with pytest.raises(IllegalAction) as err:
        COLORS.check(state, 0, Move(figure="A1", path=(at(7.5, 16),)))
    assert err.value.code == "colors.engaged_stop"
    # the suggested moves stop exactly there, and both are then engaged (D-COL-09: mutual)
    moves = [c.action for c in COLORS.suggest(state, 0, ANY) if isinstance(c.action, Move)]
    contact = next(
        m
        for m in moves
        if board.distance(
            state.figure("A1").model_copy(  # type: ignore[union-attr]
                update={"x": m.path[-1][0], "y": m.path[-1][1]}
            ),
            state.figure("B1"),
        )
        <= INCH
    )  # type: ignore[arg-type]
    after = act(state, 0, contact)
    assert [o.id for o in board.engaged_with(after, after.figure("B1"))] == ["A1"]  # type: ignore[arg-type]


def test_an_engaged_creature_cannot_move_normally_but_may_attack() -> None:
    """« Une créature qui commence son activation déjà engagée au combat ne peut pas effectuer de
    Mouvement normal. Elle peut uniquement utiliser son Action (par exemple, attaquer). »"""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _active(figures, "A1")
    assert _refusal(state, 0, Move(figure="A1", path=(at(8, 18),))) == "colors.engaged"
    COLORS.check(state, 0, Attack(figure="A1", target="B1"))


def test_disengaging_gives_each_engaged_hostile_a_free_attack_first() -> None:
    """« Avant que la figurine ne bouge, chaque créature hostile avec laquelle elle était engagée a le
    droit d'effectuer une attaque de corps à corps gratuite contre elle. » ; « Si la créature survit aux
    attaques d'opportunité, elle peut alors effectuer son mouvement normalement. »"""
    figures = [
        *WIZARDS,
        fig("A1", "orc", 0, 10, 18),
        fig("B1", "golem_argile", 1, 11.5, 18),
        fig("B2", "sentinelle", 1, 10, 19.5),
    ]
    state = _active(figures, "A1", hands=(["orc"], ["seve"]))
    state = quiet(act(state, 0, Disengage(figure="A1", path=(at(7, 17),))))
    assert state.duel is not None and state.duel.free and state.duel.defender == "A1"
    assert state.duel.attacker in ("B1", "B2") and state.duels  # the second one waits its turn
    for _ in range(2):  # two duels, both passed: impasse or a win on the characteristics alone
        while state.duel is not None:
            seat = next(iter(COLORS.to_act(state)))
            state = act(state, seat, DuelPass())
        if state.figure("A1") is None or state.figure("A1").centre != at(10, 18):  # type: ignore[union-attr]
            break
    orc = state.figure("A1")
    assert orc is not None and orc.centre == at(7, 17)  # it survived (PV 3): it moves


def test_melee_reach_is_the_attackers_size() -> None:
    """« La créature ciblée doit être à portée de l'attaquant (la portée de l'attaquant correspond à la
    taille de la créature) » — size 1: 1" edge to edge; the chief (size 2) reaches 2"."""
    figures = [
        *WIZARDS,
        fig("A1", "orc", 0, 10, 18),
        fig("A2", "chef_orc", 0, 10, 12),
        fig("B1", "golem_argile", 1, 12.4, 18),
        fig("B2", "sentinelle", 1, 13.2, 12),
    ]
    state = _active(figures, "A1")
    assert _refusal(state, 0, Attack(figure="A1", target="B1")) == "colors.out_of_reach"  # 1.42" apart
    chief = _active(figures, "A2")
    COLORS.check(chief, 0, Attack(figure="A2", target="B2"))  # 1.88" apart, reach 2"


def _duel(figures: list, attacker: str, target: str, hands, ranged: bool = False):  # type: ignore[no-untyped-def]
    state = _active(figures, attacker, hands=hands)
    return quiet(act(state, 0, Attack(figure=attacker, target=target, ranged=ranged)))


def test_the_defender_plays_first_and_two_passes_in_a_row_end_the_duel() -> None:
    """« En commencant pour le joueur controlant la créature qui défend, chaque joueur va jouer face
    cachée une des cartes de sa main. Quand les deux joueurs passent successivement, on détermine le
    vainqueur du duel. »"""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _duel(figures, "A1", "B1", (["trait_feu"], ["seve"]))
    assert COLORS.to_act(state) == {1} and state.stack[-1].secret
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelCard(card="trait_feu"))
    assert state.duel is not None  # a pass then a card: not two passes in a row
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelPass())
    assert state.duel is None and "trait_feu" in state.sides[0].discard


def test_the_duel_winner_deals_one_wound_plus_its_attack_effects() -> None:
    """« Initiative de l'attaquant = Caractéristique de mélée de la créature + Somme des initiatives des
    cartes jouées » ; « Le vainqueur du duel inflige 1 dégat à la créature adverse et applique les effets
    de boost "en attaque" des cartes jouées face cachée. » — Orc 3 + Loup de cendre 4 = 7 against
    Golem 3: 1 + 1 wounds."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _duel(figures, "A1", "B1", (["loup_cendre"], []))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelCard(card="loup_cendre"))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelPass())
    assert state.figure("B1").pv == 4 - 2  # type: ignore[union-attr]


def test_equal_totals_are_an_impasse() -> None:
    """« En cas d'égalité, le duel est une Impasse : le combat n'a pas d'effet » — Orc 3 vs Golem 3."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _duel(figures, "A1", "B1", ([], []))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelPass())
    assert state.figure("B1").pv == 4 and state.figure("A1").pv == 3  # type: ignore[union-attr]


def test_the_loser_applies_its_defence_effects() -> None:
    """« Le perdant du duel applique les effets "en défense" des cartes jouées face cachée. » — the Golem
    plays Peau de roche (initiative 4, 1 wound en défense): Orc 3 + Colosse 6 = 9 against Golem 3 + 4 = 7;
    the orc wins and deals 1 + 1 (Colosse en attaque), then takes the 1 of Peau de roche."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _duel(figures, "A1", "B1", (["colosse"], ["peau_roche"]))
    state = act(state, 1, DuelCard(card="peau_roche"))
    state = act(state, 0, DuelCard(card="colosse"))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelPass())
    assert state.figure("B1").pv == 4 - 2 and state.figure("A1").pv == 3 - 1  # type: ignore[union-attr]


def test_light_cover_lowers_the_ranged_characteristic_by_one_per_element() -> None:
    """« Chaque élément de décor offrant un couvert léger entre l'attaquant et la cible réduit la
    caractéristique d'attaque à distance de 1. » — Braise (Distance 3) shoots across the north ruins."""
    figures = [fig("A0", "braise", 0, 12, 1.5), fig("B0", "roc", 1, 22, 22), fig("B1", "sentinelle", 1, 18, 7.5)]
    state = _duel(figures, "A0", "B1", ([], []), ranged=True)
    assert state.duel is not None and state.duel.cover == 1
    from bot.games.colors.resolve import duel_totals

    assert duel_totals(state, state.duel) == (3 - 1, 4)


def test_a_ranged_attack_needs_a_line_of_sight() -> None:
    """« Un sort ou une attaque à distance ne peuvent pas être effectués si la LdV est bloquée. » — the
    rock between them blocks it."""
    figures = [fig("A0", "braise", 0, 12, 7.5), fig("B0", "roc", 1, 22, 22), fig("B1", "sentinelle", 1, 12, 11.6)]
    state = _active(figures, "A0")
    assert _refusal(state, 0, Attack(figure="A0", target="B1", ranged=True)) == "colors.no_sight"


def test_move_then_action_or_action_then_move() -> None:
    """« Une créature activée peut effectuer un Mouvement et une Action, dans l'ordre de votre choix. »"""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = _duel(figures, "A1", "B1", ([], []))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelPass())
    assert COLORS.to_act(state) == {0} and state.active == "A1"  # back to the orc: it may still move…
    assert _refusal(state, 0, Move(figure="A1", path=(at(8, 18),))) == "colors.engaged"  # …but it is engaged
    state = act(state, 0, Done(figure="A1"))
    assert COLORS.to_act(state) == {1}


def test_a_typed_destination_is_suggested_or_the_nearest_legal_point() -> None:
    """Issue #13: a destination typed on the labelled grid ("C7", "12,5 8") comes first; when it is
    out of reach the suggestion is the furthest legal point toward it."""
    from bot.engine import Ask

    state = _active([*WIZARDS, fig("A1", "orc", 0, 2, 18)], "A1")
    choices = COLORS.suggest(state, 0, Ask(kinds=("move",), text="4 18"))
    assert choices[0].matched and choices[0].action.path[-1] == at(4, 18)
    cell = COLORS.suggest(state, 0, Ask(kinds=("move",), text="E19"))  # the centre of E19: (4.5, 18.5)
    assert cell[0].matched and cell[0].action.path[-1] == at(4.5, 18.5)
    too_far = COLORS.suggest(state, 0, Ask(kinds=("move",), text="20 18"))
    end = too_far[0].action.path[-1]
    assert too_far[0].matched and end[1] == at(0, 18)[1] and 5.9 * INCH < end[0] <= 6 * INCH
    assert not any(c.matched for c in COLORS.suggest(state, 0, Ask(kinds=("move",))))


def test_each_suggested_destination_says_why() -> None:
    """Issue #13: contact with a named enemy, cover behind named terrain, toward an objective."""
    from bot.engine import Ask
    from bot.i18n import localize

    figures = [*WIZARDS, fig("A1", "loup_cendre", 0, 4, 14), fig("B1", "orc", 1, 9, 15)]
    state = _active(figures, "A1")
    labels = [localize(c.label, "fr") for c in COLORS.suggest(state, 0, Ask(kinds=("move",)))]
    assert any("au contact d'Orc (B1)" in label for label in labels), labels
    assert any("à couvert derrière" in label for label in labels), labels
    assert any("vers la pierre ouest" in label for label in labels), labels


def test_the_point_offered_for_a_move_through_an_enemy_is_itself_legal() -> None:
    """#25: a move straight through a hostile base is refused with the nearest legal point; that point
    used to be one the move could not reach (its way entered the enemy's engagement range first)."""
    figures = [*WIZARDS, fig("A1", "loup_cendre", 0, 4, 18), fig("B1", "orc", 1, 7, 18)]
    state = _active(figures, "A1")
    with pytest.raises(IllegalAction) as err:
        COLORS.check(state, 0, Move(figure="A1", path=(at(10, 18),)))
    assert err.value.code == "colors.move_through_enemy"
    near = (err.value.params["x"], err.value.params["y"])
    act(state, 0, Move(figure="A1", path=(near,)))  # accepted as offered


def test_a_creature_behind_the_rock_is_offered_the_way_round_it() -> None:
    """#25: the straight move toward the central stone stops at the rock; the menu also offers the
    shortest path round it, drawn bent in the preview, accepted by the rules and resolved there."""
    from bot.engine import Ask

    state = _active([*WIZARDS, fig("A1", "orc", 0, 12, 7.4)], "A1")
    rock = board.table(state.scenario).terrain[4]
    assert rock.id == "rocher" and rock.impassable  # (11, 9)-(13, 10): right in the way
    moves = [c for c in COLORS.suggest(state, 0, Ask(kinds=("move",))) if isinstance(c.action, Move)]
    bent = [c for c in moves if len(c.action.path) > 1 and c.action.path[-1][1] > at(0, 10.5)[1]]
    assert bent, [c.action.path for c in moves]
    stone = at(12, 12)
    move = min((c.action for c in bent), key=lambda m: math.dist(m.path[-1], stone))
    nearest_straight = min(math.dist(m.action.path[-1], stone) for m in moves if len(m.action.path) == 1)
    assert math.dist(move.path[-1], stone) < nearest_straight - INCH  # the rock stops every straight move
    overlay = COLORS.preview(state, 0, move).overlay  # type: ignore[union-attr]
    assert [tuple(p) for p in overlay["path"]] == [at(12, 7.4), *move.path]
    after = act(state, 0, move)
    assert after.figure("A1").centre == move.path[-1]  # type: ignore[union-attr]


def test_a_shot_through_a_half_millimetre_gap_sees_its_target_since_rules_version_5() -> None:
    """D-COL-22 (#25): two orcs stand half a millimetre apart between Braise and the Gardien's target; a
    straight line through the gap is seen. The 17 sample points of each base before version 5 missed it,
    and a match begun then keeps that sight."""
    shooter, target = fig("A0", "braise", 0, 12, 3), fig("B1", "sentinelle", 1, 12, 9)
    left, right = fig("B2", "orc", 1, 2905 / INCH, 6), fig("B3", "orc", 1, 3160 / INCH, 6)
    gap = (right.x - left.x) - board.base(left).radius - board.base(right).radius
    assert gap == 5  # 0.5 mm
    figures = [shooter, target, left, right, fig("B0", "roc", 1, 22, 22)]
    assert board.sees(_active(figures, "A0"), shooter, target)
    assert not board.sees(_active(figures, "A0", rules=4), shooter, target)
    COLORS.check(_active(figures, "A0"), 0, Attack(figure="A0", target="B1", ranged=True))
    assert (
        _refusal(_active(figures, "A0", rules=4), 0, Attack(figure="A0", target="B1", ranged=True)) == "colors.no_sight"
    )
