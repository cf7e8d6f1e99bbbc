"""The Host: what commands and buttons share, split by responsibility.

- `lobby` (cogs/lobby.py): join, add the AI, start, the DM probe;
- `moves` (cogs/moves.py): menus, actions by value, drafts, previews, typed choices;
- `boards` (cogs/boards.py): boards, hands, the log;
- `undo` (cogs/undo.py): taking back a move by consent;
- `review` (cogs/review.py): a finished match step by step, and trying another line from a step;
- answering and the one error path: cogs/answers.py.

Every handler acknowledges its interaction first and only then does slow work; renders run in a
worker thread.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.services import LiveMatch, MatchService, ServiceError

from .answers import fail, say
from .boards import BoardDesk
from .i18n import Locales
from .lobby import LobbyDesk, player_of
from .moves import MoveDesk
from .review import ReviewDesk
from .undo import UndoDesk

__all__ = ["Host", "is_manager", "player_of"]


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """A moderator of matches: Manage Threads in this channel (server administrators have it)."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_threads)


class Host:
    def __init__(self, bot: discord.Client, service: MatchService, default_locale: str = "fr") -> None:
        self.bot = bot
        self.service = service
        self.locales = Locales(default_locale)
        self.lobby = LobbyDesk(self)
        self.moves = MoveDesk(self)
        self.boards = BoardDesk(self)
        self.undo = UndoDesk(self)
        self.review = ReviewDesk(self)

    async def say(
        self, interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True, **kwargs: Any
    ) -> None:
        await say(interaction, text, ephemeral=ephemeral, **kwargs)

    async def fail(
        self, interaction: discord.Interaction[Any], exc: BaseException, match_id: str | None = None
    ) -> None:
        await fail(self, interaction, exc, match_id)

    async def match_here(self, interaction: discord.Interaction[Any]) -> LiveMatch:
        """The match whose thread this is, else a clear refusal."""
        channel_id = interaction.channel_id
        live = await self.service.by_thread(channel_id) if channel_id else None
        if live is None:
            raise ServiceError("no_match_here")
        return live
