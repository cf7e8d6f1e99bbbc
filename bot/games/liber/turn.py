"""The turn: Pioche, Placement, Attaque, Fin (rule "Déroulement du tour"), and the response windows
in which the other player may play Impatient units and éphémères (Decision D-LIB-23).
"""

from __future__ import annotations

from bot.engine import PHASE, Event, public

from .combat import check_win, settle_deaths, wound
from .effects import draw, favours_and_gods, heal, income
from .state import HAND_LIMIT, MAX_ROUNDS, LiberState, Phase, Result
from .texts import card_name


def enter(state: LiberState, ev: list[Event], phase: Phase) -> None:
    """Only Placement and Attack are major phases (a new board image); the response window and
    the end-of-turn discard are steps of the phase before them."""
    state.phase = phase
    if phase in ("placement", "attack"):
        ev.append(
            public(PHASE, phase={"key": f"liber.phase.{phase}", "params": {}}, round=state.round, seat=state.active)
        )


def start_turn(state: LiberState, ev: list[Event]) -> None:
    """Pioche: sickness wears off, poison bites (D-LIB-18), the god and faveurs act, gold comes in,
    one card is drawn; then Placement."""
    seat = state.active
    ev.append(public("turn_started", seat=seat, round=state.round))
    for pos, p in state.creatures(seat):
        p.sick = False
        if p.poisoned:
            ev.append(public("poison", seat=seat, card=card_name(p.card)))
            wound(state, ev, pos, 1, by=1 - seat, source="poison")
    settle_deaths(state, ev)
    if state.result is not None:
        return
    favours_and_gods(state, ev, seat)
    if state.result is not None:
        return
    income(state, ev, seat)
    draw(state, ev, seat)
    check_win(state, ev)
    if state.result is None:
        enter(state, ev, "placement")


def end_placement(state: LiberState, ev: list[Event]) -> None:
    """No combat on the first round (rule "A noter"): go straight to the end of the turn."""
    if state.round == 1:
        open_response(state, ev)
    else:
        enter(state, ev, "attack")


def open_response(state: LiberState, ev: list[Event]) -> None:
    """The other player's window before the turn ends (a decision on the stack; Decision D-LIB-23);
    skipped when their hand is empty (public)."""
    if state.sides[1 - state.active].hand:
        state.ask("response", 1 - state.active)
    else:
        finish_turn(state, ev)


def finish_turn(state: LiberState, ev: list[Event]) -> None:
    """Fin: discard down to the hand limit, then the end-of-turn effects."""
    if len(state.sides[state.active].hand) > HAND_LIMIT:
        enter(state, ev, "discard")
    else:
        end_turn(state, ev)


def end_turn(state: LiberState, ev: list[Event]) -> None:
    """End of turn: Soin heals and cures; paralysis of the active side wears off; dropped objects
    not taken back go to the cemetery (D-LIB-22); once-per-turn marks reset (D-LIB-17)."""
    seat = state.active
    side = state.sides[seat]
    for pos, p in state.creatures(seat):
        if p.healing:
            heal(state, ev, pos, 1)
            if p.poisoned or p.paralysis:
                ev.append(public("cured", seat=seat, card=card_name(p.card)))
            p.poisoned = False
            p.paralysis = 0
        elif p.paralysis:
            p.paralysis -= 1
    for item in side.dropped:
        side.cemetery.append(item)
        ev.append(public("item_lost", seat=seat, card=card_name(state.cards[item])))
    side.dropped = []
    side.rally = False
    side.lieu_played = False
    for s in (0, 1):
        for piece in state.sides[s].grid:
            if piece is not None:
                piece.attacks = 0
                piece.riposted = False
                piece.blocked = False
                piece.moved = False
                piece.healing = False
                piece.used = []
    state.combat = None
    state.stack = []
    state.active = 1 - seat
    if state.active == state.first:
        state.round += 1
    if state.round > MAX_ROUNDS:
        state.result = Result(winners=[], reason="rounds")
        state.phase = "over"
        state.stack = []
        ev.append(public("game_over", winner_seats=[], reason="rounds"))
        return
    start_turn(state, ev)
