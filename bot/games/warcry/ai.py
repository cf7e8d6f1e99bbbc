"""The AI of WarCry: the solo procedure of « Pièges du destin » (procedure.py) on its seat's view.

Nothing is hidden in WarCry, so the view is the state. The solo side's choices carry the step that
decided them; on the player's side (the demo, the benchmark) the same procedure plays without them.
"""

from __future__ import annotations

from typing import Any

from bot.ai.advice import Advice
from bot.engine import RandomSource, Text

from . import procedure
from .actions import Why


class SoloAgent:
    def choose(self, game: Any, view: Any, seat: int, rng: RandomSource) -> Any:
        state = game.determinize(view, rng)
        action = procedure.choose(state, seat)
        if seat != 1 and getattr(action, "why", None) is not None:
            action = action.model_copy(update={"why": None})
        return action

    def advise(self, game: Any, view: Any, seat: int, rng: RandomSource) -> Advice | None:
        """The booklet's choice for this side, and the step that made it (the procedure's `why`, what the
        solo side's lines show); a choice the booklet gives no step for (a split, a wild die) has none."""
        action = procedure.choose(game.determinize(view, rng), seat)
        if action is None:
            return None
        why: Why | None = getattr(action, "why", None)
        if why is not None and seat != 1:
            action = action.model_copy(update={"why": None})  # only the solo side's moves carry it
        return Advice(action, reason(why))


def reason(why: Why | None) -> Text | None:
    """A booklet step as a player reads it (« C5 : un ennemi à portée menaçante → … »)."""
    return None if why is None else Text(key=f"warcry.why.{why.step}", params=dict(why.params))
