"""Colors of Magic's table, drawn for a phone: legible text, a crop around the action, no hidden card."""

from __future__ import annotations

from bot.ai import RandomAgent, arena
from bot.games.colors.board import MEASURE
from bot.games.colors.game import COLORS
from renderers.colors import PERMANENT, TABLE, render_board, render_hand, render_preview, summarize
from renderers.skirmish import frame
from tests.support.phone import assert_reads_on_a_phone

from .helpers import fig, make


def _states(seed: int) -> list:  # type: ignore[type-arg]
    states: list = []
    arena.play(COLORS, (COLORS.agent(), RandomAgent()), seed, invariant=states.append)
    return states


def test_every_text_reads_on_a_phone_along_a_whole_match() -> None:
    states = _states(5)
    assert assert_reads_on_a_phone(COLORS, states[::15] + states[-1:], render_board, render_hand) > 20


def test_the_board_crops_around_the_last_action_and_shows_the_whole_table_before() -> None:
    states = _states(6)
    first = COLORS.view(states[0], None)
    assert not first.last and frame([], MEASURE) == (0, 0, 24 * 254, 24 * 254)
    moved = next(s for s in states if s.last_path)
    view = COLORS.view(moved, None)
    box = frame(
        [*(tuple(p) for p in view.last_path), *((f.x, f.y) for f in view.figures if f.id in view.last)], MEASURE
    )
    assert (box[2] - box[0]) < 24 * 254 or (box[3] - box[1]) < 24 * 254
    preview = render_preview(COLORS.view(moved, 0), {"path": [list(p) for p in view.last_path]}, locale="fr")
    assert preview.info["text_px_min"] >= 20


def test_public_pictures_and_alt_text_never_hold_a_hand() -> None:
    states = _states(7)
    state = states[len(states) // 2]
    assert render_hand(COLORS.view(state, None), locale="fr") is None
    public = summarize(COLORS.view(state, None), locale="fr")
    from bot.games.colors.content import CARDS

    in_play = {f.card for f in state.figures} | {c for s in state.sides for c in s.permanents}  # another copy
    for side in state.sides:
        for card in set(side.hand) - in_play:
            assert CARDS[card].name.fr not in public, card


def test_no_crop_is_taller_than_a_phone_screen_allows() -> None:
    """A crop around figures far apart widens instead of growing into a tall strip (found at 640×1633)."""
    for state in _states(3)[::2]:
        image = render_board(COLORS.view(state, None), locale="fr")
        assert image.height <= 2 * image.width, image.size
    assert (
        frame([(2 * 254, 2 * 254), (3 * 254, 22 * 254)], MEASURE)[2]
        - frame([(2 * 254, 2 * 254), (3 * 254, 22 * 254)], MEASURE)[0]
        >= 16 * 254
    )


def test_the_alt_text_says_hit_points_in_each_language() -> None:
    """« PV » in French, "HP" in English (D-COL-34): an English reader never meets "(6 PV)"."""
    view = COLORS.view(_states(7)[3], None)
    assert view.figures
    french, english = summarize(view, locale="fr"), summarize(view, locale="en")
    assert " PV)" in french
    assert " HP)" in english and " PV)" not in english


def test_the_board_shows_each_sides_permanents_and_what_is_tapped() -> None:
    """#27: « Toutes les cartes inclinées (créatures et sorts permanents activés) sont redressées »: the
    board lists each side's permanents in play in its colour, ticked while tapped, a creature activated
    this round ticked too, with a legend entry, at a phone's width; the alt text says the same."""
    state = make([fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22), fig("B1", "orc", 1, 8, 2, tapped=True)])
    alice = state.sides[0].model_copy(update={"permanents": ("foyer", "ronces", "foyer"), "tapped": ("foyer",)})
    bob = state.sides[1].model_copy(update={"permanents": ("autel_mana",)})
    state = state.model_copy(update={"sides": (alice, bob)})
    _, picture = TABLE.laid_out(COLORS.view(state, None), locale="fr")
    rows = [(e.id, e.name, e.state, e.done) for e in picture.roster]
    assert ("B1", "Orc", "♥3/3", True) in rows and ("A0", "Braise", "♥10/10", False) in rows
    held = [(e.name, e.done, e.colour) for e in picture.roster if e.id == PERMANENT]
    alice_colour, bob_colour = (e.colour for e in picture.roster if e.id in ("A0", "B0"))
    assert held == [
        ("Foyer ardent", True, alice_colour),
        ("Ronces", False, alice_colour),
        ("Foyer ardent", False, alice_colour),
        ("Autel de mana", False, bob_colour),
    ]
    assert {"colors.key.permanent", "table.key.done"} <= {k.text for k in picture.keys}
    french, english = summarize(COLORS.view(state, None), locale="fr"), summarize(COLORS.view(state, 1), locale="en")
    assert "Permanents en jeu : Foyer ardent (carte inclinée), Ronces, Foyer ardent." in french
    assert "Orc B1 " in french and "(3 PV, carte inclinée)" in french
    assert "Permanents in play: Glowing hearth (tapped), Brambles, Glowing hearth." in english
    assert "Permanents in play: Mana altar." in english and "(3 HP, tapped)" in english
    assert assert_reads_on_a_phone(COLORS, [state], render_board, render_hand) == 10
    before = state.model_copy(
        update={
            "sides": (
                state.sides[0].model_copy(update={"permanents": (), "tapped": ()}),
                state.sides[1].model_copy(update={"permanents": ()}),
            )
        }
    )
    assert "colors.key.permanent" not in {k.text for k in TABLE.laid_out(COLORS.view(before, None))[1].keys}
