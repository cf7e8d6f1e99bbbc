"""The load test through the offline Discord (#16): bot processes, one shard each, on one PostgreSQL, in
front of the loopback fake Discord (real REST and a real gateway per process, as `crash.py` runs one).

Many simulated servers, each with two people: in each server one match against the AI and one between
the two people, played through the bot's own buttons (the board's Play, then the private menu), every
server at once. Discord sends a guild's interactions to the process that holds its shard; the fake
gateway does the same (`(guild_id >> 22) % shards`). Figures: actions per second (every step written,
AI seats' included), p99 interaction → response (dispatch on the gateway to the bot's callback), and,
with one process killed (SIGKILL) in the middle and started again, the acknowledged moves lost (a "✅"
reached the player but the log does not hold that move), duplicated (more moves of people in a log than
people clicked) and the logs' gaps.

AI against AI runs in the service-level load test (`load.py`): Discord has no command that seats no person.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import Rng

from .fakediscord import FakeDiscord
from .fakediscord.model import InteractionRecord
from .table import custom_ids, move_of, random_menu_click

JSON = dict[str, Any]
GAME = "duel"  # the host's test game: short matches, secret simultaneous answers


@dataclass
class Tally:
    """What the people saw: every interaction's response time, and the moves the bot confirmed."""

    sent: int = 0
    unanswered: int = 0
    response_ms: list[float] = field(default_factory=list)
    acknowledged: dict[tuple[str, int], str] = field(default_factory=dict)  # (match, version) -> move
    moves_sent: set[tuple[str, int]] = field(default_factory=set)  # (match, version) of every move clicked


class Fleet:
    """The bot processes, one per shard, and the players' side of the fake Discord."""

    def __init__(self, fd: FakeDiscord, url: str, store: Any, schema: str, shards: int, workdir: Path) -> None:
        self.fd, self.url, self.store, self.schema, self.shards, self.workdir = fd, url, store, schema, shards, workdir
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        self.tally = Tally()

    async def start(self, shard: int) -> None:
        """Start the process of one shard and wait until its gateway connection has its guilds."""
        server = self.fd._server
        assert server is not None
        log = open(self.workdir / f"bot-{shard}.log", "ab")  # noqa: SIM115 - the child owns it
        self.procs[shard] = subprocess.Popen(
            [
                *(sys.executable, "-m", "bot.devtools.crashbot", "--db", self.url, "--base", server.base),
                *("--test-games", "--schema", self.schema, "--shard", str(shard), "--shards", str(self.shards)),
            ],
            stdout=log,
            stderr=log,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        identified = len(self.fd.identify_payloads)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if len(self.fd.identify_payloads) > identified and server.connection_for(self._a_guild(shard)):
                await asyncio.sleep(0.3)  # its guilds, then its outbox and AI seats
                return
            if self.procs[shard].poll() is not None:
                raise RuntimeError(f"shard {shard} exited; see {self.workdir / f'bot-{shard}.log'}")
            await asyncio.sleep(0.02)
        raise RuntimeError(f"shard {shard} did not connect within 60 s")

    def _a_guild(self, shard: int) -> int | None:
        return next((g for g in self.fd.world.guilds if (g >> 22) % self.shards == shard), None)

    def kill(self, shard: int) -> None:
        proc = self.procs[shard]
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for shard, proc in self.procs.items():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill(shard)

    # -- the people -------------------------------------------------------------------------------
    async def send(self, payload: JSON, *, timeout: float = 10.0) -> InteractionRecord | None:
        """Deliver an interaction to the process of its guild's shard (waiting while that shard is down)
        and wait for the bot's final answer; None when none came."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                start = time.perf_counter()
                await self.fd.gateway_dispatch("INTERACTION_CREATE", payload)
                break
            except (RuntimeError, ConnectionError):  # the shard is down: the player tries again
                if time.monotonic() > deadline:
                    return None
                await asyncio.sleep(0.05)
        self.tally.sent += 1
        record = self.fd.world.interactions[int(payload["id"])]
        while time.monotonic() < deadline:
            if record.response_type in (4, 7, 8, 9) or (record.response_type is not None and len(record.said) > 1):
                assert record.responded_at is not None
                self.tally.response_ms.append((record.responded_at - start) * 1000)
                return record
            await asyncio.sleep(0.005)
        self.tally.unanswered += 1
        return None

    async def new_match(self, people: list[JSON], guild: JSON, *, ai: bool) -> tuple[str, int] | None:
        """`/partie nouvelle jeu:duel` (with `ia:True`, or the second person joining), then Start."""
        fd = self.fd
        channel = fd.text_channel(guild)
        known = set(fd.world.channels)
        options = {"jeu": GAME, **({"ia": True} if ai else {})}
        # unanswered (the process died): the thread may still have appeared, and the person goes on in it
        await self.send(fd.slash("partie", people[0], guild, channel=channel, subcommand="nouvelle", options=options))
        thread = next(
            (
                c
                for c in fd.world.channels.values()
                if int(c["id"]) not in known and c.get("parent_id") == channel["id"]
            ),
            None,
        )
        if thread is None:
            return None
        lobby = next((m for m in fd.messages(thread) if any(c.startswith("tv:start:") for c in custom_ids(m))), None)
        if lobby is None:
            return None
        mid = next(c for c in custom_ids(lobby) if c.startswith("tv:start:")).split(":")[2]
        for _ in range(5):  # a click the killed process never answered: the person clicks again
            seats = await self.store.seats(mid)
            if not ai and len(seats) < 2:
                await self.send(fd.component(lobby, f"tv:join:{mid}", people[1], guild))
                continue
            rec = await self.store.get_match(mid)
            if rec is None or rec.status != "lobby":
                break
            await self.send(fd.component(lobby, f"tv:start:{mid}", people[0], guild))
        return mid, int(thread["id"])

    async def move(self, who: JSON, guild: JSON, mid: str, thread_id: int, rng: Rng) -> bool:
        """Play on the board, then click through the private menu to a move (Confirm after a preview);
        False when the menu offered nothing to play (an answer already given, waiting for the other)."""
        fd = self.fd
        board = next((m for m in reversed(fd.messages(thread_id)) if f"tv:act:{mid}" in custom_ids(m)), None)
        if board is None:
            return False
        record = await self.send(fd.component(board, f"tv:act:{mid}", who, guild))
        for _ in range(4):
            menu = fd.message(record.original_id) if record is not None and record.original_id else None
            clicked = None if menu is None else random_menu_click(fd, menu, who, guild, rng)
            if clicked is None:
                return False
            payload, final = clicked
            version, code = move_of(payload)
            if version is not None:
                self.tally.moves_sent.add((mid, version))
            record = await self.send(payload)
            if record is None:
                return False
            if version is not None and any(text.startswith("✅") for text in record.said):
                self.tally.acknowledged[(mid, version)] = code
            if payload["data"]["custom_id"].startswith("tv:ok:") or (final and not code.startswith("!")):
                return True
        return False


async def _server_of(fleet: Fleet, store: Any, guild: JSON, people: list[JSON], seed: int, rounds: int) -> None:
    """One Discord server: `rounds` times, a match against the AI and one between its two people at
    once, played to the end."""
    rng = Rng(seed)
    for _ in range(rounds):
        await _round(fleet, store, guild, people, rng)


async def _round(fleet: Fleet, store: Any, guild: JSON, people: list[JSON], rng: Rng) -> None:
    matches = [
        m for m in [await fleet.new_match(people, guild, ai=True), await fleet.new_match(people, guild, ai=False)] if m
    ]
    by_id = {int(p["id"]): p for p in people}

    async def play(mid: str, thread_id: int) -> None:
        seats = {s.seat: s.user_id for s in await store.seats(mid) if not s.is_ai}
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            rec = await store.get_match(mid)
            if rec is None or rec.status != "active":
                return
            waiting = [seats[s] for s in rec.to_act if s in seats]
            if not waiting:
                await asyncio.sleep(0.02)  # the AI's turn
                continue
            if not await fleet.move(by_id[waiting[0]], guild, mid, thread_id, rng):
                await asyncio.sleep(0.2)  # nothing to play yet: a person looks again a moment later

    await asyncio.gather(*(play(mid, thread) for mid, thread in matches))


async def _audit(store: Any, tally: Tally, url: str, schema: str) -> dict[str, Any]:
    """Every log against what the people were told: a confirmed move must be in it at the version it
    was clicked at; a log holds no more moves of people than they clicked; no log has a gap."""
    from bot.engine import get_game

    recs = await store.matches_with_status("active", "finished", "lobby", "cancelled")
    lost = duplicated = gaps = steps = 0
    for rec in recs:
        entries = await store.log(rec.id)
        steps += len(entries)
        gaps += [e.seq for e in entries] != list(range(len(entries)))
        people = {s.seat for s in await store.seats(rec.id) if not s.is_ai}
        by_seq = {e.seq: e for e in entries}
        game = get_game(rec.game)
        for (mid, version), code in tally.acknowledged.items():
            entry = by_seq.get(version) if mid == rec.id else None
            if mid == rec.id and (entry is None or game.encode_action(game.parse_action(entry.action)) != code):
                lost += 1
        played = sum(1 for e in entries if e.kind == "action" and e.seat in people and not e.meta.get("forced"))
        duplicated += max(0, played - sum(1 for m, _ in tally.moves_sent if m == rec.id))
    stall, stalled_at = await _longest_stall(url, schema)
    return {
        "lost": lost,
        "duplicated": duplicated,
        "log_gaps": gaps,
        "matches": len(recs),
        "started": sum(1 for r in recs if r.status in ("active", "finished")),
        "finished": sum(1 for r in recs if r.status == "finished"),
        # created, but the answer to /partie nouvelle was lost with the process: its creator made another
        "left_in_lobby": sum(1 for r in recs if r.status == "lobby"),
        "steps": steps,
        "longest_stall_s": stall,
        "stalled_at": stalled_at,
    }


async def _longest_stall(url: str, schema: str) -> tuple[float, str]:
    """The longest a match waited between two of its steps (what a restart costs), and where."""
    import asyncpg

    con = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        rows = await con.fetch("SELECT match_id, seq, kind, seat, created_at FROM log ORDER BY match_id, seq")
    finally:
        await con.close()
    worst, where = 0.0, ""
    for before, after in itertools.pairwise(rows):
        if before["match_id"] == after["match_id"] and after["created_at"] - before["created_at"] > worst:
            worst = after["created_at"] - before["created_at"]
            where = f"{after['match_id']} step {after['seq']} ({after['kind']}, seat {after['seat']})"
    return round(worst, 1), where


async def run(
    url: str, processes: int, guilds: int = 16, *, rounds: int = 3, kill: bool = False, seed: int = 1
) -> dict[str, Any]:
    """One load run: `guilds` servers playing `rounds` rounds each, `processes` bot processes (one
    killed and restarted with `kill`)."""
    from bot import testgames
    from bot.engine import load_games
    from bot.storage.pg import PgStore

    load_games(testgames)
    schema = f"loadd_{processes}_{time.time_ns() % 10**12}"
    store = await PgStore.open(url, schema=schema, max_size=4)  # migrated once, before the processes race to it
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord("http", settle_timeout=30.0) as fd:
            fd.allow_errors(".")  # a killed process leaves requests half done: the audit is the database's
            servers = []
            for g in range(guilds):
                people = [fd.add_user(f"Joueur{g}a"), fd.add_user(f"Joueur{g}b")]
                servers.append((fd.add_guild(members=people, name=f"Taverne {g}"), people))
            fleet = Fleet(fd, url, store, schema, processes, Path(tmp))
            try:
                for shard in range(processes):
                    await fleet.start(shard)
                identified = sorted(tuple(p["shard"]) for p in fd.identify_payloads)
                start = time.perf_counter()
                play = asyncio.gather(
                    *(_server_of(fleet, store, g, p, seed * 1000 + k, rounds) for k, (g, p) in enumerate(servers))
                )
                if kill:
                    await _kill_mid_run(fleet, store, guilds * rounds * 8)  # a duel is about 12 steps
                await play
                seconds = time.perf_counter() - start
            finally:
                fleet.stop()
                errors = len(fd.errors)
    audit = await _audit(store, fleet.tally, url, schema)
    await store.close()
    latencies = sorted(fleet.tally.response_ms)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0.0
    return {
        "processes": processes,
        "servers": guilds,
        "rounds": rounds,
        "killed_one": kill,
        "shards_identified": [list(s) for s in identified],
        "seconds": round(seconds, 1),
        "actions_per_s": round(audit["steps"] / seconds, 1),
        "interactions": fleet.tally.sent,
        "unanswered": fleet.tally.unanswered,
        "interaction_ms_p50": round(latencies[len(latencies) // 2], 1) if latencies else 0.0,
        "interaction_ms_p99": round(p99, 1),
        "acknowledged": len(fleet.tally.acknowledged),
        "discord_errors": errors,
        **audit,
    }


async def _kill_mid_run(fleet: Fleet, store: Any, steps: int) -> None:
    """Once `steps` steps are written (a third of the run), shard 0's process dies holding its leases;
    a supervisor starts it again."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if sum(r.version for r in await store.matches_with_status("active", "finished")) >= steps:
            break
        await asyncio.sleep(0.1)
    fleet.kill(0)
    await asyncio.sleep(0.5)
    await fleet.start(0)


def figures(guilds: int = 16) -> dict[str, Any]:
    """1, 2 and 4 processes, then 2 with one killed: the bench's section."""
    from .load import across_processes

    return across_processes(lambda url, n, kill: asyncio.run(run(url, n, guilds, kill=kill)))


if __name__ == "__main__":
    import json

    print(json.dumps(figures(int(sys.argv[1]) if len(sys.argv) > 1 else 16)))
