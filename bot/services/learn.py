"""Learning matches (`/partie apprendre`): which decision a learner meets for the first time.

A learning match is an ordinary match against the easy AI whose options say `learn`: stored with the
match, so a restart keeps it, and never rated (an AI sits at the table). Each kind of decision is
introduced to the learner the first time they must answer it, once: what was introduced is derived
from the log, never remembered, so it is the same after a restart. A kind counts as introduced once
the learner has answered a decision of that kind themselves (a move of their own, neither played for
them as the one possible answer nor by the AI while they were away); until then, each time they open
their choices, the decision is still new to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import AnyGame, ReplayRng
from bot.i18n import catalog
from bot.storage import LogEntry

from .model import LiveMatch
from .replay import UNDO, apply_entry, rebuild

#: The match option marking a learning match (host-level: not one of the game's own options).
LEARN = "learn"
#: Matches whose walk through the log is kept in memory (it is rebuilt from the log when missing).
KEPT = 256


def is_learning(options: dict[str, Any]) -> bool:
    return bool(options.get(LEARN))


def intro_key(game_key: str, kind: str) -> str:
    """Where a game's folder holds the introduction of one of its decision kinds (its own catalog)."""
    return f"{game_key}.learn.{kind}"


def has_intro(game_key: str, kind: str, locale: str) -> bool:
    return catalog().has(intro_key(game_key, kind), locale)


def intro_rule(game: AnyGame, kind: str) -> str | None:
    """The /regle entry behind an introduction: the game's `learn_rules`, else the rule of the first
    action kind answering the decision."""
    if kind in game.learn_rules:
        return game.learn_rules[kind]
    return next((game.kind_rules[a] for a in game.answers.get(kind, ()) if a in game.kind_rules), None)


def own_answer(entry: LogEntry, seat: int) -> bool:
    """A move the learner chose: not the one possible answer played for them, not the AI's while away."""
    return entry.kind == "action" and entry.seat == seat and not entry.meta.get("forced") and not entry.meta.get("ai")


@dataclass(slots=True)
class Walk:
    """The log read up to `seen` steps: the state after them, the one before the last action (an undo
    returns to it), and the kinds the learner has answered."""

    seat: int
    seen: int = 0
    state: Any = None
    before: Any = None
    answered: set[str] = field(default_factory=set)

    def read(self, game: AnyGame, entries: Sequence[LogEntry]) -> None:
        """Go on through the steps not read yet (the log only grows: an undo is a step of its own)."""
        for entry in entries[self.seen :]:
            self.seen += 1
            if entry.kind == UNDO:
                if self.before is None:
                    raise ValueError(f"the undo at seq {entry.seq} does not follow the action it takes back")
                self.state, self.before = self.before, None
                continue
            if own_answer(entry, self.seat):
                kind = game.asking(self.state)
                if kind is not None:
                    self.answered.add(kind)
            after = apply_entry(game, self.state, entry, ReplayRng(entry.draws))
            self.before = self.state if entry.kind == "action" else None
            self.state = after


class Syllabus:
    """What each learner of each learning match has met, read from the log and kept per match."""

    def __init__(self) -> None:
        self._walks: dict[tuple[str, int], Walk] = {}

    def answered(self, live: LiveMatch, seat: int, entries: Sequence[LogEntry]) -> frozenset[str]:
        """The decision kinds `seat` has answered itself in this log (a prefix of the match's log)."""
        key = (live.id, seat)
        walk = self._walks.get(key)
        if walk is None or walk.seen > len(entries):
            if not entries:
                return frozenset()
            walk = Walk(seat, seen=1, state=rebuild(live.game, live.seats, live.rec.options, entries[:1]))
        walk.read(live.game, entries)
        self._walks.pop(key, None)
        self._walks[key] = walk  # the most recent last: the oldest goes first
        while len(self._walks) > KEPT:
            del self._walks[next(iter(self._walks))]
        return frozenset(walk.answered)

    def new_kind(self, live: LiveMatch, seat: int, entries: Sequence[LogEntry]) -> str | None:
        """The decision `seat` must answer now when it is new to them (they never answered one of its
        kind) and its game introduces it; else None."""
        if live.state is None or live.rec.status != "active" or seat not in live.to_act():
            return None
        kind = live.game.asking(live.state)
        if kind is None or kind in self.answered(live, seat, entries):
            return None
        return kind
