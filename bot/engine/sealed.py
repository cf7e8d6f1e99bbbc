"""Hidden values committed in public: deck orders at set-up, and secret answers.

An engine that hides a value it chose by chance (the order of a shuffled deck) returns it as a
`Sealed` in its `Transition`; the match service publishes a commitment (SHA-256 of the value and a
128-bit salt) at once and opens it at the end of the match, so anyone can check that nobody, the bot
included, stacked a deck. Answers to a secret decision are sealed by the service itself when they are
given and opened when the engine emits a REVEAL naming their seats (kernel.md §2).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

#: Labels of what the service seals on its own.
ANSWER = "answer"


class Sealed(BaseModel):
    """A hidden value to commit now and open later.

    `label` names it in the public log ("deck"); `seat` is whose it is (None: nobody's, e.g. a shared
    pile); `payload` is any JSON value (the card ids in order, top of the pile last).
    """

    model_config = ConfigDict(frozen=True)

    label: str
    seat: int | None = None
    payload: Any
