"""Colors of Magic: the stack of instants as « Cas Spécial : Les Sorts Instantanés et la Pile » has it,
played with our cards through `check` / `apply` (rules versions 3 and 4, #27). Each test quotes its passage of
`../shared/seeds/000_f05c255328dc5915.txt`."""

from __future__ import annotations

import pytest

from bot.engine import ANY, IllegalAction, Rng, SeatSpec
from bot.games.colors import instants
from bot.games.colors.actions import Activate, Attack, Cast, Move, NoResponse, Pass, Tap
from bot.games.colors.content import WIZARDS
from bot.games.colors.game import COLORS
from bot.games.colors.resolve import duel_totals

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


def test_the_player_chooses_an_instants_target_among_the_legal_ones() -> None:
    """« Le joueur actif ... met sur la pile tous les sorts Instantanés qu'il souhaite jouer en réponse à
    l'événement » — what an instant aims at is the player's, as for any spell (rules version 4): Bob's
    orc ends its move 2.5" from Braise behind his colossus; Alice's Flammèche goes to the colossus, the one
    she sees, and is refused on the orc she does not see and on her own wizard."""
    figures = [
        fig("A0", "braise", 0, 2, 2),
        fig("B0", "roc", 1, 22, 22),
        fig("B1", "orc", 1, 8, 2),
        fig("B2", "colosse", 1, 3.75, 2),
    ]
    state = act(make(figures, turn=1, hands=(["flammeche"], [])), 1, Activate(figure="B1"))
    state = act(state, 1, Move(figure="B1", path=(at(5.5, 2),)))
    assert state.window is not None and COLORS.to_act(state) == {0}
    for aimed in ("B1", "A0"):
        with pytest.raises(IllegalAction):
            COLORS.check(state, 0, Cast(card="flammeche", caster="A0", target=aimed))
    offered = [c.action for c in COLORS.suggest(state, 0, ANY) if isinstance(c.action, Cast)]
    assert [c.target for c in offered] == ["B2"]
    state = act(act(state, 0, offered[0]), 0, NoResponse())
    colossus = state.figure("B2")
    assert colossus is not None and colossus.pv == 4 and state.window is None


def test_a_counter_cancels_an_instant_already_on_the_pile() -> None:
    """« Le joueur actif ... met sur la pile tous les sorts Instantanés ... Ensuite, le joueur inactif fait
    de même » ; « Les sorts sur la pile se résolvent un par un, en commençant par le dernier sort ajouté. »
    Alice's orc attacks Bob's golem and she adds Cri de guerre; Bob, whose Peaux de roche both lie in
    his discard, is not asked about the attack but is once she has, and aims Annulation at her Cri de
    guerre on the pile, not at the attack: Annulation resolves first, the Cri is exiled, and the duel
    opens on the orc's own Mêlée."""
    figures = [
        fig("A0", "braise", 0, 8, 15),
        fig("B0", "roc", 1, 22, 22),
        fig("A1", "orc", 0, 10, 18),
        fig("B1", "golem_argile", 1, 11.5, 18),
    ]
    state = make(figures, hands=(["cri_guerre"], ["annulation"]), mana=(2, 2))
    bob = state.sides[1].model_copy(update={"discard": ("peau_roche", "peau_roche")})
    state = act(state.model_copy(update={"sides": (state.sides[0], bob)}), 0, Activate(figure="A1"))
    state = act(state, 0, Attack(figure="A1", target="B1"))
    assert state.window is not None and state.window.asking == (0,)
    state = act(state, 0, Cast(card="cri_guerre", caster="A0", target="A1"))
    assert state.window is not None and state.window.asking == (0, 1)  # an enemy's spell now on the pile
    state = act(state, 0, NoResponse())
    with pytest.raises(IllegalAction):  # there is no spell cast paused here: only the pile's Cri
        COLORS.check(state, 1, Cast(card="annulation", caster="B0"))
    counter = Cast(card="annulation", caster="B0", spell=1)
    assert counter in [c.action for c in COLORS.suggest(state, 1, ANY)]
    state = act(state, 1, counter)
    said = kinds(state, 1, NoResponse())
    state = act(state, 1, NoResponse())
    while state.stack[-1].kind == "respond":
        state = act(state, state.stack[-1].seats[0], NoResponse())
    assert said.index("countered") < said.index("exiled") and "buffed" not in said
    orc = state.figure("A1")
    assert orc is not None and orc.buffs == () and state.sides[0].exile == ("cri_guerre",)
    assert state.sides[1].discard == ("peau_roche", "peau_roche", "annulation")
    assert state.duel is not None and duel_totals(state, state.duel) == (3, 3)


def test_a_spell_that_wounds_opens_a_pause_and_the_wounded_side_strikes_back() -> None:
    """« Déclenchement : Un événement en jeu (une créature qui se déplace, un sort lancé, etc.) remplit la
    condition de déclenchement » — since rules version 4 a spell's wounds are such an event: Bob's Séisme
    wounds Alice's lizard; once it has resolved, Alice answers with Représailles on Roc, its caster;
    then Alice's turn comes. Under version 3 the same Séisme pauses nothing."""
    figures = [
        fig("A0", "braise", 0, 1, 1),
        fig("A1", "lezard_braise", 0, 5, 2),
        fig("B0", "roc", 1, 9, 3),
    ]
    before = make(figures, turn=1, hands=(["represailles"], ["seisme"]), mana=(1, 4))
    seisme = Cast(card="seisme", caster="B0", target="A1")
    state = act(before, 1, seisme)
    lizard = state.figure("A1")
    assert lizard is not None and lizard.pv == 1
    assert state.window is not None and state.window.event == "spell_damage" and COLORS.to_act(state) == {0}
    assert instants.target_for(state, "represailles") == "B0"
    state = act(state, 0, Cast(card="represailles", caster="A0", target="B0"))
    state = act(state, 0, NoResponse())
    roc = state.figure("B0")
    assert roc is not None and roc.pv == 9 and state.window is None
    assert state.stack[-1].kind == "act" and COLORS.to_act(state) == {0}
    old = act(before.model_copy(update={"rules": 3}), 1, seisme)
    assert old.window is None and COLORS.to_act(old) == {0}


def test_a_permanent_tapped_for_mana_stays_tapped_until_the_end_phase() -> None:
    """« Redresser les Cartes : Toutes les cartes inclinées (créatures et sorts permanents activés) sont
    redressées » — Bob taps his Autel de mana for one mana (not an action: his turn goes on), cannot tap
    it again, and finds it untapped in the next round; under version 3 it cannot be tapped."""
    state = make(turn=1, mana=(0, 2), hands=([], ["autel_mana"]))
    state = act(state, 1, Cast(card="autel_mana", caster="B0"))
    state = act(state, 0, Pass())
    assert state.sides[1].permanents == ("autel_mana",) and state.sides[1].mana == 0
    with pytest.raises(IllegalAction):
        COLORS.check(state.model_copy(update={"rules": 3}), 1, Tap(card="autel_mana"))
    assert Tap(card="autel_mana") in [c.action for c in COLORS.suggest(state, 1, ANY)]
    state = act(state, 1, Tap(card="autel_mana"))
    assert state.sides[1].mana == 1 and state.sides[1].tapped == ("autel_mana",)
    assert state.stack[-1].kind == "act" and COLORS.to_act(state) == {1}
    with pytest.raises(IllegalAction):
        COLORS.check(state, 1, Tap(card="autel_mana"))
    state = act(act(state, 1, Pass()), 0, Pass())
    assert state.round == 2 and state.sides[1].tapped == () and state.sides[1].permanents == ("autel_mana",)


def test_a_match_begun_under_version_3_holds_its_old_codex() -> None:
    """A match begun under version 3 keeps its codex (docs/kernel.md, "Rules versions"): set up again
    under it, the hands lose Représailles, Foyer ardent and Autel de mana, and keep Retour de flamme."""
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    now = COLORS.setup(seats, {}, Rng(5)).state
    old = COLORS.at_rules(now, 3)
    assert {"represailles", "foyer", "autel_mana", "retour_flamme"} <= {c for s in now.sides for c in s.hand}
    assert not {"represailles", "foyer", "autel_mana"} & {c for s in old.sides for c in s.hand}
    assert "retour_flamme" in old.sides[[s.wizard for s in old.sides].index("braise")].hand
    for seat in (0, 1):
        assert len(old.sides[seat].hand) == len(now.sides[seat].hand) - 2 * len(
            WIZARDS[now.sides[seat].wizard].added_after(3)
        )
        assert not WIZARDS[now.sides[seat].wizard].added_after(3) & set(instants.unseen(old, seat))


def test_the_ai_taps_its_hearth_for_the_mana_a_cast_lacks() -> None:
    """The AI plays version 4's permanents: its wizard already activated and one mana short of the Trait
    de feu that kills Bob's imp, it taps its Foyer ardent rather than pass."""
    figures = [fig("A0", "braise", 0, 2, 2, tapped=True), fig("B0", "roc", 1, 22, 22), fig("B1", "diablotin", 1, 8, 2)]
    state = make(figures, mana=(1, 0), hands=(["trait_feu"], []))
    alice = state.sides[0].model_copy(update={"permanents": ("foyer",)})
    state = state.model_copy(update={"sides": (alice, state.sides[1])})
    assert COLORS.agent("easy").choose(COLORS, COLORS.view(state, 0), 0, Rng(1)) == Tap(card="foyer")
