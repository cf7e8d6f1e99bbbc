"""Boards, hands and the log: what the host renders and shows (renders run off the event loop)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import Event
from bot.i18n import t
from bot.services import LiveMatch, ServiceError
from renderers import render_board_png, render_hand_png, summary_text

from . import presenters as p
from .answers import Answering
from .components import LogPageButton

if TYPE_CHECKING:
    from .host import Host

LOG_PAGE = 15


#: After a refused DM, « Voir ma main » tries the player's DMs again only this many seconds later.
DM_RETRY_AFTER = 3600.0


class BoardDesk:
    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def service(self) -> Any:
        return self.host.service

    async def board_file(self, live: LiveMatch, viewer: int | None, locale: str) -> tuple[discord.File, str]:
        """The board image (public when viewer is None) and its text summary (the image's alt text)."""
        view = self.service.view(live, viewer)
        key = live.game.key
        rendered = await asyncio.to_thread(render_board_png, key, view, locale)
        summary = await asyncio.to_thread(summary_text, key, view, locale)
        return discord.File(io.BytesIO(rendered.png), filename="board.png", description=p.clip(summary, 1000)), summary

    async def hand_payload(
        self, live: LiveMatch, seat: int, locale: str, *, news: list[str] | None = None, ended: bool = False
    ) -> dict[str, Any]:
        """A seat's private information; with `news`, what happened since its last move comes first."""
        view = self.service.view(live, seat)
        key = live.game.key
        summary = await asyncio.to_thread(summary_text, key, view, locale)
        header = t("hand.header", locale, game=p.game_name(key, locale), id=live.id, link=p.thread_link(live))
        parts = [header]
        if news:
            parts += [t("dm.news", locale), *news]
        waiting = seat in live.to_act() and live.rec.status == "active"
        if ended:
            payload: dict[str, Any] = {"content": p.clip("\n".join(parts))}
            return payload
        parts.append(summary)
        if waiting and news is not None:
            parts.append(t("dm.your_turn", locale))
        payload = {"content": p.clip("\n".join(parts))}
        rendered = await asyncio.to_thread(render_hand_png, key, view, locale)
        if rendered is not None:
            payload["file"] = discord.File(io.BytesIO(rendered.png), filename="hand.png")
        if waiting:
            payload["view"] = p.play_buttons(live, locale)
        return payload

    def board_embed(self, live: LiveMatch, summary: str, locale: str) -> discord.Embed:
        embed = discord.Embed(
            title=p.phase_title(live, locale), description=p.clip(summary, 1500), colour=discord.Colour.blurple()
        )
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=t("board.footer", locale, id=live.id, version=live.version))
        return embed

    async def send_current(self, interaction: discord.Interaction, match_id: str) -> None:
        """After a stale click: the current board, privately, and a fresh menu button if it is their turn."""
        live = await self.service.get(match_id)
        locale = self.host.locales.user(interaction)
        if live.state is None:
            return
        seat = live.seat_of(interaction.user.id)
        file, summary = await self.board_file(live, seat.seat if seat else None, locale)
        kwargs: dict[str, Any] = {"embed": self.board_embed(live, summary, locale), "file": file}
        if seat is not None and seat.seat in live.to_act():
            kwargs["view"] = p.play_buttons(live, locale)
        await interaction.followup.send(ephemeral=True, **kwargs)

    async def show_hand(self, interaction: discord.Interaction, match_id: str) -> None:
        """The ephemeral path to private information (closed DMs, lost DMs, or just convenience)."""
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            live = await self.service.get(match_id)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise ServiceError("not_seated")
            if live.state is None:
                raise ServiceError("match_not_active")
            payload = await self.hand_payload(live, seat.seat, a.locale)
            await interaction.followup.send(ephemeral=True, **payload)
            if seat.dm_ok is False:
                await self._dms_back(interaction, live, a.locale)

    async def _dms_back(self, interaction: discord.Interaction, live: LiveMatch, locale: str) -> None:
        """A player who had closed their DMs uses the button: try a DM; if it goes, their hands go by DM
        again. A refused try is not repeated for `DM_RETRY_AFTER` seconds: a player who keeps their DMs
        closed and plays from the button would otherwise cost a refused request at every click."""
        seat = live.seat_of(interaction.user.id)
        inbox = live.inbox_of(seat.seat) if seat is not None else None
        now = self.service.now()
        if inbox is not None and inbox.dm_refused_at is not None and now - inbox.dm_refused_at < DM_RETRY_AFTER:
            return
        try:
            await interaction.user.send(
                t("dm.back", locale, game=p.game_name(live.game.key, locale), link=p.thread_link(live))
            )
        except discord.HTTPException:
            if inbox is not None:
                inbox.dm_refused_at = now
            return
        await self.service.set_dm_ok(live.id, interaction.user.id, True)
        if inbox is not None:
            inbox.dm_refused_at = None
            inbox.forget_dm()  # the next time the game waits for them, a DM again

    async def journal(self, interaction: discord.Interaction, match_id: str, page: int, *, edit: bool = False) -> None:
        """The public log, paginated (hidden events are never listed here)."""
        async with Answering(self.host, interaction, defer="none") as a:
            a.match_id = match_id
            live = await self.service.get(match_id)
            lines = await self.public_log(live, a.locale)
            pages = max(1, (len(lines) + LOG_PAGE - 1) // LOG_PAGE)
            page = max(0, min(page, pages - 1))
            body = "\n".join(lines[page * LOG_PAGE : (page + 1) * LOG_PAGE]) or t("journal.empty", a.locale)
            text = p.clip(t("journal.title", a.locale, id=live.id, page=page + 1, pages=pages) + "\n" + body)
            view = discord.ui.View(timeout=None)
            if page > 0:
                view.add_item(LogPageButton(live.id, page - 1, label=t("button.prev", a.locale)))
            if page < pages - 1:
                view.add_item(LogPageButton(live.id, page + 1, label=t("button.next", a.locale)))
            if edit:
                await interaction.response.edit_message(content=text, view=view)
            else:
                await interaction.response.send_message(text, view=view, ephemeral=True)

    async def log_file(self, live: LiveMatch, locale: str) -> discord.File:
        """The match's log as a text file: once it is finished, the whole of it, hidden information revealed
        and every sealed value opened (what the thread got at the end); until then only the public lines,
        what the thread was shown, since a hand or a sealed value must not leave before the end."""
        if live.rec.status == "finished":
            lines = []
            for entry in await self.service.history(live.id):
                for raw in entry.events:
                    event = Event.model_validate(raw)
                    line = p.event_line(live, event, locale, log=True)
                    if line:
                        secret = "" if event.public else " 🔒 " + ", ".join(live.seat_name(s) for s in event.to or ())
                        lines.append(f"{entry.seq:>4} {line}{secret}")
            lines += [p.sealed_record(live, c, locale) for c in await self.service.store.commitments(live.id)]
        else:
            lines = [line.replace("`", "") for line in await self.public_log(live, locale)]
        head = t("export.head", locale, game=p.game_name(live.game.key, locale), id=live.id)
        data = "\n".join([head, "", *lines]).encode()
        return discord.File(io.BytesIO(data), filename=f"journal-{live.id}.txt")

    async def public_log(self, live: LiveMatch, locale: str, *, since_seat: int | None = None) -> list[str]:
        """The public log; with `since_seat`, only what happened after that seat's last move. An answer the
        game played for them (`meta.forced`) is not their move: it is news to them, not its end."""
        entries = await self.service.history(live.id)
        if since_seat is not None:

            def theirs(e: Any) -> bool:
                return bool(e.seat == since_seat and not e.meta.get("forced"))

            last = max((e.seq for e in entries if theirs(e) and e.kind != "setup"), default=-1)
            entries = [e for e in entries if e.seq > last and not theirs(e)]
        out = []
        for entry in entries:
            for raw in entry.events:
                event = Event.model_validate(raw)
                if event.public and (line := p.event_line(live, event, locale)):
                    out.append(f"`{entry.seq:>3}` {line}")
        return out
