"""Colors of Magic: the stack of instants as « Cas Spécial : Les Sorts Instantanés et la Pile » has it,
played with our cards through `check` / `apply` (rules version 3, #27). Each test quotes its passage of
`../shared/seeds/000_f05c255328dc5915.txt`."""

from __future__ import annotations

from bot.engine import Rng, SeatSpec
from bot.games.colors import instants
from bot.games.colors.actions import Activate, Attack, Cast, Move, NoResponse
from bot.games.colors.content import WIZARDS
from bot.games.colors.game import COLORS

from .helpers import act, at, fig, kinds, make


def test_a_paused_spell_whose_target_stepped_out_of_range_does_not_happen() -> None:
    """« Une fois que la pile est entièrement vide ..., l'action qui avait été mise en pause reprend son
    cours (il peut arriver que l'action ne soit plus possible car elle ne répond plus à ses critères de
    déclenchement). » Alice's Trait de feu (8") aims at Bob's golem 7" away; Bob answers with Glissement
    de terrain, the golem steps 3" back, and the bolt, out of range, does nothing: its mana stays paid."""
    figures = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 11, 5), fig("B1", "golem_argile", 1, 9.5, 2)]
    state = make(figures, hands=(["trait_feu"], ["glissement"]), mana=(2, 1))
    state = act(state, 0, Cast(card="trait_feu", caster="A0", target="B1"))
    assert state.window is not None and COLORS.to_act(state) == {1}  # Bob: the bolt aims at his golem
    state = act(state, 1, Cast(card="glissement", caster="B0", target="B1"))
    said = kinds(state, 1, NoResponse())
    state = act(state, 1, NoResponse())
    assert said.index("withdraws") < said.index("fizzles") and "wounded" not in said
    golem = state.figure("B1")
    assert golem is not None and golem.pv == 4 and golem.centre == at(12.5, 2)
    assert state.sides[0].mana == 0 and state.sides[0].discard == ("trait_feu",)
    assert state.window is None and state.stack[-1].kind == "act" and COLORS.to_act(state) == {1}


def test_an_instant_answers_an_attack_by_wounding_the_attacker_before_the_duel() -> None:
    """« Déclenchement : Un événement en jeu ... remplit la condition de déclenchement d'un ou plusieurs
    sorts Instantanés. L'action en cours est mise en pause. » Bob's orc attacks Alice's lizard; Alice,
    the inactive player, answers with Retour de flamme on the orc; then the paused attack goes on."""
    figures = [
        fig("A0", "braise", 0, 2, 2),
        fig("A1", "lezard_braise", 0, 6.2, 2),
        fig("B0", "roc", 1, 22, 22),
        fig("B1", "orc", 1, 5, 2),
    ]
    state = make(figures, hands=(["retour_flamme"], []), mana=(1, 0), turn=1)
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Attack(figure="B1", target="A1"))
    assert state.window is not None and COLORS.to_act(state) == {0}
    assert instants.target_for(state, "retour_flamme") == "B1"  # the attacker, not the attacked
    state = act(state, 0, Cast(card="retour_flamme", caster="A0", target="B1"))
    state = act(state, 0, NoResponse())
    orc = state.figure("B1")
    assert orc is not None and orc.pv == 2 and state.duel is not None and state.duel.attacker == "B1"


def test_ones_own_creature_ending_its_move_wounded_may_be_healed() -> None:
    """« Déclenchement : Un événement en jeu (une créature qui se déplace, un sort lancé, etc.) » — Baume
    de sève answers one's own creature ending its move, when it has lost PV: Bob heals his golem; an
    unwounded creature's move opens no pause."""
    figures = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22), fig("B1", "golem_argile", 1, 20, 20, pv=2)]
    state = make(figures, hands=([], ["baume_seve"]), mana=(0, 1), turn=1)
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Move(figure="B1", path=(at(19, 19),)))
    assert state.window is not None and COLORS.to_act(state) == {1}  # the mover's own side is asked
    state = act(state, 1, Cast(card="baume_seve", caster="B0", target="B1"))
    state = act(state, 1, NoResponse())
    golem = state.figure("B1")
    assert golem is not None and golem.pv == 3 and state.window is None and state.stack[-1].kind == "creature"
    healthy = make([*figures[:2], fig("B1", "golem_argile", 1, 20, 20)], hands=([], ["baume_seve"]), turn=1)
    healthy = act(healthy, 1, Activate(figure="B1"))
    assert kinds(healthy, 1, Move(figure="B1", path=(at(19, 19),))) == ["moved"]


def test_a_match_begun_under_version_2_holds_its_old_codex_and_resumes_as_it_did() -> None:
    """A match keeps the rules it began under (docs/kernel.md): set up again under version 2, the hands
    lose the codex cards version 3 added, and a pause never counts them among what a seat may hold."""
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    now = COLORS.setup(seats, {}, Rng(5)).state
    old = COLORS.at_rules(now, 2)
    for seat, side in enumerate(old.sides):
        added = WIZARDS[side.wizard].added_after(2)
        assert added and added <= set(now.sides[seat].hand) and not added & set(side.hand)
        assert len(side.hand) == len(now.sides[seat].hand) - 2 * len(added)
        assert not added & set(instants.unseen(old, seat))
