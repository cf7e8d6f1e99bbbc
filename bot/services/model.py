"""In-memory shapes the service hands to its callers and ports."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.engine import AnyGame, Event, Outcome, Rng
from bot.storage import Commitment, MatchRecord, SeatRecord

from .timers import Timers


@dataclass(frozen=True, slots=True)
class Player:
    """A Discord user as the service knows them (ids and display data only)."""

    user_id: int
    name: str
    locale: str = "fr"


@dataclass(slots=True)
class Inbox:
    """Delivery's memory of one seat (not the match's: lost on a restart, which costs at most one DM).

    `lines` is what the seat has not seen since its last move; `dm_id` the DM that told it the game
    waits for it, edited while the seat has not acted; `digest` what that DM says now; `every` the
    digest of the private information last sent to a player who asked for a DM at every move.
    """

    lines: list[str] = field(default_factory=list)
    dm_id: int | None = None
    digest: str = ""
    every: str = ""
    #: When a DM to this player, who had closed them, was last tried and refused (« Voir ma main »).
    dm_refused_at: float | None = None
    #: When this player last moved (the service's clock): within their `away` minutes they play live.
    acted_at: float | None = None
    #: When the DM the game owes this live player falls due, if they do not act before (None: none owed).
    dm_due: float | None = None

    def forget_dm(self) -> None:
        """The next time the game waits for this seat, send a fresh DM rather than edit one."""
        self.dm_id, self.digest, self.every = None, "", ""


@dataclass(frozen=True, slots=True)
class Rows:
    """A match as its rows say: what a LiveMatch is made of, or refreshed from, when it is read."""

    rec: MatchRecord
    seats: list[SeatRecord]
    state: Any = None
    rng: Rng | None = None
    chain: str | None = None
    open_commitments: list[Commitment] = field(default_factory=list)


@dataclass(slots=True, weakref_slot=True)
class LiveMatch:
    """A loaded match: its record, seats and, once started, the engine state. A process holds at most
    one object per match (docs/storage.md, "One object per match"): reading it again refreshes this
    object in place, so whoever holds it (an AI task, a delivery, a handler) sees what the rows say."""

    rec: MatchRecord
    seats: list[SeatRecord]
    game: AnyGame
    state: Any = None
    rng: Rng | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    delivery: asyncio.Lock = field(default_factory=asyncio.Lock)
    inbox: dict[int, Inbox] = field(default_factory=dict)
    #: A pending request to take back a move: (its seq, the seat asking, the match's version then: the
    #: forced answers it caused go back with it); memory only (buttons expire).
    undo_request: tuple[int, int, int] | None = None
    #: The log's chain after its last step (`commitments.chain_link`); None before the first step.
    chain: str | None = None
    #: The commitments made and not yet opened (a REVEAL or the end opens them).
    open_commitments: list[Commitment] = field(default_factory=list)
    #: `rec.timers` as read last (the dict read, what it says): each step and each delivery asks for the
    #: timers, and reading the JSON again each time cost a tenth of an action (#30). Timers are never
    #: changed in place (each change returns a copy), so a record with the same dict has the same timers.
    _timers: tuple[dict[str, Any], Timers] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, rows: Rows, game: AnyGame) -> LiveMatch:
        live = cls(rec=rows.rec, seats=rows.seats, game=game)
        live.refresh(rows)
        return live

    def refresh(self, rows: Rows) -> None:
        """Take what the rows say, all at once (no await in between); what lives in memory only (the
        locks, the inboxes, a pending undo request) stays."""
        self.rec, self.seats, self.state, self.rng = rows.rec, rows.seats, rows.state, rows.rng
        self.chain, self.open_commitments = rows.chain, list(rows.open_commitments)

    @property
    def timers(self) -> Timers:
        """The match's timers, read from its record once per record."""
        raw = self.rec.timers
        if self._timers is None or self._timers[0] is not raw:
            self._timers = (raw, Timers.model_validate(raw))
        return self._timers[1]

    def keep_timers(self, raw: dict[str, Any], timers: Timers) -> None:
        """`timers` is what `raw` (the record's new dict) says: no need to read it."""
        self._timers = (raw, timers)

    def inbox_of(self, seat: int) -> Inbox:
        return self.inbox.setdefault(seat, Inbox())

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return self.rec.version

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, n: int) -> SeatRecord:
        return next(s for s in self.seats if s.seat == n)

    def seat_name(self, n: int) -> str:
        try:
            return self.seat(n).name
        except StopIteration:
            return f"#{n}"

    def to_act(self) -> frozenset[int]:
        if self.rec.status != "active" or self.state is None:
            return frozenset()
        return frozenset(self.game.to_act(self.state))


@dataclass(frozen=True, slots=True)
class Sealed:
    """A commitment made public by a step: whose (-1: nobody's), what ("answer", "deck"), its digest."""

    seat: int
    label: str
    digest: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """A commitment opened at reveal: anyone can recompute `digest` from the rest."""

    seq: int
    seat: int
    digest: str
    salt: str
    payload: str
    verified: bool
    label: str = "answer"


@dataclass(frozen=True, slots=True)
class Applied:
    """One accepted step, as the notifier needs it."""

    seq: int
    kind: str  # setup | action | concede | cancel
    seat: int | None
    action: Any
    events: tuple[Event, ...]
    phase_changed: bool
    outcome: Outcome | None
    sealed: tuple[Sealed, ...] = ()  # commitments published by this step (a locked choice, deck orders)
    reveals: tuple[Reveal, ...] = ()
    #: The log's chain after this step: posted with the commitments it seals, so the table holds it.
    chain: str | None = None
    #: Who had to act once this step was played. Delivery judges a step by it, not by who acts now: steps
    #: delivered again after a crash would otherwise each look like the end of a turn.
    to_act: frozenset[int] = frozenset()
    #: The game's one legal answer, played at once for the seat (`MoveOps._answer_forced`).
    forced: bool = False
    #: A forced answer follows at once: who acts after this step is not who the table waits for.
    followed: bool = False


@dataclass(frozen=True, slots=True)
class Fairness:
    """What `/partie verifier` found. Digests are recomputed from their salts and values; the log's chain
    is recomputed from the log and compared with the values the thread was shown (`posted`, of which
    `read_back` were read again from the thread's messages, the rest as recorded when posted)."""

    checked: int
    failed: list[Commitment]
    chained: bool = False  # False: a match saved before the chain; only its digests can be checked
    posted: int = 0
    read_back: int = 0
    mismatched: list[int] = field(default_factory=list)  # steps whose posted chain value differs
    unpublished: list[int] = field(default_factory=list)  # steps that sealed something never posted
    late: list[int] = field(default_factory=list)  # steps whose seal went out with a later post

    @property
    def ok(self) -> bool:
        return not (self.failed or self.mismatched or self.unpublished)
