"""DiscordNotifier: what each accepted step posts, target by target.

One public message per step in the match thread (its log lines and a mention of who acts; a fresh
board image when a phase begins), and a DM to each player whose private information changed. Every
target is delivered on its own: a thread that refuses a post does not cost anyone their DM, a closed
DM does not stop the others. Rate limits and Discord's passing 5xx are retried with the delay Discord
gives. A thread that was deleted or locked is noticed: the players are told by DM how to move the
match to a new thread or cancel it. A closed DM (50007) is told once per player and match (the mark
is stored), and a player who opens their DMs again is noticed at the next DM tried on their turn.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.engine import Event
from bot.i18n import t
from bot.services import Applied, LiveMatch, MatchRecord

from . import presenters as p

log = logging.getLogger("tavernier.delivery")

T = TypeVar("T")
#: Discord's codes for a thread that is gone (Unknown Channel) or cannot take posts (archived / locked).
THREAD_GONE = {10003, 50083}
CANNOT_DM = 50007
RETRIES = 3
MAX_RETRY_AFTER = 10.0


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
    def __init__(self, host: Any) -> None:
        self.host = host
        #: (match, seat) whose DM was already retried during the current turn while DMs were closed.
        self._dm_retried: dict[tuple[str, int], int] = {}

    @property
    def bot(self) -> discord.Client:
        bot: discord.Client = self.host.bot
        return bot

    def _thread(self, live: LiveMatch) -> discord.PartialMessageable | None:
        if not live.rec.thread_id:
            return None
        return self.bot.get_partial_messageable(live.rec.thread_id, guild_id=live.rec.guild_id)

    async def _to_thread(self, live: LiveMatch, **kwargs: Any) -> discord.Message | None:
        """Post in the match thread; a thread that is gone or locked is noticed once, never fatal."""
        thread = self._thread(live)
        if thread is None:
            return None
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

    # -- steps ------------------------------------------------------------------------------------
    async def applied(self, live: LiveMatch, step: Applied) -> None:
        locale = live.rec.locale
        if step.kind == "setup":
            await self.lobby_changed(live)
        lines = p.public_lines(live, step, locale)
        mention, pinged = p.mention(live, locale)
        if mention is not None:
            lines.append(mention)
        kwargs: dict[str, Any] = {"content": p.clip("\n".join(lines)), "allowed_mentions": p.only(pinged)}
        if step.phase_changed or step.outcome is not None:
            file, summary = await self.host.boards.board_file(live, None, locale)
            kwargs["file"] = file
            kwargs["embed"] = self.host.boards.board_embed(live, summary, locale)
        if live.rec.status == "active":
            kwargs["view"] = p.play_buttons(live, locale)
        await self._to_thread(live, **kwargs)
        if step.kind == "setup":  # players whose DMs were closed at join are told once, publicly (no secret)
            for seat in live.seats:
                if seat.dm_ok is False and seat.user_id and not seat.is_ai:
                    await self._tell_dm_closed(live, seat)
        if step.outcome is not None:
            await self._final_log(live, locale)
        await self._update_dms(live)

    async def _final_log(self, live: LiveMatch, locale: str) -> None:
        """At the end, the whole log with hidden information revealed, and every sealed value opened."""
        lines = []
        for entry in await self.host.service.history(live.id):
            for raw in entry.events:
                event = Event.model_validate(raw)
                line = p.event_line(live, event, locale, log=True)
                if line:
                    secret = "" if event.public else " 🔒 " + ", ".join(live.seat_name(s) for s in event.to or ())
                    lines.append(f"{entry.seq:>4} {line}{secret}")
        for c in await self.host.service.store.commitments(live.id):
            lines.append(p.sealed_record(live, c, locale))
        data = "\n".join(lines).encode()
        await self._to_thread(
            live,
            content=t("match.full_log", locale),
            file=discord.File(io.BytesIO(data), filename=f"journal-{live.id}.txt"),
        )

    # -- DMs --------------------------------------------------------------------------------------
    async def _update_dms(self, live: LiveMatch) -> None:
        if live.state is None:
            return
        for seat in live.seats:
            if seat.is_ai or not seat.user_id:
                continue
            info = live.game.private_info(live.state, seat.seat)
            digest = hashlib.sha256(json.dumps(info, sort_keys=True, default=str).encode()).hexdigest()
            to_act = seat.seat in live.to_act()
            key = f"{digest}:{int(to_act)}"
            if live.private_sent.get(seat.seat) == key:
                continue
            if seat.dm_ok is False and not self._retry_closed_dm(live, seat.seat, to_act):
                continue
            live.private_sent[seat.seat] = key
            try:
                await self._send_dm(live, seat)
            except Exception:
                log.exception("DM failed match=%s seat=%d", live.id, seat.seat)

    def _retry_closed_dm(self, live: LiveMatch, seat: int, to_act: bool) -> bool:
        """Closed DMs are tried again once per turn of that player: they may have opened them."""
        if not to_act:
            return False
        key = (live.id, seat)
        if self._dm_retried.get(key) == live.version:
            return False
        self._dm_retried[key] = live.version
        return True

    async def _send_dm(self, live: LiveMatch, seat: Any) -> None:
        locale = seat.locale
        payload = await self.host.boards.hand_payload(live, seat.seat, locale)
        try:
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            await with_retries(lambda: user.send(**payload))
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM and exc.code != 0:
                log.warning("DM refused match=%s seat=%d code=%s", live.id, seat.seat, exc.code)
            if seat.dm_ok is not False:
                log.info("DM closed match=%s seat=%d", live.id, seat.seat)
                await self.host.service.set_dm_ok(live.id, seat.user_id, False)
                await self._tell_dm_closed(live, seat)
            return
        except discord.HTTPException as exc:
            log.warning("DM failed match=%s seat=%d status=%s", live.id, seat.seat, exc.status)
            return
        if seat.dm_ok is not True:
            await self.host.service.set_dm_ok(live.id, seat.user_id, True)

    async def _tell_dm_closed(self, live: LiveMatch, seat: Any) -> None:
        """Once per match and seat (the closed mark is stored): say publicly (no secret) to use the button."""
        await self._to_thread(
            live,
            content=t("dm.closed_public", live.rec.locale, who=f"<@{seat.user_id}>"),
            allowed_mentions=p.only([seat.user_id]),
            view=p.play_buttons(live, live.rec.locale),
        )

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
                user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
                await user.send(
                    t("match.thread_lost", seat.locale, id=live.id, game=p.game_name(live.game.key, seat.locale))
                )
            except discord.HTTPException:
                log.info("could not tell a player their thread is gone match=%s seat=%d", live.id, seat.seat)
