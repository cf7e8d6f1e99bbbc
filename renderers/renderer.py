"""What draws one game: the `Renderer` each game's module (or the generic one) hands the registry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

if TYPE_CHECKING:
    from .skirmish import TableDrawing

#: A view (and keyword `locale`) to an image; a hand or a preview may have nothing to draw (None).
Draw = Callable[..., Image.Image]
MaybeDraw = Callable[..., Image.Image | None]


@dataclass(frozen=True, slots=True)
class Renderer:
    """What draws one game: its board and text summary always; a hand, a preview, a card where it has them;
    a table game's `TableDrawing` (`table`), whose public boards make the match's animated replay."""

    board: Draw
    summary: Callable[..., str]
    hand: MaybeDraw | None = None
    preview: MaybeDraw | None = None
    card: Draw | None = None
    table: TableDrawing | None = None


def own_hand(view: Any) -> Any:
    """The viewer's own hand in a view (`view.sides[viewer].hand`): None for the public view, or when the
    game does not show it."""
    return view.sides[view.viewer].hand if view.viewer is not None else None
