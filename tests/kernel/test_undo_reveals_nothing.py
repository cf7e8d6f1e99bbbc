"""Undo never takes back a move that showed anyone anything, its mover included (#23).

A card drawn from the deck shuffled at set-up draws no chance and tells only the drawer: taken back,
it would go back on top of the deck and the drawer would know it. Each card game is played through
the service until its mover draws in their own move; the undo must be refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import ANY, Event, Rng
from bot.games.colors.game import COLORS
from bot.games.liber.game import LIBER
from bot.services import MatchService, Player, ServiceError
from bot.services.undo import discloses
from bot.storage import Store

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")
DRAWS = {"you_drew", "drew_cards"}  # the card games' "you drew …" events (Liber, Altered / Colors)


def _drawn_by_mover_alone(entry: Any) -> bool:
    """A card reached the mover's hand, no chance was drawn, and nobody else was told anything."""
    events = [Event.model_validate(e) for e in entry.events]
    private = [e for e in events if not e.public]
    return (
        entry.kind == "action"
        and not entry.draws
        and any(e.kind in DRAWS for e in private)
        and all(e.to == (entry.seat,) for e in private)
    )


@pytest.mark.parametrize(
    ("game_key", "seed", "pick"),
    [("liber", 12345, 7), ("altered", 12345, 7), ("colors", 5, 1)],  # Colors: a spell that draws
)
async def test_a_card_drawn_in_ones_own_move_cannot_be_taken_back(
    sqlite_store: Store, game_key: str, seed: int, pick: int
) -> None:
    service = MatchService(sqlite_store, ai_level="easy", seed_source=lambda: seed)
    try:
        live = await service.create(game_key=game_key, creator=ALICE, guild_id=9, channel_id=8)
        await service.join(live.id, BOB)
        await service.start(live.id, ALICE.user_id)
        users, think = {0: ALICE.user_id, 1: BOB.user_id}, Rng(pick)
        for _ in range(1500):
            assert live.rec.status == "active", "the match ended before anyone drew in their own move"
            seat = min(live.to_act())
            choices = live.game.suggest(live.state, seat, ANY)
            await service.submit(live.id, users[seat], choices[think.below(len(choices))].action, live.version)
            last = (await sqlite_store.log(live.id, after=live.version - 2))[-1]
            if _drawn_by_mover_alone(last):
                break
        else:
            raise AssertionError("nobody drew in their own move")
        with pytest.raises(ServiceError, match="undo_hidden"):
            await service.ask_undo(live.id, users[last.seat])
        assert live.undo_request is None
    finally:
        await service.close()


def test_a_move_on_the_board_hides_nothing_and_a_card_turned_in_public_does() -> None:
    """Moving a figure tells nobody anything new; a card leaving a hand, or a monster's activation card
    turned from its sealed pile, does."""
    from bot.engine import SeatSpec, public

    seats = [SeatSpec(seat=0, name="Nord"), SeatSpec(seat=1, name="Sud")]
    state = LIBER.setup(seats, LIBER.validate_options({}), Rng(1)).state
    assert not discloses(LIBER, state, state, [public("moved", seat=0)], [0, 1])
    after = state.clone()
    after.sides[0].hand = after.sides[0].hand[1:]  # one card out of Nord's hand
    assert LIBER.private_info(state, 0) != LIBER.private_info(after, 0)
    assert discloses(LIBER, state, after, [public("moved", seat=0)], [0, 1])
    colors = COLORS.setup(seats, COLORS.validate_options({}), Rng(1)).state
    assert not discloses(COLORS, colors, colors, [public("moved")], [0, 1])
    assert discloses(COLORS, colors, colors, [public("activation_card", symbol="x")], [0, 1])
