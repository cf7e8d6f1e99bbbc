"""Colors of Magic: La Phase des monstres, driven by our activation deck (docs/rules/colors.md).

« Lorsqu'un monstre doit bouger ou attaquer, piochez une carte d'activation, et reportez vous à la
partie de la carte qui correspond à la taille du monstre ... Vous devez piocher une carte pour chaque
action du monstre » — the decks below are stacked by hand (top first) to draw a known position.
"""

from __future__ import annotations

from bot.engine import Rng, SeatSpec
from bot.games.colors import board
from bot.games.colors.actions import Activate, Attack, DuelCard, DuelPass, Pass
from bot.games.colors.game import COLORS
from bot.table.units import INCH

from .helpers import act, fig, make, quiet

WIZARDS = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22)]


def guardian(x: float, y: float, **kw) -> object:  # type: ignore[no-untyped-def]
    from bot.games.colors.state import Figure

    return Figure(id="N1", card="gardien", owner=-1, x=round(x * INCH), y=round(y * INCH), pv=kw.pop("pv", 5), **kw)


def _monster_phase(figures: list, deck: tuple[str, ...], **kw):  # type: ignore[no-untyped-def]
    state = make(figures, monster_deck=deck, **kw)
    state = act(state, 0, Pass())
    return act(state, 1, Pass())


def test_the_guardian_waits_at_the_centre_and_its_deck_is_sealed() -> None:
    tr = COLORS.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")], {}, Rng(4))
    monster = tr.state.figure("N1")
    assert monster is not None and monster.owner == -1 and monster.centre == (12 * INCH, 12 * INCH)
    assert any(s.label == "activation" and s.seat is None for s in tr.sealed)
    assert len(tr.state.monster_deck) == 12


def test_one_card_for_the_move_then_one_for_the_attack_the_player_defends_first() -> None:
    """act01 (medium: move to the nearest creature) then act08 (medium: attack the nearest, initiative 4):
    the guardian walks to the orc, stops at 1", and attacks; Alice, who defends, plays first."""
    figures = [*WIZARDS, guardian(12, 12), fig("A1", "orc", 0, 17, 12)]
    state = _monster_phase(figures, ("act01", "act08"))
    monster = state.figure("N1")
    assert monster is not None and board.distance(monster, state.figure("A1")) <= INCH  # type: ignore[arg-type]
    assert state.monster_discard == ("act01", "act08")
    assert state.duel is not None and state.duel.attacker == "N1" and COLORS.to_act(state) == {0}
    state = act(state, 0, DuelPass())  # the guardian played act08 and passes: two passes end it
    # Mêlée 3 + 4 against the orc's Défense 2: 1 wound
    assert state.duel is None and state.figure("A1").pv == 3 - 1  # type: ignore[union-attr]
    assert state.round == 2  # then the End phase and the next round


def test_a_player_may_keep_adding_cards_against_a_monster() -> None:
    """The monster plays its one card and passes; its opponent plays on until it passes (D-COL-02)."""
    figures = [*WIZARDS, guardian(12, 12), fig("A1", "orc", 0, 14, 12)]
    state = _monster_phase(figures, ("act08", "act08"), hands=(["colosse", "loup_cendre"], []))
    state = act(state, 0, DuelCard(card="colosse"))
    assert state.duel is not None and COLORS.to_act(state) == {0}
    state = act(state, 0, DuelCard(card="loup_cendre"))
    state = act(state, 0, DuelPass())
    # Défense 2 + 6 + 4 = 12 against 3 + 4: the orc wins and deals 1 + 1 (Colosse) + 1 (Loup de cendre)
    assert state.figure("N1").pv == 5 - 3  # type: ignore[union-attr]


def test_killing_the_guardian_scores_its_vp_for_the_killer() -> None:
    figures = [*WIZARDS, guardian(12, 12, pv=1), fig("A1", "orc", 0, 14, 12)]
    state = make(figures, monster_deck=("act03",), hands=(["colosse"], []))
    state = act(state, 0, Activate(figure="A1"))
    state = quiet(act(state, 0, Attack(figure="A1", target="N1")))
    assert state.duel is not None and state.duel.monster_card == "act03"  # drawn when it defends
    state = act(state, 0, DuelCard(card="colosse"))
    state = act(state, 0, DuelPass())
    assert state.figure("N1") is None and state.sides[0].vp == 2


def test_the_symbol_of_the_objective_triggers_its_special_action() -> None:
    """« Si la carte d'objectif propose une action spéciale et que la carte d'activation comporte ce
    symbole pour, vous devez résoudre l'effet » — ours: on C, 1 wound to every creature within 2"."""
    figures = [*WIZARDS, guardian(12, 12), fig("A1", "orc", 0, 14, 12), fig("B1", "golem_argile", 1, 12, 16)]
    state = _monster_phase(figures, ("act12", "act03"))  # act12 (C): medium moves to the nearest
    assert state.figure("A1").pv < 3  # type: ignore[union-attr]


def test_ties_between_targets_go_to_the_fewest_pv_then_the_id() -> None:
    """D-COL-10: equally near, the one with fewer PV; then the lower figure id."""
    from bot.games.colors.monsters import attack_target

    figures = [*WIZARDS, guardian(12, 12), fig("A1", "orc", 0, 14, 12), fig("B1", "golem_argile", 1, 10, 12)]
    state = make(figures)
    monster = state.figure("N1")
    assert attack_target(state, monster, "nearest").id == "A1"  # type: ignore[arg-type,union-attr]
    weaker = make([*WIZARDS, guardian(12, 12), fig("A1", "orc", 0, 14, 12), fig("B1", "golem_argile", 1, 10, 12, pv=1)])
    assert attack_target(weaker, weaker.figure("N1"), "nearest").id == "B1"  # type: ignore[arg-type,union-attr]
