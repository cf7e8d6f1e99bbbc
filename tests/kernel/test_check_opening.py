"""The kernel opens every `check` the same way, for every game (kernel.md, "check and suggest"): a
finished match refuses anything (`game_over`), a seat that does not decide now is refused
(`not_your_turn`), and an action whose kind does not answer the pending decision is refused
(`wrong_phase`, with the rule of that kind and what the decision asks instead) before the game's own
rules run. States come from a seeded random playout of each registered game and each test game."""

from __future__ import annotations

from typing import Any

import pytest

from bot import games as game_folders
from bot import testgames
from bot.ai.arena import EngineRandom, play
from bot.engine import ANY, AnyGame, Concede, EngineError, Text, get_game, load_games
from bot.i18n import catalog, localize
from cogs.errors import explain

KEYS = sorted({g.key for g in load_games(game_folders)} | {g.key for g in load_games(testgames)})
LOCALES = ("fr", "en")


class Playout:
    """Every state of one random match, the suggested actions met on the way, and the finished state."""

    def __init__(self, game: AnyGame, seed: int) -> None:
        self.states: list[Any] = []
        played = play(game, (EngineRandom(), EngineRandom()), seed, invariant=self.states.append)
        self.final = played.state
        self.pool: dict[str, Any] = {"concede": Concede()}  # one action of each kind, Concede included
        for state in self.states[::3]:
            for seat in game.to_act(state):
                for choice in game.suggest(state, seat, ANY):
                    self.pool.setdefault(str(choice.action.kind), choice.action)


_PLAYOUTS: dict[str, Playout] = {}


def playout(key: str) -> tuple[AnyGame, Playout]:
    load_games(game_folders)
    load_games(testgames)
    game = get_game(key)
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = Playout(game, seed=5)
    return game, _PLAYOUTS[key]


def refusal(game: AnyGame, state: Any, seat: int, action: Any) -> EngineError:
    with pytest.raises(EngineError) as err:
        game.check(state, seat, action)
    return err.value


def reads_well(exc: EngineError) -> None:
    """What a player reads is the error's own sentence in both languages, never a code or a key."""
    for locale in LOCALES:
        text = explain(exc, locale).text
        assert exc.code not in text.split("\n")[0] and "{" not in text, (locale, text)


@pytest.mark.parametrize("key", KEYS)
def test_a_finished_match_refuses_every_action_with_game_over(key: str) -> None:
    game, run = playout(key)
    assert game.outcome(run.final) is not None
    for action in run.pool.values():
        for seat in (0, 1):
            exc = refusal(game, run.final, seat, action)
            assert exc.code == "game_over", (action, exc.code)
    reads_well(exc)


@pytest.mark.parametrize("key", KEYS)
def test_a_seat_that_does_not_decide_now_is_refused_not_your_turn(key: str) -> None:
    game, run = playout(key)
    refused = 0
    for state in run.states[:-1]:
        acting = game.to_act(state)
        for seat in {0, 1} - acting:
            mine = next(iter(game.suggest(state, min(acting), ANY)), None) if acting else None
            for action in (mine.action,) if mine is not None else ():
                exc = refusal(game, state, seat, action)
                assert exc.code == "not_your_turn", (state, seat, action, exc.code)
                refused += 1
    assert refused > 0
    reads_well(exc)


@pytest.mark.parametrize("key", KEYS)
def test_an_action_that_does_not_answer_the_decision_is_refused_before_the_game_rules(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, run = playout(key)

    def rules_must_not_run(*args: Any) -> None:
        raise AssertionError("the game's rules ran for an action the kernel refuses")

    monkeypatch.setattr(game, "check_rules", rules_must_not_run)
    refused = 0
    for state in run.states[:-1:2]:
        asking = game.asking(state)
        answering = game.answers.get(asking or "", ())
        assert asking in game.answers, (key, asking)  # every decision met is declared
        for seat in game.to_act(state):
            for kind, action in run.pool.items():
                if kind in answering:
                    continue
                exc = refusal(game, state, seat, action)
                assert exc.code == "wrong_phase" and exc.rule == game.kind_rules.get(kind), (kind, exc)
                asked = exc.params["asked"]
                assert isinstance(asked, Text)
                assert asked.key == game.asks.get(asking or "", "error.wrong_phase.any")
                refused += 1
    assert refused > 5
    reads_well(exc)


@pytest.mark.parametrize("key", KEYS)
def test_the_declared_decisions_name_real_action_kinds_and_sentences(key: str) -> None:
    game, _ = playout(key)
    kinds = set(game.action_classes())
    assert game.answers, "every game declares which action kinds answer its decisions"
    assert {k for answering in game.answers.values() for k in answering} == kinds
    assert set(game.asks) <= set(game.answers)
    for sentence in game.asks.values():
        for locale in LOCALES:
            assert catalog().has(sentence, locale), (sentence, locale)
            assert "{" not in localize(Text(key=sentence), locale)
