"""The decision stack: every pending question of a match, who must answer it, and how.

A turn is rarely one question. A declared attack asks the defender to block; an instant opens a
response window; two players choose duel cards at once. The state holds these as a stack of
`Decision`s: `to_act` reads its top, answering pops it (or records one seat's answer of a
simultaneous decision), and the resolution that pushed it resumes. Game code pushes decisions; it
never loops waiting for them.

A decision with several seats is simultaneous: each seat answers once, in any order, and the
decision is complete when every seat has answered. A `secret` decision's answers stay hidden from
the other seats until it is complete: the match service commits each answer (a public hash) when it
is given, and the engine emits a REVEAL event when it resolves them (kernel.md §2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from .events import Seat


class Decision(BaseModel):
    """One pending question: who must answer, the decision family, simultaneous or not, secret or not.

    `context` is what presenters need to ask the question (public data only: it may reach a
    menu's title). `answers` holds the answers given so far to a simultaneous decision, by seat, as
    action JSON; views must never show one seat's answer to another while the decision is open.
    """

    model_config = ConfigDict(frozen=True)

    seats: tuple[Seat, ...]
    kind: str
    secret: bool = False
    context: dict[str, Any] = {}
    answers: dict[int, dict[str, Any]] = {}

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1

    def waiting(self) -> frozenset[Seat]:
        """The seats that still owe an answer."""
        return frozenset(s for s in self.seats if s not in self.answers)

    @property
    def complete(self) -> bool:
        return not self.waiting()

    def answered(self, seat: Seat, answer: dict[str, Any]) -> Decision:
        """This decision with `seat`'s answer recorded (the caller checked the seat was waiting)."""
        return self.model_copy(update={"answers": {**self.answers, seat: answer}})


def decision(kind: str, *seats: Seat, secret: bool = False, **context: Any) -> Decision:
    return Decision(seats=tuple(sorted(set(seats))), kind=kind, secret=secret, context=context)


def top(stack: Sequence[Decision]) -> Decision | None:
    return stack[-1] if stack else None


def waiting(stack: Sequence[Decision]) -> frozenset[Seat]:
    """Who must act now: the seats the top decision still waits for."""
    d = top(stack)
    return d.waiting() if d is not None else frozenset()


def push(stack: Sequence[Decision], d: Decision) -> list[Decision]:
    return [*stack, d]


def pop(stack: Sequence[Decision]) -> list[Decision]:
    return list(stack[:-1])


def replace_top(stack: Sequence[Decision], d: Decision) -> list[Decision]:
    return [*stack[:-1], d]


def find(stack: Sequence[Decision], kind: str) -> Decision | None:
    """The topmost decision of a family, if any is pending."""
    return next((d for d in reversed(stack) if d.kind == kind), None)
