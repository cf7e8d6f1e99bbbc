"""DiscordNotifier: what each accepted step posts.

One public message per step in the match thread (its log lines and a mention of who acts; a
fresh board image when a phase begins), and a DM to each player whose private information
changed. A closed DM (Discord error 50007) marks the seat and points to the ephemeral path; it
never breaks the match.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from typing import Any

import discord

from bot.engine import Event
from bot.i18n import t
from bot.services import Applied, LiveMatch, MatchRecord

from . import presenters as p

log = logging.getLogger("tavernier.delivery")

MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


class DiscordNotifier:
    def __init__(self, host: Any) -> None:
        self.host = host
        self._dm_closed_told: set[tuple[str, int]] = set()

    @property
    def bot(self) -> discord.Client:
        return self.host.bot  # type: ignore[no-any-return]

    def _thread(self, live: LiveMatch) -> discord.abc.Messageable | None:
        if not live.rec.thread_id:
            return None
        return self.bot.get_partial_messageable(live.rec.thread_id, guild_id=live.rec.guild_id)

    # -- lobby ------------------------------------------------------------------------------------
    async def lobby_changed(self, live: LiveMatch) -> None:
        thread = self._thread(live)
        if thread is None or not live.rec.lobby_message_id:
            return
        locale = live.rec.locale
        msg = thread.get_partial_message(live.rec.lobby_message_id)  # type: ignore[attr-defined]
        try:
            await msg.edit(embed=p.lobby_embed(live, locale), view=p.lobby_view(live, locale))
        except discord.HTTPException:
            log.warning("lobby edit failed match=%s", live.id)

    async def broken(self, rec: MatchRecord) -> None:
        """A match that cannot be loaded any more: say so in its thread (nothing secret), once."""
        if not rec.thread_id:
            return
        thread = self.bot.get_partial_messageable(rec.thread_id, guild_id=rec.guild_id)
        try:
            await thread.send(t("match.broken", rec.locale, id=rec.id))
        except discord.HTTPException:
            log.warning("could not tell the thread of a broken match match=%s", rec.id)

    async def cancelled(self, live: LiveMatch) -> None:
        await self.lobby_changed(live)
        thread = self._thread(live)
        if thread is not None:
            await thread.send(t("match.cancelled", live.rec.locale, id=live.id))

    # -- steps ------------------------------------------------------------------------------------
    async def applied(self, live: LiveMatch, step: Applied) -> None:
        thread = self._thread(live)
        locale = live.rec.locale
        if thread is not None:
            if step.kind == "setup":
                await self.lobby_changed(live)
            lines = p.public_lines(live, step, locale)
            if (mention := p.mention_line(live, locale)) is not None:
                lines.append(mention)
            kwargs: dict[str, Any] = {"content": p.clip("\n".join(lines)), "allowed_mentions": MENTIONS}
            if step.phase_changed or step.outcome is not None:
                file, summary = await self.host.boards.board_file(live, None, locale)
                kwargs["file"] = file
                kwargs["embed"] = self.host.boards.board_embed(live, summary, locale)
            if live.rec.status == "active":
                kwargs["view"] = p.play_buttons(live, locale)
            await thread.send(**kwargs)
            if step.outcome is not None:
                await self._final_log(live, thread, locale)
        await self._update_dms(live, step)

    async def _final_log(self, live: LiveMatch, thread: discord.abc.Messageable, locale: str) -> None:
        """At the end, the whole log with hidden information revealed, as a text file."""
        lines = []
        for entry in await self.host.service.history(live.id):
            for raw in entry.events:
                event = Event.model_validate(raw)
                line = p.event_line(live, event, locale)
                if line:
                    secret = "" if event.public else " 🔒 " + ", ".join(live.seat_name(s) for s in event.to or ())
                    lines.append(f"{entry.seq:>4} {line}{secret}")
        data = "\n".join(lines).encode()
        await thread.send(
            t("match.full_log", locale), file=discord.File(io.BytesIO(data), filename=f"journal-{live.id}.txt")
        )

    async def _update_dms(self, live: LiveMatch, step: Applied) -> None:
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
            live.private_sent[seat.seat] = key
            if seat.dm_ok is False:
                await self._tell_dm_closed(live, seat)
                continue
            await self._send_dm(live, seat, step)

    async def _send_dm(self, live: LiveMatch, seat: Any, step: Applied) -> None:
        locale = seat.locale
        payload = await self.host.boards.hand_payload(live, seat.seat, locale)
        mine = [
            line
            for e in step.events
            if not e.public and e.visible_to(seat.seat) and (line := p.event_line(live, e, locale))
        ]
        if mine:
            payload["content"] = p.clip("\n".join(mine) + "\n" + payload["content"])
        try:
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            await user.send(**payload)
            if seat.dm_ok is not True:
                await self.host.service.set_dm_ok(live.id, seat.user_id, True)
        except discord.Forbidden:
            log.info("DM closed match=%s seat=%d", live.id, seat.seat)
            await self.host.service.set_dm_ok(live.id, seat.user_id, False)
            await self._tell_dm_closed(live, seat)
        except discord.HTTPException:
            log.warning("DM failed match=%s seat=%d", live.id, seat.seat)

    async def _tell_dm_closed(self, live: LiveMatch, seat: Any) -> None:
        """Once per match and seat: say publicly (no secret) that this player uses the button."""
        if (live.id, seat.seat) in self._dm_closed_told:
            return
        self._dm_closed_told.add((live.id, seat.seat))
        thread = self._thread(live)
        if thread is not None:
            await thread.send(
                t("dm.closed_public", live.rec.locale, who=f"<@{seat.user_id}>"),
                allowed_mentions=MENTIONS,
                view=p.play_buttons(live, live.rec.locale),
            )
