"""Catalogs: every event kind, action label and error code exists in French and English, and labels
stay under Discord's 80 characters."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.engine import Rng, SeatSpec, Text, register
from bot.games.liber import GAME
from bot.games.liber.game import LIBER
from bot.i18n.catalog import localize

NAMES = ("Nord", "Sud")
register(GAME)  # the package's GameDef, its catalog with it

SRC = Path(__file__).parents[3] / "bot" / "games" / "liber"


def render(text: Text, locale: str) -> str:
    """The text as players read it, each key of it (nested ones too) in the game's own catalog."""
    assert text.key in LIBER.catalog[locale], text.key
    for value in text.params.values():
        if isinstance(value, Text):
            render(value, locale)
    shown = localize(text, locale)
    assert "{" not in shown, shown  # every placeholder filled
    return shown


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    fr, en = LIBER.catalog["fr"], LIBER.catalog["en"]
    # English command names localize French defaults written in the game's `decisions`
    english_only = {f"liber.decision.{slug}" for slug in LIBER.families} | {"liber.cmd.name"}
    assert set(en) - set(fr) == english_only
    assert set(fr) <= set(en)
    for key in fr:
        names = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
        assert names(fr[key]) == names(en[key]), key


def test_every_error_code_has_a_message() -> None:
    codes = set()
    for path in SRC.glob("*.py"):
        codes |= set(re.findall(r'"(liber\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    codes = {c for c in codes if "." not in c[len("liber.") :]}
    codes -= {"liber.abilities", "liber.board", "liber.turn", "liber.faith", "liber.movement", "liber.victory"}
    for locale in ("fr", "en"):
        missing = [c for c in codes if f"error.{c}" not in LIBER.catalog[locale]]
        assert not missing, (locale, missing)


def test_events_and_labels_of_playouts_are_in_the_catalogs() -> None:
    for seed in range(12):
        rng = Rng(seed)
        t = LIBER.setup([SeatSpec(seat=0, name="N"), SeatSpec(seat=1, name="S")], {}, rng)
        state, events = t.state, list(t.events)
        while LIBER.outcome(state) is None:
            (seat,) = tuple(LIBER.to_act(state))
            legal = LIBER.legal_actions(state, seat)
            for action in legal[:40]:
                for locale in ("fr", "en"):
                    label = render(LIBER.describe_action(state, seat, action), locale)
                    assert 0 < len(label) < 80, label
            t = LIBER.apply(state, seat, legal[rng.below(len(legal))], rng)
            state = t.state
            events += t.events
        for e in events:
            for locale in ("fr", "en"):
                assert f"liber.event.{e.kind}" in LIBER.catalog[locale], e.kind
                shown = localize(
                    Text(key=f"liber.event.{e.kind}", params=e.params), locale, seat_name=NAMES.__getitem__
                )
                assert "{" not in shown and "liber." not in shown, shown
        outcome = LIBER.outcome(state)
        assert outcome is not None and render(outcome.reason, "fr")
