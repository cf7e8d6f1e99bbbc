"""Colors of Magic's French and English: every line a match produces reads whole in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml

from bot.ai import RandomAgent, arena
from bot.engine import ANY, REVEAL, Ask, Rng, SeatSpec, Text, register
from bot.games.colors import GAME
from bot.games.colors.game import COLORS
from bot.i18n.catalog import localize


@pytest.fixture
def registered() -> Iterator[None]:
    register(GAME)  # as the conftest does: unregistering it after would leave the next tests without it
    yield


def test_both_catalogs_hold_the_same_keys_and_no_lazy_plural() -> None:
    from pathlib import Path

    folder = Path("bot/games/colors/i18n")
    fr = yaml.safe_load((folder / "fr.yaml").read_text(encoding="utf-8"))
    en = yaml.safe_load((folder / "en.yaml").read_text(encoding="utf-8"))
    assert set(fr) <= set(en)
    command_names = {k for k in set(en) - set(fr) if k == "colors.cmd.name" or k.count(".") == 2}
    assert set(en) - set(fr) == command_names  # English names the slash commands; French keeps the slugs
    assert not [k for k, v in fr.items() if "(s)" in v or "(e)" in v]


@pytest.mark.usefixtures("registered")
def test_every_event_and_action_of_a_match_reads_whole(caplog: pytest.LogCaptureFixture) -> None:
    names = {0: "Alice", 1: "Bob"}
    steps: list = []
    played = arena.play(COLORS, (COLORS.agent(), RandomAgent()), 5, invariant=steps.append)
    assert played.outcome is not None
    lines = 0
    for state in steps[::3]:
        for seat in COLORS.to_act(state):
            for choice in COLORS.suggest(state, seat, ANY)[:5]:
                for loc in ("fr", "en"):
                    text = localize(COLORS.describe_action(state, seat, choice.action), loc, names.get)
                    assert "{" not in text and "colors." not in text, text
                    lines += 1
    for seed in (5, 6):
        state = COLORS.setup(
            [SeatSpec(seat=i, name=n) for i, n in names.items()],
            {},
            Rng(seed),
        )
        events = list(state.events)
        s = state.state
        agent = COLORS.agent()
        rng = Rng(seed)
        for _ in range(120):
            if COLORS.outcome(s) is not None:
                break
            seat = min(COLORS.to_act(s))
            action = agent.choose(COLORS, COLORS.view(s, seat), seat, rng)
            tr = COLORS.apply(s, seat, action, rng)
            events += tr.events
            s = tr.state
        for event in events:
            if event.kind == REVEAL:
                continue
            for loc in ("fr", "en"):
                text = localize(Text(key=f"colors.event.{event.kind}", params=event.params), loc, names.get)
                assert "{" not in text and "colors." not in text and "missing" not in text, (event.kind, text)
                lines += 1
    assert lines > 200
    assert "missing translation" not in caplog.text


@pytest.mark.usefixtures("registered")
def test_every_refusal_points_to_an_existing_rules_entry() -> None:
    """#12 §1, structurally: a refusal's rule id is an entry of /regle (of the registered games' corpus:
    without the fixture, the test read whatever an earlier test had registered)."""
    import re
    from pathlib import Path

    from bot.games.colors.rules import RULES
    from bot.rules.loader import load_entries

    ids = {e.id for e in load_entries()}
    assert set(RULES.values()) <= ids
    used = set(
        re.findall(r'refuse\(\s*f?"[^"]*",\s*"(\w+)"', Path("bot/games/colors/rules.py").read_text(encoding="utf-8"))
    )
    assert used and used <= set(RULES)


def _labels(state, seat: int, loc: str) -> list[str]:  # type: ignore[no-untyped-def]
    names = {0: "Alice", 1: "Bob"}
    return [localize(c.label, loc, names.get) for c in COLORS.suggest(state, seat, Ask())]


@pytest.mark.usefixtures("registered")
def test_every_cast_label_says_what_pays_and_no_two_labels_of_a_menu_read_alike() -> None:
    """#27: « Lancer Loup de cendre G13 (3 mana) » stood twice in one menu, once paid by the wizard's life
    and once by another creature's. A label names the mana, each creature's life and the discarded card."""
    from bot.games.colors.actions import Cast

    from .helpers import fig, make

    figures = [fig("A0", "braise", 0, 2, 2), fig("A1", "orc", 0, 4, 2), fig("B0", "roc", 1, 22, 22)]
    state = make(figures, hands=(["loup_cendre"], []), mana=(1, 0))
    menu = [c for c in COLORS.suggest(state, 0, Ask()) if isinstance(c.action, Cast)]
    fr = {c.action.pact: localize(c.label, "fr") for c in menu}
    assert fr[(("A0", 2),)].endswith("— 1 mana et 2 PV de Braise (A0)")
    assert fr[(("A1", 2),)].endswith("— 1 mana et 2 PV d'Orc (A1)")
    assert localize(next(c for c in menu if c.action.pact == (("A0", 2),)).label, "en").endswith(
        "— 1 mana and 2 HP from Ember (A0)"
    )
    steps: list = []
    for seed in (3, 4):
        arena.play(COLORS, (COLORS.agent(), RandomAgent()), seed, invariant=steps.append)
    menus = 0
    for step in steps[::2]:
        for seat in COLORS.to_act(step):
            for loc in ("fr", "en"):
                labels = _labels(step, seat, loc)
                assert len(labels) == len(set(labels)), sorted(x for x in labels if labels.count(x) > 1)
                menus += 1
    assert menus > 50


def test_a_spell_that_kills_its_own_wizard_says_so_first() -> None:
    """#27: Roc's own Séisme (everything within 3") killed Roc, and the preview spoke only of the pact.
    The preview names everything the cast kills or wounds, the wizard first, and asks for Confirm."""
    from bot.games.colors.actions import Cast

    from .helpers import fig, make

    figures = [fig("A0", "braise", 0, 2, 2), fig("A1", "orc", 0, 12, 10), fig("B0", "roc", 1, 10, 10, pv=1)]
    state = make(figures, hands=([], ["seisme"]), mana=(0, 4), turn=1)
    cast = Cast(card="seisme", caster="B0", target="A1")
    choice = next(c for c in COLORS.suggest(state, 1, ANY) if c.action == cast)
    preview = COLORS.preview(state, 1, cast)
    assert choice.preview and preview is not None
    lines = [localize(line, "fr") for line in preview.lines]
    assert lines == [
        "Attention : Roc (B0), votre magicien, meurt : vous perdez la partie.",
        "Orc (A1) subit 1 blessure (2 PV restants).",
    ]


def test_victory_points_and_hit_points_have_a_word_each_and_lines_agree() -> None:
    """#27: « PV » meant victory points in the header and hit points on each creature, English showed
    "(6 PV)", « Pause : alice peuvent répondre », and move lines read "(6)" with no unit."""
    from pathlib import Path

    folder = Path("bot/games/colors/i18n")
    fr = yaml.safe_load((folder / "fr.yaml").read_text(encoding="utf-8"))
    en = yaml.safe_load((folder / "en.yaml").read_text(encoding="utf-8"))
    assert not [k for k, v in en.items() if "PV" in v]
    assert not [k for k, v in fr.items() if "PV" in v and ("{vp" in v or k == "colors.ui.vp")]
    window = Text(key="colors.event.window", params={"seats": [0], "n": 1})
    assert localize(window, "fr", {0: "alice"}.get) == "Pause : alice peut répondre par un sort instantané."
    window = Text(key="colors.event.window", params={"seats": [0, 1], "n": 2})
    assert localize(window, "fr", {0: "alice", 1: "bob"}.get).startswith("Pause : alice et bob peuvent répondre")
    moved = Text(key="colors.event.moved", params={"who": "Orc (A1)", "cell": "C7", "d": 6 * 254})
    assert localize(moved, "fr").endswith('(6").') and localize(moved, "en").endswith('(6").')
