"""/regle, the decision log and the tests cannot drift apart (#12 §1): every ruling of ours in /regle
names its decision in docs/rules/<game>.md, that decision exists and names the test that shows it,
and that test exists. Official Altered entries (the Complete Rules) are rules, not rulings of ours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.rules.loader import load_entries
from bot.rules.sources import official

ROOT = Path(__file__).resolve().parents[2]
DECISION = re.compile(r"D-(LIB|ALT|COL|CON|WAR)-\d\d")
TEST_REF = re.compile(r"Test: `(tests/[\w/]+\.py)::(\w+)`")


def _decisions(game: str) -> dict[str, str]:
    """{decision id: its text} from the game's decision log (table rows, bullets, or `###` sections)."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    section: str | None = None
    for line in text.splitlines():
        m = re.match(r"^(?:\| |- \*\*)(D-(?:LIB|ALT|COL|CON|WAR)-\d\d)\b", line)
        if m:
            out[m.group(1)] = line
            section = None
            continue
        h = re.match(r"^### (D-(?:LIB|ALT|COL|CON|WAR)-\d\d)\b", line)
        if h:
            section = h.group(1)
            out[section] = line
        elif line.startswith("#"):
            section = None
        elif section is not None:
            out[section] += "\n" + line
    return out


def _rulings(game: str) -> list:  # type: ignore[type-arg]
    return [e for e in load_entries() if e.game == game and e.decision and not official(e)]


@pytest.mark.parametrize("game", ["liber", "altered", "colors", "confrontation", "warcry"])
def test_every_ruling_names_an_existing_decision_which_names_an_existing_test(game: str) -> None:
    log = _decisions(game)
    problems = []
    for entry in _rulings(game):
        if not entry.decisions:
            problems.append(f"{entry.id}: names no decision")
        for did in entry.decisions:
            row = log.get(did)
            if row is None:
                problems.append(f"{entry.id}: {did} is not in docs/rules/{game}.md")
                continue
            ref = TEST_REF.search(row)
            if ref is None:
                problems.append(f"{did} (cited by {entry.id}) names no test")
                continue
            path, name = ROOT / ref.group(1), ref.group(2)
            if not path.exists() or not re.search(rf"^(async )?def {name}\(", path.read_text("utf-8"), re.M):
                problems.append(f"{did}: its test {ref.group(1)}::{name} does not exist")
    assert problems == []


@pytest.mark.parametrize("game", ["liber", "altered", "colors", "confrontation", "warcry"])
def test_every_decision_that_names_a_test_is_stated_in_the_rules_lookup(game: str) -> None:
    """The other way: a decision with a test is not a private note; some /regle entry states it,
    so a player can read the ruling the engine applies."""
    stated = {d for e in load_entries() if e.game == game for d in e.decisions}
    tested = {did for did, row in _decisions(game).items() if TEST_REF.search(row)}
    assert tested - stated == set()


def test_decision_ids_never_reach_a_player() -> None:
    for entry in load_entries():
        for text in (entry.title.fr, entry.title.en, entry.body.fr, entry.body.en):
            assert not DECISION.search(text), entry.id


def test_every_test_a_decision_log_names_exists() -> None:
    """Every decision log (docs/rules/*.md, the games not yet offered included) names real tests."""
    from pathlib import Path

    named = 0
    for log in sorted(Path("docs/rules").glob("*.md")):
        for path, name in TEST_REF.findall(log.read_text(encoding="utf-8")):
            assert re.search(rf"def {name}\(", Path(path).read_text(encoding="utf-8")), (log.name, path, name)
            named += 1
    assert named > 40
