"""A full state consistent with one seat's view, for an AI that must not see hidden cards (kernel.md §3).

Public zones are copied from the view. What the seat cannot see is dealt at random from what it has
not seen: the opponent's hand and the faces of its Mana Orbs, both decks' order and contents (a
prebuilt deck's list is public; for a submitted list, any card of the hero's faction), and the face-
down Tumult halves (the Tumult cards not revealed yet, in random order and orientation).
"""

from __future__ import annotations

from typing import cast

from bot.engine import RandomSource, shuffled

from .content import CONTENT
from .expeditions import TUMULT_CARDS
from .rules import sync_stack
from .state import AlteredState, Obj, Phase, PlayerState, Region
from .views import AlteredView, CardView, PlayerView

FRESH_UIDS = 100_000


def _obj(c: CardView) -> Obj:
    return Obj(
        uid=c.uid,
        card=c.card,
        exhausted=c.exhausted,
        boosts=c.boosts,
        fleeting=c.fleeting,
        anchored=c.anchored,
        asleep=c.asleep,
    )


def _pool(p: PlayerView) -> list[str]:
    """The cards this player may hold unseen: its deck list minus every card the viewer sees."""
    if p.deck in CONTENT.decks:
        deck = CONTENT.decks[p.deck]
        pool = [cid for cid, n in sorted(deck.cards.items()) for _ in range(n)]
    else:
        faction = CONTENT.heroes[p.hero].faction
        pool = [cid for cid, c in sorted(CONTENT.cards.items()) if c.faction == faction for _ in range(3)]
    seen = [c.card for zone in (p.reserve, p.landmarks, p.discard) for c in zone]
    seen += [c.card for e in p.expeditions for c in e.characters]
    seen += [c.card for c in p.hand or ()] + [o.card.card for o in p.orbs if o.card is not None]
    for card in seen:
        if card in pool:
            pool.remove(card)
    return pool


def _regions(view: AlteredView, rng: RandomSource) -> list[Region]:
    regions: list[Region] = []
    hidden_pairs: list[int] = []
    known: set[int] = set()
    for pair in range(3):
        a, b = view.regions[1 + 2 * pair], view.regions[2 + 2 * pair]
        if a.revealed and b.revealed and a.terrains is not None and b.terrains is not None:
            halves = (tuple(a.terrains), tuple(b.terrains))
            index = next(i for i, card in enumerate(TUMULT_CARDS) if set(card) == set(halves))
            known.add(index)
        else:
            hidden_pairs.append(pair)
    unseen = shuffled(rng, [i for i in range(3) if i not in known])
    regions.append(Region(terrains=tuple(view.regions[0].terrains or ())))
    guesses = dict(zip(hidden_pairs, unseen, strict=True))
    for pair in range(3):
        a, b = view.regions[1 + 2 * pair], view.regions[2 + 2 * pair]
        if pair in guesses:
            halves = TUMULT_CARDS[guesses[pair]]
            if rng.below(2):
                halves = (halves[1], halves[0])
            regions += [Region(terrains=h, revealed=False, tumult=guesses[pair]) for h in halves]
        else:
            ta, tb = tuple(a.terrains or ()), tuple(b.terrains or ())
            index = next(i for i, card in enumerate(TUMULT_CARDS) if set(card) == {ta, tb})
            regions += [Region(terrains=ta, tumult=index), Region(terrains=tb, tumult=index)]
    regions.append(Region(terrains=tuple(view.regions[-1].terrains or ())))
    return regions


def determinize(view: AlteredView, rng: RandomSource) -> AlteredState:
    next_uid = FRESH_UIDS
    players: list[PlayerState] = []
    for p in view.players:
        unknown = shuffled(rng, _pool(p))

        def deal(n: int) -> list[str]:
            nonlocal unknown
            cards, unknown = (unknown + unknown)[:n], unknown[n:]
            return cards

        def objs(cards: list[str], exhausted: list[bool] | None = None) -> list[Obj]:
            nonlocal next_uid
            out = []
            for i, card in enumerate(cards):
                next_uid += 1
                out.append(Obj(uid=next_uid, card=card, exhausted=bool(exhausted and exhausted[i])))
            return out

        hand = [_obj(c) for c in p.hand] if p.hand is not None else objs(deal(p.hand_count))
        if all(o.card is not None for o in p.orbs):
            mana = [_obj(o.card).model_copy(update={"exhausted": o.exhausted}) for o in p.orbs if o.card]
        else:
            mana = objs(deal(len(p.orbs)), [o.exhausted for o in p.orbs])
        exps = {e.kind: e for e in p.expeditions}
        players.append(
            PlayerState(
                name=p.name,
                deck_id=p.deck,
                hero=p.hero,
                hero_exhausted=p.hero_exhausted,
                deck=objs(deal(p.deck_count)),
                hand=hand,
                mana=mana,
                reserve=[_obj(c) for c in p.reserve],
                landmarks=[_obj(c) for c in p.landmarks],
                discard=[_obj(c) for c in p.discard],
                exp_hero=[_obj(c) for c in exps["hero"].characters],
                exp_companion=[_obj(c) for c in exps["companion"].characters],
                pos_hero=exps["hero"].position,
                pos_companion=exps["companion"].position,
                passed=p.passed,
            )
        )
    state = AlteredState(
        players=players,
        regions=_regions(view, rng),
        day=view.day,
        phase=cast(Phase, view.phase),
        first=view.first_seat,
        turn=view.turn_seat,
        tiebreak=view.tiebreak,
        winner=view.winner_seat,
        draw=view.draw,
        max_days=view.max_days,
        next_uid=next_uid + 1,
    )
    sync_stack(state)
    return state
