"""WarCry's table drawn for a phone: every text legible, in the font, inside the image; the alt text
says who holds each objective; a deployment's preview shows the group where it would stand."""

from __future__ import annotations

from bot.ai import table_figures
from bot.games.warcry import procedure
from bot.games.warcry.game import WARCRY
from renderers.warcry import render_board, render_preview, summarize
from tests.support.phone import assert_reads_on_a_phone


def test_every_text_reads_on_a_phone_along_a_whole_battle() -> None:
    states = table_figures.positions_of(WARCRY, 4, 1)
    picked = states[:: max(1, len(states) // 20)] + states[-1:]
    assert assert_reads_on_a_phone(WARCRY, picked, render_board, lambda view, locale: None) > 20


def test_the_alt_text_names_the_fighters_and_who_holds_each_objective() -> None:
    state = table_figures.positions_of(WARCRY, 4, 1)[-1]
    text = summarize(WARCRY.view(state, None), locale="fr")
    assert "◆1" in text and "Combattants" in text and len(text) <= 1500


def test_a_deployment_preview_shows_the_group_on_the_table() -> None:
    states = table_figures.positions_of(WARCRY, 4, 1)
    state = next(s for s in states if s.stack and s.stack[-1].kind == "deploy" and s.stack[-1].seats == (0,))
    action = procedure.deploy(state, 0, state.stack[-1].context["group"])
    preview = WARCRY.preview(state, 0, action)
    assert preview is not None
    image = render_preview(WARCRY.view(state, 0), preview.overlay, locale="fr")
    assert image is not None and image.info["text_px_min"] >= 20 and image.info["glyphs_missing"] == ""


def test_the_deployment_image_and_the_thread_name_the_same_moment() -> None:
    """Before round 1 the groups deploy: the thread says « Mise en place : déploiement. » and the
    image's header and alt text say « Mise en place », never « Round 1/4 » nor « Round 0 »."""
    from bot.engine import PHASE, SeatSpec, Text
    from bot.games.warcry import resolve
    from bot.i18n import localize
    from tests.games.warcry.helpers import dice

    state = WARCRY.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {}, dice()).state
    state, _ = resolve.apply(state, 0, procedure.split(state, 0), dice())
    state, events = resolve.apply(state, 0, procedure.seeds(state), dice(*(list(range(1, 7)) * 8)))
    assert state.phase == "deploy" and state.round == 0
    lines = [
        localize(Text(key=f"warcry.event.{e.kind}", params=e.params), "fr")
        for e in events
        if e.kind in (PHASE, "deploy_phase")
    ]
    assert lines == ["Mise en place : déploiement."]
    alt = summarize(WARCRY.view(state, 0), locale="fr")
    assert alt.startswith("Mise en place — ") and "Round" not in alt


def test_the_image_shows_the_treasure_and_the_fighters_the_victory_names_with_their_legend() -> None:
    """#29 item 6: under « Le butin » a chest on the ground is a « ¤ » marker and a carried one sits in its
    carrier's label; a bounty wears « ★ »; the legend says what both mean, in French and English; the
    alt text says where each chest is."""
    from bot.games.warcry.state import Treasure
    from renderers import warcry as r
    from tests.games.warcry.helpers import battle, fighter, inch

    s = battle(
        [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 15, 18), fighter("B2", "hurleuse", 5, 18)],
        victory="butin",
    )
    s = s.model_copy(
        update={"treasures": (Treasure(id=1, x=inch(15), y=inch(11)), Treasure(id=2, x=0, y=0, carrier="B2"))}
    )
    scene = r._scene(s, [], [])
    assert [m.label for m in scene.markers] == ["¤1"]
    labels = {m.label.split()[0]: m.label for m in scene.marks}
    assert labels["B2"] == "B2 ¤2" and labels["B1"] == "B1"
    assert {k.text for k in scene.keys} >= {"warcry.key.treasure"} and "warcry.key.marked" not in {
        k.text for k in scene.keys
    }
    bounty = battle([fighter("R1", "prevot", 15, 3), fighter("B2", "hurleuse", 5, 18, marked=True)], victory="primes")
    scene = r._scene(bounty, [], [])
    assert [m.label for m in scene.marks if m.label.startswith("B2")] == ["B2 ★"]
    assert "warcry.key.marked" in {k.text for k in scene.keys}
    from bot.games.warcry.board import MEASURE
    from bot.games.warcry.game import WARCRY

    view = WARCRY.view(s, None)
    for locale in ("fr", "en"):
        assert r.render_board(view, locale=locale).size[0] > 0
    alt = r.summarize(view, locale="fr")
    assert f"¤1 : {MEASURE.cell_of((inch(15), inch(11)))}" in alt and "¤2 : B2" in alt
