"""A match's thread: opened in a text channel (the parent of the thread a command came from), with
its lobby message; a refusal from Discord cancels the match rather than leave a lobby nobody sees."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.services import ServiceError

from . import presenters as p

if TYPE_CHECKING:
    from .host import Host


async def parent_channel(interaction: discord.Interaction) -> discord.TextChannel:
    """Threads live in a text channel: from inside a thread, use its parent."""
    channel: Any = interaction.channel
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    if not isinstance(channel, discord.TextChannel):
        guild = interaction.guild
        cid = getattr(channel, "id", None) or interaction.channel_id
        channel = (guild.get_channel(cid) if guild and cid else None) or (
            await interaction.client.fetch_channel(cid) if cid else None
        )
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError("needs_text_channel")
    return channel


async def new_thread(
    host: Host, interaction: discord.Interaction, live: Any, channel: discord.TextChannel, locale: str
) -> tuple[discord.Thread, discord.Message]:
    """A public thread for a match (public data only in its name) and its lobby message (counted in the
    thread's pace: an AI match's first turns follow it within a second)."""
    thread = await channel.create_thread(
        name=p.thread_name(live, interaction.user.display_name, locale),
        type=discord.ChannelType.public_thread,
        auto_archive_duration=10080,
    )
    lobby = await host.post(
        thread,
        thread.id,
        embed=p.lobby_embed(live, locale),
        view=p.lobby_view(live, locale),
        allowed_mentions=p.NO_MENTIONS,
    )
    return thread, lobby


async def open_thread(
    host: Host, interaction: discord.Interaction, live: Any, channel: discord.TextChannel, locale: str
) -> discord.Thread:
    """The match's thread and its lobby; if Discord refuses, the match is cancelled (no zombie lobby)."""
    try:
        thread, lobby = await new_thread(host, interaction, live, channel, locale)
        await host.service.attach(live.id, thread_id=thread.id, lobby_message_id=lobby.id)
    except discord.HTTPException as exc:
        await host.service.cancel(live.id, interaction.user.id, guild_id=interaction.guild_id, is_manager=True)
        raise ServiceError("cannot_open_thread", code=str(exc.code or exc.status)) from exc
    return thread
