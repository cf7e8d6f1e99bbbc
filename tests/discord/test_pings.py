"""A ping only when there is a real choice (#26): decisions with one answer are played at once, a player
at the table gets no DM until they have been away a while, a wait is one mention, and a click from a
post that lags behind the game is told whom the game waits for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.devtools.table import Table, open_table
from bot.engine import ANY, Rng
from bot.services.replay import rebuild

from .conftest import private_text

NAMES = ("Alice", "Bob")
T0 = 1_800_000_000.0


def _dms(table: Table, who: str) -> list[dict[str, Any]]:
    channel = table.fd.dm_channel_of(table.people[who])
    return table.fd.messages(channel) if channel else []


async def _two_people(table: Table, game: str) -> Any:
    await table.slash("Alice", "partie", "nouvelle", jeu=game)
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live


async def _until_waiting_again(table: Table, live: Any, who: int, rng: Rng, now: list[float], gap: float) -> None:
    """Play (a move every `gap` seconds) until `who` has moved and the game, after the other side's
    move, waits for them again."""
    moved = answered = False
    for _ in range(400):
        seat = min(live.to_act())
        if answered and seat == who:
            return
        answered = answered or (moved and seat != who)
        moved = moved or seat == who
        now[0] += gap
        await table.play_turn(NAMES[seat], live, rng)
    raise AssertionError("the game never came back to that seat")


async def test_a_player_at_the_table_gets_no_dm_until_away_a_while(tmp_path: Path) -> None:
    """Bob moved a minute ago: the thread's post is enough when the game comes back to him; his DM comes
    once he has been away 5 minutes (the default) without acting, once."""
    now = [T0]
    async with open_table(tmp_path / "db.sqlite3", NAMES, clock=lambda: now[0]) as table:
        live = await _two_people(table, "liber")
        rng = Rng(2)
        await _until_waiting_again(table, live, 0, rng, now, gap=0)
        await _until_waiting_again(table, live, 1, rng, now, gap=1)
        sent = len(_dms(table, "Bob"))
        assert 1 in live.to_act() and 0 not in live.to_act()  # the game waits for Bob, who just played
        acted = live.inbox_of(1).acted_at
        assert acted is not None and now[0] - acted < 60
        now[0] = acted + 4 * 60
        await table.service.tick()
        await table.idle()
        assert len(_dms(table, "Bob")) == sent  # still at the table
        now[0] = acted + 5 * 60 + 1
        await table.service.tick()
        await table.service.tick()
        await table.idle()
        dms = _dms(table, "Bob")
        assert len(dms) == sent + 1  # away: one DM, not one per minute
        assert "À vous de jouer" in dms[-1]["content"]


async def test_a_player_may_ask_for_a_dm_even_while_playing(tmp_path: Path) -> None:
    now = [T0]
    async with open_table(tmp_path / "db.sqlite3", NAMES, clock=lambda: now[0]) as table:
        calls = await table.slash("Bob", "preferences", mp_apres="0")
        assert "un message privé même quand vous venez de jouer" in private_text(calls)
        live = await _two_people(table, "liber")
        rng = Rng(2)
        await _until_waiting_again(table, live, 1, rng, now, gap=0)
        sent = len(_dms(table, "Bob"))
        await _until_waiting_again(table, live, 1, rng, now, gap=60)
        assert len(_dms(table, "Bob")) == sent + 1


async def test_a_decision_with_one_answer_is_played_at_once_and_replays(tmp_path: Path) -> None:
    """In Confrontation « Fin des annonces » or « Jouer la carte du dessus » alone is no question: the
    game plays it as the seat's move, logged as such, and the log replays to the same state; a player
    who asked to confirm them is asked."""
    async with open_table(tmp_path / "db.sqlite3", NAMES) as table:
        live = await _two_people(table, "confrontation")
        rng = Rng(1)
        for _ in range(60):
            await table.play_turn(NAMES[min(live.to_act())], live, rng)
        entries = await table.service.history(live.id)
        forced = [e for e in entries if e.meta.get("forced")]
        assert forced and all(e.kind == "action" and e.seat in (0, 1) for e in forced)
        state = rebuild(live.game, live.seats, live.rec.options, entries)
        assert live.game.dump_state(state) == live.game.dump_state(live.state)

    async with open_table(tmp_path / "db2.sqlite3", NAMES) as table:
        for who in NAMES:
            await table.slash(who, "preferences", choix_uniques="ask")
        live = await _two_people(table, "confrontation")
        rng = Rng(1)
        for _ in range(60):
            await table.play_turn(NAMES[min(live.to_act())], live, rng)
        assert not [e for e in await table.service.history(live.id) if e.meta.get("forced")]


async def test_a_click_on_a_lagging_post_says_whom_the_game_waits_for(tmp_path: Path) -> None:
    """The thread's last « À jouer » line may lag behind the game while its posts wait for the pace: a
    click on Play by someone the game does not wait for names who it waits for."""
    async with open_table(tmp_path / "db.sqlite3", NAMES) as table:
        live = await _two_people(table, "liber")
        waited = min(live.to_act())
        other = NAMES[1 - waited]
        calls = await table.click(
            other, table.last_with(table.thread_of(live), f"tv:act:{live.id}"), f"tv:act:{live.id}"
        )
        assert f"la partie attend {NAMES[waited]}" in private_text(calls)


async def test_since_your_last_move_starts_at_a_move_of_yours_not_at_an_answer_played_for_you(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/partie etat` tells a player what happened since their last move. An answer the game played for
    them (a decision with one answer) is not their move: it ended their news there, and hid itself from
    them. Palet is made to leave Bob one answer each time (its suggestions' first)."""
    from bot.testgames.palet.game import PaletGame

    def one_answer(game: PaletGame, state: Any, seat: int) -> Any:
        return game.suggest(state, seat, ANY)[0].action if seat == 1 and seat in game.to_act(state) else None

    monkeypatch.setattr(PaletGame, "forced", one_answer)
    async with open_table(tmp_path / "db.sqlite3", NAMES) as table:
        live = await _two_people(table, "palet")
        rng = Rng(3)
        for _ in range(2):
            assert live.to_act() == {0}
            await table.play_turn("Alice", live, rng)
        entries = await table.service.history(live.id)
        assert [(e.seat, bool(e.meta.get("forced"))) for e in entries[1:]] == [(0, False), (1, True)] * 2
        calls = await table.slash("Bob", "partie", "etat", channel=table.thread_of(live))
        news = private_text(calls)
        assert "Depuis votre dernier coup" in news
        assert news.count("Alice pose un palet") == 2 and news.count("Bob pose un palet") == 2
        assert live.inbox_of(1).acted_at is None  # nor is he at the table (the live-player DM rule)
