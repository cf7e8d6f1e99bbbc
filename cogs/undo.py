"""Undo by consent at the Discord edge: `/partie reprendre` asks, the opponents' buttons answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import t

from . import presenters as p
from .answers import Answering, say
from .components import UndoButton

if TYPE_CHECKING:
    from .host import Host


class UndoDesk:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.service = host.service

    async def ask(self, interaction: discord.Interaction) -> None:
        async with Answering(self.host, interaction) as a:
            live = await self.host.match_here(interaction)
            a.match_id = live.id
            live, answering = await self.service.ask_undo(live.id, interaction.user.id)
            seq, mover, _ = live.undo_request or (0, 0, 0)
            if not answering:  # against the AI alone: it accepts
                await self.service.answer_undo(live.id, None, seq, True)
                await say(interaction, a.t("undo.done"))
                return
            locale = live.rec.locale
            users = [u for s in answering if (u := live.seat(s).user_id)]
            view = discord.ui.View(timeout=None)
            view.add_item(
                UndoButton(live.id, seq, "y", label=t("undo.accept", locale), style=discord.ButtonStyle.success)
            )
            view.add_item(
                UndoButton(live.id, seq, "n", label=t("undo.refuse", locale), style=discord.ButtonStyle.danger)
            )
            text = t(
                "undo.asked",
                locale,
                who=p.safe_name(live.seat_name(mover)),
                them=", ".join(f"<@{u}>" for u in users),
            )
            await self.host.service.notifier.flush_held()  # the table sees the move before the question
            thread = interaction.channel
            if isinstance(thread, discord.abc.Messageable) and interaction.channel_id:
                await self.host.post(
                    thread, interaction.channel_id, content=text, view=view, allowed_mentions=p.only(users)
                )
            await say(interaction, a.t("undo.sent"))

    async def answer(self, interaction: discord.Interaction, match_id: str, seq: int, accept: bool) -> None:
        async with Answering(self.host, interaction, defer="update") as a:
            a.match_id = match_id
            live = await self.service.get(match_id)
            await self.service.answer_undo(match_id, interaction.user.id, seq, accept)
            key = "undo.accepted" if accept else "undo.refused"
            who = p.safe_name(getattr(interaction.user, "display_name", "") or "?")
            await interaction.edit_original_response(content=t(key, live.rec.locale, who=who), view=None)
