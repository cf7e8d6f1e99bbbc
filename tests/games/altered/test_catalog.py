"""Catalogs: every event kind, action label, phase, status and error code exists in FR and EN,
formats with its parameters, and button labels stay under Discord's 80 characters."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.engine import Rng, SeatSpec, Text
from bot.games.altered.game import ALTERED
from bot.i18n import catalog
from bot.i18n.catalog import _TextFormatter
from tests.support.agents import ai_move

CAT = ALTERED.catalog
SRC = Path(__file__).parents[3] / "bot" / "games" / "altered"


def render(value: Any, locale: str) -> str:
    """A tiny stand-in for the host's localizer: nested keys, lists joined, seats as names."""
    if isinstance(value, Text):
        value = {"key": value.key, "params": value.params}
    if isinstance(value, dict) and "key" in value:
        params = {k: render(v, locale) for k, v in value.get("params", {}).items()}
        template = CAT[locale].get(value["key"]) or catalog().get(value["key"], locale)  # host strings (deck.*)
        assert template is not None, value["key"]
        return _TextFormatter(locale).vformat(template, (), params)  # strict: a bad spec raises
    if isinstance(value, list | tuple):
        return ", ".join(render(v, locale) for v in value)
    return str(value)


def test_same_keys_in_both_languages() -> None:
    from bot.games.altered.game import ALTERED

    # English command names localize French defaults written in the game's `decisions`
    english_only = {f"altered.decision.{slug}" for slug in ALTERED.families} | {"altered.cmd.name"}
    assert set(CAT["en"]) - set(CAT["fr"]) == english_only
    assert set(CAT["fr"]) <= set(CAT["en"])


def test_every_error_code_has_a_message() -> None:
    codes = set()
    for path in SRC.glob("*.py"):
        codes |= set(re.findall(r'(?:IllegalAction|EngineError)\(\s*"(altered\.[a-z_]+)"', path.read_text()))
    assert len(codes) > 10
    for locale in ("fr", "en"):
        missing = [c for c in codes if f"error.{c}" not in CAT[locale]]
        assert not missing, missing


def test_events_and_labels_render_in_both_languages() -> None:
    kinds: set[str] = set()
    for seed in range(12):
        rng = Rng(seed)
        t = ALTERED.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng)
        state, events = t.state, list(t.events)
        while ALTERED.outcome(state) is None:
            seat = min(ALTERED.to_act(state))
            legal = ALTERED.legal_actions(state, seat)
            for action in legal:
                for locale in ("fr", "en"):
                    label = render(ALTERED.describe_action(state, seat, action), locale)
                    assert 0 < len(label) < 80, label
            action = legal[rng.below(len(legal))] if seed % 2 else ai_move(ALTERED, state, seat, rng)
            t = ALTERED.apply(state, seat, action, rng)
            state = t.state
            events += t.events
        for e in events:
            kinds.add(e.kind)
            for locale in ("fr", "en"):
                render({"key": f"altered.event.{e.kind}", "params": e.params}, locale)
        outcome = ALTERED.outcome(state)
        assert outcome is not None
        render(outcome.reason, "fr")
    assert {"phase", "played", "progress", "drew", "you_drew", "game_over"} <= kinds


def test_deck_problems_render() -> None:
    from bot.engine import EngineError

    text = "Nérée & Brise\nOrvan & Granit\n3 Lancier de l'Aube\n2 Dragon d'or\n4 Halte au camp\n1 Recrue du Seuil"
    try:
        ALTERED.validate_seat_options({"decklist": text})
    except EngineError as exc:
        for locale in ("fr", "en"):
            lines = [render(p, locale) for p in exc.params["problems"]]
            assert len(lines) == 5 and all(lines)
            render({"key": f"error.{exc.code}", "params": {"problems": exc.params["problems"]}}, locale)
    else:  # pragma: no cover
        raise AssertionError("the list is invalid")


def test_cards_for_the_card_lookup_are_fully_localized() -> None:
    from bot.games.altered.game import ALTERED

    cards = ALTERED.cards()
    assert len(cards) >= 20
    for card in cards:
        for loc in ("fr", "en"):
            lines = card.lines_for(loc)
            assert lines and card.name_for(loc)
            assert not any(raw in lines[0] for raw in ("character", "spell", "landmark")) or loc == "en"
    porter = next(c for c in cards if len(c.lines["fr"]) > 3)
    assert porter.lines["fr"][1].startswith("Coût : ") and porter.lines["en"][2].startswith("Forest ")
