"""What the table games' descriptions share: their rules are functions of their own modules.

Colors of Magic, Confrontation and WarCry each check an action (`rules.check`), resolve it
(`resolve.apply`: the new state and its events), propose choices, label and preview an action
(`suggest.py`) in module functions of the same shapes; `TableGame` plugs those into the kernel's
protocol once, so a game's class says only what is its own (families, decisions, set-up, outcome,
information, cards).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from bot.engine import Agent, Ask, BaseGame, Choice, Event, Preview, RandomSource, Seat, Text, Transition

S = TypeVar("S", bound=BaseModel)
S_in = TypeVar("S_in", bound=BaseModel, contravariant=True)
V = TypeVar("V", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class TableRules(Generic[S]):
    """A table game's module functions: the rules an action must pass, its resolution (pure: the new
    state and the events), the suggestions for an `Ask`, an action's label and its preview."""

    check: Callable[[S, Seat, Any], None]
    apply: Callable[[S, Seat, Any, RandomSource], tuple[S, Sequence[Event]]]
    suggest: Callable[[S, Seat, Ask], list[Choice[Any]]]
    describe: Callable[[S, Seat, Any], Text]
    preview: Callable[[S, Seat, Any], Preview | None]


class RulesModule(Protocol[S_in]):
    """A table game's `rules.py`: the rules an action must pass."""

    def check(self, state: S_in, seat: Seat, action: Any, /) -> None: ...


class ResolveModule(Protocol[S]):
    """A table game's `resolve.py`: an action's resolution, pure."""

    def apply(self, state: S, seat: Seat, action: Any, rng: RandomSource, /) -> tuple[S, Sequence[Event]]: ...


class SuggestModule(Protocol[S_in]):
    """A table game's `suggest.py`: the choices for an `Ask`, an action's label and its preview."""

    def suggestions(self, state: S_in, seat: Seat, ask: Ask, /) -> list[Choice[Any]]: ...
    def describe(self, state: S_in, seat: Seat, action: Any, /) -> Text: ...
    def preview(self, state: S_in, seat: Seat, action: Any, /) -> Preview | None: ...


def rules_of(rules: RulesModule[S], resolve: ResolveModule[S], suggest: SuggestModule[S]) -> TableRules[S]:
    """The `TableRules` of a table game's folder, from its three modules (docs/adding-a-game.md)."""
    return TableRules(
        check=rules.check,
        apply=resolve.apply,
        suggest=suggest.suggestions,
        describe=suggest.describe,
        preview=suggest.preview,
    )


REMEMBERED = 64  # suggestion lists kept (`TableGame.suggest`): a few per match being played at once
_remembered: OrderedDict[tuple[str, str, Seat, Ask], tuple[Choice[Any], ...]] = OrderedDict()
_remembering = threading.Lock()  # menus are asked from the event loop and from the AI's threads


def forget_suggestions() -> None:
    """Forget every remembered suggestion list (the bench times them afresh)."""
    with _remembering:
        _remembered.clear()


class TableGame(BaseGame[S, Any, V]):
    """A game on the table: the kernel's `check_rules`, `apply`, `suggest`, `describe_action` and
    `preview` are its `table_rules`, and its AI plays alike at every level."""

    table_rules: TableRules[S]
    #: The game's AI, the same at every level (WarCry's level is the solo warband's difficulty instead).
    agent_type: ClassVar[type[Agent]]

    def check_rules(self, state: S, seat: Seat, action: Any) -> None:
        self.table_rules.check(state, seat, action)

    def apply(self, state: S, seat: Seat, action: Any, rng: RandomSource) -> Transition[S]:
        new, events = self.table_rules.apply(state, seat, action, rng)
        return Transition(state=new, events=tuple(events))

    def suggest(self, state: S, seat: Seat, ask: Ask) -> list[Choice[Any]]:
        """The game's suggestions, remembered by position, seat and ask: an autocomplete asks at each
        keystroke, again when the field gets the focus back, and the command's submit asks what the last
        keystroke asked; a menu is asked again at each click. The position is keyed by its content (its
        JSON), so a new move is a new key and two equal positions share one; choices are immutable."""
        key = (self.key, state.model_dump_json(), seat, ask)
        with _remembering:
            known = _remembered.get(key)
            if known is not None:
                _remembered.move_to_end(key)
                return list(known)
        fresh = tuple(self.table_rules.suggest(state, seat, ask))
        with _remembering:
            _remembered[key] = fresh
            while len(_remembered) > REMEMBERED:
                _remembered.popitem(last=False)
        return list(fresh)

    def describe_action(self, state: S, seat: Seat, action: Any) -> Text:
        return self.table_rules.describe(state, seat, action)

    def preview(self, state: S, seat: Seat, action: Any) -> Preview | None:
        return self.table_rules.preview(state, seat, action)

    def agent(self, level: str = "normal") -> Agent:
        return self.agent_type()

    # -- rules versions: a table state records the version it plays under in its `rules` field -----------
    def at_rules(self, state: S, version: int) -> S:
        """Every version from 1 to `rules_version` is known: the state records it, and the rules read it
        where they differ (a game says in its `rules_version` comment what each version changed)."""
        if not 1 <= version <= self.rules_version:
            return super().at_rules(state, version)
        return state.model_copy(update={"rules": version})

    def load_state(self, data: dict[str, Any]) -> S:
        """A snapshot saved before the rules version was recorded in the state is of version 1."""
        return super().load_state(data if "rules" in data else {**data, "rules": 1})
