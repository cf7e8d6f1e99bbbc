"""The AI of WarCry: the solo procedure of « Pièges du destin » (procedure.py) on its seat's view.

Nothing is hidden in WarCry, so the view is the state. The solo side's choices carry the step that
decided them; on the player's side (the demo, the benchmark) the same procedure plays without them.
"""

from __future__ import annotations

from typing import Any

from bot.engine import RandomSource

from . import procedure


class SoloAgent:
    def choose(self, game: Any, view: Any, seat: int, rng: RandomSource) -> Any:
        state = game.determinize(view, rng)
        action = procedure.choose(state, seat)
        if seat != 1 and getattr(action, "why", None) is not None:
            action = action.model_copy(update={"why": None})
        return action
