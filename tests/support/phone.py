"""The phone-legibility check the card games' renderer tests share (issue #12 §5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from renderers.theme import PHONE_MIN_PX, PHONE_WIDTH, phone_min_size


def assert_reads_on_a_phone(
    game: Any, states: Iterable[Any], board: Callable[..., Any], hand: Callable[..., Any]
) -> int:
    """Every board and hand of `states`, public and per seat, both languages: portrait, at most 720 px
    wide, no text under 12 px once shown 390 px wide, no character drawn as the font's empty box and no
    text running past the image's edge. Returns how many images were checked."""
    checked = 0
    for state in states:
        for viewer in (None, 0, 1):
            view = game.view(state, viewer)
            for locale in ("fr", "en"):
                for image in (board(view, locale=locale), hand(view, locale=locale)):
                    if image is None:
                        continue
                    assert image.width <= 720 and image.height <= 2 * image.width, image.size
                    smallest = image.info["text_px_min"]
                    assert smallest >= phone_min_size(image.width)
                    assert smallest * PHONE_WIDTH / image.width >= PHONE_MIN_PX
                    assert image.info["glyphs_missing"] == "", (game.key, locale, image.info["glyphs_missing"])
                    assert image.info["text_clipped"] == 0, (game.key, locale, view)
                    checked += 1
    return checked
