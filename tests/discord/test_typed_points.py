"""Typed points in the three table games through the real cogs (#25): a point out of reach, typed as a
cell or as coordinates in `/<game> <move> choix:`, is answered privately with the nearest point the
rules accept and why, never « Ce choix n'existe pas »; one click on Confirm plays that move."""

from __future__ import annotations

import dataclasses
import math
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from bot.devtools.table import Table, custom_ids, open_table
from bot.engine import Ask, Rng
from bot.engine.registry import game_def
from bot.table.game import TableGame, forget_suggestions
from tests.discord.conftest import private_text

# game: (its move command, the kinds that command plays)
MOVES = {
    "warcry": ("deplacer", ("move",)),
    "colors": ("deplacer", ("move", "disengage")),
    "confrontation": ("marcher", ("walk", "disengage")),
}
SAID = {
    "fr": ("le point demandé n'est pas permis", "n'existe pas"),
    "en": ("the point you typed is not allowed", "does not exist"),
}


def _mover(live: Any, kinds: tuple[str, ...]) -> Any | None:
    """The figure Alice may move now with that command (the one its first move suggestion moves)."""
    if 0 not in live.to_act():
        return None
    for choice in live.game.suggest(live.state, 0, Ask(kinds=kinds, labels=False)):
        who = getattr(choice.action, "figure", None) or getattr(choice.action, "fighter", None)
        if who is None and live.game.key == "warcry" and live.state.active is not None:
            who = live.state.active.fighter
        return _figure(live.state, who) if who else None
    return None


def _measure(live: Any) -> Any:
    board = import_module(f"bot.games.{live.game.key}.board")
    return board.measure(live.state.scenario) if hasattr(board, "measure") else board.MEASURE


def _figure(state: Any, fid: str) -> Any:
    pieces = getattr(state, "figures", None) or state.fighters
    return next(f for f in pieces if f.id == fid)


async def _to_a_move(table: Table, live: Any, kinds: tuple[str, ...]) -> Any:
    rng = Rng(3)
    for _ in range(300):
        mover = _mover(live, kinds)
        if mover is not None:
            return mover
        assert live.rec.status == "active" and 0 in live.to_act()
        await table.play_turn("Alice", live, rng)
    raise AssertionError("Alice never had a figure to move")


def _far_corner(measure: Any, at: tuple[int, int]) -> tuple[int, int]:
    """The corner of the table furthest from `at`, a grid cell inside it (out of any move's reach)."""
    corners = [
        (x, y)
        for x in (measure.cell // 2, measure.width - measure.cell // 2)
        for y in (measure.cell // 2, measure.height - measure.cell // 2)
    ]
    return max(corners, key=lambda c: math.dist(c, at))


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("key", ["warcry", "colors", "confrontation"])
async def test_a_point_out_of_reach_is_answered_with_the_nearest_legal_one_and_played_in_one_click(
    tmp_path: Path, key: str, locale: str
) -> None:
    command, kinds = MOVES[key]
    async with open_table(tmp_path / f"{key}.sqlite3", ("Alice",), locale=locale) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu=key, ia=True)
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        mover = await _to_a_move(table, live, kinds)
        measure = _measure(live)
        far = _far_corner(measure, mover.centre)
        cell = measure.cell_of(far)
        # French players type the cell, English ones the coordinates (in the game's unit)
        typed = cell if locale == "fr" else f"{far[0] / measure.per_unit:.1f}, {far[1] / measure.per_unit:.1f}"
        version = live.version
        calls = await table.slash("Alice", game_def(key).command, command, channel=thread, choix=typed)
        text = private_text(calls)
        allowed, missing = SAID[locale]
        assert allowed in text and missing not in text, text
        assert live.version == version  # nothing played before Confirm
        preview = table.last_with(thread, f"tv:ok:{live.id}:")
        await table.click("Alice", preview, next(c for c in custom_ids(preview) if c.startswith("tv:ok:")))
        assert live.version > version
        moved = _figure(live.state, mover.id)
        assert moved.centre != mover.centre and moved.centre != far


async def test_the_submit_of_a_typed_point_reuses_what_the_autocomplete_computed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Confrontation's typed answer searched the nearest legal point at each keystroke, again when the
    command was sent, and again for the menu: the game now remembers its answer per position and text,
    so the submit asks the rules nothing the last keystroke did not ask already."""
    command, kinds = MOVES["confrontation"]
    async with open_table(tmp_path / "typed.sqlite3", ("Alice",)) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="confrontation", ia=True)
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        mover = await _to_a_move(table, live, kinds)
        measure = _measure(live)
        typed = measure.cell_of(_far_corner(measure, mover.centre))
        asked: list[str] = []
        game = live.game
        assert isinstance(game, TableGame)
        rules = game.table_rules

        def counting(state: Any, seat: int, ask: Ask) -> Any:
            asked.append(ask.text)
            return rules.suggest(state, seat, ask)

        monkeypatch.setattr(game, "table_rules", dataclasses.replace(rules, suggest=counting))
        forget_suggestions()  # another test may have typed the same cell on the same position
        for keystrokes in (typed[:1], typed, typed):  # the field loses and gets back the focus
            payload = table.fd.autocomplete(
                game_def("confrontation").command,
                table.people["Alice"],
                table.guild,
                channel=thread,
                subcommand=command,
                focused="choix",
                choix=keystrokes,
            )
            await table.fd.interact(table.bot, payload)
            assert table.fd.interaction_state(payload).choices
        assert asked == [typed[:1], typed]
        calls = await table.slash("Alice", game_def("confrontation").command, command, channel=thread, choix=typed)
        assert "le point demandé n'est pas permis" in private_text(calls)
        assert asked == [typed[:1], typed]  # the submit found the answer the autocomplete computed
