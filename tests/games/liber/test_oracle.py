"""`legal_actions` is exact: on states met in random playouts, random actions of every kind (with
random positions, cards and splits) are accepted by `check` if and only if they are listed."""

from __future__ import annotations

from typing import Any

from bot.engine import EngineError, Rng, SeatSpec
from bot.games.liber.actions import Ability, Assign, Attack, Block, Discard, End, Equip, Move, Play
from bot.games.liber.content import CARDS
from bot.games.liber.game import LIBER
from bot.games.liber.state import LiberState

CARD_IDS = sorted(CARDS)
ABILITIES = ["defausse", "invocateur", "soin", "telekinesie", "general"]


def _pos(rng: Rng, state: LiberState, seat: int) -> tuple[int, int, int]:
    # Bias towards occupied places so that many probes are plausible.
    if rng.below(3):
        pieces = state.pieces(rng.below(2))
        if pieces:
            return pieces[rng.below(len(pieces))][0]
    return (rng.below(2), rng.below(3), rng.below(5))


def _maybe(rng: Rng, value: Any) -> Any:
    return value if rng.below(2) else None


def random_action(rng: Rng, state: LiberState, seat: int) -> Any:
    hand = [state.cards[u] for u in state.sides[seat].hand]
    card = hand[rng.below(len(hand))] if hand and rng.below(4) else CARD_IDS[rng.below(len(CARD_IDS))]
    kind = rng.below(9)
    if kind == 0:
        return Play(card=card, at=_maybe(rng, _pos(rng, state, seat)))
    if kind == 1:
        return Move(frm=_pos(rng, state, seat), to=_pos(rng, state, seat))
    if kind == 2:
        return Ability(
            source=_pos(rng, state, seat),
            ability=ABILITIES[rng.below(len(ABILITIES))],  # type: ignore[arg-type]
            target=_maybe(rng, _pos(rng, state, seat)),
            to=_maybe(rng, _pos(rng, state, seat)),
            card=_maybe(rng, card),
        )
    if kind == 3:
        items = [i for _p, pc in state.pieces(seat) for i in pc.items] + state.sides[seat].dropped + [rng.below(5000)]
        return Equip(item=items[rng.below(len(items))], to=_pos(rng, state, seat))
    if kind == 4:
        two = rng.below(3) == 0
        return Attack(
            attacker=_pos(rng, state, seat),
            target=_pos(rng, state, seat),
            target2=_pos(rng, state, seat) if two else None,
            split=rng.below(7) if two or rng.below(8) == 0 else None,
        )
    if kind == 5:
        return Block(blocker=_maybe(rng, _pos(rng, state, seat)))
    if kind == 6:
        return Assign(target=_pos(rng, state, seat))
    if kind == 7:
        return Discard(card=card)
    return End()


def test_check_accepts_exactly_the_listed_actions() -> None:
    probes = accepted = 0
    for seed in range(30):
        rng = Rng(seed)
        state = LIBER.setup([SeatSpec(seat=0, name="N"), SeatSpec(seat=1, name="S")], {}, rng).state
        while LIBER.outcome(state) is None:
            (seat,) = tuple(LIBER.to_act(state))
            legal = LIBER.legal_actions(state, seat)
            listed = set(legal)
            for _ in range(6):
                for who in (seat, 1 - seat):
                    probe = random_action(rng, state, who)
                    probes += 1
                    try:
                        LIBER.check(state, who, probe)
                        ok = True
                    except EngineError:
                        ok = False
                    expected = who == seat and probe in listed
                    assert ok is expected, (state.phase, who, probe)
                    accepted += ok
            state = LIBER.apply(state, seat, legal[rng.below(len(legal))], rng).state
    assert probes > 10_000 and accepted > 100
