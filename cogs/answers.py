"""Answering an interaction: one way to acknowledge it, one way to say something, one error path.

Every handler runs inside `Answering`: it acknowledges the interaction first (Discord's 3 s: a defer
before any render or database catch-up), and any exception becomes the one localized private answer
of the error mapper (with the rule it cites, and the current board after a stale click).
"""

from __future__ import annotations

import logging
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.i18n import t

from . import presenters as p
from .errors import explain

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.host")

Defer = Literal["private", "public", "update", "none"]


#: A long answer (every problem of a deck list) goes in at most this many messages.
MAX_PARTS = 4


async def say(interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer whether or not the interaction was already acknowledged; a long text is split between
    lines into several messages (never cut mid-word), the components going with the last one."""
    parts = p.split(text)
    if len(parts) > MAX_PARTS:
        rest = sum(part.count("\n") + 1 for part in parts[MAX_PARTS - 1 :])
        parts = [*parts[: MAX_PARTS - 1], p.clip(parts[MAX_PARTS - 1]) + f"\n(+{rest})"]
    for i, part in enumerate(parts or [""]):
        extra = kwargs if i == len(parts) - 1 else {}
        if interaction.response.is_done():
            await interaction.followup.send(part, ephemeral=ephemeral, **extra)
        else:
            await interaction.response.send_message(part, ephemeral=ephemeral, **extra)


async def fail(host: Host, interaction: discord.Interaction[Any], exc: BaseException, match_id: str | None) -> None:
    """The one place errors become answers (private, localized, with the rule id)."""
    locale = host.locales.user(interaction)
    answer = explain(exc, locale, match_id=match_id)
    try:
        from .rules import rule_view

        view = rule_view(answer.rule, locale)
        await say(interaction, answer.text, **({"view": view} if view else {}))
        if answer.stale and match_id:
            await host.boards.send_current(interaction, match_id)
    except discord.HTTPException:
        log.warning("could not answer an error match=%s", match_id or "-")


class Answering:
    """`async with Answering(host, interaction, defer="private") as a:` — set `a.match_id` once known.

    Exceptions raised in the block are answered (never re-raised): the handler ends there.
    """

    def __init__(self, host: Host, interaction: discord.Interaction[Any], *, defer: Defer = "private") -> None:
        self.host = host
        self.interaction = interaction
        self.defer = defer
        self.match_id: str | None = None
        self.locale = host.locales.user(interaction)

    async def __aenter__(self) -> Answering:
        response = self.interaction.response
        if self.defer == "private":
            await response.defer(ephemeral=True, thinking=True)
        elif self.defer == "public":
            await response.defer(thinking=True)
        elif self.defer == "update":
            await response.defer()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool:
        if exc is None or not isinstance(exc, Exception):
            return False
        await fail(self.host, self.interaction, exc, self.match_id)
        return True

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.locale, **params)
