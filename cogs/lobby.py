"""The lobby's buttons: join, add the AI, start, the rematch; and the DM probe that proves a player is reachable."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.services import LiveMatch, Player

from . import presenters as p
from .answers import Answering, say
from .threads import open_thread, parent_channel

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.lobby")


def player_of(interaction: discord.Interaction, locale: str) -> Player:
    user = interaction.user
    return Player(user_id=user.id, name=user.display_name, locale=locale)


class LobbyDesk:
    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def service(self) -> Any:
        return self.host.service

    async def join(
        self, interaction: discord.Interaction, match_id: str, seat_options: dict[str, Any] | None = None
    ) -> None:
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            live = await self.service.join(match_id, player_of(interaction, a.locale), seat_options)
            ok = await self.probe_dm(live, interaction.user, a.locale)
            await say(interaction, a.t("lobby.joined" if ok else "lobby.joined_no_dm"))

    async def add_ai(
        self, interaction: discord.Interaction, match_id: str, seat_options: dict[str, Any] | None = None
    ) -> None:
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            await self.service.add_ai(match_id, interaction.user.id, seat_options)
            await say(interaction, a.t("lobby.ai_added"))

    async def start(self, interaction: discord.Interaction, match_id: str) -> None:
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            await self.service.start(match_id, interaction.user.id)
            await say(interaction, a.t("lobby.started"))

    async def rematch(self, interaction: discord.Interaction, match_id: str) -> None:
        """The end's Rematch button: the same seats, sides swapped, in a new thread of the same channel."""
        async with Answering(self.host, interaction) as a:
            a.match_id = match_id
            live = await self.service.rematch(match_id, interaction.user.id)
            channel = await parent_channel(interaction)
            thread = await open_thread(self.host, interaction, live, channel, live.rec.locale)
            others = [s.user_id for s in live.seats if s.user_id and not s.is_ai and s.user_id != interaction.user.id]
            old_thread = interaction.channel
            if isinstance(old_thread, discord.abc.Messageable) and interaction.channel_id:
                text = t(
                    "match.rematch",
                    live.rec.locale,
                    who=p.safe_name(getattr(interaction.user, "display_name", "")),
                    them=", ".join(f"<@{u}>" for u in others) or "—",
                    link=p.thread_link(live),
                )
                await self.host.post(old_thread, interaction.channel_id, content=text, allowed_mentions=p.only(others))
            await say(interaction, a.t("match.created", thread=thread.mention, id=live.id))

    async def probe_dm(self, live: LiveMatch, user: discord.User | discord.Member, locale: str) -> bool:
        """DM the player once to prove the bot can reach them; record the answer."""
        try:
            await user.send(t("dm.welcome", locale, game=p.game_name(live.game.key, locale), link=p.thread_link(live)))
            ok = True
        except discord.Forbidden:
            ok = False
        except discord.HTTPException:
            log.warning("DM probe failed match=%s", live.id)
            ok = False
        await self.service.set_dm_ok(live.id, user.id, ok)
        await self.service.notifier.lobby_changed(live)
        return ok
