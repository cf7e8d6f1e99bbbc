"""`suggest`'s vocabulary: what a caller asks for (`Ask`) and what it gets back (`Choice`).

`check` is the legality oracle; `suggest` only proposes. For a card game it lists every legal action
(a property test checks that `check` accepts exactly that list); for a table game it proposes useful
values among infinitely many legal ones ("into contact with Gobelin 2", "12.5, 8" parsed from what
was typed), each one already checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from .text import Text

A = TypeVar("A")


class Ask(BaseModel):
    """What the caller wants suggested.

    - `kinds`: only actions of these kinds (a decision family: `/liber attaquer` asks for attacks);
    - `piece`: only actions about this piece or card (a figure chosen first, then its destinations);
    - `text`: what the player typed; a game may parse it into a value ("C7", "12.5 8") and return it
      as a `matched` choice; the edge also filters labels by it;
    - `limit`: at most this many choices (best first);
    - `labels`: whether the caller shows the choices (menus, autocomplete) and needs their labels and
      groups; agents and playouts do not, and skip their cost.
    """

    model_config = ConfigDict(frozen=True)

    kinds: tuple[str, ...] = ()
    piece: str | None = None
    text: str = ""
    limit: int | None = None
    labels: bool = True

    def wants(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds


#: Every choice, unlabelled: what agents, playouts and legality tests ask for.
ANY = Ask(labels=False)
#: The label of a choice asked for without labels.
NO_LABEL = Text(key="")


@dataclass(frozen=True, slots=True)
class Choice(Generic[A]):
    """One suggested action, already checked, with what a menu needs to show it.

    - `group` / `group_key`: menus show groups first when there are many choices (the card, then
      where to play it); `group_key` is a stable id of the group (e.g. the card id);
    - `score`: higher is better (menus and agents may sort by it);
    - `preview`: the edge shows a preview and asks Confirm before submitting (moves on a table);
    - `matched`: the game matched it to the typed `Ask.text` itself; the edge keeps it even when its
      label does not contain that text.

    `label` and `group` are `Text` and `group_key` a string, refused otherwise when the choice is made: a
    `{"key", "params"}` dict (an event parameter's shape) reaching a menu crashed the Play button.
    """

    action: A
    label: Text
    group: Text | None = None
    group_key: str | None = None
    score: float = 0.0
    preview: bool = False
    matched: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.label, Text):
            raise TypeError(f"a choice's label is a Text, not {type(self.label).__name__}")
        if self.group is not None and not isinstance(self.group, Text):
            raise TypeError(f"a choice's group is a Text or None, not {type(self.group).__name__}")
        if self.group_key is not None and not isinstance(self.group_key, str):
            raise TypeError(f"a choice's group_key is a str or None, not {type(self.group_key).__name__}")


def narrow(choices: list[Choice[A]], ask: Ask) -> list[Choice[A]]:
    """Apply the generic parts of an Ask (kinds, piece via `group_key`, limit) to a full list."""
    out = [c for c in choices if ask.wants(getattr(c.action, "kind", ""))]
    if ask.piece is not None:
        out = [c for c in out if c.group_key == ask.piece]
    return out[: ask.limit] if ask.limit is not None else out
