"""Colors of Magic: instants and the stack (« Cas Spécial : Les Sorts Instantanés et la Pile »)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.ai import RandomAgent, arena
from bot.engine import ANY, IllegalAction, Rng, Text, Transition, decision
from bot.games.colors import board, content, instants, rules
from bot.games.colors.actions import Activate, Attack, Cast, Move, NoResponse, Pass
from bot.games.colors.changes import cost_after_discard
from bot.games.colors.game import COLORS
from bot.games.colors.state import ColorsState, Window
from bot.i18n.catalog import localize
from bot.services.undo import discloses
from bot.table.units import INCH

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


# -- who is asked: an instant of the seat's could answer now (D-COL-31, #27) --------------------------
ORC_ENDS_NEAR_BRAISE = Move(figure="B1", path=(at(5.5, 2),))  # 2.5" from Braise, within Flammèche's 4"


def _before_the_orc_moves(
    hand: list[str],
    *,
    mana: int = 10,
    braise_pv: int = 10,
    discard: tuple[str, ...] = (),
    others: tuple = (),
    rules: int = 4,
) -> ColorsState:
    """Bob's orc is activated, 6" from Braise."""
    figures = [fig("A0", "braise", 0, 2, 2, pv=braise_pv), fig("B0", "roc", 1, 22, 22), fig("B1", "orc", 1, 8, 2)]
    state = make([*figures, *others], turn=1, hands=(hand, ["seve"]), mana=(mana, 10), rules=rules)
    alice = state.sides[0].model_copy(update={"discard": discard})
    state = act(state.model_copy(update={"sides": (alice, state.sides[1])}), 1, Activate(figure="B1"))
    COLORS.check(state, 1, ORC_ENDS_NEAR_BRAISE)
    return state


def _orc_ends_near_braise(hand: list[str], **kw: Any) -> Transition[ColorsState]:
    return COLORS.apply(_before_the_orc_moves(hand, **kw), 1, ORC_ENDS_NEAR_BRAISE, Rng(1))


def _said(tr: Transition[ColorsState], loc: str = "fr") -> list[str]:
    names = ("Alice", "Bob")
    return [localize(Text(key=f"colors.event.{e.kind}", params=e.params), loc, names.__getitem__) for e in tr.events]


def test_an_orc_moving_22_inches_from_braise_opens_no_pause() -> None:
    """#27: « an enemy ends a move near your wizard » is met within the instant's range of the wizard
    (Flammèche: 4"), not anywhere on the table; an orc ending 22" away opens no pause and no line."""
    figures = [fig("A0", "braise", 0, 0.5, 7), fig("B0", "roc", 1, 22, 22), fig("B1", "orc", 1, 20, 7)]
    state = make(figures, turn=1, hands=(["flammeche"], ["seve"]))
    state = act(state, 1, Activate(figure="B1"))
    move = Move(figure="B1", path=(at(23.5, 7),))
    COLORS.check(state, 1, move)
    tr = COLORS.apply(state, 1, move, Rng(1))
    braise, orc = tr.state.figure("A0"), tr.state.figure("B1")
    assert braise is not None and orc is not None and board.distance(braise, orc) >= 22 * INCH
    assert tr.state.window is None and tr.state.stack[-1].kind == "creature" and COLORS.to_act(tr.state) == {1}
    assert [e.kind for e in tr.events] == ["moved"]


def test_an_enemy_in_range_is_answered_with_the_wizards_blood_when_the_pool_is_empty() -> None:
    """#27: with no mana, Flammèche (1) is still payable by a Blood Pact of 1 PV of the wizard: Alice is
    asked, and her menu offers it (it offered only « Ne rien ajouter à la pile »)."""
    tr = _orc_ends_near_braise(["flammeche"], mana=0)
    assert COLORS.to_act(tr.state) == {0} and tr.state.stack[-1].kind == "respond"
    casts = [c.action for c in COLORS.suggest(tr.state, 0, ANY) if isinstance(c.action, Cast)]
    assert casts == [Cast(card="flammeche", caster="A0", target="B1", pact=(("A0", 1),))]
    state = act(act(tr.state, 0, casts[0]), 0, NoResponse())
    assert state.figure("A0").pv == 9 and state.figure("B1").pv == 2  # type: ignore[union-attr]


def test_no_mana_and_no_blood_pact_to_accept_opens_no_pause_and_the_log_says_so() -> None:
    """#27: 0 mana, one card in hand (no discard) and a wizard at 1 PV whose pact would kill her: no
    instant of Braise's could be paid, so she is answered "nothing" at once, in public."""
    tr = _orc_ends_near_braise(["flammeche"], mana=0, braise_pv=1)
    assert tr.state.window is None and tr.state.stack[-1].kind == "creature" and COLORS.to_act(tr.state) == {1}
    assert (
        _said(tr)[-1]
        == "Alice n'ajoute rien à la pile : ni assez de mana ni assez de points de vie pour un Pacte de sang."
    )
    assert (
        _said(tr, "en")[-1]
        == "Alice adds nothing to the stack: not enough mana, nor enough hit points for a Blood Pact."
    )
    assert all(e.public for e in tr.events)


def test_an_enemy_out_of_sight_opens_no_pause() -> None:
    """#27: Bob's colossus stands between Braise and the orc: Flammèche could not reach it (version 3,
    where an instant aims at the creature its trigger is about; since version 4 the colossus is a target)."""
    tr = _orc_ends_near_braise(["flammeche"], others=(fig("B2", "colosse", 1, 3.75, 2),), rules=3)
    assert tr.state.window is None and COLORS.to_act(tr.state) == {1}
    assert _said(tr)[-1] == "Alice n'ajoute rien à la pile : pas de ligne de vue."


def test_once_every_copy_has_left_the_hand_the_pause_asks_no_more() -> None:
    """D-COL-31: a Flammèche could be in Braise's hand, so she is asked; once both lie in her discard,
    in public, none can be, and she is not."""
    assert COLORS.to_act(_orc_ends_near_braise(["lame_ardente"]).state) == {0}
    tr = _orc_ends_near_braise(["lame_ardente"], discard=("flammeche", "flammeche"))
    assert tr.state.window is None and COLORS.to_act(tr.state) == {1}
    assert _said(tr)[-1] == (
        "Alice n'ajoute rien à la pile : ses sorts instantanés qui répondent ont tous déjà quitté sa main."
    )


def test_whether_a_seat_is_asked_tells_nothing_of_its_hand_and_the_move_may_be_taken_back() -> None:
    """D-COL-31: the same move gives the same public events and the same question whether or not Alice
    holds Flammèche, asked or answered at once; so the move shows nobody anything, and may be undone."""
    for kw in ({}, {"mana": 0, "braise_pv": 1}, {"others": (fig("B2", "colosse", 1, 3.75, 2),)}):
        befores = [_before_the_orc_moves(hand, **kw) for hand in (["flammeche"], ["lame_ardente"])]
        holding, not_holding = (COLORS.apply(b, 1, ORC_ENDS_NEAR_BRAISE, Rng(1)) for b in befores)
        assert holding.events == not_holding.events
        assert holding.state.stack == not_holding.state.stack and holding.state.window == not_holding.state.window
        assert not discloses(COLORS, befores[0], holding.state, holding.events, [0, 1])


def test_the_ai_answers_a_pause_from_its_view() -> None:
    """The AI, asked on public facts, casts the Flammèche it holds and adds nothing when it holds none."""
    for hand, expected in (
        (["flammeche"], Cast(card="flammeche", caster="A0", target="B1")),
        (["etude"], NoResponse()),
    ):
        state = _orc_ends_near_braise(hand).state
        assert COLORS.to_act(state) == {0}
        assert COLORS.agent("easy").choose(COLORS, COLORS.view(state, 0), 0, Rng(1)) == expected


def test_annulation_answers_only_a_spell_it_can_cancel() -> None:
    """D-COL-31: Annulation cancels a spell of cost 3 or less, once: Séisme (4) asks Alice nothing, and
    once Bob's Annulation has cancelled Trait de feu he is not asked again about the same spell."""
    figures = [*WIZARDS, fig("A1", "lezard_braise", 0, 18, 18)]
    state = make(figures, turn=1, hands=(["annulation"], ["seisme"]), rules=3)  # no Représailles yet
    seisme = Cast(card="seisme", caster="B0", target="A1")
    COLORS.check(state, 1, seisme)
    tr = COLORS.apply(state, 1, seisme, Rng(1))
    assert tr.state.window is None and "no_answer" not in [e.kind for e in tr.events]
    assert [e.kind for e in tr.events if e.kind == "wounded"] == ["wounded"]  # Séisme resolved at once
    state = make([*WIZARDS, fig("B1", "orc", 1, 8, 2)], hands=(["trait_feu"], ["annulation", "annulation"]))
    state = act(state, 0, Cast(card="trait_feu", caster="A0", target="B1"))
    state = act(act(state, 1, Cast(card="annulation", caster="B0")), 1, NoResponse())
    assert state.sides[0].exile == ("trait_feu",) and state.window is None and state.stack[-1].kind == "act"


def _could_cast(state: ColorsState, seat: int, window: Window, card: str) -> bool:
    """Whether `check` accepts some Cast of `card` now, were it in the seat's hand in place of another
    card (the hand's size is public), paid by mana (its untapped permanents' too), a discard and a Blood
    Pact that spares the wizard, on any creature or spell of the pile it may aim at."""
    side = state.sides[seat]
    if not side.hand:
        return False
    hand = (card, *side.hand[1:])
    mana = side.mana + instants.untapped_mana(state, seat)
    state = state.model_copy(
        update={
            "sides": tuple(
                s.model_copy(update={"hand": hand, "mana": mana}) if i == seat else s for i, s in enumerate(state.sides)
            ),
            "window": window,
            "stack": (*state.stack, decision("respond", seat)),
        }
    )
    spec = content.CARDS[card]
    counter = spec.effect is not None and spec.effect.kind == "counter" and state.rules >= 4
    aims = (
        [(None, n) for n in instants.counter_aims(state, seat, spec, window)]
        if counter
        else [(t, None) for t in instants.targets(state, seat, spec, window)]
    )
    mine = [f for f in state.figures if f.owner == seat]
    for caster in (f for f in mine if f.wizard or board.profile(f).channeling):
        for discard in {None, *hand[1:]}:
            short = max(0, cost_after_discard(spec, discard) - mana)
            pact = []
            for f in sorted(mine, key=lambda f: f.wizard):
                n = min(short, f.pv - f.wizard)
                if n > 0:
                    pact.append((f.id, n))
                    short -= n
            for target, spell in aims:
                cast = Cast(card=card, caster=caster.id, target=target, spell=spell, discard=discard, pact=tuple(pact))
                try:
                    rules.check(state, seat, cast)
                except IllegalAction:
                    continue
                return True
    return False


def test_a_seat_is_asked_exactly_when_an_instant_it_may_hold_could_be_cast(monkeypatch: pytest.MonkeyPatch) -> None:
    """D-COL-31 against `check` itself, at every question the engine decided in seeded random matches: a
    seat is asked if and only if one instant of its wizard's, not every copy of it in a public place,
    could be cast now were it in hand; never asked for nothing, never skipped when it may answer."""
    decided: list[tuple[ColorsState, int, Window, str | None]] = []
    standing = instants.standing

    def spy(state: ColorsState, seat: int, window: Window) -> str | None:
        decided.append((state, seat, window, standing(state, seat, window)))
        return decided[-1][3]

    monkeypatch.setattr(instants, "standing", spy)
    for seed in (1, 2, 3, 4, 5):
        arena.play(COLORS, (RandomAgent(), RandomAgent()), seed)
    asked = skipped = 0
    for state, seat, window, said in decided:
        side = state.sides[seat]
        public = Counter(side.discard) + Counter(side.exile) + Counter(side.permanents)
        public += Counter(raw["card"] for s, raw in state.instants if s == seat)
        public += Counter(f.card for f in state.figures if f.owner == seat and not f.wizard and not f.token)
        public += Counter(i for f in state.figures if f.owner == seat for i in f.items)
        wizard = content.WIZARDS[side.wizard]
        pool = Counter(content.grimoire_of(wizard, content.CARDS) + content.codex_of(wizard)) - public
        may = [c for c in sorted(pool) if content.CARDS[c].type == "instant"]
        assert (said == "ask") == any(_could_cast(state, seat, window, c) for c in may), (said, window, seat)
        asked += said == "ask"
        skipped += said not in ("ask", None)
    assert asked > 20 and skipped > 5, (asked, skipped)


def test_a_match_begun_before_the_pause_rule_changed_keeps_its_rule() -> None:
    """Rules version 2 (#27) asks fewer pauses; a match begun under version 1 logged answers to pauses
    that version 2 never opens, and a logged answer replays only under the rule that asked it. Such a
    match keeps version 1: its set-up step records no version, so the rebuilt state is put back under it,
    and a snapshot saved before the version was in the state loads as version 1."""
    figures = [fig("A0", "braise", 0, 0.5, 7), fig("B0", "roc", 1, 22, 22), fig("B1", "orc", 1, 20, 7)]
    move = Move(figure="B1", path=(at(23.5, 7),))
    now = act(make(figures, turn=1, hands=(["flammeche"], ["seve"])), 1, Activate(figure="B1"))
    before = COLORS.at_rules(now, 1)
    assert (now.rules, before.rules) == (COLORS.rules_version, 1)
    assert COLORS.apply(now, 1, move, Rng(1)).state.window is None
    paused = COLORS.apply(before, 1, move, Rng(1)).state
    assert paused.window is not None and COLORS.to_act(paused) == {0}  # version 1 asked Braise, 22" away
    dumped = COLORS.dump_state(before)
    assert COLORS.load_state(dumped).rules == 1
    del dumped["rules"]
    assert COLORS.load_state(dumped).rules == 1
    assert COLORS.load_state(COLORS.dump_state(now)).rules == COLORS.rules_version
    with pytest.raises(Exception, match="unknown_rules"):
        COLORS.at_rules(now, 7)


# -- a pause public facts close is answered at once (D-COL-36, #26) -----------------------------------
def _after_alices_flammeche(hand: list[str], mana: int) -> ColorsState:
    """The orc ends near Braise (1 PV: no Blood Pact); Alice adds a Flammèche, paid with her mana."""
    state = act(_before_the_orc_moves(hand, mana=mana, braise_pv=1), 1, ORC_ENDS_NEAR_BRAISE)
    assert state.stack[-1].kind == "respond" and COLORS.to_act(state) == {0}
    return act(state, 0, Cast(card="flammeche", caster="A0", target="B1"))


def test_a_pause_the_seat_cannot_add_to_as_far_as_the_table_can_tell_is_answered_at_once() -> None:
    """D-COL-36: after her Flammèche Alice has no mana left and Braise no PV to give: whatever her last
    card is, nothing can go on the stack (but a pact that kills her wizard, D-COL-31), and « Ne rien
    ajouter à la pile » is played for her (a forced answer the host logs). With a mana left she is asked,
    whatever her hand: a second Flammèche could answer, and only she knows whether she holds one."""
    for last in ("flammeche", "lame_ardente"):  # the same public facts, two hands
        state = _after_alices_flammeche(["flammeche", last], mana=1)
        assert state.sides[0].mana == 0 and len(state.sides[0].hand) == 1 and COLORS.to_act(state) == {0}
        choices = [c.action for c in COLORS.suggest(state, 0, ANY)]
        assert NoResponse() in choices  # and, holding a Flammèche, a pact with Braise's last PV: losing at once
        assert all(c == NoResponse() or ("A0", 1) in c.pact for c in choices)
        assert COLORS.forced(state, 0) == NoResponse()
        COLORS.check(state, 0, NoResponse())
    empty = _after_alices_flammeche(["flammeche"], mana=5)
    assert not empty.sides[0].hand and COLORS.forced(empty, 0) == NoResponse()  # no card left
    for last in ("flammeche", "lame_ardente"):
        state = _after_alices_flammeche(["flammeche", last], mana=2)
        assert COLORS.to_act(state) == {0} and COLORS.forced(state, 0) is None
    asked = act(_before_the_orc_moves(["lame_ardente"], mana=1, braise_pv=1), 1, ORC_ENDS_NEAR_BRAISE)
    assert COLORS.forced(asked, 0) is None  # the pause's opening: her hand may hold a Flammèche


def test_whether_a_pause_is_answered_at_once_reads_public_facts_only() -> None:
    """D-COL-36: `forced` answers the same for every state that differs from another only in what the
    seat's hand holds (its size kept): the other player learns nothing from the answer or its timing."""
    seen = set()
    for mana in (0, 1, 2, 5):
        answers = set()
        for last in ("flammeche", "lame_ardente", "trait_feu", "retour_flamme"):
            state = _after_alices_flammeche(["flammeche", last], mana=mana + 1)
            answers.add(COLORS.forced(state, 0))
            hidden = state.model_copy(
                update={"sides": (state.sides[0].model_copy(update={"hand": ("gardien_braises",)}), state.sides[1])}
            )
            answers.add(COLORS.forced(hidden, 0))
        assert len(answers) == 1, (mana, answers)
        seen |= answers
    assert seen == {None, NoResponse()}  # asked with mana left, answered at once without


def test_a_pause_the_seats_hand_holds_nothing_for_is_passed_for_it() -> None:
    """D-COL-38: the orc ends 2.5" from Braise, so public facts ask Alice (a Flammèche could be in her
    hand, D-COL-31). Holding one she can pay, she is asked; holding no instant this event triggers, or
    one she cannot pay, « Ne rien ajouter à la pile » is hers at once (`passed`, the host's answer)."""
    held = act(_before_the_orc_moves(["flammeche", "lame_ardente"], mana=1), 1, ORC_ENDS_NEAR_BRAISE)
    assert COLORS.to_act(held) == {0} and COLORS.forced(held, 0) is None
    assert COLORS.passed(held, 0) is None
    assert any(isinstance(c.action, Cast) for c in COLORS.suggest(held, 0, ANY))
    for hand in (["lame_ardente", "trait_feu"], ["retour_flamme"]):  # no instant, one of another trigger
        state = act(_before_the_orc_moves(hand, mana=1), 1, ORC_ENDS_NEAR_BRAISE)
        assert COLORS.to_act(state) == {0} and COLORS.forced(state, 0) is None  # asked on public facts
        assert COLORS.passed(state, 0) == NoResponse()
        assert [c.action for c in COLORS.suggest(state, 0, ANY)] == [NoResponse()]
    unpaid = act(_before_the_orc_moves(["flammeche"], mana=0, braise_pv=1), 1, ORC_ENDS_NEAR_BRAISE)
    assert unpaid.stack[-1].kind != "respond"  # no mana nor pact: public facts close it already (D-COL-31)
    assert COLORS.passed(_after_alices_flammeche(["flammeche", "lame_ardente"], mana=2), 0) == NoResponse()


def test_passed_agrees_with_the_menu_along_seeded_matches() -> None:
    """D-COL-38: in every pause of two seeded matches, the seat is passed for exactly when its menu
    offers no instant: nobody is shown « Ne rien ajouter à la pile » alone, nobody loses a legal answer."""
    seen = {True: 0, False: 0}

    def check(state: ColorsState) -> None:
        if not state.stack or state.stack[-1].kind != "respond" or COLORS.outcome(state) is not None:
            return
        seat = state.stack[-1].seats[0]
        casts = [c for c in COLORS.suggest(state, seat, ANY) if isinstance(c.action, Cast)]
        assert (COLORS.passed(state, seat) is None) == bool(casts), seat
        seen[bool(casts)] += 1

    for seed in (1, 2):
        arena.play(COLORS, (COLORS.agent(), RandomAgent()), seed, invariant=check)
    assert seen[True] > 0 and seen[False] > 0, seen
