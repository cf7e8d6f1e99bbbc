"""Colors of Magic: casting (range, sight, Blood Pact, discard, spell types) and hidden information.

Each test quotes the passage of `../shared/seeds/000_f05c255328dc5915.txt` it implements.
"""

from __future__ import annotations

import pytest

from bot.ai import RandomAgent, arena
from bot.engine import ANY, IllegalAction, Rng, SeatSpec
from bot.games.colors import board
from bot.games.colors.actions import Activate, Attack, Cast, DuelCard, DuelPass
from bot.games.colors.game import COLORS

from .helpers import act, at, fig, make, quiet

WIZARDS = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22)]


def _refusal(state, seat: int, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as err:
        COLORS.check(state, seat, action)
    return err.value.code


def test_a_spell_needs_range_and_line_of_sight() -> None:
    """« Vous devez respecter les critères de ligne de vue indiqués sur la carte du sort » ; « La plupart
    des cartes de sort comportent les critères de la ligne de vue et la portée du sort (en pouces). »"""
    figures = [
        fig("A0", "braise", 0, 12, 7.5),
        fig("B0", "roc", 1, 22, 22),
        fig("B1", "orc", 1, 12, 11.6),
        fig("B2", "orc", 1, 20, 7.5),
    ]
    state = make(figures, hands=(["trait_feu"], []))
    assert _refusal(state, 0, Cast(card="trait_feu", caster="A0", target="B1")) == "colors.no_sight"
    assert _refusal(state, 0, Cast(card="trait_feu", caster="A0", target="B0")) == "colors.out_of_range"
    after = act(state, 0, Cast(card="trait_feu", caster="A0", target="B2"))
    assert after.figure("B2").pv == 3 - 1 and after.sides[0].mana == 10 - 2  # type: ignore[union-attr]
    assert "trait_feu" in after.sides[0].discard  # « Sorts Ephémères : ... puis la carte est placée dans la défausse »


def test_blood_pact_pays_with_own_creatures_never_more_than_their_pv() -> None:
    """« Pour chaque point de dégât infligé de cette manière, vous ajoutez immédiatement 1 mana à votre
    réserve. » ; « Une créature ne peut pas subir plus de dégâts qu'il ne lui reste de points de vie. »
    ; « Votre magicien est une créature et peut donc être la cible de ce sacrifice. »"""
    figures = [*WIZARDS, fig("A1", "orc", 0, 4, 4), fig("B1", "orc", 1, 8, 4)]
    state = make(figures, hands=(["trait_feu"], []), mana=(0, 0))
    base = Cast(card="trait_feu", caster="A0", target="B1")
    assert _refusal(state, 0, base) == "colors.no_mana"
    assert _refusal(state, 0, base.model_copy(update={"pact": (("A1", 4),)})) == "colors.pact_too_much"
    assert _refusal(state, 0, base.model_copy(update={"pact": (("A1", 3),)})) == "colors.pact_over"  # D-COL-24
    after = act(state, 0, base.model_copy(update={"pact": (("A1", 1), ("A0", 1))}))
    assert after.figure("A1").pv == 2 and after.figure("A0").pv == 9 and after.sides[0].mana == 0  # type: ignore[union-attr]


def test_a_pact_that_kills_is_previewed_for_confirmation() -> None:
    """D-COL-15: the pact may kill one's own creature; the bot shows it before Confirm."""
    figures = [*WIZARDS, fig("A1", "gobelin", 0, 4, 4), fig("A2", "gobelin", 0, 5, 5), fig("B1", "orc", 1, 8, 4)]
    state = make(figures, hands=(["trait_feu"], []), mana=(0, 0))
    action = Cast(card="trait_feu", caster="A0", target="B1", pact=(("A1", 1), ("A2", 1)))
    preview = COLORS.preview(state, 0, action)
    assert preview is not None
    assert [(line.key, line.params["figure"].params["id"]) for line in preview.lines] == [
        ("colors.preview.dies", "A1"),
        ("colors.preview.dies", "A2"),
        ("colors.preview.wounded", "B1"),  # and the bolt's wound on the orc (D-COL-33)
    ]
    after = act(state, 0, action)
    assert after.figure("A1") is None and "gobelin" in after.sides[0].discard


def test_discarding_one_card_lowers_the_cost_by_one_never_below_one() -> None:
    """« un joueur peut choisir de défausser une et une seule carte de sa main pour réduire le coût en
    mana du sort de 1. Le coût d'un sort ne peut jamais être réduit en dessous de 1 mana par cette
    méthode. »"""
    figures = [*WIZARDS, fig("B1", "orc", 1, 8, 4)]
    state = make(figures, hands=(["trait_feu", "orc", "ruee", "gobelin"], []), mana=(1, 0))
    after = act(state, 0, Cast(card="trait_feu", caster="A0", target="B1", discard="orc"))
    assert after.sides[0].mana == 0 and "orc" in after.sides[0].discard
    one = make([*WIZARDS, fig("A1", "orc", 0, 4, 4)], hands=(["ruee", "gobelin"], []), mana=(0, 0))
    assert _refusal(one, 0, Cast(card="ruee", caster="A0", target="A1", discard="gobelin")) == "colors.no_mana"


def test_creatures_artefacts_and_permanents_stay_in_play() -> None:
    """« Sorts Permanents : Ces sorts restent en jeu » ; « Les artefacts doivent être attribués à une
    créature. Si la créature quitte le jeu, l'artefact est mis dans la défausse de son propriétaire » ;
    « Invocation de Créatures : Ce type de sort permet de faire venir une nouvelle créature »."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 4, 4)]
    state = make(figures, hands=(["mur_pierre", "lame_ardente", "lezard_braise"], ["mur_pierre"]))
    state = quiet(act(state, 0, Cast(card="lame_ardente", caster="A0", target="A1")))
    orc = state.figure("A1")
    assert orc is not None and orc.items == ("lame_ardente",) and board.stat(state, orc, "melee") == 4
    state = quiet(act(state, 1, Cast(card="mur_pierre", caster="B0")))
    roc = state.figure("B0")
    assert roc is not None and board.stat(state, roc, "defense") == 4 + 1
    state = quiet(act(state, 0, Cast(card="lezard_braise", caster="A0", at=at(6, 2))))
    lizard = next(f for f in state.figures if f.card == "lezard_braise")
    assert lizard.owner == 0 and lizard.pv == 2
    from bot.games.colors.resolve import flux, wound

    assert flux(state, 0) == 4 + 1  # its Source
    dead = wound(state, "A1", 3, [])
    assert "lame_ardente" in dead.sides[0].discard and "orc" in dead.sides[0].discard


def test_a_summon_out_of_range_or_on_a_figure_is_refused() -> None:
    state = make(hands=(["lezard_braise"], []))
    assert _refusal(state, 0, Cast(card="lezard_braise", caster="A0", at=at(12, 2))) == "colors.out_of_range"
    assert _refusal(state, 0, Cast(card="lezard_braise", caster="A0", at=at(2.3, 2))) == "colors.summon_on_figure"


def test_an_instant_is_not_an_action() -> None:
    """« Les sorts avec le type Instantané ... ne sont pas joués comme une action standard, mais en
    réaction à des événements spécifiques » (the stack lands with the next step of issue #13)."""
    state = make(hands=(["flammeche"], []))
    assert _refusal(state, 0, Cast(card="flammeche", caster="A0", target="B0")) == "colors.instant_on_trigger"


def test_the_wizards_death_ends_the_match() -> None:
    """The last wizard standing wins (preparation chapter, research §1.4)."""
    figures = [fig("A0", "braise", 0, 10, 18, pv=1), fig("B0", "roc", 1, 11.5, 18)]
    state = make(figures, turn=1)
    state = act(state, 1, Activate(figure="B0"))
    state = quiet(act(state, 1, Attack(figure="B0", target="A0")))
    state = act(state, 0, DuelPass())
    state = act(state, 1, DuelPass())  # Roc 2 against Braise's Défense 3: Braise wins and wounds Roc
    assert state.winners is None
    state = make(figures, turn=1, hands=([], ["colosse"]))
    state = act(state, 1, Activate(figure="B0"))
    state = quiet(act(state, 1, Attack(figure="B0", target="A0")))
    state = act(state, 0, DuelPass())
    state = act(state, 1, DuelCard(card="colosse"))
    state = act(state, 0, DuelPass())
    state = act(state, 1, DuelPass())
    assert state.winners == (1,) and state.reason == "wizard" and not COLORS.to_act(state)


def test_face_down_cards_and_hands_reach_only_their_owner() -> None:
    """Hidden information: the public view and the other seat's view never hold a hand or a face-down
    card; the other side sees how many cards were played."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    state = make(figures, hands=(["loup_cendre", "ruee"], ["seve"]))
    state = act(state, 0, Activate(figure="A1"))
    state = quiet(act(state, 0, Attack(figure="A1", target="B1")))
    state = act(state, 1, DuelPass())
    state = act(state, 0, DuelCard(card="loup_cendre"))
    public, theirs, mine = (COLORS.view(state, v) for v in (None, 1, 0))
    for view in (public, theirs):
        dumped = view.model_dump_json()
        assert "loup_cendre" not in dumped and "ruee" not in dumped
        assert view.duel is not None and view.duel.counts == (1, 0)
    assert mine.duel is not None and mine.duel.mine == ("loup_cendre",)
    assert theirs.sides[1].hand == ("seve",) and theirs.sides[0].hand is None


def test_the_ai_decides_the_same_whatever_the_other_side_holds() -> None:
    """The AI plays on its seat's view: changing the other side's hidden cards changes nothing."""
    figures = [*WIZARDS, fig("A1", "orc", 0, 10, 18), fig("B1", "golem_argile", 1, 11.5, 18)]
    agent = COLORS.agent()
    picks = set()
    for their_hand in (["seve", "ent"], ["colosse", "annulation"], ["dryade", "seve"]):  # same count: public
        state = make(figures, hands=(["loup_cendre", "orc"], their_hand))
        picks.add(agent.choose(COLORS, COLORS.view(state, 0), 0, Rng(4)).model_dump_json())
    assert len(picks) == 1


def test_determinize_is_consistent_with_the_view() -> None:
    tr = COLORS.setup(
        [SeatSpec(seat=i, name=n) for i, n in enumerate(("Alice", "Bob"))],
        {},
        Rng(2),
    )
    view = COLORS.view(tr.state, 0)
    dealt = COLORS.determinize(view, Rng(9))
    assert dealt.sides[0].hand == tr.state.sides[0].hand
    assert len(dealt.sides[1].hand) == len(tr.state.sides[1].hand)
    assert len(dealt.sides[1].deck) == len(tr.state.sides[1].deck)
    assert COLORS.view(dealt, 0).model_dump() == view.model_dump()


def test_every_suggestion_is_legal() -> None:
    """`suggest` only proposes what `check` accepts, along a whole match of random choices."""
    states: list = []
    arena.play(COLORS, (RandomAgent(), RandomAgent()), 11, invariant=states.append)
    for state in states[::7]:
        for seat in COLORS.to_act(state):
            for choice in COLORS.suggest(state, seat, ANY):
                COLORS.check(state, seat, choice.action)


def test_the_ai_beats_a_random_player() -> None:
    """Three seeded matches, the AI on either seat, must go its way at least twice (the benchmark plays 200)."""
    won = 0
    for seed in (1, 2, 4):
        me = seed % 2
        agents = (COLORS.agent(), RandomAgent()) if me == 0 else (RandomAgent(), COLORS.agent())
        played = arena.play(COLORS, agents, seed)
        assert played.outcome is not None
        won += me in played.outcome.winners
    assert won >= 2


def test_the_player_chooses_who_pays_the_pact_and_a_fatal_payment_is_previewed() -> None:
    """« Les dégâts peuvent être répartis comme vous le souhaitez entre vos créatures » (D-COL-15): the
    menu offers each creature that can pay, the wizard included; one that would die asks for Confirm."""
    figures = [*WIZARDS, fig("A1", "gobelin", 0, 4, 4), fig("A2", "orc", 0, 5, 5), fig("B1", "orc", 1, 8, 4)]
    state = make(figures, hands=(["trait_feu"], []), mana=(1, 0))
    casts = [c for c in COLORS.suggest(state, 0, ANY) if isinstance(c.action, Cast) and c.action.pact]
    payers = {c.action.pact[0][0]: c for c in casts if len(c.action.pact) == 1 and not c.action.discard}
    assert {"A0", "A1", "A2"} <= set(payers)
    assert payers["A1"].preview and not payers["A2"].preview  # the goblin (1 PV) would die


def test_a_spell_whose_target_died_paying_for_it_does_nothing() -> None:
    """D-COL-18: the goblin pays its last PV for the blade meant for it; the blade goes to the discard."""
    figures = [*WIZARDS, fig("A1", "gobelin", 0, 4, 4)]
    state = make(figures, hands=(["lame_ardente"], []), mana=(1, 0))
    tr = COLORS.apply(state, 0, Cast(card="lame_ardente", caster="A0", target="A1", pact=(("A1", 1),)), Rng(1))
    assert "fizzles" in [e.kind for e in tr.events]
    assert tr.state.figure("A1") is None and "lame_ardente" in tr.state.sides[0].discard
