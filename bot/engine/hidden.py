"""What is hidden from whom, declared once per game (kernel.md, "Hidden information").

A game lists its zones of cards (a hand, a draw pile, Mana Orbs, a sequence) and who sees each:
everyone, its owner, or nobody. From that one declaration the kernel derives

- `redact(state, viewer)`: the state as `viewer` knows it (its *information set*), every zone the
  viewer may not see holding placeholders (`HIDDEN`, with uids that say nothing), sizes kept, and the
  answers of a secret decision given by other seats replaced by `HIDDEN_ANSWER` (that they answered is
  public). A game's view is built from this state only, so a view cannot show what the viewer may
  not see, and the view carries it (`SeatView.known`);
- `determinize(known, viewer, rng)`: a full state consistent with it, the viewer's unseen cards dealt
  at random into the hidden places from the cards their owner may have (`pool`) minus every card the
  viewer sees, for the AI's search;
- `private_info(state, seat)`: what only `seat` knows (its own zones, its secret answers), read by
  undo to refuse taking back a move that told a seat something.

Hidden information that is not cards in zones (Altered's face-down Tumult regions) is a `Fact`: the
game redacts and samples it itself, next to the declaration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .decisions import Decision
from .events import Seat
from .rng import RandomSource, shuffled

S = TypeVar("S", bound=BaseModel)

#: Who sees a zone's cards: every seat and the public, the seat that owns the zone, or nobody.
Seen = Literal["everyone", "owner", "nobody"]
#: The card id a redacted zone holds for each card the viewer cannot see.
HIDDEN = "?"
#: The answer a redacted secret decision holds for a seat that answered and is not the viewer.
HIDDEN_ANSWER: dict[str, Any] = {}
#: Where a zone's owner is no seat (Colors' monster activation pile).
NEUTRAL: tuple[Seat | None, ...] = (None,)

#: The card ids in one owner's zone (owner None: a neutral zone).
Read = Callable[[S, Seat | None], Sequence[str]]
#: The same zone holding these cards instead, one per place and in order (same length as its read),
#: with these uids for games whose card instances carry one; returns the state (frozen states a copy).
Put = Callable[[S, Seat | None, list[str], list[int]], S]


@dataclass(frozen=True)
class Zone(Generic[S]):
    """One place cards lie, per owner, and who sees them.

    `put` is needed only when someone may not see the zone. `ordered`: the order is information (a
    pile); a hand's is not, so `private_info` compares its cards sorted.
    """

    name: str
    seen_by: Seen
    read: Read[S]
    put: Put[S] | None = None
    ordered: bool = False
    owners: tuple[Seat | None, ...] = (0, 1)

    def seen(self, owner: Seat | None, viewer: Seat | None) -> bool:
        """Whether `viewer` (None: the public) sees the cards of `owner`'s zone."""
        if self.seen_by == "everyone":
            return True
        return self.seen_by == "owner" and viewer is not None and viewer == owner


@dataclass(frozen=True)
class Fact(Generic[S]):
    """Hidden information that is not cards in a zone, hidden from every seat: the game redacts it
    (`redact(state)`: what nobody may see removed) and samples it (`sample(state, rng)`: a value
    consistent with what is seen) itself."""

    name: str
    redact: Callable[[S], S]
    sample: Callable[[S, RandomSource], S]


def _same(state: S) -> S:
    return state


@dataclass(frozen=True)
class Hidden(Generic[S]):
    """A game's declaration of what is hidden from whom.

    `pool(state, owner)` lists every card that owner's zones may hold (a prebuilt deck's list is public;
    for a submitted one, any card the game allows there), in an order that depends on public facts
    only: what a seat has not seen of it is what it may be dealt. `copy(state)` returns a state the
    zones' `put` may change (mutable states clone, frozen ones return themselves). `stack`: the state
    keeps a decision stack whose secret answers are hidden from the other seats until the decision is
    complete; `answer(state, decision, seat, rng)` deals one at random for a seat whose answer the
    viewer cannot see (without it, that seat answers again in the dealt state).
    """

    zones: tuple[Zone[S], ...]
    pool: Callable[[S, Seat | None], Sequence[str]] | None = None
    facts: tuple[Fact[S], ...] = ()
    copy: Callable[[S], S] = _same
    stack: bool = True
    answer: Callable[[S, Decision, Seat, RandomSource], dict[str, Any]] | None = None
    _by_name: dict[str, Zone[S]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {z.name: z for z in self.zones})

    @property
    def nothing(self) -> bool:
        """Nothing is hidden from anyone (WarCry): no "show my hand" button."""
        return not self.facts and all(z.seen_by == "everyone" for z in self.zones)

    def sees(self, zone: str, owner: Seat | None, viewer: Seat | None) -> bool:
        """Whether `viewer` sees the cards of `owner`'s zone: a view shows them, else only their count."""
        return self._by_name[zone].seen(owner, viewer)

    # -- the information set ----------------------------------------------------------------------
    def redact(self, state: S, viewer: Seat | None) -> S:
        """The state as `viewer` knows it: what it may not see replaced by placeholders, sizes kept."""
        state = self.copy(state)
        for index, zone in enumerate(self.zones):
            for owner in zone.owners:
                if zone.seen(owner, viewer):
                    continue
                if zone.put is None:
                    raise TypeError(f"zone {zone.name} is hidden from someone but has no put")
                n = len(zone.read(state, owner))
                state = zone.put(state, owner, [HIDDEN] * n, _uids(index, owner, n))
        for fact in self.facts:
            state = fact.redact(state)
        return self._secret_answers(state, viewer) if self.stack else state

    def determinize(self, known: S, viewer: Seat | None, rng: RandomSource) -> S:
        """A full state consistent with `known` (a `redact`ed state): every place `viewer` cannot see
        dealt at random from what its owner may have and `viewer` has not seen, sizes kept.

        Reads nothing but `known`, so two states `viewer` cannot tell apart give the same deals."""
        state = self.copy(known)
        for owner in self._owners():
            state = self._deal(state, owner, viewer, rng)
        for fact in self.facts:
            state = fact.sample(state, rng)
        return self._deal_answers(state, rng) if self.stack else state

    def private_info(self, state: S, seat: Seat) -> dict[str, Any]:
        """What only `seat` knows: its zones only it sees, and its answers to open secret decisions."""
        out: dict[str, Any] = {}
        for zone in self.zones:
            if zone.seen_by == "owner" and seat in zone.owners:
                cards = list(zone.read(state, seat))
                out[zone.name] = cards if zone.ordered else sorted(cards)
        if self.stack:
            for i, d in enumerate(_stack(state)):
                if d.secret and seat in d.answers:
                    out[f"answer:{i}:{d.kind}"] = d.answers[seat]
        return out

    # -- helpers ----------------------------------------------------------------------------------
    def _owners(self) -> list[Seat | None]:
        owners: list[Seat | None] = []
        for zone in self.zones:
            owners += [o for o in zone.owners if o not in owners]
        return owners

    def _deal(self, state: S, owner: Seat | None, viewer: Seat | None, rng: RandomSource) -> S:
        """Deal `owner`'s cards `viewer` cannot see into its hidden places, in the zones' order."""
        mine = [(i, z) for i, z in enumerate(self.zones) if owner in z.owners]
        hidden = [(i, z) for i, z in mine if not z.seen(owner, viewer)]
        if not hidden:
            return state
        if self.pool is None:
            raise TypeError("a game that hides cards declares the pool they come from")
        if not any(z.read(state, owner) for _, z in hidden):
            return state
        pool = list(self.pool(state, owner))
        seen = Counter(c for _, z in mine if z.seen(owner, viewer) for c in z.read(state, owner))
        unseen = shuffled(rng, list((Counter(pool) - seen).elements()))  # in the pool's order, less what is seen
        for index, zone in hidden:
            n = len(zone.read(state, owner))
            while len(unseen) < n:  # more hidden cards than the list explains (cards made in play)
                if not pool:
                    raise ValueError(f"nothing to deal into {zone.name}: the pool is empty")
                unseen += shuffled(rng, pool)
            cards, unseen = unseen[:n], unseen[n:]
            assert zone.put is not None
            state = zone.put(state, owner, cards, _uids(index, owner, n))
        return state

    def _deal_answers(self, state: S, rng: RandomSource) -> S:
        """Each hidden answer dealt at random by the game (`answer`), or, if it deals none, taken
        back: in the dealt state that seat has yet to answer."""
        stack = _stack(state)
        if not any(HIDDEN_ANSWER in d.answers.values() for d in stack):
            return state
        dealt = []
        for d in stack:
            answers = {}
            for seat, given in d.answers.items():
                if given != HIDDEN_ANSWER:
                    answers[seat] = given
                elif self.answer is not None:
                    answers[seat] = self.answer(state, d, seat, rng)
            dealt.append(d.model_copy(update={"answers": answers}))
        return state.model_copy(update={"stack": _same_kind(stack, dealt)})

    def _secret_answers(self, state: S, viewer: Seat | None) -> S:
        """The stack with the answers other seats gave to a secret decision still open replaced by
        `HIDDEN_ANSWER`: that they answered is public, what they answered is not."""
        stack = _stack(state)
        if not any(d.secret and set(d.answers) - {viewer} for d in stack):
            return state
        kept = [
            d.model_copy(update={"answers": {s: a if s == viewer else HIDDEN_ANSWER for s, a in d.answers.items()}})
            if d.secret
            else d
            for d in stack
        ]
        return state.model_copy(update={"stack": _same_kind(stack, kept)})


def _stack(state: BaseModel) -> Sequence[Decision]:
    stack: Sequence[Decision] = getattr(state, "stack", ())
    return stack


def _same_kind(stack: Sequence[Decision], kept: list[Decision]) -> Sequence[Decision]:
    """`kept` as the state holds its stack: a tuple in the frozen states, a list in the others."""
    return tuple(kept) if isinstance(stack, tuple) else kept


def _uids(zone: int, owner: Seat | None, n: int) -> list[int]:
    """Placeholder uids: negative, one range per zone and owner, the same for every state, so they say
    nothing about the cards they stand for and never meet a real uid."""
    base = 1_000_000 + 1_000 * (16 * zone + (0 if owner is None else owner + 1))
    return [-(base + i) for i in range(n)]


class Known(Generic[S]):
    """A seat's information set: the state as `viewer` knows it (`Hidden.redact`)."""

    __slots__ = ("state", "viewer")

    def __init__(self, state: S, viewer: Seat | None) -> None:
        self.state = state
        self.viewer = viewer

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Known) and (self.viewer, self.state) == (other.viewer, other.state)


class SeatView(BaseModel, Generic[S]):
    """A view that carries the information set it was built from, for `determinize`. Never dumped
    nor shown: a view's JSON is its fields only."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    known: Known[S] | None = Field(default=None, exclude=True, repr=False)


M = TypeVar("M", bound=BaseModel)


def carried(target: type[M], source: BaseModel, **given: Any) -> M:
    """A `target` (a part of a view) holding every field `source` (a part of an information set) has
    under the same name, as it is, and the `given` ones: a view copies its public fields so instead of
    one by one. A field of the same name and another meaning is given."""
    names = type(source).model_fields
    same = {k: getattr(source, k) for k in target.model_fields if k in names and k not in given}
    return target(**same, **given)


V = TypeVar("V", bound=SeatView[Any])


def view_of(target: type[V], known: Known[Any], **given: Any) -> V:
    """The view `target` of an information set: `known` itself, its viewer, the fields its state has
    under the same name (`carried`) and the `given` ones."""
    return carried(target, known.state, known=known, viewer=known.viewer, **given)


def questions(stack: Sequence[Decision]) -> tuple[tuple[str, tuple[Seat, ...]], ...]:
    """The open decisions as a view lists them, bottom first: (kind, seats). Who must answer what is
    public; the answers are not."""
    return tuple((d.kind, d.seats) for d in stack)
