"""A whole WarCry solo battle through the real cogs (issue #15, "Done means"): Alice plays by slash
command and menu against the booklet's procedure; every choice of the solo warband is posted in the
thread with the step that made it; the event log replays to the same state."""

from __future__ import annotations

from pathlib import Path

from bot.devtools.table import custom_ids, open_table
from bot.engine import Rng
from bot.services.replay import replay_from_seed


async def test_alice_plays_a_solo_battle_and_every_choice_of_the_procedure_is_explained(tmp_path: Path) -> None:
    async with open_table(tmp_path / "warcry.sqlite3") as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="warcry", ia=True)
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        rng = Rng(5)
        steps = 0
        while live.rec.status == "active" and steps < 800:
            assert 0 in live.to_act(), "the solo warband left Alice waiting"
            if steps % 5 == 2:
                await table.play_turn("Alice", live, rng)
            else:
                await table.play_turn_by_command("Alice", live, rng)
            steps += 1
        await table.idle()
        assert live.rec.status == "finished", steps
        entries = await table.bot.service.history(live.id)
        solo_moves = [e for e in entries if e.kind == "action" and e.seat == 1]
        explained = [e for e in solo_moves if (e.action or {}).get("why")]
        assert solo_moves and len(explained) == len(solo_moves)  # the solo side never acts unexplained
        public = "\n".join(m["content"] or "" for m in table.fd.messages(thread, include_ephemeral=False))
        for step in ("B :", "C6 :", "C4 :"):
            assert f"🤖 {step}" in public, step
        assert "warcry.why" not in public and "c6_full" not in public  # no internal reference shown
        thread_ids = {c for m in table.fd.messages(thread, include_ephemeral=False) for c in custom_ids(m)}
        assert not any(c.startswith("tv:hand:") for c in thread_ids)  # nothing private: no hand button
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert state == live.state
