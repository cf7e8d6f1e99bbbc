"""Confrontation's activation phase on the table, item by item of the research checklist (§2.5), each
test quoting the passage of `001` (« Ch.5 Phase d'Activation ») it implements, and our decisions
where the document is silent (docs/rules/confrontation.md)."""

from __future__ import annotations

import math

from shapely.geometry import LineString

from bot.engine import IllegalAction, Rng
from bot.games.confrontation import board, combat, dice
from bot.games.confrontation.actions import (
    Cast,
    Declare,
    Declared,
    Disengage,
    Dive,
    Draw,
    Finish,
    Lead,
    Order,
    Resolve,
    Shoot,
    Walk,
)
from bot.games.confrontation.actions import (
    Dice as DiceAction,
)
from bot.games.confrontation.game import CONFRONTATION as GAME
from bot.games.confrontation.rules import cards_of
from bot.games.confrontation.suggest import advised_order, contact_point, parse_order
from bot.table.paths import shortest_path
from tests.games.confrontation.helpers import Dice, act, activation, at, events, fighter, new_match, refused

L, G = 0, 1


def _open(state, seat, card):  # type: ignore[no-untyped-def]
    """Play the top card (`card`) of `seat`'s pile."""
    assert state.seq.sides[seat].pile[0] == card
    return act(state, seat, Draw(choice="play"))


def test_strategic_phase_sequences_are_secret_then_refusals_and_the_tactic_winner_gives_the_word() -> None:
    """V-A-4: « Chacun prépare sa séquence d'activation. Les joueurs effectuent ensuite le jet de
    Tactique » ; V-A-2: the side with fewer cards gets the difference in refusals; V-A: « le vainqueur du
    jet de Tactique décide quel joueur parle le premier »."""
    s = new_match()
    assert s.stack[-1].kind == "sequence" and s.stack[-1].secret and set(s.stack[-1].seats) == {0, 1}
    lions, griffes = cards_of(s, L), cards_of(s, G)
    assert len(lions) == 5 and len(griffes) == 4
    s = act(s, L, Order(cards=tuple(reversed(lions))))
    public = GAME.view(s, None)
    assert public.sides[L].ordered and public.sides[L].pile is None and public.my_order is None
    assert GAME.view(s, G).sides[L].pile is None  # the other player sees that it is locked, not the order
    s = act(s, G, Order(cards=tuple(griffes)), Rng(3))
    assert s.phase == "lead" and s.stack[-1].kind == "lead" and s.stack[-1].seats == (s.tactic,)
    s = act(s, s.tactic, Lead(first=1 - s.tactic))
    assert s.seq.speaker == 1 - s.tactic
    assert (s.seq.sides[L].refusals, s.seq.sides[G].refusals) == (0, 1)
    assert s.seq.sides[L].pile == tuple(reversed(lions))
    assert GAME.view(s, G).sides[L].pile is None and GAME.view(s, L).sides[L].pile == tuple(reversed(lions))


def test_an_order_must_hold_every_card_once_and_can_be_typed_by_number_or_name() -> None:
    s = new_match()
    assert refused(s, L, Order(cards=("capitaine",))) == "confrontation.order_all_cards"
    listed = cards_of(s, L)
    numbered = advised_order(s, L)  # a card's number is its place in the advised order, shown first
    typed = parse_order(s, L, "3 1")
    assert typed is not None and typed[:2] == (numbered[2], numbered[0]) and sorted(typed) == sorted(listed)
    assert parse_order(s, L, "arba mage")[:2] == ("arbaletrier", "mage")  # type: ignore[index]
    assert parse_order(s, L, "1 1") is None and parse_order(s, L, "9") is None


def test_cards_played_together_activate_all_their_fighters_before_any_acts() -> None:
    """V-B: « il doit jouer simultanément les cartes "Conscrit du Griffon" et "Fusilier du Griffon". Il
    peut alors activer ces cinq combattants » — top card and reserve together (V-A)."""
    fs = [
        fighter("L1", "epeiste", L, 10, 70),
        fighter("L2", "epeiste", L, 15, 70),
        fighter("L3", "arbaletrier", L, 20, 70),
        fighter("G1", "guerrier", G, 30, 10),
    ]
    s = activation(fs, (("arbaletrier", "epeiste"), ("guerrier",)), speaker=L)
    s = act(s, L, Draw(choice="reserve"))
    assert s.seq.sides[L].reserve == "arbaletrier" and s.seq.speaker == G
    s = act(s, G, Draw(choice="play"))
    s = act(s, G, Declared())
    s = act(s, G, Finish(fighter="G1"))
    assert s.seq.speaker == L
    s = act(s, L, Draw(choice="play_both"))
    assert set(s.tour) == {"arbaletrier", "epeiste"}
    assert {f.id for f in s.fighters if f.activated and not f.done} == {"L1", "L2", "L3"}
    assert s.seq.sides[L].reserve_state() == "0/-"


def test_a_card_whose_fighters_are_all_gone_is_still_played_with_no_action() -> None:
    """V-A-3, Note: « Elle doit être jouée normalement, le joueur ne peut alors faire aucune action »."""
    fs = [fighter("L1", "epeiste", L, 10, 70), fighter("G1", "guerrier", G, 30, 10)]
    s = activation(fs, (("mage", "epeiste"), ("guerrier",)), speaker=L)
    s, ev = events(s, L, Draw(choice="play"))
    assert [e.kind for e in ev][-1] == "nobody_left" and s.seq.speaker == G and s.stack[-1].kind == "draw"


def test_exclusive_actions_are_announced_together_then_resolved_before_cumulative_ones() -> None:
    """V-B-1: « Toutes les actions exclusives ... doivent être annoncées simultanément, puis elles sont
    résolues une par une » ; V-C: « résolues avant les actions cumulatives »."""
    fs = [
        fighter("L1", "epeiste", L, 10, 70),
        fighter("L2", "epeiste", L, 40, 70),
        fighter("L3", "epeiste", L, 50, 70),
        fighter("G1", "guerrier", G, 10, 52),
    ]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    s = act(s, L, Declare(fighter="L1", what="charge", target="G1"))
    s = act(s, L, Declare(fighter="L2", what="run"))
    assert refused(s, L, Walk(fighter="L3", path=(at(50, 65),))) == "wrong_phase"  # announce first
    assert refused(s, L, Resolve(fighter="L1", path=(at(10, 60),))) == "wrong_phase"
    s = act(s, L, Declared())
    assert s.stage == "exclusive"
    assert refused(s, L, Walk(fighter="L3", path=(at(50, 65),))) == "wrong_phase"  # resolve first
    spot = contact_point(s, s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]
    assert spot is not None
    s = act(s, L, Resolve(fighter="L1", path=(spot,)))
    assert board.in_contact(s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]
    s = act(s, L, Resolve(fighter="L2", path=(at(40, 55),)))
    assert s.stage == "cumulative"
    # an exclusive action forbids any other in the activation phase (V-C)
    assert refused(s, L, Walk(fighter="L1", path=(at(12, 60),))) == "confrontation.not_activated"
    s = act(s, L, Walk(fighter="L3", path=(at(50, 62),)))
    assert s.fighter("L3").walked  # type: ignore[union-attr]


def test_charge_needs_a_free_fighter_that_sees_its_target_within_twice_its_move() -> None:
    """V-C-1: « un combattant doit être libre de tout adversaire et voir sa cible, même partiellement
    ... son potentiel de déplacement est MOU x 2 »."""
    fs = [
        fighter("L1", "epeiste", L, 30, 48),  # the rock (x 27-34, y 36-44) stands between L1 and G1
        fighter("L2", "epeiste", L, 10, 76),
        fighter("L3", "epeiste", L, 55, 70),
        fighter("G1", "guerrier", G, 30, 25),
        fighter("G2", "guerrier", G, 10, 50),
        fighter("G3", "guerrier", G, 55, 68.6),  # touching L3
    ]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    assert refused(s, L, Declare(fighter="L1", what="charge", target="G1")) == "confrontation.charge_too_far"
    assert refused(s, L, Declare(fighter="L2", what="charge", target="G2")) == "confrontation.charge_too_far"
    assert refused(s, L, Declare(fighter="L3", what="charge", target="G3")) == "confrontation.not_free"
    moved = s.model_copy(update={"fighters": s.replace(s.fighter("G1").model_copy(update={"y": at(0, 32)[1]}))})  # type: ignore[union-attr]
    assert refused(moved, L, Declare(fighter="L1", what="charge", target="G1")) == "confrontation.charge_unseen"
    # D-CON-06: no sight, so an engagement is allowed instead; a charge-able enemy may not be engaged
    act(moved, L, Declare(fighter="L1", what="engage", target="G1"))
    near = s.model_copy(update={"fighters": s.replace(s.fighter("G2").model_copy(update={"y": at(0, 60)[1]}))})  # type: ignore[union-attr]
    assert refused(near, L, Declare(fighter="L2", what="engage", target="G2")) == "confrontation.engage_could_charge"
    act(near, L, Declare(fighter="L2", what="charge", target="G2"))


def test_a_charge_across_the_wood_that_no_path_can_finish_is_refused_at_declaration() -> None:
    """V-C-1: « Il doit également être possible de le placer au contact » (#25): G1 is 18.5 cm away
    edge to edge (a ruler says yes to MOU x 2 = 20 cm), but the straight line spends 14 cm in the wood
    (double cost: 32.5 cm) and the way round it is longer than 20 cm. Refused when declared, with the
    nearest point L1 can reach, itself a legal charge move; L1 has declared nothing and may still."""
    fs = [fighter("L1", "epeiste", L, 14, 48), fighter("G1", "guerrier", G, 14, 27)]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    l1, g1 = s.fighter("L1"), s.fighter("G1")
    assert l1 is not None and g1 is not None
    assert board.distance(l1, g1) == 1850 and board.sees(s, l1, g1)  # by the ruler: within 20 cm
    declare = Declare(fighter="L1", what="charge", target="G1")
    assert refused(s, L, declare) == "confrontation.no_path_to_contact"
    try:
        GAME.check(s, L, declare)
    except IllegalAction as e:
        near = (e.params["x"], e.params["y"])
    assert near != l1.centre
    # the point named is reachable: a legal move of at most 20 cm, its cost counting the wood twice
    mover, others = board.base(l1), [board.base(g1)]
    way = shortest_path(board.table(s.scenario), mover, near, others)
    assert way is not None and board.table(s.scenario).move_problem(mover, [l1.centre, *way], others, 2000) is None
    # under the rules a match began with (version 1), the ruler let it through
    old = s.model_copy(update={"rules": 1})
    act(old, L, declare)
    # beside the wood, 12 cm away: the way round its corner reaches, and the charge is accepted
    beside = s.model_copy(update={"fighters": s.replace(l1.model_copy(update={"x": at(27, 0)[0], "y": at(0, 33)[1]}))})
    act(beside, L, declare)


def test_a_charge_that_reaches_only_round_the_wood_is_accepted() -> None:
    """V-C-1 « le placer au contact » (#25): G1 stands beside the wood's far corner. The straight line
    crosses the wood (about 27 cm at double cost, over the 20 cm of MOU x 2), but round the wood's near
    corner L1 reaches contact in about 18 cm: the charge is accepted, and its path bends at that corner
    outside the wood. The search took the straight line whenever no rock cut it, so this was refused."""
    fs = [fighter("L1", "epeiste", L, 14, 48), fighter("G1", "guerrier", G, 5, 30)]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    l1, g1 = s.fighter("L1"), s.fighter("G1")
    assert l1 is not None and g1 is not None and board.sees(s, l1, g1)
    tab = board.table(s.scenario)
    touching = board.base(l1).radius + board.base(g1).radius  # G1 stands outside the wood: the last stretch costs 1x
    assert tab.path_cost([l1.centre, g1.centre]) - touching > 2000 + 500  # straight through: too far
    way = board.path_to_contact(s, l1, g1)
    assert way is not None and len(way) == 2 and tab.path_cost([l1.centre, *way]) <= 2000
    wood = next(t for t in tab.terrain if t.difficult)
    assert not wood.polygon.intersects(LineString([l1.centre, *way]))
    act(s, L, Declare(fighter="L1", what="charge", target="G1"))


def test_a_run_or_a_walk_never_ends_in_contact() -> None:
    """V-C-2: « Un combattant ne peut en aucun cas parvenir au contact d'un adversaire au terme d'une
    course » ; V-D-1, the same for a walk."""
    fs = [
        fighter("L1", "epeiste", L, 10, 60),
        fighter("L2", "epeiste", L, 20, 60),
        fighter("G1", "guerrier", G, 10, 45),
    ]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    s = act(s, L, Declare(fighter="L1", what="run"))
    s = act(s, L, Declared())
    touching = contact_point(s.model_copy(), s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]
    assert touching is not None
    assert refused(s, L, Resolve(fighter="L1", path=(touching,))) == "confrontation.ends_in_contact"
    s = act(s, L, Resolve(fighter="L1", path=(at(10, 50),)))
    assert refused(s, L, Walk(fighter="L2", path=(at(20, 35),))) == "confrontation.move_too_far"


def test_walk_and_shoot_in_either_order_once_each_tir_immobile_and_the_announced_walk() -> None:
    """V-D-1: « ne peut pas marcher et ... marcher à nouveau » ; V-D-3: « Un combattant peut tirer avant
    ou après une marche » ; « Si le joueur souhaite que son combattant effectue une marche après avoir
    tiré, il doit l'annoncer avant de résoudre le tir » ; « tir immobile » (D-CON-15)."""
    fs = [
        fighter("L1", "arbaletrier", L, 10, 70),
        fighter("L2", "arbaletrier", L, 50, 70),
        fighter("G1", "guerrier", G, 10, 55, activated=True, done=True),
        fighter("G2", "guerrier", G, 50, 55, activated=True, done=True),
    ]
    s = _open(activation(fs, (("arbaletrier",), ("guerrier",)), speaker=L), L, "arbaletrier")
    s = act(s, L, Declared())
    # L1 shoots standing still: +1 to its roll. Rolls: 3 to hit (3 + TIR 3 + 1 = 7 ≥ 6 at medium range)
    s2, ev = events(s, L, Shoot(fighter="L1", target="G1"), Dice(3, 1, 1))
    shot = next(e for e in ev if e.kind == "shot")
    assert shot.params["total"] == 7 and shot.params["hit"] is True
    assert refused(s2, L, Walk(fighter="L1", path=(at(10, 68),))) in (
        "confrontation.walk_not_announced",
        "confrontation.not_activated",  # nothing left to do: its activation ended by itself
    )
    assert refused(s2, L, Shoot(fighter="L1", target="G1")) in (
        "confrontation.shot_once",
        "confrontation.not_activated",
    )
    # L2 announces its walk before the shot: no bonus, and it may walk after
    s3, ev = events(s2, L, Shoot(fighter="L2", target="G2", walk_after=True), Dice(3, 1, 1))
    assert next(e for e in ev if e.kind == "shot").params["total"] == 6
    s3 = act(s3, L, Walk(fighter="L2", path=(at(50, 74),)))
    assert s3.seq.speaker == G  # both fighters done: the tour de parole ended, the word passed
    assert refused(s3, L, Walk(fighter="L2", path=(at(50, 76),))) == "not_your_turn"


def test_shooting_needs_a_weapon_sight_and_to_be_free() -> None:
    """V-D-3: « Seul un combattant doté d'une caractéristique de TIR et d'une arme à distance peut tirer. Il
    doit disposer d'une ligne de vue sur sa cible et être libre de tout adversaire »."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 50),  # behind the rock from G1
        fighter("L2", "epeiste", L, 50, 70),
        fighter("L3", "arbaletrier", L, 10, 70),
        fighter("G1", "guerrier", G, 30, 30),
        fighter("G2", "guerrier", G, 10, 68.6),  # touching L3
    ]
    s = _open(activation(fs, (("arbaletrier", "epeiste"), ("guerrier",)), speaker=L), L, "arbaletrier")
    s = act(s, L, Declared())
    assert refused(s, L, Shoot(fighter="L1", target="G1")) == "confrontation.no_sight"
    assert refused(s, L, Shoot(fighter="L3", target="G2")) == "confrontation.shoot_engaged"
    assert refused(s, L, Shoot(fighter="L1", target="L3")) == "confrontation.choose_enemy"


def test_diving_for_cover_when_shot_before_activating() -> None:
    """V-C-4: « S'il est la cible d'un tir alors qu'il n'a pas encore été activé et qu'il n'est pas
    engagé, un combattant peut annoncer qu'il se jette à couvert. Il n'effectue pas de déplacement, mais
    sera obligé de se déplacer à couvert lors de son activation » ; the dive protects against that shot
    (D-CON-04)."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "guerrier", G, 30, 55),
        fighter("G2", "chef", G, 50, 20),
    ]
    s = _open(activation(fs, (("arbaletrier",), ("guerrier", "chef")), speaker=L), L, "arbaletrier")
    s = act(s, L, Declared())
    s = act(s, L, Shoot(fighter="L1", target="G1"))
    assert s.stack[-1].kind == "dive" and s.stack[-1].seats == (G,)
    s, ev = events(s, G, Dive(dive=True), Dice(4, 1, 1))
    shot = next(e for e in ev if e.kind == "shot")
    assert shot.params["need"] == 6 + 2  # medium range, Cible/+2
    g1 = s.fighter("G1")
    assert g1 is not None and g1.dove and g1.covered and (g1.x, g1.y) == at(30, 55)
    s = act(s, L, Finish(fighter="L1")) if s.stack[-1].kind == "fighter" else s
    s = act(s, G, Draw(choice="play"))
    assert refused(s, G, Declared()) == "confrontation.must_take_cover"
    assert refused(s, G, Declare(fighter="G1", what="run")) == "confrontation.must_take_cover"
    s = act(s, G, Declare(fighter="G1", what="cover"))
    s = act(s, G, Resolve(fighter="G1", path=(at(25, 50),)))
    g1 = s.fighter("G1")
    assert g1 is not None and g1.covered and not g1.dove  # « Cible/+2 jusqu'à son activation du prochain tour »


def test_magicians_cast_while_mana_lasts_even_in_melee() -> None:
    """V-D-4: « Les magiciens ... peuvent lancer des sortilèges ... tant qu'ils disposent des ressources
    nécessaires ... Lorsqu'ils se trouvent au corps à corps »."""
    fs = [
        fighter("L1", "mage", L, 30, 60, mana=3),
        fighter("G1", "guerrier", G, 30, 58.6),
        fighter("G2", "chef", G, 10, 40),
    ]
    s = _open(activation(fs, (("mage",), ("guerrier", "chef")), speaker=L), L, "mage")
    assert s.stack[-1].kind == "fighter"  # in contact, nothing to announce: no menu (D-CON-20)
    s = act(s, L, Cast(fighter="L1", spell="trait", target="G1"), Dice(1))  # a natural 1 fails, mana spent
    assert s.fighter("L1").mana == 1  # type: ignore[union-attr]
    assert refused(s, L, Cast(fighter="L1", spell="trait", target="G1")) == "confrontation.no_mana"
    s = act(s, L, Cast(fighter="L1", spell="bouclier", target="L1"), Dice(5))
    assert s.fighter("L1").shield == 2  # type: ignore[union-attr]


def test_disengaging_before_a_walk() -> None:
    """V-D-1: « Si un combattant est au contact d'au moins un combattant adverse, il doit parvenir à se
    désengager avant de pouvoir effectuer une marche » (the test is ours, D-CON-07)."""
    fs = [fighter("L1", "epeiste", L, 30, 60), fighter("G1", "guerrier", G, 30, 57.5)]
    base = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    assert base.stack[-1].kind == "fighter"  # in contact, nothing to announce: no menu (D-CON-20)
    assert refused(base, L, Walk(fighter="L1", path=(at(30, 68),))) == "confrontation.walk_engaged"
    failed, ev = events(base, L, Disengage(fighter="L1", path=(at(30, 68),)), Dice(1))
    assert next(e for e in ev if e.kind == "disengage").params["ok"] is False
    assert failed.fighter("L1").centre == at(30, 60)  # type: ignore[union-attr]
    ok, ev = events(
        base, L, Disengage(fighter="L1", path=(at(30, 68),)), Dice(4)
    )  # 4 + INI 3 = 7 ≥ 3 + one enemy in contact
    assert next(e for e in ev if e.kind == "disengage").params["ok"] is True
    assert ok.fighter("L1").centre == at(30, 68)  # type: ignore[union-attr]


def test_charging_a_fearsome_creature_needs_courage() -> None:
    """Our fear rule (D-CON-17): charging a fighter with PEU needs 1d6 + COU ≥ PEU, or the charge is lost."""
    fs = [fighter("L1", "epeiste", L, 30, 60), fighter("G1", "chef", G, 30, 45)]
    s = _open(activation(fs, (("epeiste",), ("chef",)), speaker=L), L, "epeiste")
    s = act(s, L, Declare(fighter="L1", what="charge", target="G1"))
    spot = contact_point(s, s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]
    lost, ev = events(s, L, Resolve(fighter="L1", path=(spot,)), Dice(1))  # type: ignore[arg-type]
    assert next(e for e in ev if e.kind == "courage").params["ok"] is False
    assert lost.fighter("L1").centre == at(30, 60) and any(e.kind == "action_lost" for e in ev)  # type: ignore[union-attr]
    brave, _ = events(s, L, Resolve(fighter="L1", path=(spot,)), Dice(2))  # type: ignore[arg-type]
    assert brave.fighter("L1").charged  # type: ignore[union-attr]


def test_wound_table_and_health_states() -> None:
    """Our wound table (D-CON-13): 2d6 + FOR − RES; ≤ 3 nothing, 4–5 stunned, 6–7 light, 8–9 serious,
    10–11 critical, ≥ 12 or a double 6 killed; a wound no worse than the state raises it one step."""
    assert dice.wound_roll(Dice(1, 2), 4, 4).result == "none"
    assert dice.wound_roll(Dice(2, 2), 4, 4).result == "stunned"
    assert dice.wound_roll(Dice(3, 4), 4, 4).result == "light"
    assert dice.wound_roll(Dice(4, 5), 4, 4).result == "serious"
    assert dice.wound_roll(Dice(5, 5), 4, 4).result == "critical"
    assert dice.wound_roll(Dice(6, 6), 0, 9).result == "killed"
    assert dice.new_level(0, "serious") == 2 and dice.new_level(2, "light") == 3 and dice.new_level(3, "light") is None
    t = dice.test(Dice(6, 6, 2), 3)
    assert t.dice == (6, 6, 2) and t.total == 17 and not t.fumble
    assert not dice.test(Dice(1), 9).beats(2)


def test_mêlées_split_into_combats_of_one_against_several_and_dice_decide() -> None:
    """Combats (research §2.2; D-CON-11, D-CON-12): each fighter in contact is in exactly one combat, one
    against one or one against several; one die plus one per opponent; the loser of the initiative
    splits its dice first."""
    fs = [
        fighter("L1", "epeiste", L, 30, 60),
        fighter("G1", "guerrier", G, 30, 57.5),
        fighter("G2", "guerrier", G, 32.5, 60),
        fighter("L2", "epeiste", L, 10, 60),
        fighter("G3", "guerrier", G, 10, 57.5),
    ]
    s = activation(fs, ((), ()), speaker=L).model_copy(update={"tactic": 0})
    split = sorted((sorted(a), sorted(b)) for a, b in combat.melees(s))
    assert split == [(["L1"], ["G1", "G2"]), (["L2"], ["G3"])]
    s = combat.start(s, Dice(6, 1), [])  # L1's side wins the first initiative
    assert s.phase == "combat" and s.stack[-1].kind == "dice"
    first = s.combats[0]
    loser = 1 - first.winner
    assert s.stack[-1].seats == (loser,)
    from bot.games.confrontation.rules import max_dice

    assert max_dice(s, 0 if "L1" in first.fighters[0] else 1) in (2, 3)
    s = act(s, loser, DiceAction(attack=max_dice(s, loser)))
    assert s.stack[-1].seats == (first.winner,)
    assert refused(s, first.winner, DiceAction(attack=9)) == "confrontation.dice_range"


def test_six_turns_then_the_larger_part_of_the_enemy_army_eliminated_wins() -> None:
    """D-CON-18: six turns; whoever wipes out the other side wins at once; otherwise the side that
    eliminated the larger part of the other's army."""
    from bot.games.confrontation import effects, resolve

    s = new_match()
    sides = (s.sides[0].model_copy(update={"lost": 40}), s.sides[1].model_copy(update={"lost": 60}))
    end = resolve.end_turn(s.model_copy(update={"turn": 6, "sides": sides}), [])
    assert end.winners == (0,) and end.reason == "points"
    one_left = s.model_copy(
        update={"fighters": (fighter("L1", "epeiste", L, 10, 10), fighter("G1", "guerrier", G, 20, 20))}
    )
    gone = effects.eliminate(one_left, one_left.fighter("G1"), [])  # type: ignore[arg-type]
    assert gone.winners == (0,) and gone.reason == "annihilation"


def test_magicians_recover_their_power_in_mana_up_to_twice_it() -> None:
    """The mystic phase (D-CON-19)."""
    from bot.games.confrontation import resolve

    s = new_match()
    s = s.model_copy(
        update={"fighters": s.replace(*(f.model_copy(update={"mana": 5}) for f in s.fighters if f.profile == "mage"))}
    )
    after = resolve.end_turn(s, [])
    assert next(f.mana for f in after.fighters if f.profile == "mage") == 6 and after.turn == 2


def test_deployment_in_rows_along_each_short_edge() -> None:
    """D-CON-08: seat 0 along the bottom edge, seat 1 along the top, within 10 cm, no base overlapping."""
    s = new_match()
    for f in s.fighters:
        lo, hi = board.deploy_zone(s.scenario, f.owner)
        r = board.profile(f).radius
        assert lo <= f.y - r and f.y + r <= hi
    assert not any(board.in_contact(a, b) for a in s.fighters for b in s.fighters if a.id < b.id and a.owner != b.owner)


def test_a_whole_match_ends_with_a_winner_and_why() -> None:
    from bot.ai import RandomAgent, arena

    played = arena.play(GAME, (GAME.agent("easy"), RandomAgent()), 3)
    assert played.outcome is not None and played.state.reason in ("points", "annihilation", "points_draw")
    assert played.state.turn <= 6


def test_the_other_sides_sequence_never_shows_before_its_cards_are_played() -> None:
    """Secret until played: no public event and no view of the other seat names the order or the reserve."""
    from bot.ai import RandomAgent, arena

    checked = 0

    def invariant(state):  # type: ignore[no-untyped-def]
        nonlocal checked
        if state.seq is None:
            return
        for s in (0, 1):
            other = GAME.view(state, 1 - s).sides[s]
            public = GAME.view(state, None).sides[s]
            assert other.pile is None and other.reserve is None and public.pile is None and public.reserve is None
            checked += 1

    arena.play(GAME, (RandomAgent(), RandomAgent()), 5, invariant=invariant)
    assert checked > 20
    s = new_match()
    s = act(s, L, Order(cards=tuple(cards_of(s, L))))
    s = act(s, G, Order(cards=tuple(cards_of(s, G))))
    s = act(s, s.tactic, Lead(first=L))  # type: ignore[arg-type]
    top = s.seq.sides[L].pile[0]
    _, ev = events(s, L, Draw(choice="reserve"))
    for e in ev:
        if e.public:
            assert top not in str(e.params), e
    assert any(not e.public and top in str(e.params) for e in ev)


def test_every_rule_a_refusal_cites_exists_in_the_rules_lookup() -> None:
    import re
    from pathlib import Path

    from bot.games.confrontation.rules import RULES
    from bot.rules.loader import load_entries

    ids = {e.id for e in load_entries()}
    assert set(RULES.values()) <= ids and set(GAME.kind_rules.values()) <= ids
    used = set(
        re.findall(
            r'refuse\(\s*f?"[^"]*",\s*"(\w+)"', Path("bot/games/confrontation/rules.py").read_text(encoding="utf-8")
        )
    )
    assert used and used <= set(RULES)


def test_every_player_facing_string_exists_in_both_languages() -> None:
    from bot.engine.content import FORM

    fr, en = GAME.catalog["fr"], GAME.catalog["en"]
    assert set(fr) - {
        k  # a name's French gender and number is not a sentence (`named_entries`)
        for k in fr
        if k.endswith((".cmd.name", FORM)) or (".decision." in k and not k.endswith(".desc"))
    } <= set(en)
    for text in fr.values():
        assert "(s)" not in text


def test_a_match_saved_before_the_declaration_by_path_loads_and_plays_under_the_ruler() -> None:
    """#25: a snapshot without a rules version is of version 1 (declarations by the ruler, sampled sight)."""
    s = new_match()
    data = GAME.dump_state(s)
    assert s.rules == 2 and GAME.load_state(data).rules == 2
    assert GAME.load_state({k: v for k, v in data.items() if k != "rules"}).rules == 1
    assert GAME.at_rules(s, 1).rules == 1


def test_a_charge_round_the_rock_is_offered_as_a_path_with_a_waypoint() -> None:
    """#25: the rock (x 27-34, y 36-44) stands on the straight line; the charge is declared because a
    path round it reaches contact, and the suggestion to resolve it is that path, not a straight line."""
    from bot.engine import Ask

    fs = [fighter("L1", "epeiste", L, 26, 50), fighter("G1", "guerrier", G, 28, 32)]
    s = _open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste")
    s = act(s, L, Declare(fighter="L1", what="charge", target="G1"))
    assert [d.kind for d in s.stack] == ["exclusive"]  # nobody else may announce: they close (D-CON-20)
    assert contact_point(s, s.fighter("L1"), s.fighter("G1")) is None  # type: ignore[arg-type]
    resolves = [c.action for c in GAME.suggest(s, L, Ask(kinds=("resolve",)))]
    assert resolves and len(resolves[0].path) > 1
    s = act(s, L, resolves[0])
    assert board.in_contact(s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]


def test_a_fighter_behind_the_rock_is_offered_the_walk_round_it() -> None:
    """#25: a straight walk toward an enemy beyond the rock stops at it; the menu also offers the
    shortest path round it, drawn bent in the preview, accepted by the rules and resolved there."""
    from bot.engine import Ask

    fs = [fighter("L1", "epeiste", L, 30.5, 47.5), fighter("G1", "guerrier", G, 30.5, 15)]
    s = act(_open(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, "epeiste"), L, Declared())
    assert s.stage == "cumulative"
    rock = board.table(s.scenario).terrain[1]
    assert rock.id == "rocher" and rock.impassable  # about (27, 36)-(34, 44): between the two
    walks = [c.action for c in GAME.suggest(s, L, Ask()) if isinstance(c.action, Walk)]
    straight = [w for w in walks if len(w.path) == 1]
    bent = [w for w in walks if len(w.path) > 1]
    assert bent, [w.path for w in walks]
    enemy = at(30.5, 15)
    walk = min(bent, key=lambda w: math.dist(w.path[-1], enemy))
    assert math.dist(walk.path[-1], enemy) < min(math.dist(w.path[-1], enemy) for w in straight)  # round the rock
    overlay = GAME.preview(s, L, walk).overlay  # type: ignore[union-attr]
    assert [tuple(p) for p in overlay["path"]] == [at(30.5, 47.5), *walk.path]
    after = act(s, L, walk)
    assert after.fighter("L1").centre == walk.path[-1]  # type: ignore[union-attr]
