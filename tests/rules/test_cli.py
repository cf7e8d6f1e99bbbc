"""The ``regle`` command line: human and JSON outputs."""

from __future__ import annotations

import io
import json

import pytest

from bot.rules.cli import main


def test_json_output_shape() -> None:
    out = io.StringIO()
    assert main(["riposte", "--game", "liber", "--json", "--limit", "3"], out=out) == 0
    data = json.loads(out.getvalue())
    assert isinstance(data, list) and 1 <= len(data) <= 3
    for item in data:
        assert set(item) == {"id", "game", "title", "body", "score"}
        assert item["game"] == "liber"
    assert data[0]["id"] == "liber.combat.riposte"
    assert data[0]["title"] == "Riposte (contre-attaque)"  # French title and body
    assert [d["score"] for d in data] == sorted((d["score"] for d in data), reverse=True)


def test_human_output_lists_ranked_results() -> None:
    out = io.StringIO()
    assert main(["pacte", "de", "sang"], out=out) == 0
    first = out.getvalue().splitlines()[0]
    assert first.startswith("1. colors.blood-pact") and "Pacte de sang" in first


def test_no_result_and_bad_game() -> None:
    out = io.StringIO()
    assert main(["zzzzqqqq", "--json"], out=out) == 1
    assert json.loads(out.getvalue()) == []
    with pytest.raises(SystemExit):
        main(["riposte", "--game", "chess"], out=io.StringIO())
