"""Golden playthrough: a seeded AI-vs-AI game as a French text transcript (actions, legal-move
counts, public events). Regenerate after an intended change with ALTERED_GOLDEN=update."""

from __future__ import annotations

import os
from pathlib import Path

from bot.engine import Rng, SeatSpec
from bot.games.altered.game import ALTERED
from tests.support.agents import ai_move

from .test_catalog import render

GOLDEN = Path(__file__).with_name("golden") / "seed7_fr.txt"


def transcript(seed: int = 7, steps: int = 80) -> str:
    rng = Rng(seed)
    t = ALTERED.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")], {}, rng)
    state, lines = t.state, []
    names = ["Alice", "Bob"]

    def event_lines(events) -> list[str]:  # type: ignore[no-untyped-def]
        out = []
        for e in events:
            if e.public:
                params = {k: (names[v] if (k == "seat" or k.endswith("_seat")) and isinstance(v, int) else v)
                          for k, v in e.params.items()}  # fmt: skip
                out.append("  · " + render({"key": f"altered.event.{e.kind}", "params": params}, "fr"))
        return out

    lines += event_lines(t.events)
    for _ in range(steps):
        if ALTERED.outcome(state) is not None:
            break
        seat = min(ALTERED.to_act(state))
        legal = ALTERED.legal_actions(state, seat)
        action = ai_move(ALTERED, state, seat, rng)
        label = render(ALTERED.describe_action(state, seat, action), "fr")
        if action.kind == "setup_mana" or action.kind == "expand":
            label = action.kind  # the card is private: the transcript is public
        lines.append(f"[{ALTERED.phase(state)}] {names[seat]} ({len(legal)} choix) : {label}")
        t = ALTERED.apply(state, seat, action, rng)
        state = t.state
        lines += event_lines(t.events)
    return "\n".join(lines) + "\n"


def test_golden_transcript() -> None:
    text = transcript()
    if os.environ.get("ALTERED_GOLDEN") == "update" or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
