"""A server's judge at the Discord edge: `/config arbitre` names the role (Manage Server), `/partie arbitre`
calls it to a match, `/partie trancher` is what a member with that role does there (bot/services/judge.py).

One subcommand for every judge's act rather than buttons on the call post: a rewind needs a step and a
choice, a ruling a text, and `/partie` has room for two subcommands more (Discord allows 25).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.services import ServiceError
from bot.services.judge import RULING_MAX, Judge

from . import presenters as p
from .answers import Answering, say
from .i18n import ls

if TYPE_CHECKING:
    from .host import Host

#: How many of the last public lines a call shows the judges.
CALL_LINES = 8
#: What a call's reason may say, at most.
REASON_MAX = 300


def role_ids(user: discord.abc.User) -> set[int]:
    """The roles a member has here (none outside a server)."""
    return {r.id for r in getattr(user, "roles", ())}


def can_configure(interaction: discord.Interaction) -> bool:
    """The server's administrators: Manage Server."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def shown(text: str, limit: int) -> str:
    """Typed text as a public line: no control character, no mention, no markdown."""
    return p.safe_name(p.clean_text(text, limit))


def role_ping(role_id: int) -> discord.AllowedMentions:
    """Ping this role and nobody else (no user named in the text, no @everyone)."""
    return discord.AllowedMentions(everyone=False, users=False, roles=[discord.Object(id=role_id)], replied_user=False)


class JudgeDesk:
    """What `/partie arbitre` and `/partie trancher` do."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.service = host.service

    async def call(self, interaction: discord.Interaction, reason: str) -> None:
        """A seated player calls the judges: one post in the thread pings the role once, with the board
        as the thread shows it, the last public lines and the reason."""
        async with Answering(self.host, interaction) as a:
            live = await self.host.match_here(interaction)
            a.match_id = live.id
            live, role = await self.service.call_judge(live.id, interaction.user.id)
            locale = live.rec.locale
            who = shown(getattr(interaction.user, "display_name", "") or "?", 60)
            lines = [t("judge.call", locale, role=f"<@&{role}>", who=who, reason=shown(reason, REASON_MAX))]
            recent = (await self.host.boards.public_log(live, locale))[-CALL_LINES:]
            if recent:
                lines += [t("judge.recent", locale), *recent]
            file, summary = await self.host.boards.board_file(live, None, locale)
            embed = self.host.boards.board_embed(live, summary, locale)
            await self._to_thread(
                interaction, content=p.clip("\n".join(lines)), embed=embed, file=file, allowed_mentions=role_ping(role)
            )
            await say(interaction, a.t("judge.called"))

    async def decide(
        self, interaction: discord.Interaction, action: str, text: str | None, step: int | None, chance: str | None
    ) -> None:
        """A judge's act on the match of this thread; refused to anyone without the server's judge role."""
        async with Answering(self.host, interaction) as a:
            live = await self.host.match_here(interaction)
            a.match_id = live.id
            name = shown(getattr(interaction.user, "display_name", "") or "?", 60)
            judge = Judge(interaction.user.id, frozenset(role_ids(interaction.user)), name)
            await self.service.judging(live.id, judge)  # anyone else hears only that
            if action in ("pause", "resume"):
                await self.service.pause_clock(live.id, judge, pause=action == "pause")
                text = t(f"judge.{action}d", live.rec.locale, judge=name)
                await self._to_thread(interaction, content=text, allowed_mentions=p.NO_MENTIONS)
                await say(interaction, a.t("judge.done"))
                return
            if action == "ruling":
                await self.service.post_ruling(live.id, judge, shown(text or "", RULING_MAX))
                await say(interaction, a.t("judge.ruled"))
                return
            if step is None:
                raise ServiceError("judge_rewind_step")
            await self.service.rewind(live.id, judge, step, "redraw" if chance == "redraw" else "keep")
            await say(interaction, a.t("judge.rewound", step=step))

    async def _to_thread(self, interaction: discord.Interaction, **kwargs: Any) -> None:
        """A public post in the match's thread (where the command was typed), at the thread's pace."""
        thread = interaction.channel
        if isinstance(thread, discord.abc.Messageable) and interaction.channel_id:
            await self.host.post(thread, interaction.channel_id, **kwargs)


class JudgeCog(commands.Cog):
    """`/config`: a server's settings, for its administrators."""

    config = app_commands.Group(
        name=ls("config", "cmd.config.name"),
        description=ls("Les réglages du bot sur ce serveur (administrateurs)", "cmd.config.desc"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    @config.command(
        name=ls("arbitre", "cmd.config_arbitre.name"),
        description=ls("Le rôle des arbitres, appelés par /partie arbitre", "cmd.config_arbitre.desc"),
    )
    @app_commands.rename(role=ls("role", "opt.role.name"))
    @app_commands.describe(role=ls("Le rôle des arbitres (vide : plus d'arbitre sur ce serveur)", "opt.role.desc"))
    async def judge_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async with Answering(self.host, interaction) as a:
            if not can_configure(interaction) or interaction.guild_id is None:
                raise ServiceError("judge_config_admin")
            await self.host.service.set_judge_role(interaction.guild_id, role.id if role else None)
            params: dict[str, Any] = {"role": role.mention} if role else {}
            await say(
                interaction,
                a.t("judge.role_set" if role else "judge.role_unset", **params),
                allowed_mentions=p.NO_MENTIONS,
            )
