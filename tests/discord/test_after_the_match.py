"""After the match: ratings per server and game (openskill), the leaderboard, the rematch button."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools.table import Table, custom_ids, open_table, table_bot
from bot.engine import Outcome, Rng, txt
from bot.services.ratings import ranks_of, rerate
from bot.storage import Rating

from .conftest import private_text, started_match

pytestmark = pytest.mark.both_backends  # the matches they play go through either database


async def _finish(table: Table, live: object, seed: int = 4) -> None:
    rng = Rng(seed)
    while live.rec.status == "active":  # type: ignore[attr-defined]
        seat = min(live.to_act())  # type: ignore[attr-defined]
        await table.play_turn(("Alice", "Bob")[seat], live, rng)


def test_rerate_moves_the_winner_up_and_a_draw_is_nobodys_win() -> None:
    a, b = Rating(1, "A", 25.0, 25 / 3), Rating(2, "B", 25.0, 25 / 3)
    won, lost = rerate([a, b], ranks_of(Outcome(winners=(0,), reason=txt("x")), [0, 1]))
    assert won.mu > 25 > lost.mu and won.sigma < a.sigma and (won.wins, lost.wins) == (1, 0)
    drew = rerate([a, b], ranks_of(Outcome(draw=True, reason=txt("x")), [0, 1]))
    assert [r.wins for r in drew] == [0, 0] and abs(drew[0].mu - drew[1].mu) < 1e-9


async def test_a_finished_match_between_people_counts_once_in_the_servers_leaderboard(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        await _finish(table, live)
        await table.idle()
        winner = live.rec.outcome["winners"]
        ratings = await table.service.store.ratings(int(table.guild["id"]), "duel")
        assert [r.games for r in ratings] == [1, 1]
        if winner:
            best = live.seat(winner[0]).name
            assert ratings[0].name == best and ratings[0].wins == 1
        assert not await table.service.rate(live)  # already counted
        calls = await table.slash("Bob", "classement", jeu="duel")
        board = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1].json["content"]
        assert "Classement — Duel" in board and "1 partie" in board and board.index("1.") < board.index("2.")

        against_ai = await started_match(table, ai=True)
        rng = Rng(3)
        while against_ai.rec.status == "active":
            await table.play_turn("Alice", against_ai, rng)
        assert not table.service.ratable(against_ai)


async def test_the_rematch_button_swaps_sides_in_a_new_thread(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        await _finish(table, live)
        thread = table.thread_of(live)
        end = table.last_with(thread, f"tv:rematch:{live.id}")
        calls = await table.click("Bob", end, f"tv:rematch:{live.id}")
        assert "créée" in private_text(calls)
        new = table.live_matches()[-1]
        assert new.id != live.id and new.rec.status == "lobby" and new.rec.created_by == int(table.people["Bob"]["id"])
        assert [s.name for s in new.seats] == ["Bob", "Alice"]  # sides swapped
        assert new.rec.thread_id != live.rec.thread_id
        told = table.fd.messages(thread, include_ephemeral=False)[-1]
        assert "Revanche proposée par Bob" in told["content"] and f"<@{table.people['Alice']['id']}>" in told["content"]
        lobby = table.last_with(table.thread_of(new), f"tv:start:{new.id}")
        await table.click("Bob", lobby, f"tv:start:{new.id}")
        assert new.rec.status == "active"
        assert f"tv:rematch:{live.id}" in custom_ids(end)


async def test_review_a_finished_match_and_try_another_line_against_the_ai(tmp_path: Path) -> None:
    from bot.devtools.fakediscord import start_bot
    from cogs.pacing import NoPace

    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        live = await started_match(table)
        await _finish(table, live)
        thread = table.thread_of(live)
        calls = await table.slash("Bob", "partie", "revoir", channel=thread)
        shown = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1]
        assert shown.json["flags"] & 64 and "coup 0 sur" in shown.json["content"]
        assert shown.files and shown.files[0].filename == "board.png"
        review = table.last_with(thread, f"tv:rv:{live.id}:")
        await table.click("Bob", review, f"tv:rv:{live.id}:1")
        review = table.fd.message(review["id"]) or review
        assert "coup 1 sur" in review["content"]
        await table.click("Alice", review, f"tv:try:{live.id}:1")
        practice = table.live_matches()[-1]
        assert practice.id != live.id and practice.rec.status == "active"
        assert [s.is_ai for s in practice.seats] == [False, True] and practice.seats[1].name == "Bob (IA)"
        rng = Rng(8)
        while (practice := await table.service.get(practice.id)).rec.status == "active":
            await table.play_turn("Alice", practice, rng)
        assert practice.rec.outcome is not None
        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        again = await bot.service.get(practice.id)
        assert again.game.dump_state(again.state) == practice.game.dump_state(practice.state)
        from bot.services.replay import rebuild

        entries = await bot.service.history(practice.id)
        rebuilt = rebuild(again.game, again.seats, again.rec.options, entries)
        assert again.game.dump_state(rebuilt) == again.game.dump_state(again.state)  # it replays from its start


async def test_a_practice_match_the_person_starts_shows_its_board_and_play_button_in_its_thread(
    tmp_path: Path,
) -> None:
    """A practice match used to deliver its set-up step (and let the AI play) before its thread existed:
    those posts went nowhere and were marked delivered, so a practice the person starts had no Play button."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        await _finish(table, live)
        last = live.version - 1
        alone = []
        for seq in range(last):
            _, state, _, _ = await table.service.state_at(live.id, seq)
            alone += [seq] if set(live.game.to_act(state)) == {0} else []
        assert alone, "the finished match has a step after which Alice alone is to act"
        await table.slash("Alice", "partie", "essayer", channel=table.thread_of(live), coup=alone[0])
        practice = table.live_matches()[-1]
        assert practice.id != live.id and practice.rec.status == "active" and practice.to_act() == {0}
        posts = table.fd.messages(table.thread_of(practice), include_ephemeral=False)
        assert table.last_with(table.thread_of(practice), f"tv:act:{practice.id}") is posts[-1]
        assert any(m.get("attachments") for m in posts)  # the set-up step's board


async def test_a_practice_match_whose_thread_discord_refuses_is_cancelled_before_the_ai_plays(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        await _finish(table, live)
        channel = table.fd.channels[live.rec.channel_id]
        table.fd.fail("POST", rf"/channels/{channel['id']}/(messages/\d+/)?threads", 403, 160004, "Thread refused")
        table.fd.allow_errors("thread")
        calls = await table.slash("Alice", "partie", "essayer", channel=table.thread_of(live), coup=1)
        assert "Discord m'a refusé l'ouverture du fil de la partie (code 160004)" in private_text(calls)
        practice = table.live_matches()[-1]
        assert practice.id != live.id and practice.rec.status == "cancelled"
        assert practice.version == 1  # its set-up only: the AI (to play first) never played
        assert await table.service.store.undelivered() == []


async def _play_alice_while(table: Table, live: object, rng: Rng) -> None:
    """Alice plays her seat; the AI plays Bob's while he is away."""
    while live.rec.status == "active":  # type: ignore[attr-defined]
        await table.idle()
        if 0 in live.to_act():  # type: ignore[attr-defined]
            await table.play_turn("Alice", live, rng)


async def test_a_seat_the_ai_played_all_match_moves_no_rating(tmp_path: Path) -> None:
    """`/partie absence 14j ia:True` at the start let the AI play Bob's whole match, and both ratings moved."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        await table.slash("Bob", "partie", "absence", channel=thread, duree="14j", ia=True)
        await _play_alice_while(table, live, Rng(4))
        await table.idle()
        assert live.rec.status == "finished"
        entries = await table.service.store.log(live.id)
        assert all(e.meta.get("ai") for e in entries if e.seat == 1 and e.kind == "action")
        assert await table.service.store.ratings(int(table.guild["id"]), "duel") == []
        assert live.id not in await table.service.store.unrated_finished()  # settled: not told again
        posted = "\n".join(m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
        assert "Partie non classée : l'IA a joué" in posted and "pour Bob" in posted


async def test_a_person_who_played_most_of_their_moves_is_rated(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        await table.slash("Bob", "partie", "absence", channel=thread, duree="14j", ia=True)
        await table.idle()  # the AI picks for Bob: one move, then he is back
        await table.slash("Bob", "partie", "absence", channel=thread, duree="0")
        rng = Rng(4)
        while live.rec.status == "active":
            await table.idle()
            seat = min(live.to_act())
            await table.play_turn(("Alice", "Bob")[seat], live, rng)
        await table.idle()
        entries = await table.service.store.log(live.id)
        by_ai = [e for e in entries if e.seat == 1 and e.kind == "action" and e.meta.get("ai")]
        assert len(by_ai) == 1 and sum(1 for e in entries if e.seat == 1 and e.kind == "action") >= 3
        assert [r.games for r in await table.service.store.ratings(int(table.guild["id"]), "duel")] == [1, 1]
