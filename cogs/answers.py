"""Answering an interaction: one way to acknowledge it, one way to say something, one error path.

Every handler runs inside `Answering`: it acknowledges the interaction first (Discord's 3 s: a defer
before any render or database catch-up), and any exception becomes the one localized private answer
of the error mapper (with the rule it cites, and the current board after a stale click).

An interaction acknowledged too late (Discord answers 10062 "Unknown interaction": the 3 s went by,
on a slow start or a busy loop) is dead: nothing can be said to its person any more. It is logged as
one warning line and the handler does nothing (`Unacknowledged` ends it; the component and command
edges drop it quietly), never a traceback, never the work done unseen.
"""

from __future__ import annotations

import logging
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.i18n import t

from . import presenters as p
from .errors import Unacknowledged, explain
from .rules import rule_view

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.host")

Defer = Literal["private", "public", "update", "none"]

#: Discord's "Unknown interaction": its token expired (3 s to acknowledge) or it was already answered.
UNKNOWN_INTERACTION = 10062


def lost(interaction: discord.Interaction, exc: discord.HTTPException, match_id: str | None) -> None:
    """One warning line for an interaction Discord no longer knows (no traceback, nothing answered)."""
    log.warning(
        "interaction not acknowledged match=%s kind=%s status=%s code=%s",
        match_id or "-",
        getattr(interaction.type, "name", "-"),
        exc.status,
        exc.code,
    )


#: A long answer (every problem of a deck list) goes in at most this many messages.
MAX_PARTS = 4


def drop_unacknowledged(tree: discord.app_commands.CommandTree[Any]) -> None:
    """The command edge of `Unacknowledged`: a command whose interaction Discord no longer knew ends
    there (already logged in one line); any other error is logged by discord.py as before."""
    default = tree.on_error

    async def on_error(interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
        if isinstance(getattr(error, "original", error), Unacknowledged):
            return
        await default(interaction, error)

    tree.error(on_error)


async def say(interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kwargs: Any) -> None:
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


async def fail(host: Host, interaction: discord.Interaction, exc: BaseException, match_id: str | None) -> None:
    """The one place errors become answers (private, localized, with the rule id)."""
    if isinstance(exc, Unacknowledged):
        return  # logged where it happened; there is nobody to answer
    if isinstance(exc, discord.HTTPException) and (
        exc.code == UNKNOWN_INTERACTION or not interaction.response.is_done()
    ):  # acknowledging it failed (a defer or a first answer): there is nobody to answer
        lost(interaction, exc, match_id)
        return
    locale = host.locales.user(interaction)
    answer = explain(exc, locale, match_id=match_id)
    try:
        view = rule_view(answer.rule, locale)
        if view is not None:
            await say(interaction, answer.text, view=view)
        else:
            await say(interaction, answer.text)
        if answer.stale and match_id:
            await host.boards.send_current(interaction, match_id)
    except discord.HTTPException:
        log.warning("could not answer an error match=%s", match_id or "-")


class Answering:
    """`async with Answering(host, interaction, defer="private") as a:` — set `a.match_id` once known.

    Exceptions raised in the block are answered (never re-raised): the handler ends there.
    """

    def __init__(self, host: Host, interaction: discord.Interaction, *, defer: Defer = "private") -> None:
        self.host = host
        self.interaction = interaction
        self.defer = defer
        self.match_id: str | None = None
        self.locale = host.locales.user(interaction)

    async def __aenter__(self) -> Answering:
        response = self.interaction.response
        try:
            if self.defer == "private":
                await response.defer(ephemeral=True, thinking=True)
            elif self.defer == "public":
                await response.defer(thinking=True)
            elif self.defer == "update":
                await response.defer()
        except discord.HTTPException as exc:  # too late (10062), or Discord refused: the person sees nothing
            lost(self.interaction, exc, self.match_id)
            raise Unacknowledged from None
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
