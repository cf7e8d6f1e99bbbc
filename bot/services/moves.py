"""Moves: the one path every state change takes — lock, version, seat, `check`, `apply`, one durable
step in the log — then ordered delivery. Also what the edge may ask about moves (suggestions, labels,
previews) without touching a state."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from bot.engine import (
    PHASE,
    REVEAL,
    Ask,
    Choice,
    Concede,
    Event,
    Outcome,
    Preview,
    Rng,
    Text,
    public,
    txt,
)
from bot.engine import Sealed as EngineSealed
from bot.engine.sealed import ANSWER
from bot.storage import Commitment, LogEntry, MatchRecord, StorageError, VersionConflict

from . import commitments
from .core import ServiceCore
from .drafts import Draft
from .errors import ServiceError, StaleVersion
from .model import Applied, LiveMatch, Reveal, Sealed
from .replay import REWIND, SNAPSHOTTED, rebuild
from .timers import Timers

log = logging.getLogger("tavernier.matches")


class MoveOps(ServiceCore):
    # -- submitting -------------------------------------------------------------------------------
    async def submit(self, match_id: str, user_id: int, action: Any, expected_version: int | None) -> Applied:
        """Apply `action` for the seat of `user_id`, if the board is still at `expected_version`."""
        live = await self.get(match_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        return await self.submit_seat(live, seat.seat, action, expected_version)

    async def submit_draft(self, draft_id: str, user_id: int, match_id: str) -> Applied:
        """Submit exactly the action a player previewed (Confirm); the draft is used once."""
        draft = self.draft(draft_id, user_id, match_id)
        applied = await self.submit(draft.match_id, user_id, draft.action, draft.version)
        self.drafts.drop(draft_id)
        return applied

    async def concede(self, match_id: str, user_id: int) -> Applied:
        return await self.submit(match_id, user_id, Concede(), None)

    async def submit_seat(
        self, live: LiveMatch, seat: int, action: Any, expected_version: int | None, *, by_ai: bool = False
    ) -> Applied:
        """`by_ai`: the AI chose this move (its own seat, or a person's while away or out of time); the
        log says so (`meta.ai`), and ratings count who played each seat."""
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
                step = await self._act(live, seat, action, by_ai=by_ai)
            forced = await self._answer_forced(live)
            await live.delivery.acquire()
        return await self._deliver(live, step, *forced)

    async def _answer_forced(self, live: LiveMatch) -> list[Applied]:
        """Play every decision that is no choice now, each as its seat's move (a step of the log, marked
        `forced`, so it replays): a question with one legal answer costs nobody a ping. A game asks such a
        decision anyway when answering it at once would tell something hidden (`always_ask`, secret
        decisions: `Game.forced`), and so does a player who asked to confirm them (`/preferences`).
        Called with the match's lock held, after each step that can leave a decision."""
        steps: list[Applied] = []
        while live.rec.status == "active" and live.version < self.max_steps:
            found = await self._forced_answer(live)
            if found is None:
                break
            seat, action = found
            steps.append(await self._act(live, seat, action, forced=True))
        return steps

    async def _forced_answer(self, live: LiveMatch) -> tuple[int, Any] | None:
        """A seat's one answer (`Game.forced`, on what the table sees), else the "nothing" its own hand
        leaves it (`Game.passed`), unless the player asked to be asked (`/preferences choix_uniques:` for
        both, `pile:` for the second: then how soon they answer tells nothing of their hand)."""
        for seat in sorted(live.to_act()):
            record = live.seat(seat)
            prefs = await self.preferences(record.user_id) if not record.is_ai and record.user_id else None
            if prefs is not None and prefs.forced == "ask":
                continue
            action = live.game.forced(live.state, seat)
            if action is None and (prefs is None or prefs.pile == "auto"):
                action = live.game.passed(live.state, seat)
            if action is not None:
                return seat, action
        return None

    async def _act(
        self, live: LiveMatch, seat: int, action: Any, *, by_ai: bool = False, forced: bool = False
    ) -> Applied:
        """`check` is the one legality oracle (whose turn it is included); nothing on this path lists
        legal actions (`forced`: the game's one answer, listed by `Game.forced`)."""
        game, state = live.game, live.state
        game.check(state, seat, action)
        assert live.rng is not None
        secret = game.is_secret(state, seat, action)
        rng = Rng.from_state(live.rng.state())
        transition = game.apply(state, seat, action, rng)
        return await self._commit_step(
            live,
            live.rec,
            transition.state,
            rng,
            kind="action",
            seat=seat,
            action=action,
            events=tuple(transition.events),
            secret=secret,
            sealed=transition.sealed,
            meta={**({"ai": True} if by_ai else {}), **({"forced": True} if forced else {})} or None,
        )

    async def _concede(self, live: LiveMatch, seat: int) -> Applied:
        others = tuple(s.seat for s in live.seats if s.seat != seat)
        outcome = Outcome(winners=others, reason=txt("outcome.concede", seat=seat))
        assert live.rng is not None
        rng = Rng.from_state(live.rng.state())
        return await self._commit_step(
            live,
            live.rec,
            live.state,
            rng,
            kind="concede",
            seat=seat,
            action=Concede(),
            events=(public("conceded", seat=seat),),
            forced_outcome=outcome,
        )

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
        """A step the host takes (a set-up, advice, a ruling, an undo, a rewind), with the match's lock held:
        committed (`_commit_step`; by default on the match's record, state and generator), the decisions it
        leaves with one answer played at once, and the delivery lock taken, so that the caller delivers
        them (`_deliver`) in order once it lets the match's lock go."""
        if rng is None:
            assert live.rng is not None
            rng = Rng.from_state(live.rng.state())
        applied = await self._commit_step(
            live, live.rec if base is None else base, live.state if state is None else state, rng, **step
        )
        forced = await self._answer_forced(live) if answer_forced else []
        await live.delivery.acquire()
        return applied, forced

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
        """Persist one step (log, version, snapshot, commitments, outbox); only then change the live match.

        Commitments: a secret answer is sealed as it is given ("answer"); an engine seals what it hid by
        chance (a deck's order). They open when a REVEAL names their seat, or all at the end. `withdrawn`
        (a judge's rewind: sealed in steps it takes back) are closed by this step without being shown:
        the full log at the end gives their salt and value, and `/partie verifier` checks them.
        """
        game = live.game
        seq = live.version
        outcome = forced_outcome or game.outcome(state)
        phase = game.phase(state)
        phase_changed = kind in ("setup", REWIND) or phase != live.rec.phase or any(e.kind == PHASE for e in events)
        to_act = [] if outcome else sorted(game.to_act(state))
        timers = (live.timers if base is live.rec else Timers.model_validate(base.timers)).step(
            set(base.to_act),
            set(to_act),
            seat,
            self._clock(),
            over=outcome is not None,
            forced=bool(meta and meta.get("forced")),
        )
        rec = dataclasses.replace(
            base,
            status="finished" if outcome else base.status,
            phase=phase,
            to_act=to_act,
            outcome=outcome.model_dump(mode="json") if outcome else None,
            timers=timers.model_dump(mode="json"),
        )
        action_json = action.dump() if action is not None else None
        new: list[Commitment] = []
        if secret and action_json is not None:
            new.append(self._seal(live.id, seq, seat if seat is not None else -1, ANSWER, action_json))
        new += [self._seal(live.id, seq, -1 if s.seat is None else s.seat, s.label, s.payload) for s in sealed]
        opened = self._reveals(live, events, outcome is not None, new)
        shown = [e.model_dump(mode="json") for e in events]
        chain = commitments.chain_link(
            await self._chain_before(live), commitments.step_content(seq, kind, seat, shown, new)
        )
        entry = LogEntry(
            seq=seq,
            kind=kind,
            seat=seat,
            action=action_json,
            draws=[list(d) for d in rng.take_draws()],
            rng_after=rng.state(),
            events=shown,
            meta={"phase_changed": phase_changed, **(meta or {}), "chain": chain},
        )
        due = kind in SNAPSHOTTED or outcome is not None or seq % self.snapshot_every == 0
        try:
            await self.store.append(
                rec,
                entry,
                snapshot=game.dump_state(state) if due else None,
                state_version=game.state_version,
                commitments=new,
                revealed=[c.key for c in (*opened, *withdrawn)],
            )
        except VersionConflict:
            # another process moved the match on: reload it and tell the player the board changed
            fresh = await self._reload(live.id)
            raise StaleVersion(fresh.version) from None
        live.rec, live.state, live.rng, live.chain = rec, state, rng, chain
        live.keep_timers(rec.timers, timers)
        if outcome is not None:
            self._retire(live)
        live.open_commitments += new
        for c in (*opened, *withdrawn):
            live.open_commitments.remove(c)
        return self._applied(live.id, entry, action, events, outcome, new, opened, live.to_act())

    @staticmethod
    def _seal(match_id: str, seq: int, seat: int, label: str, value: Any) -> Commitment:
        dig, salt, payload = commitments.commit(match_id, seq, value)
        return Commitment(seq=seq, seat=seat, digest=dig, salt=salt, payload=payload, label=label)

    @staticmethod
    def _applied(
        match_id: str,
        entry: LogEntry,
        action: Any,
        events: tuple[Event, ...],
        outcome: Outcome | None,
        new: list[Commitment],
        opened: list[Commitment],
        to_act: frozenset[int],
    ) -> Applied:
        reveals = tuple(
            Reveal(
                seq=c.seq,
                seat=c.seat,
                digest=c.digest,
                salt=c.salt,
                payload=c.payload,
                verified=commitments.verify(match_id, c.seq, c.salt, c.payload, c.digest),
                label=c.label,
            )
            for c in opened
        )
        return Applied(
            seq=entry.seq,
            kind=entry.kind,
            seat=entry.seat,
            action=action,
            events=events,
            phase_changed=bool(entry.meta.get("phase_changed", True)),
            outcome=outcome,
            sealed=tuple(Sealed(c.seat, c.label, c.digest) for c in new),
            reveals=reveals,
            chain=entry.meta.get("chain"),
            to_act=to_act,
            forced=bool(entry.meta.get("forced")),
        )

    def _reveals(
        self, live: LiveMatch, events: tuple[Event, ...], ended: bool, new: list[Commitment]
    ) -> list[Commitment]:
        """Commitments this step opens (one it locks included): the answers of the seats a REVEAL names
        (or the labels it names), or every one at the end of the match."""
        pending = [*live.open_commitments, *new]
        if ended:
            return list(pending)
        opened: list[Commitment] = []
        for e in events:
            if e.kind == REVEAL and e.public:
                seats = {int(s) for s in e.params.get("seats", [])}
                labels = set(e.params.get("labels", [ANSWER]))
                opened += [c for c in pending if c.seat in seats and c.label in labels and c not in opened]
        return opened

    async def _deliver(self, live: LiveMatch, step: Applied, *forced: Applied) -> Applied:
        """Tell the notifier (in order, the delivery lock is held), clear the outbox, let AI seats play.
        `forced`: the answers played at once after `step` (`_answer_forced`), delivered with it; each
        step but the last says so (`followed`), so the table hears once, after the last.

        The steps were saved as undelivered in their own transactions: a crash before this point is
        delivered again at the next start (`redeliver`).
        """
        steps = [*(dataclasses.replace(s, followed=True) for s in (step, *forced)[:-1]), (step, *forced)[-1]]
        done = True
        try:
            for each in steps:
                try:
                    done = await self.notifier.applied(live, each)
                except Exception:
                    log.exception("delivery failed match=%s seq=%d", live.id, each.seq)
                    done = True
        finally:
            live.delivery.release()
        if done:
            self.delivered(live.id, steps[-1].seq)
        if steps[-1].outcome is not None:
            self._in_background(self._rate_quietly(live))
        self._schedule_ai(live)
        return step

    async def _rate_quietly(self, live: LiveMatch) -> None:
        """Off the player's path; a failure is retried at the next start-up (`rate_pending`)."""
        try:
            await self.rate(live)
        except Exception:
            log.exception("rating failed match=%s", live.id)

    def delivered(self, match_id: str, seq: int) -> None:
        """Every step of the match up to `seq` reached its targets: clear them from the outbox."""
        self._in_background(self._clear_outbox(match_id, seq))

    async def _clear_outbox(self, match_id: str, seq: int) -> None:
        """Off the player's path: the steps are delivered (losing this mark re-posts them, never loses them)."""
        try:
            await self.store.mark_delivered(match_id, seq)
        except StorageError:
            log.warning("could not clear the outbox match=%s seq=%d", match_id, seq)

    async def redeliver(self) -> int:
        """At start-up: deliver every step that was saved but never delivered (a crash in between)."""
        done = 0
        for match_id, seq in await self.store.undelivered():
            try:
                live = await self.get(match_id)
                entries = await self.store.log(match_id)
                entry = entries[seq]
                every = await self.store.commitments(match_id)
                new = [c for c in every if c.seq == seq]
                opened = [c for c in every if c.revealed_seq == seq and entry.kind != REWIND]  # withdrawn
                events = tuple(Event.model_validate(e) for e in entry.events)
                action = live.game.parse_action(entry.action) if entry.kind == "action" and entry.action else None
                outcome = (
                    Outcome.model_validate(live.rec.outcome) if live.rec.outcome and seq == live.version - 1 else None
                )
                after = rebuild(live.game, live.seats, live.rec.options, entries[: seq + 1])
                to_act = frozenset() if outcome is not None else frozenset(live.game.to_act(after))
                step = self._applied(match_id, entry, action, events, outcome, new, opened, to_act)
                if seq + 1 < len(entries) and entries[seq + 1].meta.get("forced"):
                    step = dataclasses.replace(step, followed=True)  # the table hears after the forced answer
            except Exception:
                log.exception("cannot redeliver match=%s seq=%d", match_id, seq)
                continue
            forced: list[Applied] = []
            async with live.lock:
                if seq == live.version - 1:
                    forced = await self._forced_after_crash(live)
                await live.delivery.acquire()
            await self._deliver(live, step, *forced)
            done += 1
        await self.notifier.flush_held()  # a turn cut by the crash is posted now, not at its end
        await self.flush()  # the outbox is clear before the bot goes on
        return done

    async def _forced_after_crash(self, live: LiveMatch) -> list[Applied]:
        """The forced answers a crash cut off after the match's last step (saved, then the process died
        before `_answer_forced`): played now, as they would have been, so nobody finds a menu of one
        choice. A failure leaves the decision asked, as before. The match's lock is held."""
        try:
            return await self._answer_forced(live)
        except Exception:
            log.exception("cannot answer the forced decisions at start-up match=%s", live.id)
            return []

    async def settle_forced(self, live: LiveMatch) -> None:
        """Play, at start-up, the forced answers of a match whose steps were all delivered (a match loaded
        for its AI seats): the same rule as in play, then delivered like any step."""
        async with live.lock:
            if live.rec.status != "active":
                return
            forced = await self._forced_after_crash(live)
            if not forced:
                return
            await live.delivery.acquire()
        await self._deliver(live, forced[0], *forced[1:])

    # -- what the edge may ask ----------------------------------------------------------------------
    def choices(self, live: LiveMatch, seat: int, ask: Ask) -> list[Choice[Any]]:
        """Suggestions for a seat that must act now (none otherwise): menus and autocomplete."""
        if live.rec.status != "active" or seat not in live.to_act():
            return []
        shown = ask if ask.labels else ask.model_copy(update={"labels": True})
        return list(live.game.suggest(live.state, seat, shown))

    def label(self, live: LiveMatch, seat: int, action: Any) -> Text:
        return live.game.describe_action(live.state, seat, action)

    def preview(self, live: LiveMatch, seat: int, action: Any) -> Preview | None:
        """What a previewed action would do; refused with its reason if it is not legal now."""
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
        live.game.check(live.state, seat, action)  # the kernel's opening says whose turn it is
        return live.game.preview(live.state, seat, action)

    def view(self, live: LiveMatch, viewer: int | None) -> Any:
        """What one seat (None: the public) may see now."""
        return live.game.view(live.state, viewer)

    def new_draft(self, live: LiveMatch, user_id: int, action: Any, *, preview: bool = False) -> Draft:
        return self.drafts.put(live.id, user_id, live.version, action, preview=preview)

    def draft(self, draft_id: str, user_id: int, match_id: str) -> Draft:
        """A draft its owner uses in its own match. A draft id is public in a custom_id and can be typed
        or forged: another person's is refused, and one of another match is no choice of this one (its
        action belongs to another board, maybe another game)."""
        draft = self.drafts.get(draft_id)
        if draft is None:
            raise ServiceError("draft_expired")
        if draft.user_id != user_id:
            raise ServiceError("not_your_draft")
        if draft.match_id != match_id:
            raise ServiceError("unknown_choice")
        return draft

    def drop_draft(self, draft_id: str, user_id: int, match_id: str) -> None:
        """Cancel: only its owner drops a draft, from its own match (one already gone is nothing to drop)."""
        if self.drafts.get(draft_id) is not None:
            self.draft(draft_id, user_id, match_id)
            self.drafts.drop(draft_id)
