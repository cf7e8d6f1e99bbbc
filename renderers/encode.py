"""PNG encoding tuned for Discord: small files, fast to produce."""

from __future__ import annotations

import heapq
import io

from PIL import Image

MAX_SIDE = 1600
PALETTE = 256
#: The palette is chosen from a grid of one pixel in SAMPLE × SAMPLE, taken as they are (no blending).
SAMPLE = 3
#: The most frequent colours of a grid twice as coarse, kept exactly: the flat fills (background, panel,
#: terrain, sides).
EXACT = 8
#: No other palette colour nearer to a kept one than this: Pillow maps a pixel to the palette colour
#: nearest to the corner of its 4 × 4 × 4 cell (up to 5.2 away), so a neighbour within 10.4 could take
#: a whole background.
GAP = 11


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG reduced to a 256-colour palette, well under Discord's limits.

    Our boards are flat colours and anti-aliased text (under 2,000 distinct colours): a palette without
    dithering moves no channel by more than ~20/255 (mean under 0.3) and halves the file a phone
    downloads. Choosing that palette with an octree over every pixel was the largest part of a board's
    time (#25); chosen over a grid of one pixel in nine (any mark 3 px wide or more is in it; thinner
    ones, the grid's lines and outlines, take the nearest colour), then every pixel mapped to it, it
    costs a third.
    """
    if max(image.size) > MAX_SIDE:
        image = image.copy()
        image.thumbnail((MAX_SIDE, MAX_SIDE))
    if image.mode not in ("RGB", "P", "L"):
        image = image.convert("RGB")
    if image.mode == "RGB":
        image = image.quantize(palette=_palette(image), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def _palette(image: Image.Image) -> Image.Image:
    """The grid's most frequent colours exactly, then a fast octree's colours of the grid apart from them."""
    sample, coarse = (_grid(image, step) for step in (SAMPLE, 2 * SAMPLE))
    kept: list[Colour] = []
    around: dict[Colour, list[Colour]] = {}  # the kept colours by the cells a colour near them may lie in
    counts: list[tuple[int, Colour]] = coarse.getcolors(coarse.width * coarse.height) or []  # type: ignore[assignment]
    for _, colour in heapq.nlargest(EXACT, counts):  # an RGB image: each colour is (r, g, b)
        if not _near(colour, around):
            kept.append(colour)
            _keep(colour, around)
    octree = sample.quantize(PALETTE - len(kept), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    values = octree.getpalette() or []
    colours = kept + [c for i in range(0, len(values), 3) if not _near(c := tuple(values[i : i + 3]), around)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    return palette


def _grid(image: Image.Image, step: int) -> Image.Image:
    """One pixel in `step` × `step`, as it is."""
    return image.resize((max(1, image.width // step), max(1, image.height // step)), Image.Resampling.NEAREST)


Colour = tuple[int, ...]
CELL = 16  # > GAP: a colour within GAP of a kept one lies in the kept one's cell of CELL³ or a neighbour
_NEIGHBOURS = [(i, j, m) for i in (-1, 0, 1) for j in (-1, 0, 1) for m in (-1, 0, 1)]


def _keep(colour: Colour, around: dict[Colour, list[Colour]]) -> None:
    r, g, b = colour[0] // CELL, colour[1] // CELL, colour[2] // CELL
    for i, j, m in _NEIGHBOURS:
        around.setdefault((r + i, g + j, b + m), []).append(colour)


def _near(colour: Colour, around: dict[Colour, list[Colour]]) -> bool:
    r, g, b = colour
    near = around.get((r // CELL, g // CELL, b // CELL), ())
    return any((r - k[0]) ** 2 + (g - k[1]) ** 2 + (b - k[2]) ** 2 < GAP * GAP for k in near)
