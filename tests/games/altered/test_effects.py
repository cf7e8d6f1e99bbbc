"""Each effect kind of the registry, and the play process around it (v3.0 5; D-ALT-06, D-ALT-22)."""

from __future__ import annotations

from bot.games.altered.actions import HeroAbility, PlayCard
from bot.games.altered.effects import EFFECTS
from bot.games.altered.game import ALTERED

from .helpers import act, cards, o, orbs, player, scenario


def test_registry_is_exactly_the_kinds_the_content_uses() -> None:
    from bot.games.altered.content import CONTENT

    used = {e.kind for c in [*CONTENT.cards.values(), *CONTENT.heroes.values()] for a in c.abilities for e in a.effects}
    assert used == set(EFFECTS)


def test_draw_from_hand_only() -> None:
    """Coursière: 'from hand: draw' triggers from the hand, not from the Reserve."""
    a, b = o("coursiere_matin"), o("coursiere_matin")
    state = scenario(player(hand=[a], reserve=[b], mana=5))
    s = act(state, 0, PlayCard(uid=a.uid, expedition="hero")).state
    assert len(s.players[0].hand) == 1 and len(s.players[0].deck) == 9
    s = act(state, 0, PlayCard(uid=b.uid, expedition="hero")).state
    assert len(s.players[0].hand) == 1 and len(s.players[0].deck) == 10
    assert s.players[0].exp_hero[0].fleeting  # played from the Reserve: Fleeting


def test_draw_reshuffles_the_discard_pile_when_the_deck_is_empty() -> None:
    """Empty deck (v3.0): the discard pile becomes the deck; with both empty nothing happens."""
    card = o("halte_camp")
    state = scenario(player(hand=[card], deck=[], discard=cards("lancier_aube", "pisteuse_agile"), mana=1))
    t = act(state, 0, PlayCard(uid=card.uid))
    p = t.state.players[0]
    assert len(p.hand) == 1 and len(p.deck) == 1 and p.discard == [] and "deck_refilled" in [e.kind for e in t.events]
    old = {x.uid for x in state.players[0].discard}
    assert not old & {x.uid for x in (*p.hand, *p.deck)}  # fresh uids (D-ALT-15)
    empty = scenario(player(hand=[card], deck=[], mana=1))
    assert act(empty, 0, PlayCard(uid=card.uid)).state.players[0].hand == []


def test_boost_others_here() -> None:
    """Dresseuse: the other Characters of its expedition gain a boost, not itself nor the other expedition."""
    trainer, mate, far = o("dresseuse_faucons"), o("eclaireur_cretes"), o("eclaireur_cretes")
    state = scenario(player(hand=[trainer], exp_hero=[mate], exp_companion=[far], mana=3))
    s = act(state, 0, PlayCard(uid=trainer.uid, expedition="hero")).state
    assert [x.boosts for x in s.players[0].exp_hero] == [1, 0] and s.players[0].exp_companion[0].boosts == 0


def test_boost_self_from_reserve_and_target() -> None:
    vet, wind, ally = o("veteran_pistes"), o("second_souffle"), o("eclaireur_cretes")
    state = scenario(player(reserve=[vet], hand=[wind], exp_companion=[ally], mana=6))
    s = act(state, 0, PlayCard(uid=vet.uid, expedition="hero")).state
    assert s.players[0].exp_hero[0].boosts == 1
    s = act(state, 0, PlayCard(uid=wind.uid, target=ally.uid)).state
    assert s.players[0].exp_companion[0].boosts == 2
    assert s.players[0].reserve[-1].uid == wind.uid  # a Spell goes to the Reserve afterwards


def test_status_asleep_on_a_foe_and_anchored_on_self() -> None:
    mist, foe, sentinel = o("brume_matinale"), o("colosse_seuil"), o("sentinelle_ancree")
    state = scenario(player(hand=[mist], mana=3), player("B", "orvan", exp_hero=[foe]))
    targets = [a.target for a in ALTERED.legal_actions(state, 0) if isinstance(a, PlayCard) and a.uid == mist.uid]
    assert targets == [foe.uid]
    s = act(state, 0, PlayCard(uid=mist.uid, target=foe.uid)).state
    assert s.players[1].exp_hero[0].asleep
    s = act(scenario(player(hand=[sentinel], mana=2)), 0, PlayCard(uid=sentinel.uid, expedition="companion")).state
    assert s.players[0].exp_companion[0].anchored


def test_targeted_spell_needs_a_target() -> None:
    """A Spell that targets a Character cannot be played with no Character to target."""
    mist = o("brume_matinale")
    state = scenario(player(hand=[mist], mana=3))
    assert not any(isinstance(a, PlayCard) for a in ALTERED.legal_actions(state, 0))


def test_resupply_top_card_to_reserve() -> None:
    lantern = o("porte_lanterne")
    top = o("geant_plateaux")
    state = scenario(player(hand=[lantern], deck=[top, o("halte_camp")], mana=2))
    s = act(state, 0, PlayCard(uid=lantern.uid, expedition="hero")).state
    assert [x.uid for x in s.players[0].reserve] == [top.uid] and len(s.players[0].deck) == 1


def test_ready_orb_from_hero_and_character() -> None:
    state = scenario(player(mana=orbs(0, 2)))
    s = act(state, 0, HeroAbility()).state
    assert [x.exhausted for x in s.players[0].mana] == [False, True] and s.players[0].hero_exhausted
    assert HeroAbility() not in ALTERED.legal_actions(s, 0)  # once per day: the Hero is exhausted
    rider = o("chevaucheuse_vents")
    s = act(scenario(player(hand=[rider], mana=4)), 0, PlayCard(uid=rider.uid, expedition="hero")).state
    assert sum(not x.exhausted for x in s.players[0].mana) == 1


def test_sabotage_up_to_one_card_then_draw() -> None:
    sab, victim = o("sabotage_regle"), o("lancier_aube")
    state = scenario(player("A", "orvan", hand=[sab], mana=2), player("B", "neree", reserve=[victim]))
    legal = [a.target for a in ALTERED.legal_actions(state, 0) if isinstance(a, PlayCard)]
    assert legal == [victim.uid, None]
    s = act(state, 0, PlayCard(uid=sab.uid, target=victim.uid)).state
    assert s.players[1].reserve == [] and s.players[1].discard[0].uid == victim.uid
    assert len(s.players[0].hand) == 1
    s = act(state, 0, PlayCard(uid=sab.uid, target=None)).state
    assert len(s.players[1].reserve) == 1


def test_cooldown_and_fleeting_spells() -> None:
    """Cooldown: the Spell goes to the Reserve exhausted; a Fleeting Spell (keyword or from the
    Reserve) goes to the discard pile instead."""
    halt, reinf, halt2 = o("halte_camp"), o("renforts"), o("halte_camp")
    state = scenario(player(hand=[halt, reinf], reserve=[halt2], mana=6))
    s = act(state, 0, PlayCard(uid=halt.uid)).state
    assert s.players[0].reserve[-1].uid == halt.uid and s.players[0].reserve[-1].exhausted
    s = act(state, 0, PlayCard(uid=reinf.uid)).state
    assert s.players[0].discard[-1].uid == reinf.uid and len(s.players[0].hand) == 3
    s = act(state, 0, PlayCard(uid=halt2.uid)).state
    assert s.players[0].discard[-1].uid == halt2.uid


def test_landmark_from_reserve_is_not_fleeting() -> None:
    tower = o("tour_de_guet")
    s = act(scenario(player(reserve=[tower], mana=3)), 0, PlayCard(uid=tower.uid)).state
    assert s.players[0].landmarks[0].uid == tower.uid and not s.players[0].landmarks[0].fleeting
