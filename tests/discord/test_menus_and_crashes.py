"""Menus: buttons, one select, groups; actions by value. An engine crash changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.devtools.table import Table, custom_ids
from bot.engine import Rng
from cogs.menus import Entry, Group, choices_view, groups_view
from tests.discord.conftest import started_match


class _Live:
    id = "abcdef12"
    version = 7


def _entries(n: int, token: str = "pick~{i}") -> list[Entry]:
    return [Entry(f"Jouer le {i}", token.format(i=i)) for i in range(n)]


def _ids(view: Any) -> list[dict[str, Any]]:
    rows = view.to_components()
    assert len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
    return [c for row in rows for c in row["components"]]


@pytest.mark.parametrize("n", [1, 5])
def test_a_few_choices_are_buttons_carrying_the_action_by_value(n: int) -> None:
    components = _ids(choices_view(_Live(), 7, _entries(n), "fr"))  # type: ignore[arg-type]
    assert [c["custom_id"] for c in components] == [f"tv:x:abcdef12:7:pick~{i}" for i in range(n)]


def test_previews_and_drafts_have_their_own_buttons() -> None:
    entries = [Entry("Poser", "!place~3048,1270"), Entry("Long", "@0123456789")]
    components = _ids(choices_view(_Live(), 7, entries, "fr"))  # type: ignore[arg-type]
    assert [c["custom_id"] for c in components] == ["tv:v:abcdef12:7:place~3048,1270", "tv:d:abcdef12:0123456789"]


@pytest.mark.parametrize("n", [6, 25])
def test_up_to_25_choices_fit_one_select(n: int) -> None:
    (select,) = _ids(choices_view(_Live(), 7, _entries(n), "fr"))  # type: ignore[arg-type]
    assert select["type"] == 3 and select["custom_id"] == "tv:m:abcdef12:7"
    assert [o["value"] for o in select["options"]] == [f"pick~{i}" for i in range(n)]


def test_more_choices_are_grouped_never_paged_blindly() -> None:
    groups = [Group(f"play:card{i}", f"Jouer la carte {i}", 12) for i in range(7)] + [Group("=end~", "Finir", 1)]
    (select,) = _ids(groups_view(_Live(), 7, groups, "fr"))  # type: ignore[arg-type]
    assert select["custom_id"] == "tv:g:abcdef12:7"
    assert [o["value"] for o in select["options"]][-2:] == ["play:card6", "=end~"]
    assert select["options"][0]["description"] == "12 choix"
    back = _ids(choices_view(_Live(), 7, _entries(12), "fr", back=True))  # type: ignore[arg-type]
    assert back[-1]["custom_id"] == "tv:gb:abcdef12:7"


async def test_engine_crash_is_apologized_for_and_changes_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    menu = table.last_with(thread, f"tv:x:{live.id}")
    version, state = live.version, live.state

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(type(live.game), "apply", boom)
    table.fd.allow_errors("unexpected error match=")
    calls = await table.click("Alice", menu, custom_ids(menu)[0])
    followup = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1]
    assert followup.json["flags"] & 64 and followup.json["content"].startswith("Désolé")
    assert live.version == version and live.state == state
    assert len(await table.service.history(live.id)) == version
    assert any(f"match={live.id}" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")
    monkeypatch.undo()
    await table.play_turn("Alice", live, Rng(1))  # the match goes on
    assert live.version == version + 1
