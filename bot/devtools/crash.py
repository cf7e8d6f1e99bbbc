"""The crash campaign (issue: reliability, "Done means"): kill the bot at random moments while people
and an AI play, restart it, and count what was lost.

The bot runs as its own process (`bot/devtools/crashbot.py`) against the fake Discord served on
loopback (real REST and gateway). Simulated people click the bot's buttons through the gateway, as
clients would. After some clicks the process is killed with SIGKILL, at a random moment of the click
(before, during or after the bot answers and posts), then started again. After every restart:

- **lost**: a move whose confirmation ("✅ …") reached the player but is not in the log;
- **half-applied**: a match whose version is not the number of its log steps, whose steps are not
  contiguous, or whose latest snapshot is not what replaying its log gives;
- **undelivered**: steps still waiting in the outbox once the restarted bot has settled.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import bot.games
import bot.testgames
from bot.engine import Rng, get_game, load_games
from bot.engine.rng import choice

from .fakediscord import FakeDiscord
from .table import custom_ids, move_of, random_menu_click

JSON = dict[str, Any]
MENU_PREFIXES = ("tv:x:", "tv:v:", "tv:d:", "tv:m:", "tv:g:")


@dataclass
class CrashReport:
    kills: int = 0
    restarts: int = 0
    clicks: int = 0
    acknowledged: int = 0
    lost: int = 0
    half_applied: int = 0
    undelivered_after_restart: int = 0
    matches_finished: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


class Campaign:
    def __init__(self, workdir: Path, seed: int) -> None:
        self.workdir = workdir
        self.db = workdir / "crash.sqlite3"
        self.rng = Rng(seed)  # the project's seeded generator: a campaign is replayable from its seed
        self.report = CrashReport()
        self.proc: subprocess.Popen[bytes] | None = None
        self.fd: FakeDiscord | None = None
        self.acknowledged: dict[tuple[str, int], str] = {}  # (match, version) -> action code

    # -- the bot process --------------------------------------------------------------------------
    async def start_bot(self) -> None:
        assert self.fd is not None and self.fd._server is not None
        identified = len(self.fd.identify_payloads)
        log = open(self.workdir / "bot.log", "ab")  # noqa: SIM115 - the child owns it
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bot.devtools.crashbot",
                "--db",
                str(self.db),
                "--base",
                self.fd._server.base,
                "--test-games",
            ],
            stdout=log,
            stderr=log,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            # the gateway is opened after setup_hook (commands synced if they changed, matches resumed)
            if len(self.fd.identify_payloads) > identified:
                await asyncio.sleep(0.3)  # GUILD_CREATE, then the outbox and the AI seats
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the bot exited with {self.proc.returncode}; see {self.workdir / 'bot.log'}")
            await asyncio.sleep(0.02)
        raise RuntimeError("the bot did not connect within 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.report.kills += 1

    async def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    # -- clicking ---------------------------------------------------------------------------------
    async def send(self, payload: JSON, *, kill_after: float | None = None) -> bool:
        """Deliver an interaction through the gateway and wait for its final answer; False if the bot died."""
        assert self.fd is not None
        token = payload["token"]
        start = len(self.fd.calls)
        await self.fd.gateway_dispatch("INTERACTION_CREATE", payload)
        if kill_after is not None:
            await asyncio.sleep(kill_after)
            self.kill()
            return False
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            answers = [c for c in self.fd.calls[start:] if token in c.path]
            final = [c for c in answers if c.path.endswith("/callback") and (c.json or {}).get("type") in (4, 7)]
            final += [c for c in answers if "/webhooks/" in c.path]
            if final:
                await asyncio.sleep(0.05)
                return True
            await asyncio.sleep(0.01)
        return False

    def _record_ack(self, since: int, match_id: str, version: int, code: str) -> None:
        assert self.fd is not None
        for call in self.fd.calls[since:]:
            body = call.json if isinstance(call.json, dict) else {}
            content = str(body.get("content") or (body.get("data") or {}).get("content") or "")
            if content.startswith("✅"):
                self.acknowledged[(match_id, version)] = code
                self.report.acknowledged += 1
                return

    # -- checking ---------------------------------------------------------------------------------
    async def settled(self, timeout: float = 30.0) -> set[tuple[str, int]]:
        """Wait until the restarted bot emptied its outbox; the steps still in it at the timeout (they count
        as undelivered). A step the bot saves after this returns (an AI seat playing on) is not one the
        crash left behind, so the check counts only these."""
        deadline = time.monotonic() + timeout
        while True:
            con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
            try:
                waiting = {(r[0], r[1]) for r in con.execute("SELECT match_id, seq FROM log WHERE delivered = 0")}
            finally:
                con.close()
            if not waiting or time.monotonic() >= deadline:
                return waiting
            await asyncio.sleep(0.05)

    def check_database(self, stuck: set[tuple[str, int]] | None = None) -> None:
        """Count lost, half-applied and undelivered steps; `stuck`: only these count as undelivered (what
        `settled` left), None: every step in the outbox."""
        from bot.engine import Rng  # noqa: F401  (keeps the generator's module loaded for replays)
        from bot.services.replay import rebuild
        from bot.storage import LogEntry, SeatRecord

        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            for mid, game_key, version, status, options in con.execute(
                "SELECT id, game, version, status, options FROM matches"
            ):
                seqs = [r[0] for r in con.execute("SELECT seq FROM log WHERE match_id=? ORDER BY seq", (mid,))]
                if seqs != list(range(version)):
                    self.report.half_applied += 1
                    self.report.problems.append(f"{mid}: version {version}, log {seqs[-3:]}")
                    continue
                if status not in ("active", "finished") or not version:
                    continue
                game = get_game(game_key)
                rows = con.execute(
                    "SELECT seq, kind, seat, action, draws, rng_after, events FROM log WHERE match_id=? ORDER BY seq",
                    (mid,),
                ).fetchall()
                entries = [
                    LogEntry(
                        r[0],
                        r[1],
                        r[2],
                        json.loads(r[3]) if r[3] else None,
                        json.loads(r[4]),
                        json.loads(r[5]),
                        json.loads(r[6]),
                    )
                    for r in rows
                ]
                seats = [
                    SeatRecord(seat=r[0], name=r[1], user_id=r[2], is_ai=bool(r[3]), options=json.loads(r[4]))
                    for r in con.execute(
                        "SELECT seat, name, user_id, is_ai, options FROM seats WHERE match_id=? ORDER BY seat", (mid,)
                    )
                ]
                snap = con.execute(
                    "SELECT seq, state FROM snapshots WHERE match_id=? ORDER BY seq DESC LIMIT 1", (mid,)
                ).fetchone()
                replayed = rebuild(game, seats, json.loads(options), entries[: snap[0] + 1])
                if game.dump_state(replayed) != json.loads(snap[1]):
                    self.report.half_applied += 1
                    self.report.problems.append(f"{mid}: snapshot {snap[0]} differs from the replayed log")
                for (amid, aversion), code in list(self.acknowledged.items()):
                    if amid != mid:
                        continue
                    row = con.execute("SELECT action FROM log WHERE match_id=? AND seq=?", (mid, aversion)).fetchone()
                    if row is None or game.encode_action(game.parse_action(json.loads(row[0]))) != code:
                        self.report.lost += 1
                        self.report.problems.append(f"{mid}: acknowledged move at {aversion} not in the log")
                    del self.acknowledged[(amid, aversion)]
            waiting = con.execute(
                "SELECT l.match_id, l.seq, l.kind, l.meta, m.version, m.status FROM log l JOIN matches m"
                " ON m.id = l.match_id WHERE l.delivered = 0 ORDER BY l.match_id, l.seq"
            ).fetchall()
            waiting = [w for w in waiting if stuck is None or (w[0], w[1]) in stuck]
            self.report.undelivered_after_restart += len(waiting)
            for mid, seq, kind, meta, version, status in waiting:
                self.report.problems.append(
                    f"{mid}: step {seq} ({kind}, {meta}) undelivered; the match is {status} at version {version}"
                )
        finally:
            con.close()

    def matches(self) -> list[tuple[str, str, list[int], str]]:
        """(id, thread id, seats to act, status) of every match."""
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            return [
                (r[0], str(r[1]), json.loads(r[2]), r[3])
                for r in con.execute("SELECT id, thread_id, to_act, status FROM matches")
            ]
        finally:
            con.close()

    def user_of(self, match_id: str, seat: int) -> int | None:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            row = con.execute(
                "SELECT user_id, is_ai FROM seats WHERE match_id=? AND seat=?", (match_id, seat)
            ).fetchone()
            return None if row is None or row[1] else row[0]
        finally:
            con.close()


async def run(kills: int, seed: int = 1, workdir: Path | None = None, kill_rate: float = 0.35) -> CrashReport:
    """Play until `kills` kills happened, then finish cleanly and return the figures."""
    import tempfile

    load_games(bot.games)
    load_games(bot.testgames)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        campaign = Campaign(Path(workdir or tmp), seed)
        async with FakeDiscord("http") as fd:
            campaign.fd = fd
            fd.allow_errors(".")  # a killed bot leaves requests half done: the checks are the database's
            people = {n: fd.add_user(n) for n in ("Alice", "Bob")}
            guild = fd.add_guild(members=list(people.values()))
            channel = fd.text_channel(guild)
            await campaign.start_bot()
            try:
                await _play(campaign, people, guild, channel, kills, kill_rate)
            finally:
                await campaign.stop()
    campaign.report.seconds = round(time.monotonic() - started, 1)
    return campaign.report


async def _play(
    campaign: Campaign, people: dict[str, JSON], guild: JSON, channel: JSON, kills: int, kill_rate: float
) -> None:
    fd = campaign.fd
    assert fd is not None
    by_id = {int(p["id"]): p for p in people.values()}
    rng = campaign.rng
    while campaign.report.kills < kills or any(m[3] in ("lobby", "active") for m in campaign.matches()):
        live = [m for m in campaign.matches() if m[3] in ("lobby", "active")]
        if len(live) < 2 and campaign.report.kills < kills:
            await _new_match(campaign, people, guild, channel, ai=not any(True for m in live))
            continue
        progressed = False
        for mid, thread_id, to_act, status in live:
            if status == "lobby" or thread_id == "None":
                continue
            humans = [u for u in (campaign.user_of(mid, s) for s in to_act) if u is not None]
            if not humans:
                continue
            who = by_id[humans[0]]
            kill = campaign.report.kills < kills and rng.below(1_000_000) < kill_rate * 1_000_000
            await _move(campaign, who, guild, mid, int(thread_id), kill=kill)
            progressed = True
            if kill:
                await campaign.start_bot()
                campaign.report.restarts += 1
                campaign.check_database(await campaign.settled())
        if not progressed:
            await asyncio.sleep(0.05)
    campaign.report.matches_finished = sum(1 for m in campaign.matches() if m[3] == "finished")
    # the last move's delivery may still be under way: its mark is written after it
    campaign.check_database(await campaign.settled())


async def _new_match(campaign: Campaign, people: dict[str, JSON], guild: JSON, channel: JSON, *, ai: bool) -> None:
    fd = campaign.fd
    assert fd is not None
    game = choice(campaign.rng, ["duel", "liber"]) if ai else "duel"
    options = {"jeu": game, **({"ia": True} if ai else {})}
    await campaign.send(
        fd.slash("partie", people["Alice"], guild, channel=channel, subcommand="nouvelle", options=options)
    )
    created = [m for m in campaign.matches() if m[3] == "lobby"]
    if not created:
        return
    mid, thread_id = created[-1][0], int(created[-1][1])
    lobby = next(
        m for m in reversed(fd.messages(thread_id)) if any(c.startswith(f"tv:start:{mid}") for c in custom_ids(m))
    )
    if not ai:
        await campaign.send(fd.component(lobby, f"tv:join:{mid}", people["Bob"], guild))
    await campaign.send(fd.component(lobby, f"tv:start:{mid}", people["Alice"], guild))


async def _move(campaign: Campaign, who: JSON, guild: JSON, mid: str, thread_id: int, *, kill: bool) -> None:
    """Open the menu and play a random entry of it (its group first, Confirm after a preview)."""
    fd = campaign.fd
    assert fd is not None
    rng = campaign.rng
    board = next((m for m in reversed(fd.messages(thread_id)) if f"tv:act:{mid}" in custom_ids(m)), None)
    if board is None:
        return
    campaign.report.clicks += 1
    if not await campaign.send(fd.component(board, f"tv:act:{mid}", who, guild)):
        return
    for _ in range(4):
        menu = next(
            (
                m
                for m in reversed(fd.messages(thread_id))
                if any(c.startswith((*MENU_PREFIXES, "tv:ok:")) for c in custom_ids(m))
            ),
            None,
        )
        if menu is None:
            return
        since = len(fd.calls)
        clicked = random_menu_click(fd, menu, who, guild, rng)
        if clicked is None:
            return
        payload, final = clicked
        confirm = payload["data"]["custom_id"].startswith("tv:ok:")
        version, code = move_of(payload)
        if final and kill:
            await campaign.send(payload, kill_after=rng.below(40_000) / 1_000_000)
            return
        if not await campaign.send(payload):
            return
        if version is not None:
            campaign._record_ack(since, mid, version, code)
        if confirm or (final and not code.startswith("!")):
            return  # played (a preview goes on to its Confirm)


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bot.devtools.crash")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = asyncio.run(run(args.kills, args.seed))
    print(json.dumps(asdict(report)))
    return 0 if not (report.lost or report.half_applied or report.undelivered_after_restart) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
