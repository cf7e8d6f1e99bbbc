"""A decision that is no choice is not asked (`Game.forced`, docs/play-by-post.md): on every state of a
seeded random match of each game, `forced` names an answer exactly when the decision has one legal
answer, the game does not mark its kind "always ask" and the decision is not secret, or when the game
closes an always-asked kind on public facts alone (Colors' pause, D-COL-36); the answer passes `check`."""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

import pytest

from bot import games as game_folders
from bot.ai.arena import EngineRandom, play
from bot.engine import ANY, get_game, load_games

KEYS = sorted(g.key for g in load_games(game_folders))
#: States of each playout looked at (a table game's suggestions cost milliseconds each).
STATES = 150


class Enough(Exception):
    """Enough states seen: the playout stops."""


@pytest.mark.parametrize("key", KEYS)
def test_forced_is_the_one_answer_of_a_decision_that_may_be_answered_at_once(key: str) -> None:
    load_games(game_folders)
    game = get_game(key)
    seen: Counter[str] = Counter()
    met = [0]

    def check(state: Any) -> None:
        for seat in sorted(game.to_act(state)):
            forced = game.forced(state, seat)
            choices = game.suggest(state, seat, ANY)
            pending = game.pending(state)
            kind = game.asking(state) or ""
            askable = kind not in game.always_ask | game.open_choice and not (pending is not None and pending.secret)
            if len(choices) == 1 and askable:
                assert forced == choices[0].action, (kind, forced, choices)
                game.check(state, seat, forced)
                seen[kind] += 1
            elif forced is not None:  # a kind the hand decides, closed by public facts (Colors' pause, D-COL-36)
                assert kind in game.always_ask and forced in [c.action for c in choices], (kind, forced)
                game.check(state, seat, forced)
                seen[kind] += 1
            else:
                assert forced is None, (kind, forced, len(choices))
        met[0] += 1
        if met[0] >= STATES:
            raise Enough

    with contextlib.suppress(Enough):
        play(game, (EngineRandom(), EngineRandom()), 7, invariant=check)
    if key in ("confrontation", "warcry"):
        assert seen, "the table games meet decisions with one answer"


def test_the_games_mark_what_the_hand_decides_as_always_asked() -> None:
    """A pass played at once would tell the table the hand holds nothing to play: those kinds are asked."""
    load_games(game_folders)
    assert {"response", "block", "placement", "attack"} <= get_game("liber").always_ask
    assert {"turn", "expand"} <= get_game("altered").always_ask
    assert {"respond", "act"} <= get_game("colors").always_ask
    for key in ("confrontation", "warcry"):  # nothing a single answer could tell: the sequence is secret
        assert not get_game(key).always_ask


def test_an_open_choice_is_asked_without_a_move_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colors' activation and WarCry's fighter action leave « Terminer » beside every move: `forced` asks
    them without the move search it cost after every step (about 100 ms: Colors' durable moves fell from
    333 to 28 per second in the bench)."""
    load_games(game_folders)
    for key, kind in (("colors", "creature"), ("warcry", "act")):
        game = get_game(key)
        states: list[Any] = []
        with contextlib.suppress(Enough):

            def keep(state: Any, game: Any = game, kind: str = kind, states: list[Any] = states) -> None:
                if game.asking(state) == kind and game.outcome(state) is None:
                    states.append(state)
                    raise Enough

            play(game, (EngineRandom(), EngineRandom()), 7, invariant=keep)
        assert states, f"a {key} match meets a {kind} decision"
        monkeypatch.setattr(type(game), "suggest", lambda *a, **k: pytest.fail("searched the moves"))
        assert all(game.forced(states[0], seat) is None for seat in game.to_act(states[0]))
