"""Colors of Magic: set-up, Collection, Activation alternation and the End phase, as the document says.

Each test quotes the passage of `../shared/seeds/000_f05c255328dc5915.txt` it implements.
"""

from __future__ import annotations

from bot.engine import Rng, SeatSpec
from bot.games.colors import resolve
from bot.games.colors.actions import Activate, Done, Pass
from bot.games.colors.content import CARDS, WIZARDS, codex_of
from bot.games.colors.game import COLORS

from .helpers import act, fig, make

SEATS = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]


def test_opening_hand_is_five_cards_plus_the_codex_and_the_grimoires_are_sealed() -> None:
    """« Chaque joueur mélange son Grimoire de 30 cartes pour former sa pioche, puis pioche ses 5 cartes
    de départ et y ajoute les cartes de son codex. » (then the first Collection draws 3)"""
    tr = COLORS.setup(SEATS, {}, Rng(5))
    for side in tr.state.sides:
        codex = sorted(c for c in side.hand if CARDS[c].school.startswith("codex_"))
        assert codex == sorted(codex_of(WIZARDS[side.wizard])) and len(codex) >= 10  # each codex card twice
        assert len(side.hand) == 5 + len(codex) + 3 and len(side.deck) == 30 - 5 - 3
    assert sorted(s.seat for s in tr.sealed if s.label == "deck") == [0, 1]


def test_first_player_by_revealed_initiative_the_tied_draw_again() -> None:
    """« Le joueur ayant la carte avec le bonus d'initiative le plus élevé prend le pion premier joueur.
    En cas d'égalité, les joueurs concernés piochent de nouvelles cartes, une à une pour départager. »"""
    ties = 0
    for seed in range(1, 40):
        tr = COLORS.setup(SEATS, {}, Rng(seed))
        shown = [e.params for e in tr.events if e.kind == "initiative"]
        first = next(e.params["seat"] for e in tr.events if e.kind == "first")
        last_round = shown[-2:]
        assert len(shown) % 2 == 0
        assert max(last_round, key=lambda p: p["n"])["seat"] == first
        assert last_round[0]["n"] != last_round[1]["n"]
        for a, b in zip(shown[:-2:2], shown[1:-2:2], strict=True):
            assert a["n"] == b["n"]  # an earlier reveal was a tie: both drew again
        ties += len(shown) > 2
    assert ties > 0  # some seed of the range exercises the tie


def test_wizards_deploy_in_opposite_corners_the_first_player_first() -> None:
    """« En commençant par le joueur qui jouera en premier, chaque joueur place son Magicien dans un des
    coins de la zone de jeu. »"""
    tr = COLORS.setup(SEATS, {}, Rng(3))
    deployed = [e.params for e in tr.events if e.kind == "deployed"]
    first = tr.state.first
    assert deployed[0]["seat"] == first
    a, b = (tr.state.wizard_of(s) for s in (0, 1))
    assert a is not None and b is not None
    assert {(a.x < b.x), (a.y < b.y)} in ({True}, {False})  # opposite corners


def test_collection_gains_the_flux_with_sources_and_draws_three() -> None:
    """« Cette valeur est la somme du Flux de base de votre magicien et de tous les bonus de la capacité
    Source fournis par vos créatures » ; « Piochez 3 cartes de votre Grimoire »."""
    state = make(
        [fig("A0", "braise", 0, 2, 2), fig("A1", "lezard_braise", 0, 4, 4), fig("B0", "roc", 1, 22, 22)],
        mana=(0, 0),
        decks=(["orc"] * 5, ["ent"] * 5),
    )
    ev: list = []
    after = resolve.start_round(state, Rng(1), ev)
    assert after.sides[0].mana == 4 + 1 and after.sides[1].mana == 4
    assert len(after.sides[0].hand) == 3 and len(after.sides[0].deck) == 2


def test_an_empty_grimoire_takes_the_shuffled_discard() -> None:
    """« Si votre pioche est vide, mélangez votre défausse pour en former une nouvelle. »"""
    state = make(decks=(["orc"], []))
    state = state.model_copy(
        update={"sides": (state.sides[0].model_copy(update={"discard": ("ent", "gobelin")}), state.sides[1])}
    )
    ev: list = []
    after = resolve.draw(state, 0, 3, Rng(1), ev)
    assert sorted(after.sides[0].hand) == ["ent", "gobelin", "orc"] and after.sides[0].discard == ()
    assert "reshuffle" in [e.kind for e in ev]


def test_players_alternate_single_actions_and_a_pass_is_definitive() -> None:
    """« À son tour, un joueur doit effectuer une et une seule des deux actions » ; « Lorsqu'un joueur
    passe, il ne peut plus effectuer d'action ... Son adversaire peut alors continuer à jouer toutes ses
    activations restantes, les unes après les autres. »"""
    state = make(
        [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22), fig("B1", "golem_argile", 1, 20, 20)],
    )
    state = act(state, 0, Pass())
    assert COLORS.to_act(state) == {1}
    state = act(state, 1, Activate(figure="B0"))
    state = act(state, 1, Done(figure="B0"))
    assert COLORS.to_act(state) == {1}  # Alice passed: Bob plays on
    state = act(state, 1, Activate(figure="B1"))
    state = act(state, 1, Done(figure="B1"))
    round_before = state.round
    state = act(state, 1, Pass())
    assert state.round == round_before + 1  # both passed: the phase ended, a new round began


def test_end_phase_untaps_gives_the_token_to_the_first_passer_and_caps_the_mana() -> None:
    """« Redresser les Cartes » ; « Le pion de premier joueur passe au joueur qui a "passé" en premier » ;
    « vous ne pouvez pas conserver plus de 4 mana à fin du tour » (D-COL-01: the cap is the base Flux)."""
    state = make(mana=(9, 2), first=0)
    state = act(state, 0, Activate(figure="A0"))
    state = act(state, 0, Done(figure="A0"))
    state = act(state, 1, Pass())  # Bob passes first
    state = act(state, 0, Pass())
    assert state.first == 1
    assert all(not f.tapped for f in state.figures)
    # capped at 4 at the End phase, then the next Collection adds the Flux
    assert state.sides[0].mana == 4 + 4 and state.sides[1].mana == 2 + 4


def test_round_limit_ends_the_match_on_victory_points() -> None:
    """D-COL-12: the document sets no end but 6 VP; after the eighth round the VP decide."""
    state = make(round=8)
    state = state.model_copy(update={"sides": (state.sides[0].model_copy(update={"vp": 3}), state.sides[1])})
    state = act(state, 0, Pass())
    state = act(state, 1, Pass())
    assert state.winners == (0,) and state.reason == "round_limit"


def test_six_victory_points_win_at_the_end_phase() -> None:
    """Objectives are checked at the End phase; a side that reaches 6 VP wins (D-COL-12 and the scenario)."""
    state = make(
        [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22), fig("A1", "orc", 0, 12, 12)],
    )
    state = state.model_copy(update={"sides": (state.sides[0].model_copy(update={"vp": 5}), state.sides[1])})
    state = act(state, 0, Pass())
    state = act(state, 1, Pass())
    assert state.sides[0].vp == 6 and state.winners == (0,) and state.reason == "vp"


def test_an_objective_held_by_equal_numbers_scores_for_nobody() -> None:
    state = make(
        [
            fig("A0", "braise", 0, 2, 2),
            fig("B0", "roc", 1, 22, 22),
            fig("A1", "orc", 0, 12, 11.2),
            fig("B1", "golem_argile", 1, 12, 12.8),
        ],
    )
    state = act(state, 0, Pass())
    state = act(state, 1, Pass())
    assert [s.vp for s in state.sides] == [0, 0] and state.objectives["pierre_centre"] == 3


def test_chance_comes_from_the_seeded_generator_and_the_piles_are_sealed() -> None:
    """D-COL-13: a match is its seed (replays are exact); grimoires and the activation deck are sealed."""
    a, b, c = (COLORS.setup(SEATS, {}, Rng(seed)) for seed in (9, 9, 10))
    assert a.state == b.state and a.state != c.state
    assert sorted(s.label for s in a.sealed) == ["activation", "deck", "deck"]
    assert [s.payload for s in a.sealed if s.label == "activation"] == [list(a.state.monster_deck)]
