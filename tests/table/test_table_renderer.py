"""The skirmish table drawn for a phone: the whole table for the thread, a crop around the action scaled
up, an alt text that names every figure and where it stands."""

from __future__ import annotations

import io

from PIL import Image

from bot.table.units import INCH, Measure
from renderers.encode import to_png
from renderers.table import CROP_MIN_WIDTH, Figure, TableScene, TerrainPiece, frame, render_table, summarize_table

MEASURE = Measure("in", 24 * INCH, 24 * INCH, INCH)


def inch(x: float, y: float) -> tuple[int, int]:
    return (round(x * INCH), round(y * INCH))


SCENE = TableScene(
    measure=MEASURE,
    terrain=(
        TerrainPiece("Ruines", "blocking", (inch(10, 10), inch(14, 10), inch(14, 13), inch(10, 13))),
        TerrainPiece("Marais", "difficult", (inch(2, 16), inch(7, 16), inch(7, 20), inch(2, 20))),
    ),
    figures=(
        Figure("Mg", "Mage", 0, inch(3.5, 3.5), INCH // 2),
        Figure("Gb", "Gobelin", 1, inch(20.5, 20.5), INCH // 2),
    ),
    path=(inch(3.5, 3.5), inch(6.5, 6.5)),
    rings=((inch(6.5, 6.5), 6 * INCH),),
    sides=("Alice", "Bob"),
)


def test_the_whole_table_is_drawn_with_its_grid_and_encodes_small() -> None:
    img = render_table(SCENE)
    assert img.width >= 24 * 40 and img.height >= 24 * 40
    png = to_png(img)
    assert len(png) < 1024 * 1024
    assert Image.open(io.BytesIO(png)).format == "PNG"


def test_a_crop_around_the_action_is_scaled_up_for_a_phone() -> None:
    crop = [SCENE.path[0], SCENE.path[-1]]
    f = frame(SCENE, crop)
    assert f.x0 == 0 and f.x1 < MEASURE.width  # only the corner of the action
    img = render_table(SCENE, crop=crop)
    assert img.width >= CROP_MIN_WIDTH
    cells = (f.x1 - f.x0) // MEASURE.cell
    assert (img.width - 44) / cells >= 60  # a grid cell is wide on a phone: labels stay legible


def test_the_alt_text_names_every_figure_and_its_cell() -> None:
    text = summarize_table(SCENE, "fr")
    assert "Alice : Mage (D4)." in text and "Bob : Gobelin (U21)." in text
    assert "Décors : Ruines, Marais." in text and "Dernier mouvement : de D4 à G7." in text
    assert "Last move: from D4 to G7." in summarize_table(SCENE, "en")


def test_hatching_stays_inside_difficult_ground() -> None:
    from renderers.table import frame as table_frame
    from renderers.theme import DEFAULT

    img = render_table(SCENE)
    f = table_frame(SCENE)
    x, y = f.px(MEASURE, inch(9.5, 17.5))  # right of the marsh, where a diagonal would have run on
    assert img.getpixel((round(x), round(y))) == DEFAULT.panel
