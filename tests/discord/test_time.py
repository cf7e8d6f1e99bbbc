"""Time in a match through the real bot: reminders, clocks, nudges, absences, and restarts between.

The bot's clock is a port: these tests move it and call `tick`, never sleep.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.devtools.fakediscord import start_bot
from bot.devtools.table import Table, open_table, table_bot
from bot.engine import Rng
from bot.services.timers import DAY, HOUR
from cogs.pacing import NoPace

from .conftest import private_text

pytestmark = pytest.mark.both_backends  # the matches they play go through either database

START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def _dms(table: Table, who: str) -> list[dict[str, Any]]:
    channel = table.fd.dm_channel_of(table.people[who])
    return table.fd.messages(channel) if channel else []


async def _match(table: Table, **options: Any) -> Any:
    await table.slash("Alice", "partie", "nouvelle", jeu="duel", **options)
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live


async def _restart(table: Table, db: Path, clock: Clock) -> Any:
    await table.bot.close()
    bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace(), clock=clock)
    await start_bot(table.fd, bot, [table.guild])
    table.bot = bot
    await table.idle()
    return bot


def _reminders(table: Table, who: str) -> int:
    return sum(1 for m in _dms(table, who) if m["content"].startswith("⏰"))


async def test_reminders_follow_the_tables_schedule_and_survive_a_restart(tmp_path: Path) -> None:
    clock, db = Clock(), tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table, rappel="12h")
        await table.play_turn("Alice", live, Rng(1))  # the game waits for Bob only
        clock.now += 11 * HOUR
        await table.bot.service.tick()
        assert _reminders(table, "Bob") == 0
        clock.now += HOUR
        await table.bot.service.tick()
        await table.bot.service.tick()
        assert _reminders(table, "Bob") == 1 and _reminders(table, "Alice") == 0
        reminder = next(m for m in _dms(table, "Bob") if m["content"].startswith("⏰"))["content"]
        assert "attend votre coup" in reminder and f"/{live.rec.thread_id}" in reminder
        await _restart(table, db, clock)  # the count is stored: no second reminder at start-up
        assert _reminders(table, "Bob") == 1
        clock.now += 12 * HOUR
        await table.bot.service.tick()
        assert _reminders(table, "Bob") == 2


async def test_a_clock_that_ran_out_while_the_bot_was_down_is_applied_once_at_start_up(tmp_path: Path) -> None:
    clock, db = Clock(), tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table, pendule="1j")
        await table.play_turn("Alice", live, Rng(1))
        await table.bot.close()
        clock.now += 2 * DAY
        bot = await _restart(table, db, clock)
        live = await bot.service.get(live.id)
        assert live.rec.status == "finished" and live.rec.outcome["winners"] == [0]
        entries = await bot.service.history(live.id)
        assert [e.kind for e in entries].count("timeout") == 1
        await bot.service.tick()
        assert [e.kind for e in await bot.service.history(live.id)].count("timeout") == 1
        posted = "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))
        assert "La pendule de Bob est tombée" in posted


async def test_when_the_table_chose_it_the_ai_takes_over_a_seat_out_of_time(tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table, pendule="1j", temps_ecoule="ai")
        await table.play_turn("Alice", live, Rng(1))
        version = live.version
        clock.now += DAY + 1
        await table.bot.service.tick()
        await table.idle()
        assert live.version > version  # the AI played Bob's move
        posted = "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))
        assert "l'IA joue désormais à sa place" in posted


async def test_the_waiting_side_may_nudge_once_a_day(tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table)
        thread = table.thread_of(live)
        calls = await table.slash("Alice", "partie", "rappel", channel=thread)
        assert "Personne à relancer" in private_text(calls)  # both must pick: she is awaited too
        await table.play_turn("Alice", live, Rng(1))
        calls = await table.slash("Alice", "partie", "rappel", channel=thread)
        assert "Rappel envoyé à Bob" in private_text(calls)
        assert any("Alice vous rappelle" in m["content"] for m in _dms(table, "Bob"))
        calls = await table.slash("Alice", "partie", "rappel", channel=thread)
        assert "réessayez dans 24 h" in private_text(calls)
        clock.now += DAY
        calls = await table.slash("Alice", "partie", "rappel", channel=thread)
        assert "Rappel envoyé" in private_text(calls)


async def test_an_absence_pauses_the_clock_or_lets_the_ai_play(tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table, pendule="1j")
        thread = table.thread_of(live)
        await table.play_turn("Alice", live, Rng(1))
        calls = await table.slash("Bob", "partie", "absence", channel=thread, duree="3j")
        assert "absent jusqu'au <t:" in private_text(calls)
        clock.now += 2 * DAY
        await table.bot.service.tick()
        assert live.rec.status == "active"  # his clock is paused
        posted = "\n".join(m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
        assert "Bob s'absente jusqu'au" in posted
        calls = await table.slash("Bob", "partie", "absence", channel=thread, duree="deux jours")
        assert "n'est pas une durée" in private_text(calls)
        calls = await table.slash("Bob", "partie", "absence", channel=thread, duree="0")
        assert "Bon retour" in private_text(calls)
        version = live.version
        await table.slash("Bob", "partie", "absence", channel=thread, duree="1j", ia=True)
        await table.idle()
        assert live.version > version  # the AI played for him


async def test_the_lobby_shows_the_time_settings_and_refuses_a_clock_nobody_could_see_run(tmp_path: Path) -> None:
    """`pendule:0,01m` made the joiner lose at the next tick, rated, with nothing in the lobby to warn them."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=Clock()) as table:
        calls = await table.slash("Alice", "partie", "nouvelle", jeu="duel", pendule="0,01m")
        assert "La pendule va de 1 h à 30 j par joueur" in private_text(calls) and not table.live_matches()
        calls = await table.slash("Alice", "partie", "nouvelle", jeu="duel", rappel="1m")
        assert "Le délai des rappels va de 1 h à 30 j" in private_text(calls) and not table.live_matches()
        await table.slash("Alice", "partie", "nouvelle", jeu="duel", pendule="3j+12h", rappel="12h", temps_ecoule="ai")
        live = table.live_matches()[-1]
        lobby = table.last_with(table.thread_of(live), f"tv:join:{live.id}")
        settings = lobby["embeds"][0]["fields"][-1]
        assert settings["name"] == "Réglages"
        for line in (
            "Pendule : 3 j par joueur, plus 12 h à chaque tour.",
            "Pendule tombée : l'IA joue à la place du joueur jusqu'à la fin.",
            "Rappel par MP après 12 h d'attente, puis à intervalle de 12 h.",
            "Messages publics en français.",
        ):
            assert line in settings["value"]


async def test_a_match_saved_with_reminders_every_minute_reminds_at_most_hourly(tmp_path: Path) -> None:
    import dataclasses

    clock, db = Clock(), tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob"), clock=clock) as table:
        live = await _match(table)
        await table.play_turn("Alice", live, Rng(1))  # the game waits for Bob only
        async with live.lock:  # as `rappel:1m` was saved before durations had bounds
            old = {**live.rec.timers, "remind_after": 60.0, "remind_every": 60.0}
            await table.bot.service._save_match(live, dataclasses.replace(live.rec, timers=old))
        await _restart(table, db, clock)
        for _ in range(150):  # the bot ticks every minute: two and a half hours
            clock.now += 60
            await table.bot.service.tick()
        assert _reminders(table, "Bob") == 2
