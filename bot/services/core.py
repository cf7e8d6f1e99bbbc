"""The service's shared core: storage, the loaded matches, and the guards every operation uses.

`MatchService` is assembled from one mixin per responsibility (lobby, moves, AI seats) over this
core; callers only ever see `MatchService`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import socket
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.engine import AnyGame, Event, Outcome, Rng, get_game
from bot.engine import Sealed as EngineSealed
from bot.storage import (
    Commitment,
    LogEntry,
    MatchRecord,
    Published,
    SeatRecord,
    StorageError,
    StorageUnavailable,
    Store,
    VersionConflict,
)

from . import commitments
from .drafts import Drafts
from .errors import ServiceError
from .model import Applied, Fairness, LiveMatch, Rows
from .ports import Notifier, NullNotifier
from .replay import UnknownStep, rebuild, replay_recorded

log = logging.getLogger("tavernier.matches")

ACTIVE = ("lobby", "active")
#: A chain line as the thread shows it, in any language: "⛓️ … <step> … `<64 hex>`".
CHAIN_LINE = re.compile(r"⛓\S*\s\D*?(\d+)\D*?`([0-9a-f]{64})`")
#: Reads a thread post back: (channel, message) → its text, None when it cannot be read.
ReadPost = Callable[[int | None, int | None], Awaitable[str | None]]


def posted_chain(text: str, seq: int) -> str | None:
    """The chain value a post shows for step `seq`, if it shows one."""
    return next((m.group(2) for m in CHAIN_LINE.finditer(text) if int(m.group(1)) == seq), None)


class ServiceCore:
    def __init__(
        self,
        store: Store,
        *,
        notifier: Notifier | None = None,
        snapshot_every: int = 25,
        ai_delay: float = 0.0,
        ai_level: str | None = None,
        max_steps: int = 20_000,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.notifier: Notifier = notifier or NullNotifier()
        self.snapshot_every = snapshot_every
        self.ai_delay = ai_delay
        #: Every AI seat plays at this level when set (the offline table and quick tests play easy);
        #: otherwise each seat plays at its own.
        self.ai_level = ai_level
        self.max_steps = max_steps
        #: A lobby nobody touched for this many seconds is cancelled by the tick, its creator told and its
        #: thread archived (the setting LOBBY_EXPIRY_HOURS); None: lobbies wait forever.
        self.lobby_ttl: float | None = 72 * 3600.0
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._clock = clock
        #: The matches kept in memory (resident). `_known` is the identity map: every LiveMatch of this
        #: process that anything still holds, resident or not, so that a match is never loaded twice.
        self._live: dict[str, LiveMatch] = {}
        self._known: weakref.WeakValueDictionary[str, LiveMatch] = weakref.WeakValueDictionary()
        self._loading: dict[str, asyncio.Lock] = {}
        self.drafts = Drafts()
        self.closed = False
        self._background: set[asyncio.Task[None]] = set()
        #: Delays before retrying a failed AI move; after the last, the seat waits for the next start-up.
        self.ai_retry_delays: tuple[float, ...] = (1.0, 5.0, 30.0, 120.0)
        #: Finished and cancelled matches kept loaded (most recent first out last); older ones load on demand.
        self.retired_cap = 200
        self._prefs: dict[int, Any] = {}  # user id → Preferences (bot/services/preferences.py)
        self._retired: OrderedDict[str, None] = OrderedDict()
        #: Lobbies and active matches kept loaded, least recently used first out: an idle one leaves
        #: memory (its rows stay the index of who waits on what) and loads again when touched (#16).
        #: How many idle matches stay in memory. Every full garbage collection walks them all: at 500
        #: Altered matches it paused the event loop ~45 ms; at 200, ~15 ms, and a match read back from its
        #: rows costs ~3 ms (docs/storage.md).
        self.resident_cap = 200
        self._recent: OrderedDict[str, None] = OrderedDict()
        #: Several processes on one database: each match's AI seats and time are kept by one process,
        #: the holder of its lease, renewed while it works and taken over once it expires (#16).
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_ttl = 90.0
        #: This process's shards and how many there are (set by the bot); None: it runs alone. The
        #: process of a match's shard keeps its AI seats and time; the others only take over a match
        #: whose holder let its lease expire (died, or stopped).
        self.shards: tuple[frozenset[int], int] | None = None
        self._leases: dict[str, float] = {}  # match id → until when this process holds it

    def now(self) -> float:
        """The time port's reading: reminders, clocks, absences and retries all read it (tests move it)."""
        return self._clock()

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run bookkeeping off the player's path; `flush` (and `close`) wait for it."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def flush(self) -> None:
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    # -- what each mixin provides to the others (core comes last in the MRO) ----------------------
    def _schedule_ai(self, live: LiveMatch) -> None:
        raise NotImplementedError

    def _forget_ai(self, match_id: str) -> None:
        raise NotImplementedError

    def ai_seat_numbers(self, live: LiveMatch) -> set[int]:
        raise NotImplementedError

    async def rate(self, live: LiveMatch) -> bool:
        raise NotImplementedError

    async def _create(self, rec: MatchRecord, seats: list[SeatRecord]) -> LiveMatch:
        raise NotImplementedError

    async def submit_seat(
        self, live: LiveMatch, seat: int, action: Any, expected_version: int | None, *, by_ai: bool = False
    ) -> Applied:
        raise NotImplementedError

    async def _commit_step(
        self,
        live: LiveMatch,
        base: MatchRecord,
        state: Any,
        rng: Rng,
        *,
        kind: str,
        seat: int | None = None,
        action: Any = None,
        events: tuple[Event, ...] = (),
        secret: bool = False,
        sealed: tuple[EngineSealed, ...] = (),
        forced_outcome: Outcome | None = None,
        meta: dict[str, Any] | None = None,
        withdrawn: tuple[Commitment, ...] = (),
    ) -> Applied:
        raise NotImplementedError

    async def _host_step(
        self,
        live: LiveMatch,
        *,
        state: Any = None,
        rng: Rng | None = None,
        base: MatchRecord | None = None,
        answer_forced: bool = True,
        **step: Any,
    ) -> tuple[Applied, list[Applied]]:
        raise NotImplementedError

    async def _deliver(self, live: LiveMatch, step: Applied, *forced: Applied) -> Applied:
        raise NotImplementedError

    async def _answer_forced(self, live: LiveMatch) -> list[Applied]:
        raise NotImplementedError

    async def preferences(self, user_id: int) -> Any:
        raise NotImplementedError

    def delivered(self, match_id: str, seq: int) -> None:
        raise NotImplementedError

    async def _save_match(self, live: LiveMatch, rec: MatchRecord) -> None:
        """The match row, conditional on the revision read; memory changes only once it is written."""
        try:
            await self.store.update_match(rec)
        except VersionConflict:
            await self._reload(live.id)
            raise ServiceError("match_changed") from None
        live.rec = rec

    # -- loading ----------------------------------------------------------------------------------
    async def get(self, match_id: str) -> LiveMatch:
        """The match's one object in this process, loaded from storage on first use. A match whose rows
        cannot be read is marked broken once (its thread told) and refused from then on; the other
        matches are not affected."""
        live = self._live.get(match_id)
        if live is not None:
            if getattr(self.store, "shared", False) and not live.lock.locked():
                live = await self._fresh(live)
            self._touch(live)
            return live
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            live = self._live.get(match_id)
            if live is None:
                live = self._known.get(match_id)  # it left memory, but something still holds it
                if live is None:
                    rec = await self.store.get_match(match_id)
                    if rec is None:
                        raise ServiceError("match_not_found", match=match_id)
                    live = LiveMatch.of(await self._load_or_break(rec), get_game(rec.game))
                    self._known[match_id] = live
                elif getattr(self.store, "shared", False) and not live.lock.locked():
                    live = await self._fresh(live)
                self._live[match_id] = live
                if live.rec.status in ("finished", "cancelled"):
                    self._retire(live)
                else:
                    self._touch(live)
                    self._evict_idle()
        return live

    def _adopt(self, live: LiveMatch) -> None:
        """A match just created here becomes its one object."""
        self._live[live.id] = live
        self._known[live.id] = live

    async def _load_or_break(self, rec: MatchRecord) -> Rows:
        if rec.broken:
            raise ServiceError("corrupt_match", match=rec.id)
        try:
            return await self._load(rec)
        except StorageUnavailable:
            raise  # the database, not this match
        except UnknownStep as exc:
            # a newer version played it: not broken, and this version never writes into it
            log.error("cannot load match=%s: %s; a newer Tavernier wrote it, run that one", rec.id, exc)
            raise ServiceError("match_too_new", match=rec.id) from exc
        except Exception as exc:
            reason = getattr(exc, "code", None) or type(exc).__name__
            log.error("cannot load match=%s reason=%s", rec.id, reason)
            await self.store.mark_broken(rec.id, str(reason))
            rec.broken = str(reason)
            await self.notifier.broken(rec)
            raise ServiceError("corrupt_match", match=rec.id) from exc

    async def admit(self, match_id: str, *, guild_id: int | None, user_id: int | None = None) -> MatchRecord:
        """The match's record if it may be named from where a request comes: from a server, a match of
        that server only; from no server (a DM), only by one of its players or its creator. Anything else
        is answered exactly as an unknown id: another server learns nothing, not even that the id exists
        or that its match is broken. Memory first, else the match's row (a broken match has one too)."""
        live = self._known.get(match_id)
        rec = live.rec if live is not None else await self.store.get_match(match_id)
        if rec is not None:
            if guild_id is not None:
                allowed = rec.guild_id == guild_id
            else:
                seats = live.seats if live is not None else await self.store.seats(match_id)
                allowed = user_id is not None and (
                    user_id == rec.created_by or any(s.user_id == user_id for s in seats)
                )
            if allowed:
                return rec
        raise ServiceError("match_not_found", match=match_id)

    # -- what stays in memory ------------------------------------------------------------------------
    def _touch(self, live: LiveMatch) -> None:
        if live.rec.status in ("lobby", "active"):
            self._recent[live.id] = None
            self._recent.move_to_end(live.id)

    async def _due_now(self, *, ai_only: bool = False) -> list[str]:
        raise NotImplementedError

    def owns(self, guild_id: int | None) -> bool | None:
        """Whether this process holds the shard of the guild (Discord's `(guild_id >> 22) % count`; a
        match of no guild lives on shard 0); None when it runs alone (no shards)."""
        if self.shards is None:
            return None
        ids, count = self.shards
        return ((guild_id or 0) >> 22) % count in ids

    async def _lease(self, match_id: str) -> bool:
        """Whether this process keeps the match's AI seats and time now: its lease, renewed in the
        database once a third of it has run out, or taken when free or expired. Each time it goes to
        the database it also checks the match: another process may have played it (a takeover, or a
        person's move that reached another shard), and then the match is read again."""
        now = self._clock()
        if self._leases.get(match_id, 0.0) - self.lease_ttl * 2 / 3 > now:
            return True
        live = self._known.get(match_id)
        owner = self.owns(live.rec.guild_id) if live is not None else None
        if not await self.store.take_lease(match_id, self.holder, now, self.lease_ttl, owner=owner):
            self._leases.pop(match_id, None)
            return False
        self._leases[match_id] = now + self.lease_ttl
        live = self._known.get(match_id)
        if live is not None:
            await self._fresh(live)
        return True

    def _busy(self, match_id: str) -> bool:
        """Work in flight for this match outside its locks (an AI move being chosen)."""
        return False

    def _evict_idle(self) -> None:
        """Past `resident_cap`, the least recently used idle matches leave memory (never one whose lock
        is held, whose delivery is under way or whose AI is thinking)."""
        for match_id in list(self._recent):
            if len(self._recent) <= self.resident_cap:
                return
            live = self._live.get(match_id)
            if live is not None and (live.lock.locked() or live.delivery.locked() or self._busy(match_id)):
                continue
            self._drop(match_id)

    def _drop(self, match_id: str) -> None:
        """The match leaves memory: its object goes once nothing holds it (`_known` finds it until then)."""
        self._live.pop(match_id, None)
        self._loading.pop(match_id, None)
        self._recent.pop(match_id, None)

    def _forget(self, match_id: str) -> None:
        """No object answers for the match any more (its rows cannot be read): the next use reads them."""
        self._drop(match_id)
        self._known.pop(match_id, None)

    async def by_thread(self, thread_id: int) -> LiveMatch | None:
        for live in self._live.values():
            if live.rec.thread_id == thread_id:
                return live
        rec = await self.store.match_by_thread(thread_id)
        return await self.get(rec.id) if rec else None

    def loaded(self) -> list[LiveMatch]:
        return list(self._live.values())

    async def _load(self, rec: MatchRecord) -> Rows:
        """Latest snapshot plus the log's tail; a snapshot from an older state shape is rebuilt from the
        whole log (every step's chance results are recorded, so the rebuild is exact) and saved again."""
        game: AnyGame = get_game(rec.game)
        seats = await self.store.seats(rec.id)
        state: Any = None
        rng: Rng | None = None
        chain: str | None = None
        if rec.status in ("active", "finished") and rec.version > 0:
            snap = await self.store.latest_snapshot(rec.id)
            if snap is None:
                raise ServiceError("corrupt_match", match=rec.id)
            if snap.state_version != game.state_version:
                entries = await self.store.log(rec.id)
                state = rebuild(game, seats, rec.options, entries)
                dumped = game.dump_state(state)
                await self.store.put_snapshot(rec.id, entries[-1].seq, dumped, game.state_version)
                log.info("snapshot rebuilt match=%s from=%d to=%d", rec.id, snap.state_version, game.state_version)
            else:
                entries = await self.store.log(rec.id, after=snap.seq - 1)
                state = replay_recorded(game, game.load_state(snap.state), entries[1:])
            rng = Rng.from_state(entries[-1].rng_after)
            chain = entries[-1].meta.get("chain")
        opened = await self.store.commitments(rec.id, open_only=True)
        return Rows(rec=rec, seats=seats, state=state, rng=rng, chain=chain, open_commitments=opened)

    async def _chain_before(self, live: LiveMatch) -> str:
        """The chain's value before the next step: the match id before the first; for a match saved before
        the chain existed, computed once over its whole log (the chain then covers its old steps too)."""
        if live.chain is not None:
            return live.chain
        if live.version == 0:
            return live.id
        entries = await self.store.log(live.id)
        live.chain = commitments.chain_of(live.id, entries, await self.store.commitments(live.id))[entries[-1].seq]
        return live.chain

    def _retire(self, live: LiveMatch) -> None:
        """A finished or cancelled match leaves memory once `retired_cap` newer ones did (it reloads on use)."""
        self._recent.pop(live.id, None)
        self._retired[live.id] = None
        self._retired.move_to_end(live.id)
        while len(self._retired) > self.retired_cap:
            old, _ = self._retired.popitem(last=False)
            match = self._live.get(old)
            if match is not None and not match.lock.locked() and not match.delivery.locked():
                self._drop(old)

    async def _fresh(self, live: LiveMatch) -> LiveMatch:
        """The match as its row says: another process may have played it (its AI seat or clock, taken
        over with its lease). One row read. Only a step written elsewhere reloads it: a row read before
        a move committed here is older than memory, and a metadata write of this process in flight (its
        thread, its timers) is not news either. A change under way here (the lock held) is left alone:
        its own write would be refused and read the match again."""
        rec = await self.store.get_match(live.id)
        if rec is not None and rec.version > live.version and not live.lock.locked():
            return await self._reread(live)
        return live

    async def _reread(self, live: LiveMatch) -> LiveMatch:
        """Read the match again under its lock: a move of this process cannot commit in between, so
        the object never goes back to rows older than itself."""
        async with live.lock:
            return await self._reload(live.id)

    async def _reload(self, match_id: str) -> LiveMatch:
        """Read the match again into its one object (another writer changed it): whoever holds the object
        sees the new rows. The caller holds the match's lock (a refused write, `_reread`). A match whose
        rows cannot be read any more leaves memory and is refused (marked broken once)."""
        live = self._known.get(match_id)
        if live is None:
            return await self.get(match_id)
        rec = await self.store.get_match(match_id)
        try:
            if rec is None:
                raise ServiceError("match_not_found", match=match_id)
            rows = await self._load_or_break(rec)
        except ServiceError:
            self._forget(match_id)
            raise
        live.refresh(rows)
        return live

    # -- queries ----------------------------------------------------------------------------------
    async def verify(self, match_id: str) -> tuple[int, list[Commitment]]:
        """Recompute every commitment of a finished match from its published salt and value:
        (how many were checked, those that do not match). Refused while hidden choices are still hidden."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise ServiceError("match_not_found", match=match_id)
        if rec.status != "finished":
            raise ServiceError("not_finished")
        sealed = await self.store.commitments(match_id)
        failed = [c for c in sealed if not commitments.verify(match_id, c.seq, c.salt, c.payload, c.digest)]
        return len(sealed), failed

    async def fairness(self, match_id: str, read_post: ReadPost | None = None) -> Fairness:
        """Check a finished match against what its thread was shown: every digest from its salt and value,
        the log's chain from the log's rows, and each chain value posted (read back from the thread with
        `read_post` when it can be, else as recorded when posted) against the chain recomputed there. A
        row rewritten with its digest recomputed changes the chain, and the thread still shows the old one."""
        checked, failed = await self.verify(match_id)
        entries = await self.store.log(match_id)
        if not any("chain" in e.meta for e in entries):
            return Fairness(checked, failed)
        sealed = await self.store.commitments(match_id)
        chain = commitments.chain_of(match_id, entries, sealed)
        posted = await self.store.published(match_id)
        mismatched, read_back = [], 0
        for row in posted:
            shown: str | None = row.chain
            text = await read_post(row.channel_id, row.message_id) if read_post and row.message_id else None
            if text is not None:
                read_back += 1
                shown = posted_chain(text, row.seq)
            if shown != chain.get(row.seq):
                mismatched.append(row.seq)
        chained = {e.seq for e in entries if "chain" in e.meta}
        shown_steps = {row.seq for row in posted}
        unpublished = sorted({c.seq for c in sealed if c.seq in chained and c.seq not in shown_steps})
        late = [row.seq for row in posted if row.late]
        return Fairness(checked, failed, True, len(posted), read_back, mismatched, unpublished, late)

    async def record_published(
        self, match_id: str, seq: int, chain: str, channel_id: int, message_id: int, *, late: bool
    ) -> bool:
        """A post showed the chain after step `seq`: remembered for `fairness` (a failure is logged: the
        check then falls back on the digests and says the step was not shown)."""
        try:
            await self.store.record_published(match_id, seq, chain, channel_id, message_id, late=late)
        except StorageError:
            log.warning("could not record a published chain match=%s seq=%d", match_id, seq)
            return False
        return True

    async def published(self, match_id: str) -> list[Published]:
        return await self.store.published(match_id)

    async def history(self, match_id: str) -> list[LogEntry]:
        return await self.store.log(match_id)

    async def matches_of(self, user_id: int, guild_id: int | None) -> list[tuple[MatchRecord, int]]:
        """A player's unfinished matches and their seat in each: read from the rows, nothing loaded."""
        return await self.store.matches_of_user(user_id, guild_id, ACTIVE)

    # -- guards -----------------------------------------------------------------------------------
    async def _playing(self, match_id: str, user_id: int) -> tuple[LiveMatch, SeatRecord]:
        """The active match and the seat this user plays in it, else a clear refusal."""
        live = await self.get(match_id)
        me = live.seat_of(user_id)
        if me is None:
            raise ServiceError("not_seated")
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
        return live, me

    def _record_like(self, old: MatchRecord, *, created_by: int, locale: str, timers: dict[str, Any]) -> MatchRecord:
        """A new match record in the same server, channel and game as `old`, with its options."""
        return MatchRecord(
            id=secrets.token_hex(4),
            game=old.game,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            created_by=created_by,
            seed=self._seed_source(),
            options=dict(old.options),
            locale=locale,
            timers=timers,
        )

    @staticmethod
    def _require_lobby(live: LiveMatch) -> None:
        if live.rec.status != "lobby":
            raise ServiceError("not_in_lobby")

    @staticmethod
    def _require_host(live: LiveMatch, user_id: int) -> None:
        """Only the match's creator starts its lobby or adds the AI."""
        if user_id != live.rec.created_by:
            raise ServiceError("creator_only")
