"""Rules "Mise en place", "Déroulement du tour", the first round, card types and win conditions."""

from __future__ import annotations

import pytest

from bot.engine import PHASE, IllegalAction, Rng, SeatSpec
from bot.games.liber.actions import Ability, Attack, Discard, End, Equip, Move, Play
from bot.games.liber.game import LIBER
from bot.games.liber.state import HAND_LIMIT, LiberState

from .helpers import act, attack, gpos, make_state, next_turn

P, A, F = 0, 1, 2
SEATS = [SeatSpec(seat=0, name="Nord"), SeatSpec(seat=1, name="Sud")]


def new_game(seed: int = 1) -> LiberState:
    return LIBER.setup(SEATS, {}, Rng(seed)).state


def test_setup_generals_hands_and_first_draw() -> None:
    t = LIBER.setup(SEATS, {}, Rng(3))
    s = t.state
    for seat in (0, 1):
        general = s.piece(gpos(seat))
        assert general is not None and general.kind == "general" and general.pv == 20
        total = len(s.sides[seat].deck) + len(s.sides[seat].hand)
        assert total == 50
    first = s.first
    assert len(s.sides[first].hand) == 8  # 7 + the first draw
    assert len(s.sides[1 - first].hand) == 7
    assert s.sides[first].gold == 2 + 5 and s.sides[1 - first].gold == 2
    assert s.phase == "placement" and LIBER.to_act(s) == frozenset({first})
    assert any(e.kind == PHASE for e in t.events)


def test_placement_surcharges_and_sickness() -> None:
    state = make_state(phase="placement", round=2, hands=(["brute", "brute", "brute"], []), gold=(12, 0))
    s = act(state, 0, Play(card="brute", at=(0, P, 0))).state
    assert s.sides[0].gold == 9
    s = act(s, 0, Play(card="brute", at=(0, A, 0))).state
    assert s.sides[0].gold == 4  # 3 + 2
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Play(card="brute", at=(0, F, 0)))  # 3 + 4 > 4
    assert err.value.code == "liber.not_enough_gold"
    assert s.piece((0, A, 0)).sick  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Play(card="brute", at=gpos(0)))
    assert err.value.code == "liber.place_taken"


def test_first_round_no_combat_and_second_player_places_freely() -> None:
    state = make_state(phase="placement", round=1, first=0, active=1, hands=([], ["brute"]), gold=(0, 3))
    assert Play(card="brute", at=(1, F, 0)) in LIBER.legal_actions(state, 1)  # no +4 surcharge
    first = make_state(phase="placement", round=1, first=0, active=0, hands=(["brute"], []), gold=(3, 0))
    assert Play(card="brute", at=(0, F, 0)) not in LIBER.legal_actions(first, 0)
    # Ending placement in round 1 skips the attack phase.
    s = act(make_state({(0, F, 0): "brute", (1, F, 0): "brute"}, phase="placement", round=1), 0, End()).state
    assert s.step != "attack" and s.active == 1
    with pytest.raises(IllegalAction) as err:
        act(
            make_state({(0, F, 0): "brute", (1, F, 0): "brute"}, round=1),
            0,
            Attack(attacker=(0, F, 0), target=(1, F, 0)),
        )
    assert err.value.code == "liber.no_combat_first_round"


def test_movement_one_line_once_when_not_sick() -> None:
    state = make_state({(0, P, 0): "brute", (0, P, 1): {"card": "brute", "sick": True}}, phase="placement")
    legal = LIBER.legal_actions(state, 0)
    assert Move(frm=(0, P, 0), to=(0, A, 3)) in legal
    assert Move(frm=(0, P, 0), to=(0, F, 3)) not in legal
    assert not [a for a in legal if isinstance(a, Move) and a.frm == (0, P, 1)]
    s = act(state, 0, Move(frm=(0, P, 0), to=(0, A, 0))).state
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Move(frm=(0, A, 0), to=(0, F, 0)))
    assert err.value.code == "liber.cannot_move"


def test_hand_limit_discard_at_end_of_turn() -> None:
    hand = ["milicien"] * (HAND_LIMIT + 2)
    state = make_state(phase="attack", hands=(hand, []), decks=(["milicien"], ["milicien"]))
    s = act(state, 0, End()).state
    assert s.step == "discard" and LIBER.to_act(s) == frozenset({0})
    assert LIBER.legal_actions(s, 0) == [Discard(card="milicien")]
    s = act(act(s, 0, Discard(card="milicien")).state, 0, Discard(card="milicien")).state
    assert s.active == 1 and len(s.sides[0].hand) == HAND_LIMIT


def test_ephemere_in_the_block_window_can_kill_the_attacker() -> None:
    state = make_state({(0, F, 0): "lanceur_flammes", (1, F, 0): "brute"}, hands=([], ["foudre_divine"]), faith=(0, 1))
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    assert t.state.step == "block"
    s = act(t.state, 1, Play(card="foudre_divine", at=(0, F, 0))).state
    assert s.piece((0, F, 0)) is None and s.step == "block"
    from bot.games.liber.actions import Block

    done = act(s, 1, Block())
    assert "attack_fizzled" in [e.kind for e in done.events] and done.state.step == "attack"


def test_rituel_only_in_own_placement() -> None:
    state = make_state({(0, F, 0): "brute"}, hands=([], ["benediction"]), phase="attack")
    s = act(state, 0, End()).state
    assert s.step == "response"
    assert not [a for a in LIBER.legal_actions(s, 1) if isinstance(a, Play)]


def test_objects_equip_drop_and_are_taken_back() -> None:
    state = make_state(
        {(0, F, 0): "milicien", (0, F, 1): "brute", (1, F, 0): "brute"},
        hands=(["epee_benie"], []),
        phase="placement",
        gold=(10, 0),
    )
    s = act(state, 0, Play(card="epee_benie", at=(0, F, 0))).state
    assert s.sides[0].gold == 8
    s.phase = "attack"
    s = attack(s, (0, F, 0), (1, F, 0)).state  # 4 force, the brute dies; riposte kills the militia
    assert s.piece((0, F, 0)) is None and s.piece((1, F, 0)) is None
    item = s.sides[0].dropped[0]
    assert Equip(item=item, to=(0, F, 1)) in LIBER.legal_actions(s, 0)
    taken = act(s, 0, Equip(item=item, to=(0, F, 1))).state
    assert taken.piece((0, F, 1)).items == [item] and taken.sides[0].gold == 6  # type: ignore[union-attr]
    lost = act(s, 0, End()).state
    assert item in lost.sides[0].cemetery


def test_lieu_enchantment_god_and_favours() -> None:
    state = make_state(
        {(0, F, 0): {"card": "brute", "pv": 1}},
        phase="placement",
        hands=(["mine_or", "autel_noir", "sol", "banniere"], []),
        gold=(20, 0),
        faith=(10, 0),
        decks=(["milicien"] * 3, ["milicien"] * 3),
    )
    s = act(state, 0, Play(card="mine_or", at=(0, P, 0))).state
    assert Play(card="banniere", at=(0, P, 1)) in LIBER.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Play(card="autel_noir", at=(0, P, 1)))
    assert err.value.code == "liber.one_lieu_per_turn"
    s = act(s, 0, Play(card="sol")).state
    assert s.sides[0].faith == 0 and s.sides[0].god is not None
    gold = s.sides[0].gold
    s = next_turn(next_turn(s))
    assert s.active == 0
    assert s.sides[0].gold == gold + 10  # two réserves d'or
    favour = [p for _pos, p in s.pieces(0) if p.kind == "faveur"]
    assert [p.card for p in favour] == ["lumiere"]
    assert s.piece((0, F, 0)).pv == 2  # type: ignore[union-attr]  # the Lumière heals 1


def test_general_powers_cost_vp() -> None:
    state = make_state({(1, F, 0): "brute"}, generals=("vharka", "aldric"), vp=(2, 0), phase="placement")
    s = act(state, 0, Ability(source=gpos(0), ability="general", target=(1, F, 0))).state
    assert s.sides[0].vp == 0 and s.piece((1, F, 0)).pv == 2  # type: ignore[union-attr]  # no VP from the general
    rally = make_state({(0, F, 0): "brute"}, vp=(3, 0))
    s = act(rally, 0, Ability(source=gpos(0), ability="general")).state
    from bot.games.liber.abilities import force_of

    assert force_of(s, (0, F, 0)) == 5
    with pytest.raises(IllegalAction) as err:
        act(make_state(vp=(2, 0)), 0, Ability(source=gpos(0), ability="general"))
    assert err.value.code == "liber.not_enough_vp"


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [({"faith": (19, 0)}, "faith"), ({"vp": (39, 0)}, "vp"), ({"gold": (59, 0)}, "gold")],
)
def test_resource_wins(kwargs: dict, reason: str) -> None:
    from bot.games.liber.combat import check_win

    state = make_state(**kwargs)
    check_win(state, [])
    assert state.result is None
    side = state.sides[0]
    side.faith, side.vp, side.gold = side.faith + 1, side.vp + 1, side.gold + 1
    check_win(state, [])
    assert state.result is not None and state.result.winners == [0] and state.result.reason == reason
    outcome = LIBER.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason.key == f"liber.outcome.{reason}"


def test_killing_the_general_wins() -> None:
    state = make_state({(0, F, 0): "brute"}, general_pv=(None, 3))
    t = attack(state, (0, F, 0), gpos(1))
    assert t.state.result is not None and t.state.result.winners == [0] and t.state.result.reason == "general"
    assert LIBER.to_act(t.state) == frozenset() and LIBER.legal_actions(t.state, 0) == []
    with pytest.raises(IllegalAction):
        act(t.state, 0, End())


def test_gold_win_in_the_draw_phase_and_a_double_win_is_a_draw() -> None:
    state = make_state(phase="attack", gold=(0, 55), decks=(["milicien"], ["milicien"]))
    s = act(state, 0, End()).state
    assert s.result is not None and s.result.winners == [1] and s.result.reason == "gold"
    both = make_state(faith=(20, 20))
    from bot.games.liber.combat import check_win

    check_win(both, [])
    assert both.result is not None and both.result.winners == [] and LIBER.outcome(both).draw  # type: ignore[union-attr]


def test_validate_seat_options() -> None:
    from bot.engine import EngineError

    assert LIBER.validate_seat_options({"deck": "ordre_du_lion"}) == {"deck": "ordre_du_lion"}
    with pytest.raises(EngineError) as err:
        LIBER.validate_seat_options({"deck": "nope"})
    assert err.value.code == "liber.invalid_deck"
    text = "général: Vharka la Cendrée\n" + "\n".join(["5 brute", "4 goule", "unknown card"]) + "\n"
    with pytest.raises(EngineError) as err:
        LIBER.validate_seat_options({"decklist": text})
    problems = {(p.key, tuple(sorted(p.params.items()))) for p in err.value.params["problems"]}
    assert ("deck.unknown", (("line", 4), ("name", "unknown card"))) in problems
    assert ("liber.deck.too_many", (("count", 5), ("max", 4), ("name", "Brute"))) in problems
    assert ("liber.deck.size", (("count", 9), ("size", 50))) in problems
    good = "general: aldric\n" + "\n".join(
        f"{n} {c}"
        for c, n in __import__("bot.games.liber.content", fromlist=["DECKS"]).DECKS["ordre_du_lion"].cards.items()
    )
    opts = LIBER.validate_seat_options({"decklist": good})
    state = LIBER.setup([SeatSpec(seat=0, name="A", options=opts), SEATS[1]], {}, Rng(1)).state
    assert state.sides[0].general == "aldric_e2" and len(state.sides[0].deck) + len(state.sides[0].hand) == 50


def test_phase_key_changes_only_with_major_phases() -> None:
    """The host posts a new board when `phase()` changes or a PHASE event comes: Placement and
    Attack only, not each block prompt or response window."""
    state = make_state({(0, F, 0): "brute", (1, F, 0): "milicien"}, hands=(["milicien"], ["sentinelle"]))
    key = LIBER.phase(state)
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    assert t.state.step == "block" and LIBER.phase(t.state) == key
    assert PHASE not in [e.kind for e in t.events]
    from bot.games.liber.actions import Block

    s = act(act(t.state, 1, Block()).state, 0, End()).state
    assert s.step == "response" and LIBER.phase(s) == key
    s2 = act(s, 1, End())
    assert LIBER.phase(s2.state) != key and PHASE in [e.kind for e in s2.events]


def test_braise_favour_burns_the_weakest_enemy_without_vp() -> None:
    state = make_state(
        {(0, P, 0): "braise", (1, F, 0): "brute", (1, F, 1): "diablotin"},
        phase="attack",
        active=1,
        decks=(["milicien"], ["milicien"]),
    )
    s = next_turn(state)  # seat 0's turn begins: its faveur acts
    assert s.active == 0 and s.piece((1, F, 1)) is None and s.sides[0].vp == 0 and s.sides[0].faith == 1


def test_terreur_and_benediction() -> None:
    state = make_state(
        {(0, F, 0): {"card": "brute", "pv": 1, "poisoned": True}, (1, F, 0): "brute"},
        phase="placement",
        hands=(["benediction", "terreur"], []),
        faith=(1, 0),
    )
    s = act(state, 0, Play(card="benediction", at=(0, F, 0))).state
    assert s.piece((0, F, 0)).pv == 4  # type: ignore[union-attr]
    s = act(s, 0, Play(card="terreur", at=(1, F, 0))).state
    assert s.piece((1, F, 0)).paralysis == 1 and s.sides[0].faith == 0  # type: ignore[union-attr]
    assert {a.card for a in LIBER.legal_actions(s, 0) if isinstance(a, Play)} == set()


def test_moving_an_object_costs_its_cost_again() -> None:
    state = make_state(
        {(0, F, 0): {"card": "brute", "items": ["epee_benie"]}, (0, F, 1): "milicien"}, phase="placement", gold=(2, 0)
    )
    item = state.piece((0, F, 0)).items[0]  # type: ignore[union-attr]
    s = act(state, 0, Equip(item=item, to=(0, F, 1))).state
    assert s.piece((0, F, 1)).items == [item] and s.piece((0, F, 0)).items == []  # type: ignore[union-attr]
    assert s.sides[0].gold == 0
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Equip(item=item, to=(0, F, 0)))
    assert err.value.code == "liber.not_enough_gold"


def test_a_blocked_honneur_attack_hits_only_the_blocker() -> None:
    state = make_state(
        {(0, F, 0): "maitre_armes", (1, F, 0): "milicien", (1, F, 1): "milicien", (1, F, 2): "seigneur_ombres"}
    )
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0), target2=(1, F, 1), split=2))
    from bot.games.liber.actions import Block

    s = act(t.state, 1, Block(blocker=(1, F, 2))).state
    assert s.piece((1, F, 0)) is not None and s.piece((1, F, 1)) is not None
    assert s.piece((1, F, 2)).pv == 2  # type: ignore[union-attr]


def test_placement_is_chosen_card_first_then_only_its_legal_places() -> None:
    """#12 §4: a placement turn offers 60-odd actions; the menu groups them by card (one short list),
    and each card's group holds only the places where it may legally go (at most 15)."""
    from collections import Counter

    from bot.engine import Ask

    hand = ["milicien", "archer", "piquier", "chevalier", "pretre", "eclaireur", "benediction"]
    state = make_state(phase="placement", hands=(hand, []), gold=(50, 0))
    choices = LIBER.suggest(state, 0, Ask())
    assert len(choices) > 25  # one flat list would not fit a Discord menu
    per_group = Counter(c.group_key for c in choices if c.group_key)
    plays = {k: n for k, n in per_group.items() if k.startswith("play:")}
    assert len(per_group) <= 25 and {f"play:{c}" for c in hand[:-1]} <= set(plays)  # every unit has its group
    assert all(n <= 15 for n in plays.values())
    for choice in choices:
        LIBER.check(state, 0, choice.action)  # every place offered is legal
