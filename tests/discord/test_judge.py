"""A server's judge (#31): administrators name the role, a player calls it once, and only a member with
that role pauses the clock, writes a ruling into the log or takes the match back to an earlier step; the
log of a rewound match replays from scratch and every commitment still verifies."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.devtools.fakediscord import start_bot
from bot.devtools.fakediscord.model import DEFAULT_MEMBER_PERMISSIONS
from bot.devtools.table import Table, open_table, table_bot
from bot.engine import Rng
from bot.services.replay import rebuild, replay_from_seed
from bot.services.timers import HOUR, MINUTE, Timers
from cogs.pacing import NoPace

from .conftest import private_text, started_match

pytestmark = pytest.mark.both_backends  # the settings and the steps go through either database

PEOPLE = ("Alice", "Bob", "Jude", "Adam")  # two players, a judge, an administrator who is no judge
ADMIN = (DEFAULT_MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True, manage_threads=True)).value
START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def _table(db: Path, clock: Clock | None = None) -> AbstractAsyncContextManager[Table]:
    return open_table(db, PEOPLE, clock=clock)


async def _with_judges(table: Table) -> dict[str, Any]:
    """The role « Arbitres », Jude's; Adam administers the server and names it."""
    role = table.fd.add_role(table.guild, "Arbitres")
    table.fd.give_role(table.guild, table.people["Jude"], role)
    table.fd.grant(table.people["Adam"], ADMIN)
    calls = await table.slash("Adam", "config", "arbitre", role=table.fd.role_option(role))
    assert "Le rôle des arbitres est désormais" in private_text(calls)
    assert await table.service.judge_role(int(table.guild["id"])) == int(role["id"])
    return role


async def _judge(table: Table, live: Any, who: str = "Jude", **options: Any) -> str:
    return private_text(await table.slash(who, "partie", "trancher", channel=table.thread_of(live), **options))


async def _play(table: Table, live: Any, turns: int, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(turns):
        assert live.rec.status == "active"
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)


def _thread_text(table: Table, live: Any) -> str:
    return "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))


async def test_only_the_servers_administrators_name_the_judges_role(tmp_path: Path) -> None:
    async with _table(tmp_path / "db.sqlite3") as table:
        role = table.fd.add_role(table.guild, "Arbitres")
        calls = await table.slash("Alice", "config", "arbitre", role=table.fd.role_option(role))
        assert "Seuls les administrateurs du serveur" in private_text(calls)
        assert await table.service.judge_role(int(table.guild["id"])) is None
        table.fd.grant(table.people["Adam"], ADMIN)
        await table.slash("Adam", "config", "arbitre", role=table.fd.role_option(role))
        assert await table.service.judge_role(int(table.guild["id"])) == int(role["id"])
        calls = await table.slash("Adam", "config", "arbitre")  # no role: no judges any more
        assert "n'a plus de rôle d'arbitre" in private_text(calls)
        assert await table.service.judge_role(int(table.guild["id"])) is None


async def test_a_call_pings_the_judges_role_once_with_the_board_the_last_moves_and_the_reason(tmp_path: Path) -> None:
    async with _table(tmp_path / "db.sqlite3") as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        await _play(table, live, 2, seed=3)
        calls = await table.slash("Alice", "partie", "arbitre", channel=thread, raison="Bob a joué deux fois")
        assert "n'a pas d'arbitre" in private_text(calls)  # refused politely: nobody named yet
        role = await _with_judges(table)
        calls = await table.slash("Jude", "partie", "arbitre", channel=thread, raison="je regarde")
        assert "Vous ne jouez pas dans cette partie" in private_text(calls)  # a player calls, not a judge
        start = len(table.fd.calls)
        calls = await table.slash("Alice", "partie", "arbitre", channel=thread, raison="Bob a joué @everyone deux fois")
        assert "Les arbitres du serveur sont prévenus" in private_text(calls)
        ping = f"<@&{role['id']}>"
        pings = [
            c
            for c in table.fd.calls[start:]
            if c.method == "POST" and isinstance(c.json, dict) and ping in str(c.json.get("content") or "")
        ]
        assert len(pings) == 1  # one post pings the role, once
        body = pings[0].json
        assert [int(r) for r in body["allowed_mentions"]["roles"]] == [int(role["id"])]
        assert not body["allowed_mentions"].get("parse") and not body["allowed_mentions"].get("users")
        post = table.fd.messages(thread)[-1]
        assert post["content"].count(ping) == 1
        assert "Bob a joué @\u200beveryone deux fois" in post["content"]  # the reason, unable to ping
        assert "Derniers coups" in post["content"] and "`  1`" in post["content"]  # the last public lines
        assert post["embeds"] and post["attachments"][0]["filename"] == "board.png"  # the board as shown
        calls = await table.slash("Bob", "partie", "arbitre", channel=thread, raison="encore")
        assert "déjà été appelés" in private_text(calls)  # not a ping at every click


async def test_the_limit_on_calls_outlives_a_restart(tmp_path: Path) -> None:
    """One call per match and hour, kept with the match: a restart of the bot does not allow a second."""
    db = tmp_path / "db.sqlite3"
    async with _table(db) as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        await _with_judges(table)
        calls = await table.slash("Alice", "partie", "arbitre", channel=thread, raison="Bob a joué deux fois")
        assert "Les arbitres du serveur sont prévenus" in private_text(calls)

        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        calls = await table.slash("Bob", "partie", "arbitre", channel=thread, raison="encore")
        assert "déjà été appelés" in private_text(calls)


async def test_only_the_judge_rewinds_and_the_rewound_match_replays_and_verifies(tmp_path: Path) -> None:
    """Keep, then redraw: each rewind is a step, the match goes on to its end, a fresh bot on the same
    database loads the same state the whole log rebuilds, and `/partie verifier` checks every digest."""
    db = tmp_path / "db.sqlite3"
    async with _table(db) as table:
        await _with_judges(table)
        live = await started_match(table)
        await _play(table, live, 6, seed=5)
        target = 2
        played = await table.service.history(live.id)
        kept = live.game.dump_state(rebuild(live.game, live.seats, live.rec.options, played[: target + 1]))
        version = live.version
        for who in ("Alice", "Adam"):  # a player, an administrator without the role
            answer = await _judge(table, live, who, action="rewind", coup=target)
            assert "Seuls les membres qui ont le rôle d'arbitre" in answer
        assert live.version == version

        answer = await _judge(table, live, action="rewind", coup=target, hasard="keep")
        assert "revenue au coup n° 2" in answer
        entries = await table.service.history(live.id)
        assert live.version == version + 1 and entries[-1].kind == "rewind"
        assert entries[-1].meta == {**entries[-1].meta, "to": target, "chance": "keep"}
        assert entries[-1].rng_after == entries[target].rng_after  # the generator where it was then
        assert live.game.dump_state(live.state) == kept
        told = [m for m in table.fd.messages(table.thread_of(live)) if "ramène la partie au coup n° 2" in m["content"]]
        assert "le hasard déjà tiré depuis est gardé" in told[0]["content"]
        assert told[0]["embeds"] and "À jouer" in told[0]["content"]  # the board as it is again, who plays

        await _play(table, live, 4, seed=6)
        answer = await _judge(table, live, action="rewind", coup=live.version - 3, hasard="redraw")
        rewinds = [e for e in await table.service.history(live.id) if e.kind == "rewind"]
        assert [e.meta["chance"] for e in rewinds] == ["keep", "redraw"] and "seed" in rewinds[1].meta
        assert "le hasard sera tiré à nouveau" in _thread_text(table, live)

        rng = Rng(7)
        while live.rec.status == "active":  # the match goes on to its end
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
        entries = await table.service.history(live.id)
        final = live.game.dump_state(live.state)
        assert live.game.dump_state(rebuild(live.game, live.seats, live.rec.options, entries)) == final
        seeded, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert live.game.dump_state(seeded) == final

        calls = await table.slash("Bob", "partie", "verifier", channel=table.thread_of(live))
        text = private_text(calls)
        assert "correspond" in text and "⚠️" not in text, text
        report = await table.service.fairness(live.id)
        assert report.ok and report.checked >= 3

        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        reloaded = await bot.service.get(live.id)  # a fresh service reads the rows again
        assert reloaded is not live and reloaded.game.dump_state(reloaded.state) == final
        assert (await bot.service.fairness(live.id)).ok


async def test_keep_draws_the_same_chance_again_and_redraw_draws_it_anew(tmp_path: Path) -> None:
    """Palet's jack lands at random when a round ends: back before the end of the round, the same moves
    bring the same jack when the judge keeps the chance, and another one when they redraw it. The match
    under way loads again from its rows (the snapshot of the rewind, then the moves after it)."""
    db = tmp_path / "db.sqlite3"
    async with _table(db) as table:
        await _with_judges(table)
        await table.slash("Alice", "partie", "nouvelle", jeu="palet")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        target = live.version - 1 + 4  # four pucks down
        await _play(table, live, 4, seed=1)
        assert live.version - 1 == target and live.state.round == 1
        await _play(table, live, 2, seed=2)
        assert live.state.round == 2
        jack = live.state.jack

        await _judge(table, live, action="rewind", coup=target, hasard="keep")
        assert live.state.round == 1 and len(live.state.pucks) == 4
        await _play(table, live, 2, seed=2)  # the same two pucks
        assert live.state.round == 2 and live.state.jack == jack

        await _judge(table, live, action="rewind", coup=target, hasard="redraw")
        await _play(table, live, 2, seed=2)
        assert live.state.round == 2 and live.state.jack != jack
        await _play(table, live, 1, seed=3)
        now = live.game.dump_state(live.state)
        entries = await table.service.history(live.id)
        assert live.game.dump_state(rebuild(live.game, live.seats, live.rec.options, entries)) == now
        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        reloaded = await bot.service.get(live.id)
        assert reloaded is not live and reloaded.game.dump_state(reloaded.state) == now
        await _play(table, reloaded, 1, seed=4)  # and it goes on


async def test_a_ruling_goes_into_the_log_and_the_judges_pause_holds_the_clock(tmp_path: Path) -> None:
    clock = Clock()
    async with _table(tmp_path / "db.sqlite3", clock) as table:
        role = await _with_judges(table)
        await table.slash("Alice", "partie", "nouvelle", jeu="duel", pendule="1h")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")

        answer = await _judge(table, live, "Bob", action="ruling", texte="je gagne")
        assert "Seuls les membres qui ont le rôle d'arbitre" in answer
        assert "Seuls les membres qui ont le rôle d'arbitre" in await _judge(table, live, "Bob", action="rewind")
        assert "Écrivez votre décision" in await _judge(table, live, action="ruling")
        assert "Indiquez dans `coup:`" in await _judge(table, live, action="rewind")
        assert "au plus le coup n°" in await _judge(table, live, action="rewind", coup=live.version)
        await _judge(table, live, action="ruling", texte="Le coup de Bob est **valable**.")
        last = (await table.service.history(live.id))[-1]
        assert last.kind == "ruling" and last.events[0]["params"]["text"] == "Le coup de Bob est \\*\\*valable\\*\\*."
        assert "⚖️ Décision de l'arbitre Jude : Le coup de Bob est" in _thread_text(table, live)
        journal = private_text(await table.slash("Bob", "partie", "journal", channel=thread))
        assert "Décision de l'arbitre" in journal

        awaited = sorted(live.to_act())
        clock.now += 10 * MINUTE
        answer = await _judge(table, live, "Alice", action="pause")
        assert "Seuls les membres qui ont le rôle d'arbitre" in answer
        await _judge(table, live, action="pause")
        assert "met la pendule en pause" in _thread_text(table, live)
        clock.now += 3 * HOUR  # far past every bank
        await table.service.tick()
        await table.idle()
        assert live.rec.status == "active"  # nobody lost on time
        timers = Timers.model_validate(live.rec.timers)
        assert [timers.left(s, clock.now) for s in awaited] == [50 * MINUTE] * len(awaited)
        assert "déjà en pause" in await _judge(table, live, action="pause")

        table.fd.give_role(table.guild, table.people["Alice"], role)  # a judge who plays here
        assert "un autre arbitre doit la trancher" in await _judge(table, live, "Alice", action="resume")
        await _judge(table, live, action="resume")
        clock.now += 20 * MINUTE
        timers = Timers.model_validate(live.rec.timers)
        assert [timers.left(s, clock.now) for s in awaited] == [30 * MINUTE] * len(awaited)  # it runs again
        clock.now += 31 * MINUTE
        await table.service.tick()
        await table.idle()
        assert live.rec.status == "finished"


async def test_a_secret_answer_taken_back_by_a_rewind_is_never_opened_in_the_thread(tmp_path: Path) -> None:
    """Alice's pick is sealed, then the judge goes back before it: when both pick again, the thread opens
    her new pick only; the withdrawn one is in the full log at the end, and verifies."""
    async with _table(tmp_path / "db.sqlite3") as table:
        await _with_judges(table)
        live = await started_match(table)
        await table.play_turn("Alice", live, Rng(1))
        withdrawn = [c for c in await table.service.store.commitments(live.id) if c.label == "answer"]
        assert len(withdrawn) == 1 and withdrawn[0].revealed_seq is None and live.to_act() == {1}
        await _judge(table, live, action="rewind", coup=0, hasard="keep")
        assert live.to_act() == {0, 1}
        assert not [c for c in live.open_commitments if c.label == "answer"]  # withdrawn, not opened
        rewind = (await table.service.history(live.id))[-1]
        closed = {c.key: c for c in await table.service.store.commitments(live.id)}[withdrawn[0].key]
        assert rewind.kind == "rewind" and closed.revealed_seq == rewind.seq
        rng = Rng(4)
        while live.rec.status == "active":
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
        assert _thread_text(table, live).count(withdrawn[0].digest) == 1  # sealed when played, never opened
        report = await table.service.fairness(live.id)
        assert report.ok and withdrawn[0].key in {c.key for c in await table.service.store.commitments(live.id)}
