"""DiscordNotifier: what each accepted step posts, target by target.

The thread gets one post per turn: the steps of a seat that plays on are held and go out together
when the turn passes (with a fresh board image when a phase began in it, and a mention of the person
to act, once). A player gets one DM when the game waits for them, saying what happened since their
last move, with their hand and the buttons; it is edited, not repeated, while they have not acted
(`/preferences` can ask for a DM at every move instead). Posts keep under Discord's per-channel pace
by batching (cogs/pacing.py). A held step stays in the outbox until it is posted: a crash re-delivers it.

Every target is delivered on its own: a thread that refuses a post does not cost anyone their DM, a
closed DM does not stop the others. Rate limits and Discord's passing 5xx are retried with the delay
Discord gives. A thread that was deleted or locked is noticed: the players are told by DM how to move
the match to a new thread or cancel it. A closed DM (50007) is told once per player and match (the
mark is stored), and a player who opens their DMs again is noticed at the next DM tried on their turn.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.i18n import t
from bot.services import Applied, LiveMatch, MatchRecord
from bot.services.model import Inbox
from bot.services.replay import ADVICE

from . import presenters as p
from .dms import DirectMessages
from .pacing import Pace
from .turns import HeldTurn, Seal, turn_over

log = logging.getLogger("tavernier.delivery")

T = TypeVar("T")
#: Discord's codes for a thread that is gone (Unknown Channel) or cannot take posts (archived / locked).
THREAD_GONE = {10003, 50083}
CANNOT_DM = 50007
RETRIES = 3
MAX_RETRY_AFTER = 10.0
#: Lines of "since your last move" a DM shows (the thread has the rest).
NEWS_LINES = 12


async def with_retries(send: Callable[[], Awaitable[T]]) -> T:
    """Send, retrying a rate limit (429) after the delay Discord gives and a passing 5xx after a second."""
    for attempt in range(RETRIES):
        try:
            return await send()
        except discord.HTTPException as exc:
            last = attempt == RETRIES - 1
            if exc.status == 429 and not last:
                await asyncio.sleep(min(_retry_after(exc), MAX_RETRY_AFTER))
                continue
            if exc.status >= 500 and not last:
                await asyncio.sleep(1.0)
                continue
            raise
    raise AssertionError("unreachable")  # pragma: no cover


def _retry_after(exc: discord.HTTPException) -> float:
    """The delay a 429 answer gave (discord.py's own retries usually consume it first), else a second."""
    value = getattr(exc, "retry_after", None)
    return float(value) if isinstance(value, int | float) else 1.0


class DiscordNotifier:
    def __init__(self, host: Any, pace: Pace | None = None) -> None:
        self.host = host
        self.pace = pace or Pace()
        self.dms = DirectMessages(host.bot)
        #: (match, seat) whose DM was already retried during the current turn while DMs were closed.
        self._dm_retried: dict[tuple[str, int], int] = {}
        #: What each match's current turn has posted nothing of yet.
        self._held: dict[str, HeldTurn] = {}
        #: Matches with a post waiting for the channel's pace.
        self._paced: set[str] = set()
        #: Per match, the steps whose seals reached the thread: step → whether late (read once, then kept).
        self._shown: dict[str, dict[int, bool]] = {}
        #: Per match, the users mentioned for the wait still under way (they have not acted since).
        self._awaited: dict[str, set[int | None]] = {}

    @property
    def bot(self) -> discord.Client:
        bot: discord.Client = self.host.bot
        return bot

    def _thread(self, live: LiveMatch) -> discord.PartialMessageable | None:
        if not live.rec.thread_id:
            return None
        return self.bot.get_partial_messageable(live.rec.thread_id, guild_id=live.rec.guild_id)

    async def _to_thread(self, live: LiveMatch, **kwargs: Any) -> discord.Message | None:
        """Post in the match thread at the channel's pace; a thread gone or locked is noticed once, never fatal."""
        thread = self._thread(live)
        if thread is None:
            return None
        delay = self.pace.delay(thread.id)
        if delay > 0:
            await asyncio.sleep(delay)
        self.pace.take(thread.id)
        try:
            return await with_retries(lambda: thread.send(**kwargs))
        except discord.HTTPException as exc:
            if exc.code in THREAD_GONE:
                await self._thread_lost(live)
            else:
                log.warning("thread post failed match=%s status=%s code=%s", live.id, exc.status, exc.code)
            return None

    # -- lobby ------------------------------------------------------------------------------------
    async def lobby_changed(self, live: LiveMatch) -> None:
        thread = self._thread(live)
        if thread is None or not live.rec.lobby_message_id:
            return
        locale = live.rec.locale
        msg = thread.get_partial_message(live.rec.lobby_message_id)
        try:
            await with_retries(lambda: msg.edit(embed=p.lobby_embed(live, locale), view=p.lobby_view(live, locale)))
        except discord.HTTPException as exc:
            if exc.code in THREAD_GONE:
                await self._thread_lost(live)
            else:
                log.warning("lobby edit failed match=%s code=%s", live.id, exc.code)

    async def broken(self, rec: MatchRecord) -> None:
        """A match that cannot be loaded any more: say so in its thread (nothing secret), once."""
        if not rec.thread_id:
            return
        thread = self.bot.get_partial_messageable(rec.thread_id, guild_id=rec.guild_id)
        try:
            await thread.send(t("match.broken", rec.locale, id=rec.id), allowed_mentions=p.NO_MENTIONS)
        except discord.HTTPException:
            log.warning("could not tell the thread of a broken match match=%s", rec.id)

    async def cancelled(self, live: LiveMatch) -> None:
        await self.lobby_changed(live)
        await self._to_thread(live, content=t("match.cancelled", live.rec.locale, id=live.id))

    async def lobby_expired(self, live: LiveMatch) -> None:
        """The lobby's buttons go, its creator is told in the thread (pinged), and the thread is archived."""
        await self.lobby_changed(live)
        hours = round((self.host.service.lobby_ttl or 0) / 3600)
        text = t("match.lobby_expired", live.rec.locale, creator=f"<@{live.rec.created_by}>", hours=hours)
        await self._to_thread(live, content=text, allowed_mentions=p.only([live.rec.created_by]))
        if thread_id := live.rec.thread_id:
            try:
                await with_retries(lambda: self.bot.http.edit_channel(thread_id, archived=True))
            except discord.HTTPException as exc:
                log.warning("could not archive match=%s status=%s code=%s", live.id, exc.status, exc.code)

    # -- steps ------------------------------------------------------------------------------------
    async def applied(self, live: LiveMatch, step: Applied) -> bool:
        locale = live.rec.locale
        if step.kind == "setup":
            await self.lobby_changed(live)
        held = self._held.setdefault(live.id, HeldTurn())
        if step.kind == ADVICE:  # a notice: it goes with the turn's post, and nobody's turn or DM changes
            held.add(step, p.public_lines(live, step, locale))
            return False
        late = await self._late(live, held, step)
        lines = p.public_lines(live, step, locale, late=late, chain=True)
        held.add(step, lines, first=[lines.pop()] if step.outcome is not None else [])  # the result, first
        if step.sealed and step.chain:
            held.seals.append(Seal(step.seq, step.chain, tuple(p.seal_lines(live, step, locale))))
        if not step.forced:
            held.mover = step.seat
            if step.seat is not None and step.seat not in step.to_act:  # their wait is over: the next is mentioned
                self._awaited.get(live.id, set()).discard(live.seat(step.seat).user_id)
        mover = held.mover if step.forced else step.seat
        passes = turn_over(step, set(step.to_act), mover)
        posted = False
        if step.outcome is not None:
            # the player's click is answered first: the end's post and log wait for the channel's pace
            self.host.service._in_background(self._end(live, step.seq))
        elif passes or held.full():
            posted = await self._post_turn(live, held, mention=passes)
        if step.kind == "setup":  # players whose DMs were closed at join are told once, publicly (no secret)
            for seat in live.seats:
                if seat.dm_ok is False and seat.user_id and not seat.is_ai:
                    await self._tell_dm_closed(live, seat)
        await self._update_dms(live, step, late, mover)
        return posted

    async def _end(self, live: LiveMatch, seq: int) -> None:
        """The last post of a match (its result first) and the whole log, at the channel's pace, after
        the last move was acknowledged; the step leaves the outbox once they are posted. A table game's
        animated replay follows, built only then: nothing of the end waits for it."""
        async with live.delivery:
            held = self._held.pop(live.id, None)
            if held:
                await self._post_turn(live, held, mention=False, wait=True)
            await self._final_log(live, live.rec.locale)
            self._shown.pop(live.id, None)
            self._awaited.pop(live.id, None)
        self.host.service.delivered(live.id, seq)
        await self.host.review.replays.post_end(live, self._to_thread)

    async def _post_turn(self, live: LiveMatch, held: HeldTurn, *, mention: bool, wait: bool = False) -> bool:
        """Post what the turn held. At the channel's pace: when the channel is busy (and `wait` is not
        asked), keep holding and post everything together once it may; False then."""
        thread = self._thread(live)
        if thread is not None and not wait and self.pace.delay(thread.id) > 0:
            if live.id not in self._paced:
                self._paced.add(live.id)
                self.host.service._in_background(self._post_later(live, thread.id))
            return False
        turn = held.take()
        locale = live.rec.locale
        lines = list(turn.lines)
        pinged: list[int] = []
        if mention:
            line, pinged = p.mention(live, locale)
            if line is not None:
                lines.append(line)
            # a wait is one ping: who was already mentioned for it and has not acted since is named only
            told = self._awaited.setdefault(live.id, set())
            waited = {live.seat(s).user_id for s in live.to_act()}
            pinged = [u for u in pinged if u not in told]
            told.intersection_update(waited)
            told.update(pinged)
        # a turn longer than one message goes as several, cut between lines: nothing is cut off (the
        # commitments and the result included); the board, the mention and the buttons go with the last
        *before, last = p.split("\n".join(lines)) or [""]
        messages = [await self._to_thread(live, content=chunk, allowed_mentions=p.NO_MENTIONS) for chunk in before]
        kwargs: dict[str, Any] = {"content": last, "allowed_mentions": p.only(pinged)}
        if turn.board:
            file, summary = await self.host.boards.board_file(live, None, locale)
            kwargs["file"] = file
            kwargs["embed"] = self.host.boards.board_embed(live, summary, locale)
        if live.rec.status == "active":
            kwargs["view"] = p.play_buttons(live, locale)
        messages.append(await self._to_thread(live, **kwargs))
        refused = await self._record_seals(live, turn.seals, [m for m in messages if m is not None])
        if refused and thread is not None and live.rec.status == "active":
            # the thread refused the commitments: the next post carries them, and the step stays in the
            # outbox until then (a restart posts it again)
            held.retry(refused)
            return False
        return True

    async def _record_seals(self, live: LiveMatch, seals: list[Seal], messages: list[discord.Message]) -> list[Seal]:
        """The thread shows these seals now: each remembered with the message that carries its chain line,
        for `/partie verifier`. Returns the seals no posted message carries (their post was refused)."""
        shown = await self._shown_steps(live)
        refused = []
        for seal in seals:
            message = next((m for m in messages if seal.lines and seal.lines[-1] in m.content), None)
            if message is None:
                refused.append(seal)
                continue
            if seal.seq in shown:
                continue
            await self.host.service.record_published(
                live.id, seal.seq, seal.chain, message.channel.id, message.id, late=seal.retry
            )
            shown[seal.seq] = seal.retry
        return refused

    async def _shown_steps(self, live: LiveMatch) -> dict[int, bool]:
        shown = self._shown.get(live.id)
        if shown is None:
            shown = {row.seq: row.late for row in await self.host.service.published(live.id)}
            self._shown[live.id] = shown
        return shown

    async def _late(self, live: LiveMatch, held: HeldTurn, step: Applied) -> frozenset[int]:
        """The steps whose seals this step opens without the thread having shown them in time: with
        their own step's post (or in the post that opens them, nothing having happened in between)."""
        if not step.reveals:
            return frozenset()
        shown = await self._shown_steps(live)
        in_time = {seq for seq, late in shown.items() if not late} | {step.seq}
        in_time |= {s.seq for s in held.seals if not s.retry}
        missing = {r.seq for r in step.reveals} - in_time
        if not missing:
            return frozenset()
        # a step saved before the log was chained never had a chain to show: not late, just older
        entries = await self.host.service.history(live.id)
        return frozenset(e.seq for e in entries if e.seq in missing and "chain" in e.meta)

    async def _post_later(self, live: LiveMatch, channel_id: int) -> None:
        """The channel was busy: post the held turn (with all that came meanwhile) once it may."""
        try:
            await asyncio.sleep(self.pace.delay(channel_id))
            async with live.delivery:
                self._paced.discard(live.id)
                held = self._held.get(live.id)
                if held:
                    last = held.last_seq
                    if await self._post_turn(live, held, mention=True, wait=True):
                        self.host.service.delivered(live.id, last)
        finally:
            self._paced.discard(live.id)

    async def flush_held(self, *, older_than: float | None = None) -> None:
        """Post every held turn now (after re-delivery at start-up, and at shutdown); with `older_than`,
        only turns held that many seconds (a player who left in the middle of a turn)."""
        now = time.monotonic()
        for match_id, held in list(self._held.items()):
            if not held or (older_than is not None and not held.stale(now, older_than)):
                continue
            live = await self.host.service.get(match_id)
            async with live.delivery:
                last = held.last_seq
                if held and await self._post_turn(live, held, mention=True, wait=True):
                    self.host.service.delivered(match_id, last)

    async def _final_log(self, live: LiveMatch, locale: str) -> None:
        """At the end, the whole log with hidden information revealed, and every sealed value opened."""
        await self._to_thread(
            live,
            content=t("match.full_log", locale),
            file=await self.host.boards.log_file(live, locale),
            view=p.rematch_view(live, locale),
        )

    # -- DMs --------------------------------------------------------------------------------------
    async def _update_dms(
        self, live: LiveMatch, step: Applied, late: frozenset[int] = frozenset(), mover: int | None = None
    ) -> None:
        """`mover`: whose turn the step belongs to (a forced answer goes on the turn that led to it); a
        player is told nothing of their own turn, and nothing before the forced answers that follow."""
        if live.state is None:
            return
        to_act = step.to_act  # as it was after this step (after a crash, steps are delivered again)
        now = self.host.service.now()
        for seat in live.seats:
            if seat.is_ai or not seat.user_id:
                continue
            box = live.inbox_of(seat.seat)
            if step.seat == seat.seat and not step.forced:
                box.lines.clear()  # they acted: what they had not seen, they have now
                box.dm_id, box.digest, box.acted_at, box.dm_due = None, "", now, None
            else:
                news = p.public_lines(live, step, seat.locale, viewer=seat.seat, late=late)
                box.lines = (box.lines + news)[-4 * NEWS_LINES :]
            waiting = seat.seat in to_act
            try:
                if step.outcome is not None:
                    if step.seat != seat.seat:
                        await self._dm(live, seat, box, waiting=False, ended=True)
                    continue
                if step.followed:
                    continue  # the game answers at once for someone: who waits is known after
                prefs = await self.host.service.preferences(seat.user_id)
                if prefs.notify == "every":
                    await self._dm_every_move(live, seat, box, waiting)
                elif waiting and mover != seat.seat:
                    await self._dm_unless_live(live, seat, box, now, prefs.away * 60)
            except Exception:
                log.exception("DM failed match=%s seat=%d", live.id, seat.seat)

    async def _dm_unless_live(self, live: LiveMatch, seat: Any, box: Inbox, now: float, away: float) -> None:
        """The game waits for this player: a DM, unless they moved within `away` seconds (they are at the
        table: the thread's post and the answer to their click suffice); the DM is then owed, and sent
        by `dms_due` once they have been away that long without acting."""
        if box.dm_id is None and box.acted_at is not None and now - box.acted_at < away:
            box.dm_due = box.acted_at + away
            return
        box.dm_due = None
        await self._dm(live, seat, box, waiting=True)

    async def dms_due(self) -> int:
        """Send the DMs owed to players who were at the table when the game came to wait for them and have
        not acted since (`_dm_unless_live`); returns how many were sent. Called every minute."""
        now, sent = self.host.service.now(), 0
        for live in self.host.service.loaded():
            for seat in live.seats:
                box = live.inbox.get(seat.seat)
                if box is None or box.dm_due is None or box.dm_due > now or seat.is_ai or not seat.user_id:
                    continue
                box.dm_due = None
                if seat.seat not in live.to_act():
                    continue
                async with live.delivery:
                    await self._dm(live, seat, box, waiting=True)
                sent += 1
        return sent

    async def _dm_every_move(self, live: LiveMatch, seat: Any, box: Inbox, waiting: bool) -> None:
        """For a player who asked: a DM whenever what they see (or whether they must act) changes."""
        info = live.game.private_info(live.state, seat.seat)
        digest = hashlib.sha256(json.dumps([info, waiting], sort_keys=True, default=str).encode()).hexdigest()
        if box.every == digest:
            return
        box.every = digest
        box.dm_id = None  # a new message each time: that is what they asked for
        await self._dm(live, seat, box, waiting=waiting)

    async def _dm(self, live: LiveMatch, seat: Any, box: Inbox, *, waiting: bool, ended: bool = False) -> None:
        """Send (or, while they have not acted, edit) the DM telling a player what they missed."""
        if seat.dm_ok is False and not self._retry_closed_dm(live, seat.seat, waiting):
            return
        locale = seat.locale
        news = box.lines[-NEWS_LINES:]
        if len(box.lines) > len(news):
            news = [t("dm.news_more", locale, n=len(box.lines) - len(news)), *news]
        payload = await self.host.boards.hand_payload(live, seat.seat, locale, news=news, ended=ended)
        digest = hashlib.sha256(str(payload.get("content")).encode()).hexdigest()
        if box.dm_id is not None and box.digest == digest:
            return
        try:
            if (dm_id := box.dm_id) is not None:
                if "file" in payload:
                    payload["attachments"] = [payload.pop("file")]
                await with_retries(lambda: self.dms.edit(seat.user_id, dm_id, **payload))
            else:
                message = await with_retries(lambda: self.dms.send(seat.user_id, **payload))
                box.dm_id = None if ended else message.id
            box.digest = digest
        except discord.Forbidden as exc:
            await self._dm_refused(live, seat, exc)
            return
        except discord.NotFound:
            box.dm_id, box.digest = None, ""  # they deleted it: the next wait sends a new one
            return
        except discord.HTTPException as exc:
            log.warning("DM failed match=%s seat=%d status=%s", live.id, seat.seat, exc.status)
            return
        if seat.dm_ok is not True:
            await self.host.service.set_dm_ok(live.id, seat.user_id, True)

    async def _dm_refused(self, live: LiveMatch, seat: Any, exc: discord.Forbidden) -> None:
        if exc.code != CANNOT_DM and exc.code != 0:
            log.warning("DM refused match=%s seat=%d code=%s", live.id, seat.seat, exc.code)
        if seat.dm_ok is not False:
            log.info("DM closed match=%s seat=%d", live.id, seat.seat)
            await self.host.service.set_dm_ok(live.id, seat.user_id, False)
            await self._tell_dm_closed(live, seat)

    def _retry_closed_dm(self, live: LiveMatch, seat: int, to_act: bool) -> bool:
        """Closed DMs are tried again once per turn of that player: they may have opened them."""
        if not to_act:
            return False
        key = (live.id, seat)
        if self._dm_retried.get(key) == live.version:
            return False
        self._dm_retried[key] = live.version
        return True

    async def _tell_dm_closed(self, live: LiveMatch, seat: Any) -> None:
        """Once per match and seat (the closed mark is stored): say publicly (no secret) to use the button."""
        await self._to_thread(
            live,
            content=t("dm.closed_public", live.rec.locale, who=f"<@{seat.user_id}>"),
            allowed_mentions=p.only([seat.user_id]),
            view=p.play_buttons(live, live.rec.locale),
        )

    # -- time -----------------------------------------------------------------------------------------
    async def remind(self, live: LiveMatch, seat: int, by_seat: int | None) -> None:
        """A reminder by DM (on the table's schedule, or a nudge from the other side), with the thread's link."""
        record = live.seat(seat)
        if record.user_id is None or record.is_ai:
            return
        locale = record.locale
        waiting = self.host.service.timers(live).seat(seat).waiting_since
        params = {
            "game": p.game_name(live.game.key, locale),
            "since": f"<t:{int(waiting or 0)}:R>",
            "link": p.thread_link(live),
        }
        if by_seat is None:
            text = t("remind.scheduled", locale, **params)
        else:
            text = t("remind.nudged", locale, who=p.safe_name(live.seat_name(by_seat)), **params)
        try:
            await with_retries(
                lambda: self.dms.send(record.user_id or 0, content=text, view=p.play_buttons(live, locale))
            )
        except discord.Forbidden as exc:
            await self._dm_refused(live, record, exc)
        except discord.HTTPException as exc:
            log.warning("reminder failed match=%s seat=%d status=%s", live.id, seat, exc.status)

    async def timer_news(self, live: LiveMatch, key: str, seat: int, **params: object) -> None:
        """Absences, returns and clocks run out, told in the thread (public: nothing secret in them)."""
        if "until" in params:
            params["until"] = f"<t:{params['until']}:f>"
        name = p.safe_name(live.seat_name(seat))
        await self._to_thread(live, content=t(key, live.rec.locale, seat=name, **params))

    # -- a thread that is gone --------------------------------------------------------------------
    async def _thread_lost(self, live: LiveMatch) -> None:
        """The thread was deleted or locked: forget it, and tell every player by DM what they can do."""
        if not live.rec.thread_id:
            return
        log.warning("thread lost match=%s thread=%s", live.id, live.rec.thread_id)
        await self.host.service.thread_lost(live.id)
        for seat in live.seats:
            if seat.is_ai or not seat.user_id:
                continue
            try:
                game = p.game_name(live.game.key, seat.locale)
                await self.dms.send(seat.user_id, content=t("match.thread_lost", seat.locale, id=live.id, game=game))
            except discord.HTTPException:
                log.info("could not tell a player their thread is gone match=%s seat=%d", live.id, seat.seat)
