"""How a long list of legal actions is grouped in menus: first what acts, then how (issue: a thumb
picks the card, then only its legal places)."""

from __future__ import annotations

from typing import Any

from bot.engine import Text, txt

from .actions import Ability, Assign, Attack, Block, Designate, Discard, End, Equip, Move, Play
from .labels import card, piece
from .state import LiberState


def group_of(state: LiberState, seat: int, action: Any) -> tuple[str, Text] | None:
    """(stable key, label) of an action's menu group: the card played, the unit that moves, acts or
    attacks, the object moved; answers to a question (block, Ravage, discard) and End stand alone."""
    if isinstance(action, Play):
        return f"play:{action.card}", txt("liber.group.play", card=card(action.card))
    if isinstance(action, Move):
        return f"move:{_key(action.frm)}", txt("liber.group.move", unit=piece(state, action.frm))
    if isinstance(action, Ability):
        return f"ability:{_key(action.source)}:{action.ability}", txt(
            "liber.group.ability", unit=piece(state, action.source), ability=_ability_name(action.ability)
        )
    if isinstance(action, Equip):
        return f"equip:{action.item}", txt("liber.group.equip", item=card(state.cards[action.item]))
    if isinstance(action, Attack):
        return f"attack:{_key(action.attacker)}", txt("liber.group.attack", unit=piece(state, action.attacker))
    if isinstance(action, Block | Designate | Assign | Discard | End):
        return None
    return None


def _ability_name(ability: str) -> Text:
    return txt("liber.group.general_power") if ability == "general" else txt(f"liber.kw.{ability}")


def _key(pos: tuple[int, int, int]) -> str:
    return "".join(map(str, pos))
