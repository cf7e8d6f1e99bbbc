"""The AI cannot cheat (kernel.md §3): it receives its seat's view, never a state, so changing what the
seat cannot see changes nothing it does."""

from __future__ import annotations

from typing import Any

import pytest

from bot import games as game_folders
from bot.ai import fallback_agent
from bot.ai.arena import agent_for
from bot.engine import ANY, Rng, SeatSpec, get_game, load_games
from bot.services import MatchService, Player


def _twin_liber(state: Any, seat: int, rng: Rng) -> Any:
    """The same match, but the opponent holds other cards and both piles are in another order."""
    twin = state.clone()
    other = twin.sides[1 - seat]
    pool = sorted({c for c in twin.cards.values()})
    for uid in other.hand + other.deck:
        twin.cards[uid] = pool[rng.below(len(pool))]
    for side in twin.sides:
        side.deck.reverse()
    return twin


def _twin_altered(state: Any, seat: int, rng: Rng) -> Any:
    twin = state.clone()
    other = twin.players[1 - seat]
    pool = sorted({o.card for p in twin.players for o in p.all_cards()})
    other.hand = [o.model_copy(update={"card": pool[rng.below(len(pool))]}) for o in other.hand]
    other.mana = [o.model_copy(update={"card": pool[rng.below(len(pool))]}) for o in other.mana]
    for p in twin.players:
        p.deck.reverse()
    return twin


TWINS = {"liber": _twin_liber, "altered": _twin_altered}


@pytest.mark.parametrize("key", sorted(TWINS))
def test_hidden_cards_of_the_other_seat_change_nothing_the_ai_does(key: str) -> None:
    load_games(game_folders)
    game = get_game(key)
    agent = agent_for(game, "normal")  # the search, without its wall-clock cap: reproducible
    checked = 0
    # Three seeded matches, forty decisions each: about a minute of search on a quiet core (six matches
    # of sixty took ~4 minutes, close to the per-test time-out on CI's two busy cores).
    for seed in range(1, 4):
        rng = Rng(seed)
        state = game.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng).state
        for _ in range(40):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            twin = TWINS[key](state, seat, Rng(seed * 7))
            assert game.view(twin, seat) == game.view(state, seat)  # the seat cannot tell them apart
            mine = agent.choose(game, game.view(state, seat), seat, Rng(99))
            theirs = agent.choose(game, game.view(twin, seat), seat, Rng(99))
            assert mine == theirs
            checked += 1
            choices = game.suggest(state, seat, ANY)
            state = game.apply(state, seat, choices[rng.below(len(choices))].action, rng).state
    assert checked > 100


async def test_ai_seats_are_given_views_never_states(service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every AI decision of the service goes through `Agent.choose(game, view, seat, rng)`."""
    load_games(game_folders)
    seen: list[tuple[str, type]] = []

    class Spy:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, game: Any, view: Any, seat: int, rng: Any) -> Any:
            seen.append((game.key, type(view)))
            return self.inner.choose(game, view, seat, rng)

    original = fallback_agent
    monkeypatch.setattr("bot.services.ai_seats.fallback_agent", lambda game, level="normal": Spy(original(game, level)))
    for key in ("duel", "liber", "altered"):
        live = await service.create(game_key=key, creator=Player(1, "Alice"), guild_id=1, channel_id=1, join=False)
        await service.add_ai(live.id, 1)
        await service.add_ai(live.id, 1)
        await service.start(live.id, 1)
        await service.wait_idle(60)
    games = {k for k, _ in seen}
    assert {"liber", "altered"} <= games
    for key, view_type in seen:
        game = get_game(key)
        assert view_type is not game.state_type and view_type.__name__.endswith("View"), (key, view_type)


def _twin_confrontation(state: Any, seat: int, rng: Rng) -> Any:
    """The same match, but the other side's sequence (its pile, its reserve, the order it gave) is dealt
    again from its own cards: what the seat has not seen."""
    from bot.engine import shuffled

    other = 1 - seat
    sides = list(state.sides)
    sides[other] = sides[other].model_copy(update={"pile": tuple(shuffled(rng, list(sides[other].pile)))})
    seq = state.seq
    if seq is not None:
        mine = seq.sides[other]
        cards = shuffled(rng, [*mine.pile, *([mine.reserve] if mine.reserve else [])])
        reserve = cards.pop() if mine.reserve else None
        twin_side = mine.model_copy(update={"pile": tuple(cards), "reserve": reserve})
        parts = [seq.sides[0], seq.sides[1]]
        parts[other] = twin_side
        seq = seq.model_copy(update={"sides": (parts[0], parts[1])})
    return state.model_copy(update={"sides": (sides[0], sides[1]), "seq": seq})


def test_the_confrontation_search_never_reads_the_other_sides_sequence() -> None:
    """Confrontation's search (#28) deals the other side's sequence from what its seat has not seen: a
    match where that sequence is in another order gets the same moves, at normal and at hard (which
    rolls out deals of it)."""
    load_games(game_folders)
    game = get_game("confrontation")
    agents = [agent_for(game, "normal"), agent_for(game, "hard")]
    rng = Rng(4)
    state = game.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng).state
    checked = differs = 0
    for step in range(60):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        twin = _twin_confrontation(state, seat, Rng(step))
        assert game.view(twin, seat) == game.view(state, seat)  # the seat cannot tell them apart
        differs += twin != state
        kind = state.stack[-1].kind
        if kind in ("draw", "declare", "fighter", "dice") or step % 5 == 0:
            agent = agents[1] if step % 3 == 0 else agents[0]  # hard: a third of the steps (its rollouts are dear)
            mine = agent.choose(game, game.view(state, seat), seat, Rng(99))
            theirs = agent.choose(game, game.view(twin, seat), seat, Rng(99))
            assert mine == theirs, (step, mine, theirs)
            checked += 1
        choices = game.suggest(state, seat, ANY)
        state = game.apply(state, seat, choices[rng.below(len(choices))].action, rng).state
    assert checked > 20 and differs > 20, (checked, differs)
