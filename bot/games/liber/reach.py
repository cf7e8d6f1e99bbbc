"""Reach: whether a unit may attack, riposte against or block another (rule "Combat").

The document's cases are implemented literally as tables (Decision D-LIB-02), for attack and riposte
alike; "dans tous les autres cas, l'attaque ou la riposte est impossible". Lines are seen from each
player's own side: 0 plaine, 1 arrière, 2 front.
"""

from __future__ import annotations

from typing import Literal

from .state import ARRIERE, FRONT, PLAINE

ReachKind = Literal["melee", "tir", "artillerie"]

RULES: dict[str, str] = {
    "melee": "liber.reach.melee",
    "tir": "liber.reach.shooting",
    "artillerie": "liber.reach.artillery",
}


def reach_kind(abilities: frozenset[str] | set[str]) -> ReachKind:
    """A unit fights with one table: Artillerie, else Tir, else melee (Decision D-LIB-31)."""
    if "artillerie" in abilities:
        return "artillerie"
    if "tir" in abilities:
        return "tir"
    return "melee"


def in_reach(kind: ReachKind, my_line: int, enemy_line: int, my_front_empty: bool, enemy_front_empty: bool) -> bool:
    """The document's cases, one by one.

    Melee: 1 front->front; 2 front->arrière if no enemy on the front; 3 arrière->front if no ally on
    my front; 4 arrière->arrière if no unit on either front.
    Tir: 1 arrière->front; 2 front->arrière or front.
    Artillerie: 1 plaine->front; 2 arrière->arrière if no enemy on the front; 3 front->any line.
    """
    if kind == "melee":
        if my_line == FRONT and enemy_line == FRONT:
            return True
        if my_line == FRONT and enemy_line == ARRIERE:
            return enemy_front_empty
        if my_line == ARRIERE and enemy_line == FRONT:
            return my_front_empty
        if my_line == ARRIERE and enemy_line == ARRIERE:
            return my_front_empty and enemy_front_empty
        return False
    if kind == "tir":
        if my_line == ARRIERE and enemy_line == FRONT:
            return True
        return my_line == FRONT and enemy_line in (ARRIERE, FRONT)
    if my_line == PLAINE and enemy_line == FRONT:
        return True
    if my_line == ARRIERE and enemy_line == ARRIERE:
        return enemy_front_empty
    return my_line == FRONT
