"""The three table games' boards as a player reads them on a phone (#25, boards): the public board shows
the whole table, a player's own board and a preview are crops that never cut a label nor label a piece
they leave out; labels never overlap a label or a base, even in a melee; a roster names each piece and
a legend explains every mark the image uses; every label and number is 12 px or more at 390 px wide."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import pytest
from PIL import ImageChops

from bot.ai import table_figures
from bot.games.colors.board import MEASURE as COLORS_MEASURE
from bot.games.colors.board import profile
from bot.games.colors.game import COLORS
from bot.games.confrontation.content import PROFILES as CONF_PROFILES
from bot.games.confrontation.game import CONFRONTATION
from bot.games.warcry.content import PROFILES as WAR_PROFILES
from bot.games.warcry.game import WARCRY
from renderers import colors, confrontation, warcry
from renderers.colors import PERMANENT
from renderers.skirmish import Picture, TableArea, TableDrawing, Tag, frame
from renderers.theme import PHONE_MIN_PX, PHONE_WIDTH

GAMES = {
    "colors": (COLORS, colors.TABLE, "figures", lambda f: profile(f).radius),
    "confrontation": (CONFRONTATION, confrontation.TABLE, "fighters", lambda f: CONF_PROFILES[f.profile].radius),
    "warcry": (WARCRY, warcry.TABLE, "fighters", lambda f: WAR_PROFILES[f.profile].radius),
}


#: The seeded match each game's boards are drawn from (Colors' seed 4 no longer crowds nine figures).
SEEDS = {"colors": 6, "confrontation": 4, "warcry": 4}


@cache
def _states(key: str) -> list[Any]:
    return table_figures.positions_of(GAMES[key][0], SEEDS[key], 1)


def _figures(view: Any, key: str) -> list[Any]:
    return [f for f in getattr(view, GAMES[key][2]) if getattr(f, "placed", True)]


def _acted(key: str) -> Any:
    """A state in the middle of the match, after a move (its last action and path are set), some figures
    done for the round and some not."""
    states = _states(key)

    def done(f: Any) -> bool:
        return bool(getattr(f, "tapped", None) or getattr(f, "activated", False))

    def some_done(s: Any) -> bool:
        marks = [done(f) for f in _figures(s, key)]
        return any(marks) and not all(marks)

    return next(s for s in states[len(states) // 2 :] if s.last and s.last_path and some_done(s))


def _crowded(key: str) -> Any:
    """The state of the match where the most figures stand within 3" (7.6 cm) of one of them."""

    def crowd(state: Any) -> int:
        figures = _figures(state, key)
        return max((sum(math.dist((a.x, a.y), (b.x, b.y)) < 762 for b in figures) for a in figures), default=0)

    return max(_states(key), key=crowd)


def _melee(key: str) -> Any:
    """A public view of the middle of a match with nine figures packed base to base around one at the
    table's centre: the worst crowd a board meets."""
    game, _, field, radius = GAMES[key]
    view = game.view(_acted(key), None)
    figures = _figures(view, key)
    assert len(figures) >= 9
    m = GAMES[key][1].scene(view, [], []).measure
    hub, ring = figures[0], figures[1:9]
    cx, cy = m.width // 2, m.height // 2
    moved = {hub.id: hub.model_copy(update={"x": cx, "y": cy})}
    for k, f in enumerate(ring):
        d = radius(hub) + radius(f) + 20
        a = k * math.tau / len(ring)
        moved[f.id] = f.model_copy(update={"x": round(cx + d * math.cos(a)), "y": round(cy + d * math.sin(a))})
    return view.model_copy(update={field: tuple(moved.get(f.id, f) for f in getattr(view, field))})


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _covers_base(tag: Tag, other: Tag) -> bool:
    x0, y0, x1, y1 = tag.box
    cx, cy = other.centre
    nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
    return math.dist((nx, ny), (cx, cy)) < other.radius


def _assert_labels_apart(picture: Picture, bounds: tuple[float, ...]) -> None:
    tags = picture.tags
    for i, tag in enumerate(tags):
        assert bounds[0] <= tag.box[0] and tag.box[2] <= bounds[2], tag  # never cut by the crop
        assert bounds[1] <= tag.box[1] and tag.box[3] <= bounds[3], tag
        assert bounds[0] <= tag.centre[0] <= bounds[2] and bounds[1] <= tag.centre[1] <= bounds[3], tag
        for other in tags[i + 1 :]:
            assert not _overlap(tag.box, other.box), (tag.text, other.text)
        for other in tags:
            assert not _covers_base(tag, other), (tag.text, "covers the base of", other.text)


@pytest.mark.parametrize("key", GAMES)
def test_the_public_board_shows_the_whole_table_and_a_players_own_board_a_crop(key: str) -> None:
    """The public board is posted at a new phase and at the end: the whole table, not a zoomed corner
    with the other pieces' labels piled at its edge (WarCry's "R10/R3" over "R8/R5")."""
    game, table, _, _ = GAMES[key]
    state = _acted(key)
    m = table.scene(game.view(state, None), [], []).measure
    whole = (0, 0, m.width, m.height)
    assert table.laid_out(game.view(state, None), locale="fr")[1].box == whole
    assert table.laid_out(game.view(_states(key)[-1], None), locale="fr")[1].box == whole  # the end
    own = table.laid_out(game.view(state, 0), locale="fr")[1].box
    assert own != whole and own[0] >= 0 and own[2] <= m.width


@pytest.mark.parametrize("key", GAMES)
def test_labels_never_overlap_a_label_or_a_base_in_a_melee(key: str) -> None:
    """Labels go around their piece, further out with a leader line in a crowd: none covers another
    label or any base, on the public board and on the players' own crops (Confrontation's final board
    had labels over labels)."""
    game, table, _, _ = GAMES[key]
    for view in (_melee(key), game.view(_crowded(key), None), game.view(_crowded(key), 0)):
        _, picture = table.laid_out(view, locale="fr")
        bounds = TableArea(picture.box).bounds
        _assert_labels_apart(picture, bounds)
        assert len(picture.tags) >= sum(
            1
            for f in _figures(view, key)
            if picture.box[0] <= f.x <= picture.box[2] and picture.box[1] <= f.y <= picture.box[3]
        )
    _, melee = table.laid_out(_melee(key), locale="fr")
    assert any(tag.leader for tag in melee.tags)  # the crowd pushed some labels out, joined by a line


@pytest.mark.parametrize("key", GAMES)
def test_every_label_and_number_reads_at_phone_width(key: str) -> None:
    """Every figure and objective has its label in a dark box at least 12 px high once the 640-px board is
    shown 390 px wide (WarCry's objective numbers sat unreadable on their own diamonds)."""
    game, table, _, _ = GAMES[key]
    image, picture = table.laid_out(game.view(_acted(key), None), locale="en")
    scene = table.scene(game.view(_acted(key), None), [], [])
    assert {tag.text for tag in picture.tags} >= {m.label for m in scene.marks} | {m.label for m in scene.markers}
    for tag in picture.tags:
        assert (tag.box[3] - tag.box[1]) * PHONE_WIDTH / image.width >= PHONE_MIN_PX, tag
    assert image.info["text_px_min"] * PHONE_WIDTH / image.width >= PHONE_MIN_PX


def test_a_colors_preview_never_labels_a_piece_it_leaves_out() -> None:
    """A figure standing just past the edge of a preview's crop shows the part of its base inside it and
    no label: its label used to float in the crop above a piece the crop had cut."""
    state = _acted("colors")
    view = COLORS.view(state, 0)
    mover = next(f for f in view.figures if f.owner == 0)
    path = [[mover.x, mover.y], [mover.x + 254, mover.y]]
    overlay = {"path": path, "figure": mover.id}
    box = frame([(p[0], p[1]) for p in path] + [(mover.x, mover.y)], COLORS_MEASURE)
    bystander = next(f for f in view.figures if f.id != mover.id and not f.wizard and f.owner >= 0)
    r = profile(bystander).radius
    outside = bystander.model_copy(
        update={"x": (box[0] + box[2]) // 2, "y": box[3] + r // 2, "pv": profile(bystander).pv}
    )
    others = tuple(f for f in view.figures if f.id != bystander.id)
    far = tuple(f.model_copy(update={"x": 254, "y": 254}) if f.id != mover.id and _near(f, box) else f for f in others)
    with_it = colors.render_preview(view.model_copy(update={"figures": (*far, outside)}), overlay, locale="fr")
    without = colors.render_preview(view.model_copy(update={"figures": far}), overlay, locale="fr")
    assert with_it is not None and without is not None and with_it.size == without.size
    diff = ImageChops.difference(with_it, without).convert("L")
    changed = diff.getbbox()
    assert changed is not None  # the cut base shows
    area = TableArea(box)
    cx, cy = area.px((outside.x, outside.y))
    shift = changed[3] - 1 - area.px((box[0], box[3]))[1]  # the header above the table: the cut edge is the bottom
    reach = area.scale * r + 3
    stray = [
        (x, y)
        for y in range(changed[1], changed[3])
        for x in range(changed[0], changed[2])
        if diff.getpixel((x, y)) and math.dist((x, y - shift), (cx, cy)) > reach
    ]
    assert not stray, stray[:5]  # what changed is the base's visible part, and no label


def _near(f: Any, box: tuple[int, int, int, int]) -> bool:
    """Whether a figure stands in or around the crop (the test moves it away to keep the crop quiet)."""
    return box[0] - 1270 <= f.x <= box[2] + 1270 and box[1] - 1270 <= f.y <= box[3] + 1270


@pytest.mark.parametrize("key", GAMES)
def test_the_roster_names_each_piece_with_its_wounds_and_whether_it_has_acted(key: str) -> None:
    game, table, _, _ = GAMES[key]
    state = _acted(key)
    view = game.view(state, None)
    _, picture = table.laid_out(view, locale="fr")
    figures = _figures(view, key)
    pieces = [e for e in picture.roster if e.id != PERMANENT]  # Colors lists the permanents in play too
    assert [e.id for e in pieces] == [f.id for f in figures]
    for entry, f in zip(pieces, figures, strict=True):
        assert entry.name and entry.name != entry.id and "." not in entry.name  # a name, not a catalogue key
        assert entry.done == bool(getattr(f, "tapped", None) or getattr(f, "activated", False))
    assert any(e.done for e in pieces) and not all(e.done for e in pieces)
    hurt = {
        "colors": lambda f: f.pv < profile(f).pv,
        "confrontation": lambda f: f.wound > 0,
        "warcry": lambda f: f.damage > 0,
    }[key]
    for entry, f in zip(pieces, figures, strict=True):
        assert ("♥" in entry.state) == (hurt(f) or key == "colors"), entry


def test_a_long_name_in_the_roster_is_read_whole_with_its_state_on_the_next_line() -> None:
    """At 390 px a roster's column holds about twenty letters: « Seigneur des Cendres · ♥4/20 ✓ » was
    drawn « Seigneur des Cen… · ♥4/20 ✓ ». A row that does not fit takes two lines, the name whole on the
    first and the state on the second; a row that fits keeps its one line, and the roster grows by the
    lines it adds."""
    from renderers.skirmish import Entry, roster_height, row_lines

    short = Entry("B3", (90, 140, 220), "Archer des braises", "", done=True)
    long = Entry("B1", (90, 140, 220), "Seigneur des Cendres", "♥4/20", done=True)
    other = Entry("R1", (220, 100, 80), "Prévôt de Basalte", "♥6/22", done=True, side=1)
    assert row_lines(short) == ("Archer des braises ✓",)
    assert row_lines(other) == ("Prévôt de Basalte · ♥6/22 ✓",)
    assert row_lines(long) == ("Seigneur des Cendres", "♥4/20 ✓")
    bare = [Entry(e.id, e.colour, e.name, side=0) for e in (short, long)] + [other]
    full = [Entry(e.id, e.colour, e.name, e.state, e.done, 0) for e in (short, long)] + [other]
    assert roster_height(full) == roster_height(bare) + 28 == roster_height(full, whole=False) + 28
    assert row_lines(long, whole=False) == (row_lines(long, whole=False)[0],)  # no room: shortened, as before
    assert row_lines(long, whole=False)[0].endswith("… · ♥4/20 ✓")

    state = next(s for s in _states("warcry") if any(f.damage > 0 and f.profile == "seigneur" for f in s.fighters))
    board, picture = warcry.TABLE.laid_out(WARCRY.view(state, None), locale="fr")
    lord = next(e for e in picture.roster if e.name == "Seigneur des Cendres")
    assert len(row_lines(lord)) == 2 and "…" not in "".join(row_lines(lord))
    assert board.info["text_clipped"] == 0


def _terrain_kinds(key: str, view: Any) -> set[str]:
    if key == "colors":
        from bot.games.colors.content import SCENARIOS

        return {p.kind for p in SCENARIOS[view.scenario].terrain}
    if key == "confrontation":
        from bot.games.confrontation.content import SCENARIOS as CONF

        return {p.kind for p in CONF[view.scenario].terrain}
    from bot.games.warcry.content import LAYOUTS

    return {f"platform{p.height:g}" if p.kind == "platform" else p.kind for p in LAYOUTS[view.layout]}


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("key", GAMES)
def test_the_legend_explains_every_mark_the_board_uses(key: str, locale: str) -> None:
    """Colors' ♥ and gold rim, Confrontation's terrain, WarCry's red hatching and objectives: each
    mark drawn has its line in the legend, in the player's language."""
    from bot.i18n import t

    game, table, _, _ = GAMES[key]
    for state in (_acted(key), _crowded(key)):
        view = game.view(state, 0)
        _, picture = table.laid_out(view, locale=locale)
        scene = table.scene(view, [(p[0], p[1]) for p in view.last_path], [])
        keys = {k.text for k in picture.keys}
        assert {f"{key}.key.{kind}" for kind in _terrain_kinds(key, view)} <= keys
        assert ("table.key.last" in keys) == any(m.highlight for m in scene.marks)
        assert ("table.key.path" in keys) == (len(scene.path) > 1)
        assert ("table.key.done" in keys) == any(e.done for e in picture.roster)
        labels = "".join(m.label for m in scene.marks)
        if "♥" in labels:
            assert {"colors.key.pv", "confrontation.key.wound", "warcry.key.damage"} & keys
        if scene.markers:
            assert f"{key}.key.objective" in keys
        if "◆" in labels:
            assert "confrontation.key.covered" in keys
        if key == "colors":
            assert "colors.key.wizard" in keys  # the gold rim
        for k in picture.keys:
            assert t(k.text, locale) != k.text and "{" not in t(k.text, locale), k.text


def test_a_drawing_has_one_preview_and_one_summary_for_the_three_games() -> None:
    """What the three games share lives in `TableDrawing`: Colors previews through it like the others."""
    assert colors.render_preview == colors.TABLE.preview
    assert isinstance(warcry.TABLE, TableDrawing) and confrontation.render_preview == confrontation.TABLE.preview


def _forget_what_boards_remember() -> None:
    """Every cache a board is drawn from: measured and rendered texts, stamps, grounds, legends."""
    from renderers import pen, skirmish

    for remembered in (pen._LENGTHS, pen._EXTENTS, pen._GLYPHS, skirmish._STAMPS, skirmish._GROUNDS, skirmish._LEGENDS):
        remembered.clear()


@pytest.mark.parametrize("key", GAMES)
def test_a_board_drawn_from_what_boards_remember_is_the_board_drawn_afresh(key: str) -> None:
    """Boards remember their table, texts, labels and legends (#25: a board in under 25 ms): along a match,
    public and own boards in both languages, the board drawn after all the others is the one drawn with
    nothing remembered, pixel for pixel, with the same smallest text and nothing clipped."""
    game, table, _, _ = GAMES[key]
    states = _states(key)
    views = [game.view(s, viewer) for s in states[:: max(1, len(states) // 6)] for viewer in (None, 0)]
    drawn = [(view, locale) for view in views for locale in ("fr", "en")]
    afresh = []
    for view, locale in drawn:
        _forget_what_boards_remember()
        afresh.append(table.board(view, locale=locale))
    for view, locale in drawn:  # everything remembered, the other language's included
        table.board(view, locale=locale)
    for (view, locale), first in zip(drawn, afresh, strict=True):
        again = table.board(view, locale=locale)
        assert again.size == first.size and again.tobytes() == first.tobytes(), (view.viewer, locale)
        assert again.info == first.info


@pytest.mark.parametrize("key", GAMES)
def test_the_png_a_phone_downloads_keeps_the_boards_colours_and_stays_small(key: str) -> None:
    """The PNG's palette is chosen from a grid of one pixel in nine (#25: choosing it over every pixel was
    half a board's time): every pixel of every board along a match stays within 24/255 of the board
    drawn, and the file stays a few tens of KB (Discord takes 10 MB; a phone's data plan counts)."""
    import io

    from PIL import Image

    from renderers import to_png

    game, table, _, _ = GAMES[key]
    states = _states(key)
    for state in states[:: max(1, len(states) // 8)]:
        for viewer in (None, 0):
            board = table.board(game.view(state, viewer), locale="fr")
            png = to_png(board)
            decoded = Image.open(io.BytesIO(png)).convert("RGB")
            difference = ImageChops.difference(board, decoded)
            assert max(high for _low, high in difference.getextrema()) <= 24
            histogram = difference.convert("L").histogram()
            assert sum(level * n for level, n in enumerate(histogram)) / sum(histogram) < 1.0
            assert len(png) < 120 * 1024


@pytest.mark.parametrize("key", GAMES)
def test_the_frame_pasted_as_four_margins_is_the_frame_pasted_through_its_mask(key: str) -> None:
    """The frame over the table (the grid's letters and numbers, covering what a crop spills) is pasted as
    its four margins, a tenth of the cost of the whole frame through its mask (#25): the same pixels, for
    the whole table and for crops along an edge and inside it."""
    import random

    from PIL import Image

    from renderers.skirmish import _margins, margin_mask

    game, table, _, _ = GAMES[key]
    m = table.scene(game.view(_acted(key), None), [], []).measure
    rng = random.Random(25)
    for box in ((0, 0, m.width, m.height), frame([(0, 0)], m), frame([(m.width // 2, m.height // 2)], m)):
        area = TableArea(box)
        mask = margin_mask(area)
        under, over = (Image.frombytes("RGB", mask.size, rng.randbytes(mask.width * mask.height * 3)) for _ in "uo")
        by_mask, by_parts = under.copy(), under.copy()
        by_mask.paste(over, (0, 0), mask)
        for part, xy in _margins(over, mask):
            by_parts.paste(part, xy)
        assert by_parts.tobytes() == by_mask.tobytes(), box
