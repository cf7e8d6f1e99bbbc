"""A fallback renderer for any view: the view's fields as a readable panel.

Games ship their own renderer; this one keeps a new game playable (and the host testable) before
it has one.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from .renderer import Renderer
from .theme import DEFAULT, Theme, font


def _lines(data: Any, indent: int = 0) -> list[str]:
    pad = "  " * indent
    if isinstance(data, dict):
        out = []
        for k, v in data.items():
            if v is None:
                continue
            if isinstance(v, dict | list) and v:
                out.append(f"{pad}{k}:")
                out += _lines(v, indent + 1)
            else:
                out.append(f"{pad}{k}: {v}")
        return out
    if isinstance(data, list):
        out = []
        for i, v in enumerate(data):
            if isinstance(v, dict | list):
                out.append(f"{pad}- {i}")
                out += _lines(v, indent + 1)
            else:
                out.append(f"{pad}- {v}")
        return out
    return [f"{pad}{data}"]


def render_board(view: BaseModel, *, locale: str, theme: Theme = DEFAULT) -> Image.Image:
    lines = _lines(view.model_dump(mode="json"))[:60]
    f = font(18)
    width, height = 900, 40 + 24 * len(lines)
    img = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((20, 20 + 24 * i), line[:90], font=f, fill=theme.text)
    return img


def summarize(view: BaseModel, *, locale: str) -> str:
    return "\n".join(_lines(view.model_dump(mode="json")))[:1500]


RENDERER = Renderer(board=render_board, summary=summarize)
