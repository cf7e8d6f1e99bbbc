"""Typed actions: every decision is a frozen pydantic model with a `kind` discriminator.

A game's action type is a discriminated union of its action classes; `action_adapter(union)`
gives the parser the host uses to read an action back from the event log or a component.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import MalformedAction

A = TypeVar("A", bound="Action")


class Action(BaseModel):
    """Base of all actions.

    `secret = True` marks a hidden simultaneous choice (a face-down card, a secret sequence): the
    host publishes a commitment (hash) when it is locked, and the choice with its salt at reveal.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    secret: ClassVar[bool] = False

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class Concede(Action):
    """Leave the match: handled by the match service for every game, never by an engine."""

    kind: str = "concede"


def parse_action(adapter: TypeAdapter[Any], data: Any) -> Any:
    """Validate raw data into an action; any problem becomes a `MalformedAction`."""
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        raise MalformedAction("malformed_action", detail=exc.errors()[0].get("msg", "")) from exc
