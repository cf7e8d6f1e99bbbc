"""Menus: buttons, one select, groups; actions by value. An engine crash changes nothing."""

from __future__ import annotations

from typing import Any

import discord
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


def test_a_long_list_is_shown_whole_in_several_selects_never_cut() -> None:
    """More than 25 choices in one group: up to four selects of one message, ids apart, nothing dropped."""
    from types import SimpleNamespace

    from cogs.menus import Entry, choices_view

    live = SimpleNamespace(id="0123abcd")
    entries = [Entry(label=f"Choix {n}", token=f"code~{n}") for n in range(60)]
    view = choices_view(live, 7, entries, "fr", back=True)  # type: ignore[arg-type]
    selects = [getattr(c, "item", c) for c in view.children]
    selects = [s for s in selects if isinstance(s, discord.ui.Select)]
    assert [len(s.options) for s in selects] == [25, 25, 10]
    assert len({s.custom_id for s in selects}) == 3 and all(s.custom_id.startswith("tv:m:0123abcd:7") for s in selects)
    assert {o.value for s in selects for o in s.options} == {e.token for e in entries}
    assert selects[1].placeholder == "Choix 26 à 50 sur 60"
    huge = [Entry(label=f"C{n}", token=f"c~{n}") for n in range(130)]
    parts = [getattr(c, "item", c) for c in choices_view(live, 7, huge, "fr").children]  # type: ignore[arg-type]
    parts = [s for s in parts if isinstance(s, discord.ui.Select)]
    assert len(parts) == 4 and "30 autres" in (parts[-1].placeholder or "")


async def test_a_choice_from_the_second_part_of_a_long_list_is_played() -> None:
    """The part number is only an id: the handler still receives the match, the version and the value."""
    from types import SimpleNamespace

    from cogs.components import ChoiceSelect

    match = ChoiceSelect.__discord_ui_compiled_template__.fullmatch("tv:m:0123abcd:7:2")
    assert match is not None
    played: list[tuple[str, int, str]] = []

    async def act_value(interaction: Any, match_id: str, version: int, token: str) -> None:
        played.append((match_id, version, token))

    async def admits(interaction: Any, match_id: str, *, where: str) -> bool:
        return True  # the gate (tests/discord/test_scope.py) lets this click through

    host = SimpleNamespace(moves=SimpleNamespace(act_value=act_value), admits=admits)
    item = ChoiceSelect("0123abcd", 7, 2, options=[discord.SelectOption(label="x", value="code~30")])
    client = SimpleNamespace(host=host)
    interaction = SimpleNamespace(client=client, data={"values": ["code~30"]})
    await item.callback(interaction)  # type: ignore[arg-type]
    assert played == [("0123abcd", 7, "code~30")]
