"""Actions by value: a compact, reversible text encoding for custom_ids and option values.

A button or an autocomplete value carries the action itself, never its index in a list (a table move
has no list). The encoding is the action's kind, `~`, then its field values in declaration order as
JSON without the outer brackets, trailing defaults dropped:

    Attack(attacker=(0, 1, 2), target=(1, 2, 3))   ->  attack~[0,1,2],[1,2,3]
    End()                                           ->  end~
    Place(x=3048, y=1270)                           ->  place~3048,1270

Everything in it is public (it is the action a player submits, visible in the log anyway); secret
choices travel only in ephemeral or DM messages, whose custom_ids only their owner sees.
"""

from __future__ import annotations

import functools
import json
import typing
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import PydanticUndefined

from .actions import parse_action
from .errors import MalformedAction

SEP = "~"


def encode(action: BaseModel) -> str:
    """The compact form of an action (see the module docstring)."""
    data = action.model_dump(mode="json")
    names, defaults = _layout(type(action))
    values = [data[name] for name in names]
    while values and values[-1] == defaults[len(values) - 1]:
        values.pop()
    body = json.dumps(values, separators=(",", ":"), ensure_ascii=False)[1:-1]
    return f"{data['kind']}{SEP}{body}"


@functools.cache
def _layout(cls: type[BaseModel]) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """The fields an action's code lists, in order, and their defaults as JSON (computed once per
    class: building a TypeAdapter per call made encoding the search's hottest line)."""
    fields = [(name, f) for name, f in cls.model_fields.items() if name != "kind"]
    return tuple(n for n, _ in fields), tuple(_default(f) for _, f in fields)


def _default(field: Any) -> Any:
    if field.default is PydanticUndefined:
        return _Missing
    return _ANY.dump_python(field.default, mode="json")


_ANY: TypeAdapter[Any] = TypeAdapter(Any)


class _Missing:
    """Sentinel: a required field is never dropped."""


def classes_by_kind(action_type: Any) -> dict[str, type[BaseModel]]:
    """The action classes of a discriminated union (or of a single class), by kind."""
    args = typing.get_args(action_type)
    if args and typing.get_origin(action_type) is typing.Annotated:
        return classes_by_kind(args[0])
    members = args if args else (action_type,)
    out: dict[str, type[BaseModel]] = {}
    for cls in members:
        if isinstance(cls, type) and issubclass(cls, BaseModel):
            kind = cls.model_fields["kind"].default
            out[str(kind)] = cls
        else:
            out.update(classes_by_kind(cls))
    return out


def decode(code: str, classes: dict[str, type[BaseModel]], adapter: TypeAdapter[Any]) -> Any:
    """Read an encoded action back; anything unreadable is a `MalformedAction`."""
    kind, sep, body = code.partition(SEP)
    cls = classes.get(kind)
    if not sep or cls is None:
        raise MalformedAction("malformed_action", detail="unknown kind")
    try:
        values = json.loads(f"[{body}]")
    except (ValueError, RecursionError) as exc:
        raise MalformedAction("malformed_action", detail="unreadable values") from exc
    names = [n for n in cls.model_fields if n != "kind"]
    if not isinstance(values, list) or len(values) > len(names):
        raise MalformedAction("malformed_action", detail="too many values")
    try:
        return parse_action(adapter, {"kind": kind, **dict(zip(names, values, strict=False))})
    except ValidationError as exc:  # pragma: no cover - parse_action wraps it already
        raise MalformedAction("malformed_action") from exc
