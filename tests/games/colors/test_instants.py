"""Colors of Magic: instants and the stack (« Cas Spécial : Les Sorts Instantanés et la Pile »)."""

from __future__ import annotations

from bot.engine import ANY, Rng
from bot.games.colors.actions import Activate, Attack, Cast, Move, NoResponse, Pass
from bot.games.colors.game import COLORS

from .helpers import act, at, fig, make

WIZARDS = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22)]


def test_an_enemy_ending_its_move_near_the_wizard_pauses_for_an_instant() -> None:
    """« Déclenchement : Un événement en jeu (une créature qui se déplace, un sort lancé, etc.) remplit la
    condition de déclenchement ... L'action en cours est mise en pause. » — Flammèche answers an enemy
    ending its move within 4" of Braise; then « l'action qui avait été mise en pause reprend son cours »."""
    figures = [*WIZARDS, fig("B1", "orc", 1, 8, 2)]
    state = make(figures, turn=1, hands=(["flammeche"], ["seve"]))
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Move(figure="B1", path=(at(5, 2),)))
    assert COLORS.to_act(state) == {0} and state.stack[-1].kind == "respond"
    state = act(state, 0, Cast(card="flammeche", caster="A0", target="B1"))
    assert state.instants and COLORS.to_act(state) == {0}  # it may add more
    state = act(state, 0, NoResponse())  # Bob, who moved, is not asked: his instants answer enemies
    assert state.figure("B1").pv == 3 - 1 and "flammeche" in state.sides[0].discard  # type: ignore[union-attr]
    assert state.stack[-1].kind == "creature" and state.active == "B1"  # the activation goes on


def test_a_paused_action_that_is_no_longer_possible_does_not_resume() -> None:
    """« il peut arriver que l'action ne soit plus possible » — the goblin dies in the pause."""
    figures = [*WIZARDS, fig("B1", "gobelin", 1, 8, 2)]
    state = make(figures, turn=1, hands=(["flammeche"], ["seve"]))
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Move(figure="B1", path=(at(5, 2),)))
    state = act(state, 0, Cast(card="flammeche", caster="A0", target="B1"))
    state = act(state, 0, NoResponse())
    assert state.figure("B1") is None and COLORS.to_act(state) == {0}  # Bob's turn is over


def test_a_countered_spell_is_exiled_and_the_turn_is_used() -> None:
    """Annulation answers an enemy spell of cost 3 or less; « Un sort exilé est placé dans une zone
    spéciale appelée "exil", séparée de la défausse » (D-COL-18: the caster's action is used)."""
    figures = [*WIZARDS, fig("B1", "orc", 1, 8, 2)]
    state = make(figures, hands=(["trait_feu"], ["annulation"]))
    state = act(state, 0, Cast(card="trait_feu", caster="A0", target="B1"))
    assert COLORS.to_act(state) == {1}  # the active player first: Alice holds no instant of this trigger
    state = act(state, 1, Cast(card="annulation", caster="B0"))
    state = act(state, 1, NoResponse())
    assert state.sides[0].exile == ("trait_feu",) and state.figure("B1").pv == 3  # type: ignore[union-attr]
    assert state.sides[1].mana == 10 - 2 and COLORS.to_act(state) == {1}  # Bob's turn now


def test_the_stack_resolves_last_in_first_out() -> None:
    """« Le joueur actif ... met sur la pile ... Ensuite, le joueur inactif fait de même » ; « Les sorts
    sur la pile se résolvent un par un, en commençant par le dernier sort ajouté. »"""
    figures = [
        fig("A0", "braise", 0, 8, 15),
        fig("B0", "roc", 1, 14, 20),
        fig("A1", "orc", 0, 10, 18),
        fig("B1", "golem_argile", 1, 11.5, 18),
    ]
    state = make(figures, hands=(["cri_guerre"], ["peau_roche"]))
    state = act(state, 0, Activate(figure="A1"))
    state = act(state, 0, Attack(figure="A1", target="B1"))
    assert COLORS.to_act(state) == {0}
    state = act(state, 0, Cast(card="cri_guerre", caster="A0", target="A1"))
    state = act(state, 0, NoResponse())
    state = act(state, 1, Cast(card="peau_roche", caster="B0", target="B1"))
    tr = COLORS.apply(state, 1, NoResponse(), Rng(1))
    resolved = [e.params["card"]["key"] for e in tr.events if e.kind == "instant_resolves"]
    assert resolved[0] == "colors.card.peau_roche"
    state = tr.state
    while state.stack[-1].kind == "respond":  # after each resolution both may add more
        state = act(state, state.stack[-1].seats[0], NoResponse())
    assert state.duel is not None  # then the attack resumes: the duel opens
    from bot.games.colors.resolve import duel_totals

    assert duel_totals(state, state.duel) == (3 + 2, 3 + 2)


def test_who_is_asked_depends_on_public_facts_only() -> None:
    """D-COL-31: Bob is asked whether or not he holds Annulation (his schools hold one), so the pause
    tells Alice nothing about his hand; with no card in hand he is not asked."""
    figures = [*WIZARDS, fig("B1", "orc", 1, 8, 2)]
    for hand in (["annulation"], ["seve"]):
        state = make(figures, hands=(["trait_feu"], hand))
        state = act(state, 0, Cast(card="trait_feu", caster="A0", target="B1"))
        assert COLORS.to_act(state) == {1}
        public = COLORS.view(state, 0)
        assert public.window is not None and public.sides[1].hand is None
    empty = make(figures, hands=(["trait_feu"], []))
    state = act(empty, 0, Cast(card="trait_feu", caster="A0", target="B1"))
    assert state.window is None and state.figure("B1").pv == 2  # type: ignore[union-attr]


def test_after_passing_a_player_may_still_answer() -> None:
    """D-COL-19: instants are not actions; a player who passed still answers with them."""
    figures = [*WIZARDS, fig("B1", "orc", 1, 8, 2)]
    state = make(figures, hands=(["flammeche"], ["seve"]))
    state = act(state, 0, Pass())
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Move(figure="B1", path=(at(5, 2),)))
    assert state.stack[-1].kind == "respond"
    assert any(isinstance(c.action, Cast) for c in COLORS.suggest(state, 0, ANY))
