"""The kernel port changes no rule: seeded playthroughs recorded with the schema-1 engines replay
identically (same legal moves in the same order, same events, same chance draws) on today's engines.

The fixture (tests/fixtures/engines_v1_playthroughs.json.gz) was written by the schema-1 code before
the move to check/suggest and the decision stack. A rule fix that changes a playthrough on purpose
regenerates it and says so in its commit.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bot import games as game_folders
from bot.engine import ANY, ReplayRng, SeatSpec, get_game, load_games

FIXTURE = Path(__file__).parents[1] / "fixtures" / "engines_v1_playthroughs.json.gz"
PLAYTHROUGHS: dict[str, Any] = json.loads(gzip.decompress(FIXTURE.read_bytes()))


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_replays_identically(name: str) -> None:
    load_games(game_folders)
    key, _seed = name.split(":")
    game = get_game(key)
    record = PLAYTHROUGHS[name]
    rng = ReplayRng(record["setup_draws"])
    t = game.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng)
    assert rng.exhausted
    assert [e.model_dump(mode="json") for e in t.events] == [_named(e) for e in record["setup_events"]]
    state = t.state
    for i, step in enumerate(record["steps"]):
        seat = step["seat"]
        assert min(game.to_act(state)) == seat, i
        suggested = [c.action.dump() for c in game.suggest(state, seat, ANY)]
        assert suggested == step["legal"], f"step {i}: the legal moves differ"
        action = game.parse_action(step["action"])
        game.check(state, seat, action)
        rng = ReplayRng(step["draws"])
        t = game.apply(state, seat, action, rng)
        assert rng.exhausted, i
        expected = [_named(e) for e in step["events"]]
        assert [e.model_dump(mode="json") for e in t.events] == expected, f"step {i}: the events differ"
        state = t.state
    outcome = game.outcome(state)
    assert (outcome.model_dump(mode="json") if outcome else None) == record["outcome"]
    # the public view may have gained fields (what an AI needs to rebuild a state), never lost or changed one
    assert_contains(game.view(state, None).model_dump(mode="json"), record["final_public_view"])


def _named(event: dict[str, Any]) -> dict[str, Any]:
    """Text, not rules: Altered's private "you drew" now names the cards (it sent their ids)."""
    cards = event.get("params", {}).get("cards")
    if event.get("kind") == "you_drew" and cards and all(isinstance(c, str) for c in cards):
        return {
            **event,
            "params": {**event["params"], "cards": [{"key": f"altered.card.{c}", "params": {}} for c in cards]},
        }
    return event


def assert_contains(new: Any, old: Any, path: str = "view") -> None:
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        for key, value in old.items():
            assert key in new, f"{path}.{key} disappeared"
            assert_contains(new[key], value, f"{path}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), path
        for i, (n, o) in enumerate(zip(new, old, strict=True)):
            assert_contains(n, o, f"{path}[{i}]")
    else:
        assert new == old, path
