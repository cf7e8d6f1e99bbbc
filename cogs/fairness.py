"""`/partie verifier`'s answer: what was checked, and against what the thread was shown.

The service recomputes digests and the log's chain; this side reads the posts back from Discord (the
thread's own messages, not the database's record of them) and words the result.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.services import Fairness, LiveMatch
from bot.services.core import ReadPost

from . import presenters as p


def post_reader(bot: discord.Client) -> ReadPost:
    """Read a post of the bot's back from Discord: its text; None when it cannot be read (deleted, no
    access), and then the check uses what was recorded when it was posted. A message that is not the
    bot's shows nothing (its text is not the post that was recorded)."""

    async def read(channel_id: int | None, message_id: int | None) -> str | None:
        if not channel_id or not message_id:
            return None
        try:
            message = await bot.get_partial_messageable(channel_id).fetch_message(message_id)
        except discord.HTTPException:
            return None
        if bot.user is None or message.author.id != bot.user.id:
            return ""
        return message.content

    return read


def _steps(seqs: list[int]) -> str:
    return ", ".join(str(s) for s in seqs[:20]) + (" …" if len(seqs) > 20 else "")


def fairness_text(report: Fairness, live: LiveMatch, locale: str) -> str:
    """Every problem found, each on its line; or what was verified and against what."""
    lines: list[str] = []
    if report.failed:
        lines.append(t("verify.failed", locale, n=len(report.failed), total=report.checked))
        lines += [p.sealed_record(live, c, locale) for c in report.failed[:10]]
    if report.mismatched:
        n, first = len(report.mismatched), report.mismatched[0]
        lines.append(t("verify.mismatch", locale, n=n, posted=report.posted, first=first))
    if report.unpublished:
        lines.append(t("verify.unpublished", locale, n=len(report.unpublished), steps=_steps(report.unpublished)))
    if report.late:
        lines.append(t("verify.late", locale, n=len(report.late), steps=_steps(report.late)))
    if report.ok:
        params: dict[str, Any] = {"id": live.id, "n": report.checked}
        if not report.checked:
            ok = t("verify.ok_nothing", locale, **params)
        elif report.chained and report.posted:
            ok = t("verify.ok_posted", locale, posted=report.posted, read=report.read_back, **params)
        else:  # saved before the chain: its seals were never posted with one
            ok = t("verify.ok_unchained", locale, **params)
        lines.insert(0, ok)
    return "\n".join(lines)
