"""One thread post per turn: the steps of a turn are held and posted together when the turn passes.

Pure bookkeeping (no Discord): what is held for a match, and when it must go out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from bot.services import Applied

#: A turn this long goes out even if the same seat plays on (a post must stay readable, and under
#: Discord's 2,000 characters with the board's embed and the buttons).
MAX_LINES = 20
MAX_CHARS = 1500
#: A turn left half-played goes out after this long anyway (the table should not wait for the end of a
#: turn its player walked away from).
MAX_AGE = 600.0


@dataclass(frozen=True)
class Seal:
    """A step's commitments as the thread must show them: their lines and the log's chain after it.
    `retry`: its own post was refused, a later one carries it (published late)."""

    seq: int
    chain: str
    lines: tuple[str, ...]
    retry: bool = False


@dataclass
class HeldTurn:
    lines: list[str] = field(default_factory=list)
    last_seq: int = -1
    board: bool = False  # a phase began or the match ended in it: the post carries the board image
    since: float | None = None  # monotonic time of the first step held
    seals: list[Seal] = field(default_factory=list)  # the commitments the post must carry to the thread
    #: The seat whose own move began the steps delivered last: an answer played for a seat at once
    #: (`Applied.forced`) goes on that seat's turn (kept when the held lines are taken).
    mover: int | None = None

    def add(self, step: Applied, lines: list[str], now: float | None = None, *, first: list[str] | None = None) -> None:
        """Hold a step's lines; `first` go before everything held (the result of the match: a long last
        post is split, and the result must open it, not be cut from its end)."""
        if not self:
            self.since = time.monotonic() if now is None else now
        self.lines = (first or []) + self.lines + lines
        self.last_seq = step.seq
        self.board = self.board or step.phase_changed or step.outcome is not None

    def stale(self, now: float, max_age: float = MAX_AGE) -> bool:
        return bool(self) and self.since is not None and now - self.since >= max_age

    def full(self) -> bool:
        return len(self.lines) >= MAX_LINES or sum(len(line) + 1 for line in self.lines) >= MAX_CHARS

    def take(self) -> HeldTurn:
        """What is held, leaving nothing."""
        out = HeldTurn(self.lines, self.last_seq, self.board, self.since, self.seals, self.mover)
        self.lines, self.board, self.since, self.seals = [], False, None, []
        return out

    def retry(self, seals: list[Seal], now: float | None = None) -> None:
        """Commitments whose post the thread refused: hold them again, first, for the next post."""
        if not self:
            self.since = time.monotonic() if now is None else now
        self.lines = [line for s in seals for line in s.lines] + self.lines
        self.seals = [Seal(s.seq, s.chain, s.lines, retry=True) for s in seals] + self.seals

    def __bool__(self) -> bool:
        return self.last_seq >= 0 and bool(self.lines or self.board)


def turn_over(step: Applied, to_act: set[int], mover: int | None = None) -> bool:
    """Whether the table must hear now: anything but a move, the end, or someone else to answer than
    the seat whose turn it is (`mover`: who began the steps, when the game answered this one for a
    seat; else the step's own seat). A step a forced answer follows at once is never the end of a turn."""
    if step.followed and step.outcome is None:
        return False
    seat = step.seat if mover is None else mover
    if step.kind != "action" or seat is None or step.outcome is not None:
        return True
    return to_act != {seat}
