"""Small builders for Altered scenario states: a board in one call instead of a long playthrough."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from bot.engine import Rng, SeatSpec
from bot.games.altered.expeditions import TUMULT_CARDS
from bot.games.altered.game import ALTERED
from bot.games.altered.rules import sync_stack
from bot.games.altered.state import TERRAINS_ALL, AlteredState, Obj, PlayerState, Region

_uids = itertools.count(1)


def o(card: str, **kw: Any) -> Obj:
    """A card object with a fresh uid."""
    return Obj(uid=next(_uids), card=card, **kw)


def cards(*ids: str, **kw: Any) -> list[Obj]:
    return [o(c, **kw) for c in ids]


def orbs(ready: int, exhausted: int = 0, card: str = "recrue_seuil") -> list[Obj]:
    return cards(*[card] * ready) + cards(*[card] * exhausted, exhausted=True)


def player(name: str = "A", hero: str = "neree", **zones: Any) -> PlayerState:
    """`zones` may give hand, deck, reserve, landmarks, discard (card-id lists or Obj lists),
    mana (an int of ready orbs or an Obj list), exp_hero/exp_companion, positions, flags."""
    data: dict[str, Any] = {"name": name, "deck_id": "test", "hero": hero}
    for key, value in zones.items():
        if key == "mana" and isinstance(value, int):
            value = orbs(value)
        elif isinstance(value, list):
            value = [v if isinstance(v, Obj) else o(v) for v in value]
        data[key] = value
    data.setdefault("deck", cards(*["eclaireur_cretes"] * 10))
    return PlayerState(**data)


def open_regions() -> list[Region]:
    """The Adventure with every Tumult card already face up, in the printed order."""
    regions = [Region(terrains=TERRAINS_ALL)]
    for i, (a, b) in enumerate(TUMULT_CARDS):
        regions += [Region(terrains=a, tumult=i), Region(terrains=b, tumult=i)]
    return [*regions, Region(terrains=TERRAINS_ALL)]


def hidden_regions() -> list[Region]:
    return [r if r.tumult is None else r.model_copy(update={"revealed": False}) for r in open_regions()]


def scenario(p0: PlayerState | None = None, p1: PlayerState | None = None, **kw: Any) -> AlteredState:
    """An Afternoon of day 2 with seat 0 first and to act, unless told otherwise."""
    data: dict[str, Any] = {"phase": "afternoon", "day": 2, "first": 0, "turn": 0, "regions": open_regions()}
    data.update(kw)
    state = AlteredState(players=[p0 or player("A"), p1 or player("B", "orvan")], **data)
    sync_stack(state)
    return state


def act(state: AlteredState, seat: int, action: Any, seed: int = 0):  # type: ignore[no-untyped-def]
    """Apply a legal action (checked against the oracle) and return the transition."""
    assert action in ALTERED.legal_actions(state, seat), (action, ALTERED.legal_actions(state, seat))
    return ALTERED.apply(state, seat, action, Rng(seed))


def new_game(seed: int = 1, **options: Any) -> AlteredState:
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    return ALTERED.setup(seats, options, Rng(seed)).state


def kinds(transition: Any) -> list[str]:
    return [e.kind for e in transition.events]


def hidden_uids(state: AlteredState, seat: int) -> set[int]:
    """The uids a viewer other than `seat` must never see: hand, Mana faces, deck."""
    p = state.players[seat]
    return {x.uid for x in (*p.hand, *p.mana, *p.deck)}


def leaked(view: Any, uids: set[int]) -> set[int]:
    dumped = json.dumps(view.model_dump(mode="json"))
    seen = {int(m) for m in re.findall(r'"uid": (\d+)', dumped)}
    return seen & uids
