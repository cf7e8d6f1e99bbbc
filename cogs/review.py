"""`/partie revoir`: a finished match step by step (board, what happened, buttons to move through it),
and a table game's animated replay (`cogs/replay.py`) after it;
`/partie essayer`: a new match against the AI from any of its steps, to try another line."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import Event
from bot.i18n import t
from renderers import render_board_png, summary_text
from renderers.replay import BUDGET

from . import presenters as p
from .answers import Answering, say
from .components import ReviewButton, TryButton
from .replay import Replays
from .threads import open_thread, parent_channel

if TYPE_CHECKING:
    from .host import Host


class ReviewDesk:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.service = host.service
        self.replays = Replays(host.service)

    async def show(self, interaction: discord.Interaction, match_id: str, seq: int, *, edit: bool) -> None:
        async with Answering(self.host, interaction, defer="update" if edit else "private") as a:
            a.match_id = match_id
            live, state, entry, last = await self.service.state_at(match_id, seq)
            locale = a.locale
            view = live.game.view(state, None)  # the public board: the log below says what was hidden
            rendered = await asyncio.to_thread(render_board_png, live.game.key, view, locale)
            summary = await asyncio.to_thread(summary_text, live.game.key, view, locale)
            lines = [t("review.title", locale, id=live.id, step=entry.seq, last=last)]
            for raw in entry.events:
                event = Event.model_validate(raw)
                if line := p.event_line(live, event, locale, log=True):
                    lines.append(line)
            file = discord.File(io.BytesIO(rendered.png), filename="board.png", description=p.clip(summary, 1000))
            embed = discord.Embed(description=p.clip(summary, 1500), colour=discord.Colour.dark_grey())
            embed.set_image(url="attachment://board.png")
            buttons = discord.ui.View(timeout=None)
            seen: set[int] = set()
            for label, target in (
                ("⏮", 0),
                ("◀ 10", entry.seq - 10),
                ("◀", entry.seq - 1),
                ("▶", entry.seq + 1),
                ("10 ▶", entry.seq + 10),
                ("⏭", last),
            ):
                target = max(0, min(target, last))
                if target != entry.seq and target not in seen:
                    seen.add(target)
                    buttons.add_item(ReviewButton(live.id, target, label=label))
            if entry.seq < last:
                buttons.add_item(
                    TryButton(live.id, entry.seq, label=t("button.try", locale), style=discord.ButtonStyle.success)
                )
            content = p.clip("\n".join(lines))
            if edit:
                await interaction.edit_original_response(content=content, embed=embed, attachments=[file], view=buttons)
            else:
                await interaction.followup.send(content, embed=embed, file=file, view=buttons, ephemeral=True)
                await self._replay(interaction, live.id, live.game.key, locale)

    async def _replay(self, interaction: discord.Interaction, match_id: str, game_key: str, locale: str) -> None:
        """A table game's animated replay, after its first step (a card game has none): built once the
        review is answered, within the upload limit Discord gave this interaction."""
        if not self.replays.offered(game_key):
            return
        made = await self.replays.file(match_id, locale, min(BUDGET, interaction.filesize_limit))
        if made is not None:
            await interaction.followup.send(t("replay.review", locale, id=match_id), file=made[0], ephemeral=True)

    async def try_from(self, interaction: discord.Interaction, match_id: str, seq: int) -> None:
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            channel = await parent_channel(interaction)
            threads: list[discord.Thread] = []

            async def opened(live: Any) -> None:
                threads.append(await open_thread(self.host, interaction, live, channel, live.rec.locale))

            live = await self.service.try_from(
                match_id,
                seq,
                interaction.user.id,
                name=getattr(interaction.user, "display_name", "") or "?",
                locale=a.locale,
                opened=opened,
            )
            await say(interaction, a.t("match.created", thread=threads[0].mention, id=live.id))
