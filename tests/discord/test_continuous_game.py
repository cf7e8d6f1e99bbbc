"""A game with no list of moves, played whole through the real cogs (issue: Kernel II, "Done means").

Palet (bot/testgames/palet/game.py) places a puck anywhere on a 24"×24" board, at integer coordinates. A
person plays it against the AI through typed coordinates in the autocomplete, the private menu, a
preview image with Confirm, and the event log, with a restart of the bot in the middle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app import TavernierBot
from bot.devtools.fakediscord import start_bot
from bot.devtools.table import Table, custom_ids, open_table
from bot.engine import Rng
from bot.services.replay import replay_from_seed
from bot.table.units import INCH
from bot.testgames.palet.game import BOARD, Place
from cogs.pacing import NoPace
from tests.discord.conftest import private_text

_private_text = private_text


def _autocomplete(table: Table, live: Any, text: str) -> list[dict[str, Any]]:
    payload = table.fd.autocomplete(
        "palet", table.people["Alice"], table.guild, channel=table.thread_of(live), subcommand="poser",
        focused="choix", choix=text,
    )  # fmt: skip
    return payload


async def _typed(table: Table, live: Any, text: str) -> tuple[list[dict[str, Any]], Any]:
    """Type `text` in `/palet poser choix:`, pick the first suggestion, confirm its preview."""
    payload = _autocomplete(table, live, text)
    await table.fd.interact(table.bot, payload)
    choices = table.fd.interaction_state(payload).choices or []
    assert choices, text
    calls = await table.slash("Alice", "palet", "poser", channel=table.thread_of(live), choix=choices[0]["value"])
    preview = table.last_with(table.thread_of(live), f"tv:ok:{live.id}:")
    assert any(a["filename"] == "preview.png" for a in preview["attachments"])
    assert "Distance au maître" in preview["content"]
    confirm = next(c for c in custom_ids(preview) if c.startswith("tv:ok:"))
    return choices, (calls, await table.click("Alice", preview, confirm))


def _alices_last(live: Any) -> tuple[int, int]:
    puck = [p for p in live.state.pucks if p.seat == 0][-1]
    return (puck.x, puck.y)


async def test_palet_is_played_whole_through_the_cogs_with_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "palet.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="palet", ia=True)
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        assert 0 in live.to_act()

        # typed coordinates: a grid cell, then numbers; each suggestion is previewed, then confirmed
        jx, jy = live.state.jack
        cell = BOARD.cell_of((jx + 3 * INCH, jy))
        choices, _ = await _typed(table, live, cell)
        assert choices[0]["name"].startswith("Poser un palet en") and cell in choices[0]["name"]
        assert BOARD.cell_of(_alices_last(live)) == cell
        await table.idle()  # the AI answers
        x, y = (jx - 4 * INCH) / INCH, jy / INCH
        await _typed(table, live, f"{x:.1f} {y:.1f}".replace(".", ","))
        assert _alices_last(live) == (round(x * 10) * INCH // 10, round(y * 10) * INCH // 10)
        await table.idle()

        # an illegal point (on the jack) is never submitted: the nearest legal point is offered instead
        payload = _autocomplete(table, live, BOARD.cell_of(live.state.jack))
        await table.fd.interact(table.bot, payload)
        first = (table.fd.interaction_state(payload).choices or [])[0]
        assert "point permis le plus proche" in first["name"]
        action = live.game.decode_action(first["value"].split(":", 1)[1].lstrip("!"))
        live.game.check(live.state, 0, action)

        # a preview made before a restart answers clearly after it: the draft is gone, nothing is played
        calls = await table.slash("Alice", "palet", "poser", channel=thread, choix=first["value"])
        stale_preview = table.last_with(thread, f"tv:ok:{live.id}:")
        version = live.version
        await table.bot.close()
        bot = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        calls = await table.click(
            "Alice", stale_preview, next(c for c in custom_ids(stale_preview) if c.startswith("tv:ok:"))
        )
        assert "expiré" in _private_text(calls)
        live = await bot.service.get(live.id)
        assert live.version == version

        # the rest through the private menu (buttons carry actions by value, each previewed)
        rng = Rng(4)
        while live.rec.status == "active":
            await table.play_turn("Alice", live, rng)
        assert live.rec.status == "finished"
        public = "\n".join(m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
        assert "Manche 3" in public and ("Victoire" in public or "Égalité" in public)

        # the event log replays to the same state from the seed
        entries = await bot.service.history(live.id)
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert state == live.state
        placed = [e for e in entries if e.kind == "action"]
        assert all(live.game.parse_action(e.action) == Place(**{k: v for k, v in e.action.items()}) for e in placed)
