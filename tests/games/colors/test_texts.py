"""Colors of Magic's French and English: every line a match produces reads whole in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml

from bot.ai import RandomAgent, arena
from bot.engine import ANY, REVEAL, Rng, SeatSpec, Text, register
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


def test_every_refusal_points_to_an_existing_rules_entry() -> None:
    """#12 §1, structurally: a refusal's rule id is an entry of /regle."""
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
