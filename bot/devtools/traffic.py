"""What a whole match costs its players and Discord: DMs, mentions, thread posts, REST calls per move.

Two people play a match to its end through the real bot and the fake Discord (menus, buttons), each
seat played by the game's agent; every request the bot made is then counted. The demo and the bench
print these figures; the play-by-post targets (≤ 30 DMs per player when both play live, at most one DM
per wait when they do not, ≤ 1 mention per turn, ≤ 1.5 REST calls per move) are read against them,
never asserted on timing: the bot's clock is the harness's, moved `LIVE` seconds before each move when
both play live, `AWAY` before the first move of each turn when they do not (play by post).

"REST calls per move" counts the bot's own requests for posting and delivering (thread posts, DMs,
edits, user and channel look-ups) and leaves out the answers to the player's own clicks (interaction
callbacks and their webhooks), which a player's action needs whatever the host does.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from bot.engine import PHASE, Rng

from .fakediscord.records import Call
from .table import open_table

#: Seconds between two moves of a match played live (both at the table) and by post.
LIVE = 20.0
AWAY = 3 * 3600.0
ANSWERS = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/]+(/.*)?")
MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Traffic:
    game: str
    moves: int
    turns: int
    thread_messages: int
    dms_per_player: dict[str, int]
    dm_edits_per_player: dict[str, int]
    mentions_per_player: dict[str, int]
    rest_calls: int
    rest_per_move: float
    user_lookups: int
    dm_channel_opens: int
    #: Times the game came to wait for each player after the other side's move (each is a turn of theirs).
    waits_per_player: dict[str, int] = field(default_factory=dict)
    #: Decisions the game answered at once, having one legal answer (`Game.forced`).
    forced: int = 0
    pace: str = "live"
    #: Thread posts that carry a board image, and the phases the game went through (a board per phase, #26).
    thread_boards: int = 0
    phases: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        dms = ", ".join(f"{k} {v}" for k, v in self.dms_per_player.items())
        pings = ", ".join(f"{k} {v}" for k, v in self.mentions_per_player.items())
        waits = ", ".join(f"{k} {v}" for k, v in self.waits_per_player.items())
        return (
            f"[{self.pace}] {self.moves} moves ({self.forced} answered at once) in {self.turns} turns; "
            f"waits: {waits}; DMs per player: {dms}; mentions: {pings}; "
            f"thread messages {self.thread_messages} ({self.thread_boards} with a board, {self.phases} phases); "
            f"REST calls per move {self.rest_per_move} "
            f"(user look-ups {self.user_lookups}, DM channels opened {self.dm_channel_opens})"
        )


def _pings(call: Call) -> set[int]:
    """Users a posted message really notifies: mentioned in its text and allowed by allowed_mentions."""
    body = call.json if isinstance(call.json, dict) else {}
    named = {int(m) for m in MENTION.findall(str(body.get("content") or ""))}
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return named
    if "users" in (allowed.get("parse") or []):
        return named
    return named & {int(u) for u in allowed.get("users") or []}


def _is_image(sent: Any) -> bool:
    return str(sent.filename).lower().endswith((".png", ".gif", ".webp", ".jpg"))


def count_turns(log: list[int]) -> int:
    """Turns in a sequence of acting seats: a new turn each time the seat changes."""
    return sum(1 for i, seat in enumerate(log) if i == 0 or seat != log[i - 1])


def waits(log: list[int], seat: int) -> int:
    """The turns of `seat` in a sequence of acting seats: each began when the game came to wait for it."""
    return sum(1 for i, s in enumerate(log) if s == seat and (i == 0 or log[i - 1] != seat))


def tally(table: Any, live: Any, calls: list[Call], names: list[str], actors: list[int]) -> Traffic:
    """Count what the bot sent in `calls` (a whole match) to these people."""
    fd = table.fd
    thread = table.thread_of(live)
    ids = {name: int(table.people[name]["id"]) for name in names}
    dm_of = {name: (fd.dm_channel_of(table.people[name]) or {}).get("id") for name in names}
    thread_path = f"/channels/{thread['id']}/messages"
    dm_posts = {n: f"/channels/{dm_of[n]}/messages" for n in ids}
    own = [c for c in calls if not ANSWERS.fullmatch(c.path)]
    posts = [c for c in own if c.method == "POST"]
    return Traffic(
        game=live.game.key,
        moves=len(actors),
        turns=count_turns(actors),
        thread_messages=sum(1 for c in posts if c.path == thread_path),
        thread_boards=sum(1 for c in posts if c.path == thread_path and any(_is_image(f) for f in c.files)),
        dms_per_player={n: sum(1 for c in posts if dm_of[n] and c.path == dm_posts[n]) for n in ids},
        dm_edits_per_player={
            n: sum(1 for c in own if c.method == "PATCH" and dm_of[n] and c.path.startswith(dm_posts[n])) for n in ids
        },
        mentions_per_player={n: sum(1 for c in posts if uid in _pings(c)) for n, uid in ids.items()},
        rest_calls=len(own),
        rest_per_move=round(len(own) / max(1, len(actors)), 2),
        user_lookups=sum(1 for c in own if c.method == "GET" and c.path.startswith("/users/")),
        dm_channel_opens=sum(1 for c in own if c.path == "/users/@me/channels"),
        waits_per_player={n: waits(actors, i) for i, n in enumerate(names)},
    )


async def match_traffic(
    game: str, *, seed: int = 1, max_moves: int = 2000, pace: Literal["live", "away"] = "live"
) -> Traffic:
    """Alice and Bob play one whole match of `game`; count what the bot sent. `pace`: both at the table
    (`LIVE` seconds between moves) or by post (`AWAY` before each turn); the minute tick runs between."""
    now = [1_800_000_000.0]
    gap = LIVE if pace == "live" else AWAY
    with tempfile.TemporaryDirectory() as tmp:
        async with open_table(Path(tmp) / "traffic.sqlite3", first_seed=seed, clock=lambda: now[0]) as table:
            await table.slash("Alice", "partie", "nouvelle", jeu=game)
            live = table.live_matches()[-1]
            thread = table.thread_of(live)
            solo = live.game.solo  # WarCry: the solo warband sits at once, Alice plays alone
            if not solo:
                await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
            first = len(table.fd.calls)
            await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
            rng = Rng(seed)
            people = ["Alice"] if solo else ["Alice", "Bob"]
            played = 0
            while live.rec.status == "active" and played < max_moves:
                seat = min(s for s in live.to_act() if not live.seats[s].is_ai)
                moves = [e for e in await table.service.history(live.id) if _played(e)]
                now[0] += LIVE if moves and moves[-1].seat == seat else gap  # a turn's own moves follow live
                await table.service.tick()
                await table.idle()
                played += 1
                await table.play_turn(people[seat], live, rng)
            entries = await table.service.history(live.id)
            actors = [e.seat for e in entries if _played(e) and e.seat is not None]
            traffic = tally(table, live, table.fd.calls[first:], people, actors)
            traffic.forced = sum(1 for e in entries if e.meta.get("forced"))
            traffic.phases = sum(1 for e in entries for ev in e.events if ev.get("kind") == PHASE)
            traffic.pace = pace
            return traffic


def _played(entry: Any) -> bool:
    """A move a seat played (the solo warband's too), not one the bot answered at once for it."""
    return bool(entry.kind == "action" and not entry.meta.get("forced"))


async def first_reminder_hours(game: str, *, seed: int = 1, horizon_hours: int = 24 * 7) -> float | None:
    """Hours from the moment a game waits for a player to the reminder DM they get (default settings),
    on a clock moved an hour at a time."""
    now = [1_800_000_000.0]
    with tempfile.TemporaryDirectory() as tmp:
        async with open_table(Path(tmp) / "remind.sqlite3", first_seed=seed, clock=lambda: now[0]) as table:
            await table.slash("Alice", "partie", "nouvelle", jeu=game)
            live = table.live_matches()[-1]
            thread = table.thread_of(live)
            if not live.game.solo:
                await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
            await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
            began = now[0]
            for _ in range(horizon_hours):
                now[0] += 3600
                await table.service.tick()
                for name in ("Alice", "Bob"):
                    channel = table.fd.dm_channel_of(table.people[name])
                    if channel and any(m["content"].startswith("⏰") for m in table.fd.messages(channel)):
                        return round((now[0] - began) / 3600, 1)
    return None
