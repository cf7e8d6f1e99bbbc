"""The rule slips of issue #28, one scenario each, quoting the passage of `001` (« Ch.5 Phase
d'Activation ») or the decision (docs/rules/confrontation.md) it holds to."""

from __future__ import annotations

import pytest

from bot.engine import Ask, IllegalAction, Rng, SeatSpec
from bot.engine.text import Text
from bot.games.confrontation.actions import Cast, Declare, Declared, Dive, Draw, Finish, Forgo, Resolve, Shoot, Walk
from bot.games.confrontation.dice import chance
from bot.games.confrontation.game import CONFRONTATION as GAME
from bot.games.confrontation.resolve import start_turn
from bot.i18n import localize as render
from tests.games.confrontation.helpers import Dice, act, activation, at, events, fighter, new_match, refused

L, G = 0, 1


def _dived() -> object:
    """G1 (a guerrier, not yet activated) dove for cover from L1's shot; G's card comes next."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "guerrier", G, 30, 55),
        fighter("G2", "chef", G, 50, 20),
    ]
    s = act(activation(fs, (("arbaletrier",), ("guerrier", "chef")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    s = act(s, L, Shoot(fighter="L1", target="G1"))
    s, _ = events(s, G, Dive(dive=True), Dice(4, 1, 1))
    if s.stack[-1].kind == "fighter":
        s = act(s, L, Finish(fighter="L1"))
    return act(s, G, Draw(choice="play"))


def test_the_dive_obligation_cannot_be_given_up_and_belongs_to_that_activation() -> None:
    """V-C-4: « Il n'effectue pas de déplacement, mais sera obligé de se déplacer à couvert lors de son
    activation » (D-CON-04): giving up the announced move to cover is refused while a move to cover is
    possible; the obligation ends with that activation, it is never asked again next turn."""
    s = _dived()
    assert s.stack[-1].kind == "declare" and s.fighter("G1").dove  # type: ignore[attr-defined]
    s = act(s, G, Declare(fighter="G1", what="cover"))
    assert refused(s, G, Forgo(fighter="G1")) == "confrontation.must_take_cover"
    s = act(s, G, Resolve(fighter="G1", path=(at(25, 50),)))
    assert not s.fighter("G1").dove  # type: ignore[attr-defined]


def test_a_diver_charged_before_its_activation_is_free_of_the_obligation_next_turn() -> None:
    """V-C-4 and D-CON-04: a diver in contact at its activation cannot move to cover, so the obligation
    lapses then, and the next turn it announces what it likes."""
    s = _dived()
    # an enemy stands in contact with G1 when its card is played (it was charged meanwhile)
    s = s.model_copy(update={"fighters": (*s.fighters, fighter("L2", "epeiste", L, 30, 57.5))})
    s = act(s, G, Declared())  # no cover move owed: G1 is not free of enemies
    s = act(s, G, Finish(fighter="G1"))  # its activation ends
    g1 = s.fighter("G1")  # type: ignore[attr-defined]
    assert g1 is not None and not g1.dove
    nxt = start_turn(s.model_copy(update={"turn": 2}), [])
    assert not nxt.fighter("G1").dove  # type: ignore[union-attr]


def _engaged() -> object:
    fs = [fighter("L1", "epeiste", L, 30, 60), fighter("G1", "guerrier", G, 30, 57.5)]
    s = act(activation(fs, (("epeiste",), ("guerrier",)), speaker=L), L, Draw(choice="play"))
    assert s.stack[-1].kind == "fighter"  # in contact, nothing to announce (D-CON-20)
    return s


def test_walking_away_from_contact_is_its_own_choice_with_its_odds_and_its_risk() -> None:
    """V-D-1: « Si un combattant est au contact d'au moins un combattant adverse, il doit parvenir à se
    désengager avant de pouvoir effectuer une marche » (D-CON-07): the menu offers « se désengager »
    with its chance, never a plain walk, and the preview says the walk is lost on a failed roll."""
    s = _engaged()
    choices = GAME.suggest(s, L, Ask())
    kinds = {c.action.kind for c in choices}
    assert "disengage" in kinds and "walk" not in kinds
    pick = next(c for c in choices if c.action.kind == "disengage")
    # 1d6 + INI 3 against 3 + one enemy: 2 to 6 succeed, a natural 1 fails
    assert "83 % de réussite" in render(pick.label, "fr") and "83% chance" in render(pick.label, "en")
    preview = GAME.preview(s, L, pick.action)
    assert preview is not None
    lines = [render(x, "fr") for x in preview.lines]
    assert any("perd sa marche" in x and "contre 4" in x for x in lines), lines
    assert refused(s, L, Walk(fighter="L1", path=(at(30, 68),))) == "confrontation.walk_engaged"


def test_the_odds_shown_are_those_of_the_roll() -> None:
    """Our dice (research §2.2): 1d6 + value, a natural 1 fails, a 6 rolls again and adds."""
    assert chance(3, 4) == 5 / 6  # anything but a 1
    assert chance(0, 6) == 1 / 6  # only the 6
    assert chance(0, 8) == pytest.approx(1 / 6 * 5 / 6)  # a 6, then 2 or more (a second 6 goes on)
    assert chance(10, 2) == 5 / 6


def test_a_fighter_already_under_a_shield_is_not_offered_a_second() -> None:
    """V-D-4 and D-CON-19: Bouclier adds its DEF until the end of the turn; a second would add nothing
    (one at a time), so it is refused and not offered, on that fighter only."""
    fs = [
        fighter("L1", "mage", L, 30, 60, mana=6),
        fighter("L2", "epeiste", L, 40, 60),
        fighter("G1", "guerrier", G, 30, 20),
    ]
    s = act(activation(fs, (("mage",), ("guerrier",)), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    s = act(s, L, Cast(fighter="L1", spell="bouclier", target="L1"), Dice(5))
    assert s.fighter("L1").shield == 2  # type: ignore[attr-defined]
    assert refused(s, L, Cast(fighter="L1", spell="bouclier", target="L1")) == "confrontation.already_shielded"
    with pytest.raises(IllegalAction) as again:
        GAME.check(s, L, Cast(fighter="L1", spell="bouclier", target="L1"))
    said = render(Text(key=f"error.{again.value.code}", params=again.value.params), "fr")
    assert said.startswith("Mage de lumière (L1) est déjà protégé par un Bouclier")  # the name, not « L1 »
    offered = [c.action for c in GAME.suggest(s, L, Ask()) if c.action.kind == "cast"]
    assert Cast(fighter="L1", spell="bouclier", target="L2") in offered
    assert Cast(fighter="L1", spell="bouclier", target="L1") not in offered


def test_every_step_says_what_it_did_and_an_announce_without_target_has_no_stray_space() -> None:
    """Issue #28 (« annonce : course . », « alice a joué. » twice): every step of a seeded match has a
    public line of its own (the host writes « X a joué. » only for a step without one), and each
    announce reads as a French player writes it."""
    rng, think = Rng(3), Rng(7)
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    s = GAME.setup(seats, {}, rng).state
    agents = (GAME.agent("easy"), GAME.agent("easy"))
    announces: list[str] = []
    while GAME.outcome(s) is None:
        seat = min(GAME.to_act(s))
        action = agents[seat].choose(GAME, GAME.view(s, seat), seat, think)
        t = GAME.apply(s, seat, action, rng)
        assert any(e.public for e in t.events), action
        announces += [
            render(Text(key=f"confrontation.event.{e.kind}", params=e.params), "fr")
            for e in t.events
            if e.kind.startswith("declared")
        ]
        s = t.state
    assert announces and all(" ." not in a and "  " not in a for a in announces), announces


def test_a_choice_the_rules_leave_alone_is_made_without_asking() -> None:
    """V-A: the player with the word plays the top card, reserves, plays the reserve or refuses; with
    only the top card left to play (no reserve, no refusal), it is played without a menu. V-B-1: once no
    activated fighter may announce an exclusive action, the announcements close by themselves."""
    fs = [fighter("L1", "epeiste", L, 30, 70), fighter("G1", "guerrier", G, 30, 20)]
    s = activation(fs, (("epeiste",), ("guerrier",)), speaker=L)
    s = s.model_copy(
        update={
            "seq": s.seq.model_copy(
                update={
                    "sides": tuple(  # type: ignore[union-attr]
                        side.model_copy(update={"reserve_used": True, "refusals": 0})
                        for side in s.seq.sides  # type: ignore[union-attr]
                    )
                }
            )
        }
    )
    s = act(s, L, Draw(choice="play"))
    s = act(s, L, Declare(fighter="L1", what="run"))  # its only fighter announced: nothing left to announce
    assert s.stack[-1].kind == "exclusive"
    s = act(s, L, Resolve(fighter="L1", path=(at(30, 55),)))
    # the word passes to Bob, whose only choice is his top card: it is played, he announces
    assert s.stack[-1].kind == "declare" and s.stack[-1].seats == (G,)
    assert s.fighter("G1").activated  # type: ignore[union-attr]


def test_a_sequence_is_typed_by_name_in_english_too_and_each_card_keeps_one_number() -> None:
    """V-A-4 « Chacun prépare sa séquence d'activation »: bob (en-US) typed "war sham"; the names are
    read in both languages, and a card carries the same number in every order shown and when typed."""
    s = new_match()
    typed = GAME.suggest(s, G, Ask(text="war sham"))[0]
    assert typed.action.cards[:2] == ("bete", "chaman")
    advised = GAME.suggest(s, G, Ask())[0]
    shown = render(advised.label, "en")
    assert shown.startswith("1. Shaman") and "2. War beast" in shown, shown
    by_number = GAME.suggest(s, G, Ask(text="2 1"))[0]
    assert by_number.action.cards[:2] == ("bete", "chaman")
    # the typed order shows each card under the number it was typed with
    assert render(by_number.label, "en").startswith("2. War beast, 1. Shaman"), render(by_number.label, "en")


def test_a_match_begun_before_these_rules_replays_and_plays_on_under_its_own() -> None:
    """A saved match keeps the rules it began under (docs/kernel.md): its snapshot without the field is
    of version 1, which asked every draw and every close of the announcements (its log holds those
    answers), and version 2 does not ask them."""
    s = new_match()
    old = GAME.load_state({k: v for k, v in s.model_dump(mode="json").items() if k != "rules"})
    assert old.rules == 1 and GAME.at_rules(s, 1).rules == 1 and s.rules == GAME.rules_version == 2
    fs = [fighter("L1", "epeiste", L, 30, 70), fighter("G1", "guerrier", G, 30, 20)]
    for version, asked in ((1, "draw"), (2, "declare")):
        a = activation(fs, (("epeiste",), ("guerrier",)), speaker=L).model_copy(update={"rules": version})
        a = a.model_copy(
            update={
                "seq": a.seq.model_copy(
                    update={
                        "sides": tuple(  # type: ignore[union-attr]
                            side.model_copy(update={"reserve_used": True, "refusals": 0})
                            for side in a.seq.sides  # type: ignore[union-attr]
                        )
                    }
                )
            }
        )
        a = act(a, L, Draw(choice="play"))
        a = act(a, L, Declare(fighter="L1", what="run"))
        if version == 1:
            a = act(a, L, Declared())  # version 1 asked to close them
        a = act(a, L, Resolve(fighter="L1", path=(at(30, 55),)))
        assert a.stack[-1].kind == asked and a.stack[-1].seats == (G,), (version, a.stack[-1])
