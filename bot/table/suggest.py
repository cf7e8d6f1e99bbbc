"""What the table games' `suggest` share: from the candidates a game proposes (useful values among
infinitely many legal ones), the choices a menu or an agent gets.

A game lists its candidates for the decision asked, each with why it is proposed and whether it is
what the player typed; `offered` keeps those of the kinds asked that the game's rules accept, each
once (the first time it is proposed), labels them when the caller shows them, and narrows them to the
piece and the number asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine import Ask, Choice, IllegalAction, Text, txt
from bot.engine.choices import NO_LABEL

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Candidate:
    """An action a table game proposes: why (said after its label), and whether the player typed it."""

    action: Any
    why: Text | None = None
    typed: bool = False


def accepts(check: Callable[[S, int, Any], None], state: S, seat: int) -> Callable[[Any], bool]:
    """Whether the game's rules (`rules.check`: the kernel has opened `check` already) accept an action."""

    def ok(action: Any) -> bool:
        try:
            check(state, seat, action)
        except IllegalAction:
            return False
        return True

    return ok


def offered(
    candidates: Iterable[Candidate],
    ask: Ask,
    *,
    ok: Callable[[Any], bool],
    describe: Callable[[Any], Text],
    piece: Callable[[Any], str | None],
    previewed: Callable[[Any], bool],
    because: str | None = None,
    keep: Callable[[Candidate], bool] | None = None,
) -> list[Choice[Any]]:
    """The choices offered for `ask`: `ok` is the rules' verdict, `describe` the label, `piece` the
    group (the figure or the card), `previewed` whether Confirm follows a preview; `because` is the
    catalog key of "<label>: <why>"; `keep` may still drop a checked, new candidate (two moves that end
    on the same spot)."""
    out: list[Choice[Any]] = []
    seen: set[str] = set()
    for c in candidates:
        if not ask.wants(c.action.kind) or not ok(c.action):
            continue
        key = c.action.model_dump_json()
        if key in seen or (keep is not None and not keep(c)):
            continue
        seen.add(key)
        label = describe(c.action) if ask.labels else NO_LABEL
        if ask.labels and because is not None and c.why is not None:
            label = txt(because, action=label, reason=c.why)
        out.append(
            Choice(
                action=c.action, label=label, group_key=piece(c.action), preview=previewed(c.action), matched=c.typed
            )
        )
    if ask.piece is not None:
        out = [c for c in out if c.group_key == ask.piece]
    return out[: ask.limit] if ask.limit else out
