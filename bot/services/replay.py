"""Rebuilding a match's state from its log: with the recorded chance results, or from the seed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine import AnyGame, ReplayRng, Rng, SeatSpec
from bot.storage import LogEntry, SeatRecord


def seat_specs(seats: Sequence[SeatRecord]) -> list[SeatSpec]:
    return [SeatSpec(seat=s.seat, name=s.name, is_ai=s.is_ai, options=s.options) for s in seats]


#: A player asked the game's AI for advice (`bot/services/advice.py`): a notice in the log, the state
#: left alone, so that the table and the ratings know it was used.
ADVICE = "advice"

#: The kinds of log step this version writes. The host's own steps (a concession, a time-out, a judge's
#: ruling, a request for advice) leave the engine's state alone; an undo and a judge's rewind are
#: replayed by `replay_recorded`.
HOST_STEPS = frozenset({"setup", "concede", "timeout", "ruling", ADVICE})


class UnknownStep(ValueError):
    """A log step of a kind this version never wrote: a newer version played the match. Skipping it
    would load a state no version ever had, so the load is refused."""

    def __init__(self, seq: int, kind: str) -> None:
        super().__init__(f"step {seq} is of a kind this version does not know: {kind!r}")
        self.seq = seq
        self.kind = kind


def apply_entry(game: AnyGame, state: Any, entry: LogEntry, rng: Any) -> Any:
    """Apply one logged action (concede and other host entries leave the engine state alone); a step
    of a kind this version does not know raises `UnknownStep`."""
    if entry.kind in HOST_STEPS:
        return state
    if entry.kind != "action":
        raise UnknownStep(entry.seq, entry.kind)
    action = game.parse_action(entry.action)
    assert entry.seat is not None
    return game.apply(state, entry.seat, action, rng).state


#: A step that takes back a move (undo by consent), with the forced answers that followed it; the log
#: keeps them all.
UNDO = "undo"
#: A judge's step that takes the match back to the state after an earlier step, `meta["to"]`; the log
#: keeps every step in between (docs/reliability.md, "A judge's rewind").
REWIND = "rewind"
#: Steps whose state is snapshotted, so that no replay of a log's tail starts before one and crosses it.
SNAPSHOTTED = frozenset({"setup", UNDO, REWIND})


def rewind_targets(entries: Sequence[LogEntry]) -> set[int]:
    """The steps some rewind of these entries goes back to: the replay keeps the state after each."""
    return {int(e.meta["to"]) for e in entries if e.kind == REWIND}


def _rewound(entry: LogEntry, kept: dict[int, Any]) -> Any:
    """The state a rewind returns to, kept on the way (always there: a rewind step is snapshotted, so a
    replay of the tail never starts between the step it goes back to and itself)."""
    to = int(entry.meta["to"])
    if to not in kept:
        raise ValueError(f"the rewind at seq {entry.seq} goes back to step {to}, before this replay began")
    return kept[to]


def standing(entries: Sequence[LogEntry]) -> list[LogEntry]:
    """The steps still in effect after the whole log: an undo takes back its move and what followed it
    (`meta.undoes`; one logged before that field, the last action), a judge's rewind every step after the
    one it returns to. What counts moves (ratings) reads these, so that a taken-back move counts for none."""
    kept: list[LogEntry] = []
    for entry in entries:
        if entry.kind == UNDO:
            last = next((e.seq for e in reversed(kept) if e.kind == "action"), entry.seq)
            target = int(entry.meta.get("undoes", last))
            kept = [e for e in kept if e.seq < target]
        elif entry.kind == REWIND:
            to = int(entry.meta["to"])
            kept = [e for e in kept if e.seq <= to]
        else:
            kept.append(entry)
    return kept


def replay_recorded(game: AnyGame, state: Any, entries: Sequence[LogEntry]) -> Any:
    """Replay a tail of the log on a state, feeding each action its recorded chance results."""
    last = state
    for step in _replayed(game, state, entries):
        last = step[1]
    return last


def _replayed(game: AnyGame, state: Any, entries: Sequence[LogEntry]) -> Iterator[tuple[LogEntry, Any]]:
    """Each step of a tail of the log with the state after it, replayed on its recorded chance results:
    an undo returns to the state before the move it takes back, a rewind to the state after its step."""
    before: dict[int, Any] = {}
    targets = rewind_targets(entries)
    kept: dict[int, Any] = {}
    if entries and entries[0].seq - 1 in targets:
        kept[entries[0].seq - 1] = state
    for entry in entries:
        if entry.kind == UNDO:
            state, before = _undone(entry, before), {}
        elif entry.kind == REWIND:
            state, before = _rewound(entry, kept), {}
        else:
            rng = ReplayRng(entry.draws)
            after = apply_entry(game, state, entry, rng)
            if not rng.exhausted:
                raise ValueError(f"replay of seq {entry.seq} used fewer chance results than recorded")
            before = kept_before(before, entry, state)
            state = after
        if entry.seq in targets:
            kept[entry.seq] = state
        yield entry, state


def kept_before(before: dict[int, Any], entry: LogEntry, state: Any) -> dict[int, Any]:
    """The states an undo may return to, by the seq of the step it takes back: before the last move,
    and before each forced answer after it (an undo takes a move back with the forced answers it caused;
    one logged before those could be taken back took back the step just before it)."""
    if entry.kind != "action":
        return {}
    if entry.meta.get("forced"):
        return {**before, entry.seq: state}
    return {entry.seq: state}


def _undone(entry: LogEntry, before: dict[int, Any]) -> Any:
    """The state an undo returns to: the one before the step it takes back (`meta.undoes`; always there:
    an undo step is snapshotted, and so no replay starts between the move and its undo)."""
    target = entry.meta.get("undoes", max(before, default=None))
    if target not in before:
        raise ValueError(f"the undo at seq {entry.seq} does not follow the action it takes back")
    return before[target]


def rebuild(game: AnyGame, seats: Sequence[SeatRecord], options: dict[str, Any], entries: Sequence[LogEntry]) -> Any:
    """The state after the whole log, from the set-up on: every chance result comes from the log
    (the set-up's too), so a new version of an engine rebuilds an old match exactly."""
    if not entries or entries[0].kind != "setup":
        raise ValueError("a log starts with its set-up")
    start = entries[0].meta.get("start")
    if start is not None:  # a match tried from a step of another one records the state it began in
        return replay_recorded(game, game.load_state(start), entries[1:])
    rng = ReplayRng(entries[0].draws)
    state = under_its_rules(game, game.setup(seat_specs(seats), options, rng).state, entries[0])
    return replay_recorded(game, state, entries[1:])


def states_along(
    game: AnyGame, seats: Sequence[SeatRecord], options: dict[str, Any], entries: Sequence[LogEntry]
) -> list[tuple[int, Any]]:
    """The state after each step of a whole log, with its step's number, as `rebuild` replays it (the
    animated replay of a finished match draws them). A step taken back leaves no state: the undo step
    shows the state before it again."""
    if not entries or entries[0].kind != "setup":
        raise ValueError("a log starts with its set-up")
    start = entries[0].meta.get("start")
    if start is not None:
        state = game.load_state(start)
    else:
        rng = ReplayRng(entries[0].draws)
        state = under_its_rules(game, game.setup(seat_specs(seats), options, rng).state, entries[0])
    along = [(entries[0].seq, state)]
    for entry, after in _replayed(game, state, entries[1:]):
        if entry.kind == UNDO:  # the steps taken back are not shown: the undo shows the state before them
            undone = int(entry.meta.get("undoes", entry.seq - 1))
            along = [step for step in along if step[0] < undone]
        along.append((entry.seq, after))
    return along


def rules_of(setup: LogEntry) -> int:
    """The rules version a match began under: its set-up step says (one logged before it was recorded
    began under version 1)."""
    return int(setup.meta.get("rules", 1))


def under_its_rules(game: AnyGame, state: Any, setup: LogEntry) -> Any:
    """A state just set up again, made to follow the rules its match began under."""
    version = rules_of(setup)
    return state if version == game.rules_version else game.at_rules(state, version)


def replay_from_seed(
    game: AnyGame, seed: int, seats: Sequence[SeatRecord], options: dict[str, Any], entries: Sequence[LogEntry]
) -> tuple[Any, Rng]:
    """Replay the whole match from its seed with a live generator (an audit of determinism)."""
    rng = Rng(seed)
    start = entries[0].meta.get("start") if entries else None
    if start is not None:
        state = game.load_state(start)
        rng = Rng.from_state(entries[0].rng_after)  # the start was dealt from the seed: go on after it
    else:
        state = game.setup(seat_specs(seats), options, rng).state
        if entries:
            state = under_its_rules(game, state, entries[0])
    before: dict[int, Any] = {}
    targets = rewind_targets(entries)
    kept: dict[int, tuple[Any, list[int]]] = {}
    for entry in entries:
        if entry.kind == "setup":
            pass
        elif entry.kind == UNDO:  # an undone action drew no chance: the generator is where it was
            state, before = _undone(entry, before), {}
        elif entry.kind == REWIND:  # the state kept; the generator where it was then, or freshly seeded
            back, at = kept[int(entry.meta["to"])]
            fresh = entry.meta.get("seed")
            state, before, rng = back, {}, Rng.from_state(at) if fresh is None else Rng(int(fresh))
        else:
            after = apply_entry(game, state, entry, rng)
            before = kept_before(before, entry, state)
            state = after
        if entry.seq in targets:
            kept[entry.seq] = (state, rng.state())
    return state, rng
