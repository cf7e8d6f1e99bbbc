"""What is hidden in Altered, and from whom (3.2.9.a, d; D-ALT-16; kernel.md, "Hidden information").

A hand is seen by its owner only; so are the faces of its Mana Orbs (the others see how many and
which are exhausted); the order and contents of both decks by nobody. Expeditions, Reserve, Landmarks
and discard piles are public. The face-down Tumult regions are hidden from everyone: a `Fact`, since
they are not cards of a seat but halves of three Tumult cards, dealt by pairs in either orientation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.engine import Fact, Hidden, RandomSource, Seat, Zone, shuffled
from bot.engine.hidden import Seen

from .content import CONTENT
from .expeditions import TUMULT_CARDS
from .state import AlteredState, Obj, PlayerState, Region

PUBLIC = ("reserve", "landmarks", "discard", "exp_hero", "exp_companion")


def _player(state: AlteredState, owner: Seat | None) -> PlayerState:
    if owner is None:
        raise ValueError("every Altered zone belongs to a seat")
    return state.players[owner]


def _zone(name: str, seen_by: Seen) -> Zone[AlteredState]:
    """A list of cards of the player (hand, deck, mana); an Orb keeps whether it is exhausted."""

    def read(state: AlteredState, owner: Seat | None) -> list[str]:
        objs: list[Obj] = getattr(_player(state, owner), name)
        return [o.card for o in objs]

    def put(state: AlteredState, owner: Seat | None, cards: list[str], uids: list[int]) -> AlteredState:
        player = _player(state, owner)
        old: list[Obj] = getattr(player, name)
        tapped = [o.exhausted and name == "mana" for o in old]
        setattr(player, name, [_obj(u, c, t) for u, c, t in zip(uids, cards, tapped, strict=True)])
        return state

    return Zone(name, seen_by, read, put, ordered=name == "deck")


@lru_cache(maxsize=65536)
def _obj(uid: int, card: str, exhausted: bool) -> Obj:
    """A card put in a hidden place (a placeholder, or a dealt card): frozen, so shared between the
    views and deals that hold it, which build thousands of them."""
    return Obj(uid=uid, card=card, exhausted=exhausted)


def _public(state: AlteredState, owner: Seat | None) -> list[str]:
    player = _player(state, owner)
    return [o.card for zone in PUBLIC for o in getattr(player, zone)]


def _pool(state: AlteredState, owner: Seat | None) -> Sequence[str]:
    """A prebuilt deck's list (public); for a submitted list, any card of the hero's faction."""
    player = _player(state, owner)
    if player.deck_id in CONTENT.decks:
        return [cid for cid, n in sorted(CONTENT.decks[player.deck_id].cards.items()) for _ in range(n)]
    faction = CONTENT.heroes[player.hero].faction
    return [cid for cid, c in sorted(CONTENT.cards.items()) if c.faction == faction for _ in range(3)]


# -- the Tumult ------------------------------------------------------------------------------------
PAIRS = ((1, 2), (3, 4), (5, 6))  # the two halves of each Tumult card on the adventure


def _face_down(state: AlteredState) -> AlteredState:
    """Face-down regions show neither their terrains nor which Tumult card they are a half of."""
    state.regions = [r if r.revealed else Region(terrains=(), revealed=False) for r in state.regions]
    return state


def _deal_tumult(state: AlteredState, rng: RandomSource) -> AlteredState:
    """The Tumult cards not turned up yet (a card turns up whole, both halves at once), in random
    order and orientation, on the pairs still face down."""
    regions = list(state.regions)
    shown = {regions[a].tumult for a, _ in PAIRS if regions[a].revealed}
    unseen = iter(shuffled(rng, [i for i in range(len(TUMULT_CARDS)) if i not in shown]))
    for a, b in PAIRS:
        if regions[a].revealed:
            continue
        card = next(unseen)
        halves = TUMULT_CARDS[card][::-1] if rng.below(2) else TUMULT_CARDS[card]
        regions[a], regions[b] = (Region(terrains=h, revealed=False, tumult=card) for h in halves)
    state.regions = regions
    return state


SPEC: Hidden[AlteredState] = Hidden(
    zones=(
        _zone("hand", "owner"),
        _zone("mana", "owner"),
        _zone("deck", "nobody"),
        Zone("expeditions, reserve, landmarks, discard", "everyone", _public),
    ),
    pool=_pool,
    facts=(Fact("tumult", _face_down, _deal_tumult),),
    copy=AlteredState.clone,
)
