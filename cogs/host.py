"""The Host: what commands and buttons share, split by responsibility.

- `lobby` (cogs/lobby.py): join, add the AI, start, the DM probe;
- `moves` (cogs/moves.py): menus, actions by value, drafts, previews, typed choices;
- `boards` (cogs/boards.py): boards, hands, the log;
- `undo` (cogs/undo.py): taking back a move by consent;
- `review` (cogs/review.py): a finished match step by step, and trying another line from a step;
- `advice` (cogs/advice.py): « Conseil », the AI's move and why, to the asker alone;
- `learn` (cogs/learn.py): learning matches and their introductions;
- answering and the one error path: cogs/answers.py.

Every handler acknowledges its interaction first and only then does slow work; renders run in a
worker thread.

One gate (`match_for`) says whether a match may be named from where an interaction comes: every
component (cogs/components.py, before its handler) and every `partie:<id>` option goes through it.
docs/reliability.md, "What is checked per command", lists what each command and button checks.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import discord

from bot.services import LiveMatch, MatchRecord, MatchService, ServiceError

from .advice import AdviceDesk
from .answers import fail, say
from .boards import BoardDesk
from .i18n import Locales
from .learn import LearnDesk
from .lobby import LobbyDesk, player_of
from .moves import MoveDesk
from .pacing import Pace
from .review import ReviewDesk
from .undo import UndoDesk

__all__ = ["Host", "Where", "is_manager", "player_of"]

#: Where a match may be named from: anywhere on its own server, or only in its own thread (the lobby's
#: buttons, the answers to a take-back, the rematch: they are posted there and nowhere else).
Where = Literal["server", "thread"]


def is_manager(interaction: discord.Interaction) -> bool:
    """A moderator of matches: Manage Threads in this channel (server administrators have it)."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_threads)


class Host:
    def __init__(
        self, bot: discord.Client, service: MatchService, default_locale: str = "fr", pace: Pace | None = None
    ) -> None:
        self.bot = bot
        self.service = service
        #: Every post the bot makes in a thread counts in that thread's pace (Discord: ~5 per 5 s).
        self.pace = pace or Pace()
        self.locales = Locales(default_locale)
        self.lobby = LobbyDesk(self)
        self.moves = MoveDesk(self)
        self.boards = BoardDesk(self)
        self.undo = UndoDesk(self)
        self.review = ReviewDesk(self)
        self.advice = AdviceDesk(self)
        self.learn = LearnDesk(self)

    async def post(self, channel: discord.abc.Messageable, channel_id: int, **kwargs: Any) -> discord.Message:
        """A post in a channel outside the turn's delivery (lobby, invitation, question), at the channel's
        pace: the turns' posts and these share one count, so together they keep under Discord's limit."""
        delay = self.pace.delay(channel_id)
        if delay > 0:
            await asyncio.sleep(delay)
        self.pace.take(channel_id)
        return await channel.send(**kwargs)

    async def say(self, interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kwargs: Any) -> None:
        await say(interaction, text, ephemeral=ephemeral, **kwargs)

    async def fail(self, interaction: discord.Interaction, exc: BaseException, match_id: str | None = None) -> None:
        await fail(self, interaction, exc, match_id)

    async def match_here(self, interaction: discord.Interaction) -> LiveMatch:
        """The match whose thread this is, else a clear refusal."""
        channel_id = interaction.channel_id
        live = await self.service.by_thread(channel_id) if channel_id else None
        if live is None or live.rec.guild_id != interaction.guild_id:
            raise ServiceError("no_match_here")
        return live

    async def match_for(
        self, interaction: discord.Interaction, match_id: str, *, where: Where = "server"
    ) -> MatchRecord:
        """The one gate for a match named by id (a custom_id, which a client can forge, or a typed option).

        From a server: a match of that server only, else "match not found" exactly as for an unknown id
        (nothing about another server's matches leaks, not even that one is broken); with
        `where="thread"`, from the match's own thread only. From a DM (no server): only one of its
        players or its creator.
        """
        rec = await self.service.admit(match_id, guild_id=interaction.guild_id, user_id=interaction.user.id)
        if where == "thread" and interaction.guild_id is not None and interaction.channel_id != rec.thread_id:
            raise ServiceError("not_this_thread")
        return rec

    async def admits(self, interaction: discord.Interaction, match_id: str, *, where: Where) -> bool:
        """`match_for` for a component: a refusal is answered here (privately) and the click goes no further."""
        try:
            await self.match_for(interaction, match_id, where=where)
        except Exception as exc:
            await self.fail(interaction, exc)
            return False
        return True
