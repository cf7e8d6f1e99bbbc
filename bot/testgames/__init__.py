"""The host's own test games (not among the five rule systems): small, but each exercises the kernel.

- `duel`: hidden hands, a secret simultaneous choice (committed, then revealed), a follow-up
  decision, phases and chance;
- `palet`: a continuous action (a puck placed anywhere on a 24"×24" board, integer coordinates),
  suggestions, typed coordinates, a preview before Confirm, and an AI over suggestions.

They are registered by the tests and by `python -m bot demo --with-test-game`, never in production.
"""

from __future__ import annotations

from typing import Any

from bot.engine import register

from . import duel, palet


def register_test_games() -> list[Any]:
    return [register(duel.GAME), register(palet.GAME)]
