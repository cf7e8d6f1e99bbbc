"""Confrontation's draw of cards, replayed from the document (`001`, « V-A. Tirage des cartes »)."""

from __future__ import annotations

import pytest

from bot.games.confrontation.sequence import IllegalChoice, apply, legal, refusals, start

GRIFFON = (
    "Conscrit du Griffon",
    "Templier de l'Inquisition",
    "Abel le Colérique",
    "Inquisiteur du Griffon",
    "Fusilier du Griffon",
)
SCORPION = ("Tigre de Dirz", "Clone de Dirz", "Guerrier Kératis", "Cypher Lukhan")
G, S = 0, 1


def test_v_a_2_refusals_are_the_difference_of_the_sequences() -> None:
    """« Le joueur A possède 6 cartes ... Le joueur B possède quant à lui 11 cartes. Le joueur A bénéficie
    donc de 11 − 6 = 5 refus. »"""
    assert refusals((6, 11)) == (5, 0) and refusals((11, 6)) == (0, 5) and refusals((4, 4)) == (0, 0)
    seq = start((("a",) * 6, ("b",) * 11), first=0)
    for _ in range(5):
        assert "refuse" in legal(seq, 0)
        seq, _played = apply(seq, 0, "refuse")
        seq, _played = apply(seq, 1, "play")
    assert "refuse" not in legal(seq, 0)


def test_v_a_4_the_worked_example_step_by_step() -> None:
    """The ten tours de parole of « V-A-4. Exemple de tirage des cartes », with the reserve states the
    document gives after each. Step 7 names « Clone Kératis »: the card on top of the Scorpion's
    sequence then is Guerrier Kératis (Clone de Dirz was played at step 5), so that is the card played
    (docs/rules/confrontation.md, the document's typo)."""
    seq = start((GRIFFON, SCORPION), first=S)  # « le joueur Griffon ... décide de laisser la main »
    assert seq.sides[S].refusals == 1 and seq.sides[G].refusals == 0
    steps = [
        (S, "refuse", (), "0/1"),
        (G, "play", ("Conscrit du Griffon",), "0/1"),
        (S, "reserve", (), "1/1"),
        (G, "reserve", (), "1/1"),
        (S, "play", ("Clone de Dirz",), "1/1"),
        (G, "play", ("Abel le Colérique",), "1/1"),
        (S, "play_both", ("Tigre de Dirz", "Guerrier Kératis"), "0/-"),
        (G, "play", ("Inquisiteur du Griffon",), "1/1"),
        (S, "play", ("Cypher Lukhan",), "0/-"),
        (G, "play_both", ("Templier de l'Inquisition", "Fusilier du Griffon"), "0/-"),
    ]
    for number, (seat, choice, cards, state) in enumerate(steps, start=1):
        assert seq.speaker == seat, number
        seq, played = apply(seq, seat, choice)
        assert played == cards, number
        assert seq.sides[seat].reserve_state() == state, number
    assert seq.over


def test_v_a_1_one_reserve_a_phase_never_again() -> None:
    """« Une fois cette carte placée, le joueur ne peut plus placer de carte en réserve de toute la phase
    d'Activation, pas même après avoir joué cette carte. » — and the four choices of its example."""
    seq = start((("a1", "a2", "a3"), ("b1", "b2", "b3")), first=0)
    seq, _ = apply(seq, 0, "reserve")
    seq, _ = apply(seq, 1, "play")
    assert sorted(legal(seq, 0)) == sorted(["play", "play_reserve", "play_both"])  # equal sequences: no refusal
    seq, _ = apply(seq, 0, "play_reserve")
    seq, _ = apply(seq, 1, "play")
    assert "reserve" not in legal(seq, 0)
    with pytest.raises(IllegalChoice):
        apply(seq, 0, "reserve")


def test_v_a_3_a_player_with_no_card_left_lets_the_other_play_on() -> None:
    """« Si l'un des joueurs n'a plus aucune carte ..., son adversaire garde la parole » ; « Il peut
    placer la première carte en réserve, puis la jouer simultanément avec la seconde, mais il ne peut pas
    jouer les trois simultanément. »"""
    seq = start((("a1", "a2", "a3"), ("b1",)), first=1)
    seq, _ = apply(seq, 1, "play")
    assert seq.speaker == 0
    seq, _ = apply(seq, 0, "reserve")
    assert seq.speaker == 0  # the other has nothing left: the word stays
    seq, played = apply(seq, 0, "play_both")
    assert played == ("a1", "a2") and seq.speaker == 0
    seq, played = apply(seq, 0, "play")
    assert played == ("a3",) and seq.over


def test_never_two_cards_of_the_pile_and_only_the_speaker_plays() -> None:
    """« il ne peut pas jouer plusieurs cartes de sa pioche » — no choice takes two from the pile."""
    seq = start((("a1", "a2"), ("b1", "b2")), first=0)
    assert "play_both" not in legal(seq, 0)  # nothing in reserve: only one card of the pile
    with pytest.raises(IllegalChoice) as err:
        apply(seq, 1, "play")
    assert err.value.code == "not_your_word"


def test_a_card_whose_fighters_are_gone_is_still_played() -> None:
    """« celle-ci n'est pas retirée de la séquence d'activation ni de la réserve ... Elle doit être jouée
    normalement » — the sequence never drops a card: the game activates nobody for it."""
    seq = start((("gone", "a2"), ("b1",)), first=0)
    seq, played = apply(seq, 0, "play")
    assert played == ("gone",)


def test_no_refusal_toward_a_player_with_nothing_left() -> None:
    """D-CON-02: a refusal hands the word over; with nobody to take it, it is not offered."""
    from bot.games.confrontation.sequence import Sequence, SideSequence

    facing = Sequence(sides=(SideSequence(pile=("a1",), refusals=1), SideSequence(pile=("b1",))), speaker=0)
    assert "refuse" in legal(facing, 0)
    alone = Sequence(sides=(SideSequence(pile=("a1",), refusals=1), SideSequence(pile=())), speaker=0)
    assert legal(alone, 0) == ["play", "reserve"]


def test_the_tactic_roll_rerolls_ties_and_is_seeded() -> None:
    """1d6 + the best Discipline on the table; ties rolled again (research §2.2); the same seed, the same roll."""
    from bot.engine import Rng
    from bot.games.confrontation.sequence import tactic_roll

    results = [tactic_roll(Rng(seed), (3, 3)) for seed in range(1, 60)]
    assert any(len(rolls) > 1 for _, rolls in results)  # some seed ties first
    for winner, rolls in results:
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][winner] > rolls[-1][1 - winner]
    assert tactic_roll(Rng(7), (2, 5)) == tactic_roll(Rng(7), (2, 5))
    assert all(4 <= a <= 9 and 4 <= b <= 9 for _, rolls in results for a, b in rolls)
