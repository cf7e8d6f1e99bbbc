"""`python -m bot bench [--json]`: the figures behind the speed and memory targets.

Measured here, never asserted in tests (shared machines are noisy):
- interaction latency through the fake Discord, from INTERACTION_CREATE to the last recorded
  request it caused (defer, submit, durable write, thread post with the board render, DMs, edit), and
  the longest AI turn per game (`ai_wait_max_s`);
- actions persisted per second through MatchService (SQLite WAL, synchronous=FULL), one after the other
  and with many matches at once (group commit; PostgreSQL's figure beside it);
- board render time and PNG size; a table game's animated replay of a whole match, its build time and size;
- resident memory of a fresh process with 1,000 active matches loaded;
- play-by-post: DMs and mentions per player, thread posts and REST calls per move over a whole match
  (bot/devtools/traffic.py), and the 429s collected by several fast matches with and without our pace;
- several bot processes on one PostgreSQL (1, 2, 4, and 2 with one killed): through the service
  (bot/devtools/load.py, AI against AI too) and through the offline Discord, one gateway connection
  per process (bot/devtools/load_discord.py): actions per second, p99 interaction → response, and
  the moves lost or duplicated;
- and whatever a game declares in its `GameDef.bench` (a `BenchDef`), and the rules lookup's figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.ai import fallback_agent
from bot.engine import ANY, Rng, SeatSpec, game_def, get_game


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def _ai_move(game: Any, state: Any, seat: int, rng: Rng) -> Any:
    """The move the host's AI would play, from the seat's view."""
    return fallback_agent(game, "easy").choose(game, game.view(state, seat), seat, rng)


# -- interaction latency ---------------------------------------------------------------------------
async def interaction_latency(key: str, clicks: int) -> dict[str, float]:
    """Play through the private menus until `clicks` samples of the submitting click are taken."""
    from .table import open_table

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with open_table(Path(tmp) / "bench.sqlite3") as table:
            rng = Rng(7)
            while len(samples) < clicks:
                live = await table.new_match_against_ai("Alice", key)
                await table.play_against_ai(
                    "Alice",
                    live,
                    rng,
                    moves=clicks - len(samples),
                    after_move=lambda: samples.append(table.last_click_ms),  # the click that submitted it
                )
            longest = table.service.ai_longest.get(key, 0.0)
    return {
        "p50": round(_pct(samples, 0.5), 2),
        "p99": round(_pct(samples, 0.99), 2),
        "n": len(samples),
        "ai_wait_max_s": round(longest, 3),  # the longest AI turn: thinking, saving and telling
    }


# -- play-by-post: what a match costs its players, and the channel's pace ----------------------------
async def pace_figures(key: str, matches: int, moves: int, *, paced: bool) -> dict[str, Any]:
    """Several matches against the AI played at once by a player who never waits, on a fake Discord that
    enforces the per-channel limit (5 posts per 5 s): how many 429s the bot collects, with and without
    its own pace."""
    from cogs.pacing import NoPace, Pace

    from .table import open_table

    with tempfile.TemporaryDirectory() as tmp:
        async with open_table(Path(tmp) / "pace.sqlite3", pace=Pace() if paced else NoPace()) as table:
            table.fd.channel_rate = (5, 5.0)
            lives = []
            for _ in range(matches):
                lives.append(await table.new_match_against_ai("Alice", key))
            first = len(table.fd.calls)
            rng = Rng(5)
            began = time.perf_counter()

            played = sum(
                await asyncio.gather(*(table.play_against_ai("Alice", live, rng, moves=moves) for live in lives))
            )
            await table.idle()
            seconds = time.perf_counter() - began
            calls = table.fd.calls[first:]
            threads = {f"/channels/{live.rec.thread_id}/messages" for live in lives}
            posts = [c for c in calls if c.method == "POST" and c.path in threads]
            return {
                "matches": matches,
                "moves": played,
                "thread_posts": sum(1 for c in posts if c.status == 200),
                "rate_limited_429": sum(1 for c in posts if c.status == 429),
                "seconds": round(seconds, 1),
            }


# -- the submit path -------------------------------------------------------------------------------
def submit_cost(key: str, positions: int = 300) -> dict[str, float]:
    """Microseconds to accept one move: `check` then `apply` (the service's path), against the schema-1
    path that listed every legal action to test membership first (card games only can list them)."""
    game: Any = get_game(key)
    rng = Rng(17)
    seats = [SeatSpec(seat=i, name=n) for i, n in enumerate(("Alice", "Bob"))]
    state = game.setup(seats, {}, rng).state
    samples: list[tuple[Any, int, Any]] = []
    while len(samples) < positions and game.outcome(state) is None:
        seat = min(game.to_act(state))
        action = _ai_move(game, state, seat, rng)
        samples.append((state, seat, action))
        state = game.apply(state, seat, action, rng).state
    if not samples:
        return {}

    def timed(with_list: bool) -> float:
        start = time.perf_counter()
        for st, seat, action in samples:
            if with_list:
                assert any(c.action == action for c in game.suggest(st, seat, ANY))
            else:
                game.check(st, seat, action)
            game.apply(st, seat, action, Rng(1))
        return (time.perf_counter() - start) / len(samples) * 1e6

    return {"check_apply_us": round(timed(False), 1), "enumerate_apply_us": round(timed(True), 1)}


# -- persistence ----------------------------------------------------------------------------------
async def persist_rate(key: str, actions: int) -> float:
    """Sequential accepted actions per second through MatchService, each a durable transaction."""
    from bot.services import MatchService, Player
    from bot.storage import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        service = MatchService(store, ai_level="easy", seed_source=iter(range(1, 10**9)).__next__)
        rng = Rng(3)
        done = 0
        elapsed = 0.0
        users = (Player(1, "A"), Player(2, "B"))
        while done < actions:
            live = await service.create(game_key=key, creator=users[0], guild_id=1, channel_id=1)
            await service.join(live.id, users[1])
            await service.start(live.id, 1)
            while live.rec.status == "active" and done < actions:
                seat = min(live.to_act())
                action = _ai_move(live.game, live.state, seat, rng)
                start = time.perf_counter()
                await service.submit(live.id, users[seat].user_id, action, live.version)
                elapsed += time.perf_counter() - start
                done += 1
        await service.close()
        await store.close()
    return round(done / elapsed, 1) if elapsed else 0.0


def _answered(game: Any, state: Any, seat: int) -> Any:
    """What the service answers for a seat at once (people left to their default preferences): its one
    answer, else the "nothing" its hidden cards leave it (`Game.passed`)."""
    return game.forced(state, seat) or game.passed(state, seat)


async def persist_concurrent(key: str, matches: int, actions: int, url: str | None = None) -> dict[str, float]:
    """Durable actions per second with `matches` matches playing at once through MatchService, and the
    acknowledgement latency of each (submit to durable). Each match's moves are chosen beforehand on a
    copy of its state, so the figure counts the host and the storage, not the AI thinking."""
    from bot.services import MatchService
    from bot.storage import open_store

    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(url or str(Path(tmp) / "bench.sqlite3"))
        service = MatchService(store, ai_level="easy", seed_source=iter(range(1, 10**9)).__next__)
        try:
            done, seconds, cpu, waits = await _play_concurrently(service, key, matches, actions)
        finally:  # an exception must not leave the store's thread running: the process would never exit
            await service.close()
            await store.close()
    return {
        "matches": matches,
        "actions": done,
        "actions_per_s": round(done / seconds, 1) if seconds else 0.0,
        # the process's CPU (the store's thread included) per action: what bounds the rate, and far less
        # disturbed than the wall clock by other processes on a shared machine
        "cpu_us_per_action": round(cpu / done * 1e6) if done else 0,
        "ack_ms_p50": round(_pct(waits, 0.5) * 1000, 2),
        "ack_ms_p99": round(_pct(waits, 0.99) * 1000, 2),
    }


async def _play_concurrently(
    service: Any, key: str, matches: int, actions: int
) -> tuple[int, float, float, list[float]]:
    """`persist_concurrent`'s run: (actions, wall seconds, process CPU seconds, acknowledgement waits)."""
    from bot.services import Player

    users = (Player(1, "A"), Player(2, "B"))
    per_match = max(1, actions // matches)
    plans: list[tuple[Any, list[tuple[int, Any]]]] = []
    for i in range(matches):
        live = await service.create(game_key=key, creator=users[0], guild_id=1, channel_id=i)
        await service.join(live.id, users[1])
        await service.start(live.id, 1)
        game, state, rng = live.game, live.game.load_state(live.game.dump_state(live.state)), Rng(100 + i)
        assert live.rng is not None  # a started match has drawn its set-up
        replay = Rng.from_state(live.rng.state())
        plan: list[tuple[int, Any]] = []
        while len(plan) < per_match and game.outcome(state) is None:
            forced = next(((s, a) for s in sorted(game.to_act(state)) if (a := _answered(game, state, s))), None)
            if forced is not None:  # the service answers it at once, as it will in the match
                state = game.apply(state, *forced, replay).state
                continue
            seat = min(game.to_act(state))
            action = _ai_move(game, state, seat, rng)
            plan.append((seat, action))
            state = game.apply(state, seat, action, replay).state
        plans.append((live, plan))
    waits: list[float] = []

    async def play(live: Any, plan: list[tuple[int, Any]]) -> int:
        for seat, action in plan:
            start = time.perf_counter()
            await service.submit(live.id, users[seat].user_id, action, live.version)
            waits.append(time.perf_counter() - start)
        return len(plan)

    began, cpu = time.perf_counter(), time.process_time()
    done = sum(await asyncio.gather(*(play(live, plan) for live, plan in plans)))
    return done, time.perf_counter() - began, time.process_time() - cpu, waits


def persist_concurrent_pg(key: str, matches: int, actions: int) -> dict[str, Any]:
    """`persist_concurrent` on a throwaway PostgreSQL that waits for the disk at each commit, as in
    production: its commits of concurrent transactions share the server's WAL flushes."""
    from .pgserver import server

    servers = server(durable=True)
    try:
        url = next(servers)
    except RuntimeError as exc:
        return {"skipped": str(exc)}
    try:
        return asyncio.run(persist_concurrent(key, matches, actions, url))
    finally:
        servers.close()


# -- rendering ------------------------------------------------------------------------------------
def render_figures(key: str, boards: int) -> dict[str, float]:
    from renderers import render_board_png

    game = get_game(key)
    rng = Rng(11)
    seats = [SeatSpec(seat=i, name=n) for i, n in enumerate(("Alice", "Bob"))]
    state = game.setup(seats, {}, rng).state
    times, sizes = [], []
    for _ in range(boards):
        rendered = render_board_png(key, game.view(state, None), "fr")
        times.append(rendered.ms)
        sizes.append(len(rendered.png))
        if game.outcome(state) is None:
            for _ in range(3):
                to_act = sorted(game.to_act(state))
                if not to_act or game.outcome(state) is not None:
                    break
                state = game.apply(state, to_act[0], _ai_move(game, state, to_act[0], rng), rng).state
    return {
        "render_ms_mean": round(statistics.fmean(times), 2),
        "render_ms_p99": round(_pct(times, 0.99), 2),
        "png_kb_mean": round(statistics.fmean(sizes) / 1024, 1),
    }


# -- memory ---------------------------------------------------------------------------------------
def _rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _rss_worker(key: str, matches: int) -> dict[str, float]:
    """In a fresh process: write `matches` active matches, then load them all with a new service."""
    import bot.app  # noqa: F401  (the bot's real footprint: discord.py and the cogs are loaded)
    from bot.services import MatchService, Player
    from bot.storage import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "rss.sqlite3", synchronous="OFF")
        writer = MatchService(store, ai_level="easy", seed_source=iter(range(1, 10**9)).__next__)
        rng = Rng(5)
        for _ in range(matches):
            live = await writer.create(game_key=key, creator=Player(1, "A"), guild_id=1, channel_id=1)
            await writer.join(live.id, Player(2, "B"))
            await writer.start(live.id, 1)
            for _ in range(6):
                if live.rec.status != "active":
                    break
                seat = min(live.to_act())
                await writer.submit(live.id, seat + 1, _ai_move(live.game, live.state, seat, rng), live.version)
        await writer.close()
        import gc

        del writer
        gc.collect()
        before = _rss_mb()
        # The bench's own list of matches to touch, read before the clock on the event loop starts.
        ids = [r.id for r in await store.matches_with_status("active")]
        reader = MatchService(store)
        pauses: list[float] = []

        async def heartbeat() -> None:
            """How late the event loop comes back to a 2 ms timer: its longest pause."""
            loop = asyncio.get_running_loop()
            while True:
                t = loop.time()
                await asyncio.sleep(0.002)
                pauses.append((loop.time() - t - 0.002) * 1000)

        beat = asyncio.get_running_loop().create_task(heartbeat())
        start = time.perf_counter()
        loaded = await reader.resume_all()
        startup = time.perf_counter() - start
        gc.freeze()  # as the bot does after its start-up
        start = time.perf_counter()
        await reader.tick()
        tick_ms = (time.perf_counter() - start) * 1000
        for match_id in ids[: min(len(ids), 2000)]:  # a day of play-by-post: many matches touched once
            await reader.get(match_id)
        beat.cancel()
        gc.collect()
        after = _rss_mb()
        resident = len(reader.loaded())
        await reader.close()
        await store.close()
    return {
        "rss_mb": round(after, 1),
        "rss_mb_matches_only": round(after - before, 1),
        "loaded_at_start": len(loaded),
        "resident_after": resident,
        "startup_s": round(startup, 2),
        "tick_ms": round(tick_ms, 1),
        "loop_pause_max_ms": round(max(pauses, default=0.0), 1),
    }


def rss_figures(key: str, matches: int, extra_args: list[str]) -> dict[str, float]:
    cmd = [sys.executable, "-m", "bot", "bench", "--rss-worker", key, "--matches", str(matches), *extra_args]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env={**os.environ})
    return json.loads(out.stdout.strip().splitlines()[-1])


def table_render_figures(key: str) -> dict[str, float]:
    """A table game's render time along a seeded match (public views)."""
    import gc

    from babel import Locale

    from bot.i18n import SUPPORTED
    from renderers import render_board_png

    bench = game_def(key).bench
    if bench is None or bench.table is None:
        return {}
    views = bench.table.sample_views()
    times, sizes = [], []
    render_board_png(key, views[0], "fr")  # fonts and catalogs load once per process: not a render
    for locale in SUPPORTED:  # nor Babel's plural rules: the first « 2 parties » of a process reads them (~25 ms)
        Locale.parse(locale).plural_form(2)
    gc.collect()  # nor the views built above: the bot freezes what it loaded (bot/app.py), a render pays its own
    for view in views:
        rendered = render_board_png(key, view, "fr")
        times.append(rendered.ms)
        sizes.append(len(rendered.png))
    return {
        "render_ms_mean": round(statistics.fmean(times), 2),
        "render_ms_p99": round(_pct(times, 0.99), 2),
        "png_kb_mean": round(statistics.fmean(sizes) / 1024, 1),
    }


def table_games(keys: list[str]) -> list[str]:
    """The table games among `keys`: those whose `BenchDef` has a `table` section."""
    return [k for k in keys if (bench := game_def(k).bench) is not None and bench.table is not None]


# -- game- and lookup-specific figures -------------------------------------------------------------
def engine_figures(key: str, playouts: int, ai_games: int) -> dict[str, Any]:
    """A game's own loops (its `BenchDef`): seeded playouts and the greedy player against itself, its
    invariant checked at every step."""
    bench = game_def(key).bench
    out: dict[str, Any] = {}
    if bench is not None and bench.playout_stats is not None:
        out["playout_stats"] = bench.playout_stats(playouts, 1)
    if bench is not None and bench.ai_vs_ai is not None:
        out["ai_vs_ai"] = bench.ai_vs_ai(ai_games, 1, "easy")  # conservation over the greedy player's games
    return out


def table_figures(key: str, games: int) -> dict[str, Any]:
    """A table game's section: its own figures (the AI against random, suggestions, line of sight) and
    its renders."""
    bench = game_def(key).bench
    if bench is None or bench.table is None:
        return {}
    return {**bench.table.figures(games), **table_render_figures(key), **replay_figures(key)}


def rules_figures() -> dict[str, Any]:
    """The rules lookup's search latency and quality on the labelled queries."""
    from bot.rules.quality import evaluate_default, search_latency

    return {"search_latency": search_latency(500), "evaluate_default": evaluate_default()}


def ai_figures(key: str, games: int, balance_games: int, quiet: bool) -> dict[str, Any]:
    """The search (normal) against the greedy player (easy) and a random one, the greedy player
    against a random one, decision times, and each starter deck's share of wins in mirror matches."""
    from . import strength

    bench = game_def(key).bench
    decks = list(bench.balance_decks()) if bench is not None and bench.balance_decks is not None else []
    if not decks:
        return {}
    say = (lambda *_: None) if quiet else print
    fig: dict[str, Any] = {}
    for name, me, other in (
        ("normal_vs_easy", "normal", "easy"),
        ("normal_vs_random", "normal", "random"),
        ("easy_vs_random", "easy", "random"),
    ):
        fig[name] = strength.duel(key, me, other, games)
        say(f"  AI {name}: {json.dumps(fig[name])}")
    if balance_games:
        for level in ("easy", "normal"):
            fig[f"balance_{level}"] = strength.mirror(key, decks, level, balance_games)
            shares = json.dumps(fig[f"balance_{level}"])
            say(f"  balance ({level} AI both sides, {balance_games} games per pair): {shares}")
    return fig


def _load(include_test_game: bool) -> list[str]:
    from .demo import _register_games

    return _register_games(include_test_game)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", action="append", help="a game key (repeatable); default: every game")
    parser.add_argument("--clicks", type=int, default=200, help="interaction samples per game")
    parser.add_argument("--actions", type=int, default=2000, help="persisted actions per game")
    parser.add_argument(
        "--concurrent-matches", type=int, default=64, help="matches saving moves at once, group commit (0: skip)"
    )
    parser.add_argument("--matches", type=int, default=1000, help="active matches loaded for the memory figure")
    parser.add_argument("--playouts", type=int, default=1000, help="engine playouts per game (game bench modules)")
    parser.add_argument("--ai-games", type=int, default=200, help="games per AI figure (search vs greedy, vs random)")
    parser.add_argument("--balance-games", type=int, default=100, help="mirror games per pair of decks (0: skip)")
    parser.add_argument("--ai-only", action="store_true", help="only the AI and balance figures")
    parser.add_argument("--no-test-game", action="store_true", help="leave out the host's test games")
    parser.add_argument("--crash-kills", type=int, default=100, help="kills of the crash campaign (0: skip it)")
    parser.add_argument(
        "--pace-matches", type=int, default=3, help="Liber matches played at once for the pace figure (0: skip)"
    )
    parser.add_argument(
        "--table-games", type=int, default=200, help="games of each table game, AI against random (0: skip)"
    )
    parser.add_argument(
        "--load-guilds", type=int, default=32, help="servers of the load test on PostgreSQL, 6 matches each (0: skip)"
    )
    parser.add_argument(
        "--discord-load-servers",
        type=int,
        default=16,
        help="servers of the load test through the offline Discord on PostgreSQL, 3 rounds of 2 matches (0: skip)",
    )
    parser.add_argument("--rss-worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    import logging

    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    keys = _load(not args.no_test_game)
    if args.rss_worker:
        print(json.dumps(asyncio.run(_rss_worker(args.rss_worker, args.matches))))
        return 0
    wanted = [k for k in (args.game or keys) if k in keys]
    extra = [] if not args.no_test_game else ["--no-test-game"]
    report: dict[str, Any] = {"games": {}}
    all_samples_p50, all_samples_p99, persist, rss = [], [], [], []
    if args.ai_only:
        for key in wanted:
            report["games"][key] = {"ai": ai_figures(key, args.ai_games, args.balance_games, args.json)}
        if args.json:
            print(json.dumps(report))
        return 0
    for key in wanted:
        say = (lambda *_: None) if args.json else print
        say(f"== {key}")
        fig: dict[str, Any] = {}
        fig["interaction_ms"] = asyncio.run(interaction_latency(key, args.clicks))
        say(
            f"  interaction p50 {fig['interaction_ms']['p50']} ms, p99 {fig['interaction_ms']['p99']} ms "
            f"({fig['interaction_ms']['n']} clicks, render included); longest AI turn "
            f"{fig['interaction_ms']['ai_wait_max_s']} s"
        )
        fig["submit"] = submit_cost(key)
        if fig["submit"]:
            say(
                f"  submit: check + apply {fig['submit']['check_apply_us']} µs, with enumeration "
                f"{fig['submit']['enumerate_apply_us']} µs"
            )
        fig["persist_actions_per_s"] = asyncio.run(persist_rate(key, args.actions))
        say(f"  persisted actions/s {fig['persist_actions_per_s']}")
        if args.concurrent_matches:
            together = asyncio.run(persist_concurrent(key, args.concurrent_matches, args.actions * 2))
            fig["persist_concurrent"] = together
            say(f"  persisted with {args.concurrent_matches} matches at once: {json.dumps(together)}")
        fig.update(render_figures(key, 30))
        say(f"  render {fig['render_ms_mean']} ms mean, {fig['render_ms_p99']} ms p99, PNG {fig['png_kb_mean']} KB")
        mem = rss_figures(key, args.matches, extra)
        fig["rss_mb_1000_matches"] = mem["rss_mb"]
        fig["rss_mb_matches_only"] = mem["rss_mb_matches_only"]
        fig["many_matches"] = mem
        say(
            f"  {args.matches} active matches: RSS {mem['rss_mb']} MB ({mem['rss_mb_matches_only']} MB for the "
            f"matches, {mem['resident_after']} kept loaded after touching up to 2,000), start-up "
            f"{mem['startup_s']} s ({mem['loaded_at_start']} loaded), tick {mem['tick_ms']} ms, longest "
            f"event-loop pause {mem['loop_pause_max_ms']} ms"
        )
        engine = engine_figures(key, args.playouts, args.ai_games)
        if engine:
            fig["engine"] = engine
            say(f"  engine {json.dumps(engine)}")
        fig["ai"] = ai_figures(key, args.ai_games, args.balance_games, args.json)
        report["games"][key] = fig
        all_samples_p50.append(fig["interaction_ms"]["p50"])
        all_samples_p99.append(fig["interaction_ms"]["p99"])
        persist.append(fig["persist_actions_per_s"])
        rss.append(fig["rss_mb_1000_matches"])
    report["interaction_ms"] = {"p50": max(all_samples_p50, default=0), "p99": max(all_samples_p99, default=0)}
    report["persist_actions_per_s"] = min(persist, default=0)
    report["ai_wait_max_s"] = {k: fig["interaction_ms"]["ai_wait_max_s"] for k, fig in report["games"].items()}
    concurrent = [fig["persist_concurrent"] for fig in report["games"].values() if "persist_concurrent" in fig]
    report["persist_actions_per_s_concurrent"] = min((c["actions_per_s"] for c in concurrent), default=0)
    report["persist_ack_ms_p99_concurrent"] = max((c["ack_ms_p99"] for c in concurrent), default=0)
    report["persist_cpu_us_per_action_concurrent"] = max((c["cpu_us_per_action"] for c in concurrent), default=0)
    if wanted and args.concurrent_matches:
        pg = persist_concurrent_pg(wanted[0], args.concurrent_matches, args.actions)
        report["persist_concurrent_postgresql"] = pg
        report["persist_actions_per_s_concurrent_postgresql"] = pg.get("actions_per_s", 0)
    report["rss_mb_1000_matches"] = max(rss, default=0)
    if args.pace_matches and "liber" in wanted:
        from .traffic import first_reminder_hours, match_traffic

        for key in wanted:  # every game: both at the table, then by post (#26's targets)
            played = {pace: asyncio.run(match_traffic(key, seed=1, pace=pace)) for pace in ("live", "away")}
            first = asyncio.run(first_reminder_hours(key))
            report["games"][key]["play_by_post"] = {
                **{pace: t.as_dict() for pace, t in played.items()},
                "first_reminder_hours": first,
            }
            if not args.json:
                for t in played.values():
                    print(f"== play-by-post {key}: {t.summary()}")
                print(f"== play-by-post {key}: first reminder after {first} h")
        pace = {
            "paced": asyncio.run(pace_figures("liber", args.pace_matches, 24, paced=True)),
            "unpaced": asyncio.run(pace_figures("liber", args.pace_matches, 24, paced=False)),
        }
        report["pace"] = pace
        if not args.json:
            for name, fig in pace.items():
                print(
                    f"== pace ({name}): {fig['matches']} Liber matches at once, {fig['moves']} moves, "
                    f"{fig['thread_posts']} thread posts, {fig['rate_limited_429']} answered 429, {fig['seconds']} s"
                )
    if args.crash_kills:
        from dataclasses import asdict

        from .crash import run as crash_run

        crash = asdict(asyncio.run(crash_run(args.crash_kills)))
        report["crash"] = crash
        if not args.json:
            print(
                f"== crash campaign: {crash['kills']} kills, {crash['acknowledged']} acknowledged moves, "
                f"lost {crash['lost']}, half-applied {crash['half_applied']}, undelivered after restart "
                f"{crash['undelivered_after_restart']} ({crash['seconds']} s)"
            )
    for key in table_games(wanted) if args.table_games else ():
        table_fig = table_figures(key, args.table_games)
        report[key] = table_fig
        if not args.json:
            print(f"== {key} (table): {json.dumps(table_fig)}")
    # bot processes on one PostgreSQL: 1, 2 and 4, and 2 with one killed in the middle; through the service,
    # then people clicking through the offline Discord (one gateway connection per process)
    from .load import figures as load_figures
    from .load_discord import figures as discord_load_figures

    for section, label, size, measure in (
        ("processes", "processes", args.load_guilds, load_figures),
        ("processes_through_discord", "processes through Discord", args.discord_load_servers, discord_load_figures),
    ):
        if not size or args.game:
            continue
        report[section] = measure(size)
        if not args.json:
            for name, fig in report[section].items():
                print(f"== {label} ({name}): {json.dumps(fig)}")
    rules = rules_figures()
    if rules:
        report["rules"] = rules
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"== overall: interaction p50 {report['interaction_ms']['p50']} ms / p99 "
            f"{report['interaction_ms']['p99']} ms (worst game), persisted {report['persist_actions_per_s']} "
            f"actions/s (slowest game), RSS {report['rss_mb_1000_matches']} MB (largest)"
        )
        if rules:
            print(f"== rules lookup: {json.dumps(rules)}")
    return 0


def replay_figures(key: str, seed: int = 3) -> dict[str, Any]:
    """A table game's animated replay (#31) of a whole seeded match, the greedy player on both sides:
    the time to build it from the match's public views (frames chosen, drawn, encoded), its size."""
    from bot.ai.arena import play
    from renderers.replay import build_replay

    game = get_game(key)
    states: list[Any] = []
    agent = fallback_agent(game, "easy")
    play(game, (agent, agent), seed, invariant=states.append)
    views = [game.view(state, None) for state in states]
    build_replay(key, views[:2], "fr")  # fonts and catalogs load once per process: not the replay's time
    replay = build_replay(key, views, "fr")
    if replay is None:
        return {}
    return {
        "replay_build_ms": round(replay.ms),
        "replay_kb": round(len(replay.gif) / 1024),
        "replay_frames": replay.frames,
        "replay_steps": replay.steps,
    }
