"""The pause for instants as matches begun before rules version 2 play it (docs/rules/colors.md, D-COL-31),
and the triggers' reading both versions share (instants.py narrows two of them since version 2).

Version 1 asked a seat whenever its wizard's cards held an instant with the event's trigger, whatever the
distance, and accepted such an instant's trigger anywhere on the table. A match keeps the rules it began
under (docs/kernel.md, "Rules versions"): its logged answers to those pauses replay only under them.
"""

from __future__ import annotations

from . import board
from .content import CARDS, WIZARDS, codex_of, grimoire_of
from .state import ColorsState, Window

#: The event each trigger answers: a window opens on the event, for the triggers of that family.
EVENT_OF = {
    "enemy_ends_move_near_wizard": "move_end",
    "enemy_ends_move_near_ally": "move_end",
    "ally_attacks": "attack",
    "ally_attacked": "attack",
    "enemy_disengages": "disengage",
    "enemy_casts": "cast",
    "ally_ends_move": "move_end",  # version 3's cards only
    "spell_wounds_ally": "spell_damage",  # version 4's only: no window of this event opens before
}
NEAR_ALLY = 3  # inches: Éboulis answers an enemy that ends its move this close to one of your creatures


def condition(state: ColorsState, seat: int, trigger: str, window: Window) -> bool:
    """Whether `trigger` is met for `seat` by the window's event, as version 1 read it."""
    if EVENT_OF.get(trigger) != window.event:
        return False
    if trigger in ("ally_attacks", "ally_ends_move"):
        return window.actor == seat
    if trigger == "ally_attacked":
        target = state.figure(window.target or "")
        return target is not None and target.owner == seat
    if seat == window.actor:
        return False
    if trigger == "enemy_ends_move_near_ally":
        mover = state.figure(window.subject)
        return mover is not None and any(
            f.owner == seat and board.distance(f, mover) <= NEAR_ALLY * board.INCH for f in state.figures
        )
    return True


def might_respond(state: ColorsState, seat: int, window: Window) -> bool:
    """Version 1: the seat's card pool has such an instant, it holds cards, it could pay the cheapest."""
    if not state.sides[seat].hand:
        return False
    wizard = WIZARDS[state.sides[seat].wizard]
    costs = [
        CARDS[c].cost
        for c in set(grimoire_of(wizard, CARDS)) | set(codex_of(wizard, 1))
        if CARDS[c].type == "instant" and condition(state, seat, CARDS[c].trigger or "", window)
    ]
    if not costs:
        return False
    blood = sum(f.pv for f in state.figures if f.owner == seat)
    return state.sides[seat].mana + blood >= max(1, min(costs) - 1)
