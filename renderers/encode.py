"""PNG encoding tuned for Discord: small files, fast to produce."""

from __future__ import annotations

import io

from PIL import Image

MAX_SIDE = 1600


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG (palette-reduced when it stays exact enough), well under Discord's limits."""
    if max(image.size) > MAX_SIDE:
        image = image.copy()
        image.thumbnail((MAX_SIDE, MAX_SIDE))
    if image.mode not in ("RGB", "P", "L"):
        image = image.convert("RGB")
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()
