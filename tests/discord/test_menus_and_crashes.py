"""Menus past 20 actions paginate; an engine crash is logged, apologized for and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.devtools.table import Table, custom_ids
from bot.engine import Rng
from cogs import presenters
from tests.discord.conftest import started_match
from tests.support.duel import Pick


class _ManyActions:
    """A game stand-in with `n` legal actions, to exercise the menu layout."""

    key = "duel"

    def __init__(self, n: int) -> None:
        self.actions = [Pick(card=i) for i in range(n)]

    def describe_action(self, state: Any, seat: int, action: Any) -> Any:
        from bot.engine import txt

        return txt("duel.action.pick", card=action.card)


class _Live:
    def __init__(self, n: int) -> None:
        self.game = _ManyActions(n)
        self.state = None
        self.id = "abcdef12"
        self.version = 7

    def seat_name(self, n: int) -> str:
        return f"#{n}"


@pytest.mark.parametrize(
    ("n", "page", "options", "nav"),
    [(20, 0, 0, []), (21, 0, 21, []), (60, 0, 25, ["next"]), (60, 1, 25, ["prev", "next"]), (60, 2, 10, ["prev"])],
)
def test_action_menu_layout(n: int, page: int, options: int, nav: list[str]) -> None:
    live = _Live(n)
    view = presenters.action_menu(live, 0, live.game.actions, "fr", page)  # type: ignore[arg-type]
    rows = view.to_components()
    ids = [c["custom_id"] for row in rows for c in row["components"]]
    assert len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
    assert all(len(i) <= 100 for i in ids)
    if options == 0:
        assert ids == [f"tv:a:abcdef12:7:{i}" for i in range(n)]
        return
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert select["custom_id"] == f"tv:s:abcdef12:7:{page}"
    assert len(select["options"]) == options
    assert select["options"][0]["value"] == str(page * 25)
    pages = [i for i in ids if i.startswith("tv:p:")]
    expected = {"prev": f"tv:p:abcdef12:7:{page - 1}", "next": f"tv:p:abcdef12:7:{page + 1}"}
    assert pages == [expected[k] for k in nav]


async def test_engine_crash_is_apologized_for_and_changes_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    menu = table.last_with(thread, f"tv:a:{live.id}")
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
