"""The benchmark's load test on one PostgreSQL (#16): bot processes on loopback, 1, 2 and 4 of them,
sharing the matches of many simulated servers by shard (a guild's matches go to process guild % N),
AI against AI and people against the AI. Each process runs the real MatchService: its AI seats play
through it, and its people submit through it as a button would (the time from submit to answer is the
interaction's response time). Figures: actions per second, p99 interaction → response, and, with one
process killed (SIGKILL) in the middle, the actions lost or duplicated (an action is acknowledged when
its submit returned; it must be in the log exactly once, and every log has no gap).

It measures the service and the database, not Discord's gateway: the offline Discord harness runs one
process (`python -m bot bench` figures above) and is not shared between processes.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GAME = "duel"  # the host's test game: short matches, secret simultaneous answers, many steps per second


async def _prepare(url: str, schema: str, guilds: int, per_guild: int) -> list[str]:
    from bot import testgames
    from bot.engine import load_games
    from bot.services import MatchService, Player
    from bot.storage.pg import PgStore

    load_games(testgames)

    store = await PgStore.open(url, schema=schema)
    service = MatchService(store, ai_level="easy", ai_delay=3600.0)  # created here, played by the workers
    ids = []
    try:
        for g in range(guilds):
            for k in range(per_guild):
                person = k % 2 == 1  # every other match: a person against the AI, else AI against AI
                creator = Player(1000 + g, "P")
                live = await service.create(game_key=GAME, creator=creator, guild_id=g, channel_id=g, join=person)
                for _ in range(1 if person else 2):
                    await service.add_ai(live.id, creator.user_id)
                ids.append(live.id)
    finally:
        await service.close()
        await store.close()
    return ids


async def worker(url: str, schema: str, shard: int, shards: int, out: str, ttl: float) -> None:
    """One bot process: starts its matches (its shard's guilds), plays its people, keeps time (which
    takes over the matches of a process that died, once their leases expire), until nothing is left."""
    from bot import games, testgames
    from bot.engine import Rng, load_games
    from bot.services import MatchService
    from bot.storage.pg import PgStore

    load_games(testgames)
    load_games(games)
    store = await PgStore.open(url, schema=schema, max_size=4)
    service = MatchService(store, ai_level="easy", ai_delay=0.0, snapshot_every=10)
    service.lease_ttl = ttl
    acks = open(out, "a", encoding="utf-8")  # noqa: SIM115 - one line per acknowledged action
    rng = Rng(shard)
    mine = [r for r in await store.matches_with_status("lobby", "active") if (r.guild_id or 0) % shards == shard]
    for rec in mine:
        if rec.status == "lobby":
            live = await service.get(rec.id)
            await service.start(live.id, rec.created_by)
    started = time.perf_counter()
    while time.perf_counter() - started < 120:
        active = {r.id: r.version for r in await store.matches_with_status("active")}
        if not active:
            break
        for rec in mine:
            if rec.id not in active:
                continue
            live = await service.get(rec.id)
            if live.version != active[rec.id] and not live.lock.locked():
                live = await service._reread(live)  # another process played it (a takeover)
            if live.rec.status != "active":
                continue
            person = next((s for s in live.seats if not s.is_ai and s.seat in live.to_act()), None)
            if person is None or person.user_id is None:
                continue
            from bot.ai import fallback_agent

            action = fallback_agent(live.game, "easy").choose(
                live.game, live.game.view(live.state, person.seat), person.seat, rng
            )
            t = time.perf_counter()
            try:
                applied = await service.submit(live.id, person.user_id, action, live.version)
            except Exception:
                continue  # stale (the AI moved first): the next round reads it again
            acks.write(json.dumps({"m": live.id, "seq": applied.seq, "ms": (time.perf_counter() - t) * 1000}) + "\n")
            acks.flush()
        await service.tick()  # what is due, here or in a dead process's matches once its lease expired
        await asyncio.sleep(0.01)
    await service.wait_idle(30)
    await service.close()
    await store.close()


def _spawn(url: str, schema: str, shard: int, shards: int, out: str, ttl: float) -> subprocess.Popen[bytes]:
    code = (
        "import asyncio, sys; from bot.devtools.load import worker; "
        "a = sys.argv; asyncio.run(worker(a[1], a[2], int(a[3]), int(a[4]), a[5], float(a[6])))"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    args = [sys.executable, "-c", code, url, schema, str(shard), str(shards), out, str(ttl)]
    return subprocess.Popen(args, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_for_steps(url: str, schema: str, steps: int) -> None:
    """Until the processes have written `steps` log entries (the kill comes mid-run, never before)."""
    import asyncpg

    async def count() -> int:
        con = await asyncpg.connect(url, server_settings={"search_path": schema})
        try:
            return int(await con.fetchval("SELECT count(*) FROM log"))
        finally:
            await con.close()

    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline and asyncio.run(count()) < steps:
        time.sleep(0.05)


async def _audit(url: str, schema: str, acks: list[dict[str, Any]], ids: list[str]) -> dict[str, int]:
    from bot.storage.pg import PgStore

    store = await PgStore.open(url, schema=schema)
    try:
        logs = {mid: await store.log(mid) for mid in ids}
        finished = sum(1 for m in [await store.get_match(mid) for mid in ids] if m and m.status == "finished")
    finally:
        await store.close()
    lost = sum(1 for a in acks if not any(e.seq == a["seq"] and e.kind == "action" for e in logs[a["m"]]))
    gaps = sum(1 for entries in logs.values() if [e.seq for e in entries] != list(range(len(entries))))
    seen = [(a["m"], a["seq"]) for a in acks]
    return {
        "lost": lost,
        "duplicated": len(seen) - len(set(seen)),
        "log_gaps": gaps,
        "finished": finished,
        "steps": sum(len(v) for v in logs.values()),
    }


def run(url: str, processes: int, guilds: int = 32, per_guild: int = 6, kill: bool = False) -> dict[str, Any]:
    """One load run: prepare the matches, start the processes, (kill one), wait, audit."""
    schema = f"load_{processes}_{int(time.time() * 1000) % 10**9}"
    ids = asyncio.run(_prepare(url, schema, guilds, per_guild))
    with tempfile.TemporaryDirectory() as tmp:
        outs = [str(Path(tmp) / f"acks-{k}.jsonl") for k in range(processes)]
        ttl = 2.0
        start = time.perf_counter()
        procs = [_spawn(url, schema, k, processes, outs[k], ttl) for k in range(processes)]
        if kill:  # one process dies in the middle, holding its leases; a supervisor starts it again
            _wait_for_steps(url, schema, len(ids) * 3)
            procs[0].send_signal(signal.SIGKILL)
            procs[0].wait(10)
            outs.append(str(Path(tmp) / "acks-restarted.jsonl"))
            procs.append(_spawn(url, schema, 0, processes, outs[-1], ttl))
        for p in procs:
            p.wait(300)
        seconds = time.perf_counter() - start
        acks = [json.loads(line) for out in outs if Path(out).exists() for line in Path(out).read_text().splitlines()]
    audit = asyncio.run(_audit(url, schema, acks, ids))
    latencies = sorted(a["ms"] for a in acks)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0.0
    return {
        "processes": processes,
        "matches": len(ids),
        "killed_one": kill,
        "seconds": round(seconds, 1),
        "actions_per_s": round(audit["steps"] / seconds, 1),
        "interaction_ms_p99": round(p99, 1),
        **audit,
    }


def across_processes(run_one: Callable[[str, int, bool], dict[str, Any]]) -> dict[str, Any]:
    """On a throwaway PostgreSQL: `run_one(url, processes, kill)` at 1, 2 and 4 processes, then at 2 with
    one killed in the middle; `{"skipped": why}` where no server can start."""
    from .pgserver import server

    servers = server()
    try:
        url = next(servers)
    except RuntimeError as exc:
        return {"skipped": str(exc)}
    try:
        out = {f"{n}_processes": run_one(url, n, False) for n in (1, 2, 4)}
        out["2_processes_one_killed"] = run_one(url, 2, True)
        return out
    finally:
        servers.close()


def figures(guilds: int = 32, per_guild: int = 6) -> dict[str, Any]:
    return across_processes(lambda url, n, kill: run(url, n, guilds, per_guild, kill=kill))


if __name__ == "__main__":
    print(json.dumps(figures()), file=sys.stdout)
