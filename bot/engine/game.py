"""The game protocol: one shape for every rule system the host runs (kernel.md §1-3).

Engines are pure: `setup` and `apply` return new states and events and never perform I/O, never
read the clock and draw chance only from the injected random source. `check` is the one legality
oracle; `suggest` proposes finite, ranked, already-checked choices; `apply` assumes `check` passed.
The host (service, cogs, AI seats) uses these members and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from . import codec
from .actions import parse_action
from .cards import CardInfo
from .choices import NO_LABEL, Ask, Choice, narrow
from .decisions import Decision
from .errors import EngineError, IllegalAction
from .events import Event, Seat
from .hidden import Hidden, Known, SeatView
from .rng import RandomSource
from .sealed import Sealed
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
    """The result of `setup` or `apply`: the new state, what happened, and what to seal."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    state: S
    events: tuple[Event, ...] = ()
    sealed: tuple[Sealed, ...] = ()


class Outcome(BaseModel):
    """How a match ended. No winner and `draw` = a draw."""

    model_config = ConfigDict(frozen=True)

    winners: tuple[Seat, ...] = ()
    reason: Text
    draw: bool = False
    scores: dict[str, int] | None = None

    @classmethod
    def of(cls, winners: Sequence[Seat], reason: Text, scores: dict[str, int] | None = None) -> Outcome:
        """A finished match: won by `winners`, a draw when nobody won."""
        return cls(winners=tuple(winners), reason=reason, draw=not winners, scores=scores)


class Preview(BaseModel):
    """What the edge shows before a player confirms a previewed choice (a move on a table).

    `lines` are localized at the edge (distance used and left, contacts, attacks provoked);
    `overlay` is renderer data (a path, a range) drawn over the submitting seat's view.
    """

    model_config = ConfigDict(frozen=True)

    lines: tuple[Text, ...] = ()
    overlay: dict[str, Any] = {}


class Agent(Protocol):
    """An AI player. It receives its seat's view, never a state (kernel.md §3)."""

    def choose(self, game: Game[Any, Any, Any], view: Any, seat: Seat, rng: RandomSource) -> Any: ...


@runtime_checkable
class Game(Protocol[S, A, V]):
    """What the host needs from a rule system. `BaseGame` supplies the common parts."""

    # Read-only members: a game declares them as class attributes (`BaseGame`).
    @property
    def key(self) -> str: ...
    @property
    def min_seats(self) -> int: ...
    @property
    def max_seats(self) -> int: ...
    @property
    def families(self) -> Mapping[str, tuple[str, ...]]:
        """{french-slug: (action kinds, ...)}: one `/<game> <slug> choix:` command per family."""
        ...

    @property
    def catalog(self) -> Mapping[str, Mapping[str, str]]:
        """Player-facing strings, {locale: {key: format string}}."""
        ...

    @property
    def state_version(self) -> int:
        """Bumped when the state's shape changes: older snapshots are rebuilt from the log."""
        ...

    @property
    def hides_nothing(self) -> bool:
        """Nothing is private in this game (WarCry): no "show my hand" button under its messages."""
        ...

    @property
    def rules_version(self) -> int:
        """Bumped when a rule changes what a logged move does: a match keeps the rules it began under."""
        ...

    @property
    def solo(self) -> bool:
        """The game plays every seat but the first itself (WarCry's solo warband): its AI sits at creation."""
        ...

    @property
    def disclosing(self) -> frozenset[str]:
        """Public event kinds that show something nobody saw before: a move emitting one cannot be undone."""
        ...

    @property
    def answers(self) -> Mapping[str, tuple[str, ...]]:
        """{decision kind: action kinds answering it}: every kind of decision a player meets."""
        ...

    @property
    def kind_rules(self) -> Mapping[str, str]:
        """{action kind: rule id}: the /regle entry explaining each kind of action."""
        ...

    @property
    def learn_rules(self) -> Mapping[str, str]:
        """{decision kind: rule id}: the /regle entry a learning match shows with a decision met first."""
        ...

    # -- lifecycle -------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]: ...
    def at_rules(self, state: S, version: int) -> S: ...
    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]: ...
    def scenarios(self, typed: str, locale: str) -> Sequence[tuple[str, str]]: ...
    def option_lines(self, options: Mapping[str, Any]) -> Sequence[Text]: ...
    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[S]: ...
    def outcome(self, state: S) -> Outcome | None: ...

    # -- decisions -------------------------------------------------------------------------------
    def to_act(self, state: S) -> frozenset[Seat]: ...
    def pending(self, state: S) -> Decision | None: ...
    def forced(self, state: S, seat: Seat) -> A | None: ...
    def passed(self, state: S, seat: Seat) -> A | None: ...
    def asking(self, state: S) -> str | None: ...
    def check(self, state: S, seat: Seat, action: A) -> None: ...
    def suggest(self, state: S, seat: Seat, ask: Ask) -> Sequence[Choice[A]]: ...
    def apply(self, state: S, seat: Seat, action: A, rng: RandomSource) -> Transition[S]: ...
    def is_secret(self, state: S, seat: Seat, action: A) -> bool: ...
    def unavailable(self, state: S, seat: Seat, kinds: tuple[str, ...]) -> EngineError: ...

    # -- information -----------------------------------------------------------------------------
    def view(self, state: S, viewer: Seat | None) -> V: ...
    def private_info(self, state: S, seat: Seat) -> Any: ...
    def determinize(self, view: V, rng: RandomSource) -> S: ...
    def agent(self, level: str = "normal") -> Agent | None: ...
    def ai_seat_options(self, level: str) -> dict[str, Any]: ...

    # -- presentation ----------------------------------------------------------------------------
    def phase(self, state: S) -> str: ...
    def describe_action(self, state: S, seat: Seat, action: A) -> Text: ...
    def preview(self, state: S, seat: Seat, action: A) -> Preview | None: ...
    def cards(self) -> Sequence[CardInfo]: ...

    # -- serialization ---------------------------------------------------------------------------
    def parse_action(self, data: Any) -> A: ...
    def encode_action(self, action: A) -> str: ...
    def decode_action(self, code: str) -> A: ...
    def dump_state(self, state: S) -> dict[str, Any]: ...
    def load_state(self, data: dict[str, Any]) -> S: ...


AnyGame = Game[Any, Any, Any]


class BaseGame(Generic[S, A, V]):
    """Common plumbing: (de)serialization, defaults for options, labels, phases and secrets.

    Subclasses set `key`, `state_type`, `view_type`, `action_type` (the discriminated union) and
    implement `setup`, `to_act` (or keep a `stack` on the state and use `pending`), `answers` and
    `check_rules` (the kernel's `check` opens every check), `suggest`, `apply`, `view`, `determinize`
    and `outcome`.
    """

    key: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    state_version: ClassVar[int] = 1
    #: Bumped when a rule changes what a logged move does (docs/kernel.md, "Rules versions"): the set-up
    #: step records it, and a match begun under an older one is replayed and played on under it.
    rules_version: ClassVar[int] = 1
    state_type: ClassVar[type[BaseModel]]
    action_type: ClassVar[Any]
    catalog: ClassVar[dict[str, dict[str, str]]] = {}
    families: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The rule that explains each family of decisions, {action kind: rule id}, cited when a player
    #: asks for a decision that has no legal choice now (see `unavailable`).
    kind_rules: ClassVar[dict[str, str]] = {}
    #: Which action kinds answer each decision kind, {decision kind: (action kinds, ...)}: the kernel
    #: refuses any other kind (`check`) before the game's rules run. Empty: the game has one decision.
    answers: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: For a decision kind, the catalog key of a sentence saying what it asks ("A duel is under way: play
    #: a card face down or pass."), told to a player whose action does not answer it.
    asks: ClassVar[dict[str, str]] = {}
    #: The /regle entry introducing each decision kind in a learning match (`bot/services/learn.py`),
    #: where the rule of the decision's first action kind is not the one that explains it.
    learn_rules: ClassVar[dict[str, str]] = {}
    #: Nothing is private in this game (WarCry): no "show my hand" button under its messages. Derived
    #: from `hidden` when the game declares it.
    hides_nothing: ClassVar[bool] = False
    #: The game plays every seat but the first itself (WarCry's solo warband): its AI takes the other
    #: seat when the match is created, nobody else joins, and a rematch keeps the seats as they were.
    solo: ClassVar[bool] = False
    #: Public event kinds that show something nobody saw before (a card turned from a shuffled pile):
    #: a move that emits one cannot be taken back (private events and REVEAL already say so).
    disclosing: ClassVar[frozenset[str]] = frozenset()
    #: What is hidden from whom (`bot/engine/hidden.py`): `view`, `determinize` and `private_info`
    #: derive from it. None: the game writes its own `view` and `determinize`.
    hidden: ClassVar[Hidden[Any] | None] = None
    #: Decision kinds asked even when they leave one legal answer (`forced`): answered at once, the
    #: answer's timing would tell the table what is hidden (an empty hand of instants). A `secret`
    #: decision is always asked too: its answers are simultaneous and sealed.
    always_ask: ClassVar[frozenset[str]] = frozenset()
    #: Decision kinds that leave a choice in all but rare positions (a table game's activation: finishing
    #: it beside every move and attack), asked without looking for a single answer: `forced` would need
    #: the whole move search (60-110 ms) after every step, for about one answer in a hundred.
    open_choice: ClassVar[frozenset[str]] = frozenset()
    _adapter: ClassVar[TypeAdapter[Any] | None] = None
    _classes: ClassVar[dict[str, type[BaseModel]] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.hidden is not None and "hides_nothing" not in cls.__dict__:
            cls.hides_nothing = cls.hidden.nothing

    # -- serialization ----------------------------------------------------------------------------
    @classmethod
    def action_adapter(cls) -> TypeAdapter[Any]:
        adapter = cls.__dict__.get("_adapter")
        if adapter is None:
            adapter = TypeAdapter(cls.action_type)
            cls._adapter = adapter
        return adapter

    @classmethod
    def action_classes(cls) -> dict[str, type[BaseModel]]:
        classes = cls.__dict__.get("_classes")
        if classes is None:
            classes = codec.classes_by_kind(cls.action_type)
            cls._classes = classes
        return classes

    def parse_action(self, data: Any) -> A:
        action: A = parse_action(self.action_adapter(), data)
        return action

    def encode_action(self, action: A) -> str:
        return codec.encode(action)

    def decode_action(self, code: str) -> A:
        action: A = codec.decode(code, self.action_classes(), self.action_adapter())
        return action

    def dump_state(self, state: S) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: dict[str, Any]) -> S:
        return cast(S, self.state_type.model_validate(data))

    def at_rules(self, state: S, version: int) -> S:
        """A set-up state made to follow the rules of `version`, for a match begun under it (rebuilt from
        its log). A game that bumps `rules_version` keeps the older rules and says here how a state
        selects them."""
        if version != self.rules_version:
            raise EngineError("unknown_rules", game=self.key, version=str(version))
        return state

    # -- options ----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check match options before a lobby is created; raise `EngineError` with a clear code."""
        return dict(options)

    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check one seat's options (a deck choice, a submitted list) when they join."""
        return dict(options)

    def scenarios(self, typed: str, locale: str) -> Sequence[tuple[str, str]]:
        """`/partie nouvelle scenario:`: (name, value) of the set-ups a creator may choose, matching what
        they typed (WarCry: its battleplans); none for a game without any. The value reaches
        `validate_options` as the option `scenario`."""
        return ()

    def option_lines(self, options: Mapping[str, Any]) -> Sequence[Text]:
        """The lobby's lines for the game's own options that decide the match (WarCry: its battleplan)."""
        return ()

    # -- decisions --------------------------------------------------------------------------------
    def pending(self, state: S) -> Decision | None:
        """The top of the state's decision stack (`state.stack`), if the game keeps one."""
        stack: Sequence[Decision] = getattr(state, "stack", ())
        return stack[-1] if stack else None

    def to_act(self, state: S) -> frozenset[Seat]:
        d = self.pending(state)
        return d.waiting() if d is not None else frozenset()

    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or None while it goes on; every game defines it."""
        raise NotImplementedError

    def forced(self, state: S, seat: Seat) -> A | None:
        """The one legal answer `seat` has to the decision asked now, when answering it for them
        tells nobody anything (not `always_ask`, not secret); None when there is a real choice.

        A question with one answer is no question: the host plays it at once as the seat's move (a
        step of the log, so it replays). `suggest` is the list: a card game's is every legal action;
        a table game's lists at least one choice of every kind that has a legal answer, so one choice
        means one answer (what the Play menu would offer alone).
        """
        if self.outcome(state) is not None or seat not in self.to_act(state):
            return None
        d = self.pending(state)
        kind = self.asking(state) or ""
        if (d is not None and d.secret) or kind in self.always_ask or kind in self.open_choice:
            return None
        choices = self.suggest(state, seat, Ask(labels=False, limit=2))
        return choices[0].action if len(choices) == 1 else None

    def passed(self, state: S, seat: Seat) -> A | None:
        """The answer that leaves things as they are ("nothing"), when the seat's own hidden cards hold
        nothing that could answer now; None otherwise (the default: no game reads a hand for this).

        Unlike `forced`, this reads what only the seat knows: the host plays it for them unless they
        asked to be asked all the same (`/preferences pile:`), and the step must read the same to the
        others as a person's own "nothing" (Colors: D-COL-38).
        """
        return None

    def asking(self, state: S) -> str | None:
        """The kind of the decision the seats to act answer now (the top of the stack), read against
        `answers`. A game whose phases are not all on its stack (Liber) names its own."""
        d = self.pending(state)
        return d.kind if d is not None else None

    def check(self, state: S, seat: Seat, action: A) -> None:
        """The kernel's opening, the same for every game, then the game's own rules (`check_rules`):
        the match is not over, the seat must decide now, and the action's kind answers the decision."""
        if self.outcome(state) is not None:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        if self.answers:
            kind = str(getattr(action, "kind", ""))
            if kind not in self.answers.get(self.asking(state) or "", ()):
                raise self.not_now(state, (kind,))
        self.check_rules(state, seat, action)

    def suggest(self, state: S, seat: Seat, ask: Ask) -> Sequence[Choice[A]]:
        """Finite, ranked, already-checked choices (`FiniteGame` lists them all; a table game proposes)."""
        raise NotImplementedError

    def check_rules(self, state: S, seat: Seat, action: A) -> None:
        """The game's rules for an action `check` let through: raise `IllegalAction(code, rule=...)`."""
        raise NotImplementedError

    def not_now(self, state: S, kinds: tuple[str, ...]) -> IllegalAction:
        """The refusal of an action of these kinds at this point: the rule of the kind, and what the
        pending decision asks instead when the game says it."""
        rule = next((self.kind_rules[k] for k in kinds if k in self.kind_rules), None)
        asking = self.asking(state) or ""
        key = self.asks.get(asking) if not set(kinds) & set(self.answers.get(asking, ())) else None
        return IllegalAction("wrong_phase", rule=rule, asked=txt(key or "error.wrong_phase.any"))

    def is_secret(self, state: S, seat: Seat, action: A) -> bool:
        """Whether this answer is a hidden choice the service must commit before anyone sees it."""
        d = self.pending(state)
        return bool(d is not None and d.secret and seat in d.seats)

    def unavailable(self, state: S, seat: Seat, kinds: tuple[str, ...]) -> EngineError:
        """Why `seat` has no legal action of these kinds now: not their turn, or not this phase."""
        if self.outcome(state) is not None:
            return IllegalAction("game_over")
        if seat not in self.to_act(state):
            return EngineError("not_your_turn")
        return self.not_now(state, kinds)

    # -- information ------------------------------------------------------------------------------
    def view(self, state: S, viewer: Seat | None) -> V:
        """What one seat may see (None: the public): the game's `show` of the state as the seat knows
        it (`hidden.redact`), so nothing the seat may not see can reach the view."""
        if self.hidden is None:
            raise NotImplementedError
        return self.show(Known(self.hidden.redact(state, viewer), viewer))

    def show(self, known: Known[S]) -> V:
        """The view of an information set: its state holds placeholders where the viewer may not see
        (`hidden.sees` says which zones to show as a count); the view carries `known`."""
        raise NotImplementedError

    def determinize(self, view: V, rng: RandomSource) -> S:
        """A full state consistent with `view`, the places its seat cannot see dealt at random."""
        if self.hidden is None or not isinstance(view, SeatView) or view.known is None:
            raise NotImplementedError
        known: Known[S] = view.known
        return cast(S, self.hidden.determinize(known.state, known.viewer, rng))

    def private_info(self, state: S, seat: Seat) -> Any:
        """What only `seat` knows now. The host tells the seat when this changes.

        Derived from `hidden`; without it, what the seat's view shows and the public one does not.
        """
        if self.hidden is not None:
            return self.hidden.private_info(state, seat)
        mine = self.view(state, seat).model_dump(mode="json")
        pub = self.view(state, None).model_dump(mode="json")
        return {k: v for k, v in mine.items() if k != "viewer" and pub.get(k) != v}

    def agent(self, level: str = "normal") -> Agent | None:
        """The game's own AI; None lets the host fall back to a random legal choice."""
        return None

    def ai_seat_options(self, level: str) -> dict[str, Any]:
        """Seat options an AI seat of this level brings (WarCry: the solo warband's difficulty)."""
        return {}

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: S) -> str:
        """A key that changes when a new phase or step starts: the host posts a new board then."""
        return str(getattr(state, "phase", ""))

    def describe_action(self, state: S, seat: Seat, action: A) -> Text:
        """The label of a button or menu option for this action."""
        data = action.model_dump(mode="json")
        kind = data.pop("kind")
        return txt(f"{self.key}.action.{kind}", **data)

    def preview(self, state: S, seat: Seat, action: A) -> Preview | None:
        return None

    def cards(self) -> Sequence[CardInfo]:
        """Every card of the game's content, for `/carte` (none by default)."""
        return []


class FiniteGame(BaseGame[S, A, V]):
    """A game whose legal actions can all be listed (the card games): `suggest` lists them all.

    Subclasses implement `legal_actions` (the full list, built from candidates filtered by `check`)
    and may override `group_of` to group menu entries (a card, then where it goes).
    """

    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        raise NotImplementedError

    def group_of(self, state: S, seat: Seat, action: A) -> tuple[str, Text] | None:
        """(stable key, label) of the menu group of an action, or None."""
        return None

    def suggest(self, state: S, seat: Seat, ask: Ask) -> list[Choice[A]]:
        if seat not in self.to_act(state):
            return []
        out: list[Choice[A]] = []
        for action in self.legal_actions(state, seat):
            if not ask.wants(str(getattr(action, "kind", ""))):
                continue
            if not ask.labels:
                out.append(Choice(action=action, label=NO_LABEL))
                continue
            group = self.group_of(state, seat, action)
            out.append(
                Choice(
                    action=action,
                    label=self.describe_action(state, seat, action),
                    group=group[1] if group else None,
                    group_key=group[0] if group else None,
                )
            )
        return narrow(out, ask)
