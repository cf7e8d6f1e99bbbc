"""Pending prompts: choices needed in the middle of a resolution.

The engine never waits. When a resolution needs a decision (targets, blockers, a duel card, the
order of triggers), the state holds a `Prompt`; `to_act` returns its seat, `legal_actions` lists
the answers, and the answer is an ordinary action that resumes the resolution.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from .text import Text


class Prompt(BaseModel):
    """A question one seat must answer before the game goes on."""

    model_config = ConfigDict(frozen=True)

    id: str
    seat: int
    kind: str
    question: Text
    context: dict[str, Any] = {}
