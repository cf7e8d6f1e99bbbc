"""A finished table game's animated replay (#31): posted in its thread after the result and the log, and
offered again by `/partie revoir`.

It is drawn from the public boards only (`MatchService.public_views`: `view(state, None)` after each
step), off the event loop (a whole match of boards is seconds of CPU). The end's post never waits for it:
the result and the log go first, the replay follows once built. The last few are kept, so a
`/partie revoir` just after the end does not draw the match again. A card game has none: its public
board shows little of what was played, and `/partie revoir` steps through it already.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.i18n import t
from renderers.replay import BUDGET, Replay, build_replay, is_replayed

from . import presenters as p

log = logging.getLogger("tavernier.replay")

#: Replays kept in memory (a few hundred KB each).
KEPT = 8
FILENAME = "replay.gif"
#: An attachment's description (its alt text) is at most 1,024 characters: as a board's, cut at 1,000.
ALT_TEXT = 1000


class Replays:
    def __init__(self, service: Any) -> None:
        self.service = service
        self._kept: OrderedDict[tuple[str, str], Replay] = OrderedDict()
        self._pending: dict[tuple[str, str], asyncio.Future[Replay | None]] = {}

    @staticmethod
    def offered(game_key: str) -> bool:
        return is_replayed(game_key)

    async def build(self, match_id: str, locale: str, budget: int = BUDGET) -> Replay | None:
        """The replay of a finished match in `locale`, under `budget` bytes; None for a card game. Asked
        again while it is being built (a `/partie revoir` during the end's), it waits for that one."""
        key = (match_id, locale)
        while (pending := self._pending.get(key)) is not None:
            await asyncio.wait({pending})
        kept = self._kept.get(key)
        if kept is not None and len(kept.gif) <= budget:
            self._kept.move_to_end(key)
            return kept
        task = asyncio.ensure_future(self._build(match_id, locale, budget))
        self._pending[key] = task
        try:
            return await task
        finally:
            self._pending.pop(key, None)

    async def _build(self, match_id: str, locale: str, budget: int) -> Replay | None:
        live, views = await self.service.public_views(match_id)
        boards = [view for _, view in views]
        replay = await asyncio.to_thread(build_replay, live.game.key, boards, locale, budget=budget)
        if replay is not None:
            self._kept[(match_id, locale)] = replay
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return replay

    async def file(self, match_id: str, locale: str, budget: int = BUDGET) -> tuple[discord.File, Replay] | None:
        """The replay as an attachment with its alt text, or None (a card game)."""
        replay = await self.build(match_id, locale, budget)
        if replay is None:
            return None
        alt = p.clip(replay.alt, ALT_TEXT)  # Discord refuses the whole post over its limit
        return discord.File(io.BytesIO(replay.gif), filename=FILENAME, description=alt), replay

    async def post_end(self, live: Any, send: Any) -> None:
        """After the end's posts: the replay in the thread (`send`, the notifier's post), for a table game.
        A failure is logged and costs nothing else: `/partie revoir` offers it again."""
        if not self.offered(live.game.key):
            return
        locale = live.rec.locale
        try:
            made = await self.file(live.id, locale)
            if made is None:
                return
            file, replay = made
            text = t("replay.posted", locale, frames=replay.frames, steps=replay.steps)
            await send(live, content=text, file=file)
        except Exception:
            log.exception("replay failed match=%s", live.id)
