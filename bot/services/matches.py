"""MatchService: the only door to match state.

Every change takes the match's lock, checks the version and the seat, applies the engine, and
appends to the log in one transaction before anyone is told. Notifications go out in order
(a second lock is taken before the state lock is released) and AI seats play in background tasks
through the very same path as people.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from bot.engine import (
    PHASE,
    REVEAL,
    Concede,
    EngineError,
    IllegalAction,
    Outcome,
    Rng,
    choice,
    get_game,
    public,
    txt,
)
from bot.storage import Commitment, LogEntry, MatchRecord, SeatRecord, Store, VersionConflict

from . import commitments
from .errors import ServiceError, StaleVersion
from .model import Applied, LiveMatch, Player, Reveal
from .ports import Notifier, NullNotifier
from .replay import replay_recorded, seat_specs

log = logging.getLogger("tavernier.matches")

ACTIVE = ("lobby", "active")


class MatchService:
    def __init__(
        self,
        store: Store,
        *,
        notifier: Notifier | None = None,
        snapshot_every: int = 25,
        ai_delay: float = 0.0,
        max_steps: int = 20_000,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.notifier: Notifier = notifier or NullNotifier()
        self.snapshot_every = snapshot_every
        self.ai_delay = ai_delay
        self.max_steps = max_steps
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._clock = clock
        self._live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._ai_tasks: dict[str, asyncio.Task[None]] = {}
        self._open_commitments: dict[str, list[Commitment]] = {}
        self.closed = False

    # -- loading ----------------------------------------------------------------------------------
    async def get(self, match_id: str) -> LiveMatch:
        """The live match, loaded from storage on first use."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            live = self._live.get(match_id)
            if live is None:
                rec = await self.store.get_match(match_id)
                if rec is None:
                    raise ServiceError("match_not_found", match=match_id)
                live = await self._load(rec)
                self._live[match_id] = live
        return live

    async def by_thread(self, thread_id: int) -> LiveMatch | None:
        for live in self._live.values():
            if live.rec.thread_id == thread_id:
                return live
        rec = await self.store.match_by_thread(thread_id)
        return await self.get(rec.id) if rec else None

    def loaded(self) -> list[LiveMatch]:
        return list(self._live.values())

    async def _load(self, rec: MatchRecord) -> LiveMatch:
        game = get_game(rec.game)
        seats = await self.store.seats(rec.id)
        live = LiveMatch(rec=rec, seats=seats, game=game)
        if rec.status in ("active", "finished") and rec.version > 0:
            snap = await self.store.latest_snapshot(rec.id)
            if snap is None:
                raise ServiceError("corrupt_match", match=rec.id)
            snap_seq, data = snap
            entries = await self.store.log(rec.id, after=snap_seq - 1)
            live.state = replay_recorded(game, game.load_state(data), entries[1:])
            live.rng = Rng.from_state(entries[-1].rng_after)
        self._open_commitments[rec.id] = await self.store.commitments(rec.id, open_only=True)
        return live

    async def resume_all(self) -> list[LiveMatch]:
        """At start-up: load every lobby and active match, and let AI seats that must act play."""
        out = []
        for rec in await self.store.matches_with_status(*ACTIVE):
            try:
                live = await self.get(rec.id)
            except EngineError as exc:
                log.error("cannot resume match=%s code=%s", rec.id, exc.code)
                continue
            out.append(live)
            self._schedule_ai(live)
        log.info("resumed matches=%d", len(out))
        return out

    # -- lobby ------------------------------------------------------------------------------------
    async def create(
        self,
        *,
        game_key: str,
        creator: Player,
        guild_id: int | None,
        channel_id: int | None,
        options: dict[str, Any] | None = None,
        seat_options: dict[str, Any] | None = None,
        locale: str = "fr",
        join: bool = True,
    ) -> LiveMatch:
        game = get_game(game_key)
        opts = game.validate_options(dict(options or {}))
        seats = []
        if join:
            so = game.validate_seat_options(dict(seat_options or {}))
            seats.append(
                SeatRecord(seat=0, name=creator.name, user_id=creator.user_id, options=so, locale=creator.locale)
            )
        rec = MatchRecord(
            id=secrets.token_hex(4),
            game=game.key,
            guild_id=guild_id,
            channel_id=channel_id,
            created_by=creator.user_id,
            seed=self._seed_source(),
            options=opts,
            locale=locale,
        )
        await self.store.create_match(rec)
        await self.store.replace_seats(rec.id, seats)
        live = LiveMatch(rec=rec, seats=seats, game=game)
        self._live[rec.id] = live
        self._open_commitments[rec.id] = []
        log.info("match created match=%s game=%s", rec.id, game.key)
        return live

    async def attach(self, match_id: str, *, thread_id: int | None = None, lobby_message_id: int | None = None) -> None:
        live = await self.get(match_id)
        async with live.lock:
            if thread_id is not None:
                live.rec.thread_id = thread_id
            if lobby_message_id is not None:
                live.rec.lobby_message_id = lobby_message_id
            await self.store.update_match(live.rec)

    async def join(self, match_id: str, player: Player, seat_options: dict[str, Any] | None = None) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            if live.seat_of(player.user_id):
                raise ServiceError("already_joined")
            if len(live.seats) >= live.game.max_seats:
                raise ServiceError("lobby_full", max=live.game.max_seats)
            so = live.game.validate_seat_options(dict(seat_options or {}))
            seats = [
                *live.seats,
                SeatRecord(
                    seat=len(live.seats), name=player.name, user_id=player.user_id, options=so, locale=player.locale
                ),
            ]
            await self.store.replace_seats(live.id, seats)
            live.seats = seats
        await self.notifier.lobby_changed(live)
        return live

    async def add_ai(self, match_id: str, by_user: int, seat_options: dict[str, Any] | None = None) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, by_user)
            if len(live.seats) >= live.game.max_seats:
                raise ServiceError("lobby_full", max=live.game.max_seats)
            so = live.game.validate_seat_options(dict(seat_options or {}))
            n = sum(1 for s in live.seats if s.is_ai) + 1
            seats = [
                *live.seats,
                SeatRecord(
                    seat=len(live.seats),
                    name=f"IA {n}" if n > 1 else "IA",
                    is_ai=True,
                    options=so,
                    locale=live.rec.locale,
                ),
            ]
            await self.store.replace_seats(live.id, seats)
            live.seats = seats
        await self.notifier.lobby_changed(live)
        return live

    async def leave(self, match_id: str, user_id: int) -> LiveMatch:
        live = await self.get(match_id)
        cancelled = False
        async with live.lock:
            self._require_lobby(live)
            if not live.seat_of(user_id):
                raise ServiceError("not_seated")
            kept = [s for s in live.seats if s.user_id != user_id]
            seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(kept)]
            await self.store.replace_seats(live.id, seats)
            live.seats = seats
            if not any(not s.is_ai for s in seats):
                live.rec.status = "cancelled"
                await self.store.update_match(live.rec)
                cancelled = True
        if cancelled:
            await self.notifier.cancelled(live)
        else:
            await self.notifier.lobby_changed(live)
        return live

    async def set_dm_ok(self, match_id: str, user_id: int, ok: bool) -> None:
        """Record whether the bot can DM this player (checked at join, updated on failures)."""
        live = await self.get(match_id)
        seat = live.seat_of(user_id)
        if seat is None or seat.dm_ok == ok:
            return
        seat.dm_ok = ok
        await self.store.put_seat(live.id, seat)

    async def cancel(self, match_id: str, user_id: int, *, is_manager: bool = False) -> LiveMatch:
        """The creator may cancel a lobby; server managers may cancel any unfinished match."""
        live = await self.get(match_id)
        async with live.lock:
            if live.rec.status not in ACTIVE:
                raise ServiceError("match_not_active")
            if not is_manager and not (live.rec.status == "lobby" and user_id == live.rec.created_by):
                raise ServiceError("not_allowed")
            live.rec.status = "cancelled"
            await self.store.update_match(live.rec)
        self._forget_ai(live.id)
        await self.notifier.cancelled(live)
        return live

    async def start(self, match_id: str, by_user: int) -> Applied:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, by_user)
            if len(live.seats) < live.game.min_seats:
                raise ServiceError("not_enough_players", min=live.game.min_seats)
            rng = Rng(live.rec.seed)
            transition = live.game.setup(seat_specs(live.seats), live.rec.options, rng)
            rec = dataclasses.replace(live.rec, status="active")
            step = await self._commit(live, rec, transition.state, rng, "setup", None, None, tuple(transition.events))
            await live.delivery.acquire()
        return await self._deliver(live, step)

    # -- play -------------------------------------------------------------------------------------
    async def submit(self, match_id: str, user_id: int, action: Any, expected_version: int | None) -> Applied:
        """Apply `action` for the seat of `user_id`, if the board is still at `expected_version`."""
        live = await self.get(match_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        return await self.submit_seat(live, seat.seat, action, expected_version)

    async def concede(self, match_id: str, user_id: int) -> Applied:
        return await self.submit(match_id, user_id, Concede(), None)

    async def submit_seat(self, live: LiveMatch, seat: int, action: Any, expected_version: int | None) -> Applied:
        async with live.lock:
            if live.rec.status != "active":
                raise ServiceError("match_not_active")
            if expected_version is not None and expected_version != live.version:
                raise StaleVersion(live.version)
            if live.version >= self.max_steps:
                raise ServiceError("too_many_steps")
            if isinstance(action, Concede):
                step = await self._concede(live, seat)
            else:
                step = await self._act(live, seat, action)
            await live.delivery.acquire()
        return await self._deliver(live, step)

    async def _act(self, live: LiveMatch, seat: int, action: Any) -> Applied:
        game, state = live.game, live.state
        if seat not in game.to_act(state):
            raise IllegalAction("not_your_turn")
        assert live.rng is not None
        rng = Rng.from_state(live.rng.state())
        transition = game.apply(state, seat, action, rng)
        if action not in game.legal_actions(state, seat):
            # apply accepted what the legality oracle does not list: refuse rather than diverge
            log.error("engine accepted an unlisted action match=%s kind=%s", live.id, action.kind)
            raise IllegalAction("illegal_action")
        return await self._commit(
            live, live.rec, transition.state, rng, "action", seat, action, tuple(transition.events)
        )

    async def _concede(self, live: LiveMatch, seat: int) -> Applied:
        others = tuple(s.seat for s in live.seats if s.seat != seat)
        outcome = Outcome(winners=others, reason=txt("outcome.concede", seat=seat))
        assert live.rng is not None
        rng = Rng.from_state(live.rng.state())
        return await self._commit(
            live,
            live.rec,
            live.state,
            rng,
            "concede",
            seat,
            Concede(),
            (public("conceded", seat=seat),),
            forced_outcome=outcome,
        )

    async def _commit(
        self,
        live: LiveMatch,
        base: MatchRecord,
        state: Any,
        rng: Rng,
        kind: str,
        seat: int | None,
        action: Any,
        events: tuple[Any, ...],
        forced_outcome: Outcome | None = None,
    ) -> Applied:
        """Persist one step (log, version, snapshot, commitment) and then update the live match."""
        game = live.game
        seq = live.version
        outcome = forced_outcome or game.outcome(state)
        phase = game.phase(state)
        phase_changed = kind == "setup" or phase != live.rec.phase or any(e.kind == PHASE for e in events)
        rec = dataclasses.replace(
            base,
            status="finished" if outcome else base.status,
            phase=phase,
            to_act=[] if outcome else sorted(game.to_act(state)),
            outcome=outcome.model_dump(mode="json") if outcome else None,
        )
        action_json = action.dump() if action is not None else None
        commitment = None
        if action is not None and getattr(action, "secret", False):
            dig, salt, payload = commitments.commit(live.id, seq, action_json)
            commitment = Commitment(
                seq=seq, seat=seat if seat is not None else -1, digest=dig, salt=salt, payload=payload
            )
        opened = self._reveals(live, events, outcome is not None, commitment)
        entry = LogEntry(
            seq=seq,
            kind=kind,
            seat=seat,
            action=action_json,
            draws=[list(d) for d in rng.take_draws()],
            rng_after=rng.state(),
            events=[e.model_dump(mode="json") for e in events],
        )
        due = kind == "setup" or outcome is not None or seq % self.snapshot_every == 0
        try:
            await self.store.append(
                rec,
                entry,
                snapshot=game.dump_state(state) if due else None,
                commitment=commitment,
                revealed=[c.seq for c in opened],
            )
        except VersionConflict:
            # another process moved the match on: reload it and tell the player the board changed
            self._live.pop(live.id, None)
            fresh = await self.get(live.id)
            raise StaleVersion(fresh.version) from None
        live.rec, live.state, live.rng = rec, state, rng
        open_list = self._open_commitments.setdefault(live.id, [])
        if commitment is not None:
            open_list.append(commitment)
        for c in opened:
            open_list.remove(c)
        reveals = tuple(
            Reveal(
                seq=c.seq,
                seat=c.seat,
                digest=c.digest,
                salt=c.salt,
                payload=c.payload,
                verified=commitments.verify(live.id, c.seq, c.salt, c.payload, c.digest),
            )
            for c in opened
        )
        return Applied(
            seq=seq,
            kind=kind,
            seat=seat,
            action=action,
            events=events,
            phase_changed=phase_changed,
            outcome=outcome,
            commitment=(commitment.seat, commitment.digest) if commitment else None,
            reveals=reveals,
        )

    def _reveals(
        self, live: LiveMatch, events: tuple[Any, ...], ended: bool, new: Commitment | None
    ) -> list[Commitment]:
        """Commitments opened by this step (including one it locks): the seats a REVEAL names, or all at the end."""
        pending = [*self._open_commitments.get(live.id, []), *([new] if new else [])]
        if ended:
            return list(pending)
        seats: set[int] = set()
        for e in events:
            if e.kind == REVEAL and e.public:
                seats.update(int(s) for s in e.params.get("seats", []))
        return [c for c in pending if c.seat in seats]

    async def _deliver(self, live: LiveMatch, step: Applied) -> Applied:
        """Tell the notifier (in order, the delivery lock is held), then let AI seats play."""
        try:
            await self.notifier.applied(live, step)
        except Exception:
            log.exception("delivery failed match=%s seq=%d", live.id, step.seq)
        finally:
            live.delivery.release()
        self._schedule_ai(live)
        return step

    # -- AI seats ---------------------------------------------------------------------------------
    def _schedule_ai(self, live: LiveMatch) -> None:
        if self.closed or live.id in self._ai_tasks:
            return
        ai_seats = {s.seat for s in live.seats if s.is_ai}
        if not ai_seats & live.to_act():
            return
        task = asyncio.get_running_loop().create_task(self._ai_loop(live), name=f"tavernier-ai-{live.id}")
        self._ai_tasks[live.id] = task

    async def _ai_loop(self, live: LiveMatch) -> None:
        try:
            while not self.closed:
                ai_seats = sorted({s.seat for s in live.seats if s.is_ai} & live.to_act())
                if not ai_seats:
                    return
                if self.ai_delay:
                    await asyncio.sleep(self.ai_delay)
                seat, version, state = ai_seats[0], live.version, live.state
                action = await asyncio.to_thread(self._ai_choose, live, state, seat, version)
                try:
                    await self.submit_seat(live, seat, action, version)
                except StaleVersion:
                    continue
        except EngineError as exc:
            log.error("AI seat refused match=%s code=%s", live.id, exc.code)
        except Exception:
            log.exception("AI seat crashed match=%s", live.id)
        finally:
            self._ai_tasks.pop(live.id, None)

    def _ai_choose(self, live: LiveMatch, state: Any, seat: int, version: int) -> Any:
        """The game's own AI, else a uniformly random legal action; seeded per match and step."""
        rng = Rng((live.rec.seed * 1_000_003 + version * 31 + seat) & ((1 << 63) - 1))
        action = live.game.ai_action(state, seat, rng)
        if action is None:
            action = choice(rng, list(live.game.legal_actions(state, seat)))
        return action

    def _forget_ai(self, match_id: str) -> None:
        task = self._ai_tasks.pop(match_id, None)
        if task is not None:
            task.cancel()

    async def wait_idle(self, timeout: float | None = None) -> None:
        """Wait until no AI seat is thinking (tests, the demo, shutdown)."""

        async def _drain() -> None:
            while self._ai_tasks:
                await asyncio.gather(*list(self._ai_tasks.values()), return_exceptions=True)

        await asyncio.wait_for(_drain(), timeout)

    async def close(self) -> None:
        self.closed = True
        for task in list(self._ai_tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._ai_tasks.values()), return_exceptions=True)

    # -- queries ----------------------------------------------------------------------------------
    async def history(self, match_id: str) -> list[LogEntry]:
        return await self.store.log(match_id)

    async def matches_of(self, user_id: int, guild_id: int | None) -> list[MatchRecord]:
        return await self.store.matches_of_user(user_id, guild_id, ACTIVE)

    # -- guards -----------------------------------------------------------------------------------
    @staticmethod
    def _require_lobby(live: LiveMatch) -> None:
        if live.rec.status != "lobby":
            raise ServiceError("not_in_lobby")

    @staticmethod
    def _require_host(live: LiveMatch, user_id: int) -> None:
        if user_id != live.rec.created_by and not any(s.user_id == user_id for s in live.seats):
            raise ServiceError("not_allowed")
