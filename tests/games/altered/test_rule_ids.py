"""Every rule id the engine attaches to a refusal names an entry of the rules corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[3]
CORPUS = ROOT / "bot" / "games" / "altered" / "rules.yaml"


def _code_ids() -> set[str]:
    ids: set[str] = set()
    for path in (ROOT / "bot" / "games" / "altered").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'rule="(altered\.[a-z0-9_.-]+)"', text))
        ids |= set(re.findall(r'_take\([^)]*"(altered\.[a-z0-9_.-]+)"\)', text))
    from bot.games.altered.rules import PHASE_RULES

    return ids | set(PHASE_RULES.values())


@pytest.mark.skipif(not CORPUS.exists(), reason="the rules corpus is written separately")
def test_rule_ids_exist_in_the_corpus() -> None:
    try:
        doc = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
    except yaml.YAMLError:  # the corpus's own tests report that; here only the ids matter
        pytest.skip("the rules corpus does not parse right now")
    known = {e["id"] for e in doc["entries"]}
    assert _code_ids() - known == set()
