"""The Play button's menu, opened at every step of seeded matches of every game, in French and English.

A property of the menu code the button runs (`MoveDesk._menu`, then a group's `_group_menu`), on live
matches of the service: it builds without error and within what Discord accepts, and it loses no choice.
(Altered's menu crashed past 25 choices: a group label was a dict, not a `Text`.)
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

import discord
import pytest

from bot.devtools.table import Table
from bot.engine import ANY, Choice, Rng, games
from bot.services import LiveMatch, MatchService, Player
from bot.storage import Store
from cogs.menus import BUTTONS_MAX, SELECT_MAX, SELECTS_MAX
from cogs.moves import MoveDesk
from tests.support.agents import ai_move


class Budget(NamedTuple):
    """Seeds and steps of a game's matches, and whether they reach a menu of groups (more than 25 choices)."""

    seeds: tuple[int, ...]
    steps: int
    grouped: bool


#: Whole matches where a step is cheap, the first turns where suggesting costs more (a table game
#: measures paths); a game registered later gets the default. About 15 s in all.
BUDGETS = {
    "altered": Budget((1, 2, 3), 400, grouped=True),  # seed 1: 26 choices at step 90
    "liber": Budget((1,), 400, grouped=True),
    "colors": Budget((1,), 40, grouped=True),
    "confrontation": Budget((1,), 50, grouped=True),
    "warcry": Budget((1,), 20, grouped=False),
}
DEFAULT_BUDGET = Budget((1, 2), 200, grouped=False)
LOCALES = ("fr", "en")
#: Discord's limits on a message's components.
ROWS, SELECT_OPTIONS, OPTION_TEXT, BUTTON_LABEL, CUSTOM_ID, PLACEHOLDER, CONTENT = 5, 25, 100, 80, 100, 150, 2000


def _limits(content: str, view: discord.ui.View) -> int:
    """Assert the message fits Discord; returns how many choices it offers (options and move buttons)."""
    assert 0 < len(content) <= CONTENT, content
    rows = view.to_components()
    assert 0 < len(rows) <= ROWS
    components = [c for row in rows for c in row["components"]]
    ids = [c["custom_id"] for c in components]
    assert len(ids) == len(set(ids)) and all(0 < len(i) <= CUSTOM_ID for i in ids), ids
    selects = [c for c in components if c["type"] == discord.ComponentType.select.value]
    assert len(selects) <= SELECTS_MAX
    offered = 0
    for row in rows:
        kinds = {c["type"] for c in row["components"]}
        assert len(row["components"]) <= (1 if discord.ComponentType.select.value in kinds else BUTTONS_MAX)
    for select in selects:
        options = select["options"]
        assert 0 < len(options) <= SELECT_OPTIONS and len(select.get("placeholder", "")) <= PLACEHOLDER
        values = [o["value"] for o in options]
        assert len(values) == len(set(values)), values
        for o in options:
            assert isinstance(o["value"], str) and 0 < len(o["value"]) <= OPTION_TEXT, o
            assert 0 < len(o["label"]) <= OPTION_TEXT and len(o.get("description", "")) <= OPTION_TEXT, o
        offered += len(options)
    for button in (c for c in components if c["type"] == discord.ComponentType.button.value):
        assert 0 < len(button["label"]) <= BUTTON_LABEL, button
        offered += not button["custom_id"].startswith("tv:gb:")  # Back is not a choice
    return offered


def _open_play_menu(desk: MoveDesk, live: LiveMatch, seat: int, choices: list[Choice[Any]], locale: str) -> None:
    """What the Play button shows this seat, then each group it offers, all within Discord's limits."""
    user = live.seat(seat).user_id
    assert user is not None
    content, view = desk._menu(live, user, choices, locale)
    shown = _limits(content, view)
    if len(choices) <= SELECT_MAX:
        assert shown == len(choices)
        return
    groups = desk._groups(live, user, choices, locale)
    assert sum(g.size for g in groups) == len(choices)  # every choice is in one group
    assert shown == min(len(groups), SELECTS_MAX * SELECT_MAX)
    for group in groups:
        if not group.key.startswith("="):
            content, view = desk._group_menu(live, user, choices, group.key, locale)
            assert _limits(content, view) == min(group.size, SELECTS_MAX * SELECT_MAX)


async def _play_and_open_menus(service: MatchService, game_key: str, steps: int) -> tuple[int, int]:
    """A seeded match between two greedy players, the menu opened for each seat to act at each step:
    returns the steps played and the most choices one menu had."""
    live = await service.create(game_key=game_key, creator=Player(1, "Alice"), guild_id=9, channel_id=8)
    await service.join(live.id, Player(2, "Bob"))
    await service.start(live.id, 1)
    desk = MoveDesk(SimpleNamespace(service=service))  # type: ignore[arg-type]
    played = most = 0
    while live.rec.status == "active" and played < steps:
        for seat in sorted(live.to_act()):
            choices = service.choices(live, seat, ANY)  # what open_menu asks for
            assert choices, (game_key, played, seat)
            most = max(most, len(choices))
            for locale in LOCALES:
                _open_play_menu(desk, live, seat, choices, locale)
        seat = min(live.to_act())
        action = ai_move(live.game, live.state, seat, Rng(played))
        user = live.seat(seat).user_id
        assert user is not None
        await service.submit(live.id, user, action, live.version)
        played += 1
    return played, most


@pytest.mark.parametrize("game_key", [g.key for g in games()])
async def test_the_play_menu_builds_within_discord_limits_at_every_step(game_key: str, tmp_path: Path) -> None:
    budget = BUDGETS.get(game_key, DEFAULT_BUDGET)
    store = await Store.open(str(tmp_path / "menus.sqlite3"), synchronous="NORMAL")
    most = 0
    try:
        for seed in budget.seeds:
            service = MatchService(store, ai_level="easy", seed_source=lambda seed=seed: seed)
            try:
                played, most_here = await _play_and_open_menus(service, game_key, budget.steps)
            finally:
                await service.close()
            assert played > 0, (game_key, seed)
            most = max(most, most_here)
    finally:
        await store.close()
    assert (most > SELECT_MAX) == budget.grouped, most  # the grouped menus were opened where expected


async def test_altered_play_menu_past_25_choices_through_discord(table: Table) -> None:
    """Alice and Bob's Altered match (seed 1) is played as the greedy players would, up to the first menu
    of more than 25 choices (step 90); its player clicks Play through the real cogs, sees the cards to
    play by name, opens one and plays it, and nobody reads « erreur inattendue »."""
    live = await _two_people(table, "altered")
    users = {s.seat: name for name, person in table.people.items() if (s := live.seat_of(int(person["id"])))}
    step = 0
    while not any(len(table.service.choices(live, s, ANY)) > SELECT_MAX for s in live.to_act()):
        assert live.rec.status == "active" and step < 120, "no menu of more than 25 choices in this match"
        seat = min(live.to_act())
        action = ai_move(live.game, live.state, seat, Rng(step))
        await table.service.submit(live.id, int(table.people[users[seat]]["id"]), action, live.version)
        step += 1
    await table.idle()
    seat = next(s for s in sorted(live.to_act()) if len(table.service.choices(live, s, ANY)) > SELECT_MAX)
    who, thread, version = users[seat], table.thread_of(live), live.version
    await table.click(who, table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    menu = table.last_with(thread, f"tv:g:{live.id}:")
    labels = [o["label"] for c in menu["components"] for s in c["components"] for o in s.get("options", [])]
    assert "Jouer " in labels[0] and "(Main)" in labels[0] and not any("altered." in x for x in labels), labels
    grouped = next(c.action for c in table.service.choices(live, seat, ANY) if c.group_key is not None)
    await table.choose_in_menu(who, live, seat, grouped)  # its group, then the move in it
    assert live.version > version
    assert not any("inattendue" in (m["content"] or "") for m in table.fd.messages(thread))


async def _two_people(table: Table, game: str) -> LiveMatch:
    """Alice's match of `game` with Bob, started (match seeds count from 1)."""
    await table.slash("Alice", "partie", "nouvelle", jeu=game)
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live
