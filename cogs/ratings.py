"""`/classement` (EN `/leaderboard`): the server's best players of a game, by openskill rating."""

from __future__ import annotations

import discord
from babel.numbers import format_decimal
from discord import app_commands
from discord.ext import commands

from bot.engine import get_game
from bot.i18n import t
from bot.services import ServiceError

from . import presenters as p
from .answers import Answering, say
from .host import Host
from .i18n import ls
from .match import game_choices


class RatingsCog(commands.Cog):
    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    @app_commands.command(
        name=ls("classement", "cmd.classement.name"),
        description=ls("Les meilleurs joueurs du serveur à un jeu", "cmd.classement.desc"),
    )
    @app_commands.guild_only()
    @app_commands.rename(game=ls("jeu", "opt.jeu.name"))
    @app_commands.describe(game=ls("Le jeu", "opt.classement_jeu.desc"))
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with Answering(self.host, interaction, defer="public") as a:
            get_game(game)  # an unknown game is refused clearly
            if interaction.guild_id is None:
                raise ServiceError("no_match_here")
            rows = await self.host.service.leaderboard(interaction.guild_id, game)
            locale = a.locale
            lines = [t("rank.title", locale, game=p.game_name(game, locale))]
            for n, r in enumerate(rows, start=1):
                lines.append(
                    t(
                        "rank.line",
                        locale,
                        n=n,
                        who=p.safe_name(r.name),
                        level=format_decimal(r.ordinal, format="0.0", locale=locale),
                        games=r.games,
                        wins=r.wins,
                    )
                )
            if not rows:
                lines.append(t("rank.none", locale))
            await say(interaction, "\n".join(lines), ephemeral=False)

    @leaderboard.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(self.host.locales.user(interaction), current)
