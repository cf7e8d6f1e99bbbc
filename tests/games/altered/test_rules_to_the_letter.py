"""Altered as our own rule texts promise it: Seasoned boosts come back from the Reserve, and in the
Arena nobody is behind."""

from __future__ import annotations

from bot.games.altered.actions import Pass, PlayCard

from .helpers import act, cards, kinds, o, player, scenario


def test_t8_a_seasoned_character_replayed_from_the_reserve_keeps_its_boosts() -> None:
    """/regle « Aguerri »: « Un personnage Aguerri conserve ses boosts quand il passe d'une expédition à la
    Réserve »; the golden rules' exception keeps them when it comes back into play. Vétéran des pistes
    sits in the Reserve with 2 boosts and gains 1 more from its own « Depuis la Réserve » ability."""
    veteran = o("veteran_pistes", boosts=2)
    state = scenario(player(reserve=[veteran], mana=6), player("B", "orvan"))
    after = act(state, 0, PlayCard(uid=veteran.uid, expedition="hero")).state
    played = next(x for x in after.players[0].exp_hero if x.uid == veteran.uid)
    assert played.boosts == 3


def test_t9_in_the_arena_nobody_is_behind() -> None:
    """/regle « Départage : l'Arène »: the Expeditions have left the Adventure, so Orvan's « si votre
    Expédition Héros est en retard » does not fire at Dusk, although its marker stood one region behind."""
    p0 = player(exp_hero=cards("lancier_aube"), pos_hero=2, passed=True)
    p1 = player("B", "orvan", exp_hero=cards("lancier_aube"), pos_hero=1)
    on_the_adventure = act(scenario(p0, p1, turn=1), 1, Pass())
    assert "triggered" in kinds(on_the_adventure) and "boosted" in kinds(on_the_adventure)  # behind
    in_the_arena = act(scenario(p0, p1, turn=1, tiebreak=True), 1, Pass())
    assert "triggered" not in kinds(in_the_arena) and "boosted" not in kinds(in_the_arena)
