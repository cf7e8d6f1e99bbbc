"""The game protocol: one shape for every rule system the host runs.

Engines are pure: `setup` and `apply` return new states and events and never perform I/O, never
read the clock and draw chance only from the injected random source.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from .actions import parse_action
from .cards import CardInfo
from .errors import EngineError
from .events import Event, Seat
from .rng import RandomSource
from .text import Text, txt

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=BaseModel)
V = TypeVar("V", bound=BaseModel)


class SeatSpec(BaseModel):
    """Who sits where, as the engine needs to know it (no Discord ids)."""

    model_config = ConfigDict(frozen=True)

    seat: Seat
    name: str
    is_ai: bool = False
    options: dict[str, Any] = {}


class Transition(BaseModel, Generic[S]):
    """The result of `setup` or `apply`: the new state and what happened."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    state: S
    events: tuple[Event, ...] = ()


class Outcome(BaseModel):
    """How a match ended. No winner and `draw` = a draw."""

    model_config = ConfigDict(frozen=True)

    winners: tuple[Seat, ...] = ()
    reason: Text
    draw: bool = False
    scores: dict[str, int] | None = None


@runtime_checkable
class Game(Protocol[S, A, V]):
    """What the host needs from a rule system. `BaseGame` supplies the common parts."""

    key: str
    min_seats: int
    max_seats: int

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[S]: ...
    def to_act(self, state: S) -> frozenset[Seat]: ...
    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]: ...
    def apply(self, state: S, seat: Seat, action: A, rng: RandomSource) -> Transition[S]: ...
    def view(self, state: S, viewer: Seat | None) -> V: ...
    def outcome(self, state: S) -> Outcome | None: ...


class BaseGame(Generic[S, A, V]):
    """Common plumbing: parsing, (de)serialization, defaults for labels and phases.

    Subclasses set `key`, `state_type`, `action_type` (the discriminated union) and implement the
    six protocol methods.
    """

    key: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]]
    action_type: ClassVar[Any]
    _adapter: ClassVar[TypeAdapter[Any] | None] = None
    #: Player-facing strings, {locale: {key: format string}}; keys start with the game key, or
    #: with `error.<game>.` for the game's refusal messages.
    catalog: ClassVar[dict[str, dict[str, str]]] = {}
    #: Families of decisions, {french-slug: (action kinds, ...)}: the edge builds one command per
    #: family (`/<game> <slug> choix:`), its option listing only the legal actions of those kinds.
    #: Names and descriptions come from the catalog: `<game>.decision.<slug>` and `...<slug>.desc`.
    decisions: ClassVar[dict[str, tuple[str, ...]]] = {}

    # -- serialization ----------------------------------------------------------------------------
    @classmethod
    def action_adapter(cls) -> TypeAdapter[Any]:
        if cls.__dict__.get("_adapter") is None:
            cls._adapter = TypeAdapter(cls.action_type)
        assert cls._adapter is not None
        return cls._adapter

    def parse_action(self, data: Any) -> A:
        return parse_action(self.action_adapter(), data)

    def dump_state(self, state: S) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: dict[str, Any]) -> S:
        return self.state_type.model_validate(data)  # type: ignore[return-value]

    # -- options ----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check match options before a lobby is created; raise `EngineError` with a clear code."""
        return dict(options)

    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check one seat's options (a deck choice, a submitted list) when they join."""
        return dict(options)

    # -- presentation hooks (pure data, localized at the edge) ------------------------------------
    def phase(self, state: S) -> str:
        """A key that changes when a new phase or step starts: the host posts a new board then."""
        return str(getattr(state, "phase", ""))

    def describe_action(self, state: S, seat: Seat, action: A) -> Text:
        """The label of a button or menu option for this action."""
        return txt(f"{self.key}.action.{action.kind}", **action.model_dump(mode="json", exclude={"kind"}))  # type: ignore[attr-defined]

    def private_info(self, state: S, seat: Seat) -> Any:
        """What only `seat` knows now. The host DMs the seat whenever this changes.

        The default compares the seat's view with the public one; games may narrow it.
        """
        mine = self.view(state, seat).model_dump(mode="json")  # type: ignore[attr-defined]
        pub = self.view(state, None).model_dump(mode="json")  # type: ignore[attr-defined]
        return {k: v for k, v in mine.items() if k != "viewer" and pub.get(k) != v}

    #: The rule that explains each family of decisions, {action kind: rule id}, cited when a player
    #: asks for a decision that has no legal choice now (see `unavailable`).
    kind_rules: ClassVar[dict[str, str]] = {}

    def unavailable(self, state: S, seat: Seat, kinds: tuple[str, ...]) -> EngineError:
        """Why `seat` has no legal action of these kinds now: not their turn, or not this phase."""
        from .errors import IllegalAction

        if seat not in self.to_act(state):  # type: ignore[attr-defined]
            return EngineError("not_your_turn")
        rule = next((self.kind_rules[k] for k in kinds if k in self.kind_rules), None)
        return IllegalAction("wrong_phase", rule=rule)

    def cards(self) -> list[CardInfo]:
        """Every card of the game's content, for `/carte` (none by default)."""
        return []

    def ai_action(self, state: S, seat: Seat, rng: RandomSource) -> A | None:
        """A game's own AI move; None lets the host fall back to a generic agent."""
        return None

    def check_legal(self, state: S, seat: Seat, action: A) -> None:
        """The default legality check: the action must be one of `legal_actions`."""
        if seat not in self.to_act(state):  # type: ignore[attr-defined]
            raise EngineError("not_your_turn")
        if action not in self.legal_actions(state, seat):  # type: ignore[attr-defined]
            from .errors import IllegalAction

            raise IllegalAction("illegal_action")
