"""Plain records the store reads and writes (no engine types: states and actions are JSON)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class MatchRecord:
    """A match row. `version` counts log steps (buttons carry it); `rev` counts every write to the
    row or its seats, and every write is conditional on the `rev` it read (optimistic concurrency)."""

    id: str
    game: str
    guild_id: int | None
    channel_id: int | None
    created_by: int
    seed: int
    status: str = "lobby"
    options: dict[str, Any] = field(default_factory=dict)
    thread_id: int | None = None
    version: int = 0
    rev: int = 0
    locale: str = "fr"
    phase: str = ""
    to_act: list[int] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    lobby_message_id: int | None = None
    broken: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    timers: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SeatRecord:
    seat: int
    name: str
    user_id: int | None = None
    is_ai: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    dm_ok: bool | None = None
    locale: str = "fr"
    #: An AI seat's difficulty (bot/ai/search.py LEVELS); None for people and for AI seats saved
    #: before levels existed, which play at normal.
    ai_level: str | None = None


@dataclass(slots=True)
class LogEntry:
    """One accepted step: `kind` is setup, action or concede; `draws` its chance results; `meta` what
    delivery needs to post it again after a crash (e.g. whether a phase began)."""

    seq: int
    kind: str
    seat: int | None
    action: dict[str, Any] | None
    draws: list[list[int]]
    rng_after: list[int]
    events: list[dict[str, Any]]
    created_at: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Commitment:
    """A sealed hidden value: a secret answer (label "answer") or a deck order (label "deck")."""

    seq: int
    seat: int
    digest: str
    salt: str
    payload: str
    revealed_seq: int | None = None
    label: str = "answer"

    @property
    def key(self) -> tuple[int, int, str]:
        return (self.seq, self.seat, self.label)


@dataclass(frozen=True, slots=True)
class Published:
    """The log's chain after step `seq`, as a thread post showed it (`message_id` in `channel_id`);
    `late` when it went out with a later post than its step's own, which Discord refused."""

    seq: int
    chain: str
    channel_id: int | None
    message_id: int | None
    late: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    seq: int
    state: dict[str, Any]
    state_version: int


@dataclass(slots=True)
class Rating:
    """A player's rating in one server and game (openskill: mean and uncertainty)."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """What the leaderboard ranks by: a cautious estimate (mean minus three uncertainties)."""
        return self.mu - 3 * self.sigma
