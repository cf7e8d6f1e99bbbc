"""Short localized labels for actions (buttons and menus: under 80 characters once rendered)."""

from __future__ import annotations

from typing import Any

from bot.engine import Text, txt

from .abilities import force_of
from .actions import Ability, Assign, Attack, Block, Designate, Discard, End, Equip, Move, Play
from .state import LiberState, Pos


def card(card_id: str) -> Text:
    return txt(f"liber.card.{card_id}")


def place(pos: Pos) -> Text:
    return txt("liber.label.place", line=txt(f"liber.line.{pos[1]}"), slot=pos[2] + 1)


def piece(state: LiberState, pos: Pos) -> Text:
    p = state.piece(pos)
    if p is None:
        return place(pos)
    return txt("liber.label.piece", card=card(p.card), line=txt(f"liber.line.{pos[1]}"), slot=pos[2] + 1)


def describe(state: LiberState, seat: int, action: Any) -> Text:
    if isinstance(action, Play):
        if action.at is None:
            return txt("liber.action.play", card=card(action.card))
        if state.piece(action.at) is None:
            return txt("liber.action.play_at", card=card(action.card), where=place(action.at))
        return txt("liber.action.play_on", card=card(action.card), target=piece(state, action.at))
    if isinstance(action, Move):
        return txt("liber.action.move", unit=piece(state, action.frm), where=place(action.to))
    if isinstance(action, Ability):
        p = state.piece(action.source)
        source = card(p.card) if p else place(action.source)
        params: dict[str, Any] = {"source": source}
        if action.target is not None:
            params["target"] = piece(state, action.target)
        if action.to is not None:
            params["where"] = place(action.to)
        if action.card is not None:
            params["card"] = card(action.card)
        suffix = "" if action.ability != "general" or action.target is not None else "_self"
        return txt(f"liber.action.{action.ability}{suffix}", **params)
    if isinstance(action, Equip):
        return txt("liber.action.equip", item=card(state.cards[action.item]), target=piece(state, action.to))
    if isinstance(action, Attack):
        if action.target2 is None:
            return txt("liber.action.attack", unit=piece(state, action.attacker), target=piece(state, action.target))
        force = force_of(state, action.attacker, attacking=True)
        return txt(
            "liber.action.attack2",
            unit=card(state.at(action.attacker).card),
            target=card(state.at(action.target).card),
            target2=card(state.at(action.target2).card),
            split=action.split,
            rest=force - (action.split or 0),
        )
    if isinstance(action, Block):
        if action.blocker is None:
            return txt("liber.action.no_block")
        return txt("liber.action.block", unit=piece(state, action.blocker))
    if isinstance(action, Designate):
        return txt("liber.action.designate", unit=piece(state, action.target))
    if isinstance(action, Assign):
        return txt("liber.action.assign", target=piece(state, action.target))
    if isinstance(action, Discard):
        return txt("liber.action.discard", card=card(action.card))
    if isinstance(action, End):
        return txt(f"liber.action.end_{state.step}")
    return txt("liber.action.unknown")
