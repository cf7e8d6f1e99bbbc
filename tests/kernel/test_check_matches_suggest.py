"""`check` accepts exactly what `suggest` lists, for the card games, on thousands of random states
(kernel.md §1: `check` is the one legality oracle; `suggest` lists every legal action of a card game).

States come from seeded random playouts. At each, every suggested action must pass `check` and apply
without error, and a few hundred actions drawn at random from each game's whole action space (cards,
places, targets, uids of either side, nonsense included) pass `check` if and only if `suggest` lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot import games as game_folders
from bot.engine import ANY, EngineError, Rng, SeatSpec, get_game, load_games
from bot.games.altered import actions as alt
from bot.games.altered.content import CONTENT as ALTERED
from bot.games.altered.state import AlteredState
from bot.games.liber import actions as lib
from bot.games.liber.content import CARDS as LIBER_CARDS
from bot.games.liber.state import LiberState

STATES_PER_GAME = 2000
FUZZ_PER_STATE = 12


def _pos(rng: Rng) -> tuple[int, int, int]:
    return (rng.below(2), rng.below(3), rng.below(5))


def _maybe(rng: Rng, value: Any) -> Any:
    return None if rng.below(3) == 0 else value


def liber_fuzz(state: LiberState, rng: Rng) -> Any:
    cards = sorted(LIBER_CARDS)
    uids = [*sorted(state.cards), 999_999]
    kind = rng.below(9)
    if kind == 0:
        return lib.Play(card=cards[rng.below(len(cards))], at=_maybe(rng, _pos(rng)))
    if kind == 1:
        return lib.Move(frm=_pos(rng), to=_pos(rng))
    if kind == 2:
        ability = ("defausse", "invocateur", "soin", "telekinesie", "general")[rng.below(5)]
        return lib.Ability(
            source=_pos(rng),
            ability=ability,
            target=_maybe(rng, _pos(rng)),
            to=_maybe(rng, _pos(rng)),
            card=_maybe(rng, cards[rng.below(len(cards))]),
        )
    if kind == 3:
        return lib.Equip(item=uids[rng.below(len(uids))], to=_pos(rng))
    if kind == 4:
        return lib.Attack(
            attacker=_pos(rng), target=_pos(rng), target2=_maybe(rng, _pos(rng)), split=_maybe(rng, rng.below(6))
        )
    if kind == 5:
        return lib.Block(blocker=_maybe(rng, _pos(rng)))
    if kind == 6:
        return lib.Assign(target=_pos(rng))
    if kind == 7:
        return lib.Discard(card=cards[rng.below(len(cards))])
    return lib.End()


def altered_fuzz(state: AlteredState, rng: Rng) -> Any:
    uids = [*(o.uid for p in state.players for o in p.all_cards()), 123_456]
    uid = uids[rng.below(len(uids))]
    kind = rng.below(9)
    if kind == 0:
        return alt.SetupMana(uid=uid)
    if kind == 1:
        return alt.Expand(uid=uid)
    if kind == 2:
        return alt.SkipExpand()
    if kind == 3:
        return alt.PlayCard(
            uid=uid,
            expedition=_maybe(rng, ("hero", "companion")[rng.below(2)]),
            target=_maybe(rng, uids[rng.below(len(uids))]),
        )
    if kind == 4:
        return alt.Pass()
    if kind == 5:
        return alt.HeroAbility()
    if kind == 6:
        return alt.CycleOrb()
    if kind == 7:
        return alt.CleanupDiscard(uid=uid)
    return alt.CleanupSacrifice(uid=uid)


FUZZ: dict[str, Callable[[Any, Rng], Any]] = {"liber": liber_fuzz, "altered": altered_fuzz}
assert ALTERED.cards  # the content is loaded


def random_states(key: str, count: int) -> Iterator[Any]:
    """States met along seeded random playouts (each playout from its own seed)."""
    game = get_game(key)
    seen = 0
    seed = 0
    while seen < count:
        seed += 1
        rng = Rng(seed)
        state = game.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng).state
        while game.outcome(state) is None and seen < count:
            yield state
            seen += 1
            seat = min(game.to_act(state))
            choices = game.suggest(state, seat, ANY)
            state = game.apply(state, seat, choices[rng.below(len(choices))].action, rng).state


def _accepts(game: Any, state: Any, seat: int, action: Any) -> bool:
    try:
        game.check(state, seat, action)
    except EngineError:
        return False
    return True


@pytest.mark.parametrize("key", sorted(FUZZ))
def test_check_accepts_exactly_what_suggest_lists(key: str) -> None:
    load_games(game_folders)
    game = get_game(key)
    fuzz = FUZZ[key]
    rng = Rng(2026)
    accepted_fuzz = 0
    for state in random_states(key, STATES_PER_GAME):
        for seat in (0, 1):
            listed = [c.action for c in game.suggest(state, seat, ANY)]
            assert (seat in game.to_act(state)) == bool(listed)
            for action in listed:
                assert _accepts(game, state, seat, action), action
            game.apply(state, seat, listed[rng.below(len(listed))], Rng(1)) if listed else None
            codes = {game.encode_action(a) for a in listed}
            for _ in range(FUZZ_PER_STATE):
                action = fuzz(state, rng)
                accepted = _accepts(game, state, seat, action)
                accepted_fuzz += accepted
                assert accepted == (game.encode_action(action) in codes), (seat, action)
    assert accepted_fuzz > 0  # the fuzzer does reach legal actions, so both directions are exercised
