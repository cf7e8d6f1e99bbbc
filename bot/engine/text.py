"""Localizable text as data: engines say *what* to show, the edge picks the language."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Text(BaseModel):
    """A message id and its parameters; parameters may themselves be `Text`."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}


def txt(key: str, **params: Any) -> Text:
    return Text(key=key, params=params)
